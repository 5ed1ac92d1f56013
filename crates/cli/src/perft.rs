//! `mancala perft`: count the move sequences of a given length.

use mancala_core::variant::DynGame;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Result};

use crate::GameArgs;

/// Arguments of `mancala perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Number of plies.
    depth: u32,
    /// One `MOVE COUNT` line per first move, then the total.
    #[arg(long)]
    divide: bool,
    /// Worker threads (default: all cores); 1 is single-threaded.
    #[arg(long)]
    threads: Option<usize>,
    /// Also print the time taken and nodes per second on stderr.
    #[arg(long)]
    stats: bool,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    if args.depth > 64 {
        bail!("depth {} is too deep (at most 64)", args.depth);
    }
    let game = args.game.build()?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    let started = Instant::now();
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    let divided: Vec<(String, u64)> = if threads <= 1 || args.depth <= 2 {
        if args.divide {
            game.perft_divide(args.depth)
        } else {
            vec![(String::new(), game.perft(args.depth))]
        }
    } else {
        parallel_divide(&game, args.depth, threads)?
    };
    let total: u64 = divided.iter().map(|(_, n)| n).sum();
    if args.divide {
        for (mv, n) in &divided {
            writeln!(out, "{mv} {n}")?;
        }
    }
    writeln!(out, "{total}")?;
    if args.stats {
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "perft({}) = {total} in {secs:.3} s, {:.1} M nodes/s, {threads} thread(s)",
            args.depth,
            total as f64 / secs.max(1e-9) / 1e6
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Perft split over the first two plies, the subtrees shared out to rayon workers, the counts
/// gathered back by first move.
fn parallel_divide(
    game: &mancala_core::variant::AnyGame,
    depth: u32,
    threads: usize,
) -> Result<Vec<(String, u64)>> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let mut tasks = Vec::new();
    for (i, first) in game.state().legal.iter().enumerate() {
        let mut child = game.clone();
        if child.play(first).is_err() || child.state().outcome.is_some() {
            tasks.push((i, None));
            continue;
        }
        for second in child.state().legal {
            let mut grandchild = child.clone();
            let ok = grandchild.play(&second).is_ok() && grandchild.state().outcome.is_none();
            tasks.push((i, ok.then_some(grandchild)));
        }
    }
    let counts: Vec<(usize, u64)> = pool.install(|| {
        tasks
            .into_par_iter()
            .map(|(i, g)| (i, g.map_or(0, |g| g.perft(depth - 2))))
            .collect()
    });
    let mut out: Vec<(String, u64)> = game.state().legal.into_iter().map(|m| (m, 0)).collect();
    for (i, n) in counts {
        out[i].1 += n;
    }
    Ok(out)
}
