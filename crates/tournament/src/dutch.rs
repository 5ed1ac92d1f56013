//! The FIDE Dutch system (FIDE Handbook C.04.3, the rules in force since 2017) as a sequence of
//! maximum-weight matchings.
//!
//! # How the rules become matchings
//!
//! Brackets are paired from the top score down (A.3, B.1). A bracket's graph holds its
//! moved-down players (MDPs), its residents and the players of the next scoregroup; an edge joins
//! two players whom the absolute criteria allow to meet (C1 no rematch, C3 no two non-topscorers
//! with the same absolute colour preference; MDPs never meet each other, B.2). Its weight is one
//! wide integer whose levels are the quality criteria in the rules' order, each given the bits
//! that any matching's sum of it can fill, so that comparing two matchings' total weights is
//! comparing their criteria one after the other (B.8):
//!
//! - in the penultimate and last pairing brackets (A.9) first the number of pairs of everybody
//!   left (the completion criterion C4) and the pairing of players who may not get the bye (C2);
//! - C5, the bracket's pairs;
//! - C6, the pairing score difference (A.8): one level per score difference, the largest the most
//!   significant; pairing a player earns his score difference as a downfloater, the pair's own
//!   difference costs;
//! - C7, the next bracket's pairs and score differences (not in the last two brackets);
//! - C8–C11, topscorers' colour differences and triples, colour preferences, strong ones;
//! - C12–C15, repeated downfloats and upfloats (one and two rounds back), C16–C19 their score
//!   differences.
//!
//! Below them, bits are kept for the order in which the rules generate candidates (B.6, B.7 and
//! the transpositions and exchanges of D.1–D.3): the best pairing that is generated first is the
//! one the rules choose. It is found by settling the choices one at a time in the rules' order,
//! each by small additions to the weights and a new matching, which keeps every criterion at
//! its optimum:
//!
//! 1. which MDPs are paired (D.3: the highest-ranked first), then, for each in rank order, his
//!    opponent (D.1: the highest-ranked resident that still allows the optimum);
//! 2. in the remainder, the number of resident exchanges between S1 and S2 (D.2.a, then D.2.b's
//!    sums), which players leave S1 (D.2.c, from its bottom) and which enter it (D.2.d);
//! 3. for each S1 player in order, his opponent in S2 (D.1).
//!
//! Whether the players left over can still all be paired (C4) is checked once the bracket is
//! paired, by a maximum-cardinality matching of everybody left; when they cannot, the bracket
//! is paired again as the penultimate one, with all the lower scoregroups collapsed into the
//! last (A.9).
//!
//! A matching is computed again only when a change can alter it: an addition that favours the
//! partner a player already has, or that handicaps edges he does not use, keeps the matching
//! optimal (any other matching gains at most as much), so the procedure costs one matching per
//! choice that the current matching does not already make. Each such matching starts from the
//! last one and its duals ([`crate::matching::WarmMatching`]): a choice changes the edges of one
//! player, and only the players it unpairs are searched again.

use crate::matching::{max_cardinality_matching, Big, WarmMatching};
use crate::Color;

/// A float received in a round (FIDE C.04.3 A.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    /// Played an opponent with a lower score, or did not play (bye, forfeit, absence).
    Down,
    /// Played an opponent with a higher score.
    Up,
    /// Played an opponent with the same score.
    None,
}

/// What the pairing needs to know of a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DutchPlayer {
    /// The pairing number (the start number; smaller ranks higher among equal scores).
    pub id: u32,
    /// The score before the round, in half-points.
    pub score: u32,
    /// The colours of the previous rounds in order, `None` where no game was played.
    pub colors: Vec<Option<Color>>,
    /// The opponents met over the board so far.
    pub opponents: Vec<u32>,
    /// The floats of the previous rounds in order.
    pub floats: Vec<Float>,
    /// Whether the player already had a pairing-allocated bye or a point without playing
    /// (C2: no second bye).
    pub bye_ineligible: bool,
}

