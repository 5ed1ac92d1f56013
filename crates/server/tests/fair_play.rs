//! Fair play: the players of a rated game in progress get no engine analysis of its current or
//! recent positions, whether asked as a line, a proof, or a local game set up from the position;
//! others are answered (and logged), and the players are answered once the game is over.

use mancala_test_client::Client;
use serde_json::{json, Value};

mod common;
use common::{accounts, act, assert_error, create, created_id, get, many, ok, post, send_as};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_of_a_rated_game_in_progress_get_no_analysis_of_it() {
    let addr = common::start(many()).await;
    let mut c = Client::new(addr);
    let [s, n, x] = accounts(&mut c, ["Ama", "Kofi", "Esi"]).await;
    let seek = json!({"variant": "oware", "side": "south", "rated": true,
        "clock": {"initial_ms": 600000, "increment_ms": 0}});
    let seek = created_id(&post(&mut c, "/api/seeks", seek, &s).await);
    let r = post(&mut c, &format!("/api/seeks/{seek}/accept"), json!({}), &n).await;
    let game = ok(&r)["game"].as_str().unwrap().to_string();
    for (mv, token) in [("C", &s), ("d", &n), ("A", &s)] {
        let r = act(&mut c, &game, "moves", json!({"move": mv}), token).await;
        assert_eq!(r.status, 200, "{mv}: {}", r.text());
    }
    let here = get(&mut c, &format!("/api/games/{game}")).await["position"]
        .as_str()
        .unwrap()
        .to_string();
    // The position itself, a line through it, a line from two moves back, and a proof.
    let asks = [
        (
            "/api/analysis",
            json!({"variant": "oware", "position": here, "ms": 50}),
        ),
        (
            "/api/analysis",
            json!({"variant": "oware", "moves": ["C", "d", "A", "b"], "ms": 50}),
        ),
        (
            "/api/analysis",
            json!({"variant": "oware", "moves": ["C"], "ms": 50}),
        ),
        (
            "/api/analysis/prove",
            json!({"variant": "oware", "position": here, "seconds": 0.2}),
        ),
    ];
    for (path, body) in &asks {
        for token in [&s, &n] {
            let r = post(&mut c, path, body.clone(), token).await;
            let e = assert_error(&r, 403, "fair_play");
            assert_eq!(e["game"], json!(game), "{e}");
            assert!(e["message"].as_str().unwrap().contains("rated game"), "{e}");
        }
    }
    // A local game set up from the position: its analysis and evaluations are refused too.
    let local = create(
        &mut c,
        json!({"variant": "oware", "mode": "local", "position": here}),
    )
    .await;
    let local = local["id"].as_str().unwrap().to_string();
    for what in ["analysis?ms=50", "evaluations"] {
        let r = send_as(&mut c, "GET", &format!("/api/games/{local}/{what}"), &s).await;
        assert_error(&r, 403, "fair_play");
    }
    // Someone who does not play the game is answered (and logged), and the players are
    // answered about another game's positions.
    let (path, body) = &asks[0];
    assert_eq!(post(&mut c, path, body.clone(), &x).await.status, 200);
    let r = send_as(
        &mut c,
        "GET",
        &format!("/api/games/{local}/evaluations"),
        &x,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let elsewhere = json!({"variant": "abapa", "moves": ["C"], "ms": 50});
    assert_eq!(
        post(&mut c, "/api/analysis", elsewhere, &s).await.status,
        200
    );
    // Once the game is over, its players may analyse it.
    ok(&act(&mut c, &game, "resign", json!({}), &n).await);
    let r: Value = ok(&post(&mut c, path, body.clone(), &s).await);
    assert_eq!(r["over"], false, "{r}");
}
