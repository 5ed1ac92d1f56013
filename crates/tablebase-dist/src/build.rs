//! The levels, one after the other, on every worker (crate docs).

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use mancala_core::oware::{GrandSlam, OwareRules, SkipOrigin};
use mancala_tablebase::build::LevelStats;
use mancala_tablebase::exact::{entry_value, exact_entry, exact_moves, predecessors, ExactMove};
use mancala_tablebase::index::{next_board, positions, unrank};
use mancala_tablebase::{file, Exactness};
use serde::{Deserialize, Serialize};
use timely::worker::Worker;

use crate::cluster::DistError;
use crate::rounds::{self, Route, Traffic};
use mancala_tablebase::checkpoint;

/// The figures of one level of a distributed build (on the process of worker 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistLevel {
    /// The level's figures, as the single-process builder gives them (`sweeps`: the rounds of
    /// the fixpoint stage; `moves_time` covers the moves stage, `sweep_time` the fixpoint and
    /// the gathering of the entries).
    pub stats: LevelStats,
    /// Whether the level was read from the directory (an earlier build) rather than built.
    pub resumed: bool,
    /// What the workers sent each other in the moves stage (capture requests and answers).
    pub moves: Traffic,
    /// What they sent each other in the fixpoint stage, round by round.
    pub rounds: Vec<Traffic>,
    /// What they sent worker 0 of the entries.
    pub gather: Traffic,
    /// Time spent gathering the entries and writing the file.
    pub write_time: Duration,
    /// The largest peak resident memory of a worker's process, in bytes (0 where unknown).
    pub peak_memory: u64,
}

impl DistLevel {
    /// Everything the workers sent each other for this level.
    #[must_use]
    pub fn traffic(&self) -> Traffic {
        self.rounds
            .iter()
            .fold(self.moves.plus(self.gather), |a, &b| a.plus(b))
    }
}

/// What a worker tells the thread that started it.
pub(crate) enum Report {
    /// Worker 0: a level is done.
    Level(DistLevel),
    /// The worker finished every level.
    Done,
    /// The worker stopped on an error.
    Failed(DistError),
}

/// The fixed part of a build, the same on every worker.
#[derive(Clone, Debug)]
pub(crate) struct Job {
    pub(crate) preset: String,
    /// Exact tables (half-seeds, Awari) rather than graded ones.
    pub(crate) exact: bool,
    pub(crate) fingerprint: u64,
    pub(crate) rules: OwareRules,
    pub(crate) max_seeds: u32,
    pub(crate) dir: PathBuf,
}

/// The first board of worker `w`'s range of a level of `size` boards shared by `peers`.
pub(crate) fn range_start(size: u64, peers: usize, w: usize) -> u64 {
    (u128::from(size) * w as u128 / peers as u128) as u64
}

/// The worker whose range holds board `x` of a level of `size` boards.
pub(crate) fn owner(size: u64, peers: usize, x: u64) -> usize {
    let mut w = (u128::from(x) * peers as u128 / u128::from(size.max(1))) as usize;
    while w + 1 < peers && range_start(size, peers, w + 1) <= x {
        w += 1;
    }
    while w > 0 && range_start(size, peers, w) > x {
        w -= 1;
    }
    w
}

/// The message of the moves and fixpoint stages, `(to | kind << 16 | small << 24, board,
/// payload)`:
///
/// * kind 0, a capture's request: `small` the child's level, `board` the child, `payload` the
///   asking board;
/// * kind 1, its answer: `board` the asking board, `payload` the child's value;
/// * kind 2, a board's new bounds: `small` the pit of the predecessor's move, `board` the
///   predecessor, `payload` `lo | hi << 8`.
pub(crate) type Wire = (u32, u32, u32);

pub(crate) const REQUEST: u32 = 0;
pub(crate) const ANSWER: u32 = 1;
pub(crate) const BOUNDS: u32 = 2;

pub(crate) fn wire(to: usize, kind: u32, small: u32, board: u64, payload: u32) -> Wire {
    (to as u32 | kind << 16 | small << 24, board as u32, payload)
}

