//! Replays the golden vectors of rules.md §4.7 and §5.7 (`data/relay_vectors.txt`) through the
//! public variant API, as a front end would.

use mancala_core::value::Value;
use mancala_core::variant::{parse_rule_assignment, AnyGame, DynGame, DynPlayError, Variant};

const VECTORS: &str = include_str!("data/relay_vectors.txt");

fn build(variant: &str, rules: &str, position: &str) -> AnyGame {
    let v = Variant::from_name(variant).expect("a known variant");
    let rules: Vec<(String, String)> = if rules == "-" {
        Vec::new()
    } else {
        rules
            .split(',')
            .map(|r| parse_rule_assignment(r).expect("NAME=VALUE"))
            .collect()
    };
    v.new_game(&rules, Some(position))
        .unwrap_or_else(|e| panic!("{position}: {e}"))
}

fn field<'a>(entries: &'a [(String, Value)], name: &str) -> &'a Value {
    &entries.iter().find(|(k, _)| k == name).expect(name).1
}

fn ints(v: &Value) -> Vec<i64> {
    match v {
        Value::List(items) => items
            .iter()
            .map(|x| match x {
                Value::Int(i) => *i,
                other => panic!("not an int: {other:?}"),
            })
            .collect(),
        other => panic!("not a list: {other:?}"),
    }
}

#[test]
fn golden_vectors() {
    let mut count = 0;
    for (n, line) in VECTORS.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 7, "line {}: 7 fields expected", n + 1);
        let (kind, id, variant, rules, position, moves, expected) =
            (f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
        let ctx = format!("line {} ({kind} {id})", n + 1);
        let mut game = build(variant, rules, position);
        let moves: Vec<&str> = if moves == "-" {
            Vec::new()
        } else {
            moves.split_whitespace().collect()
        };
        if kind == "illegal" {
            let (last, before) = moves.split_last().expect("a move to reject");
            for m in before {
                game.play(m).unwrap_or_else(|e| panic!("{ctx}: {m}: {e}"));
            }
            match game.play(last) {
                Err(DynPlayError::Illegal { reason, .. }) => {
                    assert_eq!(reason.to_string(), expected, "{ctx}");
                }
                other => panic!("{ctx}: expected {last} to be illegal, got {other:?}"),
            }
            count += 1;
            continue;
        }
        for m in &moves {
            game.play(m).unwrap_or_else(|e| panic!("{ctx}: {m}: {e}"));
        }
        let state = game.state();
        match kind {
            "play" => assert_eq!(state.position, expected, "{ctx}"),
            "legal" => assert_eq!(state.legal.join(","), expected, "{ctx}"),
            "to_move" => assert_eq!(
                state.to_move.map_or("none", |s| s.name()),
                expected,
                "{ctx}"
            ),
            "outcome" => {
                let o = state.outcome.unwrap_or_else(|| panic!("{ctx}: not over"));
                assert_eq!(
                    format!("{} {}", o.result_name(), o.reason.as_str()),
                    expected,
                    "{ctx}"
                );
            }
            "round_end" => {
                let record = state
                    .extras
                    .iter()
                    .find(|(k, _)| *k == "round_end")
                    .unwrap_or_else(|| panic!("{ctx}: no round_end record"));
                let Value::Map(entries) = &record.1 else {
                    panic!("{ctx}: round_end is not a map")
                };
                let caps = ints(field(entries, "captures"));
                let reason = field(entries, "reason");
                let winner = field(entries, "winner");
                let got = format!(
                    "{},{} {} {}",
                    caps[0],
                    caps[1],
                    match reason {
                        Value::Str(s) => s.as_str(),
                        _ => "?",
                    },
                    match winner {
                        Value::Str(s) => s.as_str(),
                        _ => "?",
                    }
                );
                assert_eq!(got, expected, "{ctx}");
            }
            other => panic!("{ctx}: unknown kind {other}"),
        }
        count += 1;
    }
    assert!(count >= 38, "only {count} vectors read");
}
