//! The lobby's seeks and where they are kept ([`SeekBook`]): in one process's memory
//! ([`MemoryBook`]), or in a database shared by several server instances. The lobby itself (its
//! routes and sockets) is [`crate::lobby`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use mancala_core::Side;
use serde_json::{json, Value};

use crate::http::error::StoreError;
use crate::round::clock::TimeControl;

/// `"south"` or `"north"` as a side.
#[must_use]
pub fn side_named(name: &str) -> Option<Side> {
    match name {
        "south" => Some(Side::South),
        "north" => Some(Side::North),
        _ => None,
    }
}

/// One open seek or challenge.
#[derive(Clone, Debug, PartialEq)]
pub struct Seek {
    /// Its id.
    pub id: String,
    /// Who offers to play.
    pub owner: Arc<str>,
    /// The preset.
    pub variant: String,
    /// Rule options on top of the preset.
    pub rules: Vec<(String, String)>,
    /// The time control (`None`: untimed).
    pub clock: Option<TimeControl>,
    /// Rated or casual.
    pub rated: bool,
    /// The side the owner takes; `None` for random.
    pub side: Option<Side>,
    /// For a challenge: the only player who may accept.
    pub to: Option<String>,
    /// The owner's rating in this preset, for the list, and whether it is provisional.
    pub rating: Option<(f64, bool)>,
    /// When it was made (milliseconds since the Unix epoch).
    pub created_ms: i64,
}

impl Seek {
    /// The seek as the lobby shows it.
    pub(crate) fn json(&self) -> Value {
        json!({
            "id": self.id,
            "owner": &*self.owner,
            "variant": self.variant,
            "rules": self.rules.iter().map(|(k, v)| (k.clone(), json!(v))).collect::<serde_json::Map<_, _>>(),
            "clock": self.clock.map(TimeControl::to_json),
            "time_control": self.clock.map_or_else(|| "untimed".to_string(), TimeControl::label),
            "rated": self.rated,
            "side": self.side.map_or("random", Side::name),
            "to": self.to,
            "rating": self.rating.map(|(r, _)| r.round()),
            "provisional": self.rating.map(|(_, p)| p),
            "created_ms": self.created_ms,
        })
    }
}

/// What [`SeekBook::add`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Added {
    /// The seek is open.
    Yes,
    /// Refused: the lobby holds the most open seeks it may.
    Full,
    /// Refused: the owner has the most open seeks he may.
    TooMany,
}

/// What [`SeekBook::find`] found.
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    /// An open seek.
    Open(Seek),
    /// A seek accepted lately: the game it started.
    Taken(String),
    /// No such seek (never made, cancelled, expired, or accepted long ago).
    Unknown,
}

/// Where the lobby's seeks are kept: one process's memory ([`MemoryBook`]), or a database
/// shared by several server instances (PostgreSQL: `crate::store::pg_seeks`). Its calls may block
/// (on a database): the lobby makes them on the blocking pool.
pub trait SeekBook: Send + Sync {
    /// The open seeks, oldest first.
    fn open(&self) -> Result<Vec<Seek>, StoreError>;
    /// Adds `seek` unless `max` seeks are open, or `per_player` of its owner's.
    fn add(&self, seek: &Seek, per_player: usize, max: usize) -> Result<Added, StoreError>;
    /// Seek `id`, open or lately taken.
    fn find(&self, id: &str) -> Result<Found, StoreError>;
    /// Takes open seek `id` for game `game` at `now_ms`: true when this call took it (of two
    /// calls at once, whichever the instance, one does).
    fn take(&self, id: &str, game: &str, now_ms: i64) -> Result<bool, StoreError>;
    /// Opens again seek `id` taken for `game` (the game could not be started).
    fn untake(&self, id: &str, game: &str) -> Result<(), StoreError>;
    /// Removes open seek `id`; true when it was open.
    fn remove(&self, id: &str) -> Result<bool, StoreError>;
    /// Removes the open seeks of `owner`, answering how many; with `unless_present`, only when
    /// he has no lobby socket open on another instance sharing the book.
    fn remove_owner(&self, owner: &str, unless_present: bool) -> Result<usize, StoreError>;
    /// Drops the open seeks made before `created_before_ms` and the memory of the seeks taken
    /// before `taken_before_ms`; answers how many open seeks went.
    fn expire(&self, created_before_ms: i64, taken_before_ms: i64) -> Result<usize, StoreError>;
    /// Records that `who` has a lobby socket open on this instance (`here`), or no more.
    fn present(&self, who: &str, here: bool) -> Result<(), StoreError> {
        let _ = (who, here);
        Ok(())
    }
    /// Renews the records of [`SeekBook::present`] of this instance (an instance that stops
    /// renewing them, having died, no longer keeps its players' seeks).
    fn renew_presence(&self) -> Result<(), StoreError> {
        Ok(())
    }
    /// Tells the other instances sharing the book that the seeks changed (`None`), or gives
    /// them `message` for their lobby sockets.
    fn announce(&self, message: Option<&str>) -> Result<(), StoreError> {
        let _ = message;
        Ok(())
    }
}

