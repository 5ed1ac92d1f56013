//! The lobby's state: the open seeks (kept in a [`SeekBook`]), the lobby sockets' channel and who
//! has one open.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use axum::http::StatusCode;
use serde_json::{json, Value};
use tokio::sync::broadcast;

use crate::http::error::ApiResult;
use crate::http::error::{ApiError, StoreError};
pub use crate::lobby::seeks::{side_named, Added, Found, MemoryBook, Seek, SeekBook};
use crate::round::clock::now_ms;
use crate::work::blocking;

/// How long an owner may be away (no lobby socket) before his seeks go.
pub const LEAVE_GRACE: Duration = Duration::from_secs(5);
/// Most open seeks per player ...
pub const MAX_SEEKS_PER_PLAYER: usize = 10;
/// ... and in all.
pub const MAX_SEEKS: usize = 5000;
/// How long an accepted seek is remembered, so that a late accept is told it was taken (409)
/// rather than that it never existed.
pub const TAKEN_MEMORY: Duration = Duration::from_secs(60);
/// How often an instance sharing its seeks renews the records of the players who have a lobby
/// socket open on it.
pub const PRESENCE_RENEWAL: Duration = Duration::from_secs(10);
const CHANNEL_DEPTH: usize = 64;

/// The open seeks and the lobby's watchers.
pub struct Lobby {
    pub(crate) book: Arc<dyn SeekBook>,
    /// Whether other instances share the book.
    pub(crate) shared: bool,
    /// The open seeks as last read from the book (what the watchers were last sent).
    pub(crate) seen: Mutex<Vec<Seek>>,
    /// Reads and pushes of the seeks one at a time, so that an older list is never pushed
    /// after a newer one.
    pub(crate) pushing: tokio::sync::Mutex<()>,
    pub(crate) present: Mutex<HashMap<Arc<str>, usize>>,
    pub(crate) tx: broadcast::Sender<Utf8Bytes>,
    pub(crate) ttl: Duration,
}

impl std::fmt::Debug for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lobby")
    }
}

