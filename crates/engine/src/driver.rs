//! The search driver: [`Engine`] runs alpha-beta on its threads (lazy SMP) or hands over to
//! Monte-Carlo tree search, and turns the workers' results into reports and an [`Analysis`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mancala_core::variant::AnyGame;
use mancala_core::Game;

use crate::games::{dispatch, table_rules, EngineGame, GameTask};
use crate::mcts_driver::search_mcts;
use crate::search::{Completed, Progress, Shared, Worker, MAX_DEPTH};
use crate::time::{budget, wait_for_stop};
use crate::tt::Table;
use crate::types::{Algorithm, Analysis, Limits, Report, ReportBound, Score, SearchOptions};
use crate::{tb, Tablebase};

/// A long-lived searcher: the transposition table and the thread count persist between searches.
#[derive(Debug)]
pub struct Engine {
    table: Table,
    threads: usize,
    tablebases: Vec<Arc<Tablebase>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(16)
    }
}

impl Engine {
    /// An engine with a table of about `hash_mb` MiB.
    #[must_use]
    pub fn new(hash_mb: usize) -> Self {
        Engine {
            table: Table::new(hash_mb),
            threads: 1,
            tablebases: Vec::new(),
        }
    }

    /// Endgame tables for alpha-beta searches to use (crate `mancala-tablebase`): a search of a
    /// game whose rules a table covers takes the table's value at every node whose seeds it
    /// covers (module `tb` of this crate says how values map to scores). Replaces any earlier
    /// tables; an empty list switches them off.
    pub fn set_tablebases(&mut self, tables: Vec<Arc<Tablebase>>) {
        self.tablebases = tables;
    }

    /// The endgame tables in use.
    #[must_use]
    pub fn tablebases(&self) -> &[Arc<Tablebase>] {
        &self.tablebases
    }

    /// The table that covers the rules of `root`, if any (games with
    /// [`EngineGame::table_rules`] only).
    fn tablebase_for<P: EngineGame>(&self, root: &P) -> Option<tb::TbProbe<'_>> {
        let rules = root.table_rules()?;
        let (total, threshold) = (rules.total_seeds(), rules.threshold());
        if 2 * threshold <= total {
            return None;
        }
        let table = self.tablebases.iter().find(|t| t.covers(rules))?;
        Some(tb::TbProbe {
            table,
            total,
            threshold,
        })
    }

    /// Whether the endgame tables in use cover `game` to at least `seeds` seeds. Games that have
    /// no tables (not of the Oware family, or rules a table cannot represent) are never covered.
    #[must_use]
    pub fn tables_cover(&self, game: &AnyGame, seeds: u32) -> bool {
        let Some(rules) = table_rules(game) else {
            return false;
        };
        self.tablebases
            .iter()
            .any(|t| t.covers(&rules) && t.max_seeds() >= seeds)
    }

    /// The exact value of `game`'s position in the endgame tables in use ([`Score::Table`]):
    /// `None` when no table covers it, the game is over, or its entry is not exact here (a value
    /// by the cycle convention, or one exact from an empty history while positions were seen
    /// since the last capture). Searches do not change with it: front ends show it in place of
    /// the search's value of the position.
    #[must_use]
    pub fn table_score(&self, game: &AnyGame) -> Option<Score> {
        struct Task<'a>(&'a Engine);
        impl GameTask for Task<'_> {
            type Output = Option<Score>;
            fn run<P: EngineGame>(self, game: &Game<P>) -> Option<Score> {
                let root = game.position();
                let me = root.to_move()?;
                let tb = self.0.tablebase_for(root)?;
                let p = root.table_probe(tb.table)?;
                // Positions since the last capture, the current one included.
                let since_capture = game
                    .moves()
                    .iter()
                    .rev()
                    .take_while(|r| !r.effect.irreversible)
                    .count();
                let exact = match p.exactness {
                    mancala_tablebase::Exactness::AnyHistory => true,
                    mancala_tablebase::Exactness::EmptyHistory => since_capture == 0,
                    mancala_tablebase::Exactness::Convention => false,
                };
                if !exact {
                    return None;
                }
                // Twice the mover's seeds at the end, against twice the total.
                let x2 = 2 * i64::from(root.stores()[me.index()]) + i64::from(p.half_seeds);
                let half_diff = 2 * (x2 - i64::from(tb.total));
                i32::try_from(half_diff).ok().map(Score::Table)
            }
        }
        dispatch(game, Task(self))
    }

    /// Replaces the table with one of about `hash_mb` MiB.
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.table = Table::new(hash_mb);
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&self) {
        self.table.clear();
    }

    /// Per-mille of the table in use.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        self.table.hashfull()
    }

    /// The default thread count used by [`Engine::search_dyn`] when options say 0.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Searches the current position of any game. `None` when the game is over.
    pub fn search_dyn(
        &self,
        game: &AnyGame,
        options: &SearchOptions,
        stop: Option<&AtomicBool>,
        report: &mut dyn FnMut(&Report),
    ) -> Option<Analysis> {
        struct Task<'a> {
            engine: &'a Engine,
            options: &'a SearchOptions,
            stop: Option<&'a AtomicBool>,
            report: &'a mut dyn FnMut(&Report),
        }
        impl GameTask for Task<'_> {
            type Output = Option<Analysis>;
            fn run<P: EngineGame>(self, game: &Game<P>) -> Option<Analysis> {
                self.engine
                    .search(game, self.options, self.stop, self.report)
            }
        }
        dispatch(
            game,
            Task {
                engine: self,
                options,
                stop,
                report,
            },
        )
    }

    /// Searches the current position of `game`. `None` when the game is over.
    pub fn search<P: EngineGame>(
        &self,
        game: &Game<P>,
        options: &SearchOptions,
        stop: Option<&AtomicBool>,
        report: &mut dyn FnMut(&Report),
    ) -> Option<Analysis> {
        if options.algorithm == Some(Algorithm::Mcts) {
            return search_mcts(game, options, stop, report);
        }
        let root = *game.position();
        root.to_move()?;
        let start = Instant::now();
        let (soft, hard) = budget(options, start);
        self.table.new_search();
        let shared = Shared {
            tt: &self.table,
            stop: AtomicBool::new(false),
            external: stop,
            deadline: hard,
            soft_deadline: soft,
            node_limit: options.limits.nodes,
            tb: self.tablebase_for(&root),
        };
        let floor = game
            .moves()
            .iter()
            .rposition(|r| r.effect.irreversible)
            .map_or(0, |i| i + 1);
        let context: Vec<P::Key> = game.positions()[floor..].iter().map(|p| p.key()).collect();
        let abs_ply = game.moves().len() as u64;
        let max_depth = options.limits.depth.unwrap_or(MAX_DEPTH);
        let multi = options.multipv.max(1);
        let threads = if options.threads == 0 {
            self.threads
        } else {
            options.threads
        };
        let helper_nodes = Mutex::new(0u64);
        let mut main = Worker::new(&shared, root, game.history(), &context, abs_ply, true);
        main.selective = options.selective;
        main.eval = options.eval;
        std::thread::scope(|scope| {
            for id in 1..threads {
                let shared = &shared;
                let context = &context;
                let helper_nodes = &helper_nodes;
                let history = game.history();
                scope.spawn(move || {
                    let mut w = Worker::new(shared, root, history, context, abs_ply, false);
                    w.selective = options.selective;
                    w.eval = options.eval;
                    w.iterate(max_depth, 1, 1 + (id as u32 % 2), &mut |_, _| {});
                    if let Ok(mut n) = helper_nodes.lock() {
                        *n += w.nodes;
                    }
                });
            }
            main.iterate(max_depth, multi, 1, &mut |w, progress| {
                report(&make_report(w, progress, start, multi, &self.table));
            });
            // Infinite searches and ponder-like use wait for the caller's stop.
            if options.infinite {
                wait_for_stop(stop, || main.stopped());
            }
            shared.stop.store(true, Ordering::Relaxed);
        });
        let extra = helper_nodes.into_inner().unwrap_or(0);
        let done = main.completed.clone()?;
        Some(analysis(&done, main.nodes + extra))
    }
}

