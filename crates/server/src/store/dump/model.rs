//! The dump's types as the program holds them: a whole database ([`Snapshot`]), a game with
//! everything stored about it, the counts a trailer carries, and what can go wrong.

use serde::{Deserialize, Serialize};

use crate::round::ending::Ending;
use crate::store::error::StoreError;
use crate::store::records::{GameMeta, MoveStamp, PlayerRow, RatingRow, TournamentRow};

/// The dump format version this program writes (and the newest it reads).
pub const FORMAT_VERSION: u32 = 3;

/// The oldest dump format version this program reads: version 1 had no tournaments (and,
/// like version 2, no lesson progress).
pub const OLDEST_FORMAT_VERSION: u32 = 1;

/// The header's `format` field.
pub(super) const FORMAT_NAME: &str = "mancala-dump";

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
    /// The accounts' lesson progress: player and path done, sorted.
    pub learn_progress: Vec<(String, String)>,
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
    /// Paths of the accounts' lesson progress (absent from the trailers of files before
    /// version 3, which had none).
    #[serde(default)]
    pub learn_progress: u64,
    /// Sessions.
    pub sessions: u64,
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} players, {} games, {} moves, {} tournaments, {} ratings, {} rating points, {} \
             lesson paths, {} sessions",
            self.players,
            self.games,
            self.moves,
            self.tournaments,
            self.ratings,
            self.rating_points,
            self.learn_progress,
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
