//! `mancala solve`: the game-theoretic value of a position under the real rules, proven by
//! [`mancala_engine::prove`].
//!
//! ```text
//! mancala solve awari --rule seeds=2 [--position P] [--after MOVES] [--nodes N] [--time S] [--moves] [--json]
//! ```
//!
//! The command parses, finds the endgame tables, runs the prover
//! ([`mancala_engine::prove_game`]: a thread with a deep stack), shows a progress bar of the
//! budget spent, and prints the value proven, or the bounds proven when a budget stopped it.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::variant::{AnyGame, DynGame};
use mancala_core::Position;
use mancala_engine::prove::{Budget, ComponentAnalysis, ProofProgress, Stop, Value, Verdict, WIN};
use mancala_engine::{prove_game, prove_game_split, GameProofOptions, SplitOptions};
use mancala_tablebase::{build, rules, Tablebase};

use crate::trace::split_moves;
use crate::GameArgs;

/// Arguments of `mancala solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Play these moves first (pit letters, as `mancala trace` takes them: `--after "A a"` or
    /// `--after Aa`) and prove the position they reach, with the positions they pass through
    /// in its history, as the repetition rule sees them.
    #[arg(long, value_name = "MOVES", value_delimiter = ' ')]
    after: Vec<String>,
    /// Give up after this many nodes (over the whole proof).
    #[arg(long, default_value_t = u64::MAX)]
    nodes: u64,
    /// Give up after this many seconds (over the whole proof).
    #[arg(long, default_value = "3600", value_parser = crate::seconds)]
    time: Duration,
    /// Prove the result only (win, draw or loss), not the exact margin.
    #[arg(long)]
    no_margin: bool,
    /// Also prove the value of every legal move (each within the same budgets).
    #[arg(long)]
    moves: bool,
    /// Transposition-table entries kept at most (about 40 bytes each).
    #[arg(long, default_value_t = 20_000_000)]
    tt_entries: usize,
    /// Positions the labelling of quiet-move components may expand (about 40 bytes each; 0:
    /// keep every history whole).
    #[arg(long, default_value_t = 20_000_000)]
    components: u64,
    /// Settle quiet-move components of at least this many positions by the history-free
    /// argument (docs/solve.md) before searching them; 0: never [default: 16, or 0 with
    /// `--deepen`, whose horizons the argument's searches do not have (docs/solve.md,
    /// "Deepening")].
    #[arg(long)]
    history_free: Option<usize>,
    /// Nodes one search valuing a move out of a quiet-move component may spend in the
    /// history-free argument; a move whose search needs more is left unknown (good for
    /// neither side); 0: no limit.
    #[arg(long, default_value_t = 100_000)]
    exit_nodes: u64,
    /// The result expected for the side to move (`win`, `draw` or `loss`, e.g. from `mancala
    /// analyze`): with `draw` or `loss` the prover asks "at least a draw?" before "is it a
    /// win?". Only the order of the tests changes, never what is proven.
    #[arg(long, value_parser = parse_guess)]
    guess: Option<Verdict>,
    /// Search each test to this many plies first, then twice as deep, and so on, until a
    /// search settles it (docs/solve.md, "Deepening"); 0: depth first to the end of every
    /// line.
    #[arg(long, default_value_t = 0)]
    deepen: usize,
    /// Prove only whether the value is at least this, by one test: `win`, `win by N`, `draw`
    /// (at least a draw) or `loss by N` (loses by at most N). Exit code 0 when the test is
    /// settled either way. With `--moves`, each move's proof asks the same: does the side to
    /// move get at least this after the move?
    #[arg(long, value_parser = parse_value, value_name = "VALUE")]
    at_least: Option<Value>,
    /// Split the question of `--at-least` into a proof-number search over the first plies
    /// whose leaves are each proven within this many nodes (docs/solve.md, "Splitting a
    /// question"); `--nodes` and `--time` bound the whole search.
    #[arg(
        long,
        value_name = "LEAF_NODES",
        requires = "at_least",
        conflicts_with = "moves"
    )]
    split: Option<u64>,
    /// With `--split`: times an open leaf is proven again, with four times the nodes each
    /// time, before it is split into its moves.
    #[arg(long, default_value_t = 2, requires = "split")]
    split_retries: u32,
    /// With `--split`: start every leaf proof from an empty memory instead of from the
    /// transposition table, components and verdicts of the proofs before it (the answers are
    /// the same; for measuring what sharing saves).
    #[arg(long, requires = "split")]
    split_fresh: bool,
    /// Do not use the shared-cycle argument (docs/solve.md): under rules whose repetitions
    /// all end alike between two captures (`awari`), results are otherwise kept by position
    /// alone.
    #[arg(long)]
    no_shared_cycles: bool,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Endgame tables (Oware family) [default: the default table directory if it has the
    /// preset's tables, else tables of up to 12 seeds built in memory].
    #[arg(long)]
    tables: Option<std::path::PathBuf>,
    /// Prove without endgame tables.
    #[arg(long)]
    no_tables: bool,
}

