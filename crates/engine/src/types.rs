//! The public types of a search: its limits and options, its scores, its progress reports and
//! its result.

use std::time::Duration;

use crate::eval;
use crate::mcts::MctsOptions;

/// Limits of one search. With none at all, [`crate::analyse_dyn`] searches for one second (or until its
/// stop flag, when it has one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: Option<u32>,
    /// Time to think.
    pub movetime: Option<Duration>,
    /// Nodes to search (checked at every node by the main thread; iteration 1 always completes).
    pub nodes: Option<u64>,
}

/// A value from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An estimate in centiseeds (100 = one seed ahead).
    Heuristic(i32),
    /// A proven result, as the final seed margin: positive = the side to move wins by that many
    /// seeds, negative = loses, `0` = draw. A win or loss is proven whenever it is reported; the
    /// margin is the one the best line reaches, which is the game-theoretic margin once the
    /// search has resolved every line without an endgame table's win (always the case for a
    /// reported draw), and otherwise a guaranteed minimum for a win (maximum for a loss): a win
    /// read from an endgame table ([`crate::Engine::set_tablebases`]) has a guaranteed minimum margin.
    Exact(i32),
}

impl Score {
    pub(crate) fn from_value(v: i32, resolved: bool) -> Score {
        if eval::is_decisive(v) {
            Score::Exact(eval::margin(v))
        } else if resolved {
            Score::Exact(0)
        } else {
            Score::Heuristic(v)
        }
    }

    /// A number to sort by: proven wins above every estimate, proven losses below.
    #[must_use]
    pub fn rank(self) -> i64 {
        match self {
            Score::Heuristic(v) => i64::from(v),
            Score::Exact(0) => 0,
            Score::Exact(m) if m > 0 => 1_000_000_000 + i64::from(m),
            Score::Exact(m) => -1_000_000_000 + i64::from(m),
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Score::Heuristic(v) => write!(f, "{:+.2}", f64::from(v) / 100.0),
            Score::Exact(0) => f.write_str("draw"),
            Score::Exact(m) if m > 0 => write!(f, "win by {m}"),
            Score::Exact(m) => write!(f, "loss by {}", -m),
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The best move (`None` when the game is over).
    pub best: Option<String>,
    /// The value of the position.
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// The principal variation, starting with the best move.
    pub pv: Vec<String>,
    /// Every legal move with its value, best first. Values are exact for the moves the search was
    /// asked to value ([`crate::analyse_dyn`]: all of them); with a normal search the others are upper
    /// bounds.
    pub moves: Vec<(String, Score)>,
}

/// A clock for time controls, for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub remaining: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Alpha-beta with iterative deepening (the module docs).
    AlphaBeta,
    /// Monte-Carlo tree search (PUCT, evaluation-guided leaves, proven values; see [`crate::Leaf`]).
    Mcts,
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 2] = [Algorithm::AlphaBeta, Algorithm::Mcts];

    /// The name used by front ends: `alphabeta` or `mcts`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Mcts => "mcts",
        }
    }

    /// Reads a name (`alphabeta`, also `ab` or `alpha-beta`; `mcts`), ignoring case.
    pub fn from_name(name: &str) -> Result<Algorithm, UnknownAlgorithm> {
        match name.trim().to_ascii_lowercase().as_str() {
            "alphabeta" | "alpha-beta" | "ab" => Ok(Algorithm::AlphaBeta),
            "mcts" => Ok(Algorithm::Mcts),
            _ => Err(UnknownAlgorithm(name.to_string())),
        }
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an [`Algorithm`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown search algorithm {0:?} (alphabeta or mcts)")]
pub struct UnknownAlgorithm(pub String);

/// Everything a search can be told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Depth, time and node limits.
    pub limits: Limits,
    /// A clock to budget from (used when `limits.movetime` is not given).
    pub clock: Option<Clock>,
    /// Search until the caller's stop flag is set (limits still cap the depth; without a stop
    /// flag the search ends when its iterations do).
    pub infinite: bool,
    /// How many root moves get exact values (1 = fastest; `usize::MAX` = every move).
    pub multipv: usize,
    /// Search threads (1 = deterministic).
    pub threads: usize,
    /// Selective search (late move reductions): stronger, but values are no longer those of a
    /// plain fixed-depth minimax. Off for tests and exact fixed-depth analysis.
    pub selective: bool,
    /// The static evaluation (see [`eval::EvalKind`]).
    pub eval: eval::EvalKind,
    /// The algorithm; `None` = alpha-beta.
    ///
    /// Monte-Carlo tree search reads the limits its own way: `nodes` counts simulations, `depth`
    /// caps the tree's depth, and a search with neither a node nor a time limit (and not
    /// infinite) runs [`MCTS_DEFAULT_SIMULATIONS`]. It runs on one thread and values the root
    /// moves by their statistics (`multipv` only says how many lines progress reports show).
    pub algorithm: Option<Algorithm>,
    /// Tuning of Monte-Carlo tree search.
    pub mcts: MctsOptions,
}

/// Simulations of a Monte-Carlo search given neither a node nor a time limit.
pub const MCTS_DEFAULT_SIMULATIONS: u64 = 100_000;

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            limits: Limits::default(),
            clock: None,
            infinite: false,
            multipv: 1,
            threads: 1,
            selective: true,
            eval: eval::EvalKind::default(),
            algorithm: None,
            mcts: MctsOptions::default(),
        }
    }
}

/// How a reported value bounds the truth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportBound {
    /// The value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// Progress of a search: one per completed iteration (and per aspiration failure).
#[derive(Clone, Debug)]
pub struct Report {
    /// Iteration depth.
    pub depth: u32,
    /// Best lines so far: `(score, pv)`, best first, as many as `multipv` asked.
    pub lines: Vec<(Score, Vec<String>)>,
    /// How the first line's score bounds the truth.
    pub bound: ReportBound,
    /// Nodes of the main thread so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Per-mille of the table in use.
    pub hashfull: u32,
}
