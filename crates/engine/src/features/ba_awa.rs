//! The features of the fitted evaluation of Ba-awa.
//!
//! Ba-awa is played over pit *ownership*: a player sows from the non-empty pits he owns, in
//! either row; a 4 made by a seed that is not its lap's last goes to the pit's owner, a 4 made by
//! the last seed goes to the mover; a round ends at 8 seeds or fewer, which the round starter
//! takes; the next round gives each player a pit per 4 seeds captured, and the match is won by
//! owning 10 pits (rules.md §5). The features follow that, not the rows. Each is computed for
//! both players from their own side and reported as *mine minus theirs* (antisymmetric).
//!
//! | index | feature (per player) |
//! |-------|----------------------|
//! | [`STORE`] | seeds he captured this round (not phased: its weight is the scale, 100 centiseeds) |
//! | [`OWNED`] | pits he owns (his territory: the match's score, and where mid-sowing 4s go to him) |
//! | [`BUCKET`] + `b - 1` | his pits holding a count in bucket `b` (1, 2, 3, 4, 5-6, 7-10, 11+); an empty pit is the baseline. Bucket 3 counts the pits that any sowing passing through turns into a capture for him; the sum of all buckets is his mobility |
//! | [`SEEDS_OWNED`] | seeds in the pits he owns |
//! | [`STARTER`] | 1 for the round starter (who takes the last 8 seeds), -1 for the other |
//! | [`FINAL_FOURS`] | his single-lap moves (fewer than 12 seeds) whose last seed makes a 4: a capture for him now |
//! | [`BEST_LAP`] | the best net gain in seeds of one of his moves' first lap, counting the 4s it makes with seeds that are not its last (to each pit's owner) and a final 4 (to him) |
//!
//! Every feature has two weights, one for a full board (48 seeds) and one for an empty board; the
//! value interpolates them by the share of the 48 seeds still on the board.

use mancala_core::ba_awa::BaAwa;
use mancala_core::{Position, Side};

use super::{small_bucket, Phase, SMALL_BUCKET_NAMES};

/// Number of features.
pub const FEATURES: usize = 13;
/// Seeds captured this round (the scale).
pub const STORE: usize = 0;
/// Pits owned.
pub const OWNED: usize = 1;
/// First index of the owned pits by count bucket.
pub const BUCKET: usize = 2;
/// Count buckets (the empty pit is the baseline).
pub const BUCKETS: usize = 7;
/// Seeds in owned pits.
pub const SEEDS_OWNED: usize = BUCKET + BUCKETS;
/// The round starter.
pub const STARTER: usize = SEEDS_OWNED + 1;
/// Single-lap moves ending on a 3.
pub const FINAL_FOURS: usize = STARTER + 1;
/// Best net first-lap gain.
pub const BEST_LAP: usize = FINAL_FOURS + 1;

/// Short names of the features, in index order.
#[must_use]
pub fn name(index: usize) -> String {
    let singles = [
        (STORE, "captured"),
        (OWNED, "pits_owned"),
        (SEEDS_OWNED, "seeds_owned"),
        (STARTER, "round_starter"),
        (FINAL_FOURS, "final_fours"),
        (BEST_LAP, "best_lap"),
    ];
    let buckets = BUCKET..BUCKET + BUCKETS;
    super::family_name(index, &singles, buckets, &SMALL_BUCKET_NAMES, "owned_pits")
}

/// Reports every non-zero feature of `pos` for `me` to `f` as `(index, value)`, values being
/// *mine minus theirs*. Nothing is allocated.
#[inline(always)]
pub fn visit<F: FnMut(usize, i32)>(pos: &BaAwa, me: Side, mut f: F) -> Phase {
    let pits = pos.board();
    let captures = pos.stores();
    let store_diff = i64::from(captures[me.index()]) - i64::from(captures[me.opponent().index()]);
    if store_diff != 0 {
        f(STORE, store_diff as i32);
    }
    // Per side: pits owned, bucket counts, seeds owned.
    let mut owned = [0i32; 2];
    let mut seeds = [0i32; 2];
    let mut buckets = [[0i32; BUCKETS + 1]; 2];
    for (i, &c) in pits.iter().enumerate() {
        let o = pos.owner(i).index();
        owned[o] += 1;
        seeds[o] += i32::from(c);
        buckets[o][small_bucket(c)] += 1;
    }
    let (m, t) = (me.index(), me.opponent().index());
    let mut report = |i: usize, x: i32| {
        if x != 0 {
            f(i, x);
        }
    };
    report(OWNED, owned[m] - owned[t]);
    for (b, (mine, theirs)) in buckets[m].iter().zip(&buckets[t]).enumerate().skip(1) {
        report(BUCKET + b - 1, mine - theirs);
    }
    report(SEEDS_OWNED, seeds[m] - seeds[t]);
    report(STARTER, if pos.round_starter() == me { 1 } else { -1 });
    let (fours_m, best_m) = laps(pos, me);
    let (fours_t, best_t) = laps(pos, me.opponent());
    report(FINAL_FOURS, fours_m - fours_t);
    report(BEST_LAP, best_m - best_t);
    let board = pits.iter().map(|&c| i64::from(c)).sum::<i64>();
    Phase {
        board,
        total: board + i64::from(captures[0]) + i64::from(captures[1]),
    }
}

