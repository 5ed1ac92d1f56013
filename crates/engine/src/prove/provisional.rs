//! The shared-cycle argument's provisional results (module docs, "Rules whose cycles all end
//! alike"): recorded below a node, settled when it returns (their types are the prover's, in
//! `prover`).

use crate::games::EngineGame;

use super::prover::{Prover, Provisional, Settle};

impl<P: EngineGame> Prover<'_, P> {
    /// Applies a node's own result (the node at `own_index` of the history, whose results
    /// below were recorded from `mark` on) to the provisional results recorded below it
    /// (module docs, "Rules whose cycles all end alike").
    pub(super) fn settle_provisional(&mut self, mark: usize, own_index: usize, how: Settle) {
        let end = self.provisional_log.len();
        let mark = mark.min(end);
        // The runs recorded below the node, and the earliest position any of them rests on.
        let first_run = self.provisional_runs.partition_point(|r| r.0 < mark);
        let below = self.provisional_runs[first_run..].iter().map(|r| r.1).min();
        match how {
            Settle::RestOn(d) => {
                // Each now rests on what the node rests on, too: one run.
                self.provisional_runs.truncate(first_run);
                if mark < end {
                    let dep = below.map_or(d, |b| b.min(d));
                    self.provisional_runs.push((mark, dep));
                }
                return;
            }
            Settle::Forget | Settle::Promote => {}
        }
        // Taken out while the results are settled (`store` does not touch them), not copied.
        let mut all_runs = std::mem::take(&mut self.provisional_runs);
        let runs = &all_runs[first_run..];
        let mut run = 0;
        for i in mark..end {
            let key = self.provisional_log[i];
            let Some(&p) = self.provisional.get(&key) else {
                continue;
            };
            if p.slot != i {
                // Recorded again later: that entry has its own slot.
                continue;
            }
            self.provisional.remove(&key);
            while run + 1 < runs.len() && runs[run + 1].0 <= i {
                run += 1;
            }
            // Won for good at the node, resting on nothing above it: a fact. (A result below a
            // node proven whatever the history rests on nothing above it; one that would is
            // only forgotten, which is always sound.)
            if how == Settle::Promote && runs.get(run).is_some_and(|r| r.0 <= i && r.1 >= own_index)
            {
                self.stats.promoted += 1;
                self.store((key, 0), p.lo, p.hi, Some(p.best));
            }
        }
        all_runs.truncate(first_run);
        self.provisional_runs = all_runs;
        self.provisional_log.truncate(mark);
    }

    /// Records the provisional result `lo..=hi` (best move `best`) of the node at whose entry
    /// the log held `mark` results, resting on the position at index `dep` of the history.
    pub(super) fn record_provisional(
        &mut self,
        key: P::Key,
        lo: i32,
        hi: i32,
        best: P::Move,
        dep: usize,
        mark: usize,
    ) {
        if self.provisional.len() >= self.budget.max_entries {
            // Full: not recorded (emptying the map here would leave the nodes above with marks
            // past the log's end, and results below them that they would not settle).
            return;
        }
        let slot = self.provisional_log.len();
        let mark = mark.min(slot);
        // After `settle_provisional(.., RestOn(dep))` the results below the node form the
        // last run, which rests on `dep` at the earliest: the node's own result joins it.
        match self.provisional_runs.last_mut() {
            Some(r) if r.0 >= mark => r.1 = r.1.min(dep),
            _ => self.provisional_runs.push((slot, dep)),
        }
        self.provisional_log.push(key);
        self.provisional
            .insert(key, Provisional { lo, hi, best, slot });
    }

    /// The index in the history of the earliest position the provisional result in `slot`
    /// rests on.
    pub(super) fn provisional_dep(&self, slot: usize) -> usize {
        let run = self.provisional_runs.partition_point(|r| r.0 <= slot);
        run.checked_sub(1).map_or(0, |r| self.provisional_runs[r].1)
    }

    /// Forgets every provisional result.
    pub(super) fn clear_provisional(&mut self) {
        self.provisional.clear();
        self.provisional_log.clear();
        self.provisional_runs.clear();
    }
}
