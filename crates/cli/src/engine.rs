//! `mancala engine`: the engine behind a UCI-like text protocol on stdin/stdout, compatible with
//! the dialect of the Aalina Oware engine (and so with `uci_match.py`).
//!
//! ```text
//! uci                      -> id name, id author, option ..., uciok
//! isready                  -> readyok (answered at once, also while searching)
//! ucinewgame               new game: start position, table cleared
//! setoption name N [value V]
//! position startpos|fen <position> [moves <moves, concatenated or separated by spaces>]
//! go [depth N] [movetime MS] [nodes N] [wtime MS] [btime MS] [winc MS] [binc MS]
//!    [movestogo N] [infinite]
//!                          -> info depth D score cp S|seeds N [lowerbound|upperbound]
//!                             nodes N nps N time MS hashfull H pv ...;
//!                             info string score {"kind": ..., "text": ...}; bestmove X
//! stop                     ends the search (bestmove follows)
//! quit
//! ```
//!
//! A `go` without any limit (and not `infinite`) thinks for one second; a malformed parameter is
//! reported and the search runs with the others. `wtime`/`winc` are South's clock (the first player), `btime`/`binc` North's. A search runs on
//! its own thread, so `isready` and `stop` are answered while thinking; any other command that
//! arrives during a search stops it first. Scores: `cp` is an estimate in centiseeds;
//! `seeds N` is a proven result, the final seed margin for the side to move (0: a proven draw).
//! Before `bestmove`, `info string score` gives the search's result in the project's one score
//! representation (JSON, docs/engine.md "Scores": estimate, proven with its outcome, margin and
//! distance, or a table's exact value when the tables in use know the position).
//!
//! Options beyond the dialect: `Variant` (default `abapa`), `Hash` (MiB), `Threads`, `MultiPV`,
//! `Eval` (`fitted`, the default, or `hand`: the evaluation, see `mancala_engine::eval`),
//! `Algorithm` (`default` = alpha-beta, `alphabeta` or `mcts`; Monte-Carlo
//! tree search reports simulations as nodes and the tree's depth as depth), and rule options, in
//! either of two forms:
//! `setoption name Rule value grand_slam=Allowed` or `setoption name Rule grand_slam value Allowed`
//! (`setoption name Rule value clear` restores the preset's rules). `TablebaseDir` loads the
//! endgame tables of a directory (`mancala tb build`; `<empty>` unloads them): what loaded and
//! every file that failed are reported as `info string`, and the engine goes on either way.
//! `TablebaseBuild` (default 12, 0 = never) is how many seeds deep the engine builds tables
//! itself, in memory, when those it loaded do not cover the game that deep: at an `isready`
//! outside a search, before `readyok` (about a second for 12 seeds on an idle two-core machine),
//! so that every search after it sees them; a game whose rules tables cannot represent gets none.
//! With `MANCALA_TABLEBASES` set to nothing the engine starts with no tables at all (the default
//! of `TablebaseBuild` is then 0). Changing the variant or the rules starts a new game. Unknown commands and malformed input are answered with
//! `info string ...`; nothing on the input can crash or hang the engine. A refused `position`
//! (a malformed one, or an illegal move) leaves no position to search: every `go` until a
//! position is accepted (or a new game starts) answers `info string error: ...` and
//! `bestmove 0000`, the answer for a position without moves.

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::Result;
use mancala_core::variant::{AnyGame, DynGame, Variant};
use mancala_engine::eval::EvalKind;
use mancala_engine::{Algorithm, Clock, Engine, Limits, Report, ReportBound, Score, SearchOptions};

/// Arguments of `mancala engine`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The preset played until a `Variant` option changes it.
    #[arg(long, default_value = "abapa")]
    variant: String,
}

