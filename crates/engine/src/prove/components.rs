//! The strongly connected components of the graph of quiet moves, labelled on demand by
//! Tarjan's algorithm within a budget (module docs, "History and the transposition table").

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash};
use std::time::{Duration, Instant};

use mancala_core::{MoveList, Position};

use super::keys::KeyHasher;
use super::proof::CHECK_EVERY;

/// Positions one labelling run of quiet-move components may expand.
pub(super) const COMPONENT_RUN: u64 = 1_000_000;

/// Labelling runs that may give up (at their cap or their share of the time) before the
/// labelling stops for the rest of the proof.
const FAILED_RUNS: u32 = 4;

/// The share of a time budget one labelling run may take (1/this).
pub(super) const RUN_TIME_SHARE: u32 = 16;

/// A component label that is not known (the labelling gave up, or the component can reach
/// positions whose component is not known).
pub(super) const UNKNOWN: u32 = u32::MAX;

/// Labels of the strongly connected components of the graph of quiet moves: the moves after
/// which the history goes on (no capture, no end). Built on demand by Tarjan's algorithm from
/// the position asked about, within a budget of expanded positions.
pub(super) struct Components<K> {
    pub(super) labels: HashMap<K, u32, BuildHasherDefault<KeyHasher>>,
    pub(super) next: u32,
    /// Positions per label.
    pub(super) sizes: Vec<u32>,
    /// Positions the labelling may still expand.
    pub(super) left: u64,
    /// Positions one labelling run may expand.
    pub(super) run_cap: u64,
    /// The proof's deadline: a run that reaches it gives up.
    pub(super) deadline: Option<Instant>,
    /// The time one run may take (a share of the time budget).
    pub(super) run_time: Option<Duration>,
    /// Scores (stores) of the runs that gave up: a run from a position with the same scores
    /// (its component lies among the same boards) is not tried again.
    pub(super) given_up: HashMap<[u32; 2], (), BuildHasherDefault<KeyHasher>>,
    /// Runs that gave up; at [`FAILED_RUNS`] the labelling stops.
    pub(super) failed: u32,
}

/// The state of one labelling run (Tarjan's arrays, by position index).
struct Run<K> {
    index_of: HashMap<K, u32, BuildHasherDefault<KeyHasher>>,
    pub(super) keys: Vec<K>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    pub(super) tainted: Vec<bool>,
    pub(super) stack: Vec<u32>,
}

impl<K> Default for Run<K> {
    fn default() -> Self {
        Run {
            index_of: HashMap::default(),
            keys: Vec::new(),
            low: Vec::new(),
            on_stack: Vec::new(),
            tainted: Vec::new(),
            stack: Vec::new(),
        }
    }
}

impl<K: Copy + Eq + Hash> Run<K> {
    /// Opens `pos` (history key `key`): a new index on Tarjan's stack and the path.
    fn visit<P: Position<Key = K>>(&mut self, pos: P, key: K, frames: &mut Vec<Frame<P>>) {
        let index = self.keys.len() as u32;
        self.index_of.insert(key, index);
        self.keys.push(key);
        self.low.push(index);
        self.on_stack.push(true);
        self.tainted.push(false);
        self.stack.push(index);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        frames.push(Frame {
            pos,
            moves,
            next: 0,
            index,
        });
    }
}

/// One position on the depth-first path of a labelling run.
struct Frame<P: Position> {
    pub(super) pos: P,
    pub(super) moves: MoveList<P::Move>,
    pub(super) next: usize,
    pub(super) index: u32,
}

