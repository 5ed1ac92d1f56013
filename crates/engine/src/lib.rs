//! # mancala-engine
//!
//! Search for every game of [`mancala_core`]: alpha-beta (negamax, principal variation search,
//! iterative deepening, aspiration windows, a lock-free shared transposition table, killer and
//! history ordering, lazy SMP), generic over [`Position`] and monomorphised per game, and
//! Monte-Carlo tree search (PUCT with evaluation-guided leaves and proven values, see [`Leaf`]
//! and [`MctsOptions`]). [`SearchOptions::algorithm`] picks one; by default each game gets its
//! [`default_algorithm`], chosen from matches at equal time (docs/engine.md).
//!
//! Front ends use three entry points:
//!
//! * [`analyse_dyn`]: the value of every legal move and the best line of any [`DynGame`] (always
//!   alpha-beta: it values every move to a depth);
//! * [`level_move`]: a move at a playing level, from beginner (plausible mistakes) to full strength;
//! * [`Engine`]: a long-lived searcher with its own table, clocks, progress reports and threads,
//!   for protocol front ends (`mancala engine`).
//!
//! Scores ([`Score`]) are from the side to move's point of view. See [`eval`] for how values are
//! encoded and what the evaluation looks at.
//!
//! # Repetitions and the transposition table
//!
//! Every move inside the search follows the rules' after-move protocol
//! ([`mancala_core::advance`]: play, first-repetition check against the [`mancala_core::History`]
//! stack, settle), so a repetition ends the game inside the search exactly as in a real game.
//! Because that makes a node's value depend on the positions since the last irreversible move,
//! the table key hashes the node's whole repetition context: the set of those keys (an XOR of
//! their hashes, reset by every capture), the node's own key, and its ply count (for rules such
//! as `max_plies`). Stored values are therefore exact for every node that reads them (up to
//! 64-bit collisions); the price is that transpositions between different non-capturing move
//! orders are not shared (after a capture they are; iterative deepening keeps its full benefit).
//!
//! # Proven results
//!
//! Every node counts the static evaluations and unresolved table cutoffs below it; a subtree with
//! none is *resolved*: its outcome is the game-theoretic one (alpha-beta's result does not depend
//! on the leaves it pruned), and so is its margin unless it rests on a win read from an endgame
//! table (whose margin is a guaranteed minimum). Resolved entries are valid at any depth, and an
//! iteration whose root is resolved (a draw, or a margin that rests on no table win) has solved
//! the position: the search stops and reports [`Score::Exact`]. A proven win or loss (a forced end
//! within the horizon) is reported as exact as soon as it is found.
//!
//! # Determinism and threads
//!
//! With one thread and no time limit a search is deterministic (same move, score and node count).
//! More threads run lazy SMP: helpers search the same root at staggered depths and share the
//! lock-free table; only the main thread reports and decides.
//!
//! ```
//! use mancala_core::variant::Variant;
//! use mancala_engine::{analyse_dyn, Limits};
//!
//! let game = Variant::Abapa.new_game(&[], None).unwrap();
//! let limits = Limits { depth: Some(4), ..Limits::default() };
//! let a = analyse_dyn(game.as_ref(), &limits, None).unwrap();
//! assert_eq!(a.moves.len(), 6);
//! assert_eq!(a.depth, 4);
//! ```
// Only the transposition table's prefetch hint is `unsafe` (`tt.rs` says why, with figures).
#![deny(unsafe_code)]

pub mod eval;
pub mod features;
mod mcts;
mod search;
mod tb;
mod tt;
pub mod tune;
mod weights;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mancala_core::ba_awa::BaAwa;
use mancala_core::isolo::Isolo;
use mancala_core::olowuka::Olowuka;
use mancala_core::oware::Oware;
use mancala_core::variant::{DynGame, Session, Variant};
use mancala_core::{Game, Position};

pub use mancala_tablebase::Tablebase;
pub use mcts::{Leaf, MctsOptions};
pub use search::MAX_DEPTH;
use search::{Completed, Progress, Shared, Worker};
pub use tt::Table;

