//! The tests of `learn.rs` against a fresh database in a throw-away PostgreSQL cluster (see the
//! `mancala-test-postgres` crate): an account's lesson progress kept and merged by PostgreSQL.

#[path = "learn.rs"]
mod suite;
