//! The server's settings ([`Config`]) and the state every handler and task shares ([`App`]).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::accounts::users::Accounts;
use crate::brain::Brain;
use crate::http::error::{ApiError, ApiResult, StoreError};
use crate::http::limit;
use crate::lobby::state::Lobby;
use crate::round::hub::{CacheLimits, Hub};
use crate::round::json::variants_json;
use crate::round::timers::Timers;
use crate::round::timing;
use crate::store::{PgStore, SqliteStore, Store};

/// Server settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The SQLite database file; `None` keeps games in memory only (unless `postgres` is set).
    pub db: Option<PathBuf>,
    /// A PostgreSQL database URL (`postgres://USER@HOST:PORT/DB`); when set, games are kept
    /// there and `db` is not used.
    pub postgres: Option<String>,
    /// Most connections to PostgreSQL this server opens at once.
    pub db_pool: usize,
    /// Threads that run engine searches at once (default: the cores less one, at least one).
    pub engine_threads: usize,
    /// Longest thinking time of one analysis request, in milliseconds.
    pub max_analysis_ms: u64,
    /// Longest time budget of one proof request (`POST /api/analysis/prove`), in seconds.
    pub max_proof_secs: f64,
    /// Most memory the tables of one proof request may take, in MiB (its transposition table
    /// and the others are emptied when they reach their share: the analysis board's
    /// `proof_entries`).
    pub max_proof_mib: usize,
    /// Most proof requests one client address may have running at once (0: no cap); beyond it
    /// a request is answered 429 `too_many_proofs`.
    pub max_proofs_per_address: usize,
    /// Time a hint's prover may take, after a search that proved nothing, to turn the hint's
    /// estimate into a proven result, in milliseconds (0: never).
    pub hint_proof_ms: u64,
    /// Largest accepted request body, in bytes.
    pub body_limit: usize,
    /// Games a client may create at once ...
    pub create_burst: u32,
    /// ... and per minute after that.
    pub create_per_minute: u32,
    /// Most games kept in memory at once; unused ones are dropped, least recently used first,
    /// to make place (and reloaded from the store when asked for again).
    pub max_rooms: usize,
    /// Seconds after which a game nobody uses is dropped from memory.
    pub room_idle_secs: u64,
    /// Most WebSocket connections open at once.
    pub max_websockets: usize,
    /// Most WebSocket connections watching one game.
    pub max_watchers_per_game: usize,
    /// Most WebSocket connections one client address may hold open at once (0: no cap).
    pub max_websockets_per_address: usize,
    /// Memory of one password hash (Argon2id), in KiB.
    pub password_memory_kib: u32,
    /// Passes of one password hash.
    pub password_passes: u32,
    /// Sign-ups and log-ins a client may try at once ...
    pub auth_burst: u32,
    /// ... and per minute after that.
    pub auth_per_minute: u32,
    /// Seconds after which an open seek is dropped from the lobby.
    pub seek_ttl_secs: u64,
    /// Most lobby WebSocket watchers at once.
    pub max_lobby_watchers: usize,
    /// Seconds a client may take to send a request's headers, counted from when the server
    /// waits for them: a slow sender is disconnected, and so is a kept-alive connection idle
    /// that long between requests (see [`http`]).
    pub header_timeout_secs: u64,
    /// Seconds a client may take to send a request's body once its headers are in: a slower
    /// one is answered 408 and disconnected (see [`crate::http::body`]).
    pub body_timeout_secs: u64,
    /// Most connections one client address may hold open at once (0: no cap); beyond it a new
    /// connection is answered 429 and closed. Behind a proxy every client has the proxy's
    /// address: raise it there, or set 0 and cap at the proxy.
    pub max_connections_per_address: usize,
    /// Whether the server is reached over HTTPS (behind a proxy that terminates TLS): every
    /// cookie it sets is then `Secure`, sent back by browsers over HTTPS only. The server itself
    /// speaks plain HTTP, so this is off by default.
    pub secure_cookies: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: Some(PathBuf::from("mancala.db")),
            postgres: None,
            db_pool: 16,
            // One core is left to the async threads so that requests stay fast while the
            // computer thinks.
            engine_threads: std::thread::available_parallelism()
                .map_or(1, |n| usize::from(n).saturating_sub(1).max(1)),
            max_analysis_ms: 2000,
            max_proof_secs: 10.0,
            max_proof_mib: 64,
            max_proofs_per_address: 1,
            hint_proof_ms: 500,
            body_limit: 16 * 1024,
            create_burst: 20,
            create_per_minute: 30,
            max_rooms: 10_000,
            room_idle_secs: 600,
            max_websockets: 4096,
            max_watchers_per_game: 64,
            max_websockets_per_address: 32,
            // The OWASP recommendation for Argon2id: 19 MiB, 2 passes.
            password_memory_kib: 19 * 1024,
            password_passes: 2,
            auth_burst: 10,
            auth_per_minute: 10,
            seek_ttl_secs: 3600,
            max_lobby_watchers: 2048,
            header_timeout_secs: 10,
            body_timeout_secs: 10,
            max_connections_per_address: 128,
            secure_cookies: false,
        }
    }
}

