//! Isolo (Zambia, 2x8, two-cycle): the foregame with stock seeds, the kucheleka set-up, and the
//! proper game. Spec: rules.md §6 and clarifications 1, 2, 13-15. Player's guide: `docs/isolo.md`.
//!
//! The preset `isolo` follows the old Wikimanqala text (after Deledicq & Popova 1977) literally;
//! every open question of rules.md §6.6 is a rule option of [`IsoloRules`].
//!
//! # Board
//!
//! ```text
//!   North   h  g  f  e  d  c  b  a     indices 15 14 13 12 11 10  9  8
//!   South   A  B  C  D  E  F  G  H     indices  0  1  2  3  4  5  6  7
//! ```
//!
//! Each player sows only in his own row, left to right from his seat (`A..H`, `a..h`), wrapping
//! round. `a` faces `H`; the pit facing index `i` is `15 - i`.
//!
//! # Phases
//!
//! * **Foregame** (`F`): a move adds one stock seed to a non-empty own pit, lifts it and sows from
//!   the leftmost pit (from the 8th pit when the stock seed went into the 7th). The player who
//!   empties the opponent's row wins the foregame.
//! * **Kucheleka** (`K`): the foregame winner's set-up action. The loser's row becomes 2 per pit,
//!   the winner writes 8 counts for his own row; the foregame's seeds are discarded.
//! * **Proper game** (`P`): the foregame winner begins; no stock. The player who empties the
//!   opponent's row wins.
//!
//! # How phases and the game end
//!
//! | event | in the foregame | in the proper game |
//! |---|---|---|
//! | the mover empties the opponent's row | kucheleka, the mover sets up | the mover wins (`row_emptied`) |
//! | the player to move has no legal move (clarification 14) | kucheleka, the opponent sets up | the opponent wins (`no_legal_move`) |
//! | a never-ending move under `infinite_move = MoverLoses` | kucheleka, the opponent sets up | the opponent wins (`endless_move`) |
//! | `max_plies` moves in the phase | draw (`max_plies`) | draw (`max_plies`) |
//! | first repetition of (16 pits, side to move) | cannot happen | draw (`repetition`), unless `repetition = Off` |
//!
//! Foregame moves and the kucheleka are irreversible for the repetition history, so the proper
//! game compares only its own positions, its start included (clarification 1). Until the
//! kucheleka is played the board shows the foregame's final position; the foregame's winner and how
//! it ended are in the extras `foregame_winner` and `foregame_end`.
//!
//! # Position notation
//!
//! `PHASE:16 pits-stock S-stock N-side`, all fields after the colon separated by `-`:
//!
//! ```text
//! F:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S
//! ```
//!
//! * `PHASE` is `F` (foregame), `K` (kucheleka: the side field names the foregame winner, who sets
//!   up) or `P` (proper game);
//! * fields 1-16 are the pits in index order: South's `A..H`, then North's `a..h`;
//! * fields 17 and 18 are the stock seeds South and North used in the foregame;
//! * field 19 is the side to move, `S` or `N`.
//!
//! In the foregame and at kucheleka the board holds exactly 32 seeds plus the stock seeds used
//! (seeds never leave the board before kucheleka), and a reader checks that. The board holds at
//! most 255 seeds. A position whose player to move has an empty row is read as the end of its
//! phase (he lost it); a position whose player *not* to move has an empty row cannot arise and is
//! rejected. The notation does not record plies played or the result: a finished game's string
//! reads back as the position where it ended, settled again.
//!
//! # Moves
//!
//! A pit letter (`A..H` for South, `a..h` for North), or in the kucheleka phase the 8 counts of
//! the winner's row from his own left, written `k:0,5,0,3,0,0,8,1` (the `k:` prefix is optional on
//! input, and `-` may replace `,`: `0-5-0-3-0-0-8-1` is the same action). Each count is at least 0,
//! the total at least 1 and at most `kucheleka_max_total`.
//!
//! [`Position::legal_moves`] cannot list every kucheleka action (there are billions); in the
//! kucheleka phase it returns the documented representative set of [`kucheleka_examples`] (n seeds
//! in every pit, one seed in a single pit, `min(16, max)` seeds in a single pit), which is also what
//! perft and search expand. [`Position::check_move`] and [`Position::parse_move`] accept every
//! valid distribution.
//!
//! ```
//! use mancala_core::{isolo::{Isolo, IsoloRules}, Game, Position};
//! let mut game = Game::new(Isolo::new(IsoloRules::isolo()));
//! game.play_str("A").unwrap(); // rules.md vector I1
//! assert_eq!(game.position().to_string(), "F:5-1-7-1-6-0-5-4-2-0-0-2-0-0-0-0-1-0-N");
//! ```
//!
//! # Never-ending moves
//!
//! A move is simulated lap by lap with [`crate::relay::run_laps`] (Brent's cycle detection, no lap
//! cap). The state compared at each lap boundary is the board after the lap's last seed, the pit
//! of that seed, the pit where the lap began and the first-lap flag, which determine the rest of
//! the move exactly (rules.md clarification 2 in an equivalent form: the same cycles, the same
//! periods). `infinite_move` says what such a move is: not legal (default), a move that ends
//! ("sleeps") at the first lap boundary whose state occurred before (a point fixed by the rules,
//! not by the detection algorithm), or a loss for the mover. [`Isolo::run_move`] reports the
//! cycle's start and period.
//!
//! # Stores
//!
//! Isolo has no stores: captured seeds are sown again at once. [`Position::stores`] returns
//! `[0, 0]`; the extras `row_seeds` give the seeds on each row.

