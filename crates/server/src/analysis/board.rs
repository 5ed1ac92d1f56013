//! The analysis board's endpoints: positions and lines that belong to no stored game. A line is
//! a preset, its rule options, a start position (the preset's own when left out) and moves; the
//! rules core checks every part of it, so the position editor and the variations of the
//! analysis board are validated exactly as a game would be.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use mancala_core::variant::{AnyGame, DynGame, DynPlayError, Variant};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::analysis::fair;
use crate::analysis::game::analyse;
use crate::app::engine_permit;
use crate::app::App;
use crate::http::error::ApiError;
use crate::http::extract::{client_ip, parse_body};
use crate::round::json::{option_json, state_map};
use crate::round::setup::{check_position, check_word, parse_rules};
use crate::work::blocking;

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
    /// Time budget of a proof, in seconds (`POST /api/analysis/prove` only).
    #[serde(default)]
    seconds: Option<f64>,
    /// Also prove each legal move (`POST /api/analysis/prove` only).
    #[serde(default)]
    prove_moves: Option<bool>,
}

/// The endpoints that take a line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Endpoint {
    Positions,
    Analysis,
    Prove,
}

impl LineRequest {
    /// The line of a request's body to `endpoint`, refusing the fields of the other endpoints.
    fn parse(headers: &HeaderMap, body: &Bytes, endpoint: Endpoint) -> ApiResult<LineRequest> {
        let req: LineRequest = parse_body(headers, body)?;
        let name = match endpoint {
            Endpoint::Positions => "POST /api/positions",
            Endpoint::Analysis => "POST /api/analysis",
            Endpoint::Prove => "POST /api/analysis/prove",
        };
        req.only(
            name,
            endpoint == Endpoint::Analysis,
            endpoint == Endpoint::Prove,
        )?;
        Ok(req)
    }

    /// Refuses the fields of the other endpoints: `ms` unless `ms_ok`, `seconds` and
    /// `prove_moves` unless `prove_ok`.
    fn only(&self, endpoint: &str, ms_ok: bool, prove_ok: bool) -> ApiResult<()> {
        let stray = if self.ms.is_some() && !ms_ok {
            Some(("ms", "POST /api/analysis"))
        } else if (self.seconds.is_some() || self.prove_moves.is_some()) && !prove_ok {
            Some(("seconds` and `prove_moves", "POST /api/analysis/prove"))
        } else {
            None
        };
        match stray {
            Some((field, owner)) => Err(ApiError::bad_request(
                "bad_field",
                format!("`{field}` belong to {owner}, not {endpoint}"),
            )),
            None => Ok(()),
        }
    }
}

/// Memory a proof may take for each entry its tables are allowed ([`mancala_engine::Budget::max_entries`]
/// bounds each of its tables: the transposition table, the provisional results, the shallow
/// and monotone tables, the labelling of quiet-move components), all of them full at once, in
/// bytes. Measured: a 10 s Awari proof allowed 262,144 entries (64 MiB) took the server from 14 to
/// 80 MB at its peak; three at once from 42 to 209 MB.
const PROOF_BYTES_PER_ENTRY: usize = 256;

/// The entries each table of one proof may hold to stay within `mib` MiB in all (at least
/// 4,096; at most the engine's own budget for proofs inside a program doing other work).
#[must_use]
pub(crate) fn proof_entries(mib: usize) -> usize {
    (mib.saturating_mul(1 << 20) / PROOF_BYTES_PER_ENTRY).clamp(4096, 2_000_000)
}

/// Default time budget of a proof request, in seconds.
const PROVE_DEFAULT_SECS: f64 = 2.0;

/// A line set up and played through: the game before the last move, the last move's steps,
/// and the game after every move.
struct Line {
    game: AnyGame,
    /// The state after each move, the start first.
    states: Vec<Value>,
    /// The last move with its side, captured seeds and sowing steps.
    last: Option<Value>,
    /// The notation of every position of the line, the start first.
    notations: Vec<String>,
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
    let mut notations = vec![game.notation()];
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
        notations.push(game.notation());
        if ply == req.moves.len() {
            last = Some(json!({
                "move": game.moves().last().cloned().unwrap_or_default(),
                "side": side.name(),
                "captured": captured,
                "steps": steps,
            }));
        }
    }
    Ok(Line {
        game,
        states,
        last,
        notations,
    })
}

/// `POST /api/positions`: the state after every move of a line (the start first), the moves as
/// the core writes them, and the last move's sowing steps. Nothing is stored.
pub(crate) async fn positions(headers: HeaderMap, body: Bytes) -> ApiResult<Json<Value>> {
    let req = LineRequest::parse(&headers, &body, Endpoint::Positions)?;
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

/// Refuses the analysis of `line` to a player of a rated game in progress that it passes
/// through (see [`crate::analysis::fair`]).
async fn fair(app: &Arc<App>, headers: &HeaderMap, line: &Line, what: &str) -> ApiResult<()> {
    let caller = crate::accounts::api::current_player(app, headers).await?;
    fair::check(
        app,
        caller.as_deref(),
        line.game.variant(),
        &line.notations,
        what,
        None,
    )
}

/// `POST /api/analysis`: the engine's analysis of the position a line reaches (every legal
/// move's value, the best line), with that position's state. Refused (403 `fair_play`) to a
/// player of a rated game in progress whose current or recent position the line passes through.
pub(crate) async fn analysis(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let req = LineRequest::parse(&headers, &body, Endpoint::Analysis)?;
    let line = play_line(&req)?;
    fair(&app, &headers, &line, "POST /api/analysis").await?;
    let ply = line.game.moves().len();
    let to_move = line.game.state().to_move;
    let state = line.states.last().cloned().unwrap_or(Value::Null);
    let mut answer = analyse(&app, line.game, ply, to_move, req.ms).await?;
    if let Value::Object(m) = &mut answer {
        m.insert("state".into(), state);
    }
    Ok(Json(answer))
}

/// The line of a proof request and its time budget in seconds, capped by the server's
/// [`crate::Config::max_proof_secs`].
fn prove_request(app: &App, headers: &HeaderMap, body: &Bytes) -> ApiResult<(LineRequest, f64)> {
    let req = LineRequest::parse(headers, body, Endpoint::Prove)?;
    let seconds = req.seconds.unwrap_or(PROVE_DEFAULT_SECS);
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(ApiError::bad_request(
            "bad_seconds",
            format!("`seconds` must be a positive number of seconds, not {seconds}"),
        ));
    }
    let seconds = seconds.min(app.max_proof_secs);
    Ok((req, seconds))
}

