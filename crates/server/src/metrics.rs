//! The operator's metrics, served as Prometheus text (the OpenMetrics exposition) at
//! `GET /metrics`: requests by route and status, moves and their latency, the store's latency,
//! the sweeps' outcomes, and gauges of what is open now (set when scraped).
//!
//! A leaf: this module imports nothing from the rest of the crate, so that any domain may record
//! into it without forming an import circle. Recording is a few atomic additions (a histogram
//! takes a short lock); nothing is allocated per move.

use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

/// The `Content-Type` of [`Metrics::encode`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// The labels of a request counted by [`Metrics::request`].
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    /// The request's method.
    pub method: String,
    /// The route that matched (`/api/games/{id}`), or `unmatched`.
    pub route: String,
    /// The answer's status code.
    pub status: u16,
}

/// The label of a sweep's outcome.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct OutcomeLabel {
    /// What happened (see [`LeaseOutcome`] and [`ClockOutcome`]).
    pub outcome: &'static str,
}

/// What one round of the lease sweep did (counted by outcome).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaseOutcome {
    /// The leases of the games held here were renewed.
    Renewed,
    /// Renewing them failed (a store error).
    RenewFailed,
    /// A lapsed lease was taken over (its instance died).
    TakenOver,
    /// Looking for lapsed leases, or taking one, failed (a store error).
    TakeFailed,
}

impl LeaseOutcome {
    /// The outcome's label value.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            LeaseOutcome::Renewed => "renewed",
            LeaseOutcome::RenewFailed => "renew_failed",
            LeaseOutcome::TakenOver => "taken_over",
            LeaseOutcome::TakeFailed => "take_failed",
        }
    }
}

/// What one round of the clock sweep did (counted by outcome).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockOutcome {
    /// The running clocks were read.
    Swept,
    /// A clock whose deadline passed unnoticed was armed.
    Armed,
    /// Reading the running clocks failed (a store error).
    Failed,
}

impl ClockOutcome {
    /// The outcome's label value.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ClockOutcome::Swept => "swept",
            ClockOutcome::Armed => "armed",
            ClockOutcome::Failed => "failed",
        }
    }
}

/// What is open now, set into the gauges when the metrics are read.
#[derive(Clone, Copy, Debug, Default)]
pub struct Open {
    /// Games in memory.
    pub games: usize,
    /// WebSocket connections (games and lobby).
    pub websockets: usize,
    /// Open seeks in the lobby.
    pub seeks: usize,
    /// Clocks whose flag-fall timer is armed.
    pub clocks: usize,
}

/// Every metric of one server, and the registry that encodes them.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    request_seconds: Histogram,
    moves: Counter,
    move_seconds: Histogram,
    store_seconds: Histogram,
    lease_sweeps: Family<OutcomeLabel, Counter>,
    clock_sweeps: Family<OutcomeLabel, Counter>,
    games: Gauge,
    websockets: Gauge,
    seeks: Gauge,
    clocks: Gauge,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

