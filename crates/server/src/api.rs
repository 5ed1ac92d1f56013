//! The HTTP handlers. Every input is validated here; every failure a client can cause is a 4xx
//! with a JSON body saying what is wrong.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use mancala_core::record::{Dialect, Record};
use mancala_core::variant::{AnyGame, DynGame, DynPlayError, Variant};
use mancala_core::Side;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::{ApiError, StoreError};
use crate::rooms::{LastMove, Room};
use crate::service::{
    blocking, created, engine_permit, random_hex, random_u64, room, schedule_computer, ApiResult,
    ClientJson, GameRoom, JsonBody, ID_BYTES, TOKEN_BYTES,
};
use crate::store::{hash_token, GameMeta, Mode, MoveRecord};
use crate::App;

/// Longest accepted variant name, option name or value, or move.
const MAX_WORD: usize = 64;
/// Longest accepted position string.
const MAX_POSITION: usize = 512;
/// Most rule options in one request.
const MAX_RULES: usize = 32;
/// Default and bounds of a hint's thinking time.
const HINT_DEFAULT_MS: u64 = 500;
const HINT_MIN_MS: u64 = 20;

fn side_name(s: Side) -> &'static str {
    s.name()
}

// ---------------------------------------------------------------------------------------------
// Variants

/// The variants with their options and start states, built once.
pub(crate) fn variants_json() -> Value {
    let list: Vec<Value> = Variant::ALL
        .iter()
        .map(|v| {
            let info = v.info();
            let start = v.new_game(&[], None).ok();
            let mut m = crate::json::variant_map(&info);
            // The rules whose options the preset has: the `F` of the message ids
            // `option-F-NAME` of `GET /api/i18n/{lang}`.
            m.insert(
                "options_family".into(),
                json!(mancala_i18n::option_family(*v)),
            );
            m.insert(
                "pits_per_row".into(),
                json!(start.as_ref().map(|g| g.pits_per_row())),
            );
            m.insert(
                "start".into(),
                json!(start.as_ref().map(|g| crate::json::state_json(&g.state()))),
            );
            Value::Object(m)
        })
        .collect();
    let levels: Vec<Value> = mancala_engine::LEVEL_INFO
        .iter()
        .map(|l| json!({"level": l.level, "name": l.name, "description": l.description, "elo": l.elo}))
        .collect();
    json!({ "variants": list, "levels": levels })
}

/// `GET /api/i18n/{lang}`: the browser's messages in `lang` (`auto`: the request's language).
pub(crate) async fn messages(Path(lang): Path<String>) -> Response {
    match crate::lang::browser_messages(&lang) {
        Some(body) => ([(header::CACHE_CONTROL, "no-cache")], Json(body)).into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_language",
            format!(
                "no catalogue for this language; the languages are: {}",
                mancala_i18n::languages().join(", ")
            ),
        )
        .into_response(),
    }
}

/// `GET /api/variants`.
pub(crate) async fn variants(State(app): State<Arc<App>>) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        app.variants.clone(),
    )
        .into_response()
}

// ---------------------------------------------------------------------------------------------
// Creating a game

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
    let clock = crate::clock::TimeControl::from_json(&req.clock)
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
        started_ms: crate::clock::now_ms(),
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
        .map(|(c, s)| crate::clock::Clock::new(c, meta.started_ms).deadline(s));
    let id = meta.id.clone();
    let computer_first = meta.mode == crate::store::Mode::Computer
        && to_move.is_some_and(|s| meta.computer == Some(s.index()));
    let room = app.hub.create(meta, game)?;
    if computer_first && app.hub.store().shared() {
        // The computer's first move has an owner from the start (see the move handler).
        let _ = app.hub.store().hold_lease(&id);
    }
    if let Some(d) = deadline {
        app.timers.arm(&id, d);
    }
    Ok(room)
}

