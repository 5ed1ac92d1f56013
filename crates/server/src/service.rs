//! Room access and the work every handler shares: finding a game's room (loading it and resuming
//! the computer), running blocking work, reading bodies, random ids; the computer's moves; and
//! concluding a game (storing its ending, updating ratings, flag falls).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use mancala_core::variant::DynGame;
use mancala_core::Side;
use serde_json::Value;
use tokio::sync::OwnedSemaphorePermit;

use crate::clock::now_ms;
use crate::ending::{Ending, GameResult};
use crate::error::{ApiError, StoreError};
use crate::glicko;
use crate::rooms::{LastMove, Live, Room};
use crate::store::RatingRow;
use crate::App;

/// Bytes of randomness in a game id and in a seat token.
pub(crate) const ID_BYTES: usize = 10;
pub(crate) const TOKEN_BYTES: usize = 24;
/// The result of a handler or of the work it shares.
pub(crate) type ApiResult<T> = Result<T, ApiError>;

/// Fills `buf` from the system's randomness.
fn fill_random(buf: &mut [u8]) -> ApiResult<()> {
    getrandom::fill(buf).map_err(|e| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "randomness",
            format!("no randomness: {e}"),
        )
    })
}

/// `bytes` random bytes in hexadecimal (ids and tokens).
pub(crate) fn random_hex(bytes: usize) -> ApiResult<String> {
    let mut buf = vec![0u8; bytes];
    fill_random(&mut buf)?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// A random number (games' seeds).
pub(crate) fn random_u64() -> ApiResult<u64> {
    let mut buf = [0u8; 8];
    fill_random(&mut buf)?;
    Ok(u64::from_le_bytes(buf))
}

/// Parses a JSON body into `T`, with the reason in the error.
pub(crate) fn parse_body<T: serde::de::DeserializeOwned>(
    headers: &HeaderMap,
    body: &Bytes,
) -> ApiResult<T> {
    if let Some(ct) = headers.get(header::CONTENT_TYPE) {
        let ok = ct
            .to_str()
            .map(|s| {
                s.trim_start()
                    .to_ascii_lowercase()
                    .starts_with("application/json")
            })
            .unwrap_or(false);
        if !ok {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "bad_content_type",
                "the body must be JSON (Content-Type: application/json)",
            ));
        }
    }
    serde_json::from_slice(body)
        .map_err(|e| ApiError::bad_request("bad_json", format!("bad request body: {e}")))
}

