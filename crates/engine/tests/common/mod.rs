//! Helpers shared by the engine's integration tests.

use mancala_core::oware::{Oware, OwareRules};
use mancala_core::{advance, History, Position, Side};
use mancala_engine::prove::{Value, Verdict};

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

/// Two quiet moves from `pos` (the first legal move each time, or the last one when
/// `last`): the position reached, the keys since `pos` and the history, if both moves were
/// quiet.
#[allow(dead_code)] // not every test crate uses it
pub fn after_quiet_moves(pos: Oware, last: bool) -> Option<(Oware, Vec<u128>, History<u128>)> {
    let mut keys = vec![pos.key()];
    let mut history = History::new(pos.key());
    let mut p = pos;
    for _ in 0..2 {
        let list = p.legal_move_list();
        let mv = if last {
            *list.iter().last()?
        } else {
            *list.iter().next()?
        };
        let mut c = p;
        let (effect, token) = advance(&mut c, mv, &mut history);
        if token.is_none() || effect.irreversible {
            return None;
        }
        keys.push(c.key());
        p = c;
    }
    Some((p, keys, history))
}

/// The next value up: a win by one more, a win after a draw, a draw after a loss by 0, a loss
/// by one less.
#[allow(dead_code)] // not every test crate uses it
pub fn next_up(v: Value) -> Value {
    let (verdict, margin) = match (v.verdict, v.margin) {
        (Verdict::Win, m) => (Verdict::Win, m + 1),
        (Verdict::Draw, _) => (Verdict::Win, 0),
        (Verdict::Loss, 0) => (Verdict::Draw, 0),
        (Verdict::Loss, m) => (Verdict::Loss, m - 1),
    };
    Value { verdict, margin }
}
