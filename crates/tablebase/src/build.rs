//! The builder: every board of `n` seeds, level after level (`n = 0, 1, 2, ...`).
//!
//! # One level
//!
//! 1. **Moves.** Every board of the level (the side to move's row first) is set up as a real
//!    position of the rules core, with the score threshold switched off, and every legal move is
//!    played by the core itself ([`Position::play_unchecked`], then [`Position::settle`]). A move
//!    either ends the game (its value is the mover's share of the seeds handed out), captures
//!    (the child is on a lower level, already solved) or stays on this level (an index into the
//!    level). Up to six 32-bit slots per board hold this.
//! 2. **Bounds.** Within the level the non-capturing moves form a graph with cycles. Two values
//!    are computed by value iteration to their fixpoint: `lo`, what the mover can force by
//!    reaching an end of the level (a capture or the end of the game) when endless play would
//!    give him nothing, and `hi`, what he gets when endless play would give him everything (so
//!    the opponent must force an end). They are the least fixpoint of
//!    `lo(x) = max over moves (n - hi(child))`, `hi(x) = max over moves (n - lo(child))`
//!    from `lo = 0`, `hi = n` (a capture's or an end's bounds come from the lower level or the
//!    end itself). Sweeps update in place, in parallel chunks, until nothing changes (every
//!    update is monotone, so the order of the updates does not change the fixpoint).
//!    From an empty repetition history (just after a capture, or at the start of a search)
//!    `lo <= true value <= hi`: the strategies that force an end visit positions of strictly
//!    decreasing attractor rank, so they never repeat a position.
//!
//!    Before them, **history-free bounds** `g <= true value <= d`, valid whatever the history:
//!    a move that stays on the level either repeats a position, and the game ends with each
//!    player taking his own row *of the position the move makes* (what the mover gets then,
//!    `rep`, is a fact about the move, not about the history), or play goes on. So `g` and `d`
//!    are the greatest fixpoint of
//!    `g(x) = max over moves of min(rep, n - d(child))` and
//!    `d(x) = max over moves of max(rep, n - g(child))`
//!    (an end of the level counts its own bounds), from `g = n`, `d = 0`. Soundness: the
//!    mover playing a move that attains `g(x)` gets at least `g(x)` from any history, by
//!    induction on the plies left in the game (every game ends): the move ends the level (its
//!    bound holds), or repeats (he gets `rep >= g(x)`), or goes on at a child where the
//!    opponent gets at most `d(child) <= n - g(x)` whatever the history, one ply longer;
//!    the same for `d`. The engine's prover makes the same argument per component and
//!    null-window test (`mancala_engine::prove`, "Inside a component"). The bounds of the
//!    previous paragraph then start from `lo = g`, `hi = d` instead of nothing and everything
//!    (a forcing strategy that reaches a board where `g` holds needs nothing more), and keep
//!    within them.
//!
//!    With [`BuildOptions::first_cycle`], **first-cycle rounds** then tighten `lo`/`hi`: the
//!    engine's prover settles positions of a component per threshold by a co-Büchi game (its
//!    module docs, "The first-cycle argument"), and the rounds are the same computation for
//!    every threshold at once. A round takes the greatest fixpoint of
//!    `y(x) = max over moves of max(n - hi(child), min(rep, n - e(child)))` and
//!    `e(x) = max over moves of min(n - lo(child), max(rep, n - y(child)))` (an end counting its
//!    own bounds): the mover keeps play where every move he lets happen either reaches a board
//!    already won (`lo`/`hi`) or repeats well, so only a cycle of the play itself can end the
//!    game, and then at a position that repeats well for him. Then `lo = max(lo, y)`,
//!    `hi = min(hi, e)` and the bounds' least fixpoint again, until a round tightens nothing.
//!    What a round proves for a threshold holds from an empty history and after any history
//!    whose positions repeat well for the side that gets it (the prover's argument); `lo`/`hi`
//!    before the rounds hold so too (a forcing line that meets a position of such a history
//!    ends by repeating it, well for the forcing side).
//! 3. **Refinement** (with [`build_graded`] and a [`Refine`]): the boards whose bounds still
//!    differ are valued one by one from an empty history by whatever the refiner proves with
//!    the tables of the levels below (the engine's prover with the real repetition rule, crate
//!    `mancala-engine`, module `refine`): their value, or at least tighter bounds. What is found
//!    this way holds from an empty history; it is *not* fed back into this level's fixpoints (a
//!    board of the same component reaching it by a quiet move has that board in its history,
//!    where it need not hold), but the levels above read it: a capture empties the history.
//! 4. **Flags and values.** A board whose bounds meet is *exact from an empty history*. A board
//!    from which no cycle of the level can be reached, and whose captures all lead to boards of
//!    the same kind, or whose history-free bounds meet, is *exact from any history*.
//!    Every other board is valued by the cycle convention: each player takes his own row (the
//!    repetition rule's ending) clamped to what the players can force, `clamp(own row, lo, hi)`,
//!    then [`BuildOptions::smoothing`] sweeps of plain minimax over these values (captures read
//!    the lower level's values), which keep every value within its bounds.
//!
//! Value iteration instead of predecessor-counting retrograde analysis: Oware has no cheap
//! move generator running backwards (un-sowing and un-capturing), and the forward successor
//! slots, computed once per level by the rules core itself, make a sweep a pass over memory. The
//! docs (docs/tablebase.md) give the sweep counts and times measured per level.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Instant;

