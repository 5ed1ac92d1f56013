//! `mancala puzzle` with piped input and output: the line-based mode (the full-screen one needs a
//! terminal), and `--moves`.

use std::io::Write;
use std::process::Stdio;

use mancala_core::variant::{DynGame, Variant};

mod common;

#[test]
fn moves_check_a_solution() {
    let p = &mancala_puzzles::shipped(Variant::Abapa)[0];
    let solver: Vec<&str> = p.solution.iter().step_by(2).map(String::as_str).collect();
    let (ok, out, err) = common::run(&[
        "puzzle",
        "abapa",
        "--id",
        &p.id,
        "--moves",
        &solver.join(","),
    ]);
    assert!(ok, "{out}{err}");
    assert_eq!(out.trim(), format!("{}: solved", p.id));
    let game = Variant::Abapa.new_game(&[], Some(&p.position)).unwrap();
    let wrong = game
        .state()
        .legal
        .into_iter()
        .find(|m| *m != p.solution[0])
        .unwrap();
    let (ok, out, _) = common::run(&["puzzle", "abapa", "--id", &p.id, "--moves", &wrong]);
    assert!(!ok);
    assert!(
        out.starts_with(&format!("{}: {wrong} is wrong", p.id)),
        "{out}"
    );
}

#[test]
fn piped_input_is_read_line_by_line_with_hint_refutation_and_solve() {
    let p = mancala_puzzles::shipped(Variant::Awari)
        .into_iter()
        .find(|p| p.horizon.is_none() && !p.refutations.is_empty())
        .expect("an awari puzzle with refutations");
    let (wrong, reply) = p.refutations.iter().next().unwrap();
    let mut input = format!("hint\n{wrong}\n");
    for mv in p.solution.iter().step_by(2) {
        input.push_str(mv);
        input.push('\n');
    }
    let mut child = common::command(&["puzzle", "awari", "--id", &p.id])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(&format!("theme: {}", p.themes.join(", "))),
        "{text}"
    );
    assert!(
        text.contains(&format!("{wrong} is not it: "))
            && text.contains(&format!("answers {reply}")),
        "{text}"
    );
    assert!(text.trim_end().ends_with("solved!"), "{text}");
}
