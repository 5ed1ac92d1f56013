//! The [`Position`] trait every game implements, and perft written once over it.

use core::fmt;
use core::hash::Hash;

use crate::extras::Extras;
use crate::history::History;
use crate::options::OptionInfo;
use crate::{
    EndReason, Illegal, MoveList, Outcome, ParseMoveError, ParsePositionError, RuleError, Side,
};

/// What a move did, as far as the history needs to know.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveEffect {
    /// Seeds captured by the move (all captures, whoever received them).
    pub captured: u32,
    /// True when no earlier position can ever recur after this move (e.g. a capture changed the
    /// scores, which are part of the repetition key). The history may then forget older keys.
    pub irreversible: bool,
}

/// A game's rule options: a small `Copy` value, validated when set, cheap to read in hot paths.
pub trait RuleSet: Copy + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// Every option with its current value, in a stable order.
    fn options(&self) -> Vec<OptionInfo>;
    /// Sets option `name` to `value` (names and values as in the rules specification).
    fn set(&mut self, name: &str, value: &str) -> Result<(), RuleError>;
}

/// A position of one game: the whole state the rules depend on, except the history of earlier
/// positions (see [`crate::Game`]).
///
/// Required methods are few; everything else is provided. The protocol after a move is:
/// [`play_unchecked`](Position::play_unchecked); if the game is not over and the new
/// [`key`](Position::key) occurred before, [`end_by_repetition`](Position::end_by_repetition);
/// then [`settle`](Position::settle), which applies the rule for a player who has no legal move.
/// A settled position that is not over always has at least one legal move.
pub trait Position: Copy + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// A move (a pit, or a set-up action).
    type Move: Copy + Default + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// The repetition key: everything the first-repetition rule compares.
    type Key: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    /// The rule options.
    type Rules: RuleSet;

    /// The start position under `rules`.
    fn new(rules: Self::Rules) -> Self;
    /// Reads a position string (see each game's module for its notation), settled.
    fn from_notation(text: &str, rules: Self::Rules) -> Result<Self, ParsePositionError>;
    /// The rules in force.
    fn rules(&self) -> &Self::Rules;
    /// The player to move, or `None` when the game is over.
    fn to_move(&self) -> Option<Side>;
    /// Appends every legal move, in a stable order (pit order). Empty when over.
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);
    /// Whether `mv` is legal, and why not.
    fn check_move(&self, mv: Self::Move) -> Result<(), Illegal>;
    /// Plays a legal move (sowing, captures, end checks that depend on the move alone).
    fn play_unchecked(&mut self, mv: Self::Move) -> MoveEffect;
    /// Records the sowing of the legal move `mv` step by step (lifts, drops, captures, ...) into
    /// `trace`, as [`play_unchecked`](Position::play_unchecked) plays it. What the rules do to the
    /// board after the sowing (a game or round end, a set-up) is not recorded here:
    /// [`crate::variant::DynGame::sowing`] adds it as a final jump. Not for search: it allocates.
    fn sowing_trace(&self, mv: Self::Move, trace: &mut crate::trace::SowTrace);
    /// The key compared by the repetition rule.
    fn key(&self) -> Self::Key;
    /// Ends the game because its position repeated, scoring it by the rules. Returns false (and
    /// changes nothing) when the rules have no repetition ending. A game made of phases (Ba-awa's
    /// rounds) may end only the phase and go on: the position is then a fresh start.
    fn end_by_repetition(&mut self) -> bool;
    /// Applies the rule for a player to move who has no legal move (end, pass, ...), and any
    /// end that does not depend on the move (e.g. `max_plies`).
    fn settle(&mut self);
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Reads a move written as text (a pit letter, or a set-up action).
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseMoveError>;
    /// Seeds per pit, in the index order of the rules specification (South's row first).
    fn pits(&self) -> &[u8];
    /// Seeds captured (or scored) by South and North.
    fn stores(&self) -> [u32; 2];
    /// Extra state for front ends and traces (ownership, phase, ...), typed per game.
    fn extras(&self) -> Extras {
        Extras::None
    }

    /// The result if both players agree to end the game in this position (the Oware rules text:
    /// "by mutual agreement players can end the game, too, at any time. In that case each player
    /// scores the remaining seeds on the own row"). The default adds to each player's
    /// [`stores`](Position::stores) the seeds on his own row (South's row is the first half of
    /// [`pits`](Position::pits)); more wins, equal is a draw. A game whose pits can belong to the
    /// other row's player (Ba-awa) overrides it.
    fn agreement_outcome(&self) -> Outcome {
        let pits = self.pits();
        let row = pits.len() / 2;
        let own = |range: core::ops::Range<usize>| -> u32 {
            pits[range].iter().map(|&x| u32::from(x)).sum()
        };
        let stores = self.stores();
        Outcome::by_scores(
            [stores[0] + own(0..row), stores[1] + own(row..pits.len())],
            EndReason::Agreement,
        )
    }

    /// True when the game is over.
    #[inline]
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal moves as a list.
    #[inline]
    fn legal_move_list(&self) -> MoveList<Self::Move> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list
    }

    /// The number of legal moves (what perft counts at its last ply).
    #[inline]
    fn count_legal(&self) -> usize {
        self.legal_move_list().len()
    }

    /// Perft of depth 2 from this (settled) position with this history: the legal replies summed
    /// over every legal move. A game may override it with a faster equivalent; the meaning is
    /// [`perft2_generic`]'s.
    fn perft2(&self, history: &mut History<Self::Key>) -> u64 {
        perft2_generic(self, history)
    }

    /// Whether `mv` is legal.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Plays `mv` after checking it, then settles the result. Repetition is not checked (a lone
    /// position has no history); use [`crate::Game`] for that.
    fn play(&mut self, mv: Self::Move) -> Result<MoveEffect, Illegal> {
        self.check_move(mv)?;
        let effect = self.play_unchecked(mv);
        self.settle();
        Ok(effect)
    }
}