/// Shows the budget spent and the bounds proven so far on `bar`.
fn report(bar: &ProgressBar, budget: &Budget, p: &ProofProgress) {
    let mut frac = p.stats.nodes as f64 / budget.nodes as f64;
    if let Some(t) = budget.time {
        frac = frac.max(p.stats.elapsed.as_secs_f64() / t.as_secs_f64());
    }
    bar.set_position((frac * 1000.0).min(1000.0) as u64);
    let horizon = match p.stats.horizon {
        0 => String::new(),
        h => format!(", horizon {h}"),
    };
    bar.set_message(format!(
        "{} nodes, {} in table, ply {}{horizon}; proven {} .. {}, testing >= {}",
        p.stats.nodes,
        p.stats.tt_entries,
        p.stats.max_ply,
        p.lower.bound_text(),
        p.upper.bound_text(),
        p.testing.bound_text()
    ));
}

/// The tables of `game`'s rules for a proof: those in `dir` (`--tables DIR`), else the default
/// directory's, else up to 12 seeds built in memory (`bar` says so); `None` for games without
/// tables.
pub(crate) fn tables_for(
    game: &AnyGame,
    dir: Option<&std::path::Path>,
    bar: &ProgressBar,
) -> Result<Option<Tablebase>> {
    let AnyGame::Oware(session) = game else {
        return Ok(None);
    };
    let rules = *session.game().position().rules();
    if rules::check(&rules).is_err() {
        return Ok(None);
    }
    let name = game.variant().name();
    if let Some(dir) = dir {
        let t = Tablebase::load_dir(dir, name)?;
        if !t.covers(&rules) {
            bail!("the tables in {} are not for these rules", dir.display());
        }
        return Ok(Some(t));
    }
    if let Some(t) = crate::tb::default_dir()
        .and_then(|d| Tablebase::load_dir(&d, name).ok())
        .filter(|t| t.covers(&rules))
    {
        return Ok(Some(t));
    }
    bar.set_message("building tables of up to 12 seeds");
    let seeds = rules.total_seeds().min(12);
    let (t, _) = build::build_rules(
        name,
        &rules,
        seeds,
        &build::BuildOptions::default(),
        &mut |_| {},
    )?;
    Ok(Some(t))
}

/// The test of a component analysis: `wins`, `draws or wins`, `wins by at least 3`, ...
fn test_name(south_at_least: i32) -> String {
    let v = Value::decode(south_at_least);
    match v.verdict {
        _ if south_at_least == 1 - WIN => "draws or wins".to_string(),
        Verdict::Win if v.margin == 0 => "wins".to_string(),
        _ => format!("gets at least {v}"),
    }
}

