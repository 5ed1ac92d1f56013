//! The exact builder, for rules whose endless cycles share the seeds left evenly
//! (`repetition=SplitHalves`, the `awari` preset).
//!
//! # Values
//!
//! Values count half-seeds: `g(x)` is twice what the side to move gets of the `n` seeds on
//! board `x`, `0 <= g <= 2n`, and an endless cycle is worth `n` (half the board each). Every
//! move is worth `2n - g(child)` for the mover, where a capture's child lies on a lower level
//! (already exact) and a move that ends the game is worth what the rules hand the mover.
//!
//! # Why the values are exact
//!
//! Within a level, non-capturing moves form a graph with cycles. Two bounds are computed: `lo`, the value when endless play gives the mover
//! nothing, and `hi`, when it gives him everything; they are the least fixpoint of
//! `lo(x) = max(2n - hi(child))`, `hi(x) = max(2n - lo(child))` from `lo = 0`, `hi = 2n`. Then
//! the value when endless play shares the board is `clamp(n, lo, hi)`:
//!
//! * if `lo >= n`, the mover forces an end of the level worth `lo` (forcing never repeats a
//!   position), and the opponent's strategy that holds him to `lo` when endless play gives him
//!   nothing holds him to `max(lo, n) = lo` when it gives him `n`; symmetrically if `hi <= n`;
//! * otherwise neither can force an end better than a share: if the opponent could hold the
//!   mover below `n`, the same strategy would force ends below `n` whatever endless play were
//!   worth, so `hi < n`; and the other way round.
//!
//! The first repetition of a position ends the real game with the same share, so from an empty
//! history (right after a capture, or at the start) the real game's value is the table's: the
//! forcing strategies never repeat a position, and a repetition gives the mover `n`, which is
//! what the holding strategies concede at most. Entries are graded `empty-history`.
//!
//! # Building a level
//!
//! The bounds are computed by retrograde analysis ([`build_level`]): the moves of every board
//! are played once by the rules core, which gives each board its best end of the level and
//! which of its moves stay on the level; then, threshold by threshold, the boards whose bounds
//! reach it are found backwards, from each board to its predecessors by unsowing
//! ([`predecessors`]), with a counter of the moves still outside per board. The bounds are the
//! least fixpoint that value iteration reaches too (a test checks the entries byte for byte
//! against value iteration on the levels 0 to 10).
//!
//! # For other builders
//!
//! The moves of a board as this builder sees them ([`exact_moves`], with captures left for the
//! caller to value), their inverse ([`predecessors`]) and the entry encoding ([`exact_entry`],
//! [`entry_value`]) are public: the builder on timely dataflow (`mancala-tablebase-dist`) shares
//! them, so that both value the same moves the same way.
//!
//! # Memory
//!
//! The level being built takes one 32-bit word per board (both bounds, the counter, the moves
//! staying on the level and the best end of the level), each level below one byte, and no
//! board allocates anything. At 24 seeds: 1.67 GB for the level and 834 MB for the 24 levels
//! below.

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use mancala_core::oware::{GrandSlam, OwareRules, SkipOrigin};
use mancala_core::sow::{sow_lap, PITS};
use mancala_core::{Position, Side};
use rayon::prelude::*;

use crate::index::{next_board, positions, rank, unrank};
use crate::level::{for_each_child, normalise, setup, LevelStats, Phase, Progress};
use crate::{entry, file, rules, Tablebase, TablebaseError};

/// Boards per parallel chunk.
const CHUNK: usize = 1 << 14;
/// Work items taken back together in the retrograde analysis.
const BATCH: usize = 8;

// A board's state while its level is built: one 32-bit word of five fields.
/// A 6-bit field's mask.
const FIELD: u32 = 0x3f;
/// `lo` once the attractors reached it (0 until then): 6 bits.
const LO: u32 = 0;
/// `2n - hi` once the attractors reached it (0 until then): 6 bits.
const DUAL: u32 = 6;
/// The moves staying on the level whose child's `lo` is still below the threshold: 3 bits.
const COUNT: u32 = 12;
/// The 3-bit mask of [`COUNT`].
const COUNT_MASK: u32 = 7;
/// The pits (bit `p` for pit `p`) whose moves stay on the level: 6 bits.
const MOVES: u32 = 15;
/// The best end of the level for the mover (half-seeds), if any: 6 bits.
const EXIT: u32 = 21;
/// Set when the board has an end of the level among its moves.
const HAS_EXIT: u32 = 1 << 27;