fn make_report<P: EngineGame>(
    w: &Worker<'_, P>,
    progress: Progress,
    start: Instant,
    multi: usize,
    table: &Table,
) -> Report {
    let (lines, depth) = match (&w.completed, progress) {
        (Some(c), Progress::Exact) => (
            c.moves
                .iter()
                .take(multi)
                .map(|m| {
                    (
                        Score::from_search(m.value, c.resolved, c.exact_margin),
                        m.pv.iter().map(ToString::to_string).collect(),
                    )
                })
                .collect(),
            c.depth,
        ),
        _ => {
            let m = &w.root_moves[0];
            (
                vec![(
                    Score::from_search(m.value, false, false),
                    m.pv.iter().map(ToString::to_string).collect(),
                )],
                w.completed.as_ref().map_or(1, |c| c.depth + 1),
            )
        }
    };
    Report {
        depth,
        lines,
        bound: match progress {
            Progress::Exact => ReportBound::Exact,
            Progress::Lower => ReportBound::Lower,
            Progress::Upper => ReportBound::Upper,
        },
        nodes: w.nodes,
        elapsed: start.elapsed(),
        hashfull: table.hashfull(),
    }
}

fn analysis<M: std::fmt::Display>(done: &Completed<M>, nodes: u64) -> Analysis {
    let best = done.moves.first();
    let mut moves: Vec<(String, Score)> = done
        .moves
        .iter()
        .map(|m| {
            (
                m.mv.to_string(),
                Score::from_search(m.value, done.resolved, done.exact_margin),
            )
        })
        .collect();
    moves.sort_by_key(|(_, s)| std::cmp::Reverse(s.rank()));
    Analysis {
        best: best.map(|m| m.mv.to_string()),
        score: Score::from_search(done.value, done.resolved, done.exact_margin),
        depth: done.depth,
        nodes,
        pv: best.map_or_else(Vec::new, |m| m.pv.iter().map(ToString::to_string).collect()),
        moves,
    }
}

/// The value of every legal move and the best line. With no limit at all it searches one second,
/// or until `stop` is set when one is given (or until the position is solved). `None` when the
/// game is over.
pub fn analyse_dyn(game: &AnyGame, limits: &Limits, stop: Option<&AtomicBool>) -> Option<Analysis> {
    analyse_dyn_with_table(game, limits, stop, 16)
}

/// [`analyse_dyn`] with a transposition table of `megabytes` MiB (a shallow search needs only a
/// small one, and making a large one costs more than the search).
pub(crate) fn analyse_dyn_with_table(
    game: &AnyGame,
    limits: &Limits,
    stop: Option<&AtomicBool>,
    megabytes: usize,
) -> Option<Analysis> {
    let mut limits = *limits;
    let unlimited = limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none();
    if unlimited && stop.is_none() {
        limits.movetime = Some(Duration::from_secs(1));
    }
    let engine = Engine::new(megabytes);
    let options = SearchOptions {
        limits,
        multipv: usize::MAX,
        algorithm: Some(Algorithm::AlphaBeta),
        ..SearchOptions::default()
    };
    engine.search_dyn(game, &options, stop, &mut |_| {})
}
