//! The features of the fitted evaluation of Isolo.
//!
//! Isolo (rules.md §6) has no stores: each player sows only his own row of 8, a lap ending in an
//! occupied own pit facing an occupied opponent pit captures that pit and sows the seeds again,
//! and whoever empties the opponent's row wins (the foregame, then the proper game after the
//! kucheleka set-up). So the material is the seeds on one's row, and the features describe the
//! rows and the first lap of every move. Each is computed for both players from their own side
//! (own pit `k` counted from his left, facing the opponent's pit `7 - k`) and reported as
//! *mine minus theirs* (antisymmetric).
//!
//! | index | feature (per player) |
//! |-------|----------------------|
//! | [`ROW`] | seeds on his row (not phased: its weight is the scale, 100 centiseeds) |
//! | [`PST`] + `7 k + b - 1` | own pit `k` holds a count in bucket `b` (1, 2, 3, 4, 5-6, 7-10, 11+); an empty pit is the baseline (covers mobility and big pits by position) |
//! | [`THREAT_BEST`] | the most seeds the first capture of one of his moves takes (a first lap of fewer than 8 seeds ending in an occupied own pit facing an occupied pit) |
//! | [`THREAT_COUNT`] | how many of his moves capture at the end of their first lap |
//! | [`RELAYS`] | how many of his moves go on after their first lap by a relay (occupied own pit facing an empty one) |
//! | [`SAFE`] | his non-empty pits facing an empty pit (nothing there for either side to capture) |
//! | [`SETTER`] | at kucheleka, 1 for the foregame winner who sets up his row, -1 for the loser |
//!
//! First laps follow the preset's rules: a foregame move adds a stock seed and sows from the
//! leftmost pit (from the 8th pit when the 7th was lifted); a proper-game move sows from the next
//! pit (`proper_first_lap_start = NextPit`). Under other rule options they are approximations.
//!
//! The two weights of every feature are for the foregame (and the kucheleka) and for the proper
//! game: the evaluation's "full board" stands for the foregame, its "empty board" for the proper
//! game.

use mancala_core::isolo::{Isolo, Phase as IsoloPhase, ROW as ROW_PITS};
use mancala_core::Side;

use super::{small_bucket, Phase, SMALL_BUCKET_NAMES};

/// Number of features.
pub const FEATURES: usize = 62;
/// Seeds on one's row (the scale).
pub const ROW: usize = 0;
/// First index of the pit-by-count table.
pub const PST: usize = 1;
/// Count buckets per pit (the empty pit is the baseline).
pub const BUCKETS: usize = 7;
/// Index of the best first-lap capture.
pub const THREAT_BEST: usize = PST + ROW_PITS * BUCKETS;
/// Index of the number of capturing moves.
pub const THREAT_COUNT: usize = THREAT_BEST + 1;
/// Index of the number of relaying moves.
pub const RELAYS: usize = THREAT_COUNT + 1;
/// Index of the pits facing empty pits.
pub const SAFE: usize = RELAYS + 1;
/// Index of the kucheleka setter.
pub const SETTER: usize = SAFE + 1;

/// Short names of the features, in index order.
#[must_use]
pub fn name(index: usize) -> String {
    let singles = [
        (ROW, "row_seeds"),
        (THREAT_BEST, "threat_best"),
        (THREAT_COUNT, "threat_count"),
        (RELAYS, "relays"),
        (SAFE, "safe_pits"),
        (SETTER, "kucheleka_setter"),
    ];
    super::family_name(
        index,
        &singles,
        PST..THREAT_BEST,
        &SMALL_BUCKET_NAMES,
        "pit",
    )
}

/// Reports every non-zero feature of `pos` for `me` to `f` as `(index, value)`, values being
/// *mine minus theirs* (an index may be reported more than once: the values add up). The phase
/// returned is `board = total = 1` in the foregame and at kucheleka, `board = 0, total = 1` in the
/// proper game. Nothing is allocated.
#[inline(always)]
pub fn visit<F: FnMut(usize, i32)>(pos: &Isolo, me: Side, mut f: F) -> Phase {
    let pits = pos.board();
    let (south, north) = pits.split_at(ROW_PITS);
    let (mine, theirs) = if me == Side::South {
        (south, north)
    } else {
        (north, south)
    };
    let phase = pos.phase();
    let foregame = phase != IsoloPhase::Proper;
    let row = |r: &[u8]| r.iter().map(|&c| i32::from(c)).sum::<i32>();
    let diff = row(mine) - row(theirs);
    if diff != 0 {
        f(ROW, diff);
    }
    side(mine, theirs, foregame, 1, &mut f);
    side(theirs, mine, foregame, -1, &mut f);
    if phase == IsoloPhase::Kucheleka {
        f(SETTER, if pos.side() == me { 1 } else { -1 });
    }
    Phase {
        board: i64::from(foregame),
        total: 1,
    }
}

