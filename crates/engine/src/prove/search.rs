//! The null-window search to the end of every line (or to the horizon of a deepening test).

use mancala_core::{MoveList, Side, MAX_MOVES};

use crate::games::EngineGame;

use super::keys::Sets;
use super::line::advance_keyed;
use super::proof::{Stop, MAX_PLY};
use super::prover::{Prover, Settle};
use super::value::{end_value, INF};

impl<P: EngineGame> Prover<'_, P> {
    /// The value of `pos` (settled, not over, its key `own` last on the history) for its side
    /// to move, fail-soft within `(alpha, beta)`. `sets` hash the part of the history since
    /// the last irreversible move that can still matter (see the module docs), `pos` included;
    /// `fresh` when that part holds `pos` alone. Sets [`Prover::last_dep`].
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
        &mut self,
        pos: &P,
        own: P::Key,
        sets: Sets,
        fresh: bool,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.count(ply);
        // Until shown otherwise, the result may depend on every position of the history.
        self.last_dep = 0;
        self.tainted = false;
        if ply >= MAX_PLY {
            self.stop = Some(Stop::Depth);
        }
        if self.stop.is_some() || self.endless.is_some() {
            return 0;
        }
        let me = pos.to_move().expect("a settled position that is not over");
        let (mut lo, mut hi) = (-INF, INF);
        // Under the shared-cycle argument an entry exact from an empty history is the
        // history-free value that every result here is about, once no position of the history
        // before the root can come back (none, or a capture since).
        let exact_here = fresh || (self.shared && (self.pre == 0 || self.history.floor() > 0));
        if let Some((tl, th)) = self.table.and_then(|t| t.bounds(pos, me, exact_here)) {
            if tl >= beta || th <= alpha || tl == th {
                self.stats.table_hits += 1;
                // Exact for any history, or for this one with nothing before the node.
                self.last_dep = usize::MAX;
                return if th <= alpha { th } else { tl };
            }
            (lo, hi) = (tl, th);
        }
        let tt_key = self.tt_key(pos, sets);
        let mut first = None;
        if let Some(e) = self.tt.get(&tt_key) {
            self.stats.tt_hits += 1;
            if self.shared {
                // Kept by position alone: it holds whatever the history.
                self.last_dep = usize::MAX;
            }
            if e.lo >= beta || e.lo == e.hi {
                return e.lo;
            }
            if e.hi <= alpha {
                return e.hi;
            }
            lo = lo.max(e.lo);
            hi = hi.min(e.hi);
            first = Some(e.best);
        }
        if self.shared {
            if let Some(&p) = self.provisional.get(&pos.key()) {
                if p.lo >= beta || p.hi <= alpha {
                    self.stats.provisional_hits += 1;
                    self.last_dep = self.provisional_dep(p.slot);
                    return if p.hi <= alpha { p.hi } else { p.lo };
                }
            }
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let (alpha0, beta0) = (alpha, beta);
        let null_window = alpha + 1 == beta;
        // South's threshold: North's "at least beta" is South's "less than 1 - beta".
        let t = if me == Side::South { beta } else { 1 - beta };
        if null_window && !self.shared {
            let south_gets = if self.mono.contains_key(&(pos.key(), t, sets.bad, true)) {
                Some(true)
            } else if self.mono.contains_key(&(pos.key(), t, sets.good, false)) {
                Some(false)
            } else {
                None
            };
            if let Some(gets) = south_gets {
                self.stats.mono_hits += 1;
                self.last_dep = usize::MAX;
                return if gets == (me == Side::South) {
                    beta
                } else {
                    alpha
                };
            }
            if let Some((v, any_history)) = self.history_free(pos, own, me, beta, ply) {
                // A history-free verdict depends on no history; a first-cycle one does.
                self.last_dep = if any_history { usize::MAX } else { 0 };
                return v;
            }
            if self.stop.is_some() || self.endless.is_some() {
                return 0;
            }
        }
        if self.horizon != usize::MAX {
            // Deepening: below here results are proven only if no horizon decided them.
            let left = self.horizon.saturating_sub(ply);
            let passed = if left == 0 {
                self.stats.horizon_nodes += 1;
                Some(me == self.horizon_passes)
            } else {
                self.shallow
                    .get(&tt_key)
                    .and_then(|&(passed, had)| (had >= left).then_some(passed))
            };
            if let Some(passed) = passed {
                self.tainted = true;
                return if passed { beta } else { alpha };
            }
        }
        let own_index = self.history.len() - 1;
        let mut dep = usize::MAX;
        // The shared-cycle argument's results recorded below this node start here.
        let mark = self.provisional_log.len();

        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        // Order: the move that proved a bound before; then moves that end the game (a
        // repetition included) in a way that settles this test; then the rest by the fitted
        // evaluation of the child for the mover, captures counting first; ends that fail the
        // test last.
        let mut order = [(0i32, 0usize, P::Move::default()); MAX_MOVES];
        let n = moves.len();
        for (i, (slot, &mv)) in order.iter_mut().zip(moves.iter()).enumerate() {
            let mut c = *pos;
            let effect = c.play_unchecked(mv);
            let mut over = c.is_over();
            if !over && !effect.irreversible && self.history.contains(&c.key()) {
                over = c.end_by_repetition() && c.is_over();
            }
            if !over {
                c.settle();
                over = c.is_over();
            }
            let score = if first == Some(mv) {
                i32::MAX
            } else if over {
                let v = end_value(&c, me);
                if v >= beta {
                    i32::MAX - 1
                } else if v <= alpha {
                    i32::MIN
                } else {
                    v
                }
            } else {
                let side = c.to_move().expect("not over");
                let e = c.evaluate_fitted(side);
                1_000 * effect.captured as i32 + if side == me { e } else { -e }
            };
            *slot = (score.saturating_neg(), i, mv);
        }
        order[..n].sort_unstable_by_key(|s| (s.0, s.1));

        let mut best = -INF;
        let mut best_move = order[0].2;
        // Whether the result depends on a horizon: on a cut-off, the move that made it; else
        // any move searched.
        let mut tainted = false;
        for &(_, _, mv) in &order[..n] {
            let mut child = *pos;
            let step = match advance_keyed(&mut child, mv, &mut self.history) {
                Ok(step) => step,
                Err(_) => {
                    self.endless = Some(ply + 1);
                    return 0;
                }
            };
            if let Some(at) = step.repeated {
                // Under the shared-cycle argument, coming back to the history before the root
                // ends the game like a terminal: nothing to rest on.
                if !(self.shared && at < self.pre) {
                    dep = dep.min(at);
                }
            }
            let (v, child_tainted) = match (child.to_move(), step.pushed) {
                (Some(side), Some((token, key))) => {
                    let good = step.rep_value.map(|r| r >= t);
                    let (csets, cfresh) = if step.effect.irreversible {
                        (Sets::fresh(&key, good), true)
                    } else if !self.shared && self.left_component(pos, own, &child, key) {
                        self.stats.component_exits += 1;
                        (Sets::fresh(&key, good), true)
                    } else {
                        (sets.with(&key, good), false)
                    };
                    let v = if side == me {
                        self.search(&child, key, csets, cfresh, alpha, beta, ply + 1)
                    } else {
                        -self.search(&child, key, csets, cfresh, -beta, -alpha, ply + 1)
                    };
                    dep = dep.min(self.last_dep);
                    self.history.pop(token);
                    (v, self.tainted)
                }
                _ => (end_value(&child, me), false),
            };
            if self.stop.is_some() || self.endless.is_some() {
                return 0;
            }
            if v > best {
                best = v;
                best_move = mv;
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                tainted = child_tainted;
                break;
            }
            tainted |= child_tainted;
        }
        if tainted {
            // Not proven: kept for the rest of this deepening search only, with the move
            // that made it for the order of the next one.
            self.settle_provisional(mark, own_index, Settle::Forget);
            if self.shallow.len() >= self.budget.max_entries {
                self.shallow.clear();
            }
            self.shallow
                .insert(tt_key, (best >= beta0, self.horizon.saturating_sub(ply)));
            if best >= beta0 {
                self.store(tt_key, -INF, INF, Some(best_move));
            }
            self.last_dep = dep;
            self.tainted = true;
            return best;
        }
        // Fail-soft: `best <= alpha0` proves `value <= best`, `best >= beta0` proves
        // `value >= best`, anything between is exact.
        let (mut new_lo, mut new_hi) = (lo, hi);
        if best <= alpha0 {
            new_hi = new_hi.min(best);
        } else if best >= beta0 {
            new_lo = new_lo.max(best);
        } else {
            (new_lo, new_hi) = (best, best);
        }
        if self.shared {
            let cycle_won = null_window && {
                // The side a repetition here favours for this test wins it.
                let mut r = *pos;
                r.end_by_repetition()
                    && r.is_over()
                    && (end_value(&r, me) >= beta0) == (best >= beta0)
            };
            let proven = dep >= own_index || (null_window && !cycle_won);
            // What the node's result does to those below it, the bounds the table keeps
            // (none but the move unless proven whatever the history), what the node rests on.
            let (how, (keep_lo, keep_hi), rests_on) = if proven {
                let how = if cycle_won {
                    Settle::Promote
                } else {
                    Settle::Forget
                };
                (how, (new_lo, new_hi), usize::MAX)
            } else if cycle_won {
                // Rests on positions of the line above: provisional until they are settled.
                (Settle::RestOn(dep), (-INF, INF), dep)
            } else {
                (Settle::Forget, (-INF, INF), dep)
            };
            self.settle_provisional(mark, own_index, how);
            self.store(tt_key, keep_lo, keep_hi, Some(best_move));
            if let Settle::RestOn(dep) = how {
                // Only the test's bound: the fail-soft value may count a repetition of a position
                // above as worth the repetition's ending, while that position is only proven to
                // pass the test (module docs).
                let (lo, hi) = if best >= beta0 {
                    (lo.max(beta0), hi)
                } else {
                    (lo, hi.min(alpha0))
                };
                self.record_provisional(pos.key(), lo, hi, best_move, dep, mark);
            }
            self.last_dep = rests_on;
            return best;
        }
        self.store(
            tt_key,
            new_lo,
            new_hi,
            (best >= beta0 || best > alpha0).then_some(best_move),
        );
        if null_window && dep >= own_index {
            // No position before this node decided a line: the result holds for every
            // history with the same part of the kind that could change it.
            let south_gets = (best >= beta0) == (me == Side::South);
            let part = if south_gets { sets.bad } else { sets.good };
            if self.mono.len() >= self.budget.max_entries {
                self.mono.clear();
            }
            self.mono.insert((pos.key(), t, part, south_gets), ());
        }
        self.last_dep = dep;
        best
    }
}
