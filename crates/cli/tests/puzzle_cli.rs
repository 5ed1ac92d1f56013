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

/// `mancala puzzle` with its input and output piped, in the language of `--lang` or of `env`:
/// whether it succeeded and its output.
fn puzzle_in(args: &[&str], env: &[(&str, &str)], input: &str) -> (bool, String, String) {
    let mut c = common::command(args);
    for k in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        c.env_remove(k);
    }
    c.envs(env.iter().copied());
    let mut child = c
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
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// English words of the puzzle's messages, none of which a French or Portuguese player reads.
const ENGLISH: [&str; 14] = [
    "puzzle ",
    "rating",
    "to play",
    "your move",
    "theme",
    "is not it",
    "answers",
    "only ",
    "try again",
    "solved",
    "solution:",
    "is wrong",
    "is not a move",
    "the moves are",
];

#[test]
fn the_line_by_line_puzzle_speaks_french_and_portuguese() {
    let p = mancala_puzzles::shipped(Variant::Awari)
        .into_iter()
        .find(|p| p.horizon.is_none() && !p.refutations.is_empty())
        .expect("an awari puzzle with refutations");
    let (wrong, reply) = p.refutations.iter().next().unwrap();
    let best = &p.solution[0];
    let mut input = format!("hint\nshow\n{wrong}\n");
    for mv in p.solution.iter().step_by(2) {
        input.push_str(mv);
        input.push('\n');
    }
    let args = ["puzzle", "awari", "--id", p.id.as_str()];
    let fr = [&args[..], &["--lang", "fr"]].concat();
    for (lang, out, said) in [
        (
            "fr",
            puzzle_in(&fr, &[("LANG", "pt_PT.UTF-8")], &input),
            vec![
                format!("problème {} (cote {}) : ", p.id, p.rating),
                " joue et ".to_string(),
                "votre coup (hint, show, quit) : ".to_string(),
                format!("thème : {}", p.themes.join(", ")),
                format!("solution : {}", p.solution.join(" ")),
                format!("{wrong} n'est pas le bon coup : "),
                format!("répond {reply}"),
                format!("seul {best} "),
                "; réessayez".to_string(),
                "résolu !".to_string(),
            ],
        ),
        (
            "pt",
            puzzle_in(&args, &[("LANG", "pt_PT.UTF-8")], &input),
            vec![
                format!("problema {} (classificação {}): ", p.id, p.rating),
                " joga e ".to_string(),
                "a sua jogada (hint, show, quit): ".to_string(),
                format!("tema: {}", p.themes.join(", ")),
                format!("solução: {}", p.solution.join(" ")),
                format!("{wrong} não é a jogada: "),
                format!("responde {reply}"),
                format!("só {best} "),
                "; tente de novo".to_string(),
                "resolvido!".to_string(),
            ],
        ),
    ] {
        let (ok, out, err) = out;
        assert!(ok, "{lang}: {out}{err}");
        for s in said {
            assert!(out.contains(&s), "{lang}: no {s:?} in\n{out}");
        }
        for english in ENGLISH {
            assert!(!out.contains(english), "{lang}: {english:?} in\n{out}");
        }
    }
}

#[test]
fn the_verdicts_of_dash_dash_moves_are_in_the_players_language() {
    let p = &mancala_puzzles::shipped(Variant::Abapa)[0];
    let solver: Vec<&str> = p.solution.iter().step_by(2).map(String::as_str).collect();
    let game = Variant::Abapa.new_game(&[], Some(&p.position)).unwrap();
    let wrong = game
        .state()
        .legal
        .into_iter()
        .find(|m| *m != p.solution[0])
        .unwrap();
    let id = p.id.as_str();
    let solved = solver.join(",");
    for (env, solved_said, wrong_said, not_a_move) in [
        (
            ("LANG", "fr_FR.UTF-8"),
            format!("{id} : résolu"),
            format!("{id} : {wrong} n'est pas le bon coup"),
            "« Z » n'est pas un coup de cette position ; les coups sont ",
        ),
        (
            ("LC_ALL", "pt_BR.UTF-8"),
            format!("{id}: resolvido"),
            format!("{id}: {wrong} não é a jogada"),
            "\"Z\" não é uma jogada desta posição; as jogadas são ",
        ),
    ] {
        let run = |moves: &str| {
            let args = ["puzzle", "abapa", "--id", id, "--moves", moves];
            puzzle_in(&args, &[env], "")
        };
        let (ok, out, err) = run(&solved);
        assert!(ok, "{out}{err}");
        assert_eq!(out.trim(), solved_said);
        let (ok, out, _) = run(&wrong);
        assert!(!ok);
        assert!(out.starts_with(&wrong_said), "{out}");
        let (ok, out, err) = run("Z");
        assert!(!ok && out.is_empty(), "{out}");
        assert!(err.contains(not_a_move), "{err}");
        for english in ENGLISH {
            assert!(!err.contains(english), "{english:?} in {err}");
        }
        let (ok, _, err) = puzzle_in(&["puzzle", "abapa", "--id", "nonesuch"], &[env], "");
        assert!(!ok && !err.contains("no puzzle"), "{err}");
    }
}
