//! One step of a puzzle: is there exactly one best move in this position, proven?

use mancala_core::{History, MoveList};
use mancala_engine::EngineGame;

use crate::prove::{Prover, INF, WIN};

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// The game is over, or several moves are equally good, or every move loses.
    NotUnique,
    /// The proof did not finish within the budget.
    Unproven,
}

/// A position with exactly one best move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unique<M> {
    /// The best move.
    pub best: M,
    /// Its exact value for the side to move.
    pub value: i32,
    /// The opponent's best reply to it (`None` when the game ends or the mover plays again).
    pub reply: Option<M>,
    /// Every other legal move with the opponent's reply that shows it is worse (when the
    /// opponent moves next).
    pub wrong: Vec<(M, Option<M>)>,
}

/// What [`analyse`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step<M> {
    /// Exactly one move keeps the best result (or, among wins, the best margin).
    Unique(Unique<M>),
    /// Several moves are equally good, or every move loses.
    NotUnique,
    /// The budget ran out.
    Unproven,
}

/// Whether `pos` (its key the last of `history`, not over) has exactly one best move. A best draw must be the only move that does not lose;
/// a best win may share the result with others if it alone reaches its margin.
pub(crate) fn analyse<P: EngineGame>(
    prover: &mut Prover<'_, P>,
    pos: &P,
    history: &mut History<P::Key>,
) -> Step<P::Move> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if moves.len() < 2 {
        return Step::NotUnique;
    }
    // Each move is searched with the window that tells what matters against the best so far:
    // any draw or win while the best is no win (a second non-losing move spoils a draw), the
    // margin of a win above the best win's minus one. A result inside the window is exact.
    let mut values = Vec::with_capacity(moves.len());
    let mut best = -INF;
    for &mv in moves.iter() {
        let alpha = if best >= WIN { best - 1 } else { -WIN };
        let (v, reply) = prover.move_value(pos, mv, history, alpha, INF);
        if prover.exhausted() {
            return Step::Unproven;
        }
        best = best.max(v);
        values.push((mv, v, reply));
    }
    if best <= -WIN {
        return Step::NotUnique;
    }
    let mut at_best = values.iter().filter(|v| v.1 == best);
    let Some(&(best_move, _, reply)) = at_best.next() else {
        return Step::NotUnique;
    };
    if at_best.next().is_some() {
        return Step::NotUnique;
    }
    if best < WIN && values.iter().any(|v| v.0 != best_move && v.1 > -WIN) {
        return Step::NotUnique;
    }
    Step::Unique(Unique {
        best: best_move,
        value: best,
        reply,
        wrong: values
            .iter()
            .filter(|v| v.0 != best_move)
            .map(|v| (v.0, v.2))
            .collect(),
    })
}

/// The only move that wins by force within the fewest plies (at most `max`) in `pos` and that
/// number of plies: [`Rejected::NotUnique`] when two moves do, [`Rejected::Unproven`] when none
/// does within `max` or the budget ran out.
pub(crate) fn forced_step<P: EngineGame>(
    prover: &mut Prover<'_, P>,
    pos: &P,
    history: &mut History<P::Key>,
    max: u32,
) -> Result<(P::Move, u32), Rejected> {
    let me = pos.to_move().ok_or(Rejected::NotUnique)?;
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if moves.len() < 2 {
        return Err(Rejected::NotUnique);
    }
    for n in 1..=max {
        let mut winner = None;
        for &mv in moves.iter() {
            let wins = prover.forced_win_after(pos, mv, history, me, n);
            if prover.exhausted() {
                return Err(Rejected::Unproven);
            }
            if wins {
                if winner.is_some() {
                    return Err(Rejected::NotUnique);
                }
                winner = Some(mv);
            }
        }
        if let Some(mv) = winner {
            return Ok((mv, n));
        }
    }
    Err(Rejected::Unproven)
}
