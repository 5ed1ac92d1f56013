//! # mancala-puzzles
//!
//! Puzzles for every game of [`mancala_core`]: positions from engine games where exactly one
//! move keeps the best result (or, among winning moves, the best margin), *proven* by an
//! exhaustive search to the end of the game with the real rules, ended by exact endgame tables
//! where the game has them ([`prove`]). Positions the search cannot prove within its budget are
//! not puzzles.
//!
//! A [`Puzzle`] holds its position, its solution line (the solver's unique moves and the
//! defender's best replies between them), the reply that refutes each wrong first move, its
//! themes (what the solution does on the board, [`theme`]) and a rating from the depth an
//! alpha-beta search needs to find the first move. [`generate`] makes puzzles of a preset,
//! [`verify`] proves a puzzle again, and [`shipped`] gives the puzzles that ship with the
//! project (made by `mancala puzzles generate`, see docs/puzzles.md).
//!
//! ```
//! use mancala_core::variant::Variant;
//!
//! let puzzles = mancala_puzzles::shipped(Variant::Awari);
//! assert!(puzzles.iter().all(|p| p.variant == "awari" && !p.solution.is_empty()));
//! ```
#![forbid(unsafe_code)]

mod data;
mod generate;
mod line;
pub mod prove;
pub mod refute;
mod step;
pub mod theme;

use std::collections::BTreeMap;

use mancala_core::variant::{AnyGame, DynGame, Variant};
use mancala_core::SetupError;
use mancala_engine::{analyse_dyn, dispatch, shared_tables, Limits, Tablebase};
use serde::{Deserialize, Serialize};

pub use data::{find_shipped, shipped, shipped_all, ShippedError};
pub use generate::{generate, GenerateOptions, Progress};
pub use refute::{refute, Claim, Ending, Refutation, RefuteError};
pub use step::Rejected;

/// Seeds of the endgame tables the proofs use where the game has tables (built in memory once
/// per process, about a second).
pub const TABLE_SEEDS: u32 = 12;
/// Nodes a proof may search by default (all steps of one puzzle together).
pub const DEFAULT_BUDGET: u64 = 400_000;
/// The solver's moves in a solution line at most.
pub const MAX_STEPS: usize = 3;
/// Plies within which a forced-win puzzle's first move must win.
pub const MAX_HORIZON: u32 = 9;
/// The deepest search tried when rating a puzzle.
pub const MAX_RATING_DEPTH: u32 = 12;

/// A puzzle: the side to move finds the only move that keeps the best result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// A stable id: the preset and a hash of the position.
    pub id: String,
    /// The preset's name.
    pub variant: String,
    /// The position, in the game's notation, with an empty history.
    pub position: String,
    /// The solver's unique moves and, between them, the defender's best replies.
    pub solution: Vec<String>,
    /// The main theme (see [`theme::THEMES`]).
    pub theme: String,
    /// Every theme that applies, the main one first.
    pub themes: Vec<String>,
    /// The difficulty, on a scale like players' ratings (about 800 to 2400).
    pub rating: u32,
    /// The depth (plies) an alpha-beta search needs to find the first move.
    pub depth: u32,
    /// What the solution achieves for the solver: `"win"` or `"draw"`.
    pub goal: String,
    /// The final margin with best play (the solver's seeds minus the opponent's).
    pub margin: i32,
    /// Each wrong first move and the defender's reply that refutes it.
    pub refutations: BTreeMap<String, String>,
    /// For a forced-win puzzle (games whose proofs rarely reach the end, see [`forced_mode`]):
    /// the first move wins by force within this many plies and no other move does; `margin`
    /// is then not computed (0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizon: Option<u32>,
}

/// Whether the puzzles of `variant` are forced wins within a horizon rather than exhaustive
/// proofs of the best result: Ọlọwuka (relay sowing, no endgame tables), Ba-awa (a position is a
/// whole match of rounds) and Isolo (no seed ever leaves the board), whose games rarely come
/// within reach of a proof to their end.
#[must_use]
pub fn forced_mode(variant: Variant) -> bool {
    matches!(variant, Variant::Olowuka | Variant::BaAwa | Variant::Isolo)
}

