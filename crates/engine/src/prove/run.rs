//! A proof from start to end ([`prove`], [`prove_sharing`]): the null-window tests in order,
//! the result first, then the margin by halving; and the histories it takes.

use std::collections::HashMap;
use std::time::Instant;

use mancala_core::oware::{OwareRules, Repetition};
use mancala_core::Position;
use mancala_tablebase::Tablebase;

use crate::games::EngineGame;

use super::components::{Components, COMPONENT_RUN, RUN_TIME_SHARE, UNKNOWN};
use super::keys::Sets;
use super::line::Line;
use super::memory::ProofMemory;
use super::proof::{Budget, Proof, ProofProgress, ProofStats, SolveError};
use super::prover::{Prover, TableUse};
use super::value::{Value, Verdict, INF, MAX_MARGIN, WIN};

/// Whether every repetition between two captures ends a game of `rules` with the same scores
/// (the seeds left shared, a draw, or unscored): then a position's value is the same from
/// every history (module docs, "Rules whose cycles all end alike").
fn cycles_end_alike(rules: &OwareRules) -> bool {
    matches!(
        rules.repetition,
        Repetition::SplitHalves | Repetition::Draw | Repetition::EndUnscored
    )
}

/// Proves the value of `pos` for its side to move.
///
/// `history` holds the keys of the positions since the last irreversible move, in order, the
/// last being `pos`'s own (`&[pos.key()]` for a position with no history, e.g. a start). `table`
/// values positions where its entries are exact (see the module docs); it must cover `pos`'s
/// rules ([`Tablebase::covers`]). `progress` is called every few thousand nodes.
///
/// # Errors
///
/// [`SolveError::Over`] when the game is over, [`SolveError::History`] when the history does
/// not end with `pos`, [`SolveError::Endless`] when the rules let a position repeat without
/// ending the game, [`SolveError::MaxPlies`] for rules with a ply limit.
pub fn prove<P: EngineGame>(
    pos: &P,
    history: &[P::Key],
    table: Option<&Tablebase>,
    budget: &Budget,
    progress: &mut dyn FnMut(&ProofProgress),
) -> Result<Proof<P::Move>, SolveError> {
    prove_sharing(
        pos,
        history,
        table,
        budget,
        &mut ProofMemory::default(),
        progress,
    )
}

