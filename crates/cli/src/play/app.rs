//! The play screen as a state machine: [`App::handle`] takes an [`Event`] and changes the state;
//! drawing is done elsewhere (`ui::render`) from `&App` alone, so tests drive it without a terminal,
//! and the words of its messages come from `text`.

use mancala_core::extras::Extras;
use mancala_core::isolo::Phase;
use mancala_core::variant::{AnyGame, DynGame, DynPlayError, StateView};
use mancala_core::Side;

use super::anim::{AnimFrame, Animation};
use super::opponent::{Hint, Opponent};
use super::puzzle::{Session, Status, Verdict};
use super::text;

/// A key, independent of the terminal library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Enter / Return.
    Enter,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// F1 (help).
    F1,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Ctrl-C.
    Interrupt,
}

/// Something that happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A key press.
    Key(Key),
    /// A left click at a terminal cell.
    Click {
        /// Column, from 0.
        column: u16,
        /// Row, from 0.
        row: u16,
    },
    /// The terminal size.
    Resize {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
    },
    /// Time passed: one animation step (or a chance for the computer to move).
    Tick,
}

/// What the caller should do after an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Nothing.
    None,
    /// Leave the program.
    Quit,
    /// Save the game (the caller writes the record and reports back with [`App::notify`]).
    Save,
}

/// Who plays which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// One person against the computer.
    Computer,
    /// Two people at one keyboard.
    Local,
    /// The computer against itself.
    Watch,
}

/// The tone of a message line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Information.
    Info,
    /// Something was refused.
    Error,
}

/// Animation step lengths in milliseconds; 0 = no animation.
pub const SPEEDS_MS: [u64; 6] = [0, 40, 80, 150, 300, 600];
const DEFAULT_SPEED: usize = 3;
/// The tick interval when nothing is animated (polling for the computer's turn).
pub const IDLE_TICK_MS: u64 = 120;

/// A move played in this session, for the move list and records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move text.
    pub mv: String,
    /// Who played it.
    pub side: Option<Side>,
    /// Seeds it captured.
    pub captured: u32,
}

/// A computer move being searched on another thread.
struct Pending {
    handle: std::thread::JoinHandle<(Box<dyn Opponent>, Option<String>)>,
    /// [`App::generation`] when the search started: a different one means the answer is stale.
    generation: u64,
}

/// The whole state of the play screen.
pub struct App {
    cat: &'static mancala_i18n::Catalog,
    game: AnyGame,
    start: AnyGame,
    played: Vec<Played>,
    redo: Vec<String>,
    mode: Mode,
    human: [bool; 2],
    level: u8,
    /// `None` while the computer thinks in the background (the thread owns it then).
    opponent: Option<Box<dyn Opponent>>,
    opponent_name: String,
    pending: Option<Pending>,
    background: bool,
    cursor: usize,
    anim: Option<Animation>,
    speed: usize,
    message: Option<(String, Tone)>,
    hint: Option<Hint>,
    resigned: Option<Side>,
    /// `x` was pressed: the next key confirms (`x`, `y`) or cancels the resignation.
    confirm_resign: bool,
    help: bool,
    /// Rows the help screen is scrolled down.
    help_scroll: usize,
    paused: bool,
    thinking: bool,
    input: Option<String>,
    size: (u16, u16),
    generation: u64,
    setup: Option<Setup>,
    /// Idle ticks the computer waits before moving (after a round ends, so that it can be read).
    hold: u32,
    /// A puzzle being solved (`mancala puzzle`): the person plays the solver.
    puzzle: Option<Session>,
    /// A message to show once the computer has answered (a refutation's reason).
    after_reply: Option<(String, Tone)>,
    /// The person's moves are held for the caller instead of played (see [`App::hold_moves`]).
    holding: bool,
    /// The last move held.
    held: Option<String>,
}

/// The kucheleka editor: the foregame winner places his seeds pit by pit (Isolo).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Who sets up.
    pub side: Side,
    /// Seeds per pit of his row, from his own left (`A..` or `a..`).
    pub counts: Vec<u32>,
    /// The pit being edited, as an index into `counts`.
    pub at: usize,
    /// The largest total allowed (`kucheleka_max_total`).
    pub max_total: u32,
    /// Whether the last key was a digit typed into this pit (a second digit makes two figures).
    typing: bool,
}

impl Setup {
    /// The seeds placed so far.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The set-up as a move, e.g. `k:0,5,0,3,0,0,8,1`.
    #[must_use]
    pub fn move_text(&self) -> String {
        let parts: Vec<String> = self.counts.iter().map(ToString::to_string).collect();
        format!("k:{}", parts.join(","))
    }