/// The rules of `game` if endgame tables can represent them (an Oware-family game of a preset the
/// builder accepts, see [`mancala_tablebase::rules::check`]).
fn table_rules(game: &dyn DynGame) -> Option<mancala_core::oware::OwareRules> {
    let session = game.as_any().downcast_ref::<Session<Oware>>()?;
    let rules = *session.game().position().rules();
    mancala_tablebase::rules::check(&rules).ok()?;
    Some(rules)
}

/// Builds in memory the endgame tables of `game`'s rules from 0 to `seeds` seeds (every core
/// plays the moves; about a second for 12 seeds on an idle two-core machine, docs/tablebase.md),
/// for [`Engine::set_tablebases`]. `None` when the game has no tables (see
/// [`Engine::tables_cover`]).
#[must_use]
pub fn build_tables(
    game: &dyn DynGame,
    seeds: u32,
) -> Option<Result<Tablebase, mancala_tablebase::TablebaseError>> {
    let rules = table_rules(game)?;
    let built = mancala_tablebase::build::build_rules(
        game.variant().name(),
        &rules,
        seeds,
        &mancala_tablebase::build::BuildOptions::default(),
        &mut |_| {},
    );
    Some(built.map(|(table, _)| table))
}

/// Seeds of the tables the top playing level builds for itself ([`shared_tables`]).
pub const LEVEL_TABLE_SEEDS: u32 = 12;

/// The endgame tables of `game`'s rules from 0 to `seeds` seeds, built in memory the first time
/// they are asked for ([`build_tables`]) and then shared by the whole process (one set per rule
/// set and depth). `None` when the game has no tables.
#[must_use]
pub fn shared_tables(
    game: &dyn DynGame,
    seeds: u32,
) -> Option<Result<Arc<Tablebase>, mancala_tablebase::TablebaseError>> {
    static BUILT: Mutex<Vec<Arc<Tablebase>>> = Mutex::new(Vec::new());
    let rules = table_rules(game)?;
    // Held while building, so that two threads asking at once build once.
    let mut built = BUILT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(t) = built
        .iter()
        .find(|t| t.covers(&rules) && t.max_seeds() == seeds)
    {
        return Some(Ok(Arc::clone(t)));
    }
    Some(build_tables(game, seeds)?.map(|table| {
        let table = Arc::new(table);
        built.push(Arc::clone(&table));
        table
    }))
}

/// Limits of one search. With none at all, [`analyse_dyn`] searches for one second (or until its
/// stop flag, when it has one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: Option<u32>,
    /// Time to think.
    pub movetime: Option<Duration>,
    /// Nodes to search (checked at every node by the main thread; iteration 1 always completes).
    pub nodes: Option<u64>,
}

/// A value from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An estimate in centiseeds (100 = one seed ahead).
    Heuristic(i32),
    /// A proven result, as the final seed margin: positive = the side to move wins by that many
    /// seeds, negative = loses, `0` = draw. A win or loss is proven whenever it is reported; the
    /// margin is the one the best line reaches, which is the game-theoretic margin once the
    /// search has resolved every line without an endgame table's win (always the case for a
    /// reported draw), and otherwise a guaranteed minimum for a win (maximum for a loss): a win
    /// read from an endgame table ([`Engine::set_tablebases`]) has a guaranteed minimum margin.
    Exact(i32),
}

impl Score {
    fn from_value(v: i32, resolved: bool) -> Score {
        if eval::is_decisive(v) {
            Score::Exact(eval::margin(v))
        } else if resolved {
            Score::Exact(0)
        } else {
            Score::Heuristic(v)
        }
    }

