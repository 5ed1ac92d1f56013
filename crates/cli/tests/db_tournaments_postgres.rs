//! Tournaments in `mancala db export|import`: an online Swiss that has played a round and an
//! over-the-board Swiss with results, made through the real server on SQLite, are exported,
//! imported into PostgreSQL, exported again, imported into a fresh SQLite file and exported once
//! more; the three files are identical byte for byte and the restored server shows both
//! tournaments as they were. `mancala db check` finds a tournament naming a game that does not
//! exist and one whose state does not parse.

mod common;
#[path = "common/serve.rs"]
mod serve;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{db, db_ok, TempDir};
use serde_json::{json, Value};
use serve::{account, request};

/// The tournament `id` on `addr`.
fn tournament(addr: &str, id: &str) -> Value {
    request(addr, "GET", &format!("/api/tournaments/{id}"), None, None).ok()
}

/// Creates tournament `body` on `addr` as `token`: its id.
fn create(addr: &str, body: &Value, token: &str) -> String {
    let r = request(addr, "POST", "/api/tournaments", Some(body), Some(token));
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()["id"].as_str().unwrap().to_string()
}

/// What the pages show of a tournament (its players, rounds with games and results, standings).
fn shown(t: &Value) -> Value {
    json!([
        t["name"],
        t["status"],
        t["players"],
        t["rounds"],
        t["standings"]
    ])
}

