//! Endgame tables inside the alpha-beta search.
//!
//! A node whose board holds few enough seeds takes its value from the table and is not searched
//! below. The table's value is a share of the board's seeds ([`mancala_tablebase`]); it becomes
//! an engine value as follows, where `X` is the side to move's store plus that share, `T` all
//! seeds and `t` the winning threshold (`t > T/2`, else the table is not used):
//!
//! * the entry is exact here (exact from any history, or exact from an empty history and the
//!   node was reached by a capture, which empties the repetition history):
//!   * `2X = T`: a draw, which is exact (both end on `T/2`), so the node is *resolved*;
//!   * otherwise a proven win (or loss) whose margin is the guaranteed minimum `X + t - T` (the
//!     real game stops when the winner reaches `t`, so the exact margin is not known). Its
//!     outcome is proven, so a subtree whose value rests on it is resolved (a draw above it is
//!     exact), but the search never claims its margin as exact, and keeps deepening where it
//!     can (`crate::search`, "Proven values");
//! * otherwise (a value by the cycle convention, or a repetition history the entry does not
//!   know; and, above [`ANY_HISTORY_PROBE_SEEDS`] seeds, any node not reached by a capture,
//!   which is not probed at all) the node is searched as if there were no table: ending the search there with the
//!   estimate `100 * (2X - T)` centiseeds did badly in a first match against the engine without tables
//!   (docs/tablebase.md).

use mancala_core::sow::PITS;
use mancala_core::{Position, Side};
use mancala_tablebase::{Exactness, Tablebase};

use crate::eval::win_value;

/// Above this many seeds on the board, a node not reached by a capture does not probe the
/// table. Only an entry exact from any history can be used there, and few are: 27% of the
/// boards of 4 seeds, 8% of 6, 2.6% of 8, 0.5% of 12, 0.16% of 16 (docs/tablebase.md), while a
/// probe costs a rank and a likely cache miss. From three endgame positions of 14 to 17 seeds,
/// with the tables of 0..12 seeds and two seconds a move, the search went from 6.1-6.9 M to
/// 7.9-8.6 M nodes/s and one ply deeper with this limit, its values within a few centiseeds.
const ANY_HISTORY_PROBE_SEEDS: u32 = 6;

/// A table ready for one search: the table and the game's seed total and threshold.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TbProbe<'a> {
    pub table: &'a Tablebase,
    pub total: u32,
    pub threshold: u32,
}

impl TbProbe<'_> {
    /// The value of a settled, unfinished node for its side to move `me`, found `ply` plies below
    /// the root, and whether it is resolved; `None` when the table does not cover it or its
    /// entry is not exact here (the node is then searched).
    #[inline]
    pub fn value<P: Position>(
        &self,
        pos: &P,
        me: Side,
        ply: usize,
        after_capture: bool,
    ) -> Option<(i32, bool)> {
        let pits: &[u8; PITS] = pos.pits().try_into().ok()?;
        let seeds: u32 = pits.iter().map(|&p| u32::from(p)).sum();
        if !after_capture && seeds > ANY_HISTORY_PROBE_SEEDS {
            return None;
        }
        let p = self.table.probe_counted(pits, me, seeds)?;
        // Twice the mover's total: an Awari cycle shares an odd seed in halves.
        let x2 = (2 * pos.stores()[me.index()] + p.half_seeds) as i32;
        let total = self.total as i32;
        let exact = match p.exactness {
            Exactness::AnyHistory => true,
            Exactness::EmptyHistory => after_capture,
            Exactness::Convention => false,
        };
        if !exact {
            return None;
        }
        if x2 == total {
            return Some((0, true));
        }
        // The winner, with `w` of the `total` seeds, wins by at least `w + t - total` (whole
        // seeds: a half is rounded against the winner).
        let t = self.threshold as i32;
        let v = if x2 > total {
            win_value(x2 / 2 + t - total, ply)
        } else {
            -win_value(t - (x2 + 1) / 2, ply)
        };
        Some((v, false))
    }
}
