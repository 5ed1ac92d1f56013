//! Ọlọwuka (Yoruba, Nigeria): relay sowing on a 2x6 board, 2/3 captures after the last lap, and a
//! grand slam that leaves the chain's last pit. Spec: rules.md §4 and Clarifications 1, 2 and 9.
//!
//! A move lifts every seed of one of the mover's non-empty pits and sows them counter-clockwise.
//! Where the lap's last seed lands decides what follows (§4.3): a pit of the opponent's row that
//! now holds 2 or 3 is captured (with the backward chain) and the move ends; a pit that now holds
//! 4 or more is lifted and sown as a new lap; otherwise the move ends. A move that never ends (a
//! lap-boundary state repeats, found exactly by [`crate::relay::run_laps`]) is not legal under the
//! default `infinite_move = Illegal`.
//!
//! Must-not-starve is judged on the final position of a move, after all its laps and captures:
//! if some move leaves the opponent a seed, only such moves are legal.
//!
//! # Notation
//!
//! The Oware string, 15 fields: `4-4-4-4-4-4-4-4-4-4-4-4-0-0-S` (12 pits in sowing order, South's
//! store, North's store, side to move).
//!
//! ```
//! use mancala_core::{olowuka::{Olowuka, OlowukaRules}, Position};
//! // rules.md O1: S0's worked example, an 11-seed grand slam that leaves `a` its 2 seeds.
//! let mut p = Olowuka::from_notation("4-3-5-2-0-5-1-1-1-1-1-2-10-12-S", OlowukaRules::default())
//!     .unwrap();
//! p.play(p.parse_move("D").unwrap()).unwrap();
//! assert_eq!(p.to_string(), "4-3-5-0-1-0-2-0-0-0-0-0-21-12-N");
//! ```

use core::fmt;

use crate::extras::{Extras, OlowukaExtras};
use crate::options::rule_options;
use crate::relay::{run_laps, LapRun};
use crate::sow::{
    capture_chain, check_seed_total, parse_oware_fields, row_empty, row_range, row_start, row_sum,
    sow_lap, write_board_fields, Pit, PITS,
};
use crate::trace::{Observer, SowTrace};
use crate::{
    option_enum, EndReason, Illegal, MoveEffect, MoveList, Outcome, ParsePositionError, Position,
    Side,
};

/// A move: the pit to sow from.
pub type Move = Pit<6>;

option_enum! {
    /// When the pit of a lap's last seed is lifted for a new lap (OL-a).
    pub enum RelayThreshold {
        /// It holds 4 or more after the drop (MancalaGames; the default).
        AfterDrop,
        /// It held 4 or more before the drop, i.e. 5 or more after it.
        BeforeDrop,
    }
}

option_enum! {
    /// What a capture chain that would empty the opponent's row does (OL-d).
    pub enum GrandSlam {
        /// Every chain pit is taken except the chain's last one (S0's worked example).
        LeaveLastPit,
        /// Every chain pit is taken except the pit of the last seed.
        LeaveLandingPit,
        /// The opponent's first pit in sowing order (`a` against South, `A` against North) keeps
        /// its seeds when it is in the chain; when the chain does not reach it (it is then empty)
        /// the whole chain is taken.
        LeaveFirstPit,
        /// The whole chain is taken.
        Allowed,
        /// Nothing is taken.
        CaptureForfeited,
    }
}

option_enum! {
    /// A grand slam whose chain is a single pit (OL-e), under the `Leave...` grand-slam rules.
    pub enum SinglePitGrandSlam {
        /// Nothing is captured; the pit keeps its seeds (S0).
        NoCapture,
        /// The pit is captured (MancalaGames).
        Capture,
    }
}

option_enum! {
    /// Whether laps skip a pit (OL-f).
    pub enum SkipOrigin {
        /// No pit is skipped.
        Never,
        /// The pit the move started from is skipped by every lap of the move (Ayo practice).
        Always,
        /// Each lap skips the pit it was lifted from (matters for laps of 12 or more seeds).
        LapOrigin,
    }
}

option_enum! {
    /// The must-not-starve rule (§4.2, OL-g).
    pub enum MustNotStarve {
        /// If some move leaves the opponent a seed, only such moves are legal; else all are.
        IfPossible,
        /// As `IfPossible`, but when every move starves the opponent the game ends before the
        /// move and each player takes his own row.
        ElseGameEnds,
        /// No such rule (MancalaGames).
        Off,
    }
}

