//! The engine's knowledge of each game type of [`mancala_core`]: one [`EngineGame`]
//! implementation per position type (its fitted evaluation, features, weights family and
//! endgame tables).

use mancala_core::ba_awa::BaAwa;
use mancala_core::isolo::Isolo;
use mancala_core::olowuka::Olowuka;
use mancala_core::oware::{Oware, OwareRules};
use mancala_core::{Position, Side};

use crate::eval::{evaluate_ba_awa, evaluate_fast, evaluate_isolo};
use crate::features::{self, Phase};
use crate::games::{EngineGame, Family};
use crate::weights;

impl EngineGame for Oware {
    #[inline]
    fn evaluate_fitted(&self, me: Side) -> i32 {
        // Ouril (the singleton rule) has its own weights.
        let table = if self.rules().singleton_rule {
            &weights::OURIL_FAST
        } else {
            &weights::OWARE_FAST
        };
        evaluate_fast(self.pits(), self.stores(), me, table)
    }

    fn family(&self) -> Option<Family> {
        Some(if self.rules().singleton_rule {
            Family::Ouril
        } else {
            Family::Oware
        })
    }

    fn visit_features(&self, me: Side, f: &mut dyn FnMut(usize, i32)) -> Phase {
        features::visit(self.pits(), self.stores(), me, f)
    }

    fn table_rules(&self) -> Option<&OwareRules> {
        Some(self.rules())
    }

    fn table_probe(
        &self,
        table: &mancala_tablebase::Tablebase,
    ) -> Option<mancala_tablebase::Probe> {
        table.probe_position(self)
    }
}

/// The [`EngineGame`] implementation of a game with one weights family, `Family::$family`:
/// `$eval` is its fitted evaluation and `$visit` visits its features, of `$pos` for `$me`
/// (calling `$f`).
macro_rules! one_family {
    ($game:ty, $family:ident, |$pos:ident, $me:ident, $f:ident| $eval:expr, $visit:expr) => {
        impl EngineGame for $game {
            #[inline]
            fn evaluate_fitted(&self, $me: Side) -> i32 {
                let $pos = self;
                $eval
            }

            fn family(&self) -> Option<Family> {
                Some(Family::$family)
            }

            fn visit_features(&self, $me: Side, $f: &mut dyn FnMut(usize, i32)) -> Phase {
                let $pos = self;
                $visit
            }
        }
    };
}

one_family!(
    Olowuka,
    Olowuka,
    |pos, me, f| evaluate_fast(pos.pits(), pos.stores(), me, &weights::OLOWUKA_FAST),
    features::visit(pos.pits(), pos.stores(), me, f)
);
one_family!(
    BaAwa,
    BaAwa,
    |pos, me, f| evaluate_ba_awa(pos, me, &weights::BA_AWA),
    features::ba_awa::visit(pos, me, f)
);
one_family!(
    Isolo,
    Isolo,
    |pos, me, f| evaluate_isolo(pos, me, &weights::ISOLO),
    features::isolo::visit(pos, me, f)
);
