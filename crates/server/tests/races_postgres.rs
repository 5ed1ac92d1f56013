//! The rounds of `races.rs` against two server instances sharing a database in a throw-away
//! PostgreSQL cluster (see the `mancala-test-postgres` crate): of each round's two requests, the
//! move goes to one instance and the ending to the other.

#[path = "races.rs"]
mod suite;
