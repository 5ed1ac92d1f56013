//! Flag fall: one timer per running clock, so that a game ends on time even when nobody is
//! connected. Each game has at most one pending deadline (arming again replaces it); a single
//! task sleeps until the earliest and has the game checked then (see
//! [`crate::round::conclude::check_flag`]). At start-up the deadlines of every running clock are read back
//! from the store.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use tokio::sync::Notify;

use crate::round::clock::now_ms;

/// The longest the timer task sleeps without looking again.
const MAX_SLEEP_MS: i64 = 60_000;

/// Pending deadlines, earliest first.
#[derive(Debug, Default)]
pub struct Timers {
    inner: Mutex<Queue>,
    wake: Notify,
}

#[derive(Debug, Default)]
struct Queue {
    by_time: BTreeSet<(i64, Arc<str>)>,
    by_game: HashMap<Arc<str>, i64>,
}

impl Timers {
    /// No deadline yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Has game `id` checked at `at_ms` (milliseconds since the Unix epoch), in place of any
    /// deadline it had.
    pub fn arm(&self, id: &str, at_ms: i64) {
        let earliest = {
            let mut q = self.queue();
            let key: Arc<str> = Arc::from(id);
            if let Some(old) = q.by_game.insert(Arc::clone(&key), at_ms) {
                q.by_time.remove(&(old, Arc::clone(&key)));
            }
            q.by_time.insert((at_ms, key));
            q.by_time.first().is_some_and(|(t, _)| *t == at_ms)
        };
        if earliest {
            self.wake.notify_one();
        }
    }

    /// Forgets game `id`'s deadline (its clock stopped).
    pub fn disarm(&self, id: &str) {
        let mut q = self.queue();
        if let Some(old) = q.by_game.remove(id) {
            q.by_time.remove(&(old, Arc::from(id)));
        }
    }

    /// Takes the games due at `now_ms`.
    fn due(&self, now_ms: i64) -> Vec<Arc<str>> {
        let mut q = self.queue();
        let mut out = Vec::new();
        while let Some((t, _)) = q.by_time.first() {
            if *t > now_ms {
                break;
            }
            if let Some((_, id)) = q.by_time.pop_first() {
                q.by_game.remove(&id);
                out.push(id);
            }
        }
        out
    }

    /// The earliest deadline.
    fn next(&self) -> Option<i64> {
        self.queue().by_time.first().map(|(t, _)| *t)
    }

    /// Deadlines pending.
    #[must_use]
    pub fn len(&self) -> usize {
        self.queue().by_game.len()
    }

    /// True when no deadline is pending.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Has `fire` check every game whose deadline has come, for as long as `owner` (the server's
/// state) lives.
pub(crate) async fn drive<A>(
    timers: Arc<Timers>,
    owner: Weak<A>,
    fire: impl Fn(&Arc<A>, Arc<str>),
) {
    loop {
        let now = now_ms();
        let due = timers.due(now);
        if !due.is_empty() {
            let Some(owner) = owner.upgrade() else {
                return;
            };
            for id in due {
                fire(&owner, id);
            }
        } else if owner.strong_count() == 0 {
            return;
        }
        let wait = timers
            .next()
            .map_or(MAX_SLEEP_MS, |t| (t - now).clamp(0, MAX_SLEEP_MS));
        let notified = timers.wake.notified();
        tokio::select! {
            () = notified => {}
            () = tokio::time::sleep(Duration::from_millis(wait as u64 + 1)) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_deadline_per_game_earliest_first() {
        let t = Timers::new();
        t.arm("a", 50);
        t.arm("b", 20);
        t.arm("a", 10);
        assert_eq!(t.len(), 2);
        assert_eq!(t.next(), Some(10));
        assert_eq!(t.due(15), vec![Arc::from("a")]);
        t.disarm("b");
        assert!(t.is_empty());
        assert!(t.due(1000).is_empty());
    }
}
