//! The lobby: open seeks and direct challenges, listed live to every home page over a
//! WebSocket (`GET /api/lobby/ws`).
//!
//! A seek is an offer to play (preset and rule options, time control, rated or casual, the side
//! its owner takes); accepting it starts a game between the two accounts, announced to both
//! over the lobby socket (`{"type": "game", ...}`). A challenge is a seek addressed to one player
//! by name: only he can accept (or decline) it. Seeks live in memory only. A seek disappears
//! when its owner cancels it, logs out, or leaves: his last lobby socket closes and he does not
//! come back within [`LEAVE_GRACE`] (a page reload keeps his seeks); and in any case after the
//! seek lifetime ([`crate::Config::seek_ttl_secs`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use axum::Json;
use mancala_core::variant::Variant;
use mancala_core::Side;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::broadcast;

use crate::accounts::require_player;
use crate::api::parse_rules;
use crate::clock::{now_ms, TimeControl};
use crate::error::ApiError;
use crate::service::{blocking, created, parse_body, random_hex, random_u64, ApiResult, ID_BYTES};
use crate::store::{GameMeta, Mode};
use crate::App;

/// How long an owner may be away (no lobby socket) before his seeks go.
pub const LEAVE_GRACE: Duration = Duration::from_secs(5);
/// Most open seeks per player ...
pub const MAX_SEEKS_PER_PLAYER: usize = 10;
/// ... and in all.
pub const MAX_SEEKS: usize = 5000;
const CHANNEL_DEPTH: usize = 64;

/// One open seek or challenge.
#[derive(Clone, Debug)]
pub struct Seek {
    /// Its id.
    pub id: String,
    /// Who offers to play.
    pub owner: Arc<str>,
    /// The preset.
    pub variant: String,
    /// Rule options on top of the preset.
    pub rules: Vec<(String, String)>,
    /// The time control (`None`: untimed).
    pub clock: Option<TimeControl>,
    /// Rated or casual.
    pub rated: bool,
    /// The side the owner takes; `None` for random.
    pub side: Option<Side>,
    /// For a challenge: the only player who may accept.
    pub to: Option<String>,
    /// The owner's rating in this preset, for the list.
    pub rating: Option<(f64, bool)>,
    created: Instant,
    created_ms: i64,
}

impl Seek {
    fn json(&self) -> Value {
        json!({
            "id": self.id,
            "owner": &*self.owner,
            "variant": self.variant,
            "rules": self.rules.iter().map(|(k, v)| (k.clone(), json!(v))).collect::<serde_json::Map<_, _>>(),
            "clock": self.clock.map(TimeControl::to_json),
            "time_control": self.clock.map_or_else(|| "untimed".to_string(), TimeControl::label),
            "rated": self.rated,
            "side": self.side.map_or("random", Side::name),
            "to": self.to,
            "rating": self.rating.map(|(r, _)| r.round()),
            "provisional": self.rating.map(|(_, p)| p),
            "created_ms": self.created_ms,
        })
    }
}

/// The open seeks and the lobby's watchers.
pub struct Lobby {
    seeks: Mutex<Vec<Seek>>,
    present: Mutex<HashMap<Arc<str>, usize>>,
    tx: broadcast::Sender<Utf8Bytes>,
    ttl: Duration,
}

impl std::fmt::Debug for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lobby")
    }
}

impl Lobby {
    /// An empty lobby whose seeks last at most `ttl`.
    #[must_use]
    pub fn new(ttl: Duration) -> Lobby {
        Lobby {
            seeks: Mutex::new(Vec::new()),
            present: Mutex::new(HashMap::new()),
            tx: broadcast::channel(CHANNEL_DEPTH).0,
            ttl,
        }
    }

    fn seeks(&self) -> std::sync::MutexGuard<'_, Vec<Seek>> {
        self.seeks.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The open seeks, oldest first, as JSON.
    #[must_use]
    pub fn list(&self) -> Value {
        Value::Array(self.seeks().iter().map(Seek::json).collect())
    }

