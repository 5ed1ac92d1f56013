//! Persistence: a [`Store`] keeps each game's set-up and its move list; a game is rebuilt by
//! replaying its moves. [`SqliteStore`] is the default implementation.
//!
//! Storing moves rather than positions keeps every game exactly reproducible by the rules core,
//! and makes a write per move one small row: a game survives a restart or a `kill -9` at any
//! point after the request that made the move was answered.
//!
//! Seat tokens are never stored: a game keeps the SHA-256 digest of each ([`hash_token`]), and a
//! token presented later is hashed and compared in constant time ([`GameMeta::seats_of`]). The
//! tokens are 192 random bits, so an unsalted digest cannot be reversed by guessing; someone who
//! reads the database learns no token. Databases written before this (schema version 1, tokens
//! in plain text) are migrated on opening.

mod common;
pub mod dump;
pub mod error;
pub mod pg;
mod pg_seeks;
pub mod records;
pub mod rows;
mod sql;
mod sqlite;
pub mod traits;

pub use error::StoreError;
pub use pg::PgStore;
pub use records::{
    hash_token, GameMeta, GameQuery, GameSummary, Mode, MoveStamp, PlayerRow, RatingPoint,
    RatingRow, TokenHash, TournamentRow,
};
pub use sqlite::{SqliteStore, SCHEMA_VERSION};
pub use traits::{MoveRecord, Store, StoreFuture, LEASE_TTL};
