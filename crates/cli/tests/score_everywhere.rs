//! One score representation everywhere: `mancala analyze --json`, the engine protocol's
//! `info string score`, and the server's analysis (behind hints and the evaluation bar), analysis
//! board and evaluation graph give the same JSON object for the same position (docs/engine.md,
//! "Scores"); the Python package's is checked against `analyze` in `python/tests`.

mod common;
#[path = "common/serve.rs"]
mod serve;

use common::{succeed, TempDir};
use serde_json::{json, Value};

/// Runs `mancala` with `args`, which must succeed and print one JSON object: the object.
fn mancala(args: &[&str]) -> Value {
    serde_json::from_slice(&succeed(args).stdout).expect("one JSON object")
}

/// `mancala analyze ARGS --json`: the analysis.
fn analyze_json(args: &[&str]) -> Value {
    mancala(&[&["analyze"], args, &["--json"]].concat())
}

/// One request to `server`, which must succeed: its answer.
fn api(server: &serve::Server, method: &str, path: &str, body: Option<&Value>) -> Value {
    serve::request(&server.addr, method, path, body, None).ok()
}

/// The analysis board's answer for `body` (`POST /api/analysis`).
fn analysis_board(server: &serve::Server, body: Value) -> Value {
    api(server, "POST", "/api/analysis", Some(&body))
}

/// The JSON of the last `info string score` line of an engine session.
fn engine_score(out: &str) -> Value {
    let line = out
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("info string score "))
        .unwrap_or_else(|| panic!("no score line: {out}"));
    serde_json::from_str(line).unwrap()
}

const KEYS: [&str; 7] = [
    "kind",
    "margin",
    "margin_exact",
    "outcome",
    "plies",
    "seeds",
    "text",
];

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

/// South to move loses by 2 seeds in 3 plies: a result the search proves in every front end
/// (the evaluation graph's 8 plies included), with the same margin, distance and words.
const LOST: &str = "0-0-0-0-2-0-0-1-0-0-0-0-23-22-S";

#[test]
fn a_proven_endgame_reads_the_same_in_the_cli_the_protocol_and_the_server() {
    let cli = analyze_json(&["abapa", "--position", LOST, "--depth", "20"]);
    let score = cli["score"].clone();
    assert_eq!(keys(&score), KEYS);
    assert_eq!(score["kind"], "proven", "{cli}");
    assert_eq!(score["outcome"], "loss", "{cli}");
    assert_eq!(score["margin_exact"], true, "{cli}");
    assert_eq!(score["margin"], 2, "{cli}");
    assert_eq!(score["seeds"], -2, "{cli}");
    assert_eq!(score["plies"], 3, "{cli}");
    assert_eq!(score["text"], "proven loss by 2", "{cli}");

    let out = common::engine_script(
        "",
        &format!("uci\nposition fen {LOST}\ngo depth 20\nquit\n"),
    );
    assert_eq!(engine_score(&out), score, "{out}");

    let dir = TempDir::new("score");
    let server = serve::start(&dir.join("db.sqlite"));
    // The analysis board.
    let board = analysis_board(
        &server,
        json!({"variant": "abapa", "position": LOST, "ms": 500}),
    );
    assert_eq!(board["score"], score, "{board}");
    // A game's hints (and evaluation bar) and its evaluation graph (South is to move: the
    // side to move's value is South's).
    let created = api(
        &server,
        "POST",
        "/api/games",
        Some(&json!({"variant": "abapa", "mode": "local", "position": LOST})),
    );
    let id = created["id"].as_str().unwrap();
    let hint = api(
        &server,
        "GET",
        &format!("/api/games/{id}/analysis?ms=500"),
        None,
    );
    assert_eq!(hint["score"], score, "{hint}");
    assert_eq!(
        hint["moves"][0]["score"], cli["moves"][0]["score"],
        "{hint}"
    );
    let mut graph = Value::Null;
    for _ in 0..50 {
        graph = api(
            &server,
            "GET",
            &format!("/api/games/{id}/evaluations"),
            None,
        );
        if graph["complete"] == true {
            break;
        }
    }
    assert_eq!(graph["evaluations"][0]["score"], score, "{graph}");
    drop(server);
}

#[test]
fn an_opening_is_an_estimate_everywhere() {
    let cli = analyze_json(&["abapa", "--depth", "4"]);
    let out = common::engine_script("", "uci\nposition startpos\ngo depth 4\nquit\n");
    // (The protocol searches one line, `analyze` every move: estimates may differ.)
    let protocol = engine_score(&out);
    let dir = TempDir::new("score-open");
    let server = serve::start(&dir.join("db.sqlite"));
    let board = analysis_board(&server, json!({"variant": "abapa", "ms": 50}));
    drop(server);
    for s in [
        &cli["score"],
        &protocol,
        &board["score"],
        &board["moves"][0]["score"],
    ] {
        assert_eq!(keys(s), KEYS, "{s}");
        assert_eq!(s["kind"], "estimate", "{s}");
        for k in ["outcome", "margin", "margin_exact", "plies"] {
            assert!(s[k].is_null(), "{k}: {s}");
        }
        let seeds = s["seeds"].as_f64().unwrap();
        assert_eq!(s["text"], format!("{seeds:+.2} (estimate)"), "{s}");
    }
}

#[test]
fn a_position_the_tables_know_is_an_exact_table_value() {
    let dir = TempDir::new("score-tb");
    let tables = dir.path().to_str().unwrap();
    succeed(&["tb", "build", "awari", "--seeds", "4", "--dir", tables]);
    // Three seeds on the board, 22-23 in the stores, South to move: an odd board, so the table's
    // value may end in a half.
    let pos = "0-0-0-0-1-1-0-0-0-0-1-0-22-23-S";
    let probe = mancala(&[
        "tb",
        "probe",
        "awari",
        "--dir",
        tables,
        "--position",
        pos,
        "--json",
    ]);
    // The whole difference once every seed is taken: 22 + gets against 23 + (3 - gets).
    let seeds =
        22.0 + probe["gets"].as_f64().unwrap() - (23.0 + 3.0 - probe["gets"].as_f64().unwrap());
    let analyze = [
        "analyze",
        "awari",
        "--position",
        pos,
        "--tablebase",
        tables,
        "--depth",
        "4",
    ];
    let cli = mancala(&[&analyze[..], &["--json"]].concat());
    let score = &cli["score"];
    assert_eq!(keys(score), KEYS);
    assert_eq!(score["kind"], "exact", "{cli}");
    assert_eq!(score["seeds"].as_f64(), Some(seeds), "{cli} {probe}");
    assert_eq!(score["margin"].as_f64(), Some(seeds.abs()), "{cli}");
    let outcome = if seeds > 0.0 {
        "win"
    } else if seeds < 0.0 {
        "loss"
    } else {
        "draw"
    };
    assert_eq!(score["outcome"], outcome, "{cli}");
    let text = score["text"].as_str().unwrap();
    assert!(text.starts_with("table: exact "), "{text}");
    // The text form: `analyze` without `--json` prints the same words.
    let plain = common::mancala(&analyze);
    assert!(String::from_utf8_lossy(&plain.stdout).contains(&format!("({text})")));
    // The engine protocol with the same tables.
    let out = common::engine_script(
        "",
        &format!(
            "uci\nsetoption name Variant value awari\nsetoption name TablebaseDir value {tables}\n\
             position fen {pos}\ngo depth 4\nquit\n"
        ),
    );
    assert_eq!(&engine_score(&out), score, "{out}");
}
