//! The fixpoints of the history-free and first-cycle arguments over one quiet-move component
//! (module docs, "Inside a component", "The first-cycle argument"): the regions from which a
//! side keeps South's result on his side of a threshold.

use mancala_core::Side;

/// A cycle component's moves as the fixpoints below read them: per member, the side to move
/// (`sides`), whether its exits alone keep South's result at least the threshold or below it
/// (`exits`, as the first or second flag) and its moves inside with what a repetition gives
/// (`inner`: target member and verdict bits).
pub(super) struct Component<'a> {
    pub(super) sides: &'a [Side],
    pub(super) exits: &'a [(u8, u8)],
    pub(super) inner: &'a [Vec<(u32, u8)>],
}

impl Component<'_> {
    /// Whether member `i`'s exits alone are good for verdict `bit`.
    fn exit_ok(&self, i: usize, bit: u8) -> bool {
        let (at_least, below) = self.exits[i];
        (if bit == 1 { at_least } else { below }) != 0
    }

    /// Member `i`'s good moves for verdict `bit` (a good exit counts once; an inner move is
    /// good when `good(target, repetition)` says so) and whether all its moves are good.
    fn tally(&self, i: usize, bit: u8, good: impl Fn(usize, u8) -> bool) -> (u32, bool) {
        let mut ok_moves = u32::from(self.exit_ok(i, bit));
        let mut all_ok = self.exit_ok(i, bit);
        for &(j, rep) in &self.inner[i] {
            if good(j as usize, rep) {
                ok_moves += 1;
            } else {
                all_ok = false;
            }
        }
        (ok_moves, all_ok)
    }

    /// A good move of member `i` just went bad: whether the member falls out of the set (at
    /// once when the other side moves there; when `side` does, with his last good move, counted
    /// down in `count`).
    fn loses_hold(&self, i: usize, side: Side, count: &mut [u32]) -> bool {
        if self.sides[i] != side {
            return true;
        }
        count[i] -= 1;
        count[i] == 0
    }

    /// The greatest set of members of the component from which `side` keeps South's result on his
    /// side of the threshold whatever the history (`bit` of the verdicts: 1 for South at least the
    /// threshold, 2 for below): a member stays in while its mover, if he is `side`, has a good
    /// exit or a move into the set whose repetition is good too, and otherwise every move is
    /// one of those.
    pub(super) fn safety_fixpoint(&self, bit: u8, side: Side) -> Vec<bool> {
        let (sides, inner) = (self.sides, self.inner);
        let n = sides.len();
        // Predecessors by inner moves whose repetition is good for `side`.
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        // For members where `side` moves: good moves left (an exit counts once); for the others,
        // whether every exit is good and every inner move's repetition is.
        let mut count = vec![0u32; n];
        let mut inside = vec![true; n];
        let mut queue = Vec::new();
        for i in 0..n {
            let own = sides[i] == side;
            for &(j, rep) in &inner[i] {
                if rep & bit != 0 {
                    preds[j as usize].push(i as u32);
                }
            }
            let (ok_moves, all_ok) = self.tally(i, bit, |_, rep| rep & bit != 0);
            count[i] = ok_moves;
            let keep = if own { ok_moves > 0 } else { all_ok };
            if !keep {
                inside[i] = false;
                queue.push(i as u32);
            }
        }
        while let Some(j) = queue.pop() {
            for &i in &preds[j as usize] {
                let i = i as usize;
                if !inside[i] || !self.loses_hold(i, side, &mut count) {
                    continue;
                }
                inside[i] = false;
                queue.push(i as u32);
            }
        }
        inside
    }

    /// Rounds of [`Component::first_cycle_region`] at most (each is one pass over the component's moves;
    /// stopping early only leaves the region smaller).
    const FIRST_CYCLE_ROUNDS: usize = 256;

    /// The members of the component from which `side` keeps South's result on his side of the
    /// threshold (`bit` as in [`Component::safety_fixpoint`]) when the game reaches them *with no other
    /// position of the component behind it whose repetition is bad for `side`* (module docs, "The
    /// first-cycle argument"). The region of a co-Büchi game: `W = Attr(W ∪ Y)` until it stops
    /// growing, where `Y` is the greatest set outside `W` from which `side` keeps play in `Y` by
    /// moves into members whose repetition is good for him, or into `W`, or by good exits; the
    /// attractor adds the members from which he forces play into `W ∪ Y` (strictly fewer steps
    /// left each move, so no position of it comes twice). `safety_fixpoint` is the first `Y`.
    pub(super) fn first_cycle_region(&self, bit: u8, side: Side) -> Vec<bool> {
        let (sides, inner) = (self.sides, self.inner);
        let n = sides.len();
        // Reverse edges, each with whether a repetition of its target is good for `side`.
        let mut start = vec![0u32; n + 1];
        for moves in inner {
            for &(j, _) in moves {
                start[j as usize + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut preds = vec![(0u32, false); start[n] as usize];
        for (i, moves) in inner.iter().enumerate() {
            for &(j, rep) in moves {
                let slot = &mut fill[j as usize];
                preds[*slot as usize] = (i as u32, rep & bit != 0);
                *slot += 1;
            }
        }
        let mut win = vec![false; n];
        let mut in_y = vec![false; n];
        let mut count = vec![0u32; n];
        let mut queue = Vec::new();
        for _ in 0..Self::FIRST_CYCLE_ROUNDS {
            // Y: a greatest fixpoint over the members not yet won.
            queue.clear();
            for i in 0..n {
                in_y[i] = false;
                if win[i] {
                    continue;
                }
                let own = sides[i] == side;
                let (ok_moves, all_ok) = self.tally(i, bit, |j, rep| win[j] || rep & bit != 0);
                count[i] = ok_moves;
                in_y[i] = true;
                if !(if own { ok_moves > 0 } else { all_ok }) {
                    in_y[i] = false;
                    queue.push(i as u32);
                }
            }
            while let Some(j) = queue.pop() {
                for &(i, good) in &preds[start[j as usize] as usize..start[j as usize + 1] as usize]
                {
                    let i = i as usize;
                    if !good || !in_y[i] || !self.loses_hold(i, side, &mut count) {
                        continue;
                    }
                    in_y[i] = false;
                    queue.push(i as u32);
                }
            }
            // The attractor of W ∪ Y.
            let mut grew = false;
            queue.clear();
            for i in 0..n {
                if in_y[i] {
                    win[i] = true;
                    grew = true;
                }
                if win[i] {
                    queue.push(i as u32);
                }
            }
            // Per member outside the target, the moves into it still missing: one of his own for
            // `side`; every inner move for the other (whose exits must all be good, else never).
            let mut attracted = Vec::new();
            for i in 0..n {
                count[i] = if win[i] {
                    0
                } else if sides[i] == side {
                    1
                } else if !self.exit_ok(i, bit) {
                    u32::MAX
                } else {
                    inner[i].len() as u32
                };
                if !win[i] && count[i] == 0 {
                    attracted.push(i as u32);
                }
            }
            if queue.is_empty() {
                queue.append(&mut attracted);
                for &i in &queue {
                    win[i as usize] = true;
                    grew = true;
                }
            }
            while let Some(j) = queue.pop() {
                for &(i, _) in &preds[start[j as usize] as usize..start[j as usize + 1] as usize] {
                    let i = i as usize;
                    if win[i] || count[i] == 0 || count[i] == u32::MAX {
                        continue;
                    }
                    if sides[i] == side {
                        count[i] = 0;
                    } else {
                        count[i] -= 1;
                    }
                    if count[i] == 0 {
                        attracted.push(i as u32);
                    }
                }
                if queue.is_empty() {
                    for &i in &attracted {
                        if !win[i as usize] {
                            win[i as usize] = true;
                            grew = true;
                            queue.push(i);
                        }
                    }
                    attracted.clear();
                }
            }
            if !grew {
                break;
            }
        }
        win
    }
}