    /// A number to sort by: proven wins above every estimate, proven losses below.
    #[must_use]
    pub fn rank(self) -> i64 {
        match self {
            Score::Heuristic(v) => i64::from(v),
            Score::Exact(0) => 0,
            Score::Exact(m) if m > 0 => 1_000_000_000 + i64::from(m),
            Score::Exact(m) => -1_000_000_000 + i64::from(m),
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Score::Heuristic(v) => write!(f, "{:+.2}", f64::from(v) / 100.0),
            Score::Exact(0) => f.write_str("draw"),
            Score::Exact(m) if m > 0 => write!(f, "win by {m}"),
            Score::Exact(m) => write!(f, "loss by {}", -m),
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The best move (`None` when the game is over).
    pub best: Option<String>,
    /// The value of the position.
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// The principal variation, starting with the best move.
    pub pv: Vec<String>,
    /// Every legal move with its value, best first. Values are exact for the moves the search was
    /// asked to value ([`analyse_dyn`]: all of them); with a normal search the others are upper
    /// bounds.
    pub moves: Vec<(String, Score)>,
}

/// A clock for time controls, for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub remaining: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Alpha-beta with iterative deepening (the module docs).
    AlphaBeta,
    /// Monte-Carlo tree search (PUCT, evaluation-guided leaves, proven values; see [`Leaf`]).
    Mcts,
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 2] = [Algorithm::AlphaBeta, Algorithm::Mcts];

    /// The name used by front ends: `alphabeta` or `mcts`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Mcts => "mcts",
        }
    }

    /// Reads a name (`alphabeta`, also `ab` or `alpha-beta`; `mcts`), ignoring case.
    pub fn from_name(name: &str) -> Result<Algorithm, UnknownAlgorithm> {
        match name.trim().to_ascii_lowercase().as_str() {
            "alphabeta" | "alpha-beta" | "ab" => Ok(Algorithm::AlphaBeta),
            "mcts" => Ok(Algorithm::Mcts),
            _ => Err(UnknownAlgorithm(name.to_string())),
        }
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an [`Algorithm`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl std::fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown search algorithm {:?} (alphabeta or mcts)",
            self.0
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

/// The algorithm that plays `variant` best at short time controls, chosen from matches at equal
/// time (docs/engine.md, "MCTS or alpha-beta, per game"). [`Engine::search_dyn`] uses it when
/// [`SearchOptions::algorithm`] is `None`, and so does the top [`level_move`] level.
#[must_use]
pub fn default_algorithm(variant: Variant) -> Algorithm {
    match variant {
        Variant::Oware
        | Variant::Abapa
        | Variant::Wuri
        | Variant::Awari
        | Variant::Ouril
        | Variant::OurilLudii
        | Variant::Olowuka
        | Variant::BaAwa
        | Variant::Isolo => Algorithm::AlphaBeta,
    }
}

/// Everything a search can be told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Depth, time and node limits.
    pub limits: Limits,
    /// A clock to budget from (used when `limits.movetime` is not given).
    pub clock: Option<Clock>,
    /// Search until the caller's stop flag is set (limits still cap the depth; without a stop
    /// flag the search ends when its iterations do).
    pub infinite: bool,
    /// How many root moves get exact values (1 = fastest; `usize::MAX` = every move).
    pub multipv: usize,
    /// Search threads (1 = deterministic).
    pub threads: usize,
    /// Selective search (late move reductions): stronger, but values are no longer those of a
    /// plain fixed-depth minimax. Off for tests and exact fixed-depth analysis.
    pub selective: bool,
    /// The static evaluation (see [`eval::EvalKind`]).
    pub eval: eval::EvalKind,
    /// The algorithm; `None` = the game's [`default_algorithm`] ([`Engine::search_dyn`]) or
    /// alpha-beta ([`Engine::search`], which does not know the variant).
    ///
    /// Monte-Carlo tree search reads the limits its own way: `nodes` counts simulations, `depth`
    /// caps the tree's depth, and a search with neither a node nor a time limit (and not
    /// infinite) runs [`MCTS_DEFAULT_SIMULATIONS`]. It runs on one thread and values the root
    /// moves by their statistics (`multipv` only says how many lines progress reports show).
    pub algorithm: Option<Algorithm>,
    /// Tuning of Monte-Carlo tree search.
    pub mcts: MctsOptions,
}

/// Simulations of a Monte-Carlo search given neither a node nor a time limit.
pub const MCTS_DEFAULT_SIMULATIONS: u64 = 100_000;

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            limits: Limits::default(),
            clock: None,
            infinite: false,
            multipv: 1,
            threads: 1,
            selective: true,
            eval: eval::EvalKind::default(),
            algorithm: None,
            mcts: MctsOptions::default(),
        }
    }
}

