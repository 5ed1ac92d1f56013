//! # mancala-server
//!
//! The HTTP/WebSocket server behind `mancala serve`: a JSON API to create and play games of every
//! preset (online between two people, against the computer, or two people on one device),
//! WebSocket push of every move to players and spectators, hints and records, SQLite
//! persistence, and the browser UI embedded in the binary.
//!
//! The API is described by `GET /api/openapi.json`. In short:
//!
//! | request | does |
//! | --- | --- |
//! | `GET /api/variants` | the presets with their options and start states |
//! | `POST /api/games` | creates a game; answers its id, seat tokens and links |
//! | `GET /api/games/{id}` | the state (the `mancala trace` shape) plus the set-up and moves |
//! | `POST /api/games/{id}/moves` | plays `{"move": "C"}` with `Authorization: Bearer TOKEN` |
//! | `POST /api/games/{id}/undo` | takes a move back (not in online games) |
//! | `GET /api/games/{id}/analysis` | every legal move's value (not during online games) |
//! | `GET /api/games/{id}/evaluations` | a quick value of every position so far, for South |
//! | `GET /api/games/{id}/record` | the game record (text or JSON) |
//! | `GET /api/games/{id}/ws` | WebSocket: the state now and after every change |
//! | `GET /api/health` | games in memory, open WebSockets and their caps |
//! | `POST /api/players`, `POST/GET/DELETE /api/session` | accounts and sessions ([`accounts`]) |
//! | `GET /api/players/{name}`, `GET /api/leaderboard/{preset}` | ratings, history, games |
//! | `POST/GET /api/seeks`, `POST /api/seeks/{id}/accept`, `POST /api/challenges` | the lobby ([`lobby`]) |
//! | `GET /api/lobby/ws` | WebSocket: the seeks live, and the games they start |
//! | `POST /api/games/{id}/resign`, `/abort`, `/offer`, `/offer/accept`, `/offer/decline`, `/rematch` | endings ([`play`]) |
//! | `GET /api/games?player=&variant=&result=&from=&to=` | the archive of finished games |
//!
//! Timed games keep a server-stamped [`clock`]; a timer per running clock ([`timers`]) ends a
//! game on time even when nobody is connected. Rated games update Glicko-2 ratings ([`glicko`]).
//! Connections are served by [`http`], which closes slow and idle ones.
//!
//! Besides the API, `GET /rules` and `GET /rules/{preset}` serve a page of rules per preset.
//!
//! Engine searches run on a bounded pool of blocking threads with time limits, never on the
//! async threads, so the server stays responsive while the computer thinks.
//!
//! Memory and connections are bounded ([`Config`]): at most `max_rooms` games are kept in
//! memory (unused ones are dropped, least recently used first, and reloaded from the store on
//! their next request; see [`rooms`]), WebSocket connections are capped in all and per game
//! (beyond a cap the upgrade is refused with 429), and a slow or silent watcher is disconnected
//! rather than holding anyone up. Seat tokens are stored only as SHA-256 digests ([`store`]).
//!
//! ```no_run
//! let config = mancala_server::Config::default();
//! mancala_server::run(config, |addr| println!("listening on http://{addr}")).unwrap();
//! ```
#![forbid(unsafe_code)]

pub mod account_pages;
pub mod accounts;
mod api;
mod archive;
pub mod assets;
mod board;
pub mod brain;
pub mod client;
pub mod clock;
mod cookies;
pub mod ending;
pub mod error;
mod evals;
pub mod glicko;
mod html;
pub mod http;
pub mod json;
mod lang;
pub mod limit;
pub mod lobby;
pub mod notice;
pub mod pages;
pub mod play;
mod puzzles;
pub mod rooms;
pub mod seeks;
mod service;
mod settings;
pub mod store;
pub mod timers;
pub mod timing;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::Router;
use tokio::sync::Semaphore;

