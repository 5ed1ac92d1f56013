//! Sowing traces checked against the real moves, through the `Variant` / `DynGame` API, for every
//! preset: random playouts, and before each move the trace of the move is replayed on the board.
//! Replaying must be possible step by step (a lift takes what the pit holds, a drop has a seed in
//! hand), must conserve seeds (stock seeds aside) and must end on exactly the board after the
//! move. A final jump to the result is allowed only when the move ended the game, a Ba-awa round
//! or an Isolo phase, was a set-up action, or sowed more than `DROP_CAP` seeds (a move found by
//! random play checks that summary).

use mancala_core::extras::Extras;
use mancala_core::isolo::Phase;
use mancala_core::trace::{SettleKind, SowBoard, SowStep, DROP_CAP};
use mancala_core::variant::{DynGame, Variant};
use proptest::prelude::*;

/// The Ba-awa round and the Isolo phase of a game (`None` for the other games).
fn round_and_phase(g: &dyn DynGame) -> (Option<u32>, Option<Phase>) {
    match g.state().extras {
        Extras::BaAwa(b) => (Some(b.round), None),
        Extras::Isolo(i) => (None, Some(i.phase)),
        _ => (None, None),
    }
}

/// Whether the move just played ended something that lays the board out again or shares seeds
/// out: the game, a Ba-awa round, an Isolo phase (a kucheleka set-up included).
fn ended_something(before: &dyn DynGame, after: &dyn DynGame) -> bool {
    after.state().outcome.is_some() || round_and_phase(after) != round_and_phase(before)
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays a random game of `variant` for up to `plies` plies, checking the trace of every move.
/// Returns the number of laps seen in the longest move and the number of captures shown.
fn check_playout(variant: Variant, seed: u64, plies: usize) -> (u32, usize) {
    let mut game = variant.new_game(&[], None).unwrap();
    let mut rng = Rng(seed | 1);
    let mut most_laps = 0;
    let mut captures = 0;
    for _ in 0..plies {
        let state = game.state();
        if state.outcome.is_some() || state.legal.is_empty() {
            break;
        }
        let mv = state.legal[rng.below(state.legal.len())].clone();
        let steps = game.sowing(&mv).unwrap();
        let before = game.clone_box();
        let captured = game.play(&mv).unwrap();
        let after = game.state();
        let name = format!("{} {} {mv}", variant.name(), state.position);

        let mut board = SowBoard::new(state.pits.clone(), state.stores);
        let total = board.seeds();
        let mut drops = 0;
        for (k, step) in steps.iter().enumerate() {
            if let SowStep::Settle { kind, .. } = step {
                assert_eq!(k + 1, steps.len(), "{name}: a jump ends the trace");
                match kind {
                    SettleKind::Summary => assert!(drops >= DROP_CAP, "{name}: early summary"),
                    SettleKind::Rules => assert!(
                        ended_something(before.as_ref(), &game),
                        "{name}: a jump after a move that ended nothing: {steps:?}"
                    ),
                }
            } else {
                assert_eq!(board.seeds(), total, "{name}: seeds before step {k}");
            }
            board
                .apply(step)
                .unwrap_or_else(|e| panic!("{name}: {e}: {steps:?}"));
            match step {
                SowStep::Drop { .. } => drops += 1,
                SowStep::Lift { lap, .. } => most_laps = most_laps.max(*lap),
                SowStep::Capture { .. } => captures += 1,
                _ => {}
            }
        }
        assert_eq!(board.hand, 0, "{name}: seeds left in hand");
        assert_eq!(board.pits, after.pits, "{name}: pits after {steps:?}");
        assert_eq!(board.stores, after.stores, "{name}: stores after {steps:?}");
        let has_jump = matches!(steps.last(), Some(SowStep::Settle { .. }));
        if !has_jump {
            // The steps alone made the move: what they captured is what the move captured.
            let shown: u32 = steps
                .iter()
                .map(|s| match s {
                    SowStep::Capture { seeds, .. } => *seeds,
                    SowStep::Lift {
                        seeds,
                        capture: true,
                        ..
                    } => *seeds,
                    _ => 0,
                })
                .sum();
            assert_eq!(shown, captured, "{name}: captured seeds {steps:?}");
        }
    }
    (most_laps, captures)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn traces_replay_to_the_move_result(seed in any::<u64>(), pick in 0usize..8) {
        check_playout(Variant::ALL[pick], seed, 300);
    }
}

#[test]
fn every_preset_replays_and_relay_games_show_several_laps() {
    for variant in Variant::ALL {
        let mut most_laps = 0;
        let mut captures = 0;
        for seed in 1..=6u64 {
            let (laps, caps) = check_playout(variant, seed * 0x9e37_79b9, 400);
            most_laps = most_laps.max(laps);
            captures += caps;
        }
        match variant {
            Variant::Olowuka | Variant::BaAwa | Variant::Isolo => {
                assert!(most_laps > 2, "{}: laps {most_laps}", variant.name())
            }
            _ => assert_eq!(most_laps, 1, "{}", variant.name()),
        }
        if variant != Variant::Isolo {
            assert!(captures > 0, "{}: no capture shown", variant.name());
        }
    }
}

/// The sowing steps of `mv` in a game of `variant` at `position`.
fn sowing_at(variant: Variant, position: &str, mv: &str) -> Vec<SowStep> {
    let game = variant.new_game(&[], Some(position)).unwrap();
    game.sowing(mv).unwrap()
}

#[test]
fn a_grand_slam_that_captures_nothing_says_why() {
    // Abapa: South's F (5 seeds) ends in North's e after making 2s in a..e, the whole row.
    let mut g = Variant::Abapa
        .new_game(&[], Some("0-0-0-0-0-5-1-1-1-1-1-0-20-18-S"))
        .unwrap();
    let steps = g.sowing("F").unwrap();
    assert!(!steps.iter().any(|s| matches!(s, SowStep::Capture { .. })));
    match steps.last() {
        Some(SowStep::NoCapture { pits, reason }) => {
            assert_eq!(pits, &[10, 9, 8, 7, 6]);
            assert!(reason.contains("grand slam"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.play("F").unwrap(), 0);
}

#[test]
fn ba_awa_fours_are_captured_during_sowing() {
    // South's A: B makes 4 with a seed still in hand (taken for its owner, South), then C makes 4
    // with the last seed (taken for the mover, South), which ends the move.
    let steps = sowing_at(Variant::BaAwa, "2-3-3-0-0-0-5-5-5-5-5-5-4-6-S", "A");
    let south = mancala_core::Side::South;
    assert_eq!(
        steps,
        [
            SowStep::Lift {
                pit: 0,
                seeds: 2,
                lap: 1,
                capture: false
            },
            SowStep::Drop { pit: 1 },
            SowStep::Capture {
                pit: 1,
                seeds: 4,
                by: south
            },
            SowStep::Drop { pit: 2 },
            SowStep::Capture {
                pit: 2,
                seeds: 4,
                by: south
            },
        ]
    );
}

#[test]
fn illegal_and_unreadable_moves_are_refused() {
    let g = Variant::Oware.new_game(&[], None).unwrap();
    assert!(g.sowing("a").is_err(), "North's pit on South's turn");
    assert!(g.sowing("Z").is_err());
    let g = Variant::Isolo.new_game(&[], None).unwrap();
    assert!(
        g.sowing("k:1,1,1,1,1,1,1,1").is_err(),
        "no set-up in the foregame"
    );
}

#[test]
fn a_very_long_move_is_summarised_after_the_cap() {
    // Found by random play: F relays over more than 2,000 seeds under these options.
    let rules = [("seeds", "20"), ("relay_on_any_occupied", "On")]
        .map(|(k, v)| (k.to_string(), v.to_string()));
    let mut g = Variant::Olowuka
        .new_game(&rules, Some("0-10-16-14-1-30-97-3-6-10-5-29-9-10-S"))
        .unwrap();
    let steps = g.sowing("F").unwrap();
    let drops = steps
        .iter()
        .filter(|s| matches!(s, SowStep::Drop { .. }))
        .count();
    assert_eq!(drops, DROP_CAP);
    let before = g.state();
    g.play("F").unwrap();
    let after = g.state();
    match steps.last() {
        Some(SowStep::Settle {
            kind: SettleKind::Summary,
            pits,
            stores,
            ..
        }) => {
            assert_eq!(pits, &after.pits);
            assert_eq!(stores, &after.stores);
        }
        other => panic!("{other:?}"),
    }
    let mut board = SowBoard::new(before.pits, before.stores);
    for s in &steps {
        board.apply(s).unwrap();
    }
    assert_eq!(board.pits, after.pits);
}

#[test]
fn an_ouril_grand_slam_captures_and_earns_an_extra_turn() {
    // South's D ends in a, which makes 2: North's whole row, taken, and South plays again.
    let steps = sowing_at(Variant::Ouril, "0-0-0-3-0-0-1-0-0-0-0-0-20-24-S", "D");
    let south = mancala_core::Side::South;
    assert_eq!(
        steps[4..],
        [
            SowStep::Capture {
                pit: 6,
                seeds: 2,
                by: south
            },
            SowStep::ExtraTurn,
        ]
    );
}
