//! Export and import of a whole database, and its integrity check: the same file moves games,
//! accounts, ratings and tournaments between the backends (SQLite ⇄ PostgreSQL) and serves as a
//! backup.
//!
//! # The dump file (format version 2)
//!
//! JSON lines, UTF-8, one record per line:
//!
//! 1. a header `{"format":"mancala-dump","version":2}`;
//! 2. the records, each an object whose `table` field says what it is, in this order:
//!    - `player`: `name`, `password` (the Argon2id PHC string), `created` (seconds since the
//!      epoch) and, when the player chose one, `lang` (the language of his pages: `fr`, `pt`,
//!      ...; files written before accounts had a language have none); sorted by name ignoring
//!      case;
//!    - `game`: the set-up (`id`, `variant`, `rules` as `[name, value]` pairs, `position`,
//!      `mode`, `computer` (0 south, 1 north), `level`, `seed`, `token_hash_south`,
//!      `token_hash_north` (hex SHA-256 of the seat tokens, `null` for the computer's seat),
//!      `created`, `south`, `north` (accounts), `rated`, `clock` (the time control as the API
//!      writes it), `started_ms`), `deadline_ms` (when the side to move runs out of time),
//!      `ending` (`result`, `reason`, `ended_ms`, `plies`; `null` while the game runs) and
//!      `moves`: each `{"mv": ...}`, with `at_ms` and `left_ms` (`[south, north]`) in timed
//!      games; sorted by id;
//!    - `tournament`: `id`, `name`, `status` (`created`, `running` or `finished`), `version`
//!      (how many times it was written), `created_ms` and `doc`, its whole state (players,
//!      rounds, pairings, results, the server's game of each pairing) as the JSON text the
//!      server stores, kept byte for byte in a string; sorted by id;
//!    - `rating`: `player`, `variant`, `rating`, `deviation`, `volatility`, `games`; sorted by
//!      player and preset;
//!    - `rating_point`: `player`, `variant`, `game`, `at_ms`, `rating`, `deviation` (a rating
//!      graph's point); by player, then in the order they were made;
//!    - `session` (only when asked for): `token_hash`, `player`, `expires`; sorted by digest;
//! 3. a trailer `{"table":"end","counts":{...},"sha256":"..."}`: the number of records of each
//!    kind (and of moves), and the SHA-256 of the records' lines as the file holds them (each
//!    followed by a newline), in file order. Floats are written in their shortest text that
//!    reads back as the same float, so that an imported database exports the same file.
//!
//! Version 1 files (written before tournaments were carried) have no `tournament` records and no
//! `tournaments` count; they are read as they are.
//!
//! Sorting is by bytes, never by a database's collation, so that both backends export the same
//! database to the same file, byte for byte. The file holds password hashes and session digests:
//! keep it as private as the database.
//!
//! Import reads and verifies the whole file (every line, the counts, the checksum, the
//! [`check`] of its contents) before it touches the destination, writes everything in one
//! transaction, then reads the destination back and compares its counts and checksum with the
//! file's.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::round::clock::TimeControl;
use crate::round::ending::{Ending, GameResult};
use crate::store::error::StoreError;
use crate::store::records::{
    hash_text, parse_hash, GameMeta, Mode, MoveStamp, PlayerRow, RatingRow, TournamentRow,
};
use crate::store::rows::{self, game_columns, player_columns, tournament_columns, SqlValue};
pub use crate::store::rows::{Database, Dialect};

/// The dump format version this program writes (and the newest it reads).
pub const FORMAT_VERSION: u32 = 2;

/// The oldest dump format version this program reads: version 1 had no tournaments.
pub const OLDEST_FORMAT_VERSION: u32 = 1;

/// The header's `format` field.
const FORMAT_NAME: &str = "mancala-dump";

/// A game with everything stored about it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameDump {
    /// The set-up.
    pub meta: GameMeta,
    /// When the side to move runs out of time (running timed games).
    pub deadline_ms: Option<i64>,
    /// How it ended and after how many moves.
    pub ending: Option<(Ending, i64)>,
    /// The moves with their numbers as stored and their clock stamps.
    pub moves: Vec<(i64, String, Option<MoveStamp>)>,
}

/// A session: the digest of its token (hex), its player and when it expires.
pub type SessionRow = (String, String, i64);

/// Everything a database holds, in the dump's order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// Accounts.
    pub players: Vec<PlayerRow>,
    /// Games.
    pub games: Vec<GameDump>,
    /// Tournaments, sorted by id.
    pub tournaments: Vec<TournamentRow>,
    /// Ratings: player, preset, rating.
    pub ratings: Vec<(String, String, RatingRow)>,
    /// Rating graphs: player and point.
    pub history: Vec<(String, crate::store::records::RatingPoint)>,
    /// Sessions (empty unless asked for).
    pub sessions: Vec<SessionRow>,
}

