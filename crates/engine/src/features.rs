//! The features of the fitted evaluations: the 2x6 games' (the Oware family and Ọlọwuka) here,
//! Ba-awa's in [`ba_awa`] and Isolo's in [`isolo`].
//!
//! One function, [`visit`], defines them for both uses: the evaluation sums weights over them at
//! every leaf (integer arithmetic, nothing allocated) and the fitter ([`crate::tune`]) turns them
//! into training rows. A feature is computed for each player from his own point of view and
//! reported as *mine minus theirs*, so every value is antisymmetric: the same position valued for
//! the other side is exactly the negation.
//!
//! Rows are read in sowing order from the player's own first pit: `own[0..6]` then the opponent's
//! `opp[0..6]`, so pit `i` of a row is `6 - i` steps from the opponent's row.
//!
//! | index | feature (per player) |
//! |-------|----------------------|
//! | [`STORE`] | seeds in his store (not phased: its weight is the scale, 100 centiseeds) |
//! | [`PST`] + `11 i + b - 1` | own pit `i` holds a count in bucket `b` (1, 2, 3, 4, 5, 6, 7-8, 9-11, 12-15, 16-23, 24+); an empty pit is the baseline. This is a piecewise value of every pit by position, and covers seeds on the row, mobility, pits that reach the opponent's row and large houses (kroos) |
//! | [`THREAT_BEST`] | the most seeds one of his single-lap sowings captures now (a last seed making 2 or 3 in the opponent's row, with the backward chain of 2s and 3s) |
//! | [`THREAT_COUNT`] | how many of the opponent's pits with 1 or 2 seeds he can hit with a last seed |
//!
//! Every feature has two weights, one for a full board and one for an empty board; the value is
//! their interpolation by the share of the seeds in play that are still on the board (the game
//! phase).

use mancala_core::Side;

pub mod ba_awa;
pub mod isolo;

/// Number of features.
pub const FEATURES: usize = 69;
/// Index of the store feature.
pub const STORE: usize = 0;
/// First index of the pit-by-count table.
pub const PST: usize = 1;
/// Count buckets per pit (the empty pit is the baseline and has no feature).
pub const BUCKETS: usize = 11;
/// Index of the best immediate capture.
pub const THREAT_BEST: usize = PST + 6 * BUCKETS;
/// Index of the number of hittable weak pits.
pub const THREAT_COUNT: usize = THREAT_BEST + 1;

/// Bucket (1-based, 0 for empty) of a pit count.
pub(crate) const BUCKET: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 1;
    while c < 256 {
        t[c] = match c {
            1..=6 => c as u8,
            7..=8 => 7,
            9..=11 => 8,
            12..=15 => 9,
            16..=23 => 10,
            _ => 11,
        };
        c += 1;
    }
    t
};

/// Bucket (1-based, 0 for empty) of a pit count in the coarser table of Ba-awa and Isolo: 1, 2,
/// 3, 4, 5-6, 7-10, 11+.
pub(crate) const fn small_bucket(c: u8) -> usize {
    match c {
        0 => 0,
        1..=4 => c as usize,
        5..=6 => 5,
        7..=10 => 6,
        _ => 7,
    }
}

/// Names of the buckets of [`small_bucket`].
pub(crate) const SMALL_BUCKET_NAMES: [&str; 7] = ["1", "2", "3", "4", "5-6", "7-10", "11+"];

/// Short names of the features, in index order (for generated files and reports).
#[must_use]
pub fn name(index: usize) -> String {
    const BUCKET_NAMES: [&str; BUCKETS] = [
        "1", "2", "3", "4", "5", "6", "7-8", "9-11", "12-15", "16-23", "24+",
    ];
    let singles = [
        (STORE, "store"),
        (THREAT_BEST, "threat_best"),
        (THREAT_COUNT, "threat_count"),
    ];
    family_name(index, &singles, PST..THREAT_BEST, &BUCKET_NAMES, "pit")
}

