//! The Dutch system (FIDE C.04.3) on worked examples: small tournaments whose next round is
//! worked out by hand from the rules (floaters, byes, forfeits, withdrawals, late entries,
//! requested byes, topscorers, the colour allocation rules E.1–E.5). The tournaments' next
//! rounds are also those py4swiss 0.3.1 (the differential test's reference) pairs from their
//! TRF files. Pairs are `(south, north)` in board order, South playing the role of White.

use mancala_tournament::dutch::{self, DutchOptions, DutchPlayer, Float};
use mancala_tournament::{trf, ByeKind, Color, Format, GameResult, Tournament};

use GameResult::{Draw, NorthWins, NorthWinsByForfeit, SouthWins, SouthWinsByForfeit};

/// A Swiss of `n` players (start numbers by rating) and `rounds` rounds.
fn swiss(n: u32, rounds: u32) -> Tournament {
    let mut t = Tournament::new("example", Format::Swiss, rounds);
    for i in 1..=n {
        t.add_player(&format!("p{i}"), 2000 - 10 * i);
    }
    t
}

/// Pairs the next round, checks its pairs, then enters the results board by board.
fn play(t: &mut Tournament, expected: &[(u32, u32)], bye: Option<u32>, results: &[GameResult]) {
    let number = t.rounds.len() as u32 + 1;
    let round = t.pair_next_round().expect("a pairing").clone();
    let pairs: Vec<(u32, u32)> = round.pairings.iter().map(|p| (p.south, p.north)).collect();
    assert_eq!(pairs, expected, "round {number}");
    let allocated = round
        .byes
        .iter()
        .find(|b| b.kind == ByeKind::PairingAllocated)
        .map(|b| b.player);
    assert_eq!(allocated, bye, "round {number}'s bye");
    for (b, &r) in results.iter().enumerate() {
        t.set_result(number, b as u32 + 1, Some(r)).unwrap();
    }
}

/// The next round's pairs and bye, without entering it.
fn next(t: &Tournament) -> (Vec<(u32, u32)>, Option<u32>) {
    let p = t
        .dutch_pairing(t.rounds.len() as u32 + 1)
        .expect("a pairing");
    (p.pairs, p.bye)
}

#[test]
fn a_bracket_that_cannot_pair_floats_down_whole() {
    // Round 1: 1-4 1-0, 5-2 draw, 3-6 1-0. Before round 2: 1 and 3 on one point, 2 and 5 on a
    // half (they met: neither can be paired in their bracket, both move down), 4 and 6 on 0.
    let mut t = swiss(6, 5);
    play(
        &mut t,
        &[(1, 4), (5, 2), (3, 6)],
        None,
        &[SouthWins, Draw, SouthWins],
    );
    // 1-3: both had White; equal strength and history, so the higher-ranked 1 gets his
    // preference, Black (E.4). The moved-down 2 and 5 meet 4 and 6 in rank order (2 has the
    // higher rank: 4, the highest resident he has not met); 2 and 4 both want White, the
    // higher-ranked 2 gets it; 6 (Black) and 5 (White) both get their preference.
    assert_eq!(next(&t), (vec![(3, 1), (2, 4), (6, 5)], None));
}

#[test]
fn byes_go_to_the_lowest_and_forfeits_give_no_colour() {
    let mut t = swiss(7, 5);
    // Round 1: the top half against the bottom half, the bye to 7. 5 wins by forfeit against
    // 2; 6 beats 3.
    play(
        &mut t,
        &[(1, 4), (5, 2), (3, 6)],
        Some(7),
        &[SouthWins, SouthWinsByForfeit, NorthWins],
    );
    // 1, 5, 6, 7 on one point: S1 = 1, 5 against S2 = 6, 7. 5 (a forfeit) and 7 (a bye) have
    // no colour yet: the higher-ranked 5 gets the colour of his pairing number's parity
    // (odd: White, E.5). 2, 3, 4 on 0: the lowest (4) has the bye; 2 (no colour) meets 3 (who
    // wants Black).
    play(
        &mut t,
        &[(6, 1), (5, 7), (2, 3)],
        Some(4),
        &[Draw, SouthWins, NorthWinsByForfeit],
    );
    // 5 alone on two points meets 1, the highest he has not met (1 and 6 met), 6 moves down
    // and meets 4 (he met 3); 3-7; 2, alone on 0 and without a bye so far, has it. 3 won by
    // forfeit and 2 lost: a forfeit is not a meeting, and 2 and 3 could meet again.
    assert_eq!(next(&t), (vec![(1, 5), (4, 6), (7, 3)], Some(2)));
}