use core::fmt;

pub use crate::extras::Phase;
use crate::extras::{Extras, IsoloExtras};
use crate::options::rule_options;
use crate::relay::{run_laps, LapRun};
use crate::sow::{parse_pits, parse_side, write_board_fields, Pit};
use crate::trace::{Observer, SowTrace};
use crate::{
    option_enum, EndReason, Illegal, MoveEffect, MoveList, Outcome, ParseMoveError,
    ParsePositionError, Position, Side,
};

/// Pits per row.
pub const ROW: usize = 8;
/// Pits on the board.
pub const PITS: usize = 2 * ROW;
/// Seeds per pit at the start of the foregame, and in the foregame loser's row at kucheleka.
pub const START_SEEDS: u8 = 2;
/// The most seeds the board can hold (a pit count is a byte). A foregame that would pass it (after
/// 223 stock seeds) ends drawn with the reason `max_plies`.
pub const BOARD_CAPACITY: u32 = 255;
/// The largest accepted `kucheleka_max_total` (so that the proper game fits [`BOARD_CAPACITY`]).
pub const KUCHELEKA_TOTAL_LIMIT: u32 = BOARD_CAPACITY - ROW as u32 * START_SEEDS as u32;

/// A move: a pit to sow from, or the kucheleka set-up action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IsoloMove {
    /// Sow from this own pit (foregame and proper game).
    Sow(Pit<8>),
    /// Kucheleka: the winner's row, 8 counts from his own left (`A..H` or `a..h`).
    Kucheleka([u8; ROW]),
}

impl Default for IsoloMove {
    fn default() -> Self {
        IsoloMove::Sow(Pit(0))
    }
}

impl fmt::Display for IsoloMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IsoloMove::Sow(p) => write!(f, "{p}"),
            IsoloMove::Kucheleka(c) => {
                f.write_str("k:")?;
                for (i, n) in c.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{n}")?;
                }
                Ok(())
            }
        }
    }
}

option_enum! {
    /// Where the first lap of a proper-game move starts (rules.md IS-a).
    pub enum FirstLapStart {
        /// At the pit after the one lifted (S4's "sown from left to right").
        NextPit,
        /// At the leftmost pit, as in the foregame (the 8th pit when the 7th was lifted).
        Leftmost,
    }
}

option_enum! {
    /// Where a regular capture is sown again (rules.md IS-b).
    pub enum RegularResow {
        /// From the leftmost pit on the first lap, later from the pit where the capturing lap
        /// began (S4).
        LeftmostOnFirstLapElseLapStart,
        /// Always from the leftmost pit (the Isolo I reading).
        AlwaysLeftmost,
    }
}

option_enum! {
    /// Where a singleton capture is sown again (rules.md IS-c).
    pub enum SingletonResowStart {
        /// From the mover's extreme pit at the other end of his row from the one taken.
        OtherEnd,
        /// From the mover's extreme pit that was taken.
        SameEnd,
    }
}

option_enum! {
    /// What a move that never ends is (rules.md IS-i, clarification 2).
    pub enum InfiniteMove {
        /// It is not legal.
        Illegal,
        /// It is legal and ends ("sleeps") on the board where the repetition is detected.
        EndAtDetection,
        /// It is legal and the mover loses the phase (foregame or game) at once.
        MoverLoses,
    }
}

option_enum! {
    /// What the first repetition of (16 pits, side to move) in the proper game does
    /// (clarifications 1 and 15).
    pub enum Repetition {
        /// The game is drawn.
        Draw,
        /// Repetitions do not end the game (use `max_plies`).
        Off,
    }
}

