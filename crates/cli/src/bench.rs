//! `mancala bench`: fixed-depth searches over fixed positions, whose total node count is a
//! fingerprint of the search's behaviour and whose speed is a figure to compare builds with; or,
//! with `--movetime`, timed searches of Abapa positions (the depth reached and the speed at a
//! time per move, the reference engine's kind of benchmark); or, with `--prove`, the prover's
//! benchmark (small positions of five rule sets proven to the end: nodes, speed and the
//! counters that show which arguments ran).

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
    /// Prove each of the prover's benchmark positions to the end instead (Awari with and
    /// without the shared-cycle argument, Abapa, Ouril, Ọlọwuka; no tables): the total node
    /// count fingerprints the prover, the time gives its speed.
    #[arg(long, conflicts_with_all = ["depth_offset", "movetime", "threads"])]
    prove: bool,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    if args.prove {
        return run_prove();
    }
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
        writeln!(
            out,
            "{:<7} {:<36} depth {:>2}  nodes {:>10}  nps {:>9}  best {}",
            p.preset,
            p.position,
            p.depth,
            p.nodes,
            mancala_engine::bench::nps(p.nodes, p.time),
            p.best
        )?;
    }
    totals(&mut out, r.nodes, r.elapsed, r.nps())?;
    if args.movetime.is_some() {
        writeln!(out, "mean depth {:.1}", r.mean_depth())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `mancala bench --prove`.
fn run_prove() -> Result<ExitCode> {
    let r = mancala_engine::bench_prove()?;
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    for p in &r.positions {
        writeln!(
            out,
            "{:<7} {:<32} {:<10} nodes {:>9}  nps {:>8}  {:>6.3} s  tt hits {:>8}  analyses {:>3}  settled {:>7}  shared {:>7}",
            p.preset,
            p.position,
            if p.proven { p.value.clone() } else { format!("{} (not proven)", p.value) },
            p.stats.nodes,
            mancala_engine::bench::nps(p.stats.nodes, p.time),
            p.time.as_secs_f64(),
            p.stats.tt_hits,
            p.stats.analyses,
            p.stats.safe_hits,
            p.stats.mono_hits + p.stats.provisional_hits,
        )?;
    }
    totals(&mut out, r.nodes, r.elapsed, r.nps())?;
    Ok(ExitCode::SUCCESS)
}

/// The closing lines of every benchmark: total nodes, time and speed.
fn totals(out: &mut impl Write, nodes: u64, elapsed: Duration, nps: u64) -> Result<()> {
    writeln!(out, "nodes {nodes}")?;
    writeln!(out, "time {:.3} s", elapsed.as_secs_f64())?;
    writeln!(out, "nps {nps}")?;
    Ok(())
}
