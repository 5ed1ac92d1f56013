//! The benchmarks: a fixed-depth one whose node count fingerprints the search's behaviour, a
//! timed one for speed and depth, and the prover's ([`bench_prove`]: positions proven to the
//! end, whose node count fingerprints the prover).

use std::time::{Duration, Instant};

use mancala_core::variant::DynGame;

use crate::eval;
use crate::types::{Algorithm, Limits, SearchOptions};
use crate::Engine;

/// One position of the benchmark: a preset name, a position (`None` = start) and a depth.
pub const BENCH: &[(&str, Option<&str>, u32)] = &[
    ("abapa", None, 15),
    ("abapa", Some("5-5-5-5-4-0-5-5-5-5-4-0-0-0-S"), 15),
    ("abapa", Some("0-3-2-2-2-2-0-0-0-5-3-6-15-8-N"), 17),
    ("abapa", Some("1-0-3-0-2-1-0-2-1-3-0-1-17-17-S"), 19),
    ("oware", None, 14),
    ("oware", Some("19-1-0-0-0-0-0-1-0-4-2-5-8-8-S"), 15),
    ("ouril", None, 14),
    ("wuri", Some("6-1-6-1-5-0-1-7-0-6-5-0-4-6-N"), 15),
];

/// The Abapa positions of the timed benchmark ([`bench_timed`]): the start and eleven
/// middle-game positions (24 to 46 seeds on the board) from games of the engine against itself
/// at 60 ms a move after two random plies, taken at plies 10 to 34.
pub const TIMED_BENCH: &[&str] = &[
    "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
    "0-8-6-0-1-1-0-4-4-9-8-1-2-4-S",
    "1-1-8-1-2-3-1-4-7-11-0-3-2-4-S",
    "7-1-0-0-9-2-0-10-1-7-6-0-2-3-S",
    "1-6-3-1-0-2-0-18-1-2-1-2-6-5-S",
    "1-3-3-9-8-0-2-1-0-8-0-4-4-5-S",
    "3-4-3-0-1-5-0-3-0-5-0-9-8-7-S",
    "5-0-1-1-12-2-12-0-7-0-0-1-4-3-S",
    "7-0-0-2-14-0-0-0-11-0-2-2-7-3-S",
    "2-9-1-3-2-8-7-2-0-1-1-8-2-2-S",
    "0-1-1-1-3-10-1-4-0-13-2-5-3-4-S",
    "0-5-3-1-0-15-0-1-5-2-1-2-5-8-S",
];

/// One position of a benchmark run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// The preset.
    pub preset: String,
    /// The position searched.
    pub position: String,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// The best move found.
    pub best: String,
    /// The time the search took.
    pub time: Duration,
}

/// Result of a benchmark run ([`bench()`], [`bench_timed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Every position searched.
    pub positions: Vec<BenchLine>,
    /// Total nodes: for the fixed-depth benchmark, a fingerprint of the search's behaviour.
    pub nodes: u64,
    /// The time spent searching (each position's table is made before its clock starts).
    pub elapsed: Duration,
}

impl BenchResult {
    /// Nodes per second of search time.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }

    /// The mean depth reached.
    #[must_use]
    pub fn mean_depth(&self) -> f64 {
        let n = self.positions.len().max(1) as f64;
        self.positions
            .iter()
            .map(|p| f64::from(p.depth))
            .sum::<f64>()
            / n
    }
}

/// Fixed-depth, single-thread searches of the [`BENCH`] positions, each with a fresh table
/// (`depth_offset` is added to every depth, e.g. `-4` for a quick run).
pub fn bench(depth_offset: i32) -> Result<BenchResult, mancala_core::SetupError> {
    bench_with(depth_offset, eval::EvalKind::default())
}

/// [`bench()`] with the evaluation `eval` (to compare evaluations' speed in one binary).
pub fn bench_with(
    depth_offset: i32,
    eval: eval::EvalKind,
) -> Result<BenchResult, mancala_core::SetupError> {
    let runs = BENCH.iter().map(|&(name, pos, depth)| {
        let depth = (depth as i32 + depth_offset).max(1) as u32;
        (
            name,
            pos,
            Limits {
                depth: Some(depth),
                ..Limits::default()
            },
        )
    });
    bench_run(runs, eval, 1)
}

/// The benchmark of the reference engine's kind: every [`TIMED_BENCH`] position (Abapa)
/// searched for `movetime` with a fresh table and `threads` threads; the result gives the
/// speed and the mean depth reached in that time.
pub fn bench_timed(
    movetime: Duration,
    threads: usize,
    eval: eval::EvalKind,
) -> Result<BenchResult, mancala_core::SetupError> {
    let runs = TIMED_BENCH.iter().map(|&pos| {
        (
            "abapa",
            Some(pos),
            Limits {
                movetime: Some(movetime),
                ..Limits::default()
            },
        )
    });
    bench_run(runs, eval, threads)
}

