//! Fitted evaluation weights, one generated file per game family (see [`crate::tune`] and
//! docs/engine.md, "Evaluation"). Each holds, for every feature of its family's module of
//! [`crate::features`], its weight in centiseeds on a full board and on an empty board (for
//! Isolo: in the foregame and in the proper game).

use crate::eval::Fast2x6;
use crate::features::{self, FEATURES};

/// `[full board, empty board]` weight of each feature of the 2x6 games, in feature index order.
pub(crate) type Weights = [[i32; 2]; FEATURES];
/// The same for the features of [`features::ba_awa`].
pub(crate) type BaAwaWeights = [[i32; 2]; features::ba_awa::FEATURES];
/// The same for the features of [`features::isolo`].
pub(crate) type IsoloWeights = [[i32; 2]; features::isolo::FEATURES];

/// The Oware family's weights (Abapa games) laid out for the search's leaves.
pub(crate) static OWARE_FAST: Fast2x6 = Fast2x6::new(&oware::WEIGHTS);
/// Ouril's weights laid out for the search's leaves.
pub(crate) static OURIL_FAST: Fast2x6 = Fast2x6::new(&ouril::WEIGHTS);
/// Ọlọwuka's weights laid out for the search's leaves.
pub(crate) static OLOWUKA_FAST: Fast2x6 = Fast2x6::new(&olowuka::WEIGHTS);

pub(crate) mod ba_awa;
pub(crate) mod isolo;
pub(crate) mod olowuka;
pub(crate) mod ouril;
pub(crate) mod oware;
