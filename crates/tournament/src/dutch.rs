//! The FIDE Dutch system (FIDE Handbook C.04.3, the rules in force since 2017) as a sequence of
//! maximum-weight matchings.
//!
//! Brackets are paired from the top score down. For each bracket a graph is built over its
//! players (the moved-down players and the residents) and the next scoregroup; every edge that
//! the absolute criteria allow (C1 no rematch, C3 no two non-topscorers with the same absolute
//! colour preference) gets a weight whose levels, from the most significant, are the quality
//! criteria in the rules' order: C5 pairs in the bracket, C6 the pairing score difference
//! (compared lexicographically, one level per score difference), C7 pairs and score
//! differences of the next bracket, C8–C9 topscorers' colours, C10–C11 colour preferences,
//! C12–C15 repeated floats, C16–C19 the score differences of repeated floats, and last the
//! order in which the rules generate candidate pairings (S1 against S2, transpositions before
//! exchanges). A maximum-weight matching is then the best pairing of the bracket.
//!
//! The completion criterion (C4: the rest of the round must still be pairable, the bye going
//! to a player allowed one, C2) is checked when the round is complete: the bracket-by-bracket
//! pairing is optimal under C4 whenever it completes the round, because C4 only removes
//! candidates. When it does not complete, the round is paired again with C4 as the most
//! significant level of every bracket's weights over all the players still unpaired.
//!
//! Within a bracket of at most [`DutchOptions::exact_limit`] players the generation order is
//! followed exactly: the highest-ranked player still free is given his first partner in the
//! rules' order (S2 in rank order, then S1 from its end) among the pairings that keep the
//! bracket's weight optimal and need the fewest exchanges, then the next player. Larger
//! brackets use one matching over the edges near the rules' candidates (players close in rank,
//! S1 and S2 players close to each other's first partner, the bracket's bottom and the next
//! scoregroup's top), with a weight for the distance of each pair from the rules' first
//! candidate (S1\[i\] against S2\[i\]): the same pairing whenever the first candidate is
//! optimal, and a fast one for tournaments of thousands.
//!
//! The levels take the bits they need (the bound of any matching's sum of each); weights of at
//! most 120 bits are matched as `i128`, wider ones as the 256-bit [`crate::matching::Wide`].

use crate::matching::{max_weight_matching, Wide};
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
    /// Brackets up to this many players follow the generation order exactly (see the module
    /// docs); larger ones use the single-matching approximation.
    pub exact_limit: usize,
}

