//! `mancala trace`: one JSON object per line, the start state then the state after each move.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use mancala_core::variant::{DynGame, DynPlayError};
use serde_json::json;

use crate::state::state_json;
use crate::{GameArgs, EXIT_BAD_INPUT};

/// Arguments of `mancala trace`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Moves to play, as pit letters (A-F South, a-f North; A-H, a-h on 2x8 boards) or set-up
    /// actions (Isolo's kucheleka: `k:0,5,0,3,0,0,8,1`). Several letters may be written as one word.
    moves: Vec<String>,
}

/// Splits the move arguments: each argument is a move, or a run of single-letter moves.
pub(crate) fn split_moves(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for a in args {
        let a = a.trim();
        if a.chars().all(|c| c.is_ascii_alphabetic()) && a.len() > 1 {
            out.extend(a.chars().map(|c| c.to_string()));
        } else {
            out.push(a.to_string());
        }
    }
    out
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let mut game = args.game.build()?;
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    writeln!(out, "{}", state_json(&game.state())?)?;
    for (i, mv) in split_moves(&args.moves).iter().enumerate() {
        match game.play(mv) {
            Ok(_) => writeln!(out, "{}", state_json(&game.state())?)?,
            Err(err) => {
                out.flush()?;
                let (kind, reason) = match &err {
                    DynPlayError::Parse(e) => ("malformed", e.to_string()),
                    DynPlayError::Illegal { reason, .. } => ("illegal", reason.to_string()),
                };
                let obj = json!({
                    "error": kind,
                    "move": mv,
                    "ply": i + 1,
                    "reason": reason,
                    "position": game.notation(),
                });
                eprintln!("{obj}");
                return Ok(ExitCode::from(EXIT_BAD_INPUT));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