option_enum! {
    /// What happens when the player to move has no legal move (OL-h).
    pub enum NoMoveEnd {
        /// The game ends; each player takes the seeds of his own row.
        OwnRows,
        /// The game ends; the player to move takes every seed left.
        MoverTakesAll,
        /// The game ends; seeds left on the board are not scored.
        RemainingUnscored,
    }
}

option_enum! {
    /// What the first repetition of (pits, scores, side to move) does.
    pub enum Repetition {
        /// The game ends and each player takes the seeds of his own row.
        EndOwnRows,
        /// The game ends; seeds on the board are not scored.
        EndUnscored,
        /// The game ends as a draw.
        Draw,
        /// Repetitions do not end the game.
        Off,
    }
}

option_enum! {
    /// Moves that never end (Clarification 2).
    pub enum InfiniteMove {
        /// Such a move is not legal (not generated; `check_move` says `NeverEnding`).
        Illegal,
        /// The move is legal; the game ends where the cycle was detected (the board as it is
        /// at that lap boundary, seeds about to be lifted still in their pit), each player
        /// taking his own row.
        EndAtDetection,
        /// The move is legal and the game ends in a draw at detection (board as above).
        Draw,
    }
}

rule_options! {
    /// The rule options of Ọlọwuka (rules.md §4.6). [`OlowukaRules::default`] is the `olowuka` preset.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct OlowukaRules {
        /// Seeds per pit at the start (1 to 20); the winning score is more than half of all seeds.
        pub seeds: u8 = number(1, 20) => "seeds per pit at the start",
        /// Who moves first.
        pub first_player: Side = side => "who moves first",
        /// OL-a: when a lap's last pit is relayed.
        pub relay_threshold: RelayThreshold = choice => "OL-a: relay when the last pit holds 4+ after the drop, or held 4+ before it",
        /// OL-b: a last seed that makes 2 or 3 in the mover's own row (or any occupied pit that is
        /// not captured) relays instead of ending the move (Ayo / J'erin style).
        pub relay_on_any_occupied: bool = switch => "OL-b: any occupied last pit that is not captured relays (Ayo style)",
        /// OL-c: only pits of the mover's own row are relayed.
        pub relay_own_row_only: bool = switch => "OL-c: only pits of the mover's row relay",
        /// OL-d: the grand-slam policy.
        pub grand_slam: GrandSlam = choice => "OL-d: a capture chain that would empty the opponent's row",
        /// OL-e: a grand slam of one pit.
        pub single_pit_grand_slam: SinglePitGrandSlam = choice => "OL-e: a grand slam of a single pit",
        /// MancalaGames' definition: a capture that empties the opponent's row is a grand slam only
        /// if the opponent had seeds when the move began.
        pub slam_needs_opponent_seeds: bool = switch => "a grand slam only when the opponent had seeds as the move began (MancalaGames)",
        /// OL-f: skipped pits.
        pub skip_origin: SkipOrigin = choice => "OL-f: pits that laps skip",
        /// §4.2 / OL-g.
        pub must_not_starve: MustNotStarve = choice => "OL-g: a move must leave the opponent a seed (judged after all laps and captures)",
        /// OL-h.
        pub no_move_end: NoMoveEnd = choice => "OL-h: what happens when the player to move has no legal move",
        /// The first-repetition rule.
        pub repetition: Repetition = choice => "what the first repetition of (pits, scores, side) does",
        /// End the game (each player takes his own row) after this many plies.
        pub max_plies: Option<u32> = optional("none", 1, 1_000_000) => "end the game after this many plies, each player taking his own row",
        /// Moves that never end.
        pub infinite_move: InfiniteMove = choice => "a move whose laps never end",
        /// MancalaGames: the game ends (each takes his own row) when exactly one seed is left.
        pub end_at_one_seed: bool = switch => "the game ends when one seed is left (MancalaGames)",
    }
}

