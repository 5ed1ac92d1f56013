//! Tie-breaks by the FIDE tie-break regulations (C.07): Buchholz, Buchholz cut 1,
//! Sonneborn–Berger, wins and direct encounter, with unplayed rounds (byes, forfeits,
//! absences, withdrawals) handled as C.07's article 16 says.

use mancala_tournament::tiebreak::{self, Tiebreak};
use mancala_tournament::{
    Bye, ByeKind, Entry, Format, GameResult, Pairing, Round, Standing, Tournament,
};

/// The crosstable of a five-round Swiss of 16 players from FIDE's tie-break exercises (2024):
/// per player and round, `+` `=` `-` the result, `W` `B` the colour and the opponent, `F` a
/// forfeit (`+F11`: won by forfeit against 11), `BYE` a bye (`+BYE` the pairing-allocated bye,
/// `=BYE` a requested half-point bye), `--` absent. Player 12 played round 1, won round 3 by
/// forfeit and was absent otherwise (he withdrew).
const EXERCISE: &str = "
1 +W9 =B13 =W2 +B15 =W4
2 +B10 +W7 =B1 +W16 =B3
3 =W11 +B6 +W8 =B4 =W2
4 +B12 =BYE +W13 =W3 =B1
5 -W13 -B15 +W11 =B7 +W10
6 -B14 -W3 +BYE +W10 +B8
7 +W15 -B2 -B16 =W5 -B11
8 =B16 +W14 -B3 +W13 -W6
9 -B1 -W10 =BYE -F11 +BYE
10 -W2 +B9 -W15 -B6 -B5
11 =B3 -W16 -B5 +F9 +W7
12 -W4 -- +F14 -- --
13 +B5 =W1 -B4 -B8 -W14
14 +W6 -B8 -F12 -- +B13
15 -B7 +W5 +B10 -W1 -B16
16 =W8 +B11 +W7 -B2 +W15";

/// The exercise as a tournament: each game entered once, from South's (White's) side; a forfeit
/// from the winner's side.
fn exercise(tiebreaks: Vec<Tiebreak>) -> Tournament {
    let mut t = Tournament::new("exercise", Format::Swiss, 5);
    for i in 1..=16 {
        t.add_player(&format!("p{i}"), 2000 - i);
    }
    t.tiebreaks = tiebreaks;
    t.rounds = vec![Round::default(); 5];
    for line in EXERCISE.trim().lines() {
        let mut cells = line.split_whitespace();
        let me: u32 = cells.next().unwrap().parse().unwrap();
        for (r, cell) in cells.enumerate() {
            let round = &mut t.rounds[r];
            let (result, rest) = cell.split_at(1);
            match rest {
                "-" => {}
                "BYE" => round.byes.push(Bye {
                    player: me,
                    kind: if result == "+" {
                        ByeKind::PairingAllocated
                    } else {
                        ByeKind::Half
                    },
                }),
                _ => {
                    let (kind, opponent) = rest.split_at(1);
                    let opponent: u32 = opponent.parse().unwrap();
                    let game = match (kind, result) {
                        ("W", "+") => Some(GameResult::SouthWins),
                        ("W", "=") => Some(GameResult::Draw),
                        ("W", "-") => Some(GameResult::NorthWins),
                        ("F", "+") => Some(GameResult::SouthWinsByForfeit),
                        _ => None,
                    };
                    if let Some(result) = game {
                        round.pairings.push(Pairing {
                            south: me,
                            north: opponent,
                            result: Some(result),
                        });
                    }
                }
            }
        }
    }
    t
}

fn of(standings: &[Standing], player: u32) -> &Standing {
    standings
        .iter()
        .find(|s| s.start_number == player)
        .expect("a player")
}

#[test]
fn the_exercise_reads_as_its_crosstable() {
    let t = exercise(vec![]);
    let points = t.points();
    let expected = [
        3.5, 4.0, 3.5, 3.5, 2.5, 3.0, 1.5, 2.5, 1.5, 1.0, 2.5, 1.0, 1.5, 2.0, 2.0, 3.5,
    ];
    assert_eq!(&points[1..], &expected);
    assert_eq!(t.entries()[12][4], Entry::Absent);
}

