//! The lesson screen driven without a terminal: key presses in, `TestBackend` screens out, and
//! the progress file checked.

use std::path::{Path, PathBuf};

use ratatui::backend::TestBackend;
use ratatui::Terminal;

use super::screen::{Learn, View};
use super::ui;
use crate::play::app::{Event, Key};

const W: u16 = 100;
const H: u16 = 30;

fn screen(learn: &Learn) -> String {
    let mut term = Terminal::new(TestBackend::new(W, H)).unwrap();
    term.draw(|f| ui::render(learn, f)).unwrap();
    let buf = term.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..H {
        for x in 0..W {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// A progress file of this test's own, not yet written.
fn progress_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-learn-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("learn.json")
}

/// The lessons of the game a preset opens, in `lang`, on a screen of W x H.
fn open(preset: &str, lang: &'static str, path: &Path) -> Learn {
    let game = super::game_index(preset).unwrap();
    let mut learn = Learn::new(lang, Some(path.to_path_buf()), Some(game), 7).unwrap();
    learn.handle(Event::Resize {
        width: W,
        height: H,
    });
    learn
}

fn press(learn: &mut Learn, key: Key) {
    learn.handle(Event::Key(key));
}

fn keys(learn: &mut Learn, text: &str) {
    for c in text.chars() {
        press(learn, Key::Char(c));
    }
}

/// Ticks until no sowing is shown and the computer has answered (bounded).
fn settle(learn: &mut Learn) {
    for _ in 0..3000 {
        let busy = match learn.view() {
            View::Step(s) => s.app.frame().is_some(),
            View::Practice(p) => {
                p.app.frame().is_some()
                    || p.app.thinking()
                    || p.app.to_move().is_some_and(|s| !p.app.is_human(s))
            }
            _ => false,
        };
        if !busy {
            return;
        }
        learn.handle(Event::Tick);
    }
}

/// The moves played on the step's board.
fn played(learn: &Learn) -> usize {
    match learn.view() {
        View::Step(s) => s.app.played().len(),
        _ => panic!("not on a step"),
    }
}

fn done(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    mancala_learn::Progress::from_json(&text)
        .unwrap()
        .done
        .into_iter()
        .collect()
}

#[test]
fn a_stage_of_olowuka_is_completed_by_keys_and_a_wrong_move_is_refused_with_why() {
    let path = progress_file("olowuka");
    let mut learn = open("olowuka", "en", &path);
    let s = screen(&learn);
    assert!(s.contains("Sowing in laps  0/3"), "{s}");
    assert!(
        s.contains("practice: An ending where you lead 20 to 4"),
        "{s}"
    );
    press(&mut learn, Key::Enter);
    let s = screen(&learn);
    assert!(s.contains("Ọlọwuka · Sowing in laps · step 1/3"), "{s}");
    assert!(s.contains("Task: Make a move of at least two laps."), "{s}");
    // C is legal but sows a single lap: refused, not played, and said why.
    keys(&mut learn, "c");
    let s = screen(&learn);
    assert!(
        s.contains("C sows 1 lap; the task asks for at least 2."),
        "{s}"
    );
    assert_eq!(played(&learn), 0, "a wrong move is not played");
    keys(&mut learn, "t");
    assert!(screen(&learn).contains("Hint: Which of your moves ends in a pit"));
    // A: a relay, played and animated, then explained.
    keys(&mut learn, "a");
    assert_eq!(played(&learn), 1);
    settle(&mut learn);
    let s = screen(&learn);
    assert!(s.contains("Right: A captures 3 seeds."), "{s}");
    assert!(s.contains("A's last seed makes 4 in C"), "{s}");
    assert!(s.contains("n or Enter: next step"), "{s}");
    press(&mut learn, Key::Enter);
    assert!(screen(&learn).contains("step 2/3"));
    keys(&mut learn, "a");
    settle(&mut learn);
    keys(&mut learn, "n");
    let s = screen(&learn);
    assert!(s.contains("step 3/3"), "{s}");
    assert!(
        s.contains("Make your last seed fall into your own pit D."),
        "{s}"
    );
    keys(&mut learn, "a");
    settle(&mut learn);
    assert!(screen(&learn).contains("no capture and no relay"));
    keys(&mut learn, "n");
    let s = screen(&learn);
    assert!(s.contains("Capturing · step 1/3"), "{s}");
    assert!(s.contains("Stage done: Sowing in laps."), "{s}");
    assert_eq!(
        done(&path),
        [
            "olowuka/laps/ends-empty",
            "olowuka/laps/own-row",
            "olowuka/laps/relay"
        ]
    );
    // Back in the list, the stage is done; a new screen reads the same progress.
    press(&mut learn, Key::Esc);
    assert!(screen(&learn).contains("✓ Sowing in laps  3/3"));
    let again = open("olowuka", "en", &path);
    assert!(screen(&again).contains("✓ Sowing in laps  3/3"));
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

/// Clears the kucheleka editor, types `counts` (pit letter, then digits) and confirms.
fn set_up(learn: &mut Learn, counts: &[(char, u32)]) {
    for pit in 'a'..='h' {
        press(learn, Key::Char(pit));
        press(learn, Key::Backspace);
    }
    for (pit, n) in counts {
        press(learn, Key::Char(*pit));
        keys(learn, &n.to_string());
    }
    press(learn, Key::Enter);
}

#[test]
fn isolos_kucheleka_stage_is_completed_in_the_set_up_editor() {
    let path = progress_file("isolo");
    let mut learn = open("isolo", "en", &path);
    press(&mut learn, Key::Down);
    press(&mut learn, Key::Down);
    press(&mut learn, Key::Enter);
    let s = screen(&learn);
    assert!(s.contains("Isolo · Kucheleka · step 1/3"), "{s}");
    assert!(s.contains("set-up:"), "the editor's keys\n{s}");
    // The editor starts with 2 seeds a pit: too many for the task.
    press(&mut learn, Key::Enter);
    let s = screen(&learn);
    assert!(
        s.contains("You placed 16 seeds; the task allows at most 3."),
        "{s}"
    );
    set_up(&mut learn, &[('c', 2), ('e', 1)]);
    settle(&mut learn);
    let s = screen(&learn);
    assert!(s.contains("Right: k:0,0,2,0,1,0,0,0."), "{s}");
    keys(&mut learn, "n");
    set_up(&mut learn, &[('b', 1), ('c', 2), ('e', 1)]);
    settle(&mut learn);
    keys(&mut learn, "n");
    assert!(screen(&learn).contains("step 3/3"));
    // One seed too few to win at once is refused with why, then the right set-up.
    set_up(&mut learn, &[('a', 1), ('b', 1), ('e', 1)]);
    assert!(screen(&learn).contains("After this set-up none of your first moves"));
    set_up(&mut learn, &[('a', 1), ('b', 1), ('e', 1), ('g', 1)]);
    settle(&mut learn);
    assert!(screen(&learn).contains("With the right set-up"));
    assert_eq!(
        done(&path),
        [
            "isolo/kucheleka/capture",
            "isolo/kucheleka/capture-more",
            "isolo/kucheleka/win-at-once"
        ]
    );
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_practice_game_is_won_against_the_computer_and_kept() {
    let path = progress_file("practice");
    let mut learn = open("isolo", "en", &path);
    // Four stages, the common mistakes, then the practice games.
    for _ in 0..5 {
        press(&mut learn, Key::Down);
    }
    press(&mut learn, Key::Enter);
    let s = screen(&learn);
    assert!(s.contains("practice against the computer (level 1)"), "{s}");
    // G empties North's row at once: the foregame is won.
    keys(&mut learn, "g");
    settle(&mut learn);
    let s = screen(&learn);
    assert!(s.contains("You won: this practice is done."), "{s}");
    assert_eq!(done(&path), ["isolo/practice/foregame"]);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_common_mistake_is_answered_with_its_refutation() {
    let path = progress_file("mistake");
    let mut learn = open("oware", "en", &path);
    for _ in 0..5 {
        press(&mut learn, Key::Down);
    }
    press(&mut learn, Key::Enter);
    let s = screen(&learn);
    assert!(s.contains("Common mistakes · step 1/3"), "{s}");
    keys(&mut learn, "f");
    let s = screen(&learn);
    assert!(
        s.contains("F captures 2 seeds, but North answers f and captures 5 seeds."),
        "{s}"
    );
    keys(&mut learn, "e");
    settle(&mut learn);
    assert!(screen(&learn).contains("Right: E."));
    assert_eq!(done(&path), ["oware/mistakes/oware-0d8f1044c3"]);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn the_lessons_speak_the_chosen_language() {
    let path = progress_file("fr");
    let mut learn = open("olowuka", "fr", &path);
    assert!(screen(&learn).contains("Semer en plusieurs tours"));
    press(&mut learn, Key::Enter);
    keys(&mut learn, "c");
    let s = screen(&learn);
    assert!(
        s.contains("C sème 1 tour ; la tâche en demande au moins 2."),
        "{s}"
    );
    let path = progress_file("pt");
    let mut learn = open("olowuka", "pt", &path);
    press(&mut learn, Key::Enter);
    keys(&mut learn, "c");
    let s = screen(&learn);
    assert!(
        s.contains("C semeia 1 volta; a tarefa pede pelo menos 2."),
        "{s}"
    );
}

#[test]
fn the_list_of_games_and_the_overview_show_what_is_done() {
    let path = progress_file("overview");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, r#"{"done":["wuri/grand-slam/nothing"]}"#).unwrap();
    let mut learn = Learn::new("en", Some(path.clone()), None, 1).unwrap();
    learn.handle(Event::Resize {
        width: W,
        height: H,
    });
    let s = screen(&learn);
    for game in [
        "Oware and Abapa",
        "Wuri  1/",
        "Ouril",
        "Awari",
        "Ọlọwuka",
        "Ba-awa",
        "Isolo",
    ] {
        assert!(s.contains(game), "{game}\n{s}");
    }
    let text = learn.overview();
    assert!(text.contains("The grand slam (1/3)"), "{text}");
    assert!(text.contains("Run `mancala learn` in a terminal"), "{text}");
    // Enter opens the game under the cursor; Esc goes back.
    press(&mut learn, Key::Down);
    press(&mut learn, Key::Enter);
    assert!(screen(&learn).contains("learn · Wuri"));
    press(&mut learn, Key::Esc);
    assert!(matches!(learn.view(), View::Games { at: 1 }));
    // Forgetting Wuri's progress keeps the others'.
    assert_eq!(learn.reset(Some(1)).unwrap(), 1);
    assert!(done(&path).is_empty());
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_progress_file_that_is_not_one_is_refused_and_left_alone() {
    let path = progress_file("bad");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "not json").unwrap();
    let err = Learn::new("en", Some(path.clone()), None, 1)
        .err()
        .expect("refused");
    assert!(
        format!("{err:#}").contains("not a lesson progress"),
        "{err:#}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "not json");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_preset_without_lessons_is_an_error_naming_those_with() {
    let err = super::game_index("ouril-ludii").unwrap_err().to_string();
    assert!(err.contains("no lessons for ouril-ludii"), "{err}");
    assert!(err.contains("abapa"), "{err}");
    assert_eq!(
        super::game_index("awale").unwrap(),
        0,
        "Abapa's alias opens Oware's"
    );
}