impl OlowukaRules {
    /// The `olowuka` preset (rules.md §4 defaults).
    #[must_use]
    pub const fn olowuka() -> Self {
        OlowukaRules {
            seeds: 4,
            first_player: Side::South,
            relay_threshold: RelayThreshold::AfterDrop,
            relay_on_any_occupied: false,
            relay_own_row_only: false,
            grand_slam: GrandSlam::LeaveLastPit,
            single_pit_grand_slam: SinglePitGrandSlam::NoCapture,
            slam_needs_opponent_seeds: false,
            skip_origin: SkipOrigin::Never,
            must_not_starve: MustNotStarve::IfPossible,
            no_move_end: NoMoveEnd::OwnRows,
            repetition: Repetition::EndOwnRows,
            max_plies: None,
            infinite_move: InfiniteMove::Illegal,
            end_at_one_seed: false,
        }
    }

    /// The rules of MancalaGames' `Olowuka.txt` as far as options can express them (see
    /// `shared/oracle/mancalagames/README.md`): no must-not-starve, a one-pit grand slam is
    /// captured, a grand slam needs an opponent who had seeds, one seed left ends the game, no
    /// repetition rule.
    #[must_use]
    pub const fn mancalagames() -> Self {
        let mut r = Self::olowuka();
        r.must_not_starve = MustNotStarve::Off;
        r.single_pit_grand_slam = SinglePitGrandSlam::Capture;
        r.slam_needs_opponent_seeds = true;
        r.end_at_one_seed = true;
        r.repetition = Repetition::Off;
        r
    }

    /// All seeds in play.
    #[must_use]
    pub const fn total_seeds(&self) -> u32 {
        self.seeds as u32 * PITS as u32
    }
}

impl Default for OlowukaRules {
    fn default() -> Self {
        Self::olowuka()
    }
}

/// The state at a lap boundary: the board, and the pit whose seeds the next lap lifts (its seeds
/// are the seeds in hand). After the last lap, `cur` is the pit of the last seed.
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    pits: [u8; PITS],
    cur: u8,
}

/// The result of simulating a move on a copy of the board.
#[derive(Clone, Copy)]
enum Sim {
    /// The move ends: the board after captures, and the seeds captured.
    Done { pits: [u8; PITS], captured: u32 },
    /// The move never ends: the board at the lap boundary where the cycle was detected.
    Endless { pits: [u8; PITS] },
}

/// One seed at a time, never dropping into `skip`; returns the pit of the last seed.
pub(crate) fn sow_skipping(pits: &mut [u8; PITS], from: usize, skip: usize) -> usize {
    let mut hand = pits[from];
    pits[from] = 0;
    let mut i = from;
    while hand > 0 {
        i = if i + 1 == PITS { 0 } else { i + 1 };
        if i == skip {
            continue;
        }
        pits[i] += 1;
        hand -= 1;
    }
    i
}

/// A position of Ọlọwuka.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Olowuka {
    pits: [u8; PITS],
    stores: [u8; 2],
    side: Side,
    plies: u32,
    over: Option<Outcome>,
    /// The legal moves (bit per pit), computed when the position is settled.
    legal: u16,
    rules: OlowukaRules,
}

impl Olowuka {
    /// The 12 pits.
    #[must_use]
    pub fn board(&self) -> &[u8; PITS] {
        &self.pits
    }

    /// The side whose turn it is, or would be if the game were not over.
    #[must_use]
    pub fn side(&self) -> Side {
        self.side
    }

    /// Plies played since the start (or since the position was read).
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// A position with no ply played and its moves not yet worked out.
    fn unsettled(pits: [u8; PITS], stores: [u8; 2], side: Side, rules: OlowukaRules) -> Self {
        Olowuka {
            pits,
            stores,
            side,
            plies: 0,
            over: None,
            legal: 0,
            rules,
        }
    }

    /// Builds a position from its parts, validating the seed total and settling it.
    pub fn from_parts(
        pits: [u8; PITS],
        stores: [u32; 2],
        side: Side,
        rules: OlowukaRules,
    ) -> Result<Self, ParsePositionError> {
        check_seed_total(&pits, stores, rules.seeds)?;
        let mut p = Olowuka::unsettled(pits, [stores[0] as u8, stores[1] as u8], side, rules);
        p.over = p.threshold_outcome();
        p.settle();
        Ok(p)
    }

    /// Runs every lap of the move from `origin` and works out its capture.
    #[inline]
    fn simulate(&self, origin: usize) -> Sim {
        self.simulate_with(origin, &mut ())
    }

