//! `mancala serve` keeps games across a `kill -9`: a game against the computer is played, the
//! server process is killed with SIGKILL, started again on the same database, and the game
//! continues where it was.

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
