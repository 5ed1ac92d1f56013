//! `mancala tb`: build, probe and inspect endgame tables (crate `mancala-tablebase`,
//! docs/tablebase.md).
//!
//! ```text
//! mancala tb build abapa --seeds 12 [--dir DIR]   every level 0..=12, one file each
//! mancala tb build awari --seeds 12 --workers 4   the same on 4 timely dataflow workers
//! mancala tb build awari --seeds 12 --dir DIR --hosts FILE --process I   one of a cluster's processes
//! mancala tb probe abapa --position 0-0-1-...-22-23-S [--dir DIR]
//! mancala tb info DIR/abapa-12.tb
//! ```
//!
//! The default directory ([`default_dir`]) is `$MANCALA_TABLEBASES`, else
//! `$XDG_DATA_HOME/mancala/tablebases`, else `~/.local/share/mancala/tablebases`;
//! `mancala engine` loads the tables found there when it starts.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::oware::Oware;
use mancala_core::Position;
use mancala_engine::prove::RefineBudget;
use mancala_tablebase::build::{
    build_graded, build_to_dir, BuildOptions, GradedRun, LevelStats, Phase, Progress,
    MAX_BUILD_SEEDS,
};
use mancala_tablebase::{file, index, probe_moves, rules, Exactness, Tablebase};
use mancala_tablebase_dist::{build_to_dir as build_dist, Cluster};

