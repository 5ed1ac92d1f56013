//! `GET /api/puzzles/{id}/refutation`: the refutation of a wrong move of a puzzle, checked
//! against the puzzle's recorded refutations and the rules core, and its errors.

use mancala_core::variant::{DynGame, Variant};
use mancala_puzzles::Puzzle;

mod common;
use common::{assert_error, get};

fn first_legal_other(p: &Puzzle) -> String {
    let variant = Variant::from_name(&p.variant).unwrap();
    let game = variant.new_game(&[], Some(&p.position)).unwrap();
    game.state()
        .legal
        .into_iter()
        .find(|m| *m != p.solution[0])
        .expect("a puzzle has another legal move")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recorded_refutation_is_answered_with_its_reply_and_reason() {
    let (_, mut c) = common::server().await;
    let p = mancala_puzzles::shipped(Variant::Awari)
        .into_iter()
        .find(|p| p.horizon.is_none() && p.goal == "win" && !p.refutations.is_empty())
        .expect("an awari puzzle proven to the end");
    for (wrong, reply) in &p.refutations {
        let r = get(
            &mut c,
            &format!("/api/puzzles/{}/refutation?moves={wrong}", p.id),
        )
        .await;
        assert_eq!(r["move"], wrong.as_str());
        assert_eq!(r["best"], p.solution[0].as_str());
        assert_eq!(r["reply"], reply.as_str(), "{r}");
        assert_eq!(r["source"], "proof");
        // What the reply captures is what the rules core says it captures.
        let mut game = Variant::Awari.new_game(&[], Some(&p.position)).unwrap();
        let took = game.play(wrong).unwrap();
        let lost = game.play(reply).unwrap();
        assert_eq!(r["captured"], took);
        assert_eq!(r["reply_captured"], lost);
        let why = r["why"].as_str().unwrap();
        assert!(
            why.contains(&format!("answers {reply}"))
                && why.contains(&format!("only {} wins by {}", p.solution[0], p.margin)),
            "{why}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forced_win_puzzles_wrong_move_gets_the_engines_reply() {
    let (_, mut c) = common::server().await;
    for variant in [Variant::Olowuka, Variant::Isolo, Variant::Oware] {
        let p = mancala_puzzles::shipped(variant)
            .into_iter()
            .find(|p| p.horizon.is_some() && p.solution.len() >= 3)
            .expect("a forced-win puzzle of several moves");
        let wrong = first_legal_other(p);
        let r = get(
            &mut c,
            &format!("/api/puzzles/{}/refutation?moves={wrong}", p.id),
        )
        .await;
        assert_eq!(r["source"], "engine", "{r}");
        let mut game = variant.new_game(&[], Some(&p.position)).unwrap();
        game.play(&wrong).unwrap();
        if let Some(reply) = r["reply"].as_str() {
            assert!(game.state().legal.iter().any(|m| m == reply), "{r}");
        }
        let why = r["why"].as_str().unwrap();
        let plies = p.horizon.unwrap();
        assert!(
            why.contains(&format!(
                "only {} wins by force within {plies} plies",
                p.solution[0]
            )),
            "{why}"
        );
        // Later in the line: the solution's moves so far, then a wrong one.
        let mut game = variant.new_game(&[], Some(&p.position)).unwrap();
        let solver = game.state().to_move;
        game.play(&p.solution[0]).unwrap();
        game.play(&p.solution[1]).unwrap();
        let state = game.state();
        let other = state.legal.iter().find(|m| **m != p.solution[2]);
        if let Some(other) = other.filter(|_| state.to_move == solver) {
            let path = format!(
                "/api/puzzles/{}/refutation?moves={},{},{other}",
                p.id, p.solution[0], p.solution[1]
            );
            let r = get(&mut c, &path).await;
            assert_eq!(r["best"], p.solution[2].as_str(), "{r}");
            assert!(r["why"]
                .as_str()
                .unwrap()
                .contains(&format!("within {} plies", plies - 2)));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refutation_errors_say_what_is_wrong() {
    let (_, mut c) = common::server().await;
    let p = &mancala_puzzles::shipped(Variant::Abapa)[0];
    let base = format!("/api/puzzles/{}/refutation", p.id);
    assert_error(&c.get(&base).await.unwrap(), 400, "no_moves");
    // The solution's own move is not a wrong one.
    let r = c
        .get(&format!("{base}?moves={}", p.solution[0]))
        .await
        .unwrap();
    let body = assert_error(&r, 400, "not_a_wrong_move");
    assert!(body["message"].as_str().unwrap().contains("solution"));
    // An illegal move, and a line that leaves the solution before its last move.
    assert_error(
        &c.get(&format!("{base}?moves=zz")).await.unwrap(),
        400,
        "not_a_wrong_move",
    );
    let wrong = first_legal_other(p);
    assert_error(
        &c.get(&format!("{base}?moves={wrong},{wrong}"))
            .await
            .unwrap(),
        400,
        "not_a_wrong_move",
    );
    assert_error(
        &c.get("/api/puzzles/abapa-0000000000/refutation?moves=A")
            .await
            .unwrap(),
        404,
        "no_such_puzzle",
    );
    let doc = get(&mut c, "/api/openapi.json").await;
    assert!(doc["paths"]["/api/puzzles/{id}/refutation"]["get"].is_object());
    assert!(doc["components"]["schemas"]["Refutation"]["properties"]["why"].is_object());
}
