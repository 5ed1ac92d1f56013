//! `mancala serve`: the HTTP/WebSocket server and the browser UI.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

/// Arguments of `mancala serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Where games are kept: a SQLite database file (the default, `mancala.db`), or a
    /// PostgreSQL database `postgres://USER@HOST:PORT/DB` that several instances can share.
    /// Without it, `$MANCALA_DB` is used if set.
    #[arg(long)]
    pub db: Option<String>,
    /// Keep games in memory only (no database).
    #[arg(long, conflicts_with = "db")]
    pub memory: bool,
    /// Most connections to PostgreSQL this instance opens at once.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub db_pool: u64,
    /// Engine searches running at once (default: the number of cores less one, at least one:
    /// a core is left to answer requests while the computer thinks).
    #[arg(long)]
    pub engine_threads: Option<usize>,
    /// Games one client address may create at once (then 30 per minute).
    #[arg(long, default_value_t = 20)]
    pub create_burst: u32,
    /// Most games kept in memory. Unused games are dropped least recently used first and
    /// reloaded from the database when asked for again; when every game in memory is in use
    /// (watched, thinking or being played), requests for others are answered 429.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_rooms: u64,
    /// Seconds after which a game nobody uses is dropped from memory.
    #[arg(long, default_value_t = 600)]
    pub room_idle_secs: u64,
    /// Most WebSocket connections open at once; beyond it a new one is refused (429). The
    /// server raises its open-file limit to the hard limit (`ulimit -Hn`) at start and refuses
    /// to start with a cap above what that allows (the limit less 256 and --db-pool). Default:
    /// 4096, or what the limit allows if less.
    #[arg(long)]
    pub max_websockets: Option<usize>,
    /// Most WebSocket connections one client address may hold open at once; beyond it a new
    /// one is refused (429). 0: no cap.
    #[arg(long, default_value_t = 32)]
    pub max_websockets_per_address: usize,
    /// Most WebSocket connections watching one game (players and spectators); beyond it a new
    /// one is refused (429).
    #[arg(long, default_value_t = 64)]
    pub max_watchers_per_game: usize,
    /// Sign-ups and log-ins one client address may try at once (then as many per minute).
    #[arg(long, default_value_t = 10)]
    pub auth_burst: u32,
    /// Memory of one password hash (Argon2id), in KiB.
    #[arg(long, default_value_t = 19 * 1024, value_parser = clap::value_parser!(u32).range(64..))]
    pub password_memory_kib: u32,
    /// Seconds an open seek stays in the lobby at most.
    #[arg(long, default_value_t = 3600, value_parser = clap::value_parser!(u64).range(1..))]
    pub seek_ttl_secs: u64,
    /// Seconds a client may take to send a request's headers before it is disconnected; a
    /// kept-alive connection idle that long between requests is closed too.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout_secs: u64,
    /// Seconds a client may take to send a request's body once its headers are in; a slower
    /// one is answered 408 and disconnected.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub body_timeout_secs: u64,
    /// Most connections one client address may hold open at once; beyond it a new one is
    /// answered 429 and closed (0: no cap). Behind a proxy every client has the proxy's
    /// address: raise it, or give 0 and cap per client at the proxy.
    #[arg(long, default_value_t = 128)]
    pub max_connections_per_address: usize,
    /// Most memory the tables of one proof (`POST /api/analysis/prove`) may take, in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub max_proof_mib: u64,
    /// Proofs one client address may have running at once; beyond it a request is refused
    /// (429). 0: no cap.
    #[arg(long, default_value_t = 1)]
    pub max_proofs_per_address: usize,
    /// Mark every cookie the server sets (the session's, the language's) `Secure`, so that
    /// browsers send it back over HTTPS only. Give it when the server is reached through a
    /// proxy that terminates TLS (the server itself speaks plain HTTP).
    #[arg(long)]
    pub secure_cookies: bool,
    /// How log lines are written to standard error: `text` (one readable line per event) or
    /// `json` (one JSON object per line, for a log collector).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Which log lines are written, as `RUST_LOG` reads them: a level (`warn`: only problems;
    /// `info`: also one line per request), or per target (`info,mancala_server::request=off`
    /// drops the request lines). Without it, `$RUST_LOG` is used if set, else `info`.
    #[arg(long, value_name = "FILTER")]
    pub log: Option<String>,
}

