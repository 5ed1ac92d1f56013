//! Proofs split into a tree: a proof-number search over the first plies whose leaves are
//! proven by [`prove`](super::prove) within a budget each ([`prove_split`]).
//!
//! One null-window question, "does the side to move at the root get at least `v`?"
//! ([`Budget::at_least`]), is asked of a tree of lines from the root. A leaf is a position
//! after a line of moves, with the positions of that line in its history (the repetition rule
//! sees them, as in `mancala solve --after`); the prover asks it the same question (seen by
//! its side to move: [`Value::opponent_question`]) within [`SplitOptions::leaf`]. A leaf it
//! settles is a fact about the game; a leaf it leaves open is expanded later: each legal move
//! becomes a leaf of its own, played with the rules' after-move protocol ([`advance`]: a
//! repetition, a finished game and every other end are the game's own and settle the child at
//! once). Which leaf to expand next is chosen by proof and disproof numbers (Allis's
//! proof-number search; with a bounded search at the leaves this is his PN² scheme): at a node
//! where the root's side moves the question holds if it holds after one move, elsewhere if it
//! holds after every move, so the tree's value follows by AND/OR from the leaves. The tree is
//! a tree of lines, never a graph, so a position reached by two lines is two nodes with two
//! histories, and no value depends on a history it was not proven with.
//!
//! Where it helps: a depth-first prover spends its whole budget on the first move it cannot
//! settle, and deepening on every move to the same horizon; the split gives every leaf the same
//! bounded budget and spends the next one where the fewest leaves are left to prove (or to
//! refute). The answer is the same as the prover's; only where the budget goes changes.
//!
//! The leaf proofs share one [`ProofMemory`] ([`SplitOptions::share`]): a leaf proven again, or
//! the children of a leaf just split, start from the transposition table, the components and
//! the history-free verdicts that the earlier proofs found, which hold whatever proof found
//! them (their keys carry the history they rest on). Under the shared-cycle argument (Awari)
//! the prover's table rests on each proof's own history and nothing is shared.

use std::time::{Duration, Instant};

use mancala_core::variant::AnyGame;
use mancala_core::{advance, Game, History, MoveList, Side};

use super::game::on_prover_thread;
use super::memory::ProofMemory;
use super::proof::{Budget, SolveError, Stop};
use super::run::{history_keys, keys_after, prove_sharing};
use super::value::{Value, WIN};
use crate::games::{EngineGame, GameTask};
use crate::Tablebase;

/// Proof and disproof numbers this large mean "cannot be": the node is settled the other way.
const INF: u64 = u64::MAX / 4;

/// What [`prove_split`] may spend, and the question it answers.
#[derive(Clone, Copy, Debug)]
pub struct SplitOptions {
    /// The question: does the side to move at the root get at least this?
    pub at_least: Value,
    /// The budget of each leaf's proof ([`Budget::at_least`] is set per leaf: the question as
    /// the leaf's side to move sees it). Its `nodes` and `time` are capped by what the whole
    /// split has left.
    pub leaf: Budget,
    /// Prover nodes over every leaf proof.
    pub nodes: u64,
    /// Wall-clock time over every leaf proof (`None`: no limit).
    pub time: Option<Duration>,
    /// Nodes of the tree at most (about 100 bytes each, plus the line's history).
    pub max_tree: usize,
    /// Times an open leaf is proven again, each time with four times the nodes of the last,
    /// before it is expanded: easy leaves settle within the first budget, and a leaf is split
    /// only when it resists `4^retries` times it.
    pub retries: u32,
    /// Whether the leaf proofs share one memory ([`ProofMemory`]: the transposition table, the
    /// components and their verdicts), each starting from what the earlier ones found, instead
    /// of each starting empty. Sound either way; sharing spends memory (up to
    /// [`Budget::max_entries`] entries of each table) to save nodes.
    pub share: bool,
}

impl Default for SplitOptions {
    fn default() -> Self {
        SplitOptions {
            at_least: Value::decode(1 - WIN),
            leaf: Budget {
                nodes: 1_000_000,
                ..Budget::default()
            },
            nodes: u64::MAX,
            time: None,
            max_tree: 1_000_000,
            retries: 2,
            share: true,
        }
    }
}