#[inline]
fn field(word: u32, at: u32) -> u32 {
    word >> at & FIELD
}

/// Sets the 6-bit field `at` of `cell` to `t` if it is still 0; whether it was.
#[inline]
fn reach(cell: &AtomicU32, at: u32, t: u32) -> bool {
    cell.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |w| {
        (field(w, at) == 0).then_some(w | t << at)
    })
    .is_ok()
}

/// Whether every end of the level of the board whose state is `word` leaves its mover at most
/// `2n - t`: the opponent can then hold him there if every move staying on the level does too.
#[inline]
fn ends_allow(word: u32, two_n: u32, t: u32) -> bool {
    word & HAS_EXIT == 0 || two_n - field(word, EXIT) >= t
}

/// A work item of the retrograde analysis: a board's index shifted left, plus 1 for `2n - hi`
/// (0 for `lo`), and the board.
type Item = (u32, [u8; PITS]);

/// The retrograde analysis' buffers, one set per thread, kept from board to board.
#[derive(Default)]
struct Scratch {
    /// Work items still to take back.
    stack: Vec<Item>,
    /// The predecessors of the boards taken back: index, pit, whether the board taken back
    /// reached `2n - hi` (else `lo`), the predecessor's board.
    found: Vec<(u32, usize, bool, [u8; PITS])>,
    /// Their state words.
    words: Vec<u32>,
}

/// A move's worth for the board's mover, in half-seeds: an end of the level, or the index of a
/// child on the same level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    End(u32),
    Same(u32),
}

/// A move of a board of the exact builder, for the mover, in half-seeds: the end of the game,
/// a capture (its child on a lower level, whose exact value the builder looks up), or a move
/// that stays on the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactMove {
    /// The game ends: the mover gets this many half-seeds of the board.
    End(u32),
    /// A capture: the child, North's to move and seen from North, is board `index` of level
    /// `seeds`; the mover gets `2n` minus the child's value.
    Capture {
        /// Seeds left on the board.
        seeds: u32,
        /// The child's index in its level.
        index: u64,
    },
    /// No capture: the child is board `index` of the same level (the sown board, seen from
    /// North, who moves next).
    Same(u32),
}

/// The play rules of the exact builder for table rules `table_rules` (which must share cycles,
/// [`rules::exact_cycles`]): the score threshold switched off, room in the stores for any seed
/// count.
#[must_use]
pub fn play_rules(table_rules: &OwareRules) -> OwareRules {
    rules::unbounded(table_rules)
}

/// The entry byte of an exact table for a value of `half_seeds` (graded `empty-history`).
#[must_use]
pub fn exact_entry(half_seeds: u32) -> u8 {
    entry::pack(half_seeds, true, false)
}

/// The value in half-seeds of an entry byte of an exact table.
#[must_use]
pub fn entry_value(byte: u8) -> u32 {
    u32::from(entry::value(byte))
}

/// The moves of `board` (South to move, `n` seeds, `rules` from [`play_rules`]) into `out`,
/// with their pits; returns how many. A move staying on the level is checked to leave the
/// board a plain sowing leaves (predecessors are generated by unsowing, [`predecessors`]).
pub fn exact_moves(
    board: [u8; PITS],
    n: u32,
    rules: &OwareRules,
    out: &mut [(usize, ExactMove); 6],
) -> usize {
    let (pos, store) = setup(board, n, rules);
    if pos.is_over() {
        out[0] = (0, ExactMove::End(2 * (pos.stores()[0] - store)));
        return 1;
    }
    let skip = rules.skip_origin == SkipOrigin::Always;
    let mut k = 0;
    for_each_child(&pos, |pit, mut child, captured| {
        // Settling is needed only when a row is empty: with seeds on both rows these rules
        // always leave a legal move (`rules::check` refuses the ones that might not).
        let b = child.board();
        if !child.is_over() && (b[..6].iter().all(|&p| p == 0) || b[6..].iter().all(|&p| p == 0)) {
            child.settle();
        }
        let step = if child.is_over() {
            ExactMove::End(2 * (child.stores()[0] - store))
        } else {
            // The turn always passes under these rules: the child is North's to move.
            let side = child.to_move().expect("a game that is not over");
            let r = rank(&normalise(child.board(), side));
            if captured == 0 {
                let mut sown = board;
                sow_lap(&mut sown, pit, skip);
                assert!(
                    side == Side::North && *child.board() == sown,
                    "a move that captures nothing leaves the sown board, North to move"
                );
                ExactMove::Same(r as u32)
            } else {
                ExactMove::Capture {
                    seeds: n - captured,
                    index: r,
                }
            }
        };
        out[k] = (pit, step);
        k += 1;
    });
    k
}

