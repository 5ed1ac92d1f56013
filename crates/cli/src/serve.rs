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
    /// SQLite database file; games survive restarts.
    #[arg(long, default_value = "mancala.db")]
    pub db: PathBuf,
    /// Keep games in memory only (no database).
    #[arg(long, conflicts_with = "db")]
    pub memory: bool,
    /// Engine searches running at once (default: the number of cores).
    #[arg(long)]
    pub engine_threads: Option<usize>,
    /// Games one client address may create at once (then 30 per minute).
    #[arg(long, default_value_t = 20)]
    pub create_burst: u32,
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(args: &Args) -> Result<ExitCode> {
    let mut config = mancala_server::Config {
        addr: args.addr,
        db: (!args.memory).then(|| args.db.clone()),
        create_burst: args.create_burst,
        ..mancala_server::Config::default()
    };
    if let Some(n) = args.engine_threads {
        config.engine_threads = n.max(1);
    }
    mancala_server::run(config, |addr| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "listening on http://{addr}");
        let _ = out.flush();
    })
    .context("mancala serve")?;
    Ok(ExitCode::SUCCESS)
}
