//! The SQLite store: [`SqliteStore`], the default.

use std::path::Path;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use rusqlite::{params, Connection, OptionalExtension, Transaction};

use crate::metrics::StoreTimer;
use crate::round::ending::Ending;
use crate::store::common::{
    common_store_methods, finished, game_indexes, games_table_head, rating_tables, recorded, Exec,
    Read, Rows,
};
use crate::store::error::StoreError;
use crate::store::records::{
    hash_text, hash_token, GameMeta, GameQuery, GameSummary, MoveStamp, TokenHash,
};
use crate::store::rows::{self, Dialect, RowAccess, SqlValue};
use crate::store::sql::{self, Arg, Bind, Statement};
use crate::store::traits::{MoveRecord, Store};

/// The migrations both backends share (PostgreSQL's list names them here).
pub(crate) use crate::store::sql::{LEARN_PROGRESS, PLAYERS_LANG, TOURNAMENTS};

/// One schema migration.
enum Migration {
    /// SQL statements.
    Sql(&'static str),
    /// Work SQL cannot do alone.
    Code(fn(&Transaction<'_>) -> Result<(), StoreError>),
}

/// Schema migrations, applied in order in one transaction; the `schema_version` table holds how
/// many ran.
const MIGRATIONS: &[Migration] = &[
    // 1: games and their moves.
    Migration::Sql(concat!(
        games_table_head!(),
        "INTEGER,
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
    ) WITHOUT ROWID;"
    )),
    // 2: seat tokens are kept as SHA-256 digests.
    Migration::Code(hash_stored_tokens),
    // 3: accounts, sessions, clocks, endings and ratings.
    Migration::Sql(concat!(
        "CREATE TABLE players (
        name TEXT NOT NULL,
        key TEXT PRIMARY KEY,
        password TEXT NOT NULL,
        created INTEGER NOT NULL
    );
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        expires INTEGER NOT NULL
    );
    ALTER TABLE games ADD COLUMN south TEXT;
    ALTER TABLE games ADD COLUMN north TEXT;
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN clock TEXT;
    ALTER TABLE games ADD COLUMN started_ms INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN deadline_ms INTEGER;
    ALTER TABLE games ADD COLUMN result TEXT;
    ALTER TABLE games ADD COLUMN reason TEXT;
    ALTER TABLE games ADD COLUMN ended_ms INTEGER;
    ALTER TABLE games ADD COLUMN plies INTEGER;
    ALTER TABLE moves ADD COLUMN at_ms INTEGER;
    ALTER TABLE moves ADD COLUMN south_ms INTEGER;
    ALTER TABLE moves ADD COLUMN north_ms INTEGER;
    ",
        game_indexes!(),
        "\n    ",
        rating_tables!("REAL", "INTEGER", "")
    )),
    // 4: the language each account chose (NULL: none chosen).
    Migration::Sql(PLAYERS_LANG),
    // 5: tournaments.
    Migration::Sql(TOURNAMENTS),
    // 6: the accounts' lesson progress.
    Migration::Sql(LEARN_PROGRESS),
];

/// Migration 2: renames the token columns and replaces each plain-text token by its digest.
fn hash_stored_tokens(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute_batch(
        "ALTER TABLE games RENAME COLUMN token_south TO token_hash_south;
         ALTER TABLE games RENAME COLUMN token_north TO token_hash_north;",
    )?;
    let rows = {
        let mut stmt = tx.prepare("SELECT id, token_hash_south, token_hash_north FROM games")?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        rows
    };
    let mut update =
        tx.prepare("UPDATE games SET token_hash_south = ?2, token_hash_north = ?3 WHERE id = ?1")?;
    for (id, south, north) in rows {
        let digest = |t: &str| hash_text((!t.is_empty()).then(|| hash_token(t)).as_ref());
        update.execute(params![id, digest(&south), digest(&north)])?;
    }
    Ok(())
}

