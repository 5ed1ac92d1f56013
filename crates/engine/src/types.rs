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

/// A value from the side to move's point of view: the one score type of the project, shown
/// by every front end (`mancala analyze`, the engine protocol's `info string`, the server's
/// API and browser UI, the terminal UI and the Python package).
///
/// With the `serde` feature it serialises as one JSON object (docs/engine.md, "Scores"):
///
/// ```json
/// {"kind": "estimate", "seeds": 1.35, "outcome": null, "margin": null, "margin_exact": null,
///  "plies": null, "text": "+1.35 (estimate)"}
/// {"kind": "proven", "seeds": 3, "outcome": "win", "margin": 3, "margin_exact": false,
///  "plies": null, "text": "proven win by ≥ 3"}
/// {"kind": "exact", "seeds": 2.5, "outcome": "win", "margin": 2.5, "margin_exact": true,
///  "plies": null, "text": "table: exact +2.5"}
/// ```
///
/// [`Score::text`] is the one human form of a score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An estimate in centiseeds (100 = one seed ahead).
    Heuristic(i32),
    /// A result proven by the search.
    Proven {
        /// The final seed margin: positive = the side to move wins by that many seeds, negative
        /// = loses, `0` = draw. The outcome is always game-theoretic; the margin is the one the
        /// best line reaches.
        margin: i32,
        /// The margin is the game-theoretic one (the search resolved every line without an
        /// endgame table's win; always the case for a draw). Otherwise it is a guaranteed
        /// minimum for a win (maximum for a loss): a win read from an endgame table
        /// ([`crate::Engine::set_tablebases`]) has a guaranteed minimum margin.
        exact: bool,
        /// Plies to the end of the game along the best line, when the line ends in a finished
        /// game (not in a table entry); `None` for a draw.
        plies: Option<u32>,
    },
    /// The exact value of an endgame table entry for this position (a table that knows it
    /// whatever the repetition history, or from an empty history when none was seen since the
    /// last capture): the seed difference between the side to move and the opponent once every
    /// seed on the board is taken under perfect play (the stores' difference plus the table's
    /// value of the board), in half-seeds (Awari's shared cycles split an odd seed in halves).
    /// The game ends as soon as a player reaches the winning threshold, so the final margin of a
    /// win is at least `threshold - (all seeds - threshold)` less than that: the outcome is exact,
    /// the margin is the table's.
    Table(i32),
}

/// A game-theoretic result from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreOutcome {
    /// The side to move wins.
    Win,
    /// A draw.
    Draw,
    /// The side to move loses.
    Loss,
}

impl ScoreOutcome {
    /// `win`, `draw` or `loss`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ScoreOutcome::Win => "win",
            ScoreOutcome::Draw => "draw",
            ScoreOutcome::Loss => "loss",
        }
    }

    fn of_sign(v: i32) -> ScoreOutcome {
        match v.signum() {
            1 => ScoreOutcome::Win,
            0 => ScoreOutcome::Draw,
            _ => ScoreOutcome::Loss,
        }
    }
}

impl Score {
    /// The score of an internal search value (see [`eval`]); `resolved`: the value's outcome is
    /// proven, `exact_margin`: its margin rests on no table win.
    pub(crate) fn from_search(v: i32, resolved: bool, exact_margin: bool) -> Score {
        if eval::is_decisive(v) {
            let m = eval::margin(v);
            Score::Proven {
                margin: m,
                exact: resolved && exact_margin,
                // `v = ±(WIN + 1000 m - ply)`, with a ply from a finished game unless a table's
                // win lies below.
                plies: exact_margin
                    .then(|| u32::try_from(1000 * m.abs() - (v.abs() - eval::WIN)).ok())
                    .flatten(),
            }
        } else if resolved {
            Score::Proven {
                margin: 0,
                exact: true,
                plies: None,
            }
        } else {
            Score::Heuristic(v)
        }
    }

    /// A proven draw.
    pub const DRAW: Score = Score::Proven {
        margin: 0,
        exact: true,
        plies: None,
    };

