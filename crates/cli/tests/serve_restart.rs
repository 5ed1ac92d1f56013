//! `mancala serve` keeps games across a `kill -9`: a game against the computer is played, the
//! server process is killed with SIGKILL, started again on the same database, and the game
//! continues where it was; the clocks of timed games keep running through the restart (right to
//! within a second), and a clock that ran out while the server was down ends its game on time.

use std::process::Command;
use std::time::{Duration, Instant};

#[path = "common/serve.rs"]
mod serve;

use serde_json::{json, Value};
use serve::start;

/// One request on a fresh connection: the status and the body as JSON (`null` when it is not).
fn request(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
    token: Option<&str>,
) -> (u16, Value) {
    let (status, text) = serve::request(addr, method, path, body, token);
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn wait_human_turn(addr: &str, id: &str, min_ply: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, g) = request(addr, "GET", &format!("/api/games/{id}"), None, None);
        assert_eq!(status, 200, "{g}");
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

#[test]
fn a_game_survives_sigkill() {
    let dir = std::env::temp_dir().join(format!("mancala-restart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);

    let mut server = start(&db);
    let (status, created) = request(
        &server.addr,
        "POST",
        "/api/games",
        Some(&json!({"variant": "oware", "mode": "computer", "side": "south", "level": 1})),
        None,
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"]["south"].as_str().unwrap().to_string();
    let mut g = created["game"].clone();
    for _ in 0..3 {
        let mv = g["legal"][0].as_str().unwrap().to_string();
        let (status, after) = request(
            &server.addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&json!({"move": mv})),
            Some(&token),
        );
        assert_eq!(status, 200, "{after}");
        g = wait_human_turn(&server.addr, &id, after["ply"].as_u64().unwrap() + 1);
    }
    let before = g.clone();
    assert!(before["ply"].as_u64().unwrap() >= 6);

    // SIGKILL: no chance to flush anything.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    drop(server);

    let server = start(&db);
    let (status, g) = request(&server.addr, "GET", &format!("/api/games/{id}"), None, None);
    assert_eq!(status, 200, "{g}");
    assert_eq!(g["moves"], before["moves"]);
    assert_eq!(g["position"], before["position"]);
    // The same token still holds the seat, and the computer still answers.
    let mv = g["legal"][0].as_str().unwrap().to_string();
    let (status, after) = request(
        &server.addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&json!({"move": mv})),
        Some(&token),
    );
    assert_eq!(status, 200, "{after}");
    let g = wait_human_turn(&server.addr, &id, after["ply"].as_u64().unwrap() + 1);
    assert!(g["ply"].as_u64().unwrap() > before["ply"].as_u64().unwrap());
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_computer_turn_interrupted_by_sigkill_resumes() {
    let dir = std::env::temp_dir().join(format!("mancala-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);
    let mut server = start(&db);
    // The human takes north: the computer is to move at once; kill before or while it thinks.
    let (status, created) = request(
        &server.addr,
        "POST",
        "/api/games",
        Some(&json!({"variant": "abapa", "mode": "computer", "side": "north", "level": 1})),
        None,
    );
    assert_eq!(status, 201);
    let id = created["id"].as_str().unwrap().to_string();
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    drop(server);
    let server = start(&db);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, g) = request(&server.addr, "GET", &format!("/api/games/{id}"), None, None);
        if g["ply"].as_u64() == Some(1) && g["to_move"] == "north" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the computer did not resume: {g}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays `mv` in a guest game with `token`; answers the state.
fn play(addr: &str, id: &str, token: &str) -> Value {
    let (_, g) = request(addr, "GET", &format!("/api/games/{id}"), None, None);
    let mv = g["legal"][0].as_str().unwrap().to_string();
    let (status, after) = request(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&json!({"move": mv})),
        Some(token),
    );
    assert_eq!(status, 200, "{after}");
    after
}

#[test]
fn clocks_run_on_through_a_sigkill() {
    let dir = std::env::temp_dir().join(format!("mancala-clocks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);
    let mut server = start(&db);
    let create = |addr: &str, initial_ms: u64| {
        let (status, c) = request(
            addr,
            "POST",
            "/api/games",
            Some(&json!({"variant": "oware", "mode": "online",
                "clock": {"initial_ms": initial_ms, "increment_ms": 1000}})),
            None,
        );
        assert_eq!(status, 201, "{c}");
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

    server.child.kill().unwrap();
    server.child.wait().unwrap();
    drop(server);
    std::thread::sleep(Duration::from_millis(2500));
    let server = start(&db);
    let (status, g) = request(
        &server.addr,
        "GET",
        &format!("/api/games/{long}"),
        None,
        None,
    );
    assert_eq!(status, 200, "{g}");
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
        let (_, g) = request(
            &server.addr,
            "GET",
            &format!("/api/games/{short}"),
            None,
            None,
        );
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
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_documents_its_limits_and_refuses_a_zero_game_cap() {
    let help = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
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
    let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "serve",
            "--memory",
            "--addr",
            "127.0.0.1:0",
            "--max-rooms",
            "0",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--max-rooms"), "{err}");
}