/// Options of a Dutch pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DutchOptions {
    /// The number of the round being paired (1 for the first).
    pub round: u32,
    /// The number of rounds of the tournament (for topscorers in the last round, A.7).
    pub total_rounds: u32,
    /// The colour the top seed had (or would have had) in round 1 (E.5).
    pub initial_color: Color,
    /// Brackets whose graph (MDPs, residents and the next scoregroup) has more players than
    /// this are matched over the edges near the rules' first candidates only (see
    /// [`pair`]); up to it, over every edge.
    pub exact_limit: usize,
}

impl Default for DutchOptions {
    fn default() -> Self {
        DutchOptions {
            round: 1,
            total_rounds: 9,
            initial_color: Color::White,
            exact_limit: 400,
        }
    }
}

/// The pairing of a round: `(white, black)` pairs in board order, and the bye.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundPairing {
    /// `(white, black)`: White (South) moves first.
    pub pairs: Vec<(u32, u32)>,
    /// The player given the pairing-allocated bye, if the number of players is odd.
    pub bye: Option<u32>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria (C1–C3).
    #[error("no pairing of the {players} players satisfies the absolute criteria (no rematch, no second bye, colours)")]
    Impossible {
        /// The number of players to pair.
        players: usize,
    },
    /// Two players have the same pairing number.
    #[error("pairing number {0} is given twice")]
    DuplicateId(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

#[derive(Debug, Clone)]
struct P {
    id: u32,
    score: u32,
    played: Vec<Color>,
    cd: i32,
    pref: Option<Color>,
    strength: Strength,
    top: bool,
    df1: bool,
    uf1: bool,
    df2: bool,
    uf2: bool,
    bye_ok: bool,
    opponents: Vec<u32>,
}

impl P {
    /// The same colour in the last two games played.
    fn double(&self) -> bool {
        let n = self.played.len();
        n >= 2 && self.played[n - 1] == self.played[n - 2]
    }
}

fn prepare(p: &DutchPlayer, topscore: Option<u32>) -> P {
    let played: Vec<Color> = p.colors.iter().flatten().copied().collect();
    let cd: i32 = played
        .iter()
        .map(|c| if *c == Color::White { 1 } else { -1 })
        .sum();
    let last_two_same = played.len() >= 2 && played[played.len() - 1] == played[played.len() - 2];
    let (pref, strength) = if played.is_empty() {
        (None, Strength::None)
    } else if cd < -1 {
        (Some(Color::White), Strength::Absolute)
    } else if cd > 1 {
        (Some(Color::Black), Strength::Absolute)
    } else if last_two_same {
        (
            Some(played[played.len() - 1].opposite()),
            Strength::Absolute,
        )
    } else if cd == -1 {
        (Some(Color::White), Strength::Strong)
    } else if cd == 1 {
        (Some(Color::Black), Strength::Strong)
    } else {
        (Some(played[played.len() - 1].opposite()), Strength::Mild)
    };
    let f = |back: usize| -> Float {
        if p.floats.len() >= back {
            p.floats[p.floats.len() - back]
        } else {
            Float::None
        }
    };
    P {
        id: p.id,
        score: p.score,
        played,
        cd,
        pref,
        strength,
        top: topscore.is_some_and(|t| p.score > t),
        df1: f(1) == Float::Down,
        uf1: f(1) == Float::Up,
        df2: f(2) == Float::Down,
        uf2: f(2) == Float::Up,
        bye_ok: !p.bye_ineligible,
        opponents: p.opponents.clone(),
    }
}

/// Pairs the next round of a Swiss tournament by the FIDE Dutch system.
/// Pairs the next round of a Swiss tournament by the FIDE Dutch system.
///
/// Brackets whose graph is larger than [`DutchOptions::exact_limit`] are matched over the
/// edges between players close to each other in the rules' candidate order (a band around
/// S1\[i\] against S2\[i\], and the bracket's bottom against the next scoregroup's top) rather
/// than over every edge; see the module docs.
pub fn pair(players: &[DutchPlayer], opts: &DutchOptions) -> Result<RoundPairing, PairingError> {
    let mut ids: Vec<u32> = players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(PairingError::DuplicateId(w[0]));
    }
    // Topscorers (A.7): more than half the maximum score, when pairing the last round.
    let topscore = (opts.round >= opts.total_rounds && opts.round > 1).then(|| opts.round - 1);
    let mut ps: Vec<P> = players.iter().map(|p| prepare(p, topscore)).collect();
    // The pairing order (A.2): score, then pairing number.
    ps.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    let engine = Engine::new(&ps, opts);
    let everybody: Vec<usize> = (0..ps.len()).collect();
    let impossible = PairingError::Impossible {
        players: players.len(),
    };
    if !engine.completable(&everybody) {
        return Err(impossible);
    }
    let (pairs, bye) = engine.run().ok_or(impossible)?;
    Ok(engine.finish(&pairs, bye))
}

