//! Perft files (`tests/data/*.perft`): every listed count must match. Deep counts are meant for
//! release mode (`cargo test --release`, as CI runs it); in a debug build depths above 8 are
//! skipped with a note.

use mancala_core::variant::{parse_rule_assignment, DynGame, Variant};

fn run(text: &str, file: &str) -> usize {
    let max_depth = if cfg!(debug_assertions) { 8 } else { 64 };
    let mut checked = 0;
    let mut variant = String::new();
    let mut rules = Vec::new();
    let mut position: Option<String> = None;
    let mut id = String::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        match cmd {
            "id" => {
                id = rest.to_string();
                rules.clear();
                position = None;
            }
            "variant" => variant = rest.to_string(),
            "rule" => rules.push(parse_rule_assignment(rest).expect("rule")),
            "position" => position = Some(rest.to_string()),
            "perft" => {
                let (d, want) = rest.split_once(' ').expect("perft DEPTH COUNT");
                let depth: u32 = d.parse().expect("depth");
                let want: u64 = want.parse().expect("count");
                if depth > max_depth {
                    eprintln!(
                        "note: {file}:{} {id} perft({depth}) skipped in a debug build",
                        n + 1
                    );
                    continue;
                }
                let game = Variant::from_name(&variant)
                    .expect("variant")
                    .new_game(&rules, position.as_deref())
                    .expect("game");
                assert_eq!(
                    game.perft(depth),
                    want,
                    "{file}:{} {id} perft({depth})",
                    n + 1
                );
                checked += 1;
            }
            other => panic!("{file}:{}: unknown line {other:?}", n + 1),
        }
    }
    checked
}

#[test]
fn oware_family_perft() {
    let n = run(
        include_str!("data/oware-family.perft"),
        "oware-family.perft",
    );
    assert!(n >= 8);
}

#[test]
fn relay_games_perft() {
    let n = run(include_str!("data/relay.perft"), "relay.perft");
    assert!(n >= 16);
}