    /// The same value from the other side's point of view.
    #[must_use]
    pub fn flipped(self) -> Score {
        match self {
            Score::Heuristic(v) => Score::Heuristic(-v),
            Score::Proven {
                margin,
                exact,
                plies,
            } => Score::Proven {
                margin: -margin,
                exact,
                plies,
            },
            Score::Table(h) => Score::Table(-h),
        }
    }

    /// `estimate`, `proven` or `exact` (a table's value): the `kind` of the JSON form.
    #[must_use]
    pub fn kind(self) -> &'static str {
        match self {
            Score::Heuristic(_) => "estimate",
            Score::Proven { .. } => "proven",
            Score::Table(_) => "exact",
        }
    }

    /// The value in seeds: an estimate's centiseeds / 100, a proven margin, a table's value.
    #[must_use]
    pub fn seeds(self) -> f64 {
        match self {
            Score::Heuristic(v) => f64::from(v) / 100.0,
            Score::Proven { margin, .. } => f64::from(margin),
            Score::Table(h) => f64::from(h) / 2.0,
        }
    }

    /// The game-theoretic outcome, when known (proven and table values).
    #[must_use]
    pub fn outcome(self) -> Option<ScoreOutcome> {
        match self {
            Score::Heuristic(_) => None,
            Score::Proven { margin, .. } => Some(ScoreOutcome::of_sign(margin)),
            Score::Table(h) => Some(ScoreOutcome::of_sign(h)),
        }
    }

    /// The proven final margin (see [`Score::Proven`]); `None` for other kinds.
    #[must_use]
    pub fn proven_margin(self) -> Option<i32> {
        match self {
            Score::Proven { margin, .. } => Some(margin),
            _ => None,
        }
    }

    /// Whether the winner's margin ([`Score::seeds`]) is exact rather than a bound: always for
    /// a table's value and a draw; `None` for an estimate.
    #[must_use]
    pub fn margin_exact(self) -> Option<bool> {
        match self {
            Score::Heuristic(_) => None,
            Score::Proven { margin, exact, .. } => Some(exact || margin == 0),
            Score::Table(_) => Some(true),
        }
    }

    /// Plies to the end along the best line, when known (see [`Score::Proven`]).
    #[must_use]
    pub fn plies(self) -> Option<u32> {
        match self {
            Score::Proven { plies, .. } => plies,
            _ => None,
        }
    }

    /// A number to sort by: known wins above every estimate, known losses below.
    #[must_use]
    pub fn rank(self) -> i64 {
        match self {
            Score::Heuristic(v) => i64::from(v),
            Score::Proven { margin: 0, .. } | Score::Table(0) => 0,
            Score::Proven { margin: m, .. } if m > 0 => 1_000_000_000 + 2 * i64::from(m),
            Score::Proven { margin: m, .. } => -1_000_000_000 + 2 * i64::from(m),
            Score::Table(h) if h > 0 => 1_000_000_000 + i64::from(h),
            Score::Table(h) => -1_000_000_000 + i64::from(h),
        }
    }

    /// The one human form of a score: `+1.35 (estimate)`, `proven win by ≥ 3`, `proven win by
    /// 3`, `proven draw`, `proven loss by ≤ 2`, `table: exact +2`, `table: exact -0.5`.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            Score::Heuristic(v) => format!("{:+.2} (estimate)", f64::from(v) / 100.0),
            Score::Proven { margin: 0, .. } => "proven draw".to_string(),
            Score::Proven { margin, exact, .. } => {
                let (word, bound) = if margin > 0 {
                    ("win", "≥ ")
                } else {
                    ("loss", "≤ ")
                };
                let bound = if exact { "" } else { bound };
                format!("proven {word} by {bound}{}", margin.abs())
            }
            Score::Table(0) => "table: exact 0".to_string(),
            Score::Table(h) => format!("table: exact {}", signed_halves(h)),
        }
    }
}

