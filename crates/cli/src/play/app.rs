//! The play screen as a state machine: [`App::handle`] takes an [`Event`] and changes the state;
//! drawing is done elsewhere (`ui::render`) from `&App` alone, so tests drive it without a terminal.

use mancala_core::value::Value;
use mancala_core::variant::{DynGame, DynPlayError, StateView};
use mancala_core::{Outcome, Side};

use super::anim::{AnimFrame, Animation};
use super::opponent::{Hint, Opponent};

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
    game: Box<dyn DynGame>,
    start: Box<dyn DynGame>,
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
    help: bool,
    paused: bool,
    thinking: bool,
    input: Option<String>,
    size: (u16, u16),
    generation: u64,
}

impl App {
    /// A new session on `game` (which may already contain moves). `side` is the human's side in
    /// [`Mode::Computer`].
    pub fn new(
        game: Box<dyn DynGame>,
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
        let mut start = game.clone_box();
        while start.undo() {}
        let mut app = App {
            played: Vec::new(),
            start,
            game,
            redo: Vec::new(),
            mode,
            human,
            level: level.max(1),
            opponent_name: opponent.describe(level.max(1)),
            opponent: Some(opponent),
            pending: None,
            background: false,
            cursor: 0,
            anim: None,
            speed: DEFAULT_SPEED,
            message: None,
            hint: None,
            resigned: None,
            help: false,
            paused: false,
            thinking: false,
            input: None,
            size: (100, 30),
            generation: 0,
        };
        app.rebuild_played();
        app.snap_cursor();
        app
    }

    /// Recomputes the move list (with captures) by replaying the game's moves from the start.
    fn rebuild_played(&mut self) {
        let moves = self.game.moves();
        let mut replay = self.start.clone_box();
        self.played.clear();
        for mv in moves {
            let side = replay.state().to_move;
            let captured = replay.play(&mv).unwrap_or(0);
            self.played.push(Played { mv, side, captured });
        }
    }

    // ----- read access for rendering and callers -----

