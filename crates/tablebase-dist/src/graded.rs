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
//! `--smoothing` sweeps are sequential and not distributed. Lower levels keep `lo`, `hi` and the
//! entry of every board, which the files do not hold: a graded build always starts from 0
//! seeds (the files are written level by level all the same).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::mpsc;
use std::time::Instant;

use mancala_core::oware::OwareRules;
use mancala_tablebase::build::{graded_entry, graded_moves, GradedMove};
use mancala_tablebase::exact::entry_value;
use mancala_tablebase::index::{next_board, positions, unrank};
use mancala_tablebase::Exactness;
use timely::worker::Worker;

use crate::build::{
    finish_level, owner, peak_memory, range_start, wire, DistLevel, Job, Report, Wire, ANSWER,
    BOUNDS, REQUEST,
};
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

/// Builds every level of a graded preset from 0 seeds (module docs).
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
    }));
    for n in 0..=job.max_seeds {
        let level = build_level(worker, job, &state, n)?;
        if me == 0 && tx.send(Report::Level(level)).is_err() {
            return Ok(());
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
    finish_level(
        worker,
        job,
        n,
        start,
        entries,
        figures,
        (moves_time, fixpoint_time, started),
    )
}
