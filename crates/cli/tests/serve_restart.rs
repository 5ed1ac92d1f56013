//! `mancala serve` keeps games across a `kill -9`: a game against the computer is played, the
//! server process is killed with SIGKILL, started again on the same database, and the game
//! continues where it was; the clocks of timed games keep running through the restart (right to
//! within a second), and a clock that ran out while the server was down ends its game on time.

use std::path::Path;
use std::time::{Duration, Instant};

mod common;
#[path = "common/serve.rs"]
mod serve;

use common::TempDir;
use serde_json::{json, Value};
use serve::{create_game, game, start, Server};

/// Waits until South (the human) is to move at ply `min_ply` or later, or the game is over.
fn wait_human_turn(addr: &str, id: &str, min_ply: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let r = game(addr, id);
        let g = r.json();
        assert_eq!(r.status, 200, "{g}");
        if g["ply"].as_u64().unwrap() >= min_ply && (g["to_move"] == "south" || g["over"] == true) {
            return g;
        }
        assert!(
            Instant::now() < deadline,
            "the computer did not answer: {g}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Plays the first legal move in the game `id` with `token`; answers the state.
fn play(addr: &str, id: &str, token: &str) -> Value {
    let g = game(addr, id).json();
    let mv = g["legal"][0].as_str().unwrap().to_string();
    let r = serve::play(addr, id, &json!({"move": mv}), token);
    let after = r.json();
    assert_eq!(r.status, 200, "{after}");
    after
}

/// A server on the database `db` and a game of `variant` against the computer (level 1), the
/// human playing `side`: the server, the game's id and the creation's reply.
fn computer_game(db: &Path, variant: &str, side: &str) -> (Server, String, Value) {
    let server = start(db);
    let created = create_game(
        &server.addr,
        &json!({"variant": variant, "mode": "computer", "side": side, "level": 1}),
    );
    let id = created["id"].as_str().unwrap().to_string();
    (server, id, created)
}

#[test]
fn a_game_survives_sigkill() {
    let dir = TempDir::new("restart");
    let db = dir.join("games.db");

    let (server, id, created) = computer_game(&db, "oware", "south");
    let token = created["seats"]["south"].as_str().unwrap().to_string();
    let mut before = Value::Null;
    for _ in 0..3 {
        let after = play(&server.addr, &id, &token);
        before = wait_human_turn(&server.addr, &id, after["ply"].as_u64().unwrap() + 1);
    }
    assert!(before["ply"].as_u64().unwrap() >= 6);

    server.kill();

    let server = start(&db);
    let r = game(&server.addr, &id);
    let g = r.json();
    assert_eq!(r.status, 200, "{g}");
    assert_eq!(g["moves"], before["moves"]);
    assert_eq!(g["position"], before["position"]);
    // The same token still holds the seat, and the computer still answers.
    let after = play(&server.addr, &id, &token);
    let g = wait_human_turn(&server.addr, &id, after["ply"].as_u64().unwrap() + 1);
    assert!(g["ply"].as_u64().unwrap() > before["ply"].as_u64().unwrap());
}

#[test]
fn a_computer_turn_interrupted_by_sigkill_resumes() {
    let dir = TempDir::new("resume");
    let db = dir.join("games.db");
    // The human takes north: the computer is to move at once; kill before or while it thinks.
    let (server, id, _) = computer_game(&db, "abapa", "north");
    server.kill();
    let server = start(&db);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let g = game(&server.addr, &id).json();
        if g["ply"].as_u64() == Some(1) && g["to_move"] == "north" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the computer did not resume: {g}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn clocks_run_on_through_a_sigkill() {
    let dir = TempDir::new("clocks");
    let db = dir.join("games.db");
    let server = start(&db);
    let create = |addr: &str, initial_ms: u64| {
        let c = create_game(
            addr,
            &json!({"variant": "oware", "mode": "online",
                "clock": {"initial_ms": initial_ms, "increment_ms": 1000}}),
        );
        let seat = |s: &str| c["seats"][s].as_str().unwrap().to_string();
        (
            c["id"].as_str().unwrap().to_string(),
            seat("south"),
            seat("north"),
        )
    };
    // A game whose clock runs through the restart, and one that runs out while it is down.
    let (long, s, n) = create(&server.addr, 600_000);
    let (short, _, _) = create(&server.addr, 2_000);
    play(&server.addr, &long, &s);
    std::thread::sleep(Duration::from_millis(300));
    let after = play(&server.addr, &long, &n);
    assert_eq!(after["clock"]["running"], "south");
    let seen = Instant::now();
    let south = after["clock"]["south_ms"].as_i64().unwrap();
    let north = after["clock"]["north_ms"].as_i64().unwrap();
    assert!(north < 600_000 + 1000 && north > 600_000, "{north}");

    server.kill();
    std::thread::sleep(Duration::from_millis(2500));
    let server = start(&db);
    let r = game(&server.addr, &long);
    let g = r.json();
    assert_eq!(r.status, 200, "{g}");
    let elapsed = seen.elapsed().as_millis() as i64;
    let south_now = g["clock"]["south_ms"].as_i64().unwrap();
    // South's clock ran all along, the server's downtime included; North's stood still.
    assert!(
        (south - elapsed - south_now).abs() < 1000,
        "south had {south} ms, {elapsed} ms passed, shows {south_now}"
    );
    assert_eq!(g["clock"]["north_ms"].as_i64(), Some(north));
    assert_eq!(g["clock"]["running"], "south");
    // The short game's flag fell while the server was down: it ends on time at start-up.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let g = game(&server.addr, &short).json();
        if g["over"] == true {
            assert_eq!(g["result"], "north", "{g}");
            assert_eq!(g["reason"], "time", "{g}");
            assert_eq!(g["clock"]["south_ms"], 0, "{g}");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no flag fall after the restart: {g}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Play goes on with the same seat tokens and the stamped clock.
    let after = play(&server.addr, &long, &s);
    assert_eq!(after["clock"]["running"], "north");
}

#[test]
fn serve_documents_its_limits_and_refuses_a_zero_game_cap() {
    let help = common::mancala(&["serve", "--help"]);
    assert!(help.status.success());
    let help = String::from_utf8_lossy(&help.stdout);
    for flag in [
        "--max-rooms",
        "--room-idle-secs",
        "--max-websockets",
        "--max-watchers-per-game",
        "--auth-burst",
        "--seek-ttl-secs",
        "--header-timeout-secs",
    ] {
        assert!(help.contains(flag), "{flag} missing from:\n{help}");
    }
    common::refused(
        &[
            "serve",
            "--memory",
            "--addr",
            "127.0.0.1:0",
            "--max-rooms",
            "0",
        ],
        "--max-rooms",
    );
}
