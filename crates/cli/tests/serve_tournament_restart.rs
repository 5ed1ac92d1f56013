//! An online tournament kept across a `kill -9` of `mancala serve`: its pairings, its games and
//! their results are in the database the moment they are answered (or, for a game that ended
//! just before the kill, recorded by the restarted server from the game's own ending), and the
//! restarted server pairs the next round when the last game of the round ends.

use std::time::{Duration, Instant};

mod common;
#[path = "common/serve.rs"]
mod serve;

use common::TempDir;
use serde_json::{json, Value};
use serve::{account, request, start_with, Server};

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
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let t = tournament(addr, id);
        if done(&t) {
            return t;
        }
        assert!(Instant::now() < deadline, "never {what}: {t}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn an_online_tournament_survives_sigkill() {
    let dir = TempDir::new("tournament-restart");
    let db = dir.join("games.db");
    let server = start(&db);
    let addr = server.addr.clone();
    let names = ["Ama", "Kofi", "Esi", "Yaw"];
    let tokens: Vec<String> = names.iter().map(|n| account(&addr, n)).collect();
    let token = |name: &Value| {
        let i = names
            .iter()
            .position(|n| *n == name.as_str().unwrap())
            .unwrap();
        tokens[i].clone()
    };
    let body = json!({"name": "Restart", "format": "swiss", "variant": "oware",
                      "clock": {"initial_ms": 600000, "increment_ms": 0}, "rated": true,
                      "over_the_board": false, "rounds": 2});
    let r = request(
        &addr,
        "POST",
        "/api/tournaments",
        Some(&body),
        Some(&tokens[0]),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    for t in &tokens {
        let path = format!("/api/tournaments/{id}/join");
        request(&addr, "POST", &path, None, Some(t)).ok();
    }
    let path = format!("/api/tournaments/{id}/start");
    let before = request(&addr, "POST", &path, None, Some(&tokens[0])).ok();
    let boards = before["rounds"][0]["pairings"].as_array().unwrap().clone();
    assert_eq!(boards.len(), 2, "{before}");
    // The first board's game ends, and the server is killed at once (perhaps before the
    // tournament heard of it).
    let first = boards[0]["game"].as_str().unwrap();
    let resign = format!("/api/games/{first}/resign");
    request(
        &addr,
        "POST",
        &resign,
        None,
        Some(&token(&boards[0]["south"])),
    )
    .ok();
    server.kill();

    let server = start(&db);
    let addr = server.addr.clone();
    // The pairings and games are the same; the ended game's result is in.
    let t = once(&addr, &id, "recorded the first result", |t| {
        t["rounds"][0]["pairings"][0]["result"] == "0-1"
    });
    assert_eq!(t["status"], "running", "{t}");
    assert_eq!(t["rounds"].as_array().unwrap().len(), 1, "{t}");
    for (b, board) in boards.iter().enumerate() {
        let after = &t["rounds"][0]["pairings"][b];
        for k in ["board", "south", "north", "game"] {
            assert_eq!(after[k], board[k], "{t}");
        }
    }
    // The second game is still on, with its players' seats; it ends, and round 2 is paired.
    let second = boards[1]["game"].as_str().unwrap();
    let offer = format!("/api/games/{second}/offer");
    let north = token(&boards[1]["north"]);
    request(
        &addr,
        "POST",
        &offer,
        Some(&json!({"kind": "draw"})),
        Some(&north),
    )
    .ok();
    let accept = format!("/api/games/{second}/offer/accept");
    request(
        &addr,
        "POST",
        &accept,
        None,
        Some(&token(&boards[1]["south"])),
    )
    .ok();
    let t = once(&addr, &id, "paired round 2", |t| {
        t["rounds"].as_array().unwrap().len() == 2
    });
    assert_eq!(t["rounds"][0]["pairings"][1]["result"], "1/2-1/2", "{t}");
    let round2 = t["rounds"][1]["pairings"].as_array().unwrap().clone();
    assert_eq!(round2.len(), 2, "{t}");
    // Round 2's games exist, and survive another kill.
    server.kill();
    let server = start(&db);
    let addr = server.addr.clone();
    for board in &round2 {
        let game = board["game"].as_str().unwrap();
        let g = request(&addr, "GET", &format!("/api/games/{game}"), None, None).ok();
        assert_eq!(g["players"]["south"], board["south"], "{g}");
        assert_eq!(g["over"], false, "{g}");
    }
    assert_eq!(
        tournament(&addr, &id)["rounds"][1]["pairings"],
        json!(round2)
    );
}