/// `i64` of a count, saturating.
fn gauge_value(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl Metrics {
    /// Every metric at zero, registered under the `mancala_` prefix.
    #[must_use]
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("mancala");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by method, matched route and status",
            requests.clone(),
        );
        // 100 µs to about 6.5 s.
        let request_seconds = Histogram::new(exponential_buckets(0.0001, 4.0, 9));
        registry.register(
            "http_request_seconds",
            "Time to answer an HTTP request (to its headers), in seconds",
            request_seconds.clone(),
        );
        let moves = Counter::default();
        registry.register(
            "moves",
            "Moves posted to this instance and recorded (moves per second: rate())",
            moves.clone(),
        );
        // 50 µs to about 1.6 s.
        let move_seconds = Histogram::new(exponential_buckets(0.00005, 2.0, 16));
        registry.register(
            "move_seconds",
            "Time to handle a posted move, from the request to its answer, in seconds",
            move_seconds.clone(),
        );
        // 20 µs to about 5 s.
        let store_seconds = Histogram::new(exponential_buckets(0.00002, 4.0, 10));
        registry.register(
            "store_seconds",
            "Time of one call to the store (SQLite or PostgreSQL), waiting included, in seconds",
            store_seconds.clone(),
        );
        let lease_sweeps = Family::<OutcomeLabel, Counter>::default();
        registry.register(
            "lease_sweep",
            "Outcomes of the lease sweep of a shared store: renewed, renew_failed, taken_over, \
             take_failed",
            lease_sweeps.clone(),
        );
        let clock_sweeps = Family::<OutcomeLabel, Counter>::default();
        registry.register(
            "clock_sweep",
            "Outcomes of the clock sweep of a shared store: swept, armed, failed",
            clock_sweeps.clone(),
        );
        let games = Gauge::default();
        registry.register("open_games", "Games in memory now", games.clone());
        let websockets = Gauge::default();
        registry.register(
            "websockets",
            "WebSocket connections open now (games and lobby)",
            websockets.clone(),
        );
        let seeks = Gauge::default();
        registry.register("open_seeks", "Open seeks in the lobby now", seeks.clone());
        let clocks = Gauge::default();
        registry.register(
            "clocks_armed",
            "Running clocks whose flag-fall timer is armed now",
            clocks.clone(),
        );
        Metrics {
            registry,
            requests,
            request_seconds,
            moves,
            move_seconds,
            store_seconds,
            lease_sweeps,
            clock_sweeps,
            games,
            websockets,
            seeks,
            clocks,
        }
    }

    /// Counts an answered request.
    pub fn request(&self, method: &str, route: &str, status: u16, took: Duration) {
        self.requests
            .get_or_create(&RequestLabels {
                method: method.to_string(),
                route: route.to_string(),
                status,
            })
            .inc();
        self.request_seconds.observe(took.as_secs_f64());
    }

    /// Counts a recorded move that took `took` to handle.
    pub fn moved(&self, took: Duration) {
        self.moves.inc();
        self.move_seconds.observe(took.as_secs_f64());
    }

    /// A handle that records the time of store calls (cheap to clone).
    #[must_use]
    pub fn store_timer(&self) -> StoreTimer {
        StoreTimer(self.store_seconds.clone())
    }

    /// Counts `n` lease-sweep events of `outcome`.
    pub fn lease_sweep(&self, outcome: LeaseOutcome, n: u64) {
        if n > 0 {
            self.lease_sweeps
                .get_or_create(&OutcomeLabel {
                    outcome: outcome.label(),
                })
                .inc_by(n);
        }
    }

    /// Counts `n` clock-sweep events of `outcome`.
    pub fn clock_sweep(&self, outcome: ClockOutcome, n: u64) {
        if n > 0 {
            self.clock_sweeps
                .get_or_create(&OutcomeLabel {
                    outcome: outcome.label(),
                })
                .inc_by(n);
        }
    }

    /// The text exposition of every metric, with the gauges set to `open`.
    #[must_use]
    pub fn encode(&self, open: Open) -> String {
        self.games.set(gauge_value(open.games));
        self.websockets.set(gauge_value(open.websockets));
        self.seeks.set(gauge_value(open.seeks));
        self.clocks.set(gauge_value(open.clocks));
        let mut text = String::with_capacity(8 * 1024);
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }
}

/// Records the time of store calls into the store latency histogram.
#[derive(Clone, Debug)]
pub struct StoreTimer(Histogram);

impl StoreTimer {
    /// Records one store call that took `took`.
    pub fn observe(&self, took: Duration) {
        self.0.observe(took.as_secs_f64());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_show_in_the_text() {
        let m = Metrics::new();
        m.request("GET", "/api/games/{id}", 200, Duration::from_millis(2));
        m.moved(Duration::from_micros(300));
        m.store_timer().observe(Duration::from_micros(40));
        m.lease_sweep(LeaseOutcome::TakenOver, 2);
        m.clock_sweep(ClockOutcome::Failed, 1);
        let text = m.encode(Open {
            games: 3,
            websockets: 1,
            ..Open::default()
        });
        for line in [
            "mancala_http_requests_total{method=\"GET\",route=\"/api/games/{id}\",status=\"200\"} 1",
            "mancala_moves_total 1",
            "mancala_move_seconds_count 1",
            "mancala_store_seconds_count 1",
            "mancala_lease_sweep_total{outcome=\"taken_over\"} 2",
            "mancala_clock_sweep_total{outcome=\"failed\"} 1",
            "mancala_open_games 3",
            "mancala_websockets 1",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} not in\n{text}");
        }
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
