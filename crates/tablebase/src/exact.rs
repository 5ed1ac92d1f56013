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
//! Within a level, non-capturing moves form a graph with cycles. Two bounds are computed by
//! value iteration, as in [`crate::build`]: `lo`, the value when endless play gives the mover
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
//! # Memory
//!
//! Levels of up to 85 M boards (20 seeds) keep their moves as six 32-bit slots per board, played
//! once (2 GB at 20 seeds). Above, moves are played again in every sweep instead of being stored (the slots would
//! take 10 GB at 24 seeds): the level being built takes two bytes per board (both bounds), each
//! level below one byte. Boards whose bounds have met are final and skipped. At 24 seeds: 834 MB
//! for the level and 834 MB for the 24 levels below.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU16, Ordering};
use std::time::{Duration, Instant};

use mancala_core::oware::{Oware, OwareRules};
use mancala_core::sow::PITS;
use mancala_core::{MoveList, Position, Side};
use rayon::prelude::*;

use crate::build::{normalise, LevelStats, Phase, Progress};
use crate::index::{next_board, positions, rank, unrank};
use crate::{entry, file, rules, Tablebase, TablebaseError};

/// Boards per parallel chunk of a sweep.
const CHUNK: usize = 1 << 14;

/// Levels of at most this many boards keep their moves in memory (24 bytes a board: 2 GB at
/// 20 seeds, the largest level that stays below it).
const SLOT_BOARDS: usize = 85_000_000;
/// An empty move slot.
const NO_SLOT: u32 = u32::MAX;
/// A slot holding an end of the level (its value in the low bits).
const END_SLOT: u32 = 1 << 31;

/// A move's worth for the board's mover, in half-seeds: an end of the level, or the index of a
/// child on the same level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    End(u32),
    Same(u32),
}

/// The steps of `board` (South to move, `n` seeds) into `out`; returns how many. `lower[m]`
/// holds the exact values (half-seeds) of level `m`.
fn steps(
    board: [u8; PITS],
    n: u32,
    rules: &OwareRules,
    lower: &[Vec<u8>],
    out: &mut [Step; 6],
) -> usize {
    let rest = rules.total_seeds() - n;
    let stores = [rest / 2, rest - rest / 2];
    let pos = Oware::from_parts(board, stores, Side::South, false, *rules)
        .expect("a board of at most 24 seeds fits the builder's 240-seed rules");
    if pos.is_over() {
        out[0] = Step::End(2 * (pos.stores()[0] - stores[0]));
        return 1;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut k = 0;
    for &mv in moves.iter() {
        let mut child = pos;
        let effect = child.play_unchecked(mv);
        // Settling is needed only when a row is empty: with seeds on both rows these rules
        // always leave a legal move (`rules::check` refuses the ones that might not).
        let b = child.board();
        if !child.is_over() && (b[..6].iter().all(|&p| p == 0) || b[6..].iter().all(|&p| p == 0)) {
            child.settle();
        }
        out[k] = if child.is_over() {
            Step::End(2 * (child.stores()[0] - stores[0]))
        } else {
            // The turn always passes under these rules: the child is North's to move.
            let side = child.to_move().expect("a game that is not over");
            let r = rank(&normalise(child.board(), side));
            if effect.captured == 0 {
                Step::Same(r as u32)
            } else {
                let m = n - effect.captured;
                let v = u32::from(entry::value(lower[m as usize][r as usize]));
                Step::End(2 * n - v)
            }
        };
        k += 1;
    }
    k
}

/// Builds level `n` from the exact levels below it; returns its entries and figures.
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
    let state: Vec<AtomicU16> = (0..len)
        .map(|_| AtomicU16::new((two_n as u16) << 8))
        .collect();
    // Small levels keep their moves: six slots per board, played once.
    let slots: Option<Vec<u32>> = (len <= SLOT_BOARDS).then(|| {
        let mut slots = vec![NO_SLOT; len * 6];
        slots
            .par_chunks_mut(CHUNK * 6)
            .enumerate()
            .for_each(|(c, chunk)| {
                let mut board = unrank(n, (c * CHUNK) as u64).expect("an index of the level");
                let mut out = [Step::End(0); 6];
                for (k, six) in chunk.chunks_mut(6).enumerate() {
                    if k > 0 {
                        next_board(&mut board);
                    }
                    let played = steps(board, n, rules, lower, &mut out);
                    for (slot, step) in six.iter_mut().zip(&out[..played]) {
                        *slot = match *step {
                            Step::End(v) => END_SLOT | v,
                            Step::Same(x) => x,
                        };
                    }
                }
            });
        slots
    });
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let changed = AtomicBool::new(false);
        state.par_chunks(CHUNK).enumerate().for_each(|(c, chunk)| {
            let mut any = false;
            let mut board = unrank(n, (c * CHUNK) as u64).expect("an index of the level");
            let mut out = [Step::End(0); 6];
            for (k, cell) in chunk.iter().enumerate() {
                if k > 0 {
                    next_board(&mut board);
                }
                let cur = cell.load(Ordering::Relaxed);
                if cur & 0xff == cur >> 8 {
                    continue;
                }
                let count = match &slots {
                    Some(slots) => {
                        let x = c * CHUNK + k;
                        let mut count = 0;
                        for &slot in &slots[x * 6..x * 6 + 6] {
                            if slot == NO_SLOT {
                                break;
                            }
                            out[count] = if slot & END_SLOT != 0 {
                                Step::End(slot & !END_SLOT)
                            } else {
                                Step::Same(slot)
                            };
                            count += 1;
                        }
                        count
                    }
                    None => steps(board, n, rules, lower, &mut out),
                };
                let (mut l, mut h) = (0u32, 0u32);
                for s in &out[..count] {
                    match *s {
                        Step::End(v) => {
                            l = l.max(v);
                            h = h.max(v);
                        }
                        Step::Same(x) => {
                            let child = u32::from(state[x as usize].load(Ordering::Relaxed));
                            l = l.max(two_n - (child >> 8));
                            h = h.max(two_n - (child & 0xff));
                        }
                    }
                }
                let new = (l | h << 8) as u16;
                if new != cur {
                    cell.store(new, Ordering::Relaxed);
                    any = true;
                }
            }
            if any {
                changed.store(true, Ordering::Relaxed);
            }
        });
        progress(Progress {
            seeds: n,
            phase: Phase::Sweeps,
            done: u64::from(sweeps),
            total: size,
        });
        if !changed.load(Ordering::Relaxed) {
            break;
        }
    }
    let mut histogram = vec![0u64; two_n as usize + 1];
    let mut met = 0;
    let entries: Vec<u8> = state
        .iter()
        .map(|cell| {
            let v = cell.load(Ordering::Relaxed);
            let (lo, hi) = (u32::from(v & 0xff), u32::from(v >> 8));
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
        sweeps,
        moves_time: Duration::ZERO,
        sweep_time: started.elapsed(),
        bounds_met: met,
        histogram,
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