/// The colours a pair gets by the allocation rules E.1–E.5: `true` when `a` gets White.
fn a_gets_white(a: &P, b: &P, initial: Color) -> bool {
    // `hi` is the higher ranked of the two.
    let a_higher = a.score > b.score || (a.score == b.score && a.id < b.id);
    let (hi, lo) = if a_higher { (a, b) } else { (b, a) };
    let hi_white = allocate(hi, lo, initial);
    hi_white == a_higher
}

/// `true` when the higher-ranked `hi` gets White.
fn allocate(hi: &P, lo: &P, initial: Color) -> bool {
    match (hi.pref, lo.pref) {
        (Some(h), Some(l)) if h != l => return h == Color::White,
        (Some(h), None) => return h == Color::White,
        (None, Some(l)) => return l == Color::Black,
        (Some(h), Some(_)) => {
            // E.2: the stronger preference; two absolute ones: the wider colour difference.
            if hi.strength != lo.strength {
                let granted = if hi.strength > lo.strength {
                    h
                } else {
                    h.opposite()
                };
                return granted == Color::White;
            }
            if hi.strength == Strength::Absolute && hi.cd.abs() != lo.cd.abs() {
                let granted = if hi.cd.abs() > lo.cd.abs() {
                    h
                } else {
                    h.opposite()
                };
                return granted == Color::White;
            }
            // E.3: alternate from the most recent round in which their colours differed.
            let (x, y) = (&hi.played, &lo.played);
            for k in 1..=x.len().min(y.len()) {
                let (cx, cy) = (x[x.len() - k], y[y.len() - k]);
                if cx != cy {
                    return cx == Color::Black;
                }
            }
            // E.4: the higher ranked player's preference.
            return h == Color::White;
        }
        (None, None) => {}
    }
    // E.5: by the higher ranked player's pairing number.
    let odd = hi.id % 2 == 1;
    (initial == Color::White) == odd
}

/// The bits of `v` (0 for 0).
fn bits(v: u64) -> u32 {
    64 - v.leading_zeros()
}

/// A player's role in the bracket being paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Moved down from a higher bracket.
    Mdp,
    /// Of the bracket's own scoregroup.
    Resident,
    /// Of the next scoregroup (or, in the penultimate bracket, of all the lower ones).
    Lower,
}

struct Engine<'a> {
    ps: &'a [P],
    opts: &'a DutchOptions,
    /// Who met whom: a bit matrix over the sorted players.
    met: Vec<u64>,
    words: usize,
}

impl<'a> Engine<'a> {
    fn new(ps: &'a [P], opts: &'a DutchOptions) -> Self {
        let n = ps.len();
        let words = n.div_ceil(64);
        let mut met = vec![0u64; n * words];
        let index: std::collections::HashMap<u32, usize> =
            ps.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        for (i, p) in ps.iter().enumerate() {
            for o in &p.opponents {
                if let Some(&j) = index.get(o) {
                    met[i * words + j / 64] |= 1 << (j % 64);
                    met[j * words + i / 64] |= 1 << (i % 64);
                }
            }
        }
        Engine {
            ps,
            opts,
            met,
            words,
        }
    }

    /// The absolute criteria C1 and C3: may `a` and `b` meet?
    fn compatible(&self, a: usize, b: usize) -> bool {
        if self.met[a * self.words + b / 64] >> (b % 64) & 1 == 1 {
            return false;
        }
        let (pa, pb) = (&self.ps[a], &self.ps[b]);
        !(pa.strength == Strength::Absolute
            && pb.strength == Strength::Absolute
            && pa.pref == pb.pref
            && !pa.top
            && !pb.top)
    }

