//! The graded builder (tables with convention values: `abapa`, `wuri`, `ouril-ludii`) on the
//! same stages as the exact one: the fixpoints of [`mancala_tablebase::build`] (module docs,
//! steps 2 and 3) in rounds of messages.
//!
//! 1. **Moves** by the rules core ([`graded_moves`]); a capture asks the child's owner for its
//!    bounds and entry; a move staying on the level tells the child's owner which board and
//!    slot lead to it (the reverse edges: unsowing does not undo these rules' moves in general).
//! 2. **History-free bounds** `g`, `d`: their greatest fixpoint from `g = n`, `d = 0`; a board
//!    whose bounds changed sends them along its reverse edges, each board keeps its children's
//!    per slot.
//! 3. **Bounds** `lo`, `hi` and the "no cycle reachable" flag: their least fixpoint from
//!    `lo = g`, `hi = d`, no flag, the same way.
//!
//! Every update is monotone from a start below (or above) the fixpoint, so rounds of
//! simultaneous updates reach the fixpoints of the single-process builder's in-place sweeps,
//! and the entries (value `clamp(own row, lo, hi)` and grade) are the same bytes. The builder's
//! `--smoothing` sweeps are sequential and not distributed.
//!
//! Lower levels keep `lo`, `hi` and the entry of every board. The table files hold the entries
//! only: worker 0 writes the bounds of each finished level to a checkpoint beside its table
//! file (`checkpoint`), and a build started again reads the levels whose table file and
//! checkpoint both check, hands each worker its ranges, and builds the rest. A complete build
//! deletes the checkpoints: the directory then holds the single-process builder's files.

use std::sync::mpsc;
use std::time::Instant;

use mancala_core::oware::OwareRules;
use mancala_tablebase::build::{graded_entry, graded_moves, GradedMove, MAX_BUILD_SEEDS};
use mancala_tablebase::exact::entry_value;
use mancala_tablebase::index::{next_board, positions, unrank};
use mancala_tablebase::slot::{self, exit, NONE, REP_UNKNOWN};
use mancala_tablebase::{Exactness, TablebaseError};
use timely::worker::Worker;

use crate::build::{
    build_levels, by_board, finish_level, owner, peak_memory, range_start, resume, stage, wire,
    DistLevel, Job, LowerLevel, Part, Report, Share, Shared, State, Wire, ANSWER, BOUNDS, REQUEST,
};
use crate::cluster::DistError;
use crate::rounds::Traffic;
use mancala_tablebase::checkpoint;

/// A move staying on the level, told to its child's owner.
const EDGE: u32 = 3;

/// A move staying on the level (its child's words are kept per slot).
const SAME: u32 = 0;

/// A worker's lower levels: bounds and entries of its range of each.
#[derive(Default)]
struct Lower {
    lo: Vec<u8>,
    hi: Vec<u8>,
    entries: Vec<u8>,
}

/// A graded build's lower level: its bounds and entries.
impl LowerLevel for Lower {
    fn boards(&self) -> usize {
        self.entries.len()
    }

    fn shares(&self, to: u32, level: u32, range: std::ops::Range<usize>, out: &mut Vec<Share>) {
        let start = range.start as u64;
        out.push(Share::Entries {
            to,
            level,
            start,
            bytes: self.entries[range.clone()].to_vec(),
        });
        out.push(Share::Bounds {
            to,
            level,
            start,
            lo: self.lo[range.clone()].to_vec(),
            hi: self.hi[range].to_vec(),
        });
    }

    fn receive(&mut self, share: Share) {
        match share {
            Share::Entries { bytes, .. } => self.entries = bytes,
            Share::Bounds { lo, hi, .. } => (self.lo, self.hi) = (lo, hi),
            Share::Resume { .. } | Share::Figures { .. } => {}
        }
    }
}

