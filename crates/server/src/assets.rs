//! The browser UI, embedded in the binary at build time. Assets are looked up by exact name in a
//! fixed table, so no request can reach the file system.

/// One embedded file: its name under `/assets/`, content type and bytes.
pub struct Asset {
    /// The file name.
    pub name: &'static str,
    /// The `Content-Type`.
    pub mime: &'static str,
    /// The content.
    pub bytes: &'static [u8],
}

/// The page every UI route answers with.
pub const INDEX: &[u8] = include_bytes!("../../../web/index.html");

/// An [`Asset`] for `web/NAME`.
macro_rules! asset {
    ($name:literal, $mime:literal) => {
        Asset {
            name: $name,
            mime: $mime,
            bytes: include_bytes!(concat!("../../../web/", $name)),
        }
    };
}

/// Every file served under `/assets/`.
pub const ASSETS: &[Asset] = &[
    asset!("app.js", "text/javascript; charset=utf-8"),
    asset!("puzzles.js", "text/javascript; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("icon.svg", "image/svg+xml"),
];

/// One part of a rules page: an HTML fragment written for players (`web/rules/NAME.html`).
pub struct RulesText {
    /// The fragment's name.
    pub name: &'static str,
    /// The HTML (sections of headings, paragraphs and lists).
    pub html: &'static str,
}

/// A [`RulesText`] for `web/rules/NAME.html`.
macro_rules! rules_text {
    ($name:literal) => {
        RulesText {
            name: $name,
            html: include_str!(concat!("../../../web/rules/", $name, ".html")),
        }
    };
}

/// Every rules fragment, composed into pages by [`crate::pages`].
pub const RULES_TEXTS: &[RulesText] = &[
    rules_text!("oware-family"),
    rules_text!("oware"),
    rules_text!("abapa"),
    rules_text!("wuri"),
    rules_text!("awari"),
    rules_text!("ouril"),
    rules_text!("ouril-ludii"),
    rules_text!("olowuka"),
    rules_text!("ba-awa"),
    rules_text!("isolo"),
    rules_text!("end-25"),
];

/// The rules fragment called `name`, if any.
#[must_use]
pub fn rules_text(name: &str) -> Option<&'static str> {
    RULES_TEXTS.iter().find(|t| t.name == name).map(|t| t.html)
}

/// The rules fragment called `name` in `lang` (`web/rules/LANG/NAME.html`), else in English.
#[must_use]
pub fn rules_text_in(lang: &str, name: &str) -> Option<&'static str> {
    mancala_i18n::translated_rules_text(lang, name).or_else(|| rules_text(name))
}

/// The asset called `name`, if any.
#[must_use]
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}