    /// Whether these players can all be paired, one of them (when they are odd) getting the
    /// bye, by the absolute criteria (C1–C3): the completion criterion C4.
    fn completable(&self, players: &[usize]) -> bool {
        let n = players.len();
        let total = n + n % 2;
        let mate = max_cardinality_matching(total, |x, y| {
            let (x, y) = (x.min(y), x.max(y));
            if y == n {
                self.ps[players[x]].bye_ok
            } else {
                self.compatible(players[x], players[y])
            }
        });
        mate.iter().all(Option::is_some)
    }

    /// The round's pairs (indices into the sorted players) and the bye.
    #[allow(clippy::type_complexity)]
    fn run(&self) -> Option<(Vec<(usize, usize)>, Option<usize>)> {
        let n = self.ps.len();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            match groups.last_mut() {
                Some(g) if self.ps[g[0]].score == self.ps[i].score => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        let mut paired = vec![false; n];
        let mut pairs = Vec::new();
        let mut mdps: Vec<usize> = Vec::new();
        let mut collapsed = false;
        let mut gi = 0;
        while gi < groups.len() {
            let residents = &groups[gi];
            let lower: Vec<usize> = groups.get(gi + 1).cloned().unwrap_or_default();
            let last_two = collapsed || lower.is_empty();
            let made = self.pair_bracket(&mdps, residents, &lower, last_two)?;
            if !last_two {
                let mut done = paired.clone();
                for &(a, b) in &made {
                    done[a] = true;
                    done[b] = true;
                }
                let left: Vec<usize> = (0..n).filter(|&i| !done[i]).collect();
                if !self.completable(&left) {
                    // A.9: this bracket becomes the penultimate one, everybody below it the
                    // collapsed last scoregroup.
                    let rest: Vec<usize> = groups.drain(gi + 1..).flatten().collect();
                    groups.push(rest);
                    collapsed = true;
                    continue;
                }
            }
            for &(a, b) in &made {
                paired[a] = true;
                paired[b] = true;
            }
            pairs.extend(made);
            mdps = mdps
                .iter()
                .chain(residents)
                .copied()
                .filter(|&i| !paired[i])
                .collect();
            mdps.sort_unstable();
            gi += 1;
        }
        match mdps.as_slice() {
            [] => Some((pairs, None)),
            [b] if self.ps[*b].bye_ok => Some((pairs, Some(*b))),
            _ => None,
        }
    }

    /// The pairs made in the bracket of these MDPs and residents, with `lower` the next
    /// scoregroup (or all the players below, in the penultimate bracket); `last_two`: the
    /// penultimate or last bracket.
    fn pair_bracket(
        &self,
        mdps: &[usize],
        residents: &[usize],
        lower: &[usize],
        last_two: bool,
    ) -> Option<Vec<(usize, usize)>> {
        let verts: Vec<usize> = mdps.iter().chain(residents).chain(lower).copied().collect();
        let m = verts.len();
        let (nm, nr) = (mdps.len(), residents.len());
        let role = |x: usize| {
            if x < nm {
                Role::Mdp
            } else if x < nm + nr {
                Role::Resident
            } else {
                Role::Lower
            }
        };
        let ps = self.ps;
        let p = |x: usize| &ps[verts[x]];
        let smin = ps[*residents.last()?].score as i64;
        let round = self.opts.round;
        let (one_back, two_back) = (round > 1, round > 2);
        // A.8: a downfloater's score difference is his score less one point below the bracket's
        // lowest score; the differences of the pairs the bracket can make are the others.
        let sd = |x: usize| p(x).score as i64 - smin + 2;
        let mut diffs: Vec<i64> = (0..nm + nr).map(sd).collect();
        for x in 0..nm + nr {
            for y in x.max(nm) + 1..nm + nr {
                diffs.push(p(x).score as i64 - p(y).score as i64);
            }
        }
        diffs.sort_unstable_by(|a, b| b.cmp(a));
        diffs.dedup();
        let bucket = |d: i64| {
            diffs
                .iter()
                .position(|&v| v == d)
                .unwrap_or(diffs.len() - 1)
        };
        let nd = diffs.len();
        // Level indices, most significant first.
        let mut next = 0;
        let mut take = |k: usize, on: bool| {
            let at = next;
            if on {
                next += k;
            }
            on.then_some(at)
        };
        let l_bye = take(1, last_two);
        let l_c5 = take(1, true);
        let l_c6 = take(nd, true);
        let l_c7 = take(1 + nd, !last_two);
        let l_colour = take(4, true);
        let l_c12 = take(1, one_back);
        let l_c13 = take(1, two_back);
        let l_c14 = take(1, one_back);
        let l_c15 = take(1, two_back);
        let l_c16 = take(nd, one_back);
        let l_c17 = take(nd, one_back);
        let l_c18 = take(nd, two_back);
        let l_c19 = take(nd, two_back);
        let nlevels = next;
        let components = |x: usize, y: usize, c: &mut [i64]| {
            c.iter_mut().for_each(|v| *v = 0);
            let (a, b) = (p(x), p(y));
            let inside = role(y) != Role::Lower;
            if let Some(l) = l_bye {
                c[l] = 1 + !a.bye_ok as i64 + !b.bye_ok as i64;
            }
            if let Some(l) = l_c7 {
                // C7: pairs in the next bracket, and the score differences of the players who
                // do not float out of it.
                c[l] = (role(y) == Role::Lower) as i64;
                if role(x) != Role::Lower {
                    c[l + 1 + bucket(sd(x))] += 1;
                }
                if inside {
                    c[l + 1 + bucket(sd(y))] += 1;
                }
            }
            if !inside {
                return;
            }
            let (sa, sb) = (a.score as i64, b.score as i64);
            let higher = sa > sb;
            if let Some(l) = l_c5 {
                c[l] = 1;
            }
            if let Some(l) = l_c6 {
                c[l + bucket(sd(x))] += 1;
                c[l + bucket(sd(y))] += 1;
                c[l + bucket(sa - sb)] -= 1;
            }
            if let Some(l) = l_colour {
                let same_side = a.pref.is_some() && a.pref == b.pref;
                let top = a.top || b.top;
                // C8: a topscorer's colour difference beyond 2 happens only between two
                // players already at 2 with the same preference.
                c[l] = !(top && same_side && a.cd.abs() > 1 && b.cd.abs() > 1) as i64;
                // C9: a third colour in a row, between two who had it twice.
                c[l + 1] = !(top && same_side && a.double() && b.double()) as i64;
                // C10, C11: one of the two misses his preference when they are the same.
                c[l + 2] = !same_side as i64;
                c[l + 3] = !(same_side
                    && a.strength >= Strength::Strong
                    && b.strength >= Strength::Strong) as i64;
            }
            // C12-C19. The higher of a pair with different scores floats down, the lower up; a
            // player left unpaired floats down.
            if let Some(l) = l_c12 {
                c[l] = (a.df1 && !higher) as i64 + b.df1 as i64;
            }
            if let Some(l) = l_c13 {
                c[l] = !(b.uf1 && higher) as i64;
            }
            if let Some(l) = l_c14 {
                c[l] = (a.df2 && !higher) as i64 + b.df2 as i64;
            }
            if let Some(l) = l_c15 {
                c[l] = !(b.uf2 && higher) as i64;
            }
            for (lv, da, db, ub) in [(l_c16, a.df1, b.df1, None), (l_c18, a.df2, b.df2, None)]
                .into_iter()
                .chain([
                    (l_c17, false, false, Some(b.uf1)),
                    (l_c19, false, false, Some(b.uf2)),
                ])
            {
                let Some(l) = lv else { continue };
                match ub {
                    None => {
                        c[l + bucket(sd(x))] += da as i64;
                        c[l + bucket(sd(y))] += db as i64;
                        if da && higher {
                            c[l + bucket(sa - sb)] -= 1;
                        }
                    }
                    Some(u) => c[l + bucket(sd(x))] -= (u && higher) as i64,
                }
            }
        };
        // The edges: every allowed one in a small bracket; in a large one, those near the
        // rules' first candidates.
        let band = (m > self.opts.exact_limit).then_some(BAND);
        let inside_n = nm + nr;
        let near = |x: usize, y: usize| -> bool {
            let Some(w) = band else { return true };
            match (role(x), role(y)) {
                (Role::Lower, _) => y - x <= w,
                (_, Role::Lower) => (inside_n - x) + (y - inside_n) <= 2 * w,
                (Role::Mdp, _) => true,
                _ => {
                    let (rx, ry) = (x - nm, y - nm);
                    let d = ry - rx;
                    d <= w || d.abs_diff(nr / 2) <= w
                }
            }
        };
        let mut edges: Vec<(usize, usize, Vec<i64>)> = Vec::new();
        for x in 0..m {
            for y in x + 1..m {
                if (role(x) == Role::Mdp && role(y) == Role::Mdp)
                    || !near(x, y)
                    || !self.compatible(verts[x], verts[y])
                {
                    continue;
                }
                let mut c = vec![0i64; nlevels];
                components(x, y, &mut c);
                edges.push((x, y, c));
            }
        }
        // The bits of each level: enough for any matching's sum of it (each vertex counted
        // with its largest component).
        let mut vmax = vec![0i64; m * nlevels];
        for (x, y, c) in &edges {
            for (k, v) in c.iter().enumerate() {
                let v = v.abs();
                vmax[x * nlevels + k] = vmax[x * nlevels + k].max(v);
                vmax[y * nlevels + k] = vmax[y * nlevels + k].max(v);
            }
        }
        let mut widths = vec![0u32; nlevels];
        for (k, w) in widths.iter_mut().enumerate() {
            let bound: i64 = (0..m).map(|v| vmax[v * nlevels + k]).sum();
            *w = if bound == 0 {
                0
            } else {
                bits(bound as u64) + 1
            };
        }
        // Below the criteria: the generation order's additions (at most 2^(2b+1) a pair for
        // the exchanges, `m` for a chosen MDP, the bracket's size for a transposition).
        let b = bits(nr as u64);
        let order_bits = 2 * b + 2 + bits(nr as u64) + bits(m as u64) + 2;
        let mut offsets = vec![0u32; nlevels];
        let mut off = order_bits;
        for k in (0..nlevels).rev() {
            offsets[k] = off;
            off += widths[k];
        }
        // Two bits of margin for the matching's doubled weights and duals.
        let total = off + 3;
        let bracket = Bracket {
            role: (0..m).map(role).collect(),
            nm,
            nr,
            m,
            b,
        };
        let local = match total {
            0..=126 => Proc::<2>::new(&bracket, &edges, &offsets).run(),
            127..=254 => Proc::<4>::new(&bracket, &edges, &offsets).run(),
            255..=510 => Proc::<8>::new(&bracket, &edges, &offsets).run(),
            511..=1022 => Proc::<16>::new(&bracket, &edges, &offsets).run(),
            _ => Proc::<64>::new(&bracket, &edges, &offsets).run(),
        };
        Some(
            local
                .into_iter()
                .map(|(x, y)| (verts[x], verts[y]))
                .collect(),
        )
    }

    fn finish(&self, pairs: &[(usize, usize)], bye: Option<usize>) -> RoundPairing {
        let mut pairs = pairs.to_vec();
        let s = |i: usize| self.ps[i].score;
        // Boards (D.9): the higher score of the pair, then the lower one, then the higher rank.
        for pr in pairs.iter_mut() {
            if pr.1 < pr.0 {
                *pr = (pr.1, pr.0);
            }
        }
        pairs.sort_by(|&(a1, b1), &(a2, b2)| {
            s(a2).cmp(&s(a1)).then(s(b2).cmp(&s(b1))).then(a1.cmp(&a2))
        });
        let mut out = RoundPairing {
            pairs: Vec::with_capacity(pairs.len()),
            bye: bye.map(|b| self.ps[b].id),
        };
        for (a, b) in pairs {
            let (pa, pb) = (&self.ps[a], &self.ps[b]);
            if a_gets_white(pa, pb, self.opts.initial_color) {
                out.pairs.push((pa.id, pb.id));
            } else {
                out.pairs.push((pb.id, pa.id));
            }
        }
        out
    }
}

/// In brackets larger than [`DutchOptions::exact_limit`], how far in rank from the rules'
/// candidates an edge may be.
const BAND: usize = 24;

/// What the generation-order procedure needs to know of a bracket's graph: local vertices are
/// the MDPs (`0..nm`), the residents (`nm..nm + nr`), then the lower players, each group in
/// rank order, so that a smaller index is a higher rank.
struct Bracket {
    role: Vec<Role>,
    nm: usize,
    nr: usize,
    m: usize,
    /// The bits of the number of residents.
    b: u32,
}

/// The generation-order procedure over one bracket's graph, with weights of `64 * L` bits.
struct Proc<'b, const L: usize> {
    br: &'b Bracket,
    /// Per vertex: (other end, edge index), sorted by the other end.
    adj: Vec<Vec<(usize, usize)>>,
    /// The matching over the edges, kept from one solve to the next.
    matching: WarmMatching<Big<L>>,
    alive: Vec<bool>,
    /// Vertices whose pair is settled.
    gone: Vec<bool>,
    mate: Vec<Option<usize>>,
    fixed: Vec<(usize, usize)>,
}

