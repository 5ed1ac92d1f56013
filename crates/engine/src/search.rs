//! Alpha-beta search generic over [`Position`]: negamax with principal variation search,
//! iterative deepening, aspiration windows, a shared transposition table, killer and history move
//! ordering, and lazy SMP helpers.
//!
//! # Repetitions and the transposition table
//!
//! The first-repetition rule makes a position's value depend on the positions seen since the last
//! irreversible move, not on the position alone. Every move inside the search goes through the
//! same after-move protocol as [`mancala_core::advance`] (play, repetition check against the
//! [`History`] stack, settle), so repetitions end the game exactly where the rules say.
//!
//! To keep table entries from leaking history-dependent values, the table key of a node hashes
//! its *whole repetition context*: the set of keys in the history since the last irreversible
//! move (an XOR of their hashes, updated incrementally and reset by captures), the node's own key,
//! and its ply count (for rules such as `max_plies`). Two nodes share an entry only if everything
//! the rules can look at is the same, so stored values are exact for every node that reads them
//! (up to 64-bit hash collisions). The price: transpositions reached by different non-capturing
//! move orders are not shared; after a capture they are. Iterative deepening, which revisits the
//! same paths, gets the full benefit.
//!
//! A key of the position alone (as chess engines use, ignoring the history for heuristic values)
//! was measured against this one in selective searches, with proven values kept under the
//! context key in the same bucket so that they would stay exact. It gave no consistent saving:
//! without the ply in the key, more nodes from the Abapa start at depths 16 to 20 (4.92 M instead
//! of 4.63 M to depth 20); with it, fewer at depths 19 and 20 (4.27 M to depth 20) but more at 16
//! to 18, and on the bench 4.5% fewer nodes at its depths and 3% more one ply deeper.
//! Transpositions within a stretch without captures are rare in these games, and the context key
//! already shares everything after a capture, so the exact key stays (docs/engine.md).
//!
//! # Proven values
//!
//! Each node counts the "horizon" events below it: static evaluations and table cutoffs from
//! entries that were themselves not resolved. A subtree without any is *resolved*: its value
//! comes from finished games and endgame tables only, and its outcome (win, draw or loss) is the
//! game-theoretic one (alpha-beta's result does not depend on the leaves it pruned).
//!
//! A second count keeps the *margin* apart: a win read from an endgame table is proven, but its
//! margin is only a guaranteed minimum (`crate::tb`). A resolved subtree with no such win below
//! has the exact margin too; one with such wins below has a proven outcome and a margin that
//! is a guaranteed minimum for the winner (values compare the same way whatever the true
//! margins, so a draw is exact either way). Resolved entries are stored with an infinite depth
//! and both flags. An iteration whose root is resolved with an exact margin (or a draw) has
//! solved the position, and the search stops there; a proven win with a guaranteed margin goes
//! on deepening, which can only find the margin of lines that avoid the tables.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use mancala_core::{History, MoveEffect, MoveList, Side, MAX_MOVES};

use crate::eval::{evaluate, from_table, is_decisive, terminal, to_table, EvalKind, INF};
use crate::games::EngineGame;
use crate::tt::{hash_of, mix, raw_hash_of, Bound, Entry, Table, RESOLVED_DEPTH};

/// The deepest ply the search reaches (iterations are capped below it).
pub(crate) const MAX_PLY: usize = 128;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 100;

const HISTORY_SLOTS: usize = 256;
/// `IDENTITY[i] = i`: the search order before sorting.
const IDENTITY: [u8; MAX_MOVES] = {
    let mut a = [0u8; MAX_MOVES];
    let mut i = 0;
    while i < MAX_MOVES {
        a[i] = i as u8;
        i += 1;
    }
    a
};
const ASPIRATION: i32 = 40;
/// Late move reductions apply from this remaining depth ...
const LMR_MIN_DEPTH: i32 = 3;
/// ... to moves from this index in the ordered list on: the third move (Oware offers at most six).
/// From the fourth move on, the Abapa start took 4.41 M nodes to depth 19; from the third, depth
/// 18 takes 1.54 M (docs/engine.md has the match).
const LMR_MIN_INDEX: usize = 2;
/// Nodes with less remaining depth than this do not use the transposition table: nodes one ply
/// above the horizon skip it (their probe is a cache miss that saves little). From the Abapa
/// start, depth 19 takes 2.58 M nodes and 2.72 G instructions instead of 3.24 M and 3.48 G with
/// the table everywhere; the bench takes 5% more nodes (docs/engine.md has the match).
const TT_MIN_DEPTH: i32 = 2;