/// A component analysis in `--json`.
fn analysis_json(a: &ComponentAnalysis) -> serde_json::Value {
    serde_json::json!({
            "test": test_name(a.south_at_least),
            "at_root": a.at_root,
            "root_south_gets": a.root_south_gets,
            "members": a.members,
            "inner_moves": a.inner_moves,
            "exits": a.exits,
            "exits_good": a.exits_good,
            "exits_unknown": a.exits_unknown,
            "exits_searched": a.exits_searched,
            "exit_nodes": a.exit_nodes,
            "repeat_good": a.repeat_good,
            "repeat_bad": a.repeat_bad,
            "south_safe": a.south_safe,
            "north_safe": a.north_safe,
            "south_first_cycle": a.south_first_cycle,
            "north_first_cycle": a.north_first_cycle,
            "undecided": undecided(a),
            "walked": a.walked,
    })
}

/// Members of an analysed component that no argument settled.
fn undecided(a: &ComponentAnalysis) -> usize {
    a.members - a.south_safe - a.north_safe - a.south_first_cycle - a.north_first_cycle
}

/// `win`, `draw` or `loss` for `--guess`.
fn parse_guess(s: &str) -> Result<Verdict, String> {
    match s {
        "win" => Ok(Verdict::Win),
        "draw" => Ok(Verdict::Draw),
        "loss" => Ok(Verdict::Loss),
        _ => Err(format!("expected win, draw or loss, not {s:?}")),
    }
}

/// A value for `--at-least`: `win`, `win by N`, `draw` or `loss by N`.
fn parse_value(s: &str) -> Result<Value, String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let margin = |n: &str| {
        n.parse::<i32>()
            .ok()
            .filter(|m| (0..=WIN).contains(m))
            .ok_or_else(|| format!("{n:?} is not a margin (a number of seeds, 0 or more)"))
    };
    let (verdict, margin) = match words.as_slice() {
        ["win"] => (Verdict::Win, 0),
        ["draw"] => (Verdict::Draw, 0),
        ["win", "by", n] => (Verdict::Win, margin(n)?),
        ["loss", "by", n] => (Verdict::Loss, margin(n)?),
        _ => {
            return Err(format!(
                "expected win, win by N, draw or loss by N, not {s:?}"
            ))
        }
    };
    Ok(Value { verdict, margin })
}