impl<'b, const L: usize> Proc<'b, L> {
    fn new(br: &'b Bracket, criteria: &[(usize, usize, Vec<i64>)], offsets: &[u32]) -> Self {
        let mut adj = vec![Vec::new(); br.m];
        let mut edges = Vec::with_capacity(criteria.len());
        for (k, (x, y, c)) in criteria.iter().enumerate() {
            let mut w = Big::<L>::default();
            for (v, off) in c.iter().zip(offsets) {
                if *v != 0 {
                    w = w + Big::from_i128(*v as i128).shifted(*off);
                }
            }
            edges.push((*x, *y, w));
            adj[*x].push((*y, k));
            adj[*y].push((*x, k));
        }
        for a in &mut adj {
            a.sort_unstable();
        }
        let mut proc = Proc {
            br,
            adj,
            alive: vec![true; edges.len()],
            matching: WarmMatching::new(br.m, edges),
            gone: vec![false; br.m],
            mate: vec![None; br.m],
            fixed: Vec::new(),
        };
        proc.solve();
        proc
    }

    fn edge(&self, x: usize, y: usize) -> Option<usize> {
        let a = &self.adj[x];
        a.binary_search_by_key(&y, |e| e.0)
            .ok()
            .map(|i| a[i].1)
            .filter(|&k| self.alive[k])
    }

