//! Games in play: each [`Room`] holds a game, its set-up and a channel that pushes every change
//! to the players and spectators watching it. The [`Hub`] finds rooms by id, loading them from
//! the store (by replaying their moves) on first use.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use mancala_core::trace::SowStep;
use mancala_core::variant::{DynGame, Variant};
use mancala_core::Side;
use serde_json::{json, Value};
use tokio::sync::broadcast;

use crate::error::StoreError;
use crate::json::{option_json, state_map, step_json};
use crate::store::{GameMeta, Mode, Store};

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
    pub game: Box<dyn DynGame>,
    /// Bumped on every change, so that a computer move chosen for an older state is dropped.
    pub version: u64,
    /// The computer is choosing a move.
    pub thinking: bool,
    /// The engine could not choose a move (a game type it does not know yet).
    pub computer_failed: bool,
    /// The last move.
    pub last: Option<LastMove>,
}

/// One game in play.
pub struct Room {
    /// The set-up.
    pub meta: GameMeta,
    live: Mutex<Live>,
    tx: broadcast::Sender<Arc<str>>,
}

impl Room {
    /// A room for a game (already replayed to its current state).
    pub fn new(meta: GameMeta, game: Box<dyn DynGame>) -> Self {
        let (tx, _) = broadcast::channel(CHANNEL_DEPTH);
        Room {
            meta,
            live: Mutex::new(Live {
                game,
                version: 0,
                thinking: false,
                computer_failed: false,
                last: None,
            }),
            tx,
        }
    }

    /// Locks the live state. A poisoned lock is recovered: every update leaves `Live` whole.
    pub fn lock(&self) -> MutexGuard<'_, Live> {
        self.live.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Subscribes to updates (JSON texts).
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }

    /// Pushes an update to every watcher (nobody watching is fine).
    pub fn publish(&self, event: &str, live: &Live) {
        let msg = json!({ "type": "update", "event": event, "game": self.view(live) });
        let _ = self.tx.send(Arc::from(msg.to_string()));
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
                    "steps": l.steps.iter().map(step_json).collect::<Vec<_>>(),
                })
            }),
        );
        m.insert("thinking".into(), json!(live.thinking));
        if live.computer_failed {
            m.insert(
                "computer_error".into(),
                json!("the engine cannot play this game"),
            );
        }
        Value::Object(m)
    }
}

/// Every room, by id; rooms are loaded from the store on first use.
pub struct Hub {
    store: Arc<dyn Store>,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
}

/// Builds a game from its set-up and replays `moves`.
pub fn replay(
    meta: &GameMeta,
    moves: &[String],
) -> Result<(Box<dyn DynGame>, Option<LastMove>), StoreError> {
    let variant = Variant::from_name(&meta.variant)
        .map_err(|e| StoreError::Corrupt(format!("game {}: {e}", meta.id)))?;
    let mut game = variant
        .new_game(&meta.rules, meta.position.as_deref())
        .map_err(|e| StoreError::Corrupt(format!("game {}: {e}", meta.id)))?;
    let mut last = None;
    for (k, mv) in moves.iter().enumerate() {
        let side = game.state().to_move;
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
    Ok((game, last))
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Arc<dyn Store>) -> Self {
        Hub {
            store,
            rooms: Mutex::new(HashMap::new()),
        }
    }

    /// The store.
    pub fn store(&self) -> &dyn Store {
        self.store.as_ref()
    }

    fn rooms(&self) -> MutexGuard<'_, HashMap<String, Arc<Room>>> {
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records a new game and opens its room.
    pub fn create(&self, meta: GameMeta, game: Box<dyn DynGame>) -> Result<Arc<Room>, StoreError> {
        self.store.create(&meta)?;
        let room = Arc::new(Room::new(meta, game));
        self.rooms().insert(room.meta.id.clone(), Arc::clone(&room));
        Ok(room)
    }

    /// The room of game `id`, loaded from the store if needed. The second value is true when the
    /// room was just loaded (so that the caller can resume the computer's turn).
    pub fn get(&self, id: &str) -> Result<Option<(Arc<Room>, bool)>, StoreError> {
        if let Some(room) = self.rooms().get(id) {
            return Ok(Some((Arc::clone(room), false)));
        }
        let Some((meta, moves)) = self.store.load(id)? else {
            return Ok(None);
        };
        let (game, last) = replay(&meta, &moves)?;
        let room = Arc::new(Room::new(meta, game));
        room.lock().last = last;
        let mut rooms = self.rooms();
        // Another request may have loaded it meanwhile: keep the first.
        if let Some(existing) = rooms.get(id) {
            return Ok(Some((Arc::clone(existing), false)));
        }
        rooms.insert(id.to_string(), Arc::clone(&room));
        Ok(Some((room, true)))
    }

    /// Number of rooms in memory.
    pub fn len(&self) -> usize {
        self.rooms().len()
    }

    /// True when no room is in memory.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
