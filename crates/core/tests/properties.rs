//! Property tests on random playouts of the Oware family, over every preset and random rule
//! options: seed conservation, legality agreement, end-state consistency, notation round-trips,
//! perft additivity, and parsers that never panic.

use mancala_core::oware::{GrandSlam, NoMoveEnd, Oware, OwareRules, Repetition};
use mancala_core::sow::Pit;
use mancala_core::{perft_with_history, Game, Position, RuleSet};
use proptest::prelude::*;

fn presets() -> Vec<OwareRules> {
    vec![
        OwareRules::oware(),
        OwareRules::abapa(),
        OwareRules::wuri(),
        OwareRules::ouril(),
        OwareRules::ouril_ludii(),
        OwareRules::awari(),
    ]
}

prop_compose! {
    fn any_rules()(
        preset in 0usize..6,
        seeds in 1u8..=6,
        gs in 0usize..7,
        nme in 0usize..5,
        rep in 0usize..6,
        must_feed in any::<bool>(),
        singleton in any::<bool>(),
        tweak in any::<bool>(),
    ) -> OwareRules {
        let mut r = presets()[preset];
        r.seeds = seeds;
        if tweak {
            r.grand_slam = [GrandSlam::Allowed, GrandSlam::CaptureForfeited, GrandSlam::Illegal,
                GrandSlam::IllegalElseLoses, GrandSlam::LeaveLastPit, GrandSlam::OurilExtraTurn,
                GrandSlam::NoStarving][gs];
            r.no_move_end = [NoMoveEnd::RemainingUnscored, NoMoveEnd::OwnRows,
                NoMoveEnd::MoverTakesAll, NoMoveEnd::Pass, NoMoveEnd::OpponentTakesAll][nme];
            r.repetition = [Repetition::EndOwnRows, Repetition::EndUnscored, Repetition::Draw,
                Repetition::SplitEvenly, Repetition::Off, Repetition::SplitHalves][rep];
            r.must_feed = must_feed;
            r.singleton_rule = singleton;
        }
        r
    }
}