/// Refuses a WebSocket upgrade whose `Sec-WebSocket-Key` is not the base64 of 16 bytes (RFC
/// 6455, 4.2.1), with a JSON 400.
pub(crate) fn check_websocket_key(headers: &HeaderMap) -> ApiResult<()> {
    let key = headers
        .get(header::SEC_WEBSOCKET_KEY)
        .map(HeaderValue::as_bytes)
        .unwrap_or_default();
    if valid_websocket_key(key) {
        Ok(())
    } else {
        Err(ApiError::bad_request(
            "bad_websocket_key",
            "Sec-WebSocket-Key must be the base64 encoding of 16 bytes",
        ))
    }
}

/// Whether `key` is 16 bytes in base64: 22 digits, the last with its low 4 bits clear, then
/// `==`.
fn valid_websocket_key(key: &[u8]) -> bool {
    fn digit(b: u8) -> Option<u8> {
        match b {
            b'A'..=b'Z' => Some(b - b'A'),
            b'a'..=b'z' => Some(b - b'a' + 26),
            b'0'..=b'9' => Some(b - b'0' + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    }
    key.len() == 24
        && key.ends_with(b"==")
        && key[..22].iter().all(|&b| digit(b).is_some())
        && digit(key[21]).is_some_and(|d| d & 0x0f == 0)
}

// ---------------------------------------------------------------------------------------------
// Reading and playing

/// `GET /api/games/{id}`.
pub(crate) async fn get_game(GameRoom { room, .. }: GameRoom) -> ApiResult<Json<Value>> {
    let view = room.view(&room.lock());
    Ok(Json(view))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
    /// The number of moves the client has seen; a mismatch means it acted on a stale board.
    #[serde(default)]
    ply: Option<usize>,
}

/// `POST /api/games/{id}/moves`.
pub(crate) async fn post_move(
    GameRoom { app, room }: GameRoom,
    headers: HeaderMap,
    JsonBody(req): JsonBody<MoveRequest>,
) -> ApiResult<Json<Value>> {
    let started = std::time::Instant::now();
    if req.mv.len() > MAX_WORD * 4 || req.mv.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "bad_move",
            "a move is a short line of printable text",
        ));
    }
    let seats = crate::accounts::seats(&app, &room, &headers).await?;
    let queued = std::time::Instant::now();
    // One move of a game at a time in this instance: each is checked, recorded and applied in
    // turn. The room's lock is held only while the move is checked and while it is applied,
    // never while the database answers (other requests read the room meanwhile).
    let _turn = room.turn.lock().await;
    let queued = queued.elapsed();
    // A client ahead of this instance saw a move made through another: read it first.
    let behind = req.ply.is_some_and(|p| p > room.lock().game.moves().len());
    if behind {
        read_back(&app, &room).await?;
    }
    let locking = std::time::Instant::now();
    let checked = check_move(&room, &req, seats);
    let locked = locking.elapsed();
    let checked = match checked {
        Ok(c) => c,
        Err(Refused::Flag) => {
            // The side to move ran out of time: end the game (a database write) and say so.
            let (app2, room2) = (Arc::clone(&app), Arc::clone(&room));
            let reason = blocking(move || {
                let mut live = room2.lock();
                crate::service::flag_if_out_of_time(&app2, &room2, &mut live);
                Ok(live.ending.as_ref().map(|e| e.reason.clone()))
            })
            .await?;
            return Err(
                ApiError::new(StatusCode::CONFLICT, "game_over", "the game is over")
                    .with(json!({ "reason": reason })),
            );
        }
        Err(Refused::Api(e)) => return Err(e),
    };
    let storing = std::time::Instant::now();
    let record = MoveRecord {
        game: room.meta.id.clone(),
        ply: checked.ply,
        mv: checked.last.mv.clone(),
        stamp: checked.stamp,
        // The computer's answer gets an owner before the move is recorded: if this instance
        // dies after recording it, the lease lapses and another takes over. (When another
        // instance holds the lease, that one answers.)
        lease: room.computer_side().is_some() && app.hub.store().shared(),
    };
    let stored = app.hub.shared_store().record_move(record).await;
    let spent = [queued, locked, storing.elapsed()];
    let leased = match stored {
        Ok(held) => held,
        Err(StoreError::Conflict(_)) => {
            // Another instance moved or ended the game first: read it back, and say which.
            read_back(&app, &room).await?;
            let live = room.lock();
            if live.is_over() {
                return Err(
                    ApiError::new(StatusCode::CONFLICT, "game_over", "the game is over")
                        .with(json!({ "reason": live.ending.as_ref().map(|e| e.reason.clone()) })),
                );
            }
            return Err(StoreError::Conflict(String::new()).into());
        }
        Err(e) => return Err(e.into()),
    };
    let view = match apply_move(&app, &room, checked) {
        Applied::View(view) => view,
        Applied::Ended(version, ending) => {
            let (app2, room2) = (Arc::clone(&app), Arc::clone(&room));
            blocking(move || {
                let mut live = room2.lock();
                if live.version == version && !live.is_over() {
                    crate::service::conclude(&app2, &room2, &mut live, ending)?;
                }
                Ok(room2.view(&live))
            })
            .await?
        }
        Applied::Changed => {
            // The game changed while the move was recorded (another instance's move or a
            // take-back seen meanwhile): the move is stored; read the game back.
            read_back(&app, &room).await?;
            room.view(&room.lock())
        }
    };
    if leased {
        // The lease was taken with the move: the computer answers without taking it again.
        crate::service::schedule_computer_leased(&app, &room);
    } else {
        schedule_computer(&app, &room);
    }
    let [queued, locked, store] = spent;
    app.moves.add(started.elapsed(), queued, locked, store);
    Ok(Json(view))
}

