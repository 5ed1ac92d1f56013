//! `mancala analyze`: the value of every legal move and the best line, for people or as JSON.

use mancala_core::variant::DynGame;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use mancala_engine::{Engine, Limits, SearchOptions};
use serde_json::json;

use crate::GameArgs;

/// Arguments of `mancala analyze`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Think this many milliseconds (default 1000 when no depth is given).
    #[arg(long, conflicts_with = "depth")]
    movetime: Option<u64>,
    /// Search to this depth (plies).
    #[arg(long)]
    depth: Option<u32>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Use the endgame tables in this directory (`mancala tb build`).
    #[arg(long, value_name = "DIR")]
    tablebase: Option<std::path::PathBuf>,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    if args.threads == 0 || args.threads > 256 {
        bail!("--threads must be from 1 to 256");
    }
    let game = args.game.build()?;
    let limits = Limits {
        depth: args.depth.map(|d| d.clamp(1, mancala_engine::MAX_DEPTH)),
        movetime: match (args.movetime, args.depth) {
            (Some(ms), _) => Some(Duration::from_millis(ms)),
            (None, None) => Some(Duration::from_millis(1000)),
            (None, Some(_)) => None,
        },
        nodes: None,
    };
    let options = SearchOptions {
        limits,
        multipv: usize::MAX,
        threads: args.threads,
        // Every move valued to a depth: what alpha-beta gives.
        algorithm: Some(mancala_engine::Algorithm::AlphaBeta),
        ..SearchOptions::default()
    };
    let mut engine = Engine::new(64);
    if let Some(dir) = &args.tablebase {
        engine.set_tablebases(crate::tb::load_tables(dir)?);
    }
    let start = Instant::now();
    let state = game.state();
    let result = engine.search_dyn(&game, &options, None, &mut |_| {});
    let elapsed = start.elapsed();
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    let Some(mut a) = result else {
        if state.outcome.is_none() {
            bail!("the engine cannot search this game yet");
        }
        if args.json {
            writeln!(
                out,
                "{}",
                json!({"position": state.position, "over": true, "best": null, "moves": []})
            )?;
        } else {
            writeln!(out, "{}: the game is over", state.position)?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    // A position the tables know exactly shows the table's value rather than the search's.
    if let Some(exact) = engine.table_score(&game) {
        a.score = exact;
    }
    if args.json {
        let moves: Vec<_> = a
            .moves
            .iter()
            .map(|(m, s)| json!({"move": m, "score": s}))
            .collect();
        let v = json!({
            "variant": game.variant().name(),
            "position": state.position,
            "to_move": state.to_move.map(|s| s.name()),
            "over": false,
            "depth": a.depth,
            "nodes": a.nodes,
            "time_ms": elapsed.as_millis() as u64,
            "best": a.best,
            "score": a.score,
            "pv": a.pv,
            "moves": moves,
        });
        writeln!(out, "{v}")?;
    } else {
        let side = state.to_move.map_or("nobody", |s| s.name());
        writeln!(
            out,
            "{} ({}), {side} to move",
            state.position,
            game.variant().name()
        )?;
        writeln!(
            out,
            "depth {}, {} nodes, {:.2} s",
            a.depth,
            a.nodes,
            elapsed.as_secs_f64()
        )?;
        writeln!(
            out,
            "best: {} ({})",
            a.best.as_deref().unwrap_or("-"),
            a.score
        )?;
        writeln!(out, "line: {}", a.pv.join(" "))?;
        writeln!(out, "moves:")?;
        for (m, s) in &a.moves {
            writeln!(out, "  {m:<4} {s}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
