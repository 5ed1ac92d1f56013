//! Finding a game's room: in memory, or loaded from the store (and the computer resumed); a
//! game taken over from an instance that died, and a game whose deadline came, loaded and
//! checked.

use std::sync::Arc;

use crate::app::App;
use crate::http::error::ApiError;
use crate::http::error::ApiResult;
use crate::round::clock::now_ms;
use crate::round::computer::schedule_computer;
use crate::round::conclude::flag_if_out_of_time;
use crate::round::room::Room;
use crate::work::{blocking, ID_BYTES};

fn valid_id(id: &str) -> bool {
    id.len() == 2 * ID_BYTES
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Finds a room (loading it and resuming the computer if needed). A room in memory is found
/// in place; loading one from the store (a database read and a replay of its moves) runs on the
/// blocking pool, off the async threads.
pub(crate) async fn room(app: &Arc<App>, id: &str) -> ApiResult<Arc<Room>> {
    if !valid_id(id) {
        return Err(ApiError::no_game());
    }
    if let Some(room) = app.hub.cached(id) {
        return Ok(room);
    }
    let (hub_app, owned) = (Arc::clone(app), id.to_owned());
    let (room, loaded) = blocking(move || Ok(hub_app.hub.get(&owned)?))
        .await?
        .ok_or_else(ApiError::no_game)?;
    if loaded {
        schedule_computer(app, &room);
    }
    Ok(room)
}

/// Takes over game `id`, whose lease this instance just took from an instance that died: loads
/// it, plays for the computer if it is to move, and ends it on time if its clock ran out.
pub(crate) async fn resume(app: Arc<App>, id: String) {
    let Ok(room) = room(&app, &id).await else {
        return;
    };
    schedule_computer(&app, &room);
    check_flag(app, Arc::from(id.as_str())).await;
}

/// Called when game `id`'s deadline comes: ends it on time if the side to move has no time
/// left, or arms the timer again for its real deadline.
pub(crate) async fn check_flag(app: Arc<App>, id: Arc<str>) {
    let Ok(room) = room(&app, &id).await else {
        return;
    };
    // The game is held, as by a move (see `crate::round::play`).
    let turn = Arc::clone(&room);
    let _turn = turn.turn.lock().await;
    let _ = tokio::task::spawn_blocking(move || {
        // Another instance sharing the store may have moved meanwhile.
        if let Err(e) = app.hub.refresh(&room) {
            tracing::warn!(game = %id, error = %e, "flag check: reading the game back failed");
        }
        let store = app.hub.store();
        // Of the instances sharing the store, the lease holder ends the game on time; the
        // others look again once a lease would have lapsed (in case the holder died).
        if store.shared() && !room.lock().is_over() && !matches!(store.hold_lease(&id), Ok(true)) {
            let ttl = i64::try_from(crate::store::LEASE_TTL.as_millis()).unwrap_or(3000);
            app.timers.arm(&id, now_ms() + ttl);
            return;
        }
        let mut live = room.lock();
        flag_if_out_of_time(&app, &room, &mut live);
    })
    .await;
}
