//! A throw-away PostgreSQL cluster for the tests.
//!
//! [`Cluster::start`] runs `initdb` in a new temporary directory and starts `postgres` on a free
//! loopback port, with its unix socket in that directory. PostgreSQL refuses to run as root:
//! when the tests run as root, the directory is given to the unprivileged user `nobody` and the
//! server runs as that user.
//!
//! The server is started by a small shell guard that waits on a pipe from this process: when the
//! [`Cluster`] is dropped, or this process ends in any way (a failed test, an abort, a
//! `kill -9`), the pipe closes and the guard stops the server at once (the signal of
//! `pg_ctl stop -m immediate`) and removes the directory. So no cluster outlives its tests.
//!
//! The binaries are found in `$MANCALA_PG_BIN`, else in `/usr/lib/postgresql/*/bin` (Debian's
//! `postgresql` package; the newest version), else on the `PATH`. When none is found, the test
//! fails with a message saying how to install them: tests against PostgreSQL never skip.

#![forbid(unsafe_code)]

use std::io::Write;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A running PostgreSQL cluster, stopped and deleted when dropped.
pub struct Cluster {
    port: u16,
    dir: PathBuf,
    bin: PathBuf,
    guard: Child,
    /// Closing it tells the guard to stop the server.
    pipe: Option<ChildStdin>,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Cluster(127.0.0.1:{}, {})",
            self.port,
            self.dir.display()
        )
    }
}

/// How a cluster is set up.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Whether commits are flushed to disk (`fsync`, `synchronous_commit`); off makes tests
    /// faster, on measures what a real server does.
    pub durable: bool,
    /// `max_connections`.
    pub max_connections: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            durable: false,
            max_connections: 200,
        }
    }
}

/// The directory holding `initdb`, `postgres` and `psql`.
///
/// # Panics
/// When none is found: the message says how to install PostgreSQL.
#[must_use]
pub fn bin_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("MANCALA_PG_BIN") {
        return PathBuf::from(dir);
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    found.sort();
    if let Some((_, bin)) = found.pop() {
        return bin;
    }
    if let Some(dir) = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .find(|d| d.join("initdb").exists() && d.join("postgres").exists())
    }) {
        return dir;
    }
    panic!(
        "PostgreSQL is needed by these tests and was not found (no /usr/lib/postgresql/*/bin/initdb, \
         no initdb on the PATH, no $MANCALA_PG_BIN). Install it: `apt-get install -y postgresql` \
         on Debian or Ubuntu."
    );
}