pub use brain::{Brain, EngineBrain};
pub use error::{ApiError, HubError, ServerError, StoreError};
pub use notice::Notice;
pub use service::{COMPUTER_ATTEMPTS, COMPUTER_RETRY_CAP, COMPUTER_RETRY_FIRST};
pub use store::{PgStore, SqliteStore, Store};

/// The OpenAPI description of the API.
pub const OPENAPI: &str = include_str!("openapi.json");

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
            hint_proof_ms: 500,
            body_limit: 16 * 1024,
            create_burst: 20,
            create_per_minute: 30,
            max_rooms: 10_000,
            room_idle_secs: 600,
            max_websockets: 4096,
            max_watchers_per_game: 64,
            // The OWASP recommendation for Argon2id: 19 MiB, 2 passes.
            password_memory_kib: 19 * 1024,
            password_passes: 2,
            auth_burst: 10,
            auth_per_minute: 10,
            seek_ttl_secs: 3600,
            max_lobby_watchers: 2048,
            header_timeout_secs: 10,
        }
    }
}

/// The shared state of the handlers.
pub struct App {
    hub: rooms::Hub,
    brain: Arc<dyn Brain>,
    pool: Arc<Semaphore>,
    create_limit: limit::RateLimiter,
    connections: limit::Connections,
    max_analysis_ms: u64,
    max_proof_secs: f64,
    hint_proof: Duration,
    variants: String,
    accounts: accounts::Accounts,
    lobby: lobby::Lobby,
    lobby_watchers: Arc<std::sync::atomic::AtomicUsize>,
    max_lobby_watchers: usize,
    timers: Arc<timers::Timers>,
    moves: timing::MoveCounters,
    /// Computer moves this instance chose but could not record because another instance had
    /// recorded that move number first (double work the leases should prevent).
    computer_conflicts: std::sync::atomic::AtomicU64,
    /// Games in which the computer failed to move after every attempt (see
    /// [`COMPUTER_ATTEMPTS`]).
    computer_failures: std::sync::atomic::AtomicU64,
}