/// The schema version this program writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// A [`Store`] in one SQLite file (write-ahead log, one connection behind a mutex).
pub struct SqliteStore {
    conn: Mutex<Connection>,
    /// Where the time of each use of the connection goes (see [`Store::time_calls`]).
    timer: OnceLock<StoreTimer>,
    /// The checkpointer thread of a file database: dropping the sender stops it.
    checkpointer: Option<(std::sync::mpsc::Sender<()>, std::thread::JoinHandle<()>)>,
}

impl Drop for SqliteStore {
    /// Stops the checkpointer and waits for its last checkpoint, so that the file is left
    /// quiet: a store opened on it next never races that checkpoint.
    fn drop(&mut self) {
        if let Some((stop, thread)) = self.checkpointer.take() {
            drop(stop);
            let _ = thread.join();
        }
    }
}

/// How often the checkpointer copies the write-ahead log into the database.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// Checkpoints the write-ahead log of the database at `path` from a connection of its own, off
/// the request path, until `stop` is dropped. A passive checkpoint never waits for writers (nor they
/// for it); the requests' connection has automatic checkpoints off, so that no move waits for
/// the log to be copied and the disk flushed.
fn checkpointer(path: std::path::PathBuf, stop: std::sync::mpsc::Receiver<()>) {
    let Ok(conn) = Connection::open(&path) else {
        return;
    };
    let _ = conn.busy_timeout(std::time::Duration::from_millis(100));
    while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(CHECKPOINT_EVERY)
    {
        let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
    }
    let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
}

/// The connection, held for one call: the time from asking for it (waiting for the lock
/// included) to letting it go is recorded into the store's timer, if it has one.
struct Held<'a> {
    conn: std::sync::MutexGuard<'a, Connection>,
    since: Instant,
    timer: Option<&'a StoreTimer>,
}

impl std::ops::Deref for Held<'_> {
    type Target = Connection;
    fn deref(&self) -> &Connection {
        &self.conn
    }
}

impl std::ops::DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut Connection {
        &mut self.conn
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        if let Some(t) = self.timer {
            t.observe(self.since.elapsed());
        }
    }
}

impl std::fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SqliteStore")
    }
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let mut store = Self::init(Connection::open(path)?)?;
        store.conn().pragma_update(None, "wal_autocheckpoint", 0)?;
        let (stop, stopped) = std::sync::mpsc::channel();
        let p = path.to_path_buf();
        let thread = std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || checkpointer(p, stopped))?;
        store.checkpointer = Some((stop, thread));
        Ok(store)
    }

    /// A private in-memory database, for tests.
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::init(Connection::open_in_memory()?)
    }

    /// Opens the existing database at `path` as it is: nothing is created or migrated (for
    /// checking and exporting it).
    pub fn open_as_is(path: &Path) -> Result<Self, StoreError> {
        let conn = Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
            timer: OnceLock::new(),
            checkpointer: None,
        })
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
            timer: OnceLock::new(),
            checkpointer: None,
        })
    }

    fn conn(&self) -> Held<'_> {
        let since = Instant::now();
        // A panic while holding the lock cannot leave SQLite half-written: each statement is
        // atomic. Carry on with the connection.
        let conn = self
            .conn
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        Held {
            conn,
            since,
            timer: self.timer.get(),
        }
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
    for step in &MIGRATIONS[usize::try_from(current).unwrap_or(0)..] {
        match step {
            Migration::Sql(sql) => tx.execute_batch(sql)?,
            Migration::Code(f) => f(&tx)?,
        }
    }
    tx.execute("UPDATE schema_version SET version = ?1", [SCHEMA_VERSION])?;
    tx.commit()?;
    Ok(())
}

/// Binds the first as many of `args` as `stmt` has parameters (see [`crate::sql`]).
fn bind(stmt: &mut rusqlite::Statement<'_>, args: &[impl Bind]) -> Result<(), StoreError> {
    let n = stmt.parameter_count();
    if args.len() < n {
        return Err(rusqlite::Error::InvalidParameterCount(args.len(), n).into());
    }
    for (i, a) in args[..n].iter().enumerate() {
        stmt.raw_bind_parameter(i + 1, a.arg())?;
    }
    Ok(())
}