    /// Open seeks.
    #[must_use]
    pub fn len(&self) -> usize {
        self.seeks().len()
    }

    /// True when no seek is open.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn push(&self, msg: Value) {
        let _ = self.tx.send(Utf8Bytes::from(msg.to_string()));
    }

    fn publish_seeks(&self) {
        self.push(json!({ "type": "seeks", "seeks": self.list() }));
    }

    fn add(&self, seek: Seek) -> ApiResult<()> {
        {
            let mut seeks = self.seeks();
            if seeks.len() >= MAX_SEEKS {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "lobby_full",
                    "the lobby is full; try again shortly",
                ));
            }
            if seeks.iter().filter(|s| s.owner == seek.owner).count() >= MAX_SEEKS_PER_PLAYER {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too_many_seeks",
                    format!("at most {MAX_SEEKS_PER_PLAYER} open seeks per player"),
                ));
            }
            seeks.push(seek);
        }
        self.publish_seeks();
        Ok(())
    }

    /// Removes the seeks that match `pred`; answers how many.
    fn remove_where(&self, pred: impl Fn(&Seek) -> bool) -> usize {
        let n = {
            let mut seeks = self.seeks();
            let before = seeks.len();
            seeks.retain(|s| !pred(s));
            before - seeks.len()
        };
        if n > 0 {
            self.publish_seeks();
        }
        n
    }

    /// The owner left (logged out, or his last lobby socket closed): his seeks go.
    pub fn owner_left(&self, owner: &str) {
        self.remove_where(|s| &*s.owner == owner);
    }

    /// Drops the seeks older than the lifetime; answers how many.
    pub fn expire(&self, now: Instant) -> usize {
        let ttl = self.ttl;
        self.remove_where(|s| now.saturating_duration_since(s.created) >= ttl)
    }

    /// Announces a game started from the lobby (or a rematch) to its players' lobby sockets.
    pub fn game_started(&self, game: &str, players: &[Option<String>; 2]) {
        self.push(json!({
            "type": "game",
            "game": game,
            "players": { "south": players[0], "north": players[1] },
        }));
    }

    fn arrive(&self, who: &Arc<str>) {
        *self
            .present
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(Arc::clone(who))
            .or_insert(0) += 1;
    }

    /// One lobby socket of `who` closed; answers true when it was his last.
    fn depart(&self, who: &Arc<str>) -> bool {
        let mut present = self.present.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(n) = present.get_mut(who) else {
            return true;
        };
        *n -= 1;
        if *n == 0 {
            present.remove(who);
            true
        } else {
            false
        }
    }

    fn is_present(&self, who: &str) -> bool {
        self.present
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains_key(who)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeekRequest {
    variant: String,
    #[serde(default)]
    rules: Option<serde_json::Map<String, Value>>,
    #[serde(default)]
    clock: Value,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    to: Option<String>,
}

async fn new_seek(
    app: &Arc<App>,
    headers: &HeaderMap,
    body: &Bytes,
    challenge: bool,
) -> ApiResult<Response> {
    let owner = require_player(app, headers).await?;
    let req: SeekRequest = parse_body(headers, body)?;
    crate::api::check_word("variant", &req.variant)?;
    let variant = Variant::from_name(&req.variant)
        .map_err(|e| ApiError::bad_request("unknown_variant", e.to_string()))?;
    let rules = parse_rules(req.rules.as_ref())?;
    variant
        .new_game(&rules, None)
        .map_err(|e| ApiError::bad_request("bad_setup", e.to_string()))?;
    let clock =
        TimeControl::from_json(&req.clock).map_err(|m| ApiError::bad_request("bad_clock", m))?;
    let side = match req.side.as_deref() {
        None | Some("random") => None,
        Some("south") => Some(Side::South),
        Some("north") => Some(Side::North),
        Some(s) => {
            return Err(ApiError::bad_request(
                "bad_side",
                format!("unknown side {s:?} (expected south, north or random)"),
            ))
        }
    };
    let to = match (challenge, req.to) {
        (true, None) => {
            return Err(ApiError::bad_request(
                "bad_field",
                "a challenge names its player: \"to\"",
            ))
        }
        (_, to) => to,
    };
    let id = random_hex(ID_BYTES)?;
    let (app2, owner2, vname, to2) = (
        Arc::clone(app),
        Arc::clone(&owner),
        variant.name().to_string(),
        to.clone(),
    );
    let (rating, to) = blocking(move || {
        let store = app2.hub.store();
        let to = match to2 {
            None => None,
            Some(name) => {
                let p = store.player(&name)?.ok_or_else(|| {
                    ApiError::new(
                        StatusCode::NOT_FOUND,
                        "no_such_player",
                        format!("no player named {name:?}"),
                    )
                })?;
                if p.name == *owner2 {
                    return Err(ApiError::bad_request(
                        "self_challenge",
                        "you cannot challenge yourself",
                    ));
                }
                Some(p.name)
            }
        };
        let rating = store
            .ratings(&owner2)?
            .into_iter()
            .find(|(v, _)| *v == vname)
            .map(|(_, r)| (r.rating.rating, r.rating.provisional()));
        Ok((rating.or(Some((crate::glicko::START.rating, true))), to))
    })
    .await?;
    app.lobby.add(Seek {
        id: id.clone(),
        owner,
        variant: variant.name().to_string(),
        rules,
        clock,
        rated: req.rated,
        side,
        to,
        rating,
        created: Instant::now(),
        created_ms: now_ms(),
    })?;
    Ok(created(&json!({ "id": id }), &format!("/api/seeks/{id}")))
}

/// `POST /api/seeks` (signed in) → 201 `{"id"}`; with `CHALLENGE`, `POST /api/challenges`
/// (signed in) `{"to": NAME, ...seek}` → 201 `{"id"}`.
pub(crate) async fn post_seek<const CHALLENGE: bool>(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Response> {
    new_seek(&app, &headers, &body, CHALLENGE).await
}

/// `GET /api/seeks`: the open seeks and challenges, oldest first.
pub(crate) async fn get_seeks(State(app): State<Arc<App>>) -> Json<Value> {
    Json(app.lobby.list())
}

fn no_seek() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_such_seek",
        "no open seek with this id (taken, cancelled or expired)",
    )
}

