//! Arenas: the pairing wave, streaks, berserk, pause and withdrawal, and the end of time.

use mancala_tournament::arena::{Arena, ArenaConfig, ArenaError, ArenaGame, ArenaResult};

/// An arena of `n` players of falling ratings (player 1 the highest), one minute long.
fn arena(n: u32, berserk: bool) -> Arena {
    let mut a = Arena::new(ArenaConfig {
        duration_ms: 60_000,
        initial_ms: 60_000,
        increment_ms: 0,
        berserk,
        berserk_min_moves: 7,
    });
    for i in 0..n {
        a.join(&format!("p{}", i + 1), 2000 - 10 * i, 0).unwrap();
    }
    a
}

fn pair(g: &ArenaGame) -> (u32, u32) {
    (g.south.min(g.north), g.south.max(g.north))
}

/// The result in which `winner` wins game `g`.
fn won_by(g: &ArenaGame, winner: u32) -> ArenaResult {
    if g.south == winner {
        ArenaResult::SouthWins
    } else {
        ArenaResult::NorthWins
    }
}

#[test]
fn a_wave_pairs_free_players_by_the_standings() {
    let mut a = arena(6, true);
    let wave: Vec<(u32, u32)> = a.pair_wave(0).iter().map(pair).collect();
    assert_eq!(wave, vec![(1, 2), (3, 4), (5, 6)]);
    // 6 beats 5, 4 beats 3, 2 beats 1: the standings are now 2, 4, 6 (2 points, by rating),
    // then 1, 3, 5.
    for (g, w) in [(3, 6), (2, 4), (1, 2)] {
        let game = a.games[g - 1];
        a.finish_game(game.id, won_by(&game, w), 20).unwrap();
    }
    let order: Vec<u32> = a.standings().iter().map(|p| p.id).collect();
    assert_eq!(order, vec![2, 4, 6, 1, 3, 5]);
    // Everybody is free: neighbours in the standings meet, none his last opponent.
    let wave: Vec<(u32, u32)> = a.pair_wave(1_000).iter().map(pair).collect();
    assert_eq!(wave, vec![(2, 4), (1, 6), (3, 5)]);
}

#[test]
fn a_player_freed_alone_waits_and_is_paired_at_once_when_another_is_free() {
    let mut a = arena(4, true);
    a.pair_wave(0);
    let g1 = a.games[0];
    a.finish_game(g1.id, ArenaResult::Draw, 20).unwrap();
    // 1 and 2 just met and 3 and 4 are still playing: they wait rather than meet again.
    assert!(a.pair_wave(100).is_empty());
    let g2 = a.games[1];
    a.finish_game(g2.id, won_by(&g2, 3), 20).unwrap();
    // The next wave pairs at once; the last opponents are kept apart.
    let wave: Vec<(u32, u32)> = a.pair_wave(200).iter().map(pair).collect();
    assert_eq!(wave.len(), 2);
    assert!(
        !wave.contains(&(1, 2)) && !wave.contains(&(3, 4)),
        "{wave:?}"
    );
    // 3 leads (2 points): he meets the nearest below him who was not his last opponent, 1.
    assert_eq!(wave[0], (1, 3));
}

#[test]
fn south_goes_to_whoever_had_it_less() {
    let mut a = arena(2, true);
    let g = a.pair_wave(0)[0];
    a.finish_game(g.id, ArenaResult::Draw, 10).unwrap();
    // Nobody else: the two meet again, the colours swapped.
    let h = a.pair_wave(10)[0];
    assert_eq!((h.south, h.north), (g.north, g.south));
}

#[test]
fn a_streak_doubles_until_a_game_not_won() {
    let mut a = arena(2, true);
    // Player 1: win 2, win 2, on fire: win 4, draw 2 (ends the streak), win 2, win 2, on fire:
    // loss 0, win 2.
    let script = [
        Some(1),
        Some(1),
        Some(1),
        None,
        Some(1),
        Some(1),
        Some(2),
        Some(1),
    ];
    for (k, winner) in script.into_iter().enumerate() {
        let g = a.pair_wave(k as u64 * 100)[0];
        let result = match winner {
            Some(w) => won_by(&g, w),
            None => ArenaResult::Draw,
        };
        a.finish_game(g.id, result, 20).unwrap();
    }
    let p1: Vec<(u32, bool)> = a.players[0]
        .sheet
        .iter()
        .map(|e| (e.points, e.on_fire))
        .collect();
    assert_eq!(
        p1,
        vec![
            (2, false),
            (2, false),
            (4, true),
            (2, true),
            (2, false),
            (2, false),
            (0, true),
            (2, false)
        ]
    );
    assert_eq!(a.players[0].score, 16);
    // Player 2 drew once and won once: 1 + 2.
    assert_eq!(a.players[1].score, 3);
}

