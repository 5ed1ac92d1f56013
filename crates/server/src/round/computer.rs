//! The computer's moves: scheduled when it is to move (with a lease when instances share the
//! store), chosen on the engine pool, retried, and played unless the game changed meanwhile.

use std::sync::Arc;
use std::time::Duration;

use mancala_core::variant::DynGame;
use mancala_core::Side;

use crate::app::App;
use crate::round::conclude::conclude;
use crate::round::ending::Ending;
use crate::round::room::{LastMove, Live, Room};

/// If the computer is to move in `room` and not already thinking, starts choosing its move on the
/// engine pool; the move is played when found unless the game changed meanwhile.
///
/// When other instances share the store, only the holder of the game's lease plays for the
/// computer: this instance takes the lease first (free, lapsed or its own). When another
/// instance holds it, that one plays; this one looks again once a lease would have lapsed,
/// and takes over if the game has not moved on meanwhile (the holder died, or gave the game
/// up). While the holder keeps it without moving (its computer failed), the looks grow apart:
/// the wait doubles each time, up to [`COMPUTER_POLL_CAP`]. (A holder that dies is replaced
/// sooner: every instance looks for lapsed leases each second.)
pub(crate) fn schedule_computer(app: &Arc<App>, room: &Arc<Room>) {
    schedule_computer_after(app, room, 0);
}

/// The longest wait between two looks at a game whose computer another instance holds.
pub const COMPUTER_POLL_CAP: Duration = Duration::from_secs(30);

/// [`schedule_computer`] after `looks` looks found the game held by another instance and not
/// moved on.
fn schedule_computer_after(app: &Arc<App>, room: &Arc<Room>, looks: u32) {
    if !computer_due(room) {
        return;
    }
    if !app.hub.store().shared() {
        think(app, room);
        return;
    }
    let (app, room) = (Arc::clone(app), Arc::clone(room));
    tokio::spawn(async move {
        let (app2, room2) = (Arc::clone(&app), Arc::clone(&room));
        let held =
            tokio::task::spawn_blocking(move || app2.hub.store().hold_lease(&room2.meta.id)).await;
        if matches!(held, Ok(Ok(true))) {
            think(&app, &room);
            return;
        }
        let version = room.lock().version;
        let wait = crate::store::LEASE_TTL
            .saturating_mul(1 << looks.min(16))
            .min(COMPUTER_POLL_CAP);
        tokio::time::sleep(wait).await;
        let (app2, room2) = (Arc::clone(&app), Arc::clone(&room));
        let unchanged = tokio::task::spawn_blocking(move || {
            if let Err(e) = app2.hub.refresh(&room2) {
                tracing::warn!(game = %room2.meta.id, error = %e, "computer: reading the game back failed");
            }
            room2.lock().version == version
        })
        .await
        .unwrap_or(false);
        if unchanged {
            schedule_computer_after(&app, &room, looks + 1);
        }
    });
}

/// [`schedule_computer`] when this instance holds the game's lease already (taken with the move
/// just recorded, see [`crate::store::MoveRecord::lease`]): the computer thinks at once.
pub(crate) fn schedule_computer_leased(app: &Arc<App>, room: &Arc<Room>) {
    if computer_due(room) {
        think(app, room);
    }
}

/// Whether the computer is to move in `room` and nothing stops it from thinking.
fn computer_due(room: &Room) -> bool {
    let Some(computer) = room.computer_side() else {
        return false;
    };
    let live = room.lock();
    !live.thinking
        && !live.computer_failed
        && !live.is_over()
        && live.game.state().to_move == Some(computer)
}

/// [`schedule_computer`] once the lease is this instance's.
fn think(app: &Arc<App>, room: &Arc<Room>) {
    let Some(computer) = room.computer_side() else {
        return;
    };
    let (game, version, ply) = {
        let mut live = room.lock();
        if live.thinking || live.computer_failed || live.game.state().to_move != Some(computer) {
            return;
        }
        live.thinking = true;
        room.publish("thinking", &live);
        (live.game.clone(), live.version, live.game.moves().len())
    };
    let app = Arc::clone(app);
    let room = Arc::clone(room);
    tokio::spawn(async move {
        let level = room.meta.level;
        let seed = room.meta.seed ^ (ply as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let chosen = match Arc::clone(&app.pool).acquire_owned().await {
            Ok(permit) => {
                let brain = Arc::clone(&app.brain);
                tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    brain.choose(&game, level, seed)
                })
                .await
                .ok()
                .flatten()
            }
            Err(_) => None,
        };
        let again = apply_computer_move(&app, &room, computer, chosen, version, ply).await;
        if again {
            schedule_computer(&app, &room);
        }
    });
}

/// How many times the computer tries to move (the engine finding no move, or the move not being
/// stored) before its game is marked as failed ([`crate::round::room::Live::computer_failed`]).
pub const COMPUTER_ATTEMPTS: u32 = 4;
/// The wait before the computer's second attempt; doubled before each next one, up to
/// [`COMPUTER_RETRY_CAP`].
pub const COMPUTER_RETRY_FIRST: Duration = Duration::from_millis(250);
/// The longest wait between two attempts of the computer.
pub const COMPUTER_RETRY_CAP: Duration = Duration::from_secs(4);

/// The wait before the computer's attempt after `failures` failed ones.
fn computer_retry_wait(failures: u32) -> Duration {
    COMPUTER_RETRY_FIRST
        .saturating_mul(1 << failures.saturating_sub(1).min(16))
        .min(COMPUTER_RETRY_CAP)
}

