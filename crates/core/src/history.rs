//! The repetition history that perft, search and games share.

/// The keys of the positions that the repetition rule compares against: those since the last
/// irreversible move, the current position included.
///
/// Used as a stack by perft and search: [`push`](History::push) returns a token for
/// [`pop`](History::pop). Capacity grows once and is then reused, so the hot path allocates
/// nothing.
#[derive(Clone, Debug)]
pub struct History<K> {
    keys: Vec<K>,
    floor: usize,
}

impl<K: Copy + Eq> History<K> {
    /// A history holding only the start position's key.
    pub fn new(start: K) -> Self {
        let mut keys = Vec::with_capacity(256);
        keys.push(start);
        History { keys, floor: 0 }
    }

    /// Whether `key` occurred since the last irreversible move.
    #[inline]
    pub fn contains(&self, key: &K) -> bool {
        self.keys[self.floor..].iter().rev().any(|k| k == key)
    }

    /// Where `key` occurred since the last irreversible move: its index among all the keys
    /// held (the most recent occurrence).
    #[inline]
    #[must_use]
    pub fn position(&self, key: &K) -> Option<usize> {
        self.keys[self.floor..]
            .iter()
            .rposition(|k| k == key)
            .map(|i| i + self.floor)
    }

    /// Records a new position; returns the token that [`pop`](History::pop) needs.
    #[inline]
    pub fn push(&mut self, key: K, irreversible: bool) -> usize {
        let token = self.floor;
        if irreversible {
            self.floor = self.keys.len();
        }
        self.keys.push(key);
        token
    }

    /// Undoes the matching [`push`](History::push).
    #[inline]
    pub fn pop(&mut self, token: usize) {
        self.keys.pop();
        self.floor = token;
    }

    /// The keys since the last irreversible move, oldest first, the current position's last.
    #[must_use]
    pub fn recent(&self) -> &[K] {
        &self.keys[self.floor..]
    }

    /// Number of keys held (since the very start, not only since the floor).
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Never true: the start position is always held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    #[test]
    fn position_finds_keys_since_the_last_irreversible_move_only() {
        let mut h = History::new(1u32);
        h.push(2, false);
        let token = h.push(3, true);
        let token4 = h.push(4, false);
        // 1 and 2 lie before the capture that reached 3.
        assert_eq!(h.position(&1), None);
        assert_eq!(h.position(&2), None);
        assert_eq!(h.position(&3), Some(2));
        assert_eq!(h.position(&4), Some(3));
        assert_eq!(h.position(&5), None);
        h.pop(token4);
        h.pop(token);
        // Back before the capture: 2 and 1 count again.
        assert_eq!(h.position(&2), Some(1));
        assert_eq!(h.position(&1), Some(0));
    }
}
