//! What a wrong move of a puzzle costs: the defender's reply that refutes it, what that reply
//! captures, and what the puzzle's proof says the wrong move gives up.
//!
//! The reply is the puzzle's own refutation where it records one (the first move of a puzzle
//! proven to the end of the game); otherwise it is the engine's best reply, found by a short
//! search ([`REPLY_DEPTH`] plies). The reason is the proof's: only the solution's move keeps the
//! puzzle's result (the only win, the only win by the margin, the only draw, or the only win
//! by force within the plies left).

use mancala_core::variant::{DynGame, Variant};
use mancala_core::Side;
use mancala_engine::{analyse_dyn, Limits};
use serde::Serialize;

use crate::Puzzle;

/// The depth of the search that finds a reply where the puzzle records none.
pub const REPLY_DEPTH: u32 = 6;
/// The nodes that search may visit at most.
pub const REPLY_NODES: u64 = 300_000;

/// The refutation of a wrong move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refutation {
    /// The wrong move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The solution's move at that point.
    pub best: String,
    /// The defender's reply (`None` when the wrong move ends the game).
    pub reply: Option<String>,
    /// `"proof"` when the puzzle records this reply, `"engine"` when a search chose it.
    pub source: &'static str,
    /// Seeds the wrong move captures.
    pub captured: u32,
    /// Seeds the reply captures.
    pub reply_captured: u32,
    /// Why the move is wrong, in words (e.g. "North answers A and captures 3 seeds; only c
    /// wins by 4 here").
    pub why: String,
    /// The defender, who plays the reply.
    #[serde(skip)]
    pub defender: Side,
    /// How the game ends on the wrong move, for the solver (`None`: it goes on to the reply).
    #[serde(skip)]
    pub ending: Option<Ending>,
    /// What the puzzle's proof says of the solution's move at that point.
    #[serde(skip)]
    pub claim: Claim,
}

/// How a wrong move that ends the game ends it, for the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The solver wins all the same (by less than the puzzle asks).
    Win,
    /// The solver loses.
    Loss,
    /// A draw.
    Draw,
}

/// What the proof of a puzzle says of the solution's move: the `why` of a refutation ends with
/// it ("only c wins by 4 here").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Only it wins by force within this many plies.
    WithinPlies(u32),
    /// Only it wins by this many seeds.
    WinsBy(i32),
    /// Only it wins.
    Wins,
    /// Only it holds the draw; every other move loses.
    HoldsDraw,
    /// Only it keeps the best result.
    Best,
}

/// Why a move cannot be refuted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RefuteError {
    /// The puzzle's position cannot be set up.
    #[error("cannot set up the puzzle: {0}")]
    Setup(String),
    /// No move was given.
    #[error("no move given")]
    Empty,
    /// The moves before the last one leave the solution's line.
    #[error("move {index} ({mv}) is not the solution's move {expected}")]
    OffLine {
        /// Its index among the moves given.
        index: usize,
        /// The move given.
        mv: String,
        /// The solution's move there.
        expected: String,
    },
    /// The last move is not played where the solver is to move in the solution.
    #[error("move {index} is not the solver's move")]
    NotSolver {
        /// Its index among the moves given.
        index: usize,
    },
    /// The last move is the solution's: it is not wrong.
    #[error("{0} is the solution's move, not a wrong one")]
    NotWrong(String),
    /// A move cannot be played.
    #[error("move {index} ({mv}): {reason}")]
    Illegal {
        /// Its index among the moves given.
        index: usize,
        /// The move.
        mv: String,
        /// Why.
        reason: String,
    },
}

