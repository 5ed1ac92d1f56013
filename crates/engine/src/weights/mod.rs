//! Fitted evaluation weights, one generated file per game family (see [`crate::tune`] and
//! docs/engine.md, "Evaluation"). Each holds, for every feature of [`crate::features`], its
//! weight in centiseeds on a full board and on an empty board.

use crate::features::FEATURES;

/// `[full board, empty board]` weight of each feature, in feature index order.
pub(crate) type Weights = [[i32; 2]; FEATURES];

pub(crate) mod olowuka;
pub(crate) mod oware;
