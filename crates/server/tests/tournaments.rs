//! API tests of tournaments: over the board (the director registers players, pairs rounds and
//! enters results; standings and TRF), online Swiss and round robins (the server creates the
//! games, the players play them through the games' API, the next round is paired when the
//! last game ends) and arenas, with every bad input refused. `tournaments_postgres` runs them
//! against PostgreSQL.

use mancala_test_client::{Client, Reply};
use serde_json::{json, Value};

mod common;
use common::{accounts, assert_error, created_id, get, ok, post, server};

/// Sends `PUT path` with the JSON `body` and the bearer token `token`.
async fn put(c: &mut Client, path: &str, body: Value, token: &str) -> Reply {
    let bearer = format!("Bearer {token}");
    let headers = [
        ("Content-Type", "application/json"),
        ("Authorization", bearer.as_str()),
    ];
    c.request("PUT", path, &headers, body.to_string().as_bytes())
        .await
        .unwrap()
}

/// Creates a tournament from `body` as `token`: its id.
async fn create(c: &mut Client, body: Value, token: &str) -> String {
    created_id(&post(c, "/api/tournaments", body, token).await)
}

/// The tournament `id`.
async fn tournament(c: &mut Client, id: &str) -> Value {
    get(c, &format!("/api/tournaments/{id}")).await
}

/// Posts to the tournament `id`'s `action` as `token`.
async fn act_on(c: &mut Client, id: &str, action: &str, body: Value, token: &str) -> Reply {
    post(c, &format!("/api/tournaments/{id}/{action}"), body, token).await
}

/// Records `result` on board `board` of round `round` of tournament `id` as `token`.
async fn result(c: &mut Client, id: &str, round: u64, board: u64, r: &str, token: &str) -> Reply {
    let path = format!("/api/tournaments/{id}/rounds/{round}/boards/{board}");
    put(c, &path, json!({ "result": r }), token).await
}

