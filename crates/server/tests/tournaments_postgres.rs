//! The tests of `tournaments.rs`, each against a fresh database in a throw-away PostgreSQL
//! cluster (see the `mancala-test-postgres` crate) instead of SQLite.

#[path = "tournaments.rs"]
mod suite;
