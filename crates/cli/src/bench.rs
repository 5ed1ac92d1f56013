//! `mancala bench`: fixed-depth searches over fixed positions, whose total node count is a
//! fingerprint of the search's behaviour and whose speed is a figure to compare builds with; or,
//! with `--movetime`, timed searches of Abapa positions (the depth reached and the speed at a
//! time per move, the reference engine's kind of benchmark).

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};

/// Arguments of `mancala bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Added to every depth (e.g. -4 for a quick run).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    depth_offset: i32,
    /// The evaluation: `fitted` (the default) or `hand`.
    #[arg(long, default_value = "fitted")]
    eval: String,
    /// Search each of 12 Abapa positions (the start and 11 middle games) for this many
    /// milliseconds instead, and report the mean depth reached.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000), conflicts_with = "depth_offset")]
    movetime: Option<u64>,
    /// Search threads, with --movetime (the fixed-depth fingerprint is single-threaded).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64), requires = "movetime")]
    threads: u16,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let eval = mancala_engine::eval::EvalKind::from_name(&args.eval)
        .with_context(|| format!("--eval {:?}: expected fitted or hand", args.eval))?;
    let r = match args.movetime {
        Some(ms) => {
            mancala_engine::bench_timed(Duration::from_millis(ms), usize::from(args.threads), eval)?
        }
        None => mancala_engine::bench_with(args.depth_offset.clamp(-50, 20), eval)?,
    };
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    for p in &r.positions {
        let secs = p.time.as_secs_f64().max(1e-9);
        writeln!(
            out,
            "{:<7} {:<36} depth {:>2}  nodes {:>10}  nps {:>9}  best {}",
            p.preset,
            p.position,
            p.depth,
            p.nodes,
            (p.nodes as f64 / secs) as u64,
            p.best
        )?;
    }
    writeln!(out, "nodes {}", r.nodes)?;
    writeln!(out, "time {:.3} s", r.elapsed.as_secs_f64())?;
    writeln!(out, "nps {}", r.nps())?;
    if args.movetime.is_some() {
        writeln!(out, "mean depth {:.1}", r.mean_depth())?;
    }
    Ok(ExitCode::SUCCESS)
}
