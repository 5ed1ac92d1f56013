//! Limits: a per-client token bucket for costly requests (creating games), caps on open
//! WebSocket connections in all and per game, and caps on what one client address may hold open
//! at once ([`PerAddress`]: connections, WebSockets, proofs).

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

/// Caps on open WebSocket connections: in all, per game, and per client address.
#[derive(Debug)]
pub struct Connections {
    open: Arc<AtomicUsize>,
    max_total: usize,
    max_per_game: usize,
    per_address: PerAddress,
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
    /// The client's address has `max` connections open.
    #[error("this address has its {max} WebSocket connections open already; close one first")]
    Address {
        /// The cap.
        max: usize,
    },
}

/// One admitted connection; its places are given back when it is dropped.
#[derive(Debug)]
pub struct Admitted {
    counters: [Arc<AtomicUsize>; 2],
    _address: Slot,
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
    /// At most `max_total` connections in all, `max_per_game` on one game and
    /// `max_per_address` from one client address (0: no cap per address).
    #[must_use]
    pub fn new(max_total: usize, max_per_game: usize, max_per_address: usize) -> Self {
        Connections {
            open: Arc::new(AtomicUsize::new(0)),
            max_total,
            max_per_game,
            per_address: PerAddress::new(max_per_address),
        }
    }

    /// Admits one more connection from `client` to the game whose watchers `game` counts.
    pub fn admit(
        &self,
        game: &Arc<AtomicUsize>,
        client: Option<IpAddr>,
    ) -> Result<Admitted, Refused> {
        self.admit_to(game, self.max_per_game, client)
    }

    /// Admits one more connection from `client` to a group whose members `group` counts, at
    /// most `max` of them (a game's watchers, the lobby's).
    pub fn admit_to(
        &self,
        group: &Arc<AtomicUsize>,
        max: usize,
        client: Option<IpAddr>,
    ) -> Result<Admitted, Refused> {
        let address = self.per_address.take(client).ok_or(Refused::Address {
            max: self.per_address.max(),
        })?;
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
            _address: address,
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

    /// The cap per client address (0: none).
    #[must_use]
    pub fn max_per_address(&self) -> usize {
        self.per_address.max()
    }
}

/// A cap on what one client address holds at once (open connections, WebSockets, proofs
/// running): each [`Slot`] taken counts until it is dropped. Addresses holding nothing are
/// forgotten, so the map is as large as the addresses holding something. A cap of 0 is no cap.
#[derive(Debug)]
pub struct PerAddress {
    max: usize,
    held: Held,
}

/// The places each address holds.
type Held = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// One place held by an address in a [`PerAddress`]; given back when dropped.
#[derive(Debug)]
pub struct Slot {
    held: Option<(Held, IpAddr)>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let Some((held, ip)) = self.held.take() else {
            return;
        };
        let mut held = held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = held.get_mut(&ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                held.remove(&ip);
            }
        }
    }
}

impl PerAddress {
    /// At most `max` at once per address (0: no cap).
    #[must_use]
    pub fn new(max: usize) -> Self {
        PerAddress {
            max,
            held: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// The cap (0: none).
    #[must_use]
    pub fn max(&self) -> usize {
        self.max
    }

    /// Takes one place for `ip`; `None` when it holds its `max` already. An unknown address
    /// (`None`) and a cap of 0 always get a place, not counted.
    pub fn take(&self, ip: Option<IpAddr>) -> Option<Slot> {
        let Some(ip) = ip.filter(|_| self.max > 0) else {
            return Some(Slot { held: None });
        };
        let mut held = self
            .held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = held.entry(ip).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(Slot {
            held: Some((Arc::clone(&self.held), ip)),
        })
    }

    /// Places `ip` holds now.
    #[must_use]
    pub fn held(&self, ip: IpAddr) -> usize {
        self.held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&ip)
            .copied()
            .unwrap_or(0)
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
        let c = Connections::new(3, 2, 0);
        let (g1, g2) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let a = c.admit(&g1, None).unwrap();
        let b = c.admit(&g1, None).unwrap();
        assert_eq!(c.admit(&g1, None).unwrap_err(), Refused::Game { max: 2 });
        // The refused attempt gave its place back.
        assert_eq!(c.open(), 2);
        let d = c.admit(&g2, None).unwrap();
        assert_eq!(c.admit(&g2, None).unwrap_err(), Refused::Total { max: 3 });
        drop(a);
        assert_eq!((c.open(), g1.load(Ordering::Acquire)), (2, 1));
        let e = c.admit(&g2, None).unwrap();
        assert_eq!(g2.load(Ordering::Acquire), 2);
        drop((b, d, e));
        assert_eq!(c.open(), 0);
        assert_eq!(g1.load(Ordering::Acquire) + g2.load(Ordering::Acquire), 0);
    }

    #[test]
    fn places_per_address_are_capped_and_given_back() {
        let cap = PerAddress::new(2);
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let a = Some(ip);
        let b = Some("10.0.0.2".parse().unwrap());
        let (x, y) = (cap.take(a).unwrap(), cap.take(a).unwrap());
        assert!(cap.take(a).is_none());
        let z = cap.take(b).unwrap();
        drop(x);
        let w = cap.take(a).unwrap();
        drop((y, z, w));
        assert!(cap.held.lock().unwrap().is_empty());
        // Unknown addresses and no cap: always a place.
        assert!((0..5).all(|_| cap.take(None).is_some()));
        let none = PerAddress::new(0);
        let kept: Vec<_> = (0..5).map(|_| none.take(a).unwrap()).collect();
        assert_eq!((kept.len(), none.held(ip)), (5, 0));
    }
}
