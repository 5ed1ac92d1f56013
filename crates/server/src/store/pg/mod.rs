//! A [`Store`] in PostgreSQL, for several server instances sharing one database.
//!
//! The tables are those of the SQLite store (see [`crate::store`]), with PostgreSQL's types.
//! Migrations are versioned the same way: applied at start in one transaction (under an
//! advisory lock, so that instances starting together do not race), and a database written by
//! a newer program is refused.
//!
//! Moves are serialised by the database: a move is a row keyed by game and number, and of two
//! instances recording the same move number of a game, the second fails with
//! [`StoreError::Conflict`] (answered 409).
//!
//! Moves are recorded asynchronously ([`Store::record_move`]): the request awaits its statement
//! where it runs, on connections of a pool of their own, and the change notice carries the move
//! so that the other instances apply it without reading the game back (see [`crate::cluster::notice`]).
//! The rest of the [`Store`] interface is synchronous (the SQLite store answers in
//! microseconds); for it this store runs its queries on a small runtime of its own, with another
//! pool of connections, and the caller waits for the answer. That keeps it usable from any
//! runtime, a single-threaded one included.

mod connection;
mod database;
mod migrations;
mod notices;
mod statements;
mod store;

pub use crate::cluster::notice::ALL_GAMES;
pub(crate) use connection::{args, CHANNEL};
pub use connection::{is_postgres_url, PgStore};
pub use migrations::PG_SCHEMA_VERSION;
