//! Relay (multi-lap) sowing: running a move lap by lap with exact detection of moves that never
//! end.
//!
//! A relay move is a deterministic sequence of lap-boundary states. If it never ends, the sequence
//! is eventually periodic (the state space is finite), and some state repeats. [`run_laps`] finds
//! that with Brent's cycle detection: constant memory, no lap cap, and no false alarm, since it
//! only reports a cycle after seeing an exact repetition of the whole state. Periods of more than
//! 10^5 laps occur in Isolo, so a small lap cap would be wrong.
//!
//! Each relay game supplies its lap as a closure over a small `Copy` state (rules.md
//! Clarification 2): [`crate::olowuka`] keeps (pits, the pit to lift next); [`crate::ba_awa`] adds
//! the captures so far, since its fours are taken during the lap. The pit to lift next holds the
//! seeds in hand, so the state stays small and comparing it is cheap. The games also use the
//! outcome to decide legality: under `infinite_move = Illegal` a move whose run ends in
//! [`LapRun::NeverEnds`] is not generated, and `check_move` answers
//! [`crate::Illegal::NeverEnding`].

/// How a move run lap by lap ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LapRun<S> {
    /// The move ended; the final state.
    Ended(S),
    /// A lap-boundary state repeated: the move never ends.
    NeverEnds {
        /// Laps simulated before the repetition was seen.
        laps: u64,
        /// The length of the cycle, in laps.
        period: u64,
        /// The state at detection (useful to rules that end the move there).
        state: S,
    },
}

/// Runs a move from `start`: `lap` performs one lap on the state and returns `true` if another lap
/// follows, `false` when the move has ended. The state must hold everything that determines the
/// rest of the move (pits, where the next lap starts, seeds in hand, captures so far, ...).
///
/// ```
/// use mancala_core::relay::{run_laps, LapRun};
/// // A "move" that counts down ends; one that cycles modulo 5 never does.
/// assert_eq!(run_laps(3u32, |s| { *s -= 1; *s > 0 }), LapRun::Ended(0));
/// match run_laps(0u32, |s| { *s = (*s + 1) % 5; true }) {
///     LapRun::NeverEnds { period, .. } => assert_eq!(period, 5),
///     other => panic!("{other:?}"),
/// }
/// ```
pub fn run_laps<S: Clone + PartialEq>(start: S, mut lap: impl FnMut(&mut S) -> bool) -> LapRun<S> {
    let mut hare = start;
    let mut tortoise = hare.clone();
    let mut power: u64 = 1;
    let mut lambda: u64 = 0;
    let mut laps: u64 = 0;
    loop {
        if !lap(&mut hare) {
            return LapRun::Ended(hare);
        }
        laps += 1;
        lambda += 1;
        if hare == tortoise {
            return LapRun::NeverEnds {
                laps,
                period: lambda,
                state: hare,
            };
        }
        if lambda == power {
            tortoise = hare.clone();
            power *= 2;
            lambda = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_long_period_after_a_tail() {
        // Tail of 1000 laps, then a cycle of 133_511 laps.
        let run = run_laps(0u64, |s| {
            *s = if *s < 1000 {
                *s + 1
            } else {
                1000 + (*s - 1000 + 1) % 133_511
            };
            true
        });
        match run {
            LapRun::NeverEnds { period, laps, .. } => {
                assert_eq!(period, 133_511);
                assert!(laps >= 1000 + 133_511);
            }
            LapRun::Ended(_) => panic!("a cycle ends"),
        }
    }

    #[test]
    fn long_terminating_runs_are_not_flagged() {
        let run = run_laps(500_000u64, |s| {
            *s -= 1;
            *s > 0
        });
        assert_eq!(run, LapRun::Ended(0));
    }
}
