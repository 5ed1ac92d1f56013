//! The one place where the bindings call the rules core's preset machinery and the engine: a game
//! of any preset (the core's closed enum of typed sessions), and the engine entry points over it.

use std::sync::Arc;
use std::time::Duration;

use mancala_core::oware::Oware;
use mancala_core::record::{Record, ReplayError};
use mancala_core::variant::{DynGame, Variant};
use mancala_core::{Position, SetupError};
use mancala_engine::{Analysis, Limits, Tablebase};

pub use mancala_core::variant::AnyGame;

/// Runs `$body` with `$s` bound to the typed session inside `$t` (an [`AnyGame`] or a reference
/// to one).
#[macro_export]
macro_rules! with_session {
    ($t:expr, $s:ident => $body:expr) => {
        mancala_core::match_game!(mancala_core::variant::AnyGame, $t, $s => $body)
    };
}

/// A new game of `preset` with option assignments, at `position` or the start.
pub fn new_game(
    preset: &str,
    rules: &[(String, String)],
    position: Option<&str>,
) -> Result<AnyGame, SetupError> {
    Variant::from_name(preset)?.new_game(rules, position)
}

/// The game of a record (its start, rules and main line).
pub fn from_record(text: &str) -> Result<AnyGame, String> {
    let record = Record::parse(text).map_err(|e| e.to_string())?;
    record.to_game().map_err(|e: ReplayError| e.to_string())
}

/// The game as a record: the project's format, or Aualé's `.ogn` when `ogn` is set.
pub fn to_record(game: &AnyGame, ogn: bool) -> String {
    use mancala_core::record::Dialect;
    let dialect = if ogn { Dialect::Ogn } else { Dialect::Mancala };
    Record::from_game(game).write(dialect)
}

/// The preset's canonical name.
pub fn preset(game: &AnyGame) -> &'static str {
    game.variant().name()
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
pub fn analyse(game: &AnyGame, limits: &Limits) -> Option<Analysis> {
    mancala_engine::analyse_dyn(game, limits, None)
}

/// A move at a playing level (`None` when the game is over).
pub fn level_move(game: &AnyGame, level: u8, seed: u64) -> Option<String> {
    mancala_engine::level_move(game, level, seed)
}

/// The endgame tables of `game`'s rules up to `seeds` seeds, built once per process.
pub fn tables(game: &AnyGame, seeds: u32) -> Result<Arc<Tablebase>, String> {
    match mancala_engine::shared_tables(game, seeds) {
        None => Err(format!(
            "{} with these rules has no endgame tables (only Oware-family rule sets do)",
            preset(game)
        )),
        Some(r) => r.map_err(|e| e.to_string()),
    }
}

/// The Oware-family position of `game`, for table probes.
pub fn oware_position(game: &AnyGame) -> Option<&Oware> {
    match game {
        AnyGame::Oware(s) => Some(s.game().position()),
        _ => None,
    }
}

/// The value the rules give `game`'s finished position (see
/// [`mancala_tablebase::probe_finished`]): of the seeds on the board when its last move ended
/// the game, those the side that would move gets. `None` when the game is not over, is not of
/// the Oware family, or started finished (its board before the ending is not known).
pub fn finished_probe(game: &AnyGame) -> Option<mancala_tablebase::Probe> {
    let AnyGame::Oware(s) = game else {
        return None;
    };
    let g = s.game();
    let end = g.position();
    if end.to_move().is_some() {
        return None;
    }
    let last = g.moves().last()?;
    let positions = g.positions();
    // The last move played again without the rules' ending: the board it left.
    let mut before = *positions.get(positions.len().checked_sub(2)?)?;
    before.play_unchecked(last.mv);
    mancala_tablebase::probe_finished(&before.to_string(), end.rules())
}

/// Every preset's canonical name.
pub fn presets() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.name()).collect()
}

/// A preset's descriptor.
pub fn preset_info(preset: &str) -> Result<mancala_core::variant::VariantInfo, SetupError> {
    Ok(Variant::from_name(preset)?.info())
}
