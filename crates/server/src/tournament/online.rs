//! The games of online tournaments.
//!
//! When a round is paired (or an arena wave), each new pairing gets the id of its game in the
//! same guarded write ([`assign_games`]); the games are created after the write
//! ([`ensure_games`]), by the usual path of online games ([`crate::round::setup::open_game`]:
//! rated or casual, the tournament's preset, rules and Fischer clock, the paired accounts as its
//! players). A game whose id is recorded but which is not in the store (its instance died in
//! between) is created by the next [`sweep`], by whichever instance gets there first.
//!
//! When a game ends, [`crate::round::conclude`] tells this instance's tournament task
//! ([`follow_endings`]), which records its result in the tournament and, if it was the round's
//! last, pairs the next round; the [`sweep`] every instance runs now and then does the same for
//! games that ended elsewhere or before a restart, and pairs the arenas' waves. Every change is
//! one guarded write ([`crate::tournament::state::update`]): a round or a wave is paired once,
//! whichever instance does it.

use std::sync::Arc;
use std::time::Duration;

use mancala_core::variant::Variant;
use mancala_core::Side;

use crate::app::App;
use crate::http::error::{ApiError, ApiResult};
use crate::round::clock::{now_ms, TimeControl};
use crate::round::ending::GameResult as Outcome;
use crate::store::{GameMeta, Mode, Store};
use crate::tournament::model::{Event, Kind, Status};
use crate::tournament::state;
use crate::work::{blocking, random_hex, random_u64, ID_BYTES};

/// How often every instance looks over the running online tournaments.
pub const SWEEP_EVERY: Duration = Duration::from_millis(1000);

/// A game to create: its id and players `[south, north]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    /// The game's id.
    pub id: String,
    /// South's and North's accounts.
    pub players: [String; 2],
}

/// Gives a game id to each new pairing of an online tournament at `now_ms`: the pairings of a
/// Swiss's or round robin's last round that have neither a game nor a result (a forfeit); in a
/// running arena, the players free now, paired by a wave.
pub fn assign_games(e: &mut Event, now_ms: i64) -> ApiResult<()> {
    if !e.online() {
        return Ok(());
    }
    if e.kind == Kind::Arena {
        arena_wave(e, now_ms)?;
        return Ok(());
    }
    let Some(n) = e.pairing.rounds.len().checked_sub(1) else {
        return Ok(());
    };
    e.games.resize(n + 1, Vec::new());
    let boards = e.pairing.rounds[n].pairings.len();
    e.games[n].resize(boards, None);
    for b in 0..boards {
        if e.pairing.rounds[n].pairings[b].result.is_none() && e.games[n][b].is_none() {
            e.games[n][b] = Some(random_hex(ID_BYTES)?);
        }
    }
    Ok(())
}

/// Pairs the free players of a running arena at `now_ms` (the library's wave), each new game
/// with its id, or marks the arena finished when its time is up and its last game over;
/// answers whether anything changed.
fn arena_wave(e: &mut Event, now_ms: i64) -> ApiResult<bool> {
    if e.status != Status::Running {
        return Ok(false);
    }
    let elapsed = e.elapsed_ms(now_ms);
    let Some(arena) = e.arena.as_mut() else {
        return Ok(false);
    };
    if arena.finished(elapsed) {
        e.status = Status::Finished;
        return Ok(true);
    }
    let wave = arena.pair_wave(elapsed);
    for _ in &wave {
        e.arena_games.push(random_hex(ID_BYTES)?);
    }
    Ok(!wave.is_empty())
}

/// The games of `e` that are recorded and have no result yet: the ones that may not exist.
#[must_use]
pub fn open_games(e: &Event) -> Vec<Planned> {
    let mut out = Vec::new();
    if !e.online() {
        return out;
    }
    let names = |s: u32, n: u32| {
        let name = |x: u32| {
            e.pairing
                .player(x)
                .map(|p| p.name.clone())
                .unwrap_or_default()
        };
        [name(s), name(n)]
    };
    for (r, round) in e.pairing.rounds.iter().enumerate() {
        for (b, p) in round.pairings.iter().enumerate() {
            if p.result.is_some() {
                continue;
            }
            if let Some(Some(id)) = e.games.get(r).and_then(|g| g.get(b)) {
                out.push(Planned {
                    id: id.clone(),
                    players: names(p.south, p.north),
                });
            }
        }
    }
    if let Some(a) = &e.arena {
        for g in a.games.iter().filter(|g| g.result.is_none()) {
            let name = |x: u32| a.players[x as usize - 1].name.clone();
            if let Some(id) = e.arena_games.get(g.id as usize - 1) {
                out.push(Planned {
                    id: id.clone(),
                    players: [name(g.south), name(g.north)],
                });
            }
        }
    }
    out
}

