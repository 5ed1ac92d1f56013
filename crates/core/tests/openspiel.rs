//! Differential test against OpenSpiel's Oware (`/shared/oracle/openspiel/`): every game and edge
//! case of the samples is replayed through the `abapa` preset and every state is compared.
//!
//! OpenSpiel conventions (see the oracle's README): `to_move` is -4 at a finished game, actions are
//! pit numbers relative to the mover, and a win by score also sweeps the remaining seeds into
//! their row owners' stores (we leave them on the board, so the comparison models that sweep).

use std::path::PathBuf;

use mancala_core::oware::{Oware, OwareRules};
use mancala_core::{Game, Position, RuleSet, Side};
use serde_json::Value;

fn oracle_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/oracle/openspiel"
    ));
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "note: {} not found; OpenSpiel differential test skipped",
            dir.display()
        );
        None
    }
}

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|x| x.as_i64().expect("int"))
        .collect()
}

fn rules_for(params: &Value) -> Option<OwareRules> {
    if params["num_houses_per_player"].as_i64() != Some(6) {
        return None; // other board sizes are not a 2x6 game
    }
    let mut rules = OwareRules::abapa();
    rules
        .set("seeds", &params["num_seeds_per_house"].to_string())
        .expect("seeds");
    Some(rules)
}

/// Our state in OpenSpiel's terms: (pits, scores, to_move, legal actions, terminal).
type Observation = (Vec<i64>, Vec<i64>, i64, Vec<i64>, bool);

/// Checks the pits, scores and legal actions of `obs` against a state OpenSpiel recorded.
fn assert_agrees(obs: &Observation, state: &Value, ctx: &str) {
    assert_eq!(obs.0, ints(&state["pits"]), "{ctx}: pits");
    assert_eq!(obs.1, ints(&state["scores"]), "{ctx}: scores");
    assert_eq!(obs.3, ints(&state["legal"]), "{ctx}: legal");
}

/// Our state as an [`Observation`], with the final sweep of a win by score applied.
fn observe(p: &Oware) -> Observation {
    let mut pits: Vec<i64> = p.pits().iter().map(|&x| i64::from(x)).collect();
    let mut scores: Vec<i64> = p.stores().iter().map(|&x| i64::from(x)).collect();
    let over = p.is_over();
    if over {
        for side in 0..2 {
            let row: i64 = pits[side * 6..side * 6 + 6].iter().sum();
            scores[side] += row;
            pits[side * 6..side * 6 + 6].fill(0);
        }
    }
    let to_move = p.to_move().map_or(-4, |s| s.index() as i64);
    let legal = p
        .legal_move_list()
        .iter()
        .map(|m| (m.index() % 6) as i64)
        .collect();
    (pits, scores, to_move, legal, over)
}

fn pit_for(p: &Oware, action: i64) -> mancala_core::sow::Pit<6> {
    let side = p.to_move().expect("a move in a finished game");
    mancala_core::sow::Pit((side.index() * 6 + action as usize) as u8)
}