/// `POST /api/seeks/{id}/accept` (signed in) → `{"game": ID}`: starts the game.
pub(crate) async fn accept_seek(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let me = require_player(&app, &headers).await?;
    let seek = {
        let mut seeks = app.lobby.seeks();
        let i = seeks.iter().position(|s| s.id == id).ok_or_else(no_seek)?;
        let s = &seeks[i];
        if s.owner == me {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "own_seek",
                "you cannot accept your own seek",
            ));
        }
        if s.to.as_deref().is_some_and(|to| to != &*me) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "not_for_you",
                "this challenge is for another player",
            ));
        }
        seeks.remove(i)
    };
    app.lobby.publish_seeks();
    let owner_side = match seek.side {
        Some(s) => s,
        None => {
            if random_u64()? & 1 == 0 {
                Side::South
            } else {
                Side::North
            }
        }
    };
    let mut players = [None, None];
    players[owner_side.index()] = Some(seek.owner.to_string());
    players[owner_side.opponent().index()] = Some(me.to_string());
    let variant = Variant::from_name(&seek.variant)
        .map_err(|e| ApiError::bad_request("unknown_variant", e.to_string()))?;
    let game = variant
        .new_game(&seek.rules, None)
        .map_err(|e| ApiError::bad_request("bad_setup", e.to_string()))?;
    let now = now_ms();
    let game_id = random_hex(ID_BYTES)?;
    let meta = GameMeta {
        id: game_id.clone(),
        variant: seek.variant.clone(),
        rules: seek.rules.clone(),
        position: None,
        mode: Mode::Online,
        computer: None,
        level: 1,
        seed: random_u64()?,
        token_hashes: [None, None],
        created: now / 1000,
        players: players.clone(),
        rated: seek.rated,
        clock: seek.clock,
        started_ms: now,
    };
    let app2 = Arc::clone(&app);
    blocking(move || crate::api::open_game(&app2, meta, game).map(drop)).await?;
    app.lobby.game_started(&game_id, &players);
    Ok(Json(
        json!({ "game": game_id, "players": { "south": players[0], "north": players[1] } }),
    ))
}