rule_options! {
    /// The rule options of Isolo. [`IsoloRules::isolo`] is the preset; change options with
    /// [`RuleSet::set`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct IsoloRules {
        /// Who moves first in the foregame (IS-h).
        pub first_player: Side = side => "who moves first in the foregame",
        /// Where a proper-game move's first lap starts (IS-a).
        pub proper_first_lap_start: FirstLapStart = choice => "where a proper-game move starts sowing (IS-a)",
        /// Where a regular capture is sown again (IS-b).
        pub regular_resow: RegularResow = choice => "where a regular capture is sown again (IS-b)",
        /// Where a singleton capture is sown again (IS-c).
        pub singleton_resow_start: SingletonResowStart = choice => "which own extreme pit a singleton capture is sown from (IS-c)",
        /// The singleton capture applies only after the first lap; on the first lap it is a regular
        /// capture (IS-e).
        pub singleton_rule_after_first_lap_only: bool = switch => "singleton captures only after the first lap; before, a regular capture (IS-e)",
        /// What a never-ending move is (IS-i).
        pub infinite_move: InfiniteMove = choice => "what a move that never ends is (IS-i)",
        /// The first repetition in the proper game.
        pub repetition: Repetition = choice => "what the first repetition of (pits, side) in the proper game does",
        /// A phase (foregame or proper game) that reaches this many plies ends the game drawn.
        pub max_plies: Option<u32> = optional("none", 1, 1_000_000) => "a phase (foregame or proper game) reaching this many plies ends drawn",
        /// Stock seeds each player may use in the foregame; a player whose stock is used up cannot
        /// move and loses the foregame.
        pub stock_limit: Option<u32> = optional("none", 1, 1000) => "stock seeds each player may use in the foregame",
        /// The most seeds the foregame winner may place at kucheleka (IS-j).
        pub kucheleka_max_total: u32 = number(1, KUCHELEKA_TOTAL_LIMIT) => "the most seeds the foregame winner may place at kucheleka (IS-j)",
        /// Proper game: singletons may be played only when no playable own pit holds two or more
        /// (IS-k).
        pub no_singletons: bool = switch => "proper game: singletons only when no playable pit holds 2+ (IS-k)",
    }
}

impl IsoloRules {
    /// `isolo`: rules.md §6 with its defaults (S4 read literally).
    #[must_use]
    pub const fn isolo() -> Self {
        IsoloRules {
            first_player: Side::South,
            proper_first_lap_start: FirstLapStart::NextPit,
            regular_resow: RegularResow::LeftmostOnFirstLapElseLapStart,
            singleton_resow_start: SingletonResowStart::OtherEnd,
            singleton_rule_after_first_lap_only: false,
            infinite_move: InfiniteMove::Illegal,
            repetition: Repetition::Draw,
            max_plies: None,
            stock_limit: None,
            kucheleka_max_total: 64,
            no_singletons: false,
        }
    }
}

impl Default for IsoloRules {
    fn default() -> Self {
        Self::isolo()
    }
}

/// The documented representative kucheleka actions that [`Position::legal_moves`] lists (at most
/// 24, in this order), for a given `kucheleka_max_total`:
///
/// 1. `n` seeds in every pit, for `n = 1..=8` while `8n <= max_total`;
/// 2. one seed in a single pit, for each pit `A..H`;
/// 3. `min(16, max_total)` seeds in a single pit, for each pit, when that is more than one.
#[must_use]
pub fn kucheleka_examples(max_total: u32) -> MoveList<IsoloMove> {
    let mut out = MoveList::new();
    for n in 1..=8u8 {
        if 8 * u32::from(n) <= max_total {
            out.push(IsoloMove::Kucheleka([n; ROW]));
        }
    }
    for p in 0..ROW {
        let mut c = [0; ROW];
        c[p] = 1;
        out.push(IsoloMove::Kucheleka(c));
    }
    let big = max_total.min(16) as u8;
    if big > 1 {
        for p in 0..ROW {
            let mut c = [0; ROW];
            c[p] = big;
            out.push(IsoloMove::Kucheleka(c));
        }
    }
    out
}

/// How one move runs, simulated on a copy of the board (see [`Isolo::run_move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRun {
    /// The board when the move ends (for a move that never ends: at the first repeated
    /// lap-boundary state).
    pub pits: [u8; PITS],
    /// Laps sown (for a move that never ends: up to the first repeated lap-boundary state).
    pub laps: u64,
    /// Seeds taken from the opponent's row (the mover's own extreme pit taken in a singleton
    /// capture is not counted).
    pub captured: u64,
    /// For a move that never ends, the period of its cycle in laps.
    pub period: Option<u64>,
    /// For a move that never ends, the first lap whose end state recurs every `period` laps.
    pub cycle_start: Option<u64>,
}

/// The state at a lap boundary: everything that determines the rest of a move.
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapEnd {
    /// The board after the lap's last seed.
    pits: [u8; PITS],
    /// The position in the mover's row (0..8) of the lap's last seed.
    last: u8,
    /// The position in the mover's row where the lap began.
    start: u8,
    /// Whether the lap was the move's first.
    first: bool,
}