/// How a reported value bounds the truth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportBound {
    /// The value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

/// Progress of a search: one per completed iteration (and per aspiration failure).
#[derive(Clone, Debug)]
pub struct Report {
    /// Iteration depth.
    pub depth: u32,
    /// Best lines so far: `(score, pv)`, best first, as many as `multipv` asked.
    pub lines: Vec<(Score, Vec<String>)>,
    /// How the first line's score bounds the truth.
    pub bound: ReportBound,
    /// Nodes of the main thread so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Per-mille of the table in use.
    pub hashfull: u32,
}

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

    /// The table that covers the rules of `root`, if any (Oware-family games only).
    fn tablebase_for<P: Position>(&self, root: &P) -> Option<tb::TbProbe<'_>> {
        let pos = (root as &dyn std::any::Any).downcast_ref::<Oware>()?;
        let rules = pos.rules();
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
    pub fn tables_cover(&self, game: &dyn DynGame, seeds: u32) -> bool {
        let Some(rules) = table_rules(game) else {
            return false;
        };
        self.tablebases
            .iter()
            .any(|t| t.covers(&rules) && t.max_seeds() >= seeds)
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

    /// Searches the current position of any game. `None` if the game is not supported by the
    /// engine or is over.
    pub fn search_dyn(
        &self,
        game: &dyn DynGame,
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
            fn run<P: Position>(self, game: &Game<P>) -> Option<Analysis> {
                self.engine
                    .search(game, self.options, self.stop, self.report)
            }
        }
        let options = &SearchOptions {
            algorithm: Some(
                options
                    .algorithm
                    .unwrap_or_else(|| default_algorithm(game.variant())),
            ),
            ..*options
        };
        dispatch(
            game,
            Task {
                engine: self,
                options,
                stop,
                report,
            },
        )?
    }

    /// Searches the current position of `game`. `None` when the game is over.
    pub fn search<P: Position>(
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
                while !main.stopped() && !stop.is_none_or(|s| s.load(Ordering::Relaxed)) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            shared.stop.store(true, Ordering::Relaxed);
        });
        let extra = helper_nodes.into_inner().unwrap_or(0);
        let done = main.completed.clone()?;
        Some(analysis(&done, main.nodes + extra))
    }
}