use mancala_core::oware::OwareRules;
use mancala_core::Position;
use rayon::prelude::*;

use crate::index::{positions, rank, unrank};
use crate::level::{for_each_child, normalise, setup};
pub use crate::level::{LevelStats, Phase, Progress};
use crate::slot::{exit, EXIT, NONE, REP_UNKNOWN};
use crate::{checkpoint, entry, rules, slot, Tablebase, TablebaseError};

/// The most seeds the builder handles: level indices stay below 2^31 (`C(35, 11)` is 417 M).
pub const MAX_BUILD_SEEDS: u32 = 24;

/// Boards per parallel chunk of a sweep.
const SWEEP_CHUNK: usize = 1 << 14;

/// Tunables of the builder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildOptions {
    /// Minimax sweeps over the convention values of the boards whose bounds do not meet (crate
    /// docs, "Cycles"); 0 keeps `clamp(own row, lo, hi)`.
    pub smoothing: u32,
    /// Leave out the history-free bounds (step 2 of the module docs): `lo` and `hi` start from
    /// nothing and everything, and only boards that reach no cycle are exact from any history
    /// (the tables of earlier versions; for measurements and tests).
    pub plain_bounds: bool,
    /// Tighten the bounds by the first-cycle rounds (step 2 of the module docs). Off by default:
    /// measured, they make few more boards exact (docs/tablebase.md, "Beyond the bounds"), and
    /// the distributed builder, whose tables must equal these, does not run them. Ignored with
    /// `plain_bounds`.
    pub first_cycle: bool,
}

/// Step 3 of the module docs: given a level's seed count `n`, the tables of the levels below
/// (the same preset, levels `0..n`), the boards of the level whose bounds did not meet (index,
/// South to move, and bounds `lo`, `hi`) and a progress report (called now and then with the
/// boards done and the boards in hand), returns per board its bounds from an empty history
/// after what the refiner proved: within the given ones, equal where it found the value; or
/// `None` when it does not refine this level. The engine's prover is one
/// (`mancala_engine::prove::refiner`).
pub type Refine<'a> = dyn FnMut(u32, &Tablebase, &[(u64, u8, u8)], &mut dyn FnMut(u64, u64)) -> Option<Vec<(u8, u8)>>
    + 'a;

/// A solved lower level's bounds, as the builder needs them (its entries are in the table).
struct Bounds {
    lo: Vec<u8>,
    hi: Vec<u8>,
}

/// Builds the tables of every seed count from 0 to `max_seeds` for `preset` (an Oware-family
/// preset a table can represent, see [`rules`]). `progress` is called now and then.
pub fn build(
    preset: &str,
    max_seeds: u32,
    options: &BuildOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Tablebase, Vec<LevelStats>), TablebaseError> {
    let (variant, table_rules) = rules::preset_rules(preset)?;
    build_rules(variant.name(), &table_rules, max_seeds, options, progress)
}