/// What every thread of one search shares.
pub(crate) struct Shared<'a> {
    pub tt: &'a Table,
    /// Set when the search must end (by the main thread, the time, or the caller).
    pub stop: AtomicBool,
    pub external: Option<&'a AtomicBool>,
    pub deadline: Option<Instant>,
    pub soft_deadline: Option<Instant>,
    pub node_limit: Option<u64>,
    /// Endgame tables, when the game has them (see [`crate::tb`]).
    pub tb: Option<crate::tb::TbProbe<'a>>,
}

/// One root move with its latest value.
#[derive(Clone, Debug)]
pub(crate) struct RootMove<M> {
    pub mv: M,
    pub value: i32,
    /// The value is exact (not a bound from a null-window or failed search).
    pub exact: bool,
    pub pv: Vec<M>,
}

/// A completed iteration.
#[derive(Clone, Debug)]
pub(crate) struct Completed<M> {
    pub depth: u32,
    pub value: i32,
    /// The outcome of `value` is proven (see the module docs).
    pub resolved: bool,
    /// No table win lies below: a proven value's margin and distance are those of a finished
    /// game (see the module docs).
    pub exact_margin: bool,
    pub moves: Vec<RootMove<M>>,
}

/// How an iteration's root value bounds the truth, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Progress {
    Exact,
    Lower,
    Upper,
}

/// A child of a node: the position after one move (not yet settled), what the move did and,
/// when the child will use the transposition table, its keys ([`Worker::child_keys`]).
#[derive(Clone, Copy)]
struct Kid<P> {
    pos: P,
    effect: MoveEffect,
    keys: Keys,
}

/// What the transposition table needs of a node: its repetition-context hash (which its
/// children's keys extend) and its table key. Worked out once per node, by its parent.
#[derive(Clone, Copy, Default)]
struct Keys {
    ctx: u64,
    table: u64,
}

/// One search thread.
pub(crate) struct Worker<'a, P: EngineGame> {
    sh: &'a Shared<'a>,
    root: P,
    root_ctx: u64,
    root_abs_ply: u64,
    history: History<P::Key>,
    pub nodes: u64,
    /// The node count from which [`Worker::poll`] looks at the limits again.
    poll_at: u64,
    horizon: u64,
    /// Proven results below whose margin is only a guaranteed minimum (table wins).
    inexact: u64,
    stopped: bool,
    can_stop: bool,
    main: bool,
    /// Late move reductions on (off: a pure alpha-beta whose values equal minimax's).
    pub selective: bool,
    /// The static evaluation at the leaves.
    pub eval: EvalKind,
    /// Per ply, the children of the node searched there, with what their moves did and their
    /// keys' hashes (kept here rather than in arrays of each node, which would be initialised
    /// at every node).
    kids: Vec<[Kid<P>; MAX_MOVES]>,
    killers: Vec<[Option<P::Move>; 2]>,
    hist: Vec<i32>,
    pv: Vec<[P::Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    pub root_moves: Vec<RootMove<P::Move>>,
    pub completed: Option<Completed<P::Move>>,
}