impl Default for DutchOptions {
    fn default() -> Self {
        DutchOptions {
            round: 1,
            total_rounds: 9,
            initial_color: Color::White,
            exact_limit: 64,
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
pub fn pair(players: &[DutchPlayer], opts: &DutchOptions) -> Result<RoundPairing, PairingError> {
    let mut ids: Vec<u32> = players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(PairingError::DuplicateId(w[0]));
    }
    // Topscorers (A.7): more than half the maximum score, when pairing the last round.
    let topscore = (opts.round >= opts.total_rounds && opts.round > 1).then(|| opts.round - 1);
    let mut ps: Vec<P> = players.iter().map(|p| prepare(p, topscore)).collect();
    ps.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    let ctx = Ctx { ps: &ps, opts };
    let mate = match ctx.pair_all(false) {
        Some(m) => m,
        None => ctx.pair_all(true).ok_or(PairingError::Impossible {
            players: players.len(),
        })?,
    };
    Ok(ctx.finish(&mate))
}

struct Ctx<'a> {
    ps: &'a [P],
    opts: &'a DutchOptions,
}

/// Levels of an edge weight, most significant first.
struct Levels {
    /// For each level, the bound of the absolute value of any matching's sum.
    bounds: Vec<i64>,
}

/// The bits a level needs when any matching's sum of it lies in `-bound..=bound`.
fn width(bound: i64) -> u32 {
    if bound <= 0 {
        0
    } else {
        64 - (2 * bound as u64 + 1).leading_zeros() + 1
    }
}

/// The bits of the weight shared by all levels: the matching doubles the weights and adds two
/// duals, which must stay within the 256 bits of [`Wide`].
const WEIGHT_BITS: u32 = 248;

/// Weights of at most this many bits are matched as `i128` (faster than [`Wide`]).
const NARROW_BITS: u32 = 120;

impl Levels {
    /// Bit offsets of the levels within `cap` bits (the least significant levels that do not
    /// fit are dropped), and the bits used.
    fn layout(&self, cap: u32) -> (Vec<Option<u32>>, u32) {
        let mut offsets = vec![None; self.bounds.len()];
        let mut used = 0u32;
        // From the most significant level down, give each the bits it needs.
        let widths: Vec<u32> = self.bounds.iter().map(|&b| width(b)).collect();
        let mut keep = 0;
        for (i, w) in widths.iter().enumerate() {
            if used + w > cap {
                break;
            }
            used += w;
            keep = i + 1;
        }
        let mut off = 0u32;
        for i in (0..keep).rev() {
            // A level without width never varies: its components are left out.
            if widths[i] > 0 {
                offsets[i] = Some(off);
            }
            off += widths[i];
        }
        (offsets, used)
    }
}

fn combine(components: &[i64], layout: &[Option<u32>]) -> Wide {
    let mut w = Wide::default();
    for (c, off) in components.iter().zip(layout) {
        if let (Some(off), true) = (off, *c != 0) {
            w = w + Wide::from_i128(*c as i128).shifted(*off);
        }
    }
    w
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

/// Colour costs of a pair: (C8, C9, C10, C11).
fn color_costs(a: &P, b: &P, initial: Color) -> [i64; 4] {
    let a_white = a_gets_white(a, b, initial);
    let got = |white: bool| if white { Color::White } else { Color::Black };
    let mut c = [0i64; 4];
    let topscorer_pair = a.top || b.top;
    for (p, white) in [(a, a_white), (b, !a_white)] {
        let color = got(white);
        if topscorer_pair {
            let cd = p.cd + if white { 1 } else { -1 };
            if cd.abs() > 2 {
                c[0] += 1;
            }
            let n = p.played.len();
            if n >= 2 && p.played[n - 1] == color && p.played[n - 2] == color {
                c[1] += 1;
            }
        }
        if let Some(pref) = p.pref {
            if pref != color {
                c[2] += 1;
                if p.strength >= Strength::Strong {
                    c[3] += 1;
                }
            }
        }
    }
    c
}

impl Ctx<'_> {
    fn compatible(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.ps[a], &self.ps[b]);
        if pa.opponents.contains(&pb.id) {
            return false;
        }
        // C3: non-topscorers with the same absolute colour preference do not meet.
        !(pa.strength == Strength::Absolute
            && pb.strength == Strength::Absolute
            && pa.pref == pb.pref
            && !pa.top
            && !pb.top)
    }

    /// Pairs the whole round bracket by bracket; `None` when the round cannot be completed
    /// (in the fast mode) or at all (in the complete mode). The result is `mate[i]` over the
    /// sorted players, `usize::MAX` for the bye.
    fn pair_all(&self, complete: bool) -> Option<Vec<Option<usize>>> {
        let n = self.ps.len();
        let mut mate: Vec<Option<usize>> = vec![None; n];
        let mut paired = vec![false; n];
        // Scoregroups: ranges of equal score in the sorted list.
        let mut groups: Vec<(usize, usize)> = Vec::new();
        let mut i = 0;
        while i < n {
            let mut j = i;
            while j < n && self.ps[j].score == self.ps[i].score {
                j += 1;
            }
            groups.push((i, j));
            i = j;
        }
        let mut mdps: Vec<usize> = Vec::new();
        for gi in 0..groups.len() {
            let (s, e) = groups[gi];
            let mut bracket: Vec<usize> = mdps.clone();
            bracket.extend(s..e);
            let next: Vec<usize> = groups
                .get(gi + 1)
                .map(|&(a, b)| (a..b).collect())
                .unwrap_or_default();
            let lower: Vec<usize> = if complete {
                groups
                    .get(gi + 1)
                    .map(|&(a, _)| (a..n).collect())
                    .unwrap_or_default()
            } else {
                next.clone()
            };
            // The next scoregroup matters (C7) through the players who may float into it:
            // its top is enough to tell which of them can be paired there.
            let keep = if bracket.len() > self.opts.exact_limit {
                4 * BAND
            } else {
                2 * bracket.len() + 8
            };
            let next = &next[..next.len().min(keep)];
            let pairs = self.pair_bracket(&bracket, next, &lower, complete)?;
            let mut in_pair = vec![false; n];
            for &(a, b) in &pairs {
                mate[a] = Some(b);
                mate[b] = Some(a);
                in_pair[a] = true;
                in_pair[b] = true;
                paired[a] = true;
                paired[b] = true;
            }
            mdps = bracket.into_iter().filter(|&x| !in_pair[x]).collect();
        }
        match mdps.len() {
            0 => Some(mate),
            1 if self.ps[mdps[0]].bye_ok => {
                mate[mdps[0]] = Some(usize::MAX);
                Some(mate)
            }
            _ => None,
        }
    }