/// [`build`], writing the tables into `dir` (created if needed). Exact tables
/// ([`rules::exact_cycles`]) are written level by level as soon as each is built, so that a long
/// build keeps what it finished; `level_done` is called with each level's figures as it is
/// built (exact tables) or at the end (the others).
pub fn build_to_dir(
    preset: &str,
    max_seeds: u32,
    options: &BuildOptions,
    dir: &std::path::Path,
    progress: &mut dyn FnMut(Progress),
    level_done: &mut dyn FnMut(&LevelStats),
) -> Result<(Tablebase, Vec<LevelStats>), TablebaseError> {
    let (variant, table_rules) = rules::preset_rules(preset)?;
    if max_seeds > MAX_BUILD_SEEDS {
        return Err(TablebaseError::TooManySeeds {
            seeds: max_seeds,
            max: MAX_BUILD_SEEDS,
        });
    }
    if rules::exact_cycles(&table_rules) {
        return crate::exact::build_all(
            variant.name(),
            &table_rules,
            max_seeds,
            Some(dir),
            progress,
            level_done,
        );
    }
    let (table, stats) = build_rules(variant.name(), &table_rules, max_seeds, options, progress)?;
    table.write_dir(dir)?;
    for st in &stats {
        level_done(st);
    }
    Ok((table, stats))
}

/// [`build`] for explicit rules (which [`rules::check`] must accept), recorded under the name
/// `preset`.
pub fn build_rules(
    preset: &str,
    table_rules: &OwareRules,
    max_seeds: u32,
    options: &BuildOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Tablebase, Vec<LevelStats>), TablebaseError> {
    rules::check(table_rules)?;
    if max_seeds > MAX_BUILD_SEEDS {
        return Err(TablebaseError::TooManySeeds {
            seeds: max_seeds,
            max: MAX_BUILD_SEEDS,
        });
    }
    if rules::exact_cycles(table_rules) {
        return crate::exact::build_all(
            preset,
            table_rules,
            max_seeds,
            None,
            progress,
            &mut |_| {},
        );
    }
    build_graded(
        preset,
        table_rules,
        max_seeds,
        options,
        GradedRun::default(),
        progress,
        &mut |_| {},
    )
}

/// How a graded build runs beyond its levels' fixpoints: step 3, and where the levels go.
#[derive(Default)]
pub struct GradedRun<'r, 'a> {
    /// Step 3 of the module docs: the refiner, given each level's boards whose bounds did not
    /// meet.
    pub refine: Option<&'r mut Refine<'a>>,
    /// Write each level into this directory as soon as it ends: its table file and its
    /// checkpoint ([`crate::checkpoint`]: the bounds, which a later build with
    /// [`GradedRun::from_seeds`] reads). The checkpoints stay after the build.
    pub dir: Option<&'r std::path::Path>,
    /// Read the levels below this seed count from [`GradedRun::dir`] (their table files and
    /// checkpoints, as a build with a directory wrote them) instead of building them; 0 builds
    /// every level. A level that cannot be read is an error ([`TablebaseError::Resume`]).
    pub from_seeds: u32,
}

/// [`build_rules`] for graded tables (rules whose cycles are valued by the convention), with
/// step 3 of the module docs when `run` has a refiner, writing each level as it ends and
/// reading the lower levels of an earlier build when `run` says so; `level_done` is called as
/// each level ends (for a level read, with its counts and histogram, 0 sweeps and the time
/// reading it took).
pub fn build_graded(
    preset: &str,
    table_rules: &OwareRules,
    max_seeds: u32,
    options: &BuildOptions,
    run: GradedRun<'_, '_>,
    progress: &mut dyn FnMut(Progress),
    level_done: &mut dyn FnMut(&LevelStats),
) -> Result<(Tablebase, Vec<LevelStats>), TablebaseError> {
    rules::check(table_rules)?;
    if max_seeds > MAX_BUILD_SEEDS || rules::exact_cycles(table_rules) {
        return build_rules(preset, table_rules, max_seeds, options, progress);
    }
    let GradedRun {
        mut refine,
        dir,
        from_seeds,
    } = run;
    let play_rules = rules::unbounded(table_rules);
    let fingerprint = rules::fingerprint(table_rules);
    // The lower levels' bounds, and their entries in a table that grows by a level as each
    // ends (the refiner probes it).
    let mut solved: Vec<Bounds> = Vec::new();
    let mut table = Tablebase::from_levels(preset, fingerprint, false, Vec::new());
    let mut stats = Vec::new();
    // Whether the bounds written are beyond the plain builder's (a level built on refined
    // levels is too).
    let mut refined = refine.is_some() || options.first_cycle;
    for n in 0..=max_seeds {
        let (bounds, entries, st) = if n < from_seeds {
            let Some(dir) = dir else {
                return Err(TablebaseError::Resume {
                    dir: std::path::PathBuf::new(),
                    seeds: n,
                    from: from_seeds,
                    reason: "no directory to read it from".into(),
                });
            };
            let (bounds, entries, st, level_refined) =
                read_level(dir, preset, fingerprint, n, from_seeds)?;
            refined |= level_refined;
            (bounds, entries, st)
        } else {
            let (bounds, entries, st) = build_level(
                n,
                &play_rules,
                &solved,
                &table,
                options,
                refine.as_deref_mut(),
                progress,
            );
            if let Some(dir) = dir {
                write_level(dir, preset, fingerprint, n, &bounds, &entries, refined)?;
            }
            (bounds, entries, st)
        };
        level_done(&st);
        solved.push(bounds);
        table.levels.push(entries);
        stats.push(st);
    }
    Ok((table, stats))
}

