//! Games in play: each [`Room`] holds a game, its set-up and a channel that pushes every change
//! to the players and spectators watching it ([`watch`]). The [`Hub`] finds rooms by id, loading
//! them from the store (by replaying their moves) on first use.

use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::extract::ws::Utf8Bytes;
use mancala_core::trace::SowStep;
use mancala_core::variant::{AnyGame, DynGame, Variant};
use mancala_core::Side;
use serde_json::{json, Value};
use tokio::sync::broadcast;

use crate::http::error::StoreError;
use crate::round::clock::{now_ms, Clock};
use crate::round::ending::{Ending, Offer, Rematch};
use crate::round::json::{option_json, state_map};
use crate::store::{GameMeta, Mode};

/// How many pushed updates a slow watcher may fall behind before it is sent a fresh state.
const CHANNEL_DEPTH: usize = 32;

/// The last move played, for front ends to mark it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The move as the rules core writes it.
    pub mv: String,
    /// Who played it.
    pub side: Side,
    /// Seeds it captured.
    pub captured: u32,
    /// What it did, step by step, for front ends to animate (see `mancala_core::trace`).
    pub steps: Vec<SowStep>,
}

/// The mutable part of a room.
pub struct Live {
    /// The game.
    pub game: AnyGame,
    /// Bumped on every change, so that a computer move chosen for an older state is dropped.
    pub version: u64,
    /// The computer is choosing a move.
    pub thinking: bool,
    /// The computer could not move, after [`crate::round::computer::COMPUTER_ATTEMPTS`] attempts (the
    /// engine found no move, or the move could not be stored): it is not asked again until the
    /// game changes.
    pub computer_failed: bool,
    /// Failed attempts of the computer to move since its last move (retried after a wait that
    /// doubles each time).
    pub computer_failures: u32,
    /// The last move.
    pub last: Option<LastMove>,
    /// How the game ended, once over (by the rules, on time, by resignation, agreement ...).
    pub ending: Option<Ending>,
    /// The clock of a timed game.
    pub clock: Option<Clock>,
    /// A draw or agreement offer standing.
    pub offer: Option<Offer>,
    /// Which sides have moved at least once (a game can be aborted until both have).
    pub moved: [bool; 2],
    /// A rematch offered by one side, or the rematch game once agreed.
    pub rematch: Option<Rematch>,
}

impl Live {
    /// True once the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// When the clock of the side to move runs out (server time, ms), if a clock runs.
    #[must_use]
    pub fn deadline(&self) -> Option<i64> {
        let to_move = self.game.state().to_move.filter(|_| !self.is_over());
        to_move.and_then(|s| self.clock.map(|c| c.deadline(s)))
    }

    /// The bookkeeping of a move played, the same whichever way it came in (a move posted here,
    /// another instance's notice, the computer's): `last`, already played on `self.game`, is the
    /// last move; its mover has moved; an offer by the other side falls (it stands until its
    /// receiver moves); the computer's failures are forgotten (the game changed, so the computer
    /// may be asked again); the version goes up.
    pub(crate) fn record_move(&mut self, last: LastMove) {
        let side = last.side;
        self.moved[side.index()] = true;
        if self.offer.is_some_and(|o| o.by != side) {
            self.offer = None;
        }
        self.forget_computer_failures();
        self.version += 1;
        self.last = Some(last);
    }

    /// The bookkeeping of moves taken back (already undone on `self.game`): no last move, the
    /// computer not thinking and its failures forgotten (the game changed), the version up.
    pub(crate) fn record_undo(&mut self) {
        self.thinking = false;
        self.forget_computer_failures();
        self.version += 1;
        self.last = None;
    }

    /// The computer may be asked again: the game changed since it failed.
    fn forget_computer_failures(&mut self) {
        self.computer_failed = false;
        self.computer_failures = 0;
    }
}

/// One game in play.
pub struct Room {
    /// The set-up.
    pub meta: GameMeta,
    live: Mutex<Live>,
    /// Taken by a move of this game for as long as it is checked, recorded and applied: one
    /// move at a time, without holding the lock of `live` while the store answers.
    pub(crate) turn: tokio::sync::Mutex<()>,
    tx: broadcast::Sender<Utf8Bytes>,
    /// WebSocket watchers connected now (see [`crate::http::limit::Connections`]).
    pub watchers: Arc<AtomicUsize>,
    /// The values of the evaluation graph computed so far.
    pub(crate) evaluations: crate::analysis::evals::Evaluations,
}

impl Room {
    /// A room for a game (already replayed to its current state).
    pub fn new(meta: GameMeta, game: AnyGame) -> Self {
        let (tx, _) = broadcast::channel(CHANNEL_DEPTH);
        let clock = meta.clock.map(|c| Clock::new(c, meta.started_ms));
        let ending = game
            .state()
            .outcome
            .map(|o| Ending::by_rules(o, meta.started_ms));
        Room {
            meta,
            live: Mutex::new(Live {
                clock,
                ending,
                game,
                version: 0,
                thinking: false,
                computer_failed: false,
                computer_failures: 0,
                last: None,
                offer: None,
                moved: [false; 2],
                rematch: None,
            }),
            turn: tokio::sync::Mutex::new(()),
            tx,
            watchers: Arc::new(AtomicUsize::new(0)),
            evaluations: crate::analysis::evals::Evaluations::new(),
        }
    }

