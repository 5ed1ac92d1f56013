//! The extra fields of the state JSON (`mancala trace`, the server's API) are exactly those
//! `docs/state.md` lists for each game: random games of every preset are played and every
//! state's extra keys checked against the document, and every documented field must be seen.

use std::collections::{BTreeMap, BTreeSet};

use mancala_core::random::Lcg;
use mancala_core::variant::{DynGame, Variant};
use mancala_server::json::state_json;

const COMMON: [&str; 9] = [
    "position", "pits", "stores", "to_move", "legal", "captured", "over", "result", "reason",
];

/// The extra fields documented for each game family, keyed by the first word of the game column.
fn documented() -> BTreeMap<String, BTreeSet<String>> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/state.md"))
        .expect("docs/state.md");
    let extras = doc
        .split("## Extra fields of each game")
        .nth(1)
        .expect("an extra fields section");
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in extras
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains('`'))
    {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let game = cells[1].split([' ', ',']).next().unwrap_or("").to_string();
        let field = cells[2].trim_matches('`').to_string();
        out.entry(game).or_default().insert(field);
    }
    out
}

/// The family word `docs/state.md` uses for a preset.
fn family(v: Variant) -> &'static str {
    match v {
        Variant::Olowuka => "Ọlọwuka",
        Variant::BaAwa => "Ba-awa",
        Variant::Isolo => "Isolo",
        _ => "Oware",
    }
}

#[test]
fn state_extras_match_the_documented_schema() {
    let doc = documented();
    let mut seen: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    // A linear congruential generator picks the moves (the same games on every run).
    let mut rng = Lcg(0x2545_f491_4f6c_dd1d);
    let mut below = |n: usize| rng.below(n);
    for v in Variant::ALL {
        let rule_sets: Vec<Vec<(String, String)>> = if family(v) == "Oware" {
            vec![
                Vec::new(),
                vec![("grand_slam".into(), "OurilExtraTurn".into())],
            ]
        } else {
            vec![Vec::new()]
        };
        for rules in &rule_sets {
            for _ in 0..20 {
                let mut g = v.new_game(rules, None).expect("a preset game");
                for _ in 0..400 {
                    let s = g.state();
                    let json = state_json(&s);
                    let object = json.as_object().expect("a state object");
                    let allowed = &doc[family(v)];
                    for key in object.keys() {
                        if COMMON.contains(&key.as_str()) {
                            continue;
                        }
                        assert!(
                            allowed.contains(key),
                            "{}: `{key}` is not in docs/state.md",
                            v.name()
                        );
                        seen.entry(family(v)).or_default().insert(key.clone());
                    }
                    if s.outcome.is_some() || s.legal.is_empty() {
                        break;
                    }
                    let mv = s.legal[below(s.legal.len())].clone();
                    g.play(&mv).expect("a legal move");
                }
            }
        }
    }
    for (game, fields) in &doc {
        assert_eq!(
            seen.get(game.as_str()),
            Some(fields),
            "{game}: the documented fields were not all seen"
        );
    }
}
