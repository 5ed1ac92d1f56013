//! What the engine knows of each game type, and the one place that turns an [`AnyGame`] into its
//! concrete, monomorphised type.
//!
//! [`EngineGame`] is implemented once per position type of [`mancala_core`] (module
//! `per_game`); the search, the evaluation, the endgame tables and the tuning tools reach
//! everything game-specific through it. [`dispatch`] matches on [`AnyGame`]: a new game type is
//! a new arm there and a new implementation of the trait, and the compiler asks for both.
//! [`Family`] names the sets of fitted weights.

use mancala_core::oware::OwareRules;
use mancala_core::variant::{AnyGame, Variant};
use mancala_core::{Game, Position, Side};

use crate::features::{self, Phase};

/// A position type the engine can search: its fitted evaluation, its evaluation features, its
/// family of fitted weights and its endgame tables.
pub trait EngineGame: Position {
    /// The fitted evaluation ([`crate::eval::EvalKind::Fitted`]) of a position that is not over,
    /// for `me`, the side to move. A game without fitted weights returns
    /// [`crate::eval::evaluate_hand`].
    fn evaluate_fitted(&self, me: Side) -> i32;

    /// The family of fitted weights the position belongs to (`None`: it has none).
    fn family(&self) -> Option<Family>;

    /// Reports the features of the fitted evaluation for `me` to `f` as `(index, value)` (see
    /// [`crate::features`]) and returns the phase.
    fn visit_features(&self, me: Side, f: &mut dyn FnMut(usize, i32)) -> Phase;

    /// The rules that endgame tables are built for and probed with, for a game that has tables
    /// (the Oware family); `None` otherwise.
    fn table_rules(&self) -> Option<&OwareRules> {
        None
    }

    /// The entry of `table` for this position (`None`: the game has no tables, the position is
    /// over, or the table does not cover it).
    fn table_probe(
        &self,
        table: &mancala_tablebase::Tablebase,
    ) -> Option<mancala_tablebase::Probe> {
        let _ = table;
        None
    }
}

/// A family of games sharing one set of fitted weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Abapa, Oware, Wuri, Ouril-Ludii (the [`mancala_core::oware::Oware`] positions without
    /// the singleton rule).
    Oware,
    /// Ouril (Oware positions with the singleton rule; the features of the Oware family).
    Ouril,
    /// Ọlọwuka.
    Olowuka,
    /// Ba-awa (features of [`crate::features::ba_awa`]).
    BaAwa,
    /// Isolo (features of [`crate::features::isolo`]).
    Isolo,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 5] = [
        Family::Oware,
        Family::Ouril,
        Family::Olowuka,
        Family::BaAwa,
        Family::Isolo,
    ];

    /// The family of a preset, if it has fitted weights: the [`EngineGame::family`] of its
    /// start position (the rules decide, e.g. Ouril's singleton rule).
    #[must_use]
    pub fn of(variant: Variant) -> Option<Family> {
        struct Of;
        impl GameTask for Of {
            type Output = Option<Family>;
            fn run<P: EngineGame>(self, game: &Game<P>) -> Option<Family> {
                game.position().family()
            }
        }
        dispatch(&variant.new_game(&[], None).ok()?, Of)
    }

    /// The family's name (`oware`, `ouril`, `olowuka`, `ba-awa`, `isolo`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Family::Oware => "oware",
            Family::Ouril => "ouril",
            Family::Olowuka => "olowuka",
            Family::BaAwa => "ba-awa",
            Family::Isolo => "isolo",
        }
    }

    /// Number of features of the family's evaluation.
    #[must_use]
    pub fn features(self) -> usize {
        match self {
            Family::Oware | Family::Ouril | Family::Olowuka => features::FEATURES,
            Family::BaAwa => features::ba_awa::FEATURES,
            Family::Isolo => features::isolo::FEATURES,
        }
    }

    /// Short name of feature `index` (`?` out of range).
    #[must_use]
    pub fn feature_name(self, index: usize) -> String {
        match self {
            Family::Oware | Family::Ouril | Family::Olowuka => features::name(index),
            Family::BaAwa => features::ba_awa::name(index),
            Family::Isolo => features::isolo::name(index),
        }
    }

    /// Reads [`Family::name`].
    #[must_use]
    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Work that runs on a monomorphised game: [`dispatch`] recovers the concrete position type.
pub trait GameTask {
    /// What the work returns.
    type Output;
    /// Runs on the concrete game.
    fn run<P: EngineGame>(self, game: &Game<P>) -> Self::Output;
}

/// Runs `task` on the concrete game behind `game`, whichever of the core's game types it is
/// ([`mancala_core::match_game`]): a new game type is one arm there.
pub fn dispatch<T: GameTask>(game: &AnyGame, task: T) -> T::Output {
    mancala_core::match_game!(AnyGame, game, s => task.run(s.game()))
}

/// The rules of `game`'s endgame tables, if it has any and the builder accepts them (see
/// [`mancala_tablebase::rules::check`]).
pub(crate) fn table_rules(game: &AnyGame) -> Option<OwareRules> {
    struct Rules;
    impl GameTask for Rules {
        type Output = Option<OwareRules>;
        fn run<P: EngineGame>(self, game: &Game<P>) -> Option<OwareRules> {
            game.position().table_rules().copied()
        }
    }
    let rules = dispatch(game, Rules)?;
    mancala_tablebase::rules::check(&rules).ok()?;
    Some(rules)
}