impl<'a, P: EngineGame> Worker<'a, P> {
    /// A worker for the current position of `game`-like data: `root` with its repetition history
    /// (`history`, whose last key is the root's), the keys since the last irreversible move
    /// (`context_keys`, the root's included) and the number of plies played before the root.
    pub fn new(
        sh: &'a Shared<'a>,
        root: P,
        history: History<P::Key>,
        context_keys: &[P::Key],
        abs_ply: u64,
        main: bool,
    ) -> Self {
        let root_ctx = context_keys.iter().fold(0, |acc, k| acc ^ hash_of(k));
        let mut moves = MoveList::new();
        root.legal_moves(&mut moves);
        let root_moves = moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                value: -INF,
                exact: false,
                pv: vec![mv],
            })
            .collect();
        Worker {
            sh,
            root,
            root_ctx,
            root_abs_ply: abs_ply,
            history,
            nodes: 0,
            poll_at: 0,
            horizon: 0,
            inexact: 0,
            stopped: false,
            can_stop: true,
            main,
            selective: true,
            eval: EvalKind::default(),
            kids: vec![
                [Kid {
                    pos: root,
                    effect: MoveEffect::default(),
                    keys: Keys::default(),
                }; MAX_MOVES];
                MAX_PLY + 1
            ],
            killers: vec![[None; 2]; MAX_PLY + 1],
            hist: vec![0; 2 * HISTORY_SLOTS],
            pv: vec![[P::Move::default(); MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_moves,
            completed: None,
        }
    }

    /// Iterative deepening up to `max_depth`; `multi` root moves get exact values (1 = normal
    /// search, the number of moves = every move valued). Helpers (`!main`) start at
    /// `first_depth` and report nothing.
    pub fn iterate(
        &mut self,
        max_depth: u32,
        multi: usize,
        first_depth: u32,
        report: &mut dyn FnMut(&Self, Progress),
    ) {
        if self.root_moves.is_empty() {
            return;
        }
        let multi = multi.clamp(1, self.root_moves.len());
        let max_depth = max_depth.clamp(1, MAX_DEPTH);
        let mut prev = 0;
        for depth in first_depth.max(1)..=max_depth {
            self.horizon = 0;
            self.inexact = 0;
            self.can_stop = !(self.main && self.completed.is_none());
            let d = depth as i32;
            let value = if multi > 1 || depth < 4 || is_decisive(prev) {
                self.root_search(d, -INF, INF, multi)
            } else {
                let mut delta = ASPIRATION;
                let (mut a, mut b) = (prev - delta, prev + delta);
                loop {
                    let v = self.root_search(d, a, b, 1);
                    if self.stopped {
                        break v;
                    }
                    if v <= a {
                        report(self, Progress::Upper);
                        a = if delta > 1000 { -INF } else { v - delta };
                    } else if v >= b {
                        report(self, Progress::Lower);
                        b = if delta > 1000 { INF } else { v + delta };
                    } else {
                        break v;
                    }
                    delta *= 2;
                }
            };
            if self.stopped {
                break;
            }
            prev = value;
            let resolved = self.horizon == 0;
            self.completed = Some(Completed {
                depth,
                value,
                resolved,
                exact_margin: self.inexact == 0,
                moves: self.root_moves.clone(),
            });
            report(self, Progress::Exact);
            if resolved && (self.inexact == 0 || value == 0) {
                break;
            }
            if self.main {
                if let Some(soft) = self.sh.soft_deadline {
                    if Instant::now() >= soft {
                        break;
                    }
                }
                if let Some(limit) = self.sh.node_limit {
                    if self.nodes >= limit {
                        break;
                    }
                }
            }
            let external = self.sh.external.is_some_and(|s| s.load(Ordering::Relaxed));
            if external || self.sh.stop.load(Ordering::Relaxed) {
                break;
            }
        }
    }

    /// Whether the search was cut short.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Whether the search must stop. The limits are looked at only from node `poll_at` on (the
    /// next multiple of 1024 nodes for the clock, or the node limit if that comes first).
    #[inline]
    fn poll(&mut self) -> bool {
        if self.nodes < self.poll_at {
            return self.stopped;
        }
        self.poll_at = (self.nodes | 1023) + 1;
        if self.main {
            if let Some(limit) = self.sh.node_limit {
                self.poll_at = self.poll_at.min(limit.max(self.nodes + 1));
            }
        }
        if self.stopped {
            return true;
        }
        if !self.can_stop {
            return false;
        }
        if self.main {
            if let Some(limit) = self.sh.node_limit {
                if self.nodes >= limit {
                    self.halt();
                    return true;
                }
            }
        }
        if self.nodes & 1023 == 0 {
            let external = self.sh.external.is_some_and(|s| s.load(Ordering::Relaxed));
            let late = self.main && self.sh.deadline.is_some_and(|d| Instant::now() >= d);
            if external || late || self.sh.stop.load(Ordering::Relaxed) {
                self.halt();
            }
        }
        self.stopped
    }

    fn halt(&mut self) {
        self.stopped = true;
        self.sh.stop.store(true, Ordering::Relaxed);
    }

    /// The keys of a child at `ply + 1` whose repetition key is `key`, reached from a node of
    /// context `ctx` by a move that was `irreversible` or not: a capture starts a new context.
    #[inline]
    fn child_keys(&self, ctx: u64, key: &P::Key, irreversible: bool, ply: usize) -> Keys {
        let hk = hash_of(key);
        let ctx = if irreversible { hk } else { ctx ^ hk };
        let abs = self.root_abs_ply + ply as u64 + 1;
        Keys {
            ctx,
            table: mix(ctx
                ^ hk.rotate_left(23).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                ^ abs.wrapping_mul(0xd6e8_feb8_6659_fd93)),
        }
    }

    /// The history table's slot of `mv` played by `side` (the unmixed hash is enough: moves
    /// that are one small integer, pits, get a slot of their own).
    #[inline]
    fn slot(side: Side, mv: P::Move) -> usize {
        side.index() * HISTORY_SLOTS + (raw_hash_of(&mv) as usize & (HISTORY_SLOTS - 1))
    }

    fn root_search(&mut self, depth: i32, alpha0: i32, beta: i32, multi: usize) -> i32 {
        let Some(me) = self.root.to_move() else {
            return 0;
        };
        self.nodes += 1;
        let mut alpha = alpha0;
        let mut best = -INF;
        let mut best_k = 0;
        let n = self.root_moves.len();
        for k in 0..n {
            let mv = self.root_moves[k].mv;
            let mut c = self.root;
            let eff = c.play_unchecked(mv);
            let keys = self.child_keys(self.root_ctx, &c.key(), eff.irreversible, 0);
            self.pv_len[1] = 0;
            let (v, exact) = if multi > 1 {
                let floor = if k < multi {
                    -INF
                } else {
                    let mut vals: Vec<i32> = self.root_moves[..k].iter().map(|r| r.value).collect();
                    vals.sort_unstable_by(|a, b| b.cmp(a));
                    vals[multi - 1]
                };
                let v = self.child_value(&mut c, eff, me, depth, floor, INF, 0, k < multi, 0, keys);
                (v, v > floor)
            } else {
                let v = self.child_value(&mut c, eff, me, depth, alpha, beta, 0, k == 0, 0, keys);
                (v, v > alpha && v < beta)
            };
            if self.stopped {
                break;
            }
            let rm = &mut self.root_moves[k];
            rm.value = v;
            rm.exact = exact;
            if exact || v > alpha {
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1][..self.pv_len[1]]);
            }
            if v > best {
                best = v;
                best_k = k;
            }
            if multi == 1 && v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
        if !self.stopped {
            if multi > 1 {
                self.root_moves.sort_by_key(|m| std::cmp::Reverse(m.value));
            } else {
                self.root_moves[..=best_k].rotate_right(1);
            }
        }
        best
    }

    /// The value for `me` of the child `c` (just played with effect `eff`, not yet settled),
    /// within `alpha..beta`; `first` searches with the full window, otherwise null window first.
    /// `keys` are the child's table keys, worked out by the caller when the child uses the
    /// table (its remaining depth `depth - 1` is at least `TT_MIN_DEPTH`; below that neither
    /// the child nor anything under it reads them).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child_value(
        &mut self,
        c: &mut P,
        eff: MoveEffect,
        me: Side,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        first: bool,
        reduce: i32,
        keys: Keys,
    ) -> i32 {
        // The after-move protocol of `mancala_core::advance`, step by step.
        if c.is_over() {
            return terminal(c, me, ply + 1);
        }
        let key = c.key();
        if !eff.irreversible && self.history.contains(&key) && c.end_by_repetition() {
            return terminal(c, me, ply + 1);
        }
        c.settle();
        let Some(cme) = c.to_move() else {
            return terminal(c, me, ply + 1);
        };
        // A board the endgame tables cover is not searched below.
        if let Some((v, resolved)) = self
            .sh
            .tb
            .and_then(|tb| tb.value(c, cme, ply + 1, eff.irreversible))
        {
            // A table draw is exact; a table win's margin is only a guaranteed minimum.
            self.nodes += 1;
            self.inexact += u64::from(!resolved);
            return if cme == me { v } else { -v };
        }
        let d = depth - 1;
        if d <= 0 {
            // A leaf: nothing below reads the history, and its value does not depend on the
            // window, so it is evaluated once (not again by a re-search).
            let v = self.leaf(c, cme, ply + 1);
            return if cme == me { v } else { -v };
        }
        let token = self.history.push(key, eff.irreversible);
        let v = if first {
            self.signed(c, cme, me, d, alpha, beta, ply + 1, keys)
        } else {
            let mut v = alpha + 1;
            if reduce > 0 {
                v = self.signed(c, cme, me, d - reduce, alpha, alpha + 1, ply + 1, keys);
            }
            if v > alpha && !self.stopped {
                v = self.signed(c, cme, me, d, alpha, alpha + 1, ply + 1, keys);
            }
            if v > alpha && v < beta && beta - alpha > 1 && !self.stopped {
                v = self.signed(c, cme, me, d, alpha, beta, ply + 1, keys);
            }
            v
        };
        self.history.pop(token);
        v
    }

    /// Negamax of a child from the parent's point of view: the side to move may not alternate
    /// (extra turns, passes).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn signed(
        &mut self,
        c: &P,
        cme: Side,
        me: Side,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        keys: Keys,
    ) -> i32 {
        if depth <= 0 {
            // A leaf: evaluated here, saving the call (most nodes are leaves).
            let v = self.leaf(c, cme, ply);
            return if cme == me { v } else { -v };
        }
        if cme == me {
            self.negamax(c, cme, depth, alpha, beta, ply, keys)
        } else {
            -self.negamax(c, cme, depth, -beta, -alpha, ply, keys)
        }
    }

    /// A node at the horizon: counted and evaluated statically.
    #[inline(always)]
    fn leaf(&mut self, pos: &P, me: Side, ply: usize) -> i32 {
        self.nodes += 1;
        self.pv_len[ply] = 0;
        if self.poll() {
            return 0;
        }
        self.horizon += 1;
        evaluate(pos, me, self.eval)
    }

    /// Plays `mv` from `pos` (of context `ctx`) into the child slot `i` of `ply`. When the
    /// child will use the transposition table (`child_tt`), works out its keys and prefetches
    /// its bucket, so that the memory access overlaps the work done before the child is searched
    /// (the other children are played first, or at least the child is settled): the bucket
    /// read was a quarter of the search's time, nearly all of it waiting for memory.
    #[inline(always)]
    fn play_child(&mut self, pos: &P, mv: P::Move, ply: usize, i: usize, ctx: u64, child_tt: bool) {
        let mut child = *pos;
        let effect = child.play_unchecked(mv);
        let keys = if child_tt && !child.is_over() {
            let keys = self.child_keys(ctx, &child.key(), effect.irreversible, ply);
            self.sh.tt.prefetch(keys.table);
            keys
        } else {
            Keys::default()
        };
        self.kids[ply][i] = Kid {
            pos: child,
            effect,
            keys,
        };
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &P,
        me: Side,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        keys: Keys,
    ) -> i32 {
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.leaf(pos, me, ply);
        }
        self.nodes += 1;
        self.pv_len[ply] = 0;
        if self.poll() {
            return 0;
        }
        // Nodes close to the horizon may skip the table (see `TT_MIN_DEPTH`): an entry saves
        // little there, while the probe is a cache miss (the search's main cost).
        let use_tt = depth >= TT_MIN_DEPTH;
        let (ctx, tkey) = (keys.ctx, keys.table);
        let mut tt_move = None;
        if let Some(e) = use_tt.then(|| self.sh.tt.probe(tkey)).flatten() {
            tt_move = e.mv;
            if e.bound != Bound::None && i32::from(e.depth) >= depth {
                let v = from_table(e.value, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                    Bound::None => false,
                };
                if cut {
                    if !e.resolved {
                        self.horizon += 1;
                    } else if !e.exact_margin {
                        self.inexact += 1;
                    }
                    return v;
                }
            }
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let n = moves.len();
        // Per move, in pit order (the slot `i` of `moves`): its child, with what the move did, in
        // `self.kids[ply][i]`. `perm` is the search order (`perm[k]` is the slot of the `k`-th
        // move searched) and `order[k]` that move's ordering score: sorting moves two small
        // values, not a position. Children that use the table get their keys as soon
        // as they are played, and their bucket is prefetched then (see `Worker::play_child`).
        let child_tt = depth > TT_MIN_DEPTH;
        let mut order = [0i32; MAX_MOVES];
        let mut perm = IDENTITY;
        // Staged generation: the table's move is searched first, before the other moves are
        // even played (a cutoff by it, the common case, saves playing them). It is played before
        // the ordering scores are read, so that its bucket's prefetch has that long to arrive.
        let tt_i = tt_move.map(usize::from).filter(|&i| i < n);
        if let Some(t) = tt_i {
            self.play_child(pos, moves[t], ply, t, ctx, child_tt);
        }
        let killers = self.killers[ply];
        // Ordering scores without captures (known before any move is played). They are read
        // here, before any child is searched, because the history table changes below.
        for (i, &mv) in moves.iter().enumerate() {
            order[i] = if killers[0] == Some(mv) {
                1 << 23
            } else if killers[1] == Some(mv) {
                (1 << 23) - 1
            } else {
                self.hist[Self::slot(me, mv)]
            };
        }
        let start = if let Some(t) = tt_i {
            perm.swap(0, t);
            order.swap(0, t);
            order[0] = 1 << 30;
            1
        } else {
            0
        };
        let alpha_orig = alpha;
        let before = self.horizon;
        let before_inexact = self.inexact;
        let mut best = -INF;
        let mut best_i = 0;
        for k in 0..n {
            if k == start {
                for p in start..n {
                    let i = usize::from(perm[p]);
                    self.play_child(pos, moves[i], ply, i, ctx, child_tt);
                    let captured = self.kids[ply][i].effect.captured;
                    if captured > 0 {
                        order[p] = (1 << 24) + captured as i32;
                    }
                }
            }
            if k >= start {
                // Selection sort step: bring the best remaining move to position k (the first
                // of equals wins).
                let mut b = k;
                for j in k + 1..n {
                    if order[j] > order[b] {
                        b = j;
                    }
                }
                perm.swap(k, b);
                order.swap(k, b);
            }
            let i = usize::from(perm[k]);
            let mv = moves[i];
            let Kid {
                pos: mut c,
                effect: eff,
                keys: child_keys,
            } = self.kids[ply][i];
            self.pv_len[ply + 1] = 0;
            // Late moves that capture nothing and are neither the table's nor a killer are
            // searched shallower first; a reduced search that beats alpha is redone in full.
            let reduce = if self.selective
                && depth >= LMR_MIN_DEPTH
                && k >= LMR_MIN_INDEX
                && eff.captured == 0
                && order[k] < (1 << 23) - 1
            {
                1 + i32::from(depth >= 6 && k >= 5)
            } else {
                0
            };
            let v = self.child_value(
                &mut c,
                eff,
                me,
                depth,
                alpha,
                beta,
                ply,
                k == 0,
                reduce,
                child_keys,
            );
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_i = i;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        // A cutoff: the line below is not wanted, only its first move.
                        self.pv[ply][0] = mv;
                        self.pv_len[ply] = 1;
                        if eff.captured == 0 {
                            let kl = &mut self.killers[ply];
                            if kl[0] != Some(mv) {
                                kl[1] = kl[0];
                                kl[0] = Some(mv);
                            }
                            let s = Self::slot(me, mv);
                            self.hist[s] += depth * depth;
                            if self.hist[s] > 1 << 20 {
                                for h in &mut self.hist {
                                    *h /= 2;
                                }
                            }
                        }
                        break;
                    }
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let len = self.pv_len[ply + 1].min(MAX_PLY - 1);
                    head[ply][0] = mv;
                    head[ply][1..=len].copy_from_slice(&tail[0][..len]);
                    self.pv_len[ply] = len + 1;
                }
            }
        }
        let resolved = self.horizon == before;
        let exact_margin = self.inexact == before_inexact || best == 0;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The index in pit order, which is what a later probe's move list will have.
        let idx = Some(best_i as u8);
        if !use_tt {
            return best;
        }
        self.sh.tt.store(
            tkey,
            Entry {
                value: to_table(best, ply),
                depth: if resolved {
                    RESOLVED_DEPTH
                } else {
                    depth.clamp(0, 250) as u8
                },
                bound,
                resolved,
                exact_margin,
                mv: idx,
            },
        );
        best
    }
}
