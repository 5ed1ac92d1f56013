//! Monte-Carlo tree search generic over [`Position`] (PUCT selection, MCTS-Solver proofs).
//!
//! # One simulation
//!
//! 1. **Selection** from the root by PUCT: a child's mean value (for the player who chose it)
//!    plus `c · prior · √N / (1 + n)`. Unvisited children start at their parent's mean value
//!    minus a small first-play reduction.
//! 2. **Expansion** of the first node reached that has no children yet: every legal move is
//!    played with the rules' after-move protocol ([`advance`], against the repetition
//!    [`History`] of the path, so a repetition ends the game inside the tree exactly as in a real
//!    game). A move that ends the game gets its exact value at once. The prior of each move is a
//!    softmax of the static evaluation after it ([`MctsOptions::prior_temperature`]), which
//!    favours captures; a temperature of 0 gives uniform priors.
//! 3. **Leaf value** of the expanded node by [`Leaf`]: the static evaluation, a shallow
//!    alpha-beta search, or an informed playout, mapped to `-1..1` by `tanh(v / scale)`.
//! 4. **Backup** of that value along the path, each node from the point of view of the player who
//!    moved into it (sides need not alternate: extra turns and passes are handled).
//!
//! # Proven values (MCTS-Solver)
//!
//! A node whose position is over holds its exact value. A node one of whose moves is a proven
//! win for the player to move is a proven win; a node all of whose moves are proven has the best
//! of their values. Proofs propagate up the path after every simulation, proven losses are never
//! selected again, and a proven node backs up its exact value without being searched further. So
//! a forced win that the tree reaches is never missed, and a solved root ends the search.
//!
//! # Limits and determinism
//!
//! [`crate::Limits::nodes`] counts simulations; [`crate::Limits::depth`] caps the depth of the
//! tree (deeper nodes are valued but not expanded); time limits and the stop flag end the search
//! between simulations. Nothing is allocated per simulation except tree growth (one arena `Vec`
//! of nodes; the path and the history stacks are reused). With a node limit and no time limit, a
//! search is deterministic for a given [`MctsOptions::seed`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use mancala_core::{advance, History, MoveList, Side, MAX_MOVES};

use crate::eval::{evaluate, is_decisive, terminal, EvalKind, HEURISTIC_MAX, INF};
use crate::games::EngineGame;

/// How a new leaf of the tree is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// The static evaluation ([`crate::eval::evaluate`]).
    Eval,
    /// An alpha-beta search of this many plies (1 to 8) with the static evaluation. One ply
    /// costs nothing extra: it is the best evaluation after a move, computed for the priors.
    Search(u8),
    /// An informed playout of at most this many plies (the biggest capture, or a random move
    /// when nothing captures), then the static evaluation; a game that ends is worth its result.
    Playout(u16),
}

/// Tuning of the Monte-Carlo tree search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsOptions {
    /// How leaves are valued.
    pub leaf: Leaf,
    /// PUCT exploration constant, in hundredths.
    pub exploration: u32,
    /// Temperature (centiseeds) of the softmax over the evaluation after each move that gives the
    /// move priors; 0 = uniform priors.
    pub prior_temperature: u32,
    /// Centiseeds that map to `tanh(1)` ≈ 0.76 of a win.
    pub scale: u32,
    /// Seed of the playouts' random choices.
    pub seed: u64,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            leaf: Leaf::Search(2),
            exploration: 150,
            prior_temperature: 200,
            scale: 400,
            seed: 1,
        }
    }
}

/// The most nodes a tree grows to (about 200 MiB for the largest node type); past it leaves are
/// valued but no longer expanded.
const MAX_TREE_NODES: usize = 1 << 22;
/// The deepest tree ply.
const MAX_TREE_PLY: usize = 400;
/// Simulations between two looks at the clock.
const CLOCK_EVERY: u64 = 16;
/// First-play urgency: an unvisited child starts this much below its parent's mean value.
const FPU_REDUCTION: f64 = 0.2;