    /// The pairs made inside `bracket`; `next` is the next scoregroup (for C7) and `lower` all
    /// the players below the bracket that the completion criterion must keep pairable (empty
    /// in the fast mode).
    fn pair_bracket(
        &self,
        bracket: &[usize],
        next: &[usize],
        lower: &[usize],
        complete: bool,
    ) -> Option<Vec<(usize, usize)>> {
        if bracket.len() < 2 && !complete {
            return Some(Vec::new());
        }
        let g = BracketGraph::new(self, bracket, next, lower, complete);
        let mut fixed: Vec<(usize, usize)> = Vec::new();
        let mut gone = vec![false; g.verts.len()];
        let exact = bracket.len() <= self.opts.exact_limit;
        let mate = g.solve(&gone, None, exact);
        if complete && !g.is_complete(&mate, &gone) {
            return None;
        }
        if !exact {
            for (li, &m) in mate.iter().enumerate().take(g.nb) {
                if let Some(m) = m {
                    if m < g.nb && li < m {
                        fixed.push((g.verts[li], g.verts[m]));
                    }
                }
            }
            return Some(fixed);
        }
        // The generation order, exactly: the highest-ranked free player takes his first
        // partner in the rules' order among the optimal pairings, then the next. Several
        // players are settled by one matching, each with a level of his own below the
        // exchange count, as many as the weight has room for.
        let internal = (0..g.nb)
            .filter(|&li| mate[li].is_some_and(|m| m < g.nb))
            .count()
            / 2;
        let mut pairs_left = internal;
        let mut order: Vec<usize> = (0..g.nb).collect();
        order.sort_by_key(|&li| g.rank[li]);
        let mut floated = vec![false; g.nb];
        let per_solve = g.players_per_solve();
        while pairs_left > 0 {
            let mut group: Vec<usize> = Vec::new();
            for &x in &order {
                if gone[x] || floated[x] {
                    continue;
                }
                if group
                    .first()
                    .is_some_and(|&f| g.resident[f] != g.resident[x])
                {
                    break;
                }
                group.push(x);
                let limit = if g.resident[x] {
                    pairs_left.min(per_solve)
                } else {
                    per_solve
                };
                if group.len() >= limit {
                    break;
                }
            }
            if group.is_empty() {
                break;
            }
            let focus = Focus {
                players: &group,
                pairs_left,
                floated: &floated,
            };
            let m = g.solve(&gone, Some(&focus), true);
            for &x in &group {
                if gone[x] || pairs_left == 0 {
                    continue;
                }
                match m[x] {
                    Some(y) if y < g.nb && !gone[y] => {
                        fixed.push((g.verts[x], g.verts[y]));
                        gone[x] = true;
                        gone[y] = true;
                        pairs_left -= 1;
                    }
                    _ => floated[x] = true,
                }
            }
        }
        Some(fixed)
    }

