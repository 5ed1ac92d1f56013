//! The JSON shape of a game state and a preset: the rules core's typed structs (its `serde`
//! feature; `docs/state.md`) as JSON objects with their keys sorted, for the handlers to add
//! their own fields to.

use mancala_core::variant::{DynGame, OptionInfo, StateView, Variant, VariantInfo};
use serde::Serialize;
use serde_json::{json, Map, Value};

/// The state as the trace schema's JSON object: `position`, `pits`, `stores`, `to_move`, `legal`,
/// `captured`, `over`, `result`, `reason`, then the game's extra fields.
pub fn state_json(s: &StateView) -> Value {
    Value::Object(state_map(s))
}

/// [`state_json`] as a map, for callers that add fields of their own.
pub fn state_map(s: &StateView) -> Map<String, Value> {
    object(s)
}

/// A preset's description as a JSON map: `name`, `aliases`, `board`, `summary`, `spec`,
/// `options` (each as [`option_json`] writes it, with the preset's default as its `value`).
pub fn variant_map(info: &VariantInfo) -> Map<String, Value> {
    object(info)
}

/// A rule option as JSON: `name`, `value`, `values`, `doc`.
pub fn option_json(o: &OptionInfo) -> Value {
    Value::Object(object(o))
}

/// A struct of the rules core as a JSON object. Serialising these structs cannot fail (every key
/// is a string and every value plain data), so the empty object is never seen.
fn object<T: Serialize>(value: &T) -> Map<String, Value> {
    match serde_json::to_value(value) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    }
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

/// The variants with their options and start states, built once.
pub fn variants_json() -> Value {
    let list: Vec<Value> = Variant::ALL
        .iter()
        .map(|v| {
            let info = v.info();
            let start = v.new_game(&[], None).ok();
            let mut m = variant_map(&info);
            // The rules whose options the preset has: the `F` of the message ids
            // `option-F-NAME` of `GET /api/i18n/{lang}`.
            m.insert(
                "options_family".into(),
                json!(mancala_i18n::option_family(*v)),
            );
            m.insert(
                "pits_per_row".into(),
                json!(start.as_ref().map(|g| g.pits_per_row())),
            );
            m.insert(
                "start".into(),
                json!(start.as_ref().map(|g| state_json(&g.state()))),
            );
            Value::Object(m)
        })
        .collect();
    let levels: Vec<Value> = mancala_engine::LEVEL_INFO
        .iter()
        .map(|l| json!({"level": l.level, "name": l.name, "description": l.description, "elo": l.elo}))
        .collect();
    json!({ "variants": list, "levels": levels })
}
