//! An arena kept across a `kill -9` of `mancala serve`: its players, games, results, points and
//! streaks, and its running games with their moves and clocks are in the database; the restarted
//! server goes on pairing free players and finishes the arena at its time.

use std::time::{Duration, Instant};

mod common;
#[path = "common/serve.rs"]
mod serve;

use common::TempDir;
use serde_json::{json, Value};
use serve::{account, game, play, request, start_with, Server};

/// A server on the database `db` that allows many sign-ups from one address.
fn start(db: &std::path::Path) -> Server {
    start_with(|c| {
        c.arg("--db").arg(db).args(["--auth-burst", "100"]);
    })
}

/// The tournament `id` on `addr`.
fn tournament(addr: &str, id: &str) -> Value {
    request(addr, "GET", &format!("/api/tournaments/{id}"), None, None).ok()
}

/// The tournament `id` on `addr` once `done` holds of it.
fn once(addr: &str, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let t = tournament(addr, id);
        if done(&t) {
            return t;
        }
        assert!(Instant::now() < deadline, "never {what}: {t}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// What of an arena must survive a restart: its players, its games (players, server game,
/// result) and its standings (points, streaks).
fn kept(t: &Value) -> Value {
    let games: Vec<Value> = t["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            json!([
                g["number"],
                g["south"],
                g["north"],
                g["game"],
                g.get("result")
            ])
        })
        .collect();
    let standings: Vec<Value> = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| json!([s["rank"], s["name"], s["points"], s["streak"], s["playing"]]))
        .collect();
    json!({"players": t["players"], "games": games, "standings": standings,
           "status": t["status"], "started_ms": t["started_ms"], "ends_ms": t["ends_ms"]})
}

#[test]
fn an_arena_survives_sigkill_and_finishes_at_its_time() {
    let dir = TempDir::new("arena-restart");
    let db = dir.join("games.db");
    let server = start(&db);
    let addr = server.addr.clone();
    let names = ["Ama", "Kofi", "Esi", "Yaw", "Abena"];
    let tokens: Vec<String> = names.iter().map(|n| account(&addr, n)).collect();
    let token = |name: &Value| {
        let i = names
            .iter()
            .position(|n| *n == name.as_str().unwrap())
            .unwrap();
        tokens[i].clone()
    };
    let body = json!({"name": "Restart arena", "format": "arena", "variant": "oware",
                      "clock": {"initial_ms": 600000, "increment_ms": 0}, "rated": true,
                      "over_the_board": false, "duration_s": 20});
    let r = request(
        &addr,
        "POST",
        "/api/tournaments",
        Some(&body),
        Some(&tokens[0]),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    for t in &tokens[1..] {
        let path = format!("/api/tournaments/{id}/join");
        request(&addr, "POST", &path, None, Some(t)).ok();
    }
    let path = format!("/api/tournaments/{id}/start");
    let started = request(&addr, "POST", &path, None, Some(&tokens[0])).ok();
    let games = started["games"].as_array().unwrap().clone();
    assert_eq!(games.len(), 2, "{started}");
    // Game 1 is won by North (a streak starts); game 2 has a move and a running clock. The two
    // players of game 1 just met and the others are busy: they wait.
    let first = games[0]["game"].as_str().unwrap();
    let resign = format!("/api/games/{first}/resign");
    request(
        &addr,
        "POST",
        &resign,
        None,
        Some(&token(&games[0]["south"])),
    )
    .ok();
    let second = games[1]["game"].as_str().unwrap().to_string();
    let g = game(&addr, &second).ok();
    let mv = g["legal"][0].as_str().unwrap().to_string();
    play(
        &addr,
        &second,
        &json!({ "move": mv }),
        &token(&games[1]["south"]),
    )
    .ok();
    let before = once(&addr, &id, "scored game 1", |t| {
        t["games"][0]["result"] == "0-1"
    });
    let g_before = game(&addr, &second).ok();
    assert_eq!(g_before["clock"]["running"], "north", "{g_before}");
    server.kill();

    let server = start(&db);
    let addr = server.addr.clone();
    let after = tournament(&addr, &id);
    assert_eq!(kept(&after), kept(&before), "{after}");
    let winner = &before["games"][0]["north"];
    let w = before["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| &s["name"] == winner)
        .unwrap();
    assert_eq!(
        (&w["points"], &w["streak"]),
        (&json!(2), &json!(1)),
        "{before}"
    );
    // The running game: its moves, its players, South's time as it was (North's ran on).
    let g = game(&addr, &second).ok();
    for k in ["moves", "players", "over"] {
        assert_eq!(g[k], g_before[k], "{k}: {g}");
    }
    assert_eq!(g["clock"]["south_ms"], g_before["clock"]["south_ms"], "{g}");
    assert_eq!(g["clock"]["running"], "north", "{g}");
    let north_ms = |g: &Value| g["clock"]["north_ms"].as_i64().unwrap();
    assert!(north_ms(&g) <= north_ms(&g_before), "{g}");
    assert!(north_ms(&g) > 0, "{g}");

    // The arena goes on: game 2 ends, the four free players are paired, and every game is
    // played out until the time is up.
    let resign = format!("/api/games/{second}/resign");
    request(
        &addr,
        "POST",
        &resign,
        None,
        Some(&token(&games[1]["north"])),
    )
    .ok();
    let t = once(&addr, &id, "paired after the restart", |t| {
        t["games"].as_array().unwrap().len() >= 4
    });
    assert_eq!(t["status"], "running", "{t}");
    let mut played = std::collections::HashSet::new();
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut t = t;
    while t["status"] != "finished" {
        assert!(Instant::now() < deadline, "never finished: {t}");
        for g in t["games"].as_array().unwrap() {
            let game = g["game"].as_str().unwrap().to_string();
            if g.get("result").is_none() && played.insert(game.clone()) {
                let resign = format!("/api/games/{game}/resign");
                request(&addr, "POST", &resign, None, Some(&token(&g["south"]))).ok();
            }
        }
        std::thread::sleep(Duration::from_millis(200));
        t = tournament(&addr, &id);
    }
    // Finished at its time, not before.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    assert!(now >= t["ends_ms"].as_i64().unwrap(), "{t}");
    assert!(
        t["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["result"].is_string()),
        "{t}"
    );
    // The restarted server scored every game: the points are the sum of the sheets.
    let points: u64 = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_u64().unwrap())
        .sum();
    assert!(
        points >= 2 * t["games"].as_array().unwrap().len() as u64,
        "{t}"
    );
}
