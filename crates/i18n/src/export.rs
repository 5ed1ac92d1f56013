//! A language's messages as JSON for the browser: every message of the catalogues the browser
//! uses, as its text or, when it has placeables, as a list of parts that the page's script
//! formats (`{"v": name}` a variable, `{"s": name, "k": {key: parts}, "d": key}` a choice by
//! plural category or exact value), with the order of each message's arguments in English so
//! that the script can call a message with positional arguments.

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use serde_json::{json, Map, Value};

use crate::{files, DEFAULT};

/// The catalogue files the browser gets.
pub const BROWSER_FILES: [&str; 3] = ["ui.ftl", "errors.ftl", "games.ftl"];

fn parts(p: &Pattern<&str>) -> Value {
    let mut out: Vec<Value> = Vec::new();
    for el in &p.elements {
        match el {
            PatternElement::TextElement { value } => push_text(&mut out, value),
            PatternElement::Placeable { expression } => expression_parts(expression, &mut out),
        }
    }
    match out.as_slice() {
        [] => Value::String(String::new()),
        [Value::String(s)] => Value::String(s.clone()),
        _ => Value::Array(out),
    }
}

fn push_text(out: &mut Vec<Value>, text: &str) {
    if let Some(Value::String(last)) = out.last_mut() {
        last.push_str(text);
    } else {
        out.push(Value::String(text.to_string()));
    }
}

fn expression_parts(e: &Expression<&str>, out: &mut Vec<Value>) {
    match e {
        Expression::Inline(i) => inline_parts(i, out),
        Expression::Select { selector, variants } => {
            let name = match selector {
                InlineExpression::VariableReference { id } => id.name.to_string(),
                InlineExpression::FunctionReference { arguments, .. } => {
                    match arguments.positional.first() {
                        Some(InlineExpression::VariableReference { id }) => id.name.to_string(),
                        _ => String::new(),
                    }
                }
                _ => String::new(),
            };
            let mut keys = Map::new();
            let mut default = String::new();
            for v in variants {
                let key = match &v.key {
                    VariantKey::Identifier { name } => name.to_string(),
                    VariantKey::NumberLiteral { value } => value.to_string(),
                };
                if v.default {
                    default.clone_from(&key);
                }
                keys.insert(key, parts(&v.value));
            }
            out.push(json!({ "s": name, "k": keys, "d": default }));
        }
    }
}

fn inline_parts(i: &InlineExpression<&str>, out: &mut Vec<Value>) {
    match i {
        InlineExpression::StringLiteral { value } | InlineExpression::NumberLiteral { value } => {
            push_text(out, value);
        }
        InlineExpression::VariableReference { id } => out.push(json!({ "v": id.name })),
        InlineExpression::FunctionReference { arguments, .. } => {
            if let Some(first) = arguments.positional.first() {
                inline_parts(first, out);
            }
        }
        InlineExpression::Placeable { expression } => expression_parts(expression, out),
        InlineExpression::MessageReference { id, .. } => push_text(out, id.name),
        InlineExpression::TermReference { id, .. } => push_text(out, id.name),
    }
}

fn ordered_vars(p: &Pattern<&str>, out: &mut Vec<String>) {
    out.extend(crate::check::variables_in_order(p));
}

fn add_messages(
    lang: &str,
    messages: &mut Map<String, Value>,
    args: Option<&mut Map<String, Value>>,
) {
    let mut args = args;
    for (_, file, text) in files()
        .iter()
        .filter(|f| f.0 == lang && BROWSER_FILES.contains(&f.1))
    {
        let _ = file;
        let res = fluent_syntax::parser::parse(*text).unwrap_or_else(|(r, _)| r);
        for entry in &res.body {
            if let Entry::Message(m) = entry {
                let Some(value) = &m.value else { continue };
                messages.insert(m.id.name.to_string(), parts(value));
                if let Some(args) = args.as_deref_mut() {
                    let mut names = Vec::new();
                    ordered_vars(value, &mut names);
                    if !names.is_empty() {
                        args.insert(m.id.name.to_string(), json!(names));
                    }
                }
            }
        }
    }
}

/// The browser's messages in `lang`, English's where `lang` lacks one:
/// `{"lang": .., "messages": {id: text or parts}, "args": {id: [names]}}`.
#[must_use]
pub fn browser_messages(lang: &str) -> Value {
    let lang = crate::catalog(lang).lang();
    let mut messages = Map::new();
    let mut args = Map::new();
    add_messages(DEFAULT, &mut messages, Some(&mut args));
    if lang != DEFAULT {
        add_messages(lang, &mut messages, None);
    }
    json!({ "lang": lang, "messages": messages, "args": args })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_become_text_or_parts() {
        let res = fluent_syntax::parser::parse(
            "a = plain\nb = { $who } offers { $kind }.\nc = { $n ->\n [one] one seed\n *[other] { $n } seeds\n}\n",
        )
        .expect("valid");
        let mut got = Vec::new();
        for e in &res.body {
            if let Entry::Message(m) = e {
                let v = m.value.as_ref().expect("a value");
                let mut names = Vec::new();
                ordered_vars(v, &mut names);
                got.push((parts(v), names));
            }
        }
        assert_eq!(got[0].0, json!("plain"));
        assert_eq!(
            got[1].0,
            json!([{"v": "who"}, " offers ", {"v": "kind"}, "."])
        );
        assert_eq!(got[1].1, vec!["who", "kind"]);
        assert_eq!(
            got[2].0,
            json!([{"s": "n", "k": {"one": "one seed", "other": [{"v": "n"}, " seeds"]}, "d": "other"}])
        );
    }

    #[test]
    fn a_language_falls_back_to_english_per_message() {
        let fr = browser_messages("fr");
        let en = browser_messages("en");
        assert_eq!(fr["lang"], "fr");
        let (fm, em) = (
            fr["messages"].as_object().unwrap(),
            en["messages"].as_object().unwrap(),
        );
        assert_eq!(fm.len(), em.len());
        assert_ne!(fm["illegal-empty-pit"], em["illegal-empty-pit"]);
        assert_eq!(browser_messages("xx")["lang"], "en");
    }
}
