//! The shipped puzzles: the files parse, ids are unique and stable, and a sample of every
//! preset's puzzles is proven again with the rules (and the endgame tables where the game has
//! them); a proof with the tables agrees with one without.

use std::collections::HashSet;

use mancala_core::variant::{DynGame, Variant};
use mancala_puzzles::{
    find, puzzle_id, shipped, shipped_all, tables_for, verify, Puzzle, VerifyError, DEFAULT_BUDGET,
};

/// Puzzles proven again per preset.
const SAMPLE: usize = 4;

/// A deterministic sample of `n` of `puzzles` (spread over the file, differing between presets).
fn sample<'a>(puzzles: &[&'a Puzzle], n: usize, salt: u64) -> Vec<&'a Puzzle> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64 ^ salt;
    let mut picked = Vec::new();
    let mut used = HashSet::new();
    while picked.len() < n.min(puzzles.len()) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let i = (x % puzzles.len() as u64) as usize;
        if used.insert(i) {
            picked.push(puzzles[i]);
        }
    }
    picked
}

#[test]
fn files_parse_and_ids_are_unique() {
    let all = shipped_all().expect("the shipped files parse");
    let mut ids = HashSet::new();
    for p in all {
        assert!(ids.insert(p.id.as_str()), "duplicate id {}", p.id);
        assert_eq!(p.id, puzzle_id(&p.variant, &p.position));
        assert!(!p.solution.is_empty(), "{} has no solution", p.id);
        assert_eq!(p.themes.first(), Some(&p.theme));
        assert!(Variant::from_name(&p.variant).is_ok());
    }
}

#[test]
fn every_game_ships_puzzles() {
    // Every preset, Ludii's cross-checking Ouril too (docs/puzzles.md: every game ships them).
    for v in Variant::ALL {
        assert!(!shipped(v).is_empty(), "{} ships no puzzle", v.name());
    }
}

#[test]
fn a_sample_of_every_preset_is_proven_again() {
    for (salt, v) in Variant::ALL.into_iter().enumerate() {
        let puzzles = shipped(v);
        if puzzles.is_empty() {
            continue;
        }
        let start = v.new_game(&[], None).unwrap();
        let tables = tables_for(&start).unwrap();
        for p in sample(&puzzles, SAMPLE, salt as u64) {
            if let Err(e) = verify(p, tables.as_deref(), DEFAULT_BUDGET) {
                panic!("{}: {e}", p.id);
            }
            // Every solution move is legal when replayed with the rules.
            let mut game = v.new_game(&[], Some(&p.position)).unwrap();
            for m in &p.solution {
                game.play(m).unwrap();
            }
            // Each refutation is a legal reply to its wrong move.
            for (wrong, reply) in &p.refutations {
                let mut g = v.new_game(&[], Some(&p.position)).unwrap();
                g.play(wrong).unwrap();
                g.play(reply).unwrap();
            }
        }
    }
}

#[test]
fn a_wrong_solution_is_refused() {
    let p = shipped_all()
        .unwrap()
        .iter()
        .find(|p| !p.refutations.is_empty())
        .expect("a puzzle with a refutation");
    let v = Variant::from_name(&p.variant).unwrap();
    let tables = tables_for(&v.new_game(&[], None).unwrap()).unwrap();
    let mut bad = p.clone();
    bad.solution = vec![p.refutations.keys().next().unwrap().clone()];
    assert!(matches!(
        verify(&bad, tables.as_deref(), DEFAULT_BUDGET),
        Err(VerifyError::NotBest { .. })
    ));
    let mut bad = p.clone();
    bad.position = "not a position".into();
    assert!(matches!(
        verify(&bad, tables.as_deref(), DEFAULT_BUDGET),
        Err(VerifyError::Setup(_))
    ));
}

/// The reason of a [`VerifyError::BadMove`] at `index`, else a panic.
fn bad_move(r: Result<(), VerifyError>, index: usize) -> String {
    match r {
        Err(VerifyError::BadMove {
            index: i, reason, ..
        }) if i == index => reason,
        other => panic!("expected a bad move {index}, got {other:?}"),
    }
}

#[test]
fn lines_that_cannot_be_played_are_refused() {
    // One puzzle with a best line and one forced win, each with a defender's reply after the
    // first move: both checkers refuse the same bad lines with the same errors.
    let all = shipped_all().unwrap();
    for forced in [false, true] {
        let p = all
            .iter()
            .find(|p| {
                let v = Variant::from_name(&p.variant).unwrap();
                let mut g = v.new_game(&[], Some(&p.position)).unwrap();
                let me = g.state().to_move;
                p.horizon.is_some() == forced
                    && p.solution.len() >= 3
                    && g.play(&p.solution[0]).is_ok()
                    && g.state().to_move.is_some_and(|s| Some(s) != me)
            })
            .expect("a puzzle with a reply");
        let v = Variant::from_name(&p.variant).unwrap();
        let tables = tables_for(&v.new_game(&[], None).unwrap()).unwrap();
        let check = |solution: &[String]| {
            let mut q = p.clone();
            q.solution = solution.to_vec();
            verify(&q, tables.as_deref(), DEFAULT_BUDGET)
        };
        let reason = bad_move(check(&["?".to_string()]), 0);
        assert!(reason.contains("pit letter"), "{}: {reason}", p.id);
        let reason = bad_move(check(&p.solution[..2]), 1);
        assert_eq!(
            reason, "the line ends with the defender's reply",
            "{}",
            p.id
        );
        let mut wrong = p.solution[..3].to_vec();
        wrong[1] = wrong[0].clone();
        let reason = bad_move(check(&wrong), 1);
        assert!(!reason.is_empty(), "{}", p.id);
    }
}

#[test]
fn proofs_with_and_without_tables_agree() {
    // Awari's tables are exact: a puzzle found with them is found the same without them.
    let v = Variant::Awari;
    let tables = tables_for(&v.new_game(&[], None).unwrap()).unwrap();
    let mut checked = 0;
    for p in shipped(v)
        .into_iter()
        .filter(|p| p.horizon.is_none())
        .take(3)
    {
        let game = v.new_game(&[], Some(&p.position)).unwrap();
        let with = find(&game, tables.as_deref(), DEFAULT_BUDGET).unwrap();
        assert_eq!(&with, p, "the shipped puzzle is what the generator finds");
        if let Ok(without) = find(&game, None, 20 * DEFAULT_BUDGET) {
            if without.horizon.is_none() {
                assert_eq!(without.solution[0], p.solution[0]);
                assert_eq!((&without.goal, without.margin), (&p.goal, p.margin));
                checked += 1;
            }
        }
    }
    assert!(
        checked > 0,
        "no awari puzzle could be proven without tables"
    );
}
