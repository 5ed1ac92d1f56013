//! The six move slots of a board of the graded builder, and the per-board formulas of its two
//! fixpoints ([`crate::build`] module docs, step 2): one definition for the single-process
//! builder's sweeps and for the rounds of messages of the distributed one
//! (`mancala-tablebase-dist`).
//!
//! A slot is [`NONE`] (no move; the slots after it are [`NONE`] too), an [`exit`] (an end of the
//! level: a capture or the end of the game, with its bounds, value and flag), or a move that
//! stays on the level (anything else: each builder keeps there what finds the child). A board's
//! word is `g | d << 8` in the history-free fixpoint and `lo | hi << 8 | flag << 16` in the
//! bounds' fixpoint.

/// No move in this slot.
pub const NONE: u32 = u32::MAX;
/// The slot is an end of the level, with its bounds and value ([`exit`]).
pub const EXIT: u32 = 1 << 31;
/// An end of the level through which no cycle is reachable.
pub const EXIT_DAG: u32 = 1 << 24;
/// What the mover gets on a repetition the rules would not end the game on (rules without a
/// first-repetition ending): nothing is known of it.
pub const REP_UNKNOWN: u8 = u8::MAX;

/// The slot of an end of the level: the mover's bounds `lo` and `hi`, his `value`, and whether
/// no cycle is reachable through it (`dag`).
#[inline]
#[must_use]
pub fn exit(lo: u32, hi: u32, value: u32, dag: bool) -> u32 {
    EXIT | lo << 16 | hi << 8 | value | if dag { EXIT_DAG } else { 0 }
}

/// What the mover gets at least and at most (of `n`) when a move repeats a position, from its
/// `rep` byte ([`REP_UNKNOWN`]: anything).
#[inline]
fn repeat_bounds(n: u32, rep: u8) -> (u32, u32) {
    if rep == REP_UNKNOWN {
        (0, n)
    } else {
        (u32::from(rep), u32::from(rep))
    }
}

/// A board's history-free bounds `g | d << 8` from its six `slots` (level `n`): the greatest
/// fixpoint's update `g = max over moves of min(rep, n - d(child))`,
/// `d = max over moves of max(rep, n - g(child))`, an end counting its own bounds. `rep[k]` is
/// what the mover gets if the move of slot `k` repeats a position ([`REP_UNKNOWN`]: nothing
/// known); `child(k, slot)` is the word of the child of slot `k` (a move staying on the level).
#[inline]
pub fn history_free(n: u32, slots: &[u32], rep: &[u8], child: impl Fn(usize, u32) -> u32) -> u32 {
    let (mut g, mut d) = (0u32, 0u32);
    for (k, (&s, &r)) in slots.iter().zip(rep).enumerate() {
        if s == NONE {
            break;
        }
        if s & EXIT != 0 {
            g = g.max(s >> 16 & 0xff);
            d = d.max(s >> 8 & 0xff);
        } else {
            let c = child(k, s);
            let (rg, rd) = repeat_bounds(n, r);
            g = g.max(rg.min(n - (c >> 8 & 0xff)));
            d = d.max(rd.max(n - (c & 0xff)));
        }
    }
    g | d << 8
}

/// A board's bounds and flag `lo | hi << 8 | flag << 16` from its six `slots` (level `n`): the
/// least fixpoint's update `lo = max(g, max over moves of (n - hi(child)))`,
/// `hi = min(d, max over moves of (n - lo(child)))`, the flag ("no cycle reachable") set when
/// every move's is; `safe` is the board's history-free bounds `(g, d)` and `child(k, slot)` the
/// word of the child of slot `k`.
#[inline]
pub fn bounds(n: u32, slots: &[u32], safe: (u8, u8), child: impl Fn(usize, u32) -> u32) -> u32 {
    let (mut l, mut h, mut dag) = (u32::from(safe.0), 0u32, true);
    for (k, &s) in slots.iter().enumerate() {
        if s == NONE {
            break;
        }
        if s & EXIT != 0 {
            l = l.max(s >> 16 & 0xff);
            h = h.max(s >> 8 & 0xff);
            dag &= s & EXIT_DAG != 0;
        } else {
            let c = child(k, s);
            l = l.max(n - (c >> 8 & 0xff));
            h = h.max(n - (c & 0xff));
            dag &= c >> 16 != 0;
        }
    }
    let h = h.min(u32::from(safe.1));
    l | h << 8 | u32::from(dag) << 16
}