impl App {
    /// The state for `config`, with `store` and `brain`.
    pub fn new(config: &Config, store: Arc<dyn Store>, brain: Arc<dyn Brain>) -> Arc<App> {
        let seek_book = Arc::clone(&store).seek_book();
        Arc::new(App {
            hub: rooms::Hub::new(
                store,
                rooms::CacheLimits {
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
            ),
            max_analysis_ms: config.max_analysis_ms.max(50),
            max_proof_secs: if config.max_proof_secs > 0.0 {
                config.max_proof_secs.min(3600.0)
            } else {
                0.1
            },
            hint_proof: Duration::from_millis(config.hint_proof_ms.min(60_000)),
            variants: api::variants_json().to_string(),
            accounts: accounts::Accounts::new(
                config.password_memory_kib,
                config.password_passes,
                config.auth_burst,
                config.auth_per_minute,
            ),
            lobby: lobby::Lobby::new(Duration::from_secs(config.seek_ttl_secs), seek_book),
            lobby_watchers: Arc::new(std::sync::atomic::AtomicUsize::new(0)),
            max_lobby_watchers: config.max_lobby_watchers,
            timers: Arc::new(timers::Timers::new()),
            moves: timing::MoveCounters::default(),
            computer_conflicts: std::sync::atomic::AtomicU64::new(0),
            computer_failures: std::sync::atomic::AtomicU64::new(0),
        })
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

    /// Drops from memory the games unused for the idle time; answers how many.
    pub fn evict_idle(&self) -> usize {
        self.hub.evict_idle(Instant::now())
    }

    /// `GET /api/health`: what is in memory and open, with the caps.
    fn health(&self) -> serde_json::Value {
        let (max_websockets, max_watchers) = self.connections.caps();
        serde_json::json!({
            "status": "ok",
            "games_in_memory": self.hub.len(),
            "peak_games_in_memory": self.hub.peak(),
            "max_games_in_memory": self.hub.limits().max_rooms,
            "games_evicted": self.hub.evicted(),
            "websockets": self.connections.open(),
            "max_websockets": max_websockets,
            "max_watchers_per_game": max_watchers,
            "open_seeks": self.lobby.len(),
            "clocks_armed": self.timers.len(),
            "computer_conflicts": self
                .computer_conflicts
                .load(std::sync::atomic::Ordering::Relaxed),
            "computer_failures": self
                .computer_failures
                .load(std::sync::atomic::Ordering::Relaxed),
        })
    }
}

/// Drops idle games from memory now and then, for as long as `app` lives.
async fn sweep_idle_rooms(app: std::sync::Weak<App>, idle: Duration) {
    let every = (idle / 4).clamp(Duration::from_secs(1), Duration::from_secs(60));
    let ticks = tokio::time::interval_at((Instant::now() + every).into(), every);
    on_every_tick(app, ticks, |app| async move {
        app.evict_idle();
        app.lobby.expire().await;
    })
    .await;
}

/// Runs `task` at every tick of `ticks`, for as long as `app` lives (each run holds the app).
async fn on_every_tick<F, Fut>(app: std::sync::Weak<App>, mut ticks: tokio::time::Interval, task: F)
where
    F: Fn(Arc<App>) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    loop {
        ticks.tick().await;
        let Some(app) = app.upgrade() else {
            return;
        };
        task(app).await;
    }
}

/// Games read back at once after other instances changed them.
const PARALLEL_REFRESHES: usize = 4;

/// How often an instance sharing its store looks for clocks whose deadline passed unnoticed
/// (the instance that ran them died).
const CLOCK_SWEEP: Duration = Duration::from_secs(2);

/// Reads game `id` back from the store if it is in memory (another instance changed it), tells
/// its watchers, and arms its clock; when the computer is to move, plays for it if this
/// instance holds (or can take) the game's lease (see [`service::schedule_computer`]).
fn refresh_game(app: &Arc<App>, id: &str) {
    // A game between people that nobody here watches or plays at the moment (say, one the lobby
    // started here and that is played through another instance) is dropped rather than read
    // back: no read per move of another instance. (Its clock's flag is still watched: the timer
    // armed here loads the game when it fires, and every instance sweeps the stored deadlines.)
    // A game against the computer is kept and read back, so that this instance can take over
    // the computer's move if the one playing it dies.
    if app
        .hub
        .drop_unused(id, |room| room.meta.mode != store::Mode::Computer)
    {
        return;
    }
    let Some(room) = app.hub.peek(id) else {
        return;
    };
    let had_offer = room.lock().offer.is_some();
    if !matches!(app.hub.refresh(&room), Ok(true)) {
        return;
    }
    if had_offer {
        // Reading the game back dropped the offer: it stands unless its receiver moved.
        play::offer_changed_elsewhere(app, id);
    }
    let deadline = room.lock().deadline();
    follow_up(app, id, &room, deadline);
}

/// After a change made elsewhere: arms game `id`'s flag-fall timer for `deadline` (or disarms
/// it) and lets the computer answer if it is to move.
fn follow_up(app: &Arc<App>, id: &str, room: &Arc<rooms::Room>, deadline: Option<i64>) {
    match deadline {
        Some(d) => app.timers.arm(id, d),
        None => app.timers.disarm(id),
    }
    service::schedule_computer(app, room);
}

/// Reads back, after this instance lost a race for it, game `id` from the store (off the
/// caller's thread: the caller may hold the room's lock).
pub(crate) fn refresh_later(app: &Arc<App>, id: &str) {
    let (app, id) = (Arc::clone(app), id.to_string());
    if let Ok(rt) = tokio::runtime::Handle::try_current() {
        rt.spawn_blocking(move || refresh_game(&app, &id));
    }
}

/// Applies move number `ply`, `mv` (with its clock stamp `stamp`), that another instance
/// recorded in game `id`, to the game's room if it is in memory, tells its watchers and arms its
/// clock; when the computer is to move, plays for it if this instance holds (or can take) the
/// game's lease. False when the move does not follow what the room holds (a notice missed or
/// out of order): the game is to be read back instead.
fn apply_moved(
    app: &Arc<App>,
    id: &str,
    ply: usize,
    mv: &str,
    stamp: Option<store::MoveStamp>,
) -> bool {
    use mancala_core::variant::DynGame;
    // As in `refresh_game`: a game between people that nobody here uses is dropped instead.
    if app
        .hub
        .drop_unused(id, |room| room.meta.mode != store::Mode::Computer)
    {
        return true;
    }
    let Some(room) = app.hub.peek(id) else {
        return true;
    };
    let deadline = {
        let mut live = room.lock();
        let len = live.game.moves().len();
        if ply < len {
            // Already read back: nothing to do if it is the same move.
            return live.game.moves()[ply] == mv;
        }
        if ply > len || live.is_over() {
            return false;
        }
        let Some(side) = live.game.state().to_move else {
            return false;
        };
        let steps = live.game.sowing(mv).unwrap_or_default();
        let Ok(captured) = live.game.play(mv) else {
            return false;
        };
        if let (Some(clock), Some(stamp)) = (live.clock.as_mut(), stamp) {
            clock.left_ms = stamp.left_ms;
            clock.since_ms = stamp.at_ms;
        }
        live.moved[side.index()] = true;
        // An offer stands until its receiver moves.
        if live.offer.is_some_and(|o| o.by != side) {
            live.offer = None;
        }
        live.computer_failed = false;
        live.computer_failures = 0;
        live.version += 1;
        live.last = Some(rooms::LastMove {
            mv: live.game.moves().last().cloned().unwrap_or_default(),
            side,
            captured,
            steps,
        });
        let event = match live.game.state().outcome {
            // The instance that recorded the move stores the ending and tells it.
            Some(o) => {
                live.ending = Some(ending::Ending::by_rules(o, clock::now_ms()));
                "end"
            }
            None => "move",
        };
        room.publish(event, &live);
        live.deadline()
    };
    follow_up(app, id, &room, deadline);
    true
}

/// Follows the changes other instances make to the shared store, for as long as `app` lives:
/// a move is applied to the game's room from its notice where it follows what the room holds
/// (see [`apply_moved`]); every other changed game in memory is read back and its watchers told
/// (see [`refresh_game`]).
async fn follow_changes(
    app: std::sync::Weak<App>,
    mut changes: tokio::sync::mpsc::UnboundedReceiver<Notice>,
) {
    while let Some(first) = changes.recv().await {
        let Some(app) = app.upgrade() else {
            return;
        };
        // Every notice waiting, in order; each game to read back once, after the others; the
        // lobby's apart.
        let mut ids = std::collections::BTreeSet::new();
        let mut lobby = LobbyNotices::default();
        let mut next = Some(first);
        while let Some(notice) = next.take().or_else(|| changes.try_recv().ok()) {
            match notice {
                // A game to be read back anyway takes its later moves from the store.
                Notice::Moved {
                    game,
                    ply,
                    mv,
                    stamp,
                } if !ids.contains(&game) => {
                    if !apply_moved(&app, &game, ply, &mv, stamp) {
                        ids.insert(game);
                    }
                }
                Notice::Moved { game, .. } | Notice::Changed { game } => {
                    ids.insert(game);
                }
                Notice::Seeks => lobby.seeks = true,
                Notice::Started { message } => lobby.games.push(message),
                Notice::Offer { game } => {
                    lobby.offers.insert(game);
                }
            }
        }
        if ids.contains(notice::ALL_GAMES) {
            // Notices may have been missed: the seeks and offers too.
            lobby.seeks = true;
            ids = app.hub.ids().iter().map(|id| id.to_string()).collect();
            lobby.offers.extend(ids.iter().cloned());
        }
        // A few games at once, each on a blocking thread: one game's read does not wait for
        // another's, and the reads leave most of the pool's connections to the requests.
        let ids: Vec<String> = ids.into_iter().collect();
        for batch in ids.chunks(PARALLEL_REFRESHES) {
            let reads: Vec<_> = batch
                .iter()
                .map(|id| {
                    let (app, id) = (Arc::clone(&app), id.clone());
                    tokio::task::spawn_blocking(move || refresh_game(&app, &id))
                })
                .collect();
            for r in reads {
                let _ = r.await;
            }
        }
        lobby.apply(&app).await;
    }
}

/// The lobby's notices among the change notices of other instances (see
/// [`crate::store::pg_seeks`]).
#[derive(Default)]
struct LobbyNotices {
    /// The seeks changed.
    seeks: bool,
    /// Games started, for the lobby sockets.
    games: Vec<String>,
    /// Games whose standing offer changed.
    offers: std::collections::BTreeSet<String>,
}

impl LobbyNotices {
    /// Tells this instance's lobby and games what the other instances changed.
    async fn apply(self, app: &Arc<App>) {
        for msg in &self.games {
            app.lobby.message_from_elsewhere(msg);
        }
        if self.seeks {
            app.lobby.changed_elsewhere().await;
        }
        for id in self.offers {
            let app = Arc::clone(app);
            // The game first (an offer may come with a move not yet read here).
            let _ = tokio::task::spawn_blocking(move || {
                refresh_game(&app, &id);
                play::offer_changed_elsewhere(&app, &id);
            })
            .await;
        }
    }
}

/// Renews, now and then, the records of who has a lobby socket open on this instance (a
/// shared store: see [`lobby::SeekBook::renew_presence`]).
async fn keep_presence(app: std::sync::Weak<App>) {
    let mut ticks = tokio::time::interval(lobby::PRESENCE_RENEWAL);
    loop {
        ticks.tick().await;
        let Some(app) = app.upgrade() else {
            return;
        };
        app.lobby.renew_presence().await;
    }
}

/// Arms, now and then, the clocks of the shared store whose deadline passed (their instance
/// died): whichever instance records the flag fall first ends the game, once.
async fn sweep_clocks(app: std::sync::Weak<App>) {
    on_every_tick(app, tokio::time::interval(CLOCK_SWEEP), |app| async move {
        let now = clock::now_ms();
        let late = tokio::task::spawn_blocking(move || {
            let clocks = app.hub.store().running_clocks().unwrap_or_default();
            for (id, deadline) in clocks {
                if deadline + 1000 < now {
                    app.timers.arm(&id, deadline);
                }
            }
        });
        let _ = late.await;
    })
    .await;
}

/// How often an instance sharing its store renews its leases and looks for lapsed ones.
const LEASE_RENEWAL: Duration = Duration::from_secs(1);

/// Renews, now and then, the leases of the games this instance holds in memory (and gives up
/// those of games it dropped or that ended); takes over the games whose lease lapsed (their
/// instance died): each is loaded, the computer plays if it is to move, and its clock is
/// checked, without anybody having to ask for the game.
async fn keep_leases(app: std::sync::Weak<App>) {
    on_every_tick(
        app,
        tokio::time::interval(LEASE_RENEWAL),
        |app| async move {
            let held = Arc::clone(&app);
            let lapsed = tokio::task::spawn_blocking(move || {
                let running: Vec<String> = held
                    .hub
                    .ids()
                    .iter()
                    .filter(|id| held.hub.peek(id).is_some_and(|r| !r.lock().is_over()))
                    .map(|id| id.to_string())
                    .collect();
                let store = held.hub.store();
                let _ = store.renew_leases(&running);
                let mut taken = Vec::new();
                for id in store.lapsed_leases().unwrap_or_default() {
                    if matches!(store.hold_lease(&id), Ok(true)) {
                        taken.push(id);
                    }
                }
                taken
            })
            .await
            .unwrap_or_default();
            for id in lapsed {
                tokio::spawn(service::resume(Arc::clone(&app), id));
            }
        },
    )
    .await;
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

/// The router: the API under `/api`, the UI everywhere else.
pub fn router(app: Arc<App>, config: &Config) -> Router {
    let api = Router::new()
        .route("/variants", get(api::variants))
        .route("/i18n/{lang}", get(api::messages))
        .route("/puzzles", get(puzzles::list))
        .route("/puzzles/random", get(puzzles::random))
        .route("/puzzles/{id}", get(puzzles::one))
        .route("/puzzles/{id}/refutation", get(puzzles::refutation))
        .route("/openapi.json", get(openapi))
        .route("/games", post(api::create_game).get(archive::search))
        .route("/positions", post(board::positions))
        .route("/analysis", post(board::analysis))
        .route("/analysis/prove", post(board::prove))
        .route("/games/{id}", get(api::get_game))
        .route("/games/{id}/moves", post(api::post_move))
        .route("/games/{id}/resign", post(play::resign))
        .route("/games/{id}/abort", post(play::abort))
        .route("/games/{id}/offer", post(play::offer))
        .route("/games/{id}/offer/accept", post(play::offer_accept))
        .route("/games/{id}/offer/decline", post(play::offer_decline))
        .route("/games/{id}/rematch", post(play::rematch))
        .route("/players", post(accounts::post_player))
        .route(
            "/players/me",
            get(accounts::get_me).patch(settings::patch_me),
        )
        .route("/players/{name}", get(accounts::get_player))
        .route(
            "/session",
            post(accounts::post_session)
                .get(accounts::get_session)
                .delete(accounts::delete_session),
        )
        .route("/session/logout", post(accounts::delete_session))
        .route(
            "/seeks",
            post(lobby::post_seek::<false>).get(lobby::get_seeks),
        )
        .route("/seeks/{id}", delete(lobby::withdraw_seek::<false>))
        .route("/seeks/{id}/accept", post(lobby::accept_seek))
        .route("/seeks/{id}/cancel", post(lobby::withdraw_seek::<false>))
        .route("/seeks/{id}/decline", post(lobby::withdraw_seek::<true>))
        .route("/challenges", post(lobby::post_seek::<true>))
        .route("/lobby/ws", get(lobby::lobby_ws))
        .route("/leaderboard/{variant}", get(archive::leaderboard))
        .route("/games/{id}/undo", post(api::undo))
        .route("/games/{id}/analysis", get(api::analysis))
        .route("/games/{id}/evaluations", get(api::evaluations))
        .route("/games/{id}/record", get(api::record))
        .route("/games/{id}/ws", get(api::ws))
        .route("/health", get(health))
        .fallback(api_not_found);
    Router::new()
        .nest("/api", api)
        .route("/", get(index))
        .route("/g/{id}", get(index_for_game))
        .route("/analysis", get(index))
        .route("/editor", get(index))
        .route("/players/{name}", get(index_for_game))
        .route("/leaderboard", get(index))
        .route("/archive", get(index))
        .route("/puzzles", get(index))
        .route("/assets/{name}", get(asset))
        .route(
            "/signup",
            get(account_pages::signup_page).post(account_pages::signup_form),
        )
        .route(
            "/login",
            get(account_pages::login_page).post(account_pages::login_form),
        )
        .route(
            "/logout",
            get(account_pages::logout_page).post(account_pages::logout_form),
        )
        .route("/rules", get(pages::rules_index))
        .route("/i18n", get(pages::languages_page))
        .route("/rules/{name}", get(pages::rules_page))
        .fallback(not_found)
        .layer(axum::middleware::from_fn(harden))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            settings::middleware,
        ))
        .layer(DefaultBodyLimit::max(config.body_limit))
        .with_state(app)
}

