//! API tests of online play between accounts: sign-up and sessions, the lobby, clocks, endings,
//! ratings and the archive, against a real server on a loopback port. Every flow is also tried
//! by the wrong player, out of turn and replayed.

use std::sync::Arc;
use std::time::Duration;

use mancala_server::{Config, EngineBrain};
use mancala_test_client::{Client, Reply};
use serde_json::{json, Value};

mod common;
use common::{
    account, accounts, act, assert_error, client_of, create, created_id, creations_limited,
    game_and_seat, get, many, next, ok, post, post_anon, post_bytes, refused, refused_game, seeks,
    send_as, server, socket, start_with, upgrade, who_by_cookie, who_by_token,
};

/// Two players, a seek by the first (South) accepted by the second: the game's id.
async fn seek_game(c: &mut Client, a: &str, b: &str, seek: Value) -> String {
    let id = created_id(&post(c, "/api/seeks", seek, a).await);
    let r = post(c, &format!("/api/seeks/{id}/accept"), json!({}), b).await;
    ok(&r)["game"].as_str().unwrap().to_string()
}

/// Posts the action `action` (`accept`, `cancel`, `decline`) on the seek `id` with `token`.
/// Asserts that `token`'s `action` on seek `id` is refused with `status` and error `code`.
async fn seek_refused(
    c: &mut Client,
    id: &str,
    action: &str,
    token: &str,
    status: u16,
    code: &str,
) {
    assert_error(&seek_act(c, id, action, token).await, status, code);
}

async fn seek_act(c: &mut Client, id: &str, action: &str, token: &str) -> Reply {
    post(c, &format!("/api/seeks/{id}/{action}"), json!({}), token).await
}

/// Checks the game `g`'s result and the reason it ended.
fn assert_ending(g: &Value, result: &str, reason: &str) {
    let ending = (g["result"].as_str(), g["reason"].as_str());
    assert_eq!(ending, (Some(result), Some(reason)), "{g}");
}