/// One tree node: a move and the statistics of the position after it.
#[derive(Clone, Copy, Debug)]
struct Node<M> {
    mv: M,
    /// The player who played `mv` (to move at the parent): values are from his point of view.
    mover: Side,
    /// Index of the first child (children are contiguous); meaningful once `expanded`.
    first: u32,
    /// Number of children.
    count: u8,
    expanded: bool,
    /// The value is proven: `proof` holds it.
    proven: bool,
    visits: u32,
    /// Sum of the backed-up values (`-1..1`) for `mover`.
    sum: f64,
    prior: f32,
    /// Static evaluation for `mover` right after the move (for unvisited moves' estimates).
    eval: i32,
    /// The exact value for `mover` in the encoding of [`crate::eval`], relative to this node.
    proof: i32,
}

/// The outcome of a search, for [`crate::Engine`] to turn into an [`crate::Analysis`].
pub(crate) struct Outcome<M> {
    /// Root moves in order of preference: `(move, proven value or None, estimate)`.
    pub moves: Vec<(M, Option<i32>, i32)>,
    /// The root's value: proven, or the estimate of the preferred move.
    pub value: (Option<i32>, i32),
    pub pv: Vec<M>,
    pub simulations: u64,
    pub depth: u32,
}

/// What ends a search.
pub(crate) struct Stops<'a> {
    pub deadline: Option<Instant>,
    pub simulations: Option<u64>,
    pub external: Option<&'a AtomicBool>,
    pub max_ply: usize,
}

/// One search tree.
pub(crate) struct Tree<P: EngineGame> {
    nodes: Vec<Node<P::Move>>,
    root: P,
    history: History<P::Key>,
    opts: MctsOptions,
    eval: EvalKind,
    rng: u64,
    path: Vec<u32>,
    tokens: Vec<usize>,
    playout_tokens: Vec<usize>,
    max_ply: usize,
    deepest: usize,
    pub simulations: u64,
}

#[inline]
fn sign(side: Side) -> f64 {
    if side == Side::South {
        1.0
    } else {
        -1.0
    }
}

/// A proven value one ply further from the end (quicker wins and slower losses rank higher).
#[inline]
fn older(v: i32) -> i32 {
    if is_decisive(v) {
        v - v.signum()
    } else {
        v
    }
}

/// An exact value as a result in `-1..1`.
#[inline]
fn unit_of_proof(v: i32) -> f64 {
    if is_decisive(v) {
        f64::from(v.signum())
    } else {
        0.0
    }
}

impl<P: EngineGame> Tree<P> {
    /// A tree for `root` (not over) with its repetition `history` (whose last key is the root's).
    pub fn new(root: P, history: History<P::Key>, opts: MctsOptions, eval: EvalKind) -> Self {
        let me = root.to_move().unwrap_or(Side::South);
        let mut nodes = Vec::with_capacity(1 << 12);
        nodes.push(Node {
            mv: P::Move::default(),
            mover: me,
            first: 0,
            count: 0,
            expanded: false,
            proven: false,
            visits: 0,
            sum: 0.0,
            prior: 1.0,
            eval: 0,
            proof: 0,
        });
        Tree {
            nodes,
            root,
            history,
            opts,
            eval,
            rng: crate::tt::splitmix(opts.seed),
            path: Vec::with_capacity(64),
            tokens: Vec::with_capacity(64),
            playout_tokens: Vec::with_capacity(64),
            max_ply: MAX_TREE_PLY,
            deepest: 0,
            simulations: 0,
        }
    }

    /// Runs simulations until a stop applies or the root is proven (the first one always runs,
    /// so the root has its moves); `report` is called after simulations 256, 512, 1024, ...
    pub fn run(&mut self, stops: &Stops<'_>, report: &mut dyn FnMut(&Self)) {
        self.max_ply = stops.max_ply.clamp(1, MAX_TREE_PLY);
        if self.root.to_move().is_none() {
            return;
        }
        let mut next_report = 256;
        loop {
            if self.nodes[0].proven {
                break;
            }
            // The first simulation always runs: it expands the root, so there is a move.
            if self.simulations == 0 {
                self.simulate();
                continue;
            }
            if stops.simulations.is_some_and(|n| self.simulations >= n) {
                break;
            }
            if stops.external.is_some_and(|s| s.load(Ordering::Relaxed)) {
                break;
            }
            if self.simulations % CLOCK_EVERY == 0
                && self.simulations > 0
                && stops.deadline.is_some_and(|d| Instant::now() >= d)
            {
                break;
            }
            self.simulate();
            if self.simulations == next_report {
                report(self);
                next_report *= 2;
            }
        }
    }

