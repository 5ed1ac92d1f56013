//! API tests against a real server on a loopback port: every endpoint, bad input and wrong
//! tokens. The opponent is the real engine at level 1 (a shallow search, fast).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use mancala_core::variant::AnyGame;
use mancala_server::{App, Brain, Config, EngineBrain};
use mancala_test_client::Client;
use serde_json::{json, Value};

mod common;
use common::{
    act, assert_error, create, fetch, many, new_game, next, not_found, ok, post_anon, post_as,
    post_bytes, refused_game, server, start, start_with, wait_for, wait_until, watch,
};

/// A server with the engine and `config` that lets a client create many games, its state and a
/// client.
async fn server_with(config: Config) -> (Arc<App>, Client, SocketAddr) {
    let config = Config {
        create_burst: 1000,
        ..config
    };
    let (addr, app) = start_with(config, Arc::new(EngineBrain)).await;
    (app, Client::new(addr), addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn variants_and_openapi() {
    let (_, mut c) = server().await;
    let r = c.get("/api/variants").await.unwrap();
    assert_eq!(r.status, 200);
    let v = r.json();
    let list = v["variants"].as_array().unwrap();
    let oware = list.iter().find(|x| x["name"] == "oware").unwrap();
    assert_eq!(oware["board"], "2x6");
    assert_eq!(oware["pits_per_row"], 6);
    assert_eq!(oware["start"]["position"], "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
    assert!(!oware["options"].as_array().unwrap().is_empty());
    assert!(list.iter().any(|x| x["name"] == "abapa"));
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), usize::from(mancala_engine::MAX_LEVEL));
    assert_eq!(levels[0]["level"], 1);
    assert!(levels
        .iter()
        .all(|l| l["elo"].is_i64() && l["name"].is_string()));

    let r = c.get("/api/openapi.json").await.unwrap();
    assert_eq!(r.status, 200);
    let doc = r.json();
    assert_eq!(doc["openapi"], "3.0.3");
    for p in [
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/moves",
        "/api/games/{id}/undo",
        "/api/games/{id}/analysis",
        "/api/games/{id}/evaluations",
        "/api/games/{id}/record",
        "/api/games/{id}/ws",
        "/api/health",
    ] {
        assert!(doc["paths"][p].is_object(), "{p} undocumented");
    }
    let step = &doc["components"]["schemas"]["SowStep"];
    let kinds = step["properties"]["kind"]["enum"].as_array().unwrap();
    for k in [
        "lift",
        "stock",
        "drop",
        "capture",
        "no_capture",
        "extra_turn",
        "settle",
    ] {
        assert!(kinds.iter().any(|x| x == k), "step kind {k} undocumented");
    }
}

/// Replays `steps` on `pits`/`stores` as a front end does; returns the board and the laps seen.
fn replay_steps(steps: &Value, pits: &Value, stores: &Value) -> (Vec<u64>, Vec<u64>, u64) {
    let mut pits: Vec<u64> = serde_json::from_value(pits.clone()).unwrap();
    let mut stores: Vec<u64> = serde_json::from_value(stores.clone()).unwrap();
    let (mut hand, mut laps) = (0u64, 0u64);
    for st in steps.as_array().unwrap() {
        let pit = st["pit"].as_u64().map(|p| p as usize);
        match st["kind"].as_str().unwrap() {
            "lift" => {
                let p = pit.unwrap();
                assert_eq!(pits[p], st["seeds"].as_u64().unwrap(), "{st}");
                hand += pits[p];
                pits[p] = 0;
                laps = laps.max(st["lap"].as_u64().unwrap());
            }
            "drop" => {
                assert!(hand > 0, "{st}");
                hand -= 1;
                pits[pit.unwrap()] += 1;
            }
            "capture" => {
                let p = pit.unwrap();
                let by = usize::from(st["by"] == "north");
                stores[by] += pits[p];
                pits[p] = 0;
            }
            "settle" => {
                pits = serde_json::from_value(st["pits"].clone()).unwrap();
                stores = serde_json::from_value(st["stores"].clone()).unwrap();
                hand = 0;
            }
            _ => {}
        }
    }
    assert_eq!(hand, 0);
    (pits, stores, laps)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn relay_moves_come_with_every_lap() {
    let (_, mut c) = server().await;
    let (id, south) = new_game(&mut c, "olowuka", "local").await;
    let before = fetch(&mut c, &format!("/api/games/{id}")).await.json();
    // From the start every Olowuka move relays: A's last seed makes 5 in E, and so on.
    let r = act(&mut c, &id, "moves", json!({"move": "A"}), &south).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let s = r.json();
    let (pits, stores, laps) =
        replay_steps(&s["last_move"]["steps"], &before["pits"], &before["stores"]);
    assert!(laps > 1, "one lap only: {}", s["last_move"]["steps"]);
    assert_eq!(json!(pits), s["pits"]);
    assert_eq!(json!(stores), s["stores"]);
    // Fetched again, the state carries the same steps.
    let again = fetch(&mut c, &format!("/api/games/{id}")).await.json();
    assert_eq!(again["last_move"]["steps"], s["last_move"]["steps"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_game_tokens_and_moves() {
    let (_, mut c) = server().await;
    let g = create(&mut c, json!({"variant": "oware", "mode": "online"})).await;
    let id = g["id"].as_str().unwrap();
    let south = g["seats"]["south"].as_str().unwrap().to_string();
    let north = g["seats"]["north"].as_str().unwrap().to_string();
    assert_ne!(south, north);
    assert_eq!(south.len(), 48);
    assert_eq!(g["spectate"], format!("/g/{id}"));
    assert_eq!(g["links"]["north"], format!("/g/{id}#seat={north}"));

    // The state in the trace shape, plus moves.
    let s = fetch(&mut c, &format!("/api/games/{id}")).await.json();
    for k in [
        "position", "pits", "stores", "to_move", "legal", "captured", "over", "result", "reason",
        "moves",
    ] {
        assert!(s.get(k).is_some(), "missing {k}");
    }
    assert_eq!(s["to_move"], "south");
    assert_eq!(s["legal"], json!(["A", "B", "C", "D", "E", "F"]));

    let path = format!("/api/games/{id}/moves");
    let mv = json!({"move": "C"});
    assert_error(&post_anon(&mut c, &path, &mv).await, 401, "no_token");
    assert_error(&post_as(&mut c, &path, &mv, "0123").await, 403, "bad_token");
    assert_error(
        &post_as(&mut c, &path, &mv, &north).await,
        403,
        "not_your_turn",
    );
    let r = post_as(&mut c, &path, &mv, &south).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let s = r.json();
    assert_eq!(s["position"], "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N");
    assert_eq!(s["moves"], json!(["C"]));
    assert_eq!(s["last_move"]["move"], "C");
    // The steps: C's 4 seeds lifted, then dropped one by one into D, E, F and a.
    assert_eq!(
        s["last_move"]["steps"],
        json!([
            {"kind": "lift", "pit": 2, "seeds": 4, "lap": 1, "capture": false},
            {"kind": "drop", "pit": 3},
            {"kind": "drop", "pit": 4},
            {"kind": "drop", "pit": 5},
            {"kind": "drop", "pit": 6},
        ])
    );
    assert_eq!(s["to_move"], "north");
    // A stale client is told to reload.
    let r = post_as(&mut c, &path, &json!({"move": "a", "ply": 0}), &north).await;
    assert_error(&r, 409, "stale");
    // Not a move of this game, then an illegal one: the reason and the legal moves come back.
    let r = post_as(&mut c, &path, &json!({"move": "Z9"}), &north).await;
    assert_error(&r, 400, "bad_move");
    let r = post_as(&mut c, &path, &json!({"move": "C"}), &north).await;
    assert_error(&r, 422, "illegal_move");
    assert_eq!(r.json()["reason"], "not your pit");
    let r = post_as(&mut c, &path, &json!({"move": "a", "ply": 1}), &north).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let r = post_as(&mut c, &path, &json!({"move": "C"}), &south).await;
    assert_error(&r, 422, "illegal_move");
    assert_eq!(r.json()["reason"], "empty pit");

    // No undo and no analysis while an online game is in play.
    let r = act(&mut c, id, "undo", json!({}), &south).await;
    assert_error(&r, 403, "undo_not_allowed");
    let r = fetch(&mut c, &format!("/api/games/{id}/analysis")).await;
    assert_error(&r, 403, "analysis_not_allowed");

    // The record.
    let r = fetch(&mut c, &format!("/api/games/{id}/record")).await;
    assert_eq!(r.status, 200);
    assert!(r
        .header("content-disposition")
        .unwrap()
        .contains("attachment"));
    let text = r.text();
    assert!(text.contains("[Variant \"oware\"]"), "{text}");
    assert!(text.contains("1. C a *"), "{text}");
    let record = mancala_core::record::Record::parse(&text).unwrap();
    let replayed: Vec<String> = mancala_core::variant::DynGame::moves(&record.to_game().unwrap());
    assert_eq!(replayed, ["C", "a"]);
    let r = fetch(&mut c, &format!("/api/games/{id}/record?format=json")).await;
    assert_eq!(r.json()["moves"], json!([{"move": "C"}, {"move": "a"}]));
    assert_eq!(r.json()["result"], "*");
    let back: mancala_core::record::Record = serde_json::from_str(&r.text()).unwrap();
    assert_eq!(back, record);
    let r = fetch(&mut c, &format!("/api/games/{id}/record?format=pdf")).await;
    assert_error(&r, 400, "bad_format");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_the_computer_undo_and_analysis() {
    let (_, mut c) = server().await;
    // The human plays north: the computer (south) opens.
    let vs_computer = json!({"variant": "abapa", "mode": "computer", "side": "north", "level": 1});
    let g = create(&mut c, vs_computer).await;
    let id = g["id"].as_str().unwrap().to_string();
    let seats = g["seats"].as_object().unwrap();
    assert_eq!(seats.len(), 1, "one seat only against the computer");
    let token = seats["north"].as_str().unwrap().to_string();
    assert_eq!(g["game"]["seats"]["south"], "computer");
    let s = wait_for(&mut c, &id, |g| {
        g["ply"] == 1 && !g["thinking"].as_bool().unwrap()
    })
    .await;
    assert_eq!(s["to_move"], "north");
    assert_eq!(s["last_move"]["side"], "south");

    let path = format!("/api/games/{id}/moves");
    let legal = s["legal"][0].as_str().unwrap().to_string();
    let r = post_as(&mut c, &path, &json!({"move": legal}), &token).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let s = wait_for(&mut c, &id, |g| g["ply"] == 3).await;
    assert_eq!(s["to_move"], "north");

    // Undo goes back to the human's turn (two plies), and the computer does not move again.
    let r = act(&mut c, &id, "undo", json!({}), &token).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let s = r.json();
    assert_eq!(s["ply"], 1);
    assert_eq!(s["to_move"], "north");
    let r = act(&mut c, &id, "undo", json!({}), "nope").await;
    assert_error(&r, 403, "bad_token");

    let r = fetch(&mut c, &format!("/api/games/{id}/analysis?ms=50")).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let a = r.json();
    assert_eq!(a["to_move"], "north");
    assert_eq!(
        a["moves"].as_array().unwrap().len(),
        s["legal"].as_array().unwrap().len()
    );
    assert!(a["best"].is_string());
    assert!(matches!(
        a["score"]["kind"].as_str(),
        Some("estimate" | "proven")
    ));
    assert!(a["score"]["text"].is_string());
    let r = fetch(&mut c, &format!("/api/games/{id}/analysis?ms=abc")).await;
    assert_error(&r, 400, "bad_request");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn local_game_to_the_end() {
    let (_, mut c) = server().await;
    let g = create(&mut c, json!({"variant": "wuri", "mode": "local"})).await;
    let id = g["id"].as_str().unwrap().to_string();
    assert_eq!(g["seats"]["south"], g["seats"]["north"]);
    let token = g["seats"]["south"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/moves");
    let mut state = g["game"].clone();
    let mut plies = 0;
    while !state["over"].as_bool().unwrap() {
        // Always the last legal move: a deterministic game that ends.
        let legal = state["legal"].as_array().unwrap();
        let mv = legal.last().unwrap().clone();
        let r = post_as(&mut c, &path, &json!({"move": mv}), &token).await;
        assert_eq!(r.status, 200, "{}", r.text());
        state = r.json();
        plies += 1;
        assert!(plies < 2000);
    }
    assert!(state["result"].is_string());
    assert!(state["reason"].is_string());
    let r = post_as(&mut c, &path, &json!({"move": "A"}), &token).await;
    assert_error(&r, 409, "game_over");
    // Analysis of a finished game says so.
    let r = fetch(&mut c, &format!("/api/games/{id}/analysis")).await;
    assert_eq!(r.json()["over"], true);
    // Undo one ply in a local game.
    let r = act(&mut c, &id, "undo", json!({}), &token).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["ply"], plies - 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_and_positions() {
    let (_, mut c) = server().await;
    let g = create(
        &mut c,
        json!({"variant": "abapa", "mode": "local", "rules": {"grand_slam": "Allowed"},
               "position": "0-0-0-0-0-1-1-1-0-0-0-0-20-25-S"}),
    )
    .await;
    let s = &g["game"];
    assert_eq!(s["position"], "0-0-0-0-0-1-1-1-0-0-0-0-20-25-S");
    assert_eq!(s["rules"]["grand_slam"], "Allowed");
    let opt = s["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "grand_slam")
        .unwrap()
        .clone();
    assert_eq!(opt["value"], "Allowed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_4xx_with_json() {
    let (addr, mut c) = server().await;
    let cases: Vec<(Value, &str)> = vec![
        (json!({}), "bad_json"),
        (json!([]), "bad_json"),
        (json!({"variant": "oware", "colour": "red"}), "bad_json"),
        (json!({"variant": 7}), "bad_json"),
        (json!({"variant": "chess"}), "unknown_variant"),
        (json!({"variant": ""}), "bad_field"),
        (json!({"variant": "x".repeat(100)}), "bad_field"),
        (json!({"variant": "oware", "mode": "solo"}), "bad_mode"),
        (json!({"variant": "oware", "side": "east"}), "bad_side"),
        (json!({"variant": "oware", "side": "s"}), "bad_side"),
        (json!({"variant": "oware", "level": 0}), "bad_level"),
        (json!({"variant": "oware", "level": 99}), "bad_level"),
        (json!({"variant": "oware", "level": -1}), "bad_level"),
        (json!({"variant": "oware", "level": 1.5}), "bad_json"),
        (
            json!({"variant": "oware", "rules": {"nonsense": "1"}}),
            "bad_setup",
        ),
        (
            json!({"variant": "oware", "rules": {"grand_slam": "Maybe"}}),
            "bad_setup",
        ),
        (
            json!({"variant": "oware", "rules": {"grand_slam": ["x"]}}),
            "bad_rules",
        ),
        (
            json!({"variant": "oware", "rules": "grand_slam=Allowed"}),
            "bad_json",
        ),
        (
            json!({"variant": "oware", "position": "1-2-3"}),
            "bad_setup",
        ),
        (
            json!({"variant": "oware", "position": "9-9-9-9-9-9-9-9-9-9-9-9-0-0-S"}),
            "bad_setup",
        ),
        (
            json!({"variant": "oware", "position": "4".repeat(600)}),
            "bad_position",
        ),
    ];
    for (body, code) in cases {
        let r = post_anon(&mut c, "/api/games", &body).await;
        assert_error(&r, 400, code);
    }
    // Not JSON at all, wrong content type, too large, wrong method.
    let r = post_bytes(&mut c, "/api/games", "application/json", b"{oops").await;
    assert_error(&r, 400, "bad_json");
    let r = post_bytes(&mut c, "/api/games", "text/plain", b"{}").await;
    assert_error(&r, 415, "bad_content_type");
    let big = vec![b' '; 64 * 1024];
    let r = c
        .request(
            "POST",
            "/api/games",
            &[("Content-Type", "application/json")],
            &big,
        )
        .await
        .unwrap();
    assert_error(&r, 413, "too_large");
    let mut c = Client::new(addr);
    let r = c.request("DELETE", "/api/games", &[], b"").await.unwrap();
    assert_error(&r, 405, "method_not_allowed");
    // Unknown games and endpoints.
    for path in [
        "/api/games/0123456789abcdef0123",
        "/api/games/..%2f..%2fetc",
        "/api/games/ZZZ/moves",
        "/api/nope",
        "/api/games/0123456789abcdef0123/record",
        "/api/games/0123456789abcdef0123/analysis",
    ] {
        let r = c.get(path).await.unwrap();
        assert!(matches!(r.status, 404 | 405), "{path}: {}", r.status);
        assert!(r.json()["error"].is_string(), "{path}");
    }
    let g = create(&mut c, json!({"variant": "oware", "mode": "online"})).await;
    let id = g["id"].as_str().unwrap();
    let token = g["seats"]["south"].as_str().unwrap();
    let path = format!("/api/games/{id}/moves");
    for (body, status, code) in [
        (json!({}), 400, "bad_json"),
        (json!({"move": 3}), 400, "bad_json"),
        (json!({"move": "C", "extra": 1}), 400, "bad_json"),
        (json!({"move": ""}), 400, "bad_move"),
        (json!({"move": "\u{0}"}), 400, "bad_move"),
        (json!({"move": "x".repeat(1000)}), 400, "bad_move"),
        (json!({"move": "C", "ply": -1}), 400, "bad_json"),
    ] {
        let r = post_as(&mut c, &path, &body, token).await;
        assert_error(&r, status, code);
    }
    let r = c
        .request(
            "POST",
            &path,
            &[("Authorization", "Basic abc")],
            b"{\"move\":\"C\"}",
        )
        .await
        .unwrap();
    assert_error(&r, 401, "no_token");
    // The WebSocket endpoint without an upgrade.
    let r = fetch(&mut c, &format!("/api/games/{id}/ws")).await;
    assert!(r.status >= 400 && r.status < 500, "{}", r.status);
    assert!(r.json()["error"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_bytes_never_cause_a_server_error() {
    let (_, mut c) = server().await;
    let (id, token) = new_game(&mut c, "oware", "local").await;
    let auth = format!("Bearer {token}");
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let fragments: [&[u8]; 10] = [
        b"{",
        b"}",
        b"\"move\"",
        b":",
        b"\"C\"",
        b"\"variant\"",
        b"\"oware\"",
        b",",
        b"null",
        b"\xff\xfe",
    ];
    for i in 0..300 {
        let mut body = Vec::new();
        for _ in 0..(i % 7 + 1) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            body.extend_from_slice(fragments[(x % 10) as usize]);
        }
        let path = if i % 2 == 0 {
            "/api/games".to_string()
        } else {
            format!("/api/games/{id}/moves")
        };
        let r = c
            .request(
                "POST",
                &path,
                &[
                    ("Content-Type", "application/json"),
                    ("Authorization", &auth),
                ],
                &body,
            )
            .await
            .unwrap();
        assert!(
            r.status < 500,
            "{} for {:?}",
            r.status,
            String::from_utf8_lossy(&body)
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creation_is_rate_limited_per_client() {
    let addr = start(Config {
        create_burst: 3,
        create_per_minute: 1,
        ..Config::default()
    })
    .await;
    let mut c = Client::new(addr);
    for _ in 0..3 {
        create(&mut c, json!({"variant": "oware", "mode": "local"})).await;
    }
    let r = post_anon(&mut c, "/api/games", &json!({"variant": "oware"})).await;
    assert_error(&r, 429, "rate_limited");
    assert!(r.header("retry-after").is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_pushes_moves_to_spectators() {
    let (addr, mut c) = server().await;
    let (id, south) = new_game(&mut c, "oware", "online").await;
    let mut ws = watch(addr, &id).await;
    let hello = next(&mut ws).await;
    assert_eq!(hello["event"], "hello");
    assert_eq!(hello["game"]["ply"], 0);
    let r = act(&mut c, &id, "moves", json!({"move": "F"}), &south).await;
    assert_eq!(r.status, 200);
    let update = next(&mut ws).await;
    assert_eq!(update["event"], "move");
    assert_eq!(update["game"]["moves"], json!(["F"]));
    assert_eq!(update["game"]["last_move"]["side"], "south");
    assert_eq!(update["game"]["last_move"]["steps"][0]["kind"], "lift");
    assert_eq!(update["game"]["last_move"]["steps"][0]["pit"], 5);
    // Unknown game: no upgrade.
    let err =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/0123456789abcdef0123/ws"))
            .await;
    assert!(err.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ui_assets_and_no_traversal() {
    let (_, mut c) = server().await;
    for path in ["/", "/g/0123456789abcdef0123"] {
        let r = c.get(path).await.unwrap();
        assert_eq!(r.status, 200);
        assert!(r.header("content-type").unwrap().starts_with("text/html"));
        assert!(r.header("content-security-policy").is_some());
        assert!(r.text().contains("<html"));
    }
    let r = c.get("/assets/app.js").await.unwrap();
    assert_eq!(r.status, 200);
    assert!(r
        .header("content-type")
        .unwrap()
        .starts_with("text/javascript"));
    for path in [
        "/assets/../Cargo.toml",
        "/assets/..%2f..%2fCargo.toml",
        "/assets/%2e%2e/%2e%2e/Cargo.toml",
        "/assets/",
        "/assets/index.html/../../Cargo.toml",
        "/../../etc/passwd",
        "/web/app.js",
    ] {
        not_found(&mut c, path).await;
    }
}

/// The engine, except that it finds no move while `refuse` is set.
struct MoodyBrain {
    refuse: AtomicBool,
}

impl Brain for MoodyBrain {
    fn choose(&self, game: &AnyGame, level: u8, seed: u64) -> Option<String> {
        if self.refuse.load(Ordering::Acquire) {
            return None;
        }
        EngineBrain.choose(game, level, seed)
    }
}

/// The engine, except that it finds no move the first `failures` times it is asked.
struct FlakyBrain {
    failures: AtomicU32,
    asked: AtomicU32,
}

impl FlakyBrain {
    fn new(failures: u32) -> Arc<FlakyBrain> {
        Arc::new(FlakyBrain {
            failures: AtomicU32::new(failures),
            asked: AtomicU32::new(0),
        })
    }

    fn asked(&self) -> u32 {
        self.asked.load(Ordering::Acquire)
    }
}

impl Brain for FlakyBrain {
    fn choose(&self, game: &AnyGame, level: u8, seed: u64) -> Option<String> {
        self.asked.fetch_add(1, Ordering::AcqRel);
        let failing = self
            .failures
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1))
            .is_ok();
        if failing {
            return None;
        }
        EngineBrain.choose(game, level, seed)
    }
}

/// A game against `brain` in which the computer opens: the address and the game's id.
async fn computer_opens(brain: &Arc<FlakyBrain>) -> (SocketAddr, String) {
    let (addr, _) = start_with(
        Config {
            create_burst: 1000,
            ..Config::default()
        },
        Arc::clone(brain) as Arc<dyn Brain>,
    )
    .await;
    let g = create(
        &mut Client::new(addr),
        json!({"variant": "oware", "mode": "computer", "side": "north", "level": 1}),
    )
    .await;
    (addr, g["id"].as_str().unwrap().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_computer_is_retried_a_few_times_then_marked() {
    // Failing less often than it is tried: it moves, after waits that double.
    let brain = FlakyBrain::new(mancala_server::COMPUTER_ATTEMPTS - 1);
    let started = std::time::Instant::now();
    let (addr, id) = computer_opens(&brain).await;
    let mut c = Client::new(addr);
    let s = wait_for(&mut c, &id, |g| g["ply"] == 1).await;
    assert!(s.get("computer_error").is_none(), "{s}");
    assert_eq!(brain.asked(), mancala_server::COMPUTER_ATTEMPTS);
    let waits: Duration = (0..mancala_server::COMPUTER_ATTEMPTS - 1)
        .map(|k| {
            (mancala_server::COMPUTER_RETRY_FIRST * 2u32.pow(k))
                .min(mancala_server::COMPUTER_RETRY_CAP)
        })
        .sum();
    assert!(
        started.elapsed() >= waits,
        "{:?} < {waits:?}",
        started.elapsed()
    );

    // Failing every time: tried as often, then the game says so and nobody asks again.
    let brain = FlakyBrain::new(u32::MAX);
    let (addr, id) = computer_opens(&brain).await;
    let mut c = Client::new(addr);
    let s = wait_for(&mut c, &id, |g| g["computer_error"].is_string()).await;
    assert_eq!(s["ply"], 0);
    assert_eq!(brain.asked(), mancala_server::COMPUTER_ATTEMPTS);
    tokio::time::sleep(mancala_server::COMPUTER_RETRY_CAP + Duration::from_millis(500)).await;
    assert_eq!(brain.asked(), mancala_server::COMPUTER_ATTEMPTS);
    let h = c.get("/api/health").await.unwrap().json();
    assert_eq!(h["computer_failures"], 1, "{h}");
}

/// The computer's failure lasts until the game changes: after an undo (and the human's move
/// again) the computer is asked again and moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_computer_failed_an_undo_lets_it_move_again() {
    // Failing every attempt at its first turn, then finding moves.
    let brain = FlakyBrain::new(mancala_server::COMPUTER_ATTEMPTS);
    let (addr, _) = start_with(Config::default(), Arc::clone(&brain) as Arc<dyn Brain>).await;
    let mut c = Client::new(addr);
    let g = create(
        &mut c,
        json!({"variant": "oware", "mode": "computer", "side": "south", "level": 1}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let token = g["seats"]["south"].as_str().unwrap().to_string();
    let moves = format!("/api/games/{id}/moves");
    ok(&post_as(&mut c, &moves, &json!({"move": "C"}), &token).await);
    let s = wait_for(&mut c, &id, |g| g["computer_error"].is_string()).await;
    assert_eq!(s["ply"], 1);
    assert_eq!(brain.asked(), mancala_server::COMPUTER_ATTEMPTS);
    // The human takes his move back: the game changed, the failure is forgotten.
    let undone = ok(&post_as(&mut c, &format!("/api/games/{id}/undo"), &json!({}), &token).await);
    assert_eq!(undone["ply"], 0, "{undone}");
    assert!(undone.get("computer_error").is_none(), "{undone}");
    // He moves again, and the computer answers.
    ok(&post_as(&mut c, &moves, &json!({"move": "C"}), &token).await);
    let s = wait_for(&mut c, &id, |g| g["ply"] == 2).await;
    assert_eq!(s["last_move"]["side"], "north");
    assert!(s.get("computer_error").is_none(), "{s}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_leave_memory_and_come_back() {
    let (app, mut c, addr) = server_with(Config {
        max_rooms: 2,
        ..Config::default()
    })
    .await;
    // (id, [south token, north token], moves played)
    let mut games: Vec<(String, [String; 2], Vec<String>)> = Vec::new();
    for (variant, mode) in [
        ("oware", "local"),
        ("abapa", "online"),
        ("wuri", "local"),
        ("ouril", "online"),
        ("olowuka", "local"),
        ("abapa", "local"),
    ] {
        let g = create(&mut c, json!({"variant": variant, "mode": mode})).await;
        let seat = |s: &str| g["seats"][s].as_str().unwrap().to_string();
        games.push((
            g["id"].as_str().unwrap().to_string(),
            [seat("south"), seat("north")],
            Vec::new(),
        ));
        assert!(app.games_in_memory() <= 2);
    }
    // A watched game stays in memory: its watcher sees every move while the others come and go.
    let mut watcher = watch(addr, &games[0].0).await;
    assert_eq!(next(&mut watcher).await["event"], "hello");
    for round in 0..8 {
        for (n, (id, tokens, played)) in games.iter_mut().enumerate() {
            let s = fetch(&mut c, &format!("/api/games/{id}")).await;
            assert_eq!(s.status, 200, "{}", s.text());
            let s = s.json();
            assert_eq!(s["moves"], json!(played), "game {n} before round {round}");
            if s["over"] == true {
                continue;
            }
            let legal = s["legal"].as_array().unwrap();
            let mv = legal[(round + n) % legal.len()]
                .as_str()
                .unwrap()
                .to_string();
            let token = if s["to_move"] == "south" {
                &tokens[0]
            } else {
                &tokens[1]
            };
            let r = act(
                &mut c,
                id,
                "moves",
                json!({"move": mv, "ply": played.len()}),
                token,
            )
            .await;
            assert_eq!(r.status, 200, "{}", r.text());
            played.push(r.json()["last_move"]["move"].as_str().unwrap().to_string());
            assert_eq!(r.json()["moves"], json!(played));
            assert!(app.games_in_memory() <= 2);
            if n == 0 {
                let u = next(&mut watcher).await;
                assert_eq!(u["event"], "move");
                assert_eq!(u["game"]["moves"], json!(played));
            }
        }
    }
    // Every game as played, and never more than two in memory.
    for (id, _, played) in &games {
        let s = fetch(&mut c, &format!("/api/games/{id}")).await.json();
        assert_eq!(s["moves"], json!(played));
    }
    let h = c.get("/api/health").await.unwrap().json();
    assert_eq!(h["max_games_in_memory"], 2);
    assert_eq!(h["peak_games_in_memory"], 2);
    assert!(h["games_evicted"].as_u64().unwrap() >= 8 * 5, "{h}");
    assert_eq!(h["websockets"], 1);

    // Two watched games fill the memory: a third game must wait.
    let mut second = watch(addr, &games[1].0).await;
    next(&mut second).await;
    let r = fetch(&mut c, &format!("/api/games/{}", games[2].0)).await;
    assert_error(&r, 429, "too_many_games");
    assert!(r.header("retry-after").is_some());
    let local = json!({"variant": "oware", "mode": "local"});
    refused_game(&mut c, local, 429, "too_many_games").await;
    drop(second);
    wait_until(&app, |a| a.websockets_open() == 1).await;
    let r = fetch(&mut c, &format!("/api/games/{}", games[2].0)).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["moves"], json!(games[2].2));
    assert_eq!(app.peak_games_in_memory(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reloaded_game_resumes_the_computers_turn() {
    let brain = Arc::new(MoodyBrain {
        refuse: AtomicBool::new(true),
    });
    let (addr, app) = start_with(
        Config {
            create_burst: 1000,
            max_rooms: 1,
            ..Config::default()
        },
        Arc::clone(&brain) as Arc<dyn Brain>,
    )
    .await;
    let mut c = Client::new(addr);
    // The computer opens but finds no move: its turn stays pending.
    let g = create(
        &mut c,
        json!({"variant": "oware", "mode": "computer", "side": "north", "level": 1}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let s = wait_for(&mut c, &id, |g| g["computer_error"].is_string()).await;
    assert_eq!(s["ply"], 0);
    brain.refuse.store(false, Ordering::Release);
    // Another game takes its place in memory ...
    create(&mut c, json!({"variant": "oware", "mode": "local"})).await;
    assert_eq!(app.games_in_memory(), 1);
    // ... and when it comes back, the computer plays.
    let s = wait_for(&mut c, &id, |g| g["ply"] == 1).await;
    assert_eq!(s["to_move"], "north");
    assert_eq!(s["last_move"]["side"], "south");
    assert!(s.get("computer_error").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_connections_are_capped() {
    let (app, mut c, addr) = server_with(Config {
        max_websockets: 3,
        max_watchers_per_game: 2,
        ..Config::default()
    })
    .await;
    let a = create(&mut c, json!({"variant": "oware", "mode": "local"})).await;
    let b = create(&mut c, json!({"variant": "oware", "mode": "local"})).await;
    let (a, b) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap());
    let refused = |id: &str| {
        let url = format!("ws://{addr}/api/games/{id}/ws");
        async move {
            match tokio_tungstenite::connect_async(url).await {
                Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                    assert_eq!(r.status(), 429);
                    let body: Value = serde_json::from_slice(r.body().as_deref().unwrap()).unwrap();
                    body["error"].as_str().unwrap().to_string()
                }
                other => panic!("expected a refusal, got {other:?}"),
            }
        }
    };
    let mut a1 = watch(addr, a).await;
    let _a2 = watch(addr, a).await;
    assert_eq!(refused(a).await, "too_many_connections");
    let _b1 = watch(addr, b).await;
    assert_eq!(app.websockets_open(), 3);
    // The server is full now, whichever game.
    assert_eq!(refused(b).await, "too_many_connections");
    let h = c.get("/api/health").await.unwrap().json();
    assert_eq!(
        (h["websockets"].clone(), h["max_websockets"].clone()),
        (json!(3), json!(3))
    );
    a1.close(None).await.unwrap();
    wait_until(&app, |a| a.websockets_open() == 2).await;
    let mut b2 = watch(addr, b).await;
    assert_eq!(next(&mut b2).await["event"], "hello");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_that_does_not_read_is_dropped_without_holding_up_others() {
    let (app, mut c, addr) = server_with(Config::default()).await;
    let (id, token) = new_game(&mut c, "oware", "local").await;
    // A watcher with a tiny receive buffer that never reads ...
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let (stuck, _) =
        tokio_tungstenite::client_async(format!("ws://{addr}/api/games/{id}/ws"), stream)
            .await
            .unwrap();
    // ... and one that reads everything.
    let mut reader = watch(addr, &id).await;
    assert_eq!(next(&mut reader).await["event"], "hello");
    let received = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let counter = Arc::clone(&received);
    let counting = tokio::spawn(async move {
        while let Some(Ok(m)) = reader.next().await {
            if m.is_text() {
                counter.fetch_add(1, Ordering::AcqRel);
            }
        }
    });
    wait_until(&app, |a| a.websockets_open() == 2).await;
    // Moves and undos, each pushed to both, until the stuck watcher has been let go.
    let mut changes = 0u64;
    let moves = format!("/api/games/{id}/moves");
    let undo = format!("/api/games/{id}/undo");
    while app.websockets_open() == 2 {
        assert!(changes < 200_000, "the stuck watcher is still connected");
        let r = post_as(&mut c, &moves, &json!({"move": "C"}), &token).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let r = post_as(&mut c, &undo, &json!({}), &token).await;
        assert_eq!(r.status, 200, "{}", r.text());
        changes += 2;
        // The reader keeps up (a reader more than the channel's depth behind an unpaced
        // publisher is let go by design): the next changes wait until it has these.
        for _ in 0..500 {
            if received.load(Ordering::Acquire) >= changes || app.websockets_open() < 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
    eprintln!("the stuck watcher was let go after {changes} changes");
    // The reader is still connected and gets every change.
    let r = post_as(&mut c, &moves, &json!({"move": "C"}), &token).await;
    assert_eq!(r.status, 200);
    changes += 1;
    for _ in 0..500 {
        if received.load(Ordering::Acquire) >= changes {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(received.load(Ordering::Acquire), changes);
    assert_eq!(app.websockets_open(), 1);
    assert!(!counting.is_finished());
    counting.abort();
    drop(stuck);
}

/// The real engine, counting the positions the evaluation graph asks it to value.
struct CountingBrain {
    evaluations: Arc<std::sync::atomic::AtomicUsize>,
}

impl mancala_server::Brain for CountingBrain {
    fn evaluate(
        &self,
        game: &mancala_core::variant::AnyGame,
        depth: u32,
        movetime: Duration,
    ) -> Option<mancala_server::brain::Score> {
        self.evaluations
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        EngineBrain.evaluate(game, depth, movetime)
    }
}

async fn counting_server() -> (Client, Arc<std::sync::atomic::AtomicUsize>) {
    let evaluations = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let brain = CountingBrain {
        evaluations: Arc::clone(&evaluations),
    };
    let (addr, _) = start_with(many(), Arc::new(brain)).await;
    (Client::new(addr), evaluations)
}

/// Asks for the evaluations until every position has its value.
async fn evaluations(c: &mut Client, id: &str) -> Value {
    for _ in 0..100 {
        let r = fetch(c, &format!("/api/games/{id}/evaluations")).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let e = r.json();
        if e["complete"] == true {
            return e;
        }
    }
    panic!("the evaluations never completed");
}

fn values(e: &Value) -> Vec<(String, f64)> {
    e["evaluations"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, item)| {
            assert_eq!(item["ply"], i, "{e}");
            (
                item["score"]["kind"].as_str().unwrap().to_string(),
                item["score"]["seeds"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// A local Abapa game from `position`: its id, the token of both seats and its state.
async fn local_abapa(c: &mut Client, position: &str) -> (String, String, Value) {
    let g = create(
        c,
        json!({"variant": "abapa", "mode": "local", "position": position}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let token = g["seats"]["south"].as_str().unwrap().to_string();
    (id, token, g["game"].clone())
}

/// Plays `mv` (or takes a move back when `mv` is `None`); answers the new state.
async fn play_or_undo(c: &mut Client, id: &str, token: &str, mv: Option<&str>) -> Value {
    let r = match mv {
        Some(mv) => act(c, id, "moves", json!({ "move": mv }), token).await,
        None => act(c, id, "undo", json!({}), token).await,
    };
    ok(&r)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evaluation_graph_values_each_position_once_for_south() {
    let (mut c, count) = counting_server().await;
    let evaluated = || count.load(std::sync::atomic::Ordering::SeqCst);
    // South is 15 seeds ahead and North is to move: the value is South's, so positive.
    let (id, token, mut state) = local_abapa(&mut c, "2-2-2-2-2-2-2-2-2-2-2-1-20-5-N").await;
    let mut moves = Vec::new();
    for _ in 0..3 {
        let mv = state["legal"][0].as_str().unwrap().to_string();
        state = play_or_undo(&mut c, &id, &token, Some(&mv)).await;
        moves.push(mv);
    }
    assert_eq!(state["over"], false);
    let e = evaluations(&mut c, &id).await;
    assert_eq!(e["ply"], 3);
    assert_eq!(e["depth"], 8);
    let v = values(&e);
    assert_eq!(v.len(), 4);
    for (kind, value) in &v {
        assert!(kind == "estimate" || kind == "proven", "{e}");
        assert!(*value > 5.0, "South is well ahead after every ply: {e}");
    }
    assert_eq!(evaluated(), 4);

    // Asking again computes nothing; one more move computes one position.
    assert_eq!(evaluations(&mut c, &id).await, e);
    assert_eq!(evaluated(), 4);
    let mv = state["legal"][0].as_str().unwrap().to_string();
    play_or_undo(&mut c, &id, &token, Some(&mv)).await;
    let e5 = evaluations(&mut c, &id).await;
    assert_eq!(values(&e5)[..4], v[..]);
    assert_eq!(evaluated(), 5);

    // Take two moves back and play another: only the new position is valued.
    play_or_undo(&mut c, &id, &token, None).await;
    state = play_or_undo(&mut c, &id, &token, None).await;
    let other = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .find(|m| *m != moves[2])
        .expect("another legal move");
    play_or_undo(&mut c, &id, &token, Some(&other)).await;
    let e = evaluations(&mut c, &id).await;
    assert_eq!(e["ply"], 3);
    assert_eq!(values(&e)[..3], v[..3]);
    assert_eq!(evaluated(), 6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evaluation_graph_of_a_finished_game_ends_with_the_result() {
    let (mut c, count) = counting_server().await;
    // South (24 captured) wins at once with F: a capture of 2 in a, North keeps e.
    let (id, token, _) = local_abapa(&mut c, "0-0-0-0-0-1-1-0-0-0-1-0-24-21-S").await;
    assert_eq!(
        play_or_undo(&mut c, &id, &token, Some("F")).await["result"],
        "south"
    );
    let e = evaluations(&mut c, &id).await;
    let v = values(&e);
    // The search proves the win; the final position is the result itself, 26 - 21.
    assert_eq!(v[0].0, "proven", "{e}");
    assert!(v[0].1 > 0.0, "{e}");
    assert_eq!(v[1], ("proven".to_string(), 5.0));
    assert_eq!(
        e["evaluations"][1]["score"]["text"], "proven win by 5",
        "{e}"
    );
    assert_eq!(e["evaluations"][1]["score"]["plies"], 0, "{e}");
    assert_eq!(count.load(std::sync::atomic::Ordering::SeqCst), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evaluation_graph_refuses_bad_requests() {
    let (_, mut c) = server().await;
    let g = create(&mut c, json!({"variant": "oware", "mode": "online"})).await;
    let id = g["id"].as_str().unwrap();
    let r = fetch(&mut c, &format!("/api/games/{id}/evaluations")).await;
    assert_error(&r, 403, "analysis_not_allowed");
    let local = create(&mut c, json!({"variant": "oware", "mode": "local"})).await;
    let lid = local["id"].as_str().unwrap();
    let r = fetch(&mut c, &format!("/api/games/{lid}/evaluations?depth=30")).await;
    assert_error(&r, 400, "bad_request");
    for path in [
        "/api/games/0123456789abcdef0123/evaluations",
        "/api/games/nothex/evaluations",
        "/api/games/../evaluations",
    ] {
        let r = c.get(path).await.unwrap();
        assert_eq!(r.status, 404, "{path}: {}", r.text());
        assert!(r.json()["error"].is_string());
    }
}

/// An online game ended outside the rules (resignation, agreement, time, abort) is over: its
/// evaluation graph and analysis are given as for a game its rules ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evaluations_and_analysis_after_an_online_game_ended_outside_the_rules() {
    let (_, mut c) = server().await;
    // A move each, then South resigns.
    let g = create(&mut c, json!({"variant": "oware", "mode": "online"})).await;
    let id = g["id"].as_str().unwrap();
    let south = g["seats"]["south"].as_str().unwrap().to_string();
    let north = g["seats"]["north"].as_str().unwrap().to_string();
    let moves = format!("/api/games/{id}/moves");
    ok(&post_as(&mut c, &moves, &json!({"move": "C"}), &south).await);
    ok(&post_as(&mut c, &moves, &json!({"move": "a"}), &north).await);
    let r = fetch(&mut c, &format!("/api/games/{id}/evaluations")).await;
    assert_error(&r, 403, "analysis_not_allowed");
    let end = ok(&act(&mut c, id, "resign", json!({}), &south).await);
    assert_eq!(
        (end["over"].as_bool(), end["reason"].as_str()),
        (Some(true), Some("resigned"))
    );
    let e = evaluations(&mut c, id).await;
    assert_eq!(values(&e).len(), 3, "{e}");
    let r = fetch(&mut c, &format!("/api/games/{id}/analysis?ms=50")).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["ply"], 2);

    // Aborted before any move: the graph of the start position.
    let g = create(&mut c, json!({"variant": "oware", "mode": "online"})).await;
    let id = g["id"].as_str().unwrap();
    let south = g["seats"]["south"].as_str().unwrap().to_string();
    ok(&act(&mut c, id, "abort", json!({}), &south).await);
    let e = evaluations(&mut c, id).await;
    assert_eq!(values(&e).len(), 1, "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_pages_for_every_preset() {
    let (_, mut c) = server().await;
    let r = c.get("/rules").await.unwrap();
    assert_eq!(r.status, 200);
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
    let index = r.text();
    let variants = c.get("/api/variants").await.unwrap().json();
    for v in variants["variants"].as_array().unwrap() {
        let name = v["name"].as_str().unwrap();
        assert!(index.contains(&format!("href=\"/rules/{name}\"")), "{name}");
        let r = fetch(&mut c, &format!("/rules/{name}")).await;
        assert_eq!(r.status, 200, "{name}");
        assert!(r.header("content-security-policy").is_some());
        let page = r.text();
        assert!(page.contains("<h1>"), "{name}");
        assert!(page.contains("href=\"/\""), "{name}: a link back");
        for section in ["board", "end of the"] {
            assert!(page.to_lowercase().contains(section), "{name}: {section}");
        }
        for o in v["options"].as_array().unwrap() {
            let row = format!("<tr data-option=\"{}\">", o["name"].as_str().unwrap());
            assert!(page.contains(&row), "{name}: option {row}");
        }
    }
    let r = c.get("/rules/ba-awa").await.unwrap();
    assert!(r.text().contains("match_target"));
    for path in [
        "/rules/chess",
        "/rules/OWARE",
        "/rules/..%2f..%2fCargo.toml",
        "/rules/%2e%2e",
        "/rules/oware/../../Cargo.toml",
        "/rules/oware/extra",
    ] {
        let r = not_found(&mut c, path).await;
        assert!(r.json()["error"].is_string(), "{path}");
    }
    let r = c.get("/rules/chess").await.unwrap();
    assert_error(&r, 404, "no_such_rules");
    assert!(r.json()["message"].as_str().unwrap().contains("oware"));
}
