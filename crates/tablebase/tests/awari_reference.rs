//! The exact Awari tables against an independent solver, and the reachable-board counts.
//!
//! The solver here shares nothing with the builder: its own Awari rules (sowing, captures, the
//! no-starving rule, the end when the player to move has no seeds), boards keyed by their pits
//! and side, and another algorithm: for every threshold `t`, the set of boards from which South
//! can force a share of at least `t` half-seeds is found by an attractor (an endless cycle gives
//! South `n`, half the board: if that is enough North must force a worse end of the level, else
//! South must force a better one). A board's value is the largest `t` South can force.

use std::collections::HashMap;

use mancala_core::Side;
use mancala_tablebase::build::build;
use mancala_tablebase::build::BuildOptions;
use mancala_tablebase::{index, Exactness};

type Board = [u8; 12];

/// The boards of `n` seeds, in any order.
fn boards(n: u32) -> Vec<Board> {
    fn rec(b: &mut Board, i: usize, left: u8, out: &mut Vec<Board>) {
        if i == 11 {
            b[11] = left;
            out.push(*b);
            return;
        }
        for k in 0..=left {
            b[i] = k;
            rec(b, i + 1, left - k, out);
        }
    }
    let mut out = Vec::new();
    rec(&mut [0; 12], 0, n as u8, &mut out);
    out
}

fn row(side: Side) -> std::ops::Range<usize> {
    match side {
        Side::South => 0..6,
        Side::North => 6..12,
    }
}

/// Plays `pit` for `side`: the board after it and the seeds captured.
fn play(b: &Board, side: Side, pit: usize) -> (Board, u32) {
    let mut b = *b;
    let mut seeds = b[pit];
    b[pit] = 0;
    let mut at = pit;
    while seeds > 0 {
        at = (at + 1) % 12;
        if at == pit {
            continue;
        }
        b[at] += 1;
        seeds -= 1;
    }
    let opp = row(side.opponent());
    let mut captured = 0;
    while opp.contains(&at) && (b[at] == 2 || b[at] == 3) {
        captured += u32::from(b[at]);
        b[at] = 0;
        if at == opp.start {
            break;
        }
        at -= 1;
    }
    (b, captured)
}

/// Where a move of `side` leads: the board, the seeds captured.
fn moves(b: &Board, side: Side) -> Vec<(Board, u32)> {
    let all: Vec<(Board, u32)> = row(side)
        .filter(|&p| b[p] > 0)
        .map(|p| play(b, side, p))
        .collect();
    let opp = row(side.opponent());
    let feeding: Vec<(Board, u32)> = all
        .iter()
        .filter(|(c, _)| c[opp.clone()].iter().any(|&x| x > 0))
        .copied()
        .collect();
    if feeding.is_empty() {
        all
    } else {
        feeding
    }
}

