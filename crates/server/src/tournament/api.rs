//! The handlers of `/api/tournaments`: thin, the work is in [`crate::tournament::model`] (what
//! may be done), [`crate::tournament::state`] (the guarded writes) and
//! [`crate::tournament::online`] (the games).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use mancala_core::variant::Variant;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::accounts::api::require_player;
use crate::app::App;
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{created, parse_body};
use crate::round::clock::{now_ms, TimeControl};
use crate::round::setup::{check_word, parse_rules};
use crate::store::Store;
use crate::tournament::model::{Event, EventError, Fischer, Kind, Spec};
use crate::tournament::{online, state, view};
use crate::work::{blocking, random_hex, ID_BYTES};

/// How many tournaments the list shows.
const LIST_LIMIT: u32 = 200;

/// `POST /api/tournaments`'s body.
#[derive(Deserialize)]
struct CreateRequest {
    name: String,
    format: String,
    variant: String,
    #[serde(default)]
    rules: Option<serde_json::Map<String, Value>>,
    #[serde(default)]
    clock: Value,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    over_the_board: bool,
    #[serde(default)]
    rounds: Option<i64>,
    #[serde(default)]
    double: bool,
    #[serde(default)]
    duration_s: Option<i64>,
    #[serde(default)]
    bye_points: Option<f64>,
}

/// The spec of a creation request, its preset, rules and clock checked.
fn spec(req: CreateRequest) -> ApiResult<Spec> {
    let kind = Kind::from_name(&req.format).ok_or_else(|| {
        ApiError::bad_request(
            "unknown_format",
            format!(
                "unknown format {:?} (expected arena, swiss or round_robin)",
                req.format
            ),
        )
    })?;
    check_word("variant", &req.variant)?;
    let variant = Variant::from_name(&req.variant)
        .map_err(|e| ApiError::bad_request("unknown_variant", e.to_string()))?;
    let rules = parse_rules(req.rules.as_ref())?;
    variant
        .new_game(&rules, None)
        .map_err(|e| ApiError::bad_request("bad_setup", e.to_string()))?;
    let clock = match TimeControl::from_json(&req.clock)
        .map_err(|m| ApiError::bad_request("bad_clock", m))?
    {
        None => None,
        Some(TimeControl::Fischer {
            initial_ms,
            increment_ms,
        }) => Some(Fischer {
            initial_ms,
            increment_ms,
        }),
        Some(TimeControl::Correspondence { .. }) => {
            return Err(ApiError::bad_request(
                "bad_clock",
                "a tournament's clock is {\"initial_ms\", \"increment_ms\"}",
            ))
        }
    };
    Ok(Spec {
        name: req.name,
        kind,
        variant: variant.name().to_string(),
        rules,
        clock,
        rated: req.rated,
        over_the_board: req.over_the_board,
        rounds: req.rounds,
        double: req.double,
        duration_s: req.duration_s,
        bye_points: req.bye_points,
    })
}

/// `POST /api/tournaments` (signed in; the creator directs it) → 201 `{"id"}`.
pub(crate) async fn create(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Response> {
    let me = require_player(&app, &headers).await?;
    let req: CreateRequest = parse_body(&headers, &body)?;
    let id = random_hex(ID_BYTES)?;
    let event = Event::new(&id, &me, spec(req)?, now_ms())?;
    let app2 = Arc::clone(&app);
    blocking(move || Ok(state::create(app2.hub.store(), &event)?)).await?;
    Ok(created(
        &json!({ "id": id }),
        &format!("/api/tournaments/{id}"),
    ))
}

/// `GET /api/tournaments`: the newest tournaments, newest first.
pub(crate) async fn list(State(app): State<Arc<App>>) -> ApiResult<Json<Value>> {
    let events = blocking(move || Ok(state::list(app.hub.store(), LIST_LIMIT)?)).await?;
    Ok(Json(Value::Array(
        events.iter().map(view::summary).collect(),
    )))
}

/// Tournament `id`, or 404.
async fn load(app: &Arc<App>, id: String) -> ApiResult<Event> {
    let app2 = Arc::clone(app);
    blocking(move || {
        state::load(app2.hub.store(), &id)?
            .map(|(e, _)| e)
            .ok_or_else(state::no_tournament)
    })
    .await
}

/// `GET /api/tournaments/{id}`: settings, players, rounds, standings.
pub(crate) async fn get(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    Ok(Json(view::full(&load(&app, id).await?)))
}

/// `GET /api/tournaments/{id}/trf`: the TRF16 file of a Swiss or round robin.
pub(crate) async fn trf(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let e = load(&app, id).await?;
    if e.kind == Kind::Arena {
        return Err(EventError::Conflict("arena", "an arena has no TRF file".into()).into());
    }
    let mut r = (StatusCode::OK, view::trf(&e)).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    Ok(r)
}

/// Applies `change` to tournament `id` as the signed-in account, writes it, creates the games
/// it paired: the state written.
async fn change(
    app: &Arc<App>,
    headers: &HeaderMap,
    id: String,
    change: impl FnMut(&mut Event, &str, i64) -> ApiResult<()> + Send + 'static,
) -> ApiResult<Event> {
    let me = require_player(app, headers).await?;
    let app2 = Arc::clone(app);
    let mut change = change;
    blocking(move || {
        let store: &dyn Store = app2.hub.store();
        let (e, ()) = state::update(store, &id, |e| {
            let now = now_ms();
            change(e, &me, now)?;
            online::assign_games(e, now)?;
            Ok(Some(()))
        })?
        .ok_or_else(state::no_tournament)?;
        online::ensure_games(&app2, &e)?;
        Ok(e)
    })
    .await
}

/// The signed-in account's rating in `variant` (1500 before his first rated game).
async fn rating_of(app: &Arc<App>, who: &str, variant: &str) -> ApiResult<u32> {
    let (app2, who, variant) = (Arc::clone(app), who.to_string(), variant.to_string());
    blocking(move || {
        let r = app2
            .hub
            .store()
            .ratings(&who)?
            .into_iter()
            .find(|(v, _)| *v == variant)
            .map_or(1500.0, |(_, r)| r.rating.rating);
        Ok(r.round().clamp(0.0, 9999.0) as u32)
    })
    .await
}

/// `POST /api/tournaments/{id}/join` (signed in): the player enters.
pub(crate) async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let e = load(&app, id.clone()).await?;
    let me = require_player(&app, &headers).await?;
    let rating = rating_of(&app, &me, &e.variant).await?;
    let e = change(&app, &headers, id, move |e, me, now| {
        e.join(me, rating, now)?;
        Ok(())
    })
    .await?;
    Ok(Json(view::full(&e)))
}