/// The computer failed to move in `room` (held locked in `live`): tries again after a wait, or,
/// after [`COMPUTER_ATTEMPTS`] attempts, marks the game (its view says so) and counts it in
/// `GET /api/health` (`computer_failures`).
fn computer_failed(app: &Arc<App>, room: &Arc<Room>, live: &mut Live) {
    live.computer_failures += 1;
    if live.computer_failures < COMPUTER_ATTEMPTS {
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            let wait = computer_retry_wait(live.computer_failures);
            let (app, room) = (Arc::clone(app), Arc::clone(room));
            rt.spawn(async move {
                tokio::time::sleep(wait).await;
                schedule_computer(&app, &room);
            });
            return;
        }
    }
    live.computer_failed = true;
    app.computer_failures
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    room.publish("computer_failed", live);
}

/// Plays the computer's chosen move unless the game changed meanwhile; true when the computer
/// should be asked again (the game changed, or it has another turn). As a person's move, it is
/// checked and played on a copy of the game, recorded (the room's lock is not held meanwhile;
/// its turn is), then applied.
async fn apply_computer_move(
    app: &Arc<App>,
    room: &Arc<Room>,
    computer: Side,
    chosen: Option<String>,
    version: u64,
    ply: usize,
) -> bool {
    let _turn = room.turn.lock().await;
    let (game, last) = {
        let mut live = room.lock();
        if live.version != version {
            // The game changed while thinking (undo): think again about the new state.
            live.thinking = false;
            return true;
        }
        let played = chosen.and_then(|mv| {
            let steps = live.game.sowing(&mv).unwrap_or_default();
            let mut game = live.game.clone();
            let captured = game.play(&mv).ok()?;
            let mv = game.moves().last().cloned().unwrap_or(mv);
            Some((
                game,
                LastMove {
                    mv,
                    side: computer,
                    captured,
                    steps,
                },
            ))
        });
        let Some(played) = played else {
            live.thinking = false;
            computer_failed(app, room, &mut live);
            return false;
        };
        played
    };
    let record = crate::store::MoveRecord {
        game: room.meta.id.clone(),
        ply,
        mv: last.mv.clone(),
        stamp: None,
        lease: false,
    };
    let stored = app.hub.shared_store().record_move(record).await;
    let outcome = {
        let mut live = room.lock();
        live.thinking = false;
        if let Err(e) = stored {
            if let crate::http::error::StoreError::Conflict(_) = e {
                // Another instance played it first: read the game back.
                app.computer_conflicts
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                refresh_later(app, &room.meta.id);
                return false;
            }
            computer_failed(app, room, &mut live);
            return false;
        }
        if live.version != version {
            // Changed while the move was recorded (it is stored): read the game back.
            refresh_later(app, &room.meta.id);
            return false;
        }
        let outcome = game.state().outcome;
        live.game = game;
        live.record_move(last);
        if outcome.is_none() {
            room.publish("move", &live);
        }
        outcome.map(|o| (o, live.version))
    };
    if let Some((o, version)) = outcome {
        // Storing the ending (and ratings) blocks: off the async threads.
        let (app, room) = (Arc::clone(app), Arc::clone(room));
        let _ = tokio::task::spawn_blocking(move || {
            let mut live = room.lock();
            if live.version != version || live.is_over() {
                return;
            }
            let ending = Ending::by_rules(o, crate::round::clock::now_ms());
            if conclude(&app, &room, &mut live, ending).is_err() {
                room.publish("move", &live);
            }
        })
        .await;
    }
    // After an extra turn the computer may be to move again.
    true
}

/// Reads game `id` back from the store if it is in memory (another instance changed it), tells
/// its watchers, and arms its clock; when the computer is to move, plays for it if this
/// instance holds (or can take) the game's lease (see [`schedule_computer`]).
pub(crate) fn refresh_game(app: &Arc<App>, id: &str) {
    // A game between people that nobody here watches or plays at the moment (say, one the lobby
    // started here and that is played through another instance) is dropped rather than read
    // back: no read per move of another instance. (Its clock's flag is still watched: the timer
    // armed here loads the game when it fires, and every instance sweeps the stored deadlines.)
    // A game against the computer is kept and read back, so that this instance can take over
    // the computer's move if the one playing it dies.
    if app
        .hub
        .drop_unused(id, |room| room.meta.mode != crate::store::Mode::Computer)
    {
        return;
    }
    let Some(room) = app.hub.peek(id) else {
        return;
    };
    let had_offer = room.lock().offer.is_some();
    match app.hub.refresh(&room) {
        Ok(true) => {}
        Ok(false) => return,
        Err(e) => {
            tracing::warn!(
                game = %id,
                error = %e,
                "following another instance: reading the game back failed"
            );
            return;
        }
    }
    if had_offer {
        // Reading the game back dropped the offer: it stands unless its receiver moved.
        crate::round::offers::offer_changed_elsewhere(app, id);
    }
    let deadline = room.lock().deadline();
    follow_up(app, id, &room, deadline);
}

/// After a change made elsewhere: arms game `id`'s flag-fall timer for `deadline` (or disarms
/// it) and lets the computer answer if it is to move.
pub(crate) fn follow_up(app: &Arc<App>, id: &str, room: &Arc<Room>, deadline: Option<i64>) {
    match deadline {
        Some(d) => app.timers.arm(id, d),
        None => app.timers.disarm(id),
    }
    schedule_computer(app, room);
}

/// Reads back, after this instance lost a race for it, game `id` from the store (off the
/// caller's thread: the caller may hold the room's lock).
pub(crate) fn refresh_later(app: &Arc<App>, id: &str) {
    let (app, id) = (Arc::clone(app), id.to_string());
    if let Ok(rt) = tokio::runtime::Handle::try_current() {
        rt.spawn_blocking(move || refresh_game(&app, &id));
    }
}
