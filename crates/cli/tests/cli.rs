//! End-to-end tests of the `mancala` binary: perft, trace (schema, illegal and malformed input),
//! variants.

use std::process::{Command, Output};

use serde_json::Value;

mod common;
use common::mancala;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

fn json_lines(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn perft_abapa_10_and_divide_adds_up() {
    let o = mancala(&["perft", "abapa", "10"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "18137964");

    let o = mancala(&["perft", "abapa", "7", "--divide", "--threads", "1"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    let total: u64 = lines.last().expect("total").parse().expect("number");
    let sum: u64 = lines[..lines.len() - 1]
        .iter()
        .map(|l| {
            let (mv, n) = l.split_once(' ').expect("MOVE COUNT");
            assert!(["A", "B", "C", "D", "E", "F"].contains(&mv), "{l}");
            n.parse::<u64>().expect("count")
        })
        .sum();
    assert_eq!(lines.len(), 7);
    assert_eq!(total, 139_157);
    assert_eq!(sum, total);

    let par = mancala(&["perft", "abapa", "7", "--divide", "--threads", "2"]);
    assert_eq!(
        stdout(&par),
        text,
        "parallel divide differs from single-threaded"
    );
}

#[test]
fn trace_schema_for_every_oware_preset() {
    for variant in ["oware", "abapa", "wuri", "ouril"] {
        let o = mancala(&["trace", variant, "C", "c", "B"]);
        assert!(o.status.success(), "{variant}: {}", stderr(&o));
        let states = json_lines(&o);
        assert_eq!(states.len(), 4, "{variant}");
        for (i, s) in states.iter().enumerate() {
            for key in [
                "position", "pits", "stores", "to_move", "legal", "captured", "over", "result",
                "reason",
            ] {
                assert!(s.get(key).is_some(), "{variant} line {i}: missing {key}");
            }
            assert_eq!(s["pits"].as_array().expect("pits").len(), 12);
            assert_eq!(s["over"], false);
            assert!(s["result"].is_null() && s["reason"].is_null());
        }
        assert_eq!(states[0]["position"], "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
        assert_eq!(states[0]["to_move"], "south");
        assert_eq!(
            states[0]["legal"],
            serde_json::json!(["A", "B", "C", "D", "E", "F"])
        );
        assert_eq!(states[0]["captured"], 0);
        assert_eq!(states[1]["position"], "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N");
        assert_eq!(states[1]["to_move"], "north");
    }
    // Ouril shows its extra-turn flag.
    let o = mancala(&["trace", "ouril"]);
    assert_eq!(json_lines(&o)[0]["extra_turn"], false);
}

#[test]
fn trace_end_of_game_fields() {
    let o = mancala(&[
        "trace",
        "oware",
        "--position",
        "1-2-1-1-0-3-0-0-0-0-5-0-17-18-N",
        "e",
    ]);
    assert!(o.status.success());
    let last = json_lines(&o).pop().expect("a state");
    assert_eq!(last["over"], true);
    assert_eq!(last["result"], "north");
    assert_eq!(last["reason"], "score_majority");
    assert_eq!(last["to_move"], Value::Null);
    assert_eq!(last["legal"], serde_json::json!([]));
    assert_eq!(last["captured"], 9);
    assert_eq!(last["stores"], serde_json::json!([17, 27]));
}

#[test]
fn illegal_move_prints_states_before_then_error_and_exits_2() {
    let o = mancala(&[
        "trace",
        "oware",
        "--position",
        "1-0-0-0-0-3-1-1-2-0-0-0-20-20-S",
        "F",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(json_lines(&o).len(), 1, "the start state is printed");
    let err: Value = serde_json::from_str(stderr(&o).trim()).expect("JSON error on stderr");
    assert_eq!(err["move"], "F");
    assert_eq!(err["reason"], "grand slam forbidden");

    let o = mancala(&["trace", "abapa", "A", "b", "A"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(json_lines(&o).len(), 3);
    let err: Value = serde_json::from_str(stderr(&o).trim()).expect("JSON");
    assert_eq!(err["reason"], "empty pit");
    assert_eq!(err["ply"], 3);

    let o = mancala(&["trace", "abapa", "a"]);
    assert_eq!(o.status.code(), Some(2));
    let err: Value = serde_json::from_str(stderr(&o).trim()).expect("JSON");
    assert_eq!(err["reason"], "not your pit");

    for (game, position, reason) in [
        (
            "oware",
            "3-0-0-3-0-0-0-0-0-0-0-0-20-22-S",
            "must feed the opponent",
        ),
        ("ouril", "1-3-1-0-0-0-2-2-2-2-2-2-15-16-S", "singleton rule"),
    ] {
        let o = mancala(&["trace", game, "--position", position, "A"]);
        let err: Value = serde_json::from_str(stderr(&o).trim()).expect("JSON");
        assert_eq!(err["reason"], reason);
    }
}

#[test]
fn malformed_input_exits_2_with_a_message() {
    let cases: &[(&[&str], &str)] = &[
        (&["trace", "nosuchgame"], "unknown variant"),
        (
            &["trace", "abapa", "--position", "4-4-4"],
            "expected 15 fields",
        ),
        (
            &[
                "trace",
                "abapa",
                "--position",
                "4-4-4-4-4-4-4-4-4-4-4-x-0-0-S",
            ],
            "pit f (field 12)",
        ),
        (
            &[
                "trace",
                "abapa",
                "--position",
                "4-4-4-4-4-4-4-4-4-4-4-4-0-0-W",
            ],
            "side to move",
        ),
        (
            &[
                "trace",
                "abapa",
                "--position",
                "4-4-4-4-4-4-4-4-4-4-4-5-0-0-S",
            ],
            "add up to 49",
        ),
        (
            &["trace", "abapa", "--rule", "nosuch=1"],
            "unknown rule option",
        ),
        (
            &["trace", "abapa", "--rule", "grand_slam=Sometimes"],
            "bad value",
        ),
        (
            &["trace", "abapa", "--rule", "grand_slam"],
            "expected NAME=VALUE",
        ),
        (
            &["perft", "abapa", "3", "--rule", "seeds=99"],
            "from 1 to 20",
        ),
    ];
    for (args, needle) in cases {
        let o = mancala(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
        assert!(!err.contains("panicked"), "{args:?} panicked");
    }
    // A malformed move letter is reported as a JSON error after the states before it.
    let o = mancala(&["trace", "abapa", "C", "z9"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(json_lines(&o).len(), 2);
    let err: Value = serde_json::from_str(stderr(&o).trim()).expect("JSON");
    assert_eq!(err["error"], "malformed");
    assert_eq!(err["move"], "z9");
}

#[test]
fn rules_can_be_set_on_top_of_a_preset() {
    let o = mancala(&[
        "trace",
        "oware",
        "--rule",
        "grand_slam=Allowed",
        "--position",
        "1-0-0-0-0-3-1-1-2-0-0-0-20-20-S",
        "F",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let last = json_lines(&o).pop().expect("state");
    assert_eq!(last["result"], "south");
    assert_eq!(last["captured"], 7);
}

#[test]
fn variants_lists_every_preset_with_options() {
    let o = mancala(&["variants"]);
    assert!(o.status.success());
    let text = stdout(&o);
    for name in [
        "oware",
        "abapa",
        "wuri",
        "ouril",
        "grand_slam",
        "IllegalElseLoses",
        "must_feed",
    ] {
        assert!(text.contains(name), "variants output lacks {name}");
    }
    let o = mancala(&["variants", "--json"]);
    let list: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let abapa = list
        .as_array()
        .expect("list")
        .iter()
        .find(|v| v["name"] == "abapa")
        .expect("abapa listed");
    let gs = abapa["options"]
        .as_array()
        .expect("options")
        .iter()
        .find(|o| o["name"] == "grand_slam")
        .expect("grand_slam option");
    assert_eq!(gs["default"], "CaptureForfeited");
}

/// `mancala levels` shows every level with its Elo; `--measure` plays a (tiny) ladder against
/// random play and reports each player with an interval.
#[test]
fn levels_table_and_a_small_ladder() {
    let o = mancala(&["levels", "abapa", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let rows = rows.as_array().expect("array");
    assert_eq!(rows.len(), 6);
    assert!(rows
        .iter()
        .all(|r| r["elo"].is_i64() && r["name"].is_string()));

    let o = mancala(&[
        "levels",
        "abapa",
        "--measure",
        "--max-level",
        "1",
        "--games",
        "2",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let rows = rows.as_array().expect("array");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["player"], "random");
    assert_eq!(rows[0]["elo"], 0.0);
    assert_eq!(rows[1]["player"], "level=1");
    assert!(rows[1]["ci95"].as_f64().expect("interval") > 0.0);

    let o = mancala(&["levels", "nonsense"]);
    assert!(!o.status.success());
}

#[test]
fn match_between_the_two_algorithms() {
    let o = mancala(&[
        "match",
        "olowuka",
        "--a",
        "nodes=300,algo=mcts,leaf=ab2,cpuct=120,prior=0,scale=300,seed=3",
        "--b",
        "depth=2,algo=alphabeta",
        "--games",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().filter(|l| l.starts_with("game ")).count(), 2);
    assert!(out.contains("A vs B: +"), "{out}");
    for (bad, says) in [
        ("algo=minimax", "unknown search algorithm"),
        ("algo=mcts,leaf=ab9", "leaf"),
        ("algo=mcts,leaf=dice", "leaf"),
    ] {
        let o = mancala(&[
            "match", "abapa", "--a", bad, "--b", "depth=1", "--games", "1",
        ]);
        assert!(!o.status.success(), "{bad} is refused");
        assert!(stderr(&o).contains(says), "{bad}: {}", stderr(&o));
    }
}

#[test]
fn errors_print_each_cause_once() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["perft", "abapa", "3", "--rule", "seeds=99"],
            "bad value \"99\"",
        ),
        (
            &["show", "--variant", "abapa", "1-2-3"],
            "expected 15 fields",
        ),
        (&["trace", "chess"], "unknown variant \"chess\""),
        (
            &["tb", "info", "/nonexistent/mancala/table.tb"],
            "i/o error",
        ),
    ];
    for (args, cause) in cases {
        let o = mancala(args);
        let err = stderr(&o);
        assert!(!o.status.success(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert_eq!(err.matches(cause).count(), 1, "{args:?}: {err}");
    }
}

/// A reader that stops early (`mancala ... | head`) is not an error: nothing on stderr, exit 0.
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::process::Stdio;
    for args in [
        &["variants", "--json"][..],
        &["perft", "abapa", "4", "--divide"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run mancala");
        // Closed before the process has started writing.
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("wait");
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}