/// [`prove`], starting from what earlier proofs left in `memory` and leaving there what this one
/// finds: for many proofs of positions of one game, e.g. the leaves of a split
/// ([`prove_split`](super::prove_split)), which then need not find the same facts again. `memory`
/// must only ever be used with one game's rules and one `table` (or none): its results are about
/// them.
///
/// # Errors
///
/// Those of [`prove`].
pub fn prove_sharing<P: EngineGame>(
    pos: &P,
    history: &[P::Key],
    table: Option<&Tablebase>,
    budget: &Budget,
    memory: &mut ProofMemory<P>,
    progress: &mut dyn FnMut(&ProofProgress),
) -> Result<Proof<P::Move>, SolveError> {
    let Some(side) = pos.to_move() else {
        return Err(SolveError::Over);
    };
    if history.last() != Some(&pos.key()) {
        return Err(SolveError::History);
    }
    let rules = pos.table_rules();
    if rules.is_some_and(|r| r.max_plies.is_some()) {
        return Err(SolveError::MaxPlies);
    }
    let table = match (table, rules) {
        (Some(table), Some(rules)) if table.covers(rules) => Some(TableUse {
            table,
            total: rules.total_seeds() as i32,
            threshold: rules.threshold() as i32,
        }),
        _ => None,
    };
    let mut h = Line::new(history[0]);
    for &k in &history[1..] {
        h.push(k, false);
    }
    let sets = history.iter().fold(
        Sets {
            all: 0,
            good: 0,
            bad: 0,
        },
        |acc, k| acc.with(k, None),
    );
    // The shared-cycle argument, with the history before the position as terminals (module
    // docs).
    let shared = budget.shared_cycles && rules.is_some_and(cycles_end_alike);
    if shared {
        // Its transposition table rests on this proof's history (the type's docs).
        memory.clear();
    }
    memory.trim(budget.max_entries);
    let started = Instant::now();
    let mut prover = Prover::<P> {
        table,
        tt: std::mem::take(&mut memory.tt),
        history: h,
        stats: ProofStats::default(),
        budget: *budget,
        started,
        deadline: budget.time.map(|t| started + t),
        stop: None,
        endless: None,
        progress,
        bounds: (-INF, INF, 0),
        safe: std::mem::take(&mut memory.safe),
        analysed: std::mem::take(&mut memory.analysed),
        mono: std::mem::take(&mut memory.mono),
        last_dep: 0,
        horizon: usize::MAX,
        horizon_passes: side.opponent(),
        tainted: false,
        shallow: HashMap::default(),
        shared,
        pre: history.len() - 1,
        provisional: HashMap::default(),
        provisional_log: Vec::new(),
        provisional_runs: Vec::new(),
        root: pos.key(),
        exit_limit: u64::MAX,
        analyses: Vec::new(),
        components: Components {
            labels: std::mem::take(&mut memory.labels),
            next: std::mem::take(&mut memory.next),
            sizes: std::mem::take(&mut memory.sizes),
            // Labelling counts against the node budget too.
            left: budget.components.min(budget.nodes),
            run_cap: COMPONENT_RUN,
            deadline: budget.time.map(|t| started + t),
            run_time: budget.time.map(|t| t / RUN_TIME_SHARE),
            given_up: HashMap::default(),
            failed: 0,
        },
    };
    let fresh = history.len() == 1;
    // No game ends with a margin above the seeds in play: they are conserved, the position's
    // pits and stores hold them all (Isolo's stock seeds enter its pits, but its stores stay
    // empty and its margins 0). In the Oware family (the games with tables) a store only
    // grows, by seeds from the board, and the game ends in the same round: the final
    // difference is the stores' present one give or take the seeds on the board. (Ba-awa's
    // stores start again at each round of a match, so the seeds in play is all it has.) The
    // open ends of the interval start there, so that the margin search halves the margins the
    // game can still end with, not up to `MAX_MARGIN`.
    let on_board = pos.pits().iter().map(|&s| i32::from(s)).sum::<i32>();
    let [a, b] = pos.stores().map(|s| s as i32);
    let spread = if rules.is_some() {
        on_board + (a - b).abs()
    } else {
        on_board + a + b
    };
    let cap = spread.min(MAX_MARGIN);
    let (mut lo, mut hi) = (-(WIN + cap), WIN + cap);
    let mut best = None;
    // "At least `t`?" until the interval closes: the result first (a win? at least a draw?),
    // then the margin by halving.
    let draw_first = matches!(budget.guess, Some(Verdict::Draw | Verdict::Loss));
    loop {
        let t = if let Some(v) = budget.at_least {
            v.threshold()
        } else if draw_first && lo <= -WIN && hi > -WIN {
            -WIN + 1
        } else if lo < WIN && hi >= WIN {
            WIN
        } else if lo <= -WIN && hi > -WIN {
            -WIN + 1
        } else if lo < hi && budget.margin {
            lo + (hi - lo + 1) / 2
        } else {
            break;
        };
        prover.bounds = (lo, hi, t);
        prover.stats.tests += 1;
        let v = prover.test(pos, sets, fresh, t);
        if let Some(ply) = prover.endless {
            return Err(SolveError::Endless { ply });
        }
        if prover.stop.is_some() {
            break;
        }
        if v >= t {
            lo = v;
            best = prover.tt.get(&prover.tt_key(pos, sets)).map(|e| e.best);
        } else {
            hi = v;
        }
        // Values below a loss by the whole board or above such a win do not occur: clamp
        // the open ends so that the margin search halves a finite interval.
        lo = lo.max(-(WIN + cap));
        hi = hi.min(WIN + cap);
        if budget.at_least.is_some() {
            // One question, asked.
            break;
        }
    }
    prover.stats.elapsed = started.elapsed();
    prover.stats.tt_entries = prover.tt.len();
    prover.stats.shared_cycles = shared;
    if !shared {
        memory.tt = std::mem::take(&mut prover.tt);
        memory.safe = std::mem::take(&mut prover.safe);
        memory.analysed = std::mem::take(&mut prover.analysed);
        memory.mono = std::mem::take(&mut prover.mono);
        memory.labels = std::mem::take(&mut prover.components.labels);
        // Positions a labelling run gave up on: a later proof, with its own budget, may label
        // them.
        memory.labels.retain(|_, l| *l != UNKNOWN);
        memory.next = prover.components.next;
        memory.sizes = std::mem::take(&mut prover.components.sizes);
    }
    Ok(Proof {
        side,
        lower: Value::decode(lo),
        upper: Value::decode(hi),
        best,
        stopped: prover.stop,
        stats: prover.stats,
        analyses: prover.analyses,
    })
}

/// The history [`prove`] takes for a move's child: the parent's `keys` and the child's own
/// `key`, or the child's alone after an irreversible move.
#[must_use]
pub fn keys_after<K: Copy>(keys: &[K], irreversible: bool, key: K) -> Vec<K> {
    let mut out = if irreversible {
        Vec::new()
    } else {
        keys.to_vec()
    };
    out.push(key);
    out
}

/// The keys of the positions of `game` since its last irreversible move, the current one
/// last: the `history` that [`prove`] takes for the game's current position.
#[must_use]
pub fn history_keys<P: Position>(game: &mancala_core::Game<P>) -> Vec<P::Key> {
    let positions = game.positions();
    let moves = game.moves();
    let mut from = 0;
    for (i, record) in moves.iter().enumerate() {
        if record.effect.irreversible {
            from = i + 1;
        }
    }
    positions[from..].iter().map(Position::key).collect()
}
