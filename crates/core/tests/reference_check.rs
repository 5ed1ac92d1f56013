//! The fast rules of `olowuka` and `ba-awa` checked against the slow reference simulator in
//! `reference/`: perft ladders from the start, and whole random games compared state by state.

mod reference;
mod slow_perft;

use std::ops::RangeInclusive;

use mancala_core::ba_awa::{BaAwa, BaAwaRules};
use mancala_core::olowuka::{Olowuka, OlowukaRules};
use mancala_core::random::Lcg;
use mancala_core::sow::Pit;
use mancala_core::{perft, Game, Position, Side};
use reference::{RefBaAwa, RefOlowuka};

/// Perft depth checked in every build; the full ladder to 8 runs in release builds.
const QUICK_DEPTH: u32 = 6;

fn side_index(s: Option<Side>) -> Option<usize> {
    s.map(Side::index)
}

/// The perft counts of both games' fast rules from their start against the reference's, at
/// `depths`.
fn ladders(depths: RangeInclusive<u32>) {
    fn ladder<P: Position>(name: &str, fast: &P, slow: impl Fn(u32) -> u64, d: u32) {
        let n = perft(fast, d);
        println!("{name} perft {d} = {n}");
        assert_eq!(n, slow(d), "{name} depth {d}");
    }
    let olowuka = Olowuka::new(OlowukaRules::default());
    let ba_awa = BaAwa::new(BaAwaRules::default());
    for d in depths {
        ladder("olowuka", &olowuka, |d| RefOlowuka::start().perft(d), d);
        ladder("ba-awa", &ba_awa, |d| RefBaAwa::start().perft(d), d);
    }
}

#[test]
fn perft_ladders_quick() {
    ladders(1..=QUICK_DEPTH);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs with cargo test --release")]
fn perft_ladders_to_8() {
    ladders(QUICK_DEPTH + 1..=8);
}

/// What the random-game comparison reads from a reference simulator.
trait Reference {
    fn legal(&self) -> Vec<usize>;
    fn pits(&self) -> &[u32];
    fn stores(&self) -> [u32; 2];
    fn finished(&self) -> Option<Option<usize>>;
    fn turn(&self) -> usize;
    fn play(&mut self, pit: usize);
}

/// The [`Reference`] of a simulator whose stores are its field `$stores`.
macro_rules! reference {
    ($t:ty, $stores:ident) => {
        impl Reference for $t {
            fn legal(&self) -> Vec<usize> {
                <$t>::legal(self)
            }
            fn pits(&self) -> &[u32] {
                &self.pits
            }
            fn stores(&self) -> [u32; 2] {
                self.$stores
            }
            fn finished(&self) -> Option<Option<usize>> {
                self.finished
            }
            fn turn(&self) -> usize {
                self.turn
            }
            fn play(&mut self, pit: usize) {
                <$t>::play(self, pit);
            }
        }
    };
}

reference!(RefOlowuka, store);
reference!(RefBaAwa, caught);

/// Plays random moves (chosen by `rng`) in the fast game `fast` and the reference `slow` for at
/// most `plies` plies, checking before each that both agree (`more` checks what only the game
/// has); answers whether the game ended.
fn agree<P: Position<Move = Pit<6>>, R: Reference>(
    fast: P,
    mut slow: R,
    mut rng: Lcg,
    plies: usize,
    more: impl Fn(&P, &R, &str),
) -> bool {
    let mut fast = Game::new(fast);
    let seed = rng.0;
    for ply in 0..plies {
        let pos = *fast.position();
        let ctx = format!("seed {seed} ply {ply} {pos}");
        let legal: Vec<usize> = pos.legal_move_list().iter().map(|m| m.index()).collect();
        assert_eq!(legal, slow.legal(), "{ctx}");
        let pits: Vec<u32> = pos.pits().iter().map(|&x| u32::from(x)).collect();
        assert_eq!(pits, slow.pits(), "{ctx}");
        assert_eq!(pos.stores(), slow.stores(), "{ctx}");
        more(&pos, &slow, &ctx);
        assert_eq!(pos.is_over(), slow.finished().is_some(), "{ctx}");
        if let Some(o) = pos.outcome() {
            assert_eq!(side_index(o.winner), slow.finished().unwrap(), "{ctx}");
            return true;
        }
        assert_eq!(pos.to_move().map(Side::index), Some(slow.turn()), "{ctx}");
        let i = rng.below(legal.len());
        fast.play(pos.legal_move_list()[i]).unwrap();
        slow.play(legal[i]);
    }
    fast.position().is_over()
}

#[test]
fn olowuka_random_games_match_reference() {
    let games = if cfg!(debug_assertions) { 100 } else { 1000 };
    for g in 0..games {
        let fast = Olowuka::new(OlowukaRules::default());
        agree(fast, RefOlowuka::start(), Lcg(g), 3000, |_, _, _| {});
    }
}

#[test]
fn ba_awa_random_matches_match_reference() {
    let games = if cfg!(debug_assertions) { 12 } else { 200 };
    for g in 0..games {
        let more = |pos: &BaAwa, slow: &RefBaAwa, ctx: &str| {
            let owners: Vec<usize> = pos.owners().iter().map(|s| s.index()).collect();
            assert_eq!(owners, slow.owner, "{ctx}");
            assert_eq!(pos.round(), slow.round, "{ctx}");
            assert_eq!(pos.round_starter().index(), slow.starter, "{ctx}");
            let round_end = pos.round_end();
            let last = round_end.map(|r| [u32::from(r.captures[0]), u32::from(r.captures[1])]);
            assert_eq!(last, slow.last_round, "{ctx}");
        };
        let fast = BaAwa::new(BaAwaRules::default());
        let ended = agree(fast, RefBaAwa::start(), Lcg(1000 + g), 20_000, more);
        assert!(ended, "match {g} did not finish");
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
