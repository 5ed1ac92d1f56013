//! The lessons in the browser's API: the course in the request's language, a step's set-up, a
//! move judged against its task (a wrong one refused with why, not played; a right one answered
//! with the explanation and its sowing steps), and the errors.

use mancala_core::variant::DynGame;
use mancala_learn::{Goal, Verdict};
use serde_json::json;

mod common;
use common::{assert_error, ok, post_anon, server};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_course_is_listed_in_the_requests_language() {
    let (_, mut c) = server().await;
    let en = ok(&c.get("/api/learn").await.unwrap());
    assert_eq!(en["lang"], "en");
    let course = mancala_learn::course().unwrap();
    let games = en["games"].as_array().unwrap();
    assert_eq!(games.len(), course.games.len());
    let olowuka = games.iter().find(|g| g["id"] == "olowuka").unwrap();
    let first = &olowuka["stages"][0];
    assert!(first["title"].as_str().is_some_and(|t| !t.is_empty()));
    assert_eq!(
        first["steps"][0]["path"],
        format!(
            "olowuka/{}/{}",
            first["id"].as_str().unwrap(),
            first["steps"][0]["id"].as_str().unwrap()
        )
    );
    assert!(!olowuka["practice"].as_array().unwrap().is_empty());
    let fr = ok(&c.get("/api/learn?lang=fr").await.unwrap());
    assert_eq!(fr["lang"], "fr");
    let fr_first = &fr["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "olowuka")
        .unwrap()["stages"][0];
    assert_ne!(fr_first["title"], first["title"], "French titles");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_move_is_refused_with_why_and_a_right_one_is_animated() {
    let (_, mut c) = server().await;
    let course = mancala_learn::course().unwrap();
    let game = course.game("olowuka").unwrap();
    let stage = &game.stages[0];
    let step = &stage.steps[0];
    let base = format!("/api/learn/olowuka/{}/{}", stage.id, step.id);
    let set_up = ok(&c.get(&base).await.unwrap());
    assert_eq!(set_up["path"], format!("olowuka/{}/{}", stage.id, step.id));
    assert_eq!(set_up["answer"], step.answer);
    assert!(set_up["task"].as_str().is_some_and(|t| !t.is_empty()));
    assert!(set_up["hint"].as_str().is_some_and(|t| !t.is_empty()));
    let g = step.game().unwrap();
    assert_eq!(set_up["state"]["position"], g.state().position);
    assert_eq!(set_up["state"]["pits_per_row"], g.pits_per_row());
    assert_eq!(
        set_up["next"],
        format!("olowuka/{}/{}", stage.id, stage.steps[1].id)
    );

    // A legal move that does not do what the task asks.
    let wrong = g
        .state()
        .legal
        .into_iter()
        .find(|m| !mancala_learn::judge(&g, &step.goal, m).solved())
        .unwrap();
    let r = post_anon(&mut c, &format!("{base}/moves"), &json!({"move": wrong})).await;
    let body = assert_error(&r, 422, "wrong_move");
    assert_eq!(body["move"], wrong);
    assert_eq!(body["why"], "missed");
    assert!(
        body["explanation"].as_str().unwrap().contains(&wrong),
        "{body}"
    );
    assert_eq!(body["hint"], set_up["hint"]);

    let r = post_anon(
        &mut c,
        &format!("{base}/moves"),
        &json!({"move": step.answer}),
    )
    .await;
    let right = ok(&r);
    assert_eq!(right["solved"], true);
    assert_eq!(right["played"], true);
    assert!(right["explanation"].as_str().is_some_and(|t| !t.is_empty()));
    let steps = right["last_move"]["steps"].as_array().unwrap();
    assert!(steps.iter().any(|s| s["kind"] == "drop"), "{right}");
    let mut after = g.clone();
    after.play(&step.answer).unwrap();
    assert_eq!(right["state"]["position"], after.state().position);
    assert_eq!(right["next"], set_up["next"]);

    // In French, the verdict and the explanation are French.
    let r = c
        .request(
            "POST",
            &format!("{base}/moves?lang=fr"),
            &[("Content-Type", "application/json")],
            json!({"move": wrong}).to_string().as_bytes(),
        )
        .await
        .unwrap();
    let fr = assert_error(&r, 422, "wrong_move");
    assert_ne!(fr["explanation"], body["explanation"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forbidden_move_found_is_not_played_and_errors_say_what() {
    let (_, mut c) = server().await;
    let course = mancala_learn::course().unwrap();
    // A step whose task is to find a forbidden move: right, but not played.
    let (game, stage, step) = course
        .games
        .iter()
        .flat_map(|g| {
            g.stages
                .iter()
                .flat_map(move |s| s.steps.iter().map(move |st| (g, s, st)))
        })
        .find(|(_, _, st)| matches!(st.goal, Goal::Illegal(_)))
        .unwrap();
    let base = format!("/api/learn/{}/{}/{}", game.id, stage.id, step.id);
    let g = step.game().unwrap();
    let right = ok(&post_anon(
        &mut c,
        &format!("{base}/moves"),
        &json!({"move": step.answer}),
    )
    .await);
    assert_eq!(right["played"], false);
    assert_eq!(right["last_move"], serde_json::Value::Null);
    assert_eq!(right["state"]["position"], g.state().position);
    // An allowed move is wrong there.
    let allowed = g.state().legal.into_iter().next().unwrap();
    assert!(matches!(
        mancala_learn::judge(&g, &step.goal, &allowed).verdict,
        Verdict::Wrong(_)
    ));
    let body = assert_error(
        &post_anon(&mut c, &format!("{base}/moves"), &json!({"move": allowed})).await,
        422,
        "wrong_move",
    );
    assert_eq!(body["why"], "allowed");

    assert_error(
        &c.get("/api/learn/nowhere/a/b").await.unwrap(),
        404,
        "no_such_lesson",
    );
    assert_error(
        &c.get(&format!("/api/learn/{}/nowhere/b", game.id))
            .await
            .unwrap(),
        404,
        "no_such_lesson",
    );
    assert_error(
        &post_anon(&mut c, &format!("{base}/moves"), &json!({"move": ""})).await,
        400,
        "bad_move",
    );
    assert_error(
        &post_anon(&mut c, &format!("{base}/moves"), &json!({"mv": "A"})).await,
        400,
        "bad_json",
    );
    let body = assert_error(
        &post_anon(&mut c, &format!("{base}/moves"), &json!({"move": "zz"})).await,
        422,
        "wrong_move",
    );
    assert_eq!(body["why"], "not_a_move");
}
