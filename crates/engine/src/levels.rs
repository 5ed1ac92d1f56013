//! Playing levels, from beginner to full strength.

use std::time::Duration;

use mancala_core::variant::AnyGame;

use crate::driver::analyse_dyn_with_table;
use crate::tables::{shared_tables, LEVEL_TABLE_SEEDS};
use crate::tt::splitmix;
use crate::types::{Limits, Score, SearchOptions};
use crate::Engine;

/// The highest playing level of [`level_move`].
pub const MAX_LEVEL: u8 = 6;

/// Depth, softmax temperature (centiseeds) and mistake rate of each level, 1 to [`MAX_LEVEL`]
/// (depth 0: full strength). Chosen so that each level scores roughly 75-90% against the one
/// below: depth alone makes steps too large to measure (every match a shutout), while the share
/// of moves drawn from the softmax is a continuous knob.
const LEVELS: [(u32, f64, f64); MAX_LEVEL as usize] = [
    (1, 150.0, 0.6),
    (2, 150.0, 0.4),
    (3, 150.0, 0.25),
    (5, 150.0, 0.12),
    (8, 150.0, 0.04),
    (0, 0.0, 0.0), // full strength: one second
];

/// Levels searching at most this deep use a small transposition table (see [`level_move`]).
const SMALL_TABLE_DEPTH: u32 = 3;

/// A playing level as shown to players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelInfo {
    /// The level, 1 to [`MAX_LEVEL`].
    pub level: u8,
    /// A short name.
    pub name: &'static str,
    /// How it plays.
    pub description: &'static str,
    /// Estimated Elo on a scale where uniformly random play is 0: a Bradley-Terry fit of a ladder
    /// of matches in Abapa (random play and every level against the next two), measured by
    /// `mancala levels abapa --measure` (the figures and the command line are in
    /// `docs/engine.md`). A difference of 400 means the stronger side scores about 91%.
    pub elo: i32,
}

/// Every playing level, weakest first.
pub const LEVEL_INFO: [LevelInfo; MAX_LEVEL as usize] = [
    LevelInfo {
        level: 1,
        name: "beginner",
        description: "looks one move ahead; more than half of its moves are plausible mistakes",
        elo: ELO[0],
    },
    LevelInfo {
        level: 2,
        name: "novice",
        description: "two plies ahead; frequent mistakes",
        elo: ELO[1],
    },
    LevelInfo {
        level: 3,
        name: "casual",
        description: "three plies ahead; a mistake every four moves; takes every forced win",
        elo: ELO[2],
    },
    LevelInfo {
        level: 4,
        name: "club",
        description: "five plies ahead; occasional mistakes",
        elo: ELO[3],
    },
    LevelInfo {
        level: 5,
        name: "expert",
        description: "eight plies ahead; rare mistakes",
        elo: ELO[4],
    },
    LevelInfo {
        level: 6,
        name: "master",
        description: "full strength, one second a move",
        elo: ELO[5],
    },
];

/// Measured Elo of each level (see [`LevelInfo::elo`]).
const ELO: [i32; MAX_LEVEL as usize] = [504, 864, 1119, 1544, 1811, 2213];

/// The description of `level` (clamped to 1..=[`MAX_LEVEL`]).
#[must_use]
pub fn level_info(level: u8) -> LevelInfo {
    LEVEL_INFO[usize::from(level.clamp(1, MAX_LEVEL) - 1)]
}

/// A move at a playing level from 1 (beginner: shallow search, frequent plausible mistakes) to
/// [`MAX_LEVEL`] (full strength: one second of alpha-beta, with the endgame
/// tables of 0..[`LEVEL_TABLE_SEEDS`] seeds where the game has them, built once per process by
/// [`shared_tables`]). Levels below the top are deterministic for a given
/// `seed`: a fixed-depth search values every move; the best one is played, except for a share
/// of moves (the level's mistake rate) drawn with probability proportional to
/// `exp(value / temperature)`, so that even a mistake is usually a plausible move and rarely a
/// blunder. Proven wins are always taken from level 3 up. `None` when the game is over.
pub fn level_move(game: &AnyGame, level: u8, seed: u64) -> Option<String> {
    let level = level.clamp(1, MAX_LEVEL);
    let (depth, temperature, mistakes) = LEVELS[usize::from(level - 1)];
    if depth == 0 {
        let mut engine = Engine::new(32);
        // The full engine plays with the endgame tables of 0..12 seeds where the game has them
        // (built once per process, about a second).
        let tables = shared_tables(game, LEVEL_TABLE_SEEDS).and_then(Result::ok);
        engine.set_tablebases(tables.into_iter().collect());
        let options = SearchOptions {
            limits: Limits {
                movetime: Some(Duration::from_secs(1)),
                ..Limits::default()
            },
            ..SearchOptions::default()
        };
        return engine.search_dyn(game, &options, None, &mut |_| {})?.best;
    }
    // A search a few plies deep visits at most a few thousand positions: a table of 1 MiB
    // (65,536 entries) holds them all, and making the default 16 MiB one (zeroed, then freed)
    // would cost far more than the search itself.
    let table_mb = if depth <= SMALL_TABLE_DEPTH { 1 } else { 16 };
    let a = analyse_dyn_with_table(
        game,
        &Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        None,
        table_mb,
    )?;
    if temperature <= 0.0 || a.moves.len() == 1 {
        return a.best;
    }
    if level >= 3 && matches!(a.score.proven_margin(), Some(m) if m > 0) {
        return a.best;
    }
    let unit = |x: u64| (x >> 11) as f64 / (1u64 << 53) as f64;
    if unit(splitmix(seed ^ 0x5eed)) >= mistakes {
        return a.best;
    }
    let value = |s: Score| -> f64 {
        match s {
            Score::Heuristic(v) => f64::from(v),
            Score::Proven { margin: m, .. } => {
                f64::from(m.signum()) * 3000.0 + f64::from(m) * 100.0
            }
            // Analyses do not read tables at the root (only `Engine::table_score` does).
            Score::Table(h) => f64::from(h.signum()) * 3000.0 + f64::from(h) * 50.0,
        }
    };
    let top = a
        .moves
        .iter()
        .map(|(_, s)| value(*s))
        .fold(f64::MIN, f64::max);
    let weights: Vec<f64> = a
        .moves
        .iter()
        .map(|(_, s)| ((value(*s) - top) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = unit(splitmix(seed)) * total;
    for ((mv, _), w) in a.moves.iter().zip(&weights) {
        if x < *w {
            return Some(mv.clone());
        }
        x -= w;
    }
    a.best
}