/// The seeks of one process, in memory.
#[derive(Debug, Default)]
pub struct MemoryBook {
    state: Mutex<MemoryState>,
}

#[derive(Debug, Default)]
struct MemoryState {
    open: Vec<Seek>,
    /// Seeks taken lately: id → (game, when, the seek).
    taken: HashMap<String, (String, i64, Seek)>,
}

impl MemoryBook {
    fn state(&self) -> std::sync::MutexGuard<'_, MemoryState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl SeekBook for MemoryBook {
    fn open(&self) -> Result<Vec<Seek>, StoreError> {
        Ok(self.state().open.clone())
    }

    fn add(&self, seek: &Seek, per_player: usize, max: usize) -> Result<Added, StoreError> {
        let mut st = self.state();
        if st.open.len() >= max {
            return Ok(Added::Full);
        }
        if st.open.iter().filter(|s| s.owner == seek.owner).count() >= per_player {
            return Ok(Added::TooMany);
        }
        st.open.push(seek.clone());
        Ok(Added::Yes)
    }

    fn find(&self, id: &str) -> Result<Found, StoreError> {
        let st = self.state();
        if let Some(s) = st.open.iter().find(|s| s.id == id) {
            return Ok(Found::Open(s.clone()));
        }
        Ok(st
            .taken
            .get(id)
            .map_or(Found::Unknown, |(g, _, _)| Found::Taken(g.clone())))
    }

    fn take(&self, id: &str, game: &str, now_ms: i64) -> Result<bool, StoreError> {
        let mut st = self.state();
        let Some(i) = st.open.iter().position(|s| s.id == id) else {
            return Ok(false);
        };
        let seek = st.open.remove(i);
        st.taken
            .insert(id.to_string(), (game.to_string(), now_ms, seek));
        Ok(true)
    }

    fn untake(&self, id: &str, game: &str) -> Result<(), StoreError> {
        let mut st = self.state();
        if st.taken.get(id).is_some_and(|(g, _, _)| g == game) {
            if let Some((_, _, seek)) = st.taken.remove(id) {
                let at = st
                    .open
                    .iter()
                    .position(|s| s.created_ms > seek.created_ms)
                    .unwrap_or(st.open.len());
                st.open.insert(at, seek);
            }
        }
        Ok(())
    }

    fn remove(&self, id: &str) -> Result<bool, StoreError> {
        let mut st = self.state();
        let before = st.open.len();
        st.open.retain(|s| s.id != id);
        Ok(st.open.len() < before)
    }

    fn remove_owner(&self, owner: &str, _unless_present: bool) -> Result<usize, StoreError> {
        let mut st = self.state();
        let before = st.open.len();
        st.open.retain(|s| &*s.owner != owner);
        Ok(before - st.open.len())
    }

    fn expire(&self, created_before_ms: i64, taken_before_ms: i64) -> Result<usize, StoreError> {
        let mut st = self.state();
        st.taken.retain(|_, (_, at, _)| *at >= taken_before_ms);
        let before = st.open.len();
        st.open.retain(|s| s.created_ms >= created_before_ms);
        Ok(before - st.open.len())
    }
}