    fn add(&mut self, x: usize, y: usize, v: i64) {
        if let Some(k) = self.edge(x, y) {
            self.matching.add(k, Big::from_i128(v as i128), x);
        }
    }

    fn remove(&mut self, x: usize, y: usize) {
        if let Some(k) = self.edge(x, y) {
            self.alive[k] = false;
            self.matching.remove(k, x);
        }
    }

    /// The optimum for the current weights, from the last one.
    fn solve(&mut self) {
        self.matching.solve();
        self.mate = self.matching.mates();
    }

    /// Settles the pair of `x` and its current partner.
    fn settle(&mut self, x: usize) {
        if let Some(y) = self.mate[x] {
            self.gone[x] = true;
            self.gone[y] = true;
            self.fixed.push((x, y));
            self.matching.isolate(x);
            self.matching.isolate(y);
        }
    }

    fn resident(&self, x: usize) -> bool {
        self.br.role[x] == Role::Resident
    }

    /// In S1: paired with a lower-ranked resident.
    fn in_s1(&self, x: usize) -> bool {
        self.mate[x].is_some_and(|y| y > x && self.resident(y))
    }

    /// In S2 (or floating): unpaired, paired with a higher-ranked player, or with a lower
    /// scoregroup's.
    fn in_s2(&self, x: usize) -> bool {
        !self.in_s1(x)
    }

