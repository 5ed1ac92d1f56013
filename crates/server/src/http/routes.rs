//! The API's route table: every route under `/api`, its method and its handler, in one list
//! that both builds the router ([`super::router`]) and lists its routes ([`api_routes`]), so a
//! test can check that the OpenAPI document describes each; and the operator's `GET /metrics`
//! ([`root_table`]) likewise.

use std::sync::Arc;

use axum::handler::Handler;
use axum::http::Method;
use axum::routing::{on, MethodFilter, MethodRouter};
use axum::Router;

use crate::accounts::{self, settings};
use crate::analysis::{board, game as analysis, puzzles};
use crate::app::App;
use crate::learn::lessons as learn;
use crate::learn::progress;
use crate::lobby::api as lobby;
use crate::round::{api, archive, play, setup};
use crate::tournament::api as tournaments;

/// One route of the API: its method, its path under `/api`, and its handler.
struct ApiRoute {
    method: Method,
    path: &'static str,
    handler: MethodRouter<Arc<App>>,
}

/// The route answering `method` on `path` with `handler`.
fn route<H, T>(method: Method, path: &'static str, handler: H) -> ApiRoute
where
    H: Handler<T, Arc<App>>,
    T: 'static,
{
    // The table names only the standard methods, each of which has its filter.
    let filter = MethodFilter::try_from(method.clone()).expect("a standard HTTP method");
    ApiRoute {
        method,
        path,
        handler: on(filter, handler),
    }
}

/// Every route of the API, paths relative to `/api`.
fn table() -> Vec<ApiRoute> {
    use Method as M;
    vec![
        route(M::GET, "/variants", super::variants::variants),
        route(M::GET, "/i18n/{lang}", super::variants::messages),
        route(M::GET, "/puzzles", puzzles::list),
        route(M::GET, "/puzzles/random", puzzles::random),
        route(M::GET, "/puzzles/{id}", puzzles::one),
        route(M::GET, "/puzzles/{id}/refutation", puzzles::refutation),
        route(M::GET, "/learn", learn::index),
        route(M::GET, "/learn/progress", progress::get),
        route(M::POST, "/learn/progress", progress::post),
        route(M::GET, "/learn/{game}/{stage}/{step}", learn::step),
        route(
            M::POST,
            "/learn/{game}/{stage}/{step}/moves",
            learn::post_move,
        ),
        route(M::GET, "/openapi.json", super::openapi),
        route(M::POST, "/games", setup::create_game),
        route(M::GET, "/games", archive::search),
        route(M::GET, "/games/live", archive::live),
        route(M::POST, "/positions", board::positions),
        route(M::POST, "/analysis", board::analysis),
        route(M::POST, "/analysis/prove", board::prove),
        route(M::GET, "/games/{id}", api::get_game),
        route(M::POST, "/games/{id}/moves", api::post_move),
        route(M::POST, "/games/{id}/resign", play::resign),
        route(M::POST, "/games/{id}/abort", play::abort),
        route(M::POST, "/games/{id}/offer", play::offer),
        route(M::POST, "/games/{id}/offer/accept", play::offer_accept),
        route(M::POST, "/games/{id}/offer/decline", play::offer_decline),
        route(M::POST, "/games/{id}/rematch", play::rematch),
        route(M::POST, "/players", accounts::api::post_player),
        route(M::GET, "/players/me", accounts::api::get_me),
        route(M::PATCH, "/players/me", settings::patch_me),
        route(M::GET, "/players/{name}", accounts::api::get_player),
        route(M::POST, "/session", accounts::api::post_session),
        route(M::GET, "/session", accounts::api::get_session),
        route(M::DELETE, "/session", accounts::api::delete_session),
        route(M::POST, "/session/logout", accounts::api::delete_session),
        route(M::POST, "/seeks", lobby::post_seek::<false>),
        route(M::GET, "/seeks", lobby::get_seeks),
        route(M::DELETE, "/seeks/{id}", lobby::withdraw_seek::<false>),
        route(M::POST, "/seeks/{id}/accept", lobby::accept_seek),
        route(M::POST, "/seeks/{id}/cancel", lobby::withdraw_seek::<false>),
        route(M::POST, "/seeks/{id}/decline", lobby::withdraw_seek::<true>),
        route(M::POST, "/challenges", lobby::post_seek::<true>),
        route(M::GET, "/lobby/ws", lobby::lobby_ws),
        route(M::GET, "/leaderboard/{variant}", archive::leaderboard),
        route(M::POST, "/games/{id}/undo", api::undo),
        route(M::GET, "/games/{id}/analysis", analysis::analysis),
        route(M::GET, "/games/{id}/evaluations", analysis::evaluations),
        route(M::GET, "/games/{id}/record", api::record),
        route(M::GET, "/games/{id}/ws", api::ws),
        route(M::GET, "/health", super::health),
        route(M::POST, "/tournaments", tournaments::create),
        route(M::GET, "/tournaments", tournaments::list),
        route(M::GET, "/tournaments/{id}", tournaments::get),
        route(M::POST, "/tournaments/{id}/join", tournaments::join),
        route(M::POST, "/tournaments/{id}/withdraw", tournaments::withdraw),
        route(M::POST, "/tournaments/{id}/pause", tournaments::pause),
        route(M::POST, "/tournaments/{id}/start", tournaments::start),
        route(
            M::POST,
            "/tournaments/{id}/players",
            tournaments::add_player,
        ),
        route(M::POST, "/tournaments/{id}/rounds", tournaments::pair_round),
        route(
            M::PUT,
            "/tournaments/{id}/rounds/{n}/boards/{b}",
            tournaments::put_result,
        ),
        route(M::GET, "/tournaments/{id}/trf", tournaments::trf),
    ]
}

/// The routes outside `/api` that the OpenAPI document describes (the operator's).
fn root_table() -> Vec<ApiRoute> {
    vec![route(Method::GET, "/metrics", super::metrics)]
}

/// The router of [`root_table`]'s routes (full paths).
pub(super) fn root_router() -> Router<Arc<App>> {
    root_table()
        .into_iter()
        .fold(Router::new(), |r, route| r.route(route.path, route.handler))
}

/// The API's router (paths relative to `/api`), built from the route table.
pub(super) fn api_router() -> Router<Arc<App>> {
    table()
        .into_iter()
        .fold(Router::new(), |r, route| r.route(route.path, route.handler))
}

/// Every route of the API as its method and full path (`/api/...`, and `/metrics`), in the
/// OpenAPI document's spelling (`{id}` for a path parameter).
pub fn api_routes() -> Vec<(Method, String)> {
    table()
        .into_iter()
        .map(|r| (r.method, format!("/api{}", r.path)))
        .chain(
            root_table()
                .into_iter()
                .map(|r| (r.method, r.path.to_string())),
        )
        .collect()
}