/// The moves of `board` (South to move, `n` seeds) into `out`, with their pits; returns how
/// many. `lower[m]` holds the exact values (half-seeds) of level `m`.
fn steps(
    board: [u8; PITS],
    n: u32,
    rules: &OwareRules,
    lower: &[Vec<u8>],
    out: &mut [(usize, Step); 6],
) -> usize {
    let mut moves = [(0, ExactMove::End(0)); 6];
    let k = exact_moves(board, n, rules, &mut moves);
    for (o, &(pit, mv)) in out.iter_mut().zip(&moves[..k]) {
        *o = (
            pit,
            match mv {
                ExactMove::End(v) => Step::End(v),
                ExactMove::Same(r) => Step::Same(r),
                ExactMove::Capture { seeds, index } => {
                    Step::End(2 * n - entry_value(lower[seeds as usize][index as usize]))
                }
            },
        );
    }
    k
}

/// Calls `f(index, pit, board)` for every board of the level (its mover's row first) whose
/// sowing of `pit` leaves `child` (its mover's row first, the turn passed): the lap is taken
/// back seed by seed from the last pit it reached. With `no_landing_captures`, laps whose last
/// seed makes 2 or 3 in the opponent's row are left out (under `grand_slam=NoStarving` such a
/// move captures or is illegal). Whether a move is legal and captures nothing is otherwise the
/// caller's to check. Allocates nothing.
#[inline]
pub fn predecessors(
    child: &[u8; PITS],
    skip: bool,
    no_landing_captures: bool,
    mut f: impl FnMut(u64, usize, &[u8; PITS]),
) {
    let mut after = [0u8; PITS];
    after[..6].copy_from_slice(&child[6..]);
    after[6..].copy_from_slice(&child[..6]);
    for pit in 0..6 {
        if skip && after[pit] != 0 {
            continue;
        }
        let mut before = after;
        let mut at = pit;
        let mut lifted = 0u8;
        loop {
            at = if at + 1 == PITS { 0 } else { at + 1 };
            if skip && at == pit {
                at = if at + 1 == PITS { 0 } else { at + 1 };
            }
            if before[at] == 0 {
                break;
            }
            before[at] -= 1;
            lifted += 1;
            // Every seed left in the origin came back to it with the lap: `lifted` seeds were
            // lifted from an otherwise empty pit.
            if before[pit] == 0
                && !(no_landing_captures && at >= 6 && (after[at] == 2 || after[at] == 3))
            {
                let mut parent = before;
                parent[pit] = lifted;
                f(rank(&parent), pit, &parent);
            }
        }
    }
}