/// An over-the-board Swiss of three rounds.
fn otb_swiss() -> Value {
    json!({"name": "Club night", "format": "swiss", "variant": "oware", "clock": null,
           "rated": false, "over_the_board": true, "rounds": 3})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_director_runs_a_swiss_over_the_board() {
    let (_, mut c) = server().await;
    let [ama, kofi] = accounts(&mut c, ["Ama", "Kofi"]).await;
    let id = create(&mut c, otb_swiss(), &ama).await;
    let t = tournament(&mut c, &id).await;
    assert_eq!(
        (&t["name"], &t["format"], &t["status"], &t["director"]),
        (
            &json!("Club night"),
            &json!("swiss"),
            &json!("created"),
            &json!("Ama")
        ),
        "{t}"
    );
    for (name, rating) in [
        ("Esi", 1800),
        ("Yaw", 1700),
        ("Abena", 1600),
        ("Kwame", 1500),
    ] {
        let r = act_on(
            &mut c,
            &id,
            "players",
            json!({"name": name, "rating": rating}),
            &ama,
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.text());
        assert_eq!(r.json()["name"], name);
    }
    let players = tournament(&mut c, &id).await["players"].clone();
    assert_eq!(players.as_array().unwrap().len(), 4);
    assert_eq!(players[0]["start_number"], 1);

    for round in 1..=3u64 {
        let r = ok(&act_on(&mut c, &id, "rounds", json!({}), &ama).await);
        assert_eq!(r["number"], round, "{r}");
        let boards = r["pairings"].as_array().unwrap();
        assert_eq!(boards.len(), 2, "{r}");
        assert!(boards[0]["south"].is_string() && boards[0]["north"].is_string());
        // The next round waits for every result of this one.
        let early = act_on(&mut c, &id, "rounds", json!({}), &ama).await;
        assert_error(&early, 409, "results_missing");
        ok(&result(&mut c, &id, round, 1, "1-0", &ama).await);
        let last = ok(&result(&mut c, &id, round, 2, "1/2-1/2", &ama).await);
        assert_eq!(last["pairings"][1]["result"], "1/2-1/2");
    }
    let t = tournament(&mut c, &id).await;
    assert_eq!(t["status"], "finished", "{t}");
    assert_eq!(t["rounds"].as_array().unwrap().len(), 3);
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 4);
    assert_eq!(standings[0]["rank"], 1);
    let total: f64 = standings
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 6.0, "three rounds of two games: {t}");
    assert!(standings[0]["tiebreaks"]["buchholz"].is_number(), "{t}");
    // A correction after the end is the director's too.
    ok(&result(&mut c, &id, 3, 2, "0-1F", &ama).await);
    assert_error(
        &result(&mut c, &id, 3, 2, "1-0", &kofi).await,
        403,
        "not_director",
    );

    let r = c.get(&format!("/api/tournaments/{id}/trf")).await.unwrap();
    assert_eq!(r.status, 200);
    assert!(r.header("content-type").unwrap().starts_with("text/plain"));
    let trf = r.text();
    assert!(trf.starts_with("012 Club night"), "{trf}");
    assert_eq!(
        trf.lines().filter(|l| l.starts_with("001")).count(),
        4,
        "{trf}"
    );
    // It reads back as the same tournament.
    let back = mancala_tournament::trf::read(&trf).unwrap();
    assert_eq!(back.rounds.len(), 3);

    let list = get(&mut c, "/api/tournaments").await;
    assert!(list
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["id"] == id.as_str()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_tournament_requests_are_refused() {
    let (_, mut c) = server().await;
    let [ama, kofi] = accounts(&mut c, ["Ama", "Kofi"]).await;
    // Signed in only.
    let r = c
        .post_json("/api/tournaments", &otb_swiss(), None)
        .await
        .unwrap();
    assert_error(&r, 401, "not_signed_in");
    for (change, code) in [
        (json!({"format": "knockout"}), "unknown_format"),
        (json!({"rounds": 0}), "bad_rounds"),
        (json!({"rounds": -3}), "bad_rounds"),
        (json!({"rounds": null}), "bad_rounds"),
        (json!({"variant": "chess"}), "unknown_variant"),
        (json!({"name": ""}), "bad_name"),
        (json!({"clock": {"days_per_move": 2}}), "bad_clock"),
        (json!({"clock": "fast"}), "bad_clock"),
        (json!({"bye_points": 2}), "bad_bye_points"),
        (json!({"format": "arena", "duration_s": 60}), "bad_format"),
        (
            json!({"format": "arena", "over_the_board": false}),
            "bad_duration",
        ),
    ] {
        let mut body = otb_swiss();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let r = post(&mut c, "/api/tournaments", body.clone(), &ama).await;
        assert_error(&r, 400, code);
    }
    let r = post(&mut c, "/api/tournaments", json!({"name": "x"}), &ama).await;
    assert_error(&r, 400, "bad_json");

    let id = create(&mut c, otb_swiss(), &ama).await;
    assert_error(
        &c.get("/api/tournaments/nope").await.unwrap(),
        404,
        "no_such_tournament",
    );
    let nope = act_on(&mut c, "nope", "rounds", json!({}), &ama).await;
    assert_error(&nope, 404, "no_such_tournament");
    // The director's acts are his alone.
    let player = json!({"name": "Esi", "rating": 1500});
    let r = act_on(&mut c, &id, "players", player.clone(), &kofi).await;
    assert_error(&r, 403, "not_director");
    assert_error(
        &act_on(&mut c, &id, "rounds", json!({}), &kofi).await,
        403,
        "not_director",
    );
    assert_error(
        &act_on(&mut c, &id, "start", json!({}), &kofi).await,
        403,
        "not_director",
    );
    for (body, status, code) in [
        (json!({"name": "Esi", "rating": -5}), 400, "bad_rating"),
        (json!({"name": "", "rating": 1500}), 400, "bad_name"),
        (json!({"rating": 1500}), 400, "bad_json"),
    ] {
        let r = act_on(&mut c, &id, "players", body, &ama).await;
        assert_error(&r, status, code);
    }
    assert_eq!(
        act_on(&mut c, &id, "players", player.clone(), &ama)
            .await
            .status,
        201
    );
    // Registered twice.
    let again = act_on(
        &mut c,
        &id,
        "players",
        json!({"name": "esi", "rating": 1}),
        &ama,
    )
    .await;
    assert_error(&again, 409, "already_joined");
    // One player cannot be paired.
    let alone = act_on(&mut c, &id, "rounds", json!({}), &ama).await;
    assert_eq!(alone.status / 100, 4, "{}", alone.text());
    let second = json!({"name": "Yaw", "rating": 1400});
    assert_eq!(
        act_on(&mut c, &id, "players", second, &ama).await.status,
        201
    );
    ok(&act_on(&mut c, &id, "rounds", json!({}), &ama).await);
    // Results: a board or a round that does not exist, a result that is none.
    assert_error(
        &result(&mut c, &id, 1, 2, "1-0", &ama).await,
        404,
        "no_such_board",
    );
    assert_error(
        &result(&mut c, &id, 2, 1, "1-0", &ama).await,
        404,
        "no_such_round",
    );
    assert_error(
        &result(&mut c, &id, 0, 1, "1-0", &ama).await,
        404,
        "no_such_round",
    );
    assert_error(
        &result(&mut c, "nope", 1, 1, "1-0", &ama).await,
        404,
        "no_such_tournament",
    );
    let path = format!("/api/tournaments/{id}/rounds/x/boards/1");
    assert_error(
        &put(&mut c, &path, json!({"result": "1-0"}), &ama).await,
        404,
        "no_such_round",
    );
    assert_error(
        &result(&mut c, &id, 1, 1, "2-0", &ama).await,
        400,
        "bad_result",
    );
    assert_error(
        &result(&mut c, &id, 1, 1, "1-0", &kofi).await,
        403,
        "not_director",
    );
    // The second round waits for the first's result.
    let early = act_on(&mut c, &id, "rounds", json!({}), &ama).await;
    assert_error(&early, 409, "results_missing");
    // Online acts on a tournament over the board.
    assert_error(
        &act_on(&mut c, &id, "join", json!({}), &kofi).await,
        409,
        "over_the_board",
    );

    // An online tournament: players join once, not after its end.
    let rr = json!({"name": "Round", "format": "round_robin", "variant": "oware",
                    "clock": {"initial_ms": 60000, "increment_ms": 1000},
                    "rated": false, "over_the_board": false});
    let rr = create(&mut c, rr, &ama).await;
    ok(&act_on(&mut c, &rr, "join", json!({}), &kofi).await);
    assert_error(
        &act_on(&mut c, &rr, "join", json!({}), &kofi).await,
        409,
        "already_joined",
    );
    let r = act_on(
        &mut c,
        &rr,
        "players",
        json!({"name": "Esi", "rating": 1}),
        &ama,
    )
    .await;
    assert_error(&r, 409, "online");
    assert_error(
        &act_on(&mut c, &rr, "withdraw", json!({}), &ama).await,
        409,
        "not_joined",
    );
    // Finished: nobody joins any more.
    let double = json!({"name": "Pair", "format": "round_robin", "variant": "oware",
                        "clock": null, "rated": false, "over_the_board": true, "double": true});
    let fin = create(&mut c, double, &ama).await;
    for name in ["A1", "A2"] {
        let p = json!({"name": name, "rating": 1500});
        assert_eq!(act_on(&mut c, &fin, "players", p, &ama).await.status, 201);
    }
    for round in 1..=2 {
        ok(&act_on(&mut c, &fin, "rounds", json!({}), &ama).await);
        ok(&result(&mut c, &fin, round, 1, "1-0", &ama).await);
    }
    assert_eq!(tournament(&mut c, &fin).await["status"], "finished");
    let late = act_on(
        &mut c,
        &fin,
        "players",
        json!({"name": "A3", "rating": 1}),
        &ama,
    )
    .await;
    assert_error(&late, 409, "tournament_finished");
    assert_error(
        &act_on(&mut c, &fin, "rounds", json!({}), &ama).await,
        409,
        "tournament_finished",
    );
}