impl<K: Copy + Eq + Hash> Components<K> {
    /// The component of the settled position `pos`, whose history key is `key`.
    pub(super) fn of<P: Position<Key = K>>(&mut self, pos: &P, key: K) -> Option<u32> {
        if let Some(&l) = self.labels.get(&key) {
            return (l != UNKNOWN).then_some(l);
        }
        if self.left == 0
            || self.failed >= FAILED_RUNS
            || self.given_up.contains_key(&pos.stores())
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            return None;
        }
        self.label_from(pos, key);
        self.labels.get(&key).copied().filter(|&l| l != UNKNOWN)
    }

    /// Tarjan's algorithm from `root` (iterative: quiet lines are long). Every component it
    /// completes gets a label; one that reaches a position of unknown component, and every
    /// position still open when the run's budget ends, gets [`UNKNOWN`].
    fn label_from<P: Position<Key = K>>(&mut self, root: &P, root_key: K) {
        let mut run = Run::default();
        let mut frames: Vec<Frame<P>> = Vec::new();
        let cap = self.run_cap.min(self.left);
        let now = Instant::now();
        let deadline = match (self.deadline, self.run_time) {
            (Some(d), Some(r)) => Some(d.min(now + r)),
            (d, _) => d,
        };
        run.visit(*root, root_key, &mut frames);
        let mut expanded = 1u64;
        let mut aborted = false;
        // Moves tried, for looking at the clock: in games whose moves are costly to play (long
        // relay laps) most moves lead to positions already seen, so counting expansions alone
        // would look at it too rarely.
        let mut tried = 0u64;
        while let Some(top) = frames.last_mut() {
            let v = top.index as usize;
            if let Some(&mv) = top.moves.get(top.next) {
                top.next += 1;
                tried += 1;
                if tried % 64 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                    aborted = true;
                    break;
                }
                let mut c = top.pos;
                let effect = c.play_unchecked(mv);
                if effect.irreversible || c.is_over() {
                    continue;
                }
                let ck = c.key();
                c.settle();
                if c.is_over() {
                    continue;
                }
                if let Some(&l) = self.labels.get(&ck) {
                    run.tainted[v] |= l == UNKNOWN;
                    continue;
                }
                if let Some(&w) = run.index_of.get(&ck) {
                    if run.on_stack[w as usize] {
                        run.low[v] = run.low[v].min(w);
                    }
                    continue;
                }
                if expanded >= cap
                    || (expanded % CHECK_EVERY == 0
                        && deadline.is_some_and(|d| Instant::now() >= d))
                {
                    aborted = true;
                    break;
                }
                expanded += 1;
                run.visit(c, ck, &mut frames);
                continue;
            }
            frames.pop();
            if let Some(parent) = frames.last() {
                let p = parent.index as usize;
                run.low[p] = run.low[p].min(run.low[v]);
                run.tainted[p] |= run.tainted[v];
            }
            if run.low[v] == v as u32 {
                let start = run
                    .stack
                    .iter()
                    .rposition(|&i| i as usize == v)
                    .expect("the root of a component is on the stack");
                let any_taint = run.stack[start..].iter().any(|&i| run.tainted[i as usize]);
                let label = if any_taint {
                    UNKNOWN
                } else {
                    self.next += 1;
                    self.sizes.push((run.stack.len() - start) as u32);
                    self.next - 1
                };
                for &i in &run.stack[start..] {
                    run.on_stack[i as usize] = false;
                    self.labels.insert(run.keys[i as usize], label);
                }
                run.stack.truncate(start);
            }
        }
        if aborted {
            for &i in &run.stack {
                self.labels.insert(run.keys[i as usize], UNKNOWN);
            }
            self.given_up.insert(root.stores(), ());
            self.failed += 1;
        }
        self.left = self.left.saturating_sub(expanded);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::oware::{Oware, OwareRules};

    /// Labels with a budget of `left` positions and runs of at most `run_cap`.
    pub(super) fn components(left: u64, run_cap: u64) -> Components<<Oware as Position>::Key> {
        Components {
            labels: HashMap::default(),
            next: 0,
            sizes: Vec::new(),
            left,
            run_cap,
            deadline: None,
            run_time: None,
            given_up: HashMap::default(),
            failed: 0,
        }
    }

    /// Abapa with one seed per pit.
    pub(super) fn rules() -> OwareRules {
        let mut rules = OwareRules::abapa();
        rules.seeds = 1;
        rules
    }

    /// A position of two seeds, whose component is labelled in a few steps.
    pub(super) fn small() -> Oware {
        Oware::from_notation("0-0-0-1-0-0-0-0-1-0-0-0-5-5-S", rules()).unwrap()
    }

    /// The start of Abapa with one seed per pit and the positions one quiet move from it.
    fn start_and_quiet_children() -> Vec<Oware> {
        let start = Oware::new(rules());
        let mut all = vec![start];
        for &mv in start.legal_move_list().iter() {
            let mut c = start;
            let effect = c.play_unchecked(mv);
            if effect.irreversible || c.is_over() {
                continue;
            }
            c.settle();
            all.push(c);
        }
        assert!(all.len() > 2);
        all
    }

    #[test]
    fn a_labelling_run_that_gives_up_is_not_repeated_at_the_same_scores() {
        let all = start_and_quiet_children();
        // The start's component is far larger than 50 positions: the run gives up.
        let mut c = components(1_000_000, 50);
        assert_eq!(c.of(&all[0], all[0].key()), None);
        assert_eq!(c.failed, 1);
        let left = c.left;
        assert!(left < 1_000_000);
        // The same scores: no new run, nothing more spent.
        for p in &all[1..] {
            assert_eq!(c.of(p, p.key()), None);
        }
        assert_eq!((c.left, c.failed), (left, 1));
        // Other scores: a new run.
        let other = small();
        assert!(c.of(&other, other.key()).is_some());
        assert_eq!(c.failed, 1);
    }

    #[test]
    fn labelling_stops_after_four_runs_that_gave_up() {
        let mut c = components(u64::MAX, 50);
        c.failed = FAILED_RUNS - 1;
        let start = Oware::new(rules());
        assert_eq!(c.of(&start, start.key()), None);
        assert_eq!(c.failed, FAILED_RUNS);
        let left = c.left;
        // Other scores (a capture has been made): no run either.
        let other = small();
        assert_eq!(c.of(&other, other.key()), None);
        assert_eq!(c.left, left);
    }
}
