//! Creating a game: the request's rules and position checked, the room opened and stored.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use mancala_core::variant::{AnyGame, DynGame, Variant};
use mancala_core::Side;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::app::App;
use crate::http::error::ApiError;
use crate::http::error::ApiResult;
use crate::http::extract::{created, ClientJson};
use crate::round::computer::schedule_computer;
use crate::round::room::Room;
use crate::store::{hash_token, GameMeta, Mode};
use crate::work::{blocking, random_hex, random_u64, ID_BYTES, TOKEN_BYTES};

/// Longest accepted variant name, option name or value, or move.
pub(crate) const MAX_WORD: usize = 64;
/// Longest accepted position string.
const MAX_POSITION: usize = 512;
/// Most rule options in one request.
const MAX_RULES: usize = 32;

fn side_name(s: Side) -> &'static str {
    s.name()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreateRequest {
    variant: String,
    #[serde(default)]
    mode: Option<String>,
    #[serde(default)]
    rules: Option<serde_json::Map<String, Value>>,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    level: Option<i64>,
    #[serde(default)]
    position: Option<String>,
    /// A time control (online games only).
    #[serde(default)]
    clock: Value,
}

pub(crate) fn check_word(what: &str, s: &str) -> ApiResult<()> {
    if s.is_empty() || s.len() > MAX_WORD || s.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "bad_field",
            format!("{what} must be 1 to {MAX_WORD} printable characters"),
        ));
    }
    Ok(())
}

/// Refuses a start position that is too long or holds control characters (the rules core
/// checks the rest).
pub(crate) fn check_position(position: Option<&str>) -> ApiResult<()> {
    if let Some(p) = position {
        if p.len() > MAX_POSITION || p.chars().any(char::is_control) {
            return Err(ApiError::bad_request(
                "bad_position",
                format!("the position must be at most {MAX_POSITION} printable characters"),
            ));
        }
    }
    Ok(())
}