/// The subcommands of `mancala tb`.
#[derive(clap::Subcommand, Debug)]
#[command(after_help = "Default table directory: $MANCALA_TABLEBASES, else \
$XDG_DATA_HOME/mancala/tablebases, else ~/.local/share/mancala/tablebases. \
`mancala engine` loads the tables it finds there when it starts.")]
pub enum Sub {
    /// Build the tables of every seed count from 0 to --seeds and write one file per count.
    Build {
        /// The preset (abapa, wuri, ouril-ludii, awari).
        preset: String,
        /// A rule option on top of the preset, as other commands take it. A table holds the
        /// preset's own rules: only options that change no board's value (`seeds`,
        /// `first_player`, `win_threshold`, `draw_at_half`) may be given. Repeatable.
        #[arg(long = "rule", value_name = "NAME=VALUE")]
        rules: Vec<String>,
        /// The largest seed count (at most 24; on two idle cores 12 take about a second, 16 about 15 s,
        /// 20 about 2.5 minutes and 3 GB of memory).
        #[arg(long)]
        seeds: u32,
        /// The directory to write into [default: the default table directory, see `mancala tb --help`].
        #[arg(long, alias = "out")]
        dir: Option<PathBuf>,
        /// Minimax sweeps over the values set by the cycle convention (docs/tablebase.md).
        #[arg(long, default_value_t = 0)]
        smoothing: u32,
        /// Tighten the bounds by the first-cycle rounds (docs/tablebase.md, "Beyond the bounds";
        /// graded tables in one process).
        #[arg(long)]
        first_cycle: bool,
        /// Prove the value of every board whose bounds did not meet, on the levels of at most
        /// this many seeds, from an empty history with the real repetition rule
        /// (docs/tablebase.md, "Beyond the bounds"; graded tables in one process). Each level is
        /// written as it ends, with its checkpoint (`PRESET-NN.tbc`: the bounds, for
        /// --from-seeds).
        #[arg(long)]
        refine_seeds: Option<u32>,
        /// Read the levels below this seed count from --dir, as a build with --refine-seeds
        /// wrote them (table files and checkpoints), and build the rest: e.g. step 3 on one more
        /// level without proving the lower ones again.
        #[arg(long, requires = "refine_seeds")]
        from_seeds: Option<u32>,
        /// Nodes each proof of --refine-seeds may spend (a board whose proofs need more keeps
        /// its bounds).
        #[arg(long, default_value_t = 100_000, requires = "refine_seeds")]
        refine_nodes: u64,
        /// Seconds --refine-seeds may spend on each level: the boards still open after a pass
        /// are tried again with four times the nodes, pass after pass, until then [default: one
        /// pass].
        #[arg(long, requires = "refine_seeds", value_parser = crate::seconds)]
        refine_seconds: Option<Duration>,
        /// Build on this many timely dataflow workers: threads of this process, or with --hosts
        /// one process per line of the host file (docs/distributed-tables.md).
        #[arg(long)]
        workers: Option<usize>,
        /// With --hosts: this process's number, its line in the host file from 0.
        #[arg(long, requires = "hosts")]
        process: Option<usize>,
        /// A host file, one `host:port` a line (timely's format): one process per line, each
        /// started with its --process; process 0 writes the files.
        #[arg(long, requires = "process")]
        hosts: Option<PathBuf>,
    },
    /// The table's value of a position and of each of its legal moves.
    Probe {
        /// The preset.
        preset: String,
        /// The position in the game's notation (or --position).
        #[arg(value_name = "POSITION", required_unless_present = "position")]
        at: Option<String>,
        /// The position in the game's notation.
        #[arg(long, conflicts_with = "at")]
        position: Option<String>,
        /// The directory holding the tables [default: the default table directory].
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Print JSON: `{"seeds", "gets", "grade", "moves": [{"move", "gets", "grade"}]}`.
        #[arg(long)]
        json: bool,
    },
    /// Check a table file and print its header.
    Info {
        /// The file [default: every table file of --dir, or of the default table directory].
        #[arg(conflicts_with = "dir")]
        file: Option<PathBuf>,
        /// Every table file (`PRESET-NN.tb`) of this directory, as `tb build` and `tb probe`
        /// name it.
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

/// `tb build --rule`: the options given must leave the preset's table as it is (module
/// [`mancala_tablebase::rules`]: the fingerprint of the rules is the same).
fn check_rules(preset: &str, rules: &[String]) -> Result<()> {
    if rules.is_empty() {
        return Ok(());
    }
    let (_, own) = rules::preset_rules(preset)?;
    let game = crate::new_game(preset, rules, None)?;
    let mancala_core::variant::AnyGame::Oware(session) = &game else {
        bail!("{preset}: not of the Oware family");
    };
    let given = *session.game().position().rules();
    if rules::fingerprint(&given) != rules::fingerprint(&own) {
        bail!(
            "--rule {}: a table holds {preset}'s own rules, and these change the value of some \
             boards (only seeds, first_player, win_threshold and draw_at_half may be given)",
            rules.join(" --rule ")
        );
    }
    Ok(())
}

/// `tb build --refine-seeds`: step 3 up to `max` seeds within `budget`, the levels below
/// `from_seeds` read from the directory.
struct Step3 {
    max: u32,
    budget: RefineBudget,
    from_seeds: u32,
}

/// Runs the command.
pub fn run(command: &Sub) -> Result<ExitCode> {
    match command {
        Sub::Build {
            preset,
            rules,
            seeds,
            dir,
            smoothing,
            first_cycle,
            refine_seeds,
            refine_nodes,
            refine_seconds,
            from_seeds,
            workers,
            process,
            hosts,
        } => {
            check_rules(preset, rules)?;
            let dir = resolve(dir.as_deref())?;
            let options = BuildOptions {
                smoothing: *smoothing,
                first_cycle: *first_cycle,
                ..BuildOptions::default()
            };
            let refine = refine_seeds.map(|max| Step3 {
                max,
                budget: RefineBudget {
                    nodes: *refine_nodes,
                    time: *refine_seconds,
                },
                from_seeds: from_seeds.unwrap_or(0),
            });
            if let Some(from) = from_seeds.filter(|&f| f > *seeds) {
                bail!("--from-seeds {from}: above --seeds {seeds} (nothing would be built)");
            }
            if refine.is_some() && (workers.is_some() || process.is_some()) {
                bail!("--refine-seeds runs in one process (leave out --workers)");
            }
            match (workers, process, hosts) {
                (None, None, None) => run_build(preset, *seeds, &dir, &options, refine),
                (_, Some(process), Some(hosts)) => {
                    let cluster = Cluster::from_host_file(hosts, *process, *workers)?;
                    run_dist_build(preset, *seeds, &dir, &options, &cluster)
                }
                (Some(workers), _, _) => {
                    run_dist_build(preset, *seeds, &dir, &options, &Cluster::threads(*workers)?)
                }
                _ => bail!("--process and --hosts go together"),
            }
        }
        Sub::Probe {
            preset,
            at,
            position,
            dir,
            json,
        } => {
            let position = at
                .as_deref()
                .or(position.as_deref())
                .context("give the position (tb probe PRESET POSITION)")?;
            run_probe(preset, position, &resolve(dir.as_deref())?, *json)
        }
        Sub::Info {
            file: Some(file), ..
        } => run_info(file),
        Sub::Info { file: None, dir } => {
            let dir = resolve(dir.as_deref())?;
            let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
                .with_context(|| format!("cannot read {}", dir.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "tb"))
                .collect();
            files.sort();
            if files.is_empty() {
                bail!("no table file (PRESET-NN.tb) in {}", dir.display());
            }
            for (i, file) in files.iter().enumerate() {
                if i > 0 {
                    writeln!(crate::out::stdout().lock())?;
                }
                run_info(file)?;
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn run_build(
    preset: &str,
    seeds: u32,
    dir: &Path,
    options: &BuildOptions,
    refine: Option<Step3>,
) -> Result<ExitCode> {
    if seeds > MAX_BUILD_SEEDS {
        bail!("--seeds {seeds}: the builder goes up to {MAX_BUILD_SEEDS} seeds");
    }
    let (variant, table_rules) = rules::preset_rules(preset)?;
    let bar = ProgressBar::new(index::positions_up_to(seeds));
    bar.set_style(
        ProgressStyle::with_template("{msg:28} [{bar:30}] {percent:>3}% {elapsed_precise}")
            .context("progress bar template")?
            .progress_chars("=> "),
    );
    let start = Instant::now();
    let exact = rules::exact_cycles(&table_rules);
    let header = if exact {
        "seeds  positions     bounds met  passes  moves s  retro s  positions/s"
    } else {
        "seeds  positions    exact(any)  exact(empty)  convention  sweeps  moves s  sweeps s  refine  refined  refine s"
    };
    // Lines go above the progress bar on a terminal, else straight to stdout as each level
    // is done (a long build in the background shows its progress in its log).
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let show = |bar: &ProgressBar, line: &str| {
        if tty {
            bar.println(line);
        } else {
            println!("{line}");
        }
    };
    // The header goes out with the first level, so that a build that fails before any (a
    // level to read that is missing or damaged) prints only its error.
    let header_shown = std::cell::Cell::new(false);
    let read_below = refine.as_ref().map_or(0, |r| r.from_seeds);
    let print = |bar: &ProgressBar, s: &LevelStats| {
        if !header_shown.replace(true) {
            show(bar, header);
        }
        // Levels read from the directory report no progress of their own.
        bar.set_position(index::positions_up_to(s.seeds));
        let secs = (s.moves_time + s.sweep_time).as_secs_f64();
        let line = if exact {
            format!(
                "{} {:8.2} {:12.0}",
                exact_columns(s),
                s.sweep_time.as_secs_f64(),
                s.positions as f64 / secs.max(1e-9)
            )
        } else {
            format!(
                "{:5} {:10} {:13} {:13} {:11} {:7} {:8.2} {:9.2} {:7} {:8} {:9.2}",
                s.seeds,
                s.positions,
                s.exact_any,
                s.exact_empty - s.exact_any,
                s.positions - s.exact_empty,
                s.sweeps,
                s.moves_time.as_secs_f64(),
                s.sweep_time.as_secs_f64(),
                s.refine_boards,
                s.refined,
                s.refine_time.as_secs_f64()
            )
        };
        if s.seeds < read_below {
            show(bar, &format!("{line}  (read from {})", dir.display()));
        } else {
            show(bar, &line);
        }
    };
    let mut progress = |p: Progress| {
        let below = index::positions_up_to(p.seeds) - index::positions(p.seeds);
        match p.phase {
            Phase::Moves => {
                bar.set_position(below + p.done);
                bar.set_message(format!("{} seeds: moves", p.seeds));
            }
            Phase::Sweeps => {
                bar.set_position(below + if exact { 0 } else { p.total });
                let what = if exact { "threshold" } else { "sweep" };
                bar.set_message(format!("{} seeds: {what} {}", p.seeds, p.done));
            }
            Phase::Refine => {
                bar.set_message(format!("{} seeds: proofs {}/{}", p.seeds, p.done, p.total));
            }
        }
    };
    let (table, stats) = match refine {
        None => build_to_dir(
            variant.name(),
            seeds,
            options,
            dir,
            &mut progress,
            &mut |s| print(&bar, s),
        )?,
        Some(step3) => {
            if exact {
                bail!("--refine-seeds: {preset}'s tables are exact already (every entry)");
            }
            let mut refiner = mancala_engine::prove::refiner(table_rules, step3.max, step3.budget);
            let run = GradedRun {
                refine: Some(&mut *refiner),
                dir: Some(dir),
                from_seeds: step3.from_seeds,
            };
            build_graded(
                variant.name(),
                &table_rules,
                seeds,
                options,
                run,
                &mut progress,
                &mut |s| print(&bar, s),
            )?
        }
    };
    bar.finish_and_clear();
    let built = start.elapsed();
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "value histogram ({}; boards per value of the side to move):",
        if exact { "half-seeds" } else { "seeds" }
    )?;
    for s in &stats {
        let cells: Vec<String> = s
            .histogram
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(v, c)| format!("{v}:{c}"))
            .collect();
        writeln!(out, "{:5}  {}", s.seeds, cells.join(" "))?;
    }
    let total = index::positions_up_to(seeds);
    writeln!(
        out,
        "{total} positions in {:.1} s ({:.0} positions/s), {} bytes in {} files in {}",
        built.as_secs_f64(),
        total as f64 / built.as_secs_f64().max(1e-9),
        table.bytes(),
        seeds + 1,
        dir.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `tb build --workers`: the distributed builder (crate `mancala-tablebase-dist`). Process 0
/// prints a line per level with the traffic between workers; the others print nothing.
fn run_dist_build(
    preset: &str,
    seeds: u32,
    dir: &Path,
    options: &BuildOptions,
    cluster: &Cluster,
) -> Result<ExitCode> {
    if options.smoothing > 0 {
        bail!("--smoothing: the minimax sweeps over convention values run in one process (leave out --workers)");
    }
    if options.first_cycle {
        bail!("--first-cycle runs in one process (leave out --workers)");
    }
    let start = Instant::now();
    let writes = cluster.writes();
    if writes {
        println!(
            "seeds  positions     bounds met  rounds  moves s  fixpoint s  write s  positions/s  messages    bytes sent  max bytes/round  peak MB"
        );
    }
    let mut built = 0u64;
    let levels = build_dist(preset, seeds, dir, cluster, &mut |l| {
        let s = &l.stats;
        if l.resumed {
            println!(
                "{:5} {:10}  (finished earlier, read from {})",
                s.seeds,
                s.positions,
                dir.display()
            );
            return;
        }
        built += s.positions;
        let secs = (s.moves_time + s.sweep_time + l.write_time).as_secs_f64();
        let t = l.traffic();
        let max_round = l.rounds.iter().map(|r| r.bytes).max().unwrap_or(0);
        println!(
            "{} {:11.2} {:8.2} {:12.0} {:9} {:13} {:16} {:8}",
            exact_columns(s),
            s.sweep_time.as_secs_f64(),
            l.write_time.as_secs_f64(),
            s.positions as f64 / secs.max(1e-9),
            t.messages,
            t.bytes,
            max_round,
            l.peak_memory / 1_000_000
        );
    })?;
    if levels.is_some() {
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{built} positions built in {secs:.1} s ({:.0} positions/s) on {} workers, {} files in {}",
            built as f64 / secs.max(1e-9),
            cluster.workers(),
            seeds + 1,
            dir.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The first columns of a level's line of an exact build, in one process or distributed:
/// seeds, boards, boards whose bounds met, passes (or rounds) and the moves stage's seconds.
fn exact_columns(s: &LevelStats) -> String {
    format!(
        "{:5} {:10} {:14} {:7} {:8.2}",
        s.seeds,
        s.positions,
        s.bounds_met,
        s.sweeps,
        s.moves_time.as_secs_f64()
    )
}

/// A share of the seeds given in half-seeds, as a number: whole, or ending in .5.
fn half_seeds_json(h: u32) -> serde_json::Value {
    if h % 2 == 0 {
        serde_json::Value::from(h / 2)
    } else {
        serde_json::Value::from(f64::from(h) / 2.0)
    }
}

/// A share of the seeds given in half-seeds, as text: `12` or `12.5`.
fn half_seeds_text(h: u32) -> String {
    if h % 2 == 0 {
        (h / 2).to_string()
    } else {
        format!("{}.5", h / 2)
    }
}

/// The grade of an entry as printed: tables that share cycles (Awari) have no convention
/// entries, and their values are the game's own from an empty history (docs/tablebase.md):
/// `exact`.
fn grade(table: &Tablebase, e: Exactness) -> &'static str {
    if table.half_seeds() && e != Exactness::Convention {
        "exact"
    } else {
        e.name()
    }
}

fn run_probe(preset: &str, position: &str, dir: &Path, json: bool) -> Result<ExitCode> {
    let (variant, table_rules) = rules::preset_rules(preset)?;
    let table = Tablebase::load_dir(dir, variant.name())?;
    let pos = Oware::from_notation(position, table_rules)
        .with_context(|| format!("position {position:?}"))?;
    let Some(side) = pos.to_move() else {
        return print_finished(position, &pos, &table_rules, json);
    };
    let Some(here) = table.probe_position(&pos) else {
        let seeds: u32 = pos.board().iter().map(|&p| u32::from(p)).sum();
        bail!(
            "{seeds} seeds on the board: the tables in {} cover up to {}",
            dir.display(),
            table.max_seeds()
        );
    };
    let moves = probe_moves(&table, &pos).context("a covered position has covered moves")?;
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    if json {
        let moves: Vec<serde_json::Value> = moves
            .iter()
            .map(|&(mv, value, exactness)| {
                serde_json::json!({
                    "move": mv.to_string(),
                    "gets": half_seeds_json(value),
                    "grade": grade(&table, exactness),
                })
            })
            .collect();
        let doc = serde_json::json!({
            "seeds": here.seeds,
            "gets": half_seeds_json(here.half_seeds),
            "grade": grade(&table, here.exactness),
            "moves": moves,
        });
        writeln!(out, "{doc}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let store = pos.stores()[side.index()];
    writeln!(
        out,
        "{position}: {} to move gets {} of the {} seeds on the board ({}; total {} of {})",
        side.name(),
        half_seeds_text(here.half_seeds),
        here.seeds,
        grade(&table, here.exactness),
        half_seeds_text(2 * store + here.half_seeds),
        table_rules.total_seeds()
    )?;
    for (mv, value, exactness) in moves {
        let mark = if value == here.half_seeds { " *" } else { "" };
        writeln!(
            out,
            "  {mv}: {} of {} ({}){mark}",
            half_seeds_text(value),
            here.seeds,
            grade(&table, exactness)
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `tb probe` of a position whose game is over: the value the rules give it (no table needed).
fn print_finished(
    position: &str,
    pos: &Oware,
    rules: &mancala_core::oware::OwareRules,
    json: bool,
) -> Result<ExitCode> {
    let here = mancala_tablebase::probe_finished(position, rules)
        .with_context(|| format!("the value of the finished position {position}"))?;
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    if json {
        let doc = serde_json::json!({
            "seeds": here.seeds,
            "gets": half_seeds_json(here.half_seeds),
            "grade": "exact",
            "over": true,
            "moves": [],
        });
        writeln!(out, "{doc}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let side = pos.side();
    writeln!(
        out,
        "{position}: the game is over: {} gets {} of the {} seeds on the board (exact; total {} \
         of {})",
        side.name(),
        half_seeds_text(here.half_seeds),
        here.seeds,
        pos.stores()[side.index()],
        rules.total_seeds()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn run_info(path: &Path) -> Result<ExitCode> {
    let (h, entries) = file::read(path)?;
    let known = rules::preset_rules(&h.preset)
        .ok()
        .filter(|(_, r)| rules::fingerprint(r) == h.fingerprint);
    let mut counts = [0u64; 3];
    let table_seeds = h.seeds;
    for &e in &entries {
        // `file::read` checked every entry.
        match Exactness::of_entry(e) {
            Some(Exactness::Convention) | None => counts[0] += 1,
            Some(Exactness::EmptyHistory) => counts[1] += 1,
            Some(Exactness::AnyHistory) => counts[2] += 1,
        }
    }
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    writeln!(out, "file         {}", path.display())?;
    writeln!(out, "format       version {}", h.version)?;
    writeln!(
        out,
        "preset       {}{}",
        h.preset,
        if known.is_some() {
            ""
        } else {
            " (rules differ from this program's preset)"
        }
    )?;
    writeln!(out, "fingerprint  {:016x}", h.fingerprint)?;
    if let Some((_, r)) = known {
        writeln!(out, "rules        {}", rules::canonical(&r))?;
    }
    writeln!(out, "seeds        {table_seeds}")?;
    writeln!(out, "entries      {}", h.entries)?;
    writeln!(out, "checksum     {:016x} (verified)", h.checksum)?;
    writeln!(
        out,
        "exactness    any-history {}, empty-history {}, convention {}",
        counts[2], counts[1], counts[0]
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The default table directory: `$MANCALA_TABLEBASES` (empty: none), else
/// `$XDG_DATA_HOME/mancala/tablebases`, else `$HOME/.local/share/mancala/tablebases`.
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    use std::env::var_os;
    if let Some(dir) = var_os("MANCALA_TABLEBASES") {
        return (!dir.is_empty()).then(|| PathBuf::from(dir));
    }
    let data = var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(data.join("mancala/tablebases"))
}

/// Whether `MANCALA_TABLEBASES` is set to nothing: no tables at all, neither loaded from a
/// directory nor built by the engine.
#[must_use]
pub fn tables_switched_off() -> bool {
    std::env::var_os("MANCALA_TABLEBASES").is_some_and(|d| d.is_empty())
}

/// `dir`, or the default directory.
fn resolve(dir: Option<&Path>) -> Result<PathBuf> {
    match dir {
        Some(d) => Ok(d.to_path_buf()),
        None => default_dir().context(
            "no table directory: pass --dir DIR or set MANCALA_TABLEBASES (HOME is not set either)",
        ),
    }
}

/// Loads every table in `dir` for an engine; fails if none loads, naming each failure.
pub fn load_tables(dir: &Path) -> Result<Vec<Arc<Tablebase>>> {
    let (tables, errors) = Tablebase::load_all(dir);
    if tables.is_empty() {
        let why: Vec<String> = errors.iter().map(ToString::to_string).collect();
        bail!(
            "no endgame table loaded from {}: {}",
            dir.display(),
            why.join("; ")
        );
    }
    Ok(tables.into_iter().map(Arc::new).collect())
}