/// Waits for the caller's stop flag, as an infinite search must before it answers.
fn wait_for_stop(stop: Option<&AtomicBool>) {
    while !stop.is_none_or(|s| s.load(Ordering::Relaxed)) {
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// [`Engine::search`] by Monte-Carlo tree search.
fn search_mcts<P: Position>(
    game: &Game<P>,
    options: &SearchOptions,
    stop: Option<&AtomicBool>,
    report: &mut dyn FnMut(&Report),
) -> Option<Analysis> {
    let root = *game.position();
    root.to_move()?;
    let start = Instant::now();
    let (soft, hard) = budget(options, start);
    // Anytime search: under a clock it may use twice the soft budget (capped by the hard one).
    let deadline = match (options.limits.movetime, soft, hard) {
        (None, Some(s), Some(h)) => Some(s.checked_add(s - start).map_or(h, |t| t.min(h))),
        _ => hard,
    };
    let simulations = match options.limits.nodes {
        Some(n) => Some(n),
        None if deadline.is_none() && !options.infinite => Some(MCTS_DEFAULT_SIMULATIONS),
        None => None,
    };
    let stops = mcts::Stops {
        deadline,
        simulations,
        external: stop,
        max_ply: options.limits.depth.map_or(usize::MAX, |d| d as usize),
    };
    let mut tree = mcts::Tree::new(root, game.history(), options.mcts, options.eval);
    let multi = options.multipv.max(1);
    let mut on_tree = |t: &mcts::Tree<P>| report(&mcts_report(&t.outcome(), t, start, multi));
    tree.run(&stops, &mut on_tree);
    let done = tree.outcome();
    report(&mcts_report(&done, &tree, start, multi));
    if options.infinite {
        wait_for_stop(stop);
    }
    let best = done.moves.first().map(|m| m.0.to_string());
    Some(Analysis {
        best,
        score: mcts_score(done.value),
        depth: done.depth,
        nodes: done.simulations,
        pv: done.pv.iter().map(ToString::to_string).collect(),
        moves: done
            .moves
            .iter()
            .map(|&(mv, proof, est)| (mv.to_string(), mcts_score((proof, est))))
            .collect(),
    })
}

fn mcts_score((proof, estimate): (Option<i32>, i32)) -> Score {
    match proof {
        Some(v) if eval::is_decisive(v) => Score::Exact(eval::margin(v)),
        Some(_) => Score::Exact(0),
        None => Score::Heuristic(estimate),
    }
}

fn mcts_report<P: Position>(
    done: &mcts::Outcome<P::Move>,
    tree: &mcts::Tree<P>,
    start: Instant,
    multi: usize,
) -> Report {
    let mut lines: Vec<(Score, Vec<String>)> = done
        .moves
        .iter()
        .take(multi)
        .map(|&(mv, proof, est)| (mcts_score((proof, est)), vec![mv.to_string()]))
        .collect();
    if let Some(first) = lines.first_mut() {
        first.0 = mcts_score(done.value);
        first.1 = done.pv.iter().map(ToString::to_string).collect();
    }
    Report {
        depth: done.depth,
        lines,
        bound: ReportBound::Exact,
        nodes: tree.simulations,
        elapsed: start.elapsed(),
        hashfull: tree.fill(),
    }
}

fn make_report<P: Position>(
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
                        Score::from_value(m.value, c.resolved),
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
                    Score::from_value(m.value, false),
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
        .map(|m| (m.mv.to_string(), Score::from_value(m.value, done.resolved)))
        .collect();
    moves.sort_by_key(|(_, s)| std::cmp::Reverse(s.rank()));
    Analysis {
        best: best.map(|m| m.mv.to_string()),
        score: Score::from_value(done.value, done.resolved),
        depth: done.depth,
        nodes,
        pv: best.map_or_else(Vec::new, |m| m.pv.iter().map(ToString::to_string).collect()),
        moves,
    }
}

/// Soft (no new iteration after) and hard (stop at) deadlines.
fn budget(options: &SearchOptions, start: Instant) -> (Option<Instant>, Option<Instant>) {
    if options.infinite {
        return (None, None);
    }
    // A deadline too far to represent is no deadline.
    if let Some(t) = options.limits.movetime {
        let at = start.checked_add(t);
        return (at, at);
    }
    if let Some(c) = options.clock {
        let overhead = Duration::from_millis(30);
        let left = c.remaining.saturating_sub(overhead);
        let mtg = c.moves_to_go.unwrap_or(30).clamp(1, 60);
        let share = left / mtg + c.increment * 3 / 4;
        let hard = (share * 3).min(left / 2).max(Duration::from_millis(1));
        let soft = (share / 2).min(hard);
        return (start.checked_add(soft), start.checked_add(hard));
    }
    (None, None)
}

/// Work that runs on a monomorphised game: [`dispatch`] recovers the concrete position type.
pub trait GameTask {
    /// What the work returns.
    type Output;
    /// Runs on the concrete game.
    fn run<P: Position>(self, game: &Game<P>) -> Self::Output;
}

/// Runs `task` on the concrete game behind `game`. `None` for a game type the engine does not
/// know yet. This is the only place that names position types: a new game is one line here.
pub fn dispatch<T: GameTask>(game: &dyn DynGame, task: T) -> Option<T::Output> {
    let any = game.as_any();
    if let Some(s) = any.downcast_ref::<Session<Oware>>() {
        return Some(task.run(s.game()));
    }
    if let Some(s) = any.downcast_ref::<Session<Olowuka>>() {
        return Some(task.run(s.game()));
    }
    if let Some(s) = any.downcast_ref::<Session<BaAwa>>() {
        return Some(task.run(s.game()));
    }
    if let Some(s) = any.downcast_ref::<Session<Isolo>>() {
        return Some(task.run(s.game()));
    }
    None
}

/// The value of every legal move and the best line. With no limit at all it searches one second,
/// or until `stop` is set when one is given (or until the position is solved). `None` when the
/// game is over or its type is unknown to the engine.
pub fn analyse_dyn(
    game: &dyn DynGame,
    limits: &Limits,
    stop: Option<&AtomicBool>,
) -> Option<Analysis> {
    let mut limits = *limits;
    let unlimited = limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none();
    if unlimited && stop.is_none() {
        limits.movetime = Some(Duration::from_secs(1));
    }
    let engine = Engine::new(16);
    let options = SearchOptions {
        limits,
        multipv: usize::MAX,
        algorithm: Some(Algorithm::AlphaBeta),
        ..SearchOptions::default()
    };
    engine.search_dyn(game, &options, stop, &mut |_| {})
}

/// The highest playing level of [`level_move`].
pub const MAX_LEVEL: u8 = 6;

/// Depth, softmax temperature (centiseeds) and mistake rate of each level, 1 to [`MAX_LEVEL`]
/// (depth 0: full strength). Chosen so that each level scores roughly 75-90% against the one
/// below: depth alone makes steps too large to measure (every match a shutout), while the share
/// of moves drawn from the softmax is a continuous knob.
const LEVELS: [(u32, f64, f64); MAX_LEVEL as usize] = [
    (1, 150.0, 0.6),
    (2, 150.0, 0.4),
    (3, 150.0, 0.25),
    (5, 150.0, 0.12),
    (8, 150.0, 0.04),
    (0, 0.0, 0.0), // full strength: one second
];

/// A playing level as shown to players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelInfo {
    /// The level, 1 to [`MAX_LEVEL`].
    pub level: u8,
    /// A short name.
    pub name: &'static str,
    /// How it plays.
    pub description: &'static str,
    /// Estimated Elo on a scale where uniformly random play is 0: a Bradley-Terry fit of a ladder
    /// of matches in Abapa (random play and every level against the next two), measured by
    /// `mancala levels abapa --measure` (the figures and the command line are in
    /// `docs/engine.md`). A difference of 400 means the stronger side scores about 91%.
    pub elo: i32,
}

/// Every playing level, weakest first.
pub const LEVEL_INFO: [LevelInfo; MAX_LEVEL as usize] = [
    LevelInfo {
        level: 1,
        name: "beginner",
        description: "looks one move ahead; more than half of its moves are plausible mistakes",
        elo: ELO[0],
    },
    LevelInfo {
        level: 2,
        name: "novice",
        description: "two plies ahead; frequent mistakes",
        elo: ELO[1],
    },
    LevelInfo {
        level: 3,
        name: "casual",
        description: "three plies ahead; a mistake every four moves; takes every forced win",
        elo: ELO[2],
    },
    LevelInfo {
        level: 4,
        name: "club",
        description: "five plies ahead; occasional mistakes",
        elo: ELO[3],
    },
    LevelInfo {
        level: 5,
        name: "expert",
        description: "eight plies ahead; rare mistakes",
        elo: ELO[4],
    },
    LevelInfo {
        level: 6,
        name: "master",
        description: "full strength, one second a move",
        elo: ELO[5],
    },
];

/// Measured Elo of each level (see [`LevelInfo::elo`]).
const ELO: [i32; MAX_LEVEL as usize] = [504, 864, 1119, 1544, 1811, 2213];

/// The description of `level` (clamped to 1..=[`MAX_LEVEL`]).
#[must_use]
pub fn level_info(level: u8) -> LevelInfo {
    LEVEL_INFO[usize::from(level.clamp(1, MAX_LEVEL) - 1)]
}

/// A move at a playing level from 1 (beginner: shallow search, frequent plausible mistakes) to
/// [`MAX_LEVEL`] (full strength: one second of the game's [`default_algorithm`], with the endgame
/// tables of 0..[`LEVEL_TABLE_SEEDS`] seeds where the game has them, built once per process by
/// [`shared_tables`]). Levels below the top are deterministic for a given
/// `seed`: a fixed-depth search values every move; the best one is played, except for a share
/// of moves (the level's mistake rate) drawn with probability proportional to
/// `exp(value / temperature)`, so that even a mistake is usually a plausible move and rarely a
/// blunder. Proven wins are always taken from level 3 up. `None` when the game is over.
pub fn level_move(game: &dyn DynGame, level: u8, seed: u64) -> Option<String> {
    let level = level.clamp(1, MAX_LEVEL);
    let (depth, temperature, mistakes) = LEVELS[usize::from(level - 1)];
    if depth == 0 {
        let mut engine = Engine::new(32);
        // The full engine plays with the endgame tables of 0..12 seeds where the game has them
        // (built once per process, about a second).
        let tables = shared_tables(game, LEVEL_TABLE_SEEDS).and_then(Result::ok);
        engine.set_tablebases(tables.into_iter().collect());
        let options = SearchOptions {
            limits: Limits {
                movetime: Some(Duration::from_secs(1)),
                ..Limits::default()
            },
            ..SearchOptions::default()
        };
        return engine.search_dyn(game, &options, None, &mut |_| {})?.best;
    }
    let a = analyse_dyn(
        game,
        &Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        None,
    )?;
    if temperature <= 0.0 || a.moves.len() == 1 {
        return a.best;
    }
    if level >= 3 && matches!(a.score, Score::Exact(m) if m > 0) {
        return a.best;
    }
    let unit = |x: u64| (x >> 11) as f64 / (1u64 << 53) as f64;
    if unit(splitmix(seed ^ 0x5eed)) >= mistakes {
        return a.best;
    }
    let value = |s: Score| -> f64 {
        match s {
            Score::Heuristic(v) => f64::from(v),
            Score::Exact(m) => f64::from(m.signum()) * 3000.0 + f64::from(m) * 100.0,
        }
    };
    let top = a
        .moves
        .iter()
        .map(|(_, s)| value(*s))
        .fold(f64::MIN, f64::max);
    let weights: Vec<f64> = a
        .moves
        .iter()
        .map(|(_, s)| ((value(*s) - top) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = unit(splitmix(seed)) * total;
    for ((mv, _), w) in a.moves.iter().zip(&weights) {
        if x < *w {
            return Some(mv.clone());
        }
        x -= w;
    }
    a.best
}

fn splitmix(seed: u64) -> u64 {
    tt::mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15))
}

/// One position of the benchmark: a preset name, a position (`None` = start) and a depth.
pub const BENCH: &[(&str, Option<&str>, u32)] = &[
    ("abapa", None, 15),
    ("abapa", Some("5-5-5-5-4-0-5-5-5-5-4-0-0-0-S"), 15),
    ("abapa", Some("0-3-2-2-2-2-0-0-0-5-3-6-15-8-N"), 17),
    ("abapa", Some("1-0-3-0-2-1-0-2-1-3-0-1-17-17-S"), 19),
    ("oware", None, 14),
    ("oware", Some("19-1-0-0-0-0-0-1-0-4-2-5-8-8-S"), 15),
    ("ouril", None, 14),
    ("wuri", Some("6-1-6-1-5-0-1-7-0-6-5-0-4-6-N"), 15),
];

/// The Abapa positions of the timed benchmark ([`bench_timed`]): the start and eleven
/// middle-game positions (24 to 46 seeds on the board) from games of the engine against itself
/// at 60 ms a move after two random plies, taken at plies 10 to 34.
pub const TIMED_BENCH: &[&str] = &[
    "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
    "0-8-6-0-1-1-0-4-4-9-8-1-2-4-S",
    "1-1-8-1-2-3-1-4-7-11-0-3-2-4-S",
    "7-1-0-0-9-2-0-10-1-7-6-0-2-3-S",
    "1-6-3-1-0-2-0-18-1-2-1-2-6-5-S",
    "1-3-3-9-8-0-2-1-0-8-0-4-4-5-S",
    "3-4-3-0-1-5-0-3-0-5-0-9-8-7-S",
    "5-0-1-1-12-2-12-0-7-0-0-1-4-3-S",
    "7-0-0-2-14-0-0-0-11-0-2-2-7-3-S",
    "2-9-1-3-2-8-7-2-0-1-1-8-2-2-S",
    "0-1-1-1-3-10-1-4-0-13-2-5-3-4-S",
    "0-5-3-1-0-15-0-1-5-2-1-2-5-8-S",
];

/// One position of a benchmark run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// The preset.
    pub preset: String,
    /// The position searched.
    pub position: String,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// The best move found.
    pub best: String,
    /// The time the search took.
    pub time: Duration,
}

