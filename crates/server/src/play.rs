//! How games end, besides the rules' own endings: on time, by resignation, by a draw or an
//! agreement offered and accepted, by abort before both sides have moved; and the rematch.
//! Every ending is stored with its reason ([`crate::store::Store::finish`]) and, in a rated
//! game between two accounts, changes both players' ratings ([`crate::glicko`]).
//!
//! Who may act for a seat: the holder of its seat token (guest games) or the account playing it,
//! with its session token ([`crate::accounts::seats`]).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use mancala_core::variant::DynGame;
use mancala_core::{Outcome, Side};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::api::{blocking, parse_body, room, ApiResult};
use crate::clock::now_ms;
use crate::error::{ApiError, StoreError};
use crate::glicko;
use crate::rooms::{Live, Room};
use crate::store::{Mode, RatingRow};
use crate::App;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// A side won.
    Winner(Side),
    /// A draw.
    Draw,
    /// Aborted: no result.
    Aborted,
}

impl GameResult {
    /// `"south"`, `"north"`, `"draw"` or `"none"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GameResult::Winner(s) => s.name(),
            GameResult::Draw => "draw",
            GameResult::Aborted => "none",
        }
    }

    /// Reads [`GameResult::name`].
    #[must_use]
    pub fn from_name(s: &str) -> Option<GameResult> {
        match s {
            "south" => Some(GameResult::Winner(Side::South)),
            "north" => Some(GameResult::Winner(Side::North)),
            "draw" => Some(GameResult::Draw),
            "none" => Some(GameResult::Aborted),
            _ => None,
        }
    }

    /// The score of `side` (1 win, 0.5 draw, 0 loss); `None` when aborted.
    #[must_use]
    pub fn score(self, side: Side) -> Option<f64> {
        match self {
            GameResult::Winner(w) if w == side => Some(1.0),
            GameResult::Winner(_) => Some(0.0),
            GameResult::Draw => Some(0.5),
            GameResult::Aborted => None,
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The result.
    pub result: GameResult,
    /// Why: the rules' reason (`score_majority`, ...) or `time`, `resigned`, `agreement`,
    /// `draw_agreed`, `aborted`.
    pub reason: String,
    /// When (milliseconds since the Unix epoch).
    pub at_ms: i64,
}

impl Ending {
    /// The rules' ending.
    #[must_use]
    pub fn by_rules(o: Outcome, at_ms: i64) -> Ending {
        Ending {
            result: o.winner.map_or(GameResult::Draw, GameResult::Winner),
            reason: o.reason.as_str().to_string(),
            at_ms,
        }
    }
}

/// What an offer proposes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    /// A draw.
    Draw,
    /// Ending the game by mutual agreement, each side scoring the seeds on its own row.
    Agreement,
}

impl OfferKind {
    /// `"draw"` or `"agreement"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Agreement => "agreement",
        }
    }
}

/// A standing offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// What is offered.
    pub kind: OfferKind,
    /// Who offered it.
    pub by: Side,
}

/// A rematch after the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rematch {
    /// Offered by this side.
    Offered(Side),
    /// Agreed: the new game's id.
    Game(String),
}

/// Ends the game in `live` (held locked): stores the ending, stops the clock, pushes the change
/// and, in a rated game between two accounts, updates their ratings.
pub(crate) fn conclude(
    app: &App,
    room: &Room,
    live: &mut Live,
    ending: Ending,
) -> Result<(), StoreError> {
    let plies = live.game.moves().len();
    app.hub.store().finish(&room.meta.id, &ending, plies)?;
    app.timers.disarm(&room.meta.id);
    if let (Some(clock), Some(side)) = (live.clock.as_mut(), live.game.state().to_move) {
        // Freeze the clock at the end.
        let left = clock.remaining(Some(side), ending.at_ms);
        clock.left_ms = left;
        clock.since_ms = ending.at_ms;
    }
    let result = ending.result;
    let at = ending.at_ms;
    live.ending = Some(ending);
    live.offer = None;
    live.version += 1;
    room.publish("end", live);
    if room.meta.rated {
        if let [Some(south), Some(north)] = &room.meta.players {
            if let Some(score) = result.score(Side::South) {
                rate(
                    app,
                    &room.meta.id,
                    &room.meta.variant,
                    at,
                    [south, north],
                    score,
                )?;
            }
        }
    }
    Ok(())
}