/// South's share (half-seeds) of every board of every level up to `max`, South or North to
/// move: `values[n][(board, side)]`.
fn solve(max: u32) -> Vec<HashMap<(Board, Side), u32>> {
    let mut values: Vec<HashMap<(Board, Side), u32>> = Vec::new();
    for n in 0..=max {
        let nodes: Vec<(Board, Side)> = boards(n)
            .into_iter()
            .flat_map(|b| [(b, Side::South), (b, Side::North)])
            .collect();
        let at: HashMap<(Board, Side), usize> =
            nodes.iter().enumerate().map(|(i, &k)| (k, i)).collect();
        // Per node: the ends of the level (South's share) and the children on the level.
        let mut ends: Vec<Vec<u32>> = vec![Vec::new(); nodes.len()];
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
        for (i, &(b, side)) in nodes.iter().enumerate() {
            if b[row(side)].iter().all(|&x| x == 0) {
                // No seeds to move: the opponent takes the rest.
                ends[i].push(if side == Side::South { 0 } else { 2 * n });
                continue;
            }
            for (c, captured) in moves(&b, side) {
                let child = (c, side.opponent());
                if captured == 0 {
                    next[i].push(at[&child]);
                } else {
                    let m = n - captured;
                    let below = values[m as usize][&child];
                    let south = if side == Side::South {
                        2 * captured + below
                    } else {
                        below
                    };
                    ends[i].push(south);
                }
            }
        }
        let mut value = vec![0u32; nodes.len()];
        for t in 1..=2 * n {
            // The player who must force an end: North if an endless cycle gives South enough.
            let forcer = if n >= t { Side::North } else { Side::South };
            let good = |v: u32| if forcer == Side::South { v >= t } else { v < t };
            let mut won = vec![false; nodes.len()];
            loop {
                let mut changed = false;
                for i in 0..nodes.len() {
                    if won[i] {
                        continue;
                    }
                    let side = nodes[i].1;
                    let options = ends[i]
                        .iter()
                        .map(|&v| good(v))
                        .chain(next[i].iter().map(|&c| won[c]));
                    let w = if side == forcer {
                        options.into_iter().any(|x| x)
                    } else {
                        let mut any = false;
                        let mut all = true;
                        for x in options {
                            any = true;
                            all &= x;
                        }
                        any && all
                    };
                    if w {
                        won[i] = true;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            for i in 0..nodes.len() {
                let south_reaches = if forcer == Side::South {
                    won[i]
                } else {
                    !won[i]
                };
                if south_reaches {
                    value[i] = t;
                }
            }
        }
        values.push(nodes.iter().copied().zip(value).collect());
    }
    values
}

#[test]
fn the_awari_tables_agree_with_an_independent_solver() {
    const MAX: u32 = 7;
    let (table, stats) = build("awari", MAX, &BuildOptions::default(), &mut |_| {}).unwrap();
    assert!(table.half_seeds());
    let reference = solve(MAX);
    let mut halves = 0;
    for n in 0..=MAX {
        let level = &reference[n as usize];
        let mut histogram = vec![0u64; 2 * n as usize + 1];
        for b in boards(n) {
            let p = table.probe(&b, Side::South).unwrap();
            assert_eq!(p.exactness, Exactness::EmptyHistory);
            assert_eq!(
                p.half_seeds,
                level[&(b, Side::South)],
                "{b:?}, South to move"
            );
            let q = table.probe(&b, Side::North).unwrap();
            assert_eq!(
                2 * n - q.half_seeds,
                level[&(b, Side::North)],
                "{b:?}, North to move"
            );
            histogram[p.half_seeds as usize] += 1;
            halves += u32::from(p.half_seeds % 2 == 1);
        }
        assert_eq!(stats[n as usize].histogram, histogram, "{n} seeds");
    }
    // The split of an odd board in halves occurs.
    assert!(halves > 0);
}

/// `C(n, k)` exactly.
fn choose(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
}

/// Boards of `n` seeds whose second row (the player who just moved: Awari's origin pit stays
/// empty after a move) has an empty pit: all boards minus those with at least one seed in each
/// of its six pits.
fn reachable(n: u64) -> u128 {
    choose(n + 11, 11) - if n >= 6 { choose(n + 5, 11) } else { 0 }
}

#[test]
fn reachable_boards_per_level_match_the_published_total() {
    // The count per level, by enumeration, agrees with the formula.
    for n in 0..=9u32 {
        let mut count = 0u128;
        for i in 0..index::positions(n) {
            let b = index::unrank(n, i).unwrap();
            count += u128::from(b[6..].contains(&0));
        }
        assert_eq!(count, reachable(u64::from(n)), "{n} seeds");
    }
    // Romein and Bal's database: 889,063,398,406 positions, every level plus the start. No
    // board holds 47 seeds (the first capture takes two or more), and the start position has
    // no empty pit.
    let total: u128 = (0..=48).filter(|&n| n != 47).map(reachable).sum::<u128>() + 1;
    assert_eq!(total, 889_063_398_406);
    assert_eq!(reachable(24), 417_225_900 - 34_597_290);
}