/// `+2`, `-1.5`: a signed number of half-seeds in seeds.
fn signed_halves(h: i32) -> String {
    let sign = if h < 0 { '-' } else { '+' };
    let a = h.unsigned_abs();
    if a % 2 == 0 {
        format!("{sign}{}", a / 2)
    } else {
        format!("{sign}{}.5", a / 2)
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Score {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = serializer.serialize_struct("Score", 7)?;
        st.serialize_field("kind", self.kind())?;
        st.serialize_field("seeds", &Number(self.seeds()))?;
        st.serialize_field("outcome", &self.outcome().map(ScoreOutcome::name))?;
        st.serialize_field(
            "margin",
            &self.outcome().map(|_| Number(self.seeds().abs())),
        )?;
        st.serialize_field("margin_exact", &self.margin_exact())?;
        st.serialize_field("plies", &self.plies())?;
        st.serialize_field("text", &self.text())?;
        st.end()
    }
}

/// A number in seeds, written as an integer when it is whole (`3`, not `3.0`).
#[cfg(feature = "serde")]
struct Number(f64);

#[cfg(feature = "serde")]
impl serde::Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.fract() == 0.0 && self.0.abs() < 1e15 {
            serializer.serialize_i64(self.0 as i64)
        } else {
            serializer.serialize_f64(self.0)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_text_for_every_kind() {
        let proven = |margin, exact| Score::Proven {
            margin,
            exact,
            plies: None,
        };
        assert_eq!(Score::Heuristic(135).text(), "+1.35 (estimate)");
        assert_eq!(Score::Heuristic(-7).text(), "-0.07 (estimate)");
        assert_eq!(proven(3, false).text(), "proven win by ≥ 3");
        assert_eq!(proven(3, true).text(), "proven win by 3");
        assert_eq!(proven(-2, false).text(), "proven loss by ≤ 2");
        assert_eq!(Score::DRAW.text(), "proven draw");
        assert_eq!(Score::Table(4).text(), "table: exact +2");
        assert_eq!(Score::Table(-3).text(), "table: exact -1.5");
        assert_eq!(Score::Table(0).text(), "table: exact 0");
        assert_eq!(proven(3, false).to_string(), proven(3, false).text());
    }

    #[test]
    fn outcomes_margins_and_ranks() {
        let win = Score::Proven {
            margin: 3,
            exact: false,
            plies: Some(9),
        };
        assert_eq!(win.outcome(), Some(ScoreOutcome::Win));
        assert_eq!(win.flipped().outcome(), Some(ScoreOutcome::Loss));
        assert_eq!(win.flipped().flipped(), win);
        assert_eq!(win.margin_exact(), Some(false));
        assert_eq!(Score::DRAW.margin_exact(), Some(true));
        assert_eq!(Score::Table(-1).outcome(), Some(ScoreOutcome::Loss));
        assert_eq!(Score::Table(-1).seeds(), -0.5);
        assert_eq!(Score::Heuristic(50).outcome(), None);
        let mut all = [
            Score::Table(-1),
            win,
            Score::Heuristic(90_000),
            Score::DRAW,
            Score::Table(7),
            Score::Heuristic(-90_000),
        ];
        all.sort_by_key(|s| std::cmp::Reverse(s.rank()));
        assert_eq!(all.map(Score::seeds), [3.5, 3.0, 900.0, 0.0, -900.0, -0.5],);
    }

    #[test]
    fn plies_of_a_proven_win_come_from_its_value() {
        // A win by 2 seeds found 7 plies below the root, and the loss it is for the other side.
        let v = eval::WIN + 2000 - 7;
        let s = Score::from_search(v, true, true);
        assert_eq!(s.plies(), Some(7));
        assert_eq!(s.proven_margin(), Some(2));
        assert_eq!(s.margin_exact(), Some(true));
        assert_eq!(Score::from_search(-v, true, true).proven_margin(), Some(-2));
        assert_eq!(Score::from_search(-v, true, true).plies(), Some(7));
        // Resting on a table's win: a guaranteed margin and no distance.
        let t = Score::from_search(v, true, false);
        assert_eq!((t.margin_exact(), t.plies()), (Some(false), None));
        assert_eq!(Score::from_search(40, false, true), Score::Heuristic(40));
        assert_eq!(Score::from_search(0, true, true), Score::DRAW);
    }
}
