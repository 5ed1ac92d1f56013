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

/// The progress of the account signed in by `token`.
async fn progress(c: &mut mancala_test_client::Client, token: &str) -> serde_json::Value {
    ok(&common::send_as(c, "GET", "/api/learn/progress", token).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accounts_progress_is_merged_by_union_and_nothing_posted_at_once_is_lost() {
    let (addr, mut c) = server().await;
    let r = c.get("/api/learn/progress").await.unwrap();
    assert_error(&r, 401, "not_signed_in");
    assert_error(
        &post_anon(&mut c, "/api/learn/progress", &json!({"done": ["a/b/c"]})).await,
        401,
        "not_signed_in",
    );
    let token = common::account(&mut c, "learner").await;
    assert_eq!(progress(&mut c, &token).await, json!({"done": []}));
    let r = common::post_as(
        &mut c,
        "/api/learn/progress",
        &json!({"done": ["olowuka/laps/relay", "isolo/foregame/stock"]}),
        &token,
    )
    .await;
    assert_eq!(
        ok(&r),
        json!({"done": ["isolo/foregame/stock", "olowuka/laps/relay"]})
    );
    // Another device posts what it did: the union is kept.
    let r = common::post_as(
        &mut c,
        "/api/learn/progress",
        &json!({"done": ["olowuka/laps/relay", "oware/sowing/where"]}),
        &token,
    )
    .await;
    assert_eq!(ok(&r)["done"].as_array().unwrap().len(), 3);
    // Many devices at once: every path posted is kept.
    let mut posts = Vec::new();
    for i in 0..12 {
        let token = token.clone();
        posts.push(tokio::spawn(async move {
            let mut c = mancala_test_client::Client::new(addr);
            let body = json!({"done": [format!("g/s/{i}"), format!("g/t/{i}"), "g/s/shared"]});
            c.post_json("/api/learn/progress", &body, Some(&token))
                .await
                .unwrap()
                .status
        }));
    }
    for p in posts {
        assert_eq!(p.await.unwrap(), 200);
    }
    let all = progress(&mut c, &token).await;
    assert_eq!(
        all["done"].as_array().unwrap().len(),
        3 + 12 * 2 + 1,
        "{all}"
    );
    // Bad progress is refused with what is wrong.
    for bad in [
        json!({"done": ["Bad Path"]}),
        json!({"done": "a/b"}),
        json!({"done": [], "extra": 1}),
        json!([1, 2]),
    ] {
        assert_error(
            &common::post_as(&mut c, "/api/learn/progress", &bad, &token).await,
            400,
            "bad_progress",
        );
    }
}
