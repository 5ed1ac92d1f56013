//! The records the server keeps (games, moves' clock stamps, accounts, ratings) as plain data,
//! and how their fields are written in a database's text columns. Read and written by the
//! stores ([`crate::store`], [`crate::store::pg`]) through the shared row mapping ([`crate::store::rows`]).

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::accounts::glicko::Rating;
use crate::round::clock::TimeControl;
use crate::store::error::StoreError;

/// How a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Two people on two devices, each with a seat token.
    Online,
    /// One person against the computer.
    Computer,
    /// Two people on one device: one token holds both seats.
    Local,
}

impl Mode {
    /// The name used in the API.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mode::Online => "online",
            Mode::Computer => "computer",
            Mode::Local => "local",
        }
    }

    /// Parses a name of [`Mode::name`].
    #[must_use]
    pub fn from_name(s: &str) -> Option<Mode> {
        match s {
            "online" => Some(Mode::Online),
            "computer" => Some(Mode::Computer),
            "local" => Some(Mode::Local),
            _ => None,
        }
    }
}

/// Everything about a game except its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMeta {
    /// The public id (also the spectator link).
    pub id: String,
    /// The preset's canonical name.
    pub variant: String,
    /// Rule options set on top of the preset, in the order given.
    pub rules: Vec<(String, String)>,
    /// The start position's notation, when not the preset's start.
    pub position: Option<String>,
    /// How the game is played.
    pub mode: Mode,
    /// The side the computer plays (only in [`Mode::Computer`]): 0 = south, 1 = north.
    pub computer: Option<usize>,
    /// The computer's level.
    pub level: u8,
    /// Seed of the computer's choices, so that a replayed game makes the same choices.
    pub seed: u64,
    /// SHA-256 digests of the seat tokens, `[south, north]`; `None` for the computer's seat.
    /// The tokens themselves are shown once, when the game is created, and kept nowhere.
    pub token_hashes: [Option<TokenHash>; 2],
    /// Creation time, seconds since the Unix epoch.
    pub created: i64,
    /// The accounts playing `[south, north]` (games started from the lobby); `None` for a seat
    /// held by a seat token or the computer.
    pub players: [Option<String>; 2],
    /// Whether the result changes the players' ratings.
    pub rated: bool,
    /// The time control; `None` for an untimed game.
    pub clock: Option<TimeControl>,
    /// When the clock started (milliseconds since the Unix epoch).
    pub started_ms: i64,
}

#[cfg(test)]
impl GameMeta {
    /// A plain Oware game of `mode` with id `id` and nothing else set, for unit tests.
    pub(crate) fn plain(id: String, mode: Mode) -> GameMeta {
        GameMeta {
            id,
            variant: "oware".into(),
            rules: Vec::new(),
            position: None,
            mode,
            computer: None,
            level: 1,
            seed: 0,
            token_hashes: [None, None],
            created: 0,
            players: [None, None],
            rated: false,
            clock: None,
            started_ms: 0,
        }
    }
}

/// The SHA-256 digest of a seat token.
pub type TokenHash = [u8; 32];

/// The digest kept in place of seat token `token`.
#[must_use]
pub fn hash_token(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

impl GameMeta {
    /// Which seats `token` holds, `[south, north]`. The token is hashed and the digests are
    /// compared in constant time, so the answer's timing says nothing about the stored digests.
    #[must_use]
    pub fn seats_of(&self, token: &str) -> [bool; 2] {
        let presented = hash_token(token);
        self.token_hashes
            .map(|h| h.is_some_and(|h| bool::from(h.ct_eq(&presented))))
    }
}

/// Lower-case hex of a digest, as stored (the empty text for no seat).
pub(crate) fn hash_text(hash: Option<&TokenHash>) -> String {
    hash.map(hex::encode).unwrap_or_default()
}

/// Reads a stored digest back (`None` for the empty text); only lower-case hex, as stored.
pub(crate) fn parse_hash(game: &str, text: &str) -> Result<Option<TokenHash>, StoreError> {
    if text.is_empty() {
        return Ok(None);
    }
    let bad = || StoreError::Corrupt(format!("game {game}: seat token digest {text:?}"));
    if text.bytes().any(|b| b.is_ascii_uppercase()) {
        return Err(bad());
    }
    let mut out = [0u8; 32];
    hex::decode_to_slice(text, &mut out).map_err(|_| bad())?;
    Ok(Some(out))
}

/// The clock after a move: the time each side has left and when the move was stamped, and when
/// the side to move runs out of time (`None` once the game is over).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveStamp {
    /// When the move was played (milliseconds since the Unix epoch).
    pub at_ms: i64,
    /// Time left `[south, north]` after the move (increment included).
    pub left_ms: [i64; 2],
    /// When the side now to move runs out of time.
    pub deadline_ms: Option<i64>,
}