fn valid_id(id: &str) -> bool {
    id.len() == 2 * ID_BYTES
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Finds a room (loading it and resuming the computer if needed). A room in memory is found
/// in place; loading one from the store (a database read and a replay of its moves) runs on the
/// blocking pool, off the async threads.
pub(crate) async fn room(app: &Arc<App>, id: &str) -> ApiResult<Arc<Room>> {
    if !valid_id(id) {
        return Err(ApiError::no_game());
    }
    if let Some(room) = app.hub.cached(id) {
        return Ok(room);
    }
    let (hub_app, owned) = (Arc::clone(app), id.to_owned());
    let (room, loaded) = blocking(move || Ok(hub_app.hub.get(&owned)?))
        .await?
        .ok_or_else(ApiError::no_game)?;
    if loaded {
        schedule_computer(app, &room);
    }
    Ok(room)
}

/// A game's room found from the `{id}` of the request's path (an extractor): 404 `no_such_game`
/// when there is none; a path that does not decode is refused as axum refuses it.
pub(crate) struct GameRoom {
    /// The server.
    pub app: Arc<App>,
    /// The game's room.
    pub room: Arc<Room>,
}

impl FromRequestParts<Arc<App>> for GameRoom {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<GameRoom, Response> {
        let Path(id) = Path::<String>::from_request_parts(parts, app)
            .await
            .map_err(IntoResponse::into_response)?;
        let room = room(app, &id).await.map_err(IntoResponse::into_response)?;
        Ok(GameRoom {
            app: Arc::clone(app),
            room,
        })
    }
}

/// A request's JSON body read as `T` (an extractor; see [`parse_body`]).
pub(crate) struct JsonBody<T>(pub T);

impl<T: serde::de::DeserializeOwned> FromRequest<Arc<App>> for JsonBody<T> {
    type Rejection = Response;

    async fn from_request(req: Request, app: &Arc<App>) -> Result<Self, Response> {
        let headers = req.headers().clone();
        let body = Bytes::from_request(req, app)
            .await
            .map_err(IntoResponse::into_response)?;
        parse_body(&headers, &body)
            .map(JsonBody)
            .map_err(IntoResponse::into_response)
    }
}

/// The address of a request's client, when known.
pub(crate) fn client_ip(extensions: &axum::http::Extensions) -> Option<IpAddr> {
    extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
}

/// A request's client address (when known) and its JSON body read as `T` (an extractor).
pub(crate) struct ClientJson<T> {
    /// The client's address.
    pub ip: Option<IpAddr>,
    /// The body.
    pub body: T,
}

impl<T: serde::de::DeserializeOwned> FromRequest<Arc<App>> for ClientJson<T> {
    type Rejection = Response;

    async fn from_request(req: Request, app: &Arc<App>) -> Result<Self, Response> {
        let ip = client_ip(req.extensions());
        let JsonBody(body) = JsonBody::from_request(req, app).await?;
        Ok(ClientJson { ip, body })
    }
}

/// 201 Created with the JSON `body` and the new resource's address `location`.
pub(crate) fn created(body: &Value, location: &str) -> Response {
    let mut r = (StatusCode::CREATED, Json(body)).into_response();
    if let Ok(loc) = HeaderValue::from_str(location) {
        r.headers_mut().insert(header::LOCATION, loc);
    }
    r
}

/// Runs `f` on the blocking pool.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> ApiResult<T> + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(f).await.map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "internal",
            "the request could not be completed",
        )
    })?
}

/// How long a hint or a refutation may wait for a free engine thread before the server says it
/// is busy.
const QUEUE_WAIT: Duration = Duration::from_secs(10);

/// A free engine thread, waited for at most [`QUEUE_WAIT`]; 503 `busy` if none comes free.
pub(crate) async fn engine_permit(app: &App) -> ApiResult<OwnedSemaphorePermit> {
    tokio::time::timeout(QUEUE_WAIT, Arc::clone(&app.pool).acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "every engine thread is busy; try again",
            )
        })
}

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
            let _ = app2.hub.refresh(&room2);
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

/// Takes over game `id`, whose lease this instance just took from an instance that died: loads
/// it, plays for the computer if it is to move, and ends it on time if its clock ran out.
pub(crate) async fn resume(app: Arc<App>, id: String) {
    let Ok(room) = room(&app, &id).await else {
        return;
    };
    schedule_computer(&app, &room);
    check_flag(app, Arc::from(id.as_str())).await;
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
/// stored) before its game is marked as failed ([`crate::rooms::Live::computer_failed`]).
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
            if let crate::error::StoreError::Conflict(_) = e {
                // Another instance played it first: read the game back.
                app.computer_conflicts
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                crate::refresh_later(app, &room.meta.id);
                return false;
            }
            computer_failed(app, room, &mut live);
            return false;
        }
        if live.version != version {
            // Changed while the move was recorded (it is stored): read the game back.
            crate::refresh_later(app, &room.meta.id);
            return false;
        }
        let outcome = game.state().outcome;
        live.game = game;
        live.computer_failures = 0;
        live.version += 1;
        live.moved[computer.index()] = true;
        live.last = Some(last);
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
            let ending = Ending::by_rules(o, crate::clock::now_ms());
            if conclude(&app, &room, &mut live, ending).is_err() {
                room.publish("move", &live);
            }
        })
        .await;
    }
    // After an extra turn the computer may be to move again.
    true
}

