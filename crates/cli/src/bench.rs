//! `mancala bench`: fixed-depth searches over fixed positions; the total node count is a
//! fingerprint of the search's behaviour, the speed a figure to compare builds with.

use std::io::{self, Write};
use std::process::ExitCode;

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
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let eval = mancala_engine::eval::EvalKind::from_name(&args.eval)
        .with_context(|| format!("--eval {:?}: expected fitted or hand", args.eval))?;
    let r = mancala_engine::bench_with(args.depth_offset.clamp(-50, 20), eval)?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (name, pos, depth, nodes, best) in &r.positions {
        writeln!(
            out,
            "{name:<7} {pos:<36} depth {depth:>2}  nodes {nodes:>10}  best {best}"
        )?;
    }
    let secs = r.elapsed.as_secs_f64().max(1e-9);
    writeln!(out, "nodes {}", r.nodes)?;
    writeln!(out, "time {:.3} s", secs)?;
    writeln!(out, "nps {}", (r.nodes as f64 / secs) as u64)?;
    Ok(ExitCode::SUCCESS)
}