/// The uid and gid of the unprivileged user the server runs as when the tests run as root.
fn unprivileged() -> (u32, u32) {
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    passwd
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f.len() > 3 && f[0] == "nobody")
                .then(|| Some((f[2].parse().ok()?, f[3].parse().ok()?)))
        })
        .flatten()
        .next()
        .unwrap_or((65534, 65534))
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// A command that runs `program` as the unprivileged user when this process is root.
fn as_owner(program: &Path, owner: Option<(u32, u32)>) -> Command {
    match owner {
        None => Command::new(program),
        Some((uid, gid)) => {
            let mut c = Command::new("setpriv");
            c.arg(format!("--reuid={uid}"))
                .arg(format!("--regid={gid}"))
                .arg("--clear-groups")
                .arg(program);
            c
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// The guard: starts the server, waits for its standard input to close, stops the server
/// (SIGQUIT: immediate shutdown) and removes the directory.
const GUARD: &str = r#"
dir=$1; shift
"$@" >"$dir/log" 2>&1 &
pid=$!
cat >/dev/null
kill -QUIT "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
rm -rf "$dir"
"#;

static SEQ: AtomicUsize = AtomicUsize::new(0);

impl Cluster {
    /// Starts a cluster with the default [`Options`].
    ///
    /// # Panics
    /// When PostgreSQL is not installed or does not start (with its log).
    #[must_use]
    pub fn start() -> Cluster {
        Self::start_with(Options::default())
    }

    /// Starts a cluster set up as `options` says.
    ///
    /// # Panics
    /// When PostgreSQL is not installed or does not start (with its log).
    #[must_use]
    pub fn start_with(options: Options) -> Cluster {
        let mut last = String::new();
        for _ in 0..5 {
            match Self::try_start(options) {
                Ok(cluster) => return cluster,
                // The port was taken meanwhile: start over on another.
                Err(log) if log.contains("could not bind") => last = log,
                Err(log) => panic!("PostgreSQL did not start:\n{log}"),
            }
        }
        panic!("PostgreSQL did not start:\n{last}");
    }

    /// One attempt: a new directory, `initdb`, the server on a free port. On failure, answers
    /// the server's log (the directory is removed).
    fn try_start(options: Options) -> Result<Cluster, String> {
        let bin = bin_dir();
        let owner = is_root().then(unprivileged);
        let dir = std::env::temp_dir().join(format!(
            "mancala-pg-{}-{}",
            std::process::id(),
            SEQ.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create the cluster's directory");
        if let Some((uid, gid)) = owner {
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).expect("chown the directory");
        }
        let data = dir.join("data");
        let out = as_owner(&bin.join("initdb"), owner)
            .arg("-D")
            .arg(&data)
            .args([
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
                "--locale=C",
            ])
            .output()
            .expect("run initdb");
        if !out.status.success() {
            let _ = std::fs::remove_dir_all(&dir);
            return Err(format!(
                "initdb failed: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let durable = if options.durable { "on" } else { "off" };
        let port = free_port();
        let mut guard = Command::new("sh");
        guard.arg("-c").arg(GUARD).arg("guard").arg(&dir);
        if let Some((uid, gid)) = owner {
            guard
                .arg("setpriv")
                .arg(format!("--reuid={uid}"))
                .arg(format!("--regid={gid}"))
                .arg("--clear-groups");
        }
        guard
            .arg(bin.join("postgres"))
            .arg("-D")
            .arg(&data)
            .arg("-p")
            .arg(port.to_string())
            .arg("-k")
            .arg(&dir)
            .args(["-c", "listen_addresses=127.0.0.1"])
            .args(["-c", &format!("fsync={durable}")])
            .args(["-c", &format!("synchronous_commit={durable}")])
            .args(["-c", &format!("full_page_writes={durable}")])
            .args([
                "-c",
                &format!("max_connections={}", options.max_connections),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        let mut child = guard.spawn().expect("start the PostgreSQL guard");
        let pipe = child.stdin.take();
        let mut cluster = Cluster {
            port,
            dir: dir.clone(),
            bin,
            guard: child,
            pipe,
        };
        if cluster.wait_ready(Duration::from_secs(30)) {
            return Ok(cluster);
        }
        let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
        drop(cluster);
        Err(log)
    }

    fn wait_ready(&mut self, within: Duration) -> bool {
        let until = Instant::now() + within;
        while Instant::now() < until {
            if matches!(self.guard.try_wait(), Ok(Some(_))) {
                return false;
            }
            let ok = Command::new(self.bin.join("pg_isready"))
                .args(["-q", "-h", "127.0.0.1", "-U", "postgres", "-p"])
                .arg(self.port.to_string())
                .status()
                .is_ok_and(|s| s.success());
            if ok {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }

    /// The port it listens on (127.0.0.1).
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The URL of database `db`.
    #[must_use]
    pub fn url(&self, db: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{db}", self.port)
    }

    /// Runs SQL `sql` in database `db` with `psql`; answers its output (unaligned, no headers).
    ///
    /// # Panics
    /// When the SQL fails.
    #[must_use]
    pub fn psql(&self, db: &str, sql: &str) -> String {
        let out = Command::new(self.bin.join("psql"))
            .args(["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d"])
            .arg(self.url(db))
            .args(["-c", sql])
            .output()
            .expect("run psql");
        assert!(
            out.status.success(),
            "psql {sql:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Creates a new empty database; answers its URL.
    #[must_use]
    pub fn fresh_database(&self) -> String {
        let name = format!("t{}", SEQ.fetch_add(1, Ordering::Relaxed));
        let _ = self.psql("postgres", &format!("CREATE DATABASE {name}"));
        self.url(&name)
    }

    /// The cluster shared by the tests of this process, started on first use and stopped when
    /// the process ends.
    #[must_use]
    pub fn shared() -> &'static Cluster {
        static SHARED: OnceLock<Cluster> = OnceLock::new();
        SHARED.get_or_init(Cluster::start)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if let Some(mut pipe) = self.pipe.take() {
            let _ = pipe.flush();
        }
        let _ = self.guard.wait();
    }
}

/// A new empty database in the cluster shared by this process's tests; answers its URL.
#[must_use]
pub fn fresh_database() -> String {
    Cluster::shared().fresh_database()
}

/// Whether test target `target` (its crate name, `env!("CARGO_CRATE_NAME")`) runs against
/// PostgreSQL: the targets whose name ends in `_postgres` do.
#[must_use]
pub fn wants_postgres(target: &str) -> bool {
    target.ends_with("_postgres")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cluster_starts_answers_and_is_removed_when_dropped() {
        let cluster = Cluster::start();
        let url = cluster.fresh_database();
        let db = url.rsplit('/').next().unwrap().to_string();
        assert_eq!(cluster.psql(&db, "SELECT 40 + 2"), "42");
        let dir = cluster.dir.clone();
        assert!(dir.join("data").exists());
        drop(cluster);
        assert!(!dir.exists(), "{} is left behind", dir.display());
    }
}