/// Counts the sequences of exactly `depth` legal moves from `pos` (rules.md perft convention),
/// with `pos` as the only position in the repetition history.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    let mut history = History::new(pos.key());
    perft_with_history(pos, depth, &mut history)
}

/// [`perft`] continuing an existing repetition history (whose last key is `pos`'s).
pub fn perft_with_history<P: Position>(pos: &P, depth: u32, history: &mut History<P::Key>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal() as u64;
    }
    if depth == 2 {
        return pos.perft2(history);
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = *pos;
        if let (_, Some(token)) = advance(&mut child, mv, history) {
            total += perft_with_history(&child, depth - 1, history);
            history.pop(token);
        }
    }
    total
}

/// Perft of depth 2 by definition: every legal move played with the full after-move protocol,
/// and the legal replies of each child that goes on counted (bulk counting at the last ply).
pub fn perft2_generic<P: Position>(pos: &P, history: &mut History<P::Key>) -> u64 {
    let mut total = 0;
    for &mv in pos.legal_move_list().iter() {
        let mut child = *pos;
        if let (_, Some(token)) = advance(&mut child, mv, history) {
            total += child.count_legal() as u64;
            history.pop(token);
        }
    }
    total
}

/// Plays `mv` on `pos` with the full after-move protocol of the rules: the move itself, then the
/// first-repetition rule against `history`, then [`Position::settle`]. Returns what the move did
/// and, when the game goes on, the token to [`History::pop`] (nothing is pushed when it ended).
#[inline]
pub fn advance<P: Position>(
    pos: &mut P,
    mv: P::Move,
    history: &mut History<P::Key>,
) -> (MoveEffect, Option<usize>) {
    let effect = pos.play_unchecked(mv);
    if pos.is_over() {
        return (effect, None);
    }
    let key = pos.key();
    if !effect.irreversible && history.contains(&key) && pos.end_by_repetition() {
        if pos.is_over() {
            return (effect, None);
        }
        // The repetition ended a phase (a Ba-awa round) but not the game: what follows is a
        // fresh start that no earlier position can repeat.
        let effect = MoveEffect {
            irreversible: true,
            ..effect
        };
        pos.settle();
        if pos.is_over() {
            return (effect, None);
        }
        return (effect, Some(history.push(pos.key(), true)));
    }
    pos.settle();
    if pos.is_over() {
        return (effect, None);
    }
    (effect, Some(history.push(key, effect.irreversible)))
}

/// Perft split by first move: one `(move, count)` per legal move, in move order.
pub fn perft_divide<P: Position>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
    perft_divide_with_history(pos, depth, &mut History::new(pos.key()))
}

/// [`perft_divide`] continuing an existing repetition history (whose last key is `pos`'s).
pub fn perft_divide_with_history<P: Position>(
    pos: &P,
    depth: u32,
    history: &mut History<P::Key>,
) -> Vec<(P::Move, u64)> {
    let mut out = Vec::new();
    for &mv in pos.legal_move_list().iter() {
        let mut child = *pos;
        let count = if depth <= 1 {
            1
        } else {
            match advance(&mut child, mv, history).1 {
                Some(token) => {
                    let n = perft_with_history(&child, depth - 1, history);
                    history.pop(token);
                    n
                }
                None => 0,
            }
        };
        out.push((mv, count));
    }
    out
}

/// The [`Position`] methods every game implements the same way from its fields `rules`, `side`
/// (the player to move) and `over` (the outcome once over): `rules`, `to_move` and `outcome`.
/// With `pits`, also `parse_move` and `pits` for a game whose moves are the pits of a two-row
/// board (`Pit<$n>`) and whose field `pits` holds the seeds.
macro_rules! position_basics {
    ($rules:ty) => {
        fn rules(&self) -> &$rules {
            &self.rules
        }

        #[inline]
        fn to_move(&self) -> Option<$crate::Side> {
            if self.over.is_some() {
                None
            } else {
                Some(self.side)
            }
        }

        #[inline]
        fn outcome(&self) -> Option<$crate::Outcome> {
            self.over
        }
    };
    ($rules:ty, pits $n:literal) => {
        $crate::position::position_basics!($rules);

        fn parse_move(&self, text: &str) -> Result<Self::Move, $crate::ParseMoveError> {
            $crate::sow::Pit::<$n>::parse(text)
        }

        fn pits(&self) -> &[u8] {
            &self.pits[..]
        }
    };
}
pub(crate) use position_basics;