#[test]
fn buchholz_as_the_exercise_answers() {
    let t = exercise(vec![Tiebreak::Buchholz, Tiebreak::BuchholzCut1]);
    let s = t.standings();
    // The published answers: Buchholz of players 2, 1, 3, 16, 5, 8 and 11 (11 won round 4 by
    // forfeit: a dummy opponent with his own 2.5 points).
    for (player, buchholz) in [
        (2, 13.0),
        (1, 12.5),
        (3, 15.5),
        (16, 12.5),
        (5, 8.5),
        (8, 13.5),
        (11, 13.5),
    ] {
        assert_eq!(
            of(&s, player).tiebreaks[0],
            (Tiebreak::Buchholz, buchholz),
            "player {player}"
        );
    }
    // Buchholz cut 1 of 5, 8 and 11.
    for (player, cut) in [(5, 7.5), (8, 12.0), (11, 12.0)] {
        assert_eq!(
            of(&s, player).tiebreaks[1],
            (Tiebreak::BuchholzCut1, cut),
            "player {player}"
        );
    }
}

#[test]
fn unplayed_rounds_count_against_a_dummy_opponent_and_vurs_are_cut_first() {
    let t = exercise(vec![Tiebreak::Buchholz, Tiebreak::BuchholzCut1]);
    let s = t.standings();
    // Player 9 (1.5 points) met 1 (3.5) and 10 (1); a half-point bye (voluntary), a forfeit
    // lost (voluntary) and the pairing-allocated bye count 1.5 each (his own score).
    assert_eq!(of(&s, 9).tiebreaks[0].1, 3.5 + 1.0 + 3.0 * 1.5);
    // Cut 1 cuts a voluntarily unplayed round (1.5), not the lowest opponent (10, with 1).
    assert_eq!(of(&s, 9).tiebreaks[1].1, 3.5 + 1.0 + 2.0 * 1.5);
    // Player 6's pairing-allocated bye is not voluntary: the lowest (10, with 1) is cut.
    // Opponents 14 (2), 3 (3.5), dummy (3), 10 (1), 8 (2.5).
    assert_eq!(of(&s, 6).tiebreaks[0].1, 12.0);
    assert_eq!(of(&s, 6).tiebreaks[1].1, 11.0);
    // Player 12 withdrew after round 3: for his opponents his two rounds of absence at the end
    // count as draws (1 point + 2 × 0.5 = 2), his absence in round 2 as it was (0). Player 4
    // met 12, 13 (1.5), 3 (3.5) and 1 (3.5), and had a half-point bye (his own 3.5).
    assert_eq!(of(&s, 4).tiebreaks[0].1, 2.0 + 1.5 + 3.5 + 3.5 + 3.5);
    assert!(tiebreak::voluntarily_unplayed(Entry::Absent));
    assert!(tiebreak::voluntarily_unplayed(Entry::Bye(ByeKind::Half)));
    assert!(!tiebreak::voluntarily_unplayed(Entry::Bye(
        ByeKind::PairingAllocated
    )));
    assert!(!tiebreak::voluntarily_unplayed(Entry::Bye(ByeKind::Full)));
}

#[test]
fn sonneborn_berger_and_wins() {
    let t = exercise(vec![Tiebreak::SonnebornBerger, Tiebreak::Wins]);
    let s = t.standings();
    // Player 11: a draw with 3 (3.5), losses, a forfeit won (the dummy: his 2.5) and a win over
    // 7 (1.5): 1.75 + 2.5 + 1.5.
    assert_eq!(of(&s, 11).tiebreaks[0].1, 5.75);
    // Player 2: wins over 10 (1), 7 (1.5), 16 (3.5), draws with 1 (3.5) and 3 (3.5).
    assert_eq!(of(&s, 2).tiebreaks[0].1, 1.0 + 1.5 + 3.5 + 1.75 + 1.75);
    // Wins count rounds won with or without playing: 11's forfeit, 6's pairing-allocated bye;
    // a half-point bye is not a win.
    assert_eq!(of(&s, 11).tiebreaks[1].1, 2.0);
    assert_eq!(of(&s, 6).tiebreaks[1].1, 3.0);
    assert_eq!(of(&s, 4).tiebreaks[1].1, 2.0);
    assert_eq!(of(&s, 9).tiebreaks[1].1, 1.0);
}