/// Runs the command on stdin/stdout.
pub fn run(args: &Args) -> Result<ExitCode> {
    let variant = Variant::from_name(&args.variant)?;
    let stdin = io::stdin();
    // Tables built with `mancala tb build` into the default directory are used from the start.
    let tables = crate::tb::default_dir().filter(|d| d.is_dir());
    let build = if crate::tb::tables_switched_off() {
        0
    } else {
        DEFAULT_BUILD_SEEDS
    };
    serve(
        stdin.lock(),
        crate::out::stdout(),
        variant,
        tables.as_deref(),
        build,
    )?;
    Ok(ExitCode::SUCCESS)
}

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

const MAX_HASH_MB: usize = 4096;
const MAX_THREADS: usize = 64;
const MAX_MULTIPV: usize = 32;
/// The default of `TablebaseBuild`: tables as deep as the reference engine's database.
const DEFAULT_BUILD_SEEDS: u32 = 12;
/// The most seeds `TablebaseBuild` accepts (16 seeds take 15 s on two idle cores: `mancala tb
/// build` is the tool for deeper tables, kept on disk).
const MAX_BUILD_SEEDS: u32 = 16;
/// Thinking time of a `go` without any limit (and not `infinite`).
const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// The protocol state.
struct Uci {
    out: Out,
    engine: Arc<Engine>,
    hash_mb: usize,
    threads: usize,
    multipv: usize,
    eval: EvalKind,
    /// `None`: the game's default.
    algorithm: Option<Algorithm>,
    variant: Variant,
    rules: Vec<(String, String)>,
    game: AnyGame,
    /// Why the last `position` command was refused, until one is accepted or a new game starts.
    refused: Option<String>,
    running: Option<Running>,
    /// Endgame tables (option `TablebaseDir`), kept across `Hash` changes.
    tables: Vec<Arc<mancala_engine::Tablebase>>,
    /// Tables built in memory (option `TablebaseBuild`), one per set of rules.
    built: Vec<Arc<mancala_engine::Tablebase>>,
    /// Seeds of the tables to build when none cover the game (0: none).
    build_seeds: u32,
    /// The directory the tables came from (the option's value), if any.
    tables_dir: Option<String>,
    /// What loading the default tables said, reported with the next `uci`.
    notes: Vec<String>,
}

/// Serves the protocol from `input` to `output` until `quit` or the end of the input, with the
/// endgame tables of `tables` (a directory, as the option `TablebaseDir`) loaded first, and
/// tables of `build_seeds` seeds built when they do not cover the game (`TablebaseBuild`).
pub fn serve<R: BufRead, W: Write + Send + 'static>(
    input: R,
    output: W,
    variant: Variant,
    tables: Option<&Path>,
    build_seeds: u32,
) -> Result<()> {
    let out: Out = Arc::new(Mutex::new(Box::new(output)));
    let mut uci = Uci {
        out,
        engine: Arc::new(Engine::new(16)),
        hash_mb: 16,
        threads: 1,
        multipv: 1,
        eval: EvalKind::default(),
        algorithm: None,
        variant,
        rules: Vec::new(),
        game: variant.new_game(&[], None)?,
        refused: None,
        running: None,
        tables: Vec::new(),
        built: Vec::new(),
        build_seeds: build_seeds.min(MAX_BUILD_SEEDS),
        tables_dir: None,
        notes: Vec::new(),
    };
    if let Some(dir) = tables {
        // The default directory holding no table yet is the normal case, not worth a note.
        uci.notes = uci.load_tables(&dir.to_string_lossy(), false);
    }
    for line in input.split(b'\n') {
        let Ok(line) = line else { break };
        let line = String::from_utf8_lossy(&line);
        if !uci.handle(&line) {
            break;
        }
    }
    uci.finish_search();
    Ok(())
}

