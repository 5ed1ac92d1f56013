//! Tournaments on three server instances sharing one PostgreSQL database: a round asked for
//! through all three at once is paired once, and an online Swiss whose games are played through
//! different instances gets each round paired exactly once, whichever instance sees its last
//! game end.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use mancala_server::{App, Config, EngineBrain};
use mancala_test_client::{Client, Reply};
use serde_json::{json, Value};

/// `n` instances on one fresh database.
async fn instances(n: usize) -> Vec<(SocketAddr, Arc<App>)> {
    let url = mancala_test_postgres::fresh_database();
    let mut out = Vec::new();
    for _ in 0..n {
        let config = Config {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: None,
            postgres: Some(url.clone()),
            db_pool: 4,
            create_burst: 1000,
            auth_burst: 1000,
            password_memory_kib: 64,
            password_passes: 1,
            ..Config::default()
        };
        let bound = mancala_server::bind(&config, Arc::new(EngineBrain))
            .await
            .unwrap();
        let addr = bound.local_addr().unwrap();
        let app = bound.app();
        tokio::spawn(bound.serve(std::future::pending()));
        out.push((addr, app));
    }
    out
}

/// Posts `body` to `path` on `addr` with `token`.
async fn post(addr: SocketAddr, path: &str, body: Value, token: &str) -> Reply {
    Client::new(addr)
        .post_json(path, &body, Some(token))
        .await
        .unwrap()
}

/// Signs up and logs in `name` through `addr`: the session token.
async fn account(addr: SocketAddr, name: &str) -> String {
    let cred = json!({"name": name, "password": "secret-password"});
    let mut c = Client::new(addr);
    assert_eq!(
        c.post_json("/api/players", &cred, None)
            .await
            .unwrap()
            .status,
        201
    );
    let r = c.post_json("/api/session", &cred, None).await.unwrap();
    r.json()["token"].as_str().unwrap().to_string()
}

/// The tournament `id` as `addr` has it.
async fn tournament(addr: SocketAddr, id: &str) -> Value {
    let r = Client::new(addr)
        .get(&format!("/api/tournaments/{id}"))
        .await
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()
}

/// The tournament `id` on `addr` once `done` holds of it.
async fn once(addr: SocketAddr, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..600 {
        let t = tournament(addr, id).await;
        if done(&t) {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("never {what}: {}", tournament(addr, id).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_instances_pair_each_round_once() {
    let servers = instances(3).await;
    let addrs: Vec<SocketAddr> = servers.iter().map(|s| s.0).collect();
    let ama = account(addrs[0], "Ama").await;
    let body = json!({"name": "Shared", "format": "swiss", "variant": "oware", "clock": null,
                      "rated": false, "over_the_board": true, "rounds": 3});
    let r = post(addrs[1], "/api/tournaments", body, &ama).await;
    assert_eq!(r.status, 201, "{}", r.text());
    let id = r.json()["id"].as_str().unwrap().to_string();
    for (i, name) in ["Kofi", "Esi", "Yaw", "Abena", "Kwame", "Akua"]
        .iter()
        .enumerate()
    {
        let path = format!("/api/tournaments/{id}/players");
        let player = json!({"name": name, "rating": 1800 - 50 * i});
        assert_eq!(post(addrs[i % 3], &path, player, &ama).await.status, 201);
    }
    let rounds = format!("/api/tournaments/{id}/rounds");
    for round in 1..=3u64 {
        // The director asks through the three instances at once: one pairs the round, the
        // others find it paired and waiting for its results.
        let (a, b, c) = tokio::join!(
            post(addrs[0], &rounds, json!({}), &ama),
            post(addrs[1], &rounds, json!({}), &ama),
            post(addrs[2], &rounds, json!({}), &ama),
        );
        let statuses = [a.status, b.status, c.status];
        assert_eq!(
            statuses.iter().filter(|s| **s == 200).count(),
            1,
            "{statuses:?}"
        );
        assert!(
            statuses.iter().all(|s| *s == 200 || *s == 409),
            "{statuses:?}"
        );
        for addr in &addrs {
            let t = tournament(*addr, &id).await;
            assert_eq!(t["rounds"].as_array().unwrap().len() as u64, round, "{t}");
        }
        for board in 1..=3 {
            let path = format!("/api/tournaments/{id}/rounds/{round}/boards/{board}");
            let body = json!({"result": "1-0"}).to_string();
            let bearer = format!("Bearer {ama}");
            let headers = [
                ("Content-Type", "application/json"),
                ("Authorization", bearer.as_str()),
            ];
            let mut c = Client::new(addrs[board % 3]);
            let r = c
                .request("PUT", &path, &headers, body.as_bytes())
                .await
                .unwrap();
            assert_eq!(r.status, 200, "{}", r.text());
        }
    }
    assert_eq!(tournament(addrs[2], &id).await["status"], "finished");

    // Online: the games are played through different instances; each round is paired once.
    let names = ["Kofi2", "Esi2", "Yaw2", "Abena2"];
    let mut tokens = Vec::new();
    for (i, n) in names.iter().enumerate() {
        tokens.push(account(addrs[i % 3], n).await);
    }
    let body = json!({"name": "Online", "format": "swiss", "variant": "oware",
                      "clock": {"initial_ms": 600000, "increment_ms": 0}, "rated": false,
                      "over_the_board": false, "rounds": 2});
    let r = post(addrs[0], "/api/tournaments", body, &ama).await;
    let id = r.json()["id"].as_str().unwrap().to_string();
    for (i, t) in tokens.iter().enumerate() {
        let path = format!("/api/tournaments/{id}/join");
        assert_eq!(post(addrs[i % 3], &path, json!({}), t).await.status, 200);
    }
    let start = format!("/api/tournaments/{id}/start");
    assert_eq!(post(addrs[2], &start, json!({}), &ama).await.status, 200);
    let token = |name: &Value| {
        let i = names
            .iter()
            .position(|n| *n == name.as_str().unwrap())
            .unwrap();
        tokens[i].clone()
    };
    let mut games = Vec::new();
    for round in 1..=2usize {
        let t = once(addrs[round % 3], &id, "paired", |t| {
            t["rounds"].as_array().unwrap().len() == round
        })
        .await;
        let boards = t["rounds"][round - 1]["pairings"]
            .as_array()
            .unwrap()
            .clone();
        for (b, board) in boards.iter().enumerate() {
            let game = board["game"].as_str().unwrap().to_string();
            let path = format!("/api/games/{game}/resign");
            let r = post(
                addrs[(round + b) % 3],
                &path,
                json!({}),
                &token(&board["south"]),
            )
            .await;
            assert_eq!(r.status, 200, "{}", r.text());
            games.push(game);
        }
    }
    let t = once(addrs[1], &id, "finished", |t| t["status"] == "finished").await;
    assert_eq!(t["rounds"].as_array().unwrap().len(), 2, "{t}");
    // Every instance sees the same tournament, whose games are the ones played, each once.
    for addr in &addrs {
        assert_eq!(tournament(*addr, &id).await, t);
    }
    let recorded: Vec<&str> = t["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["pairings"].as_array().unwrap())
        .map(|p| p["game"].as_str().unwrap())
        .collect();
    assert_eq!(
        recorded,
        games.iter().map(String::as_str).collect::<Vec<_>>()
    );
    for name in names {
        let r = Client::new(addrs[0])
            .get(&format!("/api/games?player={name}"))
            .await
            .unwrap();
        let n = r.json()["games"].as_array().map_or(usize::MAX, Vec::len);
        assert_eq!(n, 2, "{name}: {}", r.text());
    }
}