    /// Sets the count of the pit being edited, if the total stays within the limit.
    fn set(&mut self, value: u32) -> bool {
        let others = self.total() - self.counts[self.at];
        if others + value > self.max_total {
            return false;
        }
        self.counts[self.at] = value;
        true
    }
}

/// Rounds the computer waits (in idle ticks) after a Ba-awa round ends.
const ROUND_HOLD_TICKS: u32 = 16;

impl App {
    /// A new session on `game` (which may already contain moves). `side` is the human's side in
    /// [`Mode::Computer`].
    pub fn new(
        game: AnyGame,
        mode: Mode,
        side: Side,
        level: u8,
        opponent: Box<dyn Opponent>,
    ) -> App {
        let human = match mode {
            Mode::Computer => [side == Side::South, side == Side::North],
            Mode::Local => [true, true],
            Mode::Watch => [false, false],
        };
        let mut start = game.clone();
        while start.undo() {}
        let mut app = App {
            cat: mancala_i18n::catalog(mancala_i18n::DEFAULT),
            played: Vec::new(),
            start,
            game,
            redo: Vec::new(),
            mode,
            human,
            level: level.max(1),
            opponent_name: opponent
                .describe(level.max(1), mancala_i18n::catalog(mancala_i18n::DEFAULT)),
            opponent: Some(opponent),
            pending: None,
            background: false,
            cursor: 0,
            anim: None,
            speed: DEFAULT_SPEED,
            message: None,
            hint: None,
            resigned: None,
            confirm_resign: false,
            help: false,
            help_scroll: 0,
            paused: false,
            thinking: false,
            input: None,
            size: (100, 30),
            generation: 0,
            setup: None,
            hold: 0,
            puzzle: None,
            after_reply: None,
            holding: false,
            held: None,
        };
        app.rebuild_played();
        app.snap_cursor();
        app
    }

    /// A puzzle session: the person plays the solver of `session`'s puzzle in `game` against
    /// the puzzle's defender.
    pub fn puzzle(session: Session, game: AnyGame, defender: Box<dyn Opponent>) -> App {
        let solver = session.solver();
        let mut app = App::new(game, Mode::Computer, solver, 1, defender);
        app.cat = session.cat();
        app.opponent_name = app
            .opponent
            .as_ref()
            .map_or_else(String::new, |o| o.describe(app.level, app.cat));
        app.message = Some((text::puzzle_task(app.cat, &session.task()), Tone::Info));
        app.puzzle = Some(session);
        app
    }

    /// The puzzle session, if this screen is one.
    pub fn puzzle_session(&self) -> Option<&Session> {
        self.puzzle.as_ref()
    }

    /// Opens the next puzzle of the session.
    fn next_puzzle(&mut self) {
        let Some(session) = self.puzzle.as_mut() else {
            return;
        };
        let next = session.next_puzzle(self.generation.wrapping_mul(0x9E37_79B9) ^ 0x5DEE);
        match session.open(next) {
            Ok((game, defender)) => {
                let task = session.task();
                self.game = game.clone();
                self.start = game;
                self.played.clear();
                self.redo.clear();
                self.anim = None;
                self.hint = None;
                self.thinking = false;
                self.generation += 1;
                self.opponent_name = defender.describe(self.level, self.cat);
                self.opponent = Some(defender);
                self.message = Some((text::puzzle_task(self.cat, &task), Tone::Info));
                self.snap_cursor();
            }
            Err(e) => {
                self.message = Some((
                    mancala_i18n::tr!(self.cat, "cli-puzzle-next-failed", error = e.to_string()),
                    Tone::Error,
                ));
            }
        }
    }

    /// Plays the rest of the puzzle's solution (from the last position on its line).
    fn show_solution(&mut self) {
        let Some(session) = self.puzzle.as_mut() else {
            return;
        };
        let solution = session.puzzle().solution.clone();
        let delta = session.show();
        while !solution.starts_with(&self.game.moves()) {
            if self.take_back().is_none() {
                break;
            }
        }
        self.redo.clear();
        self.generation += 1;
        let from = self.game.moves().len();
        for mv in solution.iter().skip(from) {
            if self.play(mv).is_err() {
                break;
            }
        }
        self.message = Some((text::solution(self.cat, &solution, delta), Tone::Info));
    }

    /// Recomputes the move list (with captures) by replaying the game's moves from the start.
    fn rebuild_played(&mut self) {
        let moves = self.game.moves();
        let mut replay = self.start.clone();
        self.played.clear();
        for mv in moves {
            let side = replay.state().to_move;
            let captured = replay.play(&mv).unwrap_or(0);
            self.played.push(Played { mv, side, captured });
        }
    }

    // ----- read access for rendering and callers -----

    /// The game as it stands (after the last move, even while it is being animated).
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The current state.
    pub fn state(&self) -> StateView {
        self.game.state()
    }

