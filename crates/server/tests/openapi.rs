//! The OpenAPI document served at `/api/openapi.json` against the router: every route of the
//! API (method and path, from the router's own route table) is described.

use mancala_server::http::routes::api_routes;
use serde_json::Value;

mod common;
use common::server;

/// The routes of the API that `doc` does not describe, as `METHOD /path`.
fn undescribed(doc: &Value) -> Vec<String> {
    api_routes()
        .into_iter()
        .filter(|(method, path)| {
            !doc["paths"][path.as_str()][method.as_str().to_lowercase()].is_object()
        })
        .map(|(method, path)| format!("{method} {path}"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_of_the_router_is_in_the_served_document() {
    let (_, mut c) = server().await;
    let r = c.get("/api/openapi.json").await.unwrap();
    assert_eq!(r.status, 200);
    let doc = r.json();
    let routes = api_routes();
    assert!(routes.len() >= 40, "{} routes listed", routes.len());
    assert_eq!(undescribed(&doc), Vec::<String>::new());
}

#[test]
fn a_route_missing_from_the_document_is_named() {
    let mut doc: Value = serde_json::from_str(mancala_server::OPENAPI).unwrap();
    doc["paths"]["/api/games/{id}/undo"]
        .as_object_mut()
        .unwrap()
        .remove("post");
    doc["paths"]["/api/session"]
        .as_object_mut()
        .unwrap()
        .remove("delete");
    assert_eq!(
        undescribed(&doc),
        ["DELETE /api/session", "POST /api/games/{id}/undo"]
    );
}