impl Uci {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            let _ = r.handle.join();
        }
    }

    fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            self.finish_search();
        }
    }

    /// Handles one line; false on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        self.reap();
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, rest)) = tokens.split_first() else {
            return true;
        };
        match cmd {
            "isready" => {
                if self.running.is_none() {
                    self.ensure_tables();
                }
                self.say("readyok");
            }
            "stop" => self.finish_search(),
            "quit" => return false,
            "uci" => {
                self.finish_search();
                self.say(concat!("id name mancala ", env!("CARGO_PKG_VERSION")));
                self.say("id author the mancala authors");
                self.say(&format!(
                    "option name Hash type spin default 16 min 1 max {MAX_HASH_MB}"
                ));
                self.say(&format!(
                    "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
                ));
                self.say(&format!(
                    "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
                ));
                self.say(&combo("Eval", "fitted", ["fitted", "hand"]));
                self.say(&combo("Variant", "abapa", Variant::ALL.map(Variant::name)));
                let algorithms = Algorithm::ALL.map(Algorithm::name);
                self.say(&combo(
                    "Algorithm",
                    "default",
                    std::iter::once("default").chain(algorithms),
                ));
                self.say("option name Rule type string default <empty>");
                let dir = self.tables_dir.as_deref().unwrap_or("<empty>");
                self.say(&format!(
                    "option name TablebaseDir type string default {dir}"
                ));
                self.say(&format!(
                    "option name TablebaseBuild type spin default {} min 0 max {MAX_BUILD_SEEDS}",
                    self.build_seeds
                ));
                for note in std::mem::take(&mut self.notes) {
                    self.say(&note);
                }
                self.say("uciok");
            }
            "ucinewgame" => {
                self.finish_search();
                self.engine.clear();
                self.new_game();
            }
            "setoption" => {
                self.finish_search();
                self.setoption(rest);
            }
            "position" => {
                self.finish_search();
                self.position(rest);
            }
            "go" => {
                self.finish_search();
                self.go(rest);
            }
            _ => self.say(&format!("info string unknown command: {}", clip(line))),
        }
        true
    }

    /// A fresh engine with the current hash size, threads default and tables (loaded and built,
    /// the deepest first: a search uses the first table that covers its game).
    fn rebuild_engine(&mut self) {
        let mut engine = Engine::new(self.hash_mb);
        let mut tables: Vec<_> = self.tables.iter().chain(&self.built).cloned().collect();
        tables.sort_by_key(|t| std::cmp::Reverse(t.max_seeds()));
        engine.set_tablebases(tables);
        self.engine = Arc::new(engine);
    }

    /// Builds the tables of the current game's rules (`TablebaseBuild` seeds; built once per
    /// process, [`mancala_engine::shared_tables`]) if the tables in use do not cover it that deep
    /// and it has tables at all; reports what was built.
    fn ensure_tables(&mut self) {
        let seeds = self.build_seeds;
        if seeds == 0 || self.engine.tables_cover(&self.game, seeds) {
            return;
        }
        let start = std::time::Instant::now();
        match mancala_engine::shared_tables(&self.game, seeds) {
            None => {}
            Some(Ok(table)) => {
                self.say(&format!(
                    "info string tablebase {} built in memory: 0..{} seeds, {} bytes, {:.1} s",
                    table.preset(),
                    table.max_seeds(),
                    table.bytes(),
                    start.elapsed().as_secs_f64()
                ));
                self.built
                    .retain(|t| t.fingerprint() != table.fingerprint());
                self.built.push(table);
                self.rebuild_engine();
            }
            Some(Err(e)) => self.say(&format!("info string tablebase error: {e}")),
        }
    }

    /// Loads the endgame tables of directory `dir` (none for an empty value) in place of the
    /// current ones; answers what to report (a directory without tables only if `report_empty`).
    fn load_tables(&mut self, dir: &str, report_empty: bool) -> Vec<String> {
        let mut notes = Vec::new();
        if matches!(dir, "" | "<empty>") {
            self.tables.clear();
            self.tables_dir = None;
        } else {
            let (tables, errors) = mancala_engine::Tablebase::load_all(Path::new(dir));
            for e in &errors {
                if report_empty || !matches!(e, mancala_tablebase::TablebaseError::Empty { .. }) {
                    notes.push(format!("info string tablebase error: {e}"));
                }
            }
            for t in &tables {
                notes.push(format!(
                    "info string tablebase {} loaded: 0..{} seeds, {} bytes",
                    t.preset(),
                    t.max_seeds(),
                    t.bytes()
                ));
            }
            self.tables = tables.into_iter().map(Arc::new).collect();
            self.tables_dir = Some(dir.to_string());
        }
        self.rebuild_engine();
        notes
    }

    fn new_game(&mut self) {
        match self.variant.new_game(&self.rules, None) {
            Ok(g) => {
                self.game = g;
                self.refused = None;
            }
            Err(e) => self.say(&format!("info string error: {e}")),
        }
    }

    fn setoption(&mut self, rest: &[&str]) {
        if rest.first() != Some(&"name") {
            self.say("info string error: expected setoption name <name> [value <value>]");
            return;
        }
        let vpos = rest.iter().position(|t| *t == "value");
        let name_tokens = &rest[1..vpos.unwrap_or(rest.len())];
        let value = vpos.map_or(String::new(), |i| rest[i + 1..].join(" "));
        let Some((&first, more)) = name_tokens.split_first() else {
            self.say("info string error: setoption without a name");
            return;
        };
        let number =
            |v: &str, max: usize| v.parse::<usize>().ok().filter(|n| (1..=max).contains(n));
        match first.to_ascii_lowercase().as_str() {
            "hash" => match number(&value, MAX_HASH_MB) {
                Some(mb) => {
                    self.hash_mb = mb;
                    self.rebuild_engine();
                }
                None => self.say(&format!("info string error: Hash must be 1..{MAX_HASH_MB}")),
            },
            "threads" => match number(&value, MAX_THREADS) {
                Some(n) => self.threads = n,
                None => self.say(&format!(
                    "info string error: Threads must be 1..{MAX_THREADS}"
                )),
            },
            "multipv" => match number(&value, MAX_MULTIPV) {
                Some(n) => self.multipv = n,
                None => self.say(&format!(
                    "info string error: MultiPV must be 1..{MAX_MULTIPV}"
                )),
            },
            "eval" => match EvalKind::from_name(value.trim()) {
                Some(e) => self.eval = e,
                None => self.say("info string error: Eval must be fitted or hand"),
            },
            "algorithm" => match value.trim() {
                "default" => self.algorithm = None,
                v => match Algorithm::from_name(v) {
                    Ok(a) => self.algorithm = Some(a),
                    Err(e) => self.say(&format!("info string error: {e} (or default)")),
                },
            },
            "variant" => match Variant::from_name(value.trim()) {
                Ok(v) => {
                    self.variant = v;
                    self.rules.clear();
                    self.engine.clear();
                    self.new_game();
                }
                Err(e) => self.say(&format!("info string error: {e}")),
            },
            "rule" => {
                let assignment = if let Some(&rule) = more.first() {
                    Ok((rule.to_string(), value.trim().to_string()))
                } else if matches!(
                    value.trim().to_ascii_lowercase().as_str(),
                    "clear" | "default" | "<empty>" | ""
                ) {
                    self.rules.clear();
                    self.engine.clear();
                    self.new_game();
                    return;
                } else {
                    mancala_core::variant::parse_rule_assignment(&value).map_err(|e| e.to_string())
                };
                match assignment {
                    Ok(a) => {
                        let mut rules = self.rules.clone();
                        rules.retain(|(n, _)| n != &a.0);
                        rules.push(a);
                        match self.variant.new_game(&rules, None) {
                            Ok(g) => {
                                self.rules = rules;
                                self.game = g;
                                self.refused = None;
                                self.engine.clear();
                            }
                            Err(e) => self.say(&format!("info string error: {e}")),
                        }
                    }
                    Err(e) => self.say(&format!("info string error: {e}")),
                }
            }
            "tablebasebuild" => match value.trim().parse::<u32>() {
                Ok(n) if n <= MAX_BUILD_SEEDS => {
                    self.build_seeds = n;
                    // Built tables deeper than now asked for are dropped (0: all of them).
                    let before = self.built.len();
                    self.built.retain(|t| n > 0 && t.max_seeds() <= n);
                    if self.built.len() != before {
                        self.rebuild_engine();
                    }
                }
                _ => self.say(&format!(
                    "info string error: TablebaseBuild must be 0..{MAX_BUILD_SEEDS}"
                )),
            },
            "tablebasedir" => {
                for note in self.load_tables(value.trim(), true) {
                    self.say(&note);
                }
            }
            "engineturn" | "ownbook" | "ponder" => {}
            _ => self.say(&format!(
                "info string unknown option: {}",
                clip(&name_tokens.join(" "))
            )),
        }
    }

    /// `position ...`: the new game, or on an error the reason, which every `go` reports until
    /// a position is accepted (searching the previous position instead would answer a question
    /// nobody asked).
    fn position(&mut self, rest: &[&str]) {
        match self.parse_position(rest) {
            Ok(game) => {
                self.game = game;
                self.refused = None;
            }
            Err(e) => {
                self.say(&format!("info string error: {e}"));
                self.refused = Some(e);
            }
        }
    }

    fn parse_position(&self, rest: &[&str]) -> Result<AnyGame, String> {
        let (start, after) = match rest.split_first() {
            Some((&"startpos", after)) => (None, after),
            Some((&"fen", after)) if !after.is_empty() && after[0] != "moves" => {
                (Some(after[0]), &after[1..])
            }
            _ => {
                return Err("expected position startpos|fen <position> [moves ...]".to_string());
            }
        };
        let mut game = self
            .variant
            .new_game(&self.rules, start)
            .map_err(|e| e.to_string())?;
        match after.split_first() {
            None => {}
            Some((&"moves", moves)) => {
                for token in moves {
                    play_token(&mut game, token)?;
                }
            }
            Some((other, _)) => {
                return Err(format!("expected 'moves', found {}", clip(other)));
            }
        }
        Ok(game)
    }

    fn go(&mut self, rest: &[&str]) {
        let mut limits = Limits::default();
        let mut times = [None::<u64>; 2];
        let mut incs = [0u64; 2];
        let mut movestogo = None;
        let mut infinite = false;
        let mut i = 0;
        while i < rest.len() {
            let key = rest[i];
            let arg = rest.get(i + 1).and_then(|v| v.parse::<u64>().ok());
            let needs_arg = matches!(
                key,
                "depth" | "movetime" | "nodes" | "wtime" | "btime" | "winc" | "binc" | "movestogo"
            );
            if needs_arg {
                match arg {
                    None => {
                        self.say(&format!("info string error: go {key} needs a whole number"));
                        i += 1;
                        continue;
                    }
                    Some(v) => match key {
                        "depth" => limits.depth = Some(v.clamp(1, 1000) as u32),
                        "movetime" => limits.movetime = Some(Duration::from_millis(v)),
                        "nodes" => limits.nodes = Some(v.max(1)),
                        "wtime" => times[0] = Some(v),
                        "btime" => times[1] = Some(v),
                        "winc" => incs[0] = v,
                        "binc" => incs[1] = v,
                        _ => movestogo = Some(v.min(u64::from(u32::MAX)) as u32),
                    },
                }
                i += 2;
                continue;
            }
            match key {
                "infinite" => infinite = true,
                "ponder" => {}
                other => self.say(&format!("info string ignored: go {}", clip(other))),
            }
            i += 1;
        }
        if let Some(reason) = &self.refused {
            self.say(&format!(
                "info string error: no position to search (the last position command was refused: {reason})"
            ));
            self.say("bestmove 0000");
            return;
        }
        let state = self.game.state();
        let Some(side) = state.to_move else {
            self.say("info string the game is over");
            self.say("bestmove 0000");
            return;
        };
        let clock = times[side.index()].map(|t| Clock {
            remaining: Duration::from_millis(t),
            increment: Duration::from_millis(incs[side.index()]),
            moves_to_go: movestogo,
        });
        if !infinite
            && clock.is_none()
            && limits.depth.is_none()
            && limits.movetime.is_none()
            && limits.nodes.is_none()
        {
            limits.movetime = Some(DEFAULT_MOVETIME);
        }
        let options = SearchOptions {
            limits,
            clock,
            infinite,
            multipv: self.multipv,
            threads: self.threads,
            eval: self.eval,
            algorithm: self.algorithm,
            ..SearchOptions::default()
        };
        let stop = Arc::new(AtomicBool::new(false));
        let game = self.game.clone();
        let engine = Arc::clone(&self.engine);
        let out = Arc::clone(&self.out);
        let flag = Arc::clone(&stop);
        let fallback = state
            .legal
            .first()
            .cloned()
            .unwrap_or_else(|| "0000".into());
        let handle = std::thread::spawn(move || {
            let mut on_report = |r: &Report| report(&out, r);
            let a = engine.search_dyn(&game, &options, Some(&flag), &mut on_report);
            if let Some(a) = &a {
                // The result in the project's one score representation (a position the
                // tables know exactly shows the table's value).
                let score = engine.table_score(&game).unwrap_or(a.score);
                if let Ok(json) = serde_json::to_string(&score) {
                    say(&out, &format!("info string score {json}"));
                }
            }
            let best = a.and_then(|a| a.best).unwrap_or(fallback);
            say(&out, &format!("bestmove {best}"));
        });
        self.running = Some(Running { stop, handle });
    }
}

