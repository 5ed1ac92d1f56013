//! Tie-breaks (FIDE Handbook C.02, 13.15–13.16, and the tie-break regulations C.07).
//!
//! - **Buchholz**: the sum of the opponents' points. A round the player did not play over the
//!   board (a bye, a forfeit either way, an absence) counts as a game against a *virtual
//!   opponent* who had the player's points before that round, the opposite result in it, and
//!   draws every later round: `SPR + (1 − SfPR) + 0.5 × (n − R)` (C.02 13.16.2), `n` being the
//!   number of rounds played so far.
//! - **Buchholz cut 1**: the same without the lowest of those scores.
//! - **Sonneborn–Berger**: the points of the opponents beaten plus half the points of those
//!   drawn with, the virtual opponent standing in for unplayed rounds the same way.
//! - **Wins**: games won, forfeit wins included, byes not.
//! - **Direct encounter**: among players equal on points and on the tie-breaks before it, the
//!   points scored in the games between them, when each has met every other; otherwise it does
//!   not separate them (0 for all).

use crate::{Entry, Standing, Tournament};

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
    /// Games won.
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

/// Each opponent's points (in half-points) and the player's half-points against him, round by
/// round (virtual opponents for unplayed rounds).
fn opponents(t: &Tournament, entries: &[Vec<Entry>], id: usize, pts: &[u32]) -> Vec<(u32, u32)> {
    let n = entries[id].len() as u32;
    let mut before = 0u32;
    let mut out = Vec::new();
    for (r, &e) in entries[id].iter().enumerate() {
        let got = t.half_points_of(e);
        match e {
            Entry::Game {
                opponent,
                played: true,
                ..
            } => out.push((pts[opponent as usize], got)),
            _ => {
                let virtual_score = before + (2 - got.min(2)) + (n - r as u32 - 1);
                out.push((virtual_score, got));
            }
        }
        before += got;
    }
    out
}

/// The standings of the tournament with its tie-breaks.
pub fn standings(t: &Tournament) -> Vec<Standing> {
    let entries = t.entries();
    let n = t.players.len();
    let pts: Vec<u32> = (0..=n)
        .map(|id| entries[id].iter().map(|&e| t.half_points_of(e)).sum())
        .collect();
    // Tie-break values in half-points (Direct encounter filled in below).
    let mut values: Vec<Vec<i64>> = vec![vec![0; t.tiebreaks.len()]; n + 1];
    for id in 1..=n {
        let opp = opponents(t, &entries, id, &pts);
        for (k, tb) in t.tiebreaks.iter().enumerate() {
            values[id][k] = match tb {
                Tiebreak::Buchholz => opp.iter().map(|o| o.0 as i64).sum(),
                Tiebreak::BuchholzCut1 => {
                    let sum: i64 = opp.iter().map(|o| o.0 as i64).sum();
                    sum - opp.iter().map(|o| o.0 as i64).min().unwrap_or(0)
                }
                Tiebreak::SonnebornBerger => {
                    // Quarter-points would be needed for half of an odd score: kept doubled.
                    opp.iter().map(|&(s, got)| (s * got) as i64).sum::<i64>()
                }
                Tiebreak::Wins => entries[id]
                    .iter()
                    .filter(|e| matches!(e, Entry::Game { half_points: 2, .. }))
                    .count() as i64,
                Tiebreak::DirectEncounter => 0,
            };
        }
    }
    let mut order: Vec<usize> = (1..=n).collect();
    let key = |id: usize, values: &Vec<Vec<i64>>| (pts[id], values[id].clone());
    // Direct encounter, level by level: groups equal on points and the tie-breaks before it.
    for (k, tb) in t.tiebreaks.iter().enumerate() {
        if *tb != Tiebreak::DirectEncounter {
            continue;
        }
        let mut groups: std::collections::HashMap<(u32, Vec<i64>), Vec<usize>> =
            std::collections::HashMap::new();
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
