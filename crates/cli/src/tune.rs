//! `mancala tune`: the pipeline of the fitted evaluation (see `mancala_engine::tune` and
//! docs/engine.md, "Evaluation").
//!
//! * `mancala tune gen VARIANT --games N --seed S --depth D --out data.jsonl`: self-play games of
//!   the engine after random openings, one labelled position per JSON line
//!   (`{"variant", "game", "position", "result", "score"}`), after a first line
//!   `{"command": ...}` recording the command. The file depends only on the arguments (games run
//!   in parallel and are collected in order; game `i` is the same whatever `--games`).
//!   `--position P` starts every game from `P` (Isolo's proper game, for instance). Ba-awa games
//!   begin every round with random plies and are labelled by round (see
//!   `mancala_engine::tune::play_game`).
//! * `mancala tune fit --in data.jsonl [--in more.jsonl] --out weights.rs`: fits the weights of
//!   the positions' family on every game but each `--holdout`-th, reports the loss before and
//!   after on the held-out games (and the hand-set evaluation's), and writes the Rust file.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use mancala_core::variant::Variant;
use mancala_engine::eval::EvalKind;
use mancala_engine::tune::{self, Dataset, Family, FitConfig, GenConfig, Sample};
use rayon::prelude::*;
use serde_json::json;

/// The subcommands of `mancala tune`.
#[derive(clap::Subcommand, Debug)]
pub enum Sub {
    /// Play self-play games and write their labelled positions as JSON lines.
    Gen(GenArgs),
    /// Fit the evaluation weights on generated positions and write the Rust weights file.
    Fit(FitArgs),
}

/// Arguments of `mancala tune gen`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    /// The preset (one with a fitted evaluation family: abapa, oware, wuri, ouril, olowuka, ba-awa,
    /// isolo).
    variant: String,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Start every game from this position (the game's notation) instead of the start position.
    #[arg(long)]
    position: Option<String>,
    /// Master seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search depth of every move.
    #[arg(long, default_value_t = 6)]
    depth: u32,
    /// Random opening plies, at least.
    #[arg(long, default_value_t = 2)]
    min_random: u32,
    /// Random opening plies, at most.
    #[arg(long, default_value_t = 10)]
    max_random: u32,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// The players' evaluation: `hand` or `fitted`.
    #[arg(long, default_value = "hand")]
    eval: String,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Output file (JSON lines).
    #[arg(long)]
    out: String,
}

/// Arguments of `mancala tune fit`.
#[derive(clap::Args, Debug)]
pub struct FitArgs {
    /// Data files from `mancala tune gen` (all of one family). Repeatable.
    #[arg(long = "in", required = true)]
    inputs: Vec<String>,
    /// The Rust file to write.
    #[arg(long)]
    out: String,
    /// Every game whose index is a multiple of this is held out (not fitted on, used to report).
    #[arg(long, default_value_t = 10)]
    holdout: u32,
    /// Adam steps.
    #[arg(long, default_value_t = FitConfig::default().epochs)]
    epochs: u32,
    /// Adam step size.
    #[arg(long, default_value_t = FitConfig::default().rate)]
    rate: f64,
    /// L2 penalty.
    #[arg(long, default_value_t = FitConfig::default().l2)]
    l2: f64,
    /// Weight of the game result in the label; the rest is sigmoid(search score / --score-scale).
    #[arg(long, default_value_t = 1.0)]
    lambda: f64,
    /// Centiseeds per logit unit when a search score is turned into a label.
    #[arg(long, default_value_t = 400.0)]
    score_scale: f64,
}

/// Runs the command.
pub fn run(command: &Sub) -> Result<ExitCode> {
    match command {
        Sub::Gen(a) => generate(a),
        Sub::Fit(a) => fit(a),
    }
}

fn generate(args: &GenArgs) -> Result<ExitCode> {
    let variant = Variant::from_name(&args.variant)?;
    if Family::of(variant).is_none() {
        bail!("{} has no fitted evaluation family", variant.name());
    }
    let eval = EvalKind::from_name(&args.eval)
        .with_context(|| format!("--eval {:?}: expected hand or fitted", args.eval))?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if let Some(p) = &args.position {
        variant
            .new_game(&[], Some(p))
            .with_context(|| format!("--position {p:?}"))?;
    }
    let cfg = GenConfig {
        variant,
        start: args.position.clone(),
        seed: args.seed,
        depth: args.depth.clamp(1, 30),
        random_plies: (args.min_random, args.max_random),
        max_plies: args.max_plies.max(1),
        eval,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .context("cannot start the worker threads")?;
    let start = Instant::now();
    let games: Vec<Vec<Sample>> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|g| tune::play_game(&cfg, g))
            .collect::<Result<_, _>>()
    })?;
    let mut out = BufWriter::new(
        File::create(&args.out).with_context(|| format!("cannot create {}", args.out))?,
    );
    writeln!(out, "{}", json!({ "command": command_line() }))?;
    let mut n = 0;
    let mut score = 0.0;
    for s in games.iter().flatten() {
        let rec = json!({
            "variant": s.variant.name(), "game": s.game, "position": s.position,
            "result": s.result, "score": s.score,
        });
        writeln!(out, "{rec}")?;
        n += 1;
        score += s.result;
    }
    out.flush()?;
    let stdout = crate::out::stdout();
    let mut o = stdout.lock();
    writeln!(
        o,
        "{} games, {n} positions (mean label {:.3}) in {:.1} s -> {}",
        args.games,
        score / f64::from(n.max(1)),
        start.elapsed().as_secs_f64(),
        args.out
    )?;
    Ok(ExitCode::SUCCESS)
}