/// The numbers in the JSON array `v`.
fn numbers(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// Plays the first legal move for whoever is to move, with the matching token.
async fn play_any(c: &mut Client, game: &str, tokens: [&str; 2]) -> Value {
    let g = get(c, &format!("/api/games/{game}")).await;
    let side = if g["to_move"] == "south" { 0 } else { 1 };
    let mv = g["legal"][0].as_str().unwrap().to_string();
    ok(&act(c, game, "moves", json!({"move": mv}), tokens[side]).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_and_sessions() {
    let (_, mut c) = server().await;
    let token = account(&mut c, "Kofi").await;

    // The name is taken, whatever its case; bad names and passwords say what is wrong.
    let taken = json!({"name": "kofi", "password": "another-one"});
    refused(&mut c, "/api/players", &taken, 409, "name_taken").await;
    for (body, code) in [
        (json!({"name": "K", "password": "long enough"}), "bad_name"),
        (
            json!({"name": "Kofi Annan", "password": "long enough"}),
            "bad_name",
        ),
        (
            json!({"name": "admin", "password": "long enough"}),
            "bad_name",
        ),
        (json!({"name": "Ama", "password": "short"}), "bad_password"),
        (json!({"name": "Ama"}), "bad_json"),
    ] {
        let r = post_anon(&mut c, "/api/players", &body).await;
        assert_error(&r, 400, code);
    }

    // A failed log-in says nothing about which part was wrong.
    let wrong_password = post_anon(
        &mut c,
        "/api/session",
        &json!({"name": "Kofi", "password": "wrong-password"}),
    )
    .await;
    let wrong_name = post_anon(
        &mut c,
        "/api/session",
        &json!({"name": "Nobody", "password": "secret-password"}),
    )
    .await;
    assert_error(&wrong_password, 401, "bad_credentials");
    assert_error(&wrong_name, 401, "bad_credentials");
    assert_eq!(wrong_password.json(), wrong_name.json());

    // The session by bearer token and by cookie.
    assert_eq!(who_by_token(&mut c, &token).await, "Kofi");
    let cred = json!({"name": "Kofi", "password": "secret-password"});
    let r = post_anon(&mut c, "/api/session", &cred).await;
    let cookie = r.header("set-cookie").unwrap().to_string();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    let pair = cookie.split(';').next().unwrap().to_string();
    assert_eq!(who_by_cookie(&mut c, &pair).await, "Kofi");

    // The player page.
    let p = get(&mut c, "/api/players/kofi").await;
    assert_eq!(p["name"], "Kofi");
    assert!(p["ratings"].as_object().unwrap().is_empty());
    assert_error(
        &c.get("/api/players/nobody").await.unwrap(),
        404,
        "no_such_player",
    );

    // Log-out ends the session (for this token only).
    let r = send_as(&mut c, "DELETE", "/api/session", &token).await;
    ok(&r);
    assert!(r.header("set-cookie").unwrap().contains("Max-Age=0"));
    assert_eq!(who_by_token(&mut c, &token).await, Value::Null);
    let r = post(&mut c, "/api/seeks", json!({"variant": "oware"}), &token).await;
    assert_error(&r, 401, "not_signed_in");
    assert_eq!(who_by_cookie(&mut c, &pair).await, "Kofi");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_in_attempts_are_rate_limited() {
    let mut c = client_of(Config {
        auth_burst: 3,
        auth_per_minute: 1,
        ..Config::default()
    })
    .await;
    let bad = json!({"name": "Nobody", "password": "whatever-it-is"});
    for _ in 0..3 {
        refused(&mut c, "/api/session", &bad, 401, "bad_credentials").await;
    }
    refused(&mut c, "/api/session", &bad, 429, "rate_limited").await;
    // A malformed sign-up is refused before it costs an attempt, and says why.
    let malformed = json!({"name": "x", "password": "p"});
    refused(&mut c, "/api/players", &malformed, 400, "bad_name").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn account_pages_sign_up_log_in_and_out() {
    let (_, mut c) = server().await;
    for page in ["/signup", "/login", "/logout"] {
        let r = c.get(page).await.unwrap();
        assert_eq!(r.status, 200, "{page}");
        assert!(r.text().contains("<form method=\"post\""), "{page}");
    }
    let form = "application/x-www-form-urlencoded";
    let r = post_bytes(&mut c, "/signup", form, b"name=Ama&password=secret+pass").await;
    assert_eq!(r.status, 303, "{}", r.text());
    let cookie = r
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    assert_eq!(who_by_cookie(&mut c, &cookie).await, "Ama");
    let r = post_bytes(&mut c, "/login", form, b"name=Ama&password=wrong+pass").await;
    assert_eq!(r.status, 401);
    assert!(r.text().contains("wrong name or password"));
    let r = post_bytes(&mut c, "/signup", form, b"name=Ama&password=secret+pass").await;
    assert_eq!(r.status, 409);
    let headers = [("Content-Type", form), ("Cookie", &cookie)];
    let r = c.request("POST", "/logout", &headers, b"").await.unwrap();
    assert_eq!(r.status, 303);
    assert_eq!(who_by_cookie(&mut c, &cookie).await, Value::Null);
}

/// Every `Set-Cookie` of `r` (none: an empty list).
fn set_cookies(r: &Reply) -> Vec<&str> {
    r.headers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
        .map(|(_, v)| v.as_str())
        .collect()
}

/// Whether cookie `c` has attribute `attr` (`Secure`, `HttpOnly`...).
fn has(c: &str, attr: &str) -> bool {
    c.split(';').skip(1).any(|a| a.trim() == attr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cookies_are_secure_when_the_server_is_told_it_is_behind_tls() {
    for secure in [false, true] {
        let mut c = client_of(Config {
            secure_cookies: secure,
            ..many()
        })
        .await;
        let form = "application/x-www-form-urlencoded";
        // Sign-up through the page logs in: the session cookie.
        let signed_up = post_bytes(&mut c, "/signup", form, b"name=Ama&password=secret+pass").await;
        assert_eq!(signed_up.status, 303, "{}", signed_up.text());
        // Log-in through the API: the session cookie.
        let cred = json!({"name": "Ama", "password": "secret pass"});
        let logged_in = post_anon(&mut c, "/api/session", &cred).await;
        assert_eq!(logged_in.status, 200, "{}", logged_in.text());
        // The language switch's cookie.
        let switched = c.get("/rules?lang=fr").await.unwrap();
        for (what, r) in [
            ("sign-up", &signed_up),
            ("log-in", &logged_in),
            ("language", &switched),
        ] {
            let cookies = set_cookies(r);
            assert!(!cookies.is_empty(), "{what}: {:?}", r.headers);
            for cookie in cookies {
                assert_eq!(has(cookie, "Secure"), secure, "{what}: {cookie}");
                assert!(
                    has(cookie, "SameSite=Lax") && has(cookie, "Path=/"),
                    "{cookie}"
                );
                if cookie.starts_with("mancala_session=") {
                    assert!(has(cookie, "HttpOnly"), "{cookie}");
                }
            }
        }
        // Log-out removes the session cookie, Secure alike.
        let token = logged_in.json()["token"].as_str().unwrap().to_string();
        let out = send_as(&mut c, "DELETE", "/api/session", &token).await;
        let cookie = set_cookies(&out)[0];
        assert!(has(cookie, "Max-Age=0"), "{cookie}");
        assert_eq!(has(cookie, "Secure"), secure, "{cookie}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_seeks_challenges_and_pushes() {
    let (addr, mut c) = server().await;
    let [a, b, x] = accounts(&mut c, ["Akua", "Yaw", "Esi"]).await;
    let mut ws = socket(addr, "/api/lobby/ws").await;
    let hello = next(&mut ws).await;
    assert_eq!(hello, json!({"type": "seeks", "seeks": []}));

    // Bad seeks say what is wrong.
    for (body, code) in [
        (json!({"variant": "chess"}), "unknown_variant"),
        (
            json!({"variant": "oware", "clock": {"initial_ms": 5}}),
            "bad_clock",
        ),
        (json!({"variant": "oware", "side": "east"}), "bad_side"),
        (
            json!({"variant": "oware", "rules": {"grand_slam": "Sometimes"}}),
            "bad_setup",
        ),
    ] {
        assert_error(&post(&mut c, "/api/seeks", body, &a).await, 400, code);
    }
    refused(
        &mut c,
        "/api/seeks",
        &json!({"variant": "oware"}),
        401,
        "not_signed_in",
    )
    .await;

    let seek = json!({"variant": "abapa", "clock": {"initial_ms": 180000, "increment_ms": 2000},
        "rated": true, "side": "north"});
    let id = created_id(&post(&mut c, "/api/seeks", seek, &a).await);
    let pushed = next(&mut ws).await;
    assert_eq!(pushed["type"], "seeks");
    assert_eq!(pushed["seeks"][0]["id"], id.as_str());
    let list = get(&mut c, "/api/seeks").await;
    let s = &list[0];
    assert_eq!(
        (s["owner"].as_str(), s["variant"].as_str()),
        (Some("Akua"), Some("abapa"))
    );
    assert_eq!(
        s["clock"],
        json!({"initial_ms": 180000, "increment_ms": 2000})
    );
    assert_eq!(
        (s["rated"].as_bool(), s["side"].as_str()),
        (Some(true), Some("north"))
    );
    assert_eq!(s["time_control"], "3+2");
    assert_eq!(s["rating"], 1500.0);

    // Nobody accepts his own seek; cancelling is for the owner.
    seek_refused(&mut c, &id, "accept", &a, 403, "own_seek").await;
    seek_refused(&mut c, &id, "cancel", &b, 403, "not_yours").await;
    let r = seek_act(&mut c, &id, "accept", &b).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let game = r.json()["game"].as_str().unwrap().to_string();
    // Replayed, or accepted by another a moment too late: the seek was taken.
    seek_refused(&mut c, &id, "accept", &x, 409, "seek_taken").await;
    seek_refused(&mut c, &id, "cancel", &a, 409, "seek_taken").await;
    // A seek never made is unknown.
    seek_refused(
        &mut c,
        "0123456789abcdef",
        "accept",
        &x,
        404,
        "no_such_seek",
    )
    .await;
    // The lobby hears the list change and the game start.
    let mut started = None;
    for _ in 0..3 {
        let m = next(&mut ws).await;
        if m["type"] == "game" {
            started = Some(m);
            break;
        }
    }
    let started = started.expect("game announced");
    assert_eq!(started["game"], game.as_str());
    assert_eq!(started["players"], json!({"south": "Yaw", "north": "Akua"}));
    let g = get(&mut c, &format!("/api/games/{game}")).await;
    assert_eq!(g["players"], json!({"south": "Yaw", "north": "Akua"}));
    assert_eq!(g["variant"], "abapa");
    assert_eq!(g["rated"], true);
    assert_eq!(g["clock"]["running"], "south");
    assert!(g["clock"]["south_ms"].as_i64().unwrap() <= 180_000);
    assert_eq!(g["clock"]["north_ms"], 180_000);
    assert!(seeks(&mut c).await.is_empty());

    // A challenge: only the named player may accept or decline it.
    let challenge = json!({"to": "yaw", "variant": "oware"});
    let ch = created_id(&post(&mut c, "/api/challenges", challenge, &a).await);
    assert_eq!(get(&mut c, "/api/seeks").await[0]["to"], "Yaw");
    seek_refused(&mut c, &ch, "accept", &x, 403, "not_for_you").await;
    seek_refused(&mut c, &ch, "decline", &x, 403, "not_yours").await;
    ok(&seek_act(&mut c, &ch, "decline", &b).await);
    assert!(seeks(&mut c).await.is_empty());
    for (to, status, code) in [
        ("Nobody", 404, "no_such_player"),
        ("Akua", 400, "self_challenge"),
    ] {
        let challenge = json!({"to": to, "variant": "oware"});
        let r = post(&mut c, "/api/challenges", challenge, &a).await;
        assert_error(&r, status, code);
    }

    // Cancel by DELETE.
    let r = post(&mut c, "/api/seeks", json!({"variant": "wuri"}), &a).await;
    let sid = r.json()["id"].as_str().unwrap().to_string();
    ok(&send_as(&mut c, "DELETE", &format!("/api/seeks/{sid}"), &a).await);
    assert!(seeks(&mut c).await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_goes_when_its_owner_leaves() {
    let (addr, mut c) = server().await;
    let a = account(&mut c, "Kwame").await;
    let ws = socket(addr, &format!("/api/lobby/ws?token={a}")).await;
    created_id(&post(&mut c, "/api/seeks", json!({"variant": "oware"}), &a).await);
    assert_eq!(seeks(&mut c).await.len(), 1);
    drop(ws);
    // Gone once the grace for a reload has passed.
    let mut gone = false;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if seeks(&mut c).await.is_empty() {
            gone = true;
            break;
        }
    }
    assert!(gone, "the seek outlived its owner's departure");
    // Logging out takes them too.
    created_id(&post(&mut c, "/api/seeks", json!({"variant": "oware"}), &a).await);
    send_as(&mut c, "DELETE", "/api/session", &a).await;
    assert!(seeks(&mut c).await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_by_the_wrong_player_out_of_turn_and_replayed() {
    let (_, mut c) = server().await;
    let [a, b, x] = accounts(&mut c, ["Abena", "Kojo", "Efua"]).await;
    let game = seek_game(&mut c, &a, &b, json!({"variant": "oware", "side": "south"})).await;
    let path = format!("/api/games/{game}/moves");
    // A stranger, and the player out of turn.
    assert_error(
        &post(&mut c, &path, json!({"move": "C"}), &x).await,
        403,
        "bad_token",
    );
    assert_error(
        &post(&mut c, &path, json!({"move": "c"}), &b).await,
        403,
        "not_your_turn",
    );
    refused(&mut c, &path, &json!({"move": "C"}), 401, "no_token").await;
    let r = post(&mut c, &path, json!({"move": "C", "ply": 0}), &a).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["players"]["south"], "Abena");
    // The same request again: stale, and not South's turn any more.
    assert_error(
        &post(&mut c, &path, json!({"move": "C", "ply": 0}), &a).await,
        403,
        "not_your_turn",
    );
    let r = post(&mut c, &path, json!({"move": "d", "ply": 0}), &b).await;
    assert_error(&r, 409, "stale");
    // Nobody resigns, offers or accepts for a seat that is not his.
    for action in [
        "resign",
        "abort",
        "offer/accept",
        "offer/decline",
        "rematch",
    ] {
        let r = post(
            &mut c,
            &format!("/api/games/{game}/{action}"),
            json!({}),
            &x,
        )
        .await;
        assert_error(&r, 403, "bad_token");
    }
    let r = act(&mut c, &game, "offer", json!({"kind": "draw"}), &x).await;
    assert_error(&r, 403, "bad_token");
    let r = act(&mut c, &game, "offer", json!({"kind": "tea"}), &a).await;
    assert_error(&r, 400, "bad_offer");
    // The offerer cannot accept his own offer.
    let r = act(&mut c, &game, "offer", json!({"kind": "draw"}), &a).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["offer"], json!({"kind": "draw", "by": "south"}));
    let r = act(&mut c, &game, "offer/accept", json!({}), &a).await;
    assert_error(&r, 403, "own_offer");
    let r = act(&mut c, &game, "offer/decline", json!({}), &b).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["offer"], Value::Null);
    let r = act(&mut c, &game, "offer/accept", json!({}), &b).await;
    assert_error(&r, 409, "no_offer");
    // Too late to abort once both have moved.
    play_any(&mut c, &game, [&a, &b]).await;
    let r = act(&mut c, &game, "abort", json!({}), &a).await;
    assert_error(&r, 409, "too_late_to_abort");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn endings_ratings_rematch_and_archive() {
    let (_, mut c) = server().await;
    let [a, b] = accounts(&mut c, ["Adjoa", "Kweku"]).await;
    let rated = json!({"variant": "oware", "rated": true, "side": "south",
        "clock": {"initial_ms": 300000, "increment_ms": 3000}});

    // Agreement: each side scores the seeds on its own row, as the rules core counts them.
    let g1 = seek_game(&mut c, &a, &b, rated.clone()).await;
    for _ in 0..6 {
        play_any(&mut c, &g1, [&a, &b]).await;
    }
    let before = get(&mut c, &format!("/api/games/{g1}")).await;
    let r = act(&mut c, &g1, "offer", json!({"kind": "agreement"}), &b).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let r = act(&mut c, &g1, "offer/accept", json!({}), &a).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let end = r.json();
    let (pits, stores) = (numbers(&before["pits"]), numbers(&before["stores"]));
    let south = stores[0] + pits[..6].iter().sum::<u64>();
    let north = stores[1] + pits[6..].iter().sum::<u64>();
    assert_eq!(end["agreement_scores"], json!([south, north]));
    let expected = match south.cmp(&north) {
        std::cmp::Ordering::Greater => "south",
        std::cmp::Ordering::Less => "north",
        std::cmp::Ordering::Equal => "draw",
    };
    assert_eq!(
        (end["over"].as_bool(), end["result"].as_str()),
        (Some(true), Some(expected))
    );
    assert_eq!(end["reason"], "agreement");
    assert_eq!(end["clock"]["running"], Value::Null);
    assert_eq!(end["legal"], json!([]));
    // Over: no more moves or offers.
    let r = act(&mut c, &g1, "resign", json!({}), &a).await;
    assert_error(&r, 409, "game_over");

    // Rematch with colours swapped, then a resignation.
    let r = act(&mut c, &g1, "rematch", json!({}), &a).await;
    assert_eq!(r.json()["rematch"], json!({"offered_by": "south"}));
    let r = act(&mut c, &g1, "rematch", json!({}), &a).await;
    assert_error(&r, 409, "already_offered");
    let r = act(&mut c, &g1, "rematch", json!({}), &b).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let g2 = r.json()["rematch"]["game"].as_str().unwrap().to_string();
    let st = get(&mut c, &format!("/api/games/{g2}")).await;
    assert_eq!(st["players"], json!({"south": "Kweku", "north": "Adjoa"}));
    assert_eq!(
        st["clock"]["control"],
        json!({"initial_ms": 300000, "increment_ms": 3000})
    );
    play_any(&mut c, &g2, [&b, &a]).await;
    let r = act(&mut c, &g2, "resign", json!({}), &b).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_ending(&r.json(), "north", "resigned");
    // The record names the ending, and reads back.
    let r = c.get(&format!("/api/games/{g2}/record")).await.unwrap();
    assert_eq!(r.status, 200);
    let text = r.text();
    assert!(text.contains("[Termination \"resigned\"]"), "{text}");
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(text.contains("[South \"Kweku\"]"), "{text}");
    let rec = mancala_core::record::Record::parse(&text).unwrap();
    assert_eq!(rec.termination(), Some("resigned"));
    rec.to_game().unwrap();

    // A draw agreed, casual, and an abort.
    let g3 = seek_game(&mut c, &a, &b, json!({"variant": "wuri", "side": "south"})).await;
    play_any(&mut c, &g3, [&a, &b]).await;
    play_any(&mut c, &g3, [&a, &b]).await;
    act(&mut c, &g3, "offer", json!({"kind": "draw"}), &a).await;
    let r = act(&mut c, &g3, "offer", json!({"kind": "draw"}), &b).await;
    assert_ending(&r.json(), "draw", "draw_agreed");
    let g4 = seek_game(
        &mut c,
        &a,
        &b,
        json!({"variant": "oware", "side": "south", "rated": true}),
    )
    .await;
    play_any(&mut c, &g4, [&a, &b]).await;
    let r = act(&mut c, &g4, "abort", json!({}), &b).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_ending(&r.json(), "none", "aborted");

    // Ratings: two rated oware games counted (the aborted one not), both moved.
    let pa = get(&mut c, "/api/players/Adjoa").await;
    let pb = get(&mut c, "/api/players/Kweku").await;
    let (ra, rb) = (&pa["ratings"]["oware"], &pb["ratings"]["oware"]);
    assert_eq!(
        (ra["games"].as_u64(), rb["games"].as_u64()),
        (Some(2), Some(2))
    );
    assert_ne!(ra["rating"], 1500.0);
    assert!(ra["deviation"].as_f64().unwrap() < 350.0);
    assert_eq!(ra["provisional"], true);
    assert!(pa["ratings"]["wuri"].is_null());
    assert_eq!(pa["history"].as_array().unwrap().len(), 2);
    assert_eq!(pa["games"].as_array().unwrap().len(), 4);
    // Resigning Kweku lost game 2: Adjoa's rating rose with it.
    let h = pa["history"].as_array().unwrap();
    assert!(h[1]["rating"].as_f64() > h[0]["rating"].as_f64());
    let board = get(&mut c, "/api/leaderboard/oware").await;
    assert_eq!(board["players"].as_array().unwrap().len(), 2);
    assert_eq!(board["players"][0]["name"], "Adjoa");
    assert_error(
        &c.get("/api/leaderboard/chess").await.unwrap(),
        404,
        "unknown_variant",
    );

    // The archive.
    let all = get(&mut c, "/api/games?player=Adjoa").await;
    assert_eq!(all["games"].as_array().unwrap().len(), 4);
    let wins = get(&mut c, "/api/games?player=Adjoa&result=win").await;
    assert!(wins["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == g2.as_str()));
    let wuri = get(&mut c, "/api/games?variant=wuri").await;
    assert_eq!(wuri["games"][0]["id"], g3.as_str());
    assert_eq!(wuri["games"][0]["reason"], "draw_agreed");
    let aborted = get(&mut c, "/api/games?result=none").await;
    assert_eq!(aborted["games"][0]["id"], g4.as_str());
    let paged = get(&mut c, "/api/games?per_page=3&page=1").await;
    assert_eq!(
        (
            paged["games"].as_array().unwrap().len(),
            paged["more"].as_bool()
        ),
        (3, Some(true))
    );
    let paged = get(&mut c, "/api/games?per_page=3&page=2").await;
    assert_eq!(
        (
            paged["games"].as_array().unwrap().len(),
            paged["more"].as_bool()
        ),
        (1, Some(false))
    );
    let none = get(&mut c, "/api/games?to=2000-01-01").await;
    assert!(none["games"].as_array().unwrap().is_empty());
    let today = get(
        &mut c,
        "/api/games?from=2000-01-01&player=Kweku&variant=oware",
    )
    .await;
    assert_eq!(today["games"].as_array().unwrap().len(), 3);
    for (q, code) in [
        ("result=maybe", "bad_result"),
        ("result=win", "bad_result"),
        ("from=yesterday", "bad_date"),
        ("to=2026-02-31", "bad_date"),
        ("variant=chess", "unknown_variant"),
    ] {
        assert_error(&c.get(&format!("/api/games?{q}")).await.unwrap(), 400, code);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_runs_out_while_both_players_are_away() {
    let (addr, app) = start_with(many(), Arc::new(EngineBrain)).await;
    let mut c = Client::new(addr);
    let [a, b] = accounts(&mut c, ["Yaa", "Fiifi"]).await;
    let game = seek_game(
        &mut c,
        &a,
        &b,
        json!({"variant": "oware", "side": "south", "rated": true,
            "clock": {"initial_ms": 1500, "increment_ms": 0}}),
    )
    .await;
    let g = play_any(&mut c, &game, [&a, &b]).await;
    assert_eq!(g["clock"]["running"], "north");
    assert_eq!(app.clocks_armed(), 1);
    // Nobody is connected, nobody asks: the server's own timer ends the game on time.
    drop(c);
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert_eq!(app.clocks_armed(), 0);
    let mut c = Client::new(addr);
    let g = get(&mut c, &format!("/api/games/{game}")).await;
    assert_ending(&g, "south", "time");
    assert_eq!(g["clock"]["north_ms"], 0);
    assert!(g["clock"]["south_ms"].as_i64().unwrap() > 0);
    let arch = get(&mut c, "/api/games?player=Fiifi&result=loss").await;
    assert_eq!(arch["games"][0]["reason"], "time");
    assert_eq!(
        get(&mut c, "/api/players/Fiifi").await["ratings"]["oware"]["games"],
        1
    );
    // A move after the flag is refused.
    let r = act(&mut c, &game, "moves", json!({"move": "a"}), &b).await;
    assert_error(&r, 409, "game_over");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guest_games_take_a_clock_and_seat_tokens_still_work() {
    let (_, mut c) = server().await;
    let created = create(
        &mut c,
        json!({"variant": "oware", "mode": "online",
                "clock": {"initial_ms": 60000, "increment_ms": 1000}}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let (s, n) = (
        created["seats"]["south"].as_str().unwrap().to_string(),
        created["seats"]["north"].as_str().unwrap().to_string(),
    );
    assert_eq!(
        created["game"]["players"],
        json!({"south": null, "north": null})
    );
    let g = play_any(&mut c, &id, [&s, &n]).await;
    let south_ms = g["clock"]["south_ms"].as_i64().unwrap();
    assert!(south_ms > 59_000 && south_ms <= 61_000, "{south_ms}");
    let r = act(&mut c, &id, "resign", json!({}), &n).await;
    assert_eq!(r.json()["result"], "south");
    // Rematch: each keeps his token and takes the other colour.
    act(&mut c, &id, "rematch", json!({}), &n).await;
    let r = act(&mut c, &id, "rematch", json!({}), &s).await;
    let g2 = r.json()["rematch"]["game"].as_str().unwrap().to_string();
    let r = act(&mut c, &g2, "moves", json!({"move": "A"}), &n).await;
    assert_eq!(r.status, 200, "{}", r.text());
    // Untimed games show no clock; only online games take one.
    let r = post_anon(
        &mut c,
        "/api/games",
        &json!({"variant": "oware", "mode": "local"}),
    )
    .await;
    assert_eq!(r.json()["game"]["clock"], Value::Null);
    let timed = json!({"variant": "oware", "mode": "computer", "clock": {"initial_ms": 60000}});
    refused_game(&mut c, timed, 400, "bad_clock").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_keys_are_checked() {
    let (addr, mut c) = server().await;
    let r = post_anon(
        &mut c,
        "/api/games",
        &json!({"variant": "oware", "mode": "local"}),
    )
    .await;
    let id = r.json()["id"].as_str().unwrap().to_string();
    for path in [format!("/api/games/{id}/ws"), "/api/lobby/ws".to_string()] {
        for key in [
            "",
            "not base64!!",
            "dGhlIHNhbXBsZSBub25jZQ",
            "dGhlIHNhbXBsZSBub25jZR==",
        ] {
            assert_error(&upgrade(addr, &path, key).await, 400, "bad_websocket_key");
        }
        // The RFC's own sample key is fine.
        let r = upgrade(addr, &path, "dGhlIHNhbXBsZSBub25jZQ==").await;
        assert_eq!(r.status, 101, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_creations_do_not_use_up_the_allowance() {
    // A server that allows a client two games at once, then one a minute.
    let mut c = client_of(creations_limited(2, 1)).await;
    for _ in 0..10 {
        refused_game(&mut c, json!({"variant": "chess"}), 400, "unknown_variant").await;
        let r = post_bytes(&mut c, "/api/games", "application/json", b"{oops").await;
        assert_error(&r, 400, "bad_json");
    }
    let local = json!({"variant": "oware", "mode": "local"});
    for _ in 0..2 {
        create(&mut c, local.clone()).await;
    }
    refused_game(&mut c, local, 429, "rate_limited").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_endpoint_is_in_the_openapi_document() {
    let (_, mut c) = server().await;
    let doc = get(&mut c, "/api/openapi.json").await;
    for (path, method) in [
        ("/api/players", "post"),
        ("/api/players/{name}", "get"),
        ("/api/players/me", "get"),
        ("/api/players/me", "patch"),
        ("/api/session", "post"),
        ("/api/session", "get"),
        ("/api/session", "delete"),
        ("/api/session/logout", "post"),
        ("/api/seeks", "post"),
        ("/api/seeks", "get"),
        ("/api/seeks/{id}", "delete"),
        ("/api/seeks/{id}/accept", "post"),
        ("/api/seeks/{id}/cancel", "post"),
        ("/api/seeks/{id}/decline", "post"),
        ("/api/challenges", "post"),
        ("/api/lobby/ws", "get"),
        ("/api/leaderboard/{variant}", "get"),
        ("/api/games", "get"),
        ("/api/games/{id}/resign", "post"),
        ("/api/games/{id}/abort", "post"),
        ("/api/games/{id}/offer", "post"),
        ("/api/games/{id}/offer/accept", "post"),
        ("/api/games/{id}/offer/decline", "post"),
        ("/api/games/{id}/rematch", "post"),
    ] {
        assert!(
            doc["paths"][path][method].is_object(),
            "{method} {path} undocumented"
        );
    }
    let game = &doc["components"]["schemas"]["Game"]["allOf"][1]["properties"];
    for field in ["players", "clock", "result", "reason", "offer", "rematch"] {
        assert!(game[field].is_object(), "Game.{field} undocumented");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ba_awa_keeps_one_clock_across_rounds() {
    let (_, mut c) = server().await;
    // rules.md B3: North's capture ends round 1; North starts round 2.
    let (id, north) = game_and_seat(
        &mut c,
        json!({"variant": "ba-awa", "mode": "online",
                "position": "3-0-2-0-1-0-0-2-0-3-0-1-12-24-N",
                "clock": {"initial_ms": 60000, "increment_ms": 5000}}),
        "north",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let g = ok(&act(&mut c, &id, "moves", json!({"move": "f"}), &north).await);
    assert_eq!(g["round"], 2, "{g}");
    assert_eq!(g["over"], false);
    // Round 2 goes on with the match's clock: North's time was spent and incremented, not reset.
    assert_eq!(g["clock"]["running"], "north");
    let north_ms = g["clock"]["north_ms"].as_i64().unwrap();
    assert!(north_ms > 60_000 && north_ms <= 65_000 - 200, "{north_ms}");
    assert_eq!(g["clock"]["south_ms"], 60_000);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn correspondence_clocks_give_days_per_move() {
    let (_, mut c) = server().await;
    let [a, b] = accounts(&mut c, ["Nana", "Kobby"]).await;
    let game = seek_game(
        &mut c,
        &a,
        &b,
        json!({"variant": "olowuka", "side": "south", "clock": {"days_per_move": 2}}),
    )
    .await;
    let g = get(&mut c, &format!("/api/games/{game}")).await;
    assert_eq!(g["clock"]["control"], json!({"days_per_move": 2}));
    assert_eq!(g["clock"]["label"], "2d");
    let day = 86_400_000_i64;
    assert!(g["clock"]["south_ms"].as_i64().unwrap() > 2 * day - 60_000);
    let g = play_any(&mut c, &game, [&a, &b]).await;
    // The time starts afresh after each move.
    assert_eq!(g["clock"]["south_ms"], 2 * day);
    assert_eq!(g["clock"]["running"], "north");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_being_played_are_listed_to_watch_until_they_end() {
    let (_, mut c) = server().await;
    let [a, b] = accounts(&mut c, ["Esi", "Yaw"]).await;
    let live = |v: &Value| -> Vec<String> {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect()
    };
    // A guest game by seat links and a game against the computer are not listed.
    create(&mut c, json!({"variant": "oware", "mode": "online"})).await;
    create(&mut c, json!({"variant": "oware", "mode": "computer"})).await;
    assert_eq!(
        live(&get(&mut c, "/api/games/live").await),
        Vec::<String>::new()
    );

    let g1 = seek_game(
        &mut c,
        &a,
        &b,
        json!({"variant": "oware", "side": "south", "clock": {"initial_ms": 180000, "increment_ms": 2000}}),
    )
    .await;
    let g2 = seek_game(&mut c, &a, &b, json!({"variant": "wuri", "side": "north"})).await;
    play_any(&mut c, &g1, [&a, &b]).await;
    play_any(&mut c, &g1, [&a, &b]).await;
    let all = get(&mut c, "/api/games/live").await;
    let mut ids = live(&all);
    ids.sort();
    let mut both = vec![g1.clone(), g2.clone()];
    both.sort();
    assert_eq!(ids, both);
    let first = all["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == g1.as_str())
        .unwrap();
    assert_eq!(first["players"], json!({"south": "Esi", "north": "Yaw"}));
    assert_eq!(
        (first["plies"].as_u64(), first["time_control"].as_str()),
        (Some(2), Some("3+2"))
    );
    assert_eq!(
        live(&get(&mut c, "/api/games/live?variant=wuri").await),
        std::slice::from_ref(&g2)
    );
    assert_eq!(
        get(&mut c, "/api/games/live?limit=1").await["games"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // A game that ends is no longer being played.
    let r = act(&mut c, &g1, "resign", json!({}), &a).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(live(&get(&mut c, "/api/games/live").await), [g2]);
    for (q, code) in [
        ("variant=chess", "unknown_variant"),
        ("player=Esi", "bad_query"),
    ] {
        let r = c.get(&format!("/api/games/live?{q}")).await.unwrap();
        assert_eq!(r.status, 400, "{q}: {}", r.text());
        if code != "bad_query" {
            assert_error(&r, 400, code);
        }
    }
}
