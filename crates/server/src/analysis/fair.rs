//! Fair play: no engine help on a rated game in progress for the players of that game.
//!
//! The analysis endpoints (`POST /api/analysis`, `POST /api/analysis/prove`, and a game's
//! evaluations and analysis, `GET /api/games/{id}/evaluations` and `/analysis`) look at every
//! position their request reaches: a line's start and the position after each of its moves, a
//! game's positions. When one of them is the current position of a rated online game in
//! progress, or one of its last [`RECENT_PLIES`] positions (same preset, same board, stores and
//! side to move), the request is refused with 403 `fair_play` if the caller (by session) plays
//! that game; anyone else's request is answered and logged as a warning (target
//! `mancala_server::fair_play`, with the game and the caller's name if signed in), for a
//! moderator to look at.
//!
//! What is not detected (docs/online.md says so too): positions further back than
//! [`RECENT_PLIES`], positions the line does not pass through (a player who asks about a
//! position a few moves ahead that he sets up by hand), games held in memory by another
//! instance only (several instances on one PostgreSQL), a player asking while signed out or as
//! another account (only logged), and engines running outside the server.

use std::sync::Arc;

use axum::http::StatusCode;
use mancala_core::variant::{AnyGame, DynGame, Variant};

use crate::app::App;
use crate::http::error::ApiError;
use crate::store::Mode;

/// How many positions before the current one of a rated game in progress are protected too.
pub const RECENT_PLIES: usize = 6;

/// A rated game in progress one of whose recent positions a request reaches.
struct Seen {
    /// The game's id.
    game: Arc<str>,
    /// Whether the caller plays it.
    plays: bool,
}

/// The notations of `game`'s current position and of its last `back` positions before it.
pub(crate) fn recent_notations(game: &AnyGame, back: usize) -> Vec<String> {
    let mut at = game.clone();
    let mut out = vec![at.notation()];
    for _ in 0..back {
        if !at.undo() {
            break;
        }
        out.push(at.notation());
    }
    out
}

/// The first rated online game in progress held in memory (other than `except`) of preset
/// `variant` whose current or recent positions include one of `positions`.
fn find(
    app: &App,
    variant: Variant,
    positions: &[String],
    caller: Option<&str>,
    except: Option<&str>,
) -> Option<Seen> {
    let mut seen: Option<Seen> = None;
    for id in app.hub.ids() {
        if except == Some(&*id) {
            continue;
        }
        let Some(room) = app.hub.peek(&id) else {
            continue;
        };
        let meta = &room.meta;
        if !meta.rated || meta.mode != Mode::Online || meta.variant != variant.name() {
            continue;
        }
        let game = {
            let live = room.lock();
            if live.is_over() || live.game.state().outcome.is_some() {
                continue;
            }
            live.game.clone()
        };
        let recent = recent_notations(&game, RECENT_PLIES);
        if !positions.iter().any(|p| recent.contains(p)) {
            continue;
        }
        let plays = caller.is_some_and(|c| meta.players.iter().flatten().any(|p| p == c));
        if plays {
            return Some(Seen { game: id, plays });
        }
        seen.get_or_insert(Seen { game: id, plays });
    }
    seen
}

/// Refuses (403 `fair_play`) an analysis by `caller` of `positions` (notations of preset
/// `variant`) when one of them is a current or recent position of a rated game in progress
/// that `caller` plays; logs the request when it is another's. `what` names the endpoint in
/// the log; `except` is a game whose own positions these are (its own rules apply).
pub(crate) fn check(
    app: &App,
    caller: Option<&str>,
    variant: Variant,
    positions: &[String],
    what: &str,
    except: Option<&str>,
) -> Result<(), ApiError> {
    let Some(seen) = find(app, variant, positions, caller, except) else {
        return Ok(());
    };
    if seen.plays {
        tracing::info!(
            target: "mancala_server::fair_play",
            game = %seen.game,
            player = caller.unwrap_or("-"),
            request = what,
            "analysis refused: a position of the caller's rated game in progress"
        );
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "fair_play",
            format!(
                "this is the position, or one of the last {RECENT_PLIES}, of your rated game {} \
                 in progress: no engine analysis of it until the game is over",
                seen.game
            ),
        )
        .with(serde_json::json!({ "game": &*seen.game })));
    }
    tracing::warn!(
        target: "mancala_server::fair_play",
        game = %seen.game,
        caller = caller.unwrap_or("-"),
        request = what,
        "analysis of a position of a rated game in progress by someone who does not play it"
    );
    Ok(())
}
