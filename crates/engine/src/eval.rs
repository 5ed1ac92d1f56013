//! The static evaluation and the encoding of scores.
//!
//! # Score encoding (internal, from the side to move's point of view)
//!
//! * Heuristic values are in centiseeds (100 = one seed) and stay within ±[`HEURISTIC_MAX`].
//! * A finished game is worth `0` for a draw, and for a win `WIN + 1000 * m - ply`, where `m ≥ 1`
//!   is the final seed margin (at least 1 even if the rules give the win on other grounds, e.g. a
//!   forced grand slam) and `ply` the distance from the root: bigger margins first, then quicker
//!   wins. Losses are the negation. Every such value exceeds `WIN` in absolute value.
//!
//! # Evaluation
//!
//! Two evaluations are built in; [`EvalKind`] chooses (per search, see
//! [`crate::SearchOptions::eval`]):
//!
//! * **fitted** (the default): for the 2x6 games of the Oware family ([`mancala_core::oware::Oware`]: Abapa, Oware,
//!   Wuri, Ouril; Ouril, told apart by its singleton rule, has weights of its own) and Ọlọwuka,
//!   a linear function of the features of [`crate::features`] (store
//!   difference, a value of every pit by position and count bucket, immediate capture threats)
//!   interpolated by game phase, with weights fitted on self-play games by [`crate::tune`] and
//!   committed as generated data files (`src/weights/*.tsv`, read at compile time). docs/engine.md ("Evaluation") tells how
//!   they were made. Ba-awa ([`BaAwa`]) and Isolo ([`Isolo`]) have their own features
//!   ([`crate::features::ba_awa`], [`crate::features::isolo`]) and fitted weights, made the same
//!   way.
//! * **hand**: the original hand-set evaluation, generic over [`Position::pits`] (South's row
//!   first, two rows) and [`Position::stores`], so every two-row game gets a sensible default:
//!   * `STORE` per seed of store difference (the material);
//!   * `ROW` per seed more on one's own row (seeds that a player's own-row rules would award him,
//!     and the reserve that feeds long sowings);
//!   * `VULNERABLE` per opponent pit holding 1 or 2 seeds minus own such pits (the pits a
//!     2-or-3 capture can take);
//!   * `MOBILITY` per non-empty own pit minus the opponent's (running out of moves loses seeds).
//!
//! Both are antisymmetric: a position valued for the other side is the exact negation.

use mancala_core::ba_awa::BaAwa;
use mancala_core::isolo::Isolo;
use mancala_core::{Position, Side};

use crate::features;
use crate::games::EngineGame;
use crate::weights::{BaAwaWeights, Fast2x6, IsoloWeights};

/// Base of the win encoding; every proven win is worth more than this.
pub const WIN: i32 = 1_000_000;
/// Larger than any value.
pub const INF: i32 = 2_000_000;
/// Bound on heuristic values.
pub const HEURISTIC_MAX: i32 = 100_000;

const STORE: i32 = 100;
const ROW: i32 = 4;
const VULNERABLE: i32 = 12;
const MOBILITY: i32 = 6;

/// True for the value of a proven win or loss.
#[inline]
#[must_use]
pub fn is_decisive(v: i32) -> bool {
    v.abs() > WIN
}

/// The final seed margin encoded in a decisive value (positive for a win).
#[must_use]
pub fn margin(v: i32) -> i32 {
    let m = (v.abs() - WIN + 999) / 1000;
    if v < 0 {
        -m
    } else {
        m
    }
}

/// The value of a proven win by `margin` seeds (at least 1), found `ply` plies below the root.
#[inline]
pub(crate) fn win_value(margin: i32, ply: usize) -> i32 {
    WIN + 1000 * margin.clamp(1, 255) - ply.min(999) as i32
}

/// The value of a finished game for `me`, found `ply` plies below the root.
#[inline]
pub fn terminal<P: Position>(pos: &P, me: Side, ply: usize) -> i32 {
    let Some(outcome) = pos.outcome() else {
        return 0;
    };
    let st = pos.stores();
    let diff = st[me.index()] as i32 - st[me.opponent().index()] as i32;
    match outcome.winner {
        None => 0,
        Some(w) if w == me => win_value(diff, ply),
        Some(_) => -win_value(-diff, ply),
    }
}