/// An online Swiss of four accounts whose first round is played (both games resigned by South)
/// and second round paired, and an over-the-board Swiss with round 1's results in (one a
/// forfeit) and round 2 paired with one result; on a server on `db`. Answers both tournaments
/// as the server shows them.
fn populate(db: &Path) -> [(String, Value); 2] {
    let server = serve::start_with(|c| {
        c.arg("--db")
            .arg(db)
            .args(["--password-memory-kib", "64", "--auth-burst", "100"]);
    });
    let addr = server.addr.as_str();
    let names = ["Ama", "Kofi", "Esi", "Yaw"];
    let tokens: Vec<String> = names.iter().map(|n| account(addr, n)).collect();
    let token = |name: &Value| {
        &tokens[names
            .iter()
            .position(|n| name.as_str() == Some(*n))
            .unwrap()]
    };

    let online = json!({"name": "Weekly", "format": "swiss", "variant": "oware",
                        "clock": {"initial_ms": 600000, "increment_ms": 2000}, "rated": true,
                        "over_the_board": false, "rounds": 3});
    let swiss = create(addr, &online, &tokens[0]);
    for t in &tokens {
        request(
            addr,
            "POST",
            &format!("/api/tournaments/{swiss}/join"),
            None,
            Some(t),
        )
        .ok();
    }
    let path = format!("/api/tournaments/{swiss}/start");
    let started = request(addr, "POST", &path, None, Some(&tokens[0])).ok();
    let boards = started["rounds"][0]["pairings"].as_array().unwrap().clone();
    assert_eq!(boards.len(), 2, "{started}");
    for b in &boards {
        let game = b["game"].as_str().unwrap();
        let resign = format!("/api/games/{game}/resign");
        request(addr, "POST", &resign, None, Some(token(&b["south"]))).ok();
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    let online = loop {
        let t = tournament(addr, &swiss);
        if t["rounds"].as_array().unwrap().len() == 2 {
            break t;
        }
        assert!(Instant::now() < deadline, "round 2 never paired: {t}");
        std::thread::sleep(Duration::from_millis(50));
    };

    let otb = json!({"name": "Club night", "format": "swiss", "variant": "abapa",
                     "clock": null, "rated": false, "over_the_board": true, "rounds": 3,
                     "bye_points": 0.5});
    let club = create(addr, &otb, &tokens[1]);
    for (name, rating) in [("Abena", 1800), ("Kwame", 1700), ("Akua", 1600)] {
        let body = json!({"name": name, "rating": rating});
        let path = format!("/api/tournaments/{club}/players");
        let r = request(addr, "POST", &path, Some(&body), Some(&tokens[1]));
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let result = |round: u32, r: &str| {
        let path = format!("/api/tournaments/{club}/rounds/{round}/boards/1");
        request(
            addr,
            "PUT",
            &path,
            Some(&json!({"result": r})),
            Some(&tokens[1]),
        )
        .ok();
    };
    let pair = format!("/api/tournaments/{club}/rounds");
    request(addr, "POST", &pair, Some(&json!({})), Some(&tokens[1])).ok();
    result(1, "1-0F");
    request(addr, "POST", &pair, Some(&json!({})), Some(&tokens[1])).ok();
    result(2, "1/2-1/2");
    let club_now = tournament(addr, &club);
    assert!(club_now["rounds"][0]["bye"].is_string(), "{club_now}");
    [(swiss, online), (club, club_now)]
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn tournaments_go_sqlite_to_postgres_to_sqlite_and_exports_are_identical() {
    let dir = TempDir::new("db-tournaments");
    let first = dir.join("first.db");
    let made = populate(&first);
    let out = db_ok(&["check", "--db", s(&first)]);
    assert!(
        out.contains("4 games") && out.contains("2 tournaments") && out.ends_with("ok\n"),
        "{out}"
    );

    let (a, b, c) = (
        dir.join("a.jsonl"),
        dir.join("b.jsonl"),
        dir.join("c.jsonl"),
    );
    let exported = db_ok(&["export", "--db", s(&first), "--out", s(&a)]);
    assert!(exported.contains("2 tournaments"), "{exported}");
    let text = std::fs::read_to_string(&a).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("\"version\":3"), "{}", lines[0]);
    let tournaments: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("{\"table\":\"tournament\","))
        .collect();
    assert_eq!(tournaments.len(), 2, "{text}");
    for (id, _) in &made {
        assert!(
            tournaments
                .iter()
                .any(|l| l.contains(&format!("\"id\":\"{id}\""))),
            "no tournament {id} in {text}"
        );
    }

    let cluster = mancala_test_postgres::Cluster::start();
    let url = cluster.fresh_database();
    db_ok(&["import", "--db", &url, "--in", s(&a)]);
    assert!(db_ok(&["check", "--db", &url]).ends_with("ok\n"));
    db_ok(&["export", "--db", &url, "--out", s(&b)]);
    assert_eq!(
        std::fs::read(&a).unwrap(),
        std::fs::read(&b).unwrap(),
        "SQLite → PostgreSQL"
    );
    // Replacing everything replaces the tournaments too (no second row of one id).
    db_ok(&["import", "--db", &url, "--in", s(&b), "--replace"]);

    let last = dir.join("last.db");
    db_ok(&["import", "--db", s(&last), "--in", s(&b)]);
    db_ok(&["export", "--db", s(&last), "--out", s(&c)]);
    assert_eq!(
        std::fs::read(&a).unwrap(),
        std::fs::read(&c).unwrap(),
        "PostgreSQL → SQLite"
    );

    // The restored server shows both tournaments as they were, and plays on: round 2's games
    // of the online Swiss are there.
    let server = serve::start(&last);
    for (id, before) in &made {
        let after = tournament(&server.addr, id);
        assert_eq!(shown(&after), shown(before), "{id}");
    }
    let round2 = made[0].1["rounds"][1]["pairings"].as_array().unwrap();
    for board in round2 {
        let game = board["game"].as_str().unwrap();
        let g = request(
            &server.addr,
            "GET",
            &format!("/api/games/{game}"),
            None,
            None,
        )
        .ok();
        assert_eq!(g["players"]["south"], board["south"], "{g}");
    }
}

#[test]
fn the_check_finds_a_tournament_naming_no_game_and_one_that_does_not_parse() {
    use mancala_server::store::Store;
    let dir = TempDir::new("db-tournaments-check");
    let first = dir.join("first.db");
    let [(swiss, online), (club, _)] = populate(&first);
    let game = online["rounds"][0]["pairings"][0]["game"]
        .as_str()
        .unwrap()
        .to_string();
    {
        let store = mancala_server::store::SqliteStore::open(&first).unwrap();
        let mut t = store.tournament(&swiss).unwrap().unwrap();
        t.doc = t.doc.replace(&game, "nosuchgame");
        assert!(store.update_tournament(&t).unwrap());
        let mut t = store.tournament(&club).unwrap().unwrap();
        t.doc = "{\"id\":".into();
        assert!(store.update_tournament(&t).unwrap());
    }
    let (ok, out, _) = db(&["check", "--db", s(&first)]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(&format!("problem: tournament {swiss}: no game nosuchgame")),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "problem: tournament {club}: its state does not parse"
        )),
        "{out}"
    );
    // Its export is refused on import for the same reasons, and the destination not created.
    let bad = dir.join("bad.jsonl");
    db_ok(&["export", "--db", s(&first), "--out", s(&bad)]);
    let dest = dir.join("dest.db");
    let (ok, _, err) = db(&["import", "--db", s(&dest), "--in", s(&bad)]);
    assert!(
        !ok && err.contains("fail the check") && err.contains("nosuchgame"),
        "{err}"
    );
    assert!(!dest.exists());
}
