//! The forced line of a puzzle, found and checked on the concrete game type.

use mancala_core::{advance, Game, History, Position, Side};
use mancala_engine::{EngineGame, GameTask};
use mancala_tablebase::Tablebase;

use crate::prove::{Prover, WIN};
use crate::step::{analyse, forced_step, Rejected, Step};
use crate::VerifyError;

/// A puzzle's proven line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    /// The moves: the solver's unique moves and the defender's best replies between them.
    pub moves: Vec<String>,
    /// The exact value of the start for the solver.
    pub value: i32,
    /// Each wrong first move with the reply that refutes it.
    pub refutations: Vec<(String, String)>,
    /// Nodes the proof took.
    pub nodes: u64,
    /// The longest line the proof searched, in plies.
    pub max_ply: usize,
    /// For a forced-win puzzle: the plies within which the first move wins.
    pub horizon: Option<u32>,
}

/// Finds the line of a game's current position (see [`crate::find`]).
pub(crate) struct FindLine<'t> {
    pub table: Option<&'t Tablebase>,
    pub budget: u64,
    pub max_steps: usize,
}

/// Plays `mv` on `pos` with the after-move protocol; true when the game goes on.
fn step<P: Position>(pos: &mut P, mv: P::Move, history: &mut History<P::Key>) -> bool {
    advance(pos, mv, history);
    !pos.is_over()
}

/// A game's current position, its history and the side to move (the solver); `None` when the
/// game is over.
fn start<P: Position>(game: &Game<P>) -> Option<(P, History<P::Key>, Side)> {
    let pos = *game.position();
    let me = pos.to_move()?;
    Some((pos, game.history(), me))
}

/// One move of a puzzle's line, as a checker sees it: on the position before it.
struct LineMove<'a, P: Position> {
    /// The move's index in the line.
    index: usize,
    /// The move as written.
    text: &'a str,
    /// The move.
    mv: P::Move,
    /// The position it is played on.
    pos: &'a P,
    /// Whether the solver plays it (else the defender).
    solver: bool,
}

impl<P: Position> LineMove<'_, P> {
    /// The error for a solver's move that is not the proven `best`.
    fn not_best(&self, best: P::Move) -> VerifyError {
        VerifyError::NotBest {
            index: self.index,
            mv: self.text.to_string(),
            best: best.to_string(),
        }
    }
}

