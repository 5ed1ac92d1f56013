//! Where the time of move requests goes: counters summed over every move posted to this
//! instance, read by the load test (see `examples/load.rs`) to tell waiting for the game's
//! turn, checking the move and waiting for the store apart, and a histogram of the handler's
//! time (its percentiles: the server's own latency, without the network or the client).
//! Lock-free and allocation-free: a few atomic additions per move.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The running sums (see [`MoveTimings`] for their meaning).
#[derive(Debug)]
pub(crate) struct MoveCounters {
    moves: AtomicU64,
    total_ns: AtomicU64,
    queued_ns: AtomicU64,
    locked_ns: AtomicU64,
    store_ns: AtomicU64,
    max_store_ns: AtomicU64,
    /// Move requests by the handler's time: bucket `i` counts the times of
    /// [`bucket_of`] `i`.
    histogram: [AtomicU64; BUCKETS],
}

/// Buckets of the histogram: four per doubling of the time in microseconds (each about 19 %
/// wide), from 1 µs to about 70 s (the last bucket takes any longer time).
pub const BUCKETS: usize = 105;

/// The bucket of a time: 0 for under 1 µs, then `4 * log2(µs)` rounded down, plus one.
fn bucket_of(d: Duration) -> usize {
    let us = d.as_secs_f64() * 1e6;
    if us < 1.0 {
        return 0;
    }
    // Truncation intended: the bucket's lower bound.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let i = (us.log2() * 4.0).floor() as usize + 1;
    i.min(BUCKETS - 1)
}

/// The upper bound of bucket `i` (see [`bucket_of`]).
fn bucket_top(i: usize) -> Duration {
    #[allow(clippy::cast_precision_loss)]
    let us = 2f64.powf(i as f64 / 4.0);
    Duration::from_secs_f64(us / 1e6)
}

impl Default for MoveCounters {
    fn default() -> Self {
        MoveCounters {
            moves: AtomicU64::new(0),
            total_ns: AtomicU64::new(0),
            queued_ns: AtomicU64::new(0),
            locked_ns: AtomicU64::new(0),
            store_ns: AtomicU64::new(0),
            max_store_ns: AtomicU64::new(0),
            histogram: std::array::from_fn(|_| AtomicU64::new(0)),
        }
    }
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
        self.histogram[bucket_of(total)].fetch_add(1, Ordering::Relaxed);
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
            histogram: std::array::from_fn(|i| self.histogram[i].load(Ordering::Relaxed)),
        }
    }
}

/// Sums over the moves posted to one instance (`POST /api/games/{id}/moves` that reached the
/// game), from the handler's start to its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// How many move requests took each time in the handler (see [`MoveTimings::percentile`]).
    pub histogram: [u64; BUCKETS],
}

impl Default for MoveTimings {
    fn default() -> Self {
        MoveTimings {
            moves: 0,
            total: Duration::ZERO,
            queued: Duration::ZERO,
            locked: Duration::ZERO,
            store: Duration::ZERO,
            max_store: Duration::ZERO,
            histogram: [0; BUCKETS],
        }
    }
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
            histogram: std::array::from_fn(|i| self.histogram[i] + other.histogram[i]),
        }
    }

    /// The moves counted since `before` (an earlier snapshot of the same instance); the
    /// longest recording is the longest since the start.
    #[must_use]
    pub fn since(self, before: MoveTimings) -> MoveTimings {
        MoveTimings {
            moves: self.moves.saturating_sub(before.moves),
            total: self.total.saturating_sub(before.total),
            queued: self.queued.saturating_sub(before.queued),
            locked: self.locked.saturating_sub(before.locked),
            store: self.store.saturating_sub(before.store),
            max_store: self.max_store,
            histogram: std::array::from_fn(|i| {
                self.histogram[i].saturating_sub(before.histogram[i])
            }),
        }
    }

    /// The time in the handler that a fraction `p` (0 to 1) of the move requests did not
    /// exceed, to the histogram's resolution (the upper bound of its bucket, at most 19 % above
    /// the true figure); zero when none was counted.
    #[must_use]
    pub fn percentile(&self, p: f64) -> Duration {
        let n: u64 = self.histogram.iter().sum();
        if n == 0 {
            return Duration::ZERO;
        }
        #[allow(
            clippy::cast_precision_loss,
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss
        )]
        let rank = ((n as f64 * p.clamp(0.0, 1.0)).ceil() as u64).max(1);
        let mut seen = 0;
        for (i, &c) in self.histogram.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return bucket_top(i);
            }
        }
        bucket_top(BUCKETS - 1)
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
        // Both within a bucket's width (19 %) above the true figure.
        let p50 = t.percentile(0.5);
        assert!(p50 >= ms(10) && p50 <= ms(12), "{p50:?}");
        let p99 = t.percentile(0.99);
        assert!(p99 >= ms(20) && p99 <= ms(24), "{p99:?}");
        let later = {
            c.add(ms(1000), ms(0), ms(0), ms(0));
            c.snapshot().since(t)
        };
        assert_eq!(later.moves, 1);
        let p = later.percentile(0.5);
        assert!(p >= ms(1000) && p <= ms(1190), "{p:?}");
        assert_eq!(MoveTimings::default().percentile(0.99), Duration::ZERO);
        let both = t.plus(MoveTimings {
            moves: 1,
            max_store: ms(9),
            ..MoveTimings::default()
        });
        assert_eq!((both.moves, both.max_store, both.total), (3, ms(9), ms(30)));
        assert_eq!(both.percentile(1.0), t.percentile(1.0));
    }

    #[test]
    fn buckets_cover_every_time_in_order() {
        assert_eq!(bucket_of(Duration::ZERO), 0);
        assert_eq!(bucket_of(Duration::from_secs(10_000)), BUCKETS - 1);
        let mut last = 0;
        for us in [1, 2, 3, 10, 100, 1_000, 12_345, 1_000_000, 30_000_000] {
            let d = Duration::from_micros(us);
            let i = bucket_of(d);
            assert!(i >= last && i < BUCKETS - 1, "{us} µs: bucket {i}");
            assert!(bucket_top(i) >= d, "{us} µs above bucket {i}");
            assert!(bucket_top(i).as_secs_f64() <= d.as_secs_f64() * 1.19 + 1e-9);
            last = i;
        }
    }
}
