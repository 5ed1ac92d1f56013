//! The static evaluation and the encoding of scores.
//!
//! # Score encoding (internal, from the side to move's point of view)
//!
//! * Heuristic values are in centiseeds (100 = one seed) and stay within ±[`HEURISTIC_MAX`].
//! * A finished game is worth `0` for a draw, and for a win `WIN + 1000 * m - ply`, where `m ≥ 1`
//!   is the final seed margin (at least 1 even if the rules give the win on other grounds, e.g. a
//!   forced grand slam) and `ply` the distance from the root: bigger margins first, then quicker
//!   wins. Losses are the negation. Every such value exceeds `WIN` in absolute value.
//!
//! # Evaluation (hand-set; a fitted evaluation is future work)
//!
//! The features are generic: they only use [`Position::pits`] (South's row first, two rows) and
//! [`Position::stores`], so every two-row game gets a sensible default:
//!
//! * `STORE` per seed of store difference (the material);
//! * `ROW` per seed more on one's own row (seeds that a player's own-row rules would award him,
//!   and the reserve that feeds long sowings);
//! * `VULNERABLE` per opponent pit holding 1 or 2 seeds minus own such pits (the pits a 2-or-3
//!   capture can take);
//! * `MOBILITY` per non-empty own pit minus the opponent's (running out of moves loses seeds).
//!
//! A game whose positions want their own evaluation can get one by matching on the position type
//! in [`crate::dispatch`]; until then this default applies.

use mancala_core::{Position, Side};

/// Base of the win encoding; every proven win is worth more than this.
pub const WIN: i32 = 1_000_000;
/// Larger than any value.
pub const INF: i32 = 2_000_000;
/// Bound on heuristic values.
pub const HEURISTIC_MAX: i32 = 100_000;

const STORE: i32 = 100;
const ROW: i32 = 4;
const VULNERABLE: i32 = 12;
const MOBILITY: i32 = 6;

/// True for the value of a proven win or loss.
#[inline]
#[must_use]
pub fn is_decisive(v: i32) -> bool {
    v.abs() > WIN
}

/// The final seed margin encoded in a decisive value (positive for a win).
#[must_use]
pub fn margin(v: i32) -> i32 {
    let m = (v.abs() - WIN + 999) / 1000;
    if v < 0 {
        -m
    } else {
        m
    }
}

/// The value of a finished game for `me`, found `ply` plies below the root.
#[inline]
pub fn terminal<P: Position>(pos: &P, me: Side, ply: usize) -> i32 {
    let Some(outcome) = pos.outcome() else {
        return 0;
    };
    let st = pos.stores();
    let diff = st[me.index()] as i32 - st[me.opponent().index()] as i32;
    let ply = ply.min(999) as i32;
    match outcome.winner {
        None => 0,
        Some(w) if w == me => WIN + 1000 * diff.clamp(1, 255) - ply,
        Some(_) => -(WIN + 1000 * (-diff).clamp(1, 255) - ply),
    }
}

/// The heuristic value of a position that is not over, for `me` (the side to move).
#[inline]
pub fn evaluate<P: Position>(pos: &P, me: Side) -> i32 {
    let st = pos.stores();
    let pits = pos.pits();
    let n = pits.len() / 2;
    let (mine, theirs) = if me == Side::South {
        (&pits[..n], &pits[n..2 * n])
    } else {
        (&pits[n..2 * n], &pits[..n])
    };
    let mut v = STORE * (st[me.index()] as i32 - st[me.opponent().index()] as i32);
    for (&a, &b) in mine.iter().zip(theirs) {
        v += ROW * (i32::from(a) - i32::from(b));
        v += VULNERABLE * (i32::from(b == 1 || b == 2) - i32::from(a == 1 || a == 2));
        v += MOBILITY * (i32::from(a > 0) - i32::from(b > 0));
    }
    v.clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
}

/// Converts a value found `ply` plies below the root into one relative to that node (for the
/// table), so that a win's distance stays right wherever the entry is read.
#[inline]
pub(crate) fn to_table(v: i32, ply: usize) -> i32 {
    let p = ply as i32;
    if v > WIN {
        v + p
    } else if v < -WIN {
        v - p
    } else {
        v
    }
}

/// The inverse of [`to_table`].
#[inline]
pub(crate) fn from_table(v: i32, ply: usize) -> i32 {
    let p = ply as i32;
    if v > WIN {
        v - p
    } else if v < -WIN {
        v + p
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_round_trip() {
        for m in 1..=255 {
            for ply in [0, 1, 17, 999] {
                let v = WIN + 1000 * m - ply;
                assert_eq!(margin(v), m);
                assert_eq!(margin(-v), -m);
                assert!(is_decisive(v));
            }
        }
        assert!(!is_decisive(HEURISTIC_MAX));
    }
}
