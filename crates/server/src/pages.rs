//! The rules pages: `GET /rules` lists the games, `GET /rules/{preset}` explains one preset for
//! players (the board, sowing, captures, the end of the game) followed by a table of its rule
//! options with their defaults, taken from the rules core so that it cannot drift.
//!
//! Pages are looked up by exact preset name in the fixed table of [`Variant::ALL`]; nothing else
//! is ever read, and an unknown name is a 404 JSON error listing the known ones.

use std::fmt::Write as _;

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use mancala_core::variant::{Variant, VariantInfo};

use crate::assets::rules_text;
use crate::error::ApiError;

/// The fragments a preset's page is made of, in order.
fn parts(v: Variant) -> &'static [&'static str] {
    match v {
        Variant::Oware => &["oware-family", "oware", "end-25"],
        Variant::Abapa => &["oware-family", "abapa", "end-25"],
        Variant::Wuri => &["oware-family", "wuri", "end-25"],
        Variant::Awari => &["oware-family", "awari"],
        Variant::Ouril => &["oware-family", "ouril", "end-25"],
        Variant::OurilLudii => &["oware-family", "ouril-ludii", "end-25"],
        Variant::Olowuka => &["olowuka", "end-25"],
        Variant::BaAwa => &["ba-awa"],
        Variant::Isolo => &["isolo"],
    }
}

/// Escapes text for HTML content and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A whole page around `body`.
fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n\
         <link rel=\"icon\" href=\"/assets/icon.svg\" type=\"image/svg+xml\">\n\
         <link rel=\"stylesheet\" href=\"/assets/style.css\">\n</head>\n<body>\n<header>\n  \
         <a href=\"/\" class=\"brand\"><img src=\"/assets/icon.svg\" alt=\"\" width=\"28\" \
         height=\"28\"> mancala</a>\n  <span id=\"subtitle\">rules</span>\n</header>\n\
         <main class=\"rules-page\">\n{body}</main>\n</body>\n</html>\n",
        title = escape(title),
    )
}

fn nav() -> &'static str {
    "<nav class=\"rules-nav\"><a href=\"/\">&larr; New game</a> \
     <a href=\"/rules\">All games</a></nav>\n"
}

/// The options table of a preset, with its defaults.
fn options_table(info: &VariantInfo) -> String {
    let mut out = String::from(
        "<section id=\"options\">\n<h2>Rule options</h2>\n<p>Every game starts with these \
         defaults. To play another reading of the rules, change them under <em>Rule \
         options</em> when you start a game; the game page lists the rules in force.</p>\n\
         <div class=\"table-wrap\"><table class=\"options\">\n<thead><tr><th>option</th>\
         <th>default</th><th>values</th><th>meaning</th></tr></thead>\n<tbody>\n",
    );
    for o in &info.options {
        let _ = writeln!(
            out,
            "<tr data-option=\"{name}\"><td class=\"name\"><code>{name}</code></td>\
             <td class=\"default\" data-label=\"default\">{value}</td>\
             <td data-label=\"values\">{values}</td><td class=\"doc\">{doc}</td></tr>",
            name = escape(o.name),
            value = escape(&o.value),
            values = escape(&o.values),
            doc = escape(o.doc),
        );
    }
    out.push_str("</tbody>\n</table></div>\n</section>\n");
    out
}

/// The page of one preset.
#[must_use]
pub fn rules_html(v: Variant) -> String {
    let info = v.info();
    let mut body = String::new();
    body.push_str(nav());
    let _ = writeln!(
        body,
        "<h1>{} <span class=\"muted\">({} board)</span></h1>\n<p class=\"lead\">{}</p>",
        escape(&display_name(v)),
        escape(info.board),
        escape(&sentence(info.summary)),
    );
    for part in parts(v) {
        if let Some(html) = rules_text(part) {
            body.push_str(html);
        }
    }
    body.push_str(&options_table(&info));
    body.push_str(
        "<p class=\"muted\">The same options are listed by <code>mancala variants</code>; \
         the text of these pages is in the repository's <code>web/rules/</code>.</p>\n",
    );
    body.push_str(nav());
    page(&format!("{} rules · mancala", display_name(v)), &body)
}

/// The list of every preset's page.
#[must_use]
pub fn index_html() -> String {
    let mut body = String::new();
    body.push_str(nav());
    body.push_str("<h1>Rules of the games</h1>\n<ul class=\"rules-list\">\n");
    for v in Variant::ALL {
        let info = v.info();
        let _ = writeln!(
            body,
            "<li><a href=\"/rules/{name}\">{title}</a> <span class=\"muted\">({board})</span>: \
             {summary}</li>",
            name = escape(info.name),
            title = escape(&display_name(v)),
            board = escape(info.board),
            summary = escape(&sentence(info.summary)),
        );
    }
    body.push_str("</ul>\n");
    page("Rules · mancala", &body)
}

/// The name players know a preset by.
fn display_name(v: Variant) -> String {
    match v {
        Variant::Oware => "Oware".into(),
        Variant::Abapa => "Abapa".into(),
        Variant::Wuri => "Wuri".into(),
        Variant::Awari => "Awari".into(),
        Variant::Ouril => "Ouril".into(),
        Variant::OurilLudii => "Ouril (Ludii)".into(),
        Variant::Olowuka => "Ọlọwuka".into(),
        Variant::BaAwa => "Ba-awa".into(),
        Variant::Isolo => "Isolo".into(),
    }
}

/// A summary line as a sentence: a capital first letter and a full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

fn html(text: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response()
}

/// `GET /rules`.
pub(crate) async fn rules_index() -> Response {
    html(index_html())
}

/// `GET /rules/{name}`: the page of the preset called exactly `name`.
pub(crate) async fn rules_page(Path(name): Path<String>) -> Response {
    match Variant::ALL.iter().find(|v| v.name() == name) {
        Some(&v) => html(rules_html(v)),
        None => {
            let shown: String = name.chars().take(40).collect();
            let known: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
            ApiError::not_found(
                "no_such_rules",
                format!(
                    "no rules page for {shown:?}; the games are: {}",
                    known.join(", ")
                ),
            )
            .into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_of_every_page_exists() {
        for v in Variant::ALL {
            for part in parts(v) {
                assert!(
                    rules_text(part).is_some(),
                    "{}: no fragment {part}",
                    v.name()
                );
            }
        }
    }

    #[test]
    fn a_page_lists_every_option_with_its_default() {
        for v in Variant::ALL {
            let page = rules_html(v);
            for o in v.info().options {
                let row = format!("<tr data-option=\"{}\">", o.name);
                assert!(page.contains(&row), "{}: {} missing", v.name(), o.name);
                let value = format!(
                    "<td class=\"default\" data-label=\"default\">{}</td>",
                    escape(&o.value)
                );
                assert!(page.contains(&value), "{}: {} default", v.name(), o.name);
            }
        }
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(sentence("relay sowing"), "Relay sowing.");
    }
}