/// One move of the root in a [`SplitProof`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMove<M> {
    /// The move.
    pub mv: M,
    /// Whether the root's side gets at least the value asked after it (`None`: open, or never
    /// tried because the root was settled by another move first).
    pub holds: Option<bool>,
    /// Tree nodes below it, itself included.
    pub tree: usize,
    /// Whether a leaf proof was run on it (or it ended the game).
    pub tried: bool,
}

/// What [`prove_split`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitProof<M> {
    /// The side to move at the root.
    pub side: Side,
    /// The question asked: does [`SplitProof::side`] get at least this?
    pub at_least: Value,
    /// The answer (`None`: a budget stopped the search first).
    pub holds: Option<bool>,
    /// The root's moves, in the order of the legal moves (empty when the root's own leaf proof
    /// settled it).
    pub moves: Vec<SplitMove<M>>,
    /// Nodes of the tree (the root included).
    pub tree: usize,
    /// Leaf proofs run.
    pub leaves: u64,
    /// Of those, the ones that settled their question.
    pub settled: u64,
    /// Prover nodes over every leaf proof.
    pub nodes: u64,
    /// The deepest node of the tree, in plies from the root.
    pub depth: usize,
    /// The root's proof and disproof numbers at the end (0 for the one that succeeded):
    /// about how many open leaves are left to settle to answer yes, and no.
    pub proof_number: u64,
    /// See [`SplitProof::proof_number`].
    pub disproof_number: u64,
    /// The line to the leaf the search would expand next (empty when settled).
    pub frontier: Vec<M>,
    /// Why the search stopped before an answer.
    pub stopped: Option<Stop>,
    /// Time spent.
    pub elapsed: Duration,
}

/// Progress of a split proof, reported after each step of [`prove_split`].
#[derive(Clone, Copy, Debug)]
pub struct SplitProgress {
    /// Nodes of the tree.
    pub tree: usize,
    /// Leaf proofs run.
    pub leaves: u64,
    /// Leaf proofs that settled their question.
    pub settled: u64,
    /// Prover nodes so far.
    pub nodes: u64,
    /// The root's proof and disproof numbers.
    pub proof_number: u64,
    /// See [`SplitProgress::proof_number`].
    pub disproof_number: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// A node of the tree: a line of moves from the root.
struct Node<P: EngineGame> {
    pos: P,
    /// The positions since the last irreversible move, `pos`'s own last (what [`prove`](super::prove) takes).
    keys: Vec<P::Key>,
    mv: Option<P::Move>,
    parent: usize,
    depth: usize,
    /// Whether the root's side moves here (an OR node); at the others every move must hold.
    or: bool,
    children: Vec<usize>,
    /// Leaves: whether a proof was run (or the game ended); inner nodes: expanded.
    tried: bool,
    /// Leaf proofs run on it.
    tries: u32,
    pn: u64,
    dn: u64,
}

struct Split<'a, P: EngineGame> {
    nodes: Vec<Node<P>>,
    side: Side,
    options: SplitOptions,
    table: Option<&'a Tablebase>,
    /// What the leaf proofs share ([`SplitOptions::share`]).
    memory: ProofMemory<P>,
    started: Instant,
    leaves: u64,
    settled: u64,
    spent: u64,
    stopped: Option<Stop>,
}