fn bench_run<'a>(
    runs: impl Iterator<Item = (&'a str, Option<&'a str>, Limits)>,
    eval: eval::EvalKind,
    threads: usize,
) -> Result<BenchResult, mancala_core::SetupError> {
    let mut positions = Vec::new();
    let mut total = 0;
    let mut elapsed = Duration::ZERO;
    for (name, pos, limits) in runs {
        let game = mancala_core::variant::Variant::from_name(name)?.new_game(&[], pos)?;
        let engine = Engine::new(16);
        let options = SearchOptions {
            limits,
            eval,
            threads: threads.max(1),
            algorithm: Some(Algorithm::AlphaBeta),
            ..SearchOptions::default()
        };
        let start = Instant::now();
        let a = engine.search_dyn(&game, &options, None, &mut |_| {});
        let time = start.elapsed();
        elapsed += time;
        let (depth, nodes, best) = a.map_or((0, 0, "-".to_string()), |a| {
            (a.depth, a.nodes, a.best.unwrap_or_default())
        });
        total += nodes;
        positions.push(BenchLine {
            preset: name.to_string(),
            position: game.notation(),
            depth,
            nodes,
            best,
            time,
        });
    }
    Ok(BenchResult {
        positions,
        nodes: total,
        elapsed,
    })
}

/// Nodes per second: `nodes` in `time`.
#[must_use]
pub fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
}

/// One position of the prover's benchmark ([`bench_prove`]): a preset, a position, whether the
/// shared-cycle argument may run (`false`: the general argument, histories and components),
/// and whether the margin is proven too (else the result only).
pub const PROOF_BENCH: &[(&str, &str, bool, bool)] = &[
    // The shared-cycle argument on a 7-seed Awari board (the general prover needs minutes).
    ("awari", "1-0-2-0-0-1-0-1-0-0-2-0-20-21-S", true, true),
    // The general argument on a 5-seed Awari board: component analyses, no shared cycles.
    ("awari", "1-1-0-0-0-1-0-1-0-0-1-0-22-21-S", false, true),
    // Abapa's own-row repetitions: component analyses and results shared across histories.
    ("abapa", "1-1-1-0-0-1-0-1-0-0-1-0-21-21-S", true, true),
    // Ouril's repetition rule and its first-cycle verdicts.
    ("ouril", "1-1-1-0-0-1-0-1-0-0-1-0-21-21-S", true, true),
    // Relay sowing.
    ("olowuka", "0-1-0-1-0-0-0-1-0-1-0-0-23-21-S", true, true),
];

/// One proof of the prover's benchmark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofBenchLine {
    /// The preset.
    pub preset: String,
    /// The position proven.
    pub position: String,
    /// What was proven, for the side to move (`win by 6`, `draw`, ...).
    pub value: String,
    /// Whether everything asked was proven (the result, and the margin when asked).
    pub proven: bool,
    /// The prover's counters.
    pub stats: crate::prove::ProofStats,
    /// The time the proof took.
    pub time: Duration,
}

/// Result of [`bench_prove`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofBenchResult {
    /// Every proof, in the order of [`PROOF_BENCH`].
    pub positions: Vec<ProofBenchLine>,
    /// Total nodes: a fingerprint of the prover's behaviour.
    pub nodes: u64,
    /// The time spent proving.
    pub elapsed: Duration,
}

impl ProofBenchResult {
    /// Nodes per second of proving time.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

/// Why [`bench_prove`] failed.
#[derive(Debug, thiserror::Error)]
pub enum ProofBenchError {
    /// A benchmark position could not be set up.
    #[error(transparent)]
    Setup(#[from] mancala_core::SetupError),
    /// The prover refused a benchmark position or its thread failed.
    #[error("{preset} {position}: {error}")]
    Solve {
        /// The preset.
        preset: &'static str,
        /// The position.
        position: &'static str,
        /// What the prover said.
        error: crate::prove::SolveError,
    },
}

/// The prover's benchmark: every [`PROOF_BENCH`] position proven to the end, without tables
/// and without a budget, each with a fresh transposition table (on a thread with a deep stack,
/// as the front ends run it). The total node count fingerprints the prover's behaviour; the
/// time, its speed.
///
/// # Errors
///
/// [`ProofBenchError`] when a position cannot be set up or the prover refuses it (neither
/// happens with the positions given).
pub fn bench_prove() -> Result<ProofBenchResult, ProofBenchError> {
    use crate::prove::Budget;
    use crate::prove::{prove_game, GameProofOptions};
    let mut positions = Vec::new();
    let mut total = 0;
    let mut elapsed = Duration::ZERO;
    for &(preset, position, shared_cycles, margin) in PROOF_BENCH {
        let game =
            mancala_core::variant::Variant::from_name(preset)?.new_game(&[], Some(position))?;
        let options = GameProofOptions {
            budget: Budget {
                margin,
                shared_cycles,
                ..Budget::default()
            },
            moves: false,
            deadline: None,
        };
        let start = Instant::now();
        let proof = prove_game(&game, None, &options, &mut |_| {}).map_err(|error| {
            ProofBenchError::Solve {
                preset,
                position,
                error,
            }
        })?;
        let time = start.elapsed();
        elapsed += time;
        let p = proof.proof;
        let proven = p.stopped.is_none()
            && if margin {
                p.value().is_some()
            } else {
                p.verdict().is_some()
            };
        let value = p.describe(true);
        total += p.stats.nodes;
        positions.push(ProofBenchLine {
            preset: preset.to_string(),
            position: position.to_string(),
            value,
            proven,
            stats: p.stats,
            time,
        });
    }
    Ok(ProofBenchResult {
        positions,
        nodes: total,
        elapsed,
    })
}
