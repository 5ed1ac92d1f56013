//! The handlers of a game in play: its state, moves, undo, record and WebSocket. Every input is
//! validated here; every failure a client can cause is a 4xx with a JSON body saying what is
//! wrong.

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use mancala_core::record::{Dialect, Record};
use mancala_core::variant::{AnyGame, DynGame, DynPlayError};
use mancala_core::Side;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::app::App;
use crate::http::error::ApiResult;
use crate::http::error::{ApiError, StoreError};
use crate::http::extract::check_websocket_key;
use crate::http::extract::{GameRoom, JsonBody};
use crate::round::computer::schedule_computer;
use crate::round::find::room;
use crate::round::room::{LastMove, Room};
use crate::round::setup::MAX_WORD;
use crate::store::{Mode, MoveRecord};
use crate::work::blocking;

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
    let seats = crate::accounts::api::seats(&app, &room, &headers).await?;
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
            // While the store does not answer the ending is not recorded yet (the flag's timer
            // tries again), but the game is over on time all the same.
            let (app2, room2) = (Arc::clone(&app), Arc::clone(&room));
            let reason = blocking(move || {
                let mut live = room2.lock();
                crate::round::conclude::flag_if_out_of_time(&app2, &room2, &mut live);
                Ok(live
                    .ending
                    .as_ref()
                    .map_or_else(|| "time".to_string(), |e| e.reason.clone()))
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
                    crate::round::conclude::conclude(&app2, &room2, &mut live, ending)?;
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
        crate::round::computer::schedule_computer_leased(&app, &room);
    } else {
        schedule_computer(&app, &room);
    }
    let [queued, locked, store] = spent;
    let took = started.elapsed();
    app.moves.add(took, queued, locked, store);
    app.metrics.moved(took);
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
    clock: Option<crate::round::clock::Clock>,
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
    let now = crate::round::clock::now_ms();
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
    Ended(u64, crate::round::ending::Ending),
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
    live.record_move(m.last);
    if let Some(o) = outcome {
        return Applied::Ended(
            live.version,
            crate::round::ending::Ending::by_rules(o, m.at_ms),
        );
    }
    // One view for the answer and the push.
    let view = room.view(&live);
    room.publish_view("move", &view);
    Applied::View(view)
}

/// `POST /api/games/{id}/undo`: takes back the last move (against the computer: back to the
/// human's last turn). Not in online games.
pub(crate) async fn undo(
    GameRoom { app, room }: GameRoom,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    crate::accounts::api::seats(&app, &room, &headers).await?;
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
                if let Ok((g, last)) = crate::round::room::replay(&room.meta, &moves) {
                    live.game = g;
                    live.last = last;
                }
            }
            return Err(e.into());
        }
        live.record_undo();
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
fn game_record(room: &Room, live: &crate::round::room::Live) -> Record {
    let meta = &room.meta;
    let mut record = Record::from_game(&live.game);
    if let Some(e) = &live.ending {
        if live.game.state().outcome.is_none() {
            match e.result {
                crate::round::ending::GameResult::Winner(w) => {
                    record.set_ending(Some(w), &e.reason)
                }
                crate::round::ending::GameResult::Draw => record.set_ending(None, &e.reason),
                // No result: the token stays `*`.
                crate::round::ending::GameResult::Aborted => record.set_termination(&e.reason),
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
/// Refused with 429 beyond the caps on connections (in all, per game and per address).
pub(crate) async fn ws(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    extensions: axum::http::Extensions,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> ApiResult<Response> {
    check_websocket_key(&headers)?;
    let room = room(&app, &id).await?;
    let client = crate::http::extract::client_ip(&extensions);
    let admitted = app.connections.admit(&room.watchers, client)?;
    Ok(upgrade
        .max_message_size(4096)
        .on_upgrade(move |socket| async move {
            crate::round::watch::watch(socket, room).await;
            drop(admitted);
        }))
}