/// A bound of a proof in `--json`: `{"result", "margin"}`, the margin `null` when the bound
/// carries none ([`Value::known_margin`]).
fn bound_json(v: Value) -> serde_json::Value {
    serde_json::json!({"result": v.verdict.name(), "margin": v.known_margin()})
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let mut game = args.game.build()?;
    let after = split_moves(&args.after);
    for (i, mv) in after.iter().enumerate() {
        let before = game.notation();
        if let Err(err) = game.play(mv) {
            bail!("--after: move {} ({mv:?}) from {before}: {err}", i + 1);
        }
    }
    if !after.is_empty() && game.state().to_move.is_none() {
        bail!(
            "--after: the game is over after the moves (position {}): nothing to prove",
            game.notation()
        );
    }
    let bar = ProgressBar::new(1000);
    bar.set_style(ProgressStyle::with_template(
        "{spinner} {elapsed_precise} [{bar:24}] {percent:>3}% of the budget {msg}",
    )?);
    bar.enable_steady_tick(Duration::from_millis(200));
    let table = if args.no_tables {
        None
    } else {
        tables_for(&game, args.tables.as_deref(), &bar)?
    };
    let budget = Budget {
        nodes: args.nodes,
        time: Some(args.time),
        max_entries: args.tt_entries.max(1),
        margin: !args.no_margin,
        components: args.components,
        history_free: match args.history_free {
            // Deepening's default: off.
            None if args.deepen > 0 => usize::MAX,
            None => Budget::default().history_free,
            Some(0) => usize::MAX,
            Some(n) => n,
        },
        exit_nodes: match args.exit_nodes {
            0 => u64::MAX,
            n => n,
        },
        guess: args.guess,
        deepen: (args.deepen > 0).then_some(args.deepen),
        shared_cycles: !args.no_shared_cycles,
        at_least: args.at_least,
    };
    if let (Some(leaf), Some(at_least)) = (args.split, args.at_least) {
        if leaf == 0 {
            bail!("--split 0: a leaf needs at least one node");
        }
        // Each leaf's proof: these nodes, the rest of the options as given.
        let leaf = Budget {
            nodes: leaf,
            time: None,
            ..budget
        };
        return run_split(args, &game, table.as_ref(), leaf, at_least, &after, &bar);
    }
    let options = GameProofOptions {
        budget,
        moves: args.moves,
        deadline: None,
    };
    let solved = prove_game(&game, table.as_ref(), &options, &mut |p| {
        report(&bar, &budget, p);
    })?;
    bar.finish_and_clear();
    let proof = &solved.proof;
    let side = proof.side.name();
    // With --at-least: whether the value is at least it (`None`: not settled).
    let holds = args.at_least.and_then(|v| proof.at_least(v));
    let complete = match args.at_least {
        Some(_) => holds.is_some(),
        None => proof.verdict().is_some() && (args.no_margin || proof.value().is_some()),
    };
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    let st = &proof.stats;
    if args.json {
        let v = proof.value();
        let doc = serde_json::json!({
            "variant": game.variant().name(),
            "position": game.notation(),
            "after": after,
            "to_move": side,
            "proven": proof.verdict().is_some(),
            "result": proof.verdict().map(|r| r.name()),
            "margin": v.map(|v| v.margin),
            "at_least": args.at_least.map(|v| serde_json::json!({"value": at_least_name(v), "holds": holds})),
            "lower": bound_json(proof.lower),
            "upper": bound_json(proof.upper),
            "best_move": proof.best,
            "moves": solved.moves.iter().map(|(m, p)| serde_json::json!({
                "move": m,
                "result": p.verdict().map(|r| r.name()),
                "margin": p.value().map(|v| v.margin),
                "at_least": args.at_least.map(|v| p.at_least(v)),
                "lower": bound_json(p.lower),
                "upper": bound_json(p.upper),
                "nodes": p.stats.nodes,
                "seconds": p.stats.elapsed.as_secs_f64(),
                "stopped_by": p.stopped.map(|s| s.name()),
            })).collect::<Vec<_>>(),
            "nodes": st.nodes,
            "table_hits": st.table_hits,
            "tt_hits": st.tt_hits,
            "tt_entries": st.tt_entries,
            "labelled": st.labelled,
            "component_exits": st.component_exits,
            "analyses": st.analyses,
            "safe_hits": st.safe_hits,
            "first_cycle_hits": st.first_cycle_hits,
            "exits_unknown": st.exits_unknown,
            "mono_hits": st.mono_hits,
            "max_ply": st.max_ply,
            "horizon": st.horizon,
            "horizon_nodes": st.horizon_nodes,
            "shared_cycles": st.shared_cycles,
            "provisional_hits": st.provisional_hits,
            "promoted": st.promoted,
            "tests": st.tests,
            "seconds": st.elapsed.as_secs_f64(),
            "stopped_by": proof.stopped.map(|s| s.name()),
            "component_analyses": proof.analyses.iter().map(analysis_json).collect::<Vec<_>>(),
        });
        writeln!(out, "{doc}")?;
    } else {
        write_head(&mut out, &game, &after)?;
        if let Some(v) = args.at_least {
            write_answer(&mut out, side, &at_least_name(v), holds, proof.stopped)?;
            writeln!(out, "bounds proven: {}", proof.describe(false))?;
        } else if proof.verdict().is_some() {
            writeln!(
                out,
                "proven: {side} to move, {}",
                proof.describe(args.no_margin)
            )?;
        } else {
            writeln!(
                out,
                "not proven: {side} to move, {} (stopped by the {})",
                proof.describe(args.no_margin),
                proof.stopped.map_or("budget", |s| s.name())
            )?;
        }
        if let Some(m) = &proof.best {
            writeln!(out, "best move: {m}")?;
        }
        for (m, p) in &solved.moves {
            match args.at_least {
                Some(v) => writeln!(
                    out,
                    "  {m}: {side} at least {}? {} ({})",
                    at_least_name(v),
                    match p.at_least(v) {
                        Some(true) => "yes",
                        Some(false) => "no",
                        None => "not settled",
                    },
                    p.describe(false)
                )?,
                None => writeln!(out, "  {m}: {side} {}", p.describe(args.no_margin))?,
            }
        }
        writeln!(
            out,
            "proof: {} nodes, {} tests, {} valued by exact tables, {} transposition hits, {} entries, {} positions labelled, {} component exits, {} component analyses, {} settled by them ({} more by the first-cycle argument), {} by results proven after another history, deepest line {} plies, {:.1} s",
            st.nodes,
            st.tests,
            st.table_hits,
            st.tt_hits,
            st.tt_entries,
            st.labelled,
            st.component_exits,
            st.analyses,
            st.safe_hits,
            st.first_cycle_hits,
            st.mono_hits,
            st.max_ply,
            st.elapsed.as_secs_f64()
        )?;
        if st.shared_cycles {
            writeln!(
                out,
                "shared cycles: results kept by position alone; {} nodes settled by results still resting on the line, {} such results proven later",
                st.provisional_hits, st.promoted
            )?;
        }
        if st.horizon > 0 {
            writeln!(
                out,
                "deepening: last horizon {} plies, {} nodes valued at a horizon",
                st.horizon, st.horizon_nodes
            )?;
        }
        for a in &proof.analyses {
            let head = format!(
                "component of {} positions{}, South {}",
                a.members,
                if a.at_root {
                    " (the position's own)"
                } else {
                    ""
                },
                test_name(a.south_at_least),
            );
            let exits = format!(
                "{} moves inside, {} exits ({} good for South, {} unknown, {} searched in {} nodes)",
                a.inner_moves, a.exits, a.exits_good, a.exits_unknown, a.exits_searched, a.exit_nodes,
            );
            if let Some(walked) = a.walked {
                writeln!(
                    out,
                    "{head}: stopped by the budget after walking {walked} of them, {exits}"
                )?;
                continue;
            }
            writeln!(
                out,
                "{head}: {exits}, repetition good for South at {} and bad at {}; settled for South {} and for North {} whatever the history, by the first-cycle argument {} and {}; {} undecided{}",
                a.repeat_good,
                a.repeat_bad,
                a.south_safe,
                a.north_safe,
                a.south_first_cycle,
                a.north_first_cycle,
                undecided(a),
                match a.root_south_gets {
                    Some(true) => "; the position: South gets it",
                    Some(false) => "; the position: South does not get it",
                    None if a.at_root => "; the position: undecided",
                    None => "",
                },
            )?;
        }
    }
    Ok(if complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    })
}

