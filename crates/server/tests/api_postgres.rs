//! The tests of `api.rs`, each against a fresh database in a throw-away PostgreSQL cluster
//! (see the `mancala-test-postgres` crate) instead of SQLite.

#[path = "api.rs"]
mod suite;

use std::sync::Arc;

use mancala_server::{Config, EngineBrain};
use mancala_test_client::Client;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_says_so_while_the_database_is_down() {
    let cluster = mancala_test_postgres::Cluster::start();
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: None,
        postgres: Some(cluster.fresh_database()),
        ..Config::default()
    };
    let bound = mancala_server::bind(&config, Arc::new(EngineBrain))
        .await
        .unwrap();
    let addr = bound.local_addr().unwrap();
    tokio::spawn(bound.serve(std::future::pending()));
    let mut c = Client::new(addr);
    let r = c.get("/api/health").await.unwrap();
    assert_eq!(r.status, 200);
    let h = r.json();
    assert_eq!(
        (&h["status"], &h["store"]),
        (&"ok".into(), &"ok".into()),
        "{h}"
    );
    assert!(h.get("reason").is_none(), "{h}");
    // The cluster stopped (and removed): the server still answers, and says its database
    // does not.
    drop(cluster);
    let r = c.get("/api/health").await.unwrap();
    assert_eq!(r.status, 503);
    let h = r.json();
    assert_eq!(h["status"], "unavailable", "{h}");
    assert_eq!(h["store"], "unreachable", "{h}");
    assert!(h["reason"].as_str().unwrap().starts_with("postgres"), "{h}");
    assert!(h["games_in_memory"].is_u64(), "{h}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_that_falls_while_the_database_is_down_ends_the_game_on_time() {
    let cluster = mancala_test_postgres::Cluster::start();
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: None,
        postgres: Some(cluster.fresh_database()),
        ..Config::default()
    };
    let bound = mancala_server::bind(&config, Arc::new(EngineBrain))
        .await
        .unwrap();
    let addr = bound.local_addr().unwrap();
    tokio::spawn(bound.serve(std::future::pending()));
    let mut c = Client::new(addr);
    let body = serde_json::json!({"variant": "oware", "mode": "online",
        "clock": {"initial_ms": 1500, "increment_ms": 0}});
    let created = c.post_json("/api/games", &body, None).await.unwrap().json();
    let id = created["id"].as_str().unwrap().to_string();
    let seat = |side: &str| created["seats"][side].as_str().unwrap().to_string();
    let (south, north) = (seat("south"), seat("north"));
    let moves = format!("/api/games/{id}/moves");
    let mv = serde_json::json!({"move": "C"});
    let r = c.post_json(&moves, &mv, Some(&south)).await.unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    // The database goes away, and North's time runs out meanwhile.
    drop(cluster);
    tokio::time::sleep(std::time::Duration::from_millis(2000)).await;
    let mv = serde_json::json!({"move": "d"});
    let r = c.post_json(&moves, &mv, Some(&north)).await.unwrap();
    assert_eq!(r.status, 409, "{}", r.text());
    let body = r.json();
    assert_eq!(body["error"], "game_over", "{body}");
    assert_eq!(body["reason"], "time", "{body}");
}
