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

use mancala_i18n::tr;

use crate::http::assets::rules_text_in;
use crate::http::error::ApiError;
use crate::http::html::escape;
use crate::http::lang::{cat, current, switch};

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

/// A whole page around `body`, in the request's language, with the language switch.
fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n\
         <link rel=\"icon\" href=\"/assets/icon.svg\" type=\"image/svg+xml\">\n\
         <link rel=\"stylesheet\" href=\"/assets/style.css\">\n</head>\n<body>\n<header>\n  \
         <a href=\"/\" class=\"brand\"><img src=\"/assets/icon.svg\" alt=\"\" width=\"28\" \
         height=\"28\"> mancala</a>\n  <span id=\"subtitle\">{subtitle}</span>\n  {switch}\n\
         </header>\n<main class=\"rules-page\">\n{body}</main>\n</body>\n</html>\n",
        lang = current(),
        title = escape(title),
        subtitle = escape(&tr!(cat(), "page-rules-subtitle")),
        switch = switch(),
    )
}

fn nav() -> String {
    let cat = cat();
    format!(
        "<nav class=\"rules-nav\"><a href=\"/\">&larr; {}</a> <a href=\"/rules\">{}</a></nav>\n",
        escape(&cat.format_or("rules-nav-new-game", &[], "New game")),
        escape(&cat.format_or("rules-nav-all-games", &[], "All games")),
    )
}

/// The options table of a preset, with its defaults.
fn options_table(v: Variant, info: &VariantInfo) -> String {
    let cat = cat();
    let (option, default, values, meaning) = (
        escape(&cat.format_or("rules-col-option", &[], "option")),
        escape(&cat.format_or("rules-col-default", &[], "default")),
        escape(&cat.format_or("rules-col-values", &[], "values")),
        escape(&cat.format_or("rules-col-meaning", &[], "meaning")),
    );
    let mut out = format!(
        "<section id=\"options\">\n<h2>{}</h2>\n<p>{}</p>\n\
         <div class=\"table-wrap\"><table class=\"options\">\n<thead><tr><th>{option}</th>\
         <th>{default}</th><th>{values}</th><th>{meaning}</th></tr></thead>\n<tbody>\n",
        escape(&cat.format_or("rules-options-title", &[], "Rule options")),
        cat.format_or(
            "rules-options-intro",
            &[],
            "Every game starts with these defaults. To play another reading of the rules, \
             change them under <em>Rule options</em> when you start a game; the game page \
             lists the rules in force."
        ),
    );
    for o in &info.options {
        let doc = mancala_i18n::option_doc(cat, v, o.name, o.doc);
        // Values are notation (as `--rule NAME=VALUE` takes them), the same in every language.
        let _ = writeln!(
            out,
            "<tr data-option=\"{name}\"><td class=\"name\"><code>{name}</code></td>\
             <td class=\"default\" data-notation data-label=\"{default}\">{value}</td>\
             <td data-notation data-label=\"{values}\">{vals}</td><td class=\"doc\">{doc}</td></tr>",
            name = escape(o.name),
            value = escape(&o.value),
            vals = escape(&o.values),
            doc = escape(&doc),
        );
    }
    out.push_str("</tbody>\n</table></div>\n</section>\n");
    out
}

/// The page of one preset, in the request's language.
#[must_use]
pub fn rules_html(v: Variant) -> String {
    let cat = cat();
    let info = v.info();
    let name = display_name(v);
    let mut body = nav();
    let _ = writeln!(
        body,
        "<h1>{} <span class=\"muted\">({})</span></h1>\n<p class=\"lead\">{}</p>",
        escape(&name),
        escape(&board(v)),
        escape(&summary(v)),
    );
    for part in parts(v) {
        if let Some(html) = rules_text_in(current(), part) {
            body.push_str(html);
        }
    }
    body.push_str(&options_table(v, &info));
    let _ = writeln!(
        body,
        "<p class=\"muted\">{}</p>",
        cat.format_or(
            "rules-footer",
            &[],
            "The same options are listed in the terminal by <code>mancala variants</code>."
        )
    );
    body.push_str(&nav());
    page(&tr!(cat, "page-rules-title", game = name), &body)
}