/// Writes level `n`'s table file, then its checkpoint, into `dir` (created if needed).
fn write_level(
    dir: &std::path::Path,
    preset: &str,
    fingerprint: u64,
    n: u32,
    bounds: &Bounds,
    entries: &[u8],
    refined: bool,
) -> Result<(), TablebaseError> {
    std::fs::create_dir_all(dir).map_err(|source| TablebaseError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let path = crate::file::path_in(dir, preset, n);
    crate::file::write(&path, preset, fingerprint, n, false, entries)?;
    let level = checkpoint::Level {
        preset,
        fingerprint,
        seeds: n,
        table_checksum: crate::file::read_header(&path)?.checksum,
    };
    checkpoint::write(
        &checkpoint::path_in(dir, preset, n),
        level,
        &bounds.lo,
        &bounds.hi,
        refined,
    )
}

/// Reads level `n` of an earlier graded build from `dir` (its table file and checkpoint, both
/// checked): its bounds, entries, figures and whether its bounds are refined; `from` is the
/// first level the build makes (for the error).
fn read_level(
    dir: &std::path::Path,
    preset: &str,
    fingerprint: u64,
    n: u32,
    from: u32,
) -> Result<(Bounds, Vec<u8>, LevelStats, bool), TablebaseError> {
    let started = Instant::now();
    let fail = |reason: String| TablebaseError::Resume {
        dir: dir.to_path_buf(),
        seeds: n,
        from,
        reason,
    };
    // The error and its causes ("i/o error: No such file or directory").
    let why = |e: TablebaseError| {
        let mut text = e.to_string();
        let mut cause = std::error::Error::source(&e);
        while let Some(c) = cause {
            text = format!("{text}: {c}");
            cause = c.source();
        }
        fail(text)
    };
    let checkpoint::Pair {
        entries,
        checkpoint: cp,
    } = match checkpoint::read_pair(dir, preset, fingerprint, n).map_err(why)? {
        Ok(pair) => pair,
        Err(checkpoint::Missing::Table(e)) => return Err(why(e)),
        Err(checkpoint::Missing::Other(what)) => return Err(fail(what)),
        Err(checkpoint::Missing::Checkpoint(path)) => {
            return Err(fail(format!(
                "{} is missing (a build with --refine-seeds writes one beside each level)",
                path.display()
            )))
        }
    };
    // The entries must agree with the bounds: exact entries where they meet.
    if let Some(x) =
        (0..entries.len()).find(|&x| (cp.lo[x] == cp.hi[x]) != entry::exact_empty(entries[x]))
    {
        return Err(fail(format!(
            "board {x}: the table's grade and the checkpoint's bounds {} to {} disagree",
            cp.lo[x], cp.hi[x]
        )));
    }
    let mut st = LevelStats {
        seeds: n,
        positions: entries.len() as u64,
        histogram: vec![0; n as usize + 1],
        ..LevelStats::default()
    };
    for &e in &entries {
        st.histogram[usize::from(entry::value(e))] += 1;
        st.exact_any += u64::from(entry::exact_any(e));
        st.exact_empty += u64::from(entry::exact_empty(e));
    }
    st.bounds_met = st.exact_empty;
    st.sweep_time = started.elapsed();
    Ok((
        Bounds {
            lo: cp.lo,
            hi: cp.hi,
        },
        entries,
        st,
        cp.refined,
    ))
}

/// A move of a board of the graded builder (tables with convention values), for the mover, in
/// whole seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GradedMove {
    /// The game ends: the mover gets this many seeds of the board (exact whatever the history).
    End(u32),
    /// A capture: the child, seen from its side to move, is board `index` of level `seeds`;
    /// the mover's bounds and value are `n` minus the child's (its grade "any history" carries
    /// over).
    Capture {
        /// Seeds left on the board.
        seeds: u32,
        /// The child's index in its level.
        index: u64,
    },
    /// No capture: the child is board `index` of the same level; `repeat` is what the mover
    /// gets if the move repeats a position (`None` when the rules would not end the game then).
    Same {
        /// The child's index in the level.
        index: u32,
        /// The mover's seeds if the move makes a repetition.
        repeat: Option<u32>,
    },
}

