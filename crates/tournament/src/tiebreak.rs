//! Tie-breaks by the FIDE tie-break regulations (FIDE Handbook C.07, in force since 2024).
//!
//! Rounds a player did not play over the board (a bye of any kind, a forfeit won or lost, an
//! absence) are his *unplayed rounds* (C.07 16.1). Among them the *voluntarily unplayed
//! rounds* (VUR, 16.2) are those he chose not to play: a requested half-point or zero-point
//! bye, a forfeit lost (a double forfeit included) and an absence; a pairing-allocated bye, a
//! full-point bye and a forfeit won are not. The tie-breaks that use the opponents' scores treat
//! them so:
//!
//! - an opponent's score is his *adjusted score* (16.3): his points, except that the VURs after
//!   the last round he was available to play (a player who withdrew) count as draws;
//! - each of the player's own unplayed rounds counts as a game against a *dummy opponent* whose
//!   score is the player's own final score (16.4), with the result the player got in that round.
//!
//! The tie-breaks:
//!
//! - **Buchholz** (C.07 8.1): the sum of the opponents' scores, as above.
//! - **Buchholz cut 1** (8.2, 14.1): the same without the lowest contribution; a VUR, when the
//!   player has one, is the one cut (16.5).
//! - **Sonneborn–Berger** (9.1): the sum, over the rounds, of the opponent's score times the
//!   points the player scored against him (the whole score for a win, half for a draw).
//! - **Wins** (7.1, WIN): the rounds in which the player got a win's points, with or without
//!   playing: games won, forfeits won, full-point byes and pairing-allocated byes when they are
//!   worth a win.
//! - **Direct encounter** (6): among players equal on points and on the tie-breaks before it,
//!   the points each scored in the games between them (forfeits as awarded), when each of them
//!   has met every other; otherwise it does not separate them (0 for all).

use crate::{ByeKind, Entry, Standing, Tournament};

/// A tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Tiebreak {
    /// The sum of the opponents' points.
    Buchholz,
    /// Buchholz without the lowest opponent.
    BuchholzCut1,
    /// Beaten opponents' points plus half the drawn ones'.
    SonnebornBerger,
    /// Rounds won, with or without playing (C.07's WIN).
    Wins,
    /// Points among the tied players, when they all met.
    DirectEncounter,
}

impl Tiebreak {
    /// The short name used in the standings (`"buchholz"`, `"buchholz_cut1"`,
    /// `"sonneborn_berger"`, `"wins"`, `"direct_encounter"`).
    pub fn name(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::BuchholzCut1 => "buchholz_cut1",
            Tiebreak::SonnebornBerger => "sonneborn_berger",
            Tiebreak::Wins => "wins",
            Tiebreak::DirectEncounter => "direct_encounter",
        }
    }
}

/// Whether a round is one the player chose not to play (C.07 16.2): a requested half-point or
/// zero-point bye, a forfeit lost, an absence.
pub fn voluntarily_unplayed(e: Entry) -> bool {
    match e {
        Entry::Game {
            played: false,
            half_points: 0,
            ..
        } => true,
        Entry::Game { .. } => false,
        Entry::Bye(kind) => matches!(kind, ByeKind::Half | ByeKind::Zero),
        Entry::Absent => true,
    }
}

/// The adjusted score of each player in half-points (C.07 16.3): his points, the VURs after the
/// last round he was available to play counted as draws.
fn adjusted_scores(t: &Tournament, entries: &[Vec<Entry>]) -> Vec<u32> {
    entries
        .iter()
        .map(|es| {
            let available = es
                .iter()
                .rposition(|&e| !voluntarily_unplayed(e))
                .map_or(0, |r| r + 1);
            let before: u32 = es[..available].iter().map(|&e| t.half_points_of(e)).sum();
            before + (es.len() - available) as u32
        })
        .collect()
}

/// One round's contribution to a player's opponent-based tie-breaks.
#[derive(Debug, Clone, Copy)]
struct Contribution {
    /// The opponent's (adjusted) score, or the dummy opponent's, in half-points.
    score: u32,
    /// The player's half-points in the round.
    got: u32,
    /// A voluntarily unplayed round.
    vur: bool,
}

/// Each round's opponent score for player `id`: the real opponent's adjusted score for a game
/// played over the board, the dummy opponent's (the player's own score) otherwise.
fn contributions(
    t: &Tournament,
    entries: &[Vec<Entry>],
    id: usize,
    pts: &[u32],
    adjusted: &[u32],
) -> Vec<Contribution> {
    entries[id]
        .iter()
        .map(|&e| {
            let score = match e {
                Entry::Game {
                    opponent,
                    played: true,
                    ..
                } => adjusted.get(opponent as usize).copied().unwrap_or(0),
                _ => pts[id],
            };
            Contribution {
                score,
                got: t.half_points_of(e),
                vur: voluntarily_unplayed(e),
            }
        })
        .collect()
}

