//! The CLI's messages for bad input and its help: each names what is wrong once, with the
//! `mancala:` prefix and exit code 2; `tb probe` of a finished position answers its value.

mod common;

use common::TempDir;
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

#[test]
fn tb_probe_of_a_finished_position_gives_the_rules_value() {
    let dir = TempDir::new("tb-finished");
    let d = dir.path().to_str().unwrap();
    let (ok, out, err) = common::run(&["tb", "build", "awari", "--seeds", "6", "--dir", d]);
    assert!(ok, "{out}{err}");
    // South to move without a seed: North takes the 6 seeds left.
    let pos = "0-0-0-0-0-0-2-1-1-0-0-2-21-21-S";
    let (ok, out, err) = common::run(&["tb", "probe", "awari", "--dir", d, "--position", pos]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(
            "the game is over: south gets 0 of the 6 seeds on the board (exact; total 21 of 48)"
        ),
        "{out}"
    );
    let (ok, out, err) = common::run(&[
        "tb",
        "probe",
        "awari",
        "--dir",
        d,
        "--position",
        "0-0-0-0-0-0-2-1-1-0-0-2-21-21-N",
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("north to move gets 6 of the 6"), "{out}");
    let (ok, out, err) = common::run(&[
        "tb",
        "probe",
        "awari",
        "--dir",
        d,
        "--position",
        pos,
        "--json",
    ]);
    assert!(ok, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["seeds"].as_u64(), v["gets"].as_u64(), v["over"].as_bool()),
        (Some(6), Some(0), Some(true)),
        "{out}"
    );
}

#[test]
fn variants_points_to_the_rules_pages_not_to_repository_files() {
    let (ok, out, err) = common::run(&["variants"]);
    assert!(ok, "{err}");
    assert!(out.contains("rules: /rules/oware (mancala serve)"), "{out}");
    for path in ["web/", ".html", "docs/"] {
        assert!(!out.contains(path), "{path} in\n{out}");
    }
}