/// The moves of board `index` of level `n` (South to move) under the builder's play rules
/// ([`play_rules`]) into `out`, in move order; returns how many. A board whose game is over has
/// one move, its end.
pub fn graded_moves(index: u64, n: u32, rules: &OwareRules, out: &mut [GradedMove; 6]) -> usize {
    let board = unrank(n, index).expect("an index of the level");
    let (pos, store) = setup(board, n, rules);
    if pos.is_over() {
        // No legal move: the rules hand out the board at once.
        out[0] = GradedMove::End(pos.stores()[0] - store);
        return 1;
    }
    let mut k = 0;
    for_each_child(&pos, |_, mut child, captured| {
        let mut repeat = None;
        if captured == 0 && !child.is_over() {
            // The rules' ending if this move recreates a position seen before (the repetition
            // is judged before `settle`, as in `advance`).
            let mut repeated = child;
            if repeated.end_by_repetition() && repeated.is_over() {
                repeat = Some(repeated.stores()[0] - store);
            }
        }
        if !child.is_over() {
            child.settle();
        }
        out[k] = if child.is_over() {
            GradedMove::End(child.stores()[0] - store)
        } else {
            let seen = normalise(
                child.board(),
                child.to_move().expect("a game that is not over"),
            );
            let r = rank(&seen);
            if captured == 0 {
                GradedMove::Same {
                    index: r as u32,
                    repeat,
                }
            } else {
                GradedMove::Capture {
                    seeds: n - captured,
                    index: r,
                }
            }
        };
        k += 1;
    });
    k
}

/// The play rules of the builders for table rules `table_rules`: the score threshold switched
/// off, room in the stores for any seed count.
#[must_use]
pub fn play_rules(table_rules: &OwareRules) -> OwareRules {
    rules::unbounded(table_rules)
}

/// The entry byte of a table for `value` and its grade (crate docs, "Cycles").
#[must_use]
pub fn graded_entry(value: u32, exactness: crate::Exactness) -> u8 {
    use crate::Exactness::{AnyHistory, EmptyHistory};
    entry::pack(
        value,
        matches!(exactness, EmptyHistory | AnyHistory),
        exactness == AnyHistory,
    )
}

/// Fills the six slots of board `index` of level `n`, and for each move that stays on the level
/// what the mover gets if it repeats a position (`rep`, [`REP_UNKNOWN`] when the rules would
/// not end the game then).
fn slots(
    index: u64,
    n: u32,
    rules: &OwareRules,
    (lower, below): (&[Bounds], &Tablebase),
    out: &mut [u32],
    rep: &mut [u8],
) {
    out.fill(NONE);
    rep.fill(REP_UNKNOWN);
    let mut moves = [GradedMove::End(0); 6];
    let k = graded_moves(index, n, rules, &mut moves);
    for ((slot, rep), mv) in out.iter_mut().zip(rep.iter_mut()).zip(&moves[..k]) {
        *slot = match *mv {
            GradedMove::End(v) => exit(v, v, v, true),
            GradedMove::Same { index, repeat } => {
                if let Some(v) = repeat {
                    *rep = v as u8;
                }
                index
            }
            GradedMove::Capture { seeds, index } => {
                // The mover's share: what he captured plus what the opponent does not get of
                // the rest, i.e. n minus the child's value.
                let low = &lower[seeds as usize];
                let r = index as usize;
                let e = below.levels[seeds as usize][r];
                exit(
                    n - u32::from(low.hi[r]),
                    n - u32::from(low.lo[r]),
                    n - u32::from(entry::value(e)),
                    entry::exact_any(e),
                )
            }
        };
    }
}

