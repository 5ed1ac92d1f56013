//! HTTP: the router ([`router`]) with its middleware, the extractors and the error type the
//! handlers share, connection handling ([`conn`]), limits, and the pages served as HTML.

pub mod assets;
pub mod body;
pub mod conn;
pub mod cookies;
pub mod error;
pub mod extract;
pub mod html;
pub mod lang;
pub mod limit;
pub mod middleware;
pub mod pages;
pub mod routes;
pub mod variants;

use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::accounts::{self, settings};
use crate::app::{App, Config};
use crate::http::error::{ApiError, StoreError};
use crate::http::middleware::{harden, log_request, same_origin};

/// The OpenAPI description of the API.
pub const OPENAPI: &str = include_str!("../openapi.json");

/// The router: the API under `/api`, the UI everywhere else.
pub fn router(app: Arc<App>, config: &Config) -> Router {
    let api = routes::api_router().fallback(api_not_found);
    routes::root_router()
        .nest("/api", api)
        .route("/", get(index))
        .route("/g/{id}", get(index_for_game))
        .route("/analysis", get(index))
        .route("/editor", get(index))
        .route("/players/{name}", get(index_for_game))
        .route("/leaderboard", get(index))
        .route("/archive", get(index))
        .route("/puzzles", get(index))
        .route("/learn", get(index))
        .route("/learn/{game}", get(index_for_game))
        .route("/learn/{game}/{stage}", get(index_for_stage))
        .route("/tournaments", get(index))
        .route("/tournaments/{id}", get(index_for_game))
        .route("/assets/{name}", get(asset))
        .route(
            "/signup",
            get(accounts::pages::signup_page).post(accounts::pages::signup_form),
        )
        .route(
            "/login",
            get(accounts::pages::login_page).post(accounts::pages::login_form),
        )
        .route(
            "/logout",
            get(accounts::pages::logout_page).post(accounts::pages::logout_form),
        )
        .route("/rules", get(pages::rules_index))
        .route("/i18n", get(pages::languages_page))
        .route("/rules/{name}", get(pages::rules_page))
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(body::BodyRules {
                limit: config.body_limit,
                timeout: std::time::Duration::from_secs(config.body_timeout_secs.max(1)),
            }),
            body::read_body,
        ))
        .layer(axum::middleware::from_fn(same_origin))
        .layer(axum::middleware::from_fn(harden))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            settings::middleware,
        ))
        .layer(DefaultBodyLimit::max(config.body_limit))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            log_request,
        ))
        .with_state(app)
}

/// How long `GET /api/health` waits for the store to answer.
const HEALTH_STORE_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// `GET /api/health`: 200, or 503 while the store does not answer (see [`App::health`]).
async fn health(State(app): State<Arc<App>>) -> Response {
    let store = app.hub.shared_store();
    let asked = tokio::task::spawn_blocking(move || store.reachable());
    let store = match tokio::time::timeout(HEALTH_STORE_WAIT, asked).await {
        Ok(Ok(answer)) => answer,
        Ok(Err(e)) => Err(StoreError::Io(std::io::Error::other(e.to_string()))),
        Err(_) => Err(StoreError::Io(std::io::Error::other(format!(
            "no answer within {} s",
            HEALTH_STORE_WAIT.as_secs()
        )))),
    };
    let status = if store.is_ok() {
        axum::http::StatusCode::OK
    } else {
        axum::http::StatusCode::SERVICE_UNAVAILABLE
    };
    (status, axum::Json(app.health(&store))).into_response()
}

/// `GET /metrics`: every metric in the Prometheus text exposition (OpenMetrics), for a scraper.
async fn metrics(State(app): State<Arc<App>>) -> Response {
    (
        [
            (header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE),
            (header::CACHE_CONTROL, "no-store"),
        ],
        app.metrics_text(),
    )
        .into_response()
}

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

/// The UI's page, marked with the request's language (its texts come from `/api/i18n/auto`).
async fn index() -> Response {
    let page = String::from_utf8_lossy(assets::INDEX).replacen(
        "<html lang=\"en\">",
        &format!("<html lang=\"{}\">", lang::current()),
        1,
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

/// The page of a game, a player or a tournament: the UI reads the path.
async fn index_for_game(Path(_id): Path<String>) -> Response {
    index().await
}

/// The page of a lesson's stage (`/learn/{game}/{stage}`).
async fn index_for_stage(Path(_ids): Path<(String, String)>) -> Response {
    index().await
}

async fn asset(Path(name): Path<String>) -> Response {
    match assets::find(&name) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            a.bytes,
        )
            .into_response(),
        None => not_found().await,
    }
}

async fn api_not_found() -> Response {
    ApiError::not_found("not_found", "no such endpoint").into_response()
}

async fn not_found() -> Response {
    ApiError::not_found("not_found", "not found").into_response()
}
