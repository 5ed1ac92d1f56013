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
pub const INDEX: &[u8] = include_bytes!("../../../../web/index.html");

/// An [`Asset`] for `web/NAME`.
macro_rules! asset {
    ($name:literal, $mime:literal) => {
        Asset {
            name: $name,
            mime: $mime,
            bytes: include_bytes!(concat!("../../../../web/", $name)),
        }
    };
}

/// Every file served under `/assets/`: the UI's ES modules (`app.js` starts the page and imports
/// the others; docs/architecture.md, "The web UI's modules"), its style and its icon.
pub const ASSETS: &[Asset] = &[
    asset!("accounts.js", "text/javascript; charset=utf-8"),
    asset!("analysis.js", "text/javascript; charset=utf-8"),
    asset!("api.js", "text/javascript; charset=utf-8"),
    asset!("app.js", "text/javascript; charset=utf-8"),
    asset!("board.js", "text/javascript; charset=utf-8"),
    asset!("clocks.js", "text/javascript; charset=utf-8"),
    asset!("dom.js", "text/javascript; charset=utf-8"),
    asset!("editor.js", "text/javascript; charset=utf-8"),
    asset!("graph.js", "text/javascript; charset=utf-8"),
    asset!("header.js", "text/javascript; charset=utf-8"),
    asset!("home.js", "text/javascript; charset=utf-8"),
    asset!("i18n.js", "text/javascript; charset=utf-8"),
    asset!("lobby.js", "text/javascript; charset=utf-8"),
    asset!("play.js", "text/javascript; charset=utf-8"),
    asset!("players.js", "text/javascript; charset=utf-8"),
    asset!("presets.js", "text/javascript; charset=utf-8"),
    asset!("learn.js", "text/javascript; charset=utf-8"),
    asset!("puzzles.js", "text/javascript; charset=utf-8"),
    asset!("quick.js", "text/javascript; charset=utf-8"),
    asset!("sound.js", "text/javascript; charset=utf-8"),
    asset!("storage.js", "text/javascript; charset=utf-8"),
    asset!("switch.js", "text/javascript; charset=utf-8"),
    asset!("tournaments.js", "text/javascript; charset=utf-8"),
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
            html: include_str!(concat!("../../../../web/rules/", $name, ".html")),
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

#[cfg(test)]
mod tests {
    use super::find;

    /// The names a module of the web UI imports (`from './NAME.js'`).
    fn imports(text: &str) -> Vec<&str> {
        text.match_indices("from './")
            .filter_map(|(at, m)| {
                let rest = &text[at + m.len()..];
                rest.find('\'').map(|end| &rest[..end])
            })
            .collect()
    }

    #[test]
    fn every_module_of_the_web_ui_is_served_and_imports_only_served_modules() {
        let web = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web");
        let mut modules = 0;
        for entry in std::fs::read_dir(web).expect("web/") {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_none_or(|e| e != "js") {
                continue;
            }
            modules += 1;
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let asset = find(&name).unwrap_or_else(|| panic!("web/{name} is not in ASSETS"));
            assert!(asset.mime.starts_with("text/javascript"), "{name}");
            let text = std::fs::read_to_string(&path).expect("a module");
            assert_eq!(asset.bytes, text.as_bytes(), "{name} is the file");
            for imported in imports(&text) {
                assert!(
                    find(imported).is_some(),
                    "{name} imports {imported}, not served"
                );
            }
        }
        assert!(modules > 10, "only {modules} modules in web/");
        assert_eq!(
            imports("import { a } from './b.js';\nimport { c, d } from './e.js';"),
            ["b.js", "e.js"]
        );
    }
}