/// Walks a puzzle's line from `pos`: reads each move and checks that it is legal, that the line
/// neither ends with the defender's reply nor goes on after the game is over, and has `judge`
/// check each move before it is played.
fn walk<P: Position>(
    pos: &mut P,
    history: &mut History<P::Key>,
    me: Side,
    solution: &[String],
    mut judge: impl FnMut(&LineMove<'_, P>, &mut History<P::Key>) -> Result<(), VerifyError>,
) -> Result<(), VerifyError> {
    for (index, text) in solution.iter().enumerate() {
        let bad = |index: usize, reason: String| VerifyError::BadMove {
            index,
            mv: solution[index].clone(),
            reason,
        };
        let mv = pos
            .parse_move(text)
            .map_err(|e| bad(index, e.to_string()))?;
        if !pos.is_legal(mv) {
            return Err(bad(index, "not legal".into()));
        }
        let solver = pos.to_move() == Some(me);
        if !solver && index + 1 == solution.len() {
            return Err(bad(index, "the line ends with the defender's reply".into()));
        }
        let m = LineMove {
            index,
            text,
            mv,
            pos: &*pos,
            solver,
        };
        judge(&m, history)?;
        if !step(pos, mv, history) && index + 1 < solution.len() {
            return Err(bad(index + 1, "the game is over".into()));
        }
    }
    Ok(())
}

impl GameTask for FindLine<'_> {
    type Output = Result<Line, Rejected>;

    fn run<P: EngineGame>(self, game: &Game<P>) -> Result<Line, Rejected> {
        let (mut pos, mut history, me) = start(game).ok_or(Rejected::NotUnique)?;
        let mut prover = Prover::<P>::new(self.budget, self.table);
        let first = match analyse(&mut prover, &pos, &mut history) {
            Step::Unique(first) => first,
            Step::NotUnique => return Err(Rejected::NotUnique),
            Step::Unproven => return Err(Rejected::Unproven),
        };
        let mut line = Line {
            moves: vec![first.best.to_string()],
            value: first.value,
            refutations: first
                .wrong
                .iter()
                .filter_map(|(m, r)| Some((m.to_string(), r.as_ref()?.to_string())))
                .collect(),
            nodes: 0,
            max_ply: 0,
            horizon: None,
        };
        let mut unique = first;
        let mut steps = 1;
        while steps < self.max_steps {
            if !step(&mut pos, unique.best, &mut history) {
                break;
            }
            let mut reply_text = None;
            if pos.to_move() != Some(me) {
                let Some(reply) = unique.reply else { break };
                reply_text = Some(reply.to_string());
                if !step(&mut pos, reply, &mut history) {
                    break;
                }
            }
            match analyse(&mut prover, &pos, &mut history) {
                Step::Unique(next) if next.value == line.value => {
                    line.moves.extend(reply_text);
                    line.moves.push(next.best.to_string());
                    unique = next;
                    steps += 1;
                }
                _ => break,
            }
        }
        line.nodes = prover.nodes();
        line.max_ply = prover.max_ply();
        Ok(line)
    }
}

/// Checks a puzzle's line on a game's current position (see [`crate::verify`]).
pub(crate) struct CheckLine<'a, 't> {
    pub solution: &'a [String],
    pub table: Option<&'t Tablebase>,
    pub budget: u64,
}

impl GameTask for CheckLine<'_, '_> {
    type Output = Result<i32, VerifyError>;

    fn run<P: EngineGame>(self, game: &Game<P>) -> Result<i32, VerifyError> {
        let (mut pos, mut history, me) = start(game).ok_or(VerifyError::Over)?;
        let mut prover = Prover::<P>::new(self.budget, self.table);
        let mut value = None;
        walk(&mut pos, &mut history, me, self.solution, |m, history| {
            if !m.solver {
                return Ok(());
            }
            match analyse(&mut prover, m.pos, history) {
                Step::Unproven => Err(VerifyError::Unproven { index: m.index }),
                Step::NotUnique => Err(VerifyError::NotUnique { index: m.index }),
                Step::Unique(u) if u.best != m.mv => Err(m.not_best(u.best)),
                // The defender's reply before this step was best for him exactly when the
                // solver keeps the value he had at the start.
                Step::Unique(u) if value.is_some_and(|v| v != u.value) => {
                    Err(VerifyError::WeakReply { index: m.index - 1 })
                }
                Step::Unique(u) => {
                    value = Some(u.value);
                    Ok(())
                }
            }
        })?;
        value.ok_or(VerifyError::Empty)
    }
}

/// Finds the line of a forced-win puzzle on a game's current position (see
/// [`crate::find_forced`]).
pub(crate) struct FindForced {
    pub budget: u64,
    pub max_plies: u32,
    pub max_steps: usize,
}

/// The defender's reply that puts the solver's forced win furthest away (within `max` plies,
/// the reply included), with that distance counted from after the reply; `None` when a reply
/// escapes it or the budget ran out.
fn longest_defence<P: EngineGame>(
    prover: &mut Prover<'_, P>,
    pos: &P,
    history: &mut History<P::Key>,
    me: Side,
    max: u32,
) -> Option<(P::Move, u32)> {
    let mut best: Option<(P::Move, u32)> = None;
    for &r in pos.legal_move_list().iter() {
        let mut child = *pos;
        let (_, token) = advance(&mut child, r, history);
        let d = match child.outcome() {
            Some(o) if o.winner == Some(me) => Some(0),
            Some(_) => None,
            None => (1..max).find(|&k| prover.forced_win(&child, history, me, k)),
        };
        if let Some(t) = token {
            history.pop(t);
        }
        if prover.exhausted() {
            return None;
        }
        let d = d?;
        if best.is_none_or(|(_, b)| d > b) {
            best = Some((r, d));
        }
    }
    best
}