/// Sows `hand` seeds in the row starting at index `base`, from row position `start`, one per pit,
/// wrapping round. Returns the row position of the last seed. `hand` must be at least 1.
#[inline]
fn sow_row(pits: &mut [u8; PITS], base: usize, start: u8, hand: u8) -> u8 {
    const MASK: usize = ROW - 1; // ROW is a power of two
    let row: &mut [u8; ROW] = (&mut pits[base..base + ROW])
        .try_into()
        .expect("a row has ROW pits");
    let full = hand / ROW as u8;
    if full > 0 {
        for p in row.iter_mut() {
            *p += full;
        }
    }
    let mut i = usize::from(start) & MASK;
    for _ in 0..hand % ROW as u8 {
        row[i] += 1;
        i = (i + 1) & MASK;
    }
    ((usize::from(start) + usize::from(hand) - 1) & MASK) as u8
}

/// Tells `obs` the drops of [`sow_row`] with the same arguments, seed by seed.
#[inline(always)]
fn observe_row<O: Observer>(obs: &mut O, base: usize, start: u8, hand: u8) {
    if O::ACTIVE {
        for k in 0..usize::from(hand) {
            obs.drop_seed(base + ((usize::from(start) + k) & (ROW - 1)));
        }
    }
}

/// The first index of `side`'s row.
#[inline]
const fn base(side: Side) -> usize {
    side.index() * ROW
}

/// A position of Isolo. Two positions are equal when their state is (the cached legal-move mask
/// is not compared).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Isolo {
    pits: [u8; PITS],
    side: Side,
    phase: Phase,
    stock_used: [u32; 2],
    plies: u32,
    last_laps: u64,
    foregame_winner: Option<Side>,
    foregame_end: Option<EndReason>,
    over: Option<Outcome>,
    rules: IsoloRules,
    /// The legal pit moves, once [`Position::settle`] has worked them out.
    legal: LegalCache,
}

/// The legal pit moves as a bit mask, worked out by [`Position::settle`] (finding never-ending
/// moves is the expensive part of move generation); `None` until then. A cache, not state: any
/// two compare equal.
#[derive(Clone, Copy, Debug, Default)]
struct LegalCache(Option<u16>);

impl PartialEq for LegalCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for LegalCache {}

impl Isolo {
    /// The 16 pits.
    #[must_use]
    pub fn board(&self) -> &[u8; PITS] {
        &self.pits
    }

    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The side whose turn it is (at kucheleka: the foregame winner), or would be if the game
    /// were not over.
    #[must_use]
    pub fn side(&self) -> Side {
        self.side
    }

    /// Stock seeds used in the foregame by South and North.
    #[must_use]
    pub fn stock_used(&self) -> [u32; 2] {
        self.stock_used
    }

    /// Plies played in the current phase (since the start, since kucheleka, or since the position
    /// was read).
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Laps the last move sowed (0 at the start, after kucheleka, and for a position just read).
    #[must_use]
    pub fn last_laps(&self) -> u64 {
        self.last_laps
    }

    /// The foregame's winner, once known (not recorded by the notation of a proper-game position).
    #[must_use]
    pub fn foregame_winner(&self) -> Option<Side> {
        self.foregame_winner
    }

    /// Seeds on `side`'s row.
    #[must_use]
    pub fn row_seeds(&self, side: Side) -> u32 {
        let b = base(side);
        self.pits[b..b + ROW].iter().map(|&x| u32::from(x)).sum()
    }

    fn board_total(&self) -> u32 {
        self.pits.iter().map(|&x| u32::from(x)).sum()
    }

    /// A position at the start of a phase, not yet settled: no ply played in it, nothing known
    /// of its moves.
    fn unsettled(
        pits: [u8; PITS],
        side: Side,
        phase: Phase,
        stock_used: [u32; 2],
        rules: IsoloRules,
    ) -> Self {
        Isolo {
            pits,
            side,
            phase,
            stock_used,
            plies: 0,
            last_laps: 0,
            foregame_winner: None,
            foregame_end: None,
            over: None,
            rules,
            legal: LegalCache(None),
        }
    }

    /// Builds a position from its parts, validating it and settling it (see the module docs for
    /// the rules the parts must follow).
    pub fn from_parts(
        phase: Phase,
        pits: [u8; PITS],
        stock_used: [u32; 2],
        side: Side,
        rules: IsoloRules,
    ) -> Result<Self, ParsePositionError> {
        let total: u32 = pits.iter().map(|&x| u32::from(x)).sum();
        if total > BOARD_CAPACITY {
            return Err(ParsePositionError::new(
                "position",
                format!("the pits hold {total} seeds, at most {BOARD_CAPACITY} are allowed"),
            ));
        }
        if let Some(limit) = rules.stock_limit {
            for (j, &used) in stock_used.iter().enumerate() {
                if used > limit {
                    return Err(ParsePositionError::new(
                        [
                            "South's stock used (field 17)",
                            "North's stock used (field 18)",
                        ][j],
                        format!("{used} stock seeds used, more than stock_limit={limit}"),
                    ));
                }
            }
        }
        if phase != Phase::Proper {
            let expected = 2 * ROW as u64 * u64::from(START_SEEDS)
                + u64::from(stock_used[0])
                + u64::from(stock_used[1]);
            if u64::from(total) != expected {
                return Err(ParsePositionError::new(
                    "position",
                    format!(
                        "the pits hold {total} seeds, but before the proper game the board holds 32 \
                         plus the stock seeds used ({} + {}) = {expected}",
                        stock_used[0], stock_used[1]
                    ),
                ));
            }
        }
        let mut p = Isolo::unsettled(pits, side, phase, stock_used, rules);
        if phase == Phase::Kucheleka {
            p.foregame_winner = Some(side);
        } else if p.row_seeds(side.opponent()) == 0 {
            return Err(ParsePositionError::new(
                "side to move (field 19)",
                format!(
                    "{}'s row is empty although {} is not to move: the previous move would have \
                     ended the phase",
                    side.opponent(),
                    side.opponent()
                ),
            ));
        }
        p.settle();
        Ok(p)
    }

