//! `mancala db export|import` between the backends: games, accounts and ratings made through
//! the real server on SQLite are exported, imported into PostgreSQL, exported again, imported
//! into a fresh SQLite file and exported once more; the three files are identical byte for
//! byte. Damaged files are refused with the line at fault, and leave the destination untouched.

mod common;
#[path = "common/serve.rs"]
mod serve;

use std::path::{Path, PathBuf};

use common::{db, db_ok, TempDir};
use serde_json::{json, Value};
use serve::request;

fn call(addr: &str, method: &str, path: &str, body: Option<&Value>, token: Option<&str>) -> Value {
    let r = request(addr, method, path, body, token);
    assert!(
        (200..300).contains(&r.status),
        "{method} {path}: {} {}",
        r.status,
        r.body
    );
    r.json()
}

/// Signs up and logs in `name`: the session token.
fn account(addr: &str, name: &str) -> String {
    let cred = json!({"name": name, "password": "secret-password"});
    call(addr, "POST", "/api/players", Some(&cred), None);
    let s = call(addr, "POST", "/api/session", Some(&cred), None);
    s["token"].as_str().unwrap().to_string()
}

/// Plays the first legal move of game `id` with `token` (which must hold the side to move).
fn play_first(addr: &str, id: &str, token: &str) -> Value {
    let g = call(addr, "GET", &format!("/api/games/{id}"), None, None);
    let mv = g["legal"][0].as_str().unwrap().to_string();
    call(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&json!({"move": mv})),
        Some(token),
    )
}

