//! The prover's state during one proof, its budgets, its transposition table and the
//! null-window test at the root; the search itself is in `search`, the component arguments in
//! `analysis`, the shared-cycle argument's bookkeeping in `provisional`.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::time::Instant;

use mancala_core::Side;
use mancala_tablebase::{Exactness, Tablebase};

use crate::games::EngineGame;

use super::components::Components;
use super::keys::{Entry, KeyHasher, KeyMap, MonoKey, Sets};
use super::line::Line;
use super::proof::{
    Budget, ComponentAnalysis, ProofProgress, ProofStats, Stop, CHECK_EVERY, MAX_PLY,
};
use super::value::{Value, INF, WIN};

/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 8;

/// The state of one proof: its budgets, its tables, the line being searched.
pub(super) struct Prover<'a, P: EngineGame> {
    pub(super) table: Option<TableUse<'a>>,
    pub(super) tt: KeyMap<(P::Key, u64), Entry<P::Move>>,
    pub(super) history: Line<P::Key>,
    pub(super) stats: ProofStats,
    pub(super) budget: Budget,
    pub(super) started: Instant,
    pub(super) deadline: Option<Instant>,
    pub(super) stop: Option<Stop>,
    pub(super) endless: Option<usize>,
    pub(super) progress: &'a mut dyn FnMut(&ProofProgress),
    pub(super) bounds: (i32, i32, i32),
    pub(super) components: Components<P::Key>,
    /// The history-free argument's verdicts: per position key and South's threshold `t`, bit
    /// 0 when South gets at least `t` whatever the history, bit 1 when he gets less.
    pub(super) safe: KeyMap<(P::Key, i32), u8>,
    /// Components analysed (or being analysed) per threshold.
    pub(super) analysed: HashMap<(u32, i32), (), BuildHasherDefault<KeyHasher>>,
    /// Null-window results that hold for every history with the same part of one kind
    /// (module docs, "Monotone histories").
    pub(super) mono: KeyMap<MonoKey<P::Key>, ()>,
    /// Set by every search as it returns: the index in the history of the earliest position
    /// its result may depend on having been seen (`usize::MAX`: none before the node).
    pub(super) last_dep: usize,
    /// The position being proven.
    pub(super) root: P::Key,
    /// The node count at which the innermost search valuing a component's exit stops
    /// ([`Budget::exit_nodes`]; `u64::MAX` outside such searches).
    pub(super) exit_limit: u64,
    /// The component analyses run, with what they found.
    pub(super) analyses: Vec<ComponentAnalysis>,
    /// The ply at which the current deepening search stops (`usize::MAX`: none; module docs,
    /// "Deepening").
    pub(super) horizon: usize,
    /// The side that passes the test at a position at the horizon.
    pub(super) horizon_passes: Side,
    /// Set by every search as it returns: whether its result depends on a position at the
    /// horizon (then it is kept only in [`Prover::shallow`], for the current deepening search).
    pub(super) tainted: bool,
    /// Results of the current deepening search that depend on the horizon: per position and
    /// history hash, whether the side to move passed the test and the plies to the horizon
    /// the search had.
    pub(super) shallow: KeyMap<(P::Key, u64), (bool, usize)>,
    /// The shared-cycle argument is on (module docs, "Rules whose cycles all end alike"): the
    /// transposition table is keyed by position alone and holds only results that hold
    /// whatever the history.
    pub(super) shared: bool,
    /// The index in the line of the position being proven: under the shared-cycle argument the
    /// positions of its history before it end the game when they come back, like a terminal
    /// (module docs, "Rules whose cycles all end alike").
    pub(super) pre: usize,
    /// The shared-cycle argument's provisional results of the current search, by position.
    pub(super) provisional: KeyMap<P::Key, Provisional<P::Move>>,
    /// The positions of [`Prover::provisional`] in the order they were recorded (a slot is
    /// live when its entry points back at it): a node's results are those recorded after it.
    pub(super) provisional_log: Vec<P::Key>,
    /// Runs of [`Prover::provisional_log`], as their first slot and the index in the history of
    /// the earliest position every result of the run rests on, in the order of the log.
    ///
    /// All results recorded below a node that the cycle side won provisionally rest on what that
    /// node rests on (module docs, "Rules whose cycles all end alike"), so settling the node
    /// merges the runs recorded below it into one: settling costs nothing per result kept, and
    /// a line tens of thousands of plies deep is not walked again at every node on the way up.
    pub(super) provisional_runs: Vec<(usize, usize)>,
}

/// A result of the shared-cycle argument that rests on positions of the line being searched.
#[derive(Clone, Copy, Debug)]
pub(super) struct Provisional<M> {
    /// The lower bound proven, if the positions it rests on are settled the same way.
    pub(super) lo: i32,
    /// The upper bound, likewise.
    pub(super) hi: i32,
    /// The move that proved it.
    pub(super) best: M,
    /// Its slot in [`Prover::provisional_log`] (the positions it rests on are its run's).
    pub(super) slot: usize,
}

/// What a node's own result does to the provisional results recorded below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Settle {
    /// The node's result is not one the cycle side won (or not proven): every one of them
    /// may rest on the cycle side winning at the node, and is forgotten.
    Forget,
    /// The cycle side won at the node whatever the history: those resting on nothing above
    /// it hold whatever the history, and go to the transposition table.
    Promote,
    /// The cycle side won at the node, resting on the position at this index of the history
    /// and later ones: so do they now.
    RestOn(usize),
}