fn store_error(e: StoreError) -> ApiError {
    e.into()
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Lobby {
    /// A lobby whose seeks last at most `ttl`, kept in `book` when several instances share it,
    /// else in memory.
    #[must_use]
    pub fn new(ttl: Duration, book: Option<Arc<dyn SeekBook>>) -> Lobby {
        let shared = book.is_some();
        Lobby {
            book: book.unwrap_or_else(|| Arc::new(MemoryBook::default())),
            shared,
            seen: Mutex::new(Vec::new()),
            pushing: tokio::sync::Mutex::new(()),
            present: Mutex::new(HashMap::new()),
            tx: broadcast::channel(CHANNEL_DEPTH).0,
            ttl,
        }
    }

    pub(crate) fn seen(&self) -> std::sync::MutexGuard<'_, Vec<Seek>> {
        self.seen.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The open seeks, oldest first, as JSON (as last read: see [`Lobby::current`]).
    #[must_use]
    pub fn list(&self) -> Value {
        Value::Array(self.seen().iter().map(Seek::json).collect())
    }

    /// Open seeks (as last read).
    #[must_use]
    pub fn len(&self) -> usize {
        self.seen().len()
    }

    /// True when no seek is open (as last read).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(crate) fn push(&self, msg: &Value) {
        let _ = self.tx.send(Utf8Bytes::from(msg.to_string()));
    }

    /// Runs `f` with the book on the blocking pool.
    pub(crate) async fn with_book<T: Send + 'static>(
        &self,
        f: impl FnOnce(&dyn SeekBook) -> Result<T, StoreError> + Send + 'static,
    ) -> ApiResult<T> {
        let book = Arc::clone(&self.book);
        blocking(move || f(&*book).map_err(store_error)).await
    }

    /// Reads the open seeks from the book, pushes them to the watchers if they changed, and
    /// answers them as JSON.
    pub async fn current(&self) -> ApiResult<Value> {
        let _one = self.pushing.lock().await;
        let open = self.with_book(|b| b.open()).await?;
        let list = Value::Array(open.iter().map(Seek::json).collect());
        let changed = {
            let mut seen = self.seen();
            let changed = *seen != open;
            *seen = open;
            changed
        };
        if changed {
            self.push(&json!({ "type": "seeks", "seeks": list }));
        }
        Ok(list)
    }

    /// The seeks changed through this instance: its watchers and the other instances' hear.
    pub(crate) async fn changed(&self) {
        // The change is made: a failure to read it back or to tell it is not the request's;
        // the next change or sweep catches up.
        if let Err(e) = self.current().await {
            tracing::warn!(error = %e.message, "lobby: reading the seeks back failed");
        }
        if self.shared {
            if let Err(e) = self.with_book(|b| b.announce(None)).await {
                tracing::warn!(error = %e.message, "lobby: telling the other instances failed");
            }
        }
    }

    /// Another instance sharing the book changed the seeks: the watchers here hear.
    pub async fn changed_elsewhere(&self) {
        if let Err(e) = self.current().await {
            tracing::warn!(error = %e.message, "lobby: reading another instance's seeks failed");
        }
    }

    /// Another instance sharing the book sent `message` to the lobby sockets (a game started).
    pub fn message_from_elsewhere(&self, message: &str) {
        if serde_json::from_str::<Value>(message).is_ok() {
            let _ = self.tx.send(Utf8Bytes::from(message.to_string()));
        }
    }

    pub(crate) async fn add(&self, seek: Seek) -> ApiResult<()> {
        let added = self
            .with_book(move |b| b.add(&seek, MAX_SEEKS_PER_PLAYER, MAX_SEEKS))
            .await?;
        match added {
            Added::Yes => {}
            Added::Full => {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "lobby_full",
                    "the lobby is full; try again shortly",
                ))
            }
            Added::TooMany => {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too_many_seeks",
                    format!("at most {MAX_SEEKS_PER_PLAYER} open seeks per player"),
                ))
            }
        }
        self.changed().await;
        Ok(())
    }

    /// The owner logged out: his seeks go.
    pub async fn owner_left(&self, owner: &str) {
        let owner = owner.to_string();
        match self.with_book(move |b| b.remove_owner(&owner, false)).await {
            Ok(0) => {}
            Ok(_) => self.changed().await,
            Err(e) => tracing::warn!(error = %e.message, "lobby: removing a player's seeks failed"),
        }
    }

    /// The owner's last lobby socket here closed a while ago: his seeks go unless he has one
    /// open on another instance.
    pub(crate) async fn owner_gone(&self, owner: &str) {
        let owner = owner.to_string();
        match self.with_book(move |b| b.remove_owner(&owner, true)).await {
            Ok(0) => {}
            Ok(_) => self.changed().await,
            Err(e) => tracing::warn!(error = %e.message, "lobby: removing a player's seeks failed"),
        }
    }

    /// Drops the seeks older than the lifetime (and the memory of seeks taken long enough
    /// ago); answers how many open seeks went.
    pub async fn expire(&self) -> usize {
        let now = now_ms();
        let (created, taken) = (now - millis(self.ttl), now - millis(TAKEN_MEMORY));
        let n = self
            .with_book(move |b| b.expire(created, taken))
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e.message, "lobby: expiring old seeks failed");
                0
            });
        if n > 0 {
            self.changed().await;
        }
        n
    }

    /// Renews the records of the players who have a lobby socket open here (with a book
    /// shared by several instances).
    pub async fn renew_presence(&self) {
        if self.shared {
            if let Err(e) = self.with_book(|b| b.renew_presence()).await {
                tracing::warn!(error = %e.message, "lobby: renewing the players' presence failed");
            }
        }
    }

    /// Announces a game started from the lobby (or a rematch) to its players' lobby sockets,
    /// on every instance (may block on the database: call it off the async threads).
    pub fn game_started(&self, game: &str, players: &[Option<String>; 2]) {
        let msg = json!({
            "type": "game",
            "game": game,
            "players": { "south": players[0], "north": players[1] },
        });
        self.push(&msg);
        if self.shared {
            if let Err(e) = self.book.announce(Some(&msg.to_string())) {
                tracing::warn!(%game, error = %e, "lobby: announcing a game to the other instances failed");
            }
        }
    }

    /// Takes open seek `id` for the game `game` that `me` starts by accepting it: the seek, or
    /// why not.
    pub(crate) async fn take(&self, id: &str, me: &Arc<str>, game: &str) -> ApiResult<Seek> {
        let (book, id, me, game) = (
            Arc::clone(&self.book),
            id.to_string(),
            Arc::clone(me),
            game.to_string(),
        );
        let seek = blocking(move || {
            let seek = match book.find(&id)? {
                Found::Open(s) => s,
                Found::Taken(_) => return Err(taken()),
                Found::Unknown => return Err(no_seek()),
            };
            if seek.owner == me {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "own_seek",
                    "you cannot accept your own seek",
                ));
            }
            if seek.to.as_deref().is_some_and(|to| to != &*me) {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "not_for_you",
                    "this challenge is for another player",
                ));
            }
            // Of two accepting at once (through any instances), one takes it.
            if !book.take(&id, &game, now_ms())? {
                return Err(taken());
            }
            Ok(seek)
        })
        .await?;
        self.changed().await;
        Ok(seek)
    }

    /// Opens again seek `id`, taken for `game` that could not be started.
    pub(crate) async fn untake(&self, id: &str, game: &str) {
        let (id, game) = (id.to_string(), game.to_string());
        let seek = id.clone();
        if let Err(e) = self.with_book(move |b| b.untake(&id, &game)).await {
            tracing::warn!(%seek, error = %e.message, "lobby: opening a seek again failed");
        }
        self.changed().await;
    }

    /// Removes seek `id` if `me` may: its owner cancels, or the challenged player declines.
    pub(crate) async fn withdraw(&self, id: &str, me: &Arc<str>, decline: bool) -> ApiResult<()> {
        let (book, id, me) = (Arc::clone(&self.book), id.to_string(), Arc::clone(me));
        blocking(move || {
            let s = match book.find(&id)? {
                Found::Open(s) => s,
                Found::Taken(_) => return Err(taken()),
                Found::Unknown => return Err(no_seek()),
            };
            let allowed = if decline {
                s.to.as_deref() == Some(&*me)
            } else {
                s.owner == me
            };
            if !allowed {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "not_yours",
                    if decline {
                        "only the challenged player can decline"
                    } else {
                        "only its owner can cancel a seek"
                    },
                ));
            }
            if !book.remove(&id)? {
                // Accepted meanwhile.
                return Err(taken());
            }
            Ok(())
        })
        .await?;
        self.changed().await;
        Ok(())
    }

    pub(crate) async fn arrive(&self, who: &Arc<str>) {
        let first = {
            let mut present = self.present.lock().unwrap_or_else(PoisonError::into_inner);
            let n = present.entry(Arc::clone(who)).or_insert(0);
            *n += 1;
            *n == 1
        };
        if first && self.shared {
            let who = who.to_string();
            if let Err(e) = self.with_book(move |b| b.present(&who, true)).await {
                tracing::warn!(error = %e.message, "lobby: recording a player's presence failed");
            }
        }
    }

    /// One lobby socket of `who` closed; answers true when it was his last here.
    pub(crate) async fn depart(&self, who: &Arc<str>) -> bool {
        let last = {
            let mut present = self.present.lock().unwrap_or_else(PoisonError::into_inner);
            match present.get_mut(who) {
                None => true,
                Some(n) => {
                    *n -= 1;
                    if *n == 0 {
                        present.remove(who);
                        true
                    } else {
                        false
                    }
                }
            }
        };
        if last && self.shared {
            let who = who.to_string();
            if let Err(e) = self.with_book(move |b| b.present(&who, false)).await {
                tracing::warn!(error = %e.message, "lobby: recording a player's departure failed");
            }
        }
        last
    }

    pub(crate) fn is_present(&self, who: &str) -> bool {
        self.present
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains_key(who)
    }
}