/// This process's command line, starting `mancala`.
fn command_line() -> String {
    std::env::args()
        .enumerate()
        .map(|(i, a)| if i == 0 { "mancala".to_string() } else { a })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The samples of a data file, and the commands recorded in it.
fn read_samples(path: &str) -> Result<(Vec<Sample>, Vec<String>)> {
    let f = File::open(path).with_context(|| format!("cannot open {path}"))?;
    let mut out = Vec::new();
    let mut commands = Vec::new();
    for (i, line) in BufReader::new(f).lines().enumerate() {
        let line = line.with_context(|| format!("{path}: cannot read line {}", i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let at = || format!("{path}:{}", i + 1);
        let v: serde_json::Value =
            serde_json::from_str(&line).with_context(|| format!("{}: not JSON", at()))?;
        if let Some(c) = v.get("command") {
            commands.push(c.as_str().unwrap_or_default().to_string());
            continue;
        }
        let field = |name: &str| {
            v.get(name)
                .with_context(|| format!("{}: no field {name:?}", at()))
        };
        let variant = Variant::from_name(
            field("variant")?
                .as_str()
                .with_context(|| format!("{}: variant is not a string", at()))?,
        )
        .with_context(at)?;
        out.push(Sample {
            variant,
            game: field("game")?
                .as_u64()
                .and_then(|g| u32::try_from(g).ok())
                .with_context(|| format!("{}: game is not a small whole number", at()))?,
            position: field("position")?
                .as_str()
                .with_context(|| format!("{}: position is not a string", at()))?
                .to_string(),
            result: field("result")?
                .as_f64()
                .with_context(|| format!("{}: result is not a number", at()))?,
            score: field("score")?
                .as_i64()
                .and_then(|s| i32::try_from(s).ok())
                .with_context(|| format!("{}: score is not a whole number", at()))?,
        });
    }
    Ok((out, commands))
}

fn fit(args: &FitArgs) -> Result<ExitCode> {
    if args.holdout < 2 {
        bail!("--holdout must be at least 2");
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        bail!("--lambda must be within 0..1");
    }
    let mut samples = Vec::new();
    let mut made_by = Vec::new();
    for path in &args.inputs {
        let (s, c) = read_samples(path)?;
        samples.extend(s);
        made_by.extend(c.into_iter().map(|c| format!("{path}: `{c}`")));
    }
    let first = samples
        .first()
        .context("the data files hold no positions")?;
    let family = Family::of(first.variant)
        .with_context(|| format!("{} has no fitted evaluation family", first.variant.name()))?;
    let (held, train): (Vec<Sample>, Vec<Sample>) = samples
        .into_iter()
        .partition(|s| s.game % args.holdout == 0);
    let train_set = Dataset::new(&train, args.lambda, args.score_scale)?;
    // The held-out loss is always against the game results.
    let held_set = Dataset::new(&held, 1.0, args.score_scale)?;
    let cfg = FitConfig {
        epochs: args.epochs,
        rate: args.rate,
        l2: args.l2,
    };
    let start = Instant::now();
    let result = tune::fit(&train_set, &cfg)?;
    let (weights, k) = tune::to_weights(&result.params)?;
    let (hand, hand_k) = held_set.hand_loss();
    let start_loss = held_set.loss(&{
        let mut p = vec![0.0; result.params.len()];
        p[0] = 0.1;
        p
    });
    let held_after = held_set.weights_loss(&weights, k);
    let mut header = vec![
        format!(
            "Fitted evaluation weights of the {} family. Generated by `mancala tune fit`: do not edit.",
            family.name()
        ),
        String::new(),
        format!("Command: `{}`", command_line()),
        format!(
            "Data: {} positions ({} fitted on, {} held out: games with index divisible by {}).",
            train_set.len() + held_set.len(),
            train_set.len(),
            held_set.len(),
            args.holdout
        ),
        format!(
            "Held-out loss (mean squared error of sigmoid(eval / K) against results): hand-set {hand:.5} (K = {hand_k:.0}), start {start_loss:.5}, fitted {held_after:.5} (K = {k:.0})."
        ),
        format!(
            "Fit: {} Adam steps, rate {}, L2 {}, lambda {}; training loss {:.5} -> {:.5}.",
            cfg.epochs, cfg.rate, cfg.l2, args.lambda, result.loss.0, result.loss.1
        ),
    ];
    if !made_by.is_empty() {
        header.push("Data files made by:".to_string());
        header.extend(made_by.iter().map(|m| format!("* {m}")));
    }
    std::fs::write(&args.out, tune::render(family, &weights, &header))
        .with_context(|| format!("cannot write {}", args.out))?;
    let stdout = crate::out::stdout();
    let mut o = stdout.lock();
    for line in header.iter().skip(2) {
        writeln!(o, "{line}")?;
    }
    writeln!(
        o,
        "fitted in {:.1} s -> {}",
        start.elapsed().as_secs_f64(),
        args.out
    )?;
    Ok(ExitCode::SUCCESS)
}
