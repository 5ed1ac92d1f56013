//! Limits: a per-client token bucket for costly requests (creating games), and caps on open
//! WebSocket connections in all and per game.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Past this many tracked clients, full buckets are forgotten (they hold no information).
const MAX_TRACKED: usize = 10_000;

/// Allows each client `burst` requests at once, refilled at `per_minute`.
#[derive(Debug)]
pub struct RateLimiter {
    burst: f64,
    per_sec: f64,
    buckets: Mutex<HashMap<Option<IpAddr>, (f64, Instant)>>,
}

impl RateLimiter {
    /// A limiter; `burst` 0 refuses everything.
    #[must_use]
    pub fn new(burst: u32, per_minute: u32) -> Self {
        RateLimiter {
            burst: f64::from(burst),
            per_sec: f64::from(per_minute) / 60.0,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token for `client` (`None` when the address is unknown); false when none is
    /// left.
    pub fn allow(&self, client: Option<IpAddr>) -> bool {
        let now = Instant::now();
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= MAX_TRACKED {
            let (burst, rate) = (self.burst, self.per_sec);
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < burst
            });
        }
        let (tokens, at) = buckets.entry(client).or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.per_sec).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Caps on open WebSocket connections: in all, and per game.
#[derive(Debug)]
pub struct Connections {
    open: Arc<AtomicUsize>,
    max_total: usize,
    max_per_game: usize,
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The server has `max` connections open.
    #[error("the server has its {max} WebSocket connections open; try again shortly")]
    Total {
        /// The cap.
        max: usize,
    },
    /// The game has `max` watchers.
    #[error("this game has its {max} watchers already; try again shortly")]
    Game {
        /// The cap.
        max: usize,
    },
}

/// One admitted connection; its places are given back when it is dropped.
#[derive(Debug)]
pub struct Admitted {
    counters: [Arc<AtomicUsize>; 2],
}

impl Drop for Admitted {
    fn drop(&mut self) {
        for c in &self.counters {
            c.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

/// Takes one place under `max` in `counter`; false when it is full.
fn take(counter: &AtomicUsize, max: usize) -> bool {
    counter
        .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
            (n < max).then_some(n + 1)
        })
        .is_ok()
}

impl Connections {
    /// At most `max_total` connections in all and `max_per_game` on one game.
    #[must_use]
    pub fn new(max_total: usize, max_per_game: usize) -> Self {
        Connections {
            open: Arc::new(AtomicUsize::new(0)),
            max_total,
            max_per_game,
        }
    }

    /// Admits one more connection to the game whose watchers `game` counts.
    pub fn admit(&self, game: &Arc<AtomicUsize>) -> Result<Admitted, Refused> {
        if !take(&self.open, self.max_total) {
            return Err(Refused::Total {
                max: self.max_total,
            });
        }
        if !take(game, self.max_per_game) {
            self.open.fetch_sub(1, Ordering::AcqRel);
            return Err(Refused::Game {
                max: self.max_per_game,
            });
        }
        Ok(Admitted {
            counters: [Arc::clone(&self.open), Arc::clone(game)],
        })
    }

    /// Admits one more connection to a group whose members `group` counts, at most `max` of
    /// them (the lobby's watchers).
    pub fn admit_to(&self, group: &Arc<AtomicUsize>, max: usize) -> Result<Admitted, Refused> {
        if !take(&self.open, self.max_total) {
            return Err(Refused::Total {
                max: self.max_total,
            });
        }
        if !take(group, max) {
            self.open.fetch_sub(1, Ordering::AcqRel);
            return Err(Refused::Game { max });
        }
        Ok(Admitted {
            counters: [Arc::clone(&self.open), Arc::clone(group)],
        })
    }

    /// Connections open now.
    #[must_use]
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Acquire)
    }

    /// The caps, `(in all, per game)`.
    #[must_use]
    pub fn caps(&self) -> (usize, usize) {
        (self.max_total, self.max_per_game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_refusal_per_client() {
        let l = RateLimiter::new(3, 1);
        let a = Some("127.0.0.1".parse().unwrap());
        let b = Some("127.0.0.2".parse().unwrap());
        assert!((0..3).all(|_| l.allow(a)));
        assert!(!l.allow(a));
        assert!(l.allow(b));
    }

    #[test]
    fn connections_are_capped_in_all_and_per_game() {
        let c = Connections::new(3, 2);
        let (g1, g2) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let a = c.admit(&g1).unwrap();
        let b = c.admit(&g1).unwrap();
        assert_eq!(c.admit(&g1).unwrap_err(), Refused::Game { max: 2 });
        // The refused attempt gave its place back.
        assert_eq!(c.open(), 2);
        let d = c.admit(&g2).unwrap();
        assert_eq!(c.admit(&g2).unwrap_err(), Refused::Total { max: 3 });
        drop(a);
        assert_eq!((c.open(), g1.load(Ordering::Acquire)), (2, 1));
        let e = c.admit(&g2).unwrap();
        assert_eq!(g2.load(Ordering::Acquire), 2);
        drop((b, d, e));
        assert_eq!(c.open(), 0);
        assert_eq!(g1.load(Ordering::Acquire) + g2.load(Ordering::Acquire), 0);
    }
}