/// Runs statement `s` with `args` on `conn`; answers the rows it changed.
fn exec(conn: &Connection, s: Statement, args: &[impl Bind]) -> Result<usize, StoreError> {
    let mut stmt = conn.prepare_cached(s.sql(Dialect::Sqlite))?;
    bind(&mut stmt, args)?;
    Ok(stmt.raw_execute()?)
}

/// Every row statement `s` answers with `args`, each read by `read`.
fn all<T>(
    conn: &Connection,
    s: Statement,
    args: &[impl Bind],
    read: impl Fn(&rusqlite::Row<'_>) -> Result<T, StoreError>,
) -> Result<Vec<T>, StoreError> {
    let mut stmt = conn.prepare_cached(s.sql(Dialect::Sqlite))?;
    bind(&mut stmt, args)?;
    let mut rows = stmt.raw_query();
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        out.push(read(r)?);
    }
    Ok(out)
}

impl Exec for SqliteStore {
    fn changed(&self, s: Statement, args: &[impl Bind]) -> Result<u64, StoreError> {
        Ok(exec(&self.conn(), s, args)? as u64)
    }

    fn rows<T>(&self, s: Statement, args: &[impl Bind], read: Read<'_, T>) -> Rows<T> {
        all(&self.conn(), s, args, |r| read(r))
    }

    fn changed_all(&self, writes: Vec<(Statement, Vec<SqlValue>)>) -> Result<(), StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        for (s, values) in &writes {
            exec(&tx, *s, values)?;
        }
        tx.commit()?;
        Ok(())
    }

    fn insert_move(&self, m: &MoveRecord) -> Result<(), StoreError> {
        let conn = self.conn();
        let (id, stamp) = (m.game.as_str(), m.stamp.as_ref());
        let args = sql::move_args(id, m.ply, &m.mv, stamp);
        if stamp.is_none() {
            return recorded(id, exec(&conn, Statement::InsertMove, &args)? as u64);
        }
        let tx = conn.unchecked_transaction()?;
        recorded(id, exec(&tx, Statement::InsertTimedMove, &args)? as u64)?;
        exec(&tx, Statement::SetDeadline, &args)?;
        tx.commit()?;
        Ok(())
    }
}

impl Store for SqliteStore {
    common_store_methods!();

    fn reachable(&self) -> Result<(), StoreError> {
        self.conn().query_row("SELECT 1", [], |_| Ok(()))?;
        Ok(())
    }

    fn time_calls(&self, timer: StoreTimer) {
        let _ = self.timer.set(timer);
    }

    fn load_play(&self, id: &str) -> Result<(Option<MoveStamp>, Option<Ending>), StoreError> {
        let conn = self.conn();
        let key = [Arg::text(id)];
        let stamp = all(&conn, Statement::LastStamp, &key, |r| {
            rows::move_stamp(r, 0)
        })?
        .into_iter()
        .next();
        let ending = all(&conn, Statement::GameEnding, &key, |r| rows::ending(r, 0))?
            .into_iter()
            .next();
        Ok((stamp.flatten(), ending.flatten()))
    }

    fn finish(&self, id: &str, ending: &Ending, plies: usize) -> Result<(), StoreError> {
        finished(
            id,
            self.changed(Statement::Finish, &sql::finish_args(id, ending, plies))?,
        )
    }

    fn reopen(&self, id: &str) -> Result<(), StoreError> {
        self.changed(Statement::Reopen, &[Arg::text(id)])?;
        Ok(())
    }

    fn delete_session(&self, token: &TokenHash) -> Result<(), StoreError> {
        let digest = hash_text(Some(token));
        self.changed(Statement::DeleteSession, &[Arg::text(&digest)])?;
        Ok(())
    }

