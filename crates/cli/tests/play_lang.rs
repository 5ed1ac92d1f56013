//! `mancala play` in the language of `--lang` or the environment, with its output not a terminal
//! (the screen and the help printed once).

mod common;

use common::command;

fn play(args: &[&str], env: &[(&str, &str)]) -> (bool, String, String) {
    let mut c = command(args);
    for k in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        c.env_remove(k);
    }
    c.envs(env.iter().copied());
    c.env(
        "MANCALA_AUTOSAVE",
        std::env::temp_dir().join("mancala-play-lang-none.mgn"),
    );
    c.stdin(std::process::Stdio::null());
    let out = c.output().expect("run mancala");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn play_with_lang_fr_shows_the_board_and_help_in_french() {
    let (ok, out, err) = play(&["play", "--lang", "fr", "--mode", "local"], &[]);
    assert!(ok, "{err}");
    for french in [
        "plateau",
        "Sud joue (joueur)",
        "Prises",
        "Touches",
        "semer le trou sous le curseur",
        "Options de règles en vigueur",
        "Si votre dernière graine tombe",
        // The game's summary and the meaning of its rule options, from the games' catalogue.
        "grand chelem interdit",
        "graines par case au départ",
        "si la rangée adverse est vide, un coup doit l'atteindre",
    ] {
        assert!(out.contains(french), "{french:?} missing:\n{out}");
    }
    for english in [
        "South to move",
        "Captures",
        "Keys",
        "board ",
        "Rule options in force",
        "grand slam forbidden",
        "seeds per pit at the start",
        "a move must reach it",
    ] {
        assert!(!out.contains(english), "{english:?} in French:\n{out}");
    }
}

#[test]
fn the_language_follows_the_environment_and_the_flag_wins() {
    let (ok, out, _) = play(
        &["play", "awari", "--mode", "local"],
        &[("LANG", "pt_CV.UTF-8")],
    );
    assert!(ok);
    assert!(out.contains("Teclas") && out.contains("Sul joga"), "{out}");
    let (_, out, _) = play(
        &["play", "--mode", "local"],
        &[("LANG", "pt_PT.UTF-8"), ("LC_ALL", "fr_FR.UTF-8")],
    );
    assert!(out.contains("Touches"), "LC_ALL before LANG:\n{out}");
    let (_, out, _) = play(
        &["play", "--mode", "local", "--lang", "en"],
        &[("LANG", "fr_FR.UTF-8")],
    );
    assert!(
        out.contains("Keys") && out.contains("South to move"),
        "{out}"
    );
    let (_, out, _) = play(&["play", "--mode", "local"], &[("LANG", "de_DE.UTF-8")]);
    assert!(
        out.contains("Keys"),
        "an unknown language is English:\n{out}"
    );
}

#[test]
fn an_unknown_lang_is_a_clear_error() {
    let (ok, out, err) = play(&["play", "--lang", "xx"], &[]);
    assert!(!ok);
    assert!(out.is_empty());
    assert!(
        err.contains("no catalogue for language \"xx\"") && err.contains("en, fr, pt"),
        "{err}"
    );
}

#[test]
fn the_games_go_by_the_names_their_players_use() {
    // Abapa is the awalé of French speakers; Ouril's pits are casas in Portuguese.
    let (ok, out, err) = play(&["play", "abapa", "--lang", "fr", "--mode", "local"], &[]);
    assert!(ok, "{err}");
    assert!(out.contains("Awalé (Abapa) — plateau 2x6"), "{out}");
    // The title line too, not the preset's id.
    assert!(out.contains(" mancala · Awalé (Abapa) (2x6)  Sud"), "{out}");
    assert!(!out.contains("mancala · abapa"), "{out}");
    let (ok, out, err) = play(&["play", "ouril", "--lang", "pt", "--mode", "local"], &[]);
    assert!(ok, "{err}");
    assert!(out.contains("Ouril — tabuleiro 2x6"), "{out}");
    assert!(out.contains("o ouril de Cabo Verde"), "{out}");
    assert!(out.contains("sementes por casa no início"), "{out}");
}