/// Updates both players' ratings in `variant` after a game South scored `score` in.
fn rate(
    app: &App,
    game: &str,
    variant: &str,
    at_ms: i64,
    players: [&String; 2],
    score: f64,
) -> Result<(), StoreError> {
    let store = app.hub.store();
    let current = |p: &str| -> Result<RatingRow, StoreError> {
        Ok(store
            .ratings(p)?
            .into_iter()
            .find(|(v, _)| v == variant)
            .map_or(
                RatingRow {
                    rating: glicko::START,
                    games: 0,
                },
                |(_, r)| r,
            ))
    };
    let (s, n) = (current(players[0])?, current(players[1])?);
    let s2 = glicko::update(s.rating, &[(n.rating, score)], glicko::TAU);
    let n2 = glicko::update(n.rating, &[(s.rating, 1.0 - score)], glicko::TAU);
    store.rate(
        game,
        variant,
        at_ms,
        &[
            (
                players[0].clone(),
                RatingRow {
                    rating: s2,
                    games: s.games + 1,
                },
            ),
            (
                players[1].clone(),
                RatingRow {
                    rating: n2,
                    games: n.games + 1,
                },
            ),
        ],
    )
}

/// Called when game `id`'s deadline comes: ends it on time if the side to move has no time
/// left, or arms the timer again for its real deadline.
pub(crate) async fn check_flag(app: Arc<App>, id: Arc<str>) {
    let Ok(room) = room(&app, &id).await else {
        return;
    };
    let _ = tokio::task::spawn_blocking(move || {
        // Another instance sharing the store may have moved meanwhile.
        let _ = app.hub.refresh(&room);
        let mut live = room.lock();
        flag_if_out_of_time(&app, &room, &mut live);
    })
    .await;
}

/// Ends the game on time if the side to move has run out (answers true then); otherwise arms
/// the timer for its deadline.
pub(crate) fn flag_if_out_of_time(app: &App, room: &Room, live: &mut Live) -> bool {
    if live.is_over() {
        return false;
    }
    let Some(clock) = live.clock else {
        return false;
    };
    let Some(side) = live.game.state().to_move else {
        return false;
    };
    let now = now_ms();
    if clock.remaining(Some(side), now)[side.index()] > 0 {
        app.timers.arm(&room.meta.id, clock.deadline(side));
        return false;
    }
    let ending = Ending {
        result: GameResult::Winner(side.opponent()),
        reason: "time".into(),
        at_ms: now.min(clock.deadline(side)),
    };
    if conclude(app, room, live, ending).is_err() {
        // Try again shortly.
        app.timers.arm(&room.meta.id, now + 1000);
    }
    true
}

fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message)
}

/// The one seat the caller holds in `room` (a local game's token holds both: refused, since
/// resigning or offering needs a side).
async fn my_side(app: &Arc<App>, room: &Room, headers: &HeaderMap) -> ApiResult<Side> {
    let seats = crate::accounts::seats(app, room, headers).await?;
    match seats {
        [true, false] => Ok(Side::South),
        [false, true] => Ok(Side::North),
        _ => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not_a_player",
            "only one of the two players can do this",
        )),
    }
}

/// Runs `f` on the game locked, on the blocking pool; answers the new view.
async fn with_game(
    app: &Arc<App>,
    room: Arc<Room>,
    f: impl FnOnce(&App, &Room, &mut Live) -> ApiResult<()> + Send + 'static,
) -> ApiResult<Json<Value>> {
    let app = Arc::clone(app);
    blocking(move || {
        let mut live = room.lock();
        // A flag that fell unnoticed ends the game first.
        flag_if_out_of_time(&app, &room, &mut live);
        f(&app, &room, &mut live)?;
        Ok(Json(room.view(&live)))
    })
    .await
}

