//! Differential test against the MancalaGames traces in `shared/oracle/mancalagames/` (read its
//! README). Our options are set to MancalaGames' deviations from the spec where an option exists
//! ([`OlowukaRules::mancalagames`], [`BaAwaRules::mancalagames`]); every recorded move is then
//! replayed and the board, stores, player to move, legal moves and results compared.
//!
//! What cannot be compared, and is skipped with a count:
//! * the engine's 75-lap cap on relays (a move that hits it ends the match and loses the seeds in
//!   hand; none is in the samples, and such a move is checked to be genuinely never-ending or
//!   longer than 75 laps before the match is dropped);
//! * Ba-awa rounds that end with captures that are not multiples of 4 (possible only when the
//!   player to move owns no seeded pit and the owners take their pits): the engine ends the match
//!   when a player has fewer than 11 seeds, our rule when a player has 10 pits after rounding;
//!   the match is compared up to that round's end and then dropped.
//!
//! The test skips with a note when the shared directory is absent.

use std::path::Path;

use mancala_core::ba_awa::{BaAwa, BaAwaRules};
use mancala_core::olowuka::{Olowuka, OlowukaRules};
use mancala_core::sow::Pit;
use mancala_core::{EndReason, Game, Position, Side};
use serde_json::Value as Json;

const DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/oracle/mancalagames"
);

fn read(name: &str) -> Option<Vec<Json>> {
    let path = Path::new(DIR).join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!(
            "note: {} is absent; differential test skipped",
            path.display()
        );
        return None;
    };
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect(),
    )
}

fn nums(v: &Json) -> Vec<u32> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_u64().expect("a number") as u32)
        .collect()
}

fn side(v: &Json) -> Side {
    Side::from_index(v.as_u64().expect("a player") as usize)
}

fn mask<P: Position<Move = Pit<6>>>(p: &P) -> u64 {
    p.legal_move_list()
        .iter()
        .fold(0, |m, mv| m | 1 << mv.index())
}

/// The legal moves of `p` are those of the recorded `round`'s mask.
fn check_mask<P: Position<Move = Pit<6>>>(p: &P, round: &Json, ctx: &str) {
    assert_eq!(mask(p), round["legal_mask"].as_u64().unwrap(), "{ctx}");
}

/// Plays the recorded move `m` (its pit first), which must be legal.
fn play_recorded<P: Position<Move = Pit<6>>>(game: &mut Game<P>, m: &Json, ctx: &str) {
    let idx = m[0].as_u64().unwrap() as u8;
    game.play(Pit(idx))
        .unwrap_or_else(|e| panic!("{ctx}: move {} rejected: {e}", Pit::<6>(idx)));
}

fn pits<P: Position>(p: &P) -> Vec<u32> {
    p.pits().iter().map(|&x| u32::from(x)).collect()
}

#[test]
fn olowuka_matches_mancalagames() {
    let Some(games) = read("olowuka-sample.jsonl") else {
        return;
    };
    let mut moves_compared = 0;
    for g in &games {
        let id = &g["id"];
        let round = &g["rounds"][0];
        let mut rules = OlowukaRules::mancalagames();
        rules.first_player = side(&round["to_move"]);
        let mut game = Game::new(Olowuka::new(rules));
        check_mask(game.position(), round, &format!("game {id} start"));
        let moves = round["moves"].as_array().unwrap();
        for (ply, m) in moves.iter().enumerate() {
            let ctx = format!("game {id} ply {ply} from {}", game.position());
            play_recorded(&mut game, m, &ctx);
            let pos = game.position();
            assert_eq!(pits(pos), nums(&m[1]), "{ctx}: board");
            assert_eq!(pos.stores().to_vec(), nums(&m[2]), "{ctx}: stores");
            match m[6].as_str() {
                None => {
                    assert!(
                        !pos.is_over(),
                        "{ctx}: we ended the game, the engine did not"
                    );
                    assert_eq!(Some(side(&m[3])), pos.to_move(), "{ctx}: to move");
                    assert_eq!(mask(pos), m[4].as_u64().unwrap(), "{ctx}: legal moves");
                }
                Some(flag) => {
                    let o = pos
                        .outcome()
                        .unwrap_or_else(|| panic!("{ctx}: engine ended ({flag}), we did not"));
                    let want = g["result"]["winner"]
                        .as_u64()
                        .map(|w| Side::from_index(w as usize));
                    assert_eq!(o.winner, want, "{ctx}: winner");
                    assert_eq!(
                        ply + 1,
                        moves.len(),
                        "{ctx}: the game goes on after its end"
                    );
                }
            }
            moves_compared += 1;
        }
    }
    println!(
        "olowuka: {} games, {moves_compared} moves compared",
        games.len()
    );
    assert!(moves_compared > 1000);
}