/// How many records of each kind a dump holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counts {
    /// Accounts.
    pub players: u64,
    /// Games.
    pub games: u64,
    /// Moves of all games.
    pub moves: u64,
    /// Tournaments (absent from the trailers of version 1 files, which had none).
    #[serde(default)]
    pub tournaments: u64,
    /// Ratings.
    pub ratings: u64,
    /// Points of rating graphs.
    pub rating_points: u64,
    /// Sessions.
    pub sessions: u64,
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} players, {} games, {} moves, {} tournaments, {} ratings, {} rating points, {} \
             sessions",
            self.players,
            self.games,
            self.moves,
            self.tournaments,
            self.ratings,
            self.rating_points,
            self.sessions
        )
    }
}

/// What went wrong reading, checking or writing a dump.
#[derive(Debug, thiserror::Error)]
pub enum DumpError {
    /// The database failed.
    #[error("database: {0}")]
    Store(#[from] StoreError),
    /// Reading or writing the file failed.
    #[error("file: {0}")]
    Io(#[from] std::io::Error),
    /// A line of the file is wrong.
    #[error("line {line}: {what}")]
    Line {
        /// The line's number (1-based).
        line: usize,
        /// What is wrong with it.
        what: String,
    },
    /// The file as a whole is wrong (counts, checksum, end).
    #[error("{0}")]
    File(String),
    /// The database's schema is not the one this program writes.
    #[error("schema version {found}, this program writes {known}: {advice}")]
    Schema {
        /// The version found.
        found: i64,
        /// The version this program writes.
        known: i64,
        /// What to do.
        advice: &'static str,
    },
    /// The destination holds data and replacing it was not asked for.
    #[error(
        "the destination is not empty ({0}); import with --replace to replace everything in it"
    )]
    NotEmpty(Counts),
    /// The records fail the integrity check.
    #[error("the records fail the check:\n  {}", .0.join("\n  "))]
    Check(Vec<String>),
    /// The destination read back differs from the file.
    #[error("the destination read back differs from the file: {0}")]
    Mismatch(String),
}