#[test]
fn withdrawals_late_entries_and_requested_byes() {
    let mut t = swiss(8, 5);
    play(
        &mut t,
        &[(1, 5), (6, 2), (3, 7), (8, 4)],
        None,
        &[SouthWins, NorthWins, Draw, SouthWins],
    );
    // 3 withdraws, 9 enters late, 5 asks for a half-point bye: seven are paired.
    t.withdraw(3).unwrap();
    let late = t.add_player("late", 1000);
    assert_eq!(late, 9);
    t.request_bye(5, ByeKind::Half).unwrap();
    // 1, 2, 8 on a point: 1-2, 8 moves down to 7; 4, 6, 9 on 0 with one bye. 9 was not in
    // round 1, which counts as a downfloat (A.4), and the bye is one too: rather than a
    // second in a row (C12), the bye goes to 6 and 4 meets 9.
    assert_eq!(next(&t), (vec![(2, 1), (7, 8), (4, 9)], Some(6)));
    let round = t.pair_next_round().unwrap();
    assert!(round
        .byes
        .iter()
        .any(|b| b.player == 5 && b.kind == ByeKind::Half));
    assert!(!round.pairings.iter().any(|p| p.south == 3 || p.north == 3));
}

/// Six players after two rounds in which 1 and 2 won both games with Black (each now must
/// have White), 3 and 5 had White twice (must have Black).
fn two_leaders_due_white(total_rounds: u32) -> Tournament {
    use mancala_tournament::{Pairing, Round};
    let mut t = swiss(6, total_rounds);
    let g = |south, north, result| Pairing {
        south,
        north,
        result: Some(result),
    };
    t.rounds.push(Round {
        pairings: vec![g(3, 1, NorthWins), g(4, 2, NorthWins), g(5, 6, Draw)],
        byes: vec![],
    });
    t.rounds.push(Round {
        pairings: vec![g(5, 1, NorthWins), g(6, 2, NorthWins), g(3, 4, Draw)],
        byes: vec![],
    });
    t
}

#[test]
fn topscorers_may_break_an_absolute_colour_preference_in_the_last_round() {
    // The last round: 1 and 2 have more than half the maximum score (topscorers, A.7) and may
    // meet although both must have White (C3's exception); both are at a colour difference of
    // -2 with the same history, so the higher-ranked 1 gets White (E.4). On a half point, 3
    // and 5 may not meet (both must have Black), 3-4 and 5-6 met: 6-3 and 4-5.
    let t = two_leaders_due_white(3);
    assert_eq!(next(&t), (vec![(1, 2), (6, 3), (4, 5)], None));
    // Round 3 of 4: they are not topscorers and may not meet; both move down and the colour
    // preferences choose among the remaining pairings: everybody gets his colour.
    let t = two_leaders_due_white(4);
    assert_eq!(next(&t), (vec![(1, 6), (2, 3), (4, 5)], None));
}

fn player(id: u32, score: u32, colors: &[Color]) -> DutchPlayer {
    DutchPlayer {
        id,
        score,
        colors: colors.iter().copied().map(Some).collect(),
        opponents: vec![],
        floats: vec![Float::None; colors.len()],
        bye_ineligible: false,
    }
}