    /// Per-mille of the tree's node cap in use.
    pub fn fill(&self) -> u32 {
        (self.nodes.len() * 1000 / MAX_TREE_NODES) as u32
    }

    fn simulate(&mut self) {
        self.simulations += 1;
        let mut pos = self.root;
        let mut node = 0usize;
        self.path.clear();
        self.path.push(0);
        let value = loop {
            let n = self.nodes[node];
            if n.proven {
                break unit_of_proof(n.proof) * sign(n.mover);
            }
            if !n.expanded {
                break self.expand(node, &pos);
            }
            let child = self.select(node);
            let (_, token) = advance(&mut pos, self.nodes[child].mv, &mut self.history);
            node = child;
            self.path.push(child as u32);
            match token {
                Some(t) => self.tokens.push(t),
                // Moves that end the game were proven at expansion; this is only a safeguard.
                None => {
                    let mover = self.nodes[child].mover;
                    let v = terminal(&pos, mover, 0);
                    let c = &mut self.nodes[child];
                    c.proven = true;
                    c.proof = v;
                    break unit_of_proof(v) * sign(mover);
                }
            }
        };
        while let Some(t) = self.tokens.pop() {
            self.history.pop(t);
        }
        self.deepest = self.deepest.max(self.path.len() - 1);
        // Backup, then proofs from the bottom up while they keep coming.
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.sum += value * sign(n.mover);
        }
        for k in (0..self.path.len()).rev() {
            let i = self.path[k] as usize;
            if !self.nodes[i].proven && !self.try_prove(i) {
                break;
            }
        }
    }

    /// Proves node `i` from its children if they allow it.
    fn try_prove(&mut self, i: usize) -> bool {
        let n = self.nodes[i];
        if !n.expanded || n.count == 0 {
            return false;
        }
        let first = n.first as usize;
        let kids = &self.nodes[first..first + usize::from(n.count)];
        let to_move = kids[0].mover;
        let mut all = true;
        let mut best = -INF;
        let mut win = false;
        for c in kids {
            if c.proven {
                let v = older(c.proof);
                best = best.max(v);
                win |= is_decisive(v) && v > 0;
            } else {
                all = false;
            }
        }
        if !(win || all) {
            return false;
        }
        let node = &mut self.nodes[i];
        node.proven = true;
        node.proof = if node.mover == to_move { best } else { -best };
        true
    }

    fn select(&self, i: usize) -> usize {
        let n = &self.nodes[i];
        let first = n.first as usize;
        let kids = &self.nodes[first..first + usize::from(n.count)];
        let to_move = kids[0].mover;
        let parent_q = if n.visits > 0 {
            n.sum / f64::from(n.visits) * sign(n.mover) * sign(to_move)
        } else {
            0.0
        };
        let fpu = parent_q - FPU_REDUCTION;
        let c = f64::from(self.opts.exploration) / 100.0;
        let explore = c * f64::from(n.visits.max(1)).sqrt();
        let mut best = first;
        let mut best_score = f64::NEG_INFINITY;
        for (k, ch) in kids.iter().enumerate() {
            let q = if ch.proven {
                if is_decisive(ch.proof) && ch.proof < 0 {
                    continue;
                }
                unit_of_proof(ch.proof)
            } else if ch.visits > 0 {
                ch.sum / f64::from(ch.visits)
            } else {
                fpu
            };
            let s = q + explore * f64::from(ch.prior) / (1.0 + f64::from(ch.visits));
            if s > best_score {
                best_score = s;
                best = first + k;
            }
        }
        best
    }

    /// Expands node `i` (position `pos`, not over, reached by the current path) and returns the
    /// value of `pos` for South in `-1..1`.
    fn expand(&mut self, i: usize, pos: &P) -> f64 {
        let Some(me) = pos.to_move() else {
            return 0.0;
        };
        let ply = self.path.len() - 1;
        if ply >= self.max_ply || self.nodes.len() + MAX_MOVES > MAX_TREE_NODES {
            return self.leaf_value(pos, me) * sign(me);
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let first = self.nodes.len();
        let temperature = f64::from(self.opts.prior_temperature);
        let mut top = f64::NEG_INFINITY;
        for &mv in moves.iter() {
            let mut c = *pos;
            let (proven, proof, eval) = match advance(&mut c, mv, &mut self.history) {
                (_, None) => {
                    let v = terminal(&c, me, 0);
                    let e = if is_decisive(v) {
                        v.signum() * HEURISTIC_MAX
                    } else {
                        0
                    };
                    (true, v, e)
                }
                (_, Some(token)) => {
                    self.history.pop(token);
                    let e = match c.to_move() {
                        Some(s) if s == me => evaluate(&c, me, self.eval),
                        Some(s) => -evaluate(&c, s, self.eval),
                        None => 0,
                    };
                    (false, 0, e)
                }
            };
            top = top.max(f64::from(eval));
            self.nodes.push(Node {
                mv,
                mover: me,
                first: 0,
                count: 0,
                expanded: false,
                proven,
                visits: 0,
                sum: 0.0,
                prior: 0.0,
                eval,
                proof,
            });
        }
        let kids = &mut self.nodes[first..];
        if temperature > 0.0 {
            let mut total = 0.0;
            for k in kids.iter_mut() {
                let w = ((f64::from(k.eval) - top) / temperature).exp();
                k.prior = w as f32;
                total += w;
            }
            for k in kids.iter_mut() {
                k.prior = (f64::from(k.prior) / total) as f32;
            }
        } else {
            let p = 1.0 / kids.len() as f32;
            for k in kids.iter_mut() {
                k.prior = p;
            }
        }
        let n = &mut self.nodes[i];
        n.first = first as u32;
        n.count = moves.len() as u8;
        n.expanded = true;
        if self.try_prove(i) {
            return unit_of_proof(self.nodes[i].proof) * sign(self.nodes[i].mover);
        }
        if self.opts.leaf == Leaf::Search(1) {
            // A one-ply search is the best evaluation after a move, already at hand.
            return self.to_unit(top as i32) * sign(me);
        }
        self.leaf_value(pos, me) * sign(me)
    }

    /// The value of `pos` (not over, `me` to move) for `me`, in `-1..1`.
    fn leaf_value(&mut self, pos: &P, me: Side) -> f64 {
        let v = match self.opts.leaf {
            Leaf::Eval => evaluate(pos, me, self.eval),
            Leaf::Search(d) => {
                let d = i32::from(d.clamp(1, 8));
                self.alpha_beta(pos, d, -INF, INF, 0)
            }
            Leaf::Playout(plies) => return self.playout(pos, me, plies),
        };
        self.to_unit(v)
    }

    fn to_unit(&self, v: i32) -> f64 {
        if is_decisive(v) {
            f64::from(v.signum())
        } else {
            (f64::from(v) / f64::from(self.opts.scale.max(1))).tanh()
        }
    }

    /// Plain alpha-beta (no ordering, no table) following the after-move protocol: the value of
    /// `pos` (not over) for its side to move.
    fn alpha_beta(&mut self, pos: &P, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let Some(me) = pos.to_move() else {
            return 0;
        };
        if depth <= 0 {
            return evaluate(pos, me, self.eval);
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut best = -INF;
        for &mv in moves.iter() {
            let mut c = *pos;
            let v = match advance(&mut c, mv, &mut self.history) {
                (_, None) => terminal(&c, me, ply + 1),
                (_, Some(token)) => {
                    let v = match c.to_move() {
                        Some(s) if s == me => self.alpha_beta(&c, depth - 1, alpha, beta, ply + 1),
                        Some(_) => -self.alpha_beta(&c, depth - 1, -beta, -alpha, ply + 1),
                        None => terminal(&c, me, ply + 1),
                    };
                    self.history.pop(token);
                    v
                }
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    #[inline]
    fn random(&mut self, n: usize) -> usize {
        self.rng = crate::tt::splitmix(self.rng);
        (((self.rng >> 32) * n as u64) >> 32) as usize
    }

    /// An informed playout from `pos` (`me` to move) of at most `plies` plies; the value for `me`.
    fn playout(&mut self, pos: &P, me: Side, plies: u16) -> f64 {
        let mut p = *pos;
        let mut ended = false;
        for _ in 0..plies {
            let Some(side) = p.to_move() else {
                ended = true;
                break;
            };
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            let before = p.stores()[side.index()];
            let mut best = None;
            let mut best_gain = 0;
            for &mv in moves.iter() {
                let mut c = p;
                c.play_unchecked(mv);
                let gain = c.stores()[side.index()].saturating_sub(before);
                if gain > best_gain {
                    best_gain = gain;
                    best = Some(mv);
                }
            }
            let mv = best.unwrap_or_else(|| moves[self.random(moves.len())]);
            match advance(&mut p, mv, &mut self.history) {
                (_, Some(t)) => self.playout_tokens.push(t),
                (_, None) => {
                    ended = true;
                    break;
                }
            }
        }
        while let Some(t) = self.playout_tokens.pop() {
            self.history.pop(t);
        }
        if ended {
            return unit_of_proof(terminal(&p, me, 0));
        }
        let v = match p.to_move() {
            Some(s) if s == me => evaluate(&p, me, self.eval),
            Some(s) => -evaluate(&p, s, self.eval),
            None => terminal(&p, me, 0),
        };
        self.to_unit(v)
    }

    /// The root moves in order of preference: proven wins (best first), then unproven moves and
    /// proven draws by visits (then mean value), then proven losses (the longest first).
    fn ranked(&self) -> Vec<usize> {
        let root = &self.nodes[0];
        if !root.expanded {
            return Vec::new();
        }
        let first = root.first as usize;
        let mut idx: Vec<usize> = (first..first + usize::from(root.count)).collect();
        let key = |i: &usize| {
            let n = &self.nodes[*i];
            let tier = if n.proven && is_decisive(n.proof) {
                if n.proof > 0 {
                    2
                } else {
                    0
                }
            } else {
                1
            };
            let q = if n.visits > 0 {
                n.sum / f64::from(n.visits)
            } else {
                -2.0
            };
            (
                tier,
                if tier == 1 { 0 } else { n.proof },
                n.visits,
                q,
                n.eval,
            )
        };
        idx.sort_by(|a, b| {
            let (ka, kb) = (key(a), key(b));
            kb.0.cmp(&ka.0)
                .then(kb.1.cmp(&ka.1))
                .then(kb.2.cmp(&ka.2))
                .then(kb.3.total_cmp(&ka.3))
                .then(kb.4.cmp(&ka.4))
        });
        idx
    }

    /// An estimate in centiseeds of node `i` for its mover.
    fn estimate(&self, i: usize) -> i32 {
        let n = &self.nodes[i];
        if n.visits == 0 {
            return n.eval;
        }
        let q = (n.sum / f64::from(n.visits)).clamp(-0.999_999, 0.999_999);
        let v = q.atanh() * f64::from(self.opts.scale.max(1));
        (v.round() as i32).clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
    }

    /// The preferred line: the preferred root move, then the most visited children.
    fn pv(&self) -> Vec<P::Move> {
        let mut pv = Vec::new();
        let Some(&top) = self.ranked().first() else {
            return pv;
        };
        pv.push(self.nodes[top].mv);
        let mut i = top;
        while self.nodes[i].expanded && self.nodes[i].count > 0 && pv.len() < MAX_TREE_PLY {
            let n = &self.nodes[i];
            let first = n.first as usize;
            let kids = first..first + usize::from(n.count);
            let next = kids.max_by_key(|&k| {
                let c = &self.nodes[k];
                let won = c.proven && is_decisive(c.proof) && c.proof > 0;
                (won, c.visits)
            });
            match next {
                Some(k) if self.nodes[k].visits > 0 || self.nodes[k].proven => {
                    pv.push(self.nodes[k].mv);
                    i = k;
                }
                _ => break,
            }
        }
        pv
    }

    /// The result so far.
    pub fn outcome(&self) -> Outcome<P::Move> {
        let ranked = self.ranked();
        let moves: Vec<_> = ranked
            .iter()
            .map(|&i| {
                let n = &self.nodes[i];
                (n.mv, n.proven.then_some(n.proof), self.estimate(i))
            })
            .collect();
        let root = &self.nodes[0];
        let value = if root.proven {
            // The root's mover is the side to move: its proof is from that side's point of view.
            (Some(root.proof), 0)
        } else {
            moves.first().map_or((None, 0), |m| (m.1, m.2))
        };
        Outcome {
            moves,
            value,
            pv: self.pv(),
            simulations: self.simulations,
            depth: self.deepest as u32,
        }
    }
}
