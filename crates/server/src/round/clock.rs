//! Game clocks. The server is the authority: it stamps every move with its own time, and a
//! clock is kept as the time each side had left after the last move plus the moment that move
//! was stamped. The running side's time is worked out from those on demand, so the clock needs
//! no ticking, survives a restart (the stamps are in the store) and keeps running while the
//! server is down.
//!
//! Two kinds of time control: Fischer (an initial time, plus an increment after each move) and
//! correspondence (a number of days for each move; the time left starts afresh after every
//! move).

use mancala_core::Side;
use serde_json::{json, Value};

/// Milliseconds in a day.
pub const DAY_MS: i64 = 86_400_000;
/// Shortest initial time of a Fischer clock (short clocks are for tests and bullet games).
pub const MIN_INITIAL_MS: u64 = 100;
/// Longest initial time of a Fischer clock: 3 hours.
pub const MAX_INITIAL_MS: u64 = 3 * 3_600_000;
/// Largest Fischer increment: 3 minutes.
pub const MAX_INCREMENT_MS: u64 = 180_000;
/// Most days per move of a correspondence clock.
pub const MAX_DAYS: u32 = 14;

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `initial_ms` for the whole game, plus `increment_ms` after each move.
    Fischer {
        /// Time at the start, per side.
        initial_ms: u64,
        /// Time added after each of a side's moves.
        increment_ms: u64,
    },
    /// `days` for each move.
    Correspondence {
        /// Days per move.
        days: u32,
    },
}

impl TimeControl {
    /// Reads the API's JSON: `{"initial_ms", "increment_ms"}` or `{"days_per_move"}`.
    pub fn from_json(v: &Value) -> Result<Option<TimeControl>, String> {
        let obj = match v {
            Value::Null => return Ok(None),
            Value::Object(o) => o,
            _ => return Err("the clock must be an object or null".into()),
        };
        let num = |key: &str| -> Result<Option<u64>, String> {
            match obj.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(x) => x
                    .as_u64()
                    .map(Some)
                    .ok_or_else(|| format!("clock field {key:?} must be a whole number")),
            }
        };
        for key in obj.keys() {
            if !matches!(
                key.as_str(),
                "initial_ms" | "increment_ms" | "days_per_move"
            ) {
                return Err(format!(
                    "unknown clock field {key:?} (expected initial_ms and increment_ms, or \
                     days_per_move)"
                ));
            }
        }
        match (
            num("initial_ms")?,
            num("increment_ms")?,
            num("days_per_move")?,
        ) {
            (None, None, Some(days)) => {
                if days == 0 || days > u64::from(MAX_DAYS) {
                    return Err(format!("days_per_move must be 1 to {MAX_DAYS}"));
                }
                Ok(Some(TimeControl::Correspondence { days: days as u32 }))
            }
            (Some(initial_ms), increment, None) => {
                let increment_ms = increment.unwrap_or(0);
                if !(MIN_INITIAL_MS..=MAX_INITIAL_MS).contains(&initial_ms) {
                    return Err(format!(
                        "initial_ms must be {MIN_INITIAL_MS} to {MAX_INITIAL_MS} (up to 3 h)"
                    ));
                }
                if increment_ms > MAX_INCREMENT_MS {
                    return Err(format!("increment_ms must be at most {MAX_INCREMENT_MS}"));
                }
                Ok(Some(TimeControl::Fischer {
                    initial_ms,
                    increment_ms,
                }))
            }
            _ => Err("a clock is {\"initial_ms\", \"increment_ms\"} or {\"days_per_move\"}".into()),
        }
    }

    /// The API's JSON (the shape [`TimeControl::from_json`] reads).
    #[must_use]
    pub fn to_json(self) -> Value {
        match self {
            TimeControl::Fischer {
                initial_ms,
                increment_ms,
            } => json!({ "initial_ms": initial_ms, "increment_ms": increment_ms }),
            TimeControl::Correspondence { days } => json!({ "days_per_move": days }),
        }
    }

    /// Each side's time at the start.
    #[must_use]
    pub fn initial_ms(self) -> i64 {
        match self {
            TimeControl::Fischer { initial_ms, .. } => initial_ms as i64,
            TimeControl::Correspondence { days } => i64::from(days) * DAY_MS,
        }
    }

    /// A short name, e.g. `3+2` (minutes + seconds) or `2d`.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            TimeControl::Fischer {
                initial_ms,
                increment_ms,
            } => {
                let minutes = initial_ms as f64 / 60_000.0;
                let m = if initial_ms % 60_000 == 0 {
                    format!("{}", initial_ms / 60_000)
                } else {
                    format!("{minutes:.1}")
                };
                format!("{m}+{}", increment_ms / 1000)
            }
            TimeControl::Correspondence { days } => format!("{days}d"),
        }
    }
}

