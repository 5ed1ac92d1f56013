//! The lobby's handlers: seeks and challenges posted, listed, accepted (starting a game) and
//! withdrawn, and the lobby socket.

use std::sync::Arc;
use std::time::Duration;

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

use crate::accounts::api::require_player;
use crate::app::App;
use crate::http::error::ApiError;
use crate::http::error::ApiResult;
use crate::http::extract::{created, parse_body};
pub use crate::lobby::seeks::{side_named, Added, Found, MemoryBook, Seek, SeekBook};
use crate::lobby::state::LEAVE_GRACE;
use crate::round::clock::{now_ms, TimeControl};
use crate::round::setup::parse_rules;
use crate::store::{GameMeta, Mode};
use crate::work::{blocking, random_hex, random_u64, ID_BYTES};

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
    crate::round::setup::check_word("variant", &req.variant)?;
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
        Ok((
            rating.or(Some((crate::accounts::glicko::START.rating, true))),
            to,
        ))
    })
    .await?;
    app.lobby
        .add(Seek {
            id: id.clone(),
            owner,
            variant: variant.name().to_string(),
            rules,
            clock,
            rated: req.rated,
            side,
            to,
            rating,
            created_ms: now_ms(),
        })
        .await?;
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
pub(crate) async fn get_seeks(State(app): State<Arc<App>>) -> ApiResult<Json<Value>> {
    Ok(Json(app.lobby.current().await?))
}

/// `POST /api/seeks/{id}/accept` (signed in) → `{"game": ID}`: starts the game.
pub(crate) async fn accept_seek(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let me = require_player(&app, &headers).await?;
    let game_id = random_hex(ID_BYTES)?;
    let seek = app.lobby.take(&id, &me, &game_id).await?;
    let players = match start_game(&app, &seek, &me, &game_id).await {
        Ok(p) => p,
        Err(e) => {
            app.lobby.untake(&id, &game_id).await;
            return Err(e);
        }
    };
    Ok(Json(
        json!({ "game": game_id, "players": { "south": players[0], "north": players[1] } }),
    ))
}

/// Starts game `game_id` of `seek` accepted by `me` and announces it: answers its players.
async fn start_game(
    app: &Arc<App>,
    seek: &Seek,
    me: &str,
    game_id: &str,
) -> ApiResult<[Option<String>; 2]> {
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
    let meta = GameMeta {
        id: game_id.to_string(),
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
    let (app2, id, both) = (Arc::clone(app), game_id.to_string(), players.clone());
    blocking(move || {
        crate::round::setup::open_game(&app2, meta, game)?;
        app2.lobby.game_started(&id, &both);
        Ok(())
    })
    .await?;
    Ok(players)
}

/// Removes seek `id` if the caller may: its owner cancels, or the challenged player declines.
async fn withdraw(
    app: Arc<App>,
    id: String,
    headers: HeaderMap,
    decline: bool,
) -> ApiResult<Json<Value>> {
    let me = require_player(&app, &headers).await?;
    app.lobby.withdraw(&id, &me, decline).await?;
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
    extensions: axum::http::Extensions,
    mut headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> ApiResult<Response> {
    crate::http::extract::check_websocket_key(&headers)?;
    if let Some(t) = q.token.filter(|t| !t.is_empty() && t.len() <= 128) {
        if let Ok(v) = HeaderValue::from_str(&format!("Bearer {t}")) {
            headers.insert(header::AUTHORIZATION, v);
        }
    }
    let who = crate::accounts::api::current_player(&app, &headers).await?;
    let admitted = app.connections.admit_to(
        &app.lobby_watchers,
        app.max_lobby_watchers,
        crate::http::extract::client_ip(&extensions),
    )?;
    Ok(upgrade
        .max_message_size(4096)
        .on_upgrade(move |socket| async move {
            if let Some(w) = &who {
                app.lobby.arrive(w).await;
            }
            watch(socket, &app).await;
            drop(admitted);
            if let Some(w) = who {
                if app.lobby.depart(&w).await {
                    tokio::time::sleep(LEAVE_GRACE).await;
                    if !app.lobby.is_present(&w) {
                        app.lobby.owner_gone(&w).await;
                    }
                }
            }
        }))
}

async fn watch(mut socket: WebSocket, app: &Arc<App>) {
    let mut rx = app.lobby.tx.subscribe();
    // Read now (another instance may have changed the seeks a moment ago); what the store
    // cannot tell, the last list read does.
    let seeks = match app.lobby.current().await {
        Ok(list) => list,
        Err(_) => app.lobby.list(),
    };
    let hello = json!({ "type": "seeks", "seeks": seeks }).to_string();
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