/// How `mancala serve` writes its log lines.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// One readable line per event: time, level, target, message and fields.
    Text,
    /// One JSON object per line.
    Json,
}

/// Sends the server's log lines to standard error in `format`, filtered by `filter` (else
/// `$RUST_LOG`, else `info`).
fn init_logs(format: LogFormat, filter: Option<&str>) -> Result<()> {
    use tracing_subscriber::EnvFilter;
    let filter = match filter {
        Some(f) => EnvFilter::try_new(f).with_context(|| format!("--log {f:?}"))?,
        None => EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
    };
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false);
    let set = match format {
        LogFormat::Text => logs.try_init(),
        LogFormat::Json => logs.json().flatten_event(true).try_init(),
    };
    set.map_err(|e| anyhow::anyhow!("setting up the logs: {e}"))
}

/// The cap on WebSockets when `--max-websockets` is not given (lowered to what the open-file
/// limit allows).
const DEFAULT_MAX_WEBSOCKETS: usize = 4096;

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(args: &Args) -> Result<ExitCode> {
    init_logs(args.log_format, args.log.as_deref())?;
    let db = resolve_db(args.db.as_deref());
    let (db, postgres) = match db {
        _ if args.memory => (None, None),
        Db::Sqlite(path) => (Some(path), None),
        Db::Postgres(url) => (None, Some(url)),
    };
    let mut config = mancala_server::Config {
        addr: args.addr,
        db,
        postgres,
        db_pool: usize::try_from(args.db_pool).unwrap_or(16),
        create_burst: args.create_burst,
        max_rooms: usize::try_from(args.max_rooms).unwrap_or(usize::MAX),
        room_idle_secs: args.room_idle_secs,
        max_websockets_per_address: args.max_websockets_per_address,
        max_proof_mib: usize::try_from(args.max_proof_mib).unwrap_or(64),
        max_proofs_per_address: args.max_proofs_per_address,
        max_watchers_per_game: args.max_watchers_per_game,
        auth_burst: args.auth_burst,
        auth_per_minute: args.auth_burst,
        password_memory_kib: args.password_memory_kib,
        seek_ttl_secs: args.seek_ttl_secs,
        header_timeout_secs: args.header_timeout_secs,
        body_timeout_secs: args.body_timeout_secs,
        max_connections_per_address: args.max_connections_per_address,
        secure_cookies: args.secure_cookies,
        ..mancala_server::Config::default()
    };
    if let Some(n) = args.engine_threads {
        config.engine_threads = n.max(1);
    }
    config.max_websockets = match args.max_websockets {
        Some(n) => n,
        None => {
            let limit = mancala_server::raise_file_limit().context("the open-file limit")?;
            DEFAULT_MAX_WEBSOCKETS.min(mancala_server::websockets_allowed(limit, config.db_pool))
        }
    };
    mancala_server::run(config, |addr| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "listening on http://{addr}");
        let _ = out.flush();
    })
    .context("mancala serve")?;
    Ok(ExitCode::SUCCESS)
}

/// A database named on the command line or in `$MANCALA_DB`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Db {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL URL.
    Postgres(String),
}

/// The database `--db` names, else `$MANCALA_DB`, else `mancala.db`.
pub fn resolve_db(arg: Option<&str>) -> Db {
    let name = arg
        .map(str::to_string)
        .or_else(|| std::env::var("MANCALA_DB").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "mancala.db".to_string());
    if mancala_server::store::pg::is_postgres_url(&name) {
        Db::Postgres(name)
    } else {
        Db::Sqlite(PathBuf::from(name))
    }
}
