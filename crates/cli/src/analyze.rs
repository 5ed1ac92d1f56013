//! `mancala analyze`: the value of every legal move and the best line, for people or as JSON;
//! with `--prove`, what the prover ([`mancala_engine::prove_game`]) proves replaces the
//! estimates.

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
    /// Search to this depth (plies, 1 to 100).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(mancala_engine::MAX_DEPTH)))]
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
    /// After the search, run the prover (`mancala solve`) on the position for at most this many
    /// seconds, and show what it proves instead of the estimate.
    #[arg(long, value_name = "SECONDS", value_parser = crate::seconds)]
    prove: Option<Duration>,
    /// With `--prove`: also prove each legal move (within the same seconds in all).
    #[arg(long, requires = "prove")]
    prove_moves: bool,
}

/// Runs the prover on `game` for at most `time` in all (the position, then each move with
/// `moves`), with the tables `mancala solve` would use (`dir`, the default directory, or built
/// in memory; they are loaded or built before the clock starts).
fn run_prover(
    game: &mancala_core::variant::AnyGame,
    dir: Option<&std::path::Path>,
    time: Duration,
    moves: bool,
) -> Result<mancala_engine::GameProof> {
    let table = crate::solve::tables_for(game, dir, &indicatif::ProgressBar::hidden())?;
    let options = mancala_engine::GameProofOptions {
        budget: mancala_engine::Budget::short(time),
        moves,
        deadline: Some(Instant::now() + time),
    };
    Ok(mancala_engine::prove_game(
        game,
        table.as_ref(),
        &options,
        &mut |_| {},
    )?)
}

/// The `proof` summary of the JSON output: nodes and seconds over every proof run, and why the
/// position's proof stopped early, if it did.
fn proof_summary(p: &mancala_engine::GameProof) -> serde_json::Value {
    let all = std::iter::once(&p.proof).chain(p.moves.iter().map(|(_, m)| m));
    let (nodes, seconds) = all.fold((0u64, 0f64), |(n, s), m| {
        (n + m.stats.nodes, s + m.stats.elapsed.as_secs_f64())
    });
    json!({
        "proven": p.proof.verdict().is_some(),
        "exact": p.proof.value().is_some(),
        "nodes": nodes,
        "seconds": seconds,
        "stopped_by": p.proof.stopped.map(|s| s.name()),
        "moves_proven": p.moves.iter().filter(|(_, m)| m.verdict().is_some()).count(),
    })
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    if args.threads == 0 || args.threads > 256 {
        bail!("--threads must be from 1 to 256");
    }
    let game = args.game.build()?;
    let limits = Limits {
        depth: args.depth,
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
    let proof = match args.prove {
        Some(time) => {
            let p = run_prover(&game, args.tablebase.as_deref(), time, args.prove_moves)?;
            mancala_engine::apply_proof(&mut a, &p);
            Some(p)
        }
        None => None,
    };
    if args.json {
        let moves: Vec<_> = a
            .moves
            .iter()
            .map(|(m, s)| json!({"move": m, "score": s}))
            .collect();
        let mut v = json!({
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
        if let Some(p) = &proof {
            v["proof"] = proof_summary(p);
        }
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
        if let Some(p) = &proof {
            let s = proof_summary(p);
            writeln!(
                out,
                "proof: {}, {} nodes, {:.2} s{}",
                if p.proof.verdict().is_some() {
                    "proven"
                } else {
                    "not proven"
                },
                s["nodes"],
                s["seconds"].as_f64().unwrap_or(0.0),
                p.proof.stopped.map_or(String::new(), |by| format!(
                    ", stopped by the {}",
                    by.name()
                ))
            )?;
        }
        writeln!(out, "moves:")?;
        for (m, s) in &a.moves {
            writeln!(out, "  {m:<4} {s}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