    /// Simulates sowing `pit` in the current phase, lap by lap, with exact detection of a move
    /// that never ends, whatever the rules say about such moves. The position is not changed.
    /// `None` when the game is over, in the kucheleka phase, or when `pit` is not a non-empty pit
    /// of the player to move.
    ///
    /// For a move that never ends, the report stops at the first lap boundary whose state occurred
    /// before (lap `cycle_start + period`): that board, those laps and captures are what
    /// `infinite_move = EndAtDetection` plays, whatever algorithm found the cycle.
    #[must_use]
    pub fn run_move(&self, pit: Pit<8>) -> Option<MoveRun> {
        let i = pit.index();
        let playable = self.over.is_none()
            && self.phase != Phase::Kucheleka
            && i < PITS
            && pit.row() == self.side
            && self.pits[i] > 0;
        playable.then(|| self.run(i, true))
    }

    /// The state after a move's first lap.
    fn first_lap<O: Observer>(&self, pit: usize, obs: &mut O) -> LapEnd {
        let b = base(self.side);
        let k = (pit - b) as u8;
        let mut pits = self.pits;
        let leftmost = if k == 6 { 7 } else { 0 };
        let start = if self.phase == Phase::Foregame {
            pits[pit] += 1;
            obs.stock(pit);
            leftmost
        } else {
            match self.rules.proper_first_lap_start {
                FirstLapStart::NextPit => (k + 1) % ROW as u8,
                FirstLapStart::Leftmost => leftmost,
            }
        };
        let hand = pits[pit];
        obs.lift(pit, u32::from(hand), false);
        pits[pit] = 0;
        observe_row(obs, b, start, hand);
        let last = sow_row(&mut pits, b, start, hand);
        LapEnd {
            pits,
            last,
            start,
            first: true,
        }
    }

    /// [`Isolo::run_move`]; without `detail`, a never-ending move is reported where Brent's
    /// algorithm saw it (enough to know that it never ends).
    #[inline]
    fn run(&self, pit: usize, detail: bool) -> MoveRun {
        self.run_with(pit, detail, &mut ())
    }

    /// [`Isolo::run`], telling `obs` every stock seed, lift and drop up to the end of the move,
    /// or for a move that never ends up to where the cycle was detected.
    fn run_with<O: Observer>(&self, pit: usize, detail: bool, obs: &mut O) -> MoveRun {
        let b = base(self.side);
        let first = self.first_lap(pit, obs);
        let rules = self.rules;
        let mut laps = 1u64;
        let mut captured = 0u64;
        let run = run_laps(first, |s| match next_lap(s, b, &rules, obs) {
            Some(c) => {
                laps += 1;
                captured += u64::from(c);
                true
            }
            None => false,
        });
        match run {
            LapRun::Ended(s) => MoveRun {
                pits: s.pits,
                laps,
                captured,
                period: None,
                cycle_start: None,
            },
            LapRun::NeverEnds { period, state, .. } if !detail => MoveRun {
                pits: state.pits,
                laps,
                captured,
                period: Some(period),
                cycle_start: None,
            },
            LapRun::NeverEnds { period, .. } => {
                // Where the cycle starts: walk two states `period` laps apart until they meet.
                // The leading one walks laps 1..=mu+period exactly once, so it also counts the
                // captures up to the first repeated state, and ends on that state.
                let step = |s: &mut LapEnd| u64::from(next_lap(s, b, &rules, &mut ()).unwrap_or(0));
                let mut ahead = first;
                let mut captured = 0u64;
                for _ in 0..period {
                    captured += step(&mut ahead);
                }
                let mut behind = first;
                let mut mu = 0u64;
                while behind != ahead {
                    step(&mut behind);
                    captured += step(&mut ahead);
                    mu += 1;
                }
                let s = ahead;
                MoveRun {
                    pits: s.pits,
                    laps: mu + period + 1,
                    captured,
                    period: Some(period),
                    cycle_start: Some(mu + 1),
                }
            }
        }
    }