/// Builds level `n` from the exact levels below it; returns its entries and figures.
///
/// 1. **Moves**, once per board, by the rules core: the best end of the level among the board's
///    moves (captures read the lower levels) and which moves stay on the level.
/// 2. **Attractors**, for every threshold `t` from `2n` down to 1: the boards with `lo >= t`
///    (an end worth `t` or more, or a move to a board with `2n - hi >= t`) and those with
///    `2n - hi >= t` (every end leaves the mover at most `2n - t` and every move staying on the
///    level reaches a board with `lo >= t`), found by retrograde analysis: a board that joins
///    one set is taken back to its predecessors ([`predecessors`]), a counter per board holds
///    how many of its moves staying on the level are still outside. Each board joins each set
///    once: the work is one pass over the moves of the level plus a scan per threshold.
///    Chunks of boards are seeded in parallel; every board joins through one atomic update,
///    so the sets do not depend on the order.
///
/// The bounds are the same least fixpoints as value iteration reaches (`lo(x) >= t` exactly
/// when the mover can force an end worth `t` or more), so the values are the same.
pub(crate) fn build_level(
    n: u32,
    rules: &OwareRules,
    lower: &[Vec<u8>],
    progress: &mut dyn FnMut(Progress),
) -> (Vec<u8>, LevelStats) {
    let size = positions(n);
    let len = size as usize;
    let started = Instant::now();
    let two_n = 2 * n;
    let skip = rules.skip_origin == SkipOrigin::Always;
    let landing = rules.grand_slam == GrandSlam::NoStarving;
    let state: Vec<AtomicU32> = (0..len).map(|_| AtomicU32::new(0)).collect();
    state.par_chunks(CHUNK).enumerate().for_each(|(c, chunk)| {
        let mut board = unrank(n, (c * CHUNK) as u64).expect("an index of the level");
        let mut out = [(0, Step::End(0)); 6];
        for (k, cell) in chunk.iter().enumerate() {
            if k > 0 {
                next_board(&mut board);
            }
            let played = steps(board, n, rules, lower, &mut out);
            let (mut moves, mut count, mut best) = (0u32, 0u32, None::<u32>);
            for &(pit, step) in &out[..played] {
                match step {
                    Step::End(v) => best = Some(best.map_or(v, |b| b.max(v))),
                    Step::Same(_) => {
                        moves |= 1 << pit;
                        count += 1;
                    }
                }
            }
            let exit = best.map_or(0, |v| HAS_EXIT | v << EXIT);
            cell.store(exit | moves << MOVES | count << COUNT, Ordering::Relaxed);
        }
    });
    progress(Progress {
        seeds: n,
        phase: Phase::Moves,
        done: size,
        total: size,
    });
    let moves_time = started.elapsed();
    let started = Instant::now();
    for t in (1..=two_n).rev() {
        state.par_chunks(CHUNK).enumerate().for_each_init(
            Scratch::default,
            |scratch, (c, chunk)| {
                let Scratch {
                    stack,
                    found,
                    words,
                } = scratch;
                for (k, cell) in chunk.iter().enumerate() {
                    // Work items: a board's index, shifted, and 1 for `2n - hi`, 0 for `lo`,
                    // with the board.
                    let x = ((c * CHUNK + k) as u32) << 1;
                    let w = cell.load(Ordering::Relaxed);
                    let lo = field(w, LO) == 0
                        && w & HAS_EXIT != 0
                        && field(w, EXIT) >= t
                        && reach(cell, LO, t);
                    let dual = field(w, DUAL) == 0
                        && w >> COUNT & COUNT_MASK == 0
                        && ends_allow(w, two_n, t)
                        && reach(cell, DUAL, t);
                    if lo || dual {
                        let board = unrank(n, u64::from(x >> 1)).expect("an index of the level");
                        if lo {
                            stack.push((x, board));
                        }
                        if dual {
                            stack.push((x | 1, board));
                        }
                    }
                    while !stack.is_empty() {
                        // Up to `BATCH` items at once: their predecessors first, then the
                        // predecessors' words, read together (the reads miss the cache and
                        // overlap), then the updates.
                        found.clear();
                        for _ in 0..BATCH {
                            let Some((item, board)) = stack.pop() else {
                                break;
                            };
                            let dual = item & 1 == 1;
                            predecessors(&board, skip, landing, |parent, pit, before| {
                                found.push((parent as u32, pit, dual, *before));
                            });
                        }
                        words.clear();
                        words.extend(
                            found
                                .iter()
                                .map(|f| state[f.0 as usize].load(Ordering::Relaxed)),
                        );
                        for (&w, &(p, pit, dual, before)) in words.iter().zip(found.iter()) {
                            if w >> MOVES & 1 << pit == 0 {
                                continue;
                            }
                            let cell = &state[p as usize];
                            if !dual {
                                // One more move of the parent reaches `lo >= t`.
                                let old = cell.fetch_sub(1 << COUNT, Ordering::Relaxed);
                                if old >> COUNT & COUNT_MASK == 1
                                    && ends_allow(old, two_n, t)
                                    && reach(cell, DUAL, t)
                                {
                                    stack.push((p << 1 | 1, before));
                                }
                            } else if field(w, LO) == 0 && reach(cell, LO, t) {
                                stack.push((p << 1, before));
                            }
                        }
                    }
                }
            },
        );
        progress(Progress {
            seeds: n,
            phase: Phase::Sweeps,
            done: u64::from(two_n + 1 - t),
            total: size,
        });
    }
    let mut histogram = vec![0u64; two_n as usize + 1];
    let mut met = 0;
    let entries: Vec<u8> = state
        .iter()
        .map(|cell| {
            let w = cell.load(Ordering::Relaxed);
            let (lo, hi) = (field(w, LO), two_n - field(w, DUAL));
            met += u64::from(lo == hi);
            let value = n.clamp(lo, hi);
            histogram[value as usize] += 1;
            entry::pack(value, true, false)
        })
        .collect();
    let st = LevelStats {
        seeds: n,
        positions: size,
        exact_any: 0,
        exact_empty: size,
        sweeps: two_n,
        moves_time,
        sweep_time: started.elapsed(),
        bounds_met: met,
        histogram,
        ..LevelStats::default()
    };
    (entries, st)
}