/// Reads game `room` back from the store (on the blocking pool).
async fn read_back(app: &Arc<App>, room: &Arc<Room>) -> ApiResult<()> {
    let (app, room) = (Arc::clone(app), Arc::clone(room));
    blocking(move || Ok(app.hub.refresh(&room).map(|_| ())?)).await
}

/// Why a move was refused before it was recorded.
enum Refused {
    /// The side to move ran out of time (the game is to be ended on time).
    Flag,
    /// Any other reason, answered as it is.
    Api(ApiError),
}

impl From<ApiError> for Refused {
    fn from(e: ApiError) -> Self {
        Refused::Api(e)
    }
}

/// A move checked and played on a copy of the game, to be recorded and then applied.
struct CheckedMove {
    /// The room's version it was checked against.
    version: u64,
    /// Its number.
    ply: usize,
    /// The game after it.
    game: AnyGame,
    /// The clock after it (timed games).
    clock: Option<crate::clock::Clock>,
    /// Its clock stamp (timed games).
    stamp: Option<crate::store::MoveStamp>,
    /// The move itself.
    last: LastMove,
    /// When it was made.
    at_ms: i64,
}

/// Checks move `req` by the holder of `seats` in `room` and plays it on a copy of the game
/// (under the room's lock, which is held only here).
fn check_move(room: &Room, req: &MoveRequest, seats: [bool; 2]) -> Result<CheckedMove, Refused> {
    let live = room.lock();
    // A stamp taken under the lock: moves of one game are stamped in order.
    let now = crate::clock::now_ms();
    if live.is_over() {
        return Err(
            ApiError::new(StatusCode::CONFLICT, "game_over", "the game is over")
                .with(json!({ "reason": live.ending.as_ref().map(|e| e.reason.clone()) }))
                .into(),
        );
    }
    let state = live.game.state();
    let Some(to_move) = state.to_move else {
        return Err(ApiError::new(StatusCode::CONFLICT, "game_over", "the game is over").into());
    };
    if live
        .clock
        .is_some_and(|c| c.remaining(Some(to_move), now)[to_move.index()] <= 0)
    {
        return Err(Refused::Flag);
    }
    if !seats[to_move.index()] {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not_your_turn",
            format!("it is {}'s turn", to_move.name()),
        )
        .into());
    }
    let ply = live.game.moves().len();
    if let Some(p) = req.ply {
        if p != ply {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "stale",
                format!("the game is at move {ply}, not {p}: reload"),
            )
            .with(json!({ "ply": ply }))
            .into());
        }
    }
    // The steps are worked out on the position before the move (an illegal move has none:
    // `play` refuses it below with the reason).
    let steps = live.game.sowing(&req.mv).unwrap_or_default();
    let mut game = live.game.clone();
    let captured = game.play(&req.mv).map_err(|e| match e {
        DynPlayError::Parse(p) => {
            ApiError::bad_request("bad_move", p.to_string()).with(json!({ "legal": state.legal }))
        }
        DynPlayError::Illegal { mv, reason } => ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_move",
            format!("illegal move {mv}: {reason}"),
        )
        .with(json!({ "reason": reason.to_string(), "legal": state.legal })),
    })?;
    let canonical = game.moves().last().cloned().unwrap_or_default();
    let after = game.state();
    let mut clock = live.clock;
    let stamp = clock.as_mut().map(|c| {
        // The flag was checked above under this lock: time is left.
        let _ = c.after_move(to_move, now);
        crate::store::MoveStamp {
            at_ms: now,
            left_ms: c.left_ms,
            deadline_ms: after.to_move.map(|s| c.deadline(s)),
        }
    });
    Ok(CheckedMove {
        version: live.version,
        ply,
        game,
        clock,
        stamp,
        last: LastMove {
            mv: canonical,
            side: to_move,
            captured,
            steps,
        },
        at_ms: now,
    })
}