/// Plays one token of a `moves` list: a move, or several one-letter moves written together.
fn play_token(game: &mut AnyGame, token: &str) -> Result<(), String> {
    if game.play(token).is_ok() {
        return Ok(());
    }
    if token.chars().count() == 1 {
        return game.play(token).map(|_| ()).map_err(|e| e.to_string());
    }
    for c in token.chars() {
        game.play(&c.to_string())
            .map_err(|e| format!("move {c} of {}: {e}", clip(token)))?;
    }
    Ok(())
}

fn report(out: &Out, r: &Report) {
    let ms = r.elapsed.as_millis().max(1) as u64;
    let nps = r.nodes.saturating_mul(1000) / ms;
    let multi = r.lines.len() > 1;
    for (k, (score, pv)) in r.lines.iter().enumerate() {
        // The protocol's field: `cp` for an estimate, `seeds` for a known margin.
        let score = match *score {
            Score::Heuristic(v) => format!("cp {v}"),
            Score::Proven { margin, .. } => format!("seeds {margin}"),
            Score::Table(h) => format!("seeds {}", h / 2),
        };
        let bound = match r.bound {
            ReportBound::Exact => "",
            ReportBound::Lower => " lowerbound",
            ReportBound::Upper => " upperbound",
        };
        let mpv = if multi {
            format!(" multipv {}", k + 1)
        } else {
            String::new()
        };
        say(
            out,
            &format!(
                "info depth {}{mpv} score {score}{bound} nodes {} nps {nps} time {ms} hashfull {} pv {}",
                r.depth,
                r.nodes,
                r.hashfull,
                pv.join(" ")
            ),
        );
    }
}

/// Input echoed in messages is shortened, so garbage cannot flood the output.
fn clip(text: &str) -> String {
    let t: String = text.chars().take(60).collect();
    if t.len() < text.len() {
        format!("{t}...")
    } else {
        t
    }
}

/// The `option` line of a combo option: its default and every value it takes.
fn combo<'a>(name: &str, default: &str, values: impl IntoIterator<Item = &'a str>) -> String {
    let vars: String = values.into_iter().map(|v| format!(" var {v}")).collect();
    format!("option name {name} type combo default {default}{vars}")
}