    /// [`Olowuka::simulate`], telling `obs` every lift, drop and capture.
    fn simulate_with<O: Observer>(&self, origin: usize, obs: &mut O) -> Sim {
        let rules = self.rules;
        let me = self.side;
        let opp = self.side.opponent();
        let threshold = match rules.relay_threshold {
            RelayThreshold::AfterDrop => 4,
            RelayThreshold::BeforeDrop => 5,
        };
        let start = LapState {
            pits: self.pits,
            cur: origin as u8,
        };
        let run = run_laps(start, |s| {
            let from = s.cur as usize;
            if O::ACTIVE {
                let n = u32::from(s.pits[from]);
                obs.lift(from, n, false);
                let skip = match rules.skip_origin {
                    SkipOrigin::Never => None,
                    SkipOrigin::LapOrigin => Some(from),
                    SkipOrigin::Always => Some(origin),
                };
                obs.sow_ring(from, n, PITS, skip);
            }
            let last = match rules.skip_origin {
                SkipOrigin::Never => sow_lap(&mut s.pits, from, false),
                SkipOrigin::LapOrigin => sow_lap(&mut s.pits, from, true),
                SkipOrigin::Always if from == origin => sow_lap(&mut s.pits, from, true),
                SkipOrigin::Always => sow_skipping(&mut s.pits, from, origin),
            };
            s.cur = last as u8;
            let c = s.pits[last];
            let in_opp = Pit::<6>(last as u8).row() == opp;
            if in_opp && (c == 2 || c == 3) {
                return false;
            }
            let occupied_relay = rules.relay_on_any_occupied && c >= 2;
            if in_opp {
                (c >= threshold || occupied_relay) && !rules.relay_own_row_only
            } else {
                c >= threshold || occupied_relay
            }
        });
        let s = match run {
            LapRun::NeverEnds { state, .. } => return Sim::Endless { pits: state.pits },
            LapRun::Ended(s) => s,
        };
        let mut pits = s.pits;
        let last = s.cur as usize;
        let mut captured = 0;
        let c = pits[last];
        if Pit::<6>(last as u8).row() == opp && (c == 2 || c == 3) {
            let (count, seeds) = capture_chain(&pits, last, opp, None);
            let slam = seeds == row_sum(&pits, opp)
                && !(rules.slam_needs_opponent_seeds && row_empty(&self.pits, opp));
            // Chain pits are last, last-1, ...; take those with offset in `from..to`.
            let (from, to) = if !slam {
                (0, count)
            } else {
                match rules.grand_slam {
                    GrandSlam::Allowed => (0, count),
                    GrandSlam::CaptureForfeited => (0, 0),
                    GrandSlam::LeaveLastPit
                    | GrandSlam::LeaveLandingPit
                    | GrandSlam::LeaveFirstPit
                        if count == 1 =>
                    {
                        match rules.single_pit_grand_slam {
                            SinglePitGrandSlam::NoCapture => (0, 0),
                            SinglePitGrandSlam::Capture => (0, 1),
                        }
                    }
                    GrandSlam::LeaveLastPit => (0, count - 1),
                    GrandSlam::LeaveLandingPit => (1, count),
                    GrandSlam::LeaveFirstPit if last + 1 - count == row_start(opp) => {
                        (0, count - 1)
                    }
                    GrandSlam::LeaveFirstPit => (0, count),
                }
            };
            for j in from..to {
                obs.capture(last - j, u32::from(pits[last - j]), me);
                captured += u32::from(pits[last - j]);
                pits[last - j] = 0;
            }
            if O::ACTIVE && slam && to - from < count {
                let kept: Vec<usize> = (0..count)
                    .filter(|j| !(from..to).contains(j))
                    .map(|j| last - j)
                    .collect();
                let why = match rules.grand_slam {
                    GrandSlam::CaptureForfeited => "grand slam: nothing is taken",
                    _ if to == from => "grand slam of a single pit: nothing is taken",
                    GrandSlam::LeaveLastPit => "grand slam: the chain's last pit is left",
                    GrandSlam::LeaveLandingPit => "grand slam: the pit of the last seed is left",
                    _ => "grand slam: the opponent's first pit is left",
                };
                obs.no_capture(kept, why);
            }
        }
        Sim::Done { pits, captured }
    }

