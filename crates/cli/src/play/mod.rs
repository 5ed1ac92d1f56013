//! `mancala play`: a full-screen terminal UI. [`app::App`] is the state machine, [`ui::render`]
//! draws it; this module owns the terminal (raw mode, alternate screen, mouse, restoring on exit
//! and on panic), loads and saves records, and autosaves.

pub mod anim;
pub mod app;
pub mod help;
pub mod layout;
pub mod opponent;
pub mod puzzle;
pub mod text;
pub mod ui;

#[cfg(test)]
mod tests;

use std::io::{self, IsTerminal, Stdout};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result};
use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, KeyCode, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use mancala_core::record::{Dialect, Record};
use mancala_core::variant::{AnyGame, DynGame};
use mancala_core::Side;
use mancala_i18n::tr;
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;

use app::{Action, App, Event, Key, Mode, Tone};
use opponent::{EngineOpponent, Opponent};

/// Which side the person plays against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SideArg {
    /// The bottom row (A-F), moving first.
    South,
    /// The top row (a-f).
    North,
}

/// Arguments of `mancala play`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "In the game: ←/→ and Enter or a pit letter sow, u/r undo/redo, t hint, ? help, q quit (--help lists every key).",
    after_long_help = concat!("Keys:\n", include_str!("keys.txt"))
)]
pub struct Args {
    /// The preset (see `mancala variants`).
    #[arg(default_value = "oware")]
    pub variant: String,
    /// Your side against the computer.
    #[arg(long, value_enum, default_value = "south")]
    pub side: SideArg,
    /// The computer's strength, 1 (beginner) to 6 (full strength, one second a move).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub level: u8,
    /// Against the computer, two people at one keyboard, or the computer against itself.
    #[arg(long, value_enum, default_value = "computer")]
    pub mode: Mode,
    /// Set a rule option on top of the preset, e.g. `--rule grand_slam=Allowed`. Repeatable.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
    /// Start from this position (the game's notation) instead of the start position.
    #[arg(long)]
    pub position: Option<String>,
    /// Continue a saved game record (our format or Aualé's .ogn); its tags set the variant, rules
    /// and start position.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "rules", "resume"])]
    pub load: Option<PathBuf>,
    /// Continue the game left unfinished last time (the autosave).
    #[arg(long, conflicts_with_all = ["position", "rules"])]
    pub resume: bool,
    /// Where `s` saves the record (default: `mancala-<variant>-<time>.mgn` in the user's data
    /// directory, `$XDG_DATA_HOME/mancala/games` or `~/.local/share/mancala/games`).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Seed for the computer's choices, so that a game can be replayed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The language of the screen (`en`, `fr`, `pt`, ...; default: from `LC_ALL`,
    /// `LC_MESSAGES` or `LANG`).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// How long a hint may then spend proving the position when its search proved nothing, in
    /// milliseconds (0: never): a proof turns the hint's estimate into "proven win by ≥ N".
    #[arg(long, value_name = "MS", default_value_t = 500,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub hint_proof: u64,
}

/// The autosave file: `$MANCALA_AUTOSAVE`, else `$XDG_STATE_HOME/mancala/autosave.mgn`, else
/// `~/.local/state/mancala/autosave.mgn`.
#[must_use]
pub fn autosave_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MANCALA_AUTOSAVE") {
        return Some(PathBuf::from(p));
    }
    let base = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))?;
    Some(base.join("mancala").join("autosave.mgn"))
}

/// Reads a record file (ours, `.ogn` or JSON; `-` for standard input) and replays its main line.
pub fn load_record(path: &Path) -> Result<AnyGame> {
    let rec = crate::record::read(path)?;
    rec.to_game().with_context(|| format!("{}", path.display()))
}

fn build_game(args: &Args) -> Result<AnyGame> {
    if let Some(path) = &args.load {
        return load_record(path);
    }
    if args.resume {
        let path = autosave_path().context("no place for the autosave (set HOME)")?;
        return load_record(&path).context("nothing to resume");
    }
    crate::new_game(&args.variant, &args.rules, args.position.as_deref())
}

/// The computer player: the search engine, whose hints may prove for `hint_proof`.
fn make_opponent(seed: u64, hint_proof: std::time::Duration) -> Box<dyn Opponent> {
    Box::new(EngineOpponent::new(seed).with_hint_proof(hint_proof))
}

/// The full-screen terminal.
pub(crate) type Term = Terminal<CrosstermBackend<Stdout>>;

fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let lang = mancala_i18n::resolve(args.lang.as_deref())?;
    let game = build_game(args)?;
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let side = match args.side {
        SideArg::South => Side::South,
        SideArg::North => Side::North,
    };
    let opponent = make_opponent(seed, std::time::Duration::from_millis(args.hint_proof));
    let mut app = App::new(game, args.mode, side, args.level, opponent);
    app.set_lang(lang);
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        // Not a terminal to play in: the screen and the help, once, as text.
        print!("{}", snapshot(&mut app, SNAPSHOT_SIZE.0, SNAPSHOT_SIZE.1)?);
        return Ok(ExitCode::SUCCESS);
    }
    run_app(&mut app, args.save.as_deref())?;
    if !app.is_over() && !app.played().is_empty() {
        if let Some(p) = autosave_path() {
            eprintln!(
                "{}",
                tr!(app.cat(), "cli-resume-hint", path = p.display().to_string())
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The size of the screen [`snapshot`] draws when the output is not a terminal.
const SNAPSHOT_SIZE: (u16, u16) = (100, 30);

/// The play screen of `app` drawn once on a `width` by `height` screen, then its help screen's
/// lines, as text (trailing spaces trimmed).
///
/// # Errors
/// Only if drawing fails (it does not on an in-memory screen).
pub fn snapshot(app: &mut App, width: u16, height: u16) -> io::Result<String> {
    app.handle(Event::Resize { width, height });
    let mut term = Terminal::new(ratatui::backend::TestBackend::new(width, height))?;
    term.draw(|f| ui::render(app, f))?;
    let buf = term.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..height {
        let line: String = (0..width).map(|x| buf[(x, y)].symbol()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push('\n');
    for (text, _) in help::lines(app.game(), app.cat()) {
        out.push_str(&text);
        out.push('\n');
    }
    Ok(out)
}

/// Runs `app` full-screen in the terminal until the person quits (`save`: where `s` saves).
pub fn run_app(app: &mut App, save: Option<&Path>) -> Result<()> {
    app.set_background(true);
    with_terminal(|terminal| event_loop(terminal, app, save))
}

/// Runs `f` on the full-screen terminal (raw mode, alternate screen, mouse), restored on return
/// and on panic.
pub(crate) fn with_terminal<T>(f: impl FnOnce(&mut Term) -> Result<T>) -> Result<T> {
    enable_raw_mode().context("cannot use this terminal (raw mode)")?;
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        prev(info);
    }));
    let result = (|| -> Result<T> {
        execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
        let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
        terminal.clear()?;
        f(&mut terminal)
    })();
    restore_terminal();
    let _ = std::panic::take_hook();
    result
}

/// The screen's key for a terminal key, if it has one.
pub(crate) fn convert_key(code: KeyCode, mods: KeyModifiers) -> Option<Key> {
    Some(match code {
        KeyCode::Char('c') if mods.contains(KeyModifiers::CONTROL) => Key::Interrupt,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::F(1) => Key::F1,
        _ => return None,
    })
}

fn event_loop(terminal: &mut Term, app: &mut App, save_to: Option<&Path>) -> Result<()> {
    let size = terminal.size()?;
    app.handle(Event::Resize {
        width: size.width,
        height: size.height,
    });
    let mut last_tick = Instant::now();
    let mut saved_generation = app.generation();
    loop {
        terminal.draw(|f| ui::render(app, f))?;
        let interval = Duration::from_millis(app.tick_ms());
        let wait = interval.saturating_sub(last_tick.elapsed());
        let action = if event::poll(wait)? {
            match event::read()? {
                event::Event::Key(k) if k.kind != KeyEventKind::Release => {
                    match convert_key(k.code, k.modifiers) {
                        Some(key) => app.handle(Event::Key(key)),
                        None => Action::None,
                    }
                }
                event::Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => app
                    .handle(Event::Click {
                        column: m.column,
                        row: m.row,
                    }),
                event::Event::Resize(width, height) => app.handle(Event::Resize { width, height }),
                _ => Action::None,
            }
        } else {
            last_tick = Instant::now();
            app.handle(Event::Tick)
        };
        // A puzzle is not a game to resume.
        if app.generation() != saved_generation && app.puzzle_session().is_none() {
            saved_generation = app.generation();
            if let Err(e) = autosave(app) {
                app.notify(format!("autosave failed: {e:#}"), Tone::Error);
            }
        }
        match action {
            Action::None => {}
            Action::Quit => return Ok(()),
            Action::Save => {
                let path = save_to.map_or_else(|| default_save_name(app), Path::to_path_buf);
                match save(app.game(), app.resigned(), &path) {
                    Ok(()) => app.notify(format!("saved to {}", path.display()), Tone::Info),
                    Err(e) => app.notify(format!("cannot save: {e:#}"), Tone::Error),
                }
            }
        }
    }
}

fn default_save_name(app: &App) -> PathBuf {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    default_save_path(
        std::env::var_os("XDG_DATA_HOME").map(PathBuf::from),
        std::env::var_os("HOME").map(PathBuf::from),
        app.game().variant().name(),
        secs,
    )
}

/// Where `s` saves without `--save`: `mancala-<variant>-<time>.mgn` in the user's data directory
/// (`$XDG_DATA_HOME/mancala/games`, else `~/.local/share/mancala/games`); the working directory
/// only when neither is known.
pub fn default_save_path(
    data_home: Option<PathBuf>,
    home: Option<PathBuf>,
    variant: &str,
    secs: u64,
) -> PathBuf {
    let name = format!("mancala-{variant}-{secs}.mgn");
    match data_home
        .filter(|d| d.is_absolute())
        .or_else(|| home.map(|h| h.join(".local/share")))
    {
        Some(base) => base.join("mancala").join("games").join(name),
        None => PathBuf::from(name),
    }
}

/// Writes `game` as a record to `path` (Aualé's dialect when the name ends in `.ogn`); a
/// resignation is written as the result (`1-0`: South wins) and a `Termination` tag.
pub fn save(game: &AnyGame, resigned: Option<Side>, path: &Path) -> Result<()> {
    let dialect = if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ogn"))
    {
        Dialect::Ogn
    } else {
        Dialect::Mancala
    };
    let mut record = Record::from_game(game);
    if let Some(side) = resigned {
        record.set_ending(Some(side.opponent()), "resigned");
    }
    let text = record.write(dialect);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Keeps the unfinished game in the autosave file; removes it once the game is over or empty.
fn autosave(app: &App) -> Result<()> {
    let Some(path) = autosave_path() else {
        return Ok(());
    };
    if app.is_over() || app.played().is_empty() {
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => {
                Err(e).with_context(|| format!("cannot remove {}", path.display()))
            }
            _ => Ok(()),
        }
    } else {
        save(app.game(), None, &path)
    }
}
