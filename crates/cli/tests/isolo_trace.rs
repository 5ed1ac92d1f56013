//! `mancala trace isolo`: reproduces rules.md I1-I6, refuses I7's never-ending moves with their
//! reason, and plays a whole game (foregame, kucheleka, proper game) to its end.

use std::process::Command;

use serde_json::Value;

struct Run {
    code: i32,
    states: Vec<Value>,
    error: Option<Value>,
}

fn trace(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("trace")
        .arg("isolo")
        .args(args)
        .output()
        .expect("the mancala binary runs");
    let states = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let error = stderr
        .lines()
        .next()
        .map(|l| serde_json::from_str(l).expect("a JSON error line"));
    Run {
        code: out.status.code().unwrap_or(-1),
        states,
        error,
    }
}

fn last(run: &Run) -> &Value {
    run.states.last().expect("at least the start state")
}

#[test]
fn vectors_i1_to_i6() {
    // I1
    let r = trace(&["A"]);
    assert_eq!(r.code, 0);
    let s = last(&r);
    assert_eq!(s["position"], "F:5-1-7-1-6-0-5-4-2-0-0-2-0-0-0-0-1-0-N");
    assert_eq!(
        s["pits"],
        serde_json::json!([5, 1, 7, 1, 6, 0, 5, 4, 2, 0, 0, 2, 0, 0, 0, 0])
    );
    assert_eq!(s["phase"], "foregame");
    assert_eq!(s["stock_used"], serde_json::json!([1, 0]));
    assert_eq!(s["to_move"], "north");
    // I2, its kucheleka example, and South beginning the proper game.
    let r = trace(&["G", "k:0,5,0,3,0,0,8,1"]);
    assert_eq!(r.code, 0);
    assert_eq!(
        r.states[1]["position"],
        "K:12-1-12-3-0-1-0-4-0-0-0-0-0-0-0-0-1-0-S"
    );
    assert_eq!(r.states[1]["phase"], "kucheleka");
    assert_eq!(r.states[1]["foregame_winner"], "south");
    assert_eq!(r.states[1]["to_move"], "south");
    assert_eq!(
        r.states[2]["position"],
        "P:0-5-0-3-0-0-8-1-2-2-2-2-2-2-2-2-1-0-S"
    );
    assert_eq!(r.states[2]["phase"], "proper");
    let cases = [
        (
            "P:0-2-1-1-0-0-0-0-1-0-0-0-3-0-0-1-0-0-S",
            "B",
            None,
            "P:1-1-0-3-1-1-0-0-1-0-0-0-0-0-0-1-0-0-N",
        ),
        (
            "P:0-2-1-1-0-0-0-0-1-0-0-0-3-0-0-1-0-0-S",
            "B",
            Some("proper_first_lap_start=Leftmost"),
            "P:1-1-1-1-0-0-0-0-1-0-0-0-3-0-0-1-0-0-N",
        ),
        (
            "P:0-0-0-0-2-0-1-2-3-1-0-0-0-0-0-2-0-0-S",
            "E",
            None,
            "P:1-1-1-1-1-0-3-1-0-0-0-0-0-0-0-2-0-0-N",
        ),
        (
            "P:0-0-0-0-2-0-1-2-3-1-0-0-0-0-0-2-0-0-S",
            "E",
            Some("singleton_resow_start=SameEnd"),
            "P:1-1-1-1-1-1-2-1-0-0-0-0-0-0-0-2-0-0-N",
        ),
        (
            "P:2-0-1-0-2-0-0-0-0-0-0-2-0-0-0-1-0-0-S",
            "A",
            None,
            "P:1-1-0-2-0-1-1-1-0-0-0-0-0-0-0-1-0-0-N",
        ),
        (
            "P:2-1-0-0-0-0-0-3-0-0-0-0-2-0-1-2-0-0-N",
            "e",
            None,
            "P:0-0-0-0-0-0-0-3-1-1-1-1-1-1-2-0-0-0-S",
        ),
    ];
    for (pos, mv, rule, after) in cases {
        let mut args = vec!["--position", pos];
        if let Some(rule) = rule {
            args.extend(["--rule", rule]);
        }
        args.push(mv);
        let r = trace(&args);
        assert_eq!(r.code, 0, "{pos} {mv}");
        assert_eq!(last(&r)["position"], after, "{pos} {mv} {rule:?}");
    }
}

#[test]
fn i7_moves_are_refused_with_the_reason() {
    for (pos, mv) in [
        ("P:1-0-0-0-2-0-1-0-1-1-8-0-2-6-10-6-0-0-N", "g"),
        ("P:2-2-2-2-2-0-0-2-4-0-7-6-5-1-1-5-0-0-S", "H"),
        ("F:1-5-6-3-1-16-4-4-1-1-0-0-0-0-0-0-5-5-S", "H"),
    ] {
        let r = trace(&["--position", pos, mv]);
        assert_eq!(r.code, 2, "{pos} {mv}");
        let legal: Vec<&str> = r.states[0]["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert!(!legal.contains(&mv), "{pos}: {legal:?}");
        let e = r.error.expect("an error line");
        assert_eq!(e["error"], "illegal");
        assert_eq!(e["move"], mv);
        assert_eq!(e["reason"], "never-ending move");
        assert_eq!(e["position"], pos);
    }
}

/// A whole game through `trace`, each step choosing among the legal moves the previous call
/// printed: the game passes through all three phases and ends.
#[test]
fn a_whole_game_to_its_end() {
    let mut moves: Vec<String> = Vec::new();
    let mut phases = Vec::new();
    for ply in 0..300usize {
        let args: Vec<&str> = moves.iter().map(String::as_str).collect();
        let r = trace(&args);
        assert_eq!(r.code, 0, "{moves:?}");
        assert_eq!(r.states.len(), moves.len() + 1);
        let s = last(&r);
        let phase = s["phase"].as_str().unwrap().to_string();
        if phases.last() != Some(&phase) {
            phases.push(phase);
        }
        if s["over"] == true {
            assert!(s["result"].is_string());
            assert!(s["reason"].is_string());
            assert_eq!(s["legal"], serde_json::json!([]));
            assert_eq!(phases, ["foregame", "kucheleka", "proper"]);
            return;
        }
        let legal = s["legal"].as_array().unwrap();
        // Kucheleka: an unlisted distribution once, to show any valid one is accepted.
        let mv = if s["phase"] == "kucheleka" {
            "k:3,0,4,0,2,1,0,5".to_string()
        } else {
            legal[(ply * 7 + 3) % legal.len()]
                .as_str()
                .unwrap()
                .to_string()
        };
        moves.push(mv);
    }
    panic!("no end after 300 plies: {moves:?}");
}
