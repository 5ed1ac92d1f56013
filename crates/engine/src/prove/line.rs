//! The line being searched: its positions, indexed for the repetition rule, and one move
//! played on it with the rules' after-move protocol.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash};

use mancala_core::{History, MoveEffect, Position, Side};

use super::keys::KeyHasher;
use super::value::end_value;

/// A position repeated and the rules let the game go on.
pub(super) struct Endless;

/// The positions of the line being searched: a [`History`] with an index of where each key
/// last occurred.
///
/// Written here rather than used from the core: [`History::position`] scans the keys since the
/// last capture, which is what a game needs (a few dozen keys), while the prover's lines run
/// for tens of thousands of plies between captures (Awari with 2 or 3 seeds per pit), where a
/// scan at every move made a search quadratic in its depth.
pub(super) struct Line<K> {
    pub(super) history: History<K>,
    /// Per key, the index of its last occurrence among all the keys held.
    pub(super) at: HashMap<K, usize, BuildHasherDefault<KeyHasher>>,
    /// Per key held after the first, the index its key had in `at` before it was pushed.
    saved: Vec<Option<usize>>,
}

impl<K: Copy + Eq + Hash> Line<K> {
    /// A line holding only `start`.
    pub(super) fn new(start: K) -> Self {
        let mut at = HashMap::default();
        at.insert(start, 0);
        Line {
            history: History::new(start),
            at,
            saved: Vec::new(),
        }
    }

    /// The index of the first key since the last irreversible move.
    #[inline]
    pub(super) fn floor(&self) -> usize {
        self.history.len() - self.history.recent().len()
    }

    /// Where `key` occurred since the last irreversible move ([`History::position`]).
    #[inline]
    pub(super) fn position(&self, key: &K) -> Option<usize> {
        let floor = self.floor();
        self.at.get(key).copied().filter(|&i| i >= floor)
    }

    /// Whether `key` occurred since the last irreversible move.
    #[inline]
    pub(super) fn contains(&self, key: &K) -> bool {
        self.position(key).is_some()
    }

    /// Records a new position ([`History::push`]).
    #[inline]
    pub(super) fn push(&mut self, key: K, irreversible: bool) -> usize {
        self.saved.push(self.at.insert(key, self.history.len()));
        self.history.push(key, irreversible)
    }

    /// Undoes the matching [`Line::push`].
    #[inline]
    pub(super) fn pop(&mut self, token: usize) {
        let key = *self.history.recent().last().expect("a pushed key");
        self.history.pop(token);
        match self.saved.pop().flatten() {
            Some(i) => self.at.insert(key, i),
            None => self.at.remove(&key),
        };
    }

    /// The keys since the last irreversible move ([`History::recent`]).
    pub(super) fn recent(&self) -> &[K] {
        self.history.recent()
    }

    /// Number of keys held ([`History::len`]).
    pub(super) fn len(&self) -> usize {
        self.history.len()
    }
}

/// What [`advance_keyed`] did.
pub(super) struct Step<K> {
    /// The move's effect (irreversible also after a repetition that did not end the game).
    pub(super) effect: MoveEffect,
    /// When the game goes on: the history token and the key pushed.
    pub(super) pushed: Option<(usize, K)>,
    /// The index in the history of the position the move repeated, if it did.
    pub(super) repeated: Option<usize>,
    /// For a quiet move whose game goes on: South's end value had the position reached been a
    /// repetition (`None` when the rules do not end a game by repetition).
    pub(super) rep_value: Option<i32>,
}

/// [`mancala_core::advance`], also returning the key it pushed on the history (the history set
/// of the new position is the one the transposition table keys on), which position it
/// repeated and what a repetition of the position reached would give.
#[inline]
pub(super) fn advance_keyed<P: Position>(
    pos: &mut P,
    mv: P::Move,
    history: &mut Line<P::Key>,
) -> Result<Step<P::Key>, Endless> {
    let effect = pos.play_unchecked(mv);
    let mut step = Step {
        effect,
        pushed: None,
        repeated: None,
        rep_value: None,
    };
    if pos.is_over() {
        return Ok(step);
    }
    let key = pos.key();
    if !effect.irreversible {
        if let Some(at) = history.position(&key) {
            step.repeated = Some(at);
            if !pos.end_by_repetition() {
                return Err(Endless);
            }
            if pos.is_over() {
                return Ok(step);
            }
            step.effect.irreversible = true;
            pos.settle();
            if pos.is_over() {
                return Ok(step);
            }
            let key = pos.key();
            step.pushed = Some((history.push(key, true), key));
            return Ok(step);
        }
        let mut r = *pos;
        if r.end_by_repetition() && r.is_over() {
            step.rep_value = Some(end_value(&r, Side::South));
        }
    }
    pos.settle();
    if pos.is_over() {
        return Ok(step);
    }
    step.pushed = Some((history.push(key, effect.irreversible), key));
    Ok(step)
}