/// Which static evaluation a search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EvalKind {
    /// The fitted evaluation where a game has fitted weights, the hand-set one elsewhere.
    #[default]
    Fitted,
    /// The hand-set evaluation for every game (the reference to measure the fitted one against).
    Hand,
}

impl EvalKind {
    /// The name used by options and match configurations (`fitted`, `hand`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Fitted => "fitted",
            EvalKind::Hand => "hand",
        }
    }

    /// Reads [`EvalKind::name`]; `None` for anything else.
    #[must_use]
    pub fn from_name(name: &str) -> Option<EvalKind> {
        match name {
            "fitted" => Some(EvalKind::Fitted),
            "hand" => Some(EvalKind::Hand),
            _ => None,
        }
    }
}

/// The heuristic value of a position that is not over, for `me` (the side to move), by the
/// evaluation `kind` (the fitted one is the position type's
/// [`EngineGame::evaluate_fitted`]).
#[inline]
pub fn evaluate<P: EngineGame>(pos: &P, me: Side, kind: EvalKind) -> i32 {
    match kind {
        EvalKind::Hand => evaluate_hand(pos, me),
        EvalKind::Fitted => pos.evaluate_fitted(me),
    }
}

/// The fitted evaluation of a Ba-awa position with the weights `w` (see
/// [`crate::features::ba_awa`]).
#[inline]
pub(crate) fn evaluate_ba_awa(pos: &BaAwa, me: Side, w: &BaAwaWeights) -> i32 {
    weighted(w, |sum| {
        features::ba_awa::visit(pos, me, |i, x| sum.add(i, x))
    })
}

/// The fitted evaluation of an Isolo position with the weights `w` (see
/// [`crate::features::isolo`]: the first weight is the foregame's, the second the proper game's).
#[inline]
pub(crate) fn evaluate_isolo(pos: &Isolo, me: Side, w: &IsoloWeights) -> i32 {
    weighted(w, |sum| {
        features::isolo::visit(pos, me, |i, x| sum.add(i, x))
    })
}

/// The sums of features weighted for the full and for the empty board.
struct Weighted<'w> {
    w: &'w [[i32; 2]],
    full: i64,
    empty: i64,
}

impl Weighted<'_> {
    /// Adds feature `i` of value `x`.
    #[inline(always)]
    fn add(&mut self, i: usize, x: i32) {
        self.full += i64::from(self.w[i][0]) * i64::from(x);
        self.empty += i64::from(self.w[i][1]) * i64::from(x);
    }
}

