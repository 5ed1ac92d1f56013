//! The presets as the API lists them (`GET /api/variants`), built once, and the UI's messages
//! per language (`GET /api/i18n/{lang}`).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::app::App;
use crate::http::error::ApiError;

/// `GET /api/i18n/{lang}`: the browser's messages in `lang` (`auto`: the request's language).
pub(crate) async fn messages(Path(lang): Path<String>) -> Response {
    match crate::http::lang::browser_messages(&lang) {
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
