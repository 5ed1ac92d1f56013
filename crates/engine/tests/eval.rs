//! The static evaluations: antisymmetry on positions of every preset, and sane values on extreme
//! boards.

use mancala_core::random::Lcg;
use mancala_core::variant::Variant;
use mancala_core::{Game, Side};
use mancala_engine::eval::{evaluate, EvalKind, HEURISTIC_MAX};
use mancala_engine::{dispatch, EngineGame, GameTask};

/// Values every position reached by a seeded random game for both sides with both evaluations,
/// and checks that the two sides' values are exact negations. Returns how many positions.
struct Symmetry(u64);

impl GameTask for Symmetry {
    type Output = usize;
    fn run<P: EngineGame>(self, game: &Game<P>) -> usize {
        let mut pos = *game.position();
        let mut rng = Lcg(self.0);
        let mut seen = 0;
        for _ in 0..300 {
            for kind in [EvalKind::Fitted, EvalKind::Hand] {
                let s = evaluate(&pos, Side::South, kind);
                let n = evaluate(&pos, Side::North, kind);
                assert_eq!(s, -n, "{kind:?} at {pos}");
                assert!(s.abs() <= HEURISTIC_MAX, "{kind:?} at {pos}: {s}");
            }
            seen += 1;
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            if pos.play(mv).is_err() || pos.is_over() {
                break;
            }
        }
        seen
    }
}

#[test]
fn both_evaluations_are_antisymmetric_for_every_preset() {
    for v in Variant::ALL {
        let mut total = 0;
        for seed in 0..20 {
            let game = v.new_game(&[], None).unwrap();
            total += dispatch(&game, Symmetry(seed));
        }
        assert!(total > 100, "{}: only {total} positions", v.name());
    }
}

/// The values of one position for South with both evaluations.
struct Values;

impl GameTask for Values {
    type Output = [i32; 2];
    fn run<P: EngineGame>(self, game: &Game<P>) -> [i32; 2] {
        let p = game.position();
        [
            evaluate(p, Side::South, EvalKind::Fitted),
            evaluate(p, Side::South, EvalKind::Hand),
        ]
    }
}

fn values(variant: Variant, rules: &[(String, String)], position: &str) -> [i32; 2] {
    let game = variant.new_game(rules, Some(position)).unwrap();
    dispatch(&game, Values)
}

#[test]
fn extreme_boards_stay_in_range() {
    // (preset, 20 seeds per pit instead of the preset's, position)
    let cases = [
        (Variant::Abapa, false, "48-0-0-0-0-0-0-0-0-0-0-0-0-0-S"),
        (Variant::Abapa, false, "0-0-0-0-0-0-0-0-0-0-0-48-0-0-S"),
        (Variant::Abapa, true, "1-0-0-0-0-0-0-0-0-0-0-0-0-239-S"),
        (Variant::Abapa, true, "120-0-0-0-0-0-1-0-0-0-0-119-0-0-S"),
        (Variant::Olowuka, true, "0-0-0-0-0-200-1-1-1-1-1-35-0-0-S"),
        (
            Variant::Isolo,
            false,
            "P:200-0-0-0-0-0-0-1-1-0-0-0-0-0-0-53-0-0-S",
        ),
    ];
    let big = [("seeds".to_string(), "20".to_string())];
    for (v, twenty, pos) in cases {
        let rules = if twenty { &big[..] } else { &[] };
        let [fitted, hand] = values(v, rules, pos);
        for x in [fitted, hand] {
            assert!(x.abs() <= HEURISTIC_MAX, "{} {pos}: {x}", v.name());
        }
        // A store far ahead outweighs everything on the board.
        if pos.ends_with("-239-S") {
            assert!(fitted < -10_000 && hand < -10_000, "{fitted} {hand}");
        }
    }
}