/// What applying a recorded move to its room came to.
enum Applied {
    /// The game goes on: its view (pushed to the watchers too).
    View(Value),
    /// The move ended the game by the rules: the room's version after it, and the ending to
    /// store.
    Ended(u64, crate::ending::Ending),
    /// The room changed while the move was recorded: nothing was applied.
    Changed,
}

/// Applies move `m`, recorded, to its room (under the room's lock).
fn apply_move(app: &App, room: &Room, m: CheckedMove) -> Applied {
    let mut live = room.lock();
    if live.version != m.version {
        return Applied::Changed;
    }
    let outcome = m.game.state().outcome;
    live.game = m.game;
    live.clock = m.clock;
    if let Some(d) = m.stamp.and_then(|s| s.deadline_ms) {
        app.timers.arm(&room.meta.id, d);
    }
    let side = m.last.side;
    live.moved[side.index()] = true;
    // An offer stands until its receiver moves.
    if live.offer.is_some_and(|o| o.by != side) {
        live.offer = None;
    }
    live.version += 1;
    live.last = Some(m.last);
    if let Some(o) = outcome {
        return Applied::Ended(live.version, crate::ending::Ending::by_rules(o, m.at_ms));
    }
    // One view for the answer and the push.
    let view = room.view(&live);
    room.publish_view("move", &view);
    Applied::View(view)
}

// ---------------------------------------------------------------------------------------------
/// `POST /api/games/{id}/undo`: takes back the last move (against the computer: back to the
/// human's last turn). Not in online games.
pub(crate) async fn undo(
    GameRoom { app, room }: GameRoom,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    crate::accounts::seats(&app, &room, &headers).await?;
    if room.meta.mode == Mode::Online {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "undo_not_allowed",
            "moves cannot be taken back in an online game",
        ));
    }
    // The game is held, as by a move.
    let _turn = room.turn.lock().await;
    let app2 = Arc::clone(&app);
    let room2 = Arc::clone(&room);
    let view = blocking(move || -> ApiResult<Value> {
        let (app, room) = (app2, room2);
        let mut live = room.lock();
        let before = live.game.moves().len();
        if before == 0 {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "nothing_to_undo",
                "no move has been played",
            ));
        }
        live.game.undo();
        if let Some(computer) = room.computer_side() {
            // Back to a position where the human is to move (the computer may have moved
            // several times in a row after an extra turn).
            while !live.game.moves().is_empty() && live.game.state().to_move == Some(computer) {
                live.game.undo();
            }
        }
        let after = live.game.moves().len();
        if let Err(e) = app.hub.store().truncate(&room.meta.id, after) {
            // Put the game back as it was stored.
            let moves = app.hub.store().load(&room.meta.id)?.map(|x| x.1);
            if let Some(moves) = moves {
                if let Ok((g, last)) = crate::rooms::replay(&room.meta, &moves) {
                    live.game = g;
                    live.last = last;
                }
            }
            return Err(e.into());
        }
        live.version += 1;
        live.thinking = false;
        live.last = None;
        // Taking back the move that ended the game opens it again.
        if live.ending.is_some() && live.game.state().outcome.is_none() {
            live.ending = None;
            app.hub.store().reopen(&room.meta.id)?;
        }
        room.publish("undo", &live);
        Ok(room.view(&live))
    })
    .await?;
    schedule_computer(&app, &room);
    Ok(Json(view))
}

