//! An exhaustive proof search with the real rules: every move is played with its history
//! ([`mancala_core::advance`]), so the repetition rule and every other end are the game's own.
//!
//! Values are from the side to move's point of view: a win is worth [`WIN`] plus the final
//! margin, a loss minus that, a draw its margin. Transpositions are shared only right after an
//! irreversible move (a capture), where no earlier position can come back and a position's value
//! no longer depends on the path; there, exact endgame tables (entries graded better than
//! [`Exactness::Convention`]) end the search too. A search that runs out of nodes or plies says
//! so, and nothing it returned may then be trusted.

use std::collections::HashMap;

use mancala_core::{advance, History, MoveList, Position, Side, MAX_MOVES};
use mancala_engine::prove::end_value;
pub use mancala_engine::prove::WIN;
use mancala_engine::EngineGame;
use mancala_tablebase::{Exactness, Tablebase};

/// Beyond every value.
pub(crate) const INF: i32 = i32::MAX / 2;
/// Lines longer than this are not followed (the proof is then abandoned): the recursion stays
/// well inside a thread's stack.
const MAX_PLY: usize = 600;

/// A proven result in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3 {
    /// The side to move wins.
    Win,
    /// Nobody wins.
    Draw,
    /// The side to move loses.
    Loss,
}

/// The result class of a value.
#[must_use]
pub fn result_of(v: i32) -> Result3 {
    if v >= WIN {
        Result3::Win
    } else if v <= -WIN {
        Result3::Loss
    } else {
        Result3::Draw
    }
}

/// The table's value of `pos` for its side to move, when its entry is exact with an empty
/// history: the final margin with the game played to the last seed.
fn table_value<P: EngineGame>(table: &Tablebase, pos: &P) -> Option<i32> {
    let p = pos.table_probe(table)?;
    if p.exactness == Exactness::Convention {
        return None;
    }
    let me = pos.to_move()?;
    let s = pos.stores();
    let margin = s[me.index()] as i32 - s[me.opponent().index()] as i32 + p.half_seeds as i32
        - p.seeds as i32;
    Some(match margin.cmp(&0) {
        std::cmp::Ordering::Greater => WIN + margin,
        std::cmp::Ordering::Less => -(WIN - margin),
        std::cmp::Ordering::Equal => 0,
    })
}

/// An exhaustive alpha-beta search to the end of the game within a node budget.
pub struct Prover<'t, P: Position> {
    /// Bounds `(lo, hi)` of positions reached by an irreversible move.
    tt: HashMap<P::Key, (i32, i32)>,
    table: Option<&'t Tablebase>,
    nodes: u64,
    budget: u64,
    exhausted: bool,
    max_ply: usize,
}

impl<'t, P: EngineGame> Prover<'t, P> {
    /// A prover that gives up after `budget` nodes, ending lines at exact entries of `table`.
    #[must_use]
    pub fn new(budget: u64, table: Option<&'t Tablebase>) -> Self {
        Prover {
            tt: HashMap::new(),
            table,
            nodes: 0,
            budget,
            exhausted: false,
            max_ply: 0,
        }
    }

    /// Nodes searched so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// True once the budget (nodes or plies) ran out: no value returned since can be trusted.
    #[must_use]
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// The longest line searched, in plies from the roots.
    #[must_use]
    pub fn max_ply(&self) -> usize {
        self.max_ply
    }

    /// The value of `mv` played in `pos` (whose key is the last of `history`) for `pos`'s side
    /// to move, within `(alpha, beta)`, and the reply that decided it (the opponent's best
    /// move, or the one that refuted a window's bound; `None` when the game ended or the same
    /// side moves again).
    pub fn move_value(
        &mut self,
        pos: &P,
        mv: P::Move,
        history: &mut History<P::Key>,
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<P::Move>) {
        let me = pos.to_move().expect("a game that is not over");
        let mut child = *pos;
        let (effect, token) = advance(&mut child, mv, history);
        let out = match child.to_move() {
            None => (end_value(&child, me), None),
            Some(side) if side == me => {
                let (v, _) = self.search(&child, history, alpha, beta, effect.irreversible, 0);
                (v, None)
            }
            Some(_) => {
                let (v, reply) =
                    self.search(&child, history, -beta, -alpha, effect.irreversible, 0);
                (-v, reply)
            }
        };
        if let Some(t) = token {
            history.pop(t);
        }
        out
    }