    /// Locks the live state. A poisoned lock is recovered: every update leaves `Live` whole.
    pub fn lock(&self) -> MutexGuard<'_, Live> {
        self.live.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Subscribes to updates (JSON texts).
    pub fn subscribe(&self) -> broadcast::Receiver<Utf8Bytes> {
        self.tx.subscribe()
    }

    /// Pushes an update to every watcher (nobody watching is fine).
    pub fn publish(&self, event: &str, live: &Live) {
        self.publish_view(event, &self.view(live));
    }

    /// Pushes `view` (the [`Room::view`] of the state now) to every watcher.
    pub fn publish_view(&self, event: &str, view: &Value) {
        if self.tx.receiver_count() == 0 {
            return;
        }
        let msg = json!({ "type": "update", "event": event, "game": view });
        // Watchers share the one text.
        let _ = self.tx.send(Utf8Bytes::from(msg.to_string()));
    }

    /// The side the computer plays, if any.
    pub fn computer_side(&self) -> Option<Side> {
        self.meta.computer.map(Side::from_index)
    }

    /// The game as the API shows it: the trace schema's state plus the set-up and the moves.
    pub fn view(&self, live: &Live) -> Value {
        let state = live.game.state();
        let mut m = state_map(&state);
        let meta = &self.meta;
        let seat = |s: Side| -> &str {
            if self.computer_side() == Some(s) {
                "computer"
            } else {
                "human"
            }
        };
        m.insert("id".into(), json!(meta.id));
        m.insert("variant".into(), json!(meta.variant));
        m.insert("mode".into(), json!(meta.mode.name()));
        m.insert(
            "seats".into(),
            json!({ "south": seat(Side::South), "north": seat(Side::North) }),
        );
        m.insert(
            "level".into(),
            if meta.mode == Mode::Computer {
                json!(meta.level)
            } else {
                Value::Null
            },
        );
        m.insert(
            "options".into(),
            Value::Array(live.game.options().iter().map(option_json).collect()),
        );
        m.insert(
            "rules".into(),
            Value::Object(
                meta.rules
                    .iter()
                    .map(|(k, v)| (k.clone(), json!(v)))
                    .collect(),
            ),
        );
        m.insert("start".into(), json!(meta.position));
        let moves = live.game.moves();
        m.insert("ply".into(), json!(moves.len()));
        m.insert("moves".into(), json!(moves));
        m.insert("pits_per_row".into(), json!(live.game.pits_per_row()));
        m.insert(
            "last_move".into(),
            live.last.as_ref().map_or(Value::Null, |l| {
                json!({
                    "move": l.mv,
                    "side": l.side.name(),
                    "captured": l.captured,
                    "steps": l.steps,
                })
            }),
        );
        m.insert("thinking".into(), json!(live.thinking));
        m.insert(
            "players".into(),
            json!({ "south": meta.players[0], "north": meta.players[1] }),
        );
        m.insert("rated".into(), json!(meta.rated));
        let running = if live.is_over() { None } else { state.to_move };
        m.insert(
            "clock".into(),
            live.clock
                .map_or(Value::Null, |c| c.to_json(running, now_ms())),
        );
        m.insert(
            "offer".into(),
            live.offer.map_or(
                Value::Null,
                |o| json!({ "kind": o.kind.name(), "by": o.by.name() }),
            ),
        );
        m.insert(
            "rematch".into(),
            match &live.rematch {
                None => Value::Null,
                Some(Rematch::Offered(by)) => json!({ "offered_by": by.name() }),
                Some(Rematch::Game(id)) => json!({ "game": id }),
            },
        );
        m.insert(
            "can_abort".into(),
            json!(!(live.is_over() || live.moved[0] && live.moved[1])),
        );
        if let Some(e) = &live.ending {
            m.insert("over".into(), json!(true));
            m.insert("result".into(), json!(e.result.name()));
            m.insert("reason".into(), json!(e.reason));
            m.insert("to_move".into(), Value::Null);
            m.insert("legal".into(), json!([]));
            m.insert("ended_ms".into(), json!(e.at_ms));
            if e.reason == "agreement" {
                let row = live.game.pits_per_row();
                let own = |r: std::ops::Range<usize>| -> u32 { state.pits[r].iter().sum() };
                m.insert(
                    "agreement_scores".into(),
                    json!([
                        state.stores[0] + own(0..row),
                        state.stores[1] + own(row..state.pits.len())
                    ]),
                );
            }
        }
        if live.computer_failed {
            m.insert(
                "computer_error".into(),
                json!("the engine cannot play this game"),
            );
        }
        Value::Object(m)
    }
}

/// Builds a game from its set-up and replays `moves`.
pub fn replay(
    meta: &GameMeta,
    moves: &[String],
) -> Result<(AnyGame, Option<LastMove>), StoreError> {
    replay_with_movers(meta, moves).map(|(g, last, _)| (g, last))
}

