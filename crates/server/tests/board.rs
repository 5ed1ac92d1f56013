//! The analysis board's endpoints (`POST /api/positions`, `POST /api/analysis`) against a real
//! server on a loopback port: lines checked by the rules core, errors that say where.

use mancala_core::variant::{DynGame, Variant};
use mancala_test_client::{Client, Reply};
use serde_json::{json, Value};

mod common;
use common::{assert_error, post_anon, refused};

async fn server() -> Client {
    common::server().await.1
}

/// Posts `body` to `/api/positions`: the line's states.
async fn line(c: &mut Client, body: Value) -> Reply {
    post_anon(c, "/api/positions", &body).await
}

/// Posts `body` to `/api/analysis`: the analysis of the line's last position.
async fn analysis(c: &mut Client, body: Value) -> Reply {
    post_anon(c, "/api/analysis", &body).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn positions_follow_the_rules_core() {
    let mut c = server().await;
    let moves = ["C", "c", "A", "f", "D"];
    let r = line(&mut c, json!({"variant": "oware", "moves": moves})).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let j = r.json();
    assert_eq!(j["ply"], 5);
    assert_eq!(j["pits_per_row"], 6);
    let states = j["states"].as_array().unwrap();
    assert_eq!(states.len(), moves.len() + 1);
    assert_eq!(states[0]["position"], "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
    // The first move sows C's four seeds into D, E, F and a.
    assert_eq!(states[1]["position"], "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N");
    // Every state is the core's own, move after move.
    let mut game = Variant::from_name("oware")
        .unwrap()
        .new_game(&[], None)
        .unwrap();
    for (i, mv) in moves.iter().enumerate() {
        game.play(mv).unwrap();
        assert_eq!(states[i + 1]["position"], game.state().position);
        assert_eq!(
            states[i + 1]["to_move"],
            json!(game.state().to_move.map(|s| s.name()))
        );
    }
    assert_eq!(j["last_move"]["move"], "D");
    assert_eq!(j["last_move"]["side"], "south");
    assert!(j["last_move"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["kind"] == "drop"));

    // A custom start position with non-default rules.
    let r = line(
        &mut c,
        json!({"variant": "oware", "rules": {"grand_slam": "Illegal"},
                    "position": "0-0-0-0-0-3-1-1-0-0-0-0-20-23-S", "moves": ["F"]}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let j = r.json();
    assert_eq!(j["start"], "0-0-0-0-0-3-1-1-0-0-0-0-20-23-S");
    assert!(j["options"]
        .as_array()
        .unwrap()
        .iter()
        .any(|o| o["name"] == "grand_slam" && o["value"] == "Illegal"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_lines_say_what_and_where() {
    let mut c = server().await;
    // An empty pit on the third move.
    let r = line(
        &mut c,
        json!({"variant": "oware", "moves": ["C", "c", "C"]}),
    )
    .await;
    let j = assert_error(&r, 422, "illegal_move");
    assert_eq!(j["ply"], 3);
    assert_eq!(j["reason"], "empty pit");
    assert!(!j["legal"].as_array().unwrap().iter().any(|m| m == "C"));
    // Not a move at all.
    let r = line(&mut c, json!({"variant": "oware", "moves": ["C", "zz"]})).await;
    assert_eq!(assert_error(&r, 400, "bad_move")["ply"], 2);
    // A position the core refuses: its reason is passed on.
    refused(
        &mut c,
        "/api/positions",
        &json!({"variant": "oware", "position": "4-4-x"}),
        400,
        "bad_setup",
    )
    .await;
    for body in [
        json!({"variant": "no-such-game"}),
        json!({"variant": "oware", "rules": {"no_such_option": "1"}}),
        json!({"variant": "oware", "moves": [""]}),
        json!({"variant": "oware", "extra": 1}),
        json!({"variant": "oware", "ms": 50}),
        json!({"variant": "oware", "moves": vec!["A"; 2001]}),
    ] {
        let r = post_anon(&mut c, "/api/positions", &body).await;
        assert!(
            (400..500).contains(&r.status) && r.json()["error"].is_string(),
            "{body}: {}",
            r.text()
        );
    }
    // The analysis refuses the same lines the same way.
    refused(
        &mut c,
        "/api/analysis",
        &json!({"variant": "oware", "moves": ["C", "c", "C"]}),
        422,
        "illegal_move",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn documented() {
    let mut c = server().await;
    let doc = c.get("/api/openapi.json").await.unwrap().json();
    for p in ["/api/positions", "/api/analysis"] {
        assert!(doc["paths"][p]["post"].is_object(), "{p} undocumented");
    }
    assert!(doc["components"]["schemas"]["Line"]["properties"]["moves"].is_object());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_of_any_position() {
    let mut c = server().await;
    let r = analysis(
        &mut c,
        json!({"variant": "oware", "moves": ["C"], "ms": 60}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let a = r.json();
    assert_eq!(a["ply"], 1);
    assert_eq!(a["to_move"], "north");
    assert_eq!(a["state"]["position"], "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N");
    let legal = a["state"]["legal"].as_array().unwrap();
    assert!(legal.contains(&a["best"]));
    let pv = a["pv"].as_array().unwrap();
    assert_eq!(pv.first(), Some(&a["best"]));
    assert_eq!(a["moves"].as_array().unwrap().len(), legal.len());

    // A finished game has nothing to analyse: the answer says so.
    let r = analysis(
        &mut c,
        json!({"variant": "oware", "position": "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["over"], true);
    assert_eq!(r.json()["state"]["over"], true);
}

/// A late Ọlọwuka position that a short search only estimates and the prover settles at once:
/// South wins by 2 (`mancala solve olowuka --position ...`), whichever move he plays.
const LATE: &str = "0-1-0-1-0-0-0-1-0-1-0-0-23-21-S";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn proofs_of_any_position() {
    let config = mancala_server::Config {
        // A small cap, to see it applied.
        max_proof_secs: 3.0,
        ..common::many()
    };
    let mut c = Client::new(common::start(config).await);
    let r = post_anon(
        &mut c,
        "/api/analysis/prove",
        &json!({"variant": "olowuka", "position": LATE, "seconds": 1000, "prove_moves": true}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let p = r.json();
    assert_eq!(p["proof"]["seconds_budget"], 3.0, "{p}");
    assert_eq!(p["proven"], true, "{p}");
    assert_eq!(p["to_move"], "south");
    assert_eq!(p["score"]["kind"], "proven");
    assert_eq!(p["score"]["text"], "proven win by 2");
    assert_eq!(p["lower"], json!({"result": "win", "margin": 2}));
    assert_eq!(p["upper"], p["lower"]);
    assert_eq!(p["state"]["position"], LATE);
    assert!(p["proof"]["nodes"].as_u64().unwrap() > 0);
    let moves = p["moves"].as_array().unwrap();
    assert_eq!(moves.len(), p["state"]["legal"].as_array().unwrap().len());
    assert!(
        moves
            .iter()
            .all(|m| m["score"]["text"] == "proven win by 2"),
        "{p}"
    );
    assert!(p["state"]["legal"].as_array().unwrap().contains(&p["best"]));

    // A line: the history is the line's, and the proof is of its last position, from North's
    // side after South's move.
    let r = post_anon(
        &mut c,
        "/api/analysis/prove",
        &json!({"variant": "olowuka", "position": LATE, "moves": ["D"], "seconds": 2}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let p = r.json();
    assert_eq!(p["to_move"], "north");
    assert_eq!(p["score"]["text"], "proven loss by 2", "{p}");
    assert_eq!(p["moves"], json!([]));

    // A finished game: nothing to prove.
    let r = post_anon(
        &mut c,
        "/api/analysis/prove",
        &json!({"variant": "oware", "position": "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["over"], true);

    // Bad input: the budget, the fields of other endpoints, the line.
    for (body, status, code) in [
        (
            json!({"variant": "olowuka", "seconds": 0}),
            400,
            "bad_seconds",
        ),
        (
            json!({"variant": "olowuka", "seconds": -1.5}),
            400,
            "bad_seconds",
        ),
        (
            json!({"variant": "olowuka", "seconds": "1"}),
            400,
            "bad_json",
        ),
        (json!({"variant": "olowuka", "ms": 50}), 400, "bad_field"),
        (
            json!({"variant": "olowuka", "position": "1-2-3"}),
            400,
            "bad_setup",
        ),
        (
            json!({"variant": "oware", "moves": ["C", "c", "C"]}),
            422,
            "illegal_move",
        ),
        (
            json!({"variant": "oware", "rules": {"max_plies": 300}}),
            422,
            "cannot_prove",
        ),
    ] {
        refused(&mut c, "/api/analysis/prove", &body, status, code).await;
    }
    for p in ["/api/positions", "/api/analysis"] {
        refused(
            &mut c,
            p,
            &json!({"variant": "oware", "seconds": 1}),
            400,
            "bad_field",
        )
        .await;
        refused(
            &mut c,
            p,
            &json!({"variant": "oware", "prove_moves": true}),
            400,
            "bad_field",
        )
        .await;
    }
    let doc = c.get("/api/openapi.json").await.unwrap().json();
    assert!(doc["paths"]["/api/analysis/prove"]["post"].is_object());
    assert!(doc["components"]["schemas"]["Proof"]["properties"]["score"].is_object());
}

/// Hints and the analysis board: a search that proves nothing is followed by a short proof
/// ([`mancala_server::Config::hint_proof_ms`]) whose result replaces the estimate.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_proof_upgrades_an_estimate() {
    for (hint_proof_ms, kind) in [(0, "estimate"), (2000, "proven")] {
        let config = mancala_server::Config {
            hint_proof_ms,
            ..common::many()
        };
        let mut c = Client::new(common::start(config).await);
        let r = analysis(
            &mut c,
            json!({"variant": "olowuka", "position": LATE, "ms": 20}),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let a = r.json();
        assert_eq!(a["score"]["kind"], kind, "{a}");
        if kind == "proven" {
            assert_eq!(a["score"]["text"], "proven win by 2", "{a}");
            assert_eq!(a["moves"][0]["move"], a["best"], "{a}");
            assert_eq!(a["moves"][0]["score"], a["score"], "{a}");
        }
    }
}