/// `mancala solve --at-least VALUE --split LEAF_NODES`: the question split into a
/// proof-number search whose leaves the prover settles ([`prove_game_split`]), each within
/// `leaf`.
fn run_split(
    args: &Args,
    game: &AnyGame,
    table: Option<&Tablebase>,
    leaf: Budget,
    at_least: Value,
    after: &[String],
    bar: &ProgressBar,
) -> Result<ExitCode> {
    let options = SplitOptions {
        at_least,
        leaf,
        nodes: args.nodes,
        time: Some(args.time),
        retries: args.split_retries,
        share: !args.split_fresh,
        ..SplitOptions::default()
    };
    let proof = prove_game_split(game, table, &options, &mut |p| {
        let mut frac = p.nodes as f64 / args.nodes as f64;
        frac = frac.max(p.elapsed.as_secs_f64() / args.time.as_secs_f64());
        bar.set_position((frac * 1000.0).min(1000.0) as u64);
        bar.set_message(format!(
            "{} tree nodes, {} leaf proofs ({} settled), {} nodes; leaves left to prove about {}, to refute about {}",
            p.tree, p.leaves, p.settled, p.nodes, p.proof_number, p.disproof_number
        ));
    })?;
    bar.finish_and_clear();
    let side = proof.side.name();
    let asked = at_least_name(at_least);
    let answer = |h: Option<bool>| match h {
        Some(true) => "yes",
        Some(false) => "no",
        None => "not settled",
    };
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    if args.json {
        let doc = serde_json::json!({
            "variant": game.variant().name(),
            "position": game.notation(),
            "after": after,
            "to_move": side,
            "at_least": {"value": asked, "holds": proof.holds},
            "split": {
                "leaf_nodes": leaf.nodes,
                "retries": args.split_retries,
                "shared": !args.split_fresh,
                "tree": proof.tree,
                "depth": proof.depth,
                "leaves": proof.leaves,
                "settled": proof.settled,
                "proof_number": proof.proof_number,
                "disproof_number": proof.disproof_number,
                "frontier": proof.frontier,
            },
            "moves": proof.moves.iter().map(|m| serde_json::json!({
                "move": m.mv,
                "at_least": m.holds,
                "tried": m.tried,
                "tree": m.tree,
            })).collect::<Vec<_>>(),
            "nodes": proof.nodes,
            "seconds": proof.elapsed.as_secs_f64(),
            "stopped_by": proof.stopped.map(|s| s.name()),
        });
        writeln!(out, "{doc}")?;
    } else {
        write_head(&mut out, game, after)?;
        write_answer(&mut out, side, &asked, proof.holds, proof.stopped)?;
        for m in &proof.moves {
            let how = if m.tried {
                format!("{} tree node{}", m.tree, if m.tree == 1 { "" } else { "s" })
            } else {
                "not tried".to_string()
            };
            writeln!(
                out,
                "  {}: {side} at least {asked}? {} ({how})",
                m.mv,
                answer(m.holds)
            )?;
        }
        writeln!(
            out,
            "split: {} tree nodes (deepest {} plies), {} leaf proofs of {} to {} nodes ({} settled{}), {} prover nodes, {:.1} s",
            proof.tree,
            proof.depth,
            proof.leaves,
            leaf.nodes,
            leaf.nodes
                .saturating_mul(4u64.saturating_pow(args.split_retries)),
            proof.settled,
            if args.split_fresh {
                ", each from an empty memory"
            } else {
                ""
            },
            proof.nodes,
            proof.elapsed.as_secs_f64()
        )?;
        if proof.holds.is_none() {
            writeln!(
                out,
                "open: about {} leaves left to prove it, {} to refute it; next leaf: {}",
                proof.proof_number,
                proof.disproof_number,
                if proof.frontier.is_empty() {
                    "the position itself".to_string()
                } else {
                    proof.frontier.join(" ")
                }
            )?;
        }
    }
    Ok(if proof.holds.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    })
}

