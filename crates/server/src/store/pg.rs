//! A [`Store`] in PostgreSQL, for several server instances sharing one database.
//!
//! The tables are those of the SQLite store (see [`crate::store`]), with PostgreSQL's types.
//! Migrations are versioned the same way: applied at start in one transaction (under an
//! advisory lock, so that instances starting together do not race), and a database written by
//! a newer program is refused.
//!
//! Moves are serialised by the database: a move is a row keyed by game and number, and of two
//! instances recording the same move number of a game, the second fails with
//! [`StoreError::Conflict`] (answered 409).
//!
//! Moves are recorded asynchronously ([`Store::record_move`]): the request awaits its statement
//! where it runs, on connections of a pool of their own, and the change notice carries the move
//! so that the other instances apply it without reading the game back (see [`crate::cluster::notice`]).
//! The rest of the [`Store`] interface is synchronous (the SQLite store answers in
//! microseconds); for it this store runs its queries on a small runtime of its own, with another
//! pool of connections, and the caller waits for the answer. That keeps it usable from any
//! runtime, a single-threaded one included.

use std::future::Future;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Timeouts};
use tokio_postgres::types::ToSql;
use tokio_postgres::NoTls;

use crate::cluster::notice::Notice;
use crate::lobby::seeks::side_named;
use crate::round::ending::{Ending, Offer, OfferKind};
use crate::store::error::StoreError;
use crate::store::records::{
    hash_text, GameMeta, GameQuery, GameSummary, MoveStamp, PlayerRow, RatingPoint, RatingRow,
    TokenHash, TournamentRow,
};
use crate::store::rows::{self, Dialect, RowAccess, SqlValue};
use crate::store::sql::{self, Arg, Bind, Statement};
use crate::store::traits::{MoveRecord, Store, StoreFuture};

/// Schema migrations of the PostgreSQL store, applied in order; `schema_version` holds how
/// many ran.
const PG_MIGRATIONS: &[&str] = &[
    // 1: games, moves, accounts, sessions and ratings (the SQLite store's schema 3).
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        rules TEXT NOT NULL,
        position TEXT,
        mode TEXT NOT NULL,
        computer BIGINT,
        level BIGINT NOT NULL,
        seed BIGINT NOT NULL,
        token_hash_south TEXT NOT NULL,
        token_hash_north TEXT NOT NULL,
        created BIGINT NOT NULL,
        south TEXT,
        north TEXT,
        rated BOOLEAN NOT NULL DEFAULT FALSE,
        clock TEXT,
        started_ms BIGINT NOT NULL DEFAULT 0,
        deadline_ms BIGINT,
        result TEXT,
        reason TEXT,
        ended_ms BIGINT,
        plies BIGINT
    );
    CREATE TABLE moves (
        game TEXT NOT NULL REFERENCES games(id),
        ply BIGINT NOT NULL,
        mv TEXT NOT NULL,
        at_ms BIGINT,
        south_ms BIGINT,
        north_ms BIGINT,
        PRIMARY KEY (game, ply)
    );
    CREATE INDEX games_south ON games(south, ended_ms);
    CREATE INDEX games_north ON games(north, ended_ms);
    CREATE INDEX games_ended ON games(ended_ms);
    CREATE INDEX games_deadline ON games(deadline_ms) WHERE deadline_ms IS NOT NULL;
    CREATE TABLE players (
        name TEXT NOT NULL,
        key TEXT PRIMARY KEY,
        password TEXT NOT NULL,
        created BIGINT NOT NULL
    );
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        expires BIGINT NOT NULL
    );
    CREATE TABLE ratings (
        player TEXT NOT NULL,
        variant TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        PRIMARY KEY (player, variant)
    );
    CREATE INDEX ratings_board ON ratings(variant, rating);
    CREATE TABLE rating_history (
        seq BIGSERIAL PRIMARY KEY,
        player TEXT NOT NULL,
        variant TEXT NOT NULL,
        game TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX rating_history_player ON rating_history(player, at_ms);",
    // 2: leases on games' background work (see `Store::hold_lease`).
    "CREATE TABLE leases (
        game TEXT PRIMARY KEY,
        instance TEXT NOT NULL,
        expires_ms BIGINT NOT NULL
    );
    CREATE INDEX leases_expiry ON leases(expires_ms);",
    // 3: the lobby's seeks, who has a lobby socket open where, and the games' standing offers
    // (see `crate::store::pg_seeks`).
    "CREATE TABLE seeks (
        id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        variant TEXT NOT NULL,
        rules TEXT NOT NULL,
        clock TEXT,
        rated BOOLEAN NOT NULL,
        side TEXT,
        to_player TEXT,
        rating DOUBLE PRECISION,
        provisional BOOLEAN,
        created_ms BIGINT NOT NULL,
        game TEXT,
        taken_ms BIGINT
    );
    CREATE INDEX seeks_owner ON seeks(owner);
    CREATE INDEX seeks_created ON seeks(created_ms);
    CREATE TABLE lobby_presence (
        player TEXT NOT NULL,
        instance TEXT NOT NULL,
        expires_ms BIGINT NOT NULL,
        PRIMARY KEY (player, instance)
    );
    CREATE TABLE offers (
        game TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        by_side TEXT NOT NULL,
        ply BIGINT NOT NULL
    );",
    // 4: the language each account chose (NULL: none chosen).
    crate::store::sqlite::PLAYERS_LANG,
    // 5: tournaments.
    crate::store::sqlite::TOURNAMENTS,
];