/// The standings of the tournament with its tie-breaks.
pub fn standings(t: &Tournament) -> Vec<Standing> {
    let entries = t.entries();
    let n = t.players.len();
    let pts: Vec<u32> = (0..=n)
        .map(|id| entries[id].iter().map(|&e| t.half_points_of(e)).sum())
        .collect();
    let adjusted = adjusted_scores(t, &entries);
    // Tie-break values in half-points (Sonneborn-Berger in quarter-points; Direct encounter
    // filled in below).
    let mut values: Vec<Vec<i64>> = vec![vec![0; t.tiebreaks.len()]; n + 1];
    for id in 1..=n {
        let opp = contributions(t, &entries, id, &pts, &adjusted);
        let sum: i64 = opp.iter().map(|o| o.score as i64).sum();
        for (k, tb) in t.tiebreaks.iter().enumerate() {
            values[id][k] = match tb {
                Tiebreak::Buchholz => sum,
                Tiebreak::BuchholzCut1 => {
                    let lowest = |vur: bool| {
                        opp.iter()
                            .filter(|o| o.vur || !vur)
                            .map(|o| o.score as i64)
                            .min()
                    };
                    sum - lowest(true).or(lowest(false)).unwrap_or(0)
                }
                Tiebreak::SonnebornBerger => {
                    opp.iter().map(|o| (o.score * o.got) as i64).sum::<i64>()
                }
                Tiebreak::Wins => entries[id]
                    .iter()
                    .filter(|&&e| t.half_points_of(e) == 2)
                    .count() as i64,
                Tiebreak::DirectEncounter => 0,
            };
        }
    }
    direct_encounter(t, &entries, &pts, &mut values);
    let key = |id: usize, values: &Vec<Vec<i64>>| (pts[id], values[id].clone());
    let mut order: Vec<usize> = (1..=n).collect();
    order.sort_by(|&a, &b| key(b, &values).cmp(&key(a, &values)).then(a.cmp(&b)));
    let mut out: Vec<Standing> = Vec::with_capacity(n);
    for (i, &id) in order.iter().enumerate() {
        let rank = match out.last() {
            Some(prev) if key(prev.start_number as usize, &values) == key(id, &values) => prev.rank,
            _ => i as u32 + 1,
        };
        let p = &t.players[id - 1];
        out.push(Standing {
            rank,
            start_number: p.start_number,
            name: p.name.clone(),
            points: pts[id] as f64 / 2.0,
            tiebreaks: t
                .tiebreaks
                .iter()
                .enumerate()
                .map(|(k, tb)| {
                    let v = values[id][k] as f64;
                    let scale = match tb {
                        Tiebreak::Wins => 1.0,
                        Tiebreak::SonnebornBerger => 4.0,
                        _ => 2.0,
                    };
                    (*tb, v / scale)
                })
                .collect(),
        });
    }
    out
}

/// Direct encounter, level by level: among the players equal on points and the tie-breaks
/// before it, the half-points each scored against the others, when all of them met.
fn direct_encounter(t: &Tournament, entries: &[Vec<Entry>], pts: &[u32], values: &mut [Vec<i64>]) {
    let n = t.players.len();
    for (k, tb) in t.tiebreaks.iter().enumerate() {
        if *tb != Tiebreak::DirectEncounter {
            continue;
        }
        let mut groups: std::collections::BTreeMap<(u32, Vec<i64>), Vec<usize>> =
            std::collections::BTreeMap::new();
        for id in 1..=n {
            groups
                .entry((pts[id], values[id][..k].to_vec()))
                .or_default()
                .push(id);
        }
        for group in groups.values().filter(|g| g.len() > 1) {
            let mut scored = vec![0i64; group.len()];
            let mut met_all = true;
            for (i, &a) in group.iter().enumerate() {
                for &b in group {
                    if a == b {
                        continue;
                    }
                    let mut met = false;
                    for &e in &entries[a] {
                        if let Entry::Game {
                            opponent,
                            half_points,
                            ..
                        } = e
                        {
                            if opponent as usize == b {
                                met = true;
                                scored[i] += half_points as i64;
                            }
                        }
                    }
                    met_all &= met;
                }
            }
            if met_all {
                for (i, &a) in group.iter().enumerate() {
                    values[a][k] = scored[i];
                }
            }
        }
    }
}