impl GameTask for FindForced {
    type Output = Result<Line, Rejected>;

    fn run<P: EngineGame>(self, game: &Game<P>) -> Result<Line, Rejected> {
        let (mut pos, mut history, me) = start(game).ok_or(Rejected::NotUnique)?;
        let mut prover = Prover::<P>::new(self.budget, None);
        let (first, horizon) = forced_step(&mut prover, &pos, &mut history, self.max_plies)?;
        let mut line = Line {
            moves: vec![first.to_string()],
            value: WIN,
            refutations: Vec::new(),
            nodes: 0,
            max_ply: 0,
            horizon: Some(horizon),
        };
        let (mut key, mut left) = (first, horizon);
        let mut steps = 1;
        while steps < self.max_steps && left > 1 {
            if !step(&mut pos, key, &mut history) {
                break;
            }
            left -= 1;
            let mut reply_text = None;
            if pos.to_move() != Some(me) {
                let Some((reply, d)) = longest_defence(&mut prover, &pos, &mut history, me, left)
                else {
                    break;
                };
                reply_text = Some(reply.to_string());
                if !step(&mut pos, reply, &mut history) {
                    break;
                }
                left = d;
            }
            match forced_step(&mut prover, &pos, &mut history, left) {
                Ok((next, n)) if n == left => {
                    line.moves.extend(reply_text);
                    line.moves.push(next.to_string());
                    key = next;
                    steps += 1;
                }
                _ => break,
            }
        }
        line.nodes = prover.nodes();
        Ok(line)
    }
}

/// Checks a forced-win puzzle's line (see [`crate::verify`]).
pub(crate) struct CheckForced<'a> {
    pub solution: &'a [String],
    pub horizon: u32,
    pub budget: u64,
}

impl GameTask for CheckForced<'_> {
    type Output = Result<(), VerifyError>;

    fn run<P: EngineGame>(self, game: &Game<P>) -> Result<(), VerifyError> {
        let (mut pos, mut history, me) = start(game).ok_or(VerifyError::Over)?;
        let mut prover = Prover::<P>::new(self.budget, None);
        let mut left = self.horizon;
        walk(&mut pos, &mut history, me, self.solution, |m, history| {
            let i = m.index;
            if m.solver {
                match forced_step(&mut prover, m.pos, history, left) {
                    Err(Rejected::Unproven) => return Err(VerifyError::Unproven { index: i }),
                    Err(Rejected::NotUnique) => return Err(VerifyError::NotUnique { index: i }),
                    Ok((best, _)) if best != m.mv => return Err(m.not_best(best)),
                    Ok((_, n)) if n != left => {
                        return Err(VerifyError::WrongResult {
                            recorded: format!("a win within {left} plies"),
                            proven: format!("a win within {n} plies"),
                        })
                    }
                    Ok(_) => left -= 1,
                }
                return Ok(());
            }
            let (_, d) = longest_defence(&mut prover, m.pos, history, me, left)
                .ok_or(VerifyError::Unproven { index: i })?;
            let mut child = *m.pos;
            let mut h = history.clone();
            advance(&mut child, m.mv, &mut h);
            let mine = (0..left).find(|&k| {
                child.outcome().is_some_and(|o| o.winner == Some(me))
                    || prover.forced_win(&child, &mut h, me, k)
            });
            if mine != Some(d) {
                return Err(VerifyError::WeakReply { index: i });
            }
            left = d;
            Ok(())
        })
    }
}