#[test]
fn berserk_halves_the_clock_for_a_point_on_a_win() {
    let mut a = arena(4, true);
    let wave = a.pair_wave(0);
    let (g1, g2) = (wave[0], wave[1]);
    assert_eq!(a.berserk(g1.id, g1.south, 0), Ok(30_000));
    // Only before one's first move, only in one's own game.
    assert_eq!(
        a.berserk(g1.id, g1.north, 1),
        Err(ArenaError::BerserkNotAllowed)
    );
    assert_eq!(
        a.berserk(g1.id, g2.south, 0),
        Err(ArenaError::NotInGame {
            player: g2.south,
            game: g1.id
        })
    );
    assert_eq!(a.berserk(99, g1.south, 0), Err(ArenaError::NoSuchGame(99)));
    a.berserk(g2.id, g2.south, 0).unwrap();
    // g1: the berserk player wins after 7 of his moves (13 plies): 2 + 1.
    a.finish_game(g1.id, won_by(&g1, g1.south), 13).unwrap();
    assert_eq!(a.players[g1.south as usize - 1].score, 3);
    assert!(a.players[g1.south as usize - 1].sheet[0].berserk_point);
    // g2: the berserk player loses: nothing; his opponent did not go berserk: 2.
    a.finish_game(g2.id, won_by(&g2, g2.north), 40).unwrap();
    assert_eq!(a.players[g2.south as usize - 1].score, 0);
    assert_eq!(a.players[g2.north as usize - 1].score, 2);
    // A finished game takes no berserk and no second result.
    assert_eq!(
        a.berserk(g1.id, g1.north, 0),
        Err(ArenaError::GameOver(g1.id))
    );
    assert_eq!(
        a.finish_game(g1.id, ArenaResult::Draw, 13),
        Err(ArenaError::GameOver(g1.id))
    );
    // Arenas without berserk refuse it.
    let mut b = arena(2, false);
    let g = b.pair_wave(0)[0];
    assert_eq!(
        b.berserk(g.id, g.south, 0),
        Err(ArenaError::BerserkNotAllowed)
    );
}

#[test]
fn berserk_on_fire_adds_its_point_after_the_doubling() {
    let mut a = arena(2, true);
    for k in 0..2u64 {
        let g = a.pair_wave(k * 100)[0];
        a.finish_game(g.id, won_by(&g, 1), 20).unwrap();
    }
    let g = a.pair_wave(300)[0];
    a.berserk(g.id, 1, 0).unwrap();
    // 1 wins after 6 of his moves only (11 plies as South, 12 as North): no berserk point.
    let plies = if g.south == 1 { 11 } else { 12 };
    a.finish_game(g.id, won_by(&g, 1), plies).unwrap();
    assert_eq!(a.players[0].sheet[2].points, 4);
    let g = a.pair_wave(400)[0];
    a.berserk(g.id, 1, 0).unwrap();
    a.finish_game(g.id, won_by(&g, 1), 30).unwrap();
    // On fire (4) plus the berserk point.
    assert_eq!(a.players[0].sheet[3].points, 5);
    assert_eq!(a.players[0].score, 2 + 2 + 4 + 5);
}

#[test]
fn paused_and_withdrawn_players_finish_their_game_and_are_not_paired_again() {
    let mut a = arena(4, true);
    a.pair_wave(0);
    a.pause(1, true).unwrap();
    a.withdraw(3).unwrap();
    for g in a.games.clone() {
        a.finish_game(g.id, won_by(&g, g.south), 20).unwrap();
    }
    // Their results count; 2 and 4 are the only ones paired.
    let total: u32 = a.players.iter().map(|p| p.score).sum();
    assert_eq!(total, 4);
    let wave: Vec<(u32, u32)> = a.pair_wave(100).iter().map(pair).collect();
    assert_eq!(wave, vec![(2, 4)]);
    // 1 resumes: he waits for a free opponent.
    a.pause(1, false).unwrap();
    assert!(a.pair_wave(200).is_empty());
    assert_eq!(a.pause(9, true), Err(ArenaError::NoSuchPlayer(9)));
}

#[test]
fn at_the_end_of_time_nobody_is_paired_but_running_games_count() {
    let mut a = arena(4, true);
    let wave = a.pair_wave(59_999);
    assert_eq!(wave.len(), 2);
    assert!(a.time_up(60_000) && !a.finished(60_000));
    assert!(a.pair_wave(60_000).is_empty());
    assert_eq!(a.join("late", 1500, 60_000), Err(ArenaError::Over));
    // The games end after the arena's time: they count, and the arena is then finished.
    a.finish_game(wave[0].id, won_by(&wave[0], wave[0].north), 40)
        .unwrap();
    assert!(!a.finished(61_000));
    a.finish_game(wave[1].id, ArenaResult::Draw, 40).unwrap();
    assert!(a.finished(62_000));
    let scores: Vec<u32> = a.standings().iter().map(|p| p.score).collect();
    assert_eq!(scores, vec![2, 1, 1, 0]);
    // Free players after the end get no new game.
    assert!(a.pair_wave(63_000).is_empty());
}
