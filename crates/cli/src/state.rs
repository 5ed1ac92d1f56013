//! The JSON of a game state, for `trace` and the other commands that print states: the rules
//! core's [`StateView`] as its `serde` feature writes it (`docs/state.md`), the same object the
//! server's API sends.

use mancala_core::variant::StateView;

/// The state as a JSON object, its keys sorted as `docs/state.md` writes them.
pub fn state_json(s: &StateView) -> serde_json::Result<serde_json::Value> {
    serde_json::to_value(s)
}
