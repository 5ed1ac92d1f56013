//! Endgame tables built in memory for the games that have them (the Oware family).

use std::sync::{Arc, Mutex};

use mancala_core::oware::OwareRules;
use mancala_core::variant::{AnyGame, DynGame, Variant};

use crate::games::table_rules;
use crate::Tablebase;

/// Whether endgame tables exist for `game`'s rules: whether [`build_tables`] builds them and
/// [`crate::Engine::tables_cover`] can cover its positions.
#[must_use]
pub fn game_has_tables(game: &AnyGame) -> bool {
    table_rules(game).is_some()
}

/// Whether the preset `variant`, with its own rules, has endgame tables ([`game_has_tables`] of
/// its start position): the presets `mancala tb build` accepts.
#[must_use]
pub fn has_tables(variant: Variant) -> bool {
    variant
        .new_game(&[], None)
        .is_ok_and(|game| game_has_tables(&game))
}

/// Builds in memory the endgame tables of `game`'s rules from 0 to `seeds` seeds (every core
/// plays the moves; about a second for 12 seeds on an idle two-core machine, docs/tablebase.md),
/// for [`Engine::set_tablebases`]. `None` when the game has no tables (see
/// [`Engine::tables_cover`]).
#[must_use]
pub fn build_tables(
    game: &AnyGame,
    seeds: u32,
) -> Option<Result<Tablebase, mancala_tablebase::TablebaseError>> {
    let rules = table_rules(game)?;
    let built = mancala_tablebase::build::build_rules(
        game.variant().name(),
        &rules,
        seeds,
        &mancala_tablebase::build::BuildOptions::default(),
        &mut |_| {},
    );
    Some(built.map(|(table, _)| table))
}

/// Seeds of the tables the top playing level builds for itself ([`shared_tables`]).
pub const LEVEL_TABLE_SEEDS: u32 = 12;

/// The endgame tables of `game`'s rules from 0 to `seeds` seeds, built in memory the first time
/// they are asked for ([`build_tables`]) and then shared by the whole process (one set per rule
/// set and depth). `None` when the game has no tables.
#[must_use]
pub fn shared_tables(
    game: &AnyGame,
    seeds: u32,
) -> Option<Result<Arc<Tablebase>, mancala_tablebase::TablebaseError>> {
    let rules = table_rules(game)?;
    // Held while building, so that two threads asking at once build once.
    let mut built = BUILT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(t) = find(&built, &rules, seeds) {
        return Some(Ok(t));
    }
    Some(build_tables(game, seeds)?.map(|table| {
        let table = Arc::new(table);
        built.push(Arc::clone(&table));
        table
    }))
}

/// The tables [`shared_tables`] built so far in this process.
static BUILT: Mutex<Vec<Arc<Tablebase>>> = Mutex::new(Vec::new());

/// The table of `built` for `rules` with `seeds` seeds.
fn find(built: &[Arc<Tablebase>], rules: &OwareRules, seeds: u32) -> Option<Arc<Tablebase>> {
    built
        .iter()
        .find(|t| t.covers(rules) && t.max_seeds() == seeds)
        .map(Arc::clone)
}

/// The tables of `game`'s rules from 0 to `seeds` seeds if [`shared_tables`] has already built
/// them in this process (by the top playing level, say), without building them: for work that
/// may not wait for a build. `None` otherwise, and when the game has no tables.
#[must_use]
pub fn built_tables(game: &AnyGame, seeds: u32) -> Option<Arc<Tablebase>> {
    let rules = table_rules(game)?;
    let built = BUILT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    find(&built, &rules, seeds)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The presets with tables are exactly those the table builder accepts, and a game of each
    /// gets its tables built.
    #[test]
    fn presets_with_tables_are_those_the_builder_accepts() {
        let mut with = 0;
        for v in Variant::ALL {
            let accepted = mancala_tablebase::rules::preset_rules(v.name()).is_ok();
            assert_eq!(has_tables(v), accepted, "{}", v.name());
            let game = v.new_game(&[], None).unwrap();
            assert_eq!(build_tables(&game, 2).is_some(), accepted, "{}", v.name());
            with += usize::from(accepted);
        }
        assert!(with > 0);
    }
}