/// A round robin of four (by the Berger table) with these results per round, board by board.
fn round_robin(results: &[&[GameResult]]) -> Tournament {
    let mut t = Tournament::new("rr", Format::RoundRobin { double: false }, 0);
    for name in ["A", "B", "C", "D"] {
        t.add_player(name, 1500);
    }
    for (r, boards) in results.iter().enumerate() {
        t.pair_next_round().unwrap();
        for (b, &res) in boards.iter().enumerate() {
            t.set_result(r as u32 + 1, b as u32 + 1, Some(res)).unwrap();
        }
    }
    t
}

#[test]
fn direct_encounter_separates_players_who_all_met() {
    use GameResult::*;
    // Berger table of 4: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    // 1 beats 4, 2 beats 3; 4 beats 3, 2 beats 1; 2 draws with 4, 3 beats 1: 2 has 2.5
    // points, 4 has 1.5, 1 and 3 have 1.
    let t = round_robin(&[
        &[SouthWins, SouthWins],
        &[SouthWins, NorthWins],
        &[Draw, SouthWins],
    ]);
    let s = t.standings();
    let points: Vec<(u32, f64)> = s.iter().map(|x| (x.start_number, x.points)).collect();
    // 1 and 3 are tied; 3 beat 1: 3 first. Direct encounter is the round robin's first
    // tie-break.
    assert_eq!(points, vec![(2, 2.5), (4, 1.5), (3, 1.0), (1, 1.0)]);
    assert_eq!(s[2].tiebreaks[0], (Tiebreak::DirectEncounter, 1.0));
    assert_eq!(s[3].tiebreaks[0], (Tiebreak::DirectEncounter, 0.0));
    assert_eq!((s[2].rank, s[3].rank), (3, 4));
}

#[test]
fn direct_encounter_does_not_separate_players_who_did_not_all_meet() {
    // A Swiss of four after one round: 1 beats 3, 2 beats 4. 1 and 2 are tied and never met:
    // direct encounter gives both 0 and the start number orders them, sharing the rank.
    let mut t = Tournament::new("s", Format::Swiss, 3);
    for name in ["A", "B", "C", "D"] {
        t.add_player(name, 1500);
    }
    t.tiebreaks = vec![Tiebreak::DirectEncounter];
    t.pair_next_round().unwrap();
    for b in 1..=2 {
        let p = t.rounds[0].pairings[b - 1];
        let res = if p.south < p.north {
            GameResult::SouthWins
        } else {
            GameResult::NorthWins
        };
        t.set_result(1, b as u32, Some(res)).unwrap();
    }
    let s = t.standings();
    assert_eq!(s[0].points, 1.0);
    assert_eq!(s[1].points, 1.0);
    assert_eq!(s[0].tiebreaks[0].1, 0.0);
    assert_eq!(s[1].tiebreaks[0].1, 0.0);
    assert_eq!((s[0].rank, s[1].rank), (1, 1));
}

#[test]
fn a_forfeit_counts_in_direct_encounter_as_awarded() {
    use GameResult::*;
    // As in the first case, but 3 wins against 1 by forfeit: 1 and 3 still tie on one point,
    // and the forfeit decides between them.
    let t = round_robin(&[
        &[SouthWins, SouthWins],
        &[SouthWins, NorthWins],
        &[Draw, SouthWinsByForfeit],
    ]);
    let s = t.standings();
    assert_eq!(s[2].start_number, 3);
    assert_eq!(s[3].start_number, 1);
}
