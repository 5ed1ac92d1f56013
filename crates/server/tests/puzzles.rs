//! The puzzle API: lists, one puzzle, a random one near a rating, and the errors.

use std::sync::Arc;

use mancala_server::{Config, EngineBrain};
use mancala_test_client::{Client, Reply};

async fn client() -> Client {
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: None,
        ..Config::default()
    };
    let bound = mancala_server::bind(&config, Arc::new(EngineBrain))
        .await
        .unwrap();
    let addr = bound.local_addr().unwrap();
    tokio::spawn(bound.serve(std::future::pending()));
    Client::new(addr)
}

fn assert_error(r: &Reply, status: u16, code: &str) {
    assert_eq!(r.status, status, "{}", r.text());
    assert_eq!(r.json()["error"], code, "{}", r.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_by_variant_id_and_rating() {
    let mut c = client().await;
    let r = c.get("/api/puzzles?variant=awari").await.unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    let list = r.json();
    let list = list.as_array().unwrap();
    let shipped = mancala_puzzles::shipped(mancala_core::variant::Variant::Awari);
    assert_eq!(list.len(), shipped.len());
    assert!(!list.is_empty());
    for p in list {
        assert_eq!(p["variant"], "awari");
        assert!(p["id"].is_string() && p["position"].is_string() && p["theme"].is_string());
        assert!(p["rating"].is_u64());
        assert!(!p["solution"].as_array().unwrap().is_empty());
    }
    let all = c.get("/api/puzzles").await.unwrap().json();
    assert!(all.as_array().unwrap().len() > list.len());

    let id = list[0]["id"].as_str().unwrap();
    let one = c.get(&format!("/api/puzzles/{id}")).await.unwrap();
    assert_eq!(one.status, 200);
    assert_eq!(one.json(), list[0]);

    let r = c
        .get("/api/puzzles/random?variant=olowuka&rating=1000")
        .await
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["variant"], "olowuka");

    assert_error(
        &c.get("/api/puzzles?variant=chess").await.unwrap(),
        400,
        "unknown_variant",
    );
    assert_error(
        &c.get("/api/puzzles/random?rating=high").await.unwrap(),
        400,
        "bad_rating",
    );
    assert_error(
        &c.get("/api/puzzles/nothing-0000000000").await.unwrap(),
        404,
        "no_such_puzzle",
    );

    let doc = c.get("/api/openapi.json").await.unwrap().json();
    for path in ["/api/puzzles", "/api/puzzles/random", "/api/puzzles/{id}"] {
        assert!(doc["paths"][path]["get"].is_object(), "{path} undocumented");
    }
    assert!(doc["components"]["schemas"]["Puzzle"]["properties"]["solution"].is_object());
}
