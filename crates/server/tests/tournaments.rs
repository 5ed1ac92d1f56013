//! API tests of tournaments: over the board (the director registers players, pairs rounds and
//! enters results; standings and TRF), online Swiss and round robins (the server creates the
//! games, the players play them through the games' API, the next round is paired when the
//! last game ends) and arenas, with every bad input refused. `tournaments_postgres` runs them
//! against PostgreSQL.

use std::time::Duration;

use mancala_test_client::{Client, Reply};
use serde_json::{json, Value};

mod common;
use common::{accounts, act, assert_error, created_id, get, ok, post, server};

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

/// The tournament `id` once `done` holds of it (polled: the server records results and pairs
/// rounds as games end, in the background).
async fn once(c: &mut Client, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..600 {
        let t = tournament(c, id).await;
        if done(&t) {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("tournament {id}: never {what}: {}", tournament(c, id).await);
}

/// The session token of the player `name` among `names` and `tokens`.
fn token_of<'a>(names: &[&str], tokens: &'a [String], name: &Value) -> &'a str {
    let i = names
        .iter()
        .position(|n| *n == name.as_str().unwrap())
        .unwrap();
    &tokens[i]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_swiss_plays_its_games_through_the_games_api() {
    let (_, mut c) = server().await;
    let names = ["Ama", "Kofi", "Esi", "Yaw", "Abena"];
    let tokens = accounts(&mut c, names).await;
    let ama = &tokens[0];
    let body = json!({"name": "Online", "format": "swiss", "variant": "oware",
                      "clock": {"initial_ms": 300000, "increment_ms": 2000}, "rated": true,
                      "over_the_board": false, "rounds": 2});
    let id = create(&mut c, body, ama).await;
    for t in &tokens[1..] {
        ok(&act_on(&mut c, &id, "join", json!({}), t).await);
    }
    ok(&act_on(&mut c, &id, "start", json!({}), ama).await);
    assert_error(
        &act_on(&mut c, &id, "start", json!({}), ama).await,
        409,
        "already_started",
    );
    for round in 1..=2usize {
        let t = once(&mut c, &id, "paired", |t| {
            t["rounds"].as_array().unwrap().len() == round
        })
        .await;
        assert_eq!(t["status"], "running", "{t}");
        let boards = t["rounds"][round - 1]["pairings"]
            .as_array()
            .unwrap()
            .clone();
        assert_eq!(boards.len(), 2, "{t}");
        for (b, board) in boards.iter().enumerate() {
            // Each game is an online game of the paired accounts, with the tournament's
            // preset, clock and rating.
            let game = board["game"].as_str().unwrap().to_string();
            let g = get(&mut c, &format!("/api/games/{game}")).await;
            assert_eq!(g["players"]["south"], board["south"], "{g}");
            assert_eq!(g["players"]["north"], board["north"], "{g}");
            assert_eq!((&g["rated"], &g["mode"]), (&json!(true), &json!("online")));
            assert_eq!(g["clock"]["control"]["initial_ms"], 300000, "{g}");
            let south = token_of(&names, &tokens, &board["south"]);
            let north = token_of(&names, &tokens, &board["north"]);
            // Someone else's game is not the director's to play.
            assert_eq!(
                act(&mut c, &game, "resign", json!({}), ama).await.status,
                403
            );
            if b == 0 {
                ok(&act(&mut c, &game, "resign", json!({}), south).await);
                // Its result goes in; the next round waits for the other game.
                let t = once(&mut c, &id, "recorded", |t| {
                    t["rounds"][round - 1]["pairings"][0]["result"] == "0-1"
                })
                .await;
                assert_eq!(t["rounds"].as_array().unwrap().len(), round, "{t}");
                let early = act_on(&mut c, &id, "rounds", json!({}), ama).await;
                assert_error(&early, 409, "results_missing");
            } else {
                ok(&act(&mut c, &game, "offer", json!({"kind": "draw"}), north).await);
                ok(&act(&mut c, &game, "offer/accept", json!({}), south).await);
            }
        }
    }
    let t = once(&mut c, &id, "finished", |t| t["status"] == "finished").await;
    for round in 0..2 {
        let boards = &t["rounds"][round]["pairings"];
        assert_eq!(boards[0]["result"], "0-1", "{t}");
        assert_eq!(boards[1]["result"], "1/2-1/2", "{t}");
    }
    // Four players (the director does not play): no bye, two games a round.
    assert!(t["rounds"][0].get("bye").is_none(), "{t}");
    let points: f64 = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    assert_eq!(points, 4.0, "{t}");
    // Over: nobody joins, nothing is paired.
    let late = act_on(&mut c, &id, "join", json!({}), ama).await;
    assert_error(&late, 409, "tournament_finished");
    let more = act_on(&mut c, &id, "rounds", json!({}), ama).await;
    assert_error(&more, 409, "tournament_finished");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_round_robin_forfeits_the_games_of_a_player_who_left() {
    let (_, mut c) = server().await;
    let names = ["Ama", "Kofi", "Esi", "Yaw", "Abena"];
    let tokens = accounts(&mut c, names).await;
    let body = json!({"name": "All play all", "format": "round_robin", "variant": "oware",
                      "clock": null, "rated": false, "over_the_board": false});
    let id = create(&mut c, body, &tokens[0]).await;
    for t in &tokens {
        ok(&act_on(&mut c, &id, "join", json!({}), t).await);
    }
    ok(&act_on(&mut c, &id, "withdraw", json!({}), &tokens[4]).await);
    ok(&act_on(&mut c, &id, "start", json!({}), &tokens[0]).await);
    let late = act_on(&mut c, &id, "join", json!({}), &tokens[4]).await;
    assert_error(&late, 409, "round_robin_started");
    // Four players: three rounds of two games. Kofi leaves after the first round's games
    // started: his later games are lost by forfeit, without a game.
    for round in 1..=3usize {
        let t = once(&mut c, &id, "paired", |t| {
            t["rounds"].as_array().unwrap().len() == round
        })
        .await;
        if round == 1 {
            ok(&act_on(&mut c, &id, "withdraw", json!({}), &tokens[1]).await);
        }
        for board in t["rounds"][round - 1]["pairings"].as_array().unwrap() {
            let kofi = board["south"] == "Kofi" || board["north"] == "Kofi";
            if round > 1 && kofi {
                assert!(board.get("game").is_none(), "{t}");
                let won = if board["south"] == "Kofi" {
                    "0-1F"
                } else {
                    "1-0F"
                };
                assert_eq!(board["result"], won, "{t}");
                continue;
            }
            let game = board["game"].as_str().unwrap();
            let south = token_of(&names, &tokens, &board["south"]);
            ok(&act(&mut c, game, "resign", json!({}), south).await);
        }
    }
    let t = once(&mut c, &id, "finished", |t| t["status"] == "finished").await;
    assert_eq!(t["rounds"].as_array().unwrap().len(), 3, "{t}");
    assert_eq!(
        t["players"].as_array().unwrap().len(),
        4,
        "struck off before the start: {t}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_free_players_until_its_time_is_up() {
    let (_, mut c) = server().await;
    let names = ["Ama", "Kofi", "Esi", "Yaw", "Abena"];
    let tokens = accounts(&mut c, names).await;
    let body = json!({"name": "Blitz", "format": "arena", "variant": "oware",
                      "clock": {"initial_ms": 60000, "increment_ms": 0}, "rated": false,
                      "over_the_board": false, "duration_s": 3});
    let id = create(&mut c, body, &tokens[0]).await;
    for t in &tokens[1..] {
        ok(&act_on(&mut c, &id, "join", json!({}), t).await);
    }
    assert_error(
        &act_on(&mut c, &id, "join", json!({}), &tokens[1]).await,
        409,
        "already_joined",
    );
    // At the start every player is paired at once: two games.
    let t = ok(&act_on(&mut c, &id, "start", json!({}), &tokens[0]).await);
    assert_eq!(t["status"], "running", "{t}");
    assert_eq!(t["games"].as_array().unwrap().len(), 2, "{t}");
    let trf = c.get(&format!("/api/tournaments/{id}/trf")).await.unwrap();
    assert_error(&trf, 409, "arena");
    let rounds = act_on(&mut c, &id, "rounds", json!({}), &tokens[0]).await;
    assert_error(&rounds, 409, "arena");
    // Every game is played out (South resigns) as it comes, until the time is up and the
    // last game is over.
    let mut played = std::collections::HashSet::new();
    let mut t = tournament(&mut c, &id).await;
    for _ in 0..1000 {
        if t["status"] == "finished" {
            break;
        }
        for g in t["games"].as_array().unwrap() {
            let game = g["game"].as_str().unwrap().to_string();
            if g.get("result").is_none() && played.insert(game.clone()) {
                let south = token_of(&names, &tokens, &g["south"]);
                ok(&act(&mut c, &game, "resign", json!({}), south).await);
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        t = tournament(&mut c, &id).await;
    }
    assert_eq!(t["status"], "finished", "{t}");
    let games = t["games"].as_array().unwrap();
    assert!(games.len() >= 2, "{t}");
    assert!(games.iter().all(|g| g["result"] == "0-1"), "{t}");
    // A win is worth 2 points (4 on a streak): North won every game.
    let points: u64 = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["points"].as_u64().unwrap())
        .sum();
    assert!(points >= 2 * games.len() as u64, "{t}");
    let late = act_on(&mut c, &id, "join", json!({}), &tokens[0]).await;
    assert_error(&late, 409, "tournament_finished");
}

/// The arena games of tournament view `t` in which `name` plays.
fn games_of<'a>(t: &'a Value, name: &str) -> Vec<&'a Value> {
    t["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["south"] == name || g["north"] == name)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_arena_player_is_not_paired_until_he_joins_again() {
    let (_, mut c) = server().await;
    let names = ["Ama", "Kofi", "Esi", "Yaw"];
    let tokens = accounts(&mut c, names).await;
    let (ama, yaw) = (&tokens[0], &tokens[3]);
    let body = json!({"name": "Blitz", "format": "arena", "variant": "oware",
                      "clock": {"initial_ms": 60000, "increment_ms": 0}, "rated": false,
                      "over_the_board": false, "duration_s": 600});
    let id = create(&mut c, body, ama).await;
    for t in &tokens[1..] {
        ok(&act_on(&mut c, &id, "join", json!({}), t).await);
    }
    let t = ok(&act_on(&mut c, &id, "pause", json!({}), yaw).await);
    let me = |t: &Value| {
        t["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Yaw")
            .unwrap()
            .clone()
    };
    assert_eq!(me(&t)["paused"], true, "{t}");
    // Refusals: twice, not a player, unknown, not signed in, not an arena.
    let again = act_on(&mut c, &id, "pause", json!({}), yaw).await;
    assert_error(&again, 409, "already_paused");
    let outsider = act_on(&mut c, &id, "pause", json!({}), ama).await;
    assert_error(&outsider, 409, "not_joined");
    let nope = act_on(&mut c, "nope", "pause", json!({}), yaw).await;
    assert_error(&nope, 404, "no_such_tournament");
    let anon = c
        .post_json(&format!("/api/tournaments/{id}/pause"), &json!({}), None)
        .await
        .unwrap();
    assert_error(&anon, 401, "not_signed_in");
    let swiss = create(&mut c, otb_swiss(), ama).await;
    let r = act_on(&mut c, &swiss, "pause", json!({}), yaw).await;
    assert_error(&r, 409, "not_arena");

    // Started: the two others are paired, not Yaw; nor when they are free again.
    let t = ok(&act_on(&mut c, &id, "start", json!({}), ama).await);
    assert_eq!(t["games"].as_array().unwrap().len(), 1, "{t}");
    assert!(games_of(&t, "Yaw").is_empty(), "{t}");
    let first = t["games"][0].clone();
    let south = token_of(&names, &tokens, &first["south"]);
    ok(&act(
        &mut c,
        first["game"].as_str().unwrap(),
        "resign",
        json!({}),
        south,
    )
    .await);
    let t = once(&mut c, &id, "paired again", |t| {
        t["games"].as_array().unwrap().len() == 2
    })
    .await;
    assert!(games_of(&t, "Yaw").is_empty(), "{t}");
    // Joining again resumes him: he is paired as soon as someone is free.
    let t = ok(&act_on(&mut c, &id, "join", json!({}), yaw).await);
    assert_eq!(me(&t)["paused"], false, "{t}");
    let second = t["games"][1].clone();
    let south = token_of(&names, &tokens, &second["south"]);
    ok(&act(
        &mut c,
        second["game"].as_str().unwrap(),
        "resign",
        json!({}),
        south,
    )
    .await);
    let t = once(&mut c, &id, "Yaw paired", |t| {
        !games_of(t, "Yaw").is_empty()
    })
    .await;
    assert_eq!(t["status"], "running", "{t}");
    // Withdrawn, he has nothing to pause.
    ok(&act_on(&mut c, &id, "withdraw", json!({}), yaw).await);
    let gone = act_on(&mut c, &id, "pause", json!({}), yaw).await;
    assert_error(&gone, 409, "not_joined");
}

/// An online Swiss of one round for the four players after the director in `tokens`, started:
/// its id and its round's view.
async fn one_round_online(c: &mut Client, tokens: &[String]) -> (String, Value) {
    let body = json!({"name": "Online", "format": "swiss", "variant": "oware",
                      "clock": {"initial_ms": 300000, "increment_ms": 2000}, "rated": true,
                      "over_the_board": false, "rounds": 1});
    let id = create(c, body, &tokens[0]).await;
    for t in &tokens[1..] {
        ok(&act_on(c, &id, "join", json!({}), t).await);
    }
    ok(&act_on(c, &id, "start", json!({}), &tokens[0]).await);
    let t = once(c, &id, "paired", |t| {
        t["rounds"][0]["pairings"][1]["game"].is_string()
    })
    .await;
    (id, t["rounds"][0].clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_directors_forfeit_ends_an_online_game_unrated_and_a_played_result_is_refused() {
    let (_, mut c) = server().await;
    let names = ["Ama", "Kofi", "Esi", "Yaw", "Abena"];
    let tokens = accounts(&mut c, names).await;
    let ama = &tokens[0];
    let (id, round) = one_round_online(&mut c, &tokens).await;
    let game = round["pairings"][0]["game"].as_str().unwrap().to_string();
    // Being played: its result is the game's, not the director's.
    for r in ["1-0", "0-1", "1/2-1/2"] {
        assert_error(
            &result(&mut c, &id, 1, 1, r, ama).await,
            409,
            "game_in_progress",
        );
    }
    let south = round["pairings"][0]["south"].as_str().unwrap().to_string();
    let before = get(&mut c, &format!("/api/players/{south}")).await["ratings"].clone();
    // A forfeit ends it on the server, unrated.
    let v = ok(&result(&mut c, &id, 1, 1, "0-1F", ama).await);
    assert_eq!(v["pairings"][0]["result"], "0-1F", "{v}");
    assert_eq!(v["status"], "running", "{v}");
    let g = get(&mut c, &format!("/api/games/{game}")).await;
    assert_eq!(
        (&g["over"], &g["result"], &g["reason"]),
        (&json!(true), &json!("north"), &json!("forfeit")),
        "{g}"
    );
    let south_token = token_of(&names, &tokens, &json!(south));
    let late = act(&mut c, &game, "resign", json!({}), south_token).await;
    assert_error(&late, 409, "game_over");
    let after = get(&mut c, &format!("/api/players/{south}")).await["ratings"].clone();
    assert_eq!(before, after, "a forfeit is not rated");
    // The double forfeit of the last game ends it without a result; the Swiss is over.
    let last = round["pairings"][1]["game"].as_str().unwrap().to_string();
    let v = ok(&result(&mut c, &id, 1, 2, "0-0F", ama).await);
    assert_eq!(v["status"], "finished", "{v}");
    let g = get(&mut c, &format!("/api/games/{last}")).await;
    assert_eq!(
        (&g["result"], &g["reason"]),
        (&json!("none"), &json!("forfeit")),
        "{g}"
    );
    // A game over is the director's to correct.
    ok(&result(&mut c, &id, 1, 1, "1-0", ama).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forfeit_recorded_but_not_applied_to_its_game_is_finished_by_the_sweep() {
    let (addr, app) = common::start_with(
        common::many(),
        std::sync::Arc::new(mancala_server::EngineBrain),
    )
    .await;
    let mut c = Client::new(addr);
    let names = ["Ama", "Kofi", "Esi", "Yaw", "Abena"];
    let tokens = accounts(&mut c, names).await;
    let (id, round) = one_round_online(&mut c, &tokens).await;
    let games: Vec<String> = (0..2)
        .map(|b| round["pairings"][b]["game"].as_str().unwrap().to_string())
        .collect();
    // The director's two forfeits are written, the last finishing the round, and the instance
    // stops before ending the games (as after a kill -9 between the two).
    let store = app.store();
    for board in [1, 2] {
        mancala_server::tournament::state::update(store, &id, |e| {
            let game = e.game_at(1, board).unwrap().to_string();
            let running = mancala_server::tournament::online::game_running(store, e, &game)?;
            e.enter_result("Ama", 1, board, "1-0F", running)?;
            Ok(Some(()))
        })
        .unwrap();
    }
    // The sweep ends both games, and only then is the tournament over.
    let t = once(&mut c, &id, "finished", |t| t["status"] == "finished").await;
    assert_eq!(t["rounds"][0]["pairings"][1]["result"], "1-0F", "{t}");
    for game in &games {
        let g = get(&mut c, &format!("/api/games/{game}")).await;
        assert_eq!(
            (&g["result"], &g["reason"]),
            (&json!("south"), &json!("forfeit")),
            "{g}"
        );
    }
}
