//! # mancala-tablebase-dist
//!
//! The endgame-table builders of `mancala-tablebase` on **timely dataflow**, so that the same
//! code runs on one thread, on several threads, on several processes of one machine, and on a
//! cluster (docs/distributed-tables.md for the operator's side): the exact one (Awari's rules,
//! every value exact, [`mancala_tablebase::exact`]), described below, and the graded one
//! (`abapa`, `wuri`, `ouril-ludii`: the same stages with that builder's fixpoints, module
//! `graded`). The files are byte for byte the single-process builders'.
//!
//! # How a level of exact tables is built
//!
//! The boards of level `n` (`C(n + 11, 11)` of them) are split into equal index ranges, one per
//! worker; each worker also keeps its range of every level below. A level takes three stages,
//! each a timely dataflow run to its end ([`rounds`]):
//!
//! 1. **Moves.** Each worker plays every move of its boards by the rules core
//!    ([`exact_moves`]): the game's ends give the board's best end of the level at once; a
//!    capture's child lives on a lower level, so a request goes to the worker that owns it,
//!    which answers with its value (two rounds); a move that stays on the level sets the
//!    board's bit for that pit.
//! 2. **Fixpoint.** The bounds `lo` and `hi` of the exact builder (module docs of
//!    [`mancala_tablebase::exact`]) are the least fixpoint of
//!    `lo(x) = max(end, 2n - hi(child))`, `hi(x) = max(end, 2n - lo(child))` from `lo = 0`,
//!    `hi = 2n`. Each round, every board whose bounds changed sends them to its predecessors
//!    (found by unsowing, [`predecessors`]) on their owners; a board takes a message only
//!    for a pit whose move stays on the level, keeps its children's `lo` per pit, and
//!    recomputes its bounds. Every update is monotone (`lo` grows, `hi` shrinks), so rounds
//!    of simultaneous updates reach the same least fixpoint as the single-process builder's
//!    retrograde analysis, and the entries `clamp(n, lo, hi)` are byte-identical. The stage
//!    ends when a round changes nothing: timely's progress tracking sees the loop empty.
//! 3. **Gather.** Every worker sends its range of entries to worker 0, which writes the level
//!    file (atomically, through a temporary file: the level's checkpoint).
//!
//! An exact build that finds levels already in its directory (an interrupted build of the same
//! rules) starts after the last of them: worker 0 reads them, checks them fully and sends
//! each worker its ranges. A graded build does the same with the levels whose checkpoint (every
//! board's bounds, module `checkpoint`) is there too; a complete build deletes them.
//!
//! # Memory
//!
//! Per board of the level being built: 10 bytes (the best end, the pits staying on the level,
//! both bounds, and the six children's `lo`); per board of each level below: 1 byte, in the
//! owner's range only. Worker 0 holds the whole level for one moment, to write its file.
#![forbid(unsafe_code)]

mod build;
mod cluster;
mod driver;
mod graded;
mod rounds;

pub use build::DistLevel;
pub use cluster::{Cluster, DistError};
pub use driver::build_to_dir;
pub use rounds::Traffic;

#[cfg(doc)]
use mancala_tablebase::exact::{exact_moves, predecessors};