/// This worker's range of the level being built.
#[derive(Default)]
struct Level {
    part: Part,
    /// Six slots per board: [`NONE`], [`SAME`] or an [`exit`].
    slots: Vec<u32>,
    /// Per slot: the mover's seeds if the move repeats a position.
    rep: Vec<u8>,
    /// Per slot: the child's words (`g | d << 8`, then `lo | hi << 8 | flag << 16`).
    child: Vec<u32>,
    /// Per board: its word.
    word: Vec<u32>,
    safe_lo: Vec<u8>,
    safe_hi: Vec<u8>,
    /// The reverse edges of this worker's boards: `targets[offsets[i]..offsets[i + 1]]` are
    /// the (board, slot) whose moves lead to board `i`.
    offsets: Vec<u32>,
    targets: Vec<(u32, u8)>,
    edges: Vec<(u32, u32, u8)>,
}

impl Level {
    fn history_free(&self, i: usize) -> u32 {
        let at = i * 6..i * 6 + 6;
        slot::history_free(
            self.part.n,
            &self.slots[at.clone()],
            &self.rep[at],
            |k, _| self.child[i * 6 + k],
        )
    }

    fn bounds(&self, i: usize) -> u32 {
        let safe = (self.safe_lo[i], self.safe_hi[i]);
        slot::bounds(self.part.n, &self.slots[i * 6..i * 6 + 6], safe, |k, _| {
            self.child[i * 6 + k]
        })
    }

    /// Sends board `i`'s word along its reverse edges.
    fn tell(&self, i: usize, peers: usize, out: &mut Vec<Wire>) {
        let w = self.word[i];
        for &(parent, slot) in &self.targets[self.offsets[i] as usize..self.offsets[i + 1] as usize]
        {
            let p = u64::from(parent);
            out.push(wire(
                owner(self.part.size, peers, p),
                BOUNDS,
                u32::from(slot),
                p,
                w,
            ));
        }
    }
}

/// One worker's state of the graded builder.
type GradedState = State<Lower, Level>;

/// One round of a fixpoint: the children's new words into their slots, then every board that
/// got one recomputed by `f`, and told along its reverse edges if its word changed.
fn fixpoint_round(
    s: &mut GradedState,
    received: &mut Vec<Wire>,
    out: &mut Vec<Wire>,
    f: fn(&Level, usize) -> u32,
) {
    let peers = s.peers;
    let level = &mut s.level;
    by_board(received, level.part, |i, messages| {
        for &(head, _, payload) in messages {
            level.child[i * 6 + (head >> 24) as usize] = payload;
        }
        let w = f(level, i);
        if w != level.word[i] {
            level.word[i] = w;
            level.tell(i, peers, out);
        }
    });
}

/// The levels an earlier build finished: the longest run from 0 seeds of table files of the
/// same rules, each fully checked, with their checkpoints. A checkpoint that does not check is
/// an error; a missing one ends the run.
fn finished_levels(job: &Job) -> Result<Vec<Lower>, DistError> {
    let mut levels = Vec::new();
    for n in 0..=job.max_seeds {
        let read = checkpoint::read_pair(&job.dir, &job.preset, job.fingerprint, n).map_err(
            |e| match e {
                TablebaseError::Checkpoint { path, reason } => {
                    DistError::Checkpoint { path, reason }
                }
                e => e.into(),
            },
        )?;
        match read {
            Ok(pair) if pair.checkpoint.refined => {
                return Err(DistError::Checkpoint {
                    path: checkpoint::path_in(&job.dir, &job.preset, n),
                    reason: "the bounds of a build with --refine-seeds (step 3), which this \
                             builder does not resume from: its tables would not be the plain \
                             ones"
                        .into(),
                })
            }
            Ok(pair) => levels.push(Lower {
                lo: pair.checkpoint.lo,
                hi: pair.checkpoint.hi,
                entries: pair.entries,
            }),
            // A missing or foreign table file or a missing checkpoint ends the run.
            Err(_) => break,
        }
    }
    Ok(levels)
}

