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