impl Route for Wire {
    fn to(&self) -> usize {
        (self.0 & 0xffff) as usize
    }

    fn wire_bytes(&self) -> u64 {
        12
    }
}

/// A range of entries or bounds, a resume point or a worker's figures, between worker 0 and
/// the others.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) enum Share {
    /// Entries of `level` from board `start` on.
    Entries {
        to: u32,
        level: u32,
        start: u64,
        bytes: Vec<u8>,
    },
    /// Bounds `lo` and `hi` of `level` (graded tables) from board `start` on.
    Bounds {
        to: u32,
        level: u32,
        start: u64,
        lo: Vec<u8>,
        hi: Vec<u8>,
    },
    /// Levels below `from` are in the directory already.
    Resume { to: u32, from: u32 },
    /// A worker's figures of the level just built: boards whose bounds met, its traffic in
    /// the moves stage and round by round (messages, bytes), its process's peak memory.
    Figures { to: u32, figures: Vec<u64> },
}

impl Route for Share {
    fn to(&self) -> usize {
        match self {
            Share::Entries { to, .. }
            | Share::Bounds { to, .. }
            | Share::Resume { to, .. }
            | Share::Figures { to, .. } => *to as usize,
        }
    }

    fn wire_bytes(&self) -> u64 {
        // bincode: a 4-byte variant tag, fixed-size integers, 8-byte lengths.
        match self {
            Share::Entries { bytes, .. } => 4 + 4 + 4 + 8 + 8 + bytes.len() as u64,
            Share::Bounds { lo, hi, .. } => {
                4 + 4 + 4 + 8 + 8 + lo.len() as u64 + 8 + hi.len() as u64
            }
            Share::Resume { .. } => 4 + 4 + 4,
            Share::Figures { figures, .. } => 4 + 4 + 8 + 8 * figures.len() as u64,
        }
    }
}

/// Entries sent in one message at most.
pub(crate) const CHUNK: usize = 1 << 20;

/// One worker's state through a build, the same for both builders: who it is, its ranges of
/// the levels built (`lower[m]`: level `m`), and its range of the level being built.
pub(crate) struct State<L, B> {
    pub(crate) me: usize,
    pub(crate) peers: usize,
    pub(crate) lower: Vec<L>,
    pub(crate) level: B,
}

/// The state every stage of a worker's build works on.
pub(crate) type Shared<L, B> = Rc<RefCell<State<L, B>>>;

impl<L, B: Default> State<L, B> {
    /// A worker's state before its first level.
    pub(crate) fn shared(worker: &Worker) -> Shared<L, B> {
        Rc::new(RefCell::new(State {
            me: worker.index(),
            peers: worker.peers(),
            lower: Vec::new(),
            level: B::default(),
        }))
    }
}

/// This worker's range of level `n`: `len` boards from board `start` of the level's `size`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) n: u32,
    pub(crate) size: u64,
    pub(crate) start: u64,
    pub(crate) len: usize,
}

impl Part {
    /// Worker `me`'s range of level `n` shared by `peers` workers.
    pub(crate) fn new(n: u32, peers: usize, me: usize) -> Part {
        let size = positions(n);
        let start = range_start(size, peers, me);
        let len = (range_start(size, peers, me + 1) - start) as usize;
        Part {
            n,
            size,
            start,
            len,
        }
    }

    /// The index in this range of board `x` of the level.
    pub(crate) fn local(&self, x: u32) -> usize {
        (u64::from(x) - self.start) as usize
    }
}

