//! The round-robin pairings against FIDE's published Berger tables (FIDE Handbook C.05,
//! Annex 1), transcribed below: one line per round, `white-black` pairs in board order. An odd
//! number of players uses the table of the next even number, the highest number being the bye.

use mancala_tournament::berger;

const TABLES: &[(u32, &str)] = &[
    (
        4,
        "1-4 2-3
         4-3 1-2
         2-4 3-1",
    ),
    (
        6,
        "1-6 2-5 3-4
         6-4 5-3 1-2
         2-6 3-1 4-5
         6-5 1-4 2-3
         3-6 4-2 5-1",
    ),
    (
        8,
        "1-8 2-7 3-6 4-5
         8-5 6-4 7-3 1-2
         2-8 3-1 4-7 5-6
         8-6 7-5 1-4 2-3
         3-8 4-2 5-1 6-7
         8-7 1-6 2-5 3-4
         4-8 5-3 6-2 7-1",
    ),
    (
        10,
        "1-10 2-9 3-8 4-7 5-6
         10-6 7-5 8-4 9-3 1-2
         2-10 3-1 4-9 5-8 6-7
         10-7 8-6 9-5 1-4 2-3
         3-10 4-2 5-1 6-9 7-8
         10-8 9-7 1-6 2-5 3-4
         4-10 5-3 6-2 7-1 8-9
         10-9 1-8 2-7 3-6 4-5
         5-10 6-4 7-3 8-2 9-1",
    ),
    (
        12,
        "1-12 2-11 3-10 4-9 5-8 6-7
         12-7 8-6 9-5 10-4 11-3 1-2
         2-12 3-1 4-11 5-10 6-9 7-8
         12-8 9-7 10-6 11-5 1-4 2-3
         3-12 4-2 5-1 6-11 7-10 8-9
         12-9 10-8 11-7 1-6 2-5 3-4
         4-12 5-3 6-2 7-1 8-11 9-10
         12-10 11-9 1-8 2-7 3-6 4-5
         5-12 6-4 7-3 8-2 9-1 10-11
         12-11 1-10 2-9 3-8 4-7 5-6
         6-12 7-5 8-4 9-3 10-2 11-1",
    ),
    (
        14,
        "1-14 2-13 3-12 4-11 5-10 6-9 7-8
         14-8 9-7 10-6 11-5 12-4 13-3 1-2
         2-14 3-1 4-13 5-12 6-11 7-10 8-9
         14-9 10-8 11-7 12-6 13-5 1-4 2-3
         3-14 4-2 5-1 6-13 7-12 8-11 9-10
         14-10 11-9 12-8 13-7 1-6 2-5 3-4
         4-14 5-3 6-2 7-1 8-13 9-12 10-11
         14-11 12-10 13-9 1-8 2-7 3-6 4-5
         5-14 6-4 7-3 8-2 9-1 10-13 11-12
         14-12 13-11 1-10 2-9 3-8 4-7 5-6
         6-14 7-5 8-4 9-3 10-2 11-1 12-13
         14-13 1-12 2-11 3-10 4-9 5-8 6-7
         7-14 8-6 9-5 10-4 11-3 12-2 13-1",
    ),
    (
        16,
        "1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9
         16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2
         2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10
         16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3
         3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11
         16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4
         4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12
         16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5
         5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13
         16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6
         6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14
         16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7
         7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15
         16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8
         8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1",
    ),
];

fn parse(table: &str) -> Vec<Vec<(u32, u32)>> {
    table
        .lines()
        .map(|line| {
            line.split_whitespace()
                .map(|pair| {
                    let (w, b) = pair.split_once('-').expect("white-black");
                    (w.parse().expect("number"), b.parse().expect("number"))
                })
                .collect()
        })
        .collect()
}

#[test]
fn every_size_from_3_to_16_equals_the_published_tables() {
    let sizes: Vec<u32> = TABLES
        .iter()
        .flat_map(|&(even, _)| [even - 1, even])
        .collect();
    assert_eq!(
        sizes,
        (3..=16).collect::<Vec<u32>>(),
        "every size from 3 to 16"
    );
    for &(even, text) in TABLES {
        let table = parse(text);
        assert_eq!(table.len() as u32, even - 1);
        for players in [even - 1, even] {
            assert_eq!(berger::rounds(players, false), even - 1);
            for (r, published) in table.iter().enumerate() {
                let got = berger::round(players, r as u32 + 1, false).expect("a round");
                let expected: Vec<(u32, u32)> = published
                    .iter()
                    .copied()
                    .filter(|&(w, b)| w <= players && b <= players)
                    .collect();
                assert_eq!(got.pairs, expected, "{players} players, round {}", r + 1);
                let bye = published
                    .iter()
                    .find(|&&(w, b)| w > players || b > players)
                    .map(|&(w, b)| w.min(b));
                assert_eq!(got.bye, bye, "{players} players, round {}", r + 1);
            }
        }
    }
}

#[test]
fn double_round_robin_reverses_the_colours() {
    for players in 3..=16 {
        let single = berger::schedule(players, false);
        let double = berger::schedule(players, true);
        assert_eq!(double.len(), 2 * single.len());
        for (first, second) in single.iter().zip(&double[single.len()..]) {
            let reversed: Vec<(u32, u32)> = first.pairs.iter().map(|&(w, b)| (b, w)).collect();
            assert_eq!(second.pairs, reversed);
            assert_eq!(second.bye, first.bye);
        }
    }
}

#[test]
fn every_pair_meets_once_and_colours_are_balanced_up_to_16() {
    for players in 3..=16u32 {
        let schedule = berger::schedule(players, false);
        let mut met = std::collections::HashSet::new();
        let mut whites = vec![0i32; players as usize + 1];
        let mut byes = vec![0; players as usize + 1];
        for round in &schedule {
            let mut seen = std::collections::HashSet::new();
            for &(w, b) in &round.pairs {
                assert!(met.insert((w.min(b), w.max(b))), "{w}-{b} twice");
                assert!(seen.insert(w) && seen.insert(b));
                whites[w as usize] += 1;
                whites[b as usize] -= 1;
            }
            if let Some(b) = round.bye {
                assert!(seen.insert(b));
                byes[b as usize] += 1;
            }
            assert_eq!(seen.len() as u32, players);
        }
        assert_eq!(met.len() as u32, players * (players - 1) / 2);
        assert!(whites.iter().all(|d| d.abs() <= 1), "{players}: {whites:?}");
        if players % 2 == 1 {
            assert!(byes[1..].iter().all(|&b| b == 1));
        }
    }
    assert!(berger::round(1, 1, false).is_none());
    assert!(berger::round(4, 4, false).is_none());
    assert!(berger::round(4, 0, false).is_none());
}