/// The name of feature `index` of a family: its name in `singles`, or for an index of `buckets`
/// (count buckets named `bucket_names`, pit after pit) `{prefix}{pit}_{bucket}`, or
/// `{prefix}_{bucket}` when the range holds one set of buckets; `?` for any other index.
pub(crate) fn family_name(
    index: usize,
    singles: &[(usize, &str)],
    buckets: std::ops::Range<usize>,
    bucket_names: &[&str],
    prefix: &str,
) -> String {
    if let Some((_, name)) = singles.iter().find(|(i, _)| *i == index) {
        return (*name).to_string();
    }
    if !buckets.contains(&index) {
        return "?".to_string();
    }
    let (k, b) = (index - buckets.start, bucket_names.len());
    if buckets.len() == b {
        format!("{prefix}_{}", bucket_names[k])
    } else {
        format!("{prefix}{}_{}", k / b, bucket_names[k % b])
    }
}

/// The board summary every `visit` returns: seeds on the board and seeds in play (board +
/// stores), which give the game phase (the share of the seeds still on the board; Isolo uses it
/// for foregame against proper game, see [`isolo`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    /// Seeds on the board.
    pub board: i64,
    /// Seeds on the board and in the stores.
    pub total: i64,
}

/// Reports every non-zero feature of a 2x6 board for `me` to `f` as `(index, value)`, values
/// being *mine minus theirs* (an index may be reported more than once: the values add up).
/// `pits` holds South's row then North's, each in sowing order; a board of another size reports
/// nothing.
#[inline(always)]
pub fn visit<F: FnMut(usize, i32)>(pits: &[u8], stores: [u32; 2], me: Side, mut f: F) -> Phase {
    if pits.len() != 12 {
        return Phase { board: 0, total: 0 };
    }
    let (south, north) = pits.split_at(6);
    let (mine, theirs) = if me == Side::South {
        (south, north)
    } else {
        (north, south)
    };
    let board = pits.iter().map(|&c| i64::from(c)).sum::<i64>();
    let st = [i64::from(stores[0]), i64::from(stores[1])];
    let store_diff = store_difference(st, me) as i32;
    if store_diff != 0 {
        f(STORE, store_diff);
    }
    side(mine, theirs, 1, &mut f);
    side(theirs, mine, -1, &mut f);
    Phase {
        board,
        total: board + st[0] + st[1],
    }
}

/// The store feature: `me`'s store minus the opponent's, clamped (so that no weight times it
/// can overflow, whatever the stores).
#[inline(always)]
pub(crate) fn store_difference(stores: [i64; 2], me: Side) -> i64 {
    (stores[me.index()] - stores[me.opponent().index()]).clamp(-10_000, 10_000)
}

/// The features of the player owning `own`, reported with `sign`.
#[inline(always)]
fn side<F: FnMut(usize, i32)>(own: &[u8], opp: &[u8], sign: i32, f: &mut F) {
    for (i, &c) in own.iter().enumerate().take(6) {
        let b = BUCKET[usize::from(c)];
        if b != 0 {
            f(PST + i * BUCKETS + usize::from(b) - 1, sign);
        }
    }
    let (best, hits) = threats(own, opp);
    if best != 0 {
        f(THREAT_BEST, sign * best);
    }
    if hits != 0 {
        f(THREAT_COUNT, sign * hits);
    }
}

/// The two threat features of the player owning `own` (6 pits each way): the most seeds one of
/// his single-lap sowings captures now, and how many of his pits hit one of the opponent's
/// 1-2-seed pits with their last seed.
///
/// A lap of `c < 12` seeds from own pit `i` drops its last seed `c` steps on, in the opponent's
/// pit `i + c - 6` if that is in `0..6`; if that pit holds 1 or 2 it makes 2 or 3 and the capture
/// runs back while the pits hold 1 or 2 (each then holds one seed more). Written without
/// branches on the counts (the search evaluates millions of boards a second and these tests
/// mispredict): `run[6 + j]` is the capture of a last seed in the opponent's pit `j` (0 where
/// none), and every other index, up to 12 + 255, is 0.
#[inline(always)]
pub(crate) fn threats(own: &[u8], opp: &[u8]) -> (i32, i32) {
    let mut run = [0i32; 13];
    let mut chain = 0i32;
    for j in 0..6 {
        let c = i32::from(opp[j]);
        chain = if (1..=2).contains(&c) {
            chain + c + 1
        } else {
            0
        };
        run[6 + j] = chain;
    }
    let mut best = 0i32;
    let mut hits = 0i32;
    for (i, &c) in own.iter().enumerate().take(6) {
        // An empty pit "lands" on itself (index < 6, no capture); 12 and more is out of range.
        let t = (i + usize::from(c)).min(12);
        let taken = run[t];
        best = best.max(taken);
        hits += i32::from(taken != 0);
    }
    (best, hits)
}