/// A clock: the time each side had left when `since_ms` was stamped (the last move, or the
/// start), and the time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Time left `[south, north]` as of `since_ms`.
    pub left_ms: [i64; 2],
    /// When the running side's time started to run (milliseconds since the Unix epoch).
    pub since_ms: i64,
}

/// A side ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged(pub Side);

impl Clock {
    /// A clock at the start of a game, running from `now_ms`.
    #[must_use]
    pub fn new(control: TimeControl, now_ms: i64) -> Clock {
        let t = control.initial_ms();
        Clock {
            control,
            left_ms: [t, t],
            since_ms: now_ms,
        }
    }

    /// Time left `[south, north]` at `now_ms`, with `running` to move (never below zero).
    #[must_use]
    pub fn remaining(&self, running: Option<Side>, now_ms: i64) -> [i64; 2] {
        let mut left = self.left_ms;
        if let Some(s) = running {
            let spent = (now_ms - self.since_ms).max(0);
            left[s.index()] = (left[s.index()] - spent).max(0);
        }
        left
    }

    /// When `running`'s time runs out, if nothing happens before.
    #[must_use]
    pub fn deadline(&self, running: Side) -> i64 {
        self.since_ms + self.left_ms[running.index()]
    }

    /// Stamps a move by `mover` at `now_ms`: the time spent is taken from his clock, then the
    /// increment is added (Fischer) or his time starts afresh (correspondence). Refused, with
    /// nothing changed, when his time had run out.
    pub fn after_move(&mut self, mover: Side, now_ms: i64) -> Result<(), Flagged> {
        let i = mover.index();
        let spent = (now_ms - self.since_ms).max(0);
        let left = self.left_ms[i] - spent;
        if left <= 0 {
            return Err(Flagged(mover));
        }
        self.left_ms[i] = match self.control {
            TimeControl::Fischer { increment_ms, .. } => left + increment_ms as i64,
            TimeControl::Correspondence { days } => i64::from(days) * DAY_MS,
        };
        self.since_ms = now_ms;
        Ok(())
    }

    /// The clock in a game state: `{"south_ms", "north_ms", "running", "control", "at_ms"}`
    /// (`at_ms`: the server time the figures are for).
    #[must_use]
    pub fn to_json(&self, running: Option<Side>, now_ms: i64) -> Value {
        let left = self.remaining(running, now_ms);
        json!({
            "south_ms": left[0],
            "north_ms": left[1],
            "running": running.map(Side::name),
            "control": self.control.to_json(),
            "label": self.control.label(),
            "at_ms": now_ms,
        })
    }
}

/// Milliseconds since the Unix epoch, now.
#[must_use]
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fischer_spends_and_adds() {
        let tc = TimeControl::Fischer {
            initial_ms: 180_000,
            increment_ms: 2_000,
        };
        let mut c = Clock::new(tc, 1_000);
        assert_eq!(c.remaining(Some(Side::South), 11_000), [170_000, 180_000]);
        c.after_move(Side::South, 11_000).unwrap();
        assert_eq!(c.left_ms, [172_000, 180_000]);
        assert_eq!(c.deadline(Side::North), 191_000);
        assert_eq!(c.remaining(Some(Side::North), 500_000), [172_000, 0]);
        let before = c;
        assert_eq!(
            c.after_move(Side::North, 191_000),
            Err(Flagged(Side::North))
        );
        assert_eq!(c, before);
        assert_eq!(tc.label(), "3+2");
    }

    #[test]
    fn correspondence_starts_afresh() {
        let tc = TimeControl::Correspondence { days: 2 };
        let mut c = Clock::new(tc, 0);
        c.after_move(Side::South, DAY_MS).unwrap();
        assert_eq!(c.left_ms, [2 * DAY_MS, 2 * DAY_MS]);
        assert_eq!(c.deadline(Side::North), 3 * DAY_MS);
        assert_eq!(tc.label(), "2d");
    }

    #[test]
    fn json_is_checked() {
        let ok = TimeControl::from_json(&json!({"initial_ms": 60000, "increment_ms": 0}));
        assert_eq!(
            ok,
            Ok(Some(TimeControl::Fischer {
                initial_ms: 60_000,
                increment_ms: 0
            }))
        );
        assert_eq!(TimeControl::from_json(&Value::Null), Ok(None));
        for bad in [
            json!({"initial_ms": 0}),
            json!({"initial_ms": -5}),
            json!({"initial_ms": 60000, "days_per_move": 1}),
            json!({"days_per_move": 0}),
            json!({"initial_ms": 60000, "extra": 1}),
            json!("3+2"),
        ] {
            assert!(TimeControl::from_json(&bad).is_err(), "{bad}");
        }
        let tc = TimeControl::Correspondence { days: 3 };
        assert_eq!(TimeControl::from_json(&tc.to_json()), Ok(Some(tc)));
    }
}
