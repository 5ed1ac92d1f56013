//! The play screen driven without a terminal: events in, `TestBackend` screens out.

use mancala_core::variant::{AnyGame, DynGame, Variant};
use mancala_core::Side;
use ratatui::backend::TestBackend;
use ratatui::Terminal;

use super::app::{Action, App, Event, Key, Mode};
use super::opponent::{Hint, Opponent, RandomOpponent};
use super::{layout, ui};

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::render(app, f)).unwrap();
    let buf = term.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..h {
        for x in 0..w {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// A session on `game` in `mode` at `level`, the human (in [`Mode::Computer`]) playing South.
fn session(game: AnyGame, mode: Mode, level: u8, opponent: impl Opponent + 'static) -> App {
    App::new(game, mode, Side::South, level, Box::new(opponent))
}

fn new_app(variant: Variant, mode: Mode) -> App {
    let game = variant.new_game(&[], None).unwrap();
    session(game, mode, 3, RandomOpponent::new(7))
}

/// A two-player game of `variant` on a terminal of `width` by `height`.
fn local_app_sized(variant: Variant, width: u16, height: u16) -> App {
    let mut app = new_app(variant, Mode::Local);
    app.handle(Event::Resize { width, height });
    app
}

/// A two-player game of `variant` from `position`.
fn local_app_at(variant: Variant, position: &str) -> App {
    local_app(variant.new_game(&[], Some(position)).unwrap())
}

/// A game of `variant` under the rule options `rules` (`(name, value)`), from `position` (the
/// start if `None`), after `moves`.
fn game_after(
    variant: Variant,
    rules: &[(&str, &str)],
    position: Option<&str>,
    moves: &[&str],
) -> AnyGame {
    let rules: Vec<(String, String)> = rules
        .iter()
        .map(|&(name, value)| (name.into(), value.into()))
        .collect();
    let mut game = variant.new_game(&rules, position).unwrap();
    for mv in moves {
        game.play(mv).unwrap();
    }
    game
}

/// A two-player game going on from `game`.
fn local_app(game: AnyGame) -> App {
    session(game, Mode::Local, 1, RandomOpponent::new(1))
}

/// A game going on from `game` against the engine at level 2.
fn engine_app(game: AnyGame) -> App {
    session(
        game,
        Mode::Computer,
        2,
        super::opponent::EngineOpponent::new(9),
    )
}

/// Ticks until no animation runs and no computer move is pending (bounded).
fn settle(app: &mut App) {
    for _ in 0..500 {
        if app.frame().is_none() && !app.thinking() {
            let to_move = app.to_move();
            if to_move.is_none_or(|s| app.is_human(s)) {
                return;
            }
        }
        app.handle(Event::Tick);
    }
}

/// A scripted opponent: a fixed reply and a fixed hint, to test the UI on its own.
struct Scripted;

impl Opponent for Scripted {
    fn describe(&self, level: u8, _cat: &mancala_i18n::Catalog) -> String {
        format!("scripted {level}")
    }
    fn choose(&mut self, game: &AnyGame, _level: u8) -> Option<String> {
        game.state().legal.last().cloned()
    }
    fn hint(&mut self, game: &AnyGame) -> Result<Hint, String> {
        Ok(Hint {
            mv: game.state().legal.first().cloned().ok_or("no move")?,
            value: Some("+1.00 (estimate)".into()),
        })
    }
}

/// Enters a kucheleka set-up (`counts` as in `k:0,5,...`) with the editor's keys and confirms
/// it: every pit cleared first, then each count typed as digits or stepped with `+`.
fn edit_setup(app: &mut App, counts: &str, variant: usize) {
    let counts: Vec<u32> = counts.split(',').map(|c| c.parse().unwrap()).collect();
    let letter = |j: usize| char::from(b'a' + j as u8);
    for j in 0..counts.len() {
        app.handle(Event::Key(Key::Char(letter(j))));
        app.handle(Event::Key(Key::Backspace));
    }
    assert_eq!(app.setup().unwrap().total(), 0);
    for (j, &c) in counts.iter().enumerate() {
        app.handle(Event::Key(Key::Char(letter(j))));
        if variant % 2 == 0 || c > 5 {
            for d in c.to_string().chars() {
                app.handle(Event::Key(Key::Char(d)));
            }
        } else {
            for _ in 0..c {
                app.handle(Event::Key(Key::Char('+')));
            }
        }
        assert_eq!(app.setup().unwrap().counts[j], c);
    }
    app.handle(Event::Key(Key::Enter));
}

#[test]
fn every_variant_is_played_to_the_end_by_keys_and_drawn() {
    for variant in Variant::ALL {
        let mut app = local_app_sized(variant, 100, 30);
        let mut rng = RandomOpponent::new(u64::from(variant.name().len() as u32) + 11);
        let mut plies = 0;
        while !app.is_over() {
            let legal = app.state().legal;
            let mv = rng.pick(&legal).unwrap().clone();
            let n = app.game().pits_per_row();
            // Alternate between letter keys, the arrow cursor and mouse clicks; an Isolo set-up
            // goes through the kucheleka editor.
            if let Some(counts) = mv.strip_prefix("k:") {
                assert!(app.setup().is_some(), "{variant:?}: no editor");
                edit_setup(&mut app, counts, plies);
            } else {
                match plies % 3 {
                    0 => {
                        app.handle(Event::Key(Key::Char(mv.chars().next().unwrap())));
                    }
                    1 => {
                        let target = app.move_pit(&mv).unwrap();
                        for _ in 0..12 {
                            if app.cursor() == target {
                                break;
                            }
                            app.handle(Event::Key(Key::Right));
                        }
                        assert_eq!(app.cursor(), target, "{variant:?}");
                        app.handle(Event::Key(Key::Enter));
                    }
                    _ => {
                        let geo =
                            layout::geometry(ratatui::layout::Rect::new(0, 0, 100, 30), n).unwrap();
                        let r = geo.pits[app.move_pit(&mv).unwrap()];
                        app.handle(Event::Click {
                            column: r.x + 2,
                            row: r.y + 1,
                        });
                    }
                }
            }
            assert_eq!(
                app.played().len(),
                plies + 1,
                "{variant:?} move {mv} refused: {:?}",
                app.message()
            );
            assert_eq!(app.played().last().unwrap().mv, mv);
            // Draw in the middle of the animation, then let it finish.
            let mid = screen(&app, 100, 30);
            assert!(mid.contains("board"));
            settle(&mut app);
            plies += 1;
            assert!(plies < 2000, "{variant:?} does not end");
        }
        let s = screen(&app, 100, 30);
        assert!(s.contains("Game over"), "{variant:?}\n{s}");
        if variant == Variant::Isolo {
            assert!(app.played().iter().any(|p| p.mv.starts_with("k:")));
        }
        if variant == Variant::BaAwa {
            // A whole match: several rounds were played.
            assert!(s.contains("round"), "{s}");
        }
        let st = app.state();
        if variant == Variant::Isolo {
            // No stores, no score.
            assert!(s.contains(" wins (") && !s.contains("0-0"), "{s}");
        } else {
            assert!(
                s.contains(&format!("{}-{}", st.stores[0], st.stores[1])),
                "{s}"
            );
        }
    }
}

#[test]
fn the_board_shows_letters_counts_stores_and_turn() {
    let app = new_app(Variant::Abapa, Mode::Local);
    let s = screen(&app, 100, 30);
    for l in [
        "A",
        "F",
        "a",
        "f",
        "north",
        "south",
        "to move",
        "South to move",
        "game state and rules",
        "grand slam: capture forfeited",
    ] {
        assert!(s.contains(l), "missing {l:?}\n{s}");
    }
    assert_eq!(s.matches("  4 ").count(), 12, "{s}");
}

#[test]
fn sowing_is_shown_seed_by_seed_and_can_be_skipped() {
    let mut app = new_app(Variant::Abapa, Mode::Local);
    app.handle(Event::Key(Key::Char('C')));
    let f = app.frame().expect("animating").clone();
    assert_eq!(f.pits[2], 0);
    assert_eq!(f.pits[3], 4, "no seed dropped yet");
    app.handle(Event::Tick);
    assert_eq!(app.frame().unwrap().pits[3], 5);
    assert_eq!(app.frame().unwrap().hot, Some(3));
    app.handle(Event::Key(Key::Char(' ')));
    assert!(app.frame().is_none());
    // Speed 0: no animation at all.
    app.handle(Event::Key(Key::Char('0')));
    app.handle(Event::Key(Key::Char('f')));
    assert!(app.frame().is_none());
    assert_eq!(app.played().len(), 2);
}

#[test]
fn relay_moves_are_animated_lap_by_lap() {
    // Olowuka from the start: A's last seed makes 5 in E, which is lifted and sown again.
    let mut app = new_app(Variant::Olowuka, Mode::Local);
    let want = game_after(Variant::Olowuka, &[], None, &["A"]).state();
    app.handle(Event::Key(Key::Char('A')));
    let mut laps = Vec::new();
    let mut saw_lap_two_on_screen = false;
    for _ in 0..400 {
        let Some(f) = app.frame() else { break };
        if laps.last() != Some(&f.lap) {
            laps.push(f.lap);
            if f.lap == 2 {
                let s = screen(&app, 100, 30);
                saw_lap_two_on_screen = s.contains("lap 2");
            }
        }
        app.handle(Event::Tick);
    }
    assert!(app.frame().is_none(), "the animation ends");
    assert!(laps.len() > 2, "laps shown: {laps:?}");
    assert!(laps.windows(2).all(|w| w[1] == w[0] + 1), "{laps:?}");
    assert!(saw_lap_two_on_screen, "the board title names the lap");
    assert_eq!(app.state().pits, want.pits);
}

#[test]
fn ba_awa_fours_are_highlighted_while_sowing() {
    // South's A: B makes 4 with a seed still in hand, then C makes 4 with the last seed.
    let mut app = local_app_at(Variant::BaAwa, "2-3-3-0-0-0-5-5-5-5-5-5-4-6-S");
    app.handle(Event::Key(Key::Char('A')));
    let mut taken = Vec::new();
    for _ in 0..40 {
        let Some(f) = app.frame() else { break };
        if let [p] = f.taken[..] {
            if taken.last() != Some(&p) {
                assert_eq!(f.pits[p], 4, "a four is shown before it leaves");
                taken.push(p);
            }
        }
        app.handle(Event::Tick);
    }
    assert_eq!(taken, [1, 2]);
    assert_eq!(app.state().stores, [12, 6]);
}

#[test]
fn captures_are_highlighted_before_they_leave_the_board() {
    // South's F (1 seed) lands on a (2 -> 3) and captures it.
    let mut app = local_app_at(Variant::Abapa, "0-0-0-0-0-1-2-4-4-4-4-4-12-13-S");
    app.handle(Event::Key(Key::Char('F')));
    let mut saw_capture = false;
    for _ in 0..20 {
        if let Some(f) = app.frame() {
            if f.taken == vec![6] {
                saw_capture = true;
                assert_eq!(f.pits[6], 3);
            }
        }
        app.handle(Event::Tick);
    }
    assert!(saw_capture);
    assert_eq!(app.played()[0].captured, 3);
    let s = screen(&app, 100, 30);
    assert!(s.contains("F +3") || s.contains("F+3"), "{s}");
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let mut app = new_app(Variant::Oware, Mode::Local);
    app.handle(Event::Key(Key::Char('0')));
    app.handle(Event::Key(Key::Char('A')));
    // Typed as text, the exact pit is meant: South's A while North is to move.
    app.handle(Event::Key(Key::Char(':')));
    for c in "A".chars() {
        app.handle(Event::Key(Key::Char(c)));
    }
    app.handle(Event::Key(Key::Enter));
    let (text, _) = app.message().unwrap().clone();
    assert!(text.contains("not your pit"), "{text}");
    let s = screen(&app, 100, 30);
    assert!(s.contains("A is not allowed: not your pit"), "{s}");
    assert_eq!(app.played().len(), 1);
    // An empty pit.
    app.handle(Event::Key(Key::Char('a')));
    app.handle(Event::Key(Key::Char('A')));
    assert!(
        app.message().unwrap().0.contains("empty pit"),
        "{:?}",
        app.message()
    );
    // Text that is no move at all.
    app.handle(Event::Key(Key::Char(':')));
    app.handle(Event::Key(Key::Char('Z')));
    app.handle(Event::Key(Key::Enter));
    assert!(
        app.message().unwrap().0.contains("not a move"),
        "{:?}",
        app.message()
    );
}

#[test]
fn against_the_computer_it_answers_and_undo_goes_back_to_your_turn() {
    let game = Variant::Abapa.new_game(&[], None).unwrap();
    let mut app = session(game, Mode::Computer, 2, Scripted);
    app.handle(Event::Key(Key::Char('0')));
    app.handle(Event::Key(Key::Char('A')));
    assert_eq!(app.to_move(), Some(Side::North));
    // Keys for the computer's side are refused.
    app.handle(Event::Key(Key::Char('b')));
    assert!(
        app.message().unwrap().0.contains("wait"),
        "{:?}",
        app.message()
    );
    app.handle(Event::Tick);
    assert!(app.thinking());
    assert!(screen(&app, 100, 30).contains("thinking"));
    app.handle(Event::Tick);
    assert_eq!(app.played().len(), 2);
    assert_eq!(app.played()[1].mv, "f");
    assert_eq!(app.to_move(), Some(Side::South));
    app.handle(Event::Key(Key::Char('u')));
    assert_eq!(app.played().len(), 0, "back to South's turn");
    app.handle(Event::Key(Key::Char('r')));
    assert_eq!(app.played().len(), 2, "redo replays both moves");
    assert_eq!(app.to_move(), Some(Side::South));
    app.handle(Event::Key(Key::Char('t')));
    assert_eq!(app.hint().unwrap().mv, "A");
    assert!(screen(&app, 100, 30).contains("hint: A (+1.00 (estimate))"));
}

#[test]
fn the_computer_can_play_north_and_move_first_as_south() {
    let game = Variant::Wuri.new_game(&[], None).unwrap();
    let mut app = App::new(game, Mode::Computer, Side::North, 1, Box::new(Scripted));
    settle(&mut app);
    assert_eq!(app.played().len(), 1);
    assert_eq!(app.to_move(), Some(Side::North));
}

#[test]
fn watch_mode_plays_itself_to_the_end_and_pauses() {
    let game = Variant::Ouril.new_game(&[], None).unwrap();
    let mut app = session(game, Mode::Watch, 1, RandomOpponent::new(3));
    app.handle(Event::Key(Key::Char('p')));
    for _ in 0..10 {
        app.handle(Event::Tick);
    }
    assert!(app.played().is_empty(), "paused");
    app.handle(Event::Key(Key::Char('p')));
    app.handle(Event::Key(Key::Char('0')));
    for _ in 0..20_000 {
        if app.is_over() {
            break;
        }
        app.handle(Event::Tick);
    }
    assert!(app.is_over());
    assert!(screen(&app, 100, 30).contains("Game over"));
}

#[test]
fn resign_new_game_help_and_quit() {
    let mut app = new_app(Variant::Abapa, Mode::Local);
    app.handle(Event::Key(Key::Char('A')));
    // `x` asks first; any other key plays on (and does nothing else).
    app.handle(Event::Key(Key::Char('x')));
    assert_eq!(app.resigned(), None);
    assert!(app.confirming_resignation());
    let s = screen(&app, 100, 30);
    assert!(
        s.contains("resign this game?") && s.contains("any other key: play on"),
        "{s}"
    );
    app.handle(Event::Key(Key::Char('b')));
    assert_eq!(app.resigned(), None);
    assert_eq!(app.played().len(), 1, "the key only cancelled");
    assert!(screen(&app, 100, 30).contains("resignation cancelled"));
    app.handle(Event::Key(Key::Char('x')));
    app.handle(Event::Key(Key::Char('x')));
    assert_eq!(app.resigned(), Some(Side::North));
    let s = screen(&app, 100, 30);
    assert!(s.contains("north resigned, south wins"), "{s}");
    assert_eq!(s.matches("resigned").count(), 1, "said once:\n{s}");
    app.handle(Event::Key(Key::Char('b')));
    assert_eq!(app.played().len(), 1, "no move after resigning");
    app.handle(Event::Key(Key::Char('n')));
    assert!(app.played().is_empty() && !app.is_over());
    app.handle(Event::Key(Key::Char('?')));
    let s = screen(&app, 100, 30);
    assert!(
        s.contains("help") && s.contains("Abapa — 2x6") && s.contains("undo"),
        "{s}"
    );
    app.handle(Event::Key(Key::Char('A')));
    assert!(!app.help_open());
    assert!(app.played().is_empty(), "the key only closed the help");
    assert_eq!(app.handle(Event::Key(Key::Char('s'))), Action::Save);
    assert_eq!(app.handle(Event::Key(Key::Char('q'))), Action::Quit);
    assert_eq!(app.handle(Event::Key(Key::Interrupt)), Action::Quit);
}

#[test]
fn a_small_terminal_gets_a_message_not_a_panic() {
    let mut app = new_app(Variant::Oware, Mode::Local);
    for (w, h) in [(10, 5), (59, 30), (100, 19), (1, 1)] {
        app.handle(Event::Resize {
            width: w,
            height: h,
        });
        let s = screen(&app, w, h);
        if w >= 20 {
            assert!(s.contains("too small"), "{w}x{h}\n{s}");
        }
        // Clicks anywhere on a small screen do nothing.
        app.handle(Event::Click { column: 3, row: 3 });
    }
    assert!(app.played().is_empty());
    for n in [0, 1, 8, 9361, 9362, 70_000, usize::MAX] {
        let area = ratatui::layout::Rect::new(0, 0, u16::MAX, u16::MAX);
        let _ = layout::geometry(area, n);
        let _ = layout::min_width(n);
    }
}

#[test]
fn no_key_sequence_panics() {
    let keys: Vec<Key> = [
        Key::Left,
        Key::Right,
        Key::Up,
        Key::Down,
        Key::Enter,
        Key::Esc,
        Key::Backspace,
        Key::F1,
    ]
    .into_iter()
    .chain("urtnxp:+-aFé9".chars().map(Key::Char))
    .collect();
    for variant in Variant::ALL {
        let mut app = new_app(variant, Mode::Computer);
        let mut rng = RandomOpponent::new(5);
        for _ in 0..3000 {
            let k = *rng.pick(&keys).unwrap();
            match rng.next_u64() % 5 {
                0 => {
                    app.handle(Event::Tick);
                }
                1 => {
                    let c = (rng.next_u64() % 100) as u16;
                    let r = (rng.next_u64() % 30) as u16;
                    app.handle(Event::Click { column: c, row: r });
                }
                _ => {
                    app.handle(Event::Key(k));
                }
            }
        }
        let _ = screen(&app, 100, 30);
    }
}

#[test]
fn a_loaded_game_keeps_its_moves_and_captures() {
    let position = Some("0-0-0-0-0-1-2-4-4-4-4-4-12-13-S");
    let app = local_app(game_after(Variant::Abapa, &[], position, &["F"]));
    assert_eq!(app.played().len(), 1);
    assert_eq!(app.played()[0].captured, 3);
    assert_eq!(app.played()[0].side, Some(Side::South));
}

#[test]
fn the_engine_answers_and_gives_a_hint_with_its_value() {
    let game = Variant::Abapa.new_game(&[], None).unwrap();
    let mut app = engine_app(game);
    assert!(screen(&app, 100, 30).contains("engine level 2"));
    app.handle(Event::Key(Key::Char('0')));
    app.handle(Event::Key(Key::Char('t')));
    let hint = app.hint().expect("a hint").clone();
    assert!(app.state().legal.contains(&hint.mv));
    let value = hint.value.unwrap();
    assert!(value.contains("depth"), "{value}");
    assert!(value.contains(" (estimate), depth "), "{value}");
    app.handle(Event::Key(Key::Enter));
    assert_eq!(app.played()[0].mv, hint.mv, "Enter plays the hinted pit");
    settle(&mut app);
    assert_eq!(app.played().len(), 2);
    assert_eq!(app.played()[1].side, Some(Side::North));
}

#[test]
fn a_hint_in_a_solved_endgame_says_proven() {
    // With grand slams allowed, South's F takes North's last seed: 25-23.
    let position = Some("0-0-0-0-0-1-1-0-0-0-0-0-23-23-S");
    let game = game_after(Variant::Abapa, &[("grand_slam", "Allowed")], position, &[]);
    let mut app = engine_app(game);
    app.handle(Event::Key(Key::Char('t')));
    let value = app.hint().expect("a hint").value.clone().unwrap();
    assert!(value.starts_with("proven win by 2, depth "), "{value}");
}

#[test]
fn a_hint_whose_search_proves_nothing_is_proven_by_a_short_proof() {
    // A late Ọlọwuka position: a draw (`mancala solve`), which the search only estimates
    // (repetitions keep its lines open).
    let position = Some("1-1-0-0-0-0-1-1-0-0-0-0-22-22-S");
    let hint = |proof_ms| {
        let game = game_after(Variant::Olowuka, &[], position, &[]);
        let opponent = super::opponent::EngineOpponent::new(9)
            .with_hint_proof(std::time::Duration::from_millis(proof_ms));
        let mut app = session(game, Mode::Computer, 2, opponent);
        app.handle(Event::Key(Key::Char('t')));
        app.hint().expect("a hint").clone()
    };
    let estimated = hint(0).value.unwrap();
    assert!(estimated.contains(" (estimate), depth "), "{estimated}");
    let proven = hint(5000);
    let value = proven.value.unwrap();
    assert!(value.starts_with("proven draw, depth "), "{value}");
}

#[test]
fn changed_rules_and_extras_are_shown() {
    let game = game_after(Variant::Ouril, &[("grand_slam", "Allowed")], None, &[]);
    let app = local_app(game);
    let s = screen(&app, 100, 30);
    assert!(s.contains("grand slam: allowed"), "{s}");
    let game = Variant::Ouril.new_game(&[], None).unwrap();
    let app = local_app(game);
    assert!(screen(&app, 100, 30).contains("extra turn: no"));
}

#[test]
fn saved_games_load_back_with_rules_position_and_moves() {
    let dir = std::env::temp_dir().join(format!("mancala-play-test-{}", std::process::id()));
    let position = Some("0-0-0-0-0-1-2-4-4-4-4-4-12-13-S");
    let game = game_after(
        Variant::Wuri,
        &[("grand_slam", "Allowed")],
        position,
        &["F", "f"],
    );
    for name in ["g.mgn", "g.ogn"] {
        let path = dir.join(name);
        super::save(&game, None, &path).unwrap();
        let back = super::load_record(&path).unwrap();
        assert_eq!(back.variant(), Variant::Wuri, "{name}");
        assert_eq!(back.moves(), game.moves(), "{name}");
        assert_eq!(back.notation(), game.notation(), "{name}");
        assert_eq!(back.options(), game.options(), "{name}");
    }
    let text = std::fs::read_to_string(dir.join("g.mgn")).unwrap();
    assert!(
        text.contains("[Rule_grand_slam \"Allowed\"]") && text.contains("F+3"),
        "{text}"
    );
    assert!(super::load_record(&dir.join("missing.mgn")).is_err());
    super::save(&game, Some(Side::North), &dir.join("r.mgn")).unwrap();
    let text = std::fs::read_to_string(dir.join("r.mgn")).unwrap();
    assert!(
        text.contains("[Termination \"resigned\"]") && text.trim_end().ends_with("1-0"),
        "{text}"
    );
    assert_eq!(
        super::load_record(&dir.join("r.mgn")).unwrap().moves(),
        game.moves()
    );
    std::fs::write(dir.join("bad.mgn"), "[Variant \"wuri\"]\n1. F (").unwrap();
    let e = format!(
        "{:#}",
        super::load_record(&dir.join("bad.mgn")).err().unwrap()
    );
    assert!(e.contains("line 2, column 7"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn background_thinking_keeps_keys_alive_and_drops_stale_answers() {
    let game = Variant::Abapa.new_game(&[], None).unwrap();
    let mut app = session(game, Mode::Computer, 1, Scripted);
    app.set_background(true);
    app.handle(Event::Key(Key::Char('0')));
    app.handle(Event::Key(Key::Char('A')));
    app.handle(Event::Tick); // "thinking" is drawn
    app.handle(Event::Tick); // the search starts on another thread
    assert!(app.thinking());
    // Undo while the computer thinks: its answer must not be played on the new position.
    app.handle(Event::Key(Key::Char('u')));
    assert!(app.played().is_empty());
    for _ in 0..200 {
        app.handle(Event::Tick);
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(app.played().is_empty(), "a stale answer was played");
    app.handle(Event::Key(Key::Char('B')));
    for _ in 0..400 {
        if app.played().len() == 2 {
            break;
        }
        app.handle(Event::Tick);
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert_eq!(app.played().len(), 2);
    assert_eq!(app.played()[1].side, Some(Side::North));
    assert!(app.opponent_name().contains("scripted"));
}

#[test]
fn the_cursor_reaches_pits_owned_in_the_other_row() {
    // Round 2: South owns North's f (index 11) as well as his own row.
    let position = Some("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-SSSSSSNNNNNS-S-r2-w1.0");
    let mut app = local_app(game_after(Variant::BaAwa, &[], position, &[]));
    assert!(app.state().legal.contains(&"f".to_string()));
    let mut seen = Vec::new();
    for _ in 0..7 {
        seen.push(app.cursor());
        app.handle(Event::Key(Key::Right));
    }
    seen.sort_unstable();
    assert_eq!(
        seen,
        vec![0, 1, 2, 3, 4, 5, 11],
        "Right visits exactly South's pits"
    );
    app.handle(Event::Key(Key::Down));
    assert!(app.cursor() < 6);
    app.handle(Event::Key(Key::Up));
    assert_eq!(app.cursor(), 11, "Up goes to the owned pit in North's row");
    let s = screen(&app, 100, 30);
    assert!(
        s.contains("*S*"),
        "the pit owned across the board is marked\n{s}"
    );
    assert!(s.contains("round 2"), "{s}");
    assert!(s.contains("own 7/10"), "{s}");
    // The letter of the owned pit plays it.
    app.handle(Event::Key(Key::Char('f')));
    assert_eq!(app.played().len(), 1);
    assert_eq!(app.played()[0].mv, "f");
}

#[test]
fn the_kucheleka_editor_places_seeds_and_confirms() {
    // The foregame is over: South won it and sets up.
    let mut game = Variant::Isolo.new_game(&[], None).unwrap();
    let mut rng = RandomOpponent::new(3);
    while !App::in_kucheleka(&game.state()) {
        let legal = game.state().legal;
        let mv = rng.pick(&legal).unwrap().clone();
        game.play(&mv).unwrap();
    }
    let winner = game.state().to_move.unwrap();
    let mut app = App::new(
        game,
        Mode::Computer,
        winner,
        1,
        Box::new(RandomOpponent::new(5)),
    );
    let setup = app.setup().expect("the editor is open").clone();
    assert_eq!(setup.side, winner);
    assert_eq!(setup.total(), 16, "2 per pit to begin with");
    let s = screen(&app, 110, 34);
    assert!(s.contains("Kucheleka"), "{s}");
    assert!(s.contains("16 seeds placed of at most 64"), "{s}");
    // The loser's row shows 2 per pit in the preview.
    let preview = app.setup_preview().unwrap();
    let loser = winner.opponent().index() * 8;
    assert!(preview[loser..loser + 8].iter().all(|&c| c == 2));
    // Digits, +/- and arrows.
    app.handle(Event::Key(Key::Char('a')));
    app.handle(Event::Key(Key::Char('1')));
    app.handle(Event::Key(Key::Char('2')));
    assert_eq!(app.setup().unwrap().counts[0], 12);
    app.handle(Event::Key(Key::Char('-')));
    assert_eq!(app.setup().unwrap().counts[0], 11);
    app.handle(Event::Key(Key::Char('c')));
    app.handle(Event::Key(Key::Up));
    assert_eq!(app.setup().unwrap().counts[2], 3);
    // The limit holds: 64 in all.
    app.handle(Event::Key(Key::Char('h')));
    for d in ['9', '9'] {
        app.handle(Event::Key(Key::Char(d)));
    }
    assert!(app.setup().unwrap().total() <= 64);
    app.handle(Event::Key(Key::Backspace));
    assert_eq!(app.setup().unwrap().counts[7], 0);
    let mv = app.setup().unwrap().move_text();
    assert_eq!(mv, "k:11,2,3,2,2,2,2,0");
    app.handle(Event::Key(Key::Enter));
    assert_eq!(app.played().last().unwrap().mv, mv);
    assert!(app.setup().is_none());
    let st = app.state();
    let base = winner.index() * 8;
    assert_eq!(st.pits[base], 11);
    assert!(st.pits[loser..loser + 8].iter().all(|&c| c == 2));
}

#[test]
fn saves_go_to_the_data_directory_not_the_working_directory() {
    use std::path::PathBuf;
    let p = super::default_save_path(
        Some(PathBuf::from("/data")),
        Some(PathBuf::from("/home/u")),
        "abapa",
        7,
    );
    assert_eq!(p, PathBuf::from("/data/mancala/games/mancala-abapa-7.mgn"));
    let p = super::default_save_path(None, Some(PathBuf::from("/home/u")), "oware", 7);
    assert_eq!(
        p,
        PathBuf::from("/home/u/.local/share/mancala/games/mancala-oware-7.mgn")
    );
    // A relative XDG_DATA_HOME is ignored, as the XDG rules say.
    let p = super::default_save_path(
        Some(PathBuf::from("rel")),
        Some(PathBuf::from("/home/u")),
        "oware",
        7,
    );
    assert!(p.starts_with("/home/u/.local/share"), "{}", p.display());
}

#[test]
fn the_help_screen_scrolls_and_explains_captures_at_120_by_40() {
    for variant in Variant::ALL {
        let mut app = local_app_sized(variant, 120, 40);
        app.handle(Event::Key(Key::Char('?')));
        let first = screen(&app, 120, 40);
        assert!(first.contains("Captures"), "{variant:?}\n{first}");
        let opening: String = super::help::captures(variant, app.cat())
            .split_whitespace()
            .take(4)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(first.contains(&opening), "{variant:?}: {opening}\n{first}");
        let end = "any other key closes this screen";
        let max = super::help::max_scroll(app.game(), app.cat(), (120, 40));
        if max == 0 {
            assert!(first.contains(end), "{variant:?}\n{first}");
            continue;
        }
        assert!(!first.contains(end), "{variant:?}: all fits\n{first}");
        assert!(first.contains("↓ more"), "{first}");
        for _ in 0..10 {
            app.handle(Event::Key(Key::PageDown));
        }
        assert_eq!(app.help_scroll(), max, "no scrolling past the end");
        let last = screen(&app, 120, 40);
        assert!(last.contains(end), "{variant:?}\n{last}");
        assert!(!last.contains("↓ more"), "{last}");
        app.handle(Event::Key(Key::Down));
        assert_eq!(app.help_scroll(), max);
        app.handle(Event::Key(Key::Up));
        assert_eq!(app.help_scroll(), max - 1);
        assert!(app.help_open(), "scrolling keeps the help open");
        app.handle(Event::Key(Key::Char('A')));
        assert!(!app.help_open());
        assert!(app.played().is_empty(), "the key only closed the help");
    }
}

/// A puzzle screen on `puzzle`, its record kept in a fresh file (returned).
fn puzzle_app(puzzle: &'static mancala_puzzles::Puzzle, name: &str) -> (App, std::path::PathBuf) {
    puzzle_app_in(puzzle, name, "en")
}

/// [`puzzle_app`] in the language `lang`.
fn puzzle_app_in(
    puzzle: &'static mancala_puzzles::Puzzle,
    name: &str,
    lang: &str,
) -> (App, std::path::PathBuf) {
    use super::puzzle::Session;
    let dir = std::env::temp_dir().join(format!("mancala-puzzle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("puzzles.json");
    let pool: Vec<&'static mancala_puzzles::Puzzle> = mancala_puzzles::shipped_all()
        .unwrap()
        .iter()
        .filter(|p| p.variant == puzzle.variant)
        .collect();
    let (session, game, defender) = Session::new(
        pool,
        puzzle,
        Some(path.clone()),
        mancala_i18n::catalog(lang),
    )
    .unwrap();
    (App::puzzle(session, game, defender), path)
}

fn press_move(app: &mut App, mv: &str) {
    let c = mv.chars().next().unwrap();
    app.handle(Event::Key(Key::Char(c)));
    settle(app);
}

#[test]
fn a_puzzle_is_solved_on_the_board_with_the_defenders_replies_played() {
    use super::puzzle::Status;
    // A puzzle whose line has replies of the defender, of a game with long relay moves too.
    for variant in [Variant::Abapa, Variant::Olowuka] {
        let p = mancala_puzzles::shipped(variant)
            .into_iter()
            .find(|p| p.solution.len() >= 3)
            .expect("a puzzle of several moves");
        let (mut app, path) = puzzle_app(p, variant.name());
        let solver = app.puzzle_session().unwrap().solver();
        assert_eq!(app.to_move(), Some(solver));
        assert!(screen(&app, 100, 30).contains(&p.id));
        let mut i = 0;
        while i < p.solution.len() {
            assert_eq!(app.game().moves(), p.solution[..i].to_vec(), "{}", p.id);
            press_move(&mut app, &p.solution[i]);
            // The defender's replies of the solution are played by the screen.
            i = app.game().moves().len();
        }
        let session = app.puzzle_session().unwrap();
        assert_eq!(session.status(), Status::Solved, "{}", p.id);
        let record = session.record().clone();
        assert!(record.rating > super::puzzle::START_RATING, "{record:?}");
        assert_eq!((record.streak, record.best, record.solved), (1, 1, 1));
        let shown = screen(&app, 100, 30);
        assert!(shown.contains("solved!"), "{shown}");
        // The record is kept on disk: a new session starts from it.
        let saved = super::puzzle::Record::load(Some(&path));
        assert_eq!(saved, record);
        // Nothing more is played on a solved puzzle; n opens another of the same game.
        app.handle(Event::Key(Key::Char(p.solution[0].chars().next().unwrap())));
        assert_eq!(app.game().moves(), p.solution);
        app.handle(Event::Key(Key::Char('n')));
        let next = app.puzzle_session().unwrap().puzzle();
        assert_ne!(next.id, p.id);
        assert_eq!(next.variant, p.variant);
        assert!(app.game().moves().is_empty());
        assert_eq!(app.game().notation(), next.position);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}

/// The puzzle screen in French and Portuguese: its title, task, record, hint, the refutation of a
/// wrong move and the solution, with no English left.
#[test]
fn a_puzzle_on_the_board_speaks_the_players_language() {
    let p = mancala_puzzles::shipped(Variant::Awari)
        .into_iter()
        .find(|p| p.horizon.is_none() && !p.refutations.is_empty())
        .expect("an awari puzzle with refutations");
    let (wrong, reply) = p.refutations.iter().next().unwrap();
    let best = &p.solution[0];
    for (lang, said) in [
        (
            "fr",
            [
                format!("problème {} (cote {})", p.id, p.rating),
                "trouvez le seul meilleur coup".to_string(),
                "votre cote ".to_string(),
                "thème : ".to_string(),
                format!("{wrong} n'est pas le bon coup : "),
                format!("répond {reply}"),
                format!("seul {best} "),
                "solution : ".to_string(),
            ],
        ),
        (
            "pt",
            [
                format!("problema {} (classificação {})", p.id, p.rating),
                "encontre a única melhor jogada".to_string(),
                "a sua classificação ".to_string(),
                "tema: ".to_string(),
                format!("{wrong} não é a jogada: "),
                format!("responde {reply}"),
                format!("só {best} "),
                "solução: ".to_string(),
            ],
        ),
    ] {
        let (mut app, path) = puzzle_app_in(p, &format!("lang-{lang}"), lang);
        let mut seen = screen(&app, 200, 30);
        seen.push_str(&app.message().unwrap().0);
        app.handle(Event::Key(Key::Char('t')));
        seen.push_str(&app.message().unwrap().0);
        press_move(&mut app, wrong);
        assert_eq!(app.game().moves(), vec![wrong.clone(), reply.clone()]);
        seen.push_str(&app.message().unwrap().0);
        seen.push_str(&screen(&app, 200, 30));
        app.handle(Event::Key(Key::Char('u')));
        app.handle(Event::Key(Key::Char('v')));
        settle(&mut app);
        seen.push_str(&app.message().unwrap().0);
        for s in &said {
            assert!(seen.contains(s.as_str()), "{lang}: no {s:?} in\n{seen}");
        }
        for english in [
            "puzzle ",
            "rating",
            "to play",
            "find the only",
            "theme",
            "is not it",
            "answers",
            "only ",
            "try again",
            "solution:",
            "streak",
            "South",
            "North",
        ] {
            assert!(!seen.contains(english), "{lang}: {english:?} in\n{seen}");
        }
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}

#[test]
fn a_wrong_puzzle_move_is_refuted_then_taken_back_and_the_solution_shown() {
    use super::puzzle::Status;
    let p = mancala_puzzles::shipped(Variant::Awari)
        .into_iter()
        .find(|p| p.horizon.is_none() && !p.refutations.is_empty())
        .expect("an awari puzzle with refutations");
    let (wrong, reply) = p.refutations.iter().next().unwrap();
    let (mut app, path) = puzzle_app(p, "wrong");
    // The hint names the solution's move and the themes.
    app.handle(Event::Key(Key::Char('t')));
    let (hint, _) = app.message().unwrap().clone();
    assert!(
        hint.contains(&p.solution[0]) && hint.contains(&p.theme),
        "{hint}"
    );
    press_move(&mut app, wrong);
    // The wrong move and its recorded refutation are on the board, with the reason.
    assert_eq!(app.game().moves(), vec![wrong.clone(), reply.clone()]);
    let session = app.puzzle_session().unwrap();
    assert_eq!(session.status(), Status::Refuted);
    assert_eq!(session.record().streak, 0);
    assert!(session.record().rating < super::puzzle::START_RATING);
    let (text, _) = app.message().unwrap().clone();
    assert!(text.starts_with(&format!("{wrong} is not it: ")), "{text}");
    assert!(text.contains(&format!("answers {reply}")), "{text}");
    assert!(text.contains(&format!("only {} ", p.solution[0])), "{text}");
    assert!(screen(&app, 120, 30).contains("is not it"));
    // Taken back to try again; then the solution is played out, and the try counts once.
    app.handle(Event::Key(Key::Char('u')));
    assert!(app.game().moves().is_empty());
    assert_eq!(app.puzzle_session().unwrap().status(), Status::Solving);
    let rating = app.puzzle_session().unwrap().record().rating;
    app.handle(Event::Key(Key::Char('v')));
    settle(&mut app);
    assert_eq!(app.game().moves(), p.solution);
    assert_eq!(app.puzzle_session().unwrap().status(), Status::Shown);
    assert_eq!(app.puzzle_session().unwrap().record().rating, rating);
    assert!(app.message().unwrap().0.starts_with("solution: "));
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn the_english_key_help_is_the_one_of_dash_dash_help() {
    let en = mancala_i18n::catalog("en");
    assert_eq!(
        mancala_i18n::tr!(en, "cli-keys"),
        include_str!("keys.txt").trim_end()
    );
}

#[test]
fn the_screen_speaks_the_chosen_language() {
    let mut app = local_app_sized(Variant::Oware, 100, 30);
    app.set_lang("pt");
    let s = screen(&app, 100, 30);
    assert!(s.contains("tabuleiro"), "{s}");
    assert!(s.contains("Sul joga (jogador)"), "{s}");
    assert!(s.contains("jogadas"), "{s}");
    app.handle(Event::Key(Key::Char('?')));
    let help = screen(&app, 100, 30);
    assert!(
        help.contains("Capturas") && help.contains("Teclas"),
        "{help}"
    );
    app.set_lang("en");
    assert!(screen(&app, 100, 30).contains("Keys"));
}

#[test]
fn the_screen_speaks_french_in_its_header_moves_hints_and_rules() {
    // Ouril: a rule option with a named value (singleton_feed) and an extra field (extra_turn).
    let game = Variant::Ouril.new_game(&[], None).unwrap();
    let mut app = engine_app(game);
    app.handle(Event::Resize {
        width: 160,
        height: 40,
    });
    app.set_lang("fr");
    let s = screen(&app, 160, 40);
    // The header's opponent, its level's name too.
    assert!(s.contains("moteur niveau 2 (novice, environ "), "{s}");
    assert!(!s.contains("engine level"), "{s}");
    // The rules in force and the game's state: names and values for players, no path.
    for english in [
        "singleton_feed",
        "FeedOverSingleton",
        "extra_turn",
        "web/rules",
        ".html",
    ] {
        assert!(!s.contains(english), "{english} on the French screen:\n{s}");
    }
    // The panels' text as one line of words (a long line wraps inside its border).
    let words = s
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        words.contains("singletons et nourrir: nourrir d'abord"),
        "{s}"
    );
    assert!(words.contains("tour de plus: non"), "{s}");
    // A hint, then the hinted move and the computer's answer, in French.
    app.handle(Event::Key(Key::Char('t')));
    let (hint, _) = app.message().unwrap().clone();
    assert!(hint.starts_with("conseil : "), "{hint}");
    for english in ["hint", "estimate", "proven", "depth", "line"] {
        assert!(!hint.contains(english), "{english} in the hint: {hint}");
    }
    app.handle(Event::Key(Key::Enter));
    settle(&mut app);
    assert_eq!(app.played().len(), 2);
    let (said, _) = app.message().unwrap().clone();
    assert!(said.starts_with("Nord a joué "), "{said}");
    let help_title = screen(&app, 160, 40);
    assert!(
        !help_title.contains("north") && !help_title.contains("played"),
        "{help_title}"
    );
    // The help screen: no repository path either.
    app.handle(Event::Key(Key::Char('?')));
    let help = screen(&app, 160, 40);
    assert!(
        !help.contains("web/rules") && !help.contains("singleton_feed"),
        "{help}"
    );
}

/// A random Isolo game (its moves drawn with `seed`) one move before its end, and that move.
fn isolo_before_its_end(seed: u64) -> (AnyGame, String) {
    let mut rng = RandomOpponent::new(seed);
    let mut game = Variant::Isolo.new_game(&[], None).unwrap();
    for _ in 0..5000 {
        let legal = game.state().legal;
        let mv = rng.pick(&legal).unwrap().clone();
        let mut next = game.clone();
        next.play(&mv).unwrap();
        if next.state().outcome.is_some() {
            return (game, mv);
        }
        game = next;
    }
    panic!("no end in 5,000 moves");
}

#[test]
fn isolo_ends_without_a_score_once_its_last_move_is_shown() {
    let (game, last) = isolo_before_its_end(5);
    assert!(!last.starts_with("k:"), "{last}");
    let mut app = local_app(game);
    app.handle(Event::Key(Key::Char(':')));
    for c in last.chars() {
        app.handle(Event::Key(Key::Char(c)));
    }
    app.handle(Event::Key(Key::Enter));
    assert_eq!(app.played().last().unwrap().mv, last);
    let mut frames = 0;
    while app.frame().is_some() && frames < 5000 {
        // The move is still being shown (its lap, the seeds in hand): the game is not over yet.
        let s = screen(&app, 110, 34);
        assert!(!s.contains("Game over"), "{s}");
        app.handle(Event::Tick);
        frames += 1;
    }
    assert!(frames > 0, "the last move was animated");
    assert!(app.frame().is_none());
    let s = screen(&app, 110, 34);
    let winner = app
        .state()
        .outcome
        .unwrap()
        .winner
        .expect("Isolo has a winner");
    let name = if winner == Side::South {
        "South"
    } else {
        "North"
    };
    // No stores in Isolo: no score in the end line.
    assert!(s.contains(&format!("Game over: {name} wins (")), "{s}");
    assert!(!s.contains("wins 0-0"), "{s}");
}

#[test]
fn the_move_list_keeps_each_side_in_its_column() {
    // South's G wins the foregame, South sets up and moves first: three South moves in a row,
    // then North's answer.
    let game = game_after(Variant::Isolo, &[], None, &["G", "k:0,5,0,3,0,0,8,1", "B"]);
    let north = game.state().legal[0].clone();
    let mut game = game;
    game.play(&north).unwrap();
    let app = local_app(game);
    let s = screen(&app, 110, 34);
    let lines: Vec<&str> = s.lines().collect();
    let at = |text: &str| {
        lines
            .iter()
            .find(|l| l.contains(text))
            .and_then(|l| l.split("││").next())
            .unwrap_or_else(|| panic!("{text} not on the screen\n{s}"))
            .to_string()
    };
    // South's moves on the left, North's on the right; "…" where a side did not move.
    assert!(
        at("1. G").trim_end_matches(['│', ' ']).ends_with('…'),
        "{s}"
    );
    assert!(
        at("k:0,5,0,3,0,0,8,1").contains("2. k:0,5,0,3,0,0,8,1 …"),
        "{s}"
    );
    assert!(at("3. B").contains(&north), "{s}");
}

/// The `play` commands the README gives as examples (`... play ARGS` in backquotes).
fn readme_play_examples() -> Vec<Vec<String>> {
    let readme = include_str!("../../../../README.md");
    let mut out = Vec::new();
    for quoted in readme.split('`').skip(1).step_by(2) {
        let Some((_, args)) = quoted.split_once(" play") else {
            continue;
        };
        // Usage lines (`mancala play [VARIANT]`) are no example.
        if args.contains(['[', '|']) {
            continue;
        }
        if !(quoted.starts_with("cargo run")
            || quoted.starts_with("...")
            || quoted.starts_with("mancala"))
        {
            continue;
        }
        let args: Vec<String> = args
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect();
        out.push(args);
    }
    out
}

#[test]
fn the_readmes_play_examples_give_the_person_a_move() {
    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        args: super::Args,
    }
    let examples = readme_play_examples();
    assert!(
        examples
            .iter()
            .any(|a| a.first().is_some_and(|v| v == "isolo")),
        "{examples:?}"
    );
    for args in examples {
        let cli = <Cli as clap::Parser>::try_parse_from(
            std::iter::once("play".to_string()).chain(args.iter().cloned()),
        )
        .unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let a = cli.args;
        if a.mode != Mode::Computer {
            continue;
        }
        let side = match a.side {
            super::SideArg::South => Side::South,
            super::SideArg::North => Side::North,
        };
        // Whatever the computer's seed: its first moves do not end the game.
        for seed in 0..3 {
            let game = crate::new_game(&a.variant, &a.rules, a.position.as_deref()).unwrap();
            let mut app = App::new(
                game,
                a.mode,
                side,
                a.level,
                Box::new(super::opponent::EngineOpponent::new(seed)),
            );
            settle(&mut app);
            assert!(
                !app.is_over() && app.to_move() == Some(side),
                "{args:?} (seed {seed}): the person never moves\n{}",
                screen(&app, 110, 34)
            );
        }
    }
}

#[test]
fn undo_redo_and_waiting_for_the_computer_speak_the_screens_language() {
    let mut app = new_app(Variant::Abapa, Mode::Local);
    app.set_lang("fr");
    app.handle(Event::Key(Key::Char('r')));
    assert_eq!(app.message().unwrap().0, "rien à rejouer");
    app.handle(Event::Key(Key::Char('0')));
    app.handle(Event::Key(Key::Char('C')));
    app.handle(Event::Key(Key::Char('u')));
    assert_eq!(app.message().unwrap().0, "coup repris ; 1 à rejouer");
    app.set_lang("pt");
    app.handle(Event::Key(Key::Char('u')));
    app.handle(Event::Key(Key::Char('r')));
    app.handle(Event::Key(Key::Char('r')));
    assert_eq!(app.message().unwrap().0, "nada para refazer");
}
