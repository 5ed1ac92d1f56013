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
//! this (a share already secured stays so), so one result proven by [`crate::solve::prove`] from
//! that position, with the tables of the lower levels, settles `k` and sometimes the share
//! itself. The thresholds between the bounds are tried from the middle outwards until the
//! share is known (a proof that runs out of nodes only leaves its threshold open).

use mancala_core::oware::{Oware, OwareRules};
use mancala_core::{Position, Side};
use mancala_tablebase::build::Refine;
use mancala_tablebase::index::unrank;
use mancala_tablebase::Tablebase;
use rayon::prelude::*;

use crate::solve::{prove, Budget, Verdict};

/// The stack of each thread proving boards (a proof recurses once per ply of its lines).
const STACK: usize = 256 << 20;

/// A refiner for [`mancala_tablebase::build::build_graded`] under the table rules `rules`: each
/// board of a level of at most `max_seeds` seeds whose bounds did not meet is valued by proofs
/// of at most `nodes` nodes each (boards in parallel, one thread per core); a board whose proofs
/// did not finish keeps its bounds.
pub fn refiner(rules: OwareRules, max_seeds: u32, nodes: u64) -> Box<Refine<'static>> {
    Box::new(move |n, lower: &Tablebase, open: &[(u64, u8, u8)]| {
        if n > max_seeds {
            return vec![None; open.len()];
        }
        let run = || {
            open.par_iter()
                .map(|&(index, lo, hi)| share(&rules, lower, n, index, lo, hi, nodes))
                .collect()
        };
        match rayon::ThreadPoolBuilder::new().stack_size(STACK).build() {
            Ok(pool) => pool.install(run),
            Err(_) => vec![None; open.len()],
        }
    })
}

/// The share of board `index` of level `n` (South to move), between `lo` and `hi`, when the
/// proofs find it.
fn share(
    rules: &OwareRules,
    lower: &Tablebase,
    n: u32,
    index: u64,
    lo: u8,
    hi: u8,
    nodes: u64,
) -> Option<u8> {
    let board = unrank(n, index)?;
    let (mut lo, mut hi) = (u32::from(lo), u32::from(hi));
    let budget = Budget {
        nodes,
        margin: false,
        max_entries: 1 << 20,
        components: 1 << 20,
        ..Budget::default()
    };
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
        let mine = t.checked_sub(k)?;
        let theirs = (total - n).checked_sub(mine)?;
        let pos = Oware::from_parts(board, [mine, theirs], Side::South, false, *rules).ok()?;
        if pos.is_over() {
            return None;
        }
        let proof = prove(&pos, &[pos.key()], Some(lower), &budget, &mut |_| {}).ok()?;
        match proof.verdict() {
            Some(Verdict::Win) => lo = k,
            Some(Verdict::Draw) => return u8::try_from(k - 1).ok(),
            Some(Verdict::Loss) => hi = k.checked_sub(2)?,
            None => {}
        }
        if lo == hi {
            break;
        }
    }
    (lo == hi).then(|| u8::try_from(lo).ok()).flatten()
}