/// Builds the levels of a graded preset, after those an earlier build finished (module docs).
pub(crate) fn run_worker(
    worker: &mut Worker,
    job: &Job,
    tx: &mpsc::Sender<Report>,
) -> Result<(), DistError> {
    let state = GradedState::shared(worker);
    // Resume: worker 0 reads what an earlier build finished and hands out the ranges.
    let started = Instant::now();
    let me = worker.index();
    let read = if me == 0 {
        finished_levels(job)
    } else {
        Ok(Vec::new())
    };
    let Some(from) = resume(worker, &state, read, tx, started)? else {
        return Ok(());
    };
    let complete = build_levels(worker, from..=job.max_seeds, tx, |worker, part| {
        build_level(worker, job, &state, part)
    })?;
    if me == 0 && complete {
        // Complete: the checkpoints are of no more use (the files are the single-process
        // builder's).
        for n in 0..=MAX_BUILD_SEEDS {
            let path = checkpoint::path_in(&job.dir, &job.preset, n);
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(TablebaseError::Io { path, source: e }.into());
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// Builds this worker's `part` of a graded level (module docs) and hands it to worker 0.
fn build_level(
    worker: &mut Worker,
    job: &Job,
    state: &Shared<Lower, Level>,
    part: Part,
) -> Result<DistLevel, DistError> {
    let (n, len) = (part.n, part.len);
    state.borrow_mut().level = Level {
        part,
        slots: vec![NONE; len * 6],
        rep: vec![REP_UNKNOWN; len * 6],
        child: vec![0; len * 6],
        word: vec![0; len],
        ..Level::default()
    };
    let rules: OwareRules = job.rules;

    // 1. Moves; captures by request, moves staying on the level as reverse edges.
    let (moves, moves_time) = stage(
        worker,
        "Moves",
        state,
        move |level, peers, out| {
            let mut played = [GradedMove::End(0); 6];
            for i in 0..level.word.len() {
                let x = part.start + i as u64;
                let k = graded_moves(x, n, &rules, &mut played);
                for (j, mv) in played[..k].iter().enumerate() {
                    let slot = i * 6 + j;
                    match *mv {
                        GradedMove::End(v) => level.slots[slot] = exit(v, v, v, true),
                        GradedMove::Same { index, repeat } => {
                            level.slots[slot] = SAME;
                            level.rep[slot] = repeat.map_or(REP_UNKNOWN, |v| v as u8);
                            let to = owner(part.size, peers, u64::from(index));
                            out.push(wire(to, EDGE, j as u32, u64::from(index), x as u32));
                        }
                        GradedMove::Capture { seeds, index } => {
                            let to = owner(positions(seeds), peers, index);
                            out.push(wire(to, REQUEST, seeds | (j as u32) << 5, index, x as u32));
                        }
                    }
                }
            }
        },
        move |s, _round, received, out| {
            for &(head, board, payload) in received.iter() {
                let small = head >> 24;
                match head >> 16 & 0xff {
                    REQUEST => {
                        let m = (small & 31) as usize;
                        let start = range_start(positions(m as u32), s.peers, s.me);
                        let low = &s.lower[m];
                        let r = (u64::from(board) - start) as usize;
                        let answer = u32::from(low.lo[r])
                            | u32::from(low.hi[r]) << 8
                            | u32::from(low.entries[r]) << 16;
                        let to = owner(part.size, s.peers, u64::from(payload));
                        out.push(wire(to, ANSWER, small >> 5, u64::from(payload), answer));
                    }
                    ANSWER => {
                        let i = part.local(board);
                        let (lo, hi, e) =
                            (payload & 0xff, payload >> 8 & 0xff, (payload >> 16) as u8);
                        let any = Exactness::of_entry(e) == Some(Exactness::AnyHistory);
                        s.level.slots[i * 6 + small as usize] =
                            exit(n - hi, n - lo, n - entry_value(e), any);
                    }
                    _ => {
                        let i = part.local(board) as u32;
                        s.level.edges.push((i, payload, small as u8));
                    }
                }
            }
            received.clear();
        },
    );
    {
        let mut s = state.borrow_mut();
        let level = &mut s.level;
        let mut edges = std::mem::take(&mut level.edges);
        edges.sort_unstable();
        let len = level.word.len();
        let mut offsets = vec![0u32; len + 1];
        for &(i, _, _) in &edges {
            offsets[i as usize + 1] += 1;
        }
        for i in 0..len {
            offsets[i + 1] += offsets[i];
        }
        level.targets = edges.into_iter().map(|(_, p, k)| (p, k)).collect();
        level.offsets = offsets;
    }

    // 2. History-free bounds: the greatest fixpoint from g = n, d = 0.
    let (safe, safe_time) = stage(
        worker,
        "History-free bounds",
        state,
        move |level, peers, out| {
            level.child.fill(n);
            for i in 0..level.word.len() {
                level.word[i] = level.history_free(i);
                if level.word[i] != n {
                    level.tell(i, peers, out);
                }
            }
        },
        |s, _round, received, out| fixpoint_round(s, received, out, Level::history_free),
    );

    // 3. Bounds and flags: the least fixpoint from lo = g, hi = d.
    let (bounds, bounds_time) = stage(
        worker,
        "Bounds",
        state,
        move |level, peers, out| {
            level.safe_lo = level.word.iter().map(|&w| (w & 0xff) as u8).collect();
            level.safe_hi = level.word.iter().map(|&w| (w >> 8 & 0xff) as u8).collect();
            // The children's words hold their history-free bounds: their starting bounds.
            for i in 0..level.word.len() {
                let w = level.bounds(i);
                if w != level.word[i] {
                    level.word[i] = w;
                    level.tell(i, peers, out);
                }
            }
        },
        |s, _round, received, out| fixpoint_round(s, received, out, Level::bounds),
    );
    let fixpoint_time = safe_time + bounds_time;

    // Values and grades.
    let started = Instant::now();
    let (lower, met) = {
        let s = state.borrow();
        let level = &s.level;
        let len = level.word.len();
        let mut lower = Lower {
            lo: Vec::with_capacity(len),
            hi: Vec::with_capacity(len),
            entries: Vec::with_capacity(len),
        };
        let mut met = 0;
        let mut board = if len > 0 {
            unrank(n, part.start).expect("a board of the level")
        } else {
            [0; 12]
        };
        for i in 0..len {
            if i > 0 {
                next_board(&mut board);
            }
            let w = level.word[i];
            let (lo, hi, dag) = (w & 0xff, w >> 8 & 0xff, w >> 16 != 0);
            let any = dag || level.safe_lo[i] == level.safe_hi[i];
            let value = if lo == hi {
                met += 1;
                lo
            } else {
                let own: u32 = board[..6].iter().map(|&p| u32::from(p)).sum();
                own.clamp(lo, hi)
            };
            let grade = if any {
                Exactness::AnyHistory
            } else if lo == hi {
                Exactness::EmptyHistory
            } else {
                Exactness::Convention
            };
            lower.lo.push(lo as u8);
            lower.hi.push(hi as u8);
            lower.entries.push(graded_entry(value, grade));
        }
        (lower, met)
    };
    let entries = lower.entries.clone();
    let (lower_lo, lower_hi) = (lower.lo.clone(), lower.hi.clone());
    {
        let mut s = state.borrow_mut();
        s.lower.push(lower);
        s.level = Level::default();
    }
    let sum = |t: &[Traffic]| t.iter().fold(Traffic::default(), |a, &b| a.plus(b));
    let m = sum(&moves);
    let mut figures = vec![met, m.messages, m.bytes, peak_memory()];
    for t in safe.iter().chain(&bounds) {
        figures.extend([t.messages, t.bytes]);
    }
    let bounds = (lower_lo, lower_hi);
    finish_level(
        worker,
        job,
        part,
        entries,
        Some(bounds),
        figures,
        (moves_time, fixpoint_time, started),
    )
}

#[cfg(test)]
mod tests {
    use crate::build::tests::{assert_resumed, single_process};
    use crate::{build_to_dir, Cluster};
    use mancala_tablebase::{checkpoint, file};

    #[test]
    fn a_graded_build_on_threads_resumes_from_its_checkpoints() {
        let (base, single) = single_process("mancala-graded-unit", "abapa", 8);
        let (full, dir) = (base.join("full"), base.join("resumed"));
        std::fs::create_dir_all(&dir).unwrap();
        let cluster = Cluster::threads(4).unwrap();
        // Levels 0 to 5 and their checkpoints as a build killed during level 6 leaves them.
        let copy = |to: &std::path::Path| {
            std::fs::create_dir_all(to).unwrap();
            for n in 0..=5 {
                for path in [
                    file::path_in(&full, "abapa", n),
                    checkpoint::path_in(&full, "abapa", n),
                ] {
                    std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
                }
            }
        };
        build_to_dir("abapa", 8, &full, &cluster, &mut |l| {
            if l.stats.seeds == 5 {
                copy(&dir);
                copy(&base.join("broken"));
            }
        })
        .unwrap();
        let names = |d: &std::path::Path| {
            let mut v: Vec<String> = std::fs::read_dir(d)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
                .collect();
            v.sort();
            v
        };
        // A complete build leaves the single-process builder's files, no checkpoint.
        assert_eq!(names(&full), names(&single));
        assert_eq!(names(&dir).len(), 12, "{:?}", names(&dir));

        let broken = base.join("broken");
        let levels = build_to_dir("abapa", 8, &dir, &cluster, &mut |_| {})
            .unwrap()
            .unwrap();
        assert_resumed(&levels, 6, "abapa", &single, &dir);
        assert_eq!(names(&dir), names(&single));

        // A checkpoint of a single-process build with step 3 is refused (the tables built
        // from its bounds would not be the plain ones).
        let cp4 = checkpoint::path_in(&broken, "abapa", 4);
        let plain = std::fs::read(&cp4).unwrap();
        let table = file::read_header(&file::path_in(&broken, "abapa", 4)).unwrap();
        let level = checkpoint::Level {
            preset: "abapa",
            fingerprint: table.fingerprint,
            seeds: 4,
            table_checksum: table.checksum,
        };
        let bounds = checkpoint::read(&cp4, level).unwrap().unwrap();
        checkpoint::write(&cp4, level, &bounds.lo, &bounds.hi, true).unwrap();
        let e = build_to_dir("abapa", 8, &broken, &cluster, &mut |_| {})
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("abapa-04.tbc") && e.contains("--refine-seeds"),
            "{e}"
        );
        std::fs::write(&cp4, plain).unwrap();

        // A corrupt checkpoint stops the build with an error that names it.
        let cp = checkpoint::path_in(&broken, "abapa", 3);
        let mut bytes = std::fs::read(&cp).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x40;
        std::fs::write(&cp, bytes).unwrap();
        let e = build_to_dir("abapa", 8, &broken, &cluster, &mut |_| {})
            .unwrap_err()
            .to_string();
        assert!(e.contains("abapa-03.tbc") && e.contains("corrupt"), "{e}");
        // Without it, the build starts again from level 3.
        std::fs::remove_file(&cp).unwrap();
        let levels = build_to_dir("abapa", 8, &broken, &cluster, &mut |_| {})
            .unwrap()
            .unwrap();
        assert_resumed(&levels, 3, "abapa", &single, &broken);
        assert_eq!(names(&broken), names(&single));
        let _ = std::fs::remove_dir_all(&base);
    }
}