/// Ends the game in `live` (held locked): stores the ending, stops the clock, pushes the change
/// and, in a rated game between two accounts, updates their ratings.
pub(crate) fn conclude(
    app: &App,
    room: &Room,
    live: &mut Live,
    ending: Ending,
) -> Result<(), StoreError> {
    let plies = live.game.moves().len();
    app.hub.store().finish(&room.meta.id, &ending, plies)?;
    app.timers.disarm(&room.meta.id);
    if let (Some(clock), Some(side)) = (live.clock.as_mut(), live.game.state().to_move) {
        // Freeze the clock at the end.
        let left = clock.remaining(Some(side), ending.at_ms);
        clock.left_ms = left;
        clock.since_ms = ending.at_ms;
    }
    let result = ending.result;
    let at = ending.at_ms;
    live.ending = Some(ending);
    live.offer = None;
    live.version += 1;
    room.publish("end", live);
    if room.meta.rated {
        if let [Some(south), Some(north)] = &room.meta.players {
            if let Some(score) = result.score(Side::South) {
                rate(
                    app,
                    &room.meta.id,
                    &room.meta.variant,
                    at,
                    [south, north],
                    score,
                )?;
            }
        }
    }
    Ok(())
}

/// Updates both players' ratings in `variant` after a game South scored `score` in.
fn rate(
    app: &App,
    game: &str,
    variant: &str,
    at_ms: i64,
    players: [&String; 2],
    score: f64,
) -> Result<(), StoreError> {
    let store = app.hub.store();
    let current = |p: &str| -> Result<RatingRow, StoreError> {
        Ok(store
            .ratings(p)?
            .into_iter()
            .find(|(v, _)| v == variant)
            .map_or(
                RatingRow {
                    rating: glicko::START,
                    games: 0,
                },
                |(_, r)| r,
            ))
    };
    let (s, n) = (current(players[0])?, current(players[1])?);
    let s2 = glicko::update(s.rating, &[(n.rating, score)], glicko::TAU);
    let n2 = glicko::update(n.rating, &[(s.rating, 1.0 - score)], glicko::TAU);
    store.rate(
        game,
        variant,
        at_ms,
        &[
            (
                players[0].clone(),
                RatingRow {
                    rating: s2,
                    games: s.games + 1,
                },
            ),
            (
                players[1].clone(),
                RatingRow {
                    rating: n2,
                    games: n.games + 1,
                },
            ),
        ],
    )
}

/// Called when game `id`'s deadline comes: ends it on time if the side to move has no time
/// left, or arms the timer again for its real deadline.
pub(crate) async fn check_flag(app: Arc<App>, id: Arc<str>) {
    let Ok(room) = room(&app, &id).await else {
        return;
    };
    // The game is held, as by a move (see `crate::play`).
    let turn = Arc::clone(&room);
    let _turn = turn.turn.lock().await;
    let _ = tokio::task::spawn_blocking(move || {
        // Another instance sharing the store may have moved meanwhile.
        let _ = app.hub.refresh(&room);
        let store = app.hub.store();
        // Of the instances sharing the store, the lease holder ends the game on time; the
        // others look again once a lease would have lapsed (in case the holder died).
        if store.shared() && !room.lock().is_over() && !matches!(store.hold_lease(&id), Ok(true)) {
            let ttl = i64::try_from(crate::store::LEASE_TTL.as_millis()).unwrap_or(3000);
            app.timers.arm(&id, now_ms() + ttl);
            return;
        }
        let mut live = room.lock();
        flag_if_out_of_time(&app, &room, &mut live);
    })
    .await;
}

/// Ends the game on time if the side to move has run out (answers true then); otherwise arms
/// the timer for its deadline.
pub(crate) fn flag_if_out_of_time(app: &App, room: &Room, live: &mut Live) -> bool {
    if live.is_over() {
        return false;
    }
    let Some(clock) = live.clock else {
        return false;
    };
    let Some(side) = live.game.state().to_move else {
        return false;
    };
    let now = now_ms();
    if clock.remaining(Some(side), now)[side.index()] > 0 {
        app.timers.arm(&room.meta.id, clock.deadline(side));
        return false;
    }
    let ending = Ending {
        result: GameResult::Winner(side.opponent()),
        reason: "time".into(),
        at_ms: now.min(clock.deadline(side)),
    };
    if conclude(app, room, live, ending).is_err() {
        // Try again shortly.
        app.timers.arm(&room.meta.id, now + 1000);
    }
    true
}
