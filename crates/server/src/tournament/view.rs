//! A tournament as the API shows it (`GET /api/tournaments/{id}`, the list) and its TRF16 file.

use mancala_tournament::{ByeKind, Round};
use serde_json::{json, Map, Value};

use crate::tournament::model::{Event, Kind};

/// The JSON of a tournament's settings (shared by the list and the full view).
fn settings(e: &Event) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("id".into(), json!(e.id));
    m.insert("name".into(), json!(e.name));
    m.insert("format".into(), json!(e.kind.name()));
    m.insert("status".into(), json!(e.status.name()));
    m.insert("director".into(), json!(e.director));
    m.insert("variant".into(), json!(e.variant));
    let rules: Map<String, Value> = e.rules.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
    m.insert("rules".into(), Value::Object(rules));
    m.insert(
        "clock".into(),
        e.clock.map_or(
            Value::Null,
            |c| json!({"initial_ms": c.initial_ms, "increment_ms": c.increment_ms}),
        ),
    );
    m.insert("rated".into(), json!(e.rated));
    m.insert("over_the_board".into(), json!(e.over_the_board));
    m.insert("created_ms".into(), json!(e.created_ms));
    m.insert("started_ms".into(), json!(e.started_ms));
    match e.kind {
        Kind::Arena => {
            m.insert("duration_s".into(), json!(e.duration_s));
            let ends = e
                .started_ms
                .zip(e.duration_s)
                .map(|(s, d)| s + d as i64 * 1000);
            m.insert("ends_ms".into(), json!(ends));
            let berserk = e.arena.as_ref().is_some_and(|a| a.config.berserk);
            m.insert("berserk".into(), json!(berserk));
        }
        Kind::Swiss | Kind::RoundRobin => {
            m.insert("rounds_planned".into(), json!(e.pairing.total_rounds()));
            let double = matches!(
                e.pairing.format,
                mancala_tournament::Format::RoundRobin { double: true }
            );
            m.insert("double".into(), json!(double));
            m.insert(
                "bye_points".into(),
                json!(f64::from(e.pairing.bye_half_points) / 2.0),
            );
        }
    }
    m.insert("player_count".into(), json!(e.player_count()));
    m
}

/// The list's entry of a tournament.
#[must_use]
pub fn summary(e: &Event) -> Value {
    Value::Object(settings(e))
}

/// The full JSON of a tournament: settings, players, rounds (arenas: games) and standings.
#[must_use]
pub fn full(e: &Event) -> Value {
    let mut m = settings(e);
    match &e.arena {
        Some(a) => {
            let players: Vec<Value> = a
                .players
                .iter()
                .map(|p| {
                    json!({"name": p.name, "rating": p.rating, "start_number": p.id,
                           "withdrawn": p.withdrawn, "paused": p.paused})
                })
                .collect();
            m.insert("players".into(), json!(players));
            m.insert("rounds".into(), json!([]));
            let name = |id: u32| a.players.get(id as usize - 1).map(|p| p.name.clone());
            let games: Vec<Value> = a
                .games
                .iter()
                .map(|g| {
                    let mut v = json!({
                        "number": g.id,
                        "south": name(g.south),
                        "north": name(g.north),
                        "game": e.arena_games.get(g.id as usize - 1),
                        "berserk": {"south": g.south_berserk, "north": g.north_berserk},
                    });
                    if let Some(r) = g.result {
                        v["result"] = json!(match r {
                            mancala_tournament::arena::ArenaResult::SouthWins => "1-0",
                            mancala_tournament::arena::ArenaResult::NorthWins => "0-1",
                            mancala_tournament::arena::ArenaResult::Draw => "1/2-1/2",
                        });
                    }
                    v
                })
                .collect();
            m.insert("games".into(), json!(games));
            let standings: Vec<Value> = a
                .standings()
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    json!({
                        "rank": i + 1,
                        "name": p.name,
                        "points": p.score,
                        "tiebreaks": {"rating": p.rating},
                        "streak": p.wins_in_a_row,
                        "playing": p.playing.is_some(),
                    })
                })
                .collect();
            m.insert("standings".into(), json!(standings));
        }
        None => {
            let t = &e.pairing;
            let players: Vec<Value> = t
                .players
                .iter()
                .map(|p| {
                    json!({"name": p.name, "rating": p.rating, "start_number": p.start_number,
                           "withdrawn": p.withdrawn})
                })
                .collect();
            m.insert("players".into(), json!(players));
            let rounds: Vec<Value> = t
                .rounds
                .iter()
                .enumerate()
                .map(|(i, r)| round(e, i, r))
                .collect();
            m.insert("rounds".into(), json!(rounds));
            let standings: Vec<Value> = t
                .standings()
                .iter()
                .map(|s| {
                    let tiebreaks: Map<String, Value> = s
                        .tiebreaks
                        .iter()
                        .map(|(tb, v)| (tb.name().to_string(), json!(v)))
                        .collect();
                    json!({
                        "rank": s.rank,
                        "name": s.name,
                        "start_number": s.start_number,
                        "points": s.points,
                        "tiebreaks": tiebreaks,
                    })
                })
                .collect();
            m.insert("standings".into(), json!(standings));
        }
    }
    Value::Object(m)
}