/// Games of every kind through the API of a server on `db`, between accounts of which one keeps
/// a language (Kofi: Portuguese): a rated game between accounts (finished: ratings and rating
/// points), a timed online game still running, a local game with
/// non-default rules and its own start position, finished, and computer games (one untimed and
/// finished by resignation, one running).
fn populate(db: &Path) {
    let server = serve::start_with(|c| {
        c.arg("--db").arg(db).args(["--password-memory-kib", "64"]);
    });
    let addr = server.addr.as_str();
    let (a, b) = (account(addr, "Kofi"), account(addr, "ama"));
    call(
        addr,
        "PATCH",
        "/api/players/me",
        Some(&json!({"lang": "pt"})),
        Some(&a),
    );

    let seek = json!({"variant": "oware", "rated": true, "side": "south",
                      "clock": {"initial_ms": 300_000, "increment_ms": 2000}});
    let s = call(addr, "POST", "/api/seeks", Some(&seek), Some(&a));
    let id = s["id"].as_str().unwrap();
    let g = call(
        addr,
        "POST",
        &format!("/api/seeks/{id}/accept"),
        Some(&json!({})),
        Some(&b),
    );
    let rated = g["game"].as_str().unwrap().to_string();
    for k in 0..4 {
        play_first(addr, &rated, if k % 2 == 0 { &a } else { &b });
    }
    call(
        addr,
        "POST",
        &format!("/api/games/{rated}/resign"),
        Some(&json!({})),
        Some(&b),
    );

    let online = call(
        addr,
        "POST",
        "/api/games",
        Some(&json!({"variant": "abapa", "mode": "online",
                     "clock": {"initial_ms": 600_000, "increment_ms": 0}})),
        None,
    );
    let id = online["id"].as_str().unwrap();
    let seats = [&online["seats"]["south"], &online["seats"]["north"]];
    for k in 0..3 {
        play_first(addr, id, seats[k % 2].as_str().unwrap());
    }

    let local = call(
        addr,
        "POST",
        "/api/games",
        Some(
            &json!({"variant": "abapa", "mode": "local", "rules": {"grand_slam": "Allowed"},
                     "position": "0-0-0-0-0-1-1-1-0-0-0-0-20-25-S"}),
        ),
        None,
    );
    let (id, token) = (local["id"].as_str().unwrap(), local["token"].as_str());
    let token = token.or(local["seats"]["south"].as_str()).unwrap();
    while call(addr, "GET", &format!("/api/games/{id}"), None, None)["over"] != true {
        play_first(addr, id, token);
    }

    // Against the computer: one from a custom start played to its end, one left running.
    let starts = [
        json!({"variant": "abapa", "mode": "computer", "level": 1, "side": "south",
               "rules": {"grand_slam": "Allowed"}, "position": "0-0-0-0-0-1-1-1-0-0-0-0-20-25-S"}),
        json!({"variant": "wuri", "mode": "computer", "level": 1, "side": "south"}),
    ];
    for (k, body) in starts.iter().enumerate() {
        let g = call(addr, "POST", "/api/games", Some(body), None);
        let (id, token) = (
            g["id"].as_str().unwrap(),
            g["seats"]["south"].as_str().unwrap(),
        );
        let mut mine = 0;
        for _ in 0..400 {
            let state = call(addr, "GET", &format!("/api/games/{id}"), None, None);
            if state["over"] == true || (k == 1 && mine == 1 && state["to_move"] == "south") {
                break;
            }
            if state["to_move"] == "south" {
                play_first(addr, id, token);
                mine += 1;
            } else {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        }
        let state = call(addr, "GET", &format!("/api/games/{id}"), None, None);
        assert_eq!(state["over"] == true, k == 0, "{state}");
    }
}

/// The `sha256 ...` line of an export's or import's output.
fn sha_of(out: &str) -> String {
    out.lines()
        .find_map(|l| l.strip_prefix("sha256 "))
        .unwrap_or_else(|| panic!("no sha256 in {out}"))
        .split(' ')
        .next()
        .unwrap()
        .to_string()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn sqlite_to_postgres_to_sqlite_exports_are_identical() {
    let dir = TempDir::new("round-trip");
    let first = dir.join("first.db");
    populate(&first);
    let out = db_ok(&["check", "--db", s(&first)]);
    assert!(
        out.contains("5 games") && out.contains("2 players") && out.ends_with("ok\n"),
        "{out}"
    );

    let (a, b, c) = (
        dir.join("a.jsonl"),
        dir.join("b.jsonl"),
        dir.join("c.jsonl"),
    );
    let exported = db_ok(&["export", "--db", s(&first), "--out", s(&a), "--sessions"]);
    assert!(exported.contains("2 players, 5 games"), "{exported}");
    let text = std::fs::read_to_string(&a).unwrap();
    // Header, 2 players, 5 games, 2 ratings, 2 rating points, 2 sessions, trailer.
    assert_eq!(text.lines().count(), 1 + 2 + 5 + 2 + 2 + 2 + 1, "{text}");
    // Kofi's language is kept; ama, who chose none, has no `lang`, as in files written before
    // accounts had one.
    let player = |name: &str| {
        text.lines()
            .find(|l| l.contains(&format!("\"table\":\"player\",\"name\":\"{name}\"")))
            .unwrap_or_else(|| panic!("no player {name} in {text}"))
    };
    assert!(
        player("Kofi").ends_with(",\"lang\":\"pt\"}"),
        "{}",
        player("Kofi")
    );
    assert!(!player("ama").contains("lang"), "{}", player("ama"));
    for needle in [
        "\"grand_slam\"",
        "0-0-0-0-0-1-1-1-0-0-0-0-20-25-S",
        "\"left_ms\":[",
        "$argon2id$",
    ] {
        assert!(text.contains(needle), "{needle} missing from {text}");
    }

    let cluster = mancala_test_postgres::Cluster::start();
    let url = cluster.fresh_database();
    let imported = db_ok(&["import", "--db", &url, "--in", s(&a)]);
    assert_eq!(sha_of(&imported), sha_of(&exported), "{imported}");
    assert!(db_ok(&["check", "--db", &url]).ends_with("ok\n"));
    db_ok(&["export", "--db", &url, "--out", s(&b), "--sessions"]);
    assert_eq!(
        std::fs::read(&a).unwrap(),
        std::fs::read(&b).unwrap(),
        "SQLite → PostgreSQL"
    );

    // A second import into the same database is refused, and changes nothing.
    let (ok, _, err) = db(&["import", "--db", &url, "--in", s(&b)]);
    assert!(
        !ok && err.contains("not empty") && err.contains("--replace"),
        "{err}"
    );
    let again = db_ok(&["import", "--db", &url, "--in", s(&b), "--replace"]);
    assert_eq!(sha_of(&again), sha_of(&exported));

    let last = dir.join("last.db");
    let via_env = common::command(&["db", "import", "--in", s(&b)])
        .env("MANCALA_DB", s(&last))
        .output()
        .unwrap();
    assert!(
        via_env.status.success(),
        "{}",
        String::from_utf8_lossy(&via_env.stderr)
    );
    db_ok(&["export", "--db", s(&last), "--out", s(&c), "--sessions"]);
    assert_eq!(
        std::fs::read(&a).unwrap(),
        std::fs::read(&c).unwrap(),
        "PostgreSQL → SQLite"
    );

    // The imported database serves the games: the running timed game and the accounts work.
    let server = serve::start(&last);
    let players = call(&server.addr, "GET", "/api/players/kofi", None, None);
    assert_eq!(players["name"], "Kofi", "{players}");
    let cred = json!({"name": "kofi", "password": "secret-password"});
    let session = call(&server.addr, "POST", "/api/session", Some(&cred), None);
    assert_eq!(session["lang"], "pt", "{session}");
}

/// Writes `lines` joined as a file; answers its path.
fn write_lines(dir: &TempDir, name: &str, lines: &[String]) -> PathBuf {
    let path = dir.join(name);
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn damaged_files_are_refused_with_their_line_and_the_destination_untouched() {
    let dir = TempDir::new("damaged");
    let first = dir.join("first.db");
    populate(&first);
    let good = dir.join("good.jsonl");
    db_ok(&["export", "--db", s(&first), "--out", s(&good)]);
    let lines: Vec<String> = std::fs::read_to_string(&good)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let n = lines.len();
    let game_line = lines
        .iter()
        .position(|l| l.contains("\"table\":\"game\""))
        .unwrap();

    // Each damage, and what the refusal must say.
    let mut cases: Vec<(&str, Vec<String>, String)> = Vec::new();
    cases.push((
        "truncated",
        lines[..n - 1].to_vec(),
        format!("ends at line {}", n - 1),
    ));
    let mut cut = lines.clone();
    let half = cut[game_line].len() / 2;
    cut[game_line].truncate(half);
    cut.truncate(game_line + 1);
    cases.push(("cut mid-line", cut, format!("line {}", game_line + 1)));
    let mut edited = lines.clone();
    edited[game_line] = edited[game_line].replacen("\"level\":", "\"level\":1", 1);
    cases.push(("edited", edited, format!("line {n}: checksum mismatch")));
    let mut version = lines.clone();
    version[0] = version[0].replace("\"version\":3", "\"version\":7");
    cases.push((
        "unknown version",
        version,
        "line 1: format version 7".into(),
    ));
    let mut counts = lines.clone();
    counts[n - 1] = counts[n - 1].replace("\"games\":5", "\"games\":6");
    cases.push((
        "wrong counts",
        counts,
        format!("line {n}: the trailer counts"),
    ));
    let mut unknown = lines.clone();
    unknown[game_line] = unknown[game_line].replacen("{", "{\"colour\":1,", 1);
    cases.push((
        "unknown field",
        unknown,
        format!("line {}: unknown field", game_line + 1),
    ));

    let dest = dir.join("dest.db");
    for (what, damaged, expected) in &cases {
        let file = write_lines(&dir, "damaged.jsonl", damaged);
        let (ok, out, err) = db(&["import", "--db", s(&dest), "--in", s(&file)]);
        assert!(!ok, "{what}: accepted: {out}");
        assert!(err.contains(expected), "{what}: {err}");
        assert!(!dest.exists(), "{what}: the destination was created");
    }

    // A bad URL is told as such.
    let (ok, _, err) = db(&[
        "import",
        "--db",
        "postgres://nobody@localhost:port/db",
        "--in",
        s(&good),
    ]);
    assert!(!ok && err.contains("URL"), "{err}");
    // So is a missing database file (nothing is created to check or export).
    let (ok, _, err) = db(&["check", "--db", s(&dest)]);
    assert!(!ok && err.contains("no database file"), "{err}");
    assert!(!dest.exists());

    // A database whose records fail the check: listed, exit 1; its export is refused on
    // import for the same reason.
    // The damage goes to a game still in play: the store refuses a move after a game's end,
    // and the export's first game may be over.
    let id = {
        use mancala_server::store::Store;
        let store = mancala_server::store::SqliteStore::open(&first).unwrap();
        lines
            .iter()
            .filter(|l| l.contains("\"table\":\"game\""))
            .map(|l| {
                l.split("\"id\":\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
            })
            .find(|id| {
                let (_, moves) = store.load(id).unwrap().unwrap();
                store.push_move(id, moves.len(), "Z9").is_ok()
            })
            .expect("a game still in play to damage")
            .to_string()
    };
    let id = id.as_str();
    let (ok, out, _) = db(&["check", "--db", s(&first)]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(&format!("problem: game {id}: move")) && out.contains("Z9"),
        "{out}"
    );
    let bad = dir.join("bad.jsonl");
    db_ok(&["export", "--db", s(&first), "--out", s(&bad)]);
    let (ok, _, err) = db(&["import", "--db", s(&dest), "--in", s(&bad)]);
    assert!(
        !ok && err.contains("fail the check") && err.contains("Z9"),
        "{err}"
    );
    assert!(!dest.exists());
}