/// Creates the games of `e` that are recorded but not in the store. A database write: call it
/// on the blocking pool.
pub fn ensure_games(app: &App, e: &Event) -> ApiResult<()> {
    for plan in open_games(e) {
        if app.hub.store().load(&plan.id)?.is_some() {
            continue;
        }
        // Another instance may create it at the same moment: one of the two inserts fails.
        if let Err(err) = create_game(app, e, &plan) {
            if app.hub.store().load(&plan.id)?.is_none() {
                return Err(err);
            }
        }
    }
    Ok(())
}

/// Creates game `plan` of tournament `e`.
fn create_game(app: &App, e: &Event, plan: &Planned) -> ApiResult<()> {
    let variant = Variant::from_name(&e.variant)
        .map_err(|err| ApiError::bad_request("unknown_variant", err.to_string()))?;
    let game = variant
        .new_game(&e.rules, None)
        .map_err(|err| ApiError::bad_request("bad_setup", err.to_string()))?;
    let now = now_ms();
    let meta = GameMeta {
        id: plan.id.clone(),
        variant: e.variant.clone(),
        rules: e.rules.clone(),
        position: None,
        mode: Mode::Online,
        computer: None,
        level: 1,
        seed: random_u64()?,
        token_hashes: [None, None],
        created: now / 1000,
        players: plan.players.clone().map(Some),
        rated: e.rated,
        clock: e.clock.map(|c| TimeControl::Fischer {
            initial_ms: c.initial_ms,
            increment_ms: c.increment_ms,
        }),
        started_ms: now,
    };
    crate::round::setup::open_game(app, meta, game)?;
    Ok(())
}

/// Whether the server's game `game` of tournament `e` is still being played: not over, and
/// either without a result in the tournament yet (it is created if it is not in the store) or
/// in the store.
pub fn game_running(store: &dyn Store, e: &Event, game: &str) -> ApiResult<bool> {
    if store.load_play(game)?.1.is_some() {
        return Ok(false);
    }
    let has_result = e
        .board_of(game)
        .and_then(|(r, b)| {
            e.pairing
                .rounds
                .get(r as usize - 1)?
                .pairings
                .get(b as usize - 1)
        })
        .is_some_and(|p| p.result.is_some());
    Ok(!has_result || store.load(game)?.is_some())
}

/// Ends on the server the games of `e` its director forfeited ([`Event::forfeited`]) and
/// records that they are over (the tournament may then finish, or pair its next round);
/// answers the tournament as it is then. A game that cannot be ended now stays listed (the
/// next sweep tries again).
pub async fn end_forfeited(app: &Arc<App>, e: Event) -> ApiResult<Event> {
    if e.forfeited.is_empty() {
        return Ok(e);
    }
    let mut over = Vec::new();
    for game in &e.forfeited {
        let winner = e.forfeit_of(game).unwrap_or(None);
        match crate::round::play::end_by_forfeit(app, game, winner).await {
            Ok(_) => over.push(game.clone()),
            Err(err) => {
                tracing::warn!(game = %game, error = %err.message, "tournaments: ending a forfeited game failed");
            }
        }
    }
    if over.is_empty() {
        return Ok(e);
    }
    let (app2, id) = (Arc::clone(app), e.id.clone());
    let done = blocking(move || {
        state::update(app2.hub.store(), &id, |e| {
            Ok(e.forfeits_ended(&over).then_some(()))
        })
    })
    .await?;
    Ok(done.map_or(e, |(e, ())| e))
}

/// South's score in an ended game (`None`: aborted).
fn south_score(result: Outcome) -> Option<f64> {
    result.score(Side::South)
}

