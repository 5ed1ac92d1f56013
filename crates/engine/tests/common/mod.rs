//! Helpers shared by the engine's integration tests.

use mancala_core::oware::{Oware, OwareRules};
use mancala_core::{Position, Side};

/// `count` positions with `n` seeds on the board under `rules`, from a fixed generator, with
/// the stores split around the middle; games that are over are skipped.
pub fn positions(rules: OwareRules, n: u32, count: usize, seed: u64) -> Vec<Oware> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64 ^ seed ^ u64::from(n);
    let total = rules.total_seeds();
    let mut out = Vec::new();
    while out.len() < count {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mut pits = [0u8; 12];
        let mut y = x;
        for _ in 0..n {
            pits[(y % 12) as usize] += 1;
            y = (y / 12) ^ y.rotate_left(17);
        }
        let rest = total - n;
        let south = (rest / 2 + (x >> 40) as u32 % 5)
            .saturating_sub(2)
            .min(rest);
        let side = if x & 1 == 0 { Side::South } else { Side::North };
        if let Ok(p) = Oware::from_parts(pits, [south, rest - south], side, false, rules) {
            if !p.is_over() {
                out.push(p);
            }
        }
    }
    out
}
