//! Records round-trip: random games of every preset, with random rule options and custom start
//! positions, written by [`Record::from_game`], read back and replayed, give the same game (same
//! moves, same position, same state); the text (and, with the `serde` feature, the JSON) reads
//! back to the same record.

use mancala_core::random::Lcg as Rng;
use mancala_core::record::{result_token, Dialect, Record};
use mancala_core::variant::{DynGame, Variant};
use mancala_core::Side;
use proptest::prelude::*;

/// A value the option accepts, picked from its documented values (`A | B`, `1..20`,
/// `none | 1..1000`); numbers stay small so that games end quickly.
fn random_value(values: &str, rng: &mut Rng) -> String {
    let choices: Vec<&str> = values.split('|').map(str::trim).collect();
    let pick = choices[rng.below(choices.len())];
    match pick.split_once("..") {
        Some((lo, hi)) => {
            let lo: usize = lo.parse().unwrap();
            let hi: usize = hi.parse().unwrap();
            (lo + rng.below((hi - lo).min(12) + 1)).to_string()
        }
        None => pick.to_string(),
    }
}

/// Random rule options for `variant` (each option changed with probability 1/3) that the preset
/// accepts together.
fn random_rules(variant: Variant, rng: &mut Rng) -> Vec<(String, String)> {
    for _ in 0..20 {
        let mut rules = Vec::new();
        for o in variant.info().options {
            if rng.below(3) == 0 {
                rules.push((o.name.to_string(), random_value(&o.values, rng)));
            }
        }
        if variant.new_game(&rules, None).is_ok() {
            return rules;
        }
    }
    Vec::new()
}

/// Plays up to `plies` random legal moves; stops when the game is over.
fn play_randomly(game: &mut dyn DynGame, plies: usize, rng: &mut Rng) {
    for _ in 0..plies {
        let legal = game.state().legal;
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())].clone();
        game.play(&mv).unwrap();
    }
}

/// The game of the record replayed equals `game`.
fn assert_same_game(back: &dyn DynGame, game: &dyn DynGame) {
    assert_eq!(back.variant(), game.variant());
    assert_eq!(back.options(), game.options());
    assert_eq!(back.moves(), game.moves());
    assert_eq!(back.notation(), game.notation());
    assert_eq!(back.state(), game.state());
}

fn round_trip(variant: Variant, seed: u64) {
    let mut rng = Rng(seed);
    let rules = random_rules(variant, &mut rng);
    // A custom start: the position after a few random moves, or the usual one.
    let mut before = variant.new_game(&rules, None).unwrap();
    play_randomly(&mut before, rng.below(12), &mut rng);
    let start = (before.state().outcome.is_none() && rng.below(4) != 0).then(|| before.notation());
    let mut game = variant
        .new_game(&rules, start.as_deref())
        .unwrap_or_else(|e| panic!("{variant:?} {rules:?} from {start:?}: {e}"));
    play_randomly(&mut game, rng.below(80), &mut rng);

    let mut record = Record::from_game(&game);
    let over = game.state().outcome;
    if over.is_none() && rng.below(3) == 0 {
        let winner = [Some(Side::South), Some(Side::North), None][rng.below(3)];
        record.set_ending(winner, "resigned");
        assert_eq!(record.result.as_deref(), Some(result_token(winner)));
    }
    let text = record.write(Dialect::Mancala);
    let read = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read, record, "{text}");
    assert_eq!(read.tag("Result"), read.result.as_deref(), "{text}");
    match over {
        Some(o) => assert_eq!(read.termination(), Some(o.reason.as_str()), "{text}"),
        None if read.termination().is_some() => assert_eq!(read.termination(), Some("resigned")),
        None => assert_eq!(read.result.as_deref(), Some("*")),
    }
    let back = read
        .to_game()
        .unwrap_or_else(|e| panic!("{e}\n{text}\nrules {rules:?}"));
    assert_same_game(&back, &game);
    // A record written from the replayed game is the same record, to the letter.
    let again = Record::from_game(&back);
    if over.is_some() || record.termination().is_none() {
        assert_eq!(again.write(Dialect::Mancala), text);
    }
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&record).unwrap();
        let from_json: Record = serde_json::from_str(&json).unwrap();
        assert_eq!(from_json, record, "{json}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn records_round_trip_for_every_preset(seed in any::<u64>()) {
        for variant in Variant::ALL {
            round_trip(variant, seed);
        }
    }
}

#[test]
fn a_finished_game_records_its_score_and_why_it_ended() {
    let mut game = Variant::Abapa
        .new_game(&[], Some("0-0-0-0-0-1-1-0-0-0-0-0-23-23-S"))
        .unwrap();
    game.play("F").unwrap();
    assert!(game.state().outcome.is_some());
    let text = Record::from_game(&game).write(Dialect::Mancala);
    let record = Record::parse(&text).unwrap();
    let state = game.state();
    let score = format!("{}-{}", state.stores[0], state.stores[1]);
    assert_eq!(record.result.as_deref(), Some(score.as_str()), "{text}");
    assert_eq!(
        record.termination(),
        Some(state.outcome.unwrap().reason.as_str()),
        "{text}"
    );
    assert!(text.contains("[Termination \""), "{text}");
}

#[test]
fn only_result_tokens_are_set_as_results() {
    let mut record = Record::default();
    assert!(!record.set_result("north"));
    assert_eq!(record.result, None);
    assert!(record.set_result("0-1"));
    assert_eq!(record.tag("Result"), Some("0-1"));
}
