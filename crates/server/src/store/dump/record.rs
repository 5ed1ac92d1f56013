//! The records of the line format, one per line after the header, as serde writes and reads
//! them, and the conversion of a game between its record and a [`GameDump`].

use serde::{Deserialize, Serialize};

use super::model::{Counts, GameDump};
use crate::round::clock::TimeControl;
use crate::round::ending::{Ending, GameResult};
use crate::store::records::{hash_text, parse_hash, GameMeta, Mode, MoveStamp};

/// One line of a dump after the header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "table", rename_all = "snake_case")]
pub(super) enum Record {
    Player(PlayerRecord),
    Game(Box<GameRecord>),
    Tournament(TournamentRecord),
    Rating(RatingRecord),
    RatingPoint(PointRecord),
    LearnProgress(LearnRecord),
    Session(SessionRecord),
    End(EndRecord),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Header {
    pub(super) format: String,
    pub(super) version: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PlayerRecord {
    pub(super) name: String,
    pub(super) password: String,
    pub(super) created: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) lang: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GameRecord {
    pub(super) id: String,
    pub(super) variant: String,
    pub(super) rules: Vec<(String, String)>,
    pub(super) position: Option<String>,
    pub(super) mode: String,
    pub(super) computer: Option<u8>,
    pub(super) level: u8,
    pub(super) seed: u64,
    pub(super) token_hash_south: Option<String>,
    pub(super) token_hash_north: Option<String>,
    pub(super) created: i64,
    pub(super) south: Option<String>,
    pub(super) north: Option<String>,
    pub(super) rated: bool,
    pub(super) clock: Option<serde_json::Value>,
    pub(super) started_ms: i64,
    pub(super) deadline_ms: Option<i64>,
    pub(super) ending: Option<EndingRecord>,
    pub(super) moves: Vec<MoveRecord>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EndingRecord {
    pub(super) result: String,
    pub(super) reason: String,
    pub(super) ended_ms: i64,
    pub(super) plies: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoveRecord {
    pub(super) mv: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) at_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) left_ms: Option<[i64; 2]>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TournamentRecord {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) status: String,
    pub(super) version: i64,
    pub(super) created_ms: i64,
    pub(super) doc: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RatingRecord {
    pub(super) player: String,
    pub(super) variant: String,
    pub(super) rating: f64,
    pub(super) deviation: f64,
    pub(super) volatility: f64,
    pub(super) games: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PointRecord {
    pub(super) player: String,
    pub(super) variant: String,
    pub(super) game: String,
    pub(super) at_ms: i64,
    pub(super) rating: f64,
    pub(super) deviation: f64,
}

/// A path of an account's lesson progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LearnRecord {
    pub(super) player: String,
    pub(super) path: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SessionRecord {
    pub(super) token_hash: String,
    pub(super) player: String,
    pub(super) expires: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EndRecord {
    pub(super) counts: Counts,
    pub(super) sha256: String,
}

fn hash_or_null(h: Option<&crate::store::records::TokenHash>) -> Option<String> {
    h.map(|h| hash_text(Some(h)))
}

impl GameRecord {
    pub(super) fn of(g: &GameDump) -> GameRecord {
        let m = &g.meta;
        GameRecord {
            id: m.id.clone(),
            variant: m.variant.clone(),
            rules: m.rules.clone(),
            position: m.position.clone(),
            mode: m.mode.name().to_string(),
            computer: m.computer.map(|c| u8::from(c != 0)),
            level: m.level,
            seed: m.seed,
            token_hash_south: hash_or_null(m.token_hashes[0].as_ref()),
            token_hash_north: hash_or_null(m.token_hashes[1].as_ref()),
            created: m.created,
            south: m.players[0].clone(),
            north: m.players[1].clone(),
            rated: m.rated,
            clock: m.clock.map(TimeControl::to_json),
            started_ms: m.started_ms,
            deadline_ms: g.deadline_ms,
            ending: g.ending.as_ref().map(|(e, plies)| EndingRecord {
                result: e.result.name().to_string(),
                reason: e.reason.clone(),
                ended_ms: e.at_ms,
                plies: *plies,
            }),
            moves: g
                .moves
                .iter()
                .map(|(_, mv, st)| MoveRecord {
                    mv: mv.clone(),
                    at_ms: st.map(|s| s.at_ms),
                    left_ms: st.map(|s| s.left_ms),
                })
                .collect(),
        }
    }

    pub(super) fn to_dump(&self) -> Result<GameDump, String> {
        let id = &self.id;
        let hash = |h: &Option<String>| match h {
            None => Ok(None),
            Some(t) if t.is_empty() => Err(format!("game {id}: empty seat token digest")),
            Some(t) => parse_hash(id, t).map_err(|e| e.to_string()),
        };
        let clock = match &self.clock {
            None => None,
            Some(v) => TimeControl::from_json(v).map_err(|e| format!("game {id}: clock: {e}"))?,
        };
        let meta = GameMeta {
            id: id.clone(),
            variant: self.variant.clone(),
            rules: self.rules.clone(),
            position: self.position.clone(),
            mode: Mode::from_name(&self.mode)
                .ok_or_else(|| format!("game {id}: unknown mode {:?}", self.mode))?,
            computer: match self.computer {
                None => None,
                Some(c @ (0 | 1)) => Some(usize::from(c)),
                Some(c) => return Err(format!("game {id}: computer side {c}")),
            },
            level: self.level,
            seed: self.seed,
            token_hashes: [hash(&self.token_hash_south)?, hash(&self.token_hash_north)?],
            created: self.created,
            players: [self.south.clone(), self.north.clone()],
            rated: self.rated,
            clock,
            started_ms: self.started_ms,
        };
        let ending = match &self.ending {
            None => None,
            Some(e) => Some((
                Ending {
                    result: GameResult::from_name(&e.result)
                        .ok_or_else(|| format!("game {id}: unknown result {:?}", e.result))?,
                    reason: e.reason.clone(),
                    at_ms: e.ended_ms,
                },
                e.plies,
            )),
        };
        let moves = self
            .moves
            .iter()
            .zip(0..)
            .map(|(m, ply)| {
                let stamp = match (m.at_ms, m.left_ms) {
                    (Some(at_ms), Some(left_ms)) => Some(MoveStamp {
                        at_ms,
                        left_ms,
                        deadline_ms: None,
                    }),
                    (None, None) => None,
                    _ => {
                        return Err(format!(
                            "game {id}: move {ply}: at_ms and left_ms go together"
                        ))
                    }
                };
                Ok((ply, m.mv.clone(), stamp))
            })
            .collect::<Result<_, String>>()?;
        Ok(GameDump {
            meta,
            deadline_ms: self.deadline_ms,
            ending,
            moves,
        })
    }
}