    fn search(&self, q: &GameQuery) -> Result<Vec<GameSummary>, StoreError> {
        let (text, args) = sql::search(q);
        let conn = self.conn();
        let mut stmt = conn.prepare(&sql::render(&text, Dialect::Sqlite))?;
        bind(&mut stmt, &args)?;
        let mut rows = stmt.raw_query();
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            out.push(rows::game_summary(r)?);
        }
        Ok(out)
    }

    fn truncate(&self, id: &str, len: usize) -> Result<(), StoreError> {
        self.changed(Statement::Truncate, &[Arg::text(id), Arg::int(len as i64)])?;
        Ok(())
    }

    fn load(&self, id: &str) -> Result<Option<(GameMeta, Vec<String>)>, StoreError> {
        let conn = self.conn();
        let key = [Arg::text(id)];
        let Some(meta) = all(&conn, Statement::LoadGame, &key, |r| rows::game_meta(r))?
            .into_iter()
            .next()
        else {
            return Ok(None);
        };
        let moves = all(&conn, Statement::LoadMoves, &key, |r| r.text(0))?;
        Ok(Some((meta, moves)))
    }
}

impl crate::store::rows::Database for SqliteStore {
    fn dialect(&self) -> crate::store::rows::Dialect {
        crate::store::rows::Dialect::Sqlite
    }

