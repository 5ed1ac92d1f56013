//! Maximum-weight matching in a general graph (Edmonds' blossom algorithm with Galil's
//! primal-dual bookkeeping, O(n³)), solved again after changes to its edges from the last
//! optimum ([`WarmMatching`]).
//!
//! Written here rather than taken from a crate: the Dutch pairing encodes its criteria as
//! levels of one wide integer weight (`i128`, or a [`Big`] of as many 64-bit limbs as they need),
//! and the matching crates on the registry take floating-point or 32/64-bit weights, which
//! cannot hold those levels exactly.

use std::ops::{Add, Sub};

/// An edge `(u, v, weight)`; vertices are `0..n`.
pub type Edge<W = i128> = (usize, usize, W);

const NONE: usize = usize::MAX;

/// An exact weight: a signed integer type with the few operations the algorithm needs.
pub trait Weight: Copy + Ord + Add<Output = Self> + Sub<Output = Self> {
    /// Zero.
    fn zero() -> Self;
    /// Twice the value.
    fn double(self) -> Self;
    /// Half the value (of an even one).
    fn half(self) -> Self;
    /// The value `v`.
    fn small(v: i64) -> Self;
    /// The bit of weight 2 (with the bit of weight 1, the value modulo 4).
    fn bit1(self) -> bool;
}

impl Weight for i128 {
    fn zero() -> Self {
        0
    }
    fn double(self) -> Self {
        self * 2
    }
    fn half(self) -> Self {
        self / 2
    }
    fn small(v: i64) -> Self {
        v as i128
    }
    fn bit1(self) -> bool {
        self >> 1 & 1 == 1
    }
}

/// A signed integer of `64 * L` bits (two's complement, limbs from the least significant):
/// as wide as a Dutch bracket's criteria levels need.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Big<const L: usize> {
    limbs: [u64; L],
}

/// The 256-bit [`Big`].
pub type Wide = Big<4>;

impl<const L: usize> Default for Big<L> {
    fn default() -> Self {
        Big { limbs: [0; L] }
    }
}

impl<const L: usize> Big<L> {
    /// The value `v`.
    pub fn from_i128(v: i128) -> Self {
        let mut limbs = [if v < 0 { u64::MAX } else { 0 }; L];
        limbs[0] = v as u64;
        if L > 1 {
            limbs[1] = (v >> 64) as u64;
        }
        Big { limbs }
    }

    /// The low 128 bits as an `i128` (the value when it fits in one).
    pub fn low(self) -> i128 {
        let hi = if L > 1 { self.limbs[1] } else { 0 };
        ((hi as u128) << 64 | self.limbs[0] as u128) as i128
    }

    /// The value shifted left by `n` bits (bits pushed out are lost).
    pub fn shifted(self, n: u32) -> Self {
        let (words, bits) = ((n / 64) as usize, n % 64);
        let mut limbs = [0u64; L];
        for i in (words..L).rev() {
            let src = i - words;
            let mut v = self.limbs[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.limbs[src - 1] >> (64 - bits);
            }
            limbs[i] = v;
        }
        Big { limbs }
    }

    /// Whether the value is negative.
    fn negative(&self) -> bool {
        (self.limbs[L - 1] as i64) < 0
    }
}

impl<const L: usize> PartialOrd for Big<L> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Ord for Big<L> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.limbs[L - 1] as i64)
            .cmp(&(other.limbs[L - 1] as i64))
            .then_with(|| {
                for i in (0..L - 1).rev() {
                    match self.limbs[i].cmp(&other.limbs[i]) {
                        std::cmp::Ordering::Equal => continue,
                        o => return o,
                    }
                }
                std::cmp::Ordering::Equal
            })
    }
}

impl<const L: usize> Add for Big<L> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        let mut limbs = [0u64; L];
        let mut carry = false;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let (v, c1) = self.limbs[i].overflowing_add(o.limbs[i]);
            let (v, c2) = v.overflowing_add(carry as u64);
            *limb = v;
            carry = c1 || c2;
        }
        Big { limbs }
    }
}