/// What may go wrong with a puzzle.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// The preset or the position is invalid.
    #[error("invalid puzzle set-up")]
    Setup(#[from] SetupError),
    /// Building the endgame tables failed.
    #[error("endgame tables")]
    Tables(#[from] mancala_tablebase::TablebaseError),
}

/// Why a puzzle failed verification.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The preset or position could not be set up.
    #[error("cannot set up the puzzle: {0}")]
    Setup(String),
    /// The game is over in the puzzle's position.
    #[error("the game is over in the puzzle's position")]
    Over,
    /// The solution is empty.
    #[error("the solution is empty")]
    Empty,
    /// A move of the solution cannot be played.
    #[error("move {index} ({mv}) of the solution: {reason}")]
    BadMove {
        /// Its index in the solution.
        index: usize,
        /// The move.
        mv: String,
        /// Why.
        reason: String,
    },
    /// The search ran out of budget before proving a step.
    #[error("step {index} could not be proven within the budget")]
    Unproven {
        /// The index of the solver's move.
        index: usize,
    },
    /// Several moves are equally good at a step (or all lose).
    #[error("step {index} has no single best move")]
    NotUnique {
        /// The index of the solver's move.
        index: usize,
    },
    /// The solution's move is not the best one.
    #[error("move {index} ({mv}) of the solution is not the best one ({best} is)")]
    NotBest {
        /// Its index in the solution.
        index: usize,
        /// The move.
        mv: String,
        /// The best move.
        best: String,
    },
    /// A defender's reply of the solution is not his best.
    #[error("move {index} of the solution is not the defender's best reply")]
    WeakReply {
        /// Its index in the solution.
        index: usize,
    },
    /// The recorded result differs from the proven one.
    #[error("the puzzle says {recorded}, the proof says {proven}")]
    WrongResult {
        /// What the puzzle says.
        recorded: String,
        /// What the proof says.
        proven: String,
    },
}

