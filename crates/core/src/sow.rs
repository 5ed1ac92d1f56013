//! Shared mechanics that the games compose: pit names, a single lap of sowing around a 2x6 board
//! (with the Oware origin skip), and the backward 2/3 capture chain.

use core::fmt;

use crate::{ParseMoveError, ParsePositionError, Side};

/// A pit of a board with two rows of `ROW` pits, indexed in sowing order: South's row `0..ROW`
/// (`A`, `B`, ...), then North's `ROW..2*ROW` (`a`, `b`, ...). Displayed as its letter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit<const ROW: usize>(pub u8);

impl<const ROW: usize> Pit<ROW> {
    /// The pit's index in sowing order.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The side whose row holds this pit.
    #[inline]
    #[must_use]
    pub const fn row(self) -> Side {
        if (self.0 as usize) < ROW {
            Side::South
        } else {
            Side::North
        }
    }

    /// The letter: `A..` for South's row, `a..` for North's.
    #[must_use]
    pub const fn letter(self) -> char {
        let i = self.0 as usize;
        if i < ROW {
            (b'A' + i as u8) as char
        } else {
            (b'a' + (i - ROW) as u8) as char
        }
    }

    /// Reads a single pit letter.
    pub fn parse(text: &str) -> Result<Self, ParseMoveError> {
        let err = || ParseMoveError {
            text: text.to_string(),
            expected: format!(
                "a pit letter A-{} (South) or a-{} (North)",
                (b'A' + ROW as u8 - 1) as char,
                (b'a' + ROW as u8 - 1) as char
            ),
        };
        let mut chars = text.trim().chars();
        let c = chars.next().ok_or_else(err)?;
        if chars.next().is_some() {
            return Err(err());
        }
        let upper_end = (b'A' + ROW as u8) as char;
        let lower_end = (b'a' + ROW as u8) as char;
        if ('A'..upper_end).contains(&c) {
            Ok(Pit(c as u8 - b'A'))
        } else if ('a'..lower_end).contains(&c) {
            Ok(Pit(c as u8 - b'a' + ROW as u8))
        } else {
            Err(err())
        }
    }
}

impl<const ROW: usize> fmt::Display for Pit<ROW> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Pits on a 2x6 board.
pub const PITS: usize = 12;

/// The first index of `side`'s row on a 2x6 board.
#[inline]
#[must_use]
pub const fn row_start(side: Side) -> usize {
    side.index() * 6
}

/// The pits of `side`'s row on a 2x6 board.
#[inline]
#[must_use]
pub const fn row_range(side: Side) -> core::ops::Range<usize> {
    let s = row_start(side);
    s..s + 6
}

/// The total of `side`'s row on a 2x6 board.
#[inline]
#[must_use]
pub fn row_sum(pits: &[u8; PITS], side: Side) -> u32 {
    let s = row_start(side);
    pits[s..s + 6].iter().map(|&x| u32::from(x)).sum()
}

/// Whether `side`'s row is empty on a 2x6 board.
#[inline]
#[must_use]
pub fn row_empty(pits: &[u8; PITS], side: Side) -> bool {
    let s = row_start(side);
    pits[s..s + 6].iter().all(|&x| x == 0)
}

/// `LAP_MASKS[origin][n]`: a 1 in the byte of each of the `n` pits after `origin` (wrapping).
pub(crate) const LAP_MASKS: [[u128; PITS + 1]; PITS] = {
    let mut t = [[0u128; PITS + 1]; PITS];
    let mut origin = 0;
    while origin < PITS {
        let mut n = 1;
        while n <= PITS {
            let pit = (origin + n) % PITS;
            t[origin][n] = t[origin][n - 1] | (1u128 << (8 * pit));
            n += 1;
        }
        origin += 1;
    }
    t
};

#[inline]
fn wrap(i: usize) -> usize {
    if i >= PITS {
        i - PITS
    } else {
        i
    }
}