/// Builds level `n` from the bounds of the levels below and their entries (`below`, which step
/// 3's refiner probes): its bounds, entries and figures.
fn build_level(
    n: u32,
    rules: &OwareRules,
    lower: &[Bounds],
    below: &Tablebase,
    options: &BuildOptions,
    refine: Option<&mut Refine<'_>>,
    progress: &mut dyn FnMut(Progress),
) -> (Bounds, Vec<u8>, LevelStats) {
    let size = positions(n);
    let len = size as usize;
    let started = Instant::now();
    // Moves, in parallel chunks.
    const CHUNK: usize = 1 << 14;
    let mut succ = vec![NONE; len * 6];
    let mut rep = vec![REP_UNKNOWN; len * 6];
    let mut done = 0u64;
    for (block, rep_block) in succ
        .chunks_mut(CHUNK * 6 * 64)
        .zip(rep.chunks_mut(CHUNK * 6 * 64))
    {
        let base = done;
        block
            .par_chunks_mut(CHUNK * 6)
            .zip(rep_block.par_chunks_mut(CHUNK * 6))
            .enumerate()
            .for_each(|(c, (chunk, rep_chunk))| {
                for (k, (out, rep_out)) in
                    chunk.chunks_mut(6).zip(rep_chunk.chunks_mut(6)).enumerate()
                {
                    let index = base + (c * CHUNK + k) as u64;
                    slots(index, n, rules, (lower, below), out, rep_out);
                }
            });
        done += (block.len() / 6) as u64;
        progress(Progress {
            seeds: n,
            phase: Phase::Moves,
            done,
            total: size,
        });
    }
    let moves_time = started.elapsed();
    let started = Instant::now();
    let (safe_lo, safe_hi, safety_sweeps) = if options.plain_bounds {
        (vec![0u8; len], vec![n as u8; len], 0)
    } else {
        history_free_bounds(n, &succ, &rep, &mut |sweeps| {
            progress(Progress {
                seeds: n,
                phase: Phase::Sweeps,
                done: u64::from(sweeps),
                total: size,
            });
        })
    };
    // Bounds and the "no repetition reachable" flag, by in-place sweeps to the fixpoint. Each
    // board's three values are packed in one atomic word (`lo | hi << 8 | dag << 16`), and the
    // boards are swept in parallel chunks: every update is monotone (`lo` and `dag` only grow,
    // `hi` only shrinks, whatever order the updates come in), so updates read in any order,
    // fresh or a sweep old, reach the same fixpoint as sequential sweeps, and a sweep in which
    // no board changes means it is reached. Relaxed atomics are plain loads and stores here;
    // the successor reads are cache misses, which two cores overlap.
    // They start from the history-free bounds (`lo = g`, `hi = d`) rather than from nothing
    // and everything: a strategy that forces its way into the set where a history-free bound
    // holds needs no more than that.
    let state: Vec<AtomicU32> = (0..len)
        .map(|x| AtomicU32::new(u32::from(safe_lo[x]) | u32::from(safe_hi[x]) << 8))
        .collect();
    let mut sweeps = safety_sweeps;
    loop {
        sweeps += 1;
        let changed = sweep_in_place(&state, |x| {
            let safe = (safe_lo[x], safe_hi[x]);
            slot::bounds(n, &succ[x * 6..x * 6 + 6], safe, |_, s| {
                state[s as usize].load(Ordering::Relaxed)
            })
        });
        progress(Progress {
            seeds: n,
            phase: Phase::Sweeps,
            done: u64::from(sweeps),
            total: size,
        });
        if !changed {
            break;
        }
    }
    let rounds = !options.plain_bounds && options.first_cycle;
    let mut sweep = |progress: &mut dyn FnMut(Progress)| {
        sweeps += 1;
        progress(Progress {
            seeds: n,
            phase: Phase::Sweeps,
            done: u64::from(sweeps),
            total: size,
        });
    };
    if rounds {
        tighten(n, &succ, &rep, &state, true, &mut |_| sweep(progress));
    }
    let refine_started = Instant::now();
    let mut refined = (0u64, 0u64);
    if let (Some(refine), false) = (refine, options.plain_bounds) {
        let open: Vec<(u64, u8, u8)> = state
            .iter()
            .enumerate()
            .filter_map(|(x, w)| {
                let w = w.load(Ordering::Relaxed);
                let (lo, hi) = ((w & 0xff) as u8, (w >> 8 & 0xff) as u8);
                (lo != hi).then_some((x as u64, lo, hi))
            })
            .collect();
        let found = if open.is_empty() {
            None
        } else {
            refine(n, below, &open, &mut |done, total| {
                progress(Progress {
                    seeds: n,
                    phase: Phase::Refine,
                    done,
                    total,
                })
            })
        };
        // Bounds from an empty history are not spread by the bounds' fixpoints to the boards of
        // their own component (a line from one of them may come back to the board with it in
        // its history); the levels above read them (a capture empties the history). Bounds that
        // are not within the old ones are ignored.
        if let Some(found) = found {
            refined.0 = open.len() as u64;
            for (&(x, lo, hi), (new_lo, new_hi)) in open.iter().zip(found) {
                if new_lo < lo || new_hi > hi || new_lo > new_hi {
                    continue;
                }
                let x = x as usize;
                let word = state[x].load(Ordering::Relaxed);
                state[x].store(
                    u32::from(new_lo) | u32::from(new_hi) << 8 | (word & !0xffff),
                    Ordering::Relaxed,
                );
                refined.1 += u64::from(new_lo == new_hi);
            }
        }
    }
    let refine_time = refine_started.elapsed();
    drop(rep);
    let (mut lo, mut hi, mut dag) = (vec![0u8; len], vec![0u8; len], vec![false; len]);
    for (x, cell) in state.iter().enumerate() {
        let v = cell.load(Ordering::Relaxed);
        lo[x] = (v & 0xff) as u8;
        hi[x] = (v >> 8 & 0xff) as u8;
        dag[x] = v >> 16 != 0;
    }
    drop(state);
    // Convention values for the boards whose bounds do not meet.
    // Exact whatever the history: no cycle reachable, or the history-free bounds meet.
    let any: Vec<bool> = (0..len)
        .map(|x| dag[x] || safe_lo[x] == safe_hi[x])
        .collect();
    drop((safe_lo, safe_hi));
    let mut value: Vec<u8> = (0..len)
        .map(|x| {
            if lo[x] == hi[x] {
                lo[x]
            } else {
                let board = unrank(n, x as u64).expect("an index of the level");
                let own: u32 = board[..6].iter().map(|&p| u32::from(p)).sum();
                own.clamp(u32::from(lo[x]), u32::from(hi[x])) as u8
            }
        })
        .collect();
    for _ in 0..options.smoothing {
        for x in 0..len {
            if lo[x] == hi[x] {
                continue;
            }
            let mut v = 0u32;
            for &c in &succ[x * 6..x * 6 + 6] {
                if c == NONE {
                    break;
                }
                v = v.max(if c & EXIT != 0 {
                    c & 0xff
                } else {
                    n - u32::from(value[c as usize])
                });
            }
            value[x] = v as u8;
        }
    }
    let mut exact_any = 0;
    let mut exact_empty = 0;
    let mut histogram = vec![0u64; n as usize + 1];
    let entries: Vec<u8> = (0..len)
        .map(|x| {
            let meet = lo[x] == hi[x];
            debug_assert!(
                meet || !any[x],
                "history-free bounds meet inside wider bounds"
            );
            histogram[usize::from(value[x])] += 1;
            exact_any += u64::from(any[x]);
            exact_empty += u64::from(meet);
            entry::pack(u32::from(value[x]), meet, any[x])
        })
        .collect();
    let st = LevelStats {
        seeds: n,
        positions: size,
        exact_any,
        exact_empty,
        sweeps,
        moves_time,
        sweep_time: started.elapsed(),
        bounds_met: exact_empty,
        histogram,
        refine_boards: refined.0,
        refined: refined.1,
        refine_time,
    };
    (Bounds { lo, hi }, entries, st)
}