/// The database's clock in milliseconds since the Unix epoch, in SQL (leases are timed by it, so
/// that the instances' clocks need not agree).
macro_rules! db_now_ms {
    () => {
        "(extract(epoch from clock_timestamp()) * 1000)::bigint"
    };
}

/// The schema version this program writes in PostgreSQL.
pub const PG_SCHEMA_VERSION: i64 = PG_MIGRATIONS.len() as i64;

/// The advisory lock held while migrating (any number, the same in every instance).
const MIGRATION_LOCK: i64 = 0x006d_616e_6361_6c61;

/// How long a request waits for a free connection, or for a new one to be made.
const POOL_WAIT: Duration = Duration::from_secs(10);

/// A pool of at most `size` connections to the database of `config`.
fn make_pool(config: &tokio_postgres::Config, size: usize) -> Result<Pool, StoreError> {
    let manager = Manager::from_config(
        config.clone(),
        NoTls,
        ManagerConfig {
            recycling_method: RecyclingMethod::Fast,
        },
    );
    Pool::builder(manager)
        .max_size(size.max(1))
        .runtime(deadpool_postgres::Runtime::Tokio1)
        .timeouts(Timeouts {
            wait: Some(POOL_WAIT),
            create: Some(POOL_WAIT),
            recycle: Some(POOL_WAIT),
        })
        .build()
        .map_err(|e| StoreError::Postgres(format!("connection pool: {e}")))
}

/// Whether `db` names a PostgreSQL database (a `postgres://` or `postgresql://` URL).
#[must_use]
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// A [`Store`] in a PostgreSQL database.
pub struct PgStore {
    /// The connections of the synchronous [`Store`] calls, made and driven on `runtime`.
    pool: Pool,
    /// The connections of the moves ([`Store::record_move`]), made and driven on the runtime of
    /// the caller (the server's), which awaits them where it runs.
    moves: Pool,
    runtime: Option<tokio::runtime::Runtime>,
    /// The connection settings (the change listener opens a connection of its own).
    config: tokio_postgres::Config,
    /// This store's name in its change notices, so that it can tell its own from the others'.
    instance: String,
    /// Where the time of each call goes (see [`Store::time_calls`]).
    timer: std::sync::OnceLock<crate::metrics::StoreTimer>,
}

/// The channel of change notices (see [`crate::cluster::notice`]): the games' and the lobby's (see
/// [`crate::store::pg_seeks`]).
pub(crate) const CHANNEL: &str = "mancala_games";

/// A random name for this store's instance.
fn instance_name() -> String {
    let mut b = [0u8; 8];
    // Without randomness (never seen), the process id still tells instances on one host apart.
    if getrandom::fill(&mut b).is_err() {
        b[..4].copy_from_slice(&std::process::id().to_le_bytes());
    }
    hash_text(Some(&{
        let mut full = [0u8; 32];
        full[..8].copy_from_slice(&b);
        full
    }))[..16]
        .to_string()
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PgStore")
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        // Dropping a runtime may block; this store may be dropped inside another runtime.
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

fn pg_err(e: &tokio_postgres::Error) -> StoreError {
    if e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) {
        return StoreError::Conflict(e.as_db_error().map_or_else(
            || e.to_string(),
            |d| d.detail().unwrap_or(d.message()).to_string(),
        ));
    }
    match e.as_db_error() {
        Some(d) => StoreError::Postgres(format!("{}: {}", d.code().code(), d.message())),
        None => StoreError::Postgres(e.to_string()),
    }
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        pg_err(&e)
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        match e {
            deadpool_postgres::PoolError::Backend(e) => pg_err(&e),
            other => StoreError::Postgres(format!("connection pool: {other}")),
        }
    }
}

/// [`crate::store::traits::LEASE_TTL`] in milliseconds.
fn lease_ttl_ms() -> i64 {
    i64::try_from(crate::store::traits::LEASE_TTL.as_millis()).unwrap_or(i64::MAX)
}

