//! Time management: the deadlines of a search and the wait of an infinite one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::types::SearchOptions;

/// Soft (no new iteration after) and hard (stop at) deadlines.
pub(crate) fn budget(
    options: &SearchOptions,
    start: Instant,
) -> (Option<Instant>, Option<Instant>) {
    if options.infinite {
        return (None, None);
    }
    // A deadline too far to represent is no deadline.
    if let Some(t) = options.limits.movetime {
        let at = start.checked_add(t);
        return (at, at);
    }
    if let Some(c) = options.clock {
        let overhead = Duration::from_millis(30);
        let left = c.remaining.saturating_sub(overhead);
        let mtg = c.moves_to_go.unwrap_or(30).clamp(1, 60);
        let share = left / mtg + c.increment * 3 / 4;
        let hard = (share * 3).min(left / 2).max(Duration::from_millis(1));
        let soft = (share / 2).min(hard);
        return (start.checked_add(soft), start.checked_add(hard));
    }
    (None, None)
}

/// Waits for the caller's stop flag, as an infinite search must before it answers (or until
/// `done`, when the search itself has to stop).
pub(crate) fn wait_for_stop(stop: Option<&AtomicBool>, done: impl Fn() -> bool) {
    while !done() && !stop.is_none_or(|s| s.load(Ordering::Relaxed)) {
        std::thread::sleep(Duration::from_millis(2));
    }
}
