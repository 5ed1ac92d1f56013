//! The JSON shape of a game state, shared by `trace` and the other commands that print states.
//! One definition serves the CLI and the server's API: it lives in `mancala-server`.

pub use mancala_server::json::state_json;
