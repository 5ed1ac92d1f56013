//! `mancala learn` when its output is not a terminal: the lessons and what is done, as text, in
//! the chosen language; `--reset`; a preset without lessons.

mod common;

use common::{command, outcome, TempDir};

fn learn(args: &[&str], data: &TempDir) -> (bool, String, String) {
    let mut c = command(args);
    for k in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        c.env_remove(k);
    }
    c.env("XDG_DATA_HOME", data.path());
    c.stdin(std::process::Stdio::null());
    outcome(c)
}

#[test]
fn the_lessons_are_listed_with_what_is_done_and_can_be_forgotten() {
    let data = TempDir::new("learn-cli");
    let file = data.join("mancala/learn.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        &file,
        r#"{"done":["ba-awa/laps/relay","ba-awa/laps/pass"]}"#,
    )
    .unwrap();
    let (ok, out, err) = learn(&["learn", "ba-awa"], &data);
    assert!(ok, "{err}");
    assert!(out.contains("Ba-awa (2/"), "{out}");
    assert!(out.contains("Sowing in laps (2/3)"), "{out}");
    assert!(out.contains("Run `mancala learn` in a terminal"), "{out}");
    assert!(!out.contains("Isolo"), "one game only:\n{out}");
    let (ok, out, _) = learn(&["learn", "--lang", "pt"], &data);
    assert!(ok);
    for game in [
        "Oware e Abapa",
        "Ouril",
        "Isolo",
        "Semear em várias voltas (2/3)",
    ] {
        assert!(out.contains(game), "{game}\n{out}");
    }
    let (ok, out, err) = learn(&["learn", "ba-awa", "--reset"], &data);
    assert!(ok, "{err}");
    assert!(out.contains("Forgot 2 steps"), "{out}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), r#"{"done":[]}"#);
}

#[test]
fn a_preset_without_lessons_or_an_unknown_one_is_refused() {
    let data = TempDir::new("learn-cli-bad");
    let (ok, _, err) = learn(&["learn", "ouril-ludii"], &data);
    assert!(!ok);
    assert!(err.contains("no lessons for ouril-ludii"), "{err}");
    let (ok, _, err) = learn(&["learn", "chess"], &data);
    assert!(!ok);
    assert!(err.contains("chess"), "{err}");
    let (ok, _, err) = learn(&["learn", "--lang", "xx"], &data);
    assert!(!ok);
    assert!(err.contains("no catalogue for language"), "{err}");
}