/// `side`'s single-lap moves ending on a 3, and the best net gain of a first lap (0 when he has
/// no move).
#[inline(always)]
fn laps(pos: &BaAwa, side: Side) -> (i32, i32) {
    let pits = pos.board();
    let mut fours = 0;
    let mut best: Option<i32> = None;
    for (i, &c) in pits.iter().enumerate() {
        if c == 0 || pos.owner(i) != side {
            continue;
        }
        // A lap of fewer than 12 seeds drops one seed in each of the next `c` pits; the origin is
        // emptied and is not among them. Longer laps count as a move with no gain.
        let c = usize::from(c);
        let mut gain = 0i32;
        if c >= 12 {
            best = Some(best.map_or(0, |b| b.max(0)));
            continue;
        }
        for step in 1..c {
            let j = (i + step) % 12;
            if pits[j] == 3 {
                gain += if pos.owner(j) == side { 4 } else { -4 };
            }
        }
        let last = (i + c) % 12;
        if pits[last] == 3 {
            fours += 1;
            gain += 4;
        }
        best = Some(best.map_or(gain, |b| b.max(gain)));
    }
    (fours, best.unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::ba_awa::BaAwaRules;

    fn dense(pos: &BaAwa, me: Side) -> [i32; FEATURES] {
        let mut out = [0; FEATURES];
        visit(pos, me, |i, x| out[i] += x);
        out
    }

    #[test]
    fn names_cover_every_index() {
        for i in 0..FEATURES {
            assert_ne!(name(i), "?", "feature {i}");
        }
    }

    #[test]
    fn features_follow_ownership_and_are_antisymmetric() {
        // rules.md B2: South to move, captures 12 each. E (4 seeds) passes F(2) and a(3, North's),
        // and ends on b(0); c holds 3 but is not reached in the first lap.
        let pos =
            BaAwa::from_notation("1-2-0-5-4-2-3-0-3-2-1-1-12-12-S", BaAwaRules::default()).unwrap();
        let s = dense(&pos, Side::South);
        let n = dense(&pos, Side::North);
        for i in 0..FEATURES {
            assert_eq!(s[i], -n[i], "{}", name(i));
        }
        assert_eq!(s[STORE], 0);
        assert_eq!(s[OWNED], 0);
        assert_eq!(s[SEEDS_OWNED], 14 - 10);
        assert_eq!(s[STARTER], 1);
        // South's pits at 3: none; North's: a and c.
        assert_eq!(s[BUCKET + 2], -2);
        // South's D (5) and E (4) end on c (3), a final 4, after passing a (North's 3): net 0.
        // North's a (3) makes c a 4 with a seed that is not its last (+4 to North) and ends on d.
        assert_eq!(s[FINAL_FOURS], 2);
        assert_eq!(s[BEST_LAP], -4);
        // Round two of rules.md B5: North owns A too and starts.
        let pos = BaAwa::from_notation(
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N-NSSSSSNNNNNN-N-r2-w0.1",
            BaAwaRules::default(),
        )
        .unwrap();
        let n = dense(&pos, Side::North);
        assert_eq!(n[OWNED], 7 - 5);
        assert_eq!(n[BUCKET + 3], 2);
        assert_eq!(n[SEEDS_OWNED], 8);
        assert_eq!(n[STARTER], 1);
        assert_eq!(dense(&pos, Side::South)[OWNED], -2);
    }
}
