//! How games end, besides the rules' own endings: on time, by resignation, by a draw or an
//! agreement offered and accepted, by abort before both sides have moved; and the rematch.
//! Every ending is stored with its reason ([`crate::store::Store::finish`]) and, in a rated
//! game between two accounts, changes both players' ratings ([`crate::accounts::glicko`]).
//!
//! Who may act for a seat: the holder of its seat token (guest games) or the account playing it,
//! with its session token ([`crate::accounts::api::seats`]).

use std::sync::Arc;

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use mancala_core::variant::DynGame;
use mancala_core::Side;
use serde::Deserialize;
use serde_json::Value;

use crate::app::App;
use crate::http::error::ApiError;
use crate::http::error::ApiResult;
use crate::http::extract::{GameRoom, JsonBody};
use crate::round::clock::now_ms;
use crate::round::conclude::{conclude, flag_if_out_of_time};
use crate::round::ending::{Ending, GameResult, Offer, OfferKind, Rematch};
use crate::round::find::room;
use crate::round::offers::offer_from_store;
use crate::round::room::{Live, Room};
use crate::store::Mode;
use crate::work::blocking;

fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message)
}

/// The one seat the caller holds in `room` (a local game's token holds both: refused, since
/// resigning or offering needs a side).
async fn my_side(app: &Arc<App>, room: &Room, headers: &HeaderMap) -> ApiResult<Side> {
    let seats = crate::accounts::api::seats(app, room, headers).await?;
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

/// A request by one of the two players of an online game: the game's room (from the path) and
/// the side the request's credentials hold. Refused as the handlers' errors say: no such game,
/// not an online game, not one of its players.
pub(crate) struct Seated {
    app: Arc<App>,
    room: Arc<Room>,
    side: Side,
}

impl Seated {
    /// The seat of the caller of `id` (see [`Seated`]).
    async fn find(app: &Arc<App>, room: Arc<Room>, headers: &HeaderMap) -> ApiResult<Seated> {
        not_against_computer(&room)?;
        let side = my_side(app, &room, headers).await?;
        Ok(Seated {
            app: Arc::clone(app),
            room,
            side,
        })
    }

    /// Runs `f` with the game locked and the caller's side ([`with_game`]).
    async fn act(
        self,
        f: impl Fn(&App, &Room, &mut Live, Side) -> ApiResult<()> + Send + 'static,
    ) -> ApiResult<Json<Value>> {
        let side = self.side;
        with_game(&self.app, self.room, move |app, room, live| {
            f(app, room, live, side)
        })
        .await
    }
}

impl FromRequestParts<Arc<App>> for Seated {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> ApiResult<Seated> {
        let Path(id) = Path::<String>::from_request_parts(parts, app)
            .await
            .map_err(|_| ApiError::no_game())?;
        let room = room(app, &id).await?;
        Seated::find(app, room, &parts.headers).await
    }
}

/// Ends the game now with `result` for `reason`.
fn end_now(
    app: &App,
    room: &Room,
    live: &mut Live,
    result: GameResult,
    reason: &str,
) -> ApiResult<()> {
    let ending = Ending {
        result,
        reason: reason.into(),
        at_ms: now_ms(),
    };
    Ok(conclude(app, room, live, ending)?)
}

/// How many times a change refused by the store because the game changed through another
/// instance meanwhile is tried again, on the game read back.
const RETRIES: usize = 2;

/// Runs `f` on the game locked, on the blocking pool; answers the new view.
///
/// The game's turn is held meanwhile, as a move holds it from its check to its record: a move
/// and an ending (or an offer) of one game never interleave in this instance. Across instances
/// the store refuses an ending on a position that is not the latest (a move recorded through
/// another instance meanwhile): the game is then read back and `f` runs again on it, so that a
/// resignation that comes second is recorded after the move, and an acceptance of an offer that
/// the move withdrew is refused.
async fn with_game(
    app: &Arc<App>,
    room: Arc<Room>,
    f: impl Fn(&App, &Room, &mut Live) -> ApiResult<()> + Send + 'static,
) -> ApiResult<Json<Value>> {
    let app = Arc::clone(app);
    let turn = Arc::clone(&room);
    let _turn = turn.turn.lock().await;
    blocking(move || {
        let mut tries = 0;
        loop {
            let mut live = room.lock();
            // A flag that fell unnoticed ends the game first.
            flag_if_out_of_time(&app, &room, &mut live);
            match f(&app, &room, &mut live) {
                Err(e) if e.code == "stale" && tries < RETRIES => {
                    drop(live);
                    tries += 1;
                    app.hub.refresh(&room)?;
                }
                Err(e) => return Err(e),
                Ok(()) => return Ok(Json(room.view(&live))),
            }
        }
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

/// Ends online game `id` as a tournament's director decided, by a forfeit (`winner`; `None`: a
/// double forfeit, no result), unless it is over already; answers whether it is over now
/// (false: there is no such game).
pub(crate) async fn end_by_forfeit(
    app: &Arc<App>,
    id: &str,
    winner: Option<Side>,
) -> ApiResult<bool> {
    let room = match room(app, id).await {
        Ok(room) => room,
        Err(e) if e.status == StatusCode::NOT_FOUND => return Ok(false),
        Err(e) => return Err(e),
    };
    let _view = with_game(app, room, move |app, room, live| {
        if live.is_over() {
            return Ok(());
        }
        let result = winner.map_or(GameResult::Aborted, GameResult::Winner);
        end_now(app, room, live, result, crate::round::ending::FORFEIT)
    })
    .await?;
    Ok(true)
}

/// `POST /api/games/{id}/resign`.
pub(crate) async fn resign(seat: Seated) -> ApiResult<Json<Value>> {
    seat.act(|app, room, live, side| {
        not_over(live)?;
        end_now(
            app,
            room,
            live,
            GameResult::Winner(side.opponent()),
            "resigned",
        )
    })
    .await
}

/// `POST /api/games/{id}/abort`: ends the game without a result while one side has not moved.
pub(crate) async fn abort(seat: Seated) -> ApiResult<Json<Value>> {
    seat.act(|app, room, live, _| {
        not_over(live)?;
        if live.moved[0] && live.moved[1] {
            return Err(conflict(
                "too_late_to_abort",
                "both sides have moved: resign or offer a draw instead",
            ));
        }
        end_now(app, room, live, GameResult::Aborted, "aborted")
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OfferRequest {
    kind: String,
}

/// `POST /api/games/{id}/offer` `{"kind": "draw" | "agreement"}`. An offer answering the same
/// offer of the opponent accepts it.
pub(crate) async fn offer(
    GameRoom { app, room }: GameRoom,
    headers: HeaderMap,
    JsonBody(req): JsonBody<OfferRequest>,
) -> ApiResult<Json<Value>> {
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
    let seat = Seated::find(&app, room, &headers).await?;
    catch_up(&seat).await?;
    seat.act(move |app, room, live, side| {
        not_over(live)?;
        offer_from_store(app, room, live)?;
        match live.offer {
            Some(o) if o.by != side && o.kind == kind => accept_offer(app, room, live, o),
            Some(o) if o.by == side && o.kind == kind => {
                Err(conflict("already_offered", "you have offered this already"))
            }
            _ => {
                let o = Offer { kind, by: side };
                app.hub
                    .store()
                    .save_offer(&room.meta.id, Some((o, live.game.moves().len())))?;
                live.offer = Some(o);
                live.version += 1;
                room.publish("offer", live);
                Ok(())
            }
        }
    })
    .await
}

/// With a store shared by several instances, reads the game back first: an offer may have
/// been made or answered through another instance, on a move this one has not seen yet.
async fn catch_up(seat: &Seated) -> ApiResult<()> {
    if !seat.app.hub.store().shared() {
        return Ok(());
    }
    let (app, room) = (Arc::clone(&seat.app), Arc::clone(&seat.room));
    blocking(move || Ok(app.hub.refresh(&room).map(drop)?)).await
}

fn accept_offer(app: &App, room: &Room, live: &mut Live, o: Offer) -> ApiResult<()> {
    ended_by_offer(app, room, live, o)?;
    // The game is over: its stored offer is of no more use (tidied later if this fails).
    if let Err(e) = app.hub.store().save_offer(&room.meta.id, None) {
        tracing::warn!(game = %room.meta.id, error = %e, "clearing the stored offer failed");
    }
    Ok(())
}

fn ended_by_offer(app: &App, room: &Room, live: &mut Live, o: Offer) -> ApiResult<()> {
    match o.kind {
        OfferKind::Draw => end_now(app, room, live, GameResult::Draw, "draw_agreed"),
        OfferKind::Agreement => {
            // The rules core scores each side's own row.
            let outcome = live.game.agreement_outcome();
            let result = outcome.winner.map_or(GameResult::Draw, GameResult::Winner);
            end_now(app, room, live, result, outcome.reason.as_str())
        }
    }
}

/// `POST /api/games/{id}/offer/accept`: the opponent of the offering side accepts.
pub(crate) async fn offer_accept(seat: Seated) -> ApiResult<Json<Value>> {
    answer_offer(seat, true).await
}

/// `POST /api/games/{id}/offer/decline`: the opponent declines (or the offerer withdraws).
pub(crate) async fn offer_decline(seat: Seated) -> ApiResult<Json<Value>> {
    answer_offer(seat, false).await
}

async fn answer_offer(seat: Seated, accept: bool) -> ApiResult<Json<Value>> {
    catch_up(&seat).await?;
    seat.act(move |app, room, live, side| {
        not_over(live)?;
        offer_from_store(app, room, live)?;
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
        app.hub.store().save_offer(&room.meta.id, None)?;
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
pub(crate) async fn rematch(seat: Seated) -> ApiResult<Json<Value>> {
    let new_id = crate::work::random_hex(crate::work::ID_BYTES)?;
    let seed = crate::work::random_u64()?;
    seat.act(move |app, room, live, side| {
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
                    .map(|c| crate::round::clock::Clock::new(c, now).deadline(Side::South));
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