impl<const L: usize> Sub for Big<L> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        let mut limbs = [0u64; L];
        let mut borrow = false;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let (v, b1) = self.limbs[i].overflowing_sub(o.limbs[i]);
            let (v, b2) = v.overflowing_sub(borrow as u64);
            *limb = v;
            borrow = b1 || b2;
        }
        Big { limbs }
    }
}

impl<const L: usize> Weight for Big<L> {
    fn zero() -> Self {
        Big::default()
    }
    fn double(self) -> Self {
        self.shifted(1)
    }
    fn half(self) -> Self {
        let mut limbs = [0u64; L];
        for (i, limb) in limbs.iter_mut().enumerate() {
            let up = if i + 1 < L {
                self.limbs[i + 1] << 63
            } else if self.negative() {
                1 << 63
            } else {
                0
            };
            *limb = (self.limbs[i] >> 1) | up;
        }
        Big { limbs }
    }
    fn small(v: i64) -> Self {
        Big::from_i128(v as i128)
    }
    fn bit1(self) -> bool {
        self.limbs[0] >> 1 & 1 == 1
    }
}

/// A maximum-weight matching of the graph on `n` vertices with these edges: `mate[v]` is the
/// vertex matched to `v`. Edges of weight zero or less are never used; several edges between
/// the same two vertices are allowed (the heaviest counts).
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[Edge<W>]) -> Vec<Option<usize>> {
    let mut m = WarmMatching::new(n, edges.to_vec());
    m.solve();
    m.mates()
}

/// A maximum-weight matching kept up to date while its edges' weights change: after
/// [`WarmMatching::add`], [`WarmMatching::remove`] or [`WarmMatching::isolate`],
/// [`WarmMatching::solve`] starts from the last optimum and its duals rather than from nothing.
///
/// The changes are made good by freeing only the vertices they concern: a vertex whose matched
/// edge changed, or one of whose edges became infeasible or lies inside a blossom, leaves its
/// blossoms (their duals spread over their vertices, which keeps every other edge feasible), is
/// unmatched, and gets the smallest dual its edges allow. The free vertices whose dual is not zero
/// are then the only roots of the search, which costs a few of its stages instead of one per
/// vertex.
pub struct WarmMatching<W> {
    m: Matcher<W>,
    /// Edges changed since the last solve, each with the vertex to free when it must be.
    changed: Vec<(usize, usize)>,
    /// Vertices to free and leave with no edge.
    isolated: Vec<usize>,
    /// Vertices whose lists of edges hold removed ones.
    dirty: Vec<usize>,
    solved: bool,
}

impl<W: Weight> WarmMatching<W> {
    /// The graph on `n` vertices with these edges (edges of weight zero or less unused until
    /// their weight rises above zero; loops and edges to vertices beyond `n` never used). Edge
    /// `k` of the list is edge `k` of the other methods.
    pub fn new(n: usize, edges: Vec<Edge<W>>) -> Self {
        WarmMatching {
            m: Matcher::new(n, edges),
            changed: Vec::new(),
            isolated: Vec::new(),
            dirty: Vec::new(),
            solved: false,
        }
    }

    /// Adds `delta` to the weight of edge `k`; `anchor`, one of its ends, is the vertex freed if
    /// the change needs one to be.
    pub fn add(&mut self, k: usize, delta: W, anchor: usize) {
        let e = &mut self.m.edges[k];
        e.2 = e.2 + delta.double();
        self.m.enabled[k] = self.m.usable[k] && self.m.alive[k] && e.2 > W::zero();
        self.changed.push((k, anchor));
    }

    /// Removes edge `k` for good.
    pub fn remove(&mut self, k: usize, anchor: usize) {
        self.m.alive[k] = false;
        self.m.enabled[k] = false;
        self.changed.push((k, anchor));
        self.dirty.push(self.m.edges[k].0);
        self.dirty.push(self.m.edges[k].1);
    }

