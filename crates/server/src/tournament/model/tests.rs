//! Unit tests of [`crate::tournament::model`].

use super::*;

/// A spec of `kind` with the defaults.
pub(crate) fn spec(kind: Kind, otb: bool) -> Spec {
    Spec {
        name: "Club night".into(),
        kind,
        variant: "oware".into(),
        rules: Vec::new(),
        clock: None,
        rated: false,
        over_the_board: otb,
        rounds: (kind == Kind::Swiss).then_some(3),
        double: false,
        duration_s: (kind == Kind::Arena).then_some(60),
        bye_points: None,
    }
}

/// An over-the-board Swiss of four players directed by Ama.
fn otb_swiss() -> Event {
    let mut e = Event::new("t1", "Ama", spec(Kind::Swiss, true), 0).unwrap();
    for (name, rating) in [
        ("Kofi", 1800),
        ("Esi", 1700),
        ("Yaw", 1600),
        ("Abena", 1500),
    ] {
        e.add_player("ama", name, rating).unwrap();
    }
    e
}

#[test]
fn specs_are_checked() {
    let mut s = spec(Kind::Swiss, true);
    s.rounds = Some(0);
    assert_eq!(Event::new("t", "A", s, 0).unwrap_err().code(), "bad_rounds");
    let mut s = spec(Kind::Swiss, true);
    s.rounds = None;
    assert_eq!(Event::new("t", "A", s, 0).unwrap_err().code(), "bad_rounds");
    let s = spec(Kind::Arena, true);
    assert_eq!(Event::new("t", "A", s, 0).unwrap_err().code(), "bad_format");
    let mut s = spec(Kind::Arena, false);
    s.duration_s = None;
    assert_eq!(
        Event::new("t", "A", s, 0).unwrap_err().code(),
        "bad_duration"
    );
    let mut s = spec(Kind::Swiss, true);
    s.bye_points = Some(0.7);
    assert_eq!(
        Event::new("t", "A", s, 0).unwrap_err().code(),
        "bad_bye_points"
    );
    let mut s = spec(Kind::Swiss, true);
    s.name = "\u{7}".into();
    assert_eq!(Event::new("t", "A", s, 0).unwrap_err().code(), "bad_name");
}

#[test]
fn a_director_runs_an_over_the_board_swiss_to_its_end() {
    let mut e = otb_swiss();
    assert_eq!(
        e.add_player("Kofi", "Yaa", 1400).unwrap_err().code(),
        "not_director"
    );
    assert_eq!(
        e.add_player("Ama", "kofi", 1400).unwrap_err().code(),
        "already_joined"
    );
    assert_eq!(
        e.add_player("Ama", "Yaa", -1).unwrap_err().code(),
        "bad_rating"
    );
    assert_eq!(e.pair_round("Ama", 5).unwrap(), 1);
    assert_eq!(e.status, Status::Running);
    assert_eq!(
        e.pair_round("Ama", 5).unwrap_err().code(),
        "results_missing"
    );
    assert_eq!(
        e.enter_result("Ama", 1, 3, "1-0", false)
            .unwrap_err()
            .code(),
        "no_such_board"
    );
    assert_eq!(
        e.enter_result("Ama", 2, 1, "1-0", false)
            .unwrap_err()
            .code(),
        "no_such_round"
    );
    assert_eq!(
        e.enter_result("Ama", 1, 1, "2-0", false)
            .unwrap_err()
            .code(),
        "bad_result"
    );
    for round in 1..=3 {
        if round > 1 {
            assert_eq!(e.pair_round("Ama", 5).unwrap(), round);
        }
        e.enter_result("Ama", round, 1, "1-0", false).unwrap();
        assert_eq!(e.status, Status::Running);
        e.enter_result("Ama", round, 2, "1/2-1/2", false).unwrap();
    }
    assert_eq!(e.status, Status::Finished);
    assert_eq!(
        e.pair_round("Ama", 5).unwrap_err().code(),
        "tournament_finished"
    );
    assert_eq!(
        e.add_player("Ama", "Yaa", 1400).unwrap_err().code(),
        "tournament_finished"
    );
    // The state survives its JSON (the store's document).
    let back: Event = serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
    assert_eq!(back, e);
}

