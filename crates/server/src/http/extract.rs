//! The extractors and answers the handlers share: a game's room from the path, JSON bodies
//! (with the client's address), 201 Created.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::Value;

use crate::app::App;
use crate::http::error::ApiError;
use crate::http::error::ApiResult;
use crate::round::find::room;
use crate::round::room::Room;

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