    /// Removes every edge of `v` for good.
    pub fn isolate(&mut self, v: usize) {
        for &(p, u) in &self.m.neighbend[v] {
            self.m.alive[p / 2] = false;
            self.m.enabled[p / 2] = false;
            self.dirty.push(u);
        }
        self.m.neighbend[v].clear();
        self.isolated.push(v);
    }

    /// The partner of `v` in the last matching solved.
    pub fn mate(&self, v: usize) -> Option<usize> {
        let p = self.m.mate[v];
        (p != NONE).then(|| self.m.endpoint(p))
    }

    /// Every vertex's partner in the last matching solved.
    pub fn mates(&self) -> Vec<Option<usize>> {
        (0..self.m.n).map(|v| self.mate(v)).collect()
    }

    /// Solves anew from scratch (as the first solve does), forgetting the last optimum.
    pub fn solve_afresh(&mut self) {
        self.changed.clear();
        self.isolated.clear();
        self.m.reset();
        self.m.solve();
        #[cfg(test)]
        self.m.check("after cold solve");
        self.solved = true;
    }

    /// A maximum-weight matching for the current weights.
    pub fn solve(&mut self) {
        if !self.solved {
            return self.solve_afresh();
        }
        // Removed edges leave the lists the search scans (the others keep their order).
        for v in std::mem::take(&mut self.dirty) {
            let alive = &self.m.alive;
            self.m.neighbend[v].retain(|&(p, _)| alive[p / 2]);
        }
        let changed = std::mem::take(&mut self.changed);
        let isolated = std::mem::take(&mut self.isolated);
        self.m.warm(&changed, &isolated);
        #[cfg(test)]
        self.m.check("after warm");
        self.m.solve();
        #[cfg(test)]
        self.m.check("after solve");
    }
}

/// A maximum-cardinality matching of the graph on `n` vertices whose edges `adjacent` tells
/// (Edmonds' blossom algorithm, one breadth-first search per vertex a greedy start leaves
/// free): `mate[v]` is the vertex matched to `v`. The graph is given by a function rather than
/// edge lists because the Dutch system asks about nearly complete graphs of thousands of
/// players, where the greedy start leaves few searches to make.
pub fn max_cardinality_matching(
    n: usize,
    adjacent: impl Fn(usize, usize) -> bool,
) -> Vec<Option<usize>> {
    let mut mate = vec![NONE; n];
    for v in 0..n {
        if mate[v] == NONE {
            if let Some(w) = (v + 1..n).find(|&w| mate[w] == NONE && adjacent(v, w)) {
                mate[v] = w;
                mate[w] = v;
            }
        }
    }
    let mut search = Search {
        parent: vec![NONE; n],
        base: (0..n).collect(),
        used: vec![false; n],
        blossom: vec![false; n],
        queue: std::collections::VecDeque::new(),
    };
    for root in 0..n {
        if mate[root] != NONE {
            continue;
        }
        let mut v = search.find_path(root, &mate, &adjacent);
        while v != NONE {
            let pv = search.parent[v];
            let next = mate[pv];
            mate[v] = pv;
            mate[pv] = v;
            v = next;
        }
    }
    mate.into_iter().map(|m| (m != NONE).then_some(m)).collect()
}

/// The state of one augmenting-path search of [`max_cardinality_matching`].
struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: std::collections::VecDeque<usize>,
}

