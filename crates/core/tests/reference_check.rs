//! The fast rules of `olowuka` and `ba-awa` checked against the slow reference simulator in
//! `reference/`: perft ladders from the start, and whole random games compared state by state.

mod reference;

use mancala_core::ba_awa::{BaAwa, BaAwaRules};
use mancala_core::olowuka::{Olowuka, OlowukaRules};
use mancala_core::random::Lcg;
use mancala_core::{perft, Game, Position, Side};
use reference::{RefBaAwa, RefOlowuka};

/// Perft depth checked in every build; the full ladder to 8 runs in release builds.
const QUICK_DEPTH: u32 = 6;

fn side_index(s: Option<Side>) -> Option<usize> {
    s.map(Side::index)
}

#[test]
fn olowuka_perft_ladder_quick() {
    let fast = Olowuka::new(OlowukaRules::default());
    let slow = RefOlowuka::start();
    for d in 1..=QUICK_DEPTH {
        assert_eq!(perft(&fast, d), slow.perft(d), "depth {d}");
    }
}

#[test]
fn ba_awa_perft_ladder_quick() {
    let fast = BaAwa::new(BaAwaRules::default());
    let slow = RefBaAwa::start();
    for d in 1..=QUICK_DEPTH {
        assert_eq!(perft(&fast, d), slow.perft(d), "depth {d}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs with cargo test --release")]
fn olowuka_perft_ladder_to_8() {
    let fast = Olowuka::new(OlowukaRules::default());
    let slow = RefOlowuka::start();
    for d in QUICK_DEPTH + 1..=8 {
        let n = perft(&fast, d);
        println!("olowuka perft {d} = {n}");
        assert_eq!(n, slow.perft(d), "depth {d}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs with cargo test --release")]
fn ba_awa_perft_ladder_to_8() {
    let fast = BaAwa::new(BaAwaRules::default());
    let slow = RefBaAwa::start();
    for d in QUICK_DEPTH + 1..=8 {
        let n = perft(&fast, d);
        println!("ba-awa perft {d} = {n}");
        assert_eq!(n, slow.perft(d), "depth {d}");
    }
}

#[test]
fn olowuka_random_games_match_reference() {
    let games = if cfg!(debug_assertions) { 100 } else { 1000 };
    for g in 0..games {
        let mut rng = Lcg(g);
        let mut fast = Game::new(Olowuka::new(OlowukaRules::default()));
        let mut slow = RefOlowuka::start();
        for ply in 0..3000 {
            let pos = *fast.position();
            let ctx = format!("game {g} ply {ply} {pos}");
            let legal: Vec<usize> = pos.legal_move_list().iter().map(|m| m.index()).collect();
            assert_eq!(legal, slow.legal(), "{ctx}");
            let pits: Vec<u32> = pos.pits().iter().map(|&x| u32::from(x)).collect();
            assert_eq!(pits, slow.pits, "{ctx}");
            assert_eq!(pos.stores(), slow.store, "{ctx}");
            assert_eq!(pos.is_over(), slow.finished.is_some(), "{ctx}");
            if let Some(o) = pos.outcome() {
                assert_eq!(side_index(o.winner), slow.finished.unwrap(), "{ctx}");
                break;
            }
            assert_eq!(pos.side().index(), slow.turn, "{ctx}");
            let i = rng.below(legal.len());
            fast.play(pos.legal_move_list()[i]).unwrap();
            slow.play(legal[i]);
        }
    }
}

#[test]
fn ba_awa_random_matches_match_reference() {
    let games = if cfg!(debug_assertions) { 12 } else { 200 };
    for g in 0..games {
        let mut rng = Lcg(1000 + g);
        let mut fast = Game::new(BaAwa::new(BaAwaRules::default()));
        let mut slow = RefBaAwa::start();
        for ply in 0..20_000 {
            let pos = *fast.position();
            let ctx = format!("match {g} ply {ply} {pos}");
            let legal: Vec<usize> = pos.legal_move_list().iter().map(|m| m.index()).collect();
            assert_eq!(legal, slow.legal(), "{ctx}");
            let pits: Vec<u32> = pos.pits().iter().map(|&x| u32::from(x)).collect();
            assert_eq!(pits, slow.pits, "{ctx}");
            assert_eq!(pos.stores(), slow.caught, "{ctx}");
            let owners: Vec<usize> = pos.owners().iter().map(|s| s.index()).collect();
            assert_eq!(owners, slow.owner, "{ctx}");
            assert_eq!(pos.round(), slow.round, "{ctx}");
            assert_eq!(pos.round_starter().index(), slow.starter, "{ctx}");
            assert_eq!(
                pos.round_end()
                    .map(|r| [u32::from(r.captures[0]), u32::from(r.captures[1])]),
                slow.last_round,
                "{ctx}"
            );
            assert_eq!(pos.is_over(), slow.finished.is_some(), "{ctx}");
            if let Some(o) = pos.outcome() {
                assert_eq!(side_index(o.winner), slow.finished.unwrap(), "{ctx}");
                break;
            }
            assert_eq!(pos.side().index(), slow.turn, "{ctx}");
            let i = rng.below(legal.len());
            fast.play(pos.legal_move_list()[i]).unwrap();
            slow.play(legal[i]);
        }
        assert!(fast.position().is_over(), "match {g} did not finish");
    }
}

/// A round ended by the first-repetition rule (found by random search; rare in whole matches):
/// the fast code and the reference agree move by move, and the round starter takes the rest.
#[test]
fn ba_awa_round_ends_by_repetition_like_the_reference() {
    let start = "1-1-1-1-0-2-0-3-1-0-0-2-20-16-S";
    let line = "D f C b A c B a F f E c D e";
    let mut fast = Game::new(BaAwa::from_notation(start, BaAwaRules::default()).unwrap());
    let mut slow = RefBaAwa::from_board(vec![1, 1, 1, 1, 0, 2, 0, 3, 1, 0, 0, 2], [20, 16], 0);
    for mv in line.split(' ') {
        let pos = *fast.position();
        assert_eq!(pos.round(), 1, "the round ended early");
        let m = pos.parse_move(mv).unwrap();
        fast.play(m).unwrap();
        slow.play(m.index());
        let pos = fast.position();
        let pits: Vec<u32> = pos.pits().iter().map(|&x| u32::from(x)).collect();
        assert_eq!(pits, slow.pits, "after {mv}");
        assert_eq!(pos.stores(), slow.caught, "after {mv}");
        assert_eq!(pos.side().index(), slow.turn, "after {mv}");
    }
    let pos = fast.position();
    let end = pos.round_end().expect("the round ended");
    assert_eq!(end.reason, mancala_core::EndReason::Repetition);
    assert_eq!(end.captures, [32, 16]);
    assert_eq!(slow.last_round, Some([32, 16]));
    assert_eq!(pos.round(), 2);
    // Without the rule the same line keeps the round going.
    let mut rules = BaAwaRules::default();
    mancala_core::RuleSet::set(&mut rules, "repetition", "Off").unwrap();
    let mut game = Game::new(BaAwa::from_notation(start, rules).unwrap());
    for mv in line.split(' ') {
        let m = game.position().parse_move(mv).unwrap();
        game.play(m).unwrap();
    }
    assert_eq!(game.position().round(), 1);
    assert!(game.position().round_end().is_none());
}