    /// The legal moves as a bit mask, and whether the mover has moves that all starve the
    /// opponent (for `must_not_starve = ElseGameEnds`).
    fn compute_legal(&self) -> (u16, bool) {
        if self.over.is_some() {
            return (0, false);
        }
        let opp = self.side.opponent();
        let mut all = 0u16;
        let mut feeding = 0u16;
        for i in row_range(self.side) {
            if self.pits[i] == 0 {
                continue;
            }
            match self.simulate(i) {
                Sim::Endless { .. } => {
                    if self.rules.infinite_move != InfiniteMove::Illegal {
                        all |= 1 << i;
                        feeding |= 1 << i;
                    }
                }
                Sim::Done { pits, .. } => {
                    all |= 1 << i;
                    if !row_empty(&pits, opp) {
                        feeding |= 1 << i;
                    }
                }
            }
        }
        match self.rules.must_not_starve {
            MustNotStarve::Off => (all, false),
            _ if feeding != 0 => (feeding, false),
            MustNotStarve::IfPossible => (all, false),
            MustNotStarve::ElseGameEnds => (0, all != 0),
        }
    }

    /// More than half of the seeds wins at once; half each is a draw.
    fn threshold_outcome(&self) -> Option<Outcome> {
        let total = self.rules.total_seeds();
        Outcome::by_threshold(self.store_scores(), total, total / 2 + 1, true)
    }

    fn store_scores(&self) -> [u32; 2] {
        [u32::from(self.stores[0]), u32::from(self.stores[1])]
    }

    fn end_own_rows(&mut self, reason: EndReason) {
        for side in Side::BOTH {
            self.stores[side.index()] += row_sum(&self.pits, side) as u8;
        }
        self.pits = [0; PITS];
        self.legal = 0;
        self.over = Some(Outcome::by_scores(self.store_scores(), reason));
    }

    fn end_unscored(&mut self, reason: EndReason) {
        self.legal = 0;
        self.over = Some(Outcome::by_scores(self.store_scores(), reason));
    }
}

impl Position for Olowuka {
    type Move = Move;
    type Key = u128;
    type Rules = OlowukaRules;

    crate::position::position_basics!(OlowukaRules, pits 6);

    fn new(rules: OlowukaRules) -> Self {
        let mut p = Olowuka::unsettled([rules.seeds; PITS], [0, 0], rules.first_player, rules);
        p.settle();
        p
    }

    fn from_notation(text: &str, rules: OlowukaRules) -> Result<Self, ParsePositionError> {
        let (pits, stores, side, _) = parse_oware_fields(text, 0, "")?;
        Olowuka::from_parts(pits, stores, side, rules)
    }
    #[inline]
    fn legal_moves(&self, out: &mut MoveList<Move>) {
        for i in row_range(self.side) {
            if self.legal & (1 << i) != 0 {
                out.push(Pit(i as u8));
            }
        }
    }

    fn check_move(&self, mv: Move) -> Result<(), Illegal> {
        if self.over.is_some() {
            return Err(Illegal::GameOver);
        }
        let i = mv.index();
        if i >= PITS || mv.row() != self.side {
            return Err(Illegal::NotYourPit);
        }
        if self.pits[i] == 0 {
            return Err(Illegal::EmptyPit);
        }
        if self.legal & (1 << i) != 0 {
            return Ok(());
        }
        Err(match self.simulate(i) {
            Sim::Endless { .. } => Illegal::NeverEnding,
            Sim::Done { .. } => Illegal::MustNotStarve,
        })
    }

    fn sowing_trace(&self, mv: Move, trace: &mut SowTrace) {
        if let Sim::Endless { .. } = self.simulate_with(mv.index(), trace) {
            trace.summarise();
        }
    }

    fn play_unchecked(&mut self, mv: Move) -> MoveEffect {
        let me = self.side;
        self.plies += 1;
        self.legal = 0;
        match self.simulate(mv.index()) {
            Sim::Endless { pits } => {
                self.pits = pits;
                match self.rules.infinite_move {
                    InfiniteMove::Draw => {
                        self.over = Some(Outcome {
                            winner: None,
                            reason: EndReason::EndlessMove,
                        });
                    }
                    InfiniteMove::Illegal | InfiniteMove::EndAtDetection => {
                        self.end_own_rows(EndReason::EndlessMove);
                    }
                }
                MoveEffect {
                    captured: 0,
                    irreversible: true,
                }
            }
            Sim::Done { pits, captured } => {
                self.pits = pits;
                self.stores[me.index()] += captured as u8;
                self.side = me.opponent();
                self.over = self.threshold_outcome();
                MoveEffect {
                    captured,
                    irreversible: captured > 0,
                }
            }
        }
    }