/// `POST /api/tournaments/{id}/withdraw` (signed in): the player leaves.
pub(crate) async fn withdraw(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let e = change(&app, &headers, id, |e, me, _| Ok(e.withdraw(me)?)).await?;
    Ok(Json(view::full(&e)))
}

/// `POST /api/tournaments/{id}/pause` (signed in): an arena's player stops being paired until
/// he joins again.
pub(crate) async fn pause(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let e = change(&app, &headers, id, |e, me, _| Ok(e.pause(me)?)).await?;
    Ok(Json(view::full(&e)))
}

/// `POST /api/tournaments/{id}/start` (the director).
pub(crate) async fn start(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let e = change(&app, &headers, id, |e, me, now| Ok(e.start(me, now)?)).await?;
    Ok(Json(view::full(&e)))
}

/// `POST /api/tournaments/{id}/players`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerRequest {
    name: String,
    #[serde(default)]
    rating: i64,
}

/// `POST /api/tournaments/{id}/players` (the director, over the board) `{"name", "rating"}` →
/// 201 the player.
pub(crate) async fn add_player(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Response> {
    let req: PlayerRequest = parse_body(&headers, &body)?;
    let name = req.name.clone();
    let e = change(&app, &headers, id, move |e, me, _| {
        e.add_player(me, &req.name, req.rating)?;
        Ok(())
    })
    .await?;
    let n = e.start_number(&name).unwrap_or(0);
    let p = e.pairing.player(n).map_err(EventError::from)?;
    let body = json!({"name": p.name, "rating": p.rating, "start_number": p.start_number});
    Ok(created(&body, &format!("/api/tournaments/{}", e.id)))
}

/// `POST /api/tournaments/{id}/rounds` (the director): pairs the next round and answers it.
pub(crate) async fn pair_round(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let e = change(&app, &headers, id, |e, me, now| {
        e.pair_round(me, now)?;
        Ok(())
    })
    .await?;
    let i = e.pairing.rounds.len().saturating_sub(1);
    let round = e
        .pairing
        .rounds
        .get(i)
        .map_or(Value::Null, |r| view::round(&e, i, r));
    Ok(Json(round))
}

/// `PUT /api/tournaments/{id}/rounds/{n}/boards/{b}`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultRequest {
    result: String,
}

/// `PUT /api/tournaments/{id}/rounds/{n}/boards/{b}` (the director) `{"result"}`: records or
/// corrects a result; answers the round.
pub(crate) async fn put_result(
    State(app): State<Arc<App>>,
    Path((id, round, board)): Path<(String, String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let number = |what: &str, s: &str| {
        s.parse::<u32>().map_err(|_| {
            ApiError::not_found(
                if what == "round" {
                    "no_such_round"
                } else {
                    "no_such_board"
                },
                format!("no {what} {s:?}"),
            )
        })
    };
    let (round, board) = (number("round", &round)?, number("board", &board)?);
    let req: ResultRequest = parse_body(&headers, &body)?;
    let app2 = Arc::clone(&app);
    let e = change(&app, &headers, id, move |e, me, _| {
        let running = match e.game_at(round, board) {
            Some(game) => online::game_running(app2.hub.store(), e, game)?,
            None => false,
        };
        e.enter_result(me, round, board, &req.result, running)?;
        Ok(())
    })
    .await?;
    // A forfeit of a game being played ends it on the server.
    let e = online::end_forfeited(&app, e).await?;
    let i = round as usize - 1;
    let mut v = view::round(&e, i, &e.pairing.rounds[i]);
    v["status"] = json!(e.status.name());
    Ok(Json(v))
}
