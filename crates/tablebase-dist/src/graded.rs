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

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::mpsc;
use std::time::Instant;

use mancala_tablebase::build::MAX_BUILD_SEEDS;
use mancala_tablebase::{file, TablebaseError};

use mancala_core::oware::OwareRules;
use mancala_tablebase::build::{graded_entry, graded_moves, GradedMove};
use mancala_tablebase::exact::entry_value;
use mancala_tablebase::index::{next_board, positions, unrank};
use mancala_tablebase::Exactness;
use timely::worker::Worker;

use crate::build::{
    finish_level, owner, peak_memory, range_start, report_resumed, wire, DistLevel, Job, Report,
    Share, Wire, ANSWER, BOUNDS, REQUEST,
};
use crate::checkpoint;
use crate::cluster::DistError;
use crate::rounds::{self, Traffic};

/// A move staying on the level, told to its child's owner.
const EDGE: u32 = 3;

/// No move in this slot.
const NONE: u32 = u32::MAX;
/// A move staying on the level (its child's bounds are kept per slot).
const SAME: u32 = 0;
/// An end of the level (capture or game end), with its bounds, value and flag.
const EXIT: u32 = 1 << 31;
const EXIT_DAG: u32 = 1 << 24;
/// A repetition that would not end the game.
const REP_UNKNOWN: u8 = u8::MAX;

fn exit(lo: u32, hi: u32, value: u32, dag: bool) -> u32 {
    EXIT | lo << 16 | hi << 8 | value | if dag { EXIT_DAG } else { 0 }
}

/// A worker's lower levels: bounds and entries of its range of each.
#[derive(Default)]
struct Lower {
    lo: Vec<u8>,
    hi: Vec<u8>,
    entries: Vec<u8>,
}

/// This worker's range of the level being built.
#[derive(Default)]
struct Level {
    n: u32,
    size: u64,
    start: u64,
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
        let n = self.n;
        let (mut g, mut d) = (0u32, 0u32);
        for k in i * 6..i * 6 + 6 {
            let s = self.slots[k];
            if s == NONE {
                break;
            }
            if s & EXIT != 0 {
                g = g.max(s >> 16 & 0xff);
                d = d.max(s >> 8 & 0xff);
            } else {
                let c = self.child[k];
                let (rg, rd) = match self.rep[k] {
                    REP_UNKNOWN => (0, n),
                    r => (u32::from(r), u32::from(r)),
                };
                g = g.max(rg.min(n - (c >> 8 & 0xff)));
                d = d.max(rd.max(n - (c & 0xff)));
            }
        }
        g | d << 8
    }

    fn bounds(&self, i: usize) -> u32 {
        let n = self.n;
        let (mut l, mut h, mut dag) = (u32::from(self.safe_lo[i]), 0u32, true);
        for k in i * 6..i * 6 + 6 {
            let s = self.slots[k];
            if s == NONE {
                break;
            }
            if s & EXIT != 0 {
                l = l.max(s >> 16 & 0xff);
                h = h.max(s >> 8 & 0xff);
                dag &= s & EXIT_DAG != 0;
            } else {
                let c = self.child[k];
                l = l.max(n - (c >> 8 & 0xff));
                h = h.max(n - (c & 0xff));
                dag &= c >> 16 != 0;
            }
        }
        let h = h.min(u32::from(self.safe_hi[i]));
        l | h << 8 | u32::from(dag) << 16
    }

    /// Sends board `i`'s word along its reverse edges.
    fn tell(&self, i: usize, peers: usize, out: &mut Vec<Wire>) {
        let w = self.word[i];
        for &(parent, slot) in &self.targets[self.offsets[i] as usize..self.offsets[i + 1] as usize]
        {
            let p = u64::from(parent);
            out.push(wire(
                owner(self.size, peers, p),
                BOUNDS,
                u32::from(slot),
                p,
                w,
            ));
        }
    }
}

struct State {
    me: usize,
    peers: usize,
    lower: Vec<Lower>,
    level: Level,
    /// The first level to build (after a resume).
    from: u32,
}

/// One round of a fixpoint: the children's new words into their slots, then every board that
/// got one recomputed by `f`, and told along its reverse edges if its word changed.
fn fixpoint_round(
    s: &mut State,
    received: &mut Vec<Wire>,
    out: &mut Vec<Wire>,
    f: fn(&Level, usize) -> u32,
) {
    let peers = s.peers;
    let level = &mut s.level;
    received.sort_unstable_by_key(|m| m.1);
    let mut k = 0;
    while k < received.len() {
        let x = received[k].1;
        let i = (u64::from(x) - level.start) as usize;
        while k < received.len() && received[k].1 == x {
            let (head, _, payload) = received[k];
            level.child[i * 6 + (head >> 24) as usize] = payload;
            k += 1;
        }
        let w = f(level, i);
        if w != level.word[i] {
            level.word[i] = w;
            level.tell(i, peers, out);
        }
    }
    received.clear();
}

