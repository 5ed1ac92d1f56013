//! The shipped lessons checked through the rules core: every step's position sets up under its
//! preset, its goal is met by some move and missed by another (a task that no move solves, or
//! that every legal move solves, fails), its stored answer is right; every section of the rules
//! pages a game teaches is taught by a step; every text exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use mancala_core::variant::{AnyGame, DynGame, Variant};
use mancala_core::Side;
use mancala_learn::goal::{pit_name, Goal};
use mancala_learn::lesson::Step;
use mancala_learn::{course, judge, Course, Verdict, Why};

fn shipped() -> &'static Course {
    match course() {
        Ok(c) => c,
        Err(e) => panic!("the lessons do not read: {e}"),
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The moves a learner can try in a step: every pit of his (legal or not), the legal moves and
/// the step's answer.
fn candidates(game: &AnyGame, step: &Step) -> Vec<String> {
    let state = game.state();
    let row = game.pits_per_row();
    let mut out: Vec<String> = match state.to_move {
        Some(Side::South) => (0..row).map(|i| pit_name(i, row)).collect(),
        Some(Side::North) => (row..2 * row).map(|i| pit_name(i, row)).collect(),
        None => Vec::new(),
    };
    for m in state.legal.iter().chain([&step.answer]) {
        if !out.contains(m) {
            out.push(m.clone());
        }
    }
    out
}

#[test]
fn every_game_the_issue_lists_has_lessons_and_every_preset_but_ludiis_opens_some() {
    let c = shipped();
    let ids: Vec<&str> = c.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(
        ids,
        ["oware", "wuri", "ouril", "awari", "olowuka", "ba-awa", "isolo"]
    );
    for v in Variant::ALL {
        let found = c.for_preset(v).map(|g| g.id.as_str());
        if v == Variant::OurilLudii {
            assert_eq!(found, None, "ouril-ludii is a cross-checking preset");
        } else {
            assert!(found.is_some(), "no lessons for {}", v.name());
        }
    }
    assert_eq!(
        c.for_preset(Variant::Abapa).map(|g| g.id.as_str()),
        Some("oware")
    );
}

#[test]
fn stages_have_three_to_eight_steps() {
    for g in &shipped().games {
        for s in &g.stages {
            assert!(
                (2..=8).contains(&s.steps.len()) && (s.id == "mistakes" || s.steps.len() >= 3),
                "{}/{}: {} steps",
                g.id,
                s.id,
                s.steps.len()
            );
        }
        assert!(!g.practice.is_empty(), "{}: no practice", g.id);
    }
}

#[test]
fn every_step_is_solved_by_its_answer_and_by_some_but_not_every_move() {
    let mut checked = 0;
    for g in &shipped().games {
        for s in &g.stages {
            for step in &s.steps {
                let at = format!("{}/{}/{}", g.id, s.id, step.id);
                let game = step.game().unwrap_or_else(|e| panic!("{at}: {e}"));
                let state = game.state();
                assert!(state.to_move.is_some(), "{at}: the game is over");
                assert!(!state.legal.is_empty(), "{at}: no legal move");
                let answer = judge(&game, &step.goal, &step.answer);
                assert!(
                    answer.solved(),
                    "{at}: the answer {} fails: {answer:?}",
                    step.answer
                );
                // Legal: the rules core plays it (a kucheleka set-up need not be in the
                // sample of set-ups the state lists).
                let legal = |mv: &str| game.sowing(mv).is_ok();
                let mut solved = BTreeSet::new();
                let mut wrong_legal = BTreeSet::new();
                for mv in candidates(&game, step) {
                    let j = judge(&game, &step.goal, &mv);
                    if j.solved() {
                        solved.insert(mv.clone());
                    } else if legal(&mv) {
                        wrong_legal.insert(mv.clone());
                    }
                }
                assert!(!solved.is_empty(), "{at}: no move solves it");
                // Every legal move solving it is a task without a choice. (For a forbidden move
                // to find, the legal moves are the wrong answers.)
                assert!(
                    !wrong_legal.is_empty(),
                    "{at}: every legal move solves it ({solved:?})"
                );
                if !matches!(step.goal, Goal::Illegal(_)) {
                    assert!(
                        solved.iter().all(|m| legal(m)),
                        "{at}: an illegal move solves it: {solved:?}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 80, "only {checked} steps");
}

#[test]
fn a_wrong_move_is_refused_with_its_reason() {
    let c = shipped();
    let en = mancala_i18n::catalog("en");
    for g in &c.games {
        for s in g.stages.iter().filter(|s| s.id != "mistakes") {
            for step in &s.steps {
                let game = step.game().unwrap();
                let row = game.pits_per_row();
                let wrong = game
                    .state()
                    .legal
                    .into_iter()
                    .map(|m| judge(&game, &step.goal, &m))
                    .find(|j| !j.solved())
                    .expect("a wrong legal move (checked above)");
                let text = mancala_learn::text::verdict(en, &step.goal, &wrong, row);
                let names_move =
                    text.contains(&wrong.mv) || matches!(step.goal, Goal::Setup { .. });
                assert!(
                    names_move && !text.contains("learn-"),
                    "{}/{}/{}: {text}",
                    g.id,
                    s.id,
                    step.id
                );
            }
        }
    }
}

#[test]
fn common_mistakes_are_shipped_puzzles_whose_wrong_moves_are_refuted() {
    let c = shipped();
    let mut refuted = 0;
    for g in &c.games {
        let stage = g
            .stage("mistakes")
            .unwrap_or_else(|| panic!("{}: no mistakes", g.id));
        for step in &stage.steps {
            let Goal::Puzzle(id) = &step.goal else {
                panic!("{}: a mistake that is not a puzzle", g.id);
            };
            let p = mancala_puzzles::find_shipped(id).expect("a shipped puzzle");
            assert!(g.presets.iter().any(|v| v.name() == p.variant));
            assert_eq!(step.answer, p.solution[0]);
            let game = step.game().unwrap();
            for mv in game.state().legal {
                let j = judge(&game, &step.goal, &mv);
                assert_eq!(j.solved(), mv == p.solution[0], "{id}: {mv}");
                if let Verdict::Wrong(Why::Refuted { .. }) = &j.verdict {
                    refuted += 1;
                }
            }
        }
    }
    assert!(refuted > 10, "only {refuted} refutations");
}

/// `<h2>` headings of an HTML fragment, as the anchors lessons name: lower case, runs of other
/// characters than letters and digits made one `-`.
fn headings(html: &str) -> Vec<String> {
    html.split("<h2>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</h2>").map(|(h, _)| h))
        .map(|h| {
            let mut slug = String::new();
            for c in h.chars() {
                if c.is_ascii_alphanumeric() {
                    slug.push(c.to_ascii_lowercase());
                } else if !slug.ends_with('-') {
                    slug.push('-');
                }
            }
            slug.trim_matches('-').to_string()
        })
        .collect()
}

fn fragment(name: &str) -> String {
    let path = root().join("web/rules").join(format!("{name}.html"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_headings_become_anchors() {
    assert_eq!(
        headings("<section>\n<h2>A move: sowing in laps</h2>\n<p>x</p><h2>The end</h2>"),
        ["a-move-sowing-in-laps", "the-end"]
    );
}

#[test]
fn every_section_of_every_rules_page_taught_is_covered_by_a_step() {
    let c = shipped();
    let mut taught = BTreeSet::new();
    for g in &c.games {
        let covered: BTreeSet<&str> = g
            .stages
            .iter()
            .flat_map(|s| {
                s.steps
                    .iter()
                    .flat_map(|st| st.covers.iter().map(String::as_str))
            })
            .collect();
        let mut sections = BTreeSet::new();
        for name in &g.rules_pages {
            taught.insert(name.clone());
            for h in headings(&fragment(name)) {
                sections.insert(format!("{name}#{h}"));
            }
        }
        assert!(!sections.is_empty(), "{}: no rules sections", g.id);
        for s in &sections {
            assert!(
                covered.contains(s.as_str()),
                "{}: no step teaches {s}",
                g.id
            );
        }
        for c in &covered {
            assert!(
                sections.contains(*c),
                "{}: covers {c}, which is no section",
                g.id
            );
        }
        for v in &g.presets {
            let spec = v.info().spec;
            let stem = Path::new(spec).file_stem().unwrap().to_string_lossy();
            assert!(
                g.rules_pages.iter().any(|p| *p == stem),
                "{}: the page of {} ({spec}) is not taught",
                g.id,
                v.name()
            );
        }
    }
    // Every English fragment is taught by some game, but Ludii's cross-checking preset.
    for e in std::fs::read_dir(root().join("web/rules"))
        .unwrap()
        .flatten()
    {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "html") {
            let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
            if stem != "ouril-ludii" {
                assert!(
                    taught.contains(&stem),
                    "web/rules/{stem}.html is taught nowhere"
                );
            }
        }
    }
}

#[test]
fn every_text_exists_in_english_and_every_lesson_message_is_asked_for() {
    let c = shipped();
    let en = mancala_i18n::catalog("en");
    let mut wanted = BTreeSet::new();
    for g in &c.games {
        for key in mancala_learn::text::keys(g) {
            assert!(en.has(&key), "{}: no text {key}", g.id);
            wanted.insert(key);
        }
    }
    // Every message of learn.ftl is a lesson's text or asked for by the sources.
    let mut rust = String::new();
    for dir in ["crates/learn/src", "crates/cli/src"] {
        collect(&root().join(dir), &mut rust);
    }
    let text = mancala_i18n::files()
        .iter()
        .find(|f| f.0 == "en" && f.1 == "learn.ftl")
        .expect("i18n/en/learn.ftl")
        .2;
    let unused: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim()))
        .filter(|id| id.starts_with("learn-") && !id.contains(' '))
        .filter(|id| !wanted.contains(*id) && !rust.contains(&format!("\"{id}\"")))
        .collect();
    assert!(unused.is_empty(), "messages nothing asks for: {unused:?}");
}

fn collect(dir: &Path, out: &mut String) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
        }
    }
}

#[test]
fn practice_positions_set_up_with_the_learner_to_move() {
    for g in &shipped().games {
        for p in &g.practice {
            let game = p.game().unwrap();
            assert!(game.state().to_move.is_some(), "{}/{}", g.id, p.id);
            assert!((1..=6).contains(&p.level));
        }
    }
}

#[test]
fn paths_are_unique() {
    let mut seen = BTreeMap::new();
    for g in &shipped().games {
        for path in mancala_learn::progress::game_paths(g) {
            assert!(seen.insert(path.clone(), ()).is_none(), "{path} twice");
        }
    }
    assert!(seen.len() > 100);
}
