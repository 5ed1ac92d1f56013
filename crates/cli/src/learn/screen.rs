//! The lesson screen as a state machine: the list of games, a game's stages and practice games,
//! a step on the play board (its moves held and judged by [`mancala_learn::judge`] before they
//! are played: a right move is played and animated, a wrong one refused with why), and a
//! practice game against the computer. [`Learn::handle`] takes the play screen's events;
//! drawing is [`super::ui::render`]'s, from `&Learn` alone.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context, Result};
use mancala_core::extras::Extras;
use mancala_core::variant::DynGame;
use mancala_core::Side;
use mancala_i18n::{tr, Catalog};
use mancala_learn::lesson::Until;
use mancala_learn::progress::{practice_path, step_path};
use mancala_learn::{Course, GameLessons, Goal, Progress, Step, Verdict};

use crate::play::app::{Action, App, Event, Key, Mode, Tone};
use crate::play::opponent::{EngineOpponent, RandomOpponent};

/// What the screen shows.
pub enum View {
    /// The games with lessons; the one under the cursor.
    Games {
        /// The cursor.
        at: usize,
    },
    /// A game's stages, then its practice games.
    Stages {
        /// The game.
        game: usize,
        /// The row under the cursor (stages first, then practice games).
        at: usize,
    },
    /// A step on the board.
    Step(StepView),
    /// A practice game against the computer.
    Practice(PracticeView),
}

/// A step being taken.
pub struct StepView {
    /// The game, its stage and the step.
    pub at: (usize, usize, usize),
    /// The board.
    pub app: App,
    /// Solved (the explanation is shown).
    pub solved: bool,
    /// The hint is shown.
    pub hint: bool,
    /// A move that does it is shown.
    pub answer: bool,
    /// What the last move judged did, in words, and whether it was right.
    pub verdict: Option<(String, Tone)>,
}

/// A practice game being played.
pub struct PracticeView {
    /// The game and the practice game.
    pub at: (usize, usize),
    /// The board, against the computer.
    pub app: App,
    /// The learner's side.
    pub learner: Side,
    /// The round the game started in (Ba-awa).
    pub round: u32,
    /// What the practice came to, once decided: `(won, text)`.
    pub result: Option<(bool, String)>,
}

/// The whole lesson screen.
pub struct Learn {
    cat: &'static Catalog,
    lang: &'static str,
    course: &'static Course,
    progress: Progress,
    path: Option<PathBuf>,
    view: View,
    size: (u16, u16),
    seed: u64,
    background: bool,
    message: Option<(String, Tone)>,
}