// ---------------------------------------------------------------------------------------------
/// `GET /api/games/{id}/evaluations`: the value of the position after every ply so far, for
/// South, in seeds. Allowed where analysis is (not during an online game).
pub(crate) async fn evaluations(
    Query(_q): Query<crate::evals::EvaluationsQuery>,
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
    Ok(Json(
        crate::evals::values(&app, &room.evaluations, game).await?,
    ))
}

/// True while `room` holds an online game still in play: neither ended by its rules nor outside
/// them (agreement, resignation, time, abort), when the engine's help is not given.
fn in_play_online(room: &Room, live: &crate::rooms::Live) -> bool {
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RecordQuery {
    #[serde(default)]
    format: Option<String>,
}

/// `GET /api/games/{id}/record?format=text|json`: the game record as a download.
pub(crate) async fn record(
    Query(q): Query<RecordQuery>,
    GameRoom { room, .. }: GameRoom,
) -> ApiResult<Response> {
    let format = q.format.as_deref().unwrap_or("text");
    let (body, content_type, extension) = {
        let live = room.lock();
        let record = game_record(&room, &live);
        match format {
            "json" => (
                serde_json::to_string_pretty(&record).map_err(|e| {
                    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
                })? + "\n",
                "application/json",
                "json",
            ),
            "text" => (
                record.write(Dialect::Mancala),
                "text/plain; charset=utf-8",
                "txt",
            ),
            other => {
                return Err(ApiError::bad_request(
                    "bad_format",
                    format!("unknown format {other:?} (expected text or json)"),
                ))
            }
        }
    };
    let disposition = format!(
        "attachment; filename=\"mancala-{}.{extension}\"",
        room.meta.id
    );
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}

/// The record of a room's game, written by the core's one record writer: variant, the rule
/// options that differ from the preset, the start position when it is not the usual one, the
/// moves with their captures, the result token and the `Termination` reason, plus who played.
/// A game that ended outside the rules (time, resignation, agreement, an agreed draw, abort)
/// has its result token and reason written from the room's ending; accounts are named.
fn game_record(room: &Room, live: &crate::rooms::Live) -> Record {
    let meta = &room.meta;
    let mut record = Record::from_game(&live.game);
    if let Some(e) = &live.ending {
        if live.game.state().outcome.is_none() {
            match e.result {
                crate::ending::GameResult::Winner(w) => record.set_ending(Some(w), &e.reason),
                crate::ending::GameResult::Draw => record.set_ending(None, &e.reason),
                // No result: the token stays `*`.
                crate::ending::GameResult::Aborted => record.set_termination(&e.reason),
            }
        }
    }
    let player = |s: Side| -> String {
        if let Some(name) = &meta.players[s.index()] {
            name.clone()
        } else if room.computer_side() == Some(s) {
            format!("computer (level {})", meta.level)
        } else {
            "human".into()
        }
    };
    record.set_tag("Mode", meta.mode.name());
    record.set_tag("South", player(Side::South));
    record.set_tag("North", player(Side::North));
    record
}

// ---------------------------------------------------------------------------------------------
// Push

/// `GET /api/games/{id}/ws`: a WebSocket that receives `{"type": "update", "event": ..., "game":
/// VIEW}` now and after every change. Players and spectators alike; moves are sent over HTTP.
/// Refused with 429 beyond the caps on connections (in all and per game).
pub(crate) async fn ws(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> ApiResult<Response> {
    check_websocket_key(&headers)?;
    let room = room(&app, &id).await?;
    let admitted = app.connections.admit(&room.watchers)?;
    Ok(upgrade
        .max_message_size(4096)
        .on_upgrade(move |socket| async move {
            crate::rooms::watch(socket, room).await;
            drop(admitted);
        }))
}
