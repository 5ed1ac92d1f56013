//! The tests of `api.rs`, each against a fresh database in a throw-away PostgreSQL cluster
//! (see the `mancala-test-postgres` crate) instead of SQLite.

#[path = "api.rs"]
mod suite;
