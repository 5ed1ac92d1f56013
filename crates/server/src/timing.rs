//! Where the time of move requests goes: counters summed over every move posted to this
//! instance, read by the load test (see `examples/load.rs`) to tell waiting for the game's
//! turn, checking the move and waiting for the store apart. Lock-free and allocation-free: a
//! few atomic additions per move.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The running sums (see [`MoveTimings`] for their meaning).
#[derive(Debug, Default)]
pub(crate) struct MoveCounters {
    moves: AtomicU64,
    total_ns: AtomicU64,
    queued_ns: AtomicU64,
    locked_ns: AtomicU64,
    store_ns: AtomicU64,
    max_store_ns: AtomicU64,
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

impl MoveCounters {
    /// Adds one move request's figures.
    pub(crate) fn add(&self, total: Duration, queued: Duration, locked: Duration, store: Duration) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        self.total_ns.fetch_add(nanos(total), Ordering::Relaxed);
        self.queued_ns.fetch_add(nanos(queued), Ordering::Relaxed);
        self.locked_ns.fetch_add(nanos(locked), Ordering::Relaxed);
        self.store_ns.fetch_add(nanos(store), Ordering::Relaxed);
        self.max_store_ns.fetch_max(nanos(store), Ordering::Relaxed);
    }

    /// The sums so far.
    pub(crate) fn snapshot(&self) -> MoveTimings {
        let get = |a: &AtomicU64| Duration::from_nanos(a.load(Ordering::Relaxed));
        MoveTimings {
            moves: self.moves.load(Ordering::Relaxed),
            total: get(&self.total_ns),
            queued: get(&self.queued_ns),
            locked: get(&self.locked_ns),
            store: get(&self.store_ns),
            max_store: get(&self.max_store_ns),
        }
    }
}

/// Sums over the moves posted to one instance (`POST /api/games/{id}/moves` that reached the
/// game), from the handler's start to its answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveTimings {
    /// Move requests counted.
    pub moves: u64,
    /// Time in the handler in all (finding the game, checking the seat, the work below).
    pub total: Duration,
    /// Time waiting for the game's turn (another move of the game being checked and recorded).
    pub queued: Duration,
    /// Time checking the move and playing it on a copy of the game, under the game's lock
    /// (waiting for it included: a read-back or another request may hold it).
    pub locked: Duration,
    /// Time recording the moves in the store (connection, round trip, commit).
    pub store: Duration,
    /// The longest single recording.
    pub max_store: Duration,
}

impl MoveTimings {
    /// The sums of `self` and `other` (several instances).
    #[must_use]
    pub fn plus(self, other: MoveTimings) -> MoveTimings {
        MoveTimings {
            moves: self.moves + other.moves,
            total: self.total + other.total,
            queued: self.queued + other.queued,
            locked: self.locked + other.locked,
            store: self.store + other.store,
            max_store: self.max_store.max(other.max_store),
        }
    }

    /// The mean of each part per move, in milliseconds: `(total, queued, locked, store)`.
    #[must_use]
    pub fn mean_ms(&self) -> (f64, f64, f64, f64) {
        let n = self.moves.max(1) as f64;
        let ms = |d: Duration| d.as_secs_f64() * 1000.0 / n;
        (
            ms(self.total),
            ms(self.queued),
            ms(self.locked),
            ms(self.store),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_sum_moves_and_keep_the_longest_store() {
        let c = MoveCounters::default();
        let ms = Duration::from_millis;
        c.add(ms(10), ms(1), ms(2), ms(3));
        c.add(ms(20), ms(3), ms(0), ms(7));
        let t = c.snapshot();
        assert_eq!(
            (t.moves, t.total, t.store, t.max_store),
            (2, ms(30), ms(10), ms(7))
        );
        let (total, queued, locked, store) = t.mean_ms();
        assert_eq!((total, queued, locked, store), (15.0, 2.0, 1.0, 5.0));
        let both = t.plus(MoveTimings {
            moves: 1,
            max_store: ms(9),
            ..MoveTimings::default()
        });
        assert_eq!((both.moves, both.max_store, both.total), (3, ms(9), ms(30)));
    }
}
