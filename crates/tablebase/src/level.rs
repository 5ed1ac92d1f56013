//! What both builders share: progress reports, the figures of a built level, and the boards'
//! set-up, moves and orientation.

use std::time::Duration;

use mancala_core::oware::{Oware, OwareRules};
use mancala_core::sow::PITS;
use mancala_core::{MoveList, Position, Side};

/// What the builder is doing, for progress displays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Playing every move of the level's boards (`done` of `total` boards).
    Moves,
    /// Value-iteration sweeps (`done` sweeps so far; `total` is the level's size); for exact
    /// tables, the thresholds of the retrograde analysis (`done` of `2 * seeds`).
    Sweeps,
    /// Step 3: the boards whose bounds did not meet valued one by one (`done` of the `total`
    /// boards in hand: all of them, then those still open for each further pass).
    Refine,
}

/// A progress report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The level being built.
    pub seeds: u32,
    /// The phase.
    pub phase: Phase,
    /// Work done in this phase.
    pub done: u64,
    /// Work in this phase.
    pub total: u64,
}

/// Figures of one built level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelStats {
    /// Seeds on the board.
    pub seeds: u32,
    /// Boards.
    pub positions: u64,
    /// Boards exact from any history (no repetition reachable).
    pub exact_any: u64,
    /// Boards exact from an empty history (bounds meet), including the above.
    pub exact_empty: u64,
    /// Sweeps until the bounds stopped changing; for exact tables, the thresholds of the
    /// retrograde analysis (one scan of the level each).
    pub sweeps: u32,
    /// Time spent playing moves.
    pub moves_time: Duration,
    /// Time spent sweeping (exact tables: in the retrograde analysis).
    pub sweep_time: Duration,
    /// Boards whose two bounds met (exact tables: the others are valued by the cycle's share).
    pub bounds_met: u64,
    /// Boards whose bounds did not meet after the sweeps, given to step 3 (graded tables built
    /// with [`crate::build::build_graded`] and a refiner).
    pub refine_boards: u64,
    /// Of those, the boards step 3 valued exactly (counted in `exact_empty`).
    pub refined: u64,
    /// Time spent in step 3.
    pub refine_time: Duration,
    /// Boards per value: `histogram[v]` boards give the side to move `v` (whole seeds, or
    /// half-seeds for exact tables).
    pub histogram: Vec<u64>,
}

/// The real position of `board` (South to move) under the builder's rules, and South's store.
pub(crate) fn setup(board: [u8; PITS], n: u32, rules: &OwareRules) -> (Oware, u32) {
    let rest = rules.total_seeds() - n;
    let stores = [rest / 2, rest - rest / 2];
    let pos = Oware::from_parts(board, stores, Side::South, false, *rules)
        .expect("a board of at most 24 seeds fits the builder's 240-seed rules");
    (pos, stores[0])
}

/// Plays every legal move of `pos` (a board set up by [`setup`]) in move order:
/// `f(pit, child, captured)` with the position the move leaves, before [`Position::settle`], and
/// the seeds it captured.
#[inline]
pub(crate) fn for_each_child(pos: &Oware, mut f: impl FnMut(usize, Oware, u32)) {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    for &mv in moves.iter() {
        let mut child = *pos;
        let effect = child.play_unchecked(mv);
        f(mv.index(), child, effect.captured);
    }
}

/// A board as seen by `side`: his row first.
#[inline]
pub(crate) fn normalise(pits: &[u8; PITS], side: Side) -> [u8; PITS] {
    match side {
        Side::South => *pits,
        Side::North => {
            let mut b = [0u8; PITS];
            b[..6].copy_from_slice(&pits[6..]);
            b[6..].copy_from_slice(&pits[..6]);
            b
        }
    }
}
