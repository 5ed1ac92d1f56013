//! `mancala puzzles`: make, check and list puzzles (docs/puzzles.md).
//!
//! ```text
//! mancala puzzles generate PRESET [--count N] [--seed S] [--min-depth D] [--out FILE]
//! mancala puzzles verify PRESET [--file FILE] [--sample N]
//! mancala puzzles list PRESET [--json]
//! ```

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use mancala_core::variant::Variant;
use mancala_puzzles::{GenerateOptions, Puzzle};

/// The subcommands of `mancala puzzles`.
#[derive(clap::Subcommand, Debug)]
pub enum Sub {
    /// Play engine games and keep the positions with a single proven best move.
    Generate {
        /// The preset.
        variant: String,
        /// Puzzles to make.
        #[arg(long, default_value_t = 200)]
        count: usize,
        /// Seed of the games' random openings and levels (same seed, same puzzles).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Nodes each proof may search.
        #[arg(long, default_value_t = mancala_puzzles::DEFAULT_BUDGET)]
        budget: u64,
        /// Try only positions with at most this many seeds on the board .
        #[arg(long)]
        max_seeds: Option<u32>,
        /// Puzzles taken from one game at most.
        #[arg(long, default_value_t = 3)]
        per_game: usize,
        /// Games to play at most.
        #[arg(long, default_value_t = 100_000)]
        max_games: usize,
        /// Keep only puzzles whose first move an alpha-beta search needs at least this many
        /// plies to find (2 leaves out the one-ply grabs).
        #[arg(long, default_value_t = 1)]
        min_depth: u32,
        /// Write the puzzles to this file (one JSON object per line) instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Prove puzzles again: the shipped ones of a preset, or those of a file.
    Verify {
        /// The preset.
        variant: String,
        /// Read the puzzles from this file instead of the shipped ones.
        #[arg(long)]
        file: Option<PathBuf>,
        /// Nodes each proof may search.
        #[arg(long, default_value_t = mancala_puzzles::DEFAULT_BUDGET)]
        budget: u64,
    },
    /// List the shipped puzzles of a preset.
    List {
        /// The preset.
        variant: String,
        /// One JSON object per line.
        #[arg(long)]
        json: bool,
    },
}

/// Runs the command.
pub fn run(command: &Sub) -> Result<ExitCode> {
    match command {
        Sub::Generate {
            variant,
            count,
            seed,
            budget,
            max_seeds,
            per_game,
            max_games,
            min_depth,
            out,
        } => {
            let variant = Variant::from_name(variant)?;
            let options = GenerateOptions {
                count: *count,
                seed: *seed,
                budget: *budget,
                max_seeds: *max_seeds,
                max_games: *max_games,
                per_game: *per_game,
                min_depth: *min_depth,
            };
            generate(variant, &options, out.as_ref())
        }
        Sub::Verify {
            variant,
            file,
            budget,
        } => verify(Variant::from_name(variant)?, file.as_ref(), *budget),
        Sub::List { variant, json } => {
            let variant = Variant::from_name(variant)?;
            let stdout = crate::out::stdout();
            let mut out = stdout.lock();
            for p in mancala_puzzles::shipped(variant) {
                if *json {
                    writeln!(out, "{}", serde_json::to_string(p)?)?;
                } else {
                    writeln!(
                        out,
                        "{}  {}  rating {}  {} ({} moves)  {}",
                        p.id,
                        p.position,
                        p.rating,
                        p.theme,
                        p.solution.len(),
                        p.goal
                    )?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn generate(
    variant: Variant,
    options: &GenerateOptions,
    out: Option<&PathBuf>,
) -> Result<ExitCode> {
    let started = Instant::now();
    // Each puzzle is written as soon as it is found, so that an interrupted run keeps what it
    // found (the first puzzles of the same run with a smaller `--count`).
    let mut sink: Box<dyn Write> = match out {
        Some(path) => Box::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot write {}", path.display()))?,
        ),
        None => Box::new(crate::out::stdout()),
    };
    let mut failed = None;
    let verbose = options.max_games < 10;
    let mut report = |p: &mancala_puzzles::Progress, found: Option<&Puzzle>| {
        if let Some(found) = found {
            let line = serde_json::to_string(found).map(|mut l| {
                l.push('\n');
                l
            });
            if let Err(e) = line
                .map_err(anyhow::Error::from)
                .and_then(|l| Ok(sink.write_all(l.as_bytes()).and_then(|()| sink.flush())?))
            {
                failed.get_or_insert(e);
            }
            eprintln!(
                "[{:>6.1}s] {} puzzles, {} games, {} candidates: {} rating {} {}",
                started.elapsed().as_secs_f64(),
                p.puzzles,
                p.games,
                p.candidates,
                found.id,
                found.rating,
                found.theme
            );
        } else if p.games % 10 == 0 || verbose {
            eprintln!(
                "[{:>6.1}s] {} puzzles, {} games, {} candidates ({} without a single best move, {} unproven, {} too easy)",
                started.elapsed().as_secs_f64(),
                p.puzzles,
                p.games,
                p.candidates,
                p.not_unique,
                p.unproven,
                p.too_easy
            );
        }
    };
    let puzzles = mancala_puzzles::generate(variant, options, &mut report)?;
    if let Some(e) = failed {
        return Err(e.context("cannot write the puzzles"));
    }
    eprintln!(
        "{} puzzles of {} in {:.1} s",
        puzzles.len(),
        variant.name(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn verify(variant: Variant, file: Option<&PathBuf>, budget: u64) -> Result<ExitCode> {
    let puzzles: Vec<Puzzle> = match file {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            text.lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(i, l)| {
                    serde_json::from_str(l)
                        .with_context(|| format!("{} line {}", path.display(), i + 1))
                })
                .collect::<Result<_>>()?
        }
        None => mancala_puzzles::shipped(variant)
            .into_iter()
            .cloned()
            .collect(),
    };
    let start = variant.new_game(&[], None)?;
    let tables = mancala_puzzles::tables_for(&start)?;
    let mut failed = 0;
    for p in &puzzles {
        if p.variant != variant.name() {
            bail!(
                "puzzle {} is of {}, not {}",
                p.id,
                p.variant,
                variant.name()
            );
        }
        if let Err(e) = mancala_puzzles::verify(p, tables.as_deref(), budget) {
            failed += 1;
            eprintln!("{}: {e}", p.id);
        }
    }
    println!(
        "{} puzzles of {}: {} verified, {} failed",
        puzzles.len(),
        variant.name(),
        puzzles.len() - failed,
        failed
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
