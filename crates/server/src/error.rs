//! Errors: the API's JSON error responses and the server's typed errors.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

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

    /// 404 for an unknown game.
    pub fn no_game() -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "no_such_game",
            "no game with this id",
        )
    }

    /// Adds extra fields to the body.
    #[must_use]
    pub fn with(mut self, details: serde_json::Value) -> Self {
        self.details = Some(details);
        self
    }

    /// The JSON body.
    pub fn body(&self) -> serde_json::Value {
        let mut body = json!({ "error": self.code, "message": self.message });
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

impl From<crate::limit::Refused> for ApiError {
    fn from(e: crate::limit::Refused) -> Self {
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

/// A storage operation failed.
#[derive(Debug)]
pub enum StoreError {
    /// The database said no.
    Sqlite(rusqlite::Error),
    /// A stored record could not be read back.
    Corrupt(String),
    /// The database's helper thread could not start.
    Io(std::io::Error),
    /// The database was written by a newer version of this program.
    TooNew {
        /// The schema version found.
        found: i64,
        /// The newest version this program knows.
        known: i64,
    },
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Sqlite(e) => write!(f, "sqlite: {e}"),
            StoreError::Corrupt(what) => write!(f, "corrupt record: {what}"),
            StoreError::Io(_) => write!(f, "could not start the checkpoint thread"),
            StoreError::TooNew { found, known } => write!(
                f,
                "database schema version {found} is newer than this program's ({known})"
            ),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Sqlite(e) => Some(e),
            StoreError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for StoreError {
    fn from(e: std::io::Error) -> Self {
        StoreError::Io(e)
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Sqlite(e)
    }
}

/// A game's room could not be had.
#[derive(Debug)]
pub enum HubError {
    /// The store failed.
    Store(StoreError),
    /// Every room the server keeps in memory is in use.
    Full {
        /// How many rooms it keeps.
        max_rooms: usize,
    },
}

impl std::fmt::Display for HubError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HubError::Store(e) => write!(f, "storage failed: {e}"),
            HubError::Full { max_rooms } => write!(
                f,
                "all {max_rooms} games the server keeps in memory are in use; try again shortly"
            ),
        }
    }
}

impl std::error::Error for HubError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HubError::Store(e) => Some(e),
            HubError::Full { .. } => None,
        }
    }
}

impl From<StoreError> for HubError {
    fn from(e: StoreError) -> Self {
        HubError::Store(e)
    }
}

/// The server could not start or stopped with an error.
#[derive(Debug)]
pub enum ServerError {
    /// The database could not be opened or migrated.
    Store(StoreError),
    /// Binding the address or serving failed.
    Io(std::io::Error),
}

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServerError::Store(e) => write!(f, "database: {e}"),
            ServerError::Io(e) => write!(f, "network: {e}"),
        }
    }
}

impl std::error::Error for ServerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ServerError::Store(e) => Some(e),
            ServerError::Io(e) => Some(e),
        }
    }
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