/// The shared state of the handlers.
pub struct App {
    pub(crate) hub: Hub,
    pub(crate) brain: Arc<dyn Brain>,
    pub(crate) pool: Arc<Semaphore>,
    pub(crate) create_limit: limit::RateLimiter,
    pub(crate) connections: limit::Connections,
    pub(crate) max_analysis_ms: u64,
    pub(crate) max_proof_secs: f64,
    /// Memory of one proof's tables, in MiB ([`Config::max_proof_mib`]).
    pub(crate) proof_mib: usize,
    /// The proofs each address has running ([`Config::max_proofs_per_address`]).
    pub(crate) proofs: limit::PerAddress,
    pub(crate) hint_proof: Duration,
    pub(crate) variants: String,
    pub(crate) accounts: Accounts,
    pub(crate) lobby: Lobby,
    pub(crate) lobby_watchers: Arc<std::sync::atomic::AtomicUsize>,
    pub(crate) max_lobby_watchers: usize,
    pub(crate) timers: Arc<Timers>,
    pub(crate) moves: timing::MoveCounters,
    /// Computer moves this instance chose but could not record because another instance had
    /// recorded that move number first (double work the leases should prevent).
    pub(crate) computer_conflicts: std::sync::atomic::AtomicU64,
    /// Games in which the computer failed to move after every attempt (see
    /// [`crate::round::computer::COMPUTER_ATTEMPTS`]).
    pub(crate) computer_failures: std::sync::atomic::AtomicU64,
    /// Whether the cookies set are `Secure` ([`Config::secure_cookies`]).
    pub(crate) secure_cookies: bool,
    /// Tells the tournaments' task of each online game between two accounts that ended here
    /// (see [`crate::tournament::online::follow_endings`]).
    pub(crate) ended_games: tokio::sync::mpsc::UnboundedSender<String>,
    /// The other end, taken by that task when the server starts.
    pub(crate) ended_games_rx:
        std::sync::Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<String>>>,
    /// The operator's metrics (`GET /metrics`).
    pub(crate) metrics: crate::metrics::Metrics,
}

impl App {
    /// The state for `config`, with `store` and `brain`.
    pub fn new(config: &Config, store: Arc<dyn Store>, brain: Arc<dyn Brain>) -> Arc<App> {
        let seek_book = Arc::clone(&store).seek_book();
        let (ended_games, ended_games_rx) = tokio::sync::mpsc::unbounded_channel();
        let metrics = crate::metrics::Metrics::new();
        store.time_calls(metrics.store_timer());
        Arc::new(App {
            hub: Hub::new(
                store,
                CacheLimits {
                    max_rooms: config.max_rooms,
                    idle: Duration::from_secs(config.room_idle_secs),
                },
            ),
            brain,
            pool: Arc::new(Semaphore::new(config.engine_threads.max(1))),
            create_limit: limit::RateLimiter::new(config.create_burst, config.create_per_minute),
            connections: limit::Connections::new(
                config.max_websockets,
                config.max_watchers_per_game,
                config.max_websockets_per_address,
            ),
            max_analysis_ms: config.max_analysis_ms.max(50),
            max_proof_secs: if config.max_proof_secs > 0.0 {
                config.max_proof_secs.min(3600.0)
            } else {
                0.1
            },
            proof_mib: config.max_proof_mib,
            proofs: limit::PerAddress::new(config.max_proofs_per_address),
            hint_proof: Duration::from_millis(config.hint_proof_ms.min(60_000)),
            variants: variants_json().to_string(),
            accounts: Accounts::new(
                config.password_memory_kib,
                config.password_passes,
                config.auth_burst,
                config.auth_per_minute,
            ),
            lobby: Lobby::new(Duration::from_secs(config.seek_ttl_secs), seek_book),
            lobby_watchers: Arc::new(std::sync::atomic::AtomicUsize::new(0)),
            max_lobby_watchers: config.max_lobby_watchers,
            timers: Arc::new(Timers::new()),
            moves: timing::MoveCounters::default(),
            computer_conflicts: std::sync::atomic::AtomicU64::new(0),
            computer_failures: std::sync::atomic::AtomicU64::new(0),
            secure_cookies: config.secure_cookies,
            ended_games,
            ended_games_rx: std::sync::Mutex::new(Some(ended_games_rx)),
            metrics,
        })
    }

