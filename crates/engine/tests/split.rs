//! Proofs split into a tree ([`mancala_engine::split`]) against the whole prover: the same
//! answers, whatever the leaves' budgets, with and without a history.

mod common;

use common::{after_quiet_moves, next_up, positions};
use mancala_core::oware::{Oware, OwareRules};
use mancala_core::Position;
use mancala_engine::solve::{prove, Budget, Value, Verdict};
use mancala_engine::split::{prove_split, SplitOptions, SplitProof};

/// Runs `f` on a thread with the prover's deep stack.
fn deep<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(mancala_engine::proofs::PROVER_STACK_BYTES)
            .spawn_scoped(s, f)
            .expect("a thread")
            .join()
            .expect("no panic")
    })
}

/// The value of `pos` after `history` by the whole prover (no tables, no budget).
fn value(pos: &Oware, history: &[u128]) -> Value {
    let proof = deep(|| prove(pos, history, None, &Budget::default(), &mut |_| {})).unwrap();
    proof.value().expect("proven")
}

fn split(
    pos: &Oware,
    history: &[u128],
    at_least: Value,
    leaf_nodes: u64,
    retries: u32,
) -> SplitProof<<Oware as Position>::Move> {
    let options = SplitOptions {
        at_least,
        leaf: Budget {
            nodes: leaf_nodes,
            ..Budget::default()
        },
        retries,
        // A tree that runs away (lines that never end) stops here and fails the test.
        max_tree: 50_000,
        ..SplitOptions::default()
    };
    deep(|| prove_split(pos, history, None, &options, &mut |_| {})).unwrap()
}

fn presets() -> [(&'static str, OwareRules); 4] {
    [
        ("abapa", OwareRules::abapa()),
        ("awari", OwareRules::awari()),
        ("oware", OwareRules::oware()),
        ("ouril", OwareRules::ouril()),
    ]
}

/// Asks `at_least` of `pos` on both sides of its value with leaves too small to settle most
/// questions, so that the tree does the work; records the leaves' budgets and the trees'
/// sizes.
fn check(name: &str, pos: &Oware, history: &[u128], trees: &mut Vec<(u64, usize)>) {
    let v = value(pos, history);
    for (asked, holds) in [(v, true), (next_up(v), false)] {
        for (leaf, retries) in [(1, 0), (40, 1)] {
            let s = split(pos, history, asked, leaf, retries);
            assert_eq!(
                s.holds,
                Some(holds),
                "{name} {pos} (history of {}): at least {asked}? leaves of {leaf} nodes",
                history.len()
            );
            assert_eq!(s.stopped, None);
            // The root's moves agree with the answer: one holds where it holds, none where
            // it does not.
            if !s.moves.is_empty() {
                let any = s.moves.iter().any(|m| m.holds == Some(true));
                let all_fail = s.moves.iter().all(|m| m.holds == Some(false));
                assert!(if holds { any } else { all_fail }, "{name} {pos}: {s:?}");
            }
            trees.push((leaf, s.tree));
        }
    }
}

#[test]
fn a_split_proof_answers_as_the_whole_prover() {
    let mut trees = Vec::new();
    for (name, rules) in presets() {
        for pos in positions(rules, 3, 6, 5) {
            check(name, &pos, &[pos.key()], &mut trees);
        }
    }
    // Leaves of one node settle only the ends of games: most trees grew.
    let one: Vec<usize> = trees.iter().filter(|t| t.0 == 1).map(|t| t.1).collect();
    let grown = one.iter().filter(|&&t| t > 10).count();
    assert!(grown * 2 > one.len(), "{trees:?}");
    eprintln!(
        "{} split proofs, largest tree {}",
        trees.len(),
        one.iter().max().unwrap()
    );
}

#[test]
fn a_split_proof_keeps_the_history_of_each_line() {
    // After two quiet moves the positions passed through are in the history: a move back to
    // one of them ends the game by repetition, in the tree's lines as in the prover's.
    let mut trees = Vec::new();
    let mut checked = 0;
    for (name, rules) in presets() {
        for pos in positions(rules, 3, 12, 9) {
            let Some((p, keys, _)) = after_quiet_moves(pos, false) else {
                continue;
            };
            check(name, &p, &keys, &mut trees);
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} positions with a history");
}

#[test]
fn a_question_the_root_settles_needs_no_tree() {
    let pos = positions(OwareRules::abapa(), 3, 1, 5)[0];
    let v = value(&pos, &[pos.key()]);
    let s = split(&pos, &[pos.key()], v, u64::MAX, 0);
    assert_eq!((s.holds, s.tree, s.leaves), (Some(true), 1, 1));
    assert!(s.moves.is_empty() && s.frontier.is_empty());
}

#[test]
fn a_split_stopped_by_its_budget_claims_nothing() {
    // Awari's 7-seed benchmark board needs hundreds of thousands of nodes: with leaves of 10
    // nodes and 2,000 in all, nothing is settled, and the frontier names the next leaf.
    let pos = Oware::from_notation("1-0-2-0-0-1-0-1-0-0-2-0-20-21-S", OwareRules::awari()).unwrap();
    let options = SplitOptions {
        at_least: Value {
            verdict: Verdict::Win,
            margin: 6,
        },
        leaf: Budget {
            nodes: 10,
            ..Budget::default()
        },
        nodes: 2_000,
        retries: 0,
        ..SplitOptions::default()
    };
    let s = deep(|| prove_split(&pos, &[pos.key()], None, &options, &mut |_| {})).unwrap();
    assert_eq!(s.holds, None);
    assert_eq!(s.stopped, Some(mancala_engine::solve::Stop::Nodes));
    assert!(!s.frontier.is_empty());
    assert!(s.nodes >= 2_000 && s.nodes < 2_100, "{}", s.nodes);
}