/// Result of a benchmark run ([`bench()`], [`bench_timed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Every position searched.
    pub positions: Vec<BenchLine>,
    /// Total nodes: for the fixed-depth benchmark, a fingerprint of the search's behaviour.
    pub nodes: u64,
    /// The time spent searching (each position's table is made before its clock starts).
    pub elapsed: Duration,
}

impl BenchResult {
    /// Nodes per second of search time.
    #[must_use]
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }

    /// The mean depth reached.
    #[must_use]
    pub fn mean_depth(&self) -> f64 {
        let n = self.positions.len().max(1) as f64;
        self.positions
            .iter()
            .map(|p| f64::from(p.depth))
            .sum::<f64>()
            / n
    }
}

/// Fixed-depth, single-thread searches of the [`BENCH`] positions, each with a fresh table
/// (`depth_offset` is added to every depth, e.g. `-4` for a quick run).
pub fn bench(depth_offset: i32) -> Result<BenchResult, mancala_core::SetupError> {
    bench_with(depth_offset, eval::EvalKind::default())
}

/// [`bench()`] with the evaluation `eval` (to compare evaluations' speed in one binary).
pub fn bench_with(
    depth_offset: i32,
    eval: eval::EvalKind,
) -> Result<BenchResult, mancala_core::SetupError> {
    let runs = BENCH.iter().map(|&(name, pos, depth)| {
        let depth = (depth as i32 + depth_offset).max(1) as u32;
        (
            name,
            pos,
            Limits {
                depth: Some(depth),
                ..Limits::default()
            },
        )
    });
    bench_run(runs, eval, 1)
}