    /// Rewards `x`'s edges to `others` with 0, 1, 2, ... from the last of them (the first the
    /// most), and settles `x` with the partner the new optimum gives him. The matching is
    /// computed again only if his partner is not the most rewarded one.
    fn take_first(&mut self, x: usize, others: &[usize]) {
        let live: Vec<usize> = others
            .iter()
            .copied()
            .filter(|&y| !self.gone[y] && self.edge(x, y).is_some())
            .collect();
        for (k, &y) in live.iter().rev().enumerate() {
            self.add(x, y, k as i64);
        }
        if self.mate[x] != live.first().copied() {
            self.solve();
        }
        self.settle(x);
    }

    fn run(mut self) -> Vec<(usize, usize)> {
        let (nm, nr, m) = (self.br.nm, self.br.nr, self.br.m);
        let residents: Vec<usize> = (nm..nm + nr).collect();
        let paired_with_resident =
            |s: &Self, x: usize| s.mate[x].is_some_and(|y| s.br.role[y] == Role::Resident);
        // D.3: which MDPs are paired, the highest-ranked first.
        let mut s1: Vec<usize> = Vec::new();
        for x in 0..nm {
            if !paired_with_resident(&self, x) {
                for &r in &residents {
                    self.add(x, r, 1);
                }
                self.solve();
            }
            if paired_with_resident(&self, x) {
                s1.push(x);
                for &r in &residents {
                    self.add(x, r, m as i64);
                }
            }
        }
        // D.1: each paired MDP's opponent, in rank order.
        for &x in &s1 {
            self.take_first(x, &residents);
        }
        // D.2: the remainder's exchanges.
        let remainder: Vec<usize> = residents
            .iter()
            .copied()
            .filter(|&r| !self.gone[r])
            .collect();
        let pairs = remainder
            .iter()
            .filter(|&&r| paired_with_resident(&self, r))
            .count()
            / 2;
        if pairs > 0 {
            // D.2.a (fewest pairs whose higher player is not of the original S1) and D.2.b
            // (the smallest sum of the higher players' positions).
            let b = self.br.b;
            for (i, &r) in remainder.iter().enumerate() {
                let value = (((i < pairs) as i64) << (2 * b)) - i as i64;
                for &r2 in &remainder[i + 1..] {
                    self.add(r, r2, value << 1);
                }
            }
            self.solve();
        }
        let (orig_s1, orig_s2) = remainder.split_at(pairs);
        let exchanges = orig_s1.iter().filter(|&&r| self.in_s2(r)).count();
        // D.2.c: those leaving S1, from its bottom.
        let mut left = exchanges;
        for i in (0..orig_s1.len()).rev() {
            if left == 0 {
                break;
            }
            let r = orig_s1[i];
            let below: Vec<usize> = orig_s1[i + 1..].iter().chain(orig_s2).copied().collect();
            let was = self.in_s2(r);
            if !was {
                for &y in &below {
                    self.add(r, y, -1);
                }
                self.solve();
            }
            if self.in_s2(r) {
                left -= 1;
                for &y in &below {
                    self.remove(r, y);
                }
            }
            if !was {
                for &y in &below {
                    self.add(r, y, 1);
                }
            }
        }
        // D.2.d: those entering S1, from the top of S2.
        let mut left = exchanges;
        for i in 0..orig_s2.len() {
            if left == 0 {
                break;
            }
            let r = orig_s2[i];
            let above: Vec<usize> = orig_s1.iter().chain(&orig_s2[..i]).copied().collect();
            let was = self.in_s1(r);
            if !was {
                for &y in &above {
                    self.add(r, y, -1);
                }
                self.solve();
            }
            if self.in_s1(r) {
                left -= 1;
                for y in above.iter().copied().chain(nm + nr..m) {
                    self.remove(r, y);
                }
            }
            if !was {
                for &y in &above {
                    self.add(r, y, 1);
                }
            }
        }
        // The new S1 and S2; then D.1: each S1 player's opponent in S2, in order.
        let new_s1: Vec<usize> = remainder
            .iter()
            .copied()
            .filter(|&r| self.in_s1(r))
            .collect();
        let new_s2: Vec<usize> = remainder
            .iter()
            .copied()
            .filter(|&r| self.in_s2(r))
            .collect();
        for group in [&new_s1, &new_s2] {
            for (i, &x) in group.iter().enumerate() {
                for &y in &group[i + 1..] {
                    self.remove(x, y);
                }
            }
        }
        for &x in &new_s1 {
            self.take_first(x, &new_s2);
        }
        self.fixed
    }
}