/// One lap of sowing on a 2x6 board: lifts every seed of `origin` and drops one per pit from the
/// next pit on, counter-clockwise. With `skip_origin`, the origin receives nothing when the lap
/// reaches it again (Oware's kroo rule; twice on 23+ seeds). Returns the pit of the last seed.
///
/// Whole turns of the board are added in one step rather than seed by seed, which keeps big
/// (kroo) moves as cheap as small ones.
#[inline]
pub fn sow_lap(pits: &mut [u8; PITS], origin: usize, skip_origin: bool) -> usize {
    let n = pits[origin] as usize;
    pits[origin] = 0;
    if n < PITS || (n == PITS && !skip_origin) {
        // The common case: the lap never comes back to the origin (12 seeds without skipping
        // end in it, which the table covers too). One 128-bit add drops every seed at once; no
        // byte can carry because no pit of a 2x6 game holds 255 seeds.
        let mut word = [0u8; 16];
        word[..PITS].copy_from_slice(pits);
        let sown = u128::from_le_bytes(word).wrapping_add(LAP_MASKS[origin][n]);
        pits.copy_from_slice(&sown.to_le_bytes()[..PITS]);
        return wrap(origin + n);
    }
    let ring = if skip_origin { PITS - 1 } else { PITS };
    let full = (n / ring) as u8;
    let rem = n % ring;
    for d in 1..PITS {
        pits[wrap(origin + d)] += full + u8::from(d <= rem);
    }
    if !skip_origin {
        pits[origin] += full;
    }
    if rem == 0 {
        wrap(origin + ring)
    } else {
        wrap(origin + rem)
    }
}

/// The backward 2/3 capture chain: starting at `last` (which must be in `opponent`'s row), every
/// pit that holds 2 or 3 is taken, going backwards; the chain stops at the first other pit or at
/// the start of the opponent's row. With `sown = Some((origin, n))`, a pit also counts only if the
/// lap of `n` seeds from `origin` dropped a seed in it (Wuri reading WU-c). Returns the number of
/// chain pits and the seeds they hold; the board is not changed.
#[inline]
#[must_use]
pub fn capture_chain(
    pits: &[u8; PITS],
    last: usize,
    opponent: Side,
    sown: Option<(usize, usize)>,
) -> (usize, u32) {
    let start = row_start(opponent);
    let mut i = last;
    let mut count = 0;
    let mut seeds = 0;
    loop {
        let c = pits[i];
        if !(c == 2 || c == 3) {
            break;
        }
        if let Some((origin, n)) = sown {
            let d = (i + PITS - origin) % PITS;
            if n < PITS - 1 && !(1..=n).contains(&d) {
                break;
            }
        }
        count += 1;
        seeds += u32::from(c);
        if i == start {
            break;
        }
        i -= 1;
    }
    (count, seeds)
}

pub(crate) fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// The 15 Oware fields read: pits, stores, side to move, and the fields after them.
pub(crate) type OwareFields = ([u8; PITS], [u32; 2], Side, Vec<String>);

/// Reads the 15 Oware fields (12 pits, two stores, side to move) and returns the fields after
/// them. Shared by the relay games, whose notations extend the Oware string.
pub(crate) fn parse_oware_fields(
    text: &str,
    max_extra: usize,
    extra_doc: &str,
) -> Result<OwareFields, ParsePositionError> {
    let fields: Vec<&str> = text.trim().split('-').collect();
    if fields.len() < 15 || fields.len() > 15 + max_extra {
        return Err(ParsePositionError::new(
            "position",
            format!(
                "expected 15 fields separated by '-' (12 pits, 2 stores, side to move){extra_doc}, found {}",
                fields.len()
            ),
        ));
    }
    let pits = parse_pits::<PITS, 6>(&fields)?;
    let mut stores = [0u32; 2];
    for (j, store) in stores.iter_mut().enumerate() {
        let f = fields[12 + j];
        *store = f
            .parse::<u8>()
            .map_err(|_| {
                ParsePositionError::new(
                    format!("{} store (field {})", ["South's", "North's"][j], 13 + j),
                    format!("expected a seed count 0-255, found {f:?}"),
                )
            })?
            .into();
    }
    let side = parse_side(fields[14], 15)?;
    let rest = fields[15..].iter().map(|s| (*s).to_string()).collect();
    Ok((pits, stores, side, rest))
}