impl<P: EngineGame> Split<'_, P> {
    /// Whether a budget of the whole split ran out (and which).
    fn out_of_budget(&self) -> Option<Stop> {
        if self.spent >= self.options.nodes {
            return Some(Stop::Nodes);
        }
        match self.options.time {
            Some(t) if self.started.elapsed() >= t => Some(Stop::Time),
            _ => None,
        }
    }

    /// The proof and disproof numbers of an open leaf: one leaf to settle for the side that
    /// needs one move, as many as there are moves for the side that needs them all.
    fn open_numbers(&self, pos: &P, or: bool) -> (u64, u64) {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let n = (list.len() as u64).max(1);
        if or {
            (1, n)
        } else {
            (n, 1)
        }
    }

    /// Runs the leaf proof of node `i` and sets its numbers.
    fn evaluate(&mut self, i: usize) -> Result<(), SolveError> {
        let node = &self.nodes[i];
        let Some(to_move) = node.pos.to_move() else {
            return Err(SolveError::Over);
        };
        let mine = to_move == self.side;
        let mut budget = self.options.leaf;
        budget.nodes = budget.nodes.saturating_mul(4u64.saturating_pow(node.tries));
        budget.at_least = Some(if mine {
            self.options.at_least
        } else {
            self.options.at_least.opponent_question()
        });
        budget.nodes = budget
            .nodes
            .min(self.options.nodes.saturating_sub(self.spent));
        if let Some(t) = self.options.time {
            let left = t.saturating_sub(self.started.elapsed());
            budget.time = Some(budget.time.map_or(left, |l| l.min(left)));
        }
        let question = budget.at_least.expect("set above");
        if !self.options.share {
            self.memory.clear();
        }
        let proof = prove_sharing(
            &node.pos,
            &node.keys,
            self.table,
            &budget,
            &mut self.memory,
            &mut |_| {},
        )?;
        self.leaves += 1;
        self.spent += proof.stats.nodes;
        let holds = proof.at_least(question).map(|h| h == mine);
        if holds.is_some() {
            self.settled += 1;
        }
        let (pn, dn) = match holds {
            Some(true) => (0, INF),
            Some(false) => (INF, 0),
            None => {
                let (pos, or) = (node.pos, node.or);
                self.open_numbers(&pos, or)
            }
        };
        let node = &mut self.nodes[i];
        node.tried = true;
        node.tries += 1;
        node.pn = pn;
        node.dn = dn;
        Ok(())
    }

    /// Recomputes node `i`'s numbers from its children.
    fn update(&mut self, i: usize) {
        let node = &self.nodes[i];
        let (mut pn, mut dn) = if node.or { (INF, 0) } else { (0, INF) };
        for &c in &node.children {
            let c = &self.nodes[c];
            if node.or {
                pn = pn.min(c.pn);
                dn = dn.saturating_add(c.dn).min(INF);
            } else {
                pn = pn.saturating_add(c.pn).min(INF);
                dn = dn.min(c.dn);
            }
        }
        let node = &mut self.nodes[i];
        node.pn = pn;
        node.dn = dn;
    }

    /// Whether node `i` is settled (its question answered either way).
    fn settled(&self, i: usize) -> bool {
        self.nodes[i].pn == 0 || self.nodes[i].dn == 0
    }

    /// The open leaf to expand next: from the root, the child with the least proof number at
    /// a node of the root's side, the least disproof number elsewhere.
    fn most_proving(&self) -> usize {
        let mut i = 0;
        while !self.nodes[i].children.is_empty() {
            let node = &self.nodes[i];
            let key = |&&c: &&usize| {
                let c = &self.nodes[c];
                if node.or {
                    c.pn
                } else {
                    c.dn
                }
            };
            i = *node.children.iter().min_by_key(key).expect("not empty");
        }
        i
    }

    /// Adds node `i`'s children (every legal move, played with the rules' after-move
    /// protocol) and runs their leaf proofs, until `i` is settled or a budget runs out.
    fn expand(&mut self, i: usize) -> Result<(), SolveError> {
        let pos = self.nodes[i].pos;
        let keys = self.nodes[i].keys.clone();
        let depth = self.nodes[i].depth + 1;
        let mut history = History::new(keys[0]);
        for &k in &keys[1..] {
            history.push(k, false);
        }
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mover = pos.to_move().ok_or(SolveError::Over)?;
        // The moves the fitted evaluation likes best for the side to move come first: ties
        // of the numbers go to them.
        let mut children = Vec::with_capacity(list.len());
        for &mv in list.iter() {
            let mut child = pos;
            let (effect, token) = advance(&mut child, mv, &mut history);
            if let Some(t) = token {
                history.pop(t);
            }
            let order = match child.to_move() {
                None => 0,
                Some(s) if s == mover => -child.evaluate_fitted(s),
                Some(s) => child.evaluate_fitted(s),
            };
            let ck = keys_after(&keys, effect.irreversible, child.key());
            children.push((order, mv, child, ck));
        }
        children.sort_by_key(|c| c.0);
        for (_, mv, child, ck) in children {
            let or = child.to_move() == Some(self.side);
            let (pn, dn, tried) = match child.to_move() {
                None => {
                    let v = Value::of_end(&child, self.side).encode();
                    if v >= self.options.at_least.threshold() {
                        (0, INF, true)
                    } else {
                        (INF, 0, true)
                    }
                }
                Some(_) => (1, 1, false),
            };
            let c = self.nodes.len();
            self.nodes.push(Node {
                pos: child,
                keys: ck,
                mv: Some(mv),
                parent: i,
                depth,
                or,
                children: Vec::new(),
                tried,
                tries: 0,
                pn,
                dn,
            });
            self.nodes[i].children.push(c);
        }
        self.nodes[i].tried = true;
        let children = self.nodes[i].children.clone();
        // Settle the children one by one, stopping as soon as the node is settled.
        self.update(i);
        for c in children {
            if self.settled(i) {
                break;
            }
            if self.nodes[c].tried {
                continue;
            }
            if let Some(stop) = self.out_of_budget() {
                self.stopped = Some(stop);
                break;
            }
            self.evaluate(c)?;
            self.update(i);
        }
        // Untried children count as open leaves.
        for c in self.nodes[i].children.clone() {
            if !self.nodes[c].tried {
                let (pos, or) = (self.nodes[c].pos, self.nodes[c].or);
                let (pn, dn) = self.open_numbers(&pos, or);
                self.nodes[c].pn = pn;
                self.nodes[c].dn = dn;
            }
        }
        self.update(i);
        Ok(())
    }
}