/// An account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// The name as chosen.
    pub name: String,
    /// The password's PHC string (Argon2id).
    pub password: String,
    /// Creation time, seconds since the Unix epoch.
    pub created: i64,
    /// The language the player chose for the pages and messages (`fr`, `pt`, ...), if he chose
    /// one.
    pub lang: Option<String>,
}

/// A tournament as stored: its state is one JSON document (the players, rounds, pairings,
/// games and results; see [`crate::tournament::model::Event`]), replaced as a whole by a write
/// guarded by `version` (see [`crate::store::Store::update_tournament`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// The tournament's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// `created`, `running` or `finished`.
    pub status: String,
    /// How many times it was written: each write expects the version it read.
    pub version: i64,
    /// When it was created, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// The JSON document of its state.
    pub doc: String,
}

/// A player's rating in one preset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRow {
    /// The rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: u32,
}

/// A finished game, as the archive lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The preset.
    pub variant: String,
    /// The accounts `[south, north]`.
    pub players: [Option<String>; 2],
    /// How it was played.
    pub mode: Mode,
    /// Rated or casual.
    pub rated: bool,
    /// The time control.
    pub clock: Option<TimeControl>,
    /// `"south"`, `"north"`, `"draw"` or `"none"` (aborted).
    pub result: String,
    /// Why it ended.
    pub reason: String,
    /// Moves played.
    pub plies: u32,
    /// Created (seconds since the Unix epoch).
    pub created: i64,
    /// Ended (milliseconds since the Unix epoch).
    pub ended_ms: i64,
}

/// An archive search: every field narrows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameQuery {
    /// Games this account played.
    pub player: Option<String>,
    /// Games of this preset.
    pub variant: Option<String>,
    /// `"south"`, `"north"`, `"draw"` or `"none"`; `"win"`/`"loss"` with `player`.
    pub result: Option<String>,
    /// Ended at or after (milliseconds since the Unix epoch).
    pub from_ms: Option<i64>,
    /// Ended before (milliseconds since the Unix epoch).
    pub to_ms: Option<i64>,
    /// Games to skip.
    pub offset: u32,
    /// Most games to answer.
    pub limit: u32,
    /// Games being played instead of finished ones: online games between two accounts, not
    /// over, created at or after `from_ms` (the result filters do not apply), newest first.
    pub live: bool,
}

/// A point of a rating graph.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    /// The preset.
    pub variant: String,
    /// The game that moved the rating.
    pub game: String,
    /// When (milliseconds since the Unix epoch).
    pub at_ms: i64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

impl RatingPoint {
    /// The point that rated game `game` of `variant`, ended at `at_ms`, leaves: `row` after it.
    #[must_use]
    pub fn after(game: &str, variant: &str, at_ms: i64, row: &RatingRow) -> RatingPoint {
        RatingPoint {
            variant: variant.to_string(),
            game: game.to_string(),
            at_ms,
            rating: row.rating.rating,
            deviation: row.rating.deviation,
        }
    }
}

pub(crate) fn encode_rules(rules: &[(String, String)]) -> String {
    serde_json::Value::Array(
        rules
            .iter()
            .map(|(k, v)| serde_json::json!([k, v]))
            .collect(),
    )
    .to_string()
}

pub(crate) fn decode_clock(
    game: &str,
    text: Option<&str>,
) -> Result<Option<TimeControl>, StoreError> {
    let Some(text) = text else {
        return Ok(None);
    };
    let v: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| StoreError::Corrupt(format!("game {game}: clock: {e}")))?;
    TimeControl::from_json(&v).map_err(|e| StoreError::Corrupt(format!("game {game}: clock: {e}")))
}

pub(crate) fn decode_rules(text: &str) -> Result<Vec<(String, String)>, StoreError> {
    let parsed: Vec<(String, String)> =
        serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("rules: {e}")))?;
    Ok(parsed)
}