/// The features of the player owning `own`, reported with `sign`.
#[inline(always)]
fn side<F: FnMut(usize, i32)>(own: &[u8], opp: &[u8], foregame: bool, sign: i32, f: &mut F) {
    let (mut best, mut threats, mut relays, mut safe) = (0i32, 0i32, 0i32, 0i32);
    for (k, &c) in own.iter().enumerate().take(ROW_PITS) {
        let b = small_bucket(c);
        if b == 0 {
            continue;
        }
        f(PST + k * BUCKETS + b - 1, sign);
        if opp[ROW_PITS - 1 - k] == 0 {
            safe += 1;
        }
        // The first lap: `seeds` seeds from `start`, each pit receiving at most one.
        let (seeds, start) = if foregame {
            (usize::from(c) + 1, if k == 6 { 7 } else { 0 })
        } else {
            (usize::from(c), k + 1)
        };
        if seeds > ROW_PITS {
            continue;
        }
        let last = (start + seeds - 1) % ROW_PITS;
        // The lifted pit was emptied: a last seed there finds it empty and the move ends.
        if last == k || own[last] == 0 {
            continue;
        }
        let facing = opp[ROW_PITS - 1 - last];
        if facing == 0 {
            relays += 1;
        } else {
            threats += 1;
            best = best.max(i32::from(facing));
        }
    }
    for (i, x) in [
        (THREAT_BEST, best),
        (THREAT_COUNT, threats),
        (RELAYS, relays),
        (SAFE, safe),
    ] {
        if x != 0 {
            f(i, sign * x);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::isolo::IsoloRules;
    use mancala_core::Position;

    fn dense(pos: &Isolo, me: Side) -> [i32; FEATURES] {
        let mut out = [0; FEATURES];
        visit(pos, me, |i, x| out[i] += x);
        out
    }

    fn read(text: &str) -> Isolo {
        Isolo::from_notation(text, IsoloRules::isolo()).unwrap()
    }

    #[test]
    fn names_cover_every_index() {
        for i in 0..FEATURES {
            assert_ne!(name(i), "?", "feature {i}");
        }
        assert_eq!(name(THREAT_BEST - 1), "pit7_11+");
    }

    #[test]
    fn first_laps_follow_the_rules() {
        // rules.md I3 (proper game): South's B (2) ends on D (1) facing e (3): a capture of 3;
        // C (1) ends on D too; D (1) ends on E (empty). North: a (1) ends on b (empty), e (3)
        // ends on h (1) facing A (0): a relay; h (1) ends on a (1) facing H (0): a relay.
        let pos = read("P:0-2-1-1-0-0-0-0-1-0-0-0-3-0-0-1-0-0-S");
        let s = dense(&pos, Side::South);
        assert_eq!(s[THREAT_BEST], 3);
        assert_eq!(s[THREAT_COUNT], 2);
        assert_eq!(s[RELAYS], -2);
        assert_eq!(s[ROW], 4 - 5);
        // South's B, C, D face g, f, e: only e is occupied. North's a, e, h face H, D, A.
        assert_eq!(s[SAFE], 2 - 2);
        let n = dense(&pos, Side::North);
        for i in 0..FEATURES {
            assert_eq!(s[i], -n[i], "{}", name(i));
        }
        let phase = visit(&pos, Side::South, |_, _| {});
        assert_eq!(phase, Phase { board: 0, total: 1 });
    }

    #[test]
    fn the_foregame_adds_a_stock_seed_and_sows_from_the_left() {
        // rules.md I1: A (2 + 1) sows A, B, C and ends on C (2) facing f (2): a capture of 2.
        // Every South pit but G does the same from the left: 2 + 1 seeds end on C. G (2 + 1)
        // sows H, A, B and ends on B (2) facing g (2).
        let pos = read("F:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S");
        let s = dense(&pos, Side::South);
        // Both sides have the same moves: everything cancels.
        assert!(s.iter().all(|&x| x == 0), "{s:?}");
        let phase = visit(&pos, Side::South, |_, _| {});
        assert_eq!(phase, Phase { board: 1, total: 1 });
        let mut s = [0; FEATURES];
        let mut only_south = |i: usize, x: i32| {
            if x > 0 {
                s[i] += x;
            }
        };
        visit(&pos, Side::South, &mut only_south);
        // C (3) ends on C itself, which it emptied: no capture.
        assert_eq!(s[THREAT_COUNT], 7);
        assert_eq!(s[THREAT_BEST], 2);
    }

    #[test]
    fn the_kucheleka_setter_is_marked() {
        // rules.md I2's end: South won the foregame and sets up.
        let pos = read("K:12-1-12-3-0-1-0-4-0-0-0-0-0-0-0-0-1-0-S");
        assert_eq!(pos.phase(), IsoloPhase::Kucheleka);
        assert_eq!(dense(&pos, Side::South)[SETTER], 1);
        assert_eq!(dense(&pos, Side::North)[SETTER], -1);
    }
}
