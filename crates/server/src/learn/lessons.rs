//! The lessons' endpoints: the course in the request's language, a step's set-up, and a move
//! judged against the step's goal by [`mancala_learn::judge`] (any move that does what the task
//! asks is right, not one stored answer).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use mancala_core::variant::{AnyGame, DynGame};
use mancala_learn::progress::{practice_path, step_path};
use mancala_learn::{text, Course, GameLessons, Goal, Judgement, Stage, Step, Verdict, Why};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::app::{engine_permit, App};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::JsonBody;
use crate::http::lang::{cat, current};
use crate::round::json::{option_json, state_map};
use crate::work::blocking;

/// The shipped lessons, or 500 if they do not read (the tests make sure they do).
fn course() -> ApiResult<&'static Course> {
    mancala_learn::course().map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "lessons_unavailable",
            format!("the lessons do not read: {e}"),
        )
    })
}

/// A step found from the path: its game, its stage's index and the step's index.
struct Found {
    game: &'static GameLessons,
    stage: usize,
    step: usize,
}

impl Found {
    fn stage(&self) -> &'static Stage {
        &self.game.stages[self.stage]
    }

    fn step(&self) -> &'static Step {
        &self.game.stages[self.stage].steps[self.step]
    }

    fn path(&self) -> String {
        step_path(&self.game.id, &self.stage().id, &self.step().id)
    }

    /// The path of the step after this one: the stage's next, else the next stage's first.
    fn next(&self) -> Option<String> {
        let stage = self.stage();
        if let Some(st) = stage.steps.get(self.step + 1) {
            return Some(step_path(&self.game.id, &stage.id, &st.id));
        }
        let next = self.game.stages.get(self.stage + 1)?;
        let first = next.steps.first()?;
        Some(step_path(&self.game.id, &next.id, &first.id))
    }
}

/// The step at `game/stage/step`, or 404 naming what is not there.
fn find(game: &str, stage: &str, step: &str) -> ApiResult<Found> {
    let g = course()?
        .game(game)
        .ok_or_else(|| ApiError::not_found("no_such_lesson", format!("no lessons {game:?}")))?;
    let s = g.stages.iter().position(|s| s.id == stage).ok_or_else(|| {
        ApiError::not_found("no_such_lesson", format!("{game} has no stage {stage:?}"))
    })?;
    let i = g.stages[s]
        .steps
        .iter()
        .position(|st| st.id == step)
        .ok_or_else(|| {
            ApiError::not_found(
                "no_such_lesson",
                format!("{game}/{stage} has no step {step:?}"),
            )
        })?;
    Ok(Found {
        game: g,
        stage: s,
        step: i,
    })
}

/// The step's game at its position, or 500 (the tests set up every step).
fn step_game(step: &Step) -> ApiResult<AnyGame> {
    step.game().map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "lessons_unavailable",
            e.to_string(),
        )
    })
}