    fn own_range(&self) -> core::ops::Range<usize> {
        let b = base(self.side);
        b..b + ROW
    }

    fn stock_exhausted(&self) -> bool {
        self.phase == Phase::Foregame
            && self
                .rules
                .stock_limit
                .is_some_and(|l| self.stock_used[self.side.index()] >= l)
    }

    /// The legal pit moves as a bit mask over pit indices.
    #[inline]
    fn legal_mask(&self) -> u16 {
        match self.legal.0 {
            Some(mask) => mask,
            None => self.compute_mask(),
        }
    }

    /// [`Isolo::legal_mask`] worked out from scratch.
    fn compute_mask(&self) -> u16 {
        if self.over.is_some() || self.phase == Phase::Kucheleka || self.stock_exhausted() {
            return 0;
        }
        let mut mask = 0u16;
        for i in self.own_range() {
            if self.pits[i] > 0
                && !(self.rules.infinite_move == InfiniteMove::Illegal
                    && self.run(i, false).period.is_some())
            {
                mask |= 1 << i;
            }
        }
        if self.phase == Phase::Proper && self.rules.no_singletons {
            let big = self
                .own_range()
                .filter(|&i| mask & (1 << i) != 0 && self.pits[i] >= 2)
                .fold(0u16, |m, i| m | (1 << i));
            if big != 0 {
                mask = big;
            }
        }
        mask
    }

    /// `loser` loses the current phase: the foregame goes to kucheleka, the proper game ends.
    fn lose_phase(&mut self, loser: Side, reason: EndReason) {
        let winner = loser.opponent();
        match self.phase {
            Phase::Foregame => {
                self.phase = Phase::Kucheleka;
                self.side = winner;
                self.plies = 0;
                self.foregame_winner = Some(winner);
                self.foregame_end = Some(reason);
            }
            Phase::Proper | Phase::Kucheleka => {
                self.over = Some(Outcome {
                    winner: Some(winner),
                    reason,
                });
            }
        }
    }

    fn check_kucheleka(&self, counts: &[u8; ROW]) -> Result<(), Illegal> {
        let total: u32 = counts.iter().map(|&x| u32::from(x)).sum();
        if total == 0 {
            return Err(Illegal::BadSetup(
                "kucheleka must place at least one seed".to_string(),
            ));
        }
        if total > self.rules.kucheleka_max_total {
            return Err(Illegal::BadSetup(format!(
                "kucheleka places {total} seeds, more than kucheleka_max_total={}",
                self.rules.kucheleka_max_total
            )));
        }
        Ok(())
    }
}

/// Decides the end of the lap in `s` and, if the move goes on, sows the next lap. Returns `None`
/// when the move ends (the last seed fell into an empty pit), else the seeds taken from the
/// opponent's row for the new lap.
#[inline]
fn next_lap<O: Observer>(s: &mut LapEnd, b: usize, rules: &IsoloRules, obs: &mut O) -> Option<u8> {
    let last = b + usize::from(s.last);
    if s.pits[last] == 1 {
        return None;
    }
    let opp = PITS - 1 - last;
    let (hand, start, captured);
    if s.pits[opp] == 0 {
        // Relay: lift the last pit and sow on from the next one.
        hand = s.pits[last];
        obs.lift(last, u32::from(hand), false);
        s.pits[last] = 0;
        start = (s.last + 1) % ROW as u8;
        captured = 0;
    } else {
        let ob = ROW - b; // the opponent's row starts here
        let ko = opp - ob;
        let end_pit = matches!(ko, 0 | 1 | 6 | 7);
        let singleton =
            s.pits[opp] == 1 && end_pit && !(rules.singleton_rule_after_first_lap_only && s.first);
        if singleton {
            let e_opp = ob + if ko <= 1 { 0 } else { ROW - 1 };
            let e_own = PITS - 1 - e_opp;
            let mut taken = s.pits[opp];
            obs.lift(opp, u32::from(s.pits[opp]), true);
            s.pits[opp] = 0;
            taken += s.pits[e_opp];
            obs.lift(e_opp, u32::from(s.pits[e_opp]), true);
            s.pits[e_opp] = 0;
            captured = taken;
            hand = taken + s.pits[e_own];
            obs.lift(e_own, u32::from(s.pits[e_own]), false);
            s.pits[e_own] = 0;
            let k_own = (e_own - b) as u8;
            start = match rules.singleton_resow_start {
                SingletonResowStart::OtherEnd => ROW as u8 - 1 - k_own,
                SingletonResowStart::SameEnd => k_own,
            };
        } else {
            hand = s.pits[opp];
            obs.lift(opp, u32::from(hand), true);
            s.pits[opp] = 0;
            captured = hand;
            start = if s.first || rules.regular_resow == RegularResow::AlwaysLeftmost {
                0
            } else {
                s.start
            };
        }
    }
    observe_row(obs, b, start, hand);
    s.last = sow_row(&mut s.pits, b, start, hand);
    s.start = start;
    s.first = false;
    Some(captured)
}