fn not_over(live: &Live) -> ApiResult<()> {
    if live.is_over() {
        return Err(conflict("game_over", "the game is over"));
    }
    Ok(())
}

fn not_against_computer(room: &Room) -> ApiResult<()> {
    if room.meta.mode != Mode::Online {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not_online",
            "only games between two players can be resigned, offered or aborted; \
             against the computer start a new game",
        ));
    }
    Ok(())
}

/// `POST /api/games/{id}/resign`.
pub(crate) async fn resign(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let room = room(&app, &id).await?;
    not_against_computer(&room)?;
    let side = my_side(&app, &room, &headers).await?;
    with_game(&app, room, move |app, room, live| {
        not_over(live)?;
        let ending = Ending {
            result: GameResult::Winner(side.opponent()),
            reason: "resigned".into(),
            at_ms: now_ms(),
        };
        Ok(conclude(app, room, live, ending)?)
    })
    .await
}

/// `POST /api/games/{id}/abort`: ends the game without a result while one side has not moved.
pub(crate) async fn abort(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let room = room(&app, &id).await?;
    not_against_computer(&room)?;
    my_side(&app, &room, &headers).await?;
    with_game(&app, room, move |app, room, live| {
        not_over(live)?;
        if live.moved[0] && live.moved[1] {
            return Err(conflict(
                "too_late_to_abort",
                "both sides have moved: resign or offer a draw instead",
            ));
        }
        let ending = Ending {
            result: GameResult::Aborted,
            reason: "aborted".into(),
            at_ms: now_ms(),
        };
        Ok(conclude(app, room, live, ending)?)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferRequest {
    kind: String,
}

/// `POST /api/games/{id}/offer` `{"kind": "draw" | "agreement"}`. An offer answering the same
/// offer of the opponent accepts it.
pub(crate) async fn offer(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let room = room(&app, &id).await?;
    let req: OfferRequest = parse_body(&headers, &body)?;
    let kind = match req.kind.as_str() {
        "draw" => OfferKind::Draw,
        "agreement" => OfferKind::Agreement,
        other => {
            return Err(ApiError::bad_request(
                "bad_offer",
                format!("unknown offer {other:?} (expected draw or agreement)"),
            ))
        }
    };
    not_against_computer(&room)?;
    let side = my_side(&app, &room, &headers).await?;
    with_game(&app, room, move |app, room, live| {
        not_over(live)?;
        match live.offer {
            Some(o) if o.by != side && o.kind == kind => accept_offer(app, room, live, o),
            Some(o) if o.by == side && o.kind == kind => {
                Err(conflict("already_offered", "you have offered this already"))
            }
            _ => {
                live.offer = Some(Offer { kind, by: side });
                live.version += 1;
                room.publish("offer", live);
                Ok(())
            }
        }
    })
    .await
}

fn accept_offer(app: &App, room: &Room, live: &mut Live, o: Offer) -> ApiResult<()> {
    let at_ms = now_ms();
    let ending = match o.kind {
        OfferKind::Draw => Ending {
            result: GameResult::Draw,
            reason: "draw_agreed".into(),
            at_ms,
        },
        OfferKind::Agreement => {
            // The rules core scores each side's own row.
            let outcome = live.game.agreement_outcome();
            Ending {
                result: outcome.winner.map_or(GameResult::Draw, GameResult::Winner),
                reason: outcome.reason.as_str().to_string(),
                at_ms,
            }
        }
    };
    Ok(conclude(app, room, live, ending)?)
}

/// `POST /api/games/{id}/offer/accept`: the opponent of the offering side accepts.
pub(crate) async fn offer_accept(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    answer_offer(app, id, headers, true).await
}

/// `POST /api/games/{id}/offer/decline`: the opponent declines (or the offerer withdraws).
pub(crate) async fn offer_decline(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    answer_offer(app, id, headers, false).await
}

async fn answer_offer(
    app: Arc<App>,
    id: String,
    headers: HeaderMap,
    accept: bool,
) -> ApiResult<Json<Value>> {
    let room = room(&app, &id).await?;
    not_against_computer(&room)?;
    let side = my_side(&app, &room, &headers).await?;
    with_game(&app, room, move |app, room, live| {
        not_over(live)?;
        let Some(o) = live.offer else {
            return Err(conflict("no_offer", "there is no offer to answer"));
        };
        if accept {
            if o.by == side {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "own_offer",
                    "your opponent must accept your offer",
                ));
            }
            return accept_offer(app, room, live, o);
        }
        live.offer = None;
        live.version += 1;
        room.publish("offer_declined", live);
        Ok(())
    })
    .await
}

/// `POST /api/games/{id}/rematch`: offers a rematch with colours swapped; the opponent's
/// request agrees and creates it. Answers the game's state; once agreed its `rematch` is
/// `{"game": ID}` (pushed to both).
pub(crate) async fn rematch(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<Value>> {
    let room = room(&app, &id).await?;
    not_against_computer(&room)?;
    let side = my_side(&app, &room, &headers).await?;
    let new_id = crate::api::random_hex(crate::api::ID_BYTES)?;
    let seed = crate::api::random_u64()?;
    with_game(&app, room, move |app, room, live| {
        if !live.is_over() {
            return Err(conflict("not_over", "the game is still in play"));
        }
        match &live.rematch {
            Some(Rematch::Game(_)) => Err(conflict("rematch_exists", "the rematch has started")),
            Some(Rematch::Offered(by)) if *by == side => Err(conflict(
                "already_offered",
                "you have offered a rematch already",
            )),
            Some(Rematch::Offered(_)) => {
                let m = &room.meta;
                let now = now_ms();
                let meta = crate::store::GameMeta {
                    id: new_id.clone(),
                    variant: m.variant.clone(),
                    rules: m.rules.clone(),
                    position: m.position.clone(),
                    mode: m.mode,
                    computer: None,
                    level: m.level,
                    seed,
                    // Colours swapped: each keeps his token or account and takes the other seat.
                    token_hashes: [m.token_hashes[1], m.token_hashes[0]],
                    created: now / 1000,
                    players: [m.players[1].clone(), m.players[0].clone()],
                    rated: m.rated,
                    clock: m.clock,
                    started_ms: now,
                };
                let variant = mancala_core::variant::Variant::from_name(&meta.variant)
                    .map_err(|e| ApiError::bad_request("bad_setup", e.to_string()))?;
                let game = variant
                    .new_game(&meta.rules, meta.position.as_deref())
                    .map_err(|e| ApiError::bad_request("bad_setup", e.to_string()))?;
                let deadline = meta
                    .clock
                    .map(|c| crate::clock::Clock::new(c, now).deadline(Side::South));
                app.hub.create(meta, game)?;
                if let Some(d) = deadline {
                    app.timers.arm(&new_id, d);
                }
                live.rematch = Some(Rematch::Game(new_id.clone()));
                live.version += 1;
                room.publish("rematch", live);
                app.lobby.game_started(&new_id, &room.meta.players);
                Ok(())
            }
            None => {
                live.rematch = Some(Rematch::Offered(side));
                live.version += 1;
                room.publish("rematch_offer", live);
                Ok(())
            }
        }
    })
    .await
}

/// The JSON of a rating for the API.
#[must_use]
pub fn rating_json(r: &RatingRow) -> Value {
    json!({
        "rating": (r.rating.rating * 10.0).round() / 10.0,
        "deviation": (r.rating.deviation * 10.0).round() / 10.0,
        "volatility": r.rating.volatility,
        "games": r.games,
        "provisional": r.rating.provisional(),
    })
}