impl Search {
    fn lca(&self, mate: &[usize], mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; mate.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[mate[b]];
        }
    }

    fn mark_path(&mut self, mate: &[usize], mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// The free end of an augmenting path from `root`, or `NONE`.
    fn find_path(
        &mut self,
        root: usize,
        mate: &[usize],
        adjacent: &impl Fn(usize, usize) -> bool,
    ) -> usize {
        let n = mate.len();
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for to in 0..n {
                if to == v || self.base[v] == self.base[to] || mate[v] == to || !adjacent(v, to) {
                    continue;
                }
                if to == root || (mate[to] != NONE && self.parent[mate[to]] != NONE) {
                    let cur = self.lca(mate, v, to);
                    self.blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(mate, v, cur, to);
                    self.mark_path(mate, to, cur, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if mate[to] == NONE {
                        return to;
                    }
                    let m = mate[to];
                    self.used[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        NONE
    }
}

struct Matcher<W> {
    n: usize,
    /// The edges, weights doubled.
    edges: Vec<Edge<W>>,
    /// A loop or an edge to a vertex beyond `n`: never used.
    usable: Vec<bool>,
    /// Not removed.
    alive: Vec<bool>,
    /// Usable, alive and of positive weight: the edges the matching may use.
    enabled: Vec<bool>,
    /// Per vertex, its edges: the endpoint index of the other end, and that end.
    neighbend: Vec<Vec<(usize, usize)>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    fn new(n: usize, edges: Vec<Edge<W>>) -> Self {
        let edges: Vec<Edge<W>> = edges
            .into_iter()
            .map(|(u, v, w)| (u, v, w.double()))
            .collect();
        let usable: Vec<bool> = edges
            .iter()
            .map(|e| e.0 != e.1 && e.0 < n && e.1 < n)
            .collect();
        let enabled: Vec<bool> = edges
            .iter()
            .zip(&usable)
            .map(|(e, &u)| u && e.2 > W::zero())
            .collect();
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            if usable[k] {
                neighbend[i].push((2 * k + 1, j));
                neighbend[j].push((2 * k, i));
            }
        }
        let ne = edges.len();
        let mut m = Matcher {
            n,
            alive: vec![true; ne],
            usable,
            enabled,
            edges,
            neighbend,
            mate: Vec::new(),
            label: Vec::new(),
            labelend: Vec::new(),
            inblossom: Vec::new(),
            blossomparent: Vec::new(),
            blossomchilds: Vec::new(),
            blossombase: Vec::new(),
            blossomendps: Vec::new(),
            bestedge: Vec::new(),
            blossombestedges: Vec::new(),
            unusedblossoms: Vec::new(),
            dualvar: Vec::new(),
            allowedge: vec![false; ne],
            queue: Vec::new(),
        };
        m.reset();
        m
    }

    /// The state before the first stage: nothing matched, no blossom, every vertex's dual the
    /// largest (doubled) weight.
    fn reset(&mut self) {
        let n = self.n;
        let maxweight = self
            .edges
            .iter()
            .zip(&self.enabled)
            .filter(|(_, &on)| on)
            .map(|(e, _)| e.2)
            .max()
            .unwrap_or(W::zero())
            .max(W::zero());
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(W::zero(), n));
        self.mate = vec![NONE; n];
        self.label = vec![0; 2 * n];
        self.labelend = vec![NONE; 2 * n];
        self.inblossom = (0..n).collect();
        self.blossomparent = vec![NONE; 2 * n];
        self.blossomchilds = vec![Vec::new(); 2 * n];
        self.blossombase = blossombase;
        self.blossomendps = vec![Vec::new(); 2 * n];
        self.bestedge = vec![NONE; 2 * n];
        self.blossombestedges = vec![None; 2 * n];
        self.unusedblossoms = (n..2 * n).rev().collect();
        self.dualvar = dualvar;
    }

    /// Makes the last optimum a valid start for the changed weights: frees the vertices the
    /// changes concern (see [`WarmMatching`]), then gives every free vertex whose dual is not
    /// zero the same dual modulo 4, which keeps the search's dual changes whole numbers.
    fn warm(&mut self, changed: &[(usize, usize)], isolated: &[usize]) {
        let mut freed = Vec::new();
        for &(k, anchor) in changed {
            let (i, j, _) = self.edges[k];
            let matched = self.mate[i] != NONE && self.mate[i] / 2 == k;
            let bi = self.inblossom[i];
            let inside = bi >= self.n && bi == self.inblossom[j];
            if matched || inside || (self.enabled[k] && self.slack(k) < W::zero()) {
                self.release(anchor, &mut freed);
            }
        }
        for &v in isolated {
            self.release(v, &mut freed);
        }
        // A freed vertex heads its blossom (every other vertex of a blossom is matched inside
        // it); a free vertex with a nonzero dual is a root of the search.
        let mut target = None;
        for v in 0..self.n {
            if self.mate[v] != NONE || self.dualvar[v] <= W::zero() {
                continue;
            }
            let class = self.dualvar[v].bit1();
            match target {
                None => target = Some(class),
                Some(t) if t == class => {}
                Some(_) => self.shift_by_two(v),
            }
        }
    }

    /// Raises the dual of the free vertex `v` by 2 without breaking optimality conditions:
    /// alone, or with all of its blossom, whose own dual (counted twice in the slack of an edge
    /// inside it) drops by 2; a blossom whose dual is zero is expanded first.
    fn shift_by_two(&mut self, v: usize) {
        let two = W::small(2);
        loop {
            let b = self.inblossom[v];
            if b < self.n {
                self.dualvar[v] = self.dualvar[v] + two;
                return;
            }
            if self.dualvar[b] >= two {
                let mut leaves = Vec::new();
                self.leaves(b, &mut leaves);
                for &x in &leaves {
                    self.dualvar[x] = self.dualvar[x] + two;
                }
                self.dualvar[b] = self.dualvar[b] - two;
                return;
            }
            self.expand_blossom(b, true);
        }
    }

    #[cfg(test)]
    fn check(&self, when: &str) {
        let chain = |v: usize| {
            let mut c = Vec::new();
            let mut b = self.blossomparent[v];
            while b != NONE {
                c.push(b);
                b = self.blossomparent[b];
            }
            c
        };
        for (k, &(i, j, w)) in self.edges.iter().enumerate() {
            if !self.enabled[k] {
                continue;
            }
            let (ci, cj) = (chain(i), chain(j));
            let mut z = W::zero();
            for b in &ci {
                if cj.contains(b) {
                    z = z + self.dualvar[*b];
                }
            }
            let sl = self.dualvar[i] + self.dualvar[j] - w.double() + z.double();
            assert!(sl >= W::zero(), "{when}: edge {k} ({i},{j}) infeasible");
            if self.mate[i] != NONE && self.mate[i] / 2 == k {
                assert!(
                    sl == W::zero(),
                    "{when}: matched edge {k} ({i},{j}) not tight"
                );
            }
        }
        for v in 0..self.n {
            assert!(self.dualvar[v] >= W::zero(), "{when}: dual of {v} negative");
            if self.mate[v] != NONE {
                assert!(self.mate[v] / 2 < self.edges.len());
                let u = self.endpoint(self.mate[v]);
                assert_eq!(self.endpoint(self.mate[u]), v, "{when}: mates of {v}");
                assert!(
                    self.enabled[self.mate[v] / 2],
                    "{when}: {v} matched along a disabled edge"
                );
            }
        }
    }

    /// Takes `x` out of every blossom, unmatches it and gives it the smallest dual its edges
    /// allow; the vertices this leaves free are pushed on `freed`.
    fn release(&mut self, x: usize, freed: &mut Vec<usize>) {
        while self.inblossom[x] >= self.n {
            let b = self.inblossom[x];
            // The blossom's dual moved onto its vertices (it counts twice in the slack of an
            // edge inside it, which keeps its slack; one leaving it gains): its base's matched
            // edge, no longer tight, is undone.
            let z = self.dualvar[b];
            if z > W::zero() {
                let mut leaves = Vec::new();
                self.leaves(b, &mut leaves);
                for &v in &leaves {
                    self.dualvar[v] = self.dualvar[v] + z;
                }
                let base = self.blossombase[b];
                if self.mate[base] != NONE {
                    let y = self.endpoint(self.mate[base]);
                    self.mate[base] = NONE;
                    self.mate[y] = NONE;
                    freed.push(base);
                    freed.push(y);
                }
                self.dualvar[b] = W::zero();
            }
            self.expand_blossom(b, true);
        }
        if self.mate[x] != NONE {
            let y = self.endpoint(self.mate[x]);
            self.mate[x] = NONE;
            self.mate[y] = NONE;
            freed.push(y);
        }
        let mut need = W::zero();
        for idx in 0..self.neighbend[x].len() {
            let (p, j) = self.neighbend[x][idx];
            let k = p / 2;
            if !self.enabled[k] {
                continue;
            }
            // No blossom holds both ends: the slack is the two duals less the weight.
            let req = self.edges[k].2.double() - self.dualvar[j];
            if req > need {
                need = req;
            }
        }
        self.dualvar[x] = need;
    }

    fn endpoint(&self, p: usize) -> usize {
        let e = &self.edges[p / 2];
        if p % 2 == 0 {
            e.0
        } else {
            e.1
        }
    }

    fn slack(&self, k: usize) -> W {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - w.double()
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        out.clear();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.blossomchilds[t].iter().rev().copied());
            }
        }
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let mut w = w;
        let mut t = t;
        let mut p = p;
        loop {
            let b = self.inblossom[w];
            self.label[w] = t;
            self.label[b] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if t == 1 {
                let mut leaves = Vec::new();
                self.leaves(b, &mut leaves);
                self.queue.extend(leaves);
                return;
            }
            let base = self.blossombase[b];
            let mb = self.mate[base];
            w = self.endpoint(mb);
            t = 1;
            p = mb ^ 1;
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint(self.labelend[b]);
                b = self.inblossom[v];
                v = self.endpoint(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::zero();
        let mut leaves = Vec::new();
        self.leaves(b, &mut leaves);
        for &lv in &leaves {
            if self.label[self.inblossom[lv]] == 2 {
                self.queue.push(lv);
            }
            self.inblossom[lv] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &sub in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[sub].take() {
                Some(list) => vec![list],
                None => {
                    let mut sl = Vec::new();
                    self.leaves(sub, &mut sl);
                    sl.iter()
                        .map(|&x| {
                            self.neighbend[x]
                                .iter()
                                .map(|&(p, _)| p / 2)
                                .filter(|&k| self.enabled[k])
                                .collect()
                        })
                        .collect()
                }
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[sub] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        let mut leaves = Vec::new();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::zero() {
                self.expand_blossom(s, endstage);
            } else {
                self.leaves(s, &mut leaves);
                for &v in &leaves {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let entrychild = self.inblossom[self.endpoint(self.labelend[b] ^ 1)];
            let mut j = childs
                .iter()
                .position(|&c| c == entrychild)
                .expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                let e1 = self.endpoint(p ^ 1);
                self.label[e1] = 0;
                let q = self.blossomendps[b][at(j - endptrick as isize)];
                let e2 = self.endpoint(q ^ endptrick ^ 1);
                self.label[e2] = 0;
                self.assign_label(e1, 2, p);
                self.allowedge[q / 2] = true;
                j += jstep;
                p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let e = self.endpoint(p ^ 1);
            self.label[e] = 2;
            self.label[bv] = 2;
            self.labelend[e] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                self.leaves(bv, &mut leaves);
                if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    let e = self.endpoint(mb);
                    self.label[e] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.label[b] = u8::MAX;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                let e = self.endpoint(p);
                self.augment_blossom(t, e);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                let e = self.endpoint(p ^ 1);
                self.augment_blossom(t, e);
            }
            let e0 = self.endpoint(p);
            let e1 = self.endpoint(p ^ 1);
            self.mate[e0] = p ^ 1;
            self.mate[e1] = p;
        }
        let i = i as usize;
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s0, p0) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (s0, p0);
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint(self.labelend[bs]);
                let bt = self.inblossom[t];
                s = self.endpoint(self.labelend[bt]);
                let j = self.endpoint(self.labelend[bt] ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Flips the tree path from the root of `v`'s tree to `v`, a vertex whose dual is zero:
    /// the root gets matched and `v` is left free.
    fn free_vertex(&mut self, v: usize) {
        let (mut s, mut p) = (v, NONE);
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.endpoint(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = self.endpoint(self.labelend[bt]);
            let j = self.endpoint(self.labelend[bt] ^ 1);
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt] ^ 1;
        }
    }

    /// Primal-dual stages until no free vertex has a nonzero dual. Each stage grows
    /// alternating trees from those vertices and ends with an augmenting path, or with a
    /// vertex of a tree whose dual reached zero: the path from its root to it is flipped, which
    /// matches the root and leaves that vertex free (from a cold start, every free vertex
    /// reaches zero at once and the search ends).
    fn solve(&mut self) {
        let n = self.n;
        loop {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE
                    && self.dualvar[v] > W::zero()
                    && self.label[self.inblossom[v]] == 0
                {
                    self.assign_label(v, 1, NONE);
                }
            }
            if self.queue.is_empty() {
                break;
            }
            let mut augmented = false;
            loop {
                while let Some(v) = (!augmented).then(|| self.queue.pop()).flatten() {
                    for idx in 0..self.neighbend[v].len() {
                        let (p, w) = self.neighbend[v][idx];
                        let k = p / 2;
                        if !self.enabled[k] {
                            continue;
                        }
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::zero();
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= W::zero() {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            let bw = self.inblossom[w];
                            if self.label[bw] == 0 && self.mate[self.blossombase[bw]] == NONE {
                                // A free vertex whose dual is zero: an augmenting path.
                                self.labelend[bw] = NONE;
                                self.augment_matching(k);
                                augmented = true;
                                break;
                            } else if self.label[bw] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path: change the duals.
                // The smallest dual of a vertex of a tree, a free one (a root) first.
                let mut deltatype = 1;
                let mut deltavertex = NONE;
                let mut delta = W::zero();
                for v in 0..n {
                    if self.label[self.inblossom[v]] != 1 {
                        continue;
                    }
                    let d = self.dualvar[v];
                    if deltavertex == NONE
                        || d < delta
                        || (d == delta && self.mate[v] == NONE && self.mate[deltavertex] != NONE)
                    {
                        delta = d;
                        deltavertex = v;
                    }
                }
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]).half();
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v] - delta,
                        2 => self.dualvar[v] = self.dualvar[v] + delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b] + delta,
                            2 => self.dualvar[b] = self.dualvar[b] - delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => {
                        if self.mate[deltavertex] != NONE {
                            self.free_vertex(deltavertex);
                        }
                        break;
                    }
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weight(edges: &[Edge], mate: &[Option<usize>]) -> i128 {
        let mut total = 0;
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = m {
                assert_eq!(mate[*u], Some(v), "matching not symmetric");
                if v < *u {
                    total += edges
                        .iter()
                        .filter(|e| (e.0 == v && e.1 == *u) || (e.0 == *u && e.1 == v))
                        .map(|e| e.2)
                        .max()
                        .expect("matched along an edge");
                }
            }
        }
        total
    }

    /// The best matching by trying every one (small graphs).
    fn brute(n: usize, edges: &[Edge]) -> i128 {
        fn go(v: usize, n: usize, used: &mut Vec<bool>, w: &[Vec<i128>]) -> i128 {
            if v == n {
                return 0;
            }
            if used[v] {
                return go(v + 1, n, used, w);
            }
            used[v] = true;
            let mut best = go(v + 1, n, used, w);
            for u in v + 1..n {
                if !used[u] && w[v][u] > 0 {
                    used[u] = true;
                    best = best.max(w[v][u] + go(v + 1, n, used, w));
                    used[u] = false;
                }
            }
            used[v] = false;
            best
        }
        let mut w = vec![vec![0i128; n]; n];
        for &(a, b, x) in edges {
            w[a][b] = w[a][b].max(x);
            w[b][a] = w[b][a].max(x);
        }
        go(0, n, &mut vec![false; n], &w)
    }

    #[test]
    fn cardinality_matches_the_weighted_matching_of_unit_weights() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..2000 {
            let n = 1 + (next() % 12) as usize;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 3 == 0 {
                        edges.push((a, b, 1i128));
                    }
                }
            }
            let adjacent =
                |a: usize, b: usize| edges.iter().any(|e| (e.0, e.1) == (a.min(b), a.max(b)));
            let mate = max_cardinality_matching(n, adjacent);
            for (v, m) in mate.iter().enumerate() {
                if let Some(u) = m {
                    assert_eq!(mate[*u], Some(v));
                    assert!(adjacent(v, *u), "matched along a non-edge");
                }
            }
            let size = mate.iter().flatten().count() as i128 / 2;
            assert_eq!(size, brute(n, &edges), "graph {edges:?}");
        }
    }

    #[test]
    fn small_known_cases() {
        assert_eq!(max_weight_matching(2, &[(0, 1, 5)]), vec![Some(1), Some(0)]);
        let e = [(0, 1, 10), (1, 2, 11)];
        assert_eq!(max_weight_matching(3, &e), vec![None, Some(2), Some(1)]);
        // A path where the two outer edges beat the middle one.
        let e = [(0, 1, 5), (1, 2, 11), (2, 3, 7)];
        assert_eq!(weight(&e, &max_weight_matching(4, &e)), 12);
        // A triangle with a pendant: needs a blossom.
        let e = [(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7)];
        assert_eq!(weight(&e, &max_weight_matching(4, &e)), 15);
    }

    #[test]
    fn random_graphs_match_brute_force() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..3000 {
            let n = 1 + (next() % 10) as usize;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 3 != 0 {
                        let w = if round % 2 == 0 {
                            (next() % 20) as i128 + 1
                        } else {
                            (next() % 4) as i128 * (1i128 << 90) + (next() % 5) as i128
                        };
                        edges.push((a, b, w));
                    }
                }
            }
            let mate = max_weight_matching(n, &edges);
            assert_eq!(weight(&edges, &mate), brute(n, &edges), "graph {edges:?}");
            // The same graph in 256-bit weights, shifted past 128 bits, pairs as well.
            let wide: Vec<Edge<Wide>> = edges
                .iter()
                .map(|&(a, b, w)| (a, b, Wide::from_i128(w).shifted(100)))
                .collect();
            let wide_mate = max_weight_matching(n, &wide);
            assert_eq!(
                weight(&edges, &wide_mate),
                brute(n, &edges),
                "wide graph {edges:?}"
            );
        }
    }

    #[test]
    fn warm_solves_after_changes_match_brute_force() {
        let mut state = 0x1234_5678_9ABC_DEF1u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..400 {
            let n = 2 + (next() % 11) as usize;
            let mut edges: Vec<Edge> = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 4 != 0 {
                        edges.push((a, b, (next() % 30) as i128 + 1));
                    }
                }
            }
            if edges.is_empty() {
                continue;
            }
            let mut live = edges.clone();
            let mut removed = vec![false; edges.len()];
            let mut m = WarmMatching::new(n, edges.clone());
            m.solve();
            for step in 0..12 {
                let k = (next() % edges.len() as u64) as usize;
                let (a, b, _) = edges[k];
                let anchor = if next() % 2 == 0 { a } else { b };
                match next() % 6 {
                    0 => {
                        m.remove(k, anchor);
                        removed[k] = true;
                    }
                    1 => {
                        m.isolate(a);
                        for (e, r) in live.iter().zip(removed.iter_mut()) {
                            if e.0 == a || e.1 == a {
                                *r = true;
                            }
                        }
                    }
                    r => {
                        let delta = (next() % 40) as i128 - 15 - r as i128;
                        m.add(k, delta, anchor);
                        live[k].2 += delta;
                    }
                }
                m.solve();
                let mate = m.mates();
                let usable: Vec<Edge> = live
                    .iter()
                    .zip(&removed)
                    .filter(|(e, &r)| !r && e.2 > 0)
                    .map(|(e, _)| *e)
                    .collect();
                for (v, p) in mate.iter().enumerate() {
                    if let Some(u) = p {
                        assert!(
                            usable.iter().any(|e| (e.0, e.1) == (v.min(*u), v.max(*u))),
                            "round {round} step {step}: matched along a removed edge"
                        );
                    }
                }
                assert_eq!(
                    weight(&usable, &mate),
                    brute(n, &usable),
                    "round {round} step {step}: graph {usable:?}"
                );
            }
        }
    }
}