/// The benchmark of the reference engine's kind: every [`TIMED_BENCH`] position (Abapa)
/// searched for `movetime` with a fresh table and `threads` threads; the result gives the
/// speed and the mean depth reached in that time.
pub fn bench_timed(
    movetime: Duration,
    threads: usize,
    eval: eval::EvalKind,
) -> Result<BenchResult, mancala_core::SetupError> {
    let runs = TIMED_BENCH.iter().map(|&pos| {
        (
            "abapa",
            Some(pos),
            Limits {
                movetime: Some(movetime),
                ..Limits::default()
            },
        )
    });
    bench_run(runs, eval, threads)
}

fn bench_run<'a>(
    runs: impl Iterator<Item = (&'a str, Option<&'a str>, Limits)>,
    eval: eval::EvalKind,
    threads: usize,
) -> Result<BenchResult, mancala_core::SetupError> {
    let mut positions = Vec::new();
    let mut total = 0;
    let mut elapsed = Duration::ZERO;
    for (name, pos, limits) in runs {
        let game = mancala_core::variant::Variant::from_name(name)?.new_game(&[], pos)?;
        let engine = Engine::new(16);
        let options = SearchOptions {
            limits,
            eval,
            threads: threads.max(1),
            algorithm: Some(Algorithm::AlphaBeta),
            ..SearchOptions::default()
        };
        let start = Instant::now();
        let a = engine.search_dyn(game.as_ref(), &options, None, &mut |_| {});
        let time = start.elapsed();
        elapsed += time;
        let (depth, nodes, best) = a.map_or((0, 0, "-".to_string()), |a| {
            (a.depth, a.nodes, a.best.unwrap_or_default())
        });
        total += nodes;
        positions.push(BenchLine {
            preset: name.to_string(),
            position: game.notation(),
            depth,
            nodes,
            best,
            time,
        });
    }
    Ok(BenchResult {
        positions,
        nodes: total,
        elapsed,
    })
}