/// A table and the rules' seed total and threshold.
#[derive(Clone, Copy)]
pub(super) struct TableUse<'a> {
    pub(super) table: &'a Tablebase,
    pub(super) total: i32,
    pub(super) threshold: i32,
}

impl TableUse<'_> {
    /// The bounds the table proves on `pos` (not over, `me` to move), if its entry is exact
    /// here; `fresh` when the history holds only `pos`.
    pub(super) fn bounds<P: EngineGame>(
        &self,
        pos: &P,
        me: Side,
        fresh: bool,
    ) -> Option<(i32, i32)> {
        let p = pos.table_probe(self.table)?;
        match p.exactness {
            Exactness::AnyHistory => {}
            Exactness::EmptyHistory if fresh => {}
            _ => return None,
        }
        // Twice what the mover holds at the end, stores included.
        let x2 = 2 * pos.stores()[me.index()] as i32 + p.half_seeds as i32;
        let total = self.total;
        let t = self.threshold;
        Some(match x2.cmp(&total) {
            std::cmp::Ordering::Equal => (0, 0),
            // A half is rounded against the winner.
            std::cmp::Ordering::Greater => (WIN + (x2 / 2 + t - total).max(1), WIN + total),
            std::cmp::Ordering::Less => (-(WIN + total), -(WIN + (t - (x2 + 1) / 2).max(1))),
        })
    }
}

impl<P: EngineGame> Prover<'_, P> {
    /// Whether the quiet move from `pos` (history key `own`) to `child` (history key `key`)
    /// left `pos`'s component: then no position of the history can come back.
    pub(super) fn left_component(&mut self, pos: &P, own: P::Key, child: &P, key: P::Key) -> bool {
        let Some(to) = self.components.of(child, key) else {
            return false;
        };
        let left = self.components.of(pos, own).is_some_and(|from| from != to);
        self.stats.labelled = self.components.labels.len();
        left
    }

    /// Counts a node; looks at the budgets and reports progress now and then.
    #[inline]
    pub(super) fn count(&mut self, ply: usize) {
        self.stats.nodes += 1;
        self.stats.max_ply = self.stats.max_ply.max(ply);
        // The clock is read more often than the rest is done: a node of a relay game can take
        // milliseconds (its legal moves run whole laps), so every CHECK_EVERY nodes could
        // overrun a time budget by minutes.
        if self.stats.nodes % CLOCK_EVERY == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stop = Some(Stop::Time);
        }
        if self.stats.nodes >= self.exit_limit && self.stop.is_none() {
            self.stop = Some(Stop::ExitBudget);
        }
        // The node budget to the node: a split proof's leaves may be given a few hundred.
        if self.stats.nodes >= self.budget.nodes && self.stop.is_none() {
            self.stop = Some(Stop::Nodes);
        }
        if self.stats.nodes % CHECK_EVERY == 0 {
            self.stats.elapsed = self.started.elapsed();
            self.stats.tt_entries = self.tt.len();
            if self.stop.is_none() && self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stop = Some(Stop::Time);
            }
            let (lo, hi, t) = self.bounds;
            (self.progress)(&ProofProgress {
                stats: self.stats,
                lower: Value::decode(lo),
                upper: Value::decode(hi),
                testing: Value::decode(t),
            });
        }
    }

    /// The transposition table's key of `pos` with the history part `sets`: the position alone
    /// under the shared-cycle argument.
    pub(super) fn tt_key(&self, pos: &P, sets: Sets) -> (P::Key, u64) {
        (pos.key(), if self.shared { 0 } else { sets.all })
    }

    /// Narrows the transposition entry of `key` to `lo..=hi` (creating it, after emptying a
    /// full table), with `best` as the move to try first there.
    pub(super) fn store(&mut self, key: (P::Key, u64), lo: i32, hi: i32, best: Option<P::Move>) {
        if self.tt.len() >= self.budget.max_entries {
            self.tt.clear();
        }
        let e = self.tt.entry(key).or_insert(Entry {
            lo: -INF,
            hi: INF,
            best: best.unwrap_or_default(),
        });
        e.lo = e.lo.max(lo);
        e.hi = e.hi.min(hi);
        if let Some(m) = best {
            e.best = m;
        }
    }

    /// The null-window test "does the side to move at the root get at least `t`?" on the
    /// root `pos`: one search to the end of every line, or deepening searches
    /// ([`Budget::deepen`]) until one settles it.
    pub(super) fn test(&mut self, pos: &P, sets: Sets, fresh: bool, t: i32) -> i32 {
        if let Some(first) = self.budget.deepen {
            let mut depth = first.max(1);
            while depth < MAX_PLY {
                self.stats.horizon = depth;
                // A horizon counted as a failure for the root's side first: a success then
                // is proven; then as a success: a failure then is proven.
                let me = pos.to_move().expect("a settled position that is not over");
                for passes in [me.opponent(), me] {
                    self.horizon = depth;
                    self.horizon_passes = passes;
                    self.shallow.clear();
                    self.clear_provisional();
                    let v = self.search(pos, pos.key(), sets, fresh, t - 1, t, 0);
                    if !self.tainted || self.stop.is_some() || self.endless.is_some() {
                        self.horizon = usize::MAX;
                        self.shallow.clear();
                        return v;
                    }
                }
                depth = depth.saturating_mul(2);
            }
            self.horizon = usize::MAX;
            self.shallow.clear();
        }
        self.clear_provisional();
        self.search(pos, pos.key(), sets, fresh, t - 1, t, 0)
    }
}