/// Reads the pits of a notation, the first `N` of `fields`, in sowing order, on a board of two
/// rows of `ROW` pits.
pub(crate) fn parse_pits<const N: usize, const ROW: usize>(
    fields: &[&str],
) -> Result<[u8; N], ParsePositionError> {
    let mut pits = [0u8; N];
    for (i, pit) in pits.iter_mut().enumerate() {
        *pit = fields[i].parse::<u8>().map_err(|_| {
            ParsePositionError::new(
                format!("pit {} (field {})", Pit::<ROW>(i as u8), i + 1),
                format!("expected a seed count 0-255, found {:?}", fields[i]),
            )
        })?;
    }
    Ok(pits)
}

/// Reads the side to move, `S` or `N`, from field `number` (counted from 1) of a notation.
pub(crate) fn parse_side(text: &str, number: usize) -> Result<Side, ParsePositionError> {
    match text {
        "S" => Ok(Side::South),
        "N" => Ok(Side::North),
        other => Err(ParsePositionError::new(
            format!("side to move (field {number})"),
            format!("expected S or N, found {other:?}"),
        )),
    }
}

/// Writes the fields that every board notation starts with: the pits in sowing order, two
/// counts (stores, captures or stock used) and the side to move, separated by '-'.
pub(crate) fn write_board_fields<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    pits: &[u8],
    counts: [T; 2],
    side: Side,
) -> fmt::Result {
    for p in pits {
        write!(f, "{p}-")?;
    }
    let [a, b] = counts;
    write!(f, "{a}-{b}-{}", side.letter())
}

/// Checks that a 2x6 position holds `12 x seeds_per_pit` seeds in all (pits and stores).
pub(crate) fn check_seed_total(
    pits: &[u8; PITS],
    stores: [u32; 2],
    seeds_per_pit: u8,
) -> Result<(), ParsePositionError> {
    let total: u32 = pits.iter().map(|&x| u32::from(x)).sum::<u32>() + stores[0] + stores[1];
    let want = u32::from(seeds_per_pit) * PITS as u32;
    if total != want {
        return Err(ParsePositionError::new(
            "position",
            format!(
                "the seeds add up to {total}, expected {want} (12 pits x {seeds_per_pit} seeds; set the rule option seeds to change it)"
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laps_land_and_skip_as_the_rules_say() {
        // (board, origin, skip the origin, last pit, board after)
        let cases = [
            // Kroo: a lap of 12 skips its origin and lands one pit after it.
            (
                [12, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1],
                0,
                true,
                1,
                [0, 2, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2],
            ),
            // 23 = 2 * 11 + 1: every other pit gets 2, the next pit one more.
            (
                [0, 0, 0, 23, 0, 0, 0, 0, 0, 0, 0, 0],
                3,
                true,
                4,
                [2, 2, 2, 0, 3, 2, 2, 2, 2, 2, 2, 2],
            ),
            // Without the skip a lap of 12 comes back to its origin.
            ([0, 0, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0], 5, false, 5, [1; 12]),
        ];
        for (before, origin, skip, last, after) in cases {
            let mut p = before;
            assert_eq!(
                sow_lap(&mut p, origin, skip),
                last,
                "{before:?} from {origin}"
            );
            assert_eq!(p, after, "{before:?} from {origin}");
        }
    }

    #[test]
    fn seed_by_seed_agrees() {
        for skip in [false, true] {
            for origin in 0..12 {
                for n in 0..60u8 {
                    let mut fast = [1u8; 12];
                    fast[origin] = n;
                    let mut slow = fast;
                    let last = sow_lap(&mut fast, origin, skip);
                    let mut hand = slow[origin];
                    slow[origin] = 0;
                    let mut i = origin;
                    while hand > 0 {
                        i = (i + 1) % 12;
                        if skip && i == origin {
                            continue;
                        }
                        slow[i] += 1;
                        hand -= 1;
                    }
                    assert_eq!(fast, slow, "skip={skip} origin={origin} n={n}");
                    if n > 0 {
                        assert_eq!(last, i, "skip={skip} origin={origin} n={n}");
                    }
                }
            }
        }
    }

    #[test]
    fn pit_letters_round_trip() {
        for i in 0..12u8 {
            let p = Pit::<6>(i);
            assert_eq!(Pit::<6>::parse(&p.to_string()).unwrap(), p);
        }
        assert!(Pit::<6>::parse("G").is_err());
        assert!(Pit::<6>::parse("").is_err());
        assert!(Pit::<6>::parse("Ab").is_err());
        assert_eq!(Pit::<8>::parse("h").unwrap(), Pit(15));
    }
}
