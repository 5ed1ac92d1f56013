//! Where the workers run, and the errors of a distributed build.

use std::path::{Path, PathBuf};

use mancala_tablebase::TablebaseError;

/// The errors of a distributed build.
#[derive(Debug, thiserror::Error)]
pub enum DistError {
    /// A table error: the preset, a file read or written.
    #[error(transparent)]
    Table(#[from] TablebaseError),
    /// A checkpoint of a graded build that cannot be used (corrupt, foreign or of another
    /// table file): delete it, and the levels above are built again.
    #[error("{}: {reason}; delete it, and the build starts again from that level", path.display())]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A worker count out of range.
    #[error("--workers {workers}: {reason}")]
    Workers {
        /// The count given.
        workers: usize,
        /// Why it is refused.
        reason: String,
    },
    /// A host file that cannot be used.
    #[error("host file {path}: {reason}")]
    Hosts {
        /// The file.
        path: PathBuf,
        /// What is wrong, with the line when there is one.
        reason: String,
    },
    /// Timely dataflow could not start (a port in use, a host that cannot be reached).
    #[error("starting the workers: {0}")]
    Start(String),
    /// Worker 0 could not start the build (its own error says why) and told the others to stop.
    #[error("process 0 could not start the build: {0}")]
    Stopped(String),
    /// A worker stopped (a panic, or a peer process that went away).
    #[error("a worker stopped: {0}")]
    Worker(String),
}

/// The most workers: a message names its destination in 16 bits.
pub const MAX_WORKERS: usize = 1 << 16;

/// Where the workers of a build run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cluster {
    /// This many worker threads in this process.
    Threads(usize),
    /// One worker per process, one process per address (`host:port`, timely's host file);
    /// this process is number `process`.
    Processes {
        /// This process's number: its line in the host file, from 0.
        process: usize,
        /// Every process's address, in order.
        hosts: Vec<String>,
    },
}

impl Cluster {
    /// `workers` threads in this process.
    pub fn threads(workers: usize) -> Result<Cluster, DistError> {
        check_workers(workers)?;
        Ok(Cluster::Threads(workers))
    }

    /// Process `process` of those listed in the host file at `path` (one `host:port` a line;
    /// blank lines and lines starting with `#` are skipped). `workers`, when given, must be
    /// the number of hosts.
    pub fn from_host_file(
        path: &Path,
        process: usize,
        workers: Option<usize>,
    ) -> Result<Cluster, DistError> {
        let bad = |reason: String| DistError::Hosts {
            path: path.to_path_buf(),
            reason,
        };
        let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
        let mut hosts = Vec::new();
        for (k, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let port = line
                .rsplit_once(':')
                .map(|(host, port)| (host, port.parse::<u16>()));
            match port {
                Some((host, Ok(_))) if !host.is_empty() => hosts.push(line.to_string()),
                _ => return Err(bad(format!("line {}: {line:?} is not host:port", k + 1))),
            }
        }
        if hosts.is_empty() {
            return Err(bad("no host:port line".to_string()));
        }
        check_workers(hosts.len())?;
        if let Some(w) = workers {
            if w != hosts.len() {
                return Err(DistError::Workers {
                    workers: w,
                    reason: format!(
                        "the host file {} lists {} processes (one worker each)",
                        path.display(),
                        hosts.len()
                    ),
                });
            }
        }
        if process >= hosts.len() {
            return Err(bad(format!(
                "--process {process}: the file lists processes 0 to {}",
                hosts.len() - 1
            )));
        }
        Ok(Cluster::Processes { process, hosts })
    }

    /// The number of workers.
    #[must_use]
    pub fn workers(&self) -> usize {
        match self {
            Cluster::Threads(w) => *w,
            Cluster::Processes { hosts, .. } => hosts.len(),
        }
    }

    /// Whether this process hosts worker 0, which writes the files.
    #[must_use]
    pub fn writes(&self) -> bool {
        match self {
            Cluster::Threads(_) => true,
            Cluster::Processes { process, .. } => *process == 0,
        }
    }

    pub(crate) fn config(&self) -> timely::Config {
        match self {
            Cluster::Threads(w) => timely::Config::process(*w),
            Cluster::Processes { process, hosts } => timely::Config {
                communication: timely::CommunicationConfig::Cluster {
                    threads: 1,
                    process: *process,
                    addresses: hosts.clone(),
                    report: false,
                    zerocopy: false,
                },
                worker: timely::WorkerConfig::default(),
            },
        }
    }
}

fn check_workers(workers: usize) -> Result<(), DistError> {
    if workers == 0 || workers > MAX_WORKERS {
        return Err(DistError::Workers {
            workers,
            reason: format!("between 1 and {MAX_WORKERS}"),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host_file(text: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "mancala-hosts-{}-{}",
            std::process::id(),
            text.len()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("hosts");
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn host_files_are_read_and_checked() {
        let path = host_file("# two\n127.0.0.1:4000\n\nlocalhost:4001\n");
        let c = Cluster::from_host_file(&path, 1, Some(2)).unwrap();
        assert_eq!(c.workers(), 2);
        assert!(!c.writes());
        assert!(Cluster::from_host_file(&path, 0, None).unwrap().writes());
        let e = Cluster::from_host_file(&path, 2, None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("--process 2"), "{e}");
        let e = Cluster::from_host_file(&path, 0, Some(3))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--workers 3") && e.contains("2 processes"),
            "{e}"
        );
        let path = host_file("127.0.0.1:4000\nnot an address\n");
        let e = Cluster::from_host_file(&path, 0, None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2"), "{e}");
        let e = Cluster::threads(0).unwrap_err().to_string();
        assert!(e.contains("--workers 0"), "{e}");
    }
}