/// A game's lessons as the list shows them: titles and introductions, each stage with its
/// steps' paths, and the practice games.
fn game_json(g: &GameLessons) -> Value {
    let cat = cat();
    let stages: Vec<Value> = g
        .stages
        .iter()
        .map(|s| {
            json!({
                "id": s.id,
                "title": text::stage_title(cat, s),
                "intro": text::stage_intro(cat, s),
                "mistakes": s.id == mancala_learn::lesson::MISTAKES,
                "steps": s.steps.iter().map(|st| json!({
                    "id": st.id,
                    "path": step_path(&g.id, &s.id, &st.id),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let practice: Vec<Value> = g
        .practice
        .iter()
        .map(|p| {
            json!({
                "id": p.id,
                "path": practice_path(&g.id, &p.id),
                "text": text::practice(cat, p),
                "variant": p.preset.name(),
                "position": p.position,
                "level": p.level,
                "until": p.until,
            })
        })
        .collect();
    json!({
        "id": g.id,
        "title": text::game_title(cat, g),
        "intro": text::game_intro(cat, g),
        "variant": g.preset.name(),
        "variants": g.presets.iter().map(|v| v.name()).collect::<Vec<_>>(),
        "rules_pages": g.rules_pages,
        "stages": stages,
        "practice": practice,
    })
}

/// `GET /api/learn`: every game's lessons, in the request's language.
pub(crate) async fn index() -> ApiResult<Json<Value>> {
    let games: Vec<Value> = course()?.games.iter().map(game_json).collect();
    Ok(Json(json!({ "lang": current(), "games": games })))
}

/// `GET /api/learn/{game}/{stage}/{step}`: the step's set-up: the state to show, the task, the
/// hint, a move that does it, and where to go next.
pub(crate) async fn step(
    Path((game, stage, step)): Path<(String, String, String)>,
) -> ApiResult<Json<Value>> {
    let f = find(&game, &stage, &step)?;
    let st = f.step();
    let g = step_game(st)?;
    let cat = cat();
    let mut state = state_map(&g.state());
    state.insert("pits_per_row".into(), json!(g.pits_per_row()));
    Ok(Json(json!({
        "game": f.game.id,
        "game_title": text::game_title(cat, f.game),
        "stage": f.stage().id,
        "stage_title": text::stage_title(cat, f.stage()),
        "stage_intro": text::stage_intro(cat, f.stage()),
        "step": st.id,
        "path": f.path(),
        "index": f.step,
        "steps": f.stage().steps.len(),
        "variant": st.preset.name(),
        "options": g.options().iter().map(option_json).collect::<Vec<_>>(),
        "position": st.position,
        "moves": st.moves,
        "state": state,
        "task": text::task(cat, st),
        "hint": text::hint(cat, st),
        "answer": st.answer,
        "mistake": st.mistake,
        "setup": matches!(st.goal, Goal::Setup { .. }),
        "next": f.next(),
    })))
}

/// A move on a step.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveRequest {
    /// The move, as in a game (`C`, `k:0,2,...`).
    #[serde(rename = "move")]
    mv: String,
}

/// Why a move is wrong, as a stable code.
fn why_code(why: &Why) -> &'static str {
    match why {
        Why::NotAMove => "not_a_move",
        Why::Refused(_) => "not_allowed",
        Why::Allowed => "allowed",
        Why::OtherReason(_) => "other_reason",
        Why::Missed => "missed",
        Why::TooManySeeds { .. } => "too_many_seeds",
        Why::NoFollowUp => "no_follow_up",
        Why::Refuted { .. } => "refuted",
        Why::NotBest => "not_best",
    }
}

/// `POST /api/learn/{game}/{stage}/{step}/moves`: the move judged on the step's position. A
/// right move is answered with the verdict, the explanation, the state after it (a forbidden
/// move found is not played) and its sowing steps; a wrong one is refused with 422
/// `wrong_move`, why (`why`, and `message` in words) and the hint, and not played.
pub(crate) async fn post_move(
    State(app): State<Arc<App>>,
    Path((game, stage, step)): Path<(String, String, String)>,
    JsonBody(req): JsonBody<MoveRequest>,
) -> ApiResult<Json<Value>> {
    let mv = req.mv.trim().to_string();
    if mv.is_empty() || mv.len() > 256 || mv.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "bad_move",
            "a move is a short line of printable text",
        ));
    }
    let f = find(&game, &stage, &step)?;
    let st = f.step();
    let g = step_game(st)?;
    // A common mistake's wrong move is answered with its refutation, which may search.
    let permit = engine_permit(&app).await?;
    let (judged, g) = {
        let mv = mv.clone();
        blocking(move || {
            let _permit = permit;
            let j = mancala_learn::judge(&g, &st.goal, &mv);
            Ok((j, g))
        })
        .await?
    };
    let cat = cat();
    let words = text::verdict(cat, &st.goal, &judged, g.pits_per_row());
    match &judged.verdict {
        Verdict::Wrong(why) => Err(wrong(&judged, why, words, st)),
        Verdict::Solved => Ok(Json(solved(&f, g, &judged, words))),
    }
}

/// The refusal of a wrong move.
fn wrong(judged: &Judgement, why: &Why, words: String, st: &Step) -> ApiError {
    let reason = match why {
        Why::Refused(r) | Why::OtherReason(r) => Some(r.to_string()),
        _ => None,
    };
    let reply = match why {
        Why::Refuted { reply, .. } => reply.clone(),
        _ => None,
    };
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "wrong_move",
        words.clone(),
    )
    .with(json!({
        "move": judged.mv,
        "why": why_code(why),
        "reason": reason,
        "reply": reply,
        "explanation": words,
        "hint": text::hint(cat(), st),
    }))
}

/// The answer to a right move: played (unless the task was to find a forbidden move), with the
/// explanation and the sowing steps for the animation.
fn solved(f: &Found, mut g: AnyGame, judged: &Judgement, words: String) -> Value {
    let st = f.step();
    let before = g.state();
    let played = !matches!(st.goal, Goal::Illegal(_) | Goal::Setup { .. });
    let mut last = Value::Null;
    if played {
        let steps = g.sowing(&judged.mv).unwrap_or_default();
        if let (Some(side), Ok(captured)) = (before.to_move, g.play(&judged.mv)) {
            last = json!({
                "move": g.moves().last().cloned().unwrap_or_default(),
                "side": side.name(),
                "captured": captured,
                "steps": steps,
            });
        }
    } else if matches!(st.goal, Goal::Setup { .. }) {
        // A set-up is placed (it sows nothing): the board shows it.
        let _ = g.play(&judged.mv);
    }
    let mut state = state_map(&g.state());
    state.insert("pits_per_row".into(), json!(g.pits_per_row()));
    json!({
        "solved": true,
        "move": judged.mv,
        "path": f.path(),
        "message": words,
        "explanation": text::explain(cat(), st),
        "played": played,
        "state": state,
        "last_move": last,
        "next": f.next(),
    })
}