/// `POST /api/games`.
pub(crate) async fn create_game(
    State(app): State<Arc<App>>,
    ClientJson {
        ip: client,
        body: req,
    }: ClientJson<CreateRequest>,
) -> ApiResult<Response> {
    check_word("variant", &req.variant)?;
    let variant = Variant::from_name(&req.variant)
        .map_err(|e| ApiError::bad_request("unknown_variant", e.to_string()))?;
    let mode = match req.mode.as_deref() {
        None => Mode::Computer,
        Some(m) => Mode::from_name(m).ok_or_else(|| {
            ApiError::bad_request(
                "bad_mode",
                format!("unknown mode {m:?} (expected online, computer or local)"),
            )
        })?,
    };
    let side = match req.side.as_deref() {
        None => Side::South,
        Some(s) => Side::parse(s)
            .filter(|_| matches!(s.to_ascii_lowercase().as_str(), "south" | "north"))
            .ok_or_else(|| {
                ApiError::bad_request(
                    "bad_side",
                    format!("unknown side {s:?} (expected south or north)"),
                )
            })?,
    };
    let max_level = app.brain.max_level();
    let level = match req.level {
        None => 3,
        Some(l) if (1..=i64::from(max_level)).contains(&l) => l as u8,
        Some(l) => {
            return Err(ApiError::bad_request(
                "bad_level",
                format!("level {l} is out of range 1..={max_level}"),
            ))
        }
    };
    let rules = parse_rules(req.rules.as_ref())?;
    let clock = crate::round::clock::TimeControl::from_json(&req.clock)
        .map_err(|m| ApiError::bad_request("bad_clock", m))?;
    if clock.is_some() && mode != Mode::Online {
        return Err(ApiError::bad_request(
            "bad_clock",
            "only online games have a clock",
        ));
    }
    check_position(req.position.as_deref())?;
    let game = variant
        .new_game(&rules, req.position.as_deref())
        .map_err(|e| ApiError::bad_request("bad_setup", e.to_string()))?;
    // Only a request that will create a game uses up the allowance: a malformed one costs the
    // server nothing to refuse.
    if !app.create_limit.allow(client) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many games created from this address; try again shortly",
        ));
    }

    let id = random_hex(ID_BYTES)?;
    let token = random_hex(TOKEN_BYTES)?;
    let (tokens, computer) = match mode {
        Mode::Online => ([token, random_hex(TOKEN_BYTES)?], None),
        Mode::Local => ([token.clone(), token], None),
        Mode::Computer => {
            let mut t = [String::new(), String::new()];
            t[side.index()] = token;
            (t, Some(side.opponent().index()))
        }
    };
    let meta = GameMeta {
        id: id.clone(),
        variant: variant.name().to_string(),
        rules,
        position: req.position.clone(),
        mode,
        computer,
        level,
        seed: random_u64()?,
        // Only the digests are kept: the tokens are shown in this answer and never again.
        token_hashes: tokens
            .each_ref()
            .map(|t| (!t.is_empty()).then(|| hash_token(t))),
        created: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0)),
        players: [None, None],
        rated: false,
        clock,
        started_ms: crate::round::clock::now_ms(),
    };
    // The store's insert is a database write: on the blocking pool, like every other.
    let hub_app = Arc::clone(&app);
    let room = blocking(move || open_game(&hub_app, meta, game)).await?;
    schedule_computer(&app, &room);
    let mut seats = serde_json::Map::new();
    let mut links = serde_json::Map::new();
    for s in Side::BOTH {
        let t = &tokens[s.index()];
        if !t.is_empty() {
            seats.insert(side_name(s).into(), json!(t));
            links.insert(side_name(s).into(), json!(format!("/g/{id}#seat={t}")));
        }
    }
    let view = room.view(&room.lock());
    let body = json!({
        "id": id,
        "seats": seats,
        "links": links,
        "spectate": format!("/g/{id}"),
        "game": view,
    });
    Ok(created(&body, &format!("/api/games/{id}")))
}

/// Reads the rule options of a request.
pub(crate) fn parse_rules(
    map: Option<&serde_json::Map<String, Value>>,
) -> ApiResult<Vec<(String, String)>> {
    let mut rules = Vec::new();
    let Some(map) = map else {
        return Ok(rules);
    };
    if map.len() > MAX_RULES {
        return Err(ApiError::bad_request(
            "bad_rules",
            format!("at most {MAX_RULES} rule options"),
        ));
    }
    for (name, value) in map {
        check_word("a rule option's name", name)?;
        let value = match value {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            _ => {
                return Err(ApiError::bad_request(
                    "bad_rules",
                    format!("rule option {name:?}: the value must be a string or a number"),
                ))
            }
        };
        check_word("a rule option's value", &value)?;
        rules.push((name.clone(), value));
    }
    Ok(rules)
}

/// Records a new game and opens its room; a timed game's clock starts now. A database write:
/// call it on the blocking pool.
pub(crate) fn open_game(app: &App, meta: GameMeta, game: AnyGame) -> ApiResult<Arc<Room>> {
    let to_move = game.state().to_move;
    let deadline = meta
        .clock
        .zip(to_move)
        .map(|(c, s)| crate::round::clock::Clock::new(c, meta.started_ms).deadline(s));
    let id = meta.id.clone();
    let computer_first = meta.mode == crate::store::Mode::Computer
        && to_move.is_some_and(|s| meta.computer == Some(s.index()));
    let room = app.hub.create(meta, game)?;
    if computer_first && app.hub.store().shared() {
        // The computer's first move has an owner from the start (see the move handler).
        if let Err(e) = app.hub.store().hold_lease(&id) {
            tracing::warn!(game = %id, error = %e, "taking the lease of a new game failed");
        }
    }
    if let Some(d) = deadline {
        app.timers.arm(&id, d);
    }
    Ok(room)
}