    fn finish(&self, mate: &[Option<usize>]) -> RoundPairing {
        let mut out = RoundPairing::default();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for (i, m) in mate.iter().enumerate() {
            match m {
                Some(j) if *j == usize::MAX => out.bye = Some(self.ps[i].id),
                Some(j) if i < *j => pairs.push((i, *j)),
                _ => {}
            }
        }
        // Boards: the higher score of the pair, then the sum, then the higher rank.
        pairs.sort_by(|&(a1, b1), &(a2, b2)| {
            let (s1, s2) = (&self.ps, &self.ps);
            let max1 = s1[a1].score.max(s1[b1].score);
            let max2 = s2[a2].score.max(s2[b2].score);
            max2.cmp(&max1)
                .then((s2[a2].score + s2[b2].score).cmp(&(s1[a1].score + s1[b1].score)))
                .then(a1.min(b1).cmp(&a2.min(b2)))
        });
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

/// The graph of one bracket: local vertices are the bracket's players (`0..nb`), then the
/// players below it, then (in the complete mode, for an odd number) the bye.
struct BracketGraph {
    verts: Vec<usize>,
    nb: usize,
    /// Rank of each bracket vertex within the bracket (0 = highest).
    rank: Vec<usize>,
    /// Whether each bracket vertex is a resident (has the bracket's lowest score).
    resident: Vec<bool>,
    /// Whether a local vertex belongs to the next scoregroup.
    in_next: Vec<bool>,
    bye: Option<usize>,
    /// Edges with their criteria weights (without the generation-order levels).
    edges: Vec<(usize, usize, Wide)>,
    /// The bits of the criteria levels.
    crit_bits: u32,
    /// The bits below the criteria, for the generation order.
    order_bits: u32,
    complete: bool,
}

const NO_BYE: usize = usize::MAX;

/// In brackets larger than [`DutchOptions::exact_limit`], how far in rank from the rules'
/// candidates an edge may be.
const BAND: usize = 24;

/// The players whose partners one matching settles in the generation order.
struct Focus<'f> {
    /// Local bracket vertices in rank order, all moved-down players or all residents.
    players: &'f [usize],
    /// The pairs still to be made inside the bracket.
    pairs_left: usize,
    /// Bracket players already decided to float.
    floated: &'f [bool],
}

impl BracketGraph {
    fn new(
        ctx: &Ctx<'_>,
        bracket: &[usize],
        next: &[usize],
        lower: &[usize],
        complete: bool,
    ) -> Self {
        let ps = ctx.ps;
        let nb = bracket.len();
        let mut verts: Vec<usize> = bracket.to_vec();
        let below: &[usize] = if complete { lower } else { next };
        verts.extend_from_slice(below);
        let next_set: std::collections::HashSet<usize> = next.iter().copied().collect();
        let in_next: Vec<bool> = verts
            .iter()
            .enumerate()
            .map(|(li, g)| li >= nb && next_set.contains(g))
            .collect();
        let mut rank_order: Vec<usize> = (0..nb).collect();
        rank_order.sort_by(|&x, &y| {
            let (a, b) = (&ps[bracket[x]], &ps[bracket[y]]);
            b.score.cmp(&a.score).then(a.id.cmp(&b.id))
        });
        let mut rank = vec![0; nb];
        for (r, &li) in rank_order.iter().enumerate() {
            rank[li] = r;
        }
        let bye = (complete && verts.len() % 2 == 1).then_some(verts.len());
        let smin = bracket.iter().map(|&g| ps[g].score).min().unwrap_or(0);
        let next_min = next.iter().map(|&g| ps[g].score).min();
        // Score-difference values for C6 (this bracket) and C7 (the next one), highest first.
        let sd_pair = |a: usize, b: usize| ps[a].score.abs_diff(ps[b].score) as i64;
        let sd_float = |a: usize| (ps[a].score + 2 - smin) as i64;
        // (From the distinct scores: the same values as over every pair, without the pairs.)
        let distinct = |players: &mut dyn Iterator<Item = &usize>| -> Vec<i64> {
            let mut v: Vec<i64> = players.map(|&g| ps[g].score as i64).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let b_scores = distinct(&mut bracket.iter());
        let mut c6_values: Vec<i64> = Vec::new();
        for (i, &x) in b_scores.iter().enumerate() {
            c6_values.push(x + 2 - smin as i64);
            for &y in &b_scores[i + 1..] {
                c6_values.push(y - x);
            }
        }
        c6_values.retain(|&v| v > 0);
        c6_values.sort_unstable_by(|a, b| b.cmp(a));
        c6_values.dedup();
        let mut c7_values: Vec<i64> = Vec::new();
        if let Some(nmin) = next_min {
            let n_scores = distinct(&mut next.iter());
            for &x in b_scores.iter().chain(&n_scores) {
                c7_values.push(x + 2 - nmin as i64);
            }
            for &x in &b_scores {
                for &y in &n_scores {
                    c7_values.push((x - y).abs());
                }
            }
            c7_values.retain(|&v| v > 0);
            c7_values.sort_unstable_by(|a, b| b.cmp(a));
            c7_values.dedup();
        }
        // Level indices.
        let l_complete = 0;
        let l_c5 = 1;
        let l_c6 = 2;
        let l_c7 = l_c6 + c6_values.len();
        let l_c7psd = l_c7 + 1;
        let l_color = l_c7psd + c7_values.len();
        let l_float = l_color + 4;
        let l_floatsd = l_float + 4;
        let nlevels = l_floatsd + 4;
        let nv = verts.len();
        let initial = ctx.opts.initial_color;
        // The criteria components of the edge between local vertices x < y (bye excluded),
        // or false when the absolute criteria forbid it.
        let components = |x: usize, y: usize, c: &mut [i64]| -> bool {
            let (a, b) = (verts[x], verts[y]);
            let inside = y < nb;
            let touches_bracket = x < nb;
            if !ctx.compatible(a, b) {
                return false;
            }
            c.iter_mut().for_each(|v| *v = 0);
            c[l_complete] = 1;
            let mut any = complete;
            if inside {
                any = true;
                c[l_c5] = 1;
                // C6: floaters' differences become rewards for pairing them; the pair's own
                // difference is a cost.
                for (k, &v) in c6_values.iter().enumerate() {
                    c[l_c6 + k] = (sd_float(a) == v) as i64 + (sd_float(b) == v) as i64
                        - (sd_pair(a, b) == v) as i64;
                }
                let cc = color_costs(&ps[a], &ps[b], initial);
                for k in 0..4 {
                    c[l_color + k] = -cc[k];
                }
                // C12-C19: repeated floats. A resident left unpaired floats down; the lower
                // of a pair with different scores floats up.
                let (pa, pb) = (&ps[a], &ps[b]);
                for p in [pa, pb] {
                    if p.score == smin {
                        c[l_float] += p.df1 as i64;
                        c[l_float + 2] += p.df2 as i64;
                    }
                }
                if pa.score != pb.score {
                    let (hi, lo) = if pa.score > pb.score {
                        (pa, pb)
                    } else {
                        (pb, pa)
                    };
                    let d = (hi.score - lo.score) as i64;
                    c[l_float + 1] -= lo.uf1 as i64;
                    c[l_float + 3] -= lo.uf2 as i64;
                    c[l_floatsd] -= d * hi.df1 as i64;
                    c[l_floatsd + 1] -= d * lo.uf1 as i64;
                    c[l_floatsd + 2] -= d * hi.df2 as i64;
                    c[l_floatsd + 3] -= d * lo.uf2 as i64;
                }
            }
            // C7: pairs and score differences of the next bracket (players of this bracket
            // that float into it, and its residents).
            if let Some(nmin) = next_min {
                if (in_next[y] || inside) && (touches_bracket || in_next[x]) {
                    let fl_next = |g: usize| (ps[g].score + 2 - nmin) as i64;
                    if !inside {
                        c[l_c7] = 1;
                        any = true;
                    }
                    for (k, &v) in c7_values.iter().enumerate() {
                        c[l_c7psd + k] = (fl_next(a) == v) as i64 + (fl_next(b) == v) as i64
                            - (!inside && sd_pair(a, b) == v) as i64;
                    }
                }
            }
            any
        };
        // A large bracket (fast mode) keeps only the edges near the rules' candidates: between
        // players close in rank, between S1 and S2 players close to each other's first
        // partner, and from the bottom of the bracket to the top of the next scoregroup.
        let band = (!complete && nb > ctx.opts.exact_limit).then_some(BAND);
        let nn = nv - nb;
        let in_band = |x: usize, y: usize| -> bool {
            let Some(w) = band else { return true };
            if y < nb {
                let d = y - x;
                d <= w || d.abs_diff(nb / 2) <= w
            } else if x < nb {
                (nb - x) + (y - nb) <= 2 * w
            } else {
                let d = y - x;
                d <= w || d.abs_diff(nn / 2) <= w
            }
        };
        let pairs_to_scan = |x: usize| (x + 1..nv).filter(move |&y| in_band(x, y));
        // Bounds of each level: the sum over the vertices of their largest component.
        let total_v = nv + bye.is_some() as usize;
        let mut vmax = vec![0i64; total_v * nlevels];
        let mut c = vec![0i64; nlevels];
        for x in 0..nv {
            for y in pairs_to_scan(x) {
                if components(x, y, &mut c) {
                    for k in 0..nlevels {
                        let a = c[k].abs();
                        vmax[x * nlevels + k] = vmax[x * nlevels + k].max(a);
                        vmax[y * nlevels + k] = vmax[y * nlevels + k].max(a);
                    }
                }
            }
        }
        let mut bounds = vec![0i64; nlevels + 1];
        for v in 0..total_v {
            for k in 0..nlevels {
                bounds[k] += vmax[v * nlevels + k];
            }
        }
        if complete {
            bounds[l_complete] = total_v as i64;
        } else {
            bounds[l_complete] = 0;
        }
        // Room is kept below the criteria for the generation order: an exchange count and at
        // least one player's choice of partner.
        bounds.truncate(nlevels);
        let levels = Levels { bounds };
        let reserve = width(nb as i64) + width(4 * nb as i64 + 1);
        let (layout, crit_bits) = levels.layout(WEIGHT_BITS - reserve);
        let mut edges: Vec<(usize, usize, Wide)> = Vec::new();
        for x in 0..nv {
            for y in pairs_to_scan(x) {
                if components(x, y, &mut c) {
                    edges.push((x, y, combine(&c, &layout)));
                }
            }
        }
        if let Some(bv) = bye {
            c.iter_mut().for_each(|v| *v = 0);
            c[l_complete] = 1;
            let w = combine(&c, &layout);
            for x in 0..nv {
                if ps[verts[x]].bye_ok {
                    edges.push((x, bv, w));
                }
            }
        }
        let resident = bracket.iter().map(|&g| ps[g].score == smin).collect();
        BracketGraph {
            resident,
            verts,
            nb,
            rank,
            in_next,
            bye,
            edges,
            order_bits: WEIGHT_BITS - crit_bits,
            crit_bits,
            complete,
        }
    }

    /// Whether the matching pairs everybody (the bye aside).
    fn is_complete(&self, mate: &[Option<usize>], gone: &[bool]) -> bool {
        let _ = self.in_next.len();
        (0..self.verts.len()).all(|v| gone[v] || mate[v].is_some())
    }

    /// How many players one matching can settle in the generation order.
    fn players_per_solve(&self) -> usize {
        let (we, wf) = (width(self.nb as i64), width(2 * self.nb as i64));
        let _ = (we, wf, self.order_bits);
        // Settling several players per matching fixes S1 and S2 for the whole group, which
        // agreed less with the reference implementation than one player at a time.
        1
    }

    /// A maximum-weight matching of the remaining vertices. With a focus, the levels below the
    /// criteria count the exchanges (pairs inside S1 or inside S2, to be avoided) and then
    /// reward each focus player's partner in the rules' order (S2 in rank order, then S1 from
    /// its end), the first player's level the most significant; without one, `exact` leaves
    /// them out and otherwise one level rewards pairs close to the first candidate (S1\[i\]
    /// against S2\[i\]).
    fn solve(&self, gone: &[bool], focus: Option<&Focus<'_>>, exact: bool) -> Vec<Option<usize>> {
        let nv = self.verts.len() + self.bye.is_some() as usize;
        let bye = self.bye.unwrap_or(NO_BYE);
        let focus_mdp = focus.is_some_and(|f| !self.resident[f.players[0]]);
        let in_focus = |v: usize| focus.is_some_and(|f| f.players.contains(&v));
        // Free bracket players in rank order: with moved-down players in focus, they and the
        // residents (S2); otherwise the free residents, split into S1 and S2.
        let mut free: Vec<usize> = (0..self.nb)
            .filter(|&v| !gone[v] && focus.is_none_or(|f| !f.floated[v]))
            .filter(|&v| focus.is_none() || self.resident[v] || in_focus(v))
            .collect();
        free.sort_by_key(|&v| self.rank[v]);
        let mut pos = vec![-1i64; self.nb];
        for (i, &v) in free.iter().enumerate() {
            pos[v] = i as i64;
        }
        let nfree = free.len() as i64;
        let s1 = match focus {
            Some(f) if focus_mdp => f.players.len() as i64,
            Some(f) => f.pairs_left as i64,
            None => nfree / 2,
        };
        // The order levels' places.
        let nb = self.nb as i64;
        let wf = width(2 * nb);
        let k = focus.map_or(0, |f| f.players.len()) as u32;
        let heuristic_fits = width(2 * nb * nb) <= self.order_bits;
        let shift = match focus {
            Some(_) => width(nb) + k * wf,
            None if exact || !heuristic_fits => 0,
            None => width(2 * nb * nb),
        };
        let narrow = self.crit_bits + shift <= NARROW_BITS;
        let mut edges = Vec::with_capacity(if narrow { self.edges.len() } else { 0 });
        let mut wide_edges = Vec::with_capacity(if narrow { 0 } else { self.edges.len() });
        for &(x, y, base) in &self.edges {
            if (x != bye && gone[x]) || (y != bye && gone[y]) {
                continue;
            }
            if let Some(f) = focus {
                // A player decided to float keeps no pair inside the bracket.
                if y < self.nb && (f.floated[x] || f.floated[y]) {
                    continue;
                }
            }
            let mut order = 0i128;
            if y < self.nb {
                let (px, py) = (pos[x], pos[y]);
                match focus {
                    Some(f) => {
                        let reward = |other: i64| -> i64 {
                            // Another moved-down player (not free): after every resident.
                            let other = if other < 0 { nfree + s1 } else { other };
                            if other >= s1 {
                                2 * nfree - (other - s1)
                            } else {
                                nfree + other
                            }
                        };
                        for (i, &p) in f.players.iter().enumerate() {
                            let r = if p == x {
                                reward(py)
                            } else if p == y {
                                reward(px)
                            } else {
                                continue;
                            };
                            order += (r as i128) << ((k - 1 - i as u32) * wf);
                        }
                        // Transpositions come before exchanges.
                        if !focus_mdp && px >= 0 && py >= 0 && (px < s1) == (py < s1) {
                            order -= 1i128 << (k * wf);
                        }
                    }
                    None if exact || !heuristic_fits => {}
                    None => {
                        let (hi, lo) = if px < py { (px, py) } else { (py, px) };
                        let dist = if hi < s1 && lo >= s1 {
                            (lo - s1 - hi).abs()
                        } else {
                            nfree + (lo - hi)
                        };
                        order = (nfree * 2 - dist) as i128;
                    }
                }
            }
            if narrow {
                edges.push((x, y, (base.low() << shift) + order));
            } else {
                wide_edges.push((x, y, base.shifted(shift) + Wide::from_i128(order)));
            }
        }
        let mut mate = if narrow {
            max_weight_matching(nv, &edges)
        } else {
            max_weight_matching(nv, &wide_edges)
        };
        mate.truncate(self.verts.len());
        if !self.complete {
            return mate;
        }
        mate.into_iter()
            .map(|m| m.map(|v| if v == bye { NO_BYE } else { v }))
            .collect()
    }
}