/// How long past its budget a proof request may answer late (a move being played when the
/// budget ends) before the server answers that nothing was proven.
const PROOF_GRACE: Duration = Duration::from_millis(500);

/// `POST /api/analysis/prove`: what the prover ([`mancala_engine::prove_game`]) proves about the
/// position a line reaches, with the line's positions since its last capture as the history,
/// within `seconds` (default [`PROVE_DEFAULT_SECS`], at most the server's
/// [`crate::Config::max_proof_secs`]), and with `prove_moves` about each legal move within the
/// same seconds in all. Runs on an engine thread (the permit hints wait for); the proof stops
/// when its budget ends. Refused as `POST /api/analysis` is to the players of a rated game in
/// progress (403 `fair_play`), and to an address with its proofs running (429). Scores are those of every analysis ([`mancala_engine::Proof::score`];
/// `null` where nothing is proven).
pub(crate) async fn prove(
    State(app): State<Arc<App>>,
    extensions: axum::http::Extensions,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let (req, seconds) = prove_request(&app, &headers, &body)?;
    let line = play_line(&req)?;
    fair(&app, &headers, &line, "POST /api/analysis/prove").await?;
    let running = app.proofs.take(client_ip(&extensions)).ok_or_else(|| {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_proofs",
            format!(
                "this address has {} proof(s) running already; wait for the answer before asking for another",
                app.proofs.max()
            ),
        )
    })?;
    let state = line.states.last().cloned().unwrap_or(Value::Null);
    let game = line.game;
    let ply = game.moves().len();
    let Some(to_move) = game.state().to_move else {
        return Ok(Json(json!({
            "ply": ply, "over": true, "score": null, "best": null, "moves": [], "state": state,
        })));
    };
    let mut budget = mancala_engine::Budget::short(std::time::Duration::from_secs_f64(seconds));
    let entries = proof_entries(app.proof_mib);
    budget.max_entries = entries;
    budget.components = entries as u64;
    let options = mancala_engine::GameProofOptions {
        budget,
        moves: req.prove_moves.unwrap_or(false),
        deadline: None,
    };
    let permit = engine_permit(&app).await?;
    // The prover looks at the clock between nodes, and one move (Isolo's relay laps) can take
    // seconds: once the budget and a little grace are spent, the answer says nothing was
    // proven, and the proof, which stops at its own deadline soon after, is not waited for.
    let wait = Duration::from_secs_f64(seconds) + PROOF_GRACE;
    let proof = blocking(move || {
        // Both held until the proof stops, even when its answer was not waited for.
        let _permit = permit;
        let _running = running;
        let mut options = options;
        // The budget runs from when an engine thread is free.
        options.deadline = options.budget.time.map(|t| std::time::Instant::now() + t);
        let tables = mancala_engine::built_tables(&game, mancala_engine::LEVEL_TABLE_SEEDS);
        mancala_engine::prove_game(&game, tables.as_deref(), &options, &mut |_| {}).map_err(|e| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "cannot_prove",
                e.to_string(),
            )
        })
    });
    let proved = match tokio::time::timeout(wait, proof).await {
        Ok(proved) => proved?,
        Err(_) => {
            let mut proof = mancala_engine::proofs::unproven(to_move);
            proof.stats.elapsed = wait;
            mancala_engine::GameProof {
                proof,
                moves: Vec::new(),
            }
        }
    };
    let p = &proved.proof;
    let all = std::iter::once(p).chain(proved.moves.iter().map(|(_, m)| m));
    let (nodes, spent) = all.fold((0u64, 0f64), |(n, s), m| {
        (n + m.stats.nodes, s + m.stats.elapsed.as_secs_f64())
    });
    // A bound without a margin (an open end, or "at least a draw") has a null one.
    let bound =
        |v: &mancala_engine::Value| json!({"result": v.verdict.name(), "margin": v.known_margin()});
    Ok(Json(json!({
        "ply": ply,
        "over": false,
        "to_move": to_move.name(),
        "proven": p.verdict().is_some(),
        "score": p.score(),
        "best": p.best,
        "lower": bound(&p.lower),
        "upper": bound(&p.upper),
        "moves": proved.moves.iter().map(|(m, q)| json!({"move": m, "score": q.score()})).collect::<Vec<_>>(),
        "proof": {
            "seconds_budget": seconds,
            "memory_mib": app.proof_mib,
            "table_entries": proof_entries(app.proof_mib),
            "nodes": nodes,
            "seconds": spent,
            "stopped_by": p.stopped.map(|s| s.name()),
        },
        "state": state,
    })))
}