/// The list of every preset's page, in the request's language.
#[must_use]
pub fn index_html() -> String {
    let cat = cat();
    let mut body = list_page_top(
        &cat.format_or("rules-index-title", &[], "Rules of the games"),
        &cat.format_or("rules-index-intro", &[], ""),
    );
    body.push_str("<ul class=\"rules-list\">\n");
    for v in Variant::ALL {
        let _ = writeln!(
            body,
            "<li><a href=\"/rules/{name}\">{title}</a> <span class=\"muted\">({board})</span>: \
             {summary}</li>",
            name = escape(v.name()),
            title = escape(&display_name(v)),
            board = escape(&board(v)),
            summary = escape(&summary(v)),
        );
    }
    body.push_str("</ul>\n");
    page(&tr!(cat, "page-rules-index-title"), &body)
}

/// The top of a page that lists things: the navigation, the heading (text) and an introduction
/// (HTML, from the catalogue).
fn list_page_top(heading: &str, intro: &str) -> String {
    let mut body = nav();
    let _ = writeln!(body, "<h1>{}</h1>\n<p>{intro}</p>", escape(heading));
    body
}

/// The name players know a preset by, in the request's language.
fn display_name(v: Variant) -> String {
    mancala_i18n::game_name(cat(), v)
}

/// A preset's summary as a sentence, in the request's language.
fn summary(v: Variant) -> String {
    let core = sentence(v.info().summary);
    cat().format_or(&format!("game-{}-summary", v.name()), &[], &core)
}

/// A preset's board ("2×6 board"), in the request's language.
fn board(v: Variant) -> String {
    let cat = cat();
    let core = tr!(cat, "page-rules-board", board = v.info().board);
    cat.format_or(&format!("game-{}-board", v.name()), &[], &core)
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

/// The coverage of every language's catalogue, for translators.
#[must_use]
pub fn languages_html() -> String {
    let cat = cat();
    let mut body = list_page_top(&tr!(cat, "page-i18n-heading"), &tr!(cat, "page-i18n-intro"));
    let _ = writeln!(
        body,
        "<div class=\"table-wrap\"><table class=\"languages\">\n\
         <thead><tr><th>{}</th><th>{}</th><th>{}</th><th></th></tr></thead>\n<tbody>",
        escape(&tr!(cat, "page-i18n-language")),
        escape(&tr!(cat, "page-i18n-code")),
        escape(&tr!(cat, "page-i18n-translated")),
    );
    for r in mancala_i18n::check::check() {
        let _ = writeln!(
            body,
            "<tr data-lang=\"{code}\"><td lang=\"{code}\">{name}</td><td><code>{code}</code></td>\
             <td class=\"num\">{pct} % ({done}/{total})</td><td>{missing}</td></tr>",
            code = escape(&r.lang),
            name = escape(&mancala_i18n::native_name(&r.lang)),
            pct = r.percent(),
            done = r.translated,
            total = r.total,
            missing = if r.missing.is_empty() {
                String::new()
            } else {
                escape(&tr!(cat, "page-i18n-missing", count = r.missing.len()))
            },
        );
    }
    body.push_str("</tbody>\n</table></div>\n");
    page(&tr!(cat, "page-i18n-title"), &body)
}

/// `GET /i18n`.
pub(crate) async fn languages_page() -> Response {
    html(languages_html())
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
    use crate::http::assets::rules_text;
    use mancala_i18n::translated_rules_text;

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
    fn french_and_portuguese_have_every_fragment_with_the_english_structure() {
        let count = |html: &str, tag: &str| html.matches(tag).count();
        for lang in ["fr", "pt"] {
            for t in crate::http::assets::RULES_TEXTS {
                let theirs = translated_rules_text(lang, t.name)
                    .unwrap_or_else(|| panic!("{lang}: no fragment {}", t.name));
                for tag in ["<section", "<h2>", "<h3>", "<ul>", "<ol>", "<pre"] {
                    assert_eq!(
                        count(t.html, tag),
                        count(theirs, tag),
                        "{lang}/{}: {tag}",
                        t.name
                    );
                }
            }
        }
        assert!(translated_rules_text("en", "oware").is_none());
    }

    #[test]
    fn a_page_lists_every_option_with_its_default() {
        for v in Variant::ALL {
            let page = rules_html(v);
            for o in v.info().options {
                let row = format!("<tr data-option=\"{}\">", o.name);
                assert!(page.contains(&row), "{}: {} missing", v.name(), o.name);
                let value = format!(
                    "<td class=\"default\" data-notation data-label=\"default\">{}</td>",
                    escape(&o.value)
                );
                assert!(page.contains(&value), "{}: {} default", v.name(), o.name);
            }
        }
    }

    #[test]
    fn a_sentence_starts_with_a_capital_and_ends_with_a_full_stop() {
        assert_eq!(sentence("relay sowing"), "Relay sowing.");
    }
}