#[test]
fn online_players_join_once_withdraw_and_forfeit_their_games() {
    let mut e = Event::new("t2", "Ama", spec(Kind::RoundRobin, false), 0).unwrap();
    for name in ["Kofi", "Esi", "Yaw"] {
        e.join(name, 1500, 0).unwrap();
    }
    assert_eq!(
        e.join("KOFI", 1500, 0).unwrap_err().code(),
        "already_joined"
    );
    assert_eq!(e.add_player("Ama", "Yaa", 1).unwrap_err().code(), "online");
    // Struck off before the start, he may come back.
    e.withdraw("Yaw").unwrap();
    assert_eq!(e.withdraw("Yaw").unwrap_err().code(), "not_joined");
    e.join("Yaw", 1500, 0).unwrap();
    assert_eq!(e.start("Kofi", 1).unwrap_err().code(), "not_director");
    e.start("Ama", 1).unwrap();
    assert_eq!(e.start("Ama", 1).unwrap_err().code(), "already_started");
    assert_eq!(e.games[0].len(), 1, "three players: one game and a bye");
    assert_eq!(
        e.join("Yaa", 1500, 0).unwrap_err().code(),
        "round_robin_started"
    );
    // Results come from the games.
    e.games[0][0] = Some("g1".into());
    assert!(e.game_ended("g1", Some(1.0), 10, 5));
    assert!(!e.game_ended("g1", Some(0.0), 10, 5), "once");
    // A withdrawn player's next games are forfeits.
    let gone = e.pairing.players[0].name.clone();
    e.withdraw(&gone).unwrap();
    while e.status != Status::Finished {
        let n = e.pair(9).unwrap() as usize;
        for (b, p) in e.pairing.rounds[n - 1].pairings.clone().iter().enumerate() {
            let forfeit = p.south == 1 || p.north == 1;
            assert_eq!(p.result.is_some(), forfeit, "{p:?}");
            if !forfeit {
                let id = format!("g{n}{b}");
                e.games[n - 1][b] = Some(id.clone());
                e.game_ended(&id, Some(0.5), 10, 9);
            }
        }
    }
}

#[test]
fn an_arena_scores_its_games_and_ends_when_the_last_one_does() {
    let mut e = Event::new("t3", "Ama", spec(Kind::Arena, false), 0).unwrap();
    e.join("Kofi", 1500, 0).unwrap();
    e.join("Esi", 1500, 0).unwrap();
    e.start("Ama", 1000).unwrap();
    let games = e.arena.as_mut().unwrap().pair_wave(0);
    assert_eq!(games.len(), 1);
    e.arena_games.push("a1".into());
    // Time is up (60 s) while the game runs: it still counts.
    assert!(e.game_ended("a1", Some(1.0), 20, 1000 + 61_000));
    assert_eq!(e.status, Status::Finished);
    let a = e.arena.as_ref().unwrap();
    assert_eq!(a.standings()[0].score, 2);
}

#[test]
fn an_arena_player_pauses_and_joins_again_to_resume() {
    let mut e = Event::new("t4", "Ama", spec(Kind::Arena, false), 0).unwrap();
    for name in ["Kofi", "Esi", "Yaw"] {
        e.join(name, 1500, 0).unwrap();
    }
    e.start("Ama", 0).unwrap();
    e.pause("yaw").unwrap();
    assert_eq!(e.pause("Yaw").unwrap_err().code(), "already_paused");
    assert_eq!(e.pause("Ama").unwrap_err().code(), "not_joined");
    // Paused: only the two others are paired.
    let wave = e.arena.as_mut().unwrap().pair_wave(0);
    assert_eq!(wave.len(), 1);
    let yaw = e.arena_id("Yaw").unwrap();
    assert!(wave.iter().all(|g| g.south != yaw && g.north != yaw));
    e.join("Yaw", 1500, 0).unwrap();
    assert_eq!(e.join("Yaw", 1500, 0).unwrap_err().code(), "already_joined");
    assert!(!e.arena.as_ref().unwrap().players[yaw as usize - 1].paused);
    // Withdrawn, he is not in to pause.
    e.withdraw("Kofi").unwrap();
    assert_eq!(e.pause("Kofi").unwrap_err().code(), "not_joined");
    let mut swiss = Event::new("t5", "Ama", spec(Kind::Swiss, false), 0).unwrap();
    swiss.join("Kofi", 1500, 0).unwrap();
    assert_eq!(swiss.pause("Kofi").unwrap_err().code(), "not_arena");
}