/// The first lines of the text output: the game and position proven, and the moves played
/// to it (`--after`).
fn write_head(out: &mut impl Write, game: &AnyGame, after: &[String]) -> Result<()> {
    writeln!(out, "{} {}", game.variant().name(), game.notation())?;
    if !after.is_empty() {
        writeln!(
            out,
            "after {} (their positions in the history)",
            after.join(" ")
        )?;
    }
    Ok(())
}

/// The answer to `--at-least`'s question `asked` for `side` (`holds`: `None` when a budget,
/// `stopped`, came first).
fn write_answer(
    out: &mut impl Write,
    side: &str,
    asked: &str,
    holds: Option<bool>,
    stopped: Option<Stop>,
) -> Result<()> {
    match holds {
        Some(true) => writeln!(out, "proven: {side} to move, at least {asked}")?,
        Some(false) => writeln!(out, "proven: {side} to move, not at least {asked}")?,
        None => writeln!(
            out,
            "not proven: {side} to move, at least {asked}? (stopped by the {})",
            stopped.map_or("budget", |s| s.name())
        )?,
    }
    Ok(())
}

/// `win by 4`, `a draw`, `loss by 12` for `--at-least`'s value.
fn at_least_name(v: Value) -> String {
    match v.verdict {
        Verdict::Draw => "a draw".to_string(),
        _ => v.to_string(),
    }
}
