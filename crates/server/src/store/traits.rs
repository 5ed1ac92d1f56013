//! The store's interface: [`Store`].

use crate::cluster::notice::Notice;
use crate::round::ending::{Ending, Offer};
use crate::store::error::StoreError;
use crate::store::records::{
    GameMeta, GameQuery, GameSummary, MoveStamp, PlayerRow, RatingPoint, RatingRow, TokenHash,
    TournamentRow,
};

/// A future the store answers (see [`Store::record_move`]).
pub type StoreFuture<T> =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, StoreError>> + Send>>;

/// A move to record (see [`Store::record_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// The game.
    pub game: String,
    /// The move's number (0-based).
    pub ply: usize,
    /// The move as the rules core writes it.
    pub mv: String,
    /// Its clock stamp (timed games).
    pub stamp: Option<MoveStamp>,
    /// Whether to take (or renew) this instance's lease on the game's background work with it
    /// (see [`Store::hold_lease`]): the computer's answer has an owner before the move is
    /// recorded.
    pub lease: bool,
}

/// Where games are kept.
pub trait Store: Send + Sync + 'static {
    /// Records a new game.
    fn create(&self, meta: &GameMeta) -> Result<(), StoreError>;
    /// Records move number `ply` (0-based) of game `id`.
    fn push_move(&self, id: &str, ply: usize, mv: &str) -> Result<(), StoreError> {
        self.push_timed_move(id, ply, mv, None)
    }
    /// Records move number `ply` (0-based) of game `id` with its clock stamp (timed games).
    fn push_timed_move(
        &self,
        id: &str,
        ply: usize,
        mv: &str,
        stamp: Option<&MoveStamp>,
    ) -> Result<(), StoreError>;
    /// Records move `m` as [`Store::push_timed_move`] does (after taking the lease when asked),
    /// without blocking the caller's thread; answers whether the lease was asked for and this
    /// instance holds it now (so that the computer's answer needs no [`Store::hold_lease`] of
    /// its own). By default both run on the blocking pool (a store that blocks, as SQLite
    /// does); a store with an asynchronous driver awaits the database where the caller runs.
    fn record_move(self: std::sync::Arc<Self>, m: MoveRecord) -> StoreFuture<bool> {
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let held = m.lease && self.hold_lease(&m.game).unwrap_or(false);
                self.push_timed_move(&m.game, m.ply, &m.mv, m.stamp.as_ref())?;
                Ok(held)
            })
            .await
            .map_err(|e| StoreError::Io(std::io::Error::other(e.to_string())))?
        })
    }
    /// The clock of game `id` after its last move (`None` for an untimed game or before the
    /// first move), and how it ended if it is over.
    fn load_play(&self, id: &str) -> Result<(Option<MoveStamp>, Option<Ending>), StoreError>;
    /// Records that game `id` ended after `plies` moves.
    fn finish(&self, id: &str, ending: &Ending, plies: usize) -> Result<(), StoreError>;
    /// Forgets the ending of game `id` (a local game whose last move was taken back).
    fn reopen(&self, id: &str) -> Result<(), StoreError>;
    /// The games whose clock is running, with when the side to move runs out of time.
    fn running_clocks(&self) -> Result<Vec<(String, i64)>, StoreError>;
    /// Creates an account; false when the name (ignoring case) is taken.
    fn create_player(&self, player: &PlayerRow) -> Result<bool, StoreError>;
    /// An account by name (ignoring case).
    fn player(&self, name: &str) -> Result<Option<PlayerRow>, StoreError>;
    /// Sets the language of account `name` (ignoring case), or clears it with `None`; false
    /// when there is no such account.
    fn set_player_lang(&self, name: &str, lang: Option<&str>) -> Result<bool, StoreError>;
    /// Records a session (by the digest of its token) of `player`, valid until `expires`
    /// (seconds since the Unix epoch).
    fn create_session(
        &self,
        token: &TokenHash,
        player: &str,
        expires: i64,
    ) -> Result<(), StoreError>;
    /// The player of a session and when it expires.
    fn session(&self, token: &TokenHash) -> Result<Option<(String, i64)>, StoreError>;
    /// Ends a session.
    fn delete_session(&self, token: &TokenHash) -> Result<(), StoreError>;
    /// A player's rating in every preset he played rated.
    fn ratings(&self, player: &str) -> Result<Vec<(String, RatingRow)>, StoreError>;
    /// Records new ratings after rated game `game` of `variant`, in one transaction.
    fn rate(
        &self,
        game: &str,
        variant: &str,
        at_ms: i64,
        updates: &[(String, RatingRow)],
    ) -> Result<(), StoreError>;
    /// A player's rating after each of his rated games, oldest first.
    fn rating_history(&self, player: &str) -> Result<Vec<RatingPoint>, StoreError>;
    /// The best-rated players of `variant`.
    fn leaderboard(
        &self,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<(String, RatingRow)>, StoreError>;
    /// Finished games matching `q`, newest first.
    fn search(&self, q: &GameQuery) -> Result<Vec<GameSummary>, StoreError>;
    /// Forgets the moves of game `id` from number `len` on (undo).
    fn truncate(&self, id: &str, len: usize) -> Result<(), StoreError>;
    /// A game and its moves, or `None` when unknown.
    fn load(&self, id: &str) -> Result<Option<(GameMeta, Vec<String>)>, StoreError>;
    /// The changes that other server instances sharing this store make, as they make them (a
    /// [`Notice::Changed`] of [`crate::cluster::notice::ALL_GAMES`] when any game may have changed);
    /// `None` when no other instance can share the store (SQLite). Each call starts a new
    /// stream.
    fn changes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Notice>> {
        None
    }
    /// Whether other server instances may share this store (and so the background work of
    /// its games: see [`Store::hold_lease`]).
    fn shared(&self) -> bool {
        false
    }
    /// Takes, or renews, this instance's lease on the background work of game `id` (the
    /// computer's moves, the flag fall of its clock): true when this instance holds it now,
    /// false when another instance does. A lease lapses [`LEASE_TTL`] after it was last taken or
    /// renewed, and may then be taken by any instance. With one process (SQLite) the lease is
    /// always the process's.
    fn hold_lease(&self, id: &str) -> Result<bool, StoreError> {
        let _ = id;
        Ok(true)
    }
    /// Records a new tournament (its `version` as given, normally 0).
    fn create_tournament(&self, t: &TournamentRow) -> Result<(), StoreError>;
    /// A tournament by id.
    fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError>;
    /// The newest `limit` tournaments, newest first.
    fn tournaments(&self, limit: u32) -> Result<Vec<TournamentRow>, StoreError>;
    /// The tournaments not finished, oldest first.
    fn live_tournaments(&self) -> Result<Vec<TournamentRow>, StoreError>;
    /// Replaces tournament `t.id`'s state by `t` if its stored version is still `t.version` (the
    /// one read), making it `t.version + 1`; false (nothing written) when another write came
    /// first. Of several instances pairing one round at once, exactly one writes.
    fn update_tournament(&self, t: &TournamentRow) -> Result<bool, StoreError>;
    /// The paths of the lesson progress of account `player` (`olowuka/laps/relay`, ...), sorted.
    fn learn_progress(&self, player: &str) -> Result<Vec<String>, StoreError>;
    /// Adds `paths` to the lesson progress of account `player`, in one transaction, each path
    /// kept once: what two devices add at once is all kept (the union).
    fn add_learn_progress(&self, player: &str, paths: &[String]) -> Result<(), StoreError>;
    /// Whether the database answers now (`GET /api/health`): an error says why not.
    fn reachable(&self) -> Result<(), StoreError>;
    /// Records from now on the time of each call to this store into `timer` (the server's
    /// metrics); the first timer given stays.
    fn time_calls(&self, timer: crate::metrics::StoreTimer) {
        let _ = timer;
    }
    /// Renews this instance's leases on games `ids` and gives up the others it holds.
    fn renew_leases(&self, ids: &[String]) -> Result<(), StoreError> {
        let _ = ids;
        Ok(())
    }
    /// The games whose lease lapsed: the instance that held them stopped renewing (it died), so
    /// their background work has no owner.
    fn lapsed_leases(&self) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }
    /// The lobby's seeks kept in this store, shared by every instance using it (see
    /// [`crate::lobby::seeks::SeekBook`]); `None` when this process alone keeps them, in memory
    /// (SQLite: one process).
    fn seek_book(
        self: std::sync::Arc<Self>,
    ) -> Option<std::sync::Arc<dyn crate::lobby::seeks::SeekBook>> {
        let _ = self;
        None
    }
    /// Records the draw or agreement offer standing in game `id` (made when the game had
    /// `plies` moves), or with `None` withdraws it, and tells the other instances; a shared
    /// store only (one process keeps its offers in memory).
    fn save_offer(&self, id: &str, offer: Option<(Offer, usize)>) -> Result<(), StoreError> {
        let _ = (id, offer);
        Ok(())
    }
    /// The offer recorded by [`Store::save_offer`] for game `id`, with the number of moves the
    /// game had when it was made.
    fn stored_offer(&self, id: &str) -> Result<Option<(Offer, usize)>, StoreError> {
        let _ = id;
        Ok(None)
    }
}

/// How long a lease on a game's background work lasts unless renewed (see
/// [`Store::hold_lease`]).
pub const LEASE_TTL: std::time::Duration = std::time::Duration::from_secs(3);
