//! A tournament in the store: read, created, and changed by a write guarded by its version.
//!
//! Every change is a pure function of the state ([`crate::tournament::model`]): it is applied to
//! the state read, and the result written only if nobody wrote in between
//! ([`Store::update_tournament`]); otherwise the state is read again and the change applied
//! anew. So of several instances pairing one round at once exactly one does, and a pairing or
//! a result once answered is in the store (a restart, even a `kill -9`, loses none).

use axum::http::StatusCode;

use crate::http::error::ApiError;
use crate::store::Store;
use crate::store::{StoreError, TournamentRow};
use crate::tournament::model::{Event, EventError};

/// How many times a change is tried while other writes come first.
const ATTEMPTS: usize = 50;

impl From<EventError> for ApiError {
    fn from(e: EventError) -> Self {
        let status = match e {
            EventError::Bad(..) => StatusCode::BAD_REQUEST,
            EventError::Forbidden(..) => StatusCode::FORBIDDEN,
            EventError::Missing(..) => StatusCode::NOT_FOUND,
            EventError::Conflict(..) => StatusCode::CONFLICT,
        };
        ApiError::new(status, e.code(), e.to_string())
    }
}

/// 404 for an unknown tournament.
#[must_use]
pub fn no_tournament() -> ApiError {
    ApiError::not_found("no_such_tournament", "no tournament with this id")
}

/// The stored row of `e` at `version`.
fn row(e: &Event, version: i64) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: e.id.clone(),
        name: e.name.clone(),
        status: e.status.name().to_string(),
        version,
        created_ms: e.created_ms,
        doc: serde_json::to_string(e)
            .map_err(|err| StoreError::Corrupt(format!("tournament {}: {err}", e.id)))?,
    })
}

/// The state of a stored row.
fn event(r: &TournamentRow) -> Result<Event, StoreError> {
    serde_json::from_str(&r.doc)
        .map_err(|err| StoreError::Corrupt(format!("tournament {}: {err}", r.id)))
}

/// Records the new tournament `e`.
pub fn create(store: &dyn Store, e: &Event) -> Result<(), StoreError> {
    store.create_tournament(&row(e, 0)?)
}

/// Tournament `id` and its version, if there is one.
pub fn load(store: &dyn Store, id: &str) -> Result<Option<(Event, i64)>, StoreError> {
    store
        .tournament(id)?
        .map(|r| Ok((event(&r)?, r.version)))
        .transpose()
}

/// The newest tournaments, newest first.
pub fn list(store: &dyn Store, limit: u32) -> Result<Vec<Event>, StoreError> {
    store.tournaments(limit)?.iter().map(event).collect()
}

/// The tournaments not finished.
pub fn live(store: &dyn Store) -> Result<Vec<Event>, StoreError> {
    store.live_tournaments()?.iter().map(event).collect()
}

/// Applies `change` to tournament `id` and writes the result (again on the state read anew
/// while other writes come first); answers the state written and what `change` answered. A
/// change that refuses writes nothing; one that answers `Ok(None)` leaves the state as it was
/// (nothing to do) and writes nothing either.
pub fn update<T>(
    store: &dyn Store,
    id: &str,
    mut change: impl FnMut(&mut Event) -> Result<Option<T>, ApiError>,
) -> Result<Option<(Event, T)>, ApiError> {
    for _ in 0..ATTEMPTS {
        let (mut e, version) = load(store, id)?.ok_or_else(no_tournament)?;
        let Some(answer) = change(&mut e)? else {
            return Ok(None);
        };
        if store.update_tournament(&row(&e, version)?)? {
            return Ok(Some((e, answer)));
        }
    }
    Err(ApiError::new(
        StatusCode::CONFLICT,
        "busy",
        "the tournament is changing too fast: try again",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SqliteStore;
    use crate::tournament::model::tests::spec;
    use crate::tournament::model::Kind;

    #[test]
    fn a_write_based_on_a_stale_version_is_refused_and_done_again() {
        let store = SqliteStore::in_memory().unwrap();
        let mut e = Event::new("t", "Ama", spec(Kind::Swiss, true), 7).unwrap();
        e.add_player("Ama", "Kofi", 1500).unwrap();
        create(&store, &e).unwrap();
        let (read, version) = load(&store, "t").unwrap().unwrap();
        assert_eq!((read, version), (e.clone(), 0));
        // Someone else writes first: a write of version 0 changes nothing.
        assert!(store.update_tournament(&row(&e, 0).unwrap()).unwrap());
        assert!(!store.update_tournament(&row(&e, 0).unwrap()).unwrap());
        // `update` reads again and applies its change to the newest state.
        let mut tries = 0;
        let (after, n) = update(&store, "t", |e| {
            tries += 1;
            Ok(Some(e.add_player("Ama", "Esi", 1400)?))
        })
        .unwrap()
        .unwrap();
        assert_eq!((tries, n, after.pairing.players.len()), (1, 2, 2));
        assert_eq!(load(&store, "t").unwrap().unwrap().1, 2);
        // A refused change writes nothing; an unknown tournament is 404.
        let refused = update(&store, "t", |e| Ok(Some(e.add_player("Kofi", "Yaw", 1)?)));
        assert_eq!(refused.unwrap_err().code, "not_director");
        assert_eq!(load(&store, "t").unwrap().unwrap().1, 2);
        let none = update(&store, "nope", |_| Ok(Some(())));
        assert_eq!(none.unwrap_err().code, "no_such_tournament");
        assert_eq!(list(&store, 10).unwrap().len(), 1);
        assert_eq!(live(&store).unwrap().len(), 1);
    }
}