async fn health(State(app): State<Arc<App>>) -> Response {
    axum::Json(app.health()).into_response()
}

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

/// The UI's page, marked with the request's language (its texts come from `/api/i18n/auto`).
async fn index() -> Response {
    let page = String::from_utf8_lossy(assets::INDEX).replacen(
        "<html lang=\"en\">",
        &format!("<html lang=\"{}\">", lang::current()),
        1,
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

/// The page of a game or a player: the UI reads the path.
async fn index_for_game(Path(_id): Path<String>) -> Response {
    index().await
}

async fn asset(Path(name): Path<String>) -> Response {
    match assets::find(&name) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            a.bytes,
        )
            .into_response(),
        None => not_found().await,
    }
}

async fn api_not_found() -> Response {
    ApiError::not_found("not_found", "no such endpoint").into_response()
}

async fn not_found() -> Response {
    ApiError::not_found("not_found", "not found").into_response()
}

/// Adds security headers, and turns every error answered without a JSON body (axum's own
/// rejections: body too large, wrong method, bad query string, not a WebSocket request ...) into
/// the API's JSON error shape.
async fn harden(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if (status.is_client_error() || status.is_server_error()) && !is_json {
        let code = match status {
            StatusCode::PAYLOAD_TOO_LARGE => "too_large",
            StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "bad_content_type",
            s if s.is_server_error() => "server_error",
            _ => "bad_request",
        };
        let body = axum::body::to_bytes(std::mem::take(res.body_mut()), 4096)
            .await
            .unwrap_or_default();
        let message = String::from_utf8_lossy(&body).trim().to_string();
        let message = if message.is_empty() {
            status.canonical_reason().unwrap_or("error").to_lowercase()
        } else {
            message
        };
        let allow = res.headers().get(header::ALLOW).cloned();
        let mut r = ApiError::new(status, code, message).into_response();
        if let Some(a) = allow {
            r.headers_mut().insert(header::ALLOW, a);
        }
        res = r;
    }
    let h = res.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; \
             script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
    );
    res
}