    #[inline]
    fn key(&self) -> u128 {
        let mut k = 0u128;
        for &p in &self.pits {
            k = (k << 8) | u128::from(p);
        }
        k = (k << 8) | u128::from(self.stores[0]);
        k = (k << 8) | u128::from(self.stores[1]);
        (k << 1) | u128::from(self.side == Side::North)
    }

    fn end_by_repetition(&mut self) -> bool {
        match self.rules.repetition {
            Repetition::Off => return false,
            Repetition::EndOwnRows => self.end_own_rows(EndReason::Repetition),
            Repetition::EndUnscored => self.end_unscored(EndReason::Repetition),
            Repetition::Draw => {
                self.legal = 0;
                self.over = Some(Outcome {
                    winner: None,
                    reason: EndReason::Repetition,
                });
            }
        }
        true
    }

    fn settle(&mut self) {
        if self.over.is_some() {
            self.legal = 0;
            return;
        }
        if let Some(max) = self.rules.max_plies {
            if self.plies >= max {
                self.end_own_rows(EndReason::MaxPlies);
                return;
            }
        }
        if self.rules.end_at_one_seed && self.pits.iter().map(|&x| u32::from(x)).sum::<u32>() == 1 {
            self.end_own_rows(EndReason::FewSeedsLeft);
            return;
        }
        let (legal, all_starve) = self.compute_legal();
        self.legal = legal;
        if legal != 0 {
            return;
        }
        if all_starve {
            self.end_own_rows(EndReason::CannotFeed);
            return;
        }
        match self.rules.no_move_end {
            NoMoveEnd::OwnRows => self.end_own_rows(EndReason::NoLegalMove),
            NoMoveEnd::RemainingUnscored => self.end_unscored(EndReason::NoLegalMove),
            NoMoveEnd::MoverTakesAll => {
                let all: u32 = self.pits.iter().map(|&x| u32::from(x)).sum();
                self.stores[self.side.index()] += all as u8;
                self.pits = [0; PITS];
                self.end_unscored(EndReason::NoLegalMove);
            }
        }
    }
    fn stores(&self) -> [u32; 2] {
        self.store_scores()
    }

    fn extras(&self) -> Extras {
        let owners = (0..PITS).map(|i| Pit::<6>(i as u8).row()).collect();
        Extras::Olowuka(OlowukaExtras { owners })
    }
}

impl fmt::Display for Olowuka {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board_fields(f, &self.pits, self.stores, self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(start: &str, mv: &str, rules: OlowukaRules) -> String {
        let mut p = Olowuka::from_notation(start, rules).unwrap();
        p.play(p.parse_move(mv).unwrap()).unwrap();
        p.to_string()
    }

    #[test]
    fn start_has_six_moves() {
        let p = Olowuka::new(OlowukaRules::default());
        assert_eq!(p.legal_move_list().len(), 6);
    }

    #[test]
    fn o3_relay_on_any_occupied() {
        let r = OlowukaRules {
            relay_on_any_occupied: true,
            ..OlowukaRules::default()
        };
        assert_eq!(
            after("3-0-0-1-0-0-2-2-2-2-2-2-16-16-S", "A", r),
            "0-1-1-0-1-1-2-2-2-2-2-2-16-16-N"
        );
    }

    #[test]
    fn sow_skipping_skips() {
        let mut p = [0u8; PITS];
        p[3] = 13;
        let last = sow_skipping(&mut p, 3, 5);
        // 13 seeds over 10 pits (not 3, not 5): pits 4 and 6..=11, 0..=2 get 1, then 4, 6, 7 get one more.
        assert_eq!(p[5], 0);
        assert_eq!(p[3], 1);
        assert_eq!(p.iter().map(|&x| u32::from(x)).sum::<u32>(), 13);
        assert_eq!(last, 6);
    }
}
