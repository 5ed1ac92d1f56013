//! Fitted evaluation weights, one generated file per game family (see [`crate::tune`] and
//! docs/engine.md, "Evaluation"). Each holds, for every feature of its family's module of
//! [`crate::features`], its weight in centiseeds on a full board and on an empty board (for
//! Isolo: in the foregame and in the proper game).

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

/// Weights of the 2x6 features ([`crate::features`]) laid out for the search's leaves: the
/// weighted sum of the features of [`features::visit`] (see `crate::eval::evaluate_fast`), computed with a table lookup per pit
/// instead of a visit of every feature.
///
/// `pit[i][min(c, 24)]` is the weight of own pit `i` holding `c` seeds (every count from 24 on
/// is one bucket, an empty pit weighs nothing) with both phase weights in one `i64`: the
/// full-board weight plus the empty-board weight times 2^32. Twelve lookups and adds then sum
/// both halves at once; no PST weight reaches 2^20 in magnitude (checked when the table is
/// built, at compile time), so twelve of them never carry from one half into the other. The
/// store and threat features keep their two separate products.
pub(crate) struct Fast2x6 {
    pub(crate) pit: [[i64; 25]; 6],
    pub(crate) store: [i64; 2],
    pub(crate) best: [i64; 2],
    pub(crate) count: [i64; 2],
}

impl Fast2x6 {
    /// The table of the weights `w`.
    pub(crate) const fn new(w: &Weights) -> Self {
        let mut pit = [[0i64; 25]; 6];
        let mut i = 0;
        while i < 6 {
            let mut c = 1;
            while c <= 24 {
                let b = features::BUCKET[c] as usize;
                let [full, empty] = w[features::PST + i * features::BUCKETS + b - 1];
                assert!(full.unsigned_abs() < 1 << 20 && empty.unsigned_abs() < 1 << 20);
                pit[i][c] = full as i64 + ((empty as i64) << 32);
                c += 1;
            }
            i += 1;
        }
        const fn widen(w: [i32; 2]) -> [i64; 2] {
            [w[0] as i64, w[1] as i64]
        }
        Fast2x6 {
            pit,
            store: widen(w[features::STORE]),
            best: widen(w[features::THREAT_BEST]),
            count: widen(w[features::THREAT_COUNT]),
        }
    }
}

pub(crate) mod ba_awa;
pub(crate) mod isolo;
pub(crate) mod olowuka;
pub(crate) mod ouril;
pub(crate) mod oware;
