//! The fast rules of `olowuka` and `ba-awa` checked against the slow reference simulator in
//! `reference/`: perft ladders from the start, and whole random games compared state by state.

mod reference;

use mancala_core::ba_awa::{BaAwa, BaAwaRules};
use mancala_core::olowuka::{Olowuka, OlowukaRules};
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

/// A small deterministic generator for move choices.
struct Lcg(u64);

impl Lcg {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
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
            let i = rng.pick(legal.len());
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
            let i = rng.pick(legal.len());
            fast.play(pos.legal_move_list()[i]).unwrap();
            slow.play(legal[i]);
        }
        assert!(fast.position().is_over(), "match {g} did not finish");
    }
}
