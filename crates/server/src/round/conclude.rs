//! Concluding a game: its ending stored, the clock stopped, ratings updated; flag falls.

use mancala_core::variant::DynGame;
use mancala_core::Side;

use crate::accounts::glicko;
use crate::app::App;
use crate::http::error::StoreError;
use crate::round::clock::now_ms;
use crate::round::ending::{Ending, GameResult};
use crate::round::room::{Live, Room};
use crate::store::RatingRow;

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
    // A director's forfeit is no game played: not rated.
    let rated = room.meta.rated && ending.reason != crate::round::ending::FORFEIT;
    live.ending = Some(ending);
    live.offer = None;
    live.version += 1;
    room.publish("end", live);
    if let [Some(_), Some(_)] = &room.meta.players {
        // A tournament's game, perhaps: its result goes in (see `crate::tournament::online`).
        let _ = app.ended_games.send(room.meta.id.clone());
    }
    if rated {
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