/// The fitted value, by the weights `w`, of the features that `visit` adds to the sums it is
/// given; `visit` returns the phase.
#[inline(always)]
fn weighted(w: &[[i32; 2]], visit: impl FnOnce(&mut Weighted<'_>) -> features::Phase) -> i32 {
    let mut sum = Weighted {
        w,
        full: 0,
        empty: 0,
    };
    let phase = visit(&mut sum);
    interpolate(sum.full, sum.empty, phase)
}

/// The phase interpolation of the full-board and empty-board sums, clamped to the heuristic
/// range.
#[inline(always)]
fn interpolate(full: i64, empty: i64, phase: features::Phase) -> i32 {
    if phase.total <= 0 {
        return 0;
    }
    let v = (full * phase.board + empty * (phase.total - phase.board)) / phase.total;
    v.clamp(-i64::from(HEURISTIC_MAX), i64::from(HEURISTIC_MAX)) as i32
}

/// The fitted evaluation of a 2x6 board by the table `w` (the search's leaves): the same value
/// as the weighted sum of [`features::visit`]'s features with the weights `w` was built from.
#[inline]
pub(crate) fn evaluate_fast(pits: &[u8], stores: [u32; 2], me: Side, w: &Fast2x6) -> i32 {
    let Ok(pits) = <&[u8; 12]>::try_from(pits) else {
        return 0;
    };
    let (south, north) = pits.split_at(6);
    let (mine, theirs) = if me == Side::South {
        (south, north)
    } else {
        (north, south)
    };
    let mut packed = 0i64;
    let mut board = 0i64;
    for i in 0..6 {
        packed += w.pit[i][usize::from(mine[i].min(24))] - w.pit[i][usize::from(theirs[i].min(24))];
        board += i64::from(mine[i]) + i64::from(theirs[i]);
    }
    // The low half, sign-extended, is the full-board sum; the rest is the empty-board sum.
    let mut full = i64::from(packed as i32);
    let mut empty = (packed - full) >> 32;
    let st = [i64::from(stores[0]), i64::from(stores[1])];
    let diff = features::store_difference(st, me);
    let (best_m, hits_m) = features::threats(mine, theirs);
    let (best_t, hits_t) = features::threats(theirs, mine);
    let (best, hits) = (i64::from(best_m - best_t), i64::from(hits_m - hits_t));
    full += w.store[0] * diff + w.best[0] * best + w.count[0] * hits;
    empty += w.store[1] * diff + w.best[1] * best + w.count[1] * hits;
    interpolate(
        full,
        empty,
        features::Phase {
            board,
            total: board + st[0] + st[1],
        },
    )
}

/// The fitted evaluation of a 2x6 board with the weights `w`, by its definition: the weighted
/// sum of the features that [`features::visit`] reports. [`evaluate_fast`] computes the same
/// value at the leaves; the tests check that they agree.
#[cfg(test)]
pub(crate) fn evaluate_with(
    pits: &[u8],
    stores: [u32; 2],
    me: Side,
    w: &crate::weights::Weights,
) -> i32 {
    weighted(w, |sum| {
        features::visit(pits, stores, me, |i, x| sum.add(i, x))
    })
}

/// The hand-set evaluation ([`EvalKind::Hand`]).
#[inline]
pub fn evaluate_hand<P: Position>(pos: &P, me: Side) -> i32 {
    hand_board(pos.pits(), pos.stores(), me)
}

/// The hand-set evaluation of a two-row board (South's row first).
#[inline]
pub(crate) fn hand_board(pits: &[u8], st: [u32; 2], me: Side) -> i32 {
    let n = pits.len() / 2;
    let (mine, theirs) = if me == Side::South {
        (&pits[..n], &pits[n..2 * n])
    } else {
        (&pits[n..2 * n], &pits[..n])
    };
    let diff = (i64::from(st[me.index()]) - i64::from(st[me.opponent().index()]))
        .clamp(-i64::from(HEURISTIC_MAX), i64::from(HEURISTIC_MAX)) as i32;
    let mut v = STORE * diff;
    for (&a, &b) in mine.iter().zip(theirs) {
        v += ROW * (i32::from(a) - i32::from(b));
        v += VULNERABLE * (i32::from(b == 1 || b == 2) - i32::from(a == 1 || a == 2));
        v += MOBILITY * (i32::from(a > 0) - i32::from(b > 0));
    }
    v.clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
}

/// Converts a value found `ply` plies below the root into one relative to that node (for the
/// table), so that a win's distance stays right wherever the entry is read.
#[inline]
pub(crate) fn to_table(v: i32, ply: usize) -> i32 {
    let p = ply as i32;
    if v > WIN {
        v + p
    } else if v < -WIN {
        v - p
    } else {
        v
    }
}

/// The inverse of [`to_table`].
#[inline]
pub(crate) fn from_table(v: i32, ply: usize) -> i32 {
    let p = ply as i32;
    if v > WIN {
        v - p
    } else if v < -WIN {
        v + p
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights::{self, Weights};
    use mancala_core::oware::Oware;

    /// The fitted value computed in 128-bit arithmetic, for comparison.
    fn reference(pits: &[u8], stores: [u32; 2], me: Side, w: &Weights) -> i32 {
        let (mut full, mut empty) = (0i128, 0i128);
        let phase = features::visit(pits, stores, me, |i, x| {
            full += i128::from(w[i][0]) * i128::from(x);
            empty += i128::from(w[i][1]) * i128::from(x);
        });
        if phase.total <= 0 {
            return 0;
        }
        let (b, t) = (i128::from(phase.board), i128::from(phase.total));
        let v = (full * b + empty * (t - b)) / t;
        v.clamp(-i128::from(HEURISTIC_MAX), i128::from(HEURISTIC_MAX)) as i32
    }

    #[test]
    fn fitted_values_do_not_overflow() {
        let weights = [&weights::OWARE, &weights::OURIL, &weights::OLOWUKA];
        let extreme: Weights = [[10_000, -10_000]; features::FEATURES];
        let boards: [([u8; 12], [u32; 2]); 5] = [
            ([255; 12], [u32::MAX, 0]),
            ([255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0]),
            ([0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2], [0, u32::MAX]),
            ([0; 12], [0, 0]),
            ([5, 11, 1, 2, 30, 0, 1, 2, 1, 2, 1, 2], [7, 3]),
        ];
        for w in weights.into_iter().chain([&extreme]) {
            for (pits, stores) in &boards {
                for me in [Side::South, Side::North] {
                    let v = evaluate_with(pits, *stores, me, w);
                    assert_eq!(v, reference(pits, *stores, me, w), "{pits:?} {stores:?}");
                    assert_eq!(v, -evaluate_with(pits, *stores, me.opponent(), w));
                }
            }
        }
    }

    #[test]
    fn the_leaf_evaluation_equals_the_feature_sum() {
        let tables = [
            (&weights::OWARE, &weights::OWARE_FAST),
            (&weights::OURIL, &weights::OURIL_FAST),
            (&weights::OLOWUKA, &weights::OLOWUKA_FAST),
        ];
        // Weights at the bound of the packed table (every PST weight just under 2^20 in
        // magnitude, of both signs) and extreme store and threat weights.
        let mut extreme: Weights = [[10_000, -10_000]; features::FEATURES];
        for (i, w) in extreme.iter_mut().enumerate().skip(features::PST).take(66) {
            *w = if i % 3 == 0 {
                [(1 << 20) - 1, -(1 << 20) + 1]
            } else {
                [-(1 << 20) + 1, (1 << 20) - 1]
            };
        }
        let extreme_fast = Fast2x6::new(&extreme);
        let mut next = features::xorshift(0x9e37_79b9_7f4a_7c15);
        for round in 0..20_000 {
            let r = next();
            let mut pits = [0u8; 12];
            for (k, p) in pits.iter_mut().enumerate() {
                // Mostly small counts, where the buckets and threats differ, some big ones.
                let x = (r >> (5 * k)) as u8;
                *p = if x & 0x18 == 0x18 { x } else { x & 7 };
            }
            let stores = match round % 4 {
                0 => [0, 0],
                1 => [(r >> 56) as u32 % 25, (r >> 48) as u32 % 25],
                2 => [u32::MAX, (r >> 40) as u32],
                _ => [(r >> 32) as u32, 7],
            };
            for (w, fast) in tables.iter().copied().chain([(&extreme, &extreme_fast)]) {
                for me in [Side::South, Side::North] {
                    assert_eq!(
                        evaluate_fast(&pits, stores, me, fast),
                        evaluate_with(&pits, stores, me, w),
                        "{pits:?} {stores:?} {me:?}"
                    );
                }
            }
        }
        assert_eq!(
            evaluate_fast(&[4; 16], [0, 0], Side::South, &weights::OWARE_FAST),
            0
        );
    }

    /// The fitted value of the features reported through `visit`, in 128-bit arithmetic.
    fn reference_of(
        w: &[[i32; 2]],
        visit: impl FnOnce(&mut dyn FnMut(usize, i32)) -> features::Phase,
    ) -> i32 {
        let (mut full, mut empty) = (0i128, 0i128);
        let phase = visit(&mut |i, x| {
            full += i128::from(w[i][0]) * i128::from(x);
            empty += i128::from(w[i][1]) * i128::from(x);
        });
        let (b, t) = (i128::from(phase.board), i128::from(phase.total));
        let v = (full * b + empty * (t - b)) / t.max(1);
        v.clamp(-i128::from(HEURISTIC_MAX), i128::from(HEURISTIC_MAX)) as i32
    }

    #[test]
    fn ouril_uses_its_own_weights() {
        use mancala_core::oware::OwareRules;
        assert_ne!(weights::OURIL, weights::OWARE);
        let text = "5-0-1-2-7-3-0-1-2-1-9-4-10-3-S";
        for (rules, w) in [
            (OwareRules::ouril(), &weights::OURIL),
            (OwareRules::abapa(), &weights::OWARE),
            (OwareRules::ouril_ludii(), &weights::OWARE),
        ] {
            let p = Oware::from_notation(text, rules).unwrap();
            for me in [Side::South, Side::North] {
                assert_eq!(
                    evaluate(&p, me, EvalKind::Fitted),
                    evaluate_with(p.pits(), p.stores(), me, w)
                );
            }
        }
    }

    /// What a feature visitor is told: a feature's index and value.
    type Feature<'a> = dyn FnMut(usize, i32) + 'a;

    /// Checks a game's fitted evaluation on `positions`: with its weights `w` and with extreme
    /// ones, the fast sum `fast` is the reference sum of the features `visit` reports, and the
    /// value is antisymmetric. Returns whether it differs anywhere from the hand evaluation.
    fn fitted_agrees<P: EngineGame, const N: usize>(
        positions: &[P],
        w: &[[i32; 2]; N],
        fast: fn(&P, Side, &[[i32; 2]; N]) -> i32,
        visit: fn(&P, Side, &mut Feature<'_>) -> features::Phase,
    ) -> bool {
        let extreme = [[10_000, -10_000]; N];
        let mut differs = false;
        for p in positions {
            for me in [Side::South, Side::North] {
                let v = evaluate(p, me, EvalKind::Fitted);
                assert_eq!(v, fast(p, me, w), "{p}");
                assert_eq!(v, reference_of(w, |f| visit(p, me, f)), "{p}");
                assert_eq!(v, -evaluate(p, me.opponent(), EvalKind::Fitted), "{p}");
                let x = fast(p, me, &extreme);
                assert_eq!(x, reference_of(&extreme, |f| visit(p, me, f)), "{p}");
                differs |= v != evaluate(p, me, EvalKind::Hand);
            }
        }
        differs
    }

    #[test]
    fn ba_awa_and_isolo_use_their_fitted_weights() {
        use mancala_core::ba_awa::BaAwaRules;
        use mancala_core::isolo::IsoloRules;
        let ba_awa = [
            "1-2-0-5-4-2-3-0-3-2-1-1-12-12-S",
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N-NSSSSSNNNNNN-N-r2-w0.1",
            "3-0-2-0-1-0-0-2-0-3-0-1-12-24-N",
            "0-0-40-0-0-0-0-0-0-0-0-0-4-4-S",
        ]
        .map(|text| BaAwa::from_notation(text, BaAwaRules::default()).unwrap());
        let isolo = [
            "F:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S",
            "P:0-2-1-1-0-0-0-0-1-0-0-0-3-0-0-1-0-0-S",
            "K:12-1-12-3-0-1-0-4-0-0-0-0-0-0-0-0-1-0-S",
            "P:200-0-0-0-0-0-0-1-1-0-0-0-0-0-0-53-0-0-N",
        ]
        .map(|text| Isolo::from_notation(text, IsoloRules::isolo()).unwrap());
        let differs = [
            fitted_agrees(&ba_awa, &weights::BA_AWA, evaluate_ba_awa, |p, me, f| {
                features::ba_awa::visit(p, me, f)
            }),
            fitted_agrees(&isolo, &weights::ISOLO, evaluate_isolo, |p, me, f| {
                features::isolo::visit(p, me, f)
            }),
        ];
        assert_eq!(differs, [true, true], "the fitted weights are not in use");
    }

    #[test]
    fn margins_round_trip() {
        for m in 1..=255 {
            for ply in [0, 1, 17, 999] {
                let v = WIN + 1000 * m - ply;
                assert_eq!(margin(v), m);
                assert_eq!(margin(-v), -m);
                assert!(is_decisive(v));
            }
        }
        assert!(!is_decisive(HEURISTIC_MAX));
    }
}
