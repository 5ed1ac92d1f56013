//! Searches with endgame tables against searches without: the same proven results.

mod common;

use std::sync::Arc;

use common::positions;
use mancala_core::oware::{Oware, OwareRules};
use mancala_core::{Game, Position};
use mancala_engine::{Algorithm, Engine, Limits, SearchOptions};
use mancala_tablebase::build::{build, BuildOptions};

fn options() -> SearchOptions {
    SearchOptions {
        limits: Limits {
            depth: Some(40),
            nodes: Some(300_000),
            ..Limits::default()
        },
        selective: false,
        algorithm: Some(Algorithm::AlphaBeta),
        ..SearchOptions::default()
    }
}

#[test]
fn tables_give_the_proven_results_of_a_search_without_them() {
    let (table, _) = build("abapa", 8, &BuildOptions::default(), &mut |_| {}).unwrap();
    let plain = Engine::new(16);
    let mut with = Engine::new(16);
    with.set_tablebases(vec![Arc::new(table)]);
    let (mut compared, mut tb_exact) = (0, 0);
    for n in [3, 5, 7] {
        for pos in positions(OwareRules::abapa(), n, 20, 0) {
            let game = Game::new(pos);
            plain.clear();
            with.clear();
            let a = plain.search(&game, &options(), None, &mut |_| {}).unwrap();
            let b = with.search(&game, &options(), None, &mut |_| {}).unwrap();
            let Some(truth) = a.score.proven_margin() else {
                continue;
            };
            compared += 1;
            if let Some(m) = b.score.proven_margin() {
                tb_exact += 1;
                // The same outcome; a win's margin from a table is a guaranteed minimum.
                assert_eq!(m.signum(), truth.signum(), "{pos}: {m} vs {truth}");
                assert!(m.abs() <= truth.abs(), "{pos}: {m} vs {truth}");
            }
        }
    }
    eprintln!("{compared} positions solved without tables, {tb_exact} proven with them");
    assert!(compared >= 20, "{compared}");
    assert!(tb_exact * 4 >= compared, "{tb_exact} of {compared}");
}

#[test]
fn a_table_for_other_rules_is_ignored() {
    let (table, _) = build("ouril-ludii", 4, &BuildOptions::default(), &mut |_| {}).unwrap();
    let mut with = Engine::new(16);
    with.set_tablebases(vec![Arc::new(table)]);
    let plain = Engine::new(16);
    let pos = Oware::from_notation("0-0-1-0-0-1-1-0-0-1-0-0-22-22-S", OwareRules::abapa()).unwrap();
    let game = Game::new(pos);
    let a = plain.search(&game, &options(), None, &mut |_| {}).unwrap();
    let b = with.search(&game, &options(), None, &mut |_| {}).unwrap();
    assert_eq!((a.score, a.nodes, a.best), (b.score, b.nodes, b.best));
}

#[test]
fn tables_built_for_a_game_cover_its_rules_and_are_shared() {
    use mancala_core::variant::Variant;
    let abapa = Variant::from_name("abapa")
        .unwrap()
        .new_game(&[], None)
        .unwrap();
    let wuri = Variant::from_name("wuri")
        .unwrap()
        .new_game(&[], None)
        .unwrap();
    let ludii = Variant::from_name("ouril-ludii")
        .unwrap()
        .new_game(&[], None)
        .unwrap();
    let shared = |g: &mancala_core::variant::AnyGame| {
        mancala_engine::shared_tables(g, 3).map(|t| t.expect("built"))
    };
    let a = shared(&abapa).expect("abapa has tables");
    assert_eq!(a.max_seeds(), 3);
    // Built once: the same rules (wuri plays abapa's) get the same tables.
    let w = shared(&wuri).unwrap();
    assert!(Arc::ptr_eq(&a, &w));
    let l = shared(&ludii).unwrap();
    assert!(!Arc::ptr_eq(&a, &l));
    assert_ne!(a.fingerprint(), l.fingerprint());
    // An engine given them covers the game that deep, and not deeper.
    let mut engine = Engine::new(1);
    assert!(!engine.tables_cover(&abapa, 3));
    engine.set_tablebases(vec![a]);
    assert!(engine.tables_cover(&abapa, 3));
    assert!(engine.tables_cover(&wuri, 2));
    assert!(!engine.tables_cover(&abapa, 4));
    assert!(!engine.tables_cover(&ludii, 3));
    // Games whose rules no table represents get none.
    for name in ["oware", "ouril", "olowuka", "ba-awa", "isolo"] {
        let g = Variant::from_name(name)
            .unwrap()
            .new_game(&[], None)
            .unwrap();
        assert!(mancala_engine::shared_tables(&g, 3).is_none(), "{name}");
        assert!(mancala_engine::build_tables(&g, 3).is_none(), "{name}");
    }
}
