//! `mancala i18n check`: the built-in catalogues are complete; a folder being translated is
//! reported message by message, and a gap in a complete language fails.

mod common;

use common::run;

#[test]
fn the_built_in_catalogues_are_complete() {
    let (ok, out, err) = run(&["i18n", "check", "--lang", "en"]);
    assert!(ok, "{out}{err}");
    for l in ["en (English): ", "fr (Français): ", "pt (Português): "] {
        assert!(out.contains(l), "{l} in\n{out}");
    }
    assert!(
        out.contains("Every complete language has every message."),
        "{out}"
    );
}

#[test]
fn the_repositorys_catalogue_folder_passes_the_check() {
    // The folder a translator edits, read from disk: every complete language has every message
    // of English with the same placeholders, and none that English does not have.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../i18n");
    let (ok, out, err) = run(&["i18n", "check", "--dir", dir, "--lang", "en"]);
    assert!(ok, "{out}{err}");
    let (en, _) = mancala_i18n::check::messages("en");
    for l in ["en (English)", "fr (Français)", "pt (Português)"] {
        let line = format!("{l}: {n}/{n} messages", n = en.len());
        assert!(out.contains(&line), "{line} in\n{out}");
    }
    for gap in ["missing:", "unused", "placeholders", "syntax:"] {
        assert!(!out.contains(gap), "{gap} in\n{out}");
    }
}

#[test]
fn a_folder_with_gaps_is_reported_and_fails() {
    let dir = std::env::temp_dir().join(format!("mancala-i18n-check-{}", std::process::id()));
    let write = |lang: &str, text: &str| {
        std::fs::create_dir_all(dir.join(lang)).unwrap();
        std::fs::write(dir.join(lang).join("ui.ftl"), text).unwrap();
    };
    write("en", "hello = Hello { $name }\nbye = Bye\n");
    write("tw", "hello = Akwaaba { $name }\n");
    let dir_arg = dir.to_string_lossy().into_owned();
    let (ok, out, _) = run(&["i18n", "check", "--dir", &dir_arg, "--lang", "en"]);
    assert!(
        ok,
        "a partial language that is not a complete one passes:\n{out}"
    );
    assert!(out.contains("tw (tw): 1/2 messages"), "{out}");
    assert!(out.contains("missing: bye"), "{out}");
    write(
        "fr",
        "hello = Bonjour { $nom }\nbye = Au revoir\nextra = de trop\n",
    );
    let (ok, out, _) = run(&["i18n", "check", "--dir", &dir_arg, "--lang", "en"]);
    assert!(!ok, "French is a complete language:\n{out}");
    assert!(
        out.contains("hello: placeholders [\"nom\"] instead of [\"name\"]"),
        "{out}"
    );
    assert!(out.contains("not in English (unused): extra"), "{out}");
    assert!(out.contains("1 complete language has gaps"), "{out}");
    let (_, out, _) = run(&["i18n", "check", "--dir", &dir_arg, "--lang", "fr"]);
    assert!(
        out.contains("manquants : bye") || out.contains("1 langue complète a des lacunes"),
        "{out}"
    );
    let (ok, _, err) = run(&["i18n", "check", "--dir", "/nonexistent-mancala-dir"]);
    assert!(
        !ok && err.contains("cannot read /nonexistent-mancala-dir"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
