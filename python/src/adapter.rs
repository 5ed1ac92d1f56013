//! The one place where the bindings call the rules core's preset machinery and the engine: a game
//! of any preset as a closed enum of typed sessions, and the engine entry points over it.

use std::sync::Arc;
use std::time::Duration;

use mancala_core::ba_awa::BaAwa;
use mancala_core::isolo::Isolo;
use mancala_core::olowuka::Olowuka;
use mancala_core::oware::Oware;
use mancala_core::record::{Record, ReplayError};
use mancala_core::trace::SowStep;
use mancala_core::variant::{DynGame, DynPlayError, OptionInfo, Session, StateView, Variant};
use mancala_core::SetupError;
use mancala_engine::{Analysis, Limits, Tablebase};

/// A game of any preset, typed.
#[derive(Clone, Debug)]
pub enum Typed {
    /// The Oware family (`oware`, `abapa`, `wuri`, `ouril`, `ouril-ludii`).
    Oware(Session<Oware>),
    /// Ọlọwuka.
    Olowuka(Session<Olowuka>),
    /// Ba-awa.
    BaAwa(Session<BaAwa>),
    /// Isolo.
    Isolo(Session<Isolo>),
}

/// Runs `$body` with `$s` bound to the typed session inside `$t` (by reference or by value,
/// as `$t` is given).
#[macro_export]
macro_rules! with_session {
    ($t:expr, $s:ident => $body:expr) => {
        match $t {
            $crate::adapter::Typed::Oware($s) => $body,
            $crate::adapter::Typed::Olowuka($s) => $body,
            $crate::adapter::Typed::BaAwa($s) => $body,
            $crate::adapter::Typed::Isolo($s) => $body,
        }
    };
}

impl Typed {
    /// A new game of `preset` with option assignments, at `position` or the start.
    pub fn new(
        preset: &str,
        rules: &[(String, String)],
        position: Option<&str>,
    ) -> Result<Typed, SetupError> {
        let variant = Variant::from_name(preset)?;
        let game = variant.new_game(rules, position)?;
        Ok(Typed::from_dyn(game.as_ref()))
    }

    /// The typed session behind a game from the core.
    fn from_dyn(game: &dyn DynGame) -> Typed {
        let any = game.as_any();
        if let Some(s) = any.downcast_ref::<Session<Oware>>() {
            return Typed::Oware(s.clone());
        }
        if let Some(s) = any.downcast_ref::<Session<Olowuka>>() {
            return Typed::Olowuka(s.clone());
        }
        if let Some(s) = any.downcast_ref::<Session<BaAwa>>() {
            return Typed::BaAwa(s.clone());
        }
        if let Some(s) = any.downcast_ref::<Session<Isolo>>() {
            return Typed::Isolo(s.clone());
        }
        unreachable!("every preset of the core is one of the four position types")
    }

    /// The game behind the core's object-safe interface.
    fn as_dyn(&self) -> &dyn DynGame {
        with_session!(self, s => s)
    }

    /// The game behind the core's object-safe interface, mutably.
    fn as_dyn_mut(&mut self) -> &mut dyn DynGame {
        with_session!(self, s => s)
    }

    /// The preset's canonical name.
    pub fn preset(&self) -> &'static str {
        self.as_dyn().variant().name()
    }

    /// The rule options in force.
    pub fn options(&self) -> Vec<OptionInfo> {
        self.as_dyn().options()
    }

    /// A snapshot of the state (the shape of `mancala trace`).
    pub fn state(&self) -> StateView {
        self.as_dyn().state()
    }

    /// The current position's notation.
    pub fn notation(&self) -> String {
        self.as_dyn().notation()
    }

    /// Parses and plays a move; on error nothing changes. Returns the seeds captured.
    pub fn play(&mut self, text: &str) -> Result<u32, DynPlayError> {
        self.as_dyn_mut().play(text)
    }

    /// Takes back the last move; false at the start.
    pub fn undo(&mut self) -> bool {
        self.as_dyn_mut().undo()
    }

    /// The moves played so far, as text.
    pub fn moves(&self) -> Vec<String> {
        self.as_dyn().moves()
    }

    /// What `mv` would do from here, step by step.
    pub fn sowing(&self, mv: &str) -> Result<Vec<SowStep>, DynPlayError> {
        self.as_dyn().sowing(mv)
    }

    /// Perft from here, continuing the repetition history.
    pub fn perft(&self, depth: u32) -> u64 {
        self.as_dyn().perft(depth)
    }

    /// The game of a record (its start, rules and main line).
    pub fn from_record(text: &str) -> Result<Typed, String> {
        let record = Record::parse(text).map_err(|e| e.to_string())?;
        let game = record.to_game().map_err(|e: ReplayError| e.to_string())?;
        Ok(Typed::from_dyn(game.as_ref()))
    }

    /// The game as a record: the project's format, or Aualé's `.ogn` when `ogn` is set.
    pub fn to_record(&self, ogn: bool) -> String {
        use mancala_core::record::Dialect;
        let dialect = if ogn { Dialect::Ogn } else { Dialect::Mancala };
        Record::from_game(self.as_dyn()).write(dialect)
    }
}

/// Search limits from the Python arguments (one second when none is given).
pub fn limits(depth: Option<u32>, movetime_ms: Option<u64>) -> Limits {
    Limits {
        depth: depth.map(|d| d.clamp(1, mancala_engine::MAX_DEPTH)),
        movetime: movetime_ms.map(Duration::from_millis),
        nodes: None,
    }
}

/// Every move's value and the best line (`None` when the game is over).
pub fn analyse(game: &Typed, limits: &Limits) -> Option<Analysis> {
    mancala_engine::analyse_dyn(game.as_dyn(), limits, None)
}

/// A move at a playing level (`None` when the game is over).
pub fn level_move(game: &Typed, level: u8, seed: u64) -> Option<String> {
    mancala_engine::level_move(game.as_dyn(), level, seed)
}

/// The endgame tables of `game`'s rules up to `seeds` seeds, built once per process.
pub fn tables(game: &Typed, seeds: u32) -> Result<Arc<Tablebase>, String> {
    match mancala_engine::shared_tables(game.as_dyn(), seeds) {
        None => Err(format!(
            "{} with these rules has no endgame tables (only Oware-family rule sets do)",
            game.preset()
        )),
        Some(r) => r.map_err(|e| e.to_string()),
    }
}

/// The Oware-family position of `game`, for table probes.
pub fn oware_position(game: &Typed) -> Option<&Oware> {
    match game {
        Typed::Oware(s) => Some(s.game().position()),
        _ => None,
    }
}

/// Every preset's canonical name.
pub fn presets() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.name()).collect()
}

/// A preset's descriptor.
pub fn preset_info(preset: &str) -> Result<mancala_core::variant::VariantInfo, SetupError> {
    Ok(Variant::from_name(preset)?.info())
}