/// Records in tournament `t` the result of its games that ended, and pairs what follows (the
/// next round of a Swiss or round robin whose round is complete; an arena's wave); then
/// creates the new games. A database write: call it on the blocking pool.
pub fn advance(app: &App, t: &str) -> ApiResult<()> {
    let store: &dyn Store = app.hub.store();
    let now = now_ms();
    let changed = state::update(store, t, |e| {
        if e.status != Status::Running || !e.online() {
            return Ok(None);
        }
        let mut changed = false;
        for plan in open_games(e) {
            if let Ok((_, Some(ending))) = store.load_play(&plan.id) {
                let plies = store
                    .load(&plan.id)
                    .ok()
                    .flatten()
                    .map_or(0, |(_, moves)| moves.len() as u32);
                changed |= e.game_ended(&plan.id, south_score(ending.result), plies, now);
            }
        }
        changed |= next(e, now)?;
        Ok(changed.then_some(()))
    });
    let e = match changed {
        Ok(Some((e, ()))) => e,
        Ok(None) => match state::load(store, t)? {
            Some((e, _)) => e,
            None => return Ok(()),
        },
        Err(err) => return Err(err),
    };
    ensure_games(app, &e)
}

/// What follows in `e` at `now_ms`: the next round of a complete one, the arena's wave or its
/// end; answers whether anything changed.
fn next(e: &mut Event, now_ms: i64) -> ApiResult<bool> {
    match e.kind {
        Kind::Arena => arena_wave(e, now_ms),
        Kind::Swiss | Kind::RoundRobin => {
            let complete = e.pairing.check_results().is_ok();
            if !complete || e.status == Status::Finished {
                return Ok(false);
            }
            // A round that cannot be paired (too few players left) waits for the director.
            if e.pair(now_ms).is_err() {
                return Ok(false);
            }
            assign_games(e, now_ms)?;
            Ok(true)
        }
    }
}

/// The tournaments of this instance's ended games, as [`crate::round::conclude`] tells them:
/// each is advanced at once (see [`advance`]).
pub async fn follow_endings(
    app: std::sync::Weak<App>,
    mut ended: tokio::sync::mpsc::UnboundedReceiver<String>,
) {
    while let Some(game) = ended.recv().await {
        let Some(app) = app.upgrade() else {
            return;
        };
        let done = tokio::task::spawn_blocking(move || {
            for e in live_or_warn(&app) {
                if open_games(&e).iter().any(|p| p.id == game) {
                    advance_or_warn(&app, &e.id);
                }
            }
        })
        .await;
        if let Err(e) = done {
            tracing::warn!(error = %e, "tournaments: recording an ended game's result failed");
        }
    }
}

/// Advances, now and then, every running online tournament (see [`advance`]), for as long as
/// `app` lives: results of games that ended on another instance or before a restart, arena
/// waves and ends, games recorded but not created.
pub async fn sweep(app: std::sync::Weak<App>) {
    crate::cluster::sweeps::on_every_tick(
        app,
        tokio::time::interval(SWEEP_EVERY),
        |app| async move {
            // A forfeit whose game was not ended yet (the instance stopped in between): the
            // tournament waits for it, running.
            let app2 = Arc::clone(&app);
            let live = tokio::task::spawn_blocking(move || live_or_warn(&app2)).await;
            for e in live.unwrap_or_default() {
                if e.status == Status::Running && !e.forfeited.is_empty() {
                    let _ = end_forfeited(&app, e).await;
                }
            }
            let done = tokio::task::spawn_blocking(move || {
                for e in live_or_warn(&app) {
                    if e.status == Status::Running && e.online() {
                        advance_or_warn(&app, &e.id);
                    }
                }
            })
            .await;
            if let Err(e) = done {
                tracing::warn!(error = %e, "tournaments: the sweep failed");
            }
        },
    )
    .await;
}

/// The tournaments not finished, or none (with a warning) when the store does not answer.
fn live_or_warn(app: &App) -> Vec<Event> {
    let store: &dyn Store = app.hub.store();
    state::live(store).unwrap_or_else(|e| {
        tracing::warn!(error = %e, "tournaments: reading the running tournaments failed");
        Vec::new()
    })
}

/// [`advance`], a failure logged as a warning (the next sweep tries again).
fn advance_or_warn(app: &App, t: &str) {
    if let Err(e) = advance(app, t) {
        tracing::warn!(tournament = t, error = %e.message, "tournaments: advancing failed");
    }
}
