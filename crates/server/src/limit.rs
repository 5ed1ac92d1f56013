//! A per-client token bucket for costly requests (creating games).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
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
}
