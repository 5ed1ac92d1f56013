//! A fixed-capacity move list: move generation never touches the heap.

use core::fmt;
use core::ops::Deref;

/// The most moves any position of any game offers at once.
pub const MAX_MOVES: usize = 32;

/// A list of at most [`MAX_MOVES`] moves stored inline.
///
/// Written by hand rather than taken from a crate because the rules core has no required
/// dependencies and only needs `push` and slice access.
#[derive(Clone, Copy)]
pub struct MoveList<M: Copy + Default> {
    moves: [M; MAX_MOVES],
    len: usize,
}

impl<M: Copy + Default> MoveList<M> {
    /// An empty list.
    #[inline]
    #[must_use]
    pub fn new() -> Self {
        MoveList {
            moves: [M::default(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Panics if the list is full, which no game's rules allow.
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` returns true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(M) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy + Default> Deref for MoveList<M> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        &self.moves[..self.len]
    }
}

impl<M: Copy + Default + fmt::Debug> fmt::Debug for MoveList<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, M: Copy + Default> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