impl Position for Isolo {
    type Move = IsoloMove;
    /// The 16 pits packed in a `u128`, and the side to move plus the phase.
    type Key = (u128, u8);
    type Rules = IsoloRules;

    crate::position::position_basics!(IsoloRules);

    fn new(rules: IsoloRules) -> Self {
        let mut p = Isolo::unsettled(
            [START_SEEDS; PITS],
            rules.first_player,
            Phase::Foregame,
            [0, 0],
            rules,
        );
        p.settle();
        p
    }

    fn from_notation(text: &str, rules: IsoloRules) -> Result<Self, ParsePositionError> {
        let text = text.trim();
        let (phase_text, rest) = text.split_once(':').ok_or_else(|| {
            ParsePositionError::new(
                "position",
                "expected PHASE:fields, e.g. F:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S",
            )
        })?;
        let phase = match phase_text.trim() {
            "F" | "f" => Phase::Foregame,
            "K" | "k" => Phase::Kucheleka,
            "P" | "p" => Phase::Proper,
            other => {
                return Err(ParsePositionError::new(
                    "phase (before ':')",
                    format!(
                        "expected F (foregame), K (kucheleka) or P (proper game), found {other:?}"
                    ),
                ))
            }
        };
        let fields: Vec<&str> = rest.split('-').map(str::trim).collect();
        if fields.len() != PITS + 3 {
            return Err(ParsePositionError::new(
                "position",
                format!(
                    "expected 19 fields after the phase, separated by '-' (16 pits, South's and \
                     North's stock used, side to move), found {}",
                    fields.len()
                ),
            ));
        }
        let pits = parse_pits::<PITS, 8>(&fields)?;
        let mut stock = [0u32; 2];
        for (j, s) in stock.iter_mut().enumerate() {
            let f = fields[PITS + j];
            *s = f.parse::<u32>().map_err(|_| {
                ParsePositionError::new(
                    format!(
                        "{} stock used (field {})",
                        ["South's", "North's"][j],
                        PITS + j + 1
                    ),
                    format!("expected a whole number of seeds, found {f:?}"),
                )
            })?;
        }
        let side = parse_side(fields[PITS + 2], PITS + 3)?;
        Isolo::from_parts(phase, pits, stock, side, rules)
    }
    fn legal_moves(&self, out: &mut MoveList<IsoloMove>) {
        if self.over.is_some() {
            return;
        }
        if self.phase == Phase::Kucheleka {
            for &m in kucheleka_examples(self.rules.kucheleka_max_total).iter() {
                out.push(m);
            }
            return;
        }
        let mask = self.legal_mask();
        for i in self.own_range() {
            if mask & (1 << i) != 0 {
                out.push(IsoloMove::Sow(Pit(i as u8)));
            }
        }
    }

    fn check_move(&self, mv: IsoloMove) -> Result<(), Illegal> {
        if self.over.is_some() {
            return Err(Illegal::GameOver);
        }
        match (self.phase, mv) {
            (Phase::Kucheleka, IsoloMove::Kucheleka(c)) => self.check_kucheleka(&c),
            (Phase::Kucheleka, IsoloMove::Sow(_)) => Err(Illegal::WrongPhase(
                "the foregame winner must set up his row (kucheleka): write 8 counts, e.g. k:2,2,2,2,2,2,2,2",
            )),
            (_, IsoloMove::Kucheleka(_)) => Err(Illegal::WrongPhase(
                "kucheleka is played only after the foregame is won",
            )),
            (_, IsoloMove::Sow(p)) => {
                let i = p.index();
                if i >= PITS || p.row() != self.side {
                    return Err(Illegal::NotYourPit);
                }
                if self.pits[i] == 0 {
                    return Err(Illegal::EmptyPit);
                }
                if self.stock_exhausted() {
                    return Err(Illegal::StockExhausted);
                }
                if self.legal_mask() & (1 << i) != 0 {
                    return Ok(());
                }
                if self.rules.infinite_move == InfiniteMove::Illegal
                    && self.run(i, false).period.is_some()
                {
                    Err(Illegal::NeverEnding)
                } else {
                    Err(Illegal::SingletonRule)
                }
            }
        }
    }

    /// The kucheleka records nothing (the set-up is a jump to the new board).
    fn sowing_trace(&self, mv: IsoloMove, trace: &mut SowTrace) {
        if let IsoloMove::Sow(p) = mv {
            if self.run_with(p.index(), true, trace).period.is_some() {
                trace.summarise();
            }
        }
    }

