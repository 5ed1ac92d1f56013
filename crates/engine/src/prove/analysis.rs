//! The history-free and first-cycle arguments at a node (module docs, "Inside a component",
//! "The first-cycle argument"): a component's analysis, its exits valued by bounded searches.

use std::collections::HashMap;

use mancala_core::{MoveList, Side};

use crate::games::EngineGame;

use super::components::UNKNOWN;
use super::keys::{KeyMap, Sets};
use super::proof::{ComponentAnalysis, Stop};
use super::prover::Prover;
use super::regions::Component;
use super::value::end_value;

impl<P: EngineGame> Prover<'_, P> {
    /// The history-free argument at a null-window node (module docs, "Inside a component"):
    /// `Some((beta, _))` when the side to move `me` gets at least `beta`, `Some((beta - 1, _))`
    /// when he gets less, with `true` when that holds whatever the history and `false` when
    /// the first-cycle argument gave it for this history; `None` when neither settles it (or
    /// the component is too small to be worth it, or not labelled).
    pub(super) fn history_free(
        &mut self,
        pos: &P,
        own: P::Key,
        me: Side,
        beta: i32,
        ply: usize,
    ) -> Option<(i32, bool)> {
        if self.budget.history_free == usize::MAX {
            return None;
        }
        // South's threshold: North's "at least beta" is South's "less than 1 - beta".
        let t = if me == Side::South { beta } else { 1 - beta };
        let bits = match self.safe.get(&(own, t)) {
            Some(&b) => b,
            None => {
                // Only a component already labelled (by a quiet move into it, see
                // `left_component`): labelling here too would run Tarjan from every position
                // reached by a capture, which costs far more than it saves in games whose
                // quiet graphs are huge (36 seeds, Ba-awa's rounds).
                let label = *self.components.labels.get(&own)?;
                if label == UNKNOWN {
                    return None;
                }
                let size = self.components.sizes[label as usize] as usize;
                // Inside a search valuing an exit, only a component whose walk (a node per
                // member) fits in what is left of that search's budget.
                if size < self.budget.history_free
                    || self.analysed.contains_key(&(label, t))
                    || self.exit_limit.saturating_sub(self.stats.nodes) < size as u64
                {
                    return None;
                }
                self.analysed.insert((label, t), ());
                self.analyse(pos, own, label, t, ply);
                *self.safe.get(&(own, t))?
            }
        };
        let any_history = bits & 3 != 0;
        let south_gets = if any_history {
            self.stats.safe_hits += 1;
            bits & 1 != 0
        } else {
            // The first-cycle argument: holds when no position of the component seen before
            // this one repeats badly for the side it favours.
            let cond = (bits >> 2) & 3;
            if !matches!(cond, 1 | 2) || !self.history_repeats_well(own, t, cond) {
                return None;
            }
            self.stats.first_cycle_hits += 1;
            cond == 1
        };
        let v = if south_gets == (me == Side::South) {
            beta
        } else {
            beta - 1
        };
        Some((v, any_history))
    }

    /// Whether every position of the history before `own` that lies in `own`'s component
    /// repeats well for the side the first-cycle verdict `cond` (1: South gets at least `t`,
    /// 2: he gets less) favours: then that verdict holds at `own` (module docs).
    fn history_repeats_well(&self, own: P::Key, t: i32, cond: u8) -> bool {
        let Some(&label) = self.components.labels.get(&own) else {
            return false;
        };
        let recent = self.history.recent();
        let Some((last, before)) = recent.split_last() else {
            return false;
        };
        if *last != own {
            return false;
        }
        for key in before.iter().rev() {
            if self.components.labels.get(key) != Some(&label) {
                // Positions of earlier components cannot come back (module docs).
                break;
            }
            let good = self
                .safe
                .get(&(*key, t))
                .is_some_and(|&b| (b >> 4) & cond != 0);
            if !good {
                return false;
            }
        }
        true
    }

    /// Runs the history-free argument over the component `label` of `root` for South's
    /// threshold `t`, and records its verdicts in [`Prover::safe`] (nothing when a budget stops
    /// it).
    fn analyse(&mut self, root: &P, root_key: P::Key, label: u32, t: i32, ply: usize) {
        self.stats.analyses += 1;
        let mut report = ComponentAnalysis {
            south_at_least: t,
            ..ComponentAnalysis::default()
        };
        // The members, by a walk over the quiet moves that stay in the component.
        let mut members: Vec<(P, P::Key)> = vec![(*root, root_key)];
        let mut index: KeyMap<P::Key, u32> = HashMap::default();
        index.insert(root_key, 0);
        // Per member: whether South gets at least `t` (bit 0) or less (bit 1) by each move
        // that leaves the component; and the moves that stay, with what a repetition gives.
        let mut exits_south: Vec<(u8, u8)> = Vec::new();
        let mut inner: Vec<Vec<(u32, u8)>> = Vec::new();
        let mut i = 0;
        while i < members.len() {
            self.count(ply);
            if self.stop.is_some() || self.endless.is_some() {
                self.stopped_analysis(report, label, i);
                return;
            }
            let (pos, _) = members[i];
            let me = pos.to_move().expect("a member is not over");
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            // For the side to move: some exit good for South / for North; every exit good.
            let (mut any_s, mut any_n, mut all_s, mut all_n) = (false, false, true, true);
            let mut stays = Vec::new();
            for &mv in moves.iter() {
                let mut c = pos;
                let effect = c.play_unchecked(mv);
                // `Some(None)`: an exit whose search ran out of its own budget.
                let mut good = None;
                if c.is_over() {
                    good = Some(Some(end_value(&c, Side::South) >= t));
                } else if !effect.irreversible {
                    let key = c.key();
                    // What a repetition gives: the rules' own ending, whatever came before.
                    let mut r = c;
                    let repeated = if r.end_by_repetition() && r.is_over() {
                        let v = end_value(&r, Side::South);
                        u8::from(v >= t) | u8::from(v < t) << 1
                    } else {
                        0
                    };
                    c.settle();
                    if c.is_over() {
                        good = Some(Some(end_value(&c, Side::South) >= t));
                    } else if self.components.of(&c, key) == Some(label) {
                        let j = *index.entry(key).or_insert_with(|| {
                            members.push((c, key));
                            members.len() as u32 - 1
                        });
                        stays.push((j, repeated));
                        report.inner_moves += 1;
                        continue;
                    }
                    if good.is_none() {
                        good = self.exit_is_good(&c, key, true, t, ply, &mut report);
                    }
                } else {
                    c.settle();
                    if c.is_over() {
                        good = Some(Some(end_value(&c, Side::South) >= t));
                    } else {
                        let key = c.key();
                        good = self.exit_is_good(&c, key, false, t, ply, &mut report);
                    }
                }
                let Some(good) = good else {
                    self.stopped_analysis(report, label, i);
                    return;
                };
                report.exits += 1;
                let Some(good) = good else {
                    // Not known: good for neither side.
                    report.exits_unknown += 1;
                    all_s = false;
                    all_n = false;
                    continue;
                };
                report.exits_good += u64::from(good);
                any_s |= good;
                any_n |= !good;
                all_s &= good;
                all_n &= !good;
            }
            self.stats.labelled = self.components.labels.len();
            // Bit 0: this member's exits alone make it good for South (South to move: one
            // good exit; North to move: he has no exit that is not good, so far).
            let (s_ok, n_ok) = if me == Side::South {
                (any_s, all_n)
            } else {
                (all_s, any_n)
            };
            exits_south.push((u8::from(s_ok), u8::from(n_ok)));
            inner.push(stays);
            i += 1;
        }
        let sides: Vec<Side> = members
            .iter()
            .map(|(p, _)| p.to_move().expect("not over"))
            .collect();
        let component = Component {
            sides: &sides,
            exits: &exits_south,
            inner: &inner,
        };
        let mut verdict = vec![0u8; members.len()];
        for (bit, side) in [(1u8, Side::South), (2u8, Side::North)] {
            let inside = component.safety_fixpoint(bit, side);
            for (v, ok) in verdict.iter_mut().zip(inside) {
                if ok {
                    *v |= bit;
                }
            }
        }
        for (bit, side) in [(1u8, Side::South), (2u8, Side::North)] {
            let won = component.first_cycle_region(bit, side);
            for (v, ok) in verdict.iter_mut().zip(won) {
                if ok && *v & bit == 0 {
                    *v |= bit << 2;
                }
            }
        }
        // What a repetition of each member gives (known for the members a move of the
        // component comes back to, the only ones that can repeat).
        for moves in &inner {
            for &(j, rep) in moves {
                verdict[j as usize] |= rep << 4;
            }
        }
        report.members = members.len();
        report.at_root = self.components.labels.get(&self.root) == Some(&label);
        for &v in &verdict {
            report.repeat_good += usize::from(v & 0x10 != 0);
            report.repeat_bad += usize::from(v & 0x20 != 0);
            report.south_safe += usize::from(v & 1 != 0);
            report.north_safe += usize::from(v & 2 != 0);
            report.south_first_cycle += usize::from(v & 4 != 0);
            report.north_first_cycle += usize::from(v & 8 != 0);
        }
        if let Some(&r) = index.get(&self.root) {
            let v = verdict[r as usize];
            if v & 5 != 0 {
                report.root_south_gets = Some(true);
            } else if v & 10 != 0 {
                report.root_south_gets = Some(false);
            }
        }
        self.analyses.push(report);
        for ((_, key), v) in members.iter().zip(verdict) {
            self.safe.insert((*key, t), v);
        }
    }

    /// Records an analysis of the component `label` that a budget stopped after walking
    /// `walked` members.
    fn stopped_analysis(&mut self, mut report: ComponentAnalysis, label: u32, walked: usize) {
        // Nothing was recorded: a later node (when only an enclosing exit search stopped) or a
        // later proof sharing this one's memory ([`ProofMemory`]) may analyse it again.
        self.analysed.remove(&(label, report.south_at_least));
        report.members = self.components.sizes[label as usize] as usize;
        report.walked = Some(walked);
        report.at_root = self.components.labels.get(&self.root) == Some(&label);
        self.analyses.push(report);
    }

    /// Whether the value of the position `c` (settled, not over, key `key`), reached by a move
    /// out of the component being analysed, is at least South's threshold `t`: a search from a
    /// history of `c` alone (no position before it can come back, module docs), of at most
    /// [`Budget::exit_nodes`] nodes. `Some(None)` when that budget ran out (the move is then
    /// good for neither side in the analysis); `None` when another budget stopped it. The
    /// search and its nodes are counted in `report`.
    fn exit_is_good(
        &mut self,
        c: &P,
        key: P::Key,
        quiet: bool,
        t: i32,
        ply: usize,
        report: &mut ComponentAnalysis,
    ) -> Option<Option<bool>> {
        let before = self.stats.nodes;
        let good = 'search: {
            let token = self.history.push(key, true);
            let side = c.to_move().expect("not over");
            if quiet {
                self.stats.component_exits += 1;
            }
            // This search's own budget, inside any that an enclosing exit search has; no
            // horizon (its node budget bounds it, and the analysis keeps only proven results).
            let outer = self.exit_limit;
            let horizon = std::mem::replace(&mut self.horizon, usize::MAX);
            self.exit_limit = outer.min(self.stats.nodes.saturating_add(self.budget.exit_nodes));
            let good = if side == Side::South {
                self.search(c, key, Sets::fresh(&key, None), true, t - 1, t, ply + 1) >= t
            } else {
                // North at least 1 - t is South below t.
                self.search(c, key, Sets::fresh(&key, None), true, -t, 1 - t, ply + 1) < 1 - t
            };
            self.history.pop(token);
            self.horizon = horizon;
            let mine = self.stop == Some(Stop::ExitBudget) && self.exit_limit < outer;
            self.exit_limit = outer;
            if mine {
                // Nothing the stopped search was in the middle of was recorded.
                self.stop = None;
                self.stats.exits_unknown += 1;
                break 'search Some(None);
            }
            (self.stop.is_none() && self.endless.is_none()).then_some(Some(good))
        };
        let spent = self.stats.nodes - before;
        report.exit_nodes += spent;
        report.exits_searched += u64::from(spent > 1);
        good
    }
}
