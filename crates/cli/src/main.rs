//! `mancala`: play, teach and analyse traditional sowing games.
#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};

mod analyze;
mod bench;
mod db;
mod engine;
mod i18n;
mod learn;
mod levels;
mod lines;
mod match_cmd;
mod out;
mod pair;
mod perft;
mod play;
mod puzzle;
mod puzzles;
mod record;
mod selfplay;
mod serve;
mod show;
mod solve;
mod standings;
mod state;
mod tb;
mod trace;
mod tune;
mod variants;

/// Play, teach and analyse traditional sowing games: Oware, Abapa, Wuri, Ouril and more.
#[derive(Parser, Debug)]
#[command(name = "mancala", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play in a full-screen terminal board: against the computer, two people, or watch.
    Play(play::Args),
    /// List the presets with their rule options and defaults.
    Variants(variants::Args),
    /// Count the move sequences of a given length (perft).
    Perft(perft::Args),
    /// Print the state after each move as one JSON object per line.
    Trace(trace::Args),
    /// Print a board diagram of a position.
    Show(show::Args),
    /// Check, replay and convert game records (ours, Aualé's .ogn, JSON).
    #[command(subcommand)]
    Record(record::Sub),
    /// Serve the JSON/WebSocket API and the browser UI.
    Serve(serve::Args),
    /// The server's database: migrate, check, export, import (docs/operators.md).
    #[command(subcommand)]
    Db(db::Command),
    /// Run the engine behind a UCI-like protocol on stdin/stdout (Aalina's dialect).
    Engine(engine::Args),
    /// The value of every legal move and the best line.
    Analyze(analyze::Args),
    /// Fixed-depth searches over fixed positions: total nodes (a fingerprint) and speed.
    Bench(bench::Args),
    /// Games between two engine configurations: W/D/L, Elo, SPRT.
    Match(match_cmd::Args),
    /// The playing levels and their Elo estimates; `--measure` plays the ladder that sets them.
    Levels(levels::Args),
    /// Play whole games (Ba-awa: matches) with random legal moves and report results and time.
    Selfplay(selfplay::Args),
    /// Generate self-play data and fit the evaluation's weights.
    #[command(subcommand)]
    Tune(tune::Sub),
    /// Endgame tables: build, probe, inspect (docs/tablebase.md).
    #[command(subcommand)]
    Tb(tb::Sub),
    /// Prove the result of a position by searching to the end of the game (docs/solve.md).
    Solve(solve::Args),
    /// Puzzles with a single proven best move: generate, verify, list (docs/puzzles.md).
    #[command(subcommand)]
    Puzzles(puzzles::Sub),
    /// Solve a shipped puzzle in the terminal (or check moves with `--moves`).
    Puzzle(puzzle::Args),
    /// Lessons for every game in the terminal: short stages, one idea each (docs/learn.md).
    Learn(learn::Args),
    /// The message catalogues of the languages: `mancala i18n check` (docs/i18n.md).
    #[command(subcommand)]
    I18n(i18n::Sub),
    /// The next round's pairings of a tournament file (TRF16): `--dutch` or `--round-robin`.
    Pair(pair::Args),
    /// The standings of a tournament file (TRF16) with the FIDE tie-breaks of its format.
    Standings(standings::Args),
}

/// The value of the options that take a time budget in seconds (`solve --time`, `analyze
/// --prove`, `tb build --refine-seconds`): a positive number, at most a year.
pub fn seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 365.0 * 86_400.0 => Ok(std::time::Duration::from_secs_f64(s)),
        _ => Err(format!(
            "{text:?} is not a positive number of seconds (at most a year)"
        )),
    }
}

/// Options shared by commands that set up a game.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// The preset (see `mancala variants`).
    pub variant: String,
    /// Start from this position (the game's notation) instead of the start position.
    #[arg(long)]
    pub position: Option<String>,
    /// Set a rule option on top of the preset, e.g. `--rule grand_slam=Allowed`. Repeatable.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
}

impl GameArgs {
    /// Builds the game these arguments describe.
    pub fn build(&self) -> Result<mancala_core::variant::AnyGame> {
        new_game(&self.variant, &self.rules, self.position.as_deref())
    }
}

/// A game of the preset `variant` with the `NAME=VALUE` rule options `rules` on top, from
/// `position` or the start.
pub fn new_game(
    variant: &str,
    rules: &[String],
    position: Option<&str>,
) -> Result<mancala_core::variant::AnyGame> {
    let variant = mancala_core::variant::Variant::from_name(variant)?;
    let rules = rules
        .iter()
        .map(|r| mancala_core::variant::parse_rule_assignment(r))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(variant.new_game(&rules, position)?)
}

/// The exit code for bad input and illegal moves.
pub const EXIT_BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Variants(args) => variants::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Trace(args) => trace::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Record(args) => record::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Db(args) => db::run(&args),
        Command::Engine(args) => engine::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Match(args) => match_cmd::run(&args),
        Command::Levels(args) => levels::run(&args),
        Command::Selfplay(args) => selfplay::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Tb(args) => tb::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::Puzzle(args) => puzzle::run(&args),
        Command::Learn(args) => learn::run(&args),
        Command::I18n(args) => i18n::run(&args),
        Command::Pair(args) => pair::run(&args),
        Command::Standings(args) => standings::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            if out::pipe_closed() {
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(io::stderr(), "mancala: {err:#}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}