/// One parallel in-place sweep: every board `x` gets `value(x)`, which may read any board's
/// current word. Returns whether any board changed.
fn sweep_in_place(state: &[AtomicU32], value: impl Fn(usize) -> u32 + Sync) -> bool {
    let changed = AtomicBool::new(false);
    state
        .par_chunks(SWEEP_CHUNK)
        .enumerate()
        .for_each(|(c, chunk)| {
            let mut any = false;
            for (k, cell) in chunk.iter().enumerate() {
                let new = value(c * SWEEP_CHUNK + k);
                if cell.load(Ordering::Relaxed) != new {
                    cell.store(new, Ordering::Relaxed);
                    any = true;
                }
            }
            if any {
                changed.store(true, Ordering::Relaxed);
            }
        });
    changed.load(Ordering::Relaxed)
}

/// The history-free bounds of every board of level `n` (module docs, step 2): the greatest
/// fixpoint of
/// `g(x) = max over moves of min(rep, n - d(child))` and `d(x) = max over moves of max(rep,
/// n - g(child))` over the moves that stay on the level (`rep`: what the mover gets if the move
/// repeats a position), an end of the level counting its own bounds, from `g = n`, `d = 0`
/// down and up by in-place sweeps. Returns `g`, `d` and the sweeps made; `sweep` is called
/// after each.
fn history_free_bounds(
    n: u32,
    succ: &[u32],
    rep: &[u8],
    sweep: &mut dyn FnMut(u32),
) -> (Vec<u8>, Vec<u8>, u32) {
    let len = succ.len() / 6;
    // `g | d << 8` per board; `g` only falls and `d` only rises (the children's do too), so
    // parallel in-place updates reach the same fixpoint as sequential sweeps.
    let state: Vec<AtomicU32> = (0..len).map(|_| AtomicU32::new(n)).collect();
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let changed = sweep_in_place(&state, |x| {
            let at = x * 6..x * 6 + 6;
            slot::history_free(n, &succ[at.clone()], &rep[at], |_, s| {
                state[s as usize].load(Ordering::Relaxed)
            })
        });
        sweep(sweeps);
        if !changed {
            break;
        }
    }
    let mut g = vec![0u8; len];
    let mut d = vec![0u8; len];
    for (x, cell) in state.iter().enumerate() {
        let v = cell.load(Ordering::Relaxed);
        g[x] = (v & 0xff) as u8;
        d[x] = (v >> 8 & 0xff) as u8;
    }
    (g, d, sweeps)
}

