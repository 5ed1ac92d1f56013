//! Text helpers shared by the state machine and the drawing.

use mancala_core::value::Value;

/// A short text form of an extra value.
#[must_use]
pub fn value_text(v: &Value) -> String {
    match v {
        Value::Null => "-".into(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
        Value::Int(i) => i.to_string(),
        Value::Str(s) => s.clone(),
        Value::List(items) => {
            let parts: Vec<String> = items.iter().map(value_text).collect();
            format!("[{}]", parts.join(" "))
        }
        Value::Map(entries) => {
            let parts: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{k} {}", value_text(v)))
                .collect();
            parts.join(", ")
        }
    }
}