pub(crate) fn no_seek() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_such_seek",
        "no open seek with this id (cancelled or expired)",
    )
}

pub(crate) fn taken() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "seek_taken",
        "this seek has just been accepted by another player",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::Side;

    fn seek(id: &str, owner: &str, created_ms: i64) -> Seek {
        Seek {
            id: id.into(),
            owner: Arc::from(owner),
            variant: "oware".into(),
            rules: Vec::new(),
            clock: None,
            rated: false,
            side: None,
            to: None,
            rating: None,
            created_ms,
        }
    }

    fn ids(book: &dyn SeekBook) -> Vec<String> {
        book.open().unwrap().into_iter().map(|s| s.id).collect()
    }

    #[test]
    fn a_seek_is_taken_once_remembered_a_while_and_put_back_on_failure() {
        let book = MemoryBook::default();
        assert_eq!(
            book.add(&seek("a", "Ama", 10), 10, 100).unwrap(),
            Added::Yes
        );
        assert_eq!(
            book.add(&seek("b", "Kofi", 20), 10, 100).unwrap(),
            Added::Yes
        );
        assert!(book.take("a", "g1", 30).unwrap());
        assert!(!book.take("a", "g2", 31).unwrap());
        assert_eq!(book.find("a").unwrap(), Found::Taken("g1".into()));
        assert_eq!(ids(&book), ["b"]);
        // Only the game it was taken for gives it back, in its place.
        book.untake("a", "g2").unwrap();
        assert_eq!(book.find("a").unwrap(), Found::Taken("g1".into()));
        book.untake("a", "g1").unwrap();
        assert_eq!(ids(&book), ["a", "b"]);
        assert!(book.take("a", "g3", 40).unwrap());
        // Taken seeks are remembered until their time passes; open ones last their lifetime.
        assert_eq!(book.expire(0, 40).unwrap(), 0);
        assert_eq!(book.find("a").unwrap(), Found::Taken("g3".into()));
        assert_eq!(book.expire(21, 41).unwrap(), 1);
        assert_eq!(book.find("a").unwrap(), Found::Unknown);
        assert_eq!(book.find("b").unwrap(), Found::Unknown);
        assert!(ids(&book).is_empty());
    }

    #[test]
    fn seeks_are_limited_per_player_and_in_all_and_withdrawn() {
        let book = MemoryBook::default();
        assert_eq!(book.add(&seek("a", "Ama", 1), 2, 3).unwrap(), Added::Yes);
        assert_eq!(book.add(&seek("b", "Ama", 2), 2, 3).unwrap(), Added::Yes);
        assert_eq!(
            book.add(&seek("c", "Ama", 3), 2, 3).unwrap(),
            Added::TooMany
        );
        assert_eq!(book.add(&seek("d", "Kofi", 4), 2, 3).unwrap(), Added::Yes);
        assert_eq!(book.add(&seek("e", "Esi", 5), 2, 3).unwrap(), Added::Full);
        assert_eq!(book.remove_owner("Ama", true).unwrap(), 2);
        assert!(book.remove("d").unwrap());
        assert!(!book.remove("d").unwrap());
        assert!(ids(&book).is_empty());
    }

    #[test]
    fn sides_are_named() {
        assert_eq!(side_named("south"), Some(Side::South));
        assert_eq!(side_named("north"), Some(Side::North));
        assert_eq!(side_named("random"), None);
    }
}