    fn schema(&self) -> Result<i64, StoreError> {
        let conn = self.conn();
        let exists: i64 = conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'",
            [],
            |r| r.get(0),
        )?;
        if exists == 0 {
            return Ok(0);
        }
        Ok(conn
            .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
            .optional()?
            .unwrap_or(0))
    }

    fn newest_schema(&self) -> i64 {
        SCHEMA_VERSION
    }

    fn each_row(&self, sql: &str, each: crate::store::rows::EachRow<'_>) -> Result<(), StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&crate::store::sql::render(sql, Dialect::Sqlite))?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            each(r)?;
        }
        Ok(())
    }

    fn write_all(
        &self,
        statements: Vec<(&'static str, Vec<rows::SqlValue>)>,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        for (sql, values) in statements {
            tx.prepare_cached(&crate::store::sql::render(sql, Dialect::Sqlite))?
                .execute(rusqlite::params_from_iter(values))?;
        }
        tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::round::clock::TimeControl;
    use crate::store::records::{Mode, PlayerRow};

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
            token_hashes: [Some(hash_token("abc")), None],
            created: 1,
            players: [None, Some("Kofi".into())],
            rated: false,
            clock: Some(TimeControl::Fischer {
                initial_ms: 180_000,
                increment_ms: 2_000,
            }),
            started_ms: 1_000,
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

    fn temp_db(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("mancala-store-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let _ = std::fs::remove_file(&path);
        (dir, path)
    }

    #[test]
    fn tokens_are_stored_as_digests_and_checked() {
        let s = SqliteStore::in_memory().unwrap();
        let mut m = meta("g3");
        m.token_hashes = [
            Some(hash_token("south-secret")),
            Some(hash_token("north-secret")),
        ];
        s.create(&m).unwrap();
        let (stored_south, stored_north): (String, String) = s
            .conn()
            .query_row(
                "SELECT token_hash_south, token_hash_north FROM games WHERE id = 'g3'",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!(stored_south.len(), 64);
        assert!(!stored_south.contains("secret") && !stored_north.contains("secret"));
        let back = s.load("g3").unwrap().unwrap().0;
        assert_eq!(back, m);
        assert_eq!(back.seats_of("south-secret"), [true, false]);
        assert_eq!(back.seats_of("north-secret"), [false, true]);
        assert_eq!(back.seats_of("south-secre"), [false, false]);
        assert_eq!(back.seats_of(""), [false, false]);
        // The computer's seat is held by no token, not even the empty one.
        assert_eq!(meta("g4").seats_of(""), [false, false]);
        // A damaged digest is reported, naming the game.
        s.conn()
            .execute(
                "UPDATE games SET token_hash_north = 'xyz' WHERE id = 'g3'",
                [],
            )
            .unwrap();
        match s.load("g3") {
            Err(StoreError::Corrupt(what)) => assert!(what.contains("g3"), "{what}"),
            other => panic!("expected a corrupt record, got {other:?}"),
        }
    }

    #[test]
    fn plain_text_tokens_of_old_databases_are_hashed() {
        let (dir, path) = temp_db("migrate");
        {
            // A database as version 1 wrote it: plain-text tokens.
            let conn = Connection::open(&path).unwrap();
            let Migration::Sql(v1) = &MIGRATIONS[0] else {
                panic!("migration 1 is SQL");
            };
            conn.execute_batch(v1).unwrap();
            conn.execute_batch(
                "CREATE TABLE schema_version (version INTEGER NOT NULL);
                 INSERT INTO schema_version (version) VALUES (1);
                 INSERT INTO games VALUES ('old1', 'oware', '[]', NULL, 'online', NULL, 3, 7,
                    'old-south-token', 'old-north-token', 5);
                 INSERT INTO games VALUES ('old2', 'abapa', '[]', NULL, 'computer', 1, 2, -1,
                    'old-player-token', '', 6);
                 INSERT INTO moves VALUES ('old1', 0, 'C');",
            )
            .unwrap();
        }
        let s = SqliteStore::open(&path).unwrap();
        assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
        let (m1, moves) = s.load("old1").unwrap().unwrap();
        assert_eq!(moves, ["C"]);
        assert_eq!(m1.seats_of("old-south-token"), [true, false]);
        assert_eq!(m1.seats_of("old-north-token"), [false, true]);
        assert_eq!(m1.seats_of("old-south-tokem"), [false, false]);
        assert_eq!(m1.seats_of("wrong"), [false, false]);
        let m2 = s.load("old2").unwrap().unwrap().0;
        assert_eq!(m2.token_hashes[1], None);
        assert_eq!(m2.seats_of("old-player-token"), [true, false]);
        assert_eq!(m2.seed, u64::MAX);
        drop(s);
        // No token is left in the file.
        let conn = Connection::open(&path).unwrap();
        let plain: i64 = conn
            .query_row(
                "SELECT count(*) FROM games WHERE token_hash_south LIKE 'old-%'
                    OR token_hash_north LIKE 'old-%'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(plain, 0);
        drop(conn);
        // Opening again migrates nothing twice.
        let s = SqliteStore::open(&path).unwrap();
        assert_eq!(s.load("old1").unwrap().unwrap().0, m1);
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn accounts_of_the_previous_schema_get_a_language_in_place() {
        let (dir, path) = temp_db("lang");
        {
            // A database as version 3 wrote it, with an account.
            let mut conn = Connection::open(&path).unwrap();
            let tx = conn.transaction().unwrap();
            for step in &MIGRATIONS[..3] {
                match step {
                    Migration::Sql(sql) => tx.execute_batch(sql).unwrap(),
                    Migration::Code(f) => f(&tx).unwrap(),
                }
            }
            tx.execute_batch(
                "CREATE TABLE schema_version (version INTEGER NOT NULL);
                 INSERT INTO schema_version (version) VALUES (3);
                 INSERT INTO players VALUES ('Ama', 'ama', 'hash', 5);",
            )
            .unwrap();
            tx.commit().unwrap();
        }
        let s = SqliteStore::open(&path).unwrap();
        assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
        let ama = s.player("AMA").unwrap().unwrap();
        assert_eq!((ama.name.as_str(), ama.created, ama.lang), ("Ama", 5, None));
        assert!(s.set_player_lang("ama", Some("fr")).unwrap());
        assert_eq!(
            s.player("ama").unwrap().unwrap().lang.as_deref(),
            Some("fr")
        );
        assert!(s.set_player_lang("Ama", None).unwrap());
        assert_eq!(s.player("ama").unwrap().unwrap().lang, None);
        assert!(!s.set_player_lang("nobody", Some("fr")).unwrap());
        let kofi = PlayerRow {
            name: "Kofi".into(),
            password: "hash".into(),
            created: 6,
            lang: Some("pt".into()),
        };
        assert!(s.create_player(&kofi).unwrap());
        assert_eq!(s.player("kofi").unwrap().unwrap(), kofi);
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn reopening_keeps_games_and_refuses_newer_schemas() {
        let (dir, path) = temp_db("reopen");
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
