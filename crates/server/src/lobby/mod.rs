//! The lobby: open seeks and direct challenges, listed live to every home page over a
//! WebSocket (`GET /api/lobby/ws`).
//!
//! A seek is an offer to play (preset and rule options, time control, rated or casual, the side
//! its owner takes); accepting it starts a game between the two accounts, announced to both
//! over the lobby socket (`{"type": "game", ...}`). A challenge is a seek addressed to one player
//! by name: only he can accept (or decline) it. A seek disappears when its owner cancels it,
//! logs out, or leaves: his last lobby socket closes and he does not come back within
//! [`LEAVE_GRACE`] (a page reload keeps his seeks); and in any case after the seek lifetime
//! ([`crate::Config::seek_ttl_secs`]).
//!
//! The seeks are kept in a [`SeekBook`]: this process's memory ([`MemoryBook`]) with SQLite,
//! the database with PostgreSQL (see [`crate::store::pg_seeks`]), where every instance sharing it sees
//! the same seeks: a change made through one instance is pushed to the lobby sockets of all,
//! a player's seeks stay while he has a lobby socket open on any, and of two instances
//! accepting one seek at once one starts the game and the other answers 409.

pub mod api;
pub mod seeks;
pub mod state;

pub use seeks::{side_named, Added, Found, MemoryBook, Seek, SeekBook};
pub use state::{
    Lobby, LEAVE_GRACE, MAX_SEEKS, MAX_SEEKS_PER_PLAYER, PRESENCE_RENEWAL, TAKEN_MEMORY,
};