/// A level already in `dir` from an earlier build of the same rules, fully checked; its figures
/// say 0 sweeps and the time spent reading it.
fn resume(dir: &Path, preset: &str, fingerprint: u64, n: u32) -> Option<(Vec<u8>, LevelStats)> {
    let started = Instant::now();
    let (h, entries) = file::read(&file::path_in(dir, preset, n)).ok()?;
    if h.fingerprint != fingerprint || !h.half_seeds || h.seeds != n {
        return None;
    }
    let mut histogram = vec![0u64; 2 * n as usize + 1];
    for &e in &entries {
        histogram[usize::from(entry::value(e))] += 1;
    }
    let st = LevelStats {
        seeds: n,
        positions: entries.len() as u64,
        exact_any: 0,
        exact_empty: entries.len() as u64,
        sweeps: 0,
        moves_time: Duration::ZERO,
        sweep_time: started.elapsed(),
        bounds_met: 0,
        histogram,
        ..LevelStats::default()
    };
    Some((entries, st))
}

/// Builds every level from 0 to `max_seeds` for `table_rules` (which must share cycles,
/// [`rules::exact_cycles`]), writing each level into `dir` as soon as it is built when a
/// directory is given; levels already there (an interrupted build of the same rules) are read
/// instead of built again. `progress` is called after every sweep.
pub(crate) fn build_all(
    preset: &str,
    table_rules: &OwareRules,
    max_seeds: u32,
    dir: Option<&Path>,
    progress: &mut dyn FnMut(Progress),
    done: &mut dyn FnMut(&LevelStats),
) -> Result<(Tablebase, Vec<LevelStats>), TablebaseError> {
    let play_rules = rules::unbounded(table_rules);
    let fingerprint = rules::fingerprint(table_rules);
    if let Some(d) = dir {
        std::fs::create_dir_all(d).map_err(|source| TablebaseError::Io {
            path: d.to_path_buf(),
            source,
        })?;
    }
    let mut levels: Vec<Vec<u8>> = Vec::new();
    let mut stats = Vec::new();
    for n in 0..=max_seeds {
        if let Some((entries, st)) = dir.and_then(|d| resume(d, preset, fingerprint, n)) {
            done(&st);
            levels.push(entries);
            stats.push(st);
            continue;
        }
        let (entries, st) = build_level(n, &play_rules, &levels, progress);
        if let Some(d) = dir {
            file::write(
                &file::path_in(d, preset, n),
                preset,
                fingerprint,
                n,
                true,
                &entries,
            )?;
        }
        done(&st);
        levels.push(entries);
        stats.push(st);
    }
    Ok((
        Tablebase::from_levels(preset, fingerprint, true, levels),
        stats,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The earlier algorithm: value iteration of both bounds over every move, stored once,
    /// until no bound changes.
    fn by_value_iteration(n: u32, rules: &OwareRules, lower: &[Vec<u8>]) -> Vec<u8> {
        let len = positions(n) as usize;
        let two_n = 2 * n;
        let mut moves = Vec::with_capacity(len);
        let mut out = [(0, Step::End(0)); 6];
        let mut board = unrank(n, 0).unwrap();
        for x in 0..len {
            if x > 0 {
                next_board(&mut board);
            }
            let k = steps(board, n, rules, lower, &mut out);
            moves.push(out[..k].iter().map(|&(_, s)| s).collect::<Vec<_>>());
        }
        let (mut lo, mut hi) = (vec![0; len], vec![two_n; len]);
        let mut changed = true;
        while changed {
            changed = false;
            for x in 0..len {
                let (mut l, mut h) = (0, 0);
                for step in &moves[x] {
                    let (a, b) = match *step {
                        Step::End(v) => (v, v),
                        Step::Same(c) => (two_n - hi[c as usize], two_n - lo[c as usize]),
                    };
                    l = l.max(a);
                    h = h.max(b);
                }
                if (l, h) != (lo[x], hi[x]) {
                    (lo[x], hi[x]) = (l, h);
                    changed = true;
                }
            }
        }
        (0..len)
            .map(|x| entry::pack(n.clamp(lo[x], hi[x]), true, false))
            .collect()
    }

    #[test]
    fn retrograde_levels_are_byte_identical_to_value_iteration() {
        let rules = rules::unbounded(&OwareRules::awari());
        let mut lower = Vec::new();
        for n in 0..=10 {
            let (entries, st) = build_level(n, &rules, &lower, &mut |_| {});
            let want = by_value_iteration(n, &rules, &lower);
            assert!(entries == want, "{n} seeds: the entries differ");
            assert_eq!(st.histogram.iter().sum::<u64>(), positions(n));
            lower.push(entries);
        }
    }

    /// Every sowing of every board of a level, against the predecessors of its child.
    fn check_predecessors(n: u32, skip: bool) {
        let len = positions(n) as usize;
        let mut want = Vec::new();
        let mut board = unrank(n, 0).unwrap();
        for x in 0..len {
            if x > 0 {
                next_board(&mut board);
            }
            for pit in (0..6).filter(|&p| board[p] > 0) {
                let mut sown = board;
                sow_lap(&mut sown, pit, skip);
                want.push((rank(&normalise(&sown, Side::North)), x as u64, pit));
            }
        }
        want.sort_unstable();
        let mut got = Vec::new();
        for y in 0..positions(n) {
            let child = unrank(n, y).unwrap();
            let from = got.len();
            predecessors(&child, skip, false, |x, pit, parent| {
                assert_eq!(Some(*parent), unrank(n, x));
                got.push((y, x, pit));
            });
            // Leaving out the laps that end on 2 or 3 in the opponent's row.
            let mut kept = 0;
            predecessors(&child, skip, true, |x, pit, _| {
                let mut sown = unrank(n, x).unwrap();
                let last = sow_lap(&mut sown, pit, skip);
                assert!(!(last >= 6 && (sown[last] == 2 || sown[last] == 3)));
                kept += 1;
            });
            let all = got.len() - from;
            let landing = got[from..]
                .iter()
                .filter(|&&(_, x, pit)| {
                    let mut sown = unrank(n, x).unwrap();
                    let last = sow_lap(&mut sown, pit, skip);
                    last >= 6 && (sown[last] == 2 || sown[last] == 3)
                })
                .count();
            assert_eq!(kept, all - landing);
        }
        got.sort_unstable();
        assert!(got == want, "{n} seeds, skip {skip}");
    }

    #[test]
    fn predecessors_undo_every_sowing() {
        for n in 0..=6 {
            check_predecessors(n, true);
            check_predecessors(n, false);
        }
        // Laps of 11 seeds and more, which reach the origin (skipped or sown).
        for skip in [true, false] {
            for (pit, seeds) in [(0, 11), (2, 12), (5, 13), (3, 23), (1, 24), (4, 30)] {
                let mut board = [1u8; PITS];
                board[pit] = seeds;
                let mut sown = board;
                sow_lap(&mut sown, pit, skip);
                let mut found = 0;
                predecessors(&normalise(&sown, Side::North), skip, false, |x, p, _| {
                    let n = board.iter().map(|&s| u32::from(s)).sum();
                    if p == pit && unrank(n, x) == Some(board) {
                        found += 1;
                    }
                });
                assert_eq!(found, 1, "pit {pit}, {seeds} seeds, skip {skip}");
            }
        }
    }
}