/// A server bound to its address, ready to serve.
pub struct Bound {
    listener: tokio::net::TcpListener,
    router: Router,
    app: Arc<App>,
    header_timeout: Duration,
}

impl Bound {
    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The shared state.
    pub fn app(&self) -> Arc<App> {
        Arc::clone(&self.app)
    }

    /// Serves until `shutdown` completes.
    pub async fn serve(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        http::serve(self.listener, self.router, self.header_timeout, shutdown).await?;
        Ok(())
    }
}

/// Opens the store, builds the router with `brain` and binds `config.addr` (inside a Tokio
/// runtime).
pub async fn bind(config: &Config, brain: Arc<dyn Brain>) -> Result<Bound, ServerError> {
    let store = open_store(config)?;
    let app = App::new(config, store, brain);
    tokio::spawn(sweep_idle_rooms(
        Arc::downgrade(&app),
        Duration::from_secs(config.room_idle_secs),
    ));
    tokio::spawn(timers::drive(Arc::clone(&app.timers), Arc::downgrade(&app)));
    // The clocks that ran when the server stopped run on: their deadlines come back from the
    // store (a deadline that passed meanwhile fires at once).
    for (id, deadline) in app.hub.store().running_clocks()? {
        app.timers.arm(&id, deadline);
    }
    // Several instances share a PostgreSQL store: follow the others' changes.
    if let Some(changes) = app.hub.store().changes() {
        tokio::spawn(follow_changes(Arc::downgrade(&app), changes));
        tokio::spawn(sweep_clocks(Arc::downgrade(&app)));
        tokio::spawn(keep_leases(Arc::downgrade(&app)));
        tokio::spawn(keep_presence(Arc::downgrade(&app)));
    }
    let router = router(Arc::clone(&app), config);
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    Ok(Bound {
        listener,
        router,
        app,
        header_timeout: Duration::from_secs(config.header_timeout_secs.max(1)),
    })
}

/// Runs the server with the real engine until Ctrl-C or SIGTERM; `on_ready` is told the bound
/// address once it accepts connections.
pub fn run(config: Config, on_ready: impl FnOnce(SocketAddr)) -> Result<(), ServerError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let bound = bind(&config, Arc::new(EngineBrain)).await?;
        on_ready(bound.local_addr()?);
        bound.serve(shutdown_signal()).await
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