fn to_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl PgStore {
    /// Connects to the database at `url` with at most `pool_size` connections, and brings its
    /// schema up to date (refusing a schema newer than this program's).
    pub fn connect(url: &str, pool_size: usize) -> Result<Self, StoreError> {
        Self::connect_with(url, pool_size, true)
    }

    /// Connects to the database at `url` as it is: nothing is created or migrated (for
    /// checking and exporting it).
    pub fn connect_as_is(url: &str) -> Result<Self, StoreError> {
        Self::connect_with(url, 2, false)
    }

    fn connect_with(url: &str, pool_size: usize, migrating: bool) -> Result<Self, StoreError> {
        let config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| StoreError::Postgres(format!("bad database URL: {e}")))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("postgres")
            .enable_all()
            .build()?;
        // Three quarters of the connections for the moves, the rest for everything else.
        let pool_size = pool_size.max(2);
        let for_moves = (pool_size * 3 / 4).max(1);
        let store = PgStore {
            pool: make_pool(&config, pool_size - for_moves)?,
            moves: make_pool(&config, for_moves)?,
            runtime: Some(runtime),
            config,
            instance: instance_name(),
            timer: std::sync::OnceLock::new(),
        };
        if migrating {
            store.run(|pool| async move {
                let mut client = pool.get().await?;
                migrate(&mut client).await
            })?;
        } else {
            // Reach the database now: a bad URL or password is told at once.
            store.run(|pool| async move {
                drop(pool.get().await?);
                Ok(())
            })?;
        }
        Ok(store)
    }

    /// Runs `work` with the pool on this store's runtime and waits for its answer.
    pub(crate) fn run<T, F>(&self, work: impl FnOnce(Pool) -> F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
    {
        let Some(rt) = &self.runtime else {
            return Err(StoreError::Postgres("the store is closed".into()));
        };
        let since = std::time::Instant::now();
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let fut = work(self.pool.clone());
        rt.spawn(async move {
            // The caller waits for this answer; it is gone only if the caller is.
            let _ = tx.send(fut.await);
        });
        let answer = rx
            .recv()
            .map_err(|_| StoreError::Postgres("the database task stopped".into()));
        if let Some(t) = self.timer.get() {
            t.observe(since.elapsed());
        }
        answer?
    }

    /// Runs statement `s` with `args` and answers the rows it changed.
    fn execute(&self, s: Statement, args: &[impl Bind]) -> Result<u64, StoreError> {
        self.execute_sql(s.sql(Dialect::Postgres), args)
    }

    /// Runs statement `sql` (PostgreSQL's form) with `args` and answers the rows it changed.
    fn execute_sql(&self, sql: &'static str, args: &[impl Bind]) -> Result<u64, StoreError> {
        let values = owned(args);
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let stmt = client.prepare_cached(sql).await?;
            let args = bound(&values);
            Ok(client.execute(&stmt, &pg_args(&args, &stmt)?).await?)
        })
    }

    /// Runs statement `s` changing game `game` with `args`, then tells the other instances
    /// that it changed; answers the rows it changed.
    fn execute_notify(
        &self,
        s: Statement,
        game: &str,
        args: &[impl Bind],
    ) -> Result<u64, StoreError> {
        let notice = self.notice(game);
        let values = owned(args);
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let stmt = client.prepare_cached(s.sql(Dialect::Postgres)).await?;
            let args = bound(&values);
            let n = client.execute(&stmt, &pg_args(&args, &stmt)?).await?;
            notify(&client, &notice).await?;
            Ok(n)
        })
    }

    /// The change notice of game `game` (read back by the other instances).
    fn notice(&self, game: &str) -> String {
        Notice::Changed {
            game: game.to_string(),
        }
        .encode(&self.instance)
    }

    /// The notice of move `m` (applied by the other instances without a read-back).
    fn move_notice(&self, m: &MoveRecord) -> String {
        Notice::Moved {
            game: m.game.clone(),
            ply: m.ply,
            mv: m.mv.clone(),
            stamp: m.stamp,
        }
        .encode(&self.instance)
    }

    /// This instance's name in its change notices and leases.
    pub(crate) fn instance(&self) -> &str {
        &self.instance
    }

    /// Runs statement `sql` (PostgreSQL's form) with boxed `params` and answers the rows it
    /// changed (for parameters the [`Arg`]s do not cover, such as nullable reals).
    pub(crate) fn execute_boxed(
        &self,
        sql: &'static str,
        params: Params,
    ) -> Result<u64, StoreError> {
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let stmt = client.prepare_cached(sql).await?;
            Ok(client.execute(&stmt, &refs(&params)).await?)
        })
    }

    /// Runs query `sql` (PostgreSQL's form) with boxed `params` and answers its rows.
    pub(crate) fn query_boxed(
        &self,
        sql: &'static str,
        params: Params,
    ) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let stmt = client.prepare_cached(sql).await?;
            Ok(client.query(&stmt, &refs(&params)).await?)
        })
    }

    /// Runs query `s` with `args` and answers its rows.
    fn query(
        &self,
        s: Statement,
        args: &[impl Bind],
    ) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        self.query_sql(s.sql(Dialect::Postgres), args)
    }

    /// Runs query `sql` (PostgreSQL's form) with `args` and answers its rows.
    fn query_sql(
        &self,
        sql: &'static str,
        args: &[impl Bind],
    ) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        let values = owned(args);
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let stmt = client.prepare_cached(sql).await?;
            let args = bound(&values);
            Ok(client.query(&stmt, &pg_args(&args, &stmt)?).await?)
        })
    }

    /// Listens for the change notices of the other instances and sends them to `tx` (and a
    /// change of [`ALL_GAMES`] after the listening connection was lost and made again: notices
    /// may have been missed meanwhile), until `tx` is closed.
    async fn listen(
        config: tokio_postgres::Config,
        me: String,
        tx: tokio::sync::mpsc::UnboundedSender<Notice>,
        ready: std::sync::mpsc::SyncSender<()>,
    ) {
        let mut lost = false;
        while !tx.is_closed() {
            if let Ok((client, mut conn)) = config.connect(NoTls).await {
                let listening = async {
                    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
                    Ok::<_, tokio_postgres::Error>(())
                };
                let mut listening = std::pin::pin!(listening);
                let mut listened = false;
                loop {
                    tokio::select! {
                        r = &mut listening, if !listened => {
                            if r.is_err() {
                                break;
                            }
                            listened = true;
                            let _ = ready.try_send(());
                            let all = Notice::Changed { game: ALL_GAMES.into() };
                            if std::mem::take(&mut lost) && tx.send(all).is_err() {
                                return;
                            }
                        }
                        msg = std::future::poll_fn(|cx| conn.poll_message(cx)) => {
                            match msg {
                                Some(Ok(tokio_postgres::AsyncMessage::Notification(n))) => {
                                    let Some((from, notice)) = Notice::parse(n.payload()) else {
                                        continue;
                                    };
                                    if from != me && tx.send(notice).is_err() {
                                        return;
                                    }
                                }
                                Some(Ok(_)) => {}
                                Some(Err(_)) | None => break,
                            }
                        }
                        () = tx.closed() => return,
                    }
                }
            }
            lost = true;
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }

    /// The schema version of the database.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        let rows = self.query_sql("SELECT version FROM schema_version", &[] as &[Arg<'_>])?;
        Ok(rows.first().map_or(0, |r| r.get(0)))
    }

    /// Connections the pools hold now (open, busy or idle).
    pub fn connections(&self) -> usize {
        self.pool.status().size + self.moves.status().size
    }
}