/// A replayed game, its last move and which sides moved at least once.
pub type Replayed = (AnyGame, Option<LastMove>, [bool; 2]);

/// [`replay`], also telling which sides moved at least once.
pub fn replay_with_movers(meta: &GameMeta, moves: &[String]) -> Result<Replayed, StoreError> {
    let variant = Variant::from_name(&meta.variant)
        .map_err(|e| StoreError::Corrupt(format!("game {}: {e}", meta.id)))?;
    let mut game = variant
        .new_game(&meta.rules, meta.position.as_deref())
        .map_err(|e| StoreError::Corrupt(format!("game {}: {e}", meta.id)))?;
    let mut last = None;
    let mut moved = [false; 2];
    for (k, mv) in moves.iter().enumerate() {
        let side = game.state().to_move;
        if let Some(s) = side {
            moved[s.index()] = true;
        }
        // Only the last move is shown: its steps are worked out before it is played.
        let steps = if k + 1 == moves.len() {
            game.sowing(mv).unwrap_or_default()
        } else {
            Vec::new()
        };
        let captured = game
            .play(mv)
            .map_err(|e| StoreError::Corrupt(format!("game {}: {e}", meta.id)))?;
        last = side.map(|side| LastMove {
            mv: mv.clone(),
            side,
            captured,
            steps,
        });
    }
    Ok((game, last, moved))
}

/// Puts the state read back from the store into `live`: the last move, who moved, the clock
/// after the last move and the ending.
pub(crate) fn restore(
    live: &mut Live,
    last: Option<LastMove>,
    moved: [bool; 2],
    stamp: Option<crate::store::MoveStamp>,
    ending: Option<crate::round::ending::Ending>,
) {
    live.last = last;
    live.moved = moved;
    if let (Some(clock), Some(stamp)) = (live.clock.as_mut(), stamp) {
        clock.left_ms = stamp.left_ms;
        clock.since_ms = stamp.at_ms;
    }
    if let Some(e) = ending {
        // A flag that fell shows no time left (the stamps are of the last move).
        if let (Some(clock), "time", crate::round::ending::GameResult::Winner(w)) =
            (live.clock.as_mut(), e.reason.as_str(), e.result)
        {
            clock.left_ms[w.opponent().index()] = 0;
        }
        live.ending = Some(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::round::ending::OfferKind;

    fn room() -> Room {
        let meta = GameMeta::plain("0".repeat(20), Mode::Online);
        let game = Variant::from_name("oware")
            .unwrap()
            .new_game(&[], None)
            .unwrap();
        Room::new(meta, game)
    }

    /// A game the computer failed in, with a draw offered by `offer_by`.
    fn failed_with_offer(live: &mut Live, offer_by: Side) {
        live.computer_failed = true;
        live.computer_failures = 3;
        live.thinking = true;
        live.offer = Some(Offer {
            kind: OfferKind::Draw,
            by: offer_by,
        });
    }

    fn play(live: &mut Live, mv: &str) -> LastMove {
        let side = live.game.state().to_move.unwrap();
        let captured = live.game.play(mv).unwrap();
        LastMove {
            mv: mv.to_string(),
            side,
            captured,
            steps: Vec::new(),
        }
    }

    #[test]
    fn a_move_is_recorded_the_same_whichever_way_it_came() {
        // A move posted here, another instance's notice and the computer's move all end in
        // `record_move`: the same bookkeeping.
        let room = room();
        let mut live = room.lock();
        failed_with_offer(&mut live, Side::North);
        let before = live.version;
        let last = play(&mut live, "C");
        live.record_move(last.clone());
        assert_eq!(live.version, before + 1);
        assert_eq!(live.last, Some(last));
        assert_eq!(live.moved, [true, false]);
        // South moved: North's offer falls; the computer may be asked again.
        assert_eq!(live.offer, None);
        assert!(!live.computer_failed);
        assert_eq!(live.computer_failures, 0);
        // An offer by the mover stands.
        failed_with_offer(&mut live, Side::South);
        let last = play(&mut live, "a");
        live.record_move(last);
        assert_eq!(live.version, before + 2);
        assert_eq!(live.moved, [true, true]);
        assert!(live.offer.is_none(), "North moved: South's offer falls");
        failed_with_offer(&mut live, Side::South);
        let last = play(&mut live, "D");
        live.record_move(last);
        assert_eq!(live.offer.map(|o| o.by), Some(Side::South));
    }

    #[test]
    fn an_undo_forgets_the_computers_failure() {
        let room = room();
        let mut live = room.lock();
        let last = play(&mut live, "C");
        live.record_move(last);
        failed_with_offer(&mut live, Side::South);
        let before = live.version;
        live.game.undo();
        live.record_undo();
        assert_eq!(live.version, before + 1);
        assert_eq!(live.last, None);
        assert!(!live.thinking);
        assert!(!live.computer_failed);
        assert_eq!(live.computer_failures, 0);
    }
}
