//! Ending a game by mutual agreement: each player scores the seeds on his own side.

use mancala_core::variant::{DynGame, Variant};
use mancala_core::{EndReason, Side};

fn agreement(variant: &str, position: Option<&str>) -> mancala_core::Outcome {
    let v = Variant::from_name(variant).unwrap();
    v.new_game(&[], position).unwrap().agreement_outcome()
}

#[test]
fn oware_scores_store_plus_own_row() {
    // South: 20 + (1+2+3) = 26; North: 18 + 4 = 22.
    let o = agreement("oware", Some("1-2-3-0-0-0-4-0-0-0-0-0-20-18-S"));
    assert_eq!(o.winner, Some(Side::South));
    assert_eq!(o.reason, EndReason::Agreement);
    // South: 20 + 1 = 21; North: 18 + 9 = 27.
    let o = agreement("abapa", Some("1-0-0-0-0-0-4-5-0-0-0-0-20-18-N"));
    assert_eq!(o.winner, Some(Side::North));
    // 24 each at the start.
    assert_eq!(agreement("oware", None).winner, None);
}

#[test]
fn every_preset_agrees_at_the_start_on_a_draw() {
    for v in Variant::ALL {
        let game = v.new_game(&[], None).unwrap();
        let o = game.agreement_outcome();
        assert_eq!(o.reason, EndReason::Agreement, "{}", v.name());
        assert_eq!(o.winner, None, "{}: equal sides at the start", v.name());
        assert_eq!(o.reason.as_str(), "agreement");
    }
}

#[test]
fn a_played_game_scores_what_the_board_shows() {
    for v in Variant::ALL {
        let mut game = v.new_game(&[], None).unwrap();
        for _ in 0..12 {
            let state = game.state();
            let Some(mv) = state.legal.first().cloned() else {
                break;
            };
            game.play(&mv).unwrap();
        }
        let s = game.state();
        let row = s.pits.len() / 2;
        let south: u32 = s.stores[0] + s.pits[..row].iter().sum::<u32>();
        let north: u32 = s.stores[1] + s.pits[row..].iter().sum::<u32>();
        let o = game.agreement_outcome();
        if v.name() != "ba-awa" {
            let expected = match south.cmp(&north) {
                std::cmp::Ordering::Greater => Some(Side::South),
                std::cmp::Ordering::Less => Some(Side::North),
                std::cmp::Ordering::Equal => None,
            };
            assert_eq!(o.winner, expected, "{}", v.name());
        }
    }
}