/// Answers "does the side to move at `pos` get at least `options.at_least`?" by a
/// proof-number search over the first plies whose leaves [`prove`](super::prove) settles (module docs).
/// `history` is as for [`prove`](super::prove) (the positions since the last irreversible move, `pos`'s own
/// last); `progress` is called after each step (a leaf proven again, or split and its moves
/// proven).
///
/// # Errors
///
/// Those of [`prove`](super::prove) on the root or on a leaf.
pub fn prove_split<P: EngineGame>(
    pos: &P,
    history: &[P::Key],
    table: Option<&Tablebase>,
    options: &SplitOptions,
    progress: &mut dyn FnMut(&SplitProgress),
) -> Result<SplitProof<P::Move>, SolveError> {
    let side = pos.to_move().ok_or(SolveError::Over)?;
    if history.last() != Some(&pos.key()) {
        return Err(SolveError::History);
    }
    let mut split = Split {
        nodes: vec![Node {
            pos: *pos,
            keys: history.to_vec(),
            mv: None,
            parent: 0,
            depth: 0,
            or: true,
            children: Vec::new(),
            tried: false,
            tries: 0,
            pn: 1,
            dn: 1,
        }],
        side,
        options: *options,
        table,
        memory: ProofMemory::default(),
        started: Instant::now(),
        leaves: 0,
        settled: 0,
        spent: 0,
        stopped: None,
    };
    split.evaluate(0)?;
    let report = |s: &Split<P>, progress: &mut dyn FnMut(&SplitProgress)| {
        progress(&SplitProgress {
            tree: s.nodes.len(),
            leaves: s.leaves,
            settled: s.settled,
            nodes: s.spent,
            proof_number: s.nodes[0].pn,
            disproof_number: s.nodes[0].dn,
            elapsed: s.started.elapsed(),
        });
    };
    report(&split, progress);
    while !split.settled(0) && split.stopped.is_none() {
        if let Some(stop) = split.out_of_budget() {
            split.stopped = Some(stop);
            break;
        }
        if split.nodes.len() >= options.max_tree {
            split.stopped = Some(Stop::Nodes);
            break;
        }
        let leaf = split.most_proving();
        if split.nodes[leaf].tries <= options.retries {
            split.evaluate(leaf)?;
        } else {
            split.expand(leaf)?;
        }
        // Back up to the root.
        let mut i = leaf;
        while i != 0 {
            i = split.nodes[i].parent;
            split.update(i);
        }
        report(&split, progress);
    }
    let root = &split.nodes[0];
    let holds = match (root.pn, root.dn) {
        (0, _) => Some(true),
        (_, 0) => Some(false),
        _ => None,
    };
    let mut frontier = Vec::new();
    if holds.is_none() {
        let mut i = split.most_proving();
        while i != 0 {
            frontier.push(split.nodes[i].mv.expect("not the root"));
            i = split.nodes[i].parent;
        }
        frontier.reverse();
    }
    // Tree sizes below each node, children after their parents in `nodes`.
    let mut sizes = vec![1usize; split.nodes.len()];
    for i in (1..split.nodes.len()).rev() {
        let p = split.nodes[i].parent;
        sizes[p] += sizes[i];
    }
    let mut moves: Vec<(usize, SplitMove<P::Move>)> = root
        .children
        .iter()
        .map(|&c| {
            let n = &split.nodes[c];
            let holds = match (n.pn, n.dn) {
                (0, _) => Some(true),
                (_, 0) => Some(false),
                _ => None,
            };
            (
                c,
                SplitMove {
                    mv: n.mv.expect("a child"),
                    holds,
                    tree: sizes[c],
                    tried: n.tried,
                },
            )
        })
        .collect();
    // The legal moves' order, not the search's.
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let legal: Vec<P::Move> = list.iter().copied().collect();
    moves.sort_by_key(|(_, m)| legal.iter().position(|&l| l == m.mv));
    Ok(SplitProof {
        side,
        at_least: options.at_least,
        holds,
        moves: moves.into_iter().map(|(_, m)| m).collect(),
        tree: split.nodes.len(),
        leaves: split.leaves,
        settled: split.settled,
        nodes: split.spent,
        depth: split.nodes.iter().map(|n| n.depth).max().unwrap_or(0),
        proof_number: split.nodes[0].pn.min(INF),
        disproof_number: split.nodes[0].dn.min(INF),
        frontier,
        stopped: if holds.is_some() { None } else { split.stopped },
        elapsed: split.started.elapsed(),
    })
}