/// The refutation of `moves` in `puzzle`: the moves of its solution played so far and, last, a
/// solver's move that is not the solution's.
pub fn refute(puzzle: &Puzzle, moves: &[String]) -> Result<Refutation, RefuteError> {
    let (wrong, before) = moves.split_last().ok_or(RefuteError::Empty)?;
    let k = before.len();
    for (index, (mv, expected)) in before.iter().zip(&puzzle.solution).enumerate() {
        if mv != expected {
            return Err(RefuteError::OffLine {
                index,
                mv: mv.clone(),
                expected: expected.clone(),
            });
        }
    }
    let variant =
        Variant::from_name(&puzzle.variant).map_err(|e| RefuteError::Setup(e.to_string()))?;
    let mut game = variant
        .new_game(&[], Some(&puzzle.position))
        .map_err(|e| RefuteError::Setup(e.to_string()))?;
    let solver = game
        .state()
        .to_move
        .ok_or_else(|| RefuteError::Setup("the game is over in the puzzle's position".into()))?;
    for (index, mv) in before.iter().enumerate() {
        game.play(mv).map_err(|e| RefuteError::Illegal {
            index,
            mv: mv.clone(),
            reason: e.to_string(),
        })?;
    }
    let Some(best) = puzzle.solution.get(k) else {
        return Err(RefuteError::NotSolver { index: k });
    };
    if game.state().to_move != Some(solver) {
        return Err(RefuteError::NotSolver { index: k });
    }
    if wrong == best {
        return Err(RefuteError::NotWrong(wrong.clone()));
    }
    let captured = game.play(wrong).map_err(|e| RefuteError::Illegal {
        index: k,
        mv: wrong.clone(),
        reason: e.to_string(),
    })?;
    let claim = puzzle_claim(puzzle, k);
    let proof = claim_text(claim, best);
    let state = game.state();
    let Some(defender) = state.to_move else {
        let ending = match state.outcome.and_then(|o| o.winner) {
            Some(w) if w == solver => Ending::Win,
            Some(_) => Ending::Loss,
            None => Ending::Draw,
        };
        let end = match ending {
            Ending::Win => "the game ends",
            Ending::Loss => "the game ends and you lose it",
            Ending::Draw => "the game ends in a draw",
        };
        return Ok(Refutation {
            mv: wrong.clone(),
            best: best.clone(),
            reply: None,
            source: "proof",
            captured,
            reply_captured: 0,
            why: format!("{}{end}; {proof}", took(wrong, captured)),
            defender: solver.opponent(),
            ending: Some(ending),
            claim,
        });
    };
    let recorded = (k == 0)
        .then(|| puzzle.refutations.get(wrong).cloned())
        .flatten()
        .filter(|r| state.legal.contains(r));
    let (reply, source) = match recorded {
        Some(r) => (r, "proof"),
        None => {
            let limits = Limits {
                depth: Some(REPLY_DEPTH),
                nodes: Some(REPLY_NODES),
                ..Limits::default()
            };
            let best_reply = analyse_dyn(&game, &limits, None)
                .and_then(|a| a.best)
                .or_else(|| state.legal.first().cloned())
                .ok_or_else(|| RefuteError::Setup("the defender has no move".into()))?;
            (best_reply, "engine")
        }
    };
    let reply_captured = game.play(&reply).map_err(|e| RefuteError::Illegal {
        index: k + 1,
        mv: reply.clone(),
        reason: e.to_string(),
    })?;
    let answer = match reply_captured {
        0 => format!("{} answers {reply}", side_word(defender)),
        1 => format!(
            "{} answers {reply} and captures 1 seed",
            side_word(defender)
        ),
        n => format!(
            "{} answers {reply} and captures {n} seeds",
            side_word(defender)
        ),
    };
    Ok(Refutation {
        mv: wrong.clone(),
        best: best.clone(),
        reply: Some(reply),
        source,
        captured,
        reply_captured,
        why: format!("{}{answer}; {proof}", took(wrong, captured)),
        defender,
        ending: None,
        claim,
    })
}

/// "e captures 2 seeds, but " when the wrong move captures.
fn took(mv: &str, captured: u32) -> String {
    match captured {
        0 => String::new(),
        1 => format!("{mv} captures 1 seed, but "),
        n => format!("{mv} captures {n} seeds, but "),
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
    }
}

/// What the proof of `puzzle` says of the solution's move at index `k` of its line.
fn puzzle_claim(puzzle: &Puzzle, k: usize) -> Claim {
    if let Some(horizon) = puzzle.horizon {
        return Claim::WithinPlies(horizon.saturating_sub(k as u32));
    }
    match (puzzle.goal.as_str(), puzzle.margin) {
        ("win", m) if m > 0 => Claim::WinsBy(m),
        ("win", _) => Claim::Wins,
        ("draw", _) => Claim::HoldsDraw,
        _ => Claim::Best,
    }
}

/// `claim` of the solution's move `best`, in words.
fn claim_text(claim: Claim, best: &str) -> String {
    match claim {
        Claim::WithinPlies(left) => format!("only {best} wins by force within {left} plies here"),
        Claim::WinsBy(m) => format!("only {best} wins by {m} here"),
        Claim::Wins => format!("only {best} wins here"),
        Claim::HoldsDraw => format!("only {best} holds the draw here; every other move loses"),
        Claim::Best => format!("only {best} keeps the best result here"),
    }
}
