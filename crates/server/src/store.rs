//! Persistence: a [`Store`] keeps each game's set-up and its move list; a game is rebuilt by
//! replaying its moves. [`SqliteStore`] is the default implementation.
//!
//! Storing moves rather than positions keeps every game exactly reproducible by the rules core,
//! and makes a write per move one small row: a game survives a restart or a `kill -9` at any
//! point after the request that made the move was answered.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::StoreError;

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
    /// Seat tokens, `[south, north]`; empty for the computer's seat.
    pub tokens: [String; 2],
    /// Creation time, seconds since the Unix epoch.
    pub created: i64,
}

/// Where games are kept.
pub trait Store: Send + Sync {
    /// Records a new game.
    fn create(&self, meta: &GameMeta) -> Result<(), StoreError>;
    /// Records move number `ply` (0-based) of game `id`.
    fn push_move(&self, id: &str, ply: usize, mv: &str) -> Result<(), StoreError>;
    /// Forgets the moves of game `id` from number `len` on (undo).
    fn truncate(&self, id: &str, len: usize) -> Result<(), StoreError>;
    /// A game and its moves, or `None` when unknown.
    fn load(&self, id: &str) -> Result<Option<(GameMeta, Vec<String>)>, StoreError>;
}

/// Schema migrations, applied in order; the `schema_version` table holds how many ran.
const MIGRATIONS: &[&str] = &[
    // 1: games and their moves.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        rules TEXT NOT NULL,
        position TEXT,
        mode TEXT NOT NULL,
        computer INTEGER,
        level INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        token_south TEXT NOT NULL,
        token_north TEXT NOT NULL,
        created INTEGER NOT NULL
    );
    CREATE TABLE moves (
        game TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        mv TEXT NOT NULL,
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;",
];

/// The schema version this program writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// A [`Store`] in one SQLite file (write-ahead log, one connection behind a mutex).
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

impl std::fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SqliteStore")
    }
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        Self::init(Connection::open(path)?)
    }

    /// A private in-memory database, for tests.
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(mut conn: Connection) -> Result<Self, StoreError> {
        // WAL with synchronous=NORMAL: a committed move survives the process being killed
        // (only a power loss may cost the last few), and writers do not wait for fsync.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        migrate(&mut conn)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite half-written: each statement is
        // atomic. Carry on with the connection.
        self.conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn()
            .query_row("SELECT version FROM schema_version", [], |r| r.get(0))?)
    }
}

fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let tx = conn.transaction()?;
    tx.execute_batch("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
    let current: Option<i64> = tx
        .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
        .optional()?;
    let current = match current {
        Some(v) => v,
        None => {
            tx.execute("INSERT INTO schema_version (version) VALUES (0)", [])?;
            0
        }
    };
    if current > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            found: current,
            known: SCHEMA_VERSION,
        });
    }
    for sql in &MIGRATIONS[usize::try_from(current).unwrap_or(0)..] {
        tx.execute_batch(sql)?;
    }
    tx.execute("UPDATE schema_version SET version = ?1", [SCHEMA_VERSION])?;
    tx.commit()?;
    Ok(())
}

fn encode_rules(rules: &[(String, String)]) -> String {
    serde_json::Value::Array(
        rules
            .iter()
            .map(|(k, v)| serde_json::json!([k, v]))
            .collect(),
    )
    .to_string()
}

fn decode_rules(text: &str) -> Result<Vec<(String, String)>, StoreError> {
    let parsed: Vec<(String, String)> =
        serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("rules: {e}")))?;
    Ok(parsed)
}

impl Store for SqliteStore {
    fn create(&self, m: &GameMeta) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO games (id, variant, rules, position, mode, computer, level, seed,
                token_south, token_north, created)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                m.id,
                m.variant,
                encode_rules(&m.rules),
                m.position,
                m.mode.name(),
                m.computer.map(|c| c as i64),
                i64::from(m.level),
                // SQLite integers are signed: store the seed's bits.
                m.seed as i64,
                m.tokens[0],
                m.tokens[1],
                m.created,
            ],
        )?;
        Ok(())
    }

    fn push_move(&self, id: &str, ply: usize, mv: &str) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT OR REPLACE INTO moves (game, ply, mv) VALUES (?1, ?2, ?3)",
            params![id, ply as i64, mv],
        )?;
        Ok(())
    }

    fn truncate(&self, id: &str, len: usize) -> Result<(), StoreError> {
        self.conn().execute(
            "DELETE FROM moves WHERE game = ?1 AND ply >= ?2",
            params![id, len as i64],
        )?;
        Ok(())
    }

    fn load(&self, id: &str) -> Result<Option<(GameMeta, Vec<String>)>, StoreError> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT variant, rules, position, mode, computer, level, seed, token_south,
                    token_north, created FROM games WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, Option<String>>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, Option<i64>>(4)?,
                        r.get::<_, i64>(5)?,
                        r.get::<_, i64>(6)?,
                        r.get::<_, String>(7)?,
                        r.get::<_, String>(8)?,
                        r.get::<_, i64>(9)?,
                    ))
                },
            )
            .optional()?;
        let Some((variant, rules, position, mode, computer, level, seed, ts, tn, created)) = row
        else {
            return Ok(None);
        };
        let mode = Mode::from_name(&mode).ok_or_else(|| StoreError::Corrupt(mode.clone()))?;
        let meta = GameMeta {
            id: id.to_string(),
            variant,
            rules: decode_rules(&rules)?,
            position,
            mode,
            computer: computer.map(|c| usize::from(c != 0)),
            level: u8::try_from(level).map_err(|_| StoreError::Corrupt("level".into()))?,
            seed: seed as u64,
            tokens: [ts, tn],
            created,
        };
        let mut stmt = conn.prepare_cached("SELECT mv FROM moves WHERE game = ?1 ORDER BY ply")?;
        let moves = stmt
            .query_map([id], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((meta, moves)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(id: &str) -> GameMeta {
        GameMeta {
            id: id.into(),
            variant: "oware".into(),
            rules: vec![("grand_slam".into(), "Allowed".into())],
            position: None,
            mode: Mode::Computer,
            computer: Some(1),
            level: 3,
            seed: u64::MAX - 5,
            tokens: ["abc".into(), String::new()],
            created: 1,
        }
    }

    #[test]
    fn round_trip_and_truncate() {
        let s = SqliteStore::in_memory().unwrap();
        assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
        s.create(&meta("g1")).unwrap();
        for (i, m) in ["C", "f", "A"].iter().enumerate() {
            s.push_move("g1", i, m).unwrap();
        }
        let (m, moves) = s.load("g1").unwrap().unwrap();
        assert_eq!(m, meta("g1"));
        assert_eq!(moves, ["C", "f", "A"]);
        s.truncate("g1", 1).unwrap();
        assert_eq!(s.load("g1").unwrap().unwrap().1, ["C"]);
        assert!(s.load("nope").unwrap().is_none());
    }

    #[test]
    fn reopening_keeps_games_and_refuses_newer_schemas() {
        let dir = std::env::temp_dir().join(format!("mancala-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let _ = std::fs::remove_file(&path);
        {
            let s = SqliteStore::open(&path).unwrap();
            s.create(&meta("g2")).unwrap();
            s.push_move("g2", 0, "D").unwrap();
        }
        let s = SqliteStore::open(&path).unwrap();
        assert_eq!(s.load("g2").unwrap().unwrap().1, ["D"]);
        s.conn()
            .execute("UPDATE schema_version SET version = 99", [])
            .unwrap();
        drop(s);
        assert!(matches!(
            SqliteStore::open(&path),
            Err(StoreError::TooNew { found: 99, .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
