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

impl EngineGame for Olowuka {
    #[inline]
    fn evaluate_fitted(&self, me: Side) -> i32 {
        evaluate_fast(self.pits(), self.stores(), me, &weights::OLOWUKA_FAST)
    }

    fn family(&self) -> Option<Family> {
        Some(Family::Olowuka)
    }

    fn visit_features(&self, me: Side, f: &mut dyn FnMut(usize, i32)) -> Phase {
        features::visit(self.pits(), self.stores(), me, f)
    }
}

impl EngineGame for BaAwa {
    #[inline]
    fn evaluate_fitted(&self, me: Side) -> i32 {
        evaluate_ba_awa(self, me, &weights::ba_awa::WEIGHTS)
    }

    fn family(&self) -> Option<Family> {
        Some(Family::BaAwa)
    }

    fn visit_features(&self, me: Side, f: &mut dyn FnMut(usize, i32)) -> Phase {
        features::ba_awa::visit(self, me, f)
    }
}

impl EngineGame for Isolo {
    #[inline]
    fn evaluate_fitted(&self, me: Side) -> i32 {
        evaluate_isolo(self, me, &weights::isolo::WEIGHTS)
    }

    fn family(&self) -> Option<Family> {
        Some(Family::Isolo)
    }

    fn visit_features(&self, me: Side, f: &mut dyn FnMut(usize, i32)) -> Phase {
        features::isolo::visit(self, me, f)
    }
}