#[test]
fn traces_agree_with_openspiel() {
    let Some(dir) = oracle_dir() else { return };
    let text = std::fs::read_to_string(dir.join("traces-sample.jsonl")).expect("read traces");
    let (mut games, mut plies, mut skipped) = (0, 0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let rec: Value = serde_json::from_str(line).expect("json");
        let Some(rules) = rules_for(&rec["params"]) else {
            skipped += 1;
            continue;
        };
        let id = &rec["id"];
        let mut game = Game::new(Oware::new(rules));
        let init = observe(game.position());
        assert_agrees(&init, &rec["initial"], &format!("game {id}: initial"));
        let actions = ints(&rec["actions"]);
        for (i, &a) in actions.iter().enumerate() {
            let mv = pit_for(game.position(), a);
            game.play(mv)
                .unwrap_or_else(|e| panic!("game {id} ply {}: {mv} refused: {e}", i + 1));
            let (pits, scores, to_move, legal, over) = observe(game.position());
            let ctx = format!("game {id} ply {} ({mv})", i + 1);
            assert_eq!(pits, ints(&rec["pits"][i]), "{ctx}: pits");
            assert_eq!(scores, ints(&rec["scores"][i]), "{ctx}: scores");
            assert_eq!(
                to_move,
                rec["to_move"][i].as_i64().expect("to_move"),
                "{ctx}: to_move"
            );
            assert_eq!(legal, ints(&rec["legal"][i]), "{ctx}: legal");
            assert_eq!(
                over,
                rec["terminal"][i].as_bool().expect("terminal"),
                "{ctx}: terminal"
            );
            plies += 1;
        }
        let o = game.position().outcome().expect("every sample game ends");
        let returns = ints(&rec["returns"]);
        let winner = match returns[0].cmp(&returns[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(o.winner, winner, "game {id}: winner");
        let reason = match o.reason.as_str() {
            "half_each" => "score_majority",
            r => r,
        };
        assert_eq!(
            reason,
            rec["end_reason"].as_str().expect("reason"),
            "game {id}: end reason"
        );
        games += 1;
    }
    eprintln!(
        "openspiel traces: {games} games, {plies} plies compared, {skipped} skipped (not 2x6)"
    );
    assert!(games >= 300, "only {games} games compared");
}

#[test]
fn edge_cases_agree_with_openspiel() {
    let Some(dir) = oracle_dir() else { return };
    let text =
        std::fs::read_to_string(dir.join("edge-cases-sample.jsonl")).expect("read edge cases");
    let mut compared = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let rec: Value = serde_json::from_str(line).expect("json");
        let Some(rules) = rules_for(&rec["params"]) else {
            continue;
        };
        let ctx = format!("edge case {} {}", rec["id"], rec["categories"]);
        let mut game = Game::new(Oware::new(rules));
        for &a in &ints(&rec["actions_from_start"]) {
            let mv = pit_for(game.position(), a);
            game.play(mv)
                .unwrap_or_else(|e| panic!("{ctx}: replay {mv}: {e}"));
        }
        assert_agrees(
            &observe(game.position()),
            &rec["before"],
            &format!("{ctx}: before"),
        );
        let mv = pit_for(
            game.position(),
            rec["move"]["action"].as_i64().expect("action"),
        );
        let effect = game.play(mv).unwrap_or_else(|e| panic!("{ctx}: {mv}: {e}"));
        assert_eq!(
            i64::from(effect.captured),
            rec["captured_seeds"].as_i64().expect("captured"),
            "{ctx}: captured"
        );
        let after = &rec["after"];
        let obs = observe(game.position());
        assert_agrees(&obs, after, &format!("{ctx}: after"));
        let (to_move, over) = (obs.2, obs.4);
        assert_eq!(
            over,
            after["terminal"].as_bool().expect("terminal"),
            "{ctx}: terminal"
        );
        let want_to_move = if over {
            -4
        } else {
            after["to_move"].as_i64().expect("to_move")
        };
        assert_eq!(to_move, want_to_move, "{ctx}: to_move");
        compared += 1;
    }
    eprintln!("openspiel edge cases: {compared} compared");
    assert!(compared >= 100, "only {compared} edge cases compared");
}

#[test]
fn perft_ladder_matches_openspiel() {
    let Some(dir) = oracle_dir() else { return };
    let text = std::fs::read_to_string(dir.join("perft-start.json")).expect("read perft");
    let rec: Value = serde_json::from_str(&text).expect("json");
    let start = Oware::from_notation(
        rec["position"].as_str().expect("position"),
        OwareRules::abapa(),
    )
    .expect("start position");
    // Depths up to 8 here (fast in a debug build); 9 and 10 run in the release-mode perft test.
    for depth in 1..=8u32 {
        let want = rec["perft"][depth.to_string()].as_u64().expect("count");
        assert_eq!(mancala_core::perft(&start, depth), want, "perft({depth})");
    }
}