    /// The game as it stands (after the last move, even while it is being animated).
    pub fn game(&self) -> &dyn DynGame {
        &*self.game
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

    /// Who owns each pit, when the game says (Ba-awa's `owners` extra), else `None`.
    pub fn owners(&self, state: &StateView) -> Option<Vec<Option<Side>>> {
        let (_, value) = state.extras.iter().find(|(k, _)| *k == "owners")?;
        let Value::List(items) = value else {
            return None;
        };
        if items.len() != state.pits.len() {
            return None;
        }
        Some(
            items
                .iter()
                .map(|v| match v {
                    Value::Int(0) => Some(Side::South),
                    Value::Int(1) => Some(Side::North),
                    Value::Str(s) => Side::parse(s),
                    _ => None,
                })
                .collect(),
        )
    }

    /// Puts the cursor on a legal pit of the player to move.
    fn snap_cursor(&mut self) {
        let state = self.game.state();
        if self.move_pit_legal(&state, self.cursor) {
            return;
        }
        if let Some(pit) = state.legal.iter().find_map(|m| self.move_pit(m)) {
            self.cursor = pit;
        } else if let Some(side) = state.to_move {
            self.cursor = side.index() * self.pits_per_row();
        }
    }

    fn move_pit_legal(&self, state: &StateView, pit: usize) -> bool {
        self.pit_move(pit).is_some_and(|m| state.legal.contains(&m))
    }

    /// Moves the cursor one pit to the left (`-1`) or right (`+1`) on the screen.
    fn step_cursor(&mut self, dir: isize) {
        let n = self.pits_per_row();
        let row = self.cursor / n;
        let col = self.cursor % n;
        // North's row is drawn right to left.
        let screen_col = if row == 0 { col } else { n - 1 - col };
        let next = (screen_col as isize + dir).rem_euclid(n as isize) as usize;
        let col = if row == 0 { next } else { n - 1 - next };
        self.cursor = row * n + col;
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
            let game = self.game.clone_box();
            let level = self.level;
            let handle = std::thread::spawn(move || {
                let mv = opponent.choose(&*game, level);
                (opponent, mv)
            });
            self.thinking = true;
            self.pending = Some(Pending {
                handle,
                generation: self.generation,
            });
            return;
        }
        let mv = opponent.choose(&*self.game, self.level);
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
                    self.opponent_name = opponent.describe(self.level);
                    self.opponent = Some(opponent);
                }
            }
            Err(_) => {
                self.opponent = Some(Box::new(super::opponent::RandomOpponent::new(
                    self.generation,
                )));
                self.opponent_name = "random mover (the engine failed)".to_string();
                self.message = Some(("the engine failed; paused".into(), Tone::Error));
                self.paused = true;
            }
        }
        false
    }

    fn computer_answered(&mut self, opponent: Box<dyn Opponent>, mv: Option<String>) {
        self.opponent_name = opponent.describe(self.level);
        self.opponent = Some(opponent);
        match mv {
            Some(mv) => {
                if let Err(e) = self.play(&mv) {
                    self.message = Some((format!("the computer failed: {e}"), Tone::Error));
                    self.paused = true;
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
        let Some(geo) = super::ui::geometry(area, self.pits_per_row()) else {
            return;
        };
        let hit = geo.pits.iter().position(|r| {
            column >= r.x && column < r.x + r.width && row >= r.y && row < r.y + r.height
        });
        if let Some(pit) = hit {
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
        if self.help {
            if matches!(key, Key::Char('q')) {
                return Action::Quit;
            }
            self.help = false;
            return Action::None;
        }
        // Skip a running animation first; a move key then acts on the final position.
        if self.anim.is_some() {
            self.anim = None;
            if matches!(key, Key::Esc | Key::Char(' ')) {
                return Action::None;
            }
        }
        let n = self.pits_per_row();
        match key {
            Key::Left => self.step_cursor(-1),
            Key::Right => self.step_cursor(1),
            Key::Up => self.cursor = n + self.cursor % n,
            Key::Down => self.cursor %= n,
            Key::Enter | Key::Char(' ') => {
                if let Some(mv) = self.pit_move(self.cursor) {
                    self.human_move(&mv);
                }
            }
            Key::Esc => self.message = None,
            Key::F1 | Key::Char('?') => self.help = true,
            Key::Char(c)
                if c.is_ascii_alphabetic()
                    && (c.to_ascii_lowercase() as usize) < ('a' as usize + n) =>
            {
                self.letter(c);
            }
            Key::Char('q') => return Action::Quit,
            Key::Char('u') => self.undo(),
            Key::Char('r') => self.redo(),
            Key::Char('t') => self.ask_hint(),
            Key::Char('n') => self.new_game(),
            Key::Char('x') => self.resign(),
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
        let text = match SPEEDS_MS[self.speed] {
            0 => "sowing shown at once".to_string(),
            ms => format!("sowing: {ms} ms a seed"),
        };
        self.message = Some((text, Tone::Info));
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
                self.message = Some((format!("wait: the computer plays {side}"), Tone::Error));
                return;
            }
        }
        if let Err(e) = self.play(mv) {
            let text = match e {
                DynPlayError::Illegal { mv, reason } => format!("{mv} is not allowed: {reason}"),
                DynPlayError::Parse(p) => format!("not a move: {p}"),
            };
            self.message = Some((text, Tone::Error));
        }
    }

    /// Plays a move for whoever is to move, animating it.
    fn play(&mut self, mv: &str) -> Result<(), DynPlayError> {
        let before = self.game.state();
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
        self.anim = if SPEEDS_MS[self.speed] == 0 {
            None
        } else {
            Animation::sowing(
                (&before.pits, before.stores),
                (&after.pits, after.stores),
                self.move_pit(&mv),
                captured,
            )
        };
        self.hint = None;
        self.generation += 1;
        let who = before.to_move.map_or(String::new(), |s| format!("{s} "));
        let text = if captured > 0 {
            format!("{who}played {mv}, capturing {captured}")
        } else {
            format!("{who}played {mv}")
        };
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
            format!("took back; {} to redo", self.redo.len()),
            Tone::Info,
        ));
        self.snap_cursor();
    }

    fn redo(&mut self) {
        let Some(mv) = self.redo.last().cloned() else {
            self.message = Some(("nothing to redo".into(), Tone::Error));
            return;
        };
        if let Err(e) = self.play(&mv) {
            self.message = Some((format!("cannot redo {mv}: {e}"), Tone::Error));
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
        match opponent.hint(&*self.game) {
            Ok(h) => {
                let value = h
                    .value
                    .as_deref()
                    .map_or(String::new(), |v| format!(" ({v})"));
                self.message = Some((format!("hint: {}{value}", h.mv), Tone::Info));
                if let Some(pit) = self.move_pit(&h.mv) {
                    self.cursor = pit;
                }
                self.hint = Some(h);
            }
            Err(why) => self.message = Some((why, Tone::Error)),
        }
    }

    fn new_game(&mut self) {
        self.game = self.start.clone_box();
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
        self.message = Some((
            format!("{side} resigned: {} wins", side.opponent()),
            Tone::Info,
        ));
    }
}

/// The result in words, e.g. `"south wins 25-23 (score_majority)"`.
pub fn describe_outcome(o: Outcome, stores: [u32; 2]) -> String {
    let who = match o.winner {
        Some(s) => format!("{s} wins"),
        None => "draw".to_string(),
    };
    format!("{who} {}-{} ({})", stores[0], stores[1], o.reason)
}
