//! Every message of the catalogues the programs own (`ui.ftl`, `cli.ftl`, `errors.ftl`) is asked
//! for somewhere: in the Rust sources as a literal id, in the browser's modules as `T.id` (or
//! `data-t="id"` in the page), or, for an API error, by the error code the server answers with.

use std::path::{Path, PathBuf};

fn collect(dir: &Path, exts: &[&str], out: &mut String) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name()
                .is_some_and(|n| n != "target" && n != "node_modules")
            {
                collect(&p, exts, out);
            }
        } else if p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)) {
            out.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
            out.push('\n');
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn no_message_is_unused() {
    let root = root();
    let mut rust = String::new();
    collect(&root.join("crates"), &["rs"], &mut rust);
    // The page and every module of the UI (web/*.js).
    let mut web = std::fs::read_to_string(root.join("web/index.html")).expect("web/index.html");
    for entry in std::fs::read_dir(root.join("web")).expect("web/") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|e| e == "js") {
            web.push_str(&std::fs::read_to_string(&path).expect("a web module"));
        }
    }
    let (en, errors) = mancala_i18n::check::messages("en");
    assert!(errors.is_empty(), "{errors:?}");
    let owned: Vec<&str> = mancala_i18n::files()
        .iter()
        .filter(|f| f.0 == "en" && ["ui.ftl", "cli.ftl", "errors.ftl"].contains(&f.1))
        .map(|f| f.2)
        .collect();
    let mut unused = Vec::new();
    let mut checked = 0;
    for id in en.keys() {
        if !owned
            .iter()
            .any(|text| text.lines().any(|l| l.starts_with(&format!("{id} ="))))
        {
            continue;
        }
        checked += 1;
        let used = if let Some(code) = id.strip_prefix("error-") {
            rust.contains(&format!("\"{code}\""))
        } else if id.contains('-') {
            rust.contains(&format!("\"{id}\""))
        } else {
            [
                format!("T.{id}"),
                format!("M.{id}"),
                format!("data-t=\"{id}\""),
                format!("data-t-aria=\"{id}\""),
                format!("data-t-title=\"{id}\""),
            ]
            .iter()
            .any(|p| {
                web.match_indices(p.as_str()).any(|(i, _)| {
                    !web[i + p.len()..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
                })
            })
        };
        if !used {
            unused.push(id.clone());
        }
    }
    assert!(checked > 200, "only {checked} messages checked");
    assert!(unused.is_empty(), "messages nothing asks for: {unused:?}");
}

/// The ids of `file` in the English catalogue.
fn english_ids(file: &str) -> Vec<String> {
    let (en, errors) = mancala_i18n::check::messages_in(
        &mancala_i18n::files()
            .iter()
            .filter(|f| f.0 == "en" && f.1 == file)
            .copied()
            .collect::<Vec<_>>(),
        "en",
    );
    assert!(errors.is_empty(), "{errors:?}");
    en.into_keys().collect()
}

#[test]
fn every_message_of_the_games_catalogue_is_asked_for_and_every_game_has_its_texts() {
    use mancala_core::variant::Variant;
    let mut rust = String::new();
    collect(&root().join("crates"), &["rs"], &mut rust);
    // The ids the programs build from the rules core: three per preset, one per rule option, a
    // name per rule option and a text per named value.
    let mut built = std::collections::BTreeSet::new();
    for v in Variant::ALL {
        for what in ["name", "summary", "board"] {
            built.insert(format!("game-{}-{what}", v.name()));
        }
        for o in v.info().options {
            built.insert(format!(
                "option-{}-{}",
                mancala_i18n::option_family(v),
                o.name.replace('_', "-")
            ));
            // The game page's rules in force: each option's name and each named value.
            built.insert(format!("rule-name-{}", o.name.replace('_', "-")));
            for value in o.values.split('|').map(str::trim) {
                if !value.contains("..") {
                    built.insert(format!("rule-value-{value}"));
                }
            }
        }
    }
    let ids = english_ids("games.ftl");
    assert!(ids.len() > 80, "only {} messages in games.ftl", ids.len());
    let unused: Vec<&String> = ids
        .iter()
        .filter(|id| !built.contains(*id) && !rust.contains(&format!("\"{id}\"")))
        .collect();
    assert!(unused.is_empty(), "messages nothing asks for: {unused:?}");
    let missing: Vec<&String> = built.iter().filter(|id| !ids.contains(id)).collect();
    assert!(
        missing.is_empty(),
        "games or rule options without a text: {missing:?}"
    );
}

#[test]
fn the_english_option_texts_are_the_rules_cores() {
    use mancala_core::variant::Variant;
    let en = mancala_i18n::catalog("en");
    for v in Variant::ALL {
        for o in v.info().options {
            assert_eq!(
                mancala_i18n::option_doc(en, v, o.name, ""),
                o.doc,
                "{}: {}",
                v.name(),
                o.name
            );
        }
        assert_eq!(
            mancala_i18n::game_summary(en, v),
            v.info().summary,
            "{}",
            v.name()
        );
    }
}
