//! The CLI's messages for bad input and its help: each names what is wrong once, with the
//! `mancala:` prefix and exit code 2.

mod common;

use mancala_core::variant::{DynGame, Variant};

#[test]
fn a_position_whose_seeds_do_not_add_up_says_position_once() {
    let (ok, out, err) = common::run(&["show", "5-4-4-4-4-4-4-4-4-4-4-4-0-0-S"]);
    assert!(!ok, "{out}");
    assert!(
        err.contains("bad position: the seeds add up to 49"),
        "{err}"
    );
    assert!(!err.contains("position: position"), "{err}");
}

#[test]
fn record_validate_of_a_missing_file_has_the_prefix() {
    let (ok, _, err) = common::run(&["record", "validate", "no-such-file.mgn"]);
    assert!(!ok);
    assert!(err.starts_with("mancala: "), "{err}");
}

#[test]
fn a_puzzle_answer_that_is_not_a_move_is_bad_input() {
    let p = &mancala_puzzles::shipped(Variant::Abapa)[0];
    let o = common::mancala(&["puzzle", "abapa", "--id", &p.id, "--moves", "Z"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("mancala: ") && err.contains("\"Z\" is not a move"),
        "{err}"
    );
    // A move of the position that is not the solution's is still a wrong answer (exit 1).
    let (p, wrong) = mancala_puzzles::shipped(Variant::Abapa)
        .into_iter()
        .find_map(|p| {
            let game = Variant::Abapa.new_game(&[], Some(&p.position)).unwrap();
            let wrong = game
                .state()
                .legal
                .into_iter()
                .find(|m| *m != p.solution[0])?;
            Some((p, wrong))
        })
        .expect("a puzzle with more than one move");
    let o = common::mancala(&["puzzle", "abapa", "--id", &p.id, "--moves", &wrong]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn analyze_refuses_depth_zero() {
    let o = common::mancala(&["analyze", "awari", "--depth", "0"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--depth"), "{err}");
}

#[test]
fn serve_help_gives_the_engine_threads_default_the_code_uses() {
    let (ok, out, _) = common::run(&["serve", "--help"]);
    assert!(ok);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("default: the number of cores less one, at least one"),
        "{out}"
    );
}