/// Reads the progress at `path`; a missing file is a fresh start.
fn load(path: Option<&Path>) -> Result<Progress> {
    let Some(path) = path else {
        return Ok(Progress::default());
    };
    match std::fs::read_to_string(path) {
        Ok(text) => Progress::from_json(&text)
            .with_context(|| format!("{}: not a lesson progress", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

impl Learn {
    /// The screen in language `lang`, its progress kept at `path` (none: not kept), on the list
    /// of `game`'s stages (the list of games when `None`); `seed` seeds the computer's choices.
    ///
    /// # Errors
    /// When the lessons or the progress file cannot be read (a progress file that is not one is
    /// left as it is, not overwritten).
    pub fn new(
        lang: &'static str,
        path: Option<PathBuf>,
        game: Option<usize>,
        seed: u64,
    ) -> Result<Learn> {
        let course = mancala_learn::course().map_err(|e| anyhow!("{e}"))?;
        let progress = load(path.as_deref())?;
        let mut learn = Learn {
            cat: mancala_i18n::catalog(lang),
            lang,
            course,
            progress,
            path,
            view: View::Games { at: 0 },
            size: (100, 30),
            seed,
            background: false,
            message: None,
        };
        if let Some(game) = game {
            learn.view = View::Stages {
                game,
                at: learn.first_open_row(game),
            };
        }
        Ok(learn)
    }

    /// The catalogue the screen speaks.
    #[must_use]
    pub fn cat(&self) -> &'static Catalog {
        self.cat
    }

    /// The lessons.
    #[must_use]
    pub fn course(&self) -> &'static Course {
        self.course
    }

    /// What is done.
    #[must_use]
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// What the screen shows.
    #[must_use]
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The message line of the lists.
    #[must_use]
    pub fn message(&self) -> Option<&(String, Tone)> {
        self.message.as_ref()
    }

    /// Lets the computer think on another thread in practice games (the terminal does; tests
    /// do not).
    pub fn set_background(&mut self, on: bool) {
        self.background = on;
    }

    /// How long the caller should wait before the next [`Event::Tick`].
    #[must_use]
    pub fn tick_ms(&self) -> u64 {
        match &self.view {
            View::Step(s) => s.app.tick_ms(),
            View::Practice(p) => p.app.tick_ms(),
            _ => crate::play::app::IDLE_TICK_MS,
        }
    }

    /// Forgets what was done in the lessons of `game` (every game's when `None`) and keeps
    /// that; the number of steps and practice games forgotten.
    ///
    /// # Errors
    /// When the progress cannot be written.
    pub fn reset(&mut self, game: Option<usize>) -> Result<usize> {
        let id = game.map(|g| self.course.games[g].id.as_str());
        let n = self.progress.reset(self.course, id);
        self.save()?;
        Ok(n)
    }

    fn save(&self) -> Result<()> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        // Written aside, then moved over the file: a crash never leaves half a progress.
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, self.progress.to_json())
            .with_context(|| format!("cannot write {}", tmp.display()))?;
        std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
    }

    /// Marks `path` done and keeps the progress; a message when it cannot be kept.
    fn mark(&mut self, path: &str) {
        if self.progress.mark(path) {
            if let Err(e) = self.save() {
                self.message = Some((
                    tr!(
                        self.cat,
                        "learn-screen-save-failed",
                        error = format!("{e:#}")
                    ),
                    Tone::Error,
                ));
            }
        }
    }

    /// The lessons of game `g`.
    fn game(&self, g: usize) -> &'static GameLessons {
        &self.course.games[g]
    }

    /// The rows of a game's list: its stages, then its practice games.
    fn rows(&self, g: usize) -> usize {
        let game = self.game(g);
        game.stages.len() + game.practice.len()
    }

    /// The first row of game `g` with something left to do.
    fn first_open_row(&self, g: usize) -> usize {
        let game = self.game(g);
        let stage = game.stages.iter().position(|s| {
            let (done, total) = self.progress.stage_count(game, &s.id);
            done < total
        });
        let practice = || {
            game.practice
                .iter()
                .position(|p| !self.progress.is_done(&practice_path(&game.id, &p.id)))
                .map(|i| game.stages.len() + i)
        };
        stage.or_else(practice).unwrap_or(0)
    }

    // ----- opening steps and practice games -----

    fn new_app(
        &self,
        game: mancala_core::variant::AnyGame,
        mode: Mode,
        side: Side,
        level: u8,
        engine: bool,
    ) -> App {
        let opponent: Box<dyn crate::play::opponent::Opponent> = if engine {
            Box::new(EngineOpponent::new(self.seed))
        } else {
            Box::new(RandomOpponent::new(self.seed))
        };
        let mut app = App::new(game, mode, side, level, opponent);
        app.set_lang(self.lang);
        app.set_background(self.background);
        app.handle(Event::Resize {
            width: self.size.0,
            height: self.size.1,
        });
        app
    }

    /// Opens step `step` of stage `stage` of game `g`.
    fn open_step(&mut self, g: usize, stage: usize, step: usize) {
        let s = &self.game(g).stages[stage].steps[step];
        let game = match s.game() {
            Ok(game) => game,
            Err(e) => {
                self.message = Some((e.to_string(), Tone::Error));
                return;
            }
        };
        let side = game.state().to_move.unwrap_or(Side::South);
        // Both sides are the person's: the lesson, not a computer, answers the moves.
        let mut app = self.new_app(game, Mode::Local, side, 1, false);
        app.hold_moves(true);
        self.message = None;
        self.view = View::Step(StepView {
            at: (g, stage, step),
            app,
            solved: false,
            hint: false,
            answer: false,
            verdict: None,
        });
    }

    /// Opens the first step of stage `stage` of game `g` not yet done (its first if all are).
    fn open_stage(&mut self, g: usize, stage: usize) {
        let game = self.game(g);
        let st = &game.stages[stage];
        let step = st
            .steps
            .iter()
            .position(|s| !self.progress.is_done(&step_path(&game.id, &st.id, &s.id)))
            .unwrap_or(0);
        self.open_step(g, stage, step);
    }

    /// Opens practice game `p` of game `g`.
    fn open_practice(&mut self, g: usize, p: usize) {
        let practice = &self.game(g).practice[p];
        let game = match practice.game() {
            Ok(game) => game,
            Err(e) => {
                self.message = Some((e.to_string(), Tone::Error));
                return;
            }
        };
        let state = game.state();
        let learner = state.to_move.unwrap_or(Side::South);
        let round = match &state.extras {
            Extras::BaAwa(b) => b.round,
            _ => 0,
        };
        let app = self.new_app(game, Mode::Computer, learner, practice.level, true);
        self.message = None;
        self.view = View::Practice(PracticeView {
            at: (g, p),
            app,
            learner,
            round,
            result: None,
        });
    }

    /// Back to the list of the game's stages, on `row`.
    fn back_to_stages(&mut self, g: usize, row: usize) {
        self.view = View::Stages { game: g, at: row };
    }

    // ----- events -----

    /// Handles one event.
    pub fn handle(&mut self, event: Event) -> Action {
        if let Event::Resize { width, height } = event {
            self.size = (width, height);
        }
        if let Event::Key(Key::Interrupt) = event {
            return Action::Quit;
        }
        match &mut self.view {
            View::Games { .. } | View::Stages { .. } => self.list_event(event),
            View::Step(_) => self.step_event(event),
            View::Practice(_) => self.practice_event(event),
        }
    }

    fn list_event(&mut self, event: Event) -> Action {
        let Event::Key(key) = event else {
            return Action::None;
        };
        let games = self.course.games.len();
        let rows = match &self.view {
            View::Stages { game, .. } => self.rows(*game),
            _ => 0,
        };
        match (&mut self.view, key) {
            (_, Key::Char('q')) => return Action::Quit,
            (View::Games { at }, Key::Up) => *at = at.checked_sub(1).unwrap_or(games - 1),
            (View::Games { at }, Key::Down) => *at = (*at + 1) % games,
            (View::Games { at }, Key::Enter | Key::Char(' ') | Key::Right) => {
                let g = *at;
                let row = self.first_open_row(g);
                self.back_to_stages(g, row);
            }
            (View::Stages { at, .. }, Key::Up) => *at = at.checked_sub(1).unwrap_or(rows - 1),
            (View::Stages { at, .. }, Key::Down) => *at = (*at + 1) % rows,
            (View::Stages { game, .. }, Key::Esc | Key::Left | Key::Backspace) => {
                let g = *game;
                self.view = View::Games { at: g };
            }
            (View::Stages { game, at }, Key::Enter | Key::Char(' ') | Key::Right) => {
                let (g, row) = (*game, *at);
                let stages = self.game(g).stages.len();
                if row < stages {
                    self.open_stage(g, row);
                } else {
                    self.open_practice(g, row - stages);
                }
            }
            _ => {}
        }
        Action::None
    }

    fn step_event(&mut self, event: Event) -> Action {
        let View::Step(view) = &mut self.view else {
            return Action::None;
        };
        let (g, stage, step) = view.at;
        // Keys the board has no use for, or that the lesson takes for itself. The board keeps
        // its keys while its help, a typed move or the kucheleka editor's digits are open.
        let busy = view.app.help_open() || view.app.input().is_some();
        if let (Event::Key(key), false) = (event, busy) {
            match key {
                Key::Char('q') => return Action::Quit,
                Key::Esc if view.app.frame().is_none() => {
                    self.back_to_stages(g, stage);
                    return Action::None;
                }
                Key::Char('t') => {
                    view.hint = true;
                    return Action::None;
                }
                Key::Char('v') => {
                    view.answer = true;
                    return Action::None;
                }
                Key::Char('r' | 'u') => {
                    self.open_step(g, stage, step);
                    return Action::None;
                }
                Key::Char('n') => {
                    self.next_step();
                    return Action::None;
                }
                Key::Enter | Key::Char(' ') if view.solved && view.app.frame().is_none() => {
                    self.next_step();
                    return Action::None;
                }
                Key::Char('p') => {
                    self.previous_step();
                    return Action::None;
                }
                // Resigning and saving records are the play screen's, not a lesson's.
                Key::Char('x' | 's') => return Action::None,
                _ => {}
            }
        }
        let action = view.app.handle(event);
        let Some(mv) = view.app.take_held() else {
            return if action == Action::Quit {
                Action::Quit
            } else {
                Action::None
            };
        };
        if view.solved {
            // The step is done: the board is there to be looked at.
            return Action::None;
        }
        self.judge(&mv);
        Action::None
    }

    /// Judges the learner's move `mv` in the open step: a right one is played (a forbidden
    /// move found is not) and the step marked done, a wrong one refused with why.
    fn judge(&mut self, mv: &str) {
        let View::Step(view) = &mut self.view else {
            return;
        };
        let (g, stage, step) = view.at;
        let game = &self.course.games[g];
        let st: &Step = &game.stages[stage].steps[step];
        let row = view.app.game().pits_per_row();
        let judged = mancala_learn::judge(view.app.game(), &st.goal, mv);
        let text = mancala_learn::text::verdict(self.cat, &st.goal, &judged, row);
        match judged.verdict {
            Verdict::Solved => {
                if !matches!(st.goal, Goal::Illegal(_)) {
                    if let Err(e) = view.app.play_move(&judged.mv) {
                        view.app.notify(e.to_string(), Tone::Error);
                        return;
                    }
                }
                view.solved = true;
                view.app.notify(text.clone(), Tone::Info);
                view.verdict = Some((text, Tone::Info));
                let path = step_path(&game.id, &game.stages[stage].id, &st.id);
                self.mark(&path);
            }
            Verdict::Wrong(_) => {
                view.app.notify(text.clone(), Tone::Error);
                view.verdict = Some((text, Tone::Error));
            }
        }
    }

    /// The next step: of this stage, else the first open one of the next stages, else the
    /// list.
    fn next_step(&mut self) {
        let View::Step(view) = &self.view else {
            return;
        };
        let (g, stage, step) = view.at;
        let game = self.game(g);
        if step + 1 < game.stages[stage].steps.len() {
            self.open_step(g, stage, step + 1);
        } else if stage + 1 < game.stages.len() {
            let title = mancala_learn::text::stage_title(self.cat, &game.stages[stage]);
            self.open_stage(g, stage + 1);
            self.message = Some((
                tr!(self.cat, "learn-screen-stage-done", stage = title),
                Tone::Info,
            ));
        } else {
            let row = self.first_open_row(g);
            self.back_to_stages(g, row);
        }
    }

    fn previous_step(&mut self) {
        let View::Step(view) = &self.view else {
            return;
        };
        let (g, stage, step) = view.at;
        if step > 0 {
            self.open_step(g, stage, step - 1);
        } else if stage > 0 {
            let last = self.game(g).stages[stage - 1].steps.len() - 1;
            self.open_step(g, stage - 1, last);
        }
    }

    fn practice_event(&mut self, event: Event) -> Action {
        let View::Practice(view) = &mut self.view else {
            return Action::None;
        };
        let (g, p) = view.at;
        let busy = view.app.help_open() || view.app.input().is_some();
        if let (Event::Key(key), false) = (event, busy) {
            match key {
                Key::Char('q') => return Action::Quit,
                Key::Esc if view.app.frame().is_none() => {
                    let row = self.game(g).stages.len() + p;
                    self.back_to_stages(g, row);
                    return Action::None;
                }
                // Resigning and saving records are the play screen's; here `n` starts again.
                Key::Char('x' | 's') => return Action::None,
                Key::Char('n') => {
                    self.open_practice(g, p);
                    return Action::None;
                }
                _ => {}
            }
        }
        let action = view.app.handle(event);
        self.check_practice();
        if action == Action::Quit {
            Action::Quit
        } else {
            Action::None
        }
    }

    /// Decides a practice game once it is won or lost, and keeps a win.
    fn check_practice(&mut self) {
        let View::Practice(view) = &mut self.view else {
            return;
        };
        if view.result.is_some() {
            return;
        }
        let (g, p) = view.at;
        let practice = &self.course.games[g].practice[p];
        let state = view.app.state();
        let me = view.learner;
        let decided = match practice.until {
            Until::Game => state.outcome.map(|o| o.winner == Some(me)),
            Until::Round => match &state.extras {
                Extras::BaAwa(b) => b
                    .round_end
                    .filter(|r| r.round == view.round)
                    .map(|r| r.captures[me.index()] > r.captures[me.opponent().index()])
                    .or_else(|| state.outcome.map(|o| o.winner == Some(me))),
                _ => state.outcome.map(|o| o.winner == Some(me)),
            },
            Until::Foregame => match &state.extras {
                Extras::Isolo(i) => i.foregame_winner.map(|w| w == me),
                _ => state.outcome.map(|o| o.winner == Some(me)),
            },
        };
        let Some(won) = decided else {
            return;
        };
        let text = if won {
            tr!(self.cat, "learn-screen-practice-won")
        } else {
            tr!(self.cat, "learn-screen-practice-lost")
        };
        view.result = Some((won, text));
        if won {
            let path = practice_path(&self.course.games[g].id, &practice.id);
            self.mark(&path);
        }
    }

    /// What there is and what is done, as text (for a screen that is not a terminal).
    #[must_use]
    pub fn overview(&self) -> String {
        let mut out = String::new();
        let games: Vec<usize> = match &self.view {
            View::Stages { game, .. } => vec![*game],
            _ => (0..self.course.games.len()).collect(),
        };
        for g in games {
            let game = self.game(g);
            let (done, total) = self.progress.game_count(game);
            out.push_str(&format!(
                "{} ({done}/{total})\n",
                mancala_learn::text::game_title(self.cat, game)
            ));
            for s in &game.stages {
                let (d, t) = self.progress.stage_count(game, &s.id);
                let mark = if d == t { "✓" } else { " " };
                out.push_str(&format!(
                    "  {mark} {} ({d}/{t})\n",
                    mancala_learn::text::stage_title(self.cat, s)
                ));
            }
            for p in &game.practice {
                let mark = if self.progress.is_done(&practice_path(&game.id, &p.id)) {
                    "✓"
                } else {
                    " "
                };
                out.push_str(&format!(
                    "  {mark} {}: {}\n",
                    tr!(self.cat, "learn-screen-practice"),
                    mancala_learn::text::practice(self.cat, p)
                ));
            }
        }
        out.push('\n');
        out.push_str(&tr!(self.cat, "learn-screen-not-terminal"));
        out.push('\n');
        out
    }
}