/// A board's word `y | e << 8` in one round of the first-cycle bounds ([`crate::build`] module
/// docs, step 2): the greatest fixpoint's update
/// `y = max over moves of max(n - hi(child), min(rep, n - e(child)))` and
/// `e = max over moves of min(n - lo(child), max(rep, n - y(child)))`, an end counting its own
/// bounds, where `lo`/`hi` are the bounds of the rounds before (what the players force from an
/// empty history). `rep[k]` is as in [`history_free`]; `child(k, slot)` gives the child's word
/// in this fixpoint and its bounds `lo | hi << 8`.
#[inline]
pub fn first_cycle(
    n: u32,
    slots: &[u32],
    rep: &[u8],
    child: impl Fn(usize, u32) -> (u32, u32),
) -> u32 {
    let (mut y, mut e) = (0u32, 0u32);
    for (k, (&s, &r)) in slots.iter().zip(rep).enumerate() {
        if s == NONE {
            break;
        }
        if s & EXIT != 0 {
            y = y.max(s >> 16 & 0xff);
            e = e.max(s >> 8 & 0xff);
        } else {
            let (c, b) = child(k, s);
            let (rg, rd) = repeat_bounds(n, r);
            y = y.max((n - (b >> 8 & 0xff)).max(rg.min(n - (c >> 8 & 0xff))));
            e = e.max((n - (b & 0xff)).min(rd.max(n - (c & 0xff))));
        }
    }
    y | e << 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_end_counts_its_own_bounds_and_flag() {
        let slots = [
            exit(3, 5, 4, true),
            exit(1, 6, 2, false),
            NONE,
            NONE,
            NONE,
            NONE,
        ];
        let no_child = |_: usize, _: u32| -> u32 { panic!("no move stays on the level") };
        assert_eq!(
            history_free(8, &slots, &[REP_UNKNOWN; 6], no_child),
            3 | 6 << 8
        );
        assert_eq!(bounds(8, &slots, (0, 8), no_child), 3 | 6 << 8);
        assert_eq!(
            bounds(8, &slots[..1], (0, 4), no_child),
            3 | 4 << 8 | 1 << 16
        );
    }

    #[test]
    fn a_move_staying_on_the_level_reads_its_child_and_repetition() {
        // Slot 1 stays on the level; its child's word is `2 | 7 << 8` (g or lo 2, d or hi 7).
        let slots = [exit(1, 1, 1, true), 9, NONE, NONE, NONE, NONE];
        let child = |k: usize, s: u32| {
            assert_eq!((k, s), (1, 9));
            2 | 7 << 8
        };
        // Nothing known of a repetition: g = max(1, min(0, 8 - 7)), d = max(1, max(8, 8 - 2)).
        assert_eq!(
            history_free(8, &slots, &[REP_UNKNOWN; 6], child),
            1 | 8 << 8
        );
        // A repetition gives the mover 4: g = max(1, min(4, 1)), d = max(1, max(4, 6)).
        let rep = [REP_UNKNOWN, 4, 0, 0, 0, 0];
        assert_eq!(history_free(8, &slots, &rep, child), 1 | 6 << 8);
        // lo = max(1, 8 - 7), hi = min(5, max(1, 8 - 2)); the child's flag is not set.
        assert_eq!(bounds(8, &slots, (0, 5), child), 1 | 5 << 8);
        assert_eq!(
            bounds(8, &slots, (0, 5), |_, _| 2 | 7 << 8 | 1 << 16),
            1 | 5 << 8 | 1 << 16
        );
    }
}
