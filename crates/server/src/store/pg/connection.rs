//! The PostgreSQL store itself, [`PgStore`]: its pools of connections, the runtime its
//! synchronous calls run on, and the running of statements with their parameters.

use std::future::Future;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Timeouts};
use tokio_postgres::types::ToSql;
use tokio_postgres::NoTls;

use super::migrations::migrate;
use crate::store::error::StoreError;
use crate::store::records::hash_text;
use crate::store::rows::{Dialect, SqlValue};
use crate::store::sql::{Arg, Bind, Statement};

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

/// A [`Store`](crate::store::Store) in a PostgreSQL database.
pub struct PgStore {
    /// The connections of the synchronous [`Store`](crate::store::Store) calls, made and driven on `runtime`.
    pub(super) pool: Pool,
    /// The connections of the moves ([`Store::record_move`](crate::store::Store::record_move)), made and driven on the runtime of
    /// the caller (the server's), which awaits them where it runs.
    pub(super) moves: Pool,
    pub(super) runtime: Option<tokio::runtime::Runtime>,
    /// The connection settings (the change listener opens a connection of its own).
    pub(super) config: tokio_postgres::Config,
    /// This store's name in its change notices, so that it can tell its own from the others'.
    pub(super) instance: String,
    /// Where the time of each call goes (see [`Store::time_calls`](crate::store::Store::time_calls)).
    pub(super) timer: std::sync::OnceLock<crate::metrics::StoreTimer>,
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
pub(super) fn lease_ttl_ms() -> i64 {
    i64::try_from(crate::store::traits::LEASE_TTL.as_millis()).unwrap_or(i64::MAX)
}

pub(super) fn to_i64(n: usize) -> i64 {
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
    pub(super) fn execute(&self, s: Statement, args: &[impl Bind]) -> Result<u64, StoreError> {
        self.execute_sql(s.sql(Dialect::Postgres), args)
    }

    /// Runs statement `sql` (PostgreSQL's form) with `args` and answers the rows it changed.
    pub(super) fn execute_sql(
        &self,
        sql: &'static str,
        args: &[impl Bind],
    ) -> Result<u64, StoreError> {
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
    pub(super) fn execute_notify(
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
    pub(super) fn query(
        &self,
        s: Statement,
        args: &[impl Bind],
    ) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        self.query_sql(s.sql(Dialect::Postgres), args)
    }

    /// Runs query `sql` (PostgreSQL's form) with `args` and answers its rows.
    pub(super) fn query_sql(
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

/// Parameters, owned (to be moved into the store's runtime).
pub(super) fn owned(args: &[impl Bind]) -> Vec<SqlValue> {
    args.iter().map(|a| a.arg().to_value()).collect()
}

/// Parameters, borrowed.
pub(super) fn bound(values: &[impl Bind]) -> Vec<Arg<'_>> {
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
pub(super) fn pg_args<'a>(
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

/// Sends change notice `notice` (delivered when the transaction, if any, commits).
async fn notify(client: &deadpool_postgres::Client, notice: &str) -> Result<(), StoreError> {
    let stmt = client.prepare_cached("SELECT pg_notify($1, $2)").await?;
    client.execute(&stmt, &[&CHANNEL, &notice]).await?;
    Ok(())
}
