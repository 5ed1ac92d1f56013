//! The JSON shape of a game state: the trace schema of `mancala trace`, shared by the CLI and the
//! API so that both speak exactly the same words.

use mancala_core::variant::{OptionInfo, StateView, VariantInfo};
use serde_json::{json, Map};

/// The state as the trace schema's JSON object: `position`, `pits`, `stores`, `to_move`, `legal`,
/// `captured`, `over`, `result`, `reason`, then the game's extra fields.
pub fn state_json(s: &StateView) -> serde_json::Value {
    serde_json::Value::Object(state_map(s))
}

/// [`state_json`] as a map, for callers that add fields of their own.
pub fn state_map(s: &StateView) -> Map<String, serde_json::Value> {
    let mut m = Map::new();
    m.insert("position".into(), json!(s.position));
    m.insert("pits".into(), json!(s.pits));
    m.insert("stores".into(), json!(s.stores));
    m.insert("to_move".into(), json!(s.to_move.map(|x| x.name())));
    m.insert("legal".into(), json!(s.legal));
    m.insert("captured".into(), json!(s.captured));
    m.insert("over".into(), json!(s.outcome.is_some()));
    m.insert("result".into(), json!(s.outcome.map(|o| o.result_name())));
    m.insert("reason".into(), json!(s.outcome.map(|o| o.reason.as_str())));
    if let Ok(serde_json::Value::Object(extras)) = serde_json::to_value(&s.extras) {
        m.extend(extras);
    }
    m
}

/// A preset's description as a JSON map: `name`, `aliases`, `board`, `summary`, `spec` (callers
/// add its options in their shape).
pub fn variant_map(info: &VariantInfo) -> Map<String, serde_json::Value> {
    let mut m = Map::new();
    m.insert("name".into(), json!(info.name));
    m.insert("aliases".into(), json!(info.aliases));
    m.insert("board".into(), json!(info.board));
    m.insert("summary".into(), json!(info.summary));
    m.insert("spec".into(), json!(info.spec));
    m
}

/// A rule option as JSON: `name`, `value`, `values`, `doc`.
pub fn option_json(o: &OptionInfo) -> serde_json::Value {
    json!({ "name": o.name, "value": o.value, "values": o.values, "doc": o.doc })
}

/// The JSON of a rating for the API.
#[must_use]
pub fn rating_json(r: &crate::store::RatingRow) -> serde_json::Value {
    json!({
        "rating": (r.rating.rating * 10.0).round() / 10.0,
        "deviation": (r.rating.deviation * 10.0).round() / 10.0,
        "volatility": r.rating.volatility,
        "games": r.games,
        "provisional": r.rating.provisional(),
    })
}
