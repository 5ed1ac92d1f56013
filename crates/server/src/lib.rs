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
//! | `GET /api/health` | games in memory, open WebSockets and their caps, whether the store answers (503 when not) |
//! | `POST /api/players`, `POST/GET/DELETE /api/session` | accounts and sessions ([`accounts`]) |
//! | `GET /api/players/{name}`, `GET /api/leaderboard/{preset}` | ratings, history, games |
//! | `POST/GET /api/seeks`, `POST /api/seeks/{id}/accept`, `POST /api/challenges` | the lobby ([`lobby`]) |
//! | `GET /api/lobby/ws` | WebSocket: the seeks live, and the games they start |
//! | `POST /api/games/{id}/resign`, `/abort`, `/offer`, `/offer/accept`, `/offer/decline`, `/rematch` | endings ([`play`]) |
//! | `GET /api/games?player=&variant=&result=&from=&to=` | the archive of finished games |
//! | `POST/GET /api/tournaments`, `GET /api/tournaments/{id}`, `.../join`, `/rounds`, ... | tournaments ([`tournament`]) |
//! | `GET /api/learn`, `GET /api/learn/{game}/{stage}/{step}`, `POST .../moves`, `GET/POST /api/learn/progress` | lessons ([`learn`]) |
//! | `GET /metrics` | the operator's metrics, Prometheus text ([`metrics`]) |
//!
//! Timed games keep a server-stamped [`clock`]; a timer per running clock ([`timers`]) ends a
//! game on time even when nobody is connected. Rated games update Glicko-2 ratings ([`glicko`]).
//! Connections are served by [`http::conn`], which closes slow and idle ones.
//!
//! Besides the API, `GET /rules` and `GET /rules/{preset}` serve a page of rules per preset.
//!
//! Engine searches run on a bounded pool of blocking threads with time limits, never on the
//! async threads, so the server stays responsive while the computer thinks.
//!
//! Memory and connections are bounded ([`Config`]): at most `max_rooms` games are kept in
//! memory (unused ones are dropped, least recently used first, and reloaded from the store on
//! their next request; see [`round::hub`]), WebSocket connections are capped in all and per game
//! (beyond a cap the upgrade is refused with 429), and a slow or silent watcher is disconnected
//! rather than holding anyone up. Seat tokens are stored only as SHA-256 digests ([`store`]).
//!
//! ```no_run
//! let config = mancala_server::Config::default();
//! mancala_server::run(config, |addr| println!("listening on http://{addr}")).unwrap();
//! ```
//!
//! The crate is laid out by domain (`docs/architecture.md`, "The server's domains"): [`app`]
//! (settings and the shared state), [`http`] (router, middleware, extractors, errors, pages),
//! [`round`] (the live game), [`lobby`], [`tournament`], [`accounts`], [`analysis`], [`cluster`]
//! (instances sharing a store) and [`store`].
#![forbid(unsafe_code)]

pub mod accounts;
pub mod analysis;
pub mod app;
pub mod brain;
pub mod cluster;
pub mod http;
pub mod learn;
pub mod lobby;
pub mod metrics;
pub mod round;
pub mod serve;
pub mod store;
pub mod tournament;
pub mod work;

pub use accounts::{glicko, pages as account_pages};
pub use app::{open_store, App, Config};
pub use brain::{Brain, EngineBrain};
pub use cluster::notice::{self, Notice};
pub use http::error::{self, ApiError, HubError, ServerError, StoreError};
pub use http::{assets, limit, pages, router, OPENAPI};
pub use lobby::seeks;
pub use round::computer::{COMPUTER_ATTEMPTS, COMPUTER_RETRY_CAP, COMPUTER_RETRY_FIRST};
pub use round::{clock, ending, json, play, timers, timing};
pub use serve::{bind, check_file_limit, raise_file_limit, run, websockets_allowed, Bound};
pub use store::{PgStore, SqliteStore, Store};
