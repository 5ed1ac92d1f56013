//! Round robins by the FIDE Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! With an even number `n` of players, round `r` (1-based) of the table pairs, on its first
//! board, player `n` with the player `a = ((r − 1)·n/2 mod (n − 1)) + 1`, `a` taking White in
//! odd rounds and `n` in even ones; board `k` pairs `a + k − 1` (White) with `a − k + 1`,
//! counted round the circle `1..n−1`. With an odd number of players the table of `n + 1`
//! players is used and whoever meets player `n + 1` has the bye. A double round robin plays the
//! table again with the colours reversed.

/// One round of a round robin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRobinRound {
    /// `(white, black)` pairs by start number, in the table's board order.
    pub pairs: Vec<(u32, u32)>,
    /// The player without an opponent (odd numbers of players).
    pub bye: Option<u32>,
}

/// The number of rounds of a round robin of `players` players (each cycle: `players − 1`, or
/// `players` when odd).
pub fn rounds(players: u32, double: bool) -> u32 {
    let n = players + players % 2;
    let single = n.saturating_sub(1);
    if double {
        2 * single
    } else {
        single
    }
}

/// Round `round` (1-based, up to [`rounds`]) of the Berger table of `players` players; `None`
/// when there is no such round or fewer than two players.
pub fn round(players: u32, round: u32, double: bool) -> Option<RoundRobinRound> {
    if players < 2 || round == 0 || round > rounds(players, double) {
        return None;
    }
    let n = players + players % 2;
    let per_cycle = n - 1;
    let (r, reversed) = if round > per_cycle {
        (round - per_cycle, true)
    } else {
        (round, false)
    };
    let wrap = |x: i64| -> u32 { ((x - 1).rem_euclid(per_cycle as i64) + 1) as u32 };
    let a = ((r - 1) * (n / 2)) % per_cycle + 1;
    let mut table = Vec::with_capacity(n as usize / 2);
    table.push(if r % 2 == 1 { (a, n) } else { (n, a) });
    for k in 2..=n / 2 {
        let white = wrap(a as i64 + k as i64 - 1);
        let black = wrap(a as i64 - k as i64 + 1);
        table.push((white, black));
    }
    let mut out = RoundRobinRound {
        pairs: Vec::new(),
        bye: None,
    };
    for (w, b) in table {
        let (w, b) = if reversed { (b, w) } else { (w, b) };
        if w > players {
            out.bye = Some(b);
        } else if b > players {
            out.bye = Some(w);
        } else {
            out.pairs.push((w, b));
        }
    }
    Some(out)
}

/// Every round of the round robin.
pub fn schedule(players: u32, double: bool) -> Vec<RoundRobinRound> {
    (1..=rounds(players, double))
        .filter_map(|r| round(players, r, double))
        .collect()
}