/// The pair two players make (`(south, north)`), in a round of nine (or in the last round
/// when `last`).
fn colours_of(a: DutchPlayer, b: DutchPlayer, initial: Color) -> (u32, u32) {
    paired(a, b, initial, false)
}

fn paired(a: DutchPlayer, b: DutchPlayer, initial: Color, last: bool) -> (u32, u32) {
    let round = a.colors.len() as u32 + 1;
    let opts = DutchOptions {
        round,
        total_rounds: if last { round } else { 9 },
        initial_color: initial,
        ..DutchOptions::default()
    };
    dutch::pair(&[a, b], &opts).unwrap().pairs[0]
}

#[test]
fn colour_allocation_follows_e1_to_e5() {
    use Color::{Black as B, White as W};
    // E.1: different preferences: both granted.
    assert_eq!(
        colours_of(player(1, 4, &[W, B, W]), player(2, 4, &[B, W, B]), W),
        (2, 1)
    );
    // E.2: the stronger preference: 2's absolute (two Blacks in a row) over 1's strong one.
    assert_eq!(
        colours_of(player(1, 4, &[B, W, B]), player(2, 4, &[W, B, B]), W),
        (2, 1)
    );
    // E.2: two absolute preferences (two topscorers in the last round: otherwise they could
    // not meet): the wider colour difference, 2's -3 against 1's -1.
    let (one, two) = (
        player(1, 8, &[W, B, W, B, B]),
        player(2, 8, &[B, B, W, B, B]),
    );
    assert_eq!(paired(one.clone(), two.clone(), W, true), (2, 1));
    // ... and in any other round they may not meet.
    let opts = DutchOptions {
        round: 6,
        total_rounds: 9,
        ..DutchOptions::default()
    };
    assert!(dutch::pair(&[one, two], &opts).is_err());
    // E.3: equal mild preferences for Black: alternate from the latest round in which their
    // colours differed (round 2: 1 had Black, 2 White), so 1 gets White though the
    // higher-ranked one would otherwise have his preference.
    assert_eq!(
        colours_of(player(1, 4, &[W, B, B, W]), player(2, 4, &[B, W, B, W]), W),
        (1, 2)
    );
    // E.4: the same history: the higher-ranked player's preference; rank is the score first.
    assert_eq!(
        colours_of(player(1, 4, &[W, B, W]), player(2, 4, &[W, B, W]), W),
        (2, 1)
    );
    assert_eq!(
        colours_of(player(1, 2, &[W, B, W]), player(2, 4, &[W, B, W]), W),
        (1, 2)
    );
    // E.5: no preference on either side: the higher-ranked player's pairing number, odd taking
    // the initial colour.
    assert_eq!(colours_of(player(3, 0, &[]), player(4, 0, &[]), W), (3, 4));
    assert_eq!(colours_of(player(3, 0, &[]), player(4, 0, &[]), B), (4, 3));
    assert_eq!(colours_of(player(3, 0, &[]), player(4, 2, &[]), W), (3, 4));
    // One preference only: granted.
    assert_eq!(colours_of(player(1, 2, &[]), player(2, 2, &[W]), W), (1, 2));
}

#[test]
fn the_example_files_read_back_to_the_same_pairing() {
    // TRF written and read again pairs the same (the file carries everything the pairing
    // needs: colours, floats, byes, the requested bye, the withdrawal).
    let mut t = swiss(8, 5);
    play(
        &mut t,
        &[(1, 5), (6, 2), (3, 7), (8, 4)],
        None,
        &[SouthWins, NorthWins, Draw, SouthWins],
    );
    t.withdraw(3).unwrap();
    t.add_player("late", 1000);
    t.request_bye(5, ByeKind::Half).unwrap();
    let back = trf::read(&trf::write(&t)).unwrap();
    assert_eq!(next(&back), next(&t));
    for rounds in [3, 4] {
        let t = two_leaders_due_white(rounds);
        assert_eq!(next(&trf::read(&trf::write(&t)).unwrap()), next(&t));
    }
}