/// Sends change notice `notice` (delivered when the transaction, if any, commits).
async fn notify(client: &deadpool_postgres::Client, notice: &str) -> Result<(), StoreError> {
    let stmt = client.prepare_cached("SELECT pg_notify($1, $2)").await?;
    client.execute(&stmt, &[&CHANNEL, &notice]).await?;
    Ok(())
}

/// How long [`Store::changes`] waits for the listener to start.
const LISTEN_WAIT: Duration = Duration::from_secs(10);

pub use crate::cluster::notice::ALL_GAMES;

/// Parameters, owned (to be moved into the store's runtime).
fn owned(args: &[impl Bind]) -> Vec<SqlValue> {
    args.iter().map(|a| a.arg().to_value()).collect()
}

/// Parameters, borrowed.
fn bound(values: &[impl Bind]) -> Vec<Arg<'_>> {
    values.iter().map(Bind::arg).collect()
}

/// Owned statement parameters, boxed (see [`PgStore::execute_boxed`]).
pub(crate) type Params = Vec<Box<dyn ToSql + Send + Sync>>;

/// Boxes statement parameters as [`Params`].
macro_rules! args {
    ($($p:expr),* $(,)?) => {
        vec![$(Box::new($p) as Box<dyn tokio_postgres::types::ToSql + Send + Sync>),*]
    };
}
pub(crate) use args;

/// Boxed parameters, borrowed.
pub(crate) fn refs(params: &Params) -> Vec<&(dyn ToSql + Sync)> {
    params
        .iter()
        .map(|p| p.as_ref() as &(dyn ToSql + Sync))
        .collect()
}

/// The first as many of `args` as prepared statement `stmt` has parameters (see
/// [`crate::sql`]).
fn pg_args<'a>(
    args: &'a [Arg<'a>],
    stmt: &tokio_postgres::Statement,
) -> Result<Vec<&'a (dyn ToSql + Sync)>, StoreError> {
    let n = stmt.params().len();
    if args.len() < n {
        return Err(StoreError::Postgres(format!(
            "a statement of {n} parameters was given {}",
            args.len()
        )));
    }
    Ok(args[..n].iter().map(Arg::pg).collect())
}

