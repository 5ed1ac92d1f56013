//! The analysis of a game in play (not during an online game): every legal move's value, hints
//! with a time budget, and the evaluation graph.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::Query;
use axum::http::StatusCode;
use axum::Json;
use mancala_core::variant::{AnyGame, DynGame};
use mancala_core::Side;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::analysis::fair::recent_notations;
use crate::app::engine_permit;
use crate::app::App;
use crate::http::error::ApiError;
use crate::http::error::ApiResult;
use crate::http::extract::GameRoom;
use crate::round::room::{Live, Room};
use crate::store::Mode;

/// Default and bounds of a hint's thinking time.
const HINT_DEFAULT_MS: u64 = 500;
const HINT_MIN_MS: u64 = 20;

/// `GET /api/games/{id}/evaluations`: the value of the position after every ply so far, for
/// South, in seeds. Allowed where analysis is (not during an online game).
pub(crate) async fn evaluations(
    Query(_q): Query<crate::analysis::evals::EvaluationsQuery>,
    headers: axum::http::HeaderMap,
    GameRoom { app, room }: GameRoom,
) -> Result<Json<Value>, ApiError> {
    let game = {
        let live = room.lock();
        if in_play_online(&room, &live) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "analysis_not_allowed",
                "no evaluations while an online game is in play",
            ));
        }
        live.game.clone()
    };
    let positions = recent_notations(&game, game.moves().len());
    fair(
        &app,
        &room,
        &headers,
        &game,
        &positions,
        "GET /api/games/{id}/evaluations",
    )
    .await?;
    Ok(Json(
        crate::analysis::evals::values(&app.pool, &app.brain, &room.evaluations, game).await?,
    ))
}

/// Refuses the engine's help on `positions` of `game` (in `room`, a game that may itself be
/// analysed: a local one, say, set up from another game's position) to a player of a rated game
/// in progress that has one of them among its recent positions ([`crate::analysis::fair`]).
async fn fair(
    app: &Arc<App>,
    room: &Room,
    headers: &axum::http::HeaderMap,
    game: &AnyGame,
    positions: &[String],
    what: &str,
) -> ApiResult<()> {
    let caller = crate::accounts::api::current_player(app, headers).await?;
    crate::analysis::fair::check(
        app,
        caller.as_deref(),
        game.variant(),
        positions,
        what,
        Some(&room.meta.id),
    )
}

/// True while `room` holds an online game still in play: neither ended by its rules nor outside
/// them (agreement, resignation, time, abort), when the engine's help is not given.
fn in_play_online(room: &Room, live: &Live) -> bool {
    room.meta.mode == Mode::Online && !live.is_over() && live.game.state().outcome.is_none()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalysisQuery {
    #[serde(default)]
    ms: Option<u64>,
}

/// `GET /api/games/{id}/analysis?ms=500`: the value of every legal move (hints and the
/// evaluation bar). Allowed against the computer, in local games, and once a game is over.
pub(crate) async fn analysis(
    Query(q): Query<AnalysisQuery>,
    headers: axum::http::HeaderMap,
    GameRoom { app, room }: GameRoom,
) -> ApiResult<Json<Value>> {
    let (game, ply, to_move): (AnyGame, usize, Option<Side>) = {
        let live = room.lock();
        let state = live.game.state();
        if in_play_online(&room, &live) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "analysis_not_allowed",
                "no analysis while an online game is in play",
            ));
        }
        (live.game.clone(), live.game.moves().len(), state.to_move)
    };
    let here = [game.notation()];
    fair(
        &app,
        &room,
        &headers,
        &game,
        &here,
        "GET /api/games/{id}/analysis",
    )
    .await?;
    Ok(Json(analyse(&app, game, ply, to_move, q.ms).await?))
}

/// The engine's analysis of `game`'s position (`ply` moves played, `to_move` to move):
/// `{ply, over, to_move, best, score, depth, nodes, pv, moves}`, thinking `ms` (clamped to the
/// server's bounds) on one of the engine threads; when the search proves nothing, the prover
/// then runs for at most [`crate::Config::hint_proof_ms`] and may upgrade the estimate
/// ([`mancala_engine::prove_estimate`]).
pub(crate) async fn analyse(
    app: &Arc<App>,
    game: AnyGame,
    ply: usize,
    to_move: Option<Side>,
    ms: Option<u64>,
) -> ApiResult<Value> {
    let Some(to_move) = to_move else {
        return Ok(json!({ "ply": ply, "over": true, "best": null, "moves": [] }));
    };
    let ms = ms
        .unwrap_or(HINT_DEFAULT_MS)
        .clamp(HINT_MIN_MS, app.max_analysis_ms);
    let permit = engine_permit(app).await?;
    let brain = Arc::clone(&app.brain);
    let prove_for = app.hint_proof;
    let a = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut a = brain.analyse(&game, Duration::from_millis(ms), None)?;
        // A search that proved nothing: a short proof may still settle the position.
        let tables = mancala_engine::built_tables(&game, mancala_engine::LEVEL_TABLE_SEEDS);
        mancala_engine::prove_estimate(&game, &mut a, tables, prove_for);
        Some(a)
    })
    .await
    .ok()
    .flatten()
    .ok_or_else(|| {
        ApiError::new(
            StatusCode::CONFLICT,
            "no_analysis",
            "the engine cannot analyse this game",
        )
    })?;
    Ok(json!({
        "ply": ply,
        "over": false,
        "to_move": to_move.name(),
        "best": a.best,
        "score": a.score,
        "depth": a.depth,
        "nodes": a.nodes,
        "pv": a.pv,
        "moves": a.moves.iter().map(|(m, s)| json!({ "move": m, "score": s })).collect::<Vec<_>>(),
    }))
}
