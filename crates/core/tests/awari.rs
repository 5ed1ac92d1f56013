//! Golden tests of the `awari` preset: one per rule of Romein and Bal's Awari.

use mancala_core::oware::{Oware, OwareRules};
use mancala_core::variant::Variant;
use mancala_core::{EndReason, Game, Illegal, Position, Side};

fn at(text: &str) -> Oware {
    Oware::from_notation(text, OwareRules::awari()).unwrap()
}

fn after(text: &str, mv: &str) -> Oware {
    let mut p = at(text);
    let m = p.parse_move(mv).unwrap();
    p.play(m).unwrap();
    p
}

#[test]
fn the_name_awari_is_its_own_preset() {
    let v = Variant::from_name("awari").unwrap();
    assert_eq!(v, Variant::Awari);
    assert_eq!(v.name(), "awari");
    assert_ne!(Variant::from_name("awale").unwrap(), Variant::Awari);
    let options = v.info().options;
    let get = |n: &str| options.iter().find(|o| o.name == n).unwrap().value.clone();
    assert_eq!(get("grand_slam"), "NoStarving");
    assert_eq!(get("no_move_end"), "OpponentTakesAll");
    assert_eq!(get("repetition"), "SplitHalves");
    assert_eq!(get("skip_origin"), "Always");
}

#[test]
fn a_big_lap_skips_its_origin() {
    // 12 seeds from A: one in each other pit, the 12th in B, A stays empty.
    let p = after("12-0-0-0-0-0-1-1-1-1-1-1-10-20-S", "A");
    assert_eq!(p.to_string(), "0-2-1-1-1-1-2-2-2-2-2-2-10-20-N");
}

#[test]
fn captures_of_two_or_three_go_backwards_along_the_opponents_row() {
    // F (3 seeds) sows a, b, c: c becomes 3, b 2, a 1: c and b are taken, a stops the chain.
    let p = after("1-0-0-0-0-3-0-1-2-4-0-0-14-23-S", "F");
    assert_eq!(p.to_string(), "1-0-0-0-0-0-1-0-0-4-0-0-19-23-N");
}

#[test]
fn a_move_that_starves_the_opponent_is_illegal_when_another_exists() {
    // F would take a's only seeds (a grand slam); A is legal, so F is not.
    let p = at("1-0-0-0-0-1-1-0-0-0-0-0-24-21-S");
    assert_eq!(
        p.check_move(p.parse_move("F").unwrap()),
        Err(Illegal::GrandSlamForbidden)
    );
    assert_eq!(p.legal_move_list().len(), 1);
    // North's row empty: E reaches it, A does not, so only E is legal.
    let p = at("1-0-0-0-2-0-0-0-0-0-0-0-24-21-S");
    assert_eq!(
        p.check_move(p.parse_move("A").unwrap()),
        Err(Illegal::MustFeed)
    );
    assert_eq!(p.legal_move_list().len(), 1);
}

#[test]
fn a_forced_starving_move_is_played_and_its_captures_count() {
    // F is the only move and takes every seed of North; North then has no seeds to move and
    // leaves the rest to South.
    let p = after("0-0-0-0-0-1-1-0-0-0-0-0-24-22-S", "F");
    assert!(p.is_over());
    assert_eq!(p.stores(), [26, 22]);
    // No move reaches North's empty row: one is played, and North, with no seeds, leaves
    // them all to South.
    let p = at("2-1-0-0-0-0-0-0-0-0-0-0-24-21-S");
    assert_eq!(p.legal_move_list().len(), 2);
    let q = after("2-1-0-0-0-0-0-0-0-0-0-0-24-21-S", "A");
    assert_eq!(q.stores(), [27, 21]);
    assert_eq!(q.outcome().unwrap().reason, EndReason::NoLegalMove);
}

#[test]
fn a_player_with_no_seeds_to_move_leaves_the_rest_to_his_opponent() {
    let p = at("0-0-0-0-0-0-1-2-0-0-0-0-24-21-S");
    let o = p.outcome().unwrap();
    assert_eq!(p.stores(), [24, 24]);
    assert_eq!(o.reason, EndReason::NoLegalMove);
    assert_eq!(o.winner, None);
}

#[test]
fn an_endless_cycle_shares_the_seeds_left_in_halves() {
    // One seed each, nothing can be captured: the seeds walk round until a position comes
    // back. Then the game ends, the stores keep what was captured and the two seeds on the
    // board are shared, one each: 23 + 1 against 23 + 1, a draw.
    let mut game = Game::new(at("0-0-0-0-0-1-0-0-0-0-0-1-23-23-S"));
    let mut plies = 0;
    while !game.position().is_over() {
        let p = game.position();
        let mv = p.legal_move_list()[0];
        game.play(mv).unwrap();
        plies += 1;
        assert!(plies < 100, "no end");
    }
    let p = game.position();
    let o = p.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Repetition);
    assert_eq!(o.winner, None);
    assert_eq!(p.stores(), [23, 23]);
    assert_eq!(p.pits().iter().map(|&x| u32::from(x)).sum::<u32>(), 2);
    // An odd board: three seeds, 1.5 each; the stores decide (22 against 23).
    let mut game = Game::new(at("0-0-0-0-0-1-0-0-0-0-1-1-22-23-S"));
    let mut plies = 0;
    while !game.position().is_over() {
        let mv = game.position().legal_move_list()[0];
        game.play(mv).unwrap();
        plies += 1;
        assert!(plies < 200, "no end");
    }
    let p = game.position();
    let o = p.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Repetition, "{p}");
    assert_eq!(o.winner, Some(Side::North));
}
