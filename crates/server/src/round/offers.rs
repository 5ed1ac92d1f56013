//! The offer standing in a game with a store shared by several instances: the stored one (made
//! through any instance), unless its receiver has moved since; and telling a game's watchers
//! here when it changed through another instance.

use mancala_core::variant::DynGame;
use mancala_core::Side;

use crate::app::App;
use crate::http::error::ApiResult;
use crate::round::room::{Live, Room};
use crate::store::Mode;

/// With a store shared by several instances, the offer standing is the stored one (made
/// through any instance), unless its receiver has moved since.
pub(crate) fn offer_from_store(app: &App, room: &Room, live: &mut Live) -> ApiResult<()> {
    let store = app.hub.store();
    if store.shared() {
        let moves = live.game.moves();
        live.offer = store
            .stored_offer(&room.meta.id)?
            .filter(|&(o, at)| at <= moves.len() && !moved_since(room, &moves, at, o.by.opponent()))
            .map(|(o, _)| o);
    }
    Ok(())
}

/// Whether `side` made any of `moves` from number `from` on (replaying the game: who moves
/// when is the rules' business).
fn moved_since(room: &Room, moves: &[String], from: usize, side: Side) -> bool {
    if from == moves.len() {
        return false;
    }
    let m = &room.meta;
    let Ok(variant) = mancala_core::variant::Variant::from_name(&m.variant) else {
        return true;
    };
    let Ok(mut game) = variant.new_game(&m.rules, m.position.as_deref()) else {
        return true;
    };
    for (k, mv) in moves.iter().enumerate() {
        if k >= from && game.state().to_move == Some(side) {
            return true;
        }
        if game.play(mv).is_err() {
            return true;
        }
    }
    false
}

/// The offer standing in game `id` changed through another instance: its watchers here see
/// the stored one (the caller read the game back first).
pub(crate) fn offer_changed_elsewhere(app: &App, id: &str) {
    let Some(room) = app.hub.peek(id) else {
        return;
    };
    if room.meta.mode != Mode::Online {
        return;
    }
    let mut live = room.lock();
    if live.is_over() {
        return;
    }
    let before = live.offer;
    if let Err(e) = offer_from_store(app, &room, &mut live) {
        tracing::warn!(game = %id, error = %e.message, "reading another instance's offer failed");
        live.offer = before;
        return;
    }
    if live.offer == before {
        live.offer = before;
        return;
    }
    live.version += 1;
    let event = if live.offer.is_some() {
        "offer"
    } else {
        "offer_declined"
    };
    room.publish(event, &live);
}
