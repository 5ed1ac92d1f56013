//! Tournaments on the server: Swiss and round-robin events (over the board, where the director
//! enters the results, or online, where the server creates each game and records its result
//! when it ends) and arenas, kept in the store and shared by every instance using it.
//!
//! - [`model`]: a tournament's state ([`model::Event`]) and what directors and players do to it,
//!   without the server (unit-tested).
//! - [`view`]: its JSON (`GET /api/tournaments/{id}`) and TRF16 export.
//! - [`state`]: reading and writing it in the store, every write guarded by its version so that
//!   of two instances changing it at once exactly one does (the other reads it again).
//! - [`api`]: the handlers of `/api/tournaments`.
//! - [`online`]: the games of online tournaments: created when a round is paired, their
//!   results recorded when they end, the next round or arena wave paired.

pub mod api;
pub mod model;
pub mod online;
pub mod state;
pub mod view;