/// The name of start number `n`.
fn player_name(e: &Event, n: u32) -> Value {
    e.pairing.player(n).map_or(Value::Null, |p| json!(p.name))
}

/// Round number `i + 1`.
#[must_use]
pub fn round(e: &Event, i: usize, r: &Round) -> Value {
    let pairings: Vec<Value> = r
        .pairings
        .iter()
        .enumerate()
        .map(|(b, p)| {
            let mut v = json!({
                "board": b + 1,
                "south": player_name(e, p.south),
                "north": player_name(e, p.north),
            });
            if let Some(g) = e
                .games
                .get(i)
                .and_then(|r| r.get(b))
                .and_then(Option::as_ref)
            {
                v["game"] = json!(g);
            }
            if let Some(res) = p.result {
                v["result"] = json!(res.as_str());
            }
            v
        })
        .collect();
    let mut v = json!({"number": i + 1, "pairings": pairings});
    let byes: Vec<Value> = r
        .byes
        .iter()
        .map(|b| {
            let kind = match b.kind {
                ByeKind::PairingAllocated => "pairing",
                ByeKind::Half => "half",
                ByeKind::Full => "full",
                ByeKind::Zero => "zero",
            };
            json!({"name": player_name(e, b.player), "kind": kind})
        })
        .collect();
    let allocated = r
        .byes
        .iter()
        .find(|b| b.kind == ByeKind::PairingAllocated)
        .or(r.byes.first());
    if let Some(b) = allocated {
        v["bye"] = player_name(e, b.player);
    }
    v["byes"] = json!(byes);
    v
}

/// The TRF16 file of a Swiss or round robin.
#[must_use]
pub fn trf(e: &Event) -> String {
    mancala_tournament::trf::write(&e.pairing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::model::tests::spec;

    #[test]
    fn the_view_names_the_players_of_each_board_and_the_standings() {
        let mut e = Event::new("t", "Ama", spec(Kind::Swiss, true), 0).unwrap();
        for (name, rating) in [("Kofi", 1800), ("Esi", 1700), ("Yaw", 1600)] {
            e.add_player("Ama", name, rating).unwrap();
        }
        e.pair_round("Ama", 0).unwrap();
        e.enter_result("Ama", 1, 1, "0-1F", false).unwrap();
        let v = full(&e);
        assert_eq!(v["status"], "running");
        assert_eq!(v["rounds"][0]["number"], 1);
        let board = &v["rounds"][0]["pairings"][0];
        assert_eq!(board["board"], 1);
        assert_eq!(board["result"], "0-1F");
        assert!(board["south"].is_string() && board["north"].is_string());
        assert_eq!(v["rounds"][0]["bye"], "Yaw", "{v}");
        assert_eq!(v["standings"].as_array().unwrap().len(), 3);
        assert!(v["standings"][0]["tiebreaks"].is_object());
        assert!(trf(&e).contains("Kofi"));
    }
}
