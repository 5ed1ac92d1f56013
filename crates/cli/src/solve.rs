//! `mancala solve`: the game-theoretic result of a position under the real rules, by an
//! exhaustive alpha-beta search to the end of the game.
//!
//! ```text
//! mancala solve awari --rule seeds=1 [--position P] [--nodes N] [--time S] [--json]
//! ```
//!
//! Every move is played by the rules core with its history ([`mancala_core::advance`]), so the
//! repetition rule, the score threshold and every other end are the game's own. A result is
//! `win`, `draw` or `loss` for the side to move, with the final margin (the difference of the
//! two scores when the game ends; Awari's shared seeds count for both alike, so they do not
//! change it). Best play maximises the result first and then the margin.
//!
//! Transpositions are shared only where the history cannot matter: right after an irreversible
//! move (a capture), when no earlier position can come back. Elsewhere a position is searched
//! again for each path, as its value depends on the positions seen since the last capture. The
//! search stops at the node or time budget and then says so: nothing is claimed unless the
//! whole tree was searched.

use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::oware::Oware;
use mancala_core::variant::{AnyGame, DynGame, Session};
use mancala_core::{advance, History, MoveList, Position, Side};
use mancala_tablebase::{build, rules, Exactness, Tablebase};

use crate::GameArgs;

/// Arguments of `mancala solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Give up after this many nodes.
    #[arg(long, default_value_t = 2_000_000_000)]
    nodes: u64,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 3600.0)]
    time: f64,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Endgame tables to use after captures (Oware family) [default: the default table
    /// directory if it has the preset's tables, else tables of up to 12 seeds built in memory].
    #[arg(long)]
    tables: Option<std::path::PathBuf>,
    /// Search without endgame tables.
    #[arg(long)]
    no_tables: bool,
}

/// Values: a win is worth `WIN + margin`, a loss `-(WIN + margin)`, a draw its margin (0 in the
/// Oware family).
const WIN: i32 = 10_000;
const INF: i32 = i32::MAX / 2;

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Nodes,
    Time,
}

struct Solver<'t, P: Position> {
    /// Bounds `(lo, hi)` of positions reached by an irreversible move.
    tt: HashMap<P::Key, (i32, i32)>,
    /// Exact tables, used where the history is empty.
    table: Option<&'t Tablebase>,
    /// Nodes valued by the tables.
    table_hits: u64,
    nodes: u64,
    budget: u64,
    deadline: Instant,
    stop: Option<Stop>,
    bar: ProgressBar,
    max_ply: usize,
}

/// The value of a finished game for `me`.
fn end_value<P: Position>(pos: &P, me: Side) -> i32 {
    let s = pos.stores();
    let margin = s[me.index()] as i32 - s[me.opponent().index()] as i32;
    match pos.outcome().and_then(|o| o.winner) {
        Some(w) if w == me => WIN + margin.abs(),
        Some(_) => -(WIN + margin.abs()),
        None => margin,
    }
}

/// The table's value of `pos` for its side to move when it is exact with an empty history:
/// the final margin with the game played to the last seed.
fn table_value<P: Position>(table: &Tablebase, pos: &P) -> Option<i32> {
    let oware = (pos as &dyn std::any::Any).downcast_ref::<Oware>()?;
    let p = table.probe_position(oware)?;
    if p.exactness == Exactness::Convention {
        return None;
    }
    let me = oware.to_move()?;
    let s = oware.stores();
    let margin = s[me.index()] as i32 - s[me.opponent().index()] as i32 + p.half_seeds as i32
        - p.seeds as i32;
    Some(match margin.cmp(&0) {
        std::cmp::Ordering::Greater => WIN + margin,
        std::cmp::Ordering::Less => -(WIN - margin),
        std::cmp::Ordering::Equal => 0,
    })
}

