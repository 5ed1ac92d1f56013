//! The analysis board's endpoints: positions and lines that belong to no stored game. A line is
//! a preset, its rule options, a start position (the preset's own when left out) and moves; the
//! rules core checks every part of it, so the position editor and the variations of the
//! analysis board are validated exactly as a game would be.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use mancala_core::variant::{AnyGame, DynGame, DynPlayError, Variant};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::api::{analyse, check_position, check_word, parse_rules};
use crate::error::ApiError;
use crate::json::{option_json, state_map};
use crate::service::parse_body;
use crate::App;

/// Most moves in one line (a long Ba-awa match stays well below).
const MAX_LINE: usize = 2000;

type ApiResult<T> = Result<T, ApiError>;

/// A line: where it starts and the moves played from there.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LineRequest {
    variant: String,
    #[serde(default)]
    rules: Option<serde_json::Map<String, Value>>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    /// Thinking time of an analysis, in milliseconds (`POST /api/analysis` only).
    #[serde(default)]
    ms: Option<u64>,
}

/// A line set up and played through: the game before the last move, the last move's steps,
/// and the game after every move.
struct Line {
    game: AnyGame,
    /// The state after each move, the start first.
    states: Vec<Value>,
    /// The last move with its side, captured seeds and sowing steps.
    last: Option<Value>,
}

/// Sets up the line, refusing the first thing that is wrong with a 4xx saying what and where.
fn play_line(req: &LineRequest) -> ApiResult<Line> {
    check_word("variant", &req.variant)?;
    let variant = Variant::from_name(&req.variant)
        .map_err(|e| ApiError::bad_request("unknown_variant", e.to_string()))?;
    let rules = parse_rules(req.rules.as_ref())?;
    check_position(req.position.as_deref())?;
    if req.moves.len() > MAX_LINE {
        return Err(ApiError::bad_request(
            "bad_moves",
            format!("at most {MAX_LINE} moves in a line"),
        ));
    }
    let mut game = variant
        .new_game(&rules, req.position.as_deref())
        .map_err(|e| ApiError::bad_request("bad_setup", e.to_string()))?;
    let mut states = vec![Value::Object(state_map(&game.state()))];
    let mut last = None;
    for (i, mv) in req.moves.iter().enumerate() {
        let ply = i + 1;
        if mv.is_empty() || mv.len() > 256 || mv.chars().any(char::is_control) {
            return Err(ApiError::bad_request(
                "bad_move",
                format!("move {ply}: a move is a short line of printable text"),
            )
            .with(json!({ "ply": ply })));
        }
        let state = game.state();
        let Some(side) = state.to_move else {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "game_over",
                format!("move {ply} ({mv}): the game is already over"),
            )
            .with(json!({ "ply": ply })));
        };
        // Only the last move's steps are answered (for its animation): the sowing is worked out
        // for it alone.
        let steps = if ply == req.moves.len() {
            game.sowing(mv).unwrap_or_default()
        } else {
            Vec::new()
        };
        let captured = game.play(mv).map_err(|e| match e {
            DynPlayError::Parse(p) => ApiError::bad_request("bad_move", format!("move {ply}: {p}"))
                .with(json!({ "ply": ply, "legal": state.legal })),
            DynPlayError::Illegal { mv, reason } => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal_move",
                format!("move {ply}: illegal move {mv}: {reason}"),
            )
            .with(json!({ "ply": ply, "reason": reason.to_string(), "legal": state.legal })),
        })?;
        states.push(Value::Object(state_map(&game.state())));
        if ply == req.moves.len() {
            last = Some(json!({
                "move": game.moves().last().cloned().unwrap_or_default(),
                "side": side.name(),
                "captured": captured,
                "steps": steps,
            }));
        }
    }
    Ok(Line { game, states, last })
}

/// `POST /api/positions`: the state after every move of a line (the start first), the moves as
/// the core writes them, and the last move's sowing steps. Nothing is stored.
pub(crate) async fn positions(headers: HeaderMap, body: Bytes) -> ApiResult<Json<Value>> {
    let req: LineRequest = parse_body(&headers, &body)?;
    if req.ms.is_some() {
        return Err(ApiError::bad_request(
            "bad_field",
            "`ms` belongs to POST /api/analysis",
        ));
    }
    let line = play_line(&req)?;
    let game = &line.game;
    Ok(Json(json!({
        "variant": game.variant().name(),
        "options": game.options().iter().map(option_json).collect::<Vec<_>>(),
        "pits_per_row": game.pits_per_row(),
        "start": req.position,
        "moves": game.moves(),
        "ply": game.moves().len(),
        "states": line.states,
        "last_move": line.last,
    })))
}

/// `POST /api/analysis`: the engine's analysis of the position a line reaches (every legal
/// move's value, the best line), with that position's state.
pub(crate) async fn analysis(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let req: LineRequest = parse_body(&headers, &body)?;
    let line = play_line(&req)?;
    let ply = line.game.moves().len();
    let to_move = line.game.state().to_move;
    let state = line.states.last().cloned().unwrap_or(Value::Null);
    let mut answer = analyse(&app, line.game, ply, to_move, req.ms).await?;
    if let Value::Object(m) = &mut answer {
        m.insert("state".into(), state);
    }
    Ok(Json(answer))
}