    fn play_unchecked(&mut self, mv: IsoloMove) -> MoveEffect {
        let me = self.side;
        self.legal = LegalCache(None);
        match mv {
            IsoloMove::Kucheleka(counts) => {
                let b = base(me);
                self.pits[b..b + ROW].copy_from_slice(&counts);
                let ob = base(me.opponent());
                self.pits[ob..ob + ROW].fill(START_SEEDS);
                self.phase = Phase::Proper;
                self.plies = 0;
                self.last_laps = 0;
                MoveEffect {
                    captured: 0,
                    irreversible: true,
                }
            }
            IsoloMove::Sow(p) => {
                let foregame = self.phase == Phase::Foregame;
                let run = self.run(p.index(), true);
                self.pits = run.pits;
                if foregame {
                    self.stock_used[me.index()] += 1;
                }
                self.plies += 1;
                self.last_laps = run.laps;
                let effect = MoveEffect {
                    captured: u32::try_from(run.captured).unwrap_or(u32::MAX),
                    irreversible: foregame,
                };
                // The opponent would move next; a finished proper game keeps him as the side,
                // so that its notation reads back as the same end (his row is empty: he lost).
                self.side = me.opponent();
                if run.period.is_some() && self.rules.infinite_move == InfiniteMove::MoverLoses {
                    self.lose_phase(me, EndReason::EndlessMove);
                } else if self.row_seeds(me.opponent()) == 0 {
                    self.lose_phase(me.opponent(), EndReason::RowEmptied);
                }
                effect
            }
        }
    }

    #[inline]
    fn key(&self) -> (u128, u8) {
        let mut k = 0u128;
        for &p in &self.pits {
            k = (k << 8) | u128::from(p);
        }
        let phase = match self.phase {
            Phase::Foregame => 0,
            Phase::Kucheleka => 1,
            Phase::Proper => 2,
        };
        (k, (phase << 1) | u8::from(self.side == Side::North))
    }

    fn end_by_repetition(&mut self) -> bool {
        if self.phase != Phase::Proper || self.rules.repetition == Repetition::Off {
            return false;
        }
        self.over = Some(Outcome {
            winner: None,
            reason: EndReason::Repetition,
        });
        true
    }

    fn settle(&mut self) {
        if self.over.is_some() || self.phase == Phase::Kucheleka {
            return;
        }
        if self.row_seeds(self.side) == 0 {
            self.lose_phase(self.side, EndReason::RowEmptied);
            return;
        }
        let capacity = self.phase == Phase::Foregame && self.board_total() >= BOARD_CAPACITY;
        if capacity || self.rules.max_plies.is_some_and(|m| self.plies >= m) {
            self.over = Some(Outcome {
                winner: None,
                reason: EndReason::MaxPlies,
            });
            return;
        }
        let mask = self.compute_mask();
        self.legal = LegalCache(Some(mask));
        if mask == 0 {
            self.lose_phase(self.side, EndReason::NoLegalMove);
            self.legal = LegalCache(None);
        }
    }

    fn parse_move(&self, text: &str) -> Result<IsoloMove, ParseMoveError> {
        let t = text.trim();
        if t.len() == 1 {
            return Pit::<8>::parse(t).map(IsoloMove::Sow);
        }
        let err = |why: String| ParseMoveError {
            text: text.to_string(),
            expected: why,
        };
        let body = t
            .strip_prefix("k:")
            .or_else(|| t.strip_prefix("K:"))
            .unwrap_or(t);
        if !body.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(err(
                "a pit letter A-H (South) or a-h (North), or a kucheleka of 8 counts such as \
                 k:0,5,0,3,0,0,8,1"
                    .to_string(),
            ));
        }
        let parts: Vec<&str> = body.split([',', '-']).map(str::trim).collect();
        if parts.len() != ROW {
            return Err(err(format!(
                "a kucheleka of 8 counts separated by ',' or '-', found {} counts",
                parts.len()
            )));
        }
        let mut counts = [0u8; ROW];
        for (j, part) in parts.iter().enumerate() {
            counts[j] = part.parse::<u8>().map_err(|_| {
                err(format!(
                    "a seed count 0-{KUCHELEKA_TOTAL_LIMIT} for kucheleka pit {} (count {}), found {part:?}",
                    (b'A' + j as u8) as char,
                    j + 1
                ))
            })?;
        }
        Ok(IsoloMove::Kucheleka(counts))
    }

    fn pits(&self) -> &[u8] {
        &self.pits
    }

    /// Always `[0, 0]`: Isolo has no stores (captures are sown again).
    fn stores(&self) -> [u32; 2] {
        [0, 0]
    }

    fn extras(&self) -> Extras {
        Extras::Isolo(IsoloExtras {
            phase: self.phase,
            stock_used: self.stock_used,
            row_seeds: [self.row_seeds(Side::South), self.row_seeds(Side::North)],
            foregame_winner: self.foregame_winner,
            foregame_end: self.foregame_end,
            plies_in_phase: self.plies,
            laps: self.last_laps,
        })
    }
}

impl fmt::Display for Isolo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.phase.letter())?;
        write_board_fields(f, &self.pits, self.stock_used, self.side)
    }
}
