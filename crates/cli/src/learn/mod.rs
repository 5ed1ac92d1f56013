//! `mancala learn [PRESET]`: the lessons of [`mancala_learn`] in the terminal. The lesson screen
//! ([`screen::Learn`]) is a state machine over the play screen's own ([`crate::play::app::App`]):
//! a step's board is the play board, whose moves the lesson judges before they are played, and
//! a practice game is a game against the computer; [`ui::render`] draws the play screen and the
//! lesson over it. Progress is kept in the user's data directory, beside the puzzle record.

pub mod screen;
pub mod ui;

#[cfg(test)]
mod tests;

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, Result};
use crossterm::event::{self, KeyEventKind, MouseButton, MouseEventKind};
use mancala_core::variant::Variant;
use mancala_i18n::tr;

use crate::play::app::{Action, Event};
use screen::Learn;

/// Arguments of `mancala learn`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "In a lesson: ←/→ and Enter or a pit letter play, t hint, v a move that does it, r again, n next, p previous, Esc the list, q quit."
)]
pub struct Args {
    /// The game whose lessons to open, by a preset's name: oware, abapa, wuri, ouril, awari,
    /// olowuka, ba-awa, isolo [default: the list of games].
    pub variant: Option<String>,
    /// The language of the lessons (`en`, `fr`, `pt`, ...; default: from `LC_ALL`,
    /// `LC_MESSAGES` or `LANG`).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// Forget what was done in these lessons (in every game's without PRESET), and exit.
    #[arg(long)]
    pub reset: bool,
    /// Seed for the computer's choices in practice games.
    #[arg(long)]
    pub seed: Option<u64>,
}

/// The progress file: `learn.json` in the user's data directory, beside the puzzle record
/// (`$XDG_DATA_HOME/mancala/learn.json`, else `~/.local/share/mancala/learn.json`).
#[must_use]
pub fn progress_path() -> Option<PathBuf> {
    crate::play::puzzle::record_path().map(|p| p.with_file_name("learn.json"))
}

/// The lessons a preset's name opens, by their index in the course.
fn game_index(name: &str) -> Result<usize> {
    let course = mancala_learn::course().map_err(|e| anyhow!("{e}"))?;
    let variant = Variant::from_name(name)?;
    course
        .games
        .iter()
        .position(|g| g.presets.contains(&variant))
        .ok_or_else(|| {
            let presets: Vec<&str> = course
                .games
                .iter()
                .flat_map(|g| g.presets.iter().map(|p| p.name()))
                .collect();
            anyhow!(
                "no lessons for {}; the presets with lessons: {}",
                variant.name(),
                presets.join(", ")
            )
        })
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let lang = mancala_i18n::resolve(args.lang.as_deref())?;
    let game = args.variant.as_deref().map(game_index).transpose()?;
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut learn = Learn::new(lang, progress_path(), game, seed)?;
    if args.reset {
        let n = learn.reset(game)?;
        println!("{}", tr!(learn.cat(), "learn-screen-reset", count = n));
        return Ok(ExitCode::SUCCESS);
    }
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        // Not a terminal to take the lessons in: what there is and what is done, as text.
        print!("{}", learn.overview());
        return Ok(ExitCode::SUCCESS);
    }
    learn.set_background(true);
    crate::play::with_terminal(|terminal| {
        let size = terminal.size()?;
        learn.handle(Event::Resize {
            width: size.width,
            height: size.height,
        });
        let mut last_tick = Instant::now();
        loop {
            terminal.draw(|f| ui::render(&learn, f))?;
            let wait = Duration::from_millis(learn.tick_ms()).saturating_sub(last_tick.elapsed());
            let action = if event::poll(wait)? {
                match event::read()? {
                    event::Event::Key(k) if k.kind != KeyEventKind::Release => {
                        match crate::play::convert_key(k.code, k.modifiers) {
                            Some(key) => learn.handle(Event::Key(key)),
                            None => Action::None,
                        }
                    }
                    event::Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                        learn.handle(Event::Click {
                            column: m.column,
                            row: m.row,
                        })
                    }
                    event::Event::Resize(width, height) => {
                        learn.handle(Event::Resize { width, height })
                    }
                    _ => Action::None,
                }
            } else {
                last_tick = Instant::now();
                learn.handle(Event::Tick)
            };
            if action == Action::Quit {
                return Ok(());
            }
        }
    })?;
    Ok(ExitCode::SUCCESS)
}
