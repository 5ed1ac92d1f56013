//! Maximum-weight matching in a general graph (Edmonds' blossom algorithm with Galil's
//! primal-dual bookkeeping, O(n³)).
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
}

/// A maximum-weight matching of the graph on `n` vertices with these edges: `mate[v]` is the
/// vertex matched to `v`. Edges of weight zero or less are never used; several edges between
/// the same two vertices are allowed (the heaviest counts).
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[Edge<W>]) -> Vec<Option<usize>> {
    let edges: Vec<Edge<W>> = edges
        .iter()
        .filter(|e| e.2 > W::zero() && e.0 != e.1 && e.0 < n && e.1 < n)
        .map(|&(u, v, w)| (u, v, w.double()))
        .collect();
    if edges.is_empty() || n == 0 {
        return vec![None; n];
    }
    let mut m = Matcher::new(n, edges);
    m.solve();
    (0..n)
        .map(|v| {
            let p = m.mate[v];
            (p != NONE).then(|| m.endpoint(p))
        })
        .collect()
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
    edges: Vec<Edge<W>>,
    neighbend: Vec<Vec<usize>>,
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
        let maxweight = edges
            .iter()
            .map(|e| e.2)
            .max()
            .unwrap_or(W::zero())
            .max(W::zero());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let ne = edges.len();
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(W::zero(), n));
        Matcher {
            n,
            edges,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowedge: vec![false; ne],
            queue: Vec::new(),
        }
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
                        .map(|&x| self.neighbend[x].iter().map(|p| p / 2).collect())
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

    fn solve(&mut self) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = (!augmented).then(|| self.queue.pop()).flatten() {
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint(p);
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
                            if self.label[self.inblossom[w]] == 0 {
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
                let mut deltatype = 1;
                let mut delta = *self.dualvar[..n].iter().min().expect("vertices");
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
                    1 => break,
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
            if !augmented {
                break;
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
}
