//! Step 3 of the graded table builder (`mancala_tablebase::build`, module docs) by the prover:
//! the boards whose bounds did not meet, valued one by one from an empty history with the real
//! repetition rule ([`refiner`]).
//!
//! A table entry is the share of the board's `n` seeds that the side to move takes by the end of
//! the game, the end by score switched off. Whether that share is at least `k` is the result of
//! a real game: give the mover `t - k` seeds in his store and the opponent the rest of what is
//! off the board (`t` the winning score of the rules); then the mover reaches `t` exactly when
//! his share is at least `k`, both hold half the seeds exactly when it is `k - 1` (a draw), and
//! the opponent wins when it is less. Stopping the game at the winning score changes none of
//! this (a share already secured stays so), so one result proven by [`prove`](fn@super::prove) from
//! that position, with the tables of the lower levels, settles `k` and sometimes the share
//! itself. The thresholds between the bounds are tried from the middle outwards until the
//! share is known (a proof that runs out of nodes only leaves its threshold open).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use mancala_core::oware::{Oware, OwareRules};
use mancala_core::{Position, Side};
use mancala_tablebase::build::Refine;
use mancala_tablebase::index::unrank;
use mancala_tablebase::Tablebase;
use rayon::prelude::*;

use super::proof::Budget;
use super::run::prove;
use super::value::Verdict;

/// The stack of each thread proving boards (a proof recurses once per ply of its lines).
const STACK: usize = 256 << 20;

/// How often the progress report is called while boards are proven.
const REPORT_EVERY: Duration = Duration::from_millis(50);

/// What step 3 may spend on one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefineBudget {
    /// Nodes of each proof in the first pass over the level's open boards.
    pub nodes: u64,
    /// Wall-clock time per level. With it, the boards still open after a pass are tried again
    /// with four times the nodes, pass after pass, until the level has spent this long (no
    /// proof starts after that and each stops there); without it, one pass.
    pub time: Option<Duration>,
}

/// A refiner for [`mancala_tablebase::build::build_graded`] under the table rules `rules`: the
/// boards of each level of at most `max_seeds` seeds whose bounds did not meet are valued by
/// proofs within `budget` (boards in parallel, one thread per core); a board whose proofs did
/// not finish keeps the bounds they narrowed. Levels above `max_seeds` are left alone.
pub fn refiner(rules: OwareRules, max_seeds: u32, budget: RefineBudget) -> Box<Refine<'static>> {
    Box::new(
        move |n, lower: &Tablebase, open: &[(u64, u8, u8)], report| {
            if n > max_seeds {
                return None;
            }
            let pool = rayon::ThreadPoolBuilder::new()
                .stack_size(STACK)
                .build()
                .ok()?;
            let mut bounds: Vec<(u8, u8)> = open.iter().map(|&(_, lo, hi)| (lo, hi)).collect();
            let deadline = budget.time.map(|t| Instant::now() + t);
            let mut nodes = budget.nodes;
            loop {
                let todo: Vec<usize> = (0..open.len())
                    .filter(|&i| bounds[i].0 < bounds[i].1)
                    .collect();
                if todo.is_empty() {
                    break;
                }
                let done = AtomicU64::new(0);
                let total = todo.len() as u64;
                let prove_one = |&i: &usize| {
                    let b = share(&rules, lower, n, open[i].0, bounds[i], nodes, deadline);
                    done.fetch_add(1, Ordering::Relaxed);
                    b
                };
                // The proofs run on the pool while this thread reports their progress.
                let found: Vec<(u8, u8)> = std::thread::scope(|s| {
                    let work =
                        s.spawn(|| pool.install(|| todo.par_iter().map(prove_one).collect()));
                    while !work.is_finished() {
                        report(done.load(Ordering::Relaxed), total);
                        std::thread::sleep(REPORT_EVERY);
                    }
                    work.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                });
                report(total, total);
                for (&i, b) in todo.iter().zip(found) {
                    bounds[i] = b;
                }
                match deadline {
                    Some(d) if Instant::now() < d => nodes = nodes.saturating_mul(4),
                    _ => break,
                }
            }
            Some(bounds)
        },
    )
}

/// The bounds of the share of board `index` of level `n` (South to move), narrowed from
/// `bounds` by proofs of at most `nodes` nodes each (none started after `deadline`, when given,
/// and each stopped there); equal when the share is found.
fn share(
    rules: &OwareRules,
    lower: &Tablebase,
    n: u32,
    index: u64,
    bounds: (u8, u8),
    nodes: u64,
    deadline: Option<Instant>,
) -> (u8, u8) {
    let Some(board) = unrank(n, index) else {
        return bounds;
    };
    let (mut lo, mut hi) = (u32::from(bounds.0), u32::from(bounds.1));
    let (t, total) = (rules.threshold(), rules.total_seeds());
    // "Is the share at least k?" for k in (lo, hi], from the middle outwards: a proof that runs
    // out of nodes tells nothing, and the next threshold may still settle the share.
    let mid = lo + hi + 1;
    let mut ks: Vec<u32> = (lo + 1..=hi).collect();
    ks.sort_by_key(|&k| (2 * k).abs_diff(mid));
    for k in ks {
        if k <= lo || k > hi {
            continue;
        }
        let time = match deadline {
            Some(d) => match d.checked_duration_since(Instant::now()) {
                Some(left) if !left.is_zero() => Some(left),
                _ => break,
            },
            None => None,
        };
        let budget = Budget {
            nodes,
            time,
            margin: false,
            max_entries: 1 << 20,
            components: 1 << 20,
            ..Budget::default()
        };
        let Some(mine) = t.checked_sub(k) else {
            break;
        };
        let Some(theirs) = (total - n).checked_sub(mine) else {
            break;
        };
        let Ok(pos) = Oware::from_parts(board, [mine, theirs], Side::South, false, *rules) else {
            break;
        };
        if pos.is_over() {
            break;
        }
        let Ok(proof) = prove(&pos, &[pos.key()], Some(lower), &budget, &mut |_| {}) else {
            break;
        };
        match proof.verdict() {
            Some(Verdict::Win) => lo = k,
            Some(Verdict::Draw) => (lo, hi) = (k - 1, k - 1),
            Some(Verdict::Loss) => match k.checked_sub(2) {
                Some(below) => hi = below,
                None => return bounds,
            },
            None => {}
        }
        if lo >= hi {
            break;
        }
    }
    match (u8::try_from(lo), u8::try_from(hi)) {
        (Ok(lo), Ok(hi)) if lo <= hi => (lo, hi),
        _ => bounds,
    }
}