/// One line of a dump after the header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "table", rename_all = "snake_case")]
enum Record {
    Player(PlayerRecord),
    Game(Box<GameRecord>),
    Tournament(TournamentRecord),
    Rating(RatingRecord),
    RatingPoint(PointRecord),
    Session(SessionRecord),
    End(EndRecord),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    format: String,
    version: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerRecord {
    name: String,
    password: String,
    created: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lang: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRecord {
    id: String,
    variant: String,
    rules: Vec<(String, String)>,
    position: Option<String>,
    mode: String,
    computer: Option<u8>,
    level: u8,
    seed: u64,
    token_hash_south: Option<String>,
    token_hash_north: Option<String>,
    created: i64,
    south: Option<String>,
    north: Option<String>,
    rated: bool,
    clock: Option<serde_json::Value>,
    started_ms: i64,
    deadline_ms: Option<i64>,
    ending: Option<EndingRecord>,
    moves: Vec<MoveRecord>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EndingRecord {
    result: String,
    reason: String,
    ended_ms: i64,
    plies: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRecord {
    mv: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    left_ms: Option<[i64; 2]>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TournamentRecord {
    id: String,
    name: String,
    status: String,
    version: i64,
    created_ms: i64,
    doc: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RatingRecord {
    player: String,
    variant: String,
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PointRecord {
    player: String,
    variant: String,
    game: String,
    at_ms: i64,
    rating: f64,
    deviation: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionRecord {
    token_hash: String,
    player: String,
    expires: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EndRecord {
    counts: Counts,
    sha256: String,
}

fn hash_or_null(h: Option<&crate::store::records::TokenHash>) -> Option<String> {
    h.map(|h| hash_text(Some(h)))
}

impl GameRecord {
    fn of(g: &GameDump) -> GameRecord {
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

    fn to_dump(&self) -> Result<GameDump, String> {
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

impl Snapshot {
    /// Reads everything in `db` (sessions only when `sessions`), in the dump's order.
    pub fn read(db: &dyn Database, sessions: bool) -> Result<Snapshot, StoreError> {
        let mut s = Snapshot::default();
        db.each_row(
            concat!("SELECT ", player_columns!(), " FROM players"),
            &mut |r| {
                s.players.push(rows::player_row(r)?);
                Ok(())
            },
        )?;
        s.players.sort_by(|a, b| {
            (a.name.to_lowercase(), &a.name).cmp(&(b.name.to_lowercase(), &b.name))
        });
        let mut moves: HashMap<String, Vec<(i64, String, Option<MoveStamp>)>> = HashMap::new();
        db.each_row(
            "SELECT game, ply, mv, at_ms, south_ms, north_ms FROM moves",
            &mut |r| {
                moves.entry(r.text(0)?).or_default().push((
                    r.int(1)?,
                    r.text(2)?,
                    rows::move_stamp(r, 3)?,
                ));
                Ok(())
            },
        )?;
        db.each_row(
            concat!(
                "SELECT ",
                game_columns!(),
                ", deadline_ms, result, reason, ended_ms, plies FROM games"
            ),
            &mut |r| {
                let meta = rows::game_meta(r)?;
                let ending = match rows::ending(r, rows::GAME_COLUMNS + 1)? {
                    Some(e) => Some((e, r.opt_int(rows::GAME_COLUMNS + 4)?.unwrap_or(0))),
                    None => None,
                };
                let mut moves = moves.remove(&meta.id).unwrap_or_default();
                moves.sort_by_key(|m| m.0);
                s.games.push(GameDump {
                    deadline_ms: r.opt_int(rows::GAME_COLUMNS)?,
                    meta,
                    ending,
                    moves,
                });
                Ok(())
            },
        )?;
        s.games.sort_by(|a, b| a.meta.id.cmp(&b.meta.id));
        // Moves of no game (the schema forbids them; a damaged database may hold some).
        let mut orphans: Vec<_> = moves.into_keys().collect();
        orphans.sort();
        if let Some(game) = orphans.first() {
            return Err(StoreError::Corrupt(format!(
                "moves of game {game}, which does not exist ({} such games)",
                orphans.len()
            )));
        }
        db.each_row(
            concat!("SELECT ", tournament_columns!(), " FROM tournaments"),
            &mut |r| {
                s.tournaments.push(rows::tournament_row(r)?);
                Ok(())
            },
        )?;
        s.tournaments.sort_by(|a, b| a.id.cmp(&b.id));
        db.each_row(
            "SELECT player, rating, deviation, volatility, games, variant FROM ratings",
            &mut |r| {
                let (player, row) = rows::named_rating(r, 0)?;
                s.ratings.push((player, r.text(5)?, row));
                Ok(())
            },
        )?;
        s.ratings.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        let order = match db.dialect() {
            Dialect::Sqlite => "rowid",
            Dialect::Postgres => "seq",
        };
        db.each_row(
            &format!(
                "SELECT player, variant, game, at_ms, rating, deviation FROM rating_history
                 ORDER BY {order}"
            ),
            &mut |r| {
                s.history.push((r.text(0)?, rows::rating_point(r, 1)?));
                Ok(())
            },
        )?;
        // Stable: the points of one player keep the order they were made in.
        s.history.sort_by(|a, b| a.0.cmp(&b.0));
        if sessions {
            db.each_row(
                "SELECT token_hash, player, expires FROM sessions",
                &mut |r| {
                    s.sessions.push((r.text(0)?, r.text(1)?, r.int(2)?));
                    Ok(())
                },
            )?;
            s.sessions.sort();
        }
        Ok(s)
    }

    /// How many records of each kind it holds.
    #[must_use]
    pub fn counts(&self) -> Counts {
        let n = |k: usize| k as u64;
        Counts {
            players: n(self.players.len()),
            games: n(self.games.len()),
            moves: n(self.games.iter().map(|g| g.moves.len()).sum()),
            tournaments: n(self.tournaments.len()),
            ratings: n(self.ratings.len()),
            rating_points: n(self.history.len()),
            sessions: n(self.sessions.len()),
        }
    }

    /// The records, in file order.
    fn records(&self) -> impl Iterator<Item = Record> + '_ {
        let players = self.players.iter().map(|p| {
            Record::Player(PlayerRecord {
                name: p.name.clone(),
                password: p.password.clone(),
                created: p.created,
                lang: p.lang.clone(),
            })
        });
        let games = self
            .games
            .iter()
            .map(|g| Record::Game(Box::new(GameRecord::of(g))));
        let tournaments = self.tournaments.iter().map(|t| {
            Record::Tournament(TournamentRecord {
                id: t.id.clone(),
                name: t.name.clone(),
                status: t.status.clone(),
                version: t.version,
                created_ms: t.created_ms,
                doc: t.doc.clone(),
            })
        });
        let ratings = self.ratings.iter().map(|(player, variant, r)| {
            Record::Rating(RatingRecord {
                player: player.clone(),
                variant: variant.clone(),
                rating: r.rating.rating,
                deviation: r.rating.deviation,
                volatility: r.rating.volatility,
                games: r.games,
            })
        });
        let history = self.history.iter().map(|(player, p)| {
            Record::RatingPoint(PointRecord {
                player: player.clone(),
                variant: p.variant.clone(),
                game: p.game.clone(),
                at_ms: p.at_ms,
                rating: p.rating,
                deviation: p.deviation,
            })
        });
        let sessions = self.sessions.iter().map(|(token_hash, player, expires)| {
            Record::Session(SessionRecord {
                token_hash: token_hash.clone(),
                player: player.clone(),
                expires: *expires,
            })
        });
        players
            .chain(games)
            .chain(tournaments)
            .chain(ratings)
            .chain(history)
            .chain(sessions)
    }

    /// The SHA-256 of the records' canonical lines (hex).
    #[must_use]
    pub fn checksum(&self) -> String {
        let mut hash = Sha256::new();
        for r in self.records() {
            hash.update(canonical(&r).as_bytes());
        }
        hex::encode(hash.finalize())
    }

    /// Writes the dump file to `out`; answers the counts and the checksum written.
    pub fn write(&self, out: &mut dyn Write) -> Result<(Counts, String), DumpError> {
        let header = Header {
            format: FORMAT_NAME.into(),
            version: FORMAT_VERSION,
        };
        out.write_all(json_line(&header).as_bytes())?;
        let mut hash = Sha256::new();
        for r in self.records() {
            let line = canonical(&r);
            hash.update(line.as_bytes());
            out.write_all(line.as_bytes())?;
        }
        let (counts, sha256) = (self.counts(), hex::encode(hash.finalize()));
        let end = Record::End(EndRecord {
            counts,
            sha256: sha256.clone(),
        });
        out.write_all(canonical(&end).as_bytes())?;
        out.flush()?;
        Ok((counts, sha256))
    }

    /// Reads a dump file: every line parsed and checked, the counts and the checksum compared
    /// with the trailer's. Errors name the line.
    pub fn parse(input: &mut dyn BufRead) -> Result<Snapshot, DumpError> {
        let mut s = Snapshot::default();
        let mut hash = Sha256::new();
        let mut end: Option<(usize, EndRecord)> = None;
        let mut last = 0;
        // Which kind of record may come: the file's order is fixed.
        let mut stage = 0;
        let mut games = HashSet::new();
        let mut tournaments = HashSet::new();
        let mut lines = input.lines();
        let bad = |line: usize, what: String| DumpError::Line { line, what };
        let version = match lines.next() {
            None => return Err(bad(1, "the file is empty".into())),
            Some(first) => {
                let first = first?;
                let header: Header = serde_json::from_str(&first)
                    .map_err(|e| bad(1, format!("not a mancala dump header ({e})")))?;
                if header.format != FORMAT_NAME {
                    return Err(bad(
                        1,
                        format!("format {:?} is not {FORMAT_NAME:?}", header.format),
                    ));
                }
                if !(OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&header.version) {
                    return Err(bad(
                        1,
                        format!(
                            "format version {} is not known (this program reads versions \
                             {OLDEST_FORMAT_VERSION} to {FORMAT_VERSION})",
                            header.version
                        ),
                    ));
                }
                header.version
            }
        };
        for (k, line) in lines.enumerate() {
            let line_no = k + 2;
            last = line_no;
            let line = line?;
            if let Some((at, _)) = &end {
                return Err(bad(
                    line_no,
                    format!("a line after the trailer (line {at})"),
                ));
            }
            let record: Record =
                serde_json::from_str(&line).map_err(|e| bad(line_no, e.to_string()))?;
            let kind = match &record {
                Record::Player(_) => 1,
                Record::Game(_) => 2,
                Record::Tournament(_) => 3,
                Record::Rating(_) => 4,
                Record::RatingPoint(_) => 5,
                Record::Session(_) => 6,
                Record::End(_) => 7,
            };
            if kind == 3 && version < 2 {
                return Err(bad(
                    line_no,
                    format!("a tournament in a file of format version {version}, which has none"),
                ));
            }
            if kind < stage {
                return Err(bad(line_no, "a record out of the file's order".into()));
            }
            stage = kind;
            if !matches!(record, Record::End(_)) {
                // The bytes as written: the checksum never depends on how a value reads back.
                hash.update(line.as_bytes());
                hash.update(b"\n");
            }
            match record {
                Record::Player(p) => s.players.push(PlayerRow {
                    name: p.name,
                    password: p.password,
                    created: p.created,
                    lang: p.lang,
                }),
                Record::Game(g) => {
                    if !games.insert(g.id.clone()) {
                        return Err(bad(line_no, format!("game {} a second time", g.id)));
                    }
                    s.games.push(g.to_dump().map_err(|e| bad(line_no, e))?);
                }
                Record::Tournament(t) => {
                    if !tournaments.insert(t.id.clone()) {
                        return Err(bad(line_no, format!("tournament {} a second time", t.id)));
                    }
                    s.tournaments.push(TournamentRow {
                        id: t.id,
                        name: t.name,
                        status: t.status,
                        version: t.version,
                        created_ms: t.created_ms,
                        doc: t.doc,
                    });
                }
                Record::Rating(r) => s.ratings.push((
                    r.player,
                    r.variant,
                    RatingRow {
                        rating: crate::accounts::glicko::Rating {
                            rating: r.rating,
                            deviation: r.deviation,
                            volatility: r.volatility,
                        },
                        games: r.games,
                    },
                )),
                Record::RatingPoint(p) => s.history.push((
                    p.player,
                    crate::store::records::RatingPoint {
                        variant: p.variant,
                        game: p.game,
                        at_ms: p.at_ms,
                        rating: p.rating,
                        deviation: p.deviation,
                    },
                )),
                Record::Session(x) => s.sessions.push((x.token_hash, x.player, x.expires)),
                Record::End(e) => end = Some((line_no, e)),
            }
        }
        let Some((at, end)) = end else {
            return Err(DumpError::File(format!(
                "the file ends at line {} without its trailer: truncated?",
                last.max(1)
            )));
        };
        let counts = s.counts();
        if counts != end.counts {
            return Err(bad(
                at,
                format!("the trailer counts {}, the file holds {counts}", end.counts),
            ));
        }
        let sha256 = hex::encode(hash.finalize());
        if sha256 != end.sha256 {
            return Err(bad(
                at,
                format!(
                    "checksum mismatch: the trailer says {}, the records hash to {sha256}",
                    end.sha256
                ),
            ));
        }
        Ok(s)
    }
}

/// A value as one line of compact JSON.
fn json_line(v: &impl Serialize) -> String {
    let mut line = serde_json::to_string(v).unwrap_or_default();
    line.push('\n');
    line
}

/// A record's canonical line (its fields in declaration order, compact, a newline after).
fn canonical(r: &Record) -> String {
    json_line(r)
}

/// The integrity problems of `s`: moves numbered without gaps and legal under the rules from
/// each game's set-up, endings after as many moves as the game has, ratings, rating points,
/// sessions and games' players referring to accounts (and rating points to games) that exist,
/// and tournaments whose state parses, agrees with its row and names accounts and games that
/// exist. Empty when all is well.
#[must_use]
pub fn check(s: &Snapshot) -> Vec<String> {
    let mut problems = Vec::new();
    let accounts: HashSet<String> = s.players.iter().map(|p| p.name.to_lowercase()).collect();
    let mut seen = HashSet::new();
    for p in &s.players {
        if !seen.insert(p.name.to_lowercase()) {
            problems.push(format!(
                "account {:?} twice (names are unique ignoring case)",
                p.name
            ));
        }
    }
    let games: HashSet<&str> = s.games.iter().map(|g| g.meta.id.as_str()).collect();
    let unknown = |name: &str| !accounts.contains(&name.to_lowercase());
    problems.extend(numbering_problems(s));
    for g in &s.games {
        let id = &g.meta.id;
        for p in g.meta.players.iter().flatten() {
            if unknown(p) {
                problems.push(format!("game {id}: player {p:?} has no account"));
            }
        }
        if let Some((ending, plies)) = &g.ending {
            if *plies < g.moves.len() as i64 {
                problems.push(format!(
                    "game {id}: ended ({}) after {plies} moves but has {}: the moves after its \
                     ending were recorded by mistake (they raced the ending, which came first); \
                     `mancala db check --repair` drops them",
                    ending.reason,
                    g.moves.len()
                ));
            } else if *plies != g.moves.len() as i64 {
                problems.push(format!(
                    "game {id}: ended after {plies} moves but has {}",
                    g.moves.len()
                ));
            }
        }
        if let Err(e) = replay(g) {
            problems.push(format!("game {id}: {e}"));
        }
    }
    for t in &s.tournaments {
        problems.extend(tournament_problems(t, &unknown, &games));
    }
    for (player, variant, _) in &s.ratings {
        if unknown(player) {
            problems.push(format!(
                "rating of {player:?} in {variant}: no such account"
            ));
        }
    }
    for (player, p) in &s.history {
        if unknown(player) {
            problems.push(format!("rating point of {player:?}: no such account"));
        }
        if !games.contains(p.game.as_str()) {
            problems.push(format!("rating point of {player:?}: no game {}", p.game));
        }
    }
    for (_, player, _) in &s.sessions {
        if unknown(player) {
            problems.push(format!("session of {player:?}: no such account"));
        }
    }
    problems
}

/// The games stored with moves after their ending (a move that raced the ending and was
/// recorded after it, which this program no longer lets happen): each game's id, how it ended
/// and after how many moves, and how many moves it has.
#[must_use]
pub fn moves_after_ending(s: &Snapshot) -> Vec<(String, String, usize, usize)> {
    s.games
        .iter()
        .filter_map(|g| {
            let (ending, plies) = g.ending.as_ref()?;
            let plies = usize::try_from(*plies).ok()?;
            (plies < g.moves.len()).then(|| {
                (
                    g.meta.id.clone(),
                    ending.reason.clone(),
                    plies,
                    g.moves.len(),
                )
            })
        })
        .collect()
}

/// Drops, in one transaction, the moves stored after the ending of each game of
/// [`moves_after_ending`]: the ending was recorded first (on the position before them), was
/// answered to its player and may have changed ratings, so it stands. Answers what was done, a
/// line per game.
pub fn repair(db: &dyn Database, s: &Snapshot) -> Result<Vec<String>, StoreError> {
    let found = moves_after_ending(s);
    let statements = found
        .iter()
        .map(|(id, _, plies, _)| {
            (
                "DELETE FROM moves WHERE game = $1 AND ply >= $2",
                vec![
                    SqlValue::Text(Some(id.clone())),
                    SqlValue::Int(Some(i64::try_from(*plies).unwrap_or(i64::MAX))),
                ],
            )
        })
        .collect();
    db.write_all(statements)?;
    Ok(found
        .iter()
        .map(|(id, reason, plies, moves)| {
            format!(
                "game {id}: ended ({reason}) after {plies} moves: dropped the {} moves recorded \
                 after its ending",
                moves - plies
            )
        })
        .collect())
}

/// The problems of tournament `t`: its state must parse and agree with its row (id, name,
/// status, creation time), its director and (online) its players must have accounts
/// (`unknown` tells a name without one), and each of its games must be in `games`.
fn tournament_problems(
    t: &TournamentRow,
    unknown: &dyn Fn(&str) -> bool,
    games: &HashSet<&str>,
) -> Vec<String> {
    let id = &t.id;
    let e: crate::tournament::model::Event = match serde_json::from_str(&t.doc) {
        Ok(e) => e,
        Err(err) => return vec![format!("tournament {id}: its state does not parse: {err}")],
    };
    let mut problems = Vec::new();
    let status = e.status.name();
    for (what, row, state) in [
        ("id", t.id.clone(), e.id.clone()),
        ("name", t.name.clone(), e.name.clone()),
        ("status", t.status.clone(), status.to_string()),
        (
            "created_ms",
            t.created_ms.to_string(),
            e.created_ms.to_string(),
        ),
    ] {
        if row != state {
            problems.push(format!(
                "tournament {id}: its row's {what} is {row:?}, its state's {state:?}"
            ));
        }
    }
    if t.version < 0 {
        problems.push(format!("tournament {id}: version {}", t.version));
    }
    if unknown(&e.director) {
        problems.push(format!(
            "tournament {id}: director {:?} has no account",
            e.director
        ));
    }
    if e.online() {
        let names = e.pairing.players.iter().map(|p| &p.name);
        let arena = e
            .arena
            .iter()
            .flat_map(|a| a.players.iter().map(|p| &p.name));
        for name in names.chain(arena) {
            if unknown(name) {
                problems.push(format!("tournament {id}: player {name:?} has no account"));
            }
        }
    }
    let played = e.games.iter().flatten().flatten().chain(&e.arena_games);
    for game in played {
        if !games.contains(game.as_str()) {
            problems.push(format!("tournament {id}: no game {game}"));
        }
    }
    problems
}

/// The games whose stored move numbers are not 0, 1, 2, ... (one problem per game).
#[must_use]
pub fn numbering_problems(s: &Snapshot) -> Vec<String> {
    let mut problems = Vec::new();
    for g in &s.games {
        let wrong = g
            .moves
            .iter()
            .zip(0_i64..)
            .find(|((ply, _, _), k)| ply != k);
        if let Some(((ply, _, _), k)) = wrong {
            problems.push(format!(
                "game {}: move number {ply} where {k} was expected",
                g.meta.id
            ));
        }
    }
    problems
}

/// Replays a game's moves with the rules core; the first move that cannot be played is named.
fn replay(g: &GameDump) -> Result<(), String> {
    use mancala_core::variant::DynGame;
    let m = &g.meta;
    let variant =
        mancala_core::variant::Variant::from_name(&m.variant).map_err(|e| e.to_string())?;
    let mut game = variant
        .new_game(&m.rules, m.position.as_deref())
        .map_err(|e| format!("set-up: {e}"))?;
    for (k, (_, mv, _)) in g.moves.iter().enumerate() {
        game.play(mv)
            .map_err(|e| format!("move {} ({mv}): {e}", k + 1))?;
    }
    Ok(())
}

/// How many rows each table of `db` holds.
pub fn table_counts(db: &dyn Database) -> Result<Counts, StoreError> {
    let count = |table: &str| -> Result<u64, StoreError> {
        let mut n = 0;
        db.each_row(&format!("SELECT count(*) FROM {table}"), &mut |r| {
            n = u64::try_from(r.int(0)?).unwrap_or(0);
            Ok(())
        })?;
        Ok(n)
    };
    Ok(Counts {
        players: count("players")?,
        games: count("games")?,
        moves: count("moves")?,
        tournaments: count("tournaments")?,
        ratings: count("ratings")?,
        rating_points: count("rating_history")?,
        sessions: count("sessions")?,
    })
}

/// Fails unless `db`'s schema is the one this program writes.
pub fn require_current_schema(db: &dyn Database) -> Result<(), DumpError> {
    let (found, known) = (db.schema()?, db.newest_schema());
    if found == known {
        return Ok(());
    }
    Err(DumpError::Schema {
        found,
        known,
        advice: if found < known {
            "run `mancala db migrate` first"
        } else {
            "use a newer version of this program"
        },
    })
}

/// Writes snapshot `s` into `db` in one transaction; with `replace`, everything `db` holds is
/// deleted first (in the same transaction), else a destination holding anything is refused.
pub fn import(db: &dyn Database, s: &Snapshot, replace: bool) -> Result<(), DumpError> {
    require_current_schema(db)?;
    let problems = check(s);
    if !problems.is_empty() {
        return Err(DumpError::Check(problems));
    }
    let held = table_counts(db)?;
    if held != Counts::default() && !replace {
        return Err(DumpError::NotEmpty(held));
    }
    let mut statements: Vec<(&'static str, Vec<SqlValue>)> = Vec::new();
    if replace {
        for table in [
            "DELETE FROM moves",
            "DELETE FROM games",
            "DELETE FROM players",
            "DELETE FROM sessions",
            "DELETE FROM ratings",
            "DELETE FROM rating_history",
            "DELETE FROM tournaments",
        ] {
            statements.push((table, Vec::new()));
        }
    }
    for p in &s.players {
        statements.push((
            crate::store::sql::Statement::CreatePlayer.source(),
            rows::player_values(p),
        ));
    }
    for g in &s.games {
        let mut values = rows::game_values(&g.meta);
        values.push(SqlValue::Int(g.deadline_ms));
        let (result, reason, ended, plies) = match &g.ending {
            Some((e, plies)) => (
                Some(e.result.name().to_string()),
                Some(e.reason.clone()),
                Some(e.at_ms),
                Some(*plies),
            ),
            None => (None, None, None, None),
        };
        values.extend([
            SqlValue::Text(result),
            SqlValue::Text(reason),
            SqlValue::Int(ended),
            SqlValue::Int(plies),
        ]);
        statements.push((
            concat!(
                "INSERT INTO games (",
                game_columns!(),
                ", deadline_ms, result, reason, ended_ms, plies) VALUES ($1, $2, $3, $4, $5, $6,
                    $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)"
            ),
            values,
        ));
        for (ply, mv, st) in &g.moves {
            statements.push((
                "INSERT INTO moves (game, ply, mv, at_ms, south_ms, north_ms)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                vec![
                    SqlValue::Text(Some(g.meta.id.clone())),
                    SqlValue::Int(Some(*ply)),
                    SqlValue::Text(Some(mv.clone())),
                    SqlValue::Int(st.map(|s| s.at_ms)),
                    SqlValue::Int(st.map(|s| s.left_ms[0])),
                    SqlValue::Int(st.map(|s| s.left_ms[1])),
                ],
            ));
        }
    }
    for t in &s.tournaments {
        statements.push((
            crate::store::sql::Statement::CreateTournament.source(),
            rows::tournament_values(t).to_vec(),
        ));
    }
    for (player, variant, r) in &s.ratings {
        statements.push((
            "INSERT INTO ratings (player, variant, rating, deviation, volatility, games)
             VALUES ($1, $2, $3, $4, $5, $6)",
            rows::rating_values(player, variant, r),
        ));
    }
    for (player, p) in &s.history {
        statements.push((
            "INSERT INTO rating_history (player, variant, game, at_ms, rating, deviation)
             VALUES ($1, $2, $3, $4, $5, $6)",
            rows::rating_point_values(player, p),
        ));
    }
    for (token_hash, player, expires) in &s.sessions {
        statements.push((
            "INSERT INTO sessions (token_hash, player, expires) VALUES ($1, $2, $3)",
            vec![
                SqlValue::Text(Some(token_hash.clone())),
                SqlValue::Text(Some(player.clone())),
                SqlValue::Int(Some(*expires)),
            ],
        ));
    }
    db.write_all(statements)?;
    Ok(())
}

/// Reads `db` back after an import of `s` and compares: answers the counts and checksum read
/// back, or what differs.
pub fn verify(db: &dyn Database, s: &Snapshot) -> Result<(Counts, String), DumpError> {
    let back = Snapshot::read(db, !s.sessions.is_empty())?;
    let (want, got) = ((s.counts(), s.checksum()), (back.counts(), back.checksum()));
    if want != got {
        return Err(DumpError::Mismatch(format!(
            "the file has {} (sha256 {}), the database {} (sha256 {})",
            want.0, want.1, got.0, got.1
        )));
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_language_is_kept_and_files_without_one_still_read() {
        let player = |name: &str, lang: Option<&str>| PlayerRow {
            name: name.into(),
            password: "$argon2id$x".into(),
            created: 5,
            lang: lang.map(str::to_string),
        };
        let s = Snapshot {
            players: vec![player("ama", None), player("Kofi", Some("pt"))],
            ..Snapshot::default()
        };
        let mut file = Vec::new();
        s.write(&mut file).unwrap();
        let text = String::from_utf8(file.clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // Without a language, the line is as files of before accounts had one wrote it.
        assert_eq!(
            lines[1],
            r#"{"table":"player","name":"ama","password":"$argon2id$x","created":5}"#
        );
        assert_eq!(
            lines[2],
            r#"{"table":"player","name":"Kofi","password":"$argon2id$x","created":5,"lang":"pt"}"#
        );
        assert_eq!(Snapshot::parse(&mut file.as_slice()).unwrap(), s);
    }

    /// A snapshot of an online Swiss directed by Ama between Ama, Kofi and Esi, its first round
    /// paired and its game `g1` stored (a bye for the third).
    fn with_tournament() -> Snapshot {
        use crate::tournament::model::{tests::spec, Event, Kind};
        let player = |name: &str| PlayerRow {
            name: name.into(),
            password: "$argon2id$x".into(),
            created: 5,
            lang: None,
        };
        let mut e = Event::new("t1", "Ama", spec(Kind::Swiss, false), 7).unwrap();
        for name in ["Ama", "Kofi", "Esi"] {
            e.join(name, 1500, 8).unwrap();
        }
        e.start("Ama", 9).unwrap();
        assert_eq!(e.games[0].len(), 1, "three players: one game and a bye");
        e.games[0][0] = Some("g1".into());
        let game = GameDump {
            meta: GameMeta::plain("g1".into(), Mode::Online),
            deadline_ms: None,
            ending: None,
            moves: Vec::new(),
        };
        Snapshot {
            players: ["Ama", "Esi", "Kofi"].map(player).to_vec(),
            games: vec![game],
            tournaments: vec![TournamentRow {
                id: "t1".into(),
                name: e.name.clone(),
                status: "running".into(),
                version: 3,
                created_ms: 7,
                doc: serde_json::to_string(&e).unwrap(),
            }],
            ..Snapshot::default()
        }
    }

    #[test]
    fn a_tournament_is_written_read_back_and_checked() {
        let s = with_tournament();
        assert_eq!(check(&s), Vec::<String>::new());
        let (first, second, back) = round_trip(&s);
        assert_eq!(back, s);
        assert_eq!(first, second);
        let text = String::from_utf8(first).unwrap();
        assert!(
            text.starts_with(r#"{"format":"mancala-dump","version":2}"#),
            "{text}"
        );
        let line = text.lines().nth(5).unwrap();
        assert!(
            line.starts_with(r#"{"table":"tournament","id":"t1","name":"Club night","#),
            "{line}"
        );
        assert!(text.contains(r#""tournaments":1,"#), "{text}");
    }

    #[test]
    fn a_tournament_naming_no_game_or_whose_state_does_not_parse_fails_the_check() {
        let mut s = with_tournament();
        s.games.clear();
        assert_eq!(check(&s), ["tournament t1: no game g1"]);
        let mut s = with_tournament();
        s.tournaments[0].doc.truncate(40);
        let problems = check(&s);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("tournament t1: its state does not parse: "),
            "{problems:?}"
        );
        let mut s = with_tournament();
        s.tournaments[0].status = "finished".into();
        s.players.retain(|p| p.name != "Kofi");
        assert_eq!(
            check(&s),
            [
                r#"tournament t1: its row's status is "finished", its state's "running""#,
                r#"tournament t1: player "Kofi" has no account"#,
            ]
        );
    }

    #[test]
    fn files_of_version_1_still_read_and_may_hold_no_tournament() {
        let player = r#"{"table":"player","name":"ama","password":"$argon2id$x","created":5}"#;
        let sha = hex::encode(Sha256::digest(format!("{player}\n")));
        let counts =
            r#""players":1,"games":0,"moves":0,"ratings":0,"rating_points":0,"sessions":0"#;
        let v1 = format!(
            "{{\"format\":\"mancala-dump\",\"version\":1}}\n{player}\n\
             {{\"table\":\"end\",\"counts\":{{{counts}}},\"sha256\":\"{sha}\"}}\n"
        );
        let s = Snapshot::parse(&mut v1.as_bytes()).unwrap();
        assert_eq!((s.players.len(), s.tournaments.len()), (1, 0));
        // A tournament in a version 1 file is refused, with its line.
        let t = with_tournament();
        let mut file = Vec::new();
        t.write(&mut file).unwrap();
        let old = String::from_utf8(file)
            .unwrap()
            .replacen(r#""version":2"#, r#""version":1"#, 1);
        let err = Snapshot::parse(&mut old.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("line 6: a tournament in a file of format version 1"),
            "{err}"
        );
    }

    /// A snapshot with one rating and one rating point of the given floats.
    fn rated(rating: f64, deviation: f64, volatility: f64, point: (f64, f64)) -> Snapshot {
        let row = RatingRow {
            rating: crate::glicko::Rating {
                rating,
                deviation,
                volatility,
            },
            games: 1,
        };
        let point = crate::store::records::RatingPoint {
            variant: "oware".into(),
            game: "0123456789abcdef0123".into(),
            at_ms: 5,
            rating: point.0,
            deviation: point.1,
        };
        Snapshot {
            ratings: vec![("ama".into(), "oware".into(), row)],
            history: vec![("ama".into(), point)],
            ..Snapshot::default()
        }
    }

    /// Writes `s`, reads it back and writes it again: both files and the snapshot read back.
    fn round_trip(s: &Snapshot) -> (Vec<u8>, Vec<u8>, Snapshot) {
        let mut first = Vec::new();
        s.write(&mut first).unwrap();
        let back = Snapshot::parse(&mut first.as_slice()).unwrap();
        let mut second = Vec::new();
        back.write(&mut second).unwrap();
        (first, second, back)
    }

    #[test]
    fn a_rating_whose_text_used_to_read_back_otherwise_round_trips() {
        let s = rated(
            1_427.696_609_921_629_7,
            167.859_184_928_062_2,
            0.06,
            (1500.0, 350.0),
        );
        let (first, second, back) = round_trip(&s);
        assert_eq!(back, s);
        assert_eq!(first, second);
    }

    proptest::proptest! {
        /// Any ratings (every finite float in the ratings' ranges, at full precision) come back
        /// as the same floats, and the file written again is the same bytes.
        #[test]
        fn ratings_round_trip_exactly(
            rating in 0.0f64..4000.0,
            deviation in 0.0f64..400.0,
            volatility in 0.0f64..1.0,
            point in (0.0f64..4000.0, 0.0f64..400.0),
        ) {
            let s = rated(rating, deviation, volatility, point);
            let (first, second, back) = round_trip(&s);
            proptest::prop_assert_eq!(back, s);
            proptest::prop_assert_eq!(first, second);
        }
    }
}
