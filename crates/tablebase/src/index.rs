//! A perfect, dense index of the 2x6 boards that hold exactly `n` seeds.
//!
//! A board is a composition of `n` into 12 parts. Writing it as `n` seeds and 11 bars in a row
//! of `n + 11` slots, the bars' slots `s_0 < s_1 < ... < s_10` (`s_j` = seeds in pits `0..=j` plus
//! `j`) are an 11-subset of `0..n + 11`, and the combinatorial number system ranks it:
//! `rank = C(s_0, 1) + C(s_1, 2) + ... + C(s_10, 11)`. Every rank in `0..C(n + 11, 11)` is used
//! exactly once ([`positions`]).
//!
//! Cost: [`rank`] is 11 additions and 11 lookups in a small binomial table (no branch, no
//! division); [`unrank`] walks each bar down from the previous one, at most `n + 11` lookups in
//! all. Both allocate nothing.

use mancala_core::sow::PITS;

/// The most seeds an index covers (the whole board of 4-seed Oware). Values fit in 6 bits.
pub const MAX_SEEDS: u32 = 48;

/// Rows of the binomial table: every `s_j` is below `MAX_SEEDS + 11`.
const ROWS: usize = MAX_SEEDS as usize + PITS;
/// Bars between 12 pits.
const BARS: usize = PITS - 1;

/// `BINOMIAL[m][k] = C(m, k)` for `m < ROWS`, `k <= BARS`.
static BINOMIAL: [[u64; BARS + 1]; ROWS] = binomials();

const fn binomials() -> [[u64; BARS + 1]; ROWS] {
    let mut t = [[0u64; BARS + 1]; ROWS];
    let mut m = 0;
    while m < ROWS {
        t[m][0] = 1;
        let mut k = 1;
        while k <= BARS {
            if m > 0 {
                t[m][k] = t[m - 1][k - 1] + t[m - 1][k];
            }
            k += 1;
        }
        m += 1;
    }
    t
}

/// The number of boards holding exactly `n` seeds: `C(n + 11, 11)`; 0 when `n` exceeds
/// [`MAX_SEEDS`] (no board of that many seeds is indexed).
#[must_use]
pub fn positions(n: u32) -> u64 {
    if n > MAX_SEEDS {
        return 0;
    }
    BINOMIAL[n as usize + BARS][BARS]
}

/// The number of boards holding at most `n` seeds (`C(n + 12, 12)`).
#[must_use]
pub fn positions_up_to(n: u32) -> u64 {
    (0..=n).map(positions).sum()
}

/// The index of `board` among the boards with the same number of seeds, in
/// `0..positions(seeds)`. The caller checks that the board holds at most [`MAX_SEEDS`] seeds
/// (more would index past the binomial table).
#[inline]
#[must_use]
pub fn rank(board: &[u8; PITS]) -> u64 {
    let mut r = 0;
    let mut slot = 0usize;
    for j in 0..BARS {
        slot += usize::from(board[j]);
        r += BINOMIAL[slot + j][j + 1];
    }
    r
}

/// The board of `n` seeds whose [`rank`] is `index`; `None` when `n` exceeds [`MAX_SEEDS`] or
/// `index` is not below `positions(n)`.
#[must_use]
pub fn unrank(n: u32, index: u64) -> Option<[u8; PITS]> {
    if n > MAX_SEEDS || index >= positions(n) {
        return None;
    }
    let mut r = index;
    let mut slots = [0usize; BARS];
    // The highest bar first: the largest slot s with C(s, j + 1) <= r, below the bar above it.
    let mut limit = n as usize + BARS;
    for j in (0..BARS).rev() {
        let mut s = limit - 1;
        while BINOMIAL[s][j + 1] > r {
            s -= 1;
        }
        r -= BINOMIAL[s][j + 1];
        slots[j] = s;
        limit = s;
    }
    let mut board = [0u8; PITS];
    let mut prev = 0usize;
    for j in 0..BARS {
        // Seeds in pits 0..=j = slots[j] - j.
        let upto = slots[j] - j;
        board[j] = (upto - prev) as u8;
        prev = upto;
    }
    board[BARS] = (n as usize - prev) as u8;
    Some(board)
}

/// The board after `board` in index order (its [`rank`] plus one), in place; `false` when
/// `board` is the last of its level. No lookup at all: the lowest bar that can move up moves
/// one slot, and the bars below it go back to the bottom.
#[inline]
pub fn next_board(board: &mut [u8; PITS]) -> bool {
    let mut below = 0u8;
    for j in 0..BARS {
        if board[j + 1] > 0 {
            board[j + 1] -= 1;
            board[..j].fill(0);
            board[j] = below + board[j] + 1;
            return true;
        }
        below += board[j];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_board_walks_the_index_in_order() {
        for n in 0..=6 {
            let mut b = unrank(n, 0).unwrap();
            for i in 1..positions(n) {
                assert!(next_board(&mut b), "{n} seeds, index {i}");
                assert_eq!(rank(&b), i);
                assert_eq!(Some(b), unrank(n, i));
            }
            assert!(!next_board(&mut b));
        }
    }

    #[test]
    fn counts_are_binomials() {
        assert_eq!(positions(0), 1);
        assert_eq!(positions(1), 12);
        assert_eq!(positions(2), 78);
        assert_eq!(positions(12), 1_352_078);
        assert_eq!(positions_up_to(12), 2_704_156);
        assert_eq!(positions_up_to(15), 17_383_860);
        assert_eq!(positions(48), 279_871_768_995);
    }

    #[test]
    fn every_rank_of_small_levels_round_trips_in_order() {
        for n in 0..=6 {
            let mut seen = vec![false; positions(n) as usize];
            for i in 0..positions(n) {
                let b = unrank(n, i).unwrap();
                assert_eq!(b.iter().map(|&x| u32::from(x)).sum::<u32>(), n);
                assert_eq!(rank(&b), i, "{b:?}");
                assert!(!seen[i as usize]);
                seen[i as usize] = true;
            }
            assert_eq!(unrank(n, positions(n)), None);
        }
        assert_eq!(unrank(MAX_SEEDS + 1, 0), None);
    }
}