async fn migrate(client: &mut deadpool_postgres::Client) -> Result<(), StoreError> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
        .await?;
    let current: i64 = match tx
        .query_opt("SELECT version FROM schema_version", &[])
        .await?
    {
        Some(r) => r.get(0),
        None => {
            tx.execute("INSERT INTO schema_version (version) VALUES (0)", &[])
                .await?;
            0
        }
    };
    if current > PG_SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            found: current,
            known: PG_SCHEMA_VERSION,
        });
    }
    for sql in &PG_MIGRATIONS[usize::try_from(current).unwrap_or(0)..] {
        tx.batch_execute(sql).await?;
    }
    tx.execute(
        "UPDATE schema_version SET version = $1",
        &[&PG_SCHEMA_VERSION],
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

impl Store for PgStore {
    fn reachable(&self) -> Result<(), StoreError> {
        self.query_sql("SELECT 1", &[] as &[Arg<'_>])?;
        Ok(())
    }

    fn time_calls(&self, timer: crate::metrics::StoreTimer) {
        let _ = self.timer.set(timer);
    }

    fn changes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Notice>> {
        let rt = self.runtime.as_ref()?;
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let (ready_tx, ready) = std::sync::mpsc::sync_channel(1);
        rt.spawn(Self::listen(
            self.config.clone(),
            self.instance.clone(),
            tx,
            ready_tx,
        ));
        // Listening before the caller goes on: no change made after this is missed. (If the
        // database cannot be reached now, the listener keeps trying.)
        let _ = ready.recv_timeout(LISTEN_WAIT);
        Some(rx)
    }

    fn shared(&self) -> bool {
        true
    }

    fn record_move(self: std::sync::Arc<Self>, m: MoveRecord) -> StoreFuture<bool> {
        Box::pin(async move {
            let since = std::time::Instant::now();
            let recorded = async {
                // Awaited where the caller runs: no thread in between. One statement, one round
                // trip, one implicit transaction: the lease (when asked), the move, the clock's
                // deadline (timed games) and the notice carrying the move; with the lease, the
                // answer says whether this instance holds it.
                let notice = self.move_notice(&m);
                let client = self.moves.get().await?;
                let args = sql::move_args(&m.game, m.ply, &m.mv, m.stamp.as_ref());
                let (channel, notice) = (Arg::text(CHANNEL), Arg::text(&notice));
                let ttl = Arg::int(lease_ttl_ms());
                let me = Arg::text(&self.instance);
                let timed = m.stamp.is_some();
                let args: &[Arg<'_>] = if timed { &args } else { &args[..3] };
                let mut list: Vec<&(dyn ToSql + Sync)> = args.iter().map(Arg::pg).collect();
                list.extend([channel.pg(), notice.pg()]);
                if m.lease {
                    list.extend([me.pg(), ttl.pg()]);
                }
                let sql = match (timed, m.lease) {
                    (false, false) => PUSH_MOVE,
                    (true, false) => PUSH_TIMED_MOVE,
                    (false, true) => PUSH_MOVE_LEASED,
                    (true, true) => PUSH_TIMED_MOVE_LEASED,
                };
                let stmt = client.prepare_cached(sql).await?;
                if !m.lease {
                    crate::store::sqlite::recorded(&m.game, client.execute(&stmt, &list).await?)?;
                    return Ok(false);
                }
                let Some(row) = client.query_opt(&stmt, &list).await? else {
                    return crate::store::sqlite::recorded(&m.game, 0).map(|()| false);
                };
                let held: i64 = row
                    .try_get(1)
                    .map_err(|e| StoreError::Postgres(format!("the lease's count: {e}")))?;
                Ok::<_, StoreError>(held == 1)
            }
            .await;
            if let Some(t) = self.timer.get() {
                t.observe(since.elapsed());
            }
            recorded
        })
    }

    fn seek_book(
        self: std::sync::Arc<Self>,
    ) -> Option<std::sync::Arc<dyn crate::lobby::seeks::SeekBook>> {
        Some(self)
    }

    fn save_offer(&self, id: &str, offer: Option<(Offer, usize)>) -> Result<(), StoreError> {
        // The offer's row, and a notice.
        let notice = Notice::Offer {
            game: id.to_string(),
        }
        .encode(self.instance());
        let id = id.to_string();
        match offer {
            Some((o, plies)) => self.run(move |pool| async move {
                let client = pool.get().await?;
                let stmt = client
                    .prepare_cached(
                        "WITH o AS (
                            INSERT INTO offers (game, kind, by_side, ply) VALUES ($1, $2, $3, $4)
                            ON CONFLICT (game) DO UPDATE SET kind = EXCLUDED.kind,
                                by_side = EXCLUDED.by_side, ply = EXCLUDED.ply
                         ) SELECT pg_notify($5, $6)",
                    )
                    .await?;
                let params: Params = args![
                    id,
                    o.kind.name().to_string(),
                    o.by.name().to_string(),
                    to_i64(plies),
                    CHANNEL,
                    notice
                ];
                client.execute(&stmt, &refs(&params)).await?;
                Ok(())
            }),
            None => self.run(move |pool| async move {
                let client = pool.get().await?;
                let stmt = client
                    .prepare_cached(
                        "WITH o AS (DELETE FROM offers WHERE game = $1) SELECT pg_notify($2, $3)",
                    )
                    .await?;
                client.execute(&stmt, &[&id, &CHANNEL, &notice]).await?;
                Ok(())
            }),
        }
    }

    fn stored_offer(&self, id: &str) -> Result<Option<(Offer, usize)>, StoreError> {
        let rows = self.query_boxed(
            "SELECT kind, by_side, ply FROM offers WHERE game = $1",
            args![id.to_string()],
        )?;
        let Some(r) = rows.first() else {
            return Ok(None);
        };
        let (kind, by) = (r.text(0)?, r.text(1)?);
        let kind = match kind.as_str() {
            "draw" => OfferKind::Draw,
            "agreement" => OfferKind::Agreement,
            other => {
                return Err(StoreError::Corrupt(format!(
                    "game {id}: offer of {other:?}"
                )))
            }
        };
        let by = side_named(&by)
            .ok_or_else(|| StoreError::Corrupt(format!("game {id}: offer by {by:?}")))?;
        let plies = usize::try_from(r.int(2)?).unwrap_or(usize::MAX);
        Ok(Some((Offer { kind, by }, plies)))
    }

    fn hold_lease(&self, id: &str) -> Result<bool, StoreError> {
        // Taken when free, lapsed or already this instance's.
        let n = self.execute_sql(
            HOLD_LEASE,
            &[
                Arg::text(id),
                Arg::text(&self.instance),
                Arg::int(lease_ttl_ms()),
            ],
        )?;
        Ok(n == 1)
    }

    fn renew_leases(&self, ids: &[String]) -> Result<(), StoreError> {
        let (me, ids) = (self.instance.clone(), ids.to_vec());
        self.run(move |pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let ttl = lease_ttl_ms();
            tx.execute(
                concat!(
                    "UPDATE leases SET expires_ms = ",
                    db_now_ms!(),
                    " + $3 WHERE instance = $1 AND game = ANY($2)"
                ),
                &[&me, &ids, &ttl],
            )
            .await?;
            tx.execute(
                "DELETE FROM leases WHERE instance = $1 AND NOT (game = ANY($2))",
                &[&me, &ids],
            )
            .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    fn lapsed_leases(&self) -> Result<Vec<String>, StoreError> {
        self.query_sql(
            concat!("SELECT game FROM leases WHERE expires_ms < ", db_now_ms!()),
            &[] as &[Arg<'_>],
        )?
        .iter()
        .map(|r| r.text(0))
        .collect()
    }

    fn create(&self, m: &GameMeta) -> Result<(), StoreError> {
        self.execute(Statement::CreateGame, &rows::new_game_values(m))?;
        Ok(())
    }

    fn push_timed_move(
        &self,
        id: &str,
        ply: usize,
        mv: &str,
        stamp: Option<&MoveStamp>,
    ) -> Result<(), StoreError> {
        let notice = self.move_notice(&MoveRecord {
            game: id.to_string(),
            ply,
            mv: mv.to_string(),
            stamp: stamp.copied(),
            lease: false,
        });
        let values = owned(&sql::move_args(id, ply, mv, stamp));
        let (timed, game) = (stamp.is_some(), id.to_string());
        // One prepared statement, one round trip and one implicit transaction: the move, the
        // clock's deadline (timed games) and the change notice, delivered on commit. The key
        // (game, move number) serialises moves: of two instances recording the same move
        // number, the second fails (a conflict) and nothing of its statement stays.
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let args = bound(&values);
            let (channel, notice) = (Arg::text(CHANNEL), Arg::text(&notice));
            let args: &[Arg<'_>] = if timed { &args } else { &args[..3] };
            let mut list: Vec<&(dyn ToSql + Sync)> = args.iter().map(Arg::pg).collect();
            list.extend([channel.pg(), notice.pg()]);
            let stmt = client
                .prepare_cached(if timed { PUSH_TIMED_MOVE } else { PUSH_MOVE })
                .await?;
            crate::store::sqlite::recorded(&game, client.execute(&stmt, &list).await?)
        })
    }

    fn load_play(&self, id: &str) -> Result<(Option<MoveStamp>, Option<Ending>), StoreError> {
        let id = id.to_string();
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let (last, end) = tokio::try_join!(
                client.prepare_cached(Statement::LastStamp.sql(Dialect::Postgres)),
                client.prepare_cached(Statement::GameEnding.sql(Dialect::Postgres)),
            )?;
            // Both queries are sent at once (pipelined): one round trip.
            let key: [&(dyn ToSql + Sync); 1] = [&id];
            let (last, end) =
                tokio::try_join!(client.query_opt(&last, &key), client.query_opt(&end, &key),)?;
            let stamp = match last {
                Some(r) => rows::move_stamp(&r, 0)?,
                None => None,
            };
            let ending = match end {
                Some(r) => rows::ending(&r, 0)?,
                None => None,
            };
            Ok((stamp, ending))
        })
    }

    fn finish(&self, id: &str, ending: &Ending, plies: usize) -> Result<(), StoreError> {
        // The game's row is taken first, in a statement of its own: a move being recorded holds
        // it (see `sql::insert_move_sql`), so the ending waits for that move and its check
        // (`Statement::Finish`, run with a snapshot taken after the wait) then sees it: of a move
        // and an ending racing each other, exactly one is recorded on the position the other saw.
        let notice = self.notice(id);
        let values = owned(&sql::finish_args(id, ending, plies));
        let n = self.run(move |pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let lock = tx.prepare_cached(LOCK_GAME).await?;
            let args = bound(&values);
            tx.execute(&lock, &[args[0].pg()]).await?;
            let stmt = tx
                .prepare_cached(Statement::Finish.sql(Dialect::Postgres))
                .await?;
            let n = tx.execute(&stmt, &pg_args(&args, &stmt)?).await?;
            if n > 0 {
                let stmt = tx.prepare_cached("SELECT pg_notify($1, $2)").await?;
                tx.execute(&stmt, &[&CHANNEL, &notice]).await?;
            }
            tx.commit().await?;
            Ok(n)
        })?;
        if n == 0 {
            return Err(StoreError::Conflict(format!(
                "game {id} is over or has moved on"
            )));
        }
        Ok(())
    }

    fn reopen(&self, id: &str) -> Result<(), StoreError> {
        self.execute_notify(Statement::Reopen, id, &[Arg::text(id)])?;
        Ok(())
    }

    fn running_clocks(&self) -> Result<Vec<(String, i64)>, StoreError> {
        self.query(Statement::RunningClocks, &[] as &[Arg<'_>])?
            .iter()
            .map(|r| Ok((r.text(0)?, r.int(1)?)))
            .collect::<Result<_, StoreError>>()
    }

    fn create_player(&self, p: &PlayerRow) -> Result<bool, StoreError> {
        let n = self.execute(Statement::CreatePlayer, &rows::player_values(p))?;
        Ok(n == 1)
    }

    fn player(&self, name: &str) -> Result<Option<PlayerRow>, StoreError> {
        let key = name.to_lowercase();
        self.query(Statement::Player, &[Arg::text(&key)])?
            .first()
            .map(rows::player_row)
            .transpose()
    }

    fn set_player_lang(&self, name: &str, lang: Option<&str>) -> Result<bool, StoreError> {
        let key = name.to_lowercase();
        let n = self.execute(
            Statement::SetPlayerLang,
            &[Arg::text(&key), Arg::Text(lang)],
        )?;
        Ok(n == 1)
    }

    fn create_session(
        &self,
        token: &TokenHash,
        player: &str,
        expires: i64,
    ) -> Result<(), StoreError> {
        let digest = hash_text(Some(token));
        self.execute(
            Statement::CreateSession,
            &[Arg::text(&digest), Arg::text(player), Arg::int(expires)],
        )?;
        Ok(())
    }

    fn session(&self, token: &TokenHash) -> Result<Option<(String, i64)>, StoreError> {
        let digest = hash_text(Some(token));
        self.query(Statement::Session, &[Arg::text(&digest)])?
            .first()
            .map(|r| Ok::<_, StoreError>((r.text(0)?, r.int(1)?)))
            .transpose()
    }

    fn delete_session(&self, token: &TokenHash) -> Result<(), StoreError> {
        let digest = hash_text(Some(token));
        self.execute(Statement::DeleteSession, &[Arg::text(&digest)])?;
        // Every other instance forgets it too (they keep sessions in memory).
        let notice = Notice::Revoked { digest }.encode(self.instance());
        self.query_sql(
            "SELECT pg_notify($1, $2)::text",
            &[Arg::text(CHANNEL), Arg::text(&notice)],
        )?;
        Ok(())
    }

    fn ratings(&self, player: &str) -> Result<Vec<(String, RatingRow)>, StoreError> {
        self.query(Statement::Ratings, &[Arg::text(player)])?
            .iter()
            .map(|r| rows::named_rating(r, 0))
            .collect::<Result<_, _>>()
    }

    fn rate(
        &self,
        game: &str,
        variant: &str,
        at_ms: i64,
        updates: &[(String, RatingRow)],
    ) -> Result<(), StoreError> {
        let mut writes = Vec::new();
        for (player, row) in updates {
            let point = RatingPoint::after(game, variant, at_ms, row);
            writes.push((
                Statement::UpsertRating,
                rows::rating_values(player, variant, row),
            ));
            writes.push((
                Statement::AddRatingPoint,
                rows::rating_point_values(player, &point),
            ));
        }
        self.run(move |pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            for (s, values) in &writes {
                let stmt = tx.prepare_cached(s.sql(Dialect::Postgres)).await?;
                let args = bound(values);
                tx.execute(&stmt, &pg_args(&args, &stmt)?).await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    fn rating_history(&self, player: &str) -> Result<Vec<RatingPoint>, StoreError> {
        self.query(Statement::RatingHistory, &[Arg::text(player)])?
            .iter()
            .map(|r| rows::rating_point(r, 0))
            .collect::<Result<_, _>>()
    }

    fn leaderboard(
        &self,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<(String, RatingRow)>, StoreError> {
        self.query(
            Statement::Leaderboard,
            &[Arg::text(variant), Arg::int(i64::from(limit))],
        )?
        .iter()
        .map(|r| rows::named_rating(r, 0))
        .collect::<Result<_, _>>()
    }

    fn search(&self, q: &GameQuery) -> Result<Vec<GameSummary>, StoreError> {
        let (text, values) = sql::search(q);
        let rows = self.run(move |pool| async move {
            let client = pool.get().await?;
            let args = bound(&values);
            let args: Vec<&(dyn ToSql + Sync)> = args.iter().map(Arg::pg).collect();
            Ok(client.query(&text, &args).await?)
        })?;
        rows.iter().map(rows::game_summary).collect()
    }

    fn truncate(&self, id: &str, len: usize) -> Result<(), StoreError> {
        self.execute_notify(
            Statement::Truncate,
            id,
            &[Arg::text(id), Arg::int(to_i64(len))],
        )?;
        Ok(())
    }

    fn create_tournament(&self, t: &TournamentRow) -> Result<(), StoreError> {
        self.execute(Statement::CreateTournament, &rows::tournament_values(t))?;
        Ok(())
    }

    fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let found = self.query(Statement::Tournament, &[Arg::text(id)])?;
        found.first().map(rows::tournament_row).transpose()
    }

    fn tournaments(&self, limit: u32) -> Result<Vec<TournamentRow>, StoreError> {
        let limit = [Arg::int(i64::from(limit))];
        let found = self.query(Statement::Tournaments, &limit)?;
        found.iter().map(rows::tournament_row).collect()
    }

    fn live_tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        let found = self.query(Statement::LiveTournaments, &[] as &[Arg<'_>])?;
        found.iter().map(rows::tournament_row).collect()
    }

    fn update_tournament(&self, t: &TournamentRow) -> Result<bool, StoreError> {
        Ok(self.execute(Statement::UpdateTournament, &rows::tournament_values(t))? == 1)
    }

    fn load(&self, id: &str) -> Result<Option<(GameMeta, Vec<String>)>, StoreError> {
        let key = id.to_string();
        let (row, moves) = self.run(move |pool| async move {
            let client = pool.get().await?;
            let (game, moves) = tokio::try_join!(
                client.prepare_cached(Statement::LoadGame.sql(Dialect::Postgres)),
                client.prepare_cached(Statement::LoadMoves.sql(Dialect::Postgres)),
            )?;
            // Both queries are sent at once (pipelined): one round trip. No move of an unknown
            // game exists, so asking for the moves before knowing the game costs nothing.
            let key: [&(dyn ToSql + Sync); 1] = [&key];
            let (row, moves) =
                tokio::try_join!(client.query_opt(&game, &key), client.query(&moves, &key),)?;
            let Some(row) = row else {
                return Ok((None, Vec::new()));
            };
            let moves = moves
                .iter()
                .map(|r| r.text(0))
                .collect::<Result<Vec<_>, _>>()?;
            Ok((Some(row), moves))
        })?;
        row.map(|r| Ok((rows::game_meta(&r)?, moves))).transpose()
    }
}

/// Takes or renews the lease of game `GAME` for instance `INSTANCE` for `TTL` ms (three
/// parameters): taken when free, lapsed or already the instance's.
macro_rules! hold_lease_sql {
    ($game:literal, $instance:literal, $ttl:literal) => {
        concat!(
            "INSERT INTO leases (game, instance, expires_ms) VALUES (",
            $game,
            ", ",
            $instance,
            ", ",
            db_now_ms!(),
            " + ",
            $ttl,
            ") ON CONFLICT (game) DO UPDATE SET instance = EXCLUDED.instance,
                expires_ms = EXCLUDED.expires_ms
             WHERE leases.instance = EXCLUDED.instance OR leases.expires_ms < ",
            db_now_ms!()
        )
    };
}

/// Takes game `$1`'s row until the end of the transaction (see [`PgStore::finish`]).
const LOCK_GAME: &str = "SELECT 1 FROM games WHERE id = $1 FOR NO KEY UPDATE";

/// [`hold_lease_sql`] of game `$1`, instance `$2`, for `$3` ms.
const HOLD_LEASE: &str = hold_lease_sql!("$1", "$2", "$3");

/// [`PUSH_MOVE`] taking the lease first: then the instance `$6` and the lease's time `$7`;
/// answers the notice and whether the lease is this instance's (1) or another's (0).
const PUSH_MOVE_LEASED: &str = concat!(
    "WITH l AS (",
    hold_lease_sql!("$1", "$6", "$7"),
    " RETURNING 1), m AS (",
    sql::insert_move_sql!(" FOR NO KEY UPDATE RETURNING 1"),
    ") SELECT pg_notify($4, $5), (SELECT count(*) FROM l) FROM m"
);

/// [`PUSH_TIMED_MOVE`] taking the lease first: then the instance `$10` and the lease's time
/// `$11`; answers as [`PUSH_MOVE_LEASED`] does.
const PUSH_TIMED_MOVE_LEASED: &str = concat!(
    "WITH l AS (",
    hold_lease_sql!("$1", "$10", "$11"),
    " RETURNING 1), m AS (",
    sql::insert_timed_move_sql!(" FOR NO KEY UPDATE RETURNING 1"),
    "), g AS (",
    sql::set_deadline_sql!(),
    ") SELECT pg_notify($8, $9), (SELECT count(*) FROM l) FROM m"
);

/// A move without a clock and its change notice: [`sql::move_args`] `$1..$3`, then the channel
/// and the notice. No row when the game is over (nothing recorded, no notice).
const PUSH_MOVE: &str = concat!(
    "WITH m AS (",
    sql::insert_move_sql!(" FOR NO KEY UPDATE RETURNING 1"),
    ") SELECT pg_notify($4, $5) FROM m"
);

/// A timed move, its clock's deadline and its change notice: [`sql::move_args`], then the
/// channel and the notice. No row when the game is over (nothing recorded, no notice).
const PUSH_TIMED_MOVE: &str = concat!(
    "WITH m AS (",
    sql::insert_timed_move_sql!(" FOR NO KEY UPDATE RETURNING 1"),
    "), g AS (",
    sql::set_deadline_sql!(),
    ") SELECT pg_notify($8, $9) FROM m"
);

impl crate::store::rows::Database for PgStore {
    fn dialect(&self) -> crate::store::rows::Dialect {
        crate::store::rows::Dialect::Postgres
    }

    fn schema(&self) -> Result<i64, StoreError> {
        let rows = self.query_sql(
            "SELECT to_regclass('schema_version') IS NOT NULL",
            &[] as &[Arg<'_>],
        )?;
        if !rows.first().map_or(Ok(false), |r| r.flag(0))? {
            return Ok(0);
        }
        self.schema_version()
    }

    fn newest_schema(&self) -> i64 {
        PG_SCHEMA_VERSION
    }

    fn each_row(
        &self,
        sql: &str,
        each: &mut dyn FnMut(&dyn RowAccess) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let sql = sql.to_string();
        let rows = self.run(move |pool| async move {
            let client = pool.get().await?;
            Ok(client.query(&sql, &[]).await?)
        })?;
        for r in &rows {
            each(r)?;
        }
        Ok(())
    }

    fn write_all(&self, statements: Vec<(&'static str, Vec<SqlValue>)>) -> Result<(), StoreError> {
        self.run(move |pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            for (sql, values) in statements {
                let stmt = tx.prepare_cached(sql).await?;
                let args = bound(&values);
                tx.execute(&stmt, &pg_args(&args, &stmt)?).await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }
}
