//! Errors: the API's JSON error responses and the server's typed errors.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

pub use crate::store::error::StoreError;

/// An error answered to a client: a status and a JSON body `{"error": CODE, "message": TEXT}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (always 4xx for anything a client can cause).
    pub status: StatusCode,
    /// A stable machine-readable code, e.g. `"illegal_move"`.
    pub code: &'static str,
    /// What is wrong, in words.
    pub message: String,
    /// Extra fields merged into the body (e.g. the legal moves after an illegal one).
    pub details: Option<serde_json::Value>,
}

impl ApiError {
    /// A new error.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            details: None,
        }
    }

    /// 400 with `code`.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// 404 with `code`.
    pub fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, code, message)
    }

    /// 404 for an unknown game.
    pub fn no_game() -> Self {
        Self::not_found("no_such_game", "no game with this id")
    }

    /// Adds extra fields to the body.
    #[must_use]
    pub fn with(mut self, details: serde_json::Value) -> Self {
        self.details = Some(details);
        self
    }

    /// The JSON body.
    pub fn body(&self) -> serde_json::Value {
        let message =
            crate::http::lang::localize_error(self.code, &self.message, self.details.as_ref());
        let mut body = json!({ "error": self.code, "message": message });
        // An illegal move's stable reason, also in the request's language.
        if let Some(reason) = self
            .details
            .as_ref()
            .and_then(|d| d.get("reason"))
            .and_then(|r| r.as_str())
        {
            body["reason_text"] = crate::http::lang::localize_reason(reason).into();
        }
        if let (Some(serde_json::Value::Object(extra)), serde_json::Value::Object(m)) =
            (&self.details, &mut body)
        {
            for (k, v) in extra {
                m.insert(k.clone(), v.clone());
            }
        }
        body
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        if let StoreError::Conflict(_) = e {
            return ApiError::new(
                StatusCode::CONFLICT,
                "stale",
                "the game changed meanwhile: reload",
            );
        }
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "storage",
            format!("storage failed: {e}"),
        )
    }
}

impl From<HubError> for ApiError {
    fn from(e: HubError) -> Self {
        match e {
            HubError::Store(e) => e.into(),
            HubError::Full { .. } => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_games",
                e.to_string(),
            ),
        }
    }
}

impl From<crate::http::limit::Refused> for ApiError {
    fn from(e: crate::http::limit::Refused) -> Self {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_connections",
            e.to_string(),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, axum::Json(self.body())).into_response();
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        r
    }
}

// The errors below show their cause in their own message (the API and the logs print one
// message), so they do not return it from `source()` as well: a chain printer would show it twice.

/// A game's room could not be had.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    /// The store failed.
    #[error("storage failed: {0}")]
    Store(StoreError),
    /// Every room the server keeps in memory is in use.
    #[error("all {max_rooms} games the server keeps in memory are in use; try again shortly")]
    Full {
        /// How many rooms it keeps.
        max_rooms: usize,
    },
}

impl From<StoreError> for HubError {
    fn from(e: StoreError) -> Self {
        HubError::Store(e)
    }
}

/// The server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database could not be opened or migrated.
    #[error("database: {0}")]
    Store(StoreError),
    /// Binding the address or serving failed.
    #[error("network: {0}")]
    Io(std::io::Error),
    /// The cap on WebSockets is above what the open-file limit allows.
    #[error(
        "--max-websockets {asked} is more than the open-file limit allows: the limit is {limit} \
         (the soft limit raised to the hard one), of which {} are kept for the listener, the \
         database and ordinary requests; give --max-websockets {allowed} or less, or raise the \
         hard limit (`ulimit -Hn`, LimitNOFILE= in a systemd unit)",
        limit.saturating_sub(*allowed as u64)
    )]
    FileLimit {
        /// The cap asked for.
        asked: usize,
        /// The most the limit allows.
        allowed: usize,
        /// The open-file limit.
        limit: u64,
    },
}

impl From<StoreError> for ServerError {
    fn from(e: StoreError) -> Self {
        ServerError::Store(e)
    }
}

impl From<std::io::Error> for ServerError {
    fn from(e: std::io::Error) -> Self {
        ServerError::Io(e)
    }
}

/// The result of a handler or of the work it shares.
pub(crate) type ApiResult<T> = Result<T, ApiError>;