    /// The store this instance uses.
    pub fn store(&self) -> &dyn Store {
        self.hub.store()
    }

    /// Open seeks in the lobby.
    pub fn open_seeks(&self) -> usize {
        self.lobby.len()
    }

    /// Clocks whose flag-fall timer is armed.
    pub fn clocks_armed(&self) -> usize {
        self.timers.len()
    }

    /// Where the time of the moves posted so far went (see [`timing`]).
    pub fn move_timings(&self) -> timing::MoveTimings {
        self.moves.snapshot()
    }

    /// Games currently in memory.
    pub fn games_in_memory(&self) -> usize {
        self.hub.len()
    }

    /// The most games that were ever in memory at once.
    pub fn peak_games_in_memory(&self) -> usize {
        self.hub.peak()
    }

    /// WebSocket connections open now.
    pub fn websockets_open(&self) -> usize {
        self.connections.open()
    }

    /// The metrics in the Prometheus text exposition, with what is open now.
    pub fn metrics_text(&self) -> String {
        self.metrics.encode(crate::metrics::Open {
            games: self.hub.len(),
            websockets: self.connections.open(),
            seeks: self.lobby.len(),
            clocks: self.timers.len(),
        })
    }

    /// Drops from memory the games unused for the idle time; answers how many.
    pub fn evict_idle(&self) -> usize {
        self.hub.evict_idle(Instant::now())
    }

    /// `GET /api/health`: what is in memory and open, with the caps, and whether the store
    /// answered (`store`: its error when it did not).
    pub(crate) fn health(&self, store: &Result<(), StoreError>) -> serde_json::Value {
        let (max_websockets, max_watchers) = self.connections.caps();
        let mut health = serde_json::json!({
            "status": if store.is_ok() { "ok" } else { "unavailable" },
            "store": if store.is_ok() { "ok" } else { "unreachable" },
            "games_in_memory": self.hub.len(),
            "peak_games_in_memory": self.hub.peak(),
            "max_games_in_memory": self.hub.limits().max_rooms,
            "games_evicted": self.hub.evicted(),
            "websockets": self.connections.open(),
            "max_websockets": max_websockets,
            "max_watchers_per_game": max_watchers,
            "max_websockets_per_address": self.connections.max_per_address(),
            "open_seeks": self.lobby.len(),
            "clocks_armed": self.timers.len(),
            "computer_conflicts": self
                .computer_conflicts
                .load(std::sync::atomic::Ordering::Relaxed),
            "computer_failures": self
                .computer_failures
                .load(std::sync::atomic::Ordering::Relaxed),
        });
        if let Err(e) = store {
            health["reason"] = serde_json::Value::from(e.to_string());
        }
        health
    }
}

/// Opens the store `config` names (PostgreSQL, a SQLite file, or memory).
pub fn open_store(config: &Config) -> Result<Arc<dyn Store>, StoreError> {
    if let Some(url) = &config.postgres {
        return Ok(Arc::new(PgStore::connect(url, config.db_pool)?));
    }
    Ok(match &config.db {
        Some(path) => Arc::new(SqliteStore::open(path)?),
        None => Arc::new(SqliteStore::in_memory()?),
    })
}

/// How long a hint or a refutation may wait for a free engine thread before the server says it
/// is busy.
const QUEUE_WAIT: Duration = Duration::from_secs(10);

/// A free engine thread, waited for at most [`QUEUE_WAIT`]; 503 `busy` if none comes free.
pub(crate) async fn engine_permit(app: &App) -> ApiResult<OwnedSemaphorePermit> {
    tokio::time::timeout(QUEUE_WAIT, Arc::clone(&app.pool).acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "every engine thread is busy; try again",
            )
        })
}
