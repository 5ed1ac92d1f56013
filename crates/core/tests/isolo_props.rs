//! Property tests on random Isolo playouts: seed conservation counting the stock, phase
//! transitions, legal moves agree with `check_move`, settled positions, notation round-trip, and
//! parsers that never panic on arbitrary input.

use mancala_core::isolo::{Isolo, IsoloMove, IsoloRules, Phase};
use mancala_core::sow::Pit;
use mancala_core::{Game, Position, RuleSet};
use proptest::prelude::*;

const RULE_SETS: &[&[(&str, &str)]] = &[
    &[],
    &[("proper_first_lap_start", "Leftmost")],
    &[
        ("regular_resow", "AlwaysLeftmost"),
        ("singleton_resow_start", "SameEnd"),
    ],
    &[
        ("singleton_rule_after_first_lap_only", "On"),
        ("no_singletons", "On"),
    ],
    &[("infinite_move", "EndAtDetection"), ("max_plies", "150")],
    &[("infinite_move", "MoverLoses"), ("first_player", "North")],
    &[("stock_limit", "4"), ("kucheleka_max_total", "12")],
    &[("repetition", "Off"), ("max_plies", "120")],
];

fn rules(set: usize) -> IsoloRules {
    let mut r = IsoloRules::isolo();
    for (n, v) in RULE_SETS[set] {
        r.set(n, v).unwrap();
    }
    r
}

fn total(p: &Isolo) -> u32 {
    p.pits().iter().map(|&x| u32::from(x)).sum()
}

fn rank(phase: Phase) -> u8 {
    match phase {
        Phase::Foregame => 0,
        Phase::Kucheleka => 1,
        Phase::Proper => 2,
    }
}

/// Checks everything that must hold of a settled position.
fn check_position(p: &Isolo) -> Result<(), TestCaseError> {
    let legal = p.legal_move_list();
    prop_assert_eq!(p.is_over(), legal.is_empty(), "{}", p);
    // Legal pits are exactly the pits check_move accepts.
    for i in 0..16u8 {
        let mv = IsoloMove::Sow(Pit(i));
        prop_assert_eq!(
            legal.contains(&mv),
            p.check_move(mv).is_ok(),
            "{} pit {}",
            p,
            mv
        );
    }
    for &mv in legal.iter() {
        prop_assert!(p.check_move(mv).is_ok(), "{} {}", p, mv);
        prop_assert_eq!(p.parse_move(&mv.to_string()).unwrap(), mv);
    }
    // Seeds: before the proper game, 32 plus the stock seeds used.
    if p.phase() != Phase::Proper {
        let s = p.stock_used();
        prop_assert_eq!(total(p), 32 + s[0] + s[1], "{}", p);
    }
    // Notation round-trip.
    let text = p.to_string();
    let back = Isolo::from_notation(&text, *p.rules()).unwrap();
    prop_assert_eq!(back.to_string(), text.clone());
    if !p.is_over() {
        let back_legal = back.legal_move_list();
        prop_assert_eq!(&back_legal[..], &legal[..], "{}", text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts(set in 0..RULE_SETS.len(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        let r = rules(set);
        let mut game = Game::new(Isolo::new(r));
        let mut proper_total = None;
        for c in choices {
            let before = *game.position();
            check_position(&before)?;
            let legal = before.legal_move_list();
            if legal.is_empty() {
                break;
            }
            let mv = if before.phase() == Phase::Kucheleka && c % 3 == 0 {
                // Any valid distribution, not only the listed ones.
                let mut counts = [0u8; 8];
                let n = 1 + (c >> 8) % r.kucheleka_max_total;
                for j in 0..n {
                    counts[((c >> 2) as usize + j as usize * 5) % 8] += 1;
                }
                IsoloMove::Kucheleka(counts)
            } else {
                legal[(c as usize) % legal.len()]
            };
            game.play(mv).unwrap();
            let after = *game.position();
            // Phases only move forward, kucheleka sits between the two others.
            prop_assert!(rank(after.phase()) >= rank(before.phase()));
            match (before.phase(), after.phase()) {
                (Phase::Foregame, p) => {
                    let me = before.side().index();
                    let mut s = before.stock_used();
                    s[me] += 1;
                    prop_assert_eq!(after.stock_used(), s);
                    prop_assert!(p != Phase::Proper);
                    if p == Phase::Kucheleka {
                        prop_assert_eq!(Some(after.side()), after.foregame_winner());
                    }
                }
                (Phase::Kucheleka, p) => {
                    prop_assert_eq!(p, Phase::Proper);
                    let IsoloMove::Kucheleka(counts) = mv else {
                        return Err(TestCaseError::fail("a pit played at kucheleka"));
                    };
                    let me = before.side();
                    let b = me.index() * 8;
                    let o = me.opponent().index() * 8;
                    prop_assert_eq!(&after.pits()[b..b + 8], &counts[..]);
                    prop_assert!(after.pits()[o..o + 8].iter().all(|&x| x == 2));
                    prop_assert_eq!(after.stock_used(), before.stock_used());
                    proper_total = Some(total(&after));
                }
                (Phase::Proper, p) => {
                    prop_assert_eq!(p, Phase::Proper);
                    prop_assert_eq!(after.stock_used(), before.stock_used());
                    // No seed enters or leaves the board in the proper game.
                    prop_assert_eq!(total(&after), total(&before));
                    if let Some(t) = proper_total {
                        prop_assert_eq!(total(&after), t);
                    }
                }
            }
        }
        check_position(game.position())?;
    }

    #[test]
    fn notation_parser_never_panics(text in ".{0,80}") {
        let _ = Isolo::from_notation(&text, IsoloRules::isolo());
    }

    #[test]
    fn notation_parser_never_panics_on_near_misses(
        phase in "[FKPX]",
        pits in prop::collection::vec(0u16..300, 14..18),
        s in 0u32..50, n in 0u32..50,
        side in "[SNx]",
    ) {
        let body: Vec<String> = pits.iter().map(|x| x.to_string()).collect();
        let text = format!("{phase}:{}-{s}-{n}-{side}", body.join("-"));
        if let Ok(p) = Isolo::from_notation(&text, IsoloRules::isolo()) {
            check_position(&p)?;
        }
    }

    #[test]
    fn move_parser_never_panics(text in ".{0,40}") {
        let p = Isolo::new(IsoloRules::isolo());
        if let Ok(mv) = p.parse_move(&text) {
            let _ = p.check_move(mv);
        }
    }
}