/// The id of the puzzle of `variant` at `position`: FNV-1a of both, 40 bits in hex.
#[must_use]
pub fn puzzle_id(variant: &str, position: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in variant.bytes().chain([b':']).chain(position.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{}-{:010x}", variant, h >> 24)
}

/// The endgame tables the proofs of `game` use, if the game has tables.
pub fn tables_for(game: &AnyGame) -> Result<Option<std::sync::Arc<Tablebase>>, PuzzleError> {
    Ok(shared_tables(game, TABLE_SEEDS).transpose()?)
}

/// `("win", margin)` or `("draw", margin)` of a proven value.
fn goal_of(value: i32) -> (&'static str, i32) {
    match prove::result_of(value) {
        prove::Result3::Win => ("win", value - prove::WIN),
        prove::Result3::Draw => ("draw", value),
        prove::Result3::Loss => ("loss", -value - prove::WIN),
    }
}

/// The smallest depth at which an alpha-beta search (no tables) plays `mv` first in `game`
/// ([`MAX_RATING_DEPTH`] + 1 when none does).
fn depth_needed(game: &AnyGame, mv: &str) -> u32 {
    for depth in 1..=MAX_RATING_DEPTH {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        match analyse_dyn(game, &limits, None) {
            Some(a) if a.best.as_deref() == Some(mv) => return depth,
            Some(_) => {}
            None => break,
        }
    }
    MAX_RATING_DEPTH + 1
}

/// The rating of a puzzle whose first move needs `depth` plies and whose line has `steps` of
/// the solver's moves.
fn rating(depth: u32, steps: usize) -> u32 {
    (700 + 110 * depth + 150 * (steps as u32).saturating_sub(1)).min(2600)
}

/// The puzzle at `game`'s current position (taken with an empty history), if exactly one move
/// keeps the best result and the search proves it within `budget` nodes; where that proof does
/// not fit the budget (and in the games of [`forced_mode`]), if exactly one move wins by force
/// within the fewest plies, at most [`MAX_HORIZON`].
pub fn find(game: &AnyGame, table: Option<&Tablebase>, budget: u64) -> Result<Puzzle, Rejected> {
    let (fresh, line) = find_line(game, table, budget)?;
    Ok(finish(&fresh, line))
}

/// The proven line of `game`'s position set up afresh, with that game.
fn find_line(
    game: &AnyGame,
    table: Option<&Tablebase>,
    budget: u64,
) -> Result<(AnyGame, line::Line), Rejected> {
    // The puzzle is the position alone: set it up afresh, as players will.
    let fresh = game
        .variant()
        .new_game(&[], Some(&game.notation()))
        .map_err(|_| Rejected::NotUnique)?;
    let forced = || {
        dispatch(
            &fresh,
            line::FindForced {
                budget,
                max_plies: MAX_HORIZON,
                max_steps: MAX_STEPS,
            },
        )
    };
    let line = if forced_mode(fresh.variant()) {
        forced()?
    } else {
        // A position whose whole proof does not fit the budget may still hold a forced win.
        match dispatch(
            &fresh,
            line::FindLine {
                table,
                budget,
                max_steps: MAX_STEPS,
            },
        ) {
            Err(Rejected::Unproven) => forced()?,
            found => found?,
        }
    };
    Ok((fresh, line))
}

/// The puzzle of a proven line: its themes and rating.
fn finish(fresh: &AnyGame, line: line::Line) -> Puzzle {
    let position = fresh.notation();
    let wrong: Vec<String> = fresh
        .state()
        .legal
        .into_iter()
        .filter(|m| *m != line.moves[0])
        .collect();
    let themes = theme::themes(fresh, &line.moves, &wrong);
    let depth = depth_needed(fresh, &line.moves[0]);
    let steps = line.moves.len().div_ceil(2);
    let (goal, margin) = goal_of(line.value);
    let variant = fresh.variant().name();
    Puzzle {
        id: puzzle_id(variant, &position),
        variant: variant.to_string(),
        position,
        solution: line.moves,
        theme: themes.first().copied().unwrap_or("quiet move").to_string(),
        themes: themes.iter().map(|t| (*t).to_string()).collect(),
        rating: rating(depth, steps),
        depth,
        goal: goal.to_string(),
        margin,
        refutations: line.refutations.into_iter().collect(),
        horizon: line.horizon,
    }
}

/// Proves `puzzle` again: every solver's move of its line is the only best one, every reply
/// between them is the defender's best, and the result is the one recorded. `table` must be the
/// tables of the puzzle's rules ([`tables_for`]) or `None`.
pub fn verify(puzzle: &Puzzle, table: Option<&Tablebase>, budget: u64) -> Result<(), VerifyError> {
    let variant =
        Variant::from_name(&puzzle.variant).map_err(|e| VerifyError::Setup(e.to_string()))?;
    let game = variant
        .new_game(&[], Some(&puzzle.position))
        .map_err(|e| VerifyError::Setup(e.to_string()))?;
    if let Some(horizon) = puzzle.horizon {
        if puzzle.goal != "win" {
            return Err(VerifyError::WrongResult {
                recorded: puzzle.goal.clone(),
                proven: "win".into(),
            });
        }
        dispatch(
            &game,
            line::CheckForced {
                solution: &puzzle.solution,
                horizon,
                budget,
            },
        )?;
        return check_id(puzzle);
    }
    let value = dispatch(
        &game,
        line::CheckLine {
            solution: &puzzle.solution,
            table,
            budget,
        },
    )?;
    let (goal, margin) = goal_of(value);
    if goal != puzzle.goal || margin != puzzle.margin {
        return Err(VerifyError::WrongResult {
            recorded: format!("{} by {}", puzzle.goal, puzzle.margin),
            proven: format!("{goal} by {margin}"),
        });
    }
    check_id(puzzle)
}

/// Checks that a puzzle's id is its position's.
fn check_id(puzzle: &Puzzle) -> Result<(), VerifyError> {
    if puzzle.id != puzzle_id(&puzzle.variant, &puzzle.position) {
        return Err(VerifyError::Setup(format!(
            "the id {} is not the position's",
            puzzle.id
        )));
    }
    Ok(())
}