/// A xorshift generator from `seed` (not zero), for the tests' random boards.
#[cfg(test)]
pub(crate) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dense(pits: &[u8], stores: [u32; 2], me: Side) -> [i32; FEATURES] {
        let mut out = [0; FEATURES];
        visit(pits, stores, me, |i, x| out[i] += x);
        out
    }

    #[test]
    fn names_cover_every_index() {
        for i in 0..FEATURES {
            assert_ne!(name(i), "?", "feature {i}");
        }
        assert_eq!(name(PST), "pit0_1");
        assert_eq!(name(THREAT_BEST - 1), "pit5_24+");
    }

    /// The threat features by their definition, walking the chain back from each hit.
    fn threats_by_definition(own: &[u8], opp: &[u8]) -> (i32, i32) {
        let mut best = 0i32;
        let mut hits = 0i32;
        for (i, &c) in own.iter().enumerate().take(6) {
            let t = i + usize::from(c);
            if c > 0 && (6..12).contains(&t) && (1..=2).contains(&opp[t - 6]) {
                hits += 1;
                let mut taken = 0;
                for k in (0..=t - 6).rev() {
                    if !(1..=2).contains(&opp[k]) {
                        break;
                    }
                    taken += i32::from(opp[k]) + 1;
                }
                best = best.max(taken);
            }
        }
        (best, hits)
    }

    #[test]
    fn threats_agree_with_their_definition() {
        // Every row from a small alphabet of counts (0-3, and big ones) against random rows.
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        const COUNTS: [u8; 8] = [0, 1, 2, 3, 5, 11, 12, 255];
        for _ in 0..200_000 {
            let r = next();
            let mut own = [0u8; 6];
            let mut opp = [0u8; 6];
            for k in 0..6 {
                own[k] = COUNTS[(r >> (3 * k)) as usize & 7];
                opp[k] = COUNTS[(r >> (18 + 3 * k)) as usize & 7];
            }
            if r >> 63 == 1 {
                own[(r >> 40) as usize % 6] = (r >> 48) as u8;
            }
            assert_eq!(
                threats(&own, &opp),
                threats_by_definition(&own, &opp),
                "{own:?} {opp:?}"
            );
        }
    }

    #[test]
    fn threats_follow_the_capture_chain() {
        // South's f (index 5) holds 3: its last seed lands on North's c (index 8), which holds
        // 2; North's b holds 1 and a holds 2, so the chain takes 3 + 2 + 3 = 8.
        let pits = [0, 0, 0, 0, 0, 3, 2, 1, 2, 0, 0, 0];
        let f = dense(&pits, [0, 0], Side::South);
        assert_eq!(f[THREAT_BEST], 8);
        assert_eq!(f[THREAT_COUNT], 1);
        let g = dense(&pits, [0, 0], Side::North);
        assert_eq!(g[THREAT_BEST], -8);
    }

    #[test]
    fn features_are_antisymmetric_and_mirror() {
        let pits = [4, 0, 13, 1, 2, 7, 0, 1, 30, 2, 5, 0];
        let a = dense(&pits, [3, 9], Side::South);
        let b = dense(&pits, [3, 9], Side::North);
        let mut mirrored = pits;
        mirrored.rotate_left(6);
        let c = dense(&mirrored, [9, 3], Side::North);
        for i in 0..FEATURES {
            assert_eq!(a[i], -b[i], "feature {}", name(i));
            assert_eq!(a[i], c[i], "feature {}", name(i));
        }
    }

    #[test]
    fn other_boards_report_nothing() {
        let p = visit(&[1; 16], [0, 0], Side::South, |_, _| panic!("a feature"));
        assert_eq!(p, Phase { board: 0, total: 0 });
    }
}