/// Builds levels `levels` one after the other on this worker, `build_level` building this
/// worker's range of each; worker 0 reports each level to `tx`. True when every level was
/// built, false when worker 0 stopped because nobody listens any more.
pub(crate) fn build_levels(
    worker: &mut Worker,
    levels: std::ops::RangeInclusive<u32>,
    tx: &mpsc::Sender<Report>,
    mut build_level: impl FnMut(&mut Worker, Part) -> Result<DistLevel, DistError>,
) -> Result<bool, DistError> {
    let (me, peers) = (worker.index(), worker.peers());
    for n in levels {
        let level = build_level(worker, Part::new(n, peers, me))?;
        if me == 0 && tx.send(Report::Level(level)).is_err() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A worker's range of a level built earlier (`lower[m]` of its [`State`]), as the resume
/// round hands it out: worker 0 reads whole levels and sends each worker its range.
pub(crate) trait LowerLevel: Default + 'static {
    /// The boards of this (whole) level.
    fn boards(&self) -> usize;
    /// The shares of `level` (this one, whole) that give worker `to` its boards `range`.
    fn shares(&self, to: u32, level: u32, range: std::ops::Range<usize>, out: &mut Vec<Share>);
    /// Takes in one of the shares [`LowerLevel::shares`] made of this worker's range.
    fn receive(&mut self, share: Share);
}

/// An exact build's lower level: its entries.
impl LowerLevel for Vec<u8> {
    fn boards(&self) -> usize {
        self.len()
    }

    fn shares(&self, to: u32, level: u32, range: std::ops::Range<usize>, out: &mut Vec<Share>) {
        out.push(Share::Entries {
            to,
            level,
            start: range.start as u64,
            bytes: self[range].to_vec(),
        });
    }

    fn receive(&mut self, share: Share) {
        if let Share::Entries { bytes, .. } = share {
            *self = bytes;
        }
    }
}

/// Worker 0's word in the resume round when it could not read the directory: every worker
/// stops.
const FAILED: u32 = u32::MAX;

/// The resume round, the same for both builders: worker 0 alone says where the build starts
/// (a second word, from a worker that read nothing, would reset the first if it came after
/// it) and hands every worker its ranges of the levels it `read` (`started`: when it began
/// reading them), or tells them all to stop when it could not read them; it then reports those
/// levels to `tx`. Returns the first level to build, `None` when nobody listens any more.
pub(crate) fn resume<L: LowerLevel, B: 'static>(
    worker: &mut Worker,
    state: &Shared<L, B>,
    read: Result<Vec<L>, DistError>,
    tx: &mpsc::Sender<Report>,
    started: Instant,
) -> Result<Option<u32>, DistError> {
    let (me, peers) = (worker.index(), worker.peers());
    let (resumed, failed) = match read {
        Ok(levels) => (levels, None),
        Err(e) => (Vec::new(), Some(e)),
    };
    let sizes: Vec<u64> = resumed.iter().map(|l| l.boards() as u64).collect();
    let from = if failed.is_some() {
        FAILED
    } else {
        resumed.len() as u32
    };
    let told = Rc::new(std::cell::Cell::new(0));
    let heard = Rc::clone(&told);
    rounds::run(
        worker,
        "Resume",
        state,
        move |_s: &mut State<L, B>, out: &mut Vec<Share>| {
            if me != 0 {
                return;
            }
            for w in 0..peers {
                out.push(Share::Resume { to: w as u32, from });
            }
            for (m, low) in resumed.iter().enumerate() {
                let size = low.boards() as u64;
                for w in 0..peers {
                    let (a, b) = (range_start(size, peers, w), range_start(size, peers, w + 1));
                    low.shares(w as u32, m as u32, a as usize..b as usize, out);
                }
            }
        },
        move |s, _round, received, _out| {
            for share in received.drain(..) {
                match share {
                    Share::Resume { from, .. } => {
                        heard.set(from);
                        if from != FAILED {
                            s.lower.resize_with(from as usize, L::default);
                        }
                    }
                    Share::Entries { level, .. } | Share::Bounds { level, .. } => {
                        s.lower[level as usize].receive(share);
                    }
                    Share::Figures { .. } => {}
                }
            }
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    if told.get() == FAILED {
        return Err(DistError::Stopped(
            "it could not read the levels finished earlier (its output says why)".into(),
        ));
    }
    if me == 0 && !report_resumed(tx, &sizes, started) {
        return Ok(None);
    }
    Ok(Some(told.get()))
}

/// Runs a stage of a level ([`rounds::run`]) on this worker's state and times it:
/// `start(level, peers, out)` gives this worker's first messages from its range of the level,
/// `step` answers each round's messages. Returns what this worker sent each round, and the
/// stage's time.
pub(crate) fn stage<L: 'static, B: 'static>(
    worker: &mut Worker,
    name: &str,
    state: &Shared<L, B>,
    start: impl FnOnce(&mut B, usize, &mut Vec<Wire>) + 'static,
    step: impl FnMut(&mut State<L, B>, u32, &mut Vec<Wire>, &mut Vec<Wire>) + 'static,
) -> (Vec<Traffic>, Duration) {
    let started = Instant::now();
    let traffic = rounds::run(
        worker,
        name,
        state,
        move |s: &mut State<L, B>, out: &mut Vec<Wire>| start(&mut s.level, s.peers, out),
        step,
    );
    (traffic, started.elapsed())
}

/// A round's messages to the boards of this worker's `part`, sorted and grouped by board:
/// `f(i, messages)` for each board `i` (its index in the range) that got any; `received` is
/// left empty.
pub(crate) fn by_board(received: &mut Vec<Wire>, part: Part, mut f: impl FnMut(usize, &[Wire])) {
    received.sort_unstable_by_key(|m| m.1);
    for messages in received.chunk_by(|a, b| a.1 == b.1) {
        f(part.local(messages[0].1), messages);
    }
    received.clear();
}

/// One worker's state of the exact builder: `lower[m]` holds its range of level `m`'s entries.
type ExactState = State<Vec<u8>, Level>;

/// This worker's range of the level being built.
#[derive(Default)]
struct Level {
    part: Part,
    /// Per board: the best end of the level (half-seeds, 0 when none: a max's identity).
    end: Vec<u8>,
    /// Per board: bit `p` when the move of pit `p` stays on the level.
    moves: Vec<u8>,
    lo: Vec<u8>,
    hi: Vec<u8>,
    /// Per board and pit: the `lo` of the child of that move.
    child_lo: Vec<[u8; 6]>,
}

impl Level {
    fn new(part: Part) -> Level {
        let len = part.len;
        Level {
            part,
            end: vec![0; len],
            moves: vec![0; len],
            lo: vec![0; len],
            hi: vec![0; len],
            child_lo: vec![[0; 6]; len],
        }
    }

    /// `hi` from the ends and the children's `lo` (`lo` grows message by message).
    fn hi_of(&self, i: usize) -> u8 {
        let two_n = 2 * self.part.n as u8;
        let mut hi = self.end[i];
        for pit in 0..6 {
            if self.moves[i] >> pit & 1 == 1 {
                hi = hi.max(two_n - self.child_lo[i][pit]);
            }
        }
        hi
    }

    /// Sends board `x`'s bounds to its predecessors' owners.
    fn tell_predecessors(&self, x: u64, peers: usize, rules: &OwareRules, out: &mut Vec<Wire>) {
        let i = (x - self.part.start) as usize;
        let board = unrank(self.part.n, x).expect("a board of the level");
        let skip = rules.skip_origin == SkipOrigin::Always;
        let landing = rules.grand_slam == GrandSlam::NoStarving;
        let payload = u32::from(self.lo[i]) | u32::from(self.hi[i]) << 8;
        predecessors(&board, skip, landing, |parent, pit, _| {
            let to = owner(self.part.size, peers, parent);
            out.push(wire(to, BOUNDS, pit as u32, parent, payload));
        });
    }
}

/// The peak resident memory of this process (Linux: `VmHWM`), 0 where unknown.
pub(crate) fn peak_memory() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

/// The levels already in the directory: the longest run from 0 of files of the same rules,
/// each fully checked.
fn finished_levels(job: &Job) -> Vec<Vec<u8>> {
    let mut levels = Vec::new();
    for n in 0..=job.max_seeds {
        match file::read(&file::path_in(&job.dir, &job.preset, n)) {
            Ok((h, entries))
                if h.fingerprint == job.fingerprint && h.half_seeds && h.seeds == n =>
            {
                levels.push(entries);
            }
            _ => break,
        }
    }
    levels
}

/// Builds the exact tables of `job` on this worker (crate docs); worker 0 reports to `tx`.
pub(crate) fn run_worker(
    worker: &mut Worker,
    job: &Job,
    tx: &mpsc::Sender<Report>,
) -> Result<(), DistError> {
    let state = ExactState::shared(worker);
    // Resume: worker 0 reads what an earlier build finished and hands out the ranges.
    let started = Instant::now();
    let read = if worker.index() == 0 {
        finished_levels(job)
    } else {
        Vec::new()
    };
    let Some(from) = resume(worker, &state, Ok(read), tx, started)? else {
        return Ok(());
    };
    build_levels(worker, from..=job.max_seeds, tx, |worker, part| {
        build_level(worker, job, &state, part)
    })?;
    Ok(())
}

/// Worker 0: reports the levels read from the directory (`sizes`: their boards), the time
/// reading them took (from `started`) on the first. False when nobody listens any more.
fn report_resumed(tx: &mpsc::Sender<Report>, sizes: &[u64], started: Instant) -> bool {
    for (m, &size) in sizes.iter().enumerate() {
        let stats = LevelStats {
            seeds: m as u32,
            positions: size,
            exact_any: 0,
            exact_empty: size,
            sweeps: 0,
            moves_time: Duration::ZERO,
            sweep_time: if m == 0 {
                started.elapsed()
            } else {
                Duration::ZERO
            },
            bounds_met: 0,
            histogram: Vec::new(),
            ..LevelStats::default()
        };
        let level = DistLevel {
            stats,
            resumed: true,
            moves: Traffic::default(),
            rounds: Vec::new(),
            gather: Traffic::default(),
            write_time: Duration::ZERO,
            peak_memory: peak_memory(),
        };
        if tx.send(Report::Level(level)).is_err() {
            return false;
        }
    }
    true
}

/// Builds this worker's `part` of an exact level (crate docs) and hands it to worker 0.
fn build_level(
    worker: &mut Worker,
    job: &Job,
    state: &Shared<Vec<u8>, Level>,
    part: Part,
) -> Result<DistLevel, DistError> {
    state.borrow_mut().level = Level::new(part);
    let n = part.n;
    let two_n = 2 * n;

    // 1. Moves: ends at once, captures by request to the child's owner.
    let rules = job.rules;
    let (moves, moves_time) = stage(
        worker,
        "Moves",
        state,
        move |level, peers, out| {
            let len = level.end.len();
            if len == 0 {
                return;
            }
            let mut board = unrank(n, part.start).expect("a board of the level");
            let mut played = [(0, ExactMove::End(0)); 6];
            for i in 0..len {
                if i > 0 {
                    next_board(&mut board);
                }
                let x = part.start + i as u64;
                let k = exact_moves(board, n, &rules, &mut played);
                for &(pit, mv) in &played[..k] {
                    match mv {
                        ExactMove::End(v) => level.end[i] = level.end[i].max(v as u8),
                        ExactMove::Same(_) => level.moves[i] |= 1 << pit,
                        ExactMove::Capture { seeds, index } => {
                            let to = owner(positions(seeds), peers, index);
                            out.push(wire(to, REQUEST, seeds, index, x as u32));
                        }
                    }
                }
            }
        },
        move |s, _round, received, out| {
            for &(head, board, payload) in received.iter() {
                match head >> 16 & 0xff {
                    REQUEST => {
                        let m = (head >> 24) as usize;
                        let start = range_start(positions(m as u32), s.peers, s.me);
                        let v = entry_value(s.lower[m][(u64::from(board) - start) as usize]);
                        let to = owner(part.size, s.peers, u64::from(payload));
                        out.push(wire(to, ANSWER, 0, u64::from(payload), v));
                    }
                    _ => {
                        let i = part.local(board);
                        let got = (two_n - payload) as u8;
                        s.level.end[i] = s.level.end[i].max(got);
                    }
                }
            }
            received.clear();
        },
    );

    // 2. The fixpoint of the bounds, round by round.
    let (fixpoint, fixpoint_time) = stage(
        worker,
        "Fixpoint",
        state,
        move |level, peers, out| {
            for i in 0..level.end.len() {
                // The children's bounds start at nothing and everything: `lo = 0`, `hi = 2n`.
                level.lo[i] = level.end[i];
                level.hi[i] = level.hi_of(i);
                if (u32::from(level.lo[i]), u32::from(level.hi[i])) != (0, two_n) {
                    level.tell_predecessors(part.start + i as u64, peers, &rules, out);
                }
            }
        },
        move |s, _round, received, out| {
            let peers = s.peers;
            let level = &mut s.level;
            by_board(received, part, |i, messages| {
                let before = (level.lo[i], level.hi[i]);
                for &(head, _, payload) in messages {
                    let pit = (head >> 24) as usize;
                    if level.moves[i] >> pit & 1 == 1 {
                        let (lo, hi) = ((payload & 0xff) as u8, (payload >> 8) as u8);
                        level.child_lo[i][pit] = lo;
                        level.lo[i] = level.lo[i].max(two_n as u8 - hi);
                    }
                }
                level.hi[i] = level.hi_of(i);
                if (level.lo[i], level.hi[i]) != before {
                    level.tell_predecessors(part.start + i as u64, peers, &rules, out);
                }
            });
        },
    );

    // 3. The entries to worker 0, which writes the file.
    let started = Instant::now();
    let entries: Vec<u8> = {
        let s = state.borrow();
        let l = &s.level;
        (0..l.end.len())
            .map(|i| exact_entry(n.clamp(u32::from(l.lo[i]), u32::from(l.hi[i]))))
            .collect()
    };
    let met = {
        let s = state.borrow();
        (0..s.level.end.len())
            .filter(|&i| s.level.lo[i] == s.level.hi[i])
            .count() as u64
    };
    let mut figures = vec![met, moves.iter().fold(0, |a, t| a + t.messages)];
    figures.push(moves.iter().fold(0, |a, t| a + t.bytes));
    figures.push(peak_memory());
    for t in &fixpoint {
        figures.extend([t.messages, t.bytes]);
    }
    {
        let mut s = state.borrow_mut();
        s.lower.push(entries.clone());
        s.level = Level::default();
    }
    let times = (moves_time, fixpoint_time, started);
    finish_level(worker, job, part, entries, None, figures, times)
}

/// The entries of a level and the workers' figures, gathered on worker 0.
#[derive(Default)]
struct Gathered {
    entries: Vec<u8>,
    lo: Vec<u8>,
    hi: Vec<u8>,
    figures: Vec<Vec<u64>>,
}

/// Sends this worker's `entries` of its `part` of a level and its `figures`
/// (boards whose bounds met, the moves stage's messages and bytes, its process's peak memory,
/// then messages and bytes per round) to worker 0, which writes the level's file and returns
/// the level's figures (the other workers return a placeholder). `bounds`: the bounds `lo`
/// and `hi` of the same boards (graded tables), which worker 0 writes to the level's
/// checkpoint after the table file. `times`: the moves stage, the fixpoint, and when the
/// gathering started.
pub(crate) fn finish_level(
    worker: &mut Worker,
    job: &Job,
    part: Part,
    entries: Vec<u8>,
    bounds: Option<(Vec<u8>, Vec<u8>)>,
    figures: Vec<u64>,
    times: (Duration, Duration, Instant),
) -> Result<DistLevel, DistError> {
    let (moves_time, fixpoint_time, started) = times;
    let (n, start) = (part.n, part.start);
    let me = worker.index();
    let state = Rc::new(RefCell::new(Gathered::default()));
    let gather = rounds::run(
        worker,
        "Gather",
        &state,
        move |s: &mut Gathered, out: &mut Vec<Share>| {
            if me == 0 {
                s.entries = vec![0; positions(n) as usize];
                if bounds.is_some() {
                    s.lo = vec![0; positions(n) as usize];
                    s.hi = vec![0; positions(n) as usize];
                }
            }
            for (c, chunk) in entries.chunks(CHUNK).enumerate() {
                out.push(Share::Entries {
                    to: 0,
                    level: n,
                    start: start + (c * CHUNK) as u64,
                    bytes: chunk.to_vec(),
                });
            }
            if let Some((lo, hi)) = &bounds {
                for (c, (lo, hi)) in lo.chunks(CHUNK).zip(hi.chunks(CHUNK)).enumerate() {
                    out.push(Share::Bounds {
                        to: 0,
                        level: n,
                        start: start + (c * CHUNK) as u64,
                        lo: lo.to_vec(),
                        hi: hi.to_vec(),
                    });
                }
            }
            out.push(Share::Figures { to: 0, figures });
        },
        |s, _round, received, _out| {
            for share in received.drain(..) {
                match share {
                    Share::Entries { start, bytes, .. } => {
                        let a = start as usize;
                        s.entries[a..a + bytes.len()].copy_from_slice(&bytes);
                    }
                    Share::Bounds { start, lo, hi, .. } => {
                        let a = start as usize;
                        s.lo[a..a + lo.len()].copy_from_slice(&lo);
                        s.hi[a..a + hi.len()].copy_from_slice(&hi);
                    }
                    Share::Figures { figures, .. } => s.figures.push(figures),
                    Share::Resume { .. } => {}
                }
            }
        },
    );
    if me != 0 {
        return Ok(placeholder(n));
    }
    let Gathered {
        entries: whole,
        lo,
        hi,
        figures: all,
    } = state.take();
    let half = job.exact;
    let path = file::path_in(&job.dir, &job.preset, n);
    file::write(&path, &job.preset, job.fingerprint, n, half, &whole)?;
    if !job.exact {
        let level = checkpoint::Level {
            preset: &job.preset,
            fingerprint: job.fingerprint,
            seeds: n,
            table_checksum: file::read_header(&path)?.checksum,
        };
        checkpoint::write(
            &checkpoint::path_in(&job.dir, &job.preset, n),
            level,
            &lo,
            &hi,
            false,
        )?;
    }
    let write_time = started.elapsed();
    let mut histogram = vec![0u64; if half { 2 * n } else { n } as usize + 1];
    let (mut exact_any, mut exact_empty) = (0, 0);
    for &e in &whole {
        histogram[entry_value(e) as usize] += 1;
        match Exactness::of_entry(e) {
            Some(Exactness::AnyHistory) => {
                exact_any += 1;
                exact_empty += 1;
            }
            Some(Exactness::EmptyHistory) => exact_empty += 1,
            _ => {}
        }
    }
    if half {
        // Exact tables grade every entry `empty-history` (their values are exact from an empty
        // history, not from any).
        exact_any = 0;
    }
    let mut rounds_traffic: Vec<Traffic> = Vec::new();
    let (mut bounds_met, mut moves_traffic, mut peak) = (0, Traffic::default(), 0);
    for f in &all {
        bounds_met += f[0];
        moves_traffic = moves_traffic.plus(Traffic {
            messages: f[1],
            bytes: f[2],
        });
        peak = peak.max(f[3]);
        for (r, pair) in f[4..].chunks(2).enumerate() {
            if rounds_traffic.len() <= r {
                rounds_traffic.resize(r + 1, Traffic::default());
            }
            rounds_traffic[r] = rounds_traffic[r].plus(Traffic {
                messages: pair[0],
                bytes: pair[1],
            });
        }
    }
    let stats = LevelStats {
        seeds: n,
        positions: positions(n),
        exact_any,
        exact_empty,
        sweeps: rounds_traffic.len() as u32,
        moves_time,
        sweep_time: fixpoint_time,
        bounds_met,
        histogram,
        ..LevelStats::default()
    };
    Ok(DistLevel {
        stats,
        resumed: false,
        moves: moves_traffic,
        rounds: rounds_traffic,
        gather: gather.iter().fold(Traffic::default(), |a, &b| a.plus(b)),
        write_time,
        peak_memory: peak,
    })
}

/// What a worker other than 0 returns for a level: nothing is reported from it.
fn placeholder(n: u32) -> DistLevel {
    DistLevel {
        stats: LevelStats {
            seeds: n,
            positions: positions(n),
            exact_any: 0,
            exact_empty: 0,
            sweeps: 0,
            moves_time: Duration::ZERO,
            sweep_time: Duration::ZERO,
            bounds_met: 0,
            histogram: Vec::new(),
            ..LevelStats::default()
        },
        resumed: false,
        moves: Traffic::default(),
        rounds: Vec::new(),
        gather: Traffic::default(),
        write_time: Duration::ZERO,
        peak_memory: 0,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::path::Path;

    use super::*;
    use crate::{build_to_dir, Cluster};

    /// A fresh folder `name` in the temporary directory, and in it `single`: `preset`'s tables of
    /// 0 to `seeds` seeds by the single-process builder.
    pub(crate) fn single_process(name: &str, preset: &str, seeds: u32) -> (PathBuf, PathBuf) {
        let base = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let single = base.join("single");
        let _ = std::fs::remove_dir_all(&base);
        mancala_tablebase::build::build_to_dir(
            preset,
            seeds,
            &mancala_tablebase::build::BuildOptions::default(),
            &single,
            &mut |_| {},
            &mut |_| {},
        )
        .unwrap();
        (base, single)
    }

    /// Asserts that the first `resumed` of `levels` were read back and the others built, and
    /// that `dir` holds the same table files of `preset` as `single`, byte for byte.
    pub(crate) fn assert_resumed(
        levels: &[DistLevel],
        resumed: usize,
        preset: &str,
        single: &Path,
        dir: &Path,
    ) {
        let got: Vec<bool> = levels.iter().map(|l| l.resumed).collect();
        let mut want = vec![true; resumed];
        want.resize(levels.len(), false);
        assert_eq!(got, want);
        for n in 0..levels.len() as u32 {
            let a = std::fs::read(file::path_in(single, preset, n)).unwrap();
            let b = std::fs::read(file::path_in(dir, preset, n)).unwrap();
            assert!(a == b, "level {n} differs");
        }
    }

    #[test]
    fn ranges_cover_each_level_once() {
        for peers in [1, 2, 3, 4, 7] {
            for n in 0..=6 {
                let size = positions(n);
                let mut next = 0;
                for w in 0..peers {
                    let (a, b) = (range_start(size, peers, w), range_start(size, peers, w + 1));
                    assert_eq!(a, next);
                    for x in a..b {
                        assert_eq!(owner(size, peers, x), w, "{n} seeds, {peers} workers");
                    }
                    next = b;
                }
                assert_eq!(next, size);
            }
        }
    }

    #[test]
    fn messages_name_their_worker() {
        let m = wire(4097, BOUNDS, 5, 123_456_789, 7 | 9 << 8);
        assert_eq!(m.to(), 4097);
        assert_eq!(m.0 >> 16 & 0xff, BOUNDS);
        assert_eq!(m.0 >> 24, 5);
        assert_eq!((m.1, m.2), (123_456_789, 7 | 9 << 8));
    }

    #[test]
    fn a_build_on_threads_resumes_after_the_levels_in_its_directory() {
        let (base, single) = single_process("mancala-tbdist-unit", "awari", 8);
        let dir = base.join("resumed");
        std::fs::create_dir_all(&dir).unwrap();
        let cluster = Cluster::threads(4).unwrap();
        // Which worker's first messages arrive first varies from run to run: a few runs.
        for _ in 0..4 {
            for n in 0..=8 {
                let to = file::path_in(&dir, "awari", n);
                if n <= 5 {
                    std::fs::copy(file::path_in(&single, "awari", n), &to).unwrap();
                } else {
                    let _ = std::fs::remove_file(&to);
                }
            }
            let levels = build_to_dir("awari", 8, &dir, &cluster, &mut |_| {})
                .unwrap()
                .unwrap();
            assert_resumed(&levels, 6, "awari", &single, &dir);
        }
        let _ = std::fs::remove_dir_all(&base);
    }
}