fn check_invariants(p: &Oware) -> Result<(), TestCaseError> {
    let total: u32 =
        p.pits().iter().map(|&x| u32::from(x)).sum::<u32>() + p.stores()[0] + p.stores()[1];
    prop_assert_eq!(
        total,
        p.rules().total_seeds(),
        "seeds not conserved in {}",
        p
    );
    let legal = p.legal_move_list();
    for i in 0..12u8 {
        let mv = Pit(i);
        prop_assert_eq!(
            legal.contains(&mv),
            p.is_legal(mv),
            "legal_moves and check_move disagree on {} in {}",
            mv,
            p
        );
    }
    prop_assert_eq!(
        p.is_over(),
        legal.is_empty(),
        "over <=> no legal move fails in {}",
        p
    );
    prop_assert_eq!(p.is_over(), p.to_move().is_none());
    if !p.is_over() {
        let q = Oware::from_notation(&p.to_string(), *p.rules()).expect("own notation reads back");
        prop_assert_eq!(q.to_string(), p.to_string());
        prop_assert_eq!(q.legal_move_list().to_vec(), legal.to_vec());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_playouts_keep_invariants(rules in any_rules(), choices in proptest::collection::vec(any::<u8>(), 0..300)) {
        let mut game = Game::new(Oware::new(rules));
        check_invariants(game.position())?;
        for c in choices {
            let legal = game.position().legal_move_list();
            if legal.is_empty() {
                break;
            }
            let mv = legal[c as usize % legal.len()];
            game.play(mv).expect("a generated move is legal");
            check_invariants(game.position())?;
        }
        // Undo returns to the start.
        let start = game.start().to_string();
        while game.undo().is_some() {}
        prop_assert_eq!(game.position().to_string(), start);
    }

    #[test]
    fn perft_is_the_sum_over_children(rules in any_rules(), choices in proptest::collection::vec(any::<u8>(), 0..40), depth in 1u32..4) {
        let mut game = Game::new(Oware::new(rules));
        for c in choices {
            let legal = game.position().legal_move_list();
            if legal.is_empty() { break; }
            game.play(legal[c as usize % legal.len()]).expect("legal");
        }
        let total = perft_with_history(game.position(), depth, &mut game.history());
        let mut sum = 0;
        for &mv in game.position().legal_move_list().iter() {
            let mut child = game.clone();
            child.play(mv).expect("legal");
            sum += if depth == 1 {
                1
            } else if child.position().is_over() {
                0
            } else {
                perft_with_history(child.position(), depth - 1, &mut child.history())
            };
        }
        prop_assert_eq!(total, sum);
    }

    #[test]
    fn fast_last_two_plies_agree_with_the_definition(rules in any_rules(), choices in proptest::collection::vec(any::<u8>(), 0..120)) {
        let mut game = Game::new(Oware::new(rules));
        for c in choices {
            let legal = game.position().legal_move_list();
            if legal.is_empty() { break; }
            game.play(legal[c as usize % legal.len()]).expect("legal");
            let fast = game.position().perft2(&mut game.history());
            let slow = mancala_core::perft2_generic(game.position(), &mut game.history());
            prop_assert_eq!(fast, slow, "at {}", game.position());
        }
    }

    #[test]
    fn chain_requires_sown_is_the_same_game_on_2x6(choices in proptest::collection::vec(any::<u8>(), 0..200)) {
        // Sowing from the own row passes through the opponent's first pit, so every chain pit was
        // sown this move: the WU-c reading cannot change a 2x6 game. Check it on random games.
        let mut a = Game::new(Oware::new(OwareRules::wuri()));
        let mut rules = OwareRules::wuri();
        rules.set("chain_requires_sown_this_move", "On").expect("option");
        let mut b = Game::new(Oware::new(rules));
        for c in choices {
            let legal = a.position().legal_move_list();
            if legal.is_empty() { break; }
            let mv = legal[c as usize % legal.len()];
            a.play(mv).expect("legal");
            b.play(mv).expect("legal in both");
            prop_assert_eq!(a.position().to_string(), b.position().to_string());
        }
    }

    #[test]
    fn position_parser_never_panics(text in ".{0,80}") {
        let _ = Oware::from_notation(&text, OwareRules::oware());
    }

    #[test]
    fn position_parser_on_near_valid_strings(pits in proptest::collection::vec(0u16..300, 12..=12), s in 0u16..300, n in 0u16..300, side in "[SNX]", extra in proptest::option::of("[xy]")) {
        let mut text = pits.iter().map(ToString::to_string).collect::<Vec<_>>().join("-");
        text.push_str(&format!("-{s}-{n}-{side}"));
        if let Some(e) = extra { text.push_str(&format!("-{e}")); }
        for rules in presets() {
            if let Ok(p) = Oware::from_notation(&text, rules) {
                check_invariants(&p)?;
            }
        }
    }

    #[test]
    fn move_parser_never_panics(text in ".{0,8}") {
        let p = Oware::new(OwareRules::oware());
        if let Ok(mv) = p.parse_move(&text) {
            prop_assert_eq!(mv.to_string(), text.trim());
        }
    }
}

#[test]
fn rule_options_round_trip_through_their_names() {
    for rules in presets() {
        for opt in rules.options() {
            let mut r = rules;
            r.set(opt.name, &opt.value)
                .unwrap_or_else(|e| panic!("{}: {e}", opt.name));
            assert_eq!(
                r, rules,
                "setting {} to its own value changed the rules",
                opt.name
            );
        }
        let mut r = rules;
        assert!(r.set("no_such_option", "1").is_err());
        assert!(r.set("grand_slam", "Sometimes").is_err());
        assert!(r.set("seeds", "0").is_err());
        assert!(r.set("seeds", "21").is_err());
    }
}