/// The levels an earlier build finished: the longest run from 0 seeds of table files of the
/// same rules, each fully checked, with their checkpoints. A checkpoint that does not check is
/// an error; a missing one ends the run.
fn finished_levels(job: &Job) -> Result<Vec<Lower>, DistError> {
    let mut levels = Vec::new();
    for n in 0..=job.max_seeds {
        let Ok((h, entries)) = file::read(&file::path_in(&job.dir, &job.preset, n)) else {
            break;
        };
        if h.fingerprint != job.fingerprint || h.half_seeds || h.seeds != n {
            break;
        }
        let level = checkpoint::Level {
            preset: &job.preset,
            fingerprint: job.fingerprint,
            seeds: n,
            table_checksum: h.checksum,
        };
        match checkpoint::read(&checkpoint::path_in(&job.dir, &job.preset, n), level)? {
            Some((lo, hi)) => levels.push(Lower { lo, hi, entries }),
            None => break,
        }
    }
    Ok(levels)
}

/// Worker 0's word when it could not read the directory: every worker stops.
const FAILED: u32 = u32::MAX;

/// Builds the levels of a graded preset, after those an earlier build finished (module docs).
pub(crate) fn run_worker(
    worker: &mut Worker,
    job: &Job,
    tx: &mpsc::Sender<Report>,
) -> Result<(), DistError> {
    let me = worker.index();
    let peers = worker.peers();
    let state = Rc::new(RefCell::new(State {
        me,
        peers,
        lower: Vec::new(),
        level: Level::default(),
        from: 0,
    }));

    // Resume: worker 0 reads what an earlier build finished and hands out the ranges.
    let started = Instant::now();
    let (resumed, failed) = if me == 0 {
        match finished_levels(job) {
            Ok(levels) => (levels, None),
            Err(e) => (Vec::new(), Some(e)),
        }
    } else {
        (Vec::new(), None)
    };
    let sizes: Vec<u64> = resumed.iter().map(|l| l.entries.len() as u64).collect();
    let from = if failed.is_some() {
        FAILED
    } else {
        resumed.len() as u32
    };
    rounds::run(
        worker,
        "Resume",
        &state,
        move |_s: &mut State, out: &mut Vec<Share>| {
            // Worker 0 alone says where the build starts.
            if me != 0 {
                return;
            }
            for w in 0..peers {
                out.push(Share::Resume { to: w as u32, from });
            }
            for (m, low) in resumed.into_iter().enumerate() {
                let size = low.entries.len() as u64;
                for w in 0..peers {
                    let (a, b) = (range_start(size, peers, w), range_start(size, peers, w + 1));
                    let (a, b) = (a as usize, b as usize);
                    out.push(Share::Entries {
                        to: w as u32,
                        level: m as u32,
                        start: a as u64,
                        bytes: low.entries[a..b].to_vec(),
                    });
                    out.push(Share::Bounds {
                        to: w as u32,
                        level: m as u32,
                        start: a as u64,
                        lo: low.lo[a..b].to_vec(),
                        hi: low.hi[a..b].to_vec(),
                    });
                }
            }
        },
        |s, _round, received, _out| {
            for share in received.drain(..) {
                match share {
                    Share::Resume { from, .. } => {
                        s.from = from;
                        if from != FAILED {
                            s.lower.resize_with(from as usize, Lower::default);
                        }
                    }
                    Share::Entries { level, bytes, .. } => {
                        s.lower[level as usize].entries = bytes;
                    }
                    Share::Bounds { level, lo, hi, .. } => {
                        let low = &mut s.lower[level as usize];
                        (low.lo, low.hi) = (lo, hi);
                    }
                    Share::Figures { .. } => {}
                }
            }
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    let from = state.borrow().from;
    if from == FAILED {
        return Err(DistError::Stopped(
            "it could not read the levels finished earlier (its output says why)".into(),
        ));
    }
    if me == 0 && !report_resumed(tx, &sizes, started) {
        return Ok(());
    }

    for n in from..=job.max_seeds {
        let level = build_level(worker, job, &state, n)?;
        if me == 0 && tx.send(Report::Level(level)).is_err() {
            return Ok(());
        }
    }
    if me == 0 {
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

fn build_level(
    worker: &mut Worker,
    job: &Job,
    state: &Rc<RefCell<State>>,
    n: u32,
) -> Result<DistLevel, DistError> {
    let (me, peers) = {
        let s = state.borrow();
        (s.me, s.peers)
    };
    {
        let size = positions(n);
        let start = range_start(size, peers, me);
        let len = (range_start(size, peers, me + 1) - start) as usize;
        state.borrow_mut().level = Level {
            n,
            size,
            start,
            slots: vec![NONE; len * 6],
            rep: vec![REP_UNKNOWN; len * 6],
            child: vec![0; len * 6],
            word: vec![0; len],
            ..Level::default()
        };
    }
    let rules: OwareRules = job.rules;

    // 1. Moves; captures by request, moves staying on the level as reverse edges.
    let started = Instant::now();
    let moves = rounds::run(
        worker,
        "Moves",
        state,
        move |s: &mut State, out: &mut Vec<Wire>| {
            let level = &mut s.level;
            let mut played = [GradedMove::End(0); 6];
            for i in 0..level.word.len() {
                let x = level.start + i as u64;
                let k = graded_moves(x, n, &rules, &mut played);
                for (j, mv) in played[..k].iter().enumerate() {
                    let slot = i * 6 + j;
                    match *mv {
                        GradedMove::End(v) => level.slots[slot] = exit(v, v, v, true),
                        GradedMove::Same { index, repeat } => {
                            level.slots[slot] = SAME;
                            level.rep[slot] = repeat.map_or(REP_UNKNOWN, |v| v as u8);
                            let to = owner(level.size, s.peers, u64::from(index));
                            out.push(wire(to, EDGE, j as u32, u64::from(index), x as u32));
                        }
                        GradedMove::Capture { seeds, index } => {
                            let to = owner(positions(seeds), s.peers, index);
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
                        let to = owner(s.level.size, s.peers, u64::from(payload));
                        out.push(wire(to, ANSWER, small >> 5, u64::from(payload), answer));
                    }
                    ANSWER => {
                        let i = (u64::from(board) - s.level.start) as usize;
                        let (lo, hi, e) =
                            (payload & 0xff, payload >> 8 & 0xff, (payload >> 16) as u8);
                        let any = Exactness::of_entry(e) == Some(Exactness::AnyHistory);
                        s.level.slots[i * 6 + small as usize] =
                            exit(n - hi, n - lo, n - entry_value(e), any);
                    }
                    _ => {
                        let i = (u64::from(board) - s.level.start) as u32;
                        s.level.edges.push((i, payload, small as u8));
                    }
                }
            }
            received.clear();
        },
    );
    let moves_time = started.elapsed();
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
    let started = Instant::now();
    let safe = rounds::run(
        worker,
        "History-free bounds",
        state,
        move |s: &mut State, out: &mut Vec<Wire>| {
            let peers = s.peers;
            let level = &mut s.level;
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
    let bounds = rounds::run(
        worker,
        "Bounds",
        state,
        move |s: &mut State, out: &mut Vec<Wire>| {
            let peers = s.peers;
            let level = &mut s.level;
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
    let fixpoint_time = started.elapsed();

    // Values and grades.
    let started = Instant::now();
    let (start, lower, met) = {
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
            unrank(n, level.start).expect("a board of the level")
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
        (level.start, lower, met)
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
        n,
        start,
        entries,
        Some(bounds),
        figures,
        (moves_time, fixpoint_time, started),
    )
}

#[cfg(test)]
mod tests {
    use crate::{build_to_dir, Cluster};
    use mancala_tablebase::build::BuildOptions;
    use mancala_tablebase::file;

    #[test]
    fn a_graded_build_on_threads_resumes_from_its_checkpoints() {
        let base = std::env::temp_dir().join(format!("mancala-graded-unit-{}", std::process::id()));
        let (single, full, dir) = (base.join("single"), base.join("full"), base.join("resumed"));
        let _ = std::fs::remove_dir_all(&base);
        mancala_tablebase::build::build_to_dir(
            "abapa",
            8,
            &BuildOptions::default(),
            &single,
            &mut |_| {},
            &mut |_| {},
        )
        .unwrap();
        std::fs::create_dir_all(&dir).unwrap();
        let cluster = Cluster::threads(4).unwrap();
        // Levels 0 to 5 and their checkpoints as a build killed during level 6 leaves them.
        let copy = |to: &std::path::Path| {
            std::fs::create_dir_all(to).unwrap();
            for n in 0..=5 {
                for path in [
                    file::path_in(&full, "abapa", n),
                    crate::checkpoint::path_in(&full, "abapa", n),
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
        let resumed: Vec<bool> = levels.iter().map(|l| l.resumed).collect();
        assert_eq!(resumed, [[true; 6].as_slice(), &[false; 3]].concat());
        assert_eq!(names(&dir), names(&single));
        for n in 0..=8 {
            let a = std::fs::read(file::path_in(&single, "abapa", n)).unwrap();
            let b = std::fs::read(file::path_in(&dir, "abapa", n)).unwrap();
            assert!(a == b, "level {n} differs");
        }

        // A corrupt checkpoint stops the build with an error that names it.
        let cp = crate::checkpoint::path_in(&broken, "abapa", 3);
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
        assert_eq!(levels.iter().filter(|l| l.resumed).count(), 3);
        assert_eq!(names(&broken), names(&single));
        let _ = std::fs::remove_dir_all(&base);
    }
}