/// Removes seek `id` if `me` may: its owner cancels, or the challenged player declines.
async fn withdraw(
    app: Arc<App>,
    id: String,
    headers: HeaderMap,
    decline: bool,
) -> ApiResult<Json<Value>> {
    let me = require_player(&app, &headers).await?;
    {
        let seeks = app.lobby.seeks();
        let s = seeks.iter().find(|s| s.id == id).ok_or_else(no_seek)?;
        let allowed = if decline {
            s.to.as_deref() == Some(&*me)
        } else {
            s.owner == me
        };
        if !allowed {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "not_yours",
                if decline {
                    "only the challenged player can decline"
                } else {
                    "only its owner can cancel a seek"
                },
            ));
        }
    }
    app.lobby.remove_where(|s| s.id == id);
    Ok(Json(json!({ "id": id, "removed": true })))
}

/// `DELETE /api/seeks/{id}` or `POST /api/seeks/{id}/cancel`: the owner cancels; with
/// `DECLINE`, `POST /api/seeks/{id}/decline`: the challenged player declines.
pub(crate) async fn withdraw_seek<const DECLINE: bool>(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    withdraw(app, id, headers, DECLINE).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LobbyQuery {
    #[serde(default)]
    token: Option<String>,
}

/// `GET /api/lobby/ws[?token=SESSION]`: the seeks now (`{"type": "seeks", "seeks": [...]}`) and
/// after every change, and `{"type": "game", "game", "players"}` when a game starts. A signed-in
/// watcher (cookie or `token`) keeps his seeks open while connected.
pub(crate) async fn lobby_ws(
    State(app): State<Arc<App>>,
    Query(q): Query<LobbyQuery>,
    mut headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> ApiResult<Response> {
    crate::api::check_websocket_key(&headers)?;
    if let Some(t) = q.token.filter(|t| !t.is_empty() && t.len() <= 128) {
        if let Ok(v) = HeaderValue::from_str(&format!("Bearer {t}")) {
            headers.insert(header::AUTHORIZATION, v);
        }
    }
    let who = crate::accounts::current_player(&app, &headers).await?;
    let admitted = app
        .connections
        .admit_to(&app.lobby_watchers, app.max_lobby_watchers)?;
    Ok(upgrade
        .max_message_size(4096)
        .on_upgrade(move |socket| async move {
            if let Some(w) = &who {
                app.lobby.arrive(w);
            }
            watch(socket, &app).await;
            drop(admitted);
            if let Some(w) = who {
                if app.lobby.depart(&w) {
                    tokio::time::sleep(LEAVE_GRACE).await;
                    if !app.lobby.is_present(&w) {
                        app.lobby.owner_left(&w);
                    }
                }
            }
        }))
}

async fn watch(mut socket: WebSocket, app: &Arc<App>) {
    let mut rx = app.lobby.tx.subscribe();
    let hello = json!({ "type": "seeks", "seeks": app.lobby.list() }).to_string();
    if socket.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(Duration::from_secs(30));
    ping.tick().await;
    loop {
        tokio::select! {
            msg = rx.recv() => {
                let text = match msg {
                    Ok(t) => t,
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        Utf8Bytes::from(json!({ "type": "seeks", "seeks": app.lobby.list() }).to_string())
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                };
                let sent = tokio::time::timeout(Duration::from_secs(10), socket.send(Message::Text(text))).await;
                if !matches!(sent, Ok(Ok(()))) {
                    return;
                }
            }
            incoming = socket.recv() => {
                if matches!(incoming, Some(Ok(Message::Close(_)) | Err(_)) | None) {
                    return;
                }
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Bytes::new())).await.is_err() {
                    return;
                }
            }
        }
    }
}
