//! The entry point of a distributed build: it starts the workers, runs the exact or the graded
//! builder on each and gathers what worker 0 reports (crate docs).

use std::path::Path;
use std::sync::mpsc;
use std::sync::Mutex;

use mancala_tablebase::build::MAX_BUILD_SEEDS;
use mancala_tablebase::exact::play_rules;
use mancala_tablebase::{rules, TablebaseError};

use crate::build::{self, DistLevel, Job, Report};
use crate::cluster::{Cluster, DistError};
use crate::graded;

/// Builds `preset`'s tables (exact or graded) of 0 to `max_seeds` seeds into `dir` on the
/// workers of `cluster` (crate docs). Every process of a cluster calls it with the same arguments; the
/// process of worker 0 writes the files and calls `level_done` with each level's figures as
/// it is done (resumed levels first), and gets them all back; the others get `None`.
pub fn build_to_dir(
    preset: &str,
    max_seeds: u32,
    dir: &Path,
    cluster: &Cluster,
    level_done: &mut dyn FnMut(&DistLevel),
) -> Result<Option<Vec<DistLevel>>, DistError> {
    let (variant, table_rules) = rules::preset_rules(preset)?;
    if max_seeds > MAX_BUILD_SEEDS {
        return Err(TablebaseError::TooManySeeds {
            seeds: max_seeds,
            max: MAX_BUILD_SEEDS,
        }
        .into());
    }
    if cluster.writes() {
        std::fs::create_dir_all(dir).map_err(|source| TablebaseError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let job = Job {
        exact: rules::exact_cycles(&table_rules),
        preset: variant.name().to_string(),
        fingerprint: rules::fingerprint(&table_rules),
        rules: play_rules(&table_rules),
        max_seeds,
        dir: dir.to_path_buf(),
    };
    let restart = "the build resumes after the last level finished";
    let (tx, rx) = mpsc::channel::<Report>();
    let tx = Mutex::new(tx);
    let guards = timely::execute(cluster.config(), move |worker| {
        let tx = tx.lock().map(|t| t.clone());
        let Ok(tx) = tx else { return };
        let run = if job.exact {
            build::run_worker(worker, &job, &tx)
        } else {
            graded::run_worker(worker, &job, &tx)
        };
        let _ = tx.send(match run {
            Ok(()) => Report::Done,
            Err(e) => Report::Failed(e),
        });
    })
    .map_err(DistError::Start)?;
    let local = match cluster {
        Cluster::Threads(w) => *w,
        Cluster::Processes { .. } => 1,
    };
    let mut levels = Vec::new();
    let mut done = 0;
    let mut stopped = None;
    for got in rx {
        match got {
            Report::Level(level) => {
                level_done(&level);
                levels.push(level);
            }
            Report::Done => done += 1,
            // Worker 0's own error follows on this process, if it runs here: wait for it.
            Report::Failed(e @ DistError::Stopped(_)) => {
                stopped = Some(e);
                done += 1;
            }
            Report::Failed(e) => {
                // The other workers may wait for the one that failed for ever: leave them to
                // the end of the process rather than join them.
                std::mem::forget(guards);
                return Err(e);
            }
        }
    }
    if let Some(e) = stopped {
        std::mem::forget(guards);
        return Err(e);
    }
    if done < local {
        // A worker stopped without a word: a panic, most often the connection to a peer
        // process lost. Joining timely's network threads would panic in turn.
        std::mem::forget(guards);
        return Err(peer_gone(restart));
    }
    // Joining also joins timely's network threads, and panics if one of them did: a peer
    // process that went away after this one's workers had finished their part (its socket
    // closed before the clean end of the stream). That is the same failure as above, not a
    // crash of this process.
    let joined = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| guards.join()));
    let Ok(results) = joined else {
        return Err(peer_gone(restart));
    };
    for r in results {
        r.map_err(DistError::Worker)?;
    }
    Ok(cluster.writes().then_some(levels))
}

/// The error of a build whose worker or network thread stopped without a word.
fn peer_gone(restart: &str) -> DistError {
    DistError::Worker(format!(
        "a worker thread stopped (a peer process gone?); start every process again: {restart}"
    ))
}