    /// The moves played, with who played them and what they captured.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// The animation frame to draw instead of the real board, if any.
    pub fn frame(&self) -> Option<&AnimFrame> {
        self.anim.as_ref().and_then(Animation::frame)
    }

    /// The pit under the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The message line.
    pub fn message(&self) -> Option<&(String, Tone)> {
        self.message.as_ref()
    }

    /// The last hint.
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// Who resigned, if anyone.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// Rows the help screen is scrolled down.
    pub fn help_scroll(&self) -> usize {
        self.help_scroll
    }

    /// Whether the help screen is open.
    pub fn help_open(&self) -> bool {
        self.help
    }

    /// The move being typed after `:`.
    pub fn input(&self) -> Option<&str> {
        self.input.as_deref()
    }

    /// The play mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether `side` is played by a person.
    pub fn is_human(&self, side: Side) -> bool {
        self.human[side.index()]
    }

    /// The catalogue the screen speaks (English unless [`App::set_lang`] chose another).
    #[must_use]
    pub fn cat(&self) -> &'static mancala_i18n::Catalog {
        self.cat
    }

    /// Speaks the language `lang` (a code of [`mancala_i18n::languages`]).
    pub fn set_lang(&mut self, lang: &str) {
        self.cat = mancala_i18n::catalog(lang);
        if let Some(opponent) = &self.opponent {
            self.opponent_name = opponent.describe(self.level, self.cat);
        }
    }

    /// The computer player's description.
    pub fn opponent_name(&self) -> String {
        self.opponent_name.clone()
    }

    /// Lets the computer think on another thread, so that the screen and the keys stay alive
    /// during a long search (the terminal front end does; tests mostly do not).
    pub fn set_background(&mut self, on: bool) {
        self.background = on;
    }

    /// The animation step in milliseconds (0 = off).
    pub fn speed_ms(&self) -> u64 {
        SPEEDS_MS[self.speed]
    }

    /// Whether the computer is about to move (drawn as "thinking").
    pub fn thinking(&self) -> bool {
        self.thinking
    }

    /// Whether watching is paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// A counter that changes whenever the moves change (for autosaving).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// How long the caller should wait before sending the next [`Event::Tick`].
    pub fn tick_ms(&self) -> u64 {
        if self.anim.is_some() {
            SPEEDS_MS[self.speed].max(10)
        } else {
            IDLE_TICK_MS
        }
    }

    /// True once the game is decided (by the rules or by resignation).
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.game.state().outcome.is_some()
    }

    /// The player to move, unless the game is over.
    pub fn to_move(&self) -> Option<Side> {
        if self.resigned.is_some() {
            None
        } else {
            self.game.state().to_move
        }
    }

    /// Shows a message (used by the caller after saving).
    pub fn notify(&mut self, text: impl Into<String>, tone: Tone) {
        self.message = Some((text.into(), tone));
    }

    // ----- pits and letters -----

    fn pits_per_row(&self) -> usize {
        self.game.pits_per_row().max(1)
    }

    /// The move text for pit `index` (`A..` South's row, `a..` North's).
    pub fn pit_move(&self, index: usize) -> Option<String> {
        let n = self.pits_per_row();
        let offset = u8::try_from(index % n).ok()?;
        if index >= 2 * n || offset >= 26 {
            return None;
        }
        let base = if index < n { b'A' } else { b'a' };
        Some(char::from(base + offset).to_string())
    }

    /// The pit a move names, if it is a pit letter.
    pub fn move_pit(&self, mv: &str) -> Option<usize> {
        let n = self.pits_per_row();
        let mut chars = mv.trim().chars();
        let c = chars.next()?;
        if chars.next().is_some() || !c.is_ascii_alphabetic() {
            return None;
        }
        let (row, offset) = if c.is_ascii_uppercase() {
            (0, c as usize - 'A' as usize)
        } else {
            (1, c as usize - 'a' as usize)
        };
        (offset < n).then_some(row * n + offset)
    }

    /// Who owns each pit, when the game says (Ọlọwuka's rows, Ba-awa's owners), else `None`.
    pub fn owners(&self, state: &StateView) -> Option<Vec<Option<Side>>> {
        let owners = super::text::owners(&state.extras)?;
        (owners.len() == state.pits.len()).then(|| owners.iter().copied().map(Some).collect())
    }

    /// Whether the cursor may rest on `pit`: a pit the player to move may play from (his own
    /// row, or the pits he owns in either row when the game has owners). Any pit when nobody is
    /// to move.
    pub fn selectable(&self, state: &StateView, pit: usize) -> bool {
        let n = self.pits_per_row();
        if pit >= 2 * n {
            return false;
        }
        let Some(side) = state.to_move else {
            return true;
        };
        if let Some(setup) = &self.setup {
            return pit / n == setup.side.index();
        }
        if self.move_pit_legal(state, pit) {
            return true;
        }
        match self.owners(state) {
            Some(owners) => owners.get(pit).copied().flatten() == Some(side),
            None => pit / n == side.index(),
        }
    }

    /// The pits in screen order: South's row left to right, then North's row left to right.
    fn screen_order(&self) -> Vec<usize> {
        let n = self.pits_per_row();
        (0..n).chain((n..2 * n).rev()).collect()
    }

    /// Puts the cursor on a legal pit of the player to move.
    fn snap_cursor(&mut self) {
        self.sync_setup();
        let state = self.game.state();
        if let Some(setup) = &self.setup {
            self.cursor = setup.side.index() * self.pits_per_row() + setup.at;
            return;
        }
        if self.move_pit_legal(&state, self.cursor) && self.selectable(&state, self.cursor) {
            return;
        }
        if let Some(pit) = state.legal.iter().find_map(|m| self.move_pit(m)) {
            self.cursor = pit;
        } else if let Some(pit) = self
            .screen_order()
            .into_iter()
            .find(|&p| self.selectable(&state, p))
        {
            self.cursor = pit;
        }
    }

    fn move_pit_legal(&self, state: &StateView, pit: usize) -> bool {
        self.pit_move(pit).is_some_and(|m| state.legal.contains(&m))
    }

    /// Moves the cursor to the previous (`-1`) or next (`+1`) pit the player may play, in screen
    /// order, going on into the other row when he has pits there.
    fn step_cursor(&mut self, dir: isize) {
        let state = self.game.state();
        let order = self.screen_order();
        let len = order.len() as isize;
        let here = order.iter().position(|&p| p == self.cursor).unwrap_or(0) as isize;
        for k in 1..=len {
            let pit = order[(here + dir * k).rem_euclid(len) as usize];
            if self.selectable(&state, pit) {
                self.cursor = pit;
                break;
            }
        }
        let n = self.pits_per_row();
        if let Some(setup) = &mut self.setup {
            setup.at = self.cursor % n;
            setup.typing = false;
        }
    }

    /// Moves the cursor to the row above (`north = true`) or below, to the nearest pit there that
    /// the player may play; it stays when he has none in that row.
    fn change_row(&mut self, north: bool) {
        let state = self.game.state();
        let n = self.pits_per_row();
        let screen_col = |p: usize| if p < n { p } else { 2 * n - 1 - p };
        let here = screen_col(self.cursor) as isize;
        let row = usize::from(north);
        let best = (row * n..row * n + n)
            .filter(|&p| self.selectable(&state, p))
            .min_by_key(|&p| (screen_col(p) as isize - here).abs());
        if let Some(p) = best {
            self.cursor = p;
        }
    }

    /// Whether the player to move must set up his row (Isolo's kucheleka).
    pub fn in_kucheleka(state: &StateView) -> bool {
        matches!(&state.extras, Extras::Isolo(i) if i.phase == Phase::Kucheleka)
    }

    /// Opens the kucheleka editor when a person must set up, and closes it otherwise.
    fn sync_setup(&mut self) {
        let state = self.game.state();
        let side = state.to_move.filter(|&s| self.is_human(s));
        match side {
            Some(side)
                if Self::in_kucheleka(&state)
                    && self.resigned.is_none()
                    && self.setup.as_ref().is_none_or(|s| s.side != side) =>
            {
                let max_total = self
                    .game
                    .options()
                    .iter()
                    .find(|o| o.name == "kucheleka_max_total")
                    .and_then(|o| o.value.parse().ok())
                    .unwrap_or(64);
                let n = self.pits_per_row();
                let per = if max_total >= 2 * n as u32 { 2 } else { 0 };
                self.setup = Some(Setup {
                    side,
                    counts: vec![per; n],
                    at: 0,
                    max_total,
                    typing: false,
                });
            }
            Some(_) if Self::in_kucheleka(&state) && self.resigned.is_none() => {}
            _ => self.setup = None,
        }
    }

    /// The kucheleka editor, while a person sets up his row.
    pub fn setup(&self) -> Option<&Setup> {
        self.setup.as_ref()
    }

    /// The board the editor would make: the set-up row as edited, the other row 2 per pit.
    pub fn setup_preview(&self) -> Option<Vec<u32>> {
        let setup = self.setup.as_ref()?;
        let n = self.pits_per_row();
        let mut pits = vec![2; 2 * n];
        let base = setup.side.index() * n;
        for (j, &c) in setup.counts.iter().enumerate() {
            pits[base + j] = c;
        }
        Some(pits)
    }

    /// A key in the kucheleka editor; false when the key is not the editor's.
    fn setup_key(&mut self, key: Key) -> bool {
        let Some(setup) = &mut self.setup else {
            return false;
        };
        match key {
            Key::Up | Key::Char('+') | Key::Char('=') => {
                let v = setup.counts[setup.at] + 1;
                if !setup.set(v) {
                    self.message = Some((
                        format!("at most {} seeds in all", setup.max_total),
                        Tone::Error,
                    ));
                }
                setup.typing = false;
            }
            Key::Down | Key::Char('-') => {
                let v = setup.counts[setup.at].saturating_sub(1);
                setup.set(v);
                setup.typing = false;
            }
            Key::Backspace => {
                setup.set(0);
                setup.typing = false;
            }
            Key::Char(c) if c.is_ascii_digit() => {
                let d = c.to_digit(10).unwrap_or(0);
                let v = if setup.typing {
                    setup.counts[setup.at] * 10 + d
                } else {
                    d
                };
                if setup.set(v) || setup.set(d) {
                    setup.typing = true;
                } else {
                    self.message = Some((
                        format!("at most {} seeds in all", setup.max_total),
                        Tone::Error,
                    ));
                }
            }
            Key::Left => self.step_cursor(-1),
            Key::Right => self.step_cursor(1),
            Key::Enter | Key::Char(' ') => {
                let mv = setup.move_text();
                if setup.total() == 0 {
                    self.message = Some(("place at least one seed".into(), Tone::Error));
                } else {
                    self.human_move(&mv);
                }
            }
            Key::Char(c) if c.is_ascii_alphabetic() => {
                let n = setup.counts.len();
                let j = c.to_ascii_lowercase() as usize - 'a' as usize;
                if j >= n {
                    return false;
                }
                setup.at = j;
                setup.typing = false;
                self.cursor = setup.side.index() * n + j;
            }
            _ => return false,
        }
        true
    }

    // ----- events -----

    /// Handles one event.
    pub fn handle(&mut self, event: Event) -> Action {
        match event {
            Event::Resize { width, height } => {
                self.size = (width, height);
                Action::None
            }
            Event::Tick => {
                self.tick();
                Action::None
            }
            Event::Click { column, row } => {
                self.click(column, row);
                Action::None
            }
            Event::Key(key) => self.key(key),
        }
    }

    fn tick(&mut self) {
        if let Some(anim) = &mut self.anim {
            if !anim.advance() {
                self.anim = None;
            }
            return;
        }
        if self.poll_pending() {
            return;
        }
        if self.is_over() || self.paused || self.help {
            self.thinking = false;
            return;
        }
        let Some(side) = self.to_move() else {
            return;
        };
        if self.is_human(side) {
            return;
        }
        if self
            .puzzle
            .as_ref()
            .is_some_and(|p| matches!(p.status(), Status::Solved | Status::Shown))
        {
            return;
        }
        if self.hold > 0 {
            self.hold -= 1;
            return;
        }
        if !self.thinking {
            // Draw "thinking" once before the (possibly long) search.
            self.thinking = true;
            return;
        }
        self.thinking = false;
        let Some(mut opponent) = self.opponent.take() else {
            return;
        };
        if self.background {
            let game = self.game.clone();
            let level = self.level;
            let handle = std::thread::spawn(move || {
                let mv = opponent.choose(&game, level);
                (opponent, mv)
            });
            self.thinking = true;
            self.pending = Some(Pending {
                handle,
                generation: self.generation,
            });
            return;
        }
        let mv = opponent.choose(&self.game, self.level);
        self.computer_answered(opponent, mv);
    }

    /// Collects a background search once it is done; true while one is still running.
    fn poll_pending(&mut self) -> bool {
        let Some(p) = self.pending.take() else {
            return false;
        };
        if !p.handle.is_finished() {
            self.pending = Some(p);
            return true;
        }
        self.thinking = false;
        match p.handle.join() {
            Ok((opponent, mv)) => {
                if p.generation == self.generation {
                    self.computer_answered(opponent, mv);
                } else {
                    // The game changed meanwhile (undo, new game, resign): the answer is stale.
                    self.opponent_name = opponent.describe(self.level, self.cat);
                    self.opponent = Some(opponent);
                }
            }
            Err(_) => {
                self.opponent = Some(Box::new(super::opponent::RandomOpponent::new(
                    self.generation,
                )));
                self.opponent_name = mancala_i18n::tr!(self.cat, "cli-random-mover-failed");
                self.message = Some(("the engine failed; paused".into(), Tone::Error));
                self.paused = true;
            }
        }
        false
    }

    fn computer_answered(&mut self, opponent: Box<dyn Opponent>, mv: Option<String>) {
        self.opponent_name = opponent.describe(self.level, self.cat);
        self.opponent = Some(opponent);
        match mv {
            Some(mv) => {
                if let Err(e) = self.play(&mv) {
                    self.message = Some((
                        mancala_i18n::tr!(self.cat, "cli-computer-failed", error = e.to_string()),
                        Tone::Error,
                    ));
                    self.paused = true;
                } else if let Some(after) = self.after_reply.take() {
                    self.message = Some(after);
                }
            }
            None => {
                self.message = Some(("the computer found no move".into(), Tone::Error));
                self.paused = true;
            }
        }
    }

    fn click(&mut self, column: u16, row: u16) {
        if self.help {
            self.help = false;
            return;
        }
        let area = ratatui::layout::Rect::new(0, 0, self.size.0, self.size.1);
        let Some(geo) = super::layout::geometry(area, self.pits_per_row()) else {
            return;
        };
        let hit = geo.pits.iter().position(|r| {
            column >= r.x && column < r.x + r.width && row >= r.y && row < r.y + r.height
        });
        if let Some(pit) = hit {
            let n = self.pits_per_row();
            if let Some(setup) = &mut self.setup {
                // In the kucheleka editor a click picks the pit to edit.
                if pit / n == setup.side.index() {
                    setup.at = pit % n;
                    setup.typing = false;
                    self.cursor = pit;
                }
                return;
            }
            self.cursor = pit;
            if let Some(mv) = self.pit_move(pit) {
                self.human_move(&mv);
            }
        }
    }

    fn key(&mut self, key: Key) -> Action {
        if key == Key::Interrupt {
            return Action::Quit;
        }
        if let Some(text) = &mut self.input {
            match key {
                Key::Char(c) => text.push(c),
                Key::Backspace => {
                    text.pop();
                }
                Key::Esc => self.input = None,
                Key::Enter => {
                    let mv = text.trim().to_string();
                    self.input = None;
                    if !mv.is_empty() {
                        self.human_move(&mv);
                    }
                }
                _ => {}
            }
            return Action::None;
        }
        if self.confirm_resign {
            self.confirm_resign = false;
            if matches!(key, Key::Char('x' | 'y' | 'Y')) {
                self.resign();
            } else {
                self.message = Some(("resignation cancelled: play on".into(), Tone::Info));
            }
            return Action::None;
        }
        if self.help {
            let max = super::help::max_scroll(&self.game, self.cat, self.size);
            let page = usize::from(self.size.1.saturating_sub(6)).max(1);
            match key {
                Key::Char('q') => return Action::Quit,
                Key::Up => self.help_scroll = self.help_scroll.saturating_sub(1),
                Key::Down => self.help_scroll = (self.help_scroll + 1).min(max),
                Key::PageUp => self.help_scroll = self.help_scroll.saturating_sub(page),
                Key::PageDown => self.help_scroll = (self.help_scroll + page).min(max),
                _ => self.help = false,
            }
            return Action::None;
        }
        // Skip a running animation first; a move key then acts on the final position.
        if self.anim.is_some() {
            self.anim = None;
            if matches!(key, Key::Esc | Key::Char(' ')) {
                return Action::None;
            }
        }
        self.hold = 0;
        if self.setup_key(key) {
            return Action::None;
        }
        let n = self.pits_per_row();
        match key {
            Key::Left => self.step_cursor(-1),
            Key::Right => self.step_cursor(1),
            Key::Up => self.change_row(true),
            Key::Down => self.change_row(false),
            Key::Enter | Key::Char(' ') => {
                if let Some(mv) = self.pit_move(self.cursor) {
                    self.human_move(&mv);
                }
            }
            Key::Esc => self.message = None,
            Key::F1 | Key::Char('?') => {
                self.help = true;
                self.help_scroll = 0;
            }
            Key::Char(c)
                if c.is_ascii_alphabetic()
                    && (c.to_ascii_lowercase() as usize) < ('a' as usize + n) =>
            {
                self.letter(c);
            }
            Key::Char('q') => return Action::Quit,
            Key::Char('u') => self.undo(),
            Key::Char('r') if self.puzzle.is_none() => self.redo(),
            Key::Char('t') => self.ask_hint(),
            Key::Char('n') if self.puzzle.is_some() => self.next_puzzle(),
            Key::Char('v') if self.puzzle.is_some() => self.show_solution(),
            Key::Char('n') => self.new_game(),
            Key::Char('x') => self.ask_resign(),
            Key::Char('s') => return Action::Save,
            Key::Char('p') => {
                self.paused = !self.paused;
                let text = if self.paused { "paused" } else { "resumed" };
                self.message = Some((text.into(), Tone::Info));
            }
            Key::Char(':') => self.input = Some(String::new()),
            Key::Char('+') | Key::Char('=') => {
                self.speed = self.speed.saturating_sub(1);
                self.speed_message();
            }
            Key::Char('-') => {
                self.speed = (self.speed + 1).min(SPEEDS_MS.len() - 1);
                self.speed_message();
            }
            Key::Char('0') => {
                self.speed = 0;
                self.speed_message();
            }
            _ => {}
        }
        Action::None
    }

    fn speed_message(&mut self) {
        self.message = Some((text::speed_text(SPEEDS_MS[self.speed]), Tone::Info));
    }

    /// A pit letter: the exact pit if it is legal, else the same letter in the other row (so that
    /// players need not mind the case), else the exact pit (to say why it is refused).
    fn letter(&mut self, c: char) {
        let state = self.game.state();
        let exact = c.to_string();
        let other = if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
        .to_string();
        let mv = if state.legal.contains(&exact) || !state.legal.contains(&other) {
            // Refused moves name the player's own row, which is what was meant.
            match (state.legal.contains(&exact), state.to_move) {
                (false, Some(Side::South)) => c.to_ascii_uppercase().to_string(),
                (false, Some(Side::North)) => c.to_ascii_lowercase().to_string(),
                _ => exact,
            }
        } else {
            other
        };
        if let Some(pit) = self.move_pit(&mv) {
            self.cursor = pit;
        }
        self.human_move(&mv);
    }

    /// Holds the person's moves instead of playing them, for a caller that judges a move
    /// before it is played (a lesson): each is kept for [`App::take_held`], and played, if at
    /// all, with [`App::play_move`].
    pub fn hold_moves(&mut self, on: bool) {
        self.holding = on;
        self.held = None;
    }

    /// The last move the person made while moves are held.
    pub fn take_held(&mut self) -> Option<String> {
        self.held.take()
    }

    /// Plays `mv` for the player to move, animated, as the person's move would be.
    ///
    /// # Errors
    /// When `mv` is not a move or not legal; nothing changes then.
    pub fn play_move(&mut self, mv: &str) -> Result<(), DynPlayError> {
        self.play(mv)
    }

    fn human_move(&mut self, mv: &str) {
        if self.resigned.is_some() {
            self.message = Some((
                "the game is over (resigned): n for a new game".into(),
                Tone::Error,
            ));
            return;
        }
        if let Some(side) = self.game.state().to_move {
            if !self.is_human(side) {
                let side = text::side_name(self.cat, side);
                self.message = Some((
                    mancala_i18n::tr!(self.cat, "cli-wait-computer", side = side),
                    Tone::Error,
                ));
                return;
            }
        }
        if self.holding {
            self.held = Some(mv.to_string());
            return;
        }
        let legal = self.game.state().legal.iter().any(|m| m == mv);
        let mut verdict = None;
        if let Some(session) = self.puzzle.as_mut().filter(|_| legal) {
            match session.judge(&self.game.moves(), mv) {
                Verdict::Closed(why) => {
                    self.message = Some((why, Tone::Error));
                    return;
                }
                v => verdict = Some(v),
            }
        }
        if let Err(e) = self.play(mv) {
            self.message = Some((text::refusal(self.cat, &e), Tone::Error));
            return;
        }
        let record = self.puzzle.as_ref().map(Session::summary);
        match (verdict, record) {
            (Some(Verdict::Solved(delta)), Some(record)) => {
                self.message = Some((text::solved(self.cat, delta, &record), Tone::Info));
            }
            (Some(Verdict::Wrong(r, delta)), Some(record)) => {
                let why = super::puzzle::why(self.cat, &r);
                let text = text::not_it(self.cat, mv, &why, delta, &record);
                if r.reply.is_some() {
                    self.after_reply = Some((text, Tone::Error));
                } else {
                    self.message = Some((text, Tone::Error));
                }
            }
            _ => {}
        }
    }

    /// Plays a move for whoever is to move, animating it.
    fn play(&mut self, mv: &str) -> Result<(), DynPlayError> {
        let before = self.game.state();
        // What the move does, step by step, worked out before it is played (for the animation).
        let steps = if SPEEDS_MS[self.speed] == 0 {
            Vec::new()
        } else {
            self.game.sowing(mv)?
        };
        let captured = self.game.play(mv)?;
        let after = self.game.state();
        let mv = self
            .game
            .moves()
            .last()
            .cloned()
            .unwrap_or_else(|| mv.to_string());
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.played.push(Played {
            mv: mv.clone(),
            side: before.to_move,
            captured,
        });
        self.anim = Animation::from_steps(
            (&before.pits, before.stores),
            &steps,
            (&after.pits, after.stores),
        );
        self.hint = None;
        self.generation += 1;
        if text::round_ended(&before, &after) {
            // Let the round's end be read before the computer goes on.
            self.hold = ROUND_HOLD_TICKS;
        }
        let text = text::move_message(self.cat, &before, &after, &mv, captured);
        self.message = Some((text, Tone::Info));
        self.snap_cursor();
        Ok(())
    }

    fn take_back(&mut self) -> Option<String> {
        let mv = self.game.moves().last().cloned()?;
        if !self.game.undo() {
            return None;
        }
        self.played.pop();
        Some(mv)
    }

    fn undo(&mut self) {
        self.thinking = false;
        self.anim = None;
        if self.resigned.take().is_some() {
            self.message = Some(("resignation taken back".into(), Tone::Info));
            return;
        }
        self.after_reply = None;
        if let Some(session) = self.puzzle.as_mut() {
            if matches!(session.status(), Status::Solved | Status::Shown) {
                self.message = Some((mancala_i18n::tr!(self.cat, "cli-puzzle-done"), Tone::Error));
                return;
            }
            session.back();
        }
        let Some(mv) = self.take_back() else {
            self.message = Some(("nothing to undo".into(), Tone::Error));
            return;
        };
        self.redo.push(mv);
        // Against the computer, take back to the person's turn.
        if self.mode == Mode::Computer {
            while self.to_move().is_some_and(|s| !self.is_human(s)) {
                match self.take_back() {
                    Some(mv) => self.redo.push(mv),
                    None => break,
                }
            }
        }
        if self.mode == Mode::Watch {
            self.paused = true;
        }
        self.generation += 1;
        self.hint = None;
        self.message = Some((
            mancala_i18n::tr!(self.cat, "cli-took-back", count = self.redo.len()),
            Tone::Info,
        ));
        self.snap_cursor();
    }

    fn redo(&mut self) {
        let Some(mv) = self.redo.last().cloned() else {
            self.message = Some((
                mancala_i18n::tr!(self.cat, "cli-nothing-to-redo"),
                Tone::Error,
            ));
            return;
        };
        if let Err(e) = self.play(&mv) {
            self.message = Some((
                mancala_i18n::tr!(
                    self.cat,
                    "cli-cannot-redo",
                    move = mv.as_str(),
                    error = e.to_string()
                ),
                Tone::Error,
            ));
            self.redo.clear();
            return;
        }
        self.anim = None;
        if self.mode == Mode::Computer {
            while self.to_move().is_some_and(|s| !self.is_human(s)) {
                let Some(mv) = self.redo.last().cloned() else {
                    break;
                };
                if self.play(&mv).is_err() {
                    self.redo.clear();
                    break;
                }
                self.anim = None;
            }
        }
    }

    fn ask_hint(&mut self) {
        if self.is_over() {
            self.message = Some(("the game is over".into(), Tone::Error));
            return;
        }
        let Some(opponent) = self.opponent.as_mut() else {
            self.message = Some((
                "the computer is thinking; ask again in a moment".into(),
                Tone::Error,
            ));
            return;
        };
        match opponent.hint(&self.game) {
            Ok(h) => {
                if let Some(session) = self.puzzle.as_mut() {
                    session.hinted();
                }
                self.message = Some((text::hint(self.cat, &h), Tone::Info));
                if let Some(pit) = self.move_pit(&h.mv) {
                    self.cursor = pit;
                }
                self.hint = Some(h);
            }
            Err(why) => self.message = Some((why, Tone::Error)),
        }
    }

    fn new_game(&mut self) {
        self.game = self.start.clone();
        self.played.clear();
        self.redo.clear();
        self.anim = None;
        self.hint = None;
        self.resigned = None;
        self.thinking = false;
        self.paused = false;
        self.generation += 1;
        self.message = Some(("new game".into(), Tone::Info));
        self.snap_cursor();
    }

    /// `x`: asks for a confirmation before resigning.
    fn ask_resign(&mut self) {
        if self.is_over() {
            self.message = Some(("the game is already over".into(), Tone::Error));
            return;
        }
        self.confirm_resign = true;
        self.message = Some((
            "resign this game? x or y to confirm, any other key to play on".into(),
            Tone::Error,
        ));
    }

    /// True while a resignation waits for its confirmation.
    pub fn confirming_resignation(&self) -> bool {
        self.confirm_resign
    }

    fn resign(&mut self) {
        if self.is_over() {
            self.message = Some(("the game is already over".into(), Tone::Error));
            return;
        }
        let Some(mover) = self.to_move() else {
            return;
        };
        let side = match self.mode {
            Mode::Computer => {
                if self.human[0] {
                    Side::South
                } else {
                    Side::North
                }
            }
            Mode::Local | Mode::Watch => mover,
        };
        self.resigned = Some(side);
        self.anim = None;
        self.thinking = false;
        self.generation += 1;
        // The status line says who resigned and who wins; no second message.
        self.message = None;
    }
}