impl<P: Position + 'static> Solver<'_, P> {
    /// The value of `pos` (not over) for its side to move, within `(alpha, beta)`; `fresh` when
    /// no position before it can come back (the start of the search, or after a capture).
    fn search(
        &mut self,
        pos: &P,
        history: &mut History<P::Key>,
        mut alpha: i32,
        beta: i32,
        fresh: bool,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        self.max_ply = self.max_ply.max(ply);
        if self.nodes & 0xffff == 0 {
            self.bar.set_message(format!(
                "{} nodes, {} transpositions, ply {}",
                self.nodes,
                self.tt.len(),
                self.max_ply
            ));
            self.bar.tick();
            if self.nodes >= self.budget {
                self.stop = Some(Stop::Nodes);
            } else if Instant::now() >= self.deadline {
                self.stop = Some(Stop::Time);
            }
        }
        if self.stop.is_some() {
            return 0;
        }
        if fresh {
            if let Some(v) = self.table.and_then(|t| table_value(t, pos)) {
                self.table_hits += 1;
                return v;
            }
        }
        let key = pos.key();
        let alpha0 = alpha;
        let mut beta = beta;
        if fresh {
            if let Some(&(lo, hi)) = self.tt.get(&key) {
                if lo == hi || lo >= beta {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
        }
        let me = pos.to_move().expect("a game that is not over");
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        // Captures first, the biggest first.
        let mut children: Vec<(u32, P::Move)> = moves
            .iter()
            .map(|&mv| {
                let mut c = *pos;
                (c.play_unchecked(mv).captured, mv)
            })
            .collect();
        children.sort_by_key(|c| std::cmp::Reverse(c.0));
        let mut best = -INF;
        for (_, mv) in children {
            let mut child = *pos;
            let (effect, token) = advance(&mut child, mv, history);
            let v = match child.to_move() {
                None => end_value(&child, me),
                Some(side) => {
                    let fresh_child = effect.irreversible;
                    if side == me {
                        self.search(&child, history, alpha, beta, fresh_child, ply + 1)
                    } else {
                        -self.search(&child, history, -beta, -alpha, fresh_child, ply + 1)
                    }
                }
            };
            if let Some(t) = token {
                history.pop(t);
            }
            if self.stop.is_some() {
                return 0;
            }
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        if fresh {
            let entry = self.tt.entry(key).or_insert((-INF, INF));
            if best <= alpha0 {
                entry.1 = entry.1.min(best);
            } else if best >= beta {
                entry.0 = entry.0.max(best);
            } else {
                *entry = (best, best);
            }
        }
        best
    }
}

/// The outcome of a solve.
struct Solved {
    side: Side,
    table_hits: u64,
    value: Option<i32>,
    best: Vec<(String, i32)>,
    nodes: u64,
    transpositions: usize,
    max_ply: usize,
    stop: Option<Stop>,
    time: Duration,
}

fn solve_game<P: Position + 'static>(
    session: &Session<P>,
    args: &Args,
    table: Option<&Tablebase>,
    bar: &ProgressBar,
) -> Result<Solved>
where
    P::Move: std::fmt::Display,
{
    let pos = *session.game().position();
    let Some(me) = pos.to_move() else {
        bail!("the game is over in this position");
    };
    let started = Instant::now();
    let mut solver = Solver::<P> {
        tt: HashMap::new(),
        table,
        table_hits: 0,
        nodes: 0,
        budget: args.nodes,
        deadline: started + Duration::from_secs_f64(args.time.max(0.0)),
        stop: None,
        bar: bar.clone(),
        max_ply: 0,
    };
    let mut history = session.game().history();
    // A root with an empty history and an exact table entry: the table's value is the game's
    // (docs/tablebase.md), and each move's is its child's entry.
    if let Some(v) = (history.len() == 1)
        .then(|| table.and_then(|t| table_value(t, &pos)))
        .flatten()
    {
        let mut best = Vec::new();
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let mut child = pos;
            let (_, token) = advance(&mut child, mv, &mut history);
            let cv = match child.to_move() {
                None => Some(end_value(&child, me)),
                Some(side) => {
                    table
                        .and_then(|t| table_value(t, &child))
                        .map(|c| if side == me { c } else { -c })
                }
            };
            if let Some(t) = token {
                history.pop(t);
            }
            if let Some(cv) = cv {
                best.push((mv.to_string(), cv));
            }
        }
        return Ok(Solved {
            side: me,
            table_hits: 1 + best.len() as u64,
            value: Some(v),
            best,
            nodes: 1,
            transpositions: 0,
            max_ply: 0,
            stop: None,
            time: started.elapsed(),
        });
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut best = Vec::new();
    let mut value = -INF;
    for &mv in moves.iter() {
        let mut child = pos;
        let (effect, token) = advance(&mut child, mv, &mut history);
        let v = match child.to_move() {
            None => end_value(&child, me),
            Some(side) => {
                let v = solver.search(&child, &mut history, -INF, INF, effect.irreversible, 1);
                if side == me {
                    v
                } else {
                    -v
                }
            }
        };
        if let Some(t) = token {
            history.pop(t);
        }
        if solver.stop.is_some() {
            break;
        }
        value = value.max(v);
        best.push((mv.to_string(), v));
    }
    Ok(Solved {
        side: me,
        table_hits: solver.table_hits,
        value: solver.stop.is_none().then_some(value),
        best,
        nodes: solver.nodes,
        transpositions: solver.tt.len(),
        max_ply: solver.max_ply,
        stop: solver.stop,
        time: started.elapsed(),
    })
}

/// `win by 4`, `draw`, `loss by 2` for a value.
fn describe(v: i32) -> (&'static str, i32) {
    if v >= WIN {
        ("win", v - WIN)
    } else if v <= -WIN {
        ("loss", -v - WIN)
    } else {
        ("draw", v)
    }
}

/// The tables of `game`'s rules: `--tables DIR`, else the default directory's, else up to 12
/// seeds built in memory; `None` for games without tables.
fn tables_for(game: &AnyGame, args: &Args, bar: &ProgressBar) -> Result<Option<Tablebase>> {
    let AnyGame::Oware(session) = game else {
        return Ok(None);
    };
    let rules = *session.game().position().rules();
    if rules::check(&rules).is_err() {
        return Ok(None);
    }
    let name = game.variant().name();
    if let Some(dir) = &args.tables {
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

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let game = args.game.build()?;
    let bar = ProgressBar::new_spinner();
    bar.set_style(ProgressStyle::with_template(
        "{spinner} {elapsed_precise} {msg}",
    )?);
    bar.enable_steady_tick(Duration::from_millis(200));
    let table = if args.no_tables {
        None
    } else {
        tables_for(&game, args, &bar)?
    };
    let table = table.as_ref();
    let solved = match &game {
        AnyGame::Oware(s) => solve_game(s, args, table, &bar)?,
        AnyGame::Olowuka(s) => solve_game(s, args, table, &bar)?,
        AnyGame::BaAwa(s) => solve_game(s, args, table, &bar)?,
        AnyGame::Isolo(s) => solve_game(s, args, table, &bar)?,
    };
    bar.finish_and_clear();
    let side = solved.side.name();
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    let stop = solved.stop.map(|s| match s {
        Stop::Nodes => "node budget",
        Stop::Time => "time budget",
    });
    if args.json {
        let (result, margin) = solved.value.map(describe).unzip();
        let doc = serde_json::json!({
            "table_hits": solved.table_hits,
            "variant": game.variant().name(),
            "position": game.notation(),
            "to_move": side,
            "proven": solved.value.is_some(),
            "result": result,
            "margin": margin,
            "moves": solved.best.iter().map(|(m, v)| {
                let (r, k) = describe(*v);
                serde_json::json!({"move": m, "result": r, "margin": k})
            }).collect::<Vec<_>>(),
            "nodes": solved.nodes,
            "transpositions": solved.transpositions,
            "max_ply": solved.max_ply,
            "seconds": solved.time.as_secs_f64(),
            "stopped_by": stop,
        });
        writeln!(out, "{doc}")?;
    } else {
        writeln!(out, "{} {}", game.variant().name(), game.notation())?;
        match solved.value {
            Some(v) => {
                let (r, k) = describe(v);
                let margin = if r == "draw" {
                    String::new()
                } else {
                    format!(" by {k}")
                };
                writeln!(out, "proven: {side} to move, {r}{margin}")?;
                for (m, v) in &solved.best {
                    let (r, k) = describe(*v);
                    let mark = if Some(*v) == solved.value { " *" } else { "" };
                    writeln!(out, "  {m}: {r} by {k}{mark}")?;
                }
            }
            None => writeln!(
                out,
                "not proven: stopped by the {} (moves searched: {})",
                stop.unwrap_or("budget"),
                solved.best.len()
            )?,
        }
        writeln!(
            out,
            "proof: {} nodes, {} valued by exact tables, {} transpositions after captures, deepest line {} plies, {:.1} s",
            solved.nodes,
            solved.table_hits,
            solved.transpositions,
            solved.max_ply,
            solved.time.as_secs_f64()
        )?;
    }
    Ok(if solved.value.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    })
}