/// Tightens the bounds `state` (`lo | hi << 8 | flag << 16` per board) in place: the least
/// fixpoint of [`slot::bounds`] from the bounds as they are, then, with `rounds`, the
/// first-cycle rounds (module docs, step 2): per round the greatest fixpoint `y`/`e` of
/// [`slot::first_cycle`] given the bounds, and the bounds' least fixpoint again from
/// `lo = max(lo, y)`, `hi = min(hi, e)`, until a round tightens nothing. `sweep` is called after
/// each sweep.
fn tighten(
    n: u32,
    succ: &[u32],
    rep: &[u8],
    state: &[AtomicU32],
    rounds: bool,
    sweep: &mut dyn FnMut(u32),
) {
    let len = state.len();
    let mut floor_lo: Vec<u8> = state
        .iter()
        .map(|w| (w.load(Ordering::Relaxed) & 0xff) as u8)
        .collect();
    let mut floor_hi: Vec<u8> = state
        .iter()
        .map(|w| (w.load(Ordering::Relaxed) >> 8 & 0xff) as u8)
        .collect();
    let mut words: Vec<AtomicU32> = Vec::new();
    let mut sweeps = 0;
    loop {
        // The bounds' least fixpoint from the floors (every update only tightens them).
        loop {
            sweeps += 1;
            let changed = sweep_in_place(state, |x| {
                slot::bounds(
                    n,
                    &succ[x * 6..x * 6 + 6],
                    (floor_lo[x], floor_hi[x]),
                    |_, s| state[s as usize].load(Ordering::Relaxed),
                )
            });
            sweep(sweeps);
            if !changed {
                break;
            }
        }
        if !rounds {
            return;
        }
        // `y` only falls and `e` only rises (the bounds stay fixed meanwhile), so parallel
        // in-place updates reach the greatest fixpoint, as for the history-free bounds.
        if words.is_empty() {
            words = (0..len).map(|_| AtomicU32::new(n)).collect();
        } else {
            for w in &words {
                w.store(n, Ordering::Relaxed);
            }
        }
        loop {
            sweeps += 1;
            let changed = sweep_in_place(&words, |x| {
                let at = x * 6..x * 6 + 6;
                slot::first_cycle(n, &succ[at.clone()], &rep[at], |_, s| {
                    let s = s as usize;
                    (
                        words[s].load(Ordering::Relaxed),
                        state[s].load(Ordering::Relaxed) & 0xffff,
                    )
                })
            });
            sweep(sweeps);
            if !changed {
                break;
            }
        }
        let mut tighter = false;
        for x in 0..len {
            let b = state[x].load(Ordering::Relaxed);
            let w = words[x].load(Ordering::Relaxed);
            let (lo, hi) = (b & 0xff, b >> 8 & 0xff);
            let (l, h) = (lo.max(w & 0xff), hi.min(w >> 8 & 0xff));
            tighter |= (l, h) != (lo, hi);
            floor_lo[x] = l as u8;
            floor_hi[x] = h as u8;
            state[x].store(l | h << 8 | (b & !0xffff), Ordering::Relaxed);
        }
        if !tighter {
            return;
        }
    }
}