    /// The value of `pos` (not over) for its side to move within `(alpha, beta)` and the move
    /// that reached it; `fresh` when no earlier position can come back. At `ply` 0 the position
    /// itself is always searched (never read from the tables), so that the move is known.
    pub fn search(
        &mut self,
        pos: &P,
        history: &mut History<P::Key>,
        mut alpha: i32,
        mut beta: i32,
        fresh: bool,
        ply: usize,
    ) -> (i32, Option<P::Move>) {
        self.nodes += 1;
        self.max_ply = self.max_ply.max(ply);
        if self.nodes >= self.budget || ply >= MAX_PLY {
            self.exhausted = true;
        }
        if self.exhausted {
            return (0, None);
        }
        if fresh && ply > 0 {
            if let Some(v) = self.table.and_then(|t| table_value(t, pos)) {
                return (v, None);
            }
        }
        let key = pos.key();
        let alpha0 = alpha;
        if fresh && ply > 0 {
            if let Some(&(lo, hi)) = self.tt.get(&key) {
                if lo == hi || lo >= beta {
                    return (lo, None);
                }
                if hi <= alpha {
                    return (hi, None);
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
        }
        let me = pos.to_move().expect("a game that is not over");
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        // Captures first, the biggest first.
        let mut order = [(0u32, P::Move::default()); MAX_MOVES];
        let n = moves.len();
        for (slot, &mv) in order.iter_mut().zip(moves.iter()) {
            let mut c = *pos;
            *slot = (c.play_unchecked(mv).captured, mv);
        }
        order[..n].sort_by_key(|c| std::cmp::Reverse(c.0));
        let mut best = -INF;
        let mut best_move = None;
        for &(_, mv) in &order[..n] {
            let mut child = *pos;
            let (effect, token) = advance(&mut child, mv, history);
            let v = match child.to_move() {
                None => end_value(&child, me),
                Some(side) if side == me => {
                    self.search(&child, history, alpha, beta, effect.irreversible, ply + 1)
                        .0
                }
                Some(_) => {
                    -self
                        .search(&child, history, -beta, -alpha, effect.irreversible, ply + 1)
                        .0
                }
            };
            if let Some(t) = token {
                history.pop(t);
            }
            if self.exhausted {
                return (0, None);
            }
            if v > best {
                best = v;
                best_move = Some(mv);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        if fresh && ply > 0 {
            let entry = self.tt.entry(key).or_insert((-INF, INF));
            if best <= alpha0 {
                entry.1 = entry.1.min(best);
            } else if best >= beta {
                entry.0 = entry.0.max(best);
            } else {
                *entry = (best, best);
            }
        }
        (best, best_move)
    }
}

impl<P: EngineGame> Prover<'_, P> {
    /// Whether `me` wins by force within `plies` plies from `pos` (its key the last of
    /// `history`), every move played with the real rules: a game end with `me` as the winner.
    pub fn forced_win(
        &mut self,
        pos: &P,
        history: &mut History<P::Key>,
        me: Side,
        plies: u32,
    ) -> bool {
        self.nodes += 1;
        if self.nodes >= self.budget {
            self.exhausted = true;
        }
        if self.exhausted || plies == 0 {
            return false;
        }
        let Some(side) = pos.to_move() else {
            return false;
        };
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let attacker = side == me;
        for &mv in moves.iter() {
            let wins = self.forced_win_after(pos, mv, history, me, plies);
            if self.exhausted {
                return false;
            }
            if wins == attacker {
                return attacker;
            }
        }
        !attacker
    }

    /// Whether `me` wins by force within `plies` plies (this move the first) after `mv` is
    /// played in `pos`.
    pub fn forced_win_after(
        &mut self,
        pos: &P,
        mv: P::Move,
        history: &mut History<P::Key>,
        me: Side,
        plies: u32,
    ) -> bool {
        let mut child = *pos;
        let (_, token) = advance(&mut child, mv, history);
        let wins = match child.outcome() {
            Some(o) => o.winner == Some(me),
            None => self.forced_win(&child, history, me, plies - 1),
        };
        if let Some(t) = token {
            history.pop(t);
        }
        wins
    }

    /// The fewest plies (from 1 to `max`) within which `me` wins by force after `mv` in `pos`,
    /// `None` when none does.
    pub fn win_distance(
        &mut self,
        pos: &P,
        mv: P::Move,
        history: &mut History<P::Key>,
        me: Side,
        max: u32,
    ) -> Option<u32> {
        (1..=max).find(|&n| self.forced_win_after(pos, mv, history, me, n) && !self.exhausted)
    }
}