/// [`prove_split`] on a game's position, with the positions since its last capture as the
/// history ([`history_keys`]), on a thread with a stack of [`super::PROVER_STACK_BYTES`]; moves are
/// written as text.
///
/// # Errors
///
/// Those of [`prove_split`], and [`SolveError::Thread`] when the thread cannot start or fails.
pub fn prove_game_split(
    game: &AnyGame,
    table: Option<&Tablebase>,
    options: &SplitOptions,
    progress: &mut (dyn FnMut(&SplitProgress) + Send),
) -> Result<SplitProof<String>, SolveError> {
    struct Task<'a> {
        table: Option<&'a Tablebase>,
        options: SplitOptions,
        progress: &'a mut (dyn FnMut(&SplitProgress) + Send),
    }
    impl GameTask for Task<'_> {
        type Output = Result<SplitProof<String>, SolveError>;
        fn run<P: EngineGame>(self, game: &Game<P>) -> Self::Output {
            let keys = history_keys(game);
            let p = prove_split(
                game.position(),
                &keys,
                self.table,
                &self.options,
                self.progress,
            )?;
            let name = |m: P::Move| m.to_string();
            Ok(SplitProof {
                side: p.side,
                at_least: p.at_least,
                holds: p.holds,
                moves: p
                    .moves
                    .into_iter()
                    .map(|m| SplitMove {
                        mv: name(m.mv),
                        holds: m.holds,
                        tree: m.tree,
                        tried: m.tried,
                    })
                    .collect(),
                tree: p.tree,
                leaves: p.leaves,
                settled: p.settled,
                nodes: p.nodes,
                depth: p.depth,
                proof_number: p.proof_number,
                disproof_number: p.disproof_number,
                frontier: p.frontier.into_iter().map(name).collect(),
                stopped: p.stopped,
                elapsed: p.elapsed,
            })
        }
    }
    let task = Task {
        table,
        options: *options,
        progress,
    };
    on_prover_thread(game, task)
}