#[test]
fn ba_awa_matches_mancalagames() {
    let Some(matches) = read("ba-awa-sample.jsonl") else {
        return;
    };
    let mut moves_compared = 0;
    let mut rounds_compared = 0;
    let mut dropped = 0;
    'matches: for g in &matches {
        let id = &g["id"];
        let rounds = g["rounds"].as_array().unwrap();
        let mut rules = BaAwaRules::mancalagames();
        rules.first_player = side(&rounds[0]["starter"]);
        let mut game = Game::new(BaAwa::new(rules));
        for (r, round) in rounds.iter().enumerate() {
            let pos = *game.position();
            let ctx = format!("match {id} round {r}");
            assert_eq!(pits(&pos), nums(&round["board"]), "{ctx}: start board");
            let owners: Vec<u32> = pos.owners().iter().map(|s| s.index() as u32).collect();
            assert_eq!(owners, nums(&round["owner"]), "{ctx}: owners");
            assert_eq!(
                pos.round_starter(),
                side(&round["starter"]),
                "{ctx}: starter"
            );
            assert_eq!(
                pos.to_move(),
                Some(side(&round["to_move"])),
                "{ctx}: to move"
            );
            check_mask(&pos, round, &format!("{ctx}: legal"));
            let moves = round["moves"].as_array().unwrap();
            for (ply, m) in moves.iter().enumerate() {
                let ctx = format!("match {id} round {r} ply {ply} from {}", game.position());
                play_recorded(&mut game, m, &ctx);
                let pos = *game.position();
                moves_compared += 1;
                let flag = m[6].as_str();
                if flag.is_some_and(|f| f.starts_with("ENDLESS")) {
                    assert_eq!(
                        pos.outcome().map(|o| o.reason),
                        Some(EndReason::EndlessMove),
                        "{ctx}: the engine's 75-lap cap fired on a move that ends"
                    );
                    dropped += 1;
                    continue 'matches;
                }
                let Some(flag) = flag else {
                    assert!(
                        pos.round_end().is_none(),
                        "{ctx}: we ended the round, the engine did not"
                    );
                    assert_eq!(pits(&pos), nums(&m[1]), "{ctx}: board");
                    assert_eq!(pos.stores().to_vec(), nums(&m[2]), "{ctx}: captures");
                    assert_eq!(Some(side(&m[3])), pos.to_move(), "{ctx}: to move");
                    assert_eq!(mask(&pos), m[4].as_u64().unwrap(), "{ctx}: legal moves");
                    continue;
                };
                // The move ended the round: its captures (last seeds included) are the record.
                let end = pos.round_end().unwrap_or_else(|| {
                    panic!("{ctx}: engine ended the round ({flag}), we did not")
                });
                let caps = nums(&m[2]);
                assert_eq!(
                    vec![u32::from(end.captures[0]), u32::from(end.captures[1])],
                    caps,
                    "{ctx}: round captures"
                );
                rounds_compared += 1;
                let last_round = r + 1 == rounds.len();
                if caps.iter().any(|c| c % 4 != 0) && last_round != pos.is_over() {
                    dropped += 1;
                    continue 'matches;
                }
                assert_eq!(pos.is_over(), last_round, "{ctx}: match end");
                if last_round {
                    let want = g["result"]["winner"]
                        .as_u64()
                        .map(|w| Side::from_index(w as usize));
                    assert_eq!(pos.outcome().unwrap().winner, want, "{ctx}: match winner");
                }
                assert_eq!(
                    ply + 1,
                    moves.len(),
                    "{ctx}: the round goes on after its end"
                );
            }
        }
        assert!(
            game.position().is_over(),
            "match {id}: the engine finished, we did not"
        );
    }
    println!(
        "ba-awa: {} matches, {rounds_compared} rounds and {moves_compared} moves compared, {dropped} matches dropped",
        matches.len()
    );
    assert!(moves_compared > 1000);
}
