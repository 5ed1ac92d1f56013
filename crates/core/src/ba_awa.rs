//! Ba-awa (Ghana): relay sowing on a 2x6 board where every 4 made while sowing is captured, and a
//! match of rounds played over pit ownership. Spec: rules.md §5 and Clarifications 1, 2, 10-12.
//!
//! A position is a whole **match**: the board and captures of the current round, who owns each pit,
//! who started the round, the round number and the rounds won so far. A move that ends a round
//! (other than the last) leads straight to the start of the next round: all pits hold 4 again,
//! the owners follow the captures (a pit per 4 seeds), captures are 0 and the new round starter
//! is to move; the finished round is kept as a [`RoundEnd`] record (Clarification 12). A round
//! change is irreversible, so the first-repetition rule only compares positions of one round.
//!
//! Moves are pit letters: a player may play any non-empty pit he owns, in either row. With
//! `territory = Winner` a new round begins with set-up actions: the round's winner picks, one
//! pit per action (written as its letter), the pits of the other player's row he will own, until
//! he owns as many pits as his captures allow; then the round starter moves.
//!
//! When the player to move has no legal move he passes: the other player moves again, and no
//! ply is recorded (Clarification 10). If neither can move, the round ends and its starter takes
//! the seeds left.
//!
//! # Notation
//!
//! The Oware string (`pits-capturesS-capturesN-S`) means round 1 with the standard owners, the
//! rules' first player as round starter and no rounds played. Other states add four fields, and
//! up to two optional tagged fields:
//!
//! * field 16, the owners: 12 letters `S`/`N` in pit order (`NSSSSSNNNNNN`);
//! * field 17, the round starter: `S` or `N`;
//! * field 18, the round number: `r2`;
//! * field 19, the rounds won so far by South and North: `w1.0`;
//! * `p<k>`: the side to move is the round winner picking pits, `k` picks left;
//! * `l<S|N>`: who received the round's latest capture (kept only when it matters, under
//!   `last_eight = PenultimateCapturer`).
//!
//! `4-4-4-4-4-4-4-4-4-4-4-4-0-0-N-NSSSSSNNNNNN-N-r2-w0.1` is rules.md B5's second round. The
//! round-end record is not part of the notation (it describes the past, not the state).
//!
//! ```
//! use mancala_core::{ba_awa::{BaAwa, BaAwaRules}, Position};
//! // rules.md B3 then B5: North's capture leaves 8 seeds, which South (the round starter) takes;
//! // North (28 seeds, 7 pits) owns A in round 2, which North starts.
//! let mut p = BaAwa::from_notation("3-0-2-0-1-0-0-2-0-3-0-1-12-24-N", BaAwaRules::default())
//!     .unwrap();
//! p.play(p.parse_move("f").unwrap()).unwrap();
//! assert_eq!(p.to_string(), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N-NSSSSSNNNNNN-N-r2-w0.1");
//! assert_eq!(p.round_end().unwrap().captures, [20, 28]);
//! ```

use core::fmt;

use crate::extras::{BaAwaExtras, BaAwaMatch, BaAwaRoundEnd, Extras};
use crate::options::rule_options;
use crate::relay::{run_laps, LapRun};
use crate::sow::{parse_oware_fields, write_board_fields, Pit, PITS};
use crate::trace::{Observer, SowTrace};
use crate::{
    option_enum, EndReason, Illegal, MoveEffect, MoveList, Outcome, ParsePositionError, Position,
    Side,
};

/// A move: a pit to sow from, or during set-up a pit to take.
pub type Move = Pit<6>;

/// Seeds per pit at the start of every round.
pub const SEEDS_PER_PIT: u8 = 4;
/// All seeds in play.
pub const TOTAL_SEEDS: u32 = 48;
/// The round ends (end of move) when at most this many seeds are left on the board.
pub const LAST_SEEDS: u32 = 8;

const STANDARD_OWNERS: u16 = 0b1111_1100_0000;

option_enum! {
    /// Who receives a 4 made by a seed that is not its lap's last (BA-a).
    pub enum MidCaptureTo {
        /// The owner of the pit (Wikimanqala, EveryBoard, MancalaGames).
        Owner,
        /// The player who is sowing.
        Sower,
    }
}

option_enum! {
    /// Who receives a 4 made by a lap's last seed (BA-b); the move ends either way.
    pub enum FinalCaptureTo {
        /// The player who moved.
        Mover,
        /// The owner of the pit.
        Owner,
    }
}

option_enum! {
    /// Whether the move's origin pit is skipped (BA-c).
    pub enum SkipOrigin {
        /// No pit is skipped.
        Never,
        /// The pit the move started from receives no seed during the whole move.
        Always,
    }
}

option_enum! {
    /// When "eight seeds left" is checked (BA-d).
    pub enum RoundEndCheck {
        /// At the end of each move.
        EndOfMove,
        /// Also during a move: as soon as a capture leaves at most 8 seeds (on the board and in
        /// hand), the move stops there and the round ends.
        Instant,
    }
}

option_enum! {
    /// Who takes the last seeds of a round (BA-e).
    pub enum LastEight {
        /// The player who started the round (S3, Wikimanqala).
        RoundStarter,
        /// The player who received the round's latest capture (Nam-Nam); the starter if nobody
        /// captured.
        PenultimateCapturer,
        /// Half each (EveryBoard's "Even Ba-awa").
        Split,
    }
}

option_enum! {
    /// The player to move has no seeds to move (BA-f).
    pub enum NoMove {
        /// He passes; the other moves again. If neither can move, the round starter takes the
        /// seeds left.
        Pass,
        /// As `Pass`, and when the opponent owns no seeded pit a move must give him seeds; if
        /// none can, the round ends and each player takes the seeds in his own pits (Nam-Nam).
        MustFeed,
        /// When a player's pits are all empty after a move, the other takes every seed left and
        /// the round ends (EveryBoard).
        RowHolderTakesAll,
        /// The round ends and each player takes the seeds in the pits he owns (MancalaGames).
        OwnersTake,
    }
}

option_enum! {
    /// Which pits change hands between rounds (BA-g).
    pub enum Territory {
        /// The player with more than 6 pits owns his row and the first pits of the other row
        /// in sowing order (`a, b, ...` for South, `A, B, ...` for North).
        FirstInSowingOrder,
        /// The round's winner picks the pits of the other row he will own, one set-up action
        /// per pit.
        Winner,
    }
}

option_enum! {
    /// Who starts the next round (BA-h).
    pub enum RoundStarter {
        /// The players take turns (Nam-Nam, MancalaGames).
        Alternate,
        /// The loser of the round (alternate after a drawn round).
        LoserStarts,
        /// The winner of the round (alternate after a drawn round).
        WinnerStarts,
    }
}

option_enum! {
    /// Moves that never end (BA-j, Clarification 2).
    pub enum InfiniteMove {
        /// Such a move is not legal (not generated; `check_move` says `NeverEnding`).
        Illegal,
        /// The move is legal and ends the whole match where the cycle was detected: each
        /// player counts his captures plus the seeds in his pits, and more wins.
        EndAtDetection,
        /// The move is legal and ends the round where the cycle was detected; the round starter
        /// takes the seeds left.
        RoundEndsStarterTakes,
    }
}

option_enum! {
    /// What the first repetition of (pits, owners, captures, side, round starter) does.
    pub enum Repetition {
        /// The round ends; its starter takes the seeds left (§5.5).
        EndRoundStarterTakes,
        /// Repetitions do not end the round.
        Off,
    }
}

rule_options! {
    /// The rule options of Ba-awa (rules.md §5.6). [`BaAwaRules::default`] is the `ba-awa` preset.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct BaAwaRules {
        /// Who starts the first round.
        pub first_player: Side = side => "who starts the first round",
        /// BA-a.
        pub mid_capture_to: MidCaptureTo = choice => "BA-a: who gets a 4 made while sowing (not by the lap's last seed)",
        /// BA-b.
        pub final_capture_to: FinalCaptureTo = choice => "BA-b: who gets a 4 made by a lap's last seed",
        /// BA-c.
        pub skip_origin: SkipOrigin = choice => "BA-c: the move's origin pit receives no seed",
        /// BA-d.
        pub round_end_check: RoundEndCheck = choice => "BA-d: when 'eight seeds left' is checked",
        /// BA-e.
        pub last_eight: LastEight = choice => "BA-e: who takes the last seeds of a round",
        /// BA-f.
        pub no_move: NoMove = choice => "BA-f: the player to move has no seeds to move",
        /// BA-g.
        pub territory: Territory = choice => "BA-g: which pits change hands between rounds",
        /// BA-h.
        pub round_starter: RoundStarter = choice => "BA-h: who starts the next round",
        /// BA-i: pits that win the match (7 to 12).
        pub match_target: u8 = number(7, 12) => "BA-i: pits owned after a round that win the match",
        /// BA-j.
        pub infinite_move: InfiniteMove = choice => "BA-j: a move whose laps never end",
        /// The first-repetition rule, per round.
        pub repetition: Repetition = choice => "what the first repetition within a round does",
        /// End the match after this many rounds (more pits for the next round wins).
        pub max_rounds: Option<u32> = optional("none", 1, 1_000_000) => "end the match after this many rounds (more pits wins)",
    }
}

impl BaAwaRules {
    /// The `ba-awa` preset (rules.md §5 defaults).
    #[must_use]
    pub const fn ba_awa() -> Self {
        BaAwaRules {
            first_player: Side::South,
            mid_capture_to: MidCaptureTo::Owner,
            final_capture_to: FinalCaptureTo::Mover,
            skip_origin: SkipOrigin::Never,
            round_end_check: RoundEndCheck::EndOfMove,
            last_eight: LastEight::RoundStarter,
            no_move: NoMove::Pass,
            territory: Territory::FirstInSowingOrder,
            round_starter: RoundStarter::Alternate,
            match_target: 10,
            infinite_move: InfiniteMove::Illegal,
            repetition: Repetition::EndRoundStarterTakes,
            max_rounds: None,
        }
    }

    /// MancalaGames' `Ba-awa.txt` as far as options express it (see
    /// `shared/oracle/mancalagames/README.md`): a player to move without seeds ends the round
    /// (owners take their pits), never-ending moves are legal, no repetition rule.
    #[must_use]
    pub const fn mancalagames() -> Self {
        let mut r = Self::ba_awa();
        r.no_move = NoMove::OwnersTake;
        r.infinite_move = InfiniteMove::EndAtDetection;
        r.repetition = Repetition::Off;
        r
    }
}

impl Default for BaAwaRules {
    fn default() -> Self {
        Self::ba_awa()
    }
}

/// The record of a finished round (Clarification 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundEnd {
    /// The round's number (1 for the first).
    pub round: u32,
    /// The seeds each player captured in the round, last seeds included (South, North).
    pub captures: [u8; 2],
    /// Why the round ended.
    pub reason: EndReason,
    /// The round's winner (more captures), `None` on 24-24.
    pub winner: Option<Side>,
}

/// The state at a lap boundary (Clarification 2): the board, the pit whose seeds the next lap
/// lifts (they are the seeds in hand), and the captures so far. After the last lap, `cur` is the
/// pit of the last seed.
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    pits: [u8; PITS],
    cur: u8,
    captures: [u8; 2],
    /// Who received the latest capture: 0 nobody, 1 South, 2 North.
    last_capturer: u8,
    /// Seeds still in hand when an `Instant` round end stopped the move.
    loose: u8,
}

#[derive(Clone, Copy)]
enum Sim {
    Done(LapState),
    Endless([u8; PITS]),
}

/// A position of a Ba-awa match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaAwa {
    pits: [u8; PITS],
    /// Bit `i` set: North owns pit `i`.
    owners: u16,
    captures: [u8; 2],
    side: Side,
    starter: Side,
    round: u32,
    rounds_won: [u16; 2],
    /// Set-up picks left for the side to move (`territory = Winner`); 0 while playing.
    picks: u8,
    /// Who received the round's latest capture: 0 nobody, 1 South, 2 North.
    last_capturer: u8,
    round_end: Option<RoundEnd>,
    over: Option<Outcome>,
    legal: u16,
    rules: BaAwaRules,
}

impl BaAwa {
    /// The 12 pits.
    #[must_use]
    pub fn board(&self) -> &[u8; PITS] {
        &self.pits
    }

    /// The owner of pit `i` (0..12).
    #[inline]
    #[must_use]
    pub fn owner(&self, i: usize) -> Side {
        Side::from_index(usize::from(self.owners >> i & 1 == 1))
    }

    /// The owners of the 12 pits.
    #[must_use]
    pub fn owners(&self) -> [Side; PITS] {
        core::array::from_fn(|i| self.owner(i))
    }

    /// The number of pits each player owns (South, North).
    #[must_use]
    pub fn pits_owned(&self) -> [u32; 2] {
        let n = (self.owners & 0xfff).count_ones();
        [12 - n, n]
    }

    /// The player who started the current round (and takes its last seeds).
    #[must_use]
    pub fn round_starter(&self) -> Side {
        self.starter
    }

    /// The current round's number, 1 for the first.
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Rounds won so far by South and North.
    #[must_use]
    pub fn rounds_won(&self) -> [u16; 2] {
        self.rounds_won
    }

    /// The record of the round that the latest move finished, if it finished one.
    #[must_use]
    pub fn round_end(&self) -> Option<RoundEnd> {
        self.round_end
    }

    /// Set-up picks left for the side to move (`territory = Winner`), 0 while playing.
    #[must_use]
    pub fn picks_left(&self) -> u8 {
        self.picks
    }

    /// The side whose turn it is, or would be if the match were not over.
    #[must_use]
    pub fn side(&self) -> Side {
        self.side
    }

    /// Builds a position from its parts, validating and settling it. `owners[i]` is the owner of
    /// pit `i`; `picks` is the number of set-up picks left for the side to move.
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        pits: [u8; PITS],
        captures: [u32; 2],
        side: Side,
        owners: [Side; PITS],
        starter: Side,
        round: u32,
        rounds_won: [u16; 2],
        picks: u8,
        rules: BaAwaRules,
    ) -> Result<Self, ParsePositionError> {
        let total: u32 =
            pits.iter().map(|&x| u32::from(x)).sum::<u32>() + captures[0] + captures[1];
        if total != TOTAL_SEEDS {
            return Err(ParsePositionError::new(
                "position",
                format!("the seeds add up to {total}, expected {TOTAL_SEEDS} (12 pits x 4 seeds)"),
            ));
        }
        let mut mask = 0u16;
        for (i, o) in owners.iter().enumerate() {
            if *o == Side::North {
                mask |= 1 << i;
            }
        }
        if mask == 0 || mask == 0xfff {
            return Err(ParsePositionError::new(
                "owners (field 16)",
                "each player must own at least one pit (a player with no pit has lost the match)",
            ));
        }
        if round == 0 {
            return Err(ParsePositionError::new(
                "round (field 18)",
                "rounds are numbered from 1",
            ));
        }
        if picks > 0 {
            if rules.territory != Territory::Winner {
                return Err(ParsePositionError::new(
                    "set-up picks",
                    "set-up picks exist only with territory=Winner",
                ));
            }
            if captures != [0, 0] || pits.iter().any(|&p| p != SEEDS_PER_PIT) {
                return Err(ParsePositionError::new(
                    "set-up picks",
                    "set-up happens before the round: every pit holds 4 and nothing is captured",
                ));
            }
            let opp = side.opponent();
            let available = (0..PITS)
                .filter(|&i| {
                    Pit::<6>(i as u8).row() == opp && (mask >> i & 1 == 1) == (opp == Side::North)
                })
                .count();
            if usize::from(picks) > available {
                return Err(ParsePositionError::new(
                    "set-up picks",
                    format!(
                        "{picks} picks left but the other row has only {available} pits to take"
                    ),
                ));
            }
        }
        let mut p = BaAwa {
            pits,
            owners: mask,
            captures: [captures[0] as u8, captures[1] as u8],
            side,
            starter,
            round,
            rounds_won,
            picks,
            last_capturer: 0,
            round_end: None,
            over: None,
            legal: 0,
            rules,
        };
        if picks == 0 && Self::board_sum(&p.pits) <= LAST_SEEDS {
            // A position that the end-of-move check would already have closed.
            p.take_last_seeds(0);
            p.finish_round(EndReason::FewSeedsLeft);
        }
        p.settle();
        Ok(p)
    }

    #[inline]
    fn board_sum(pits: &[u8; PITS]) -> u32 {
        pits.iter().map(|&x| u32::from(x)).sum()
    }

    /// Seeds in the pits `side` owns.
    fn owned_seeds(&self, pits: &[u8; PITS], side: Side) -> u32 {
        (0..PITS)
            .filter(|&i| self.owner(i) == side)
            .map(|i| u32::from(pits[i]))
            .sum()
    }

    /// Runs every lap of the move from `origin`, with its captures.
    #[inline]
    fn simulate(&self, origin: usize) -> Sim {
        self.simulate_with(origin, &mut ())
    }

    /// [`BaAwa::simulate`], telling `obs` every lift, drop and capture.
    fn simulate_with<O: Observer>(&self, origin: usize, obs: &mut O) -> Sim {
        let rules = self.rules;
        let me = self.side;
        let owners = self.owners;
        let owner = move |i: usize| usize::from(owners >> i & 1 == 1);
        let skip = if rules.skip_origin == SkipOrigin::Always {
            origin
        } else {
            PITS
        };
        let instant = rules.round_end_check == RoundEndCheck::Instant;
        let start = LapState {
            pits: self.pits,
            cur: origin as u8,
            captures: self.captures,
            last_capturer: self.last_capturer,
            loose: 0,
        };
        let run = run_laps(start, |s| {
            let mut i = s.cur as usize;
            let mut hand = s.pits[i];
            obs.lift(i, u32::from(hand), false);
            s.pits[i] = 0;
            while hand > 0 {
                i = if i + 1 == PITS { 0 } else { i + 1 };
                if i == skip {
                    continue;
                }
                s.pits[i] += 1;
                obs.drop_seed(i);
                hand -= 1;
                if s.pits[i] != 4 {
                    continue;
                }
                let who = if hand > 0 {
                    match rules.mid_capture_to {
                        MidCaptureTo::Owner => owner(i),
                        MidCaptureTo::Sower => me.index(),
                    }
                } else {
                    match rules.final_capture_to {
                        FinalCaptureTo::Mover => me.index(),
                        FinalCaptureTo::Owner => owner(i),
                    }
                };
                obs.capture(i, 4, Side::from_index(who));
                s.captures[who] += 4;
                s.pits[i] = 0;
                s.last_capturer = who as u8 + 1;
                if hand == 0 {
                    // A lap-final 4 ends the move.
                    s.cur = i as u8;
                    return false;
                }
                if instant && Self::board_sum(&s.pits) + u32::from(hand) <= LAST_SEEDS {
                    s.cur = i as u8;
                    s.loose = hand;
                    return false;
                }
            }
            s.cur = i as u8;
            // 1 seed: the pit was empty, the move ends; 2, 3, 5+: relay.
            s.pits[i] >= 2
        });
        match run {
            LapRun::Ended(s) => Sim::Done(s),
            LapRun::NeverEnds { state, .. } => Sim::Endless(state.pits),
        }
    }

    /// The legal moves while playing as a bit mask, and whether the mover's moves all fail to
    /// feed an opponent without seeds (`no_move = MustFeed`).
    fn compute_legal(&self) -> (u16, bool) {
        if self.picks > 0 {
            let opp = self.side.opponent();
            let mut m = 0;
            for i in 0..PITS {
                if Pit::<6>(i as u8).row() == opp && self.owner(i) == opp {
                    m |= 1 << i;
                }
            }
            return (m, false);
        }
        let me = self.side;
        let opp = me.opponent();
        let must_feed =
            self.rules.no_move == NoMove::MustFeed && self.owned_seeds(&self.pits, opp) == 0;
        let mut all = 0u16;
        let mut feeding = 0u16;
        for i in 0..PITS {
            if self.pits[i] == 0 || self.owner(i) != me {
                continue;
            }
            match self.simulate(i) {
                Sim::Endless(_) => {
                    if self.rules.infinite_move != InfiniteMove::Illegal {
                        all |= 1 << i;
                        feeding |= 1 << i;
                    }
                }
                Sim::Done(s) => {
                    all |= 1 << i;
                    if must_feed
                        && (self.owned_seeds(&s.pits, opp) > 0
                            || Self::board_sum(&s.pits) + u32::from(s.loose) <= LAST_SEEDS)
                    {
                        feeding |= 1 << i;
                    }
                }
            }
        }
        if !must_feed {
            (all, false)
        } else if feeding != 0 {
            (feeding, false)
        } else {
            (0, all != 0)
        }
    }

    /// Every seed left on the board goes to `side`.
    fn take_all(&mut self, side: Side, extra: u32) {
        let all = Self::board_sum(&self.pits) + extra;
        self.captures[side.index()] += all as u8;
        self.pits = [0; PITS];
    }

    /// Each player takes the seeds in the pits he owns.
    fn owners_take(&mut self) {
        for i in 0..PITS {
            let o = self.owner(i).index();
            self.captures[o] += self.pits[i];
            self.pits[i] = 0;
        }
    }

    /// The last seeds of a round, by the `last_eight` rule.
    fn take_last_seeds(&mut self, loose: u32) {
        match self.rules.last_eight {
            LastEight::RoundStarter => self.take_all(self.starter, loose),
            LastEight::PenultimateCapturer => {
                let who = match self.last_capturer {
                    1 => Side::South,
                    2 => Side::North,
                    _ => self.starter,
                };
                self.take_all(who, loose);
            }
            LastEight::Split => {
                let all = Self::board_sum(&self.pits) + loose;
                let half = all / 2;
                self.captures[self.starter.index()] += (all - half) as u8;
                self.captures[self.starter.opponent().index()] += half as u8;
                self.pits = [0; PITS];
            }
        }
    }

    /// Pits each player owns in the next round: the player with more captures `s` gets
    /// `(s + 1) / 4` pits (a pit per 4 seeds; with captures that are not multiples of 4, which
    /// only some options allow, the remainder counts when it is 3, as in MancalaGames).
    fn next_pits(captures: [u8; 2]) -> [u32; 2] {
        let c = [u32::from(captures[0]), u32::from(captures[1])];
        if c[0] == c[1] {
            return [6, 6];
        }
        let g = usize::from(c[1] > c[0]);
        let m = ((c[g] + 1) / 4).min(12);
        let mut out = [0; 2];
        out[g] = m;
        out[1 - g] = 12 - m;
        out
    }

    /// The default ownership: the player with more than 6 pits owns his row and the first pits
    /// of the other row in sowing order.
    fn default_owners(pits: [u32; 2]) -> u16 {
        let mut mask = STANDARD_OWNERS;
        if pits[0] > 6 {
            for k in 0..(pits[0] - 6) {
                mask &= !(1 << (6 + k));
            }
        } else if pits[1] > 6 {
            for k in 0..(pits[1] - 6) {
                mask |= 1 << k;
            }
        }
        mask
    }

    /// Ends the current round (the seeds already distributed) and starts the next one, or ends
    /// the match.
    fn finish_round(&mut self, reason: EndReason) {
        let captures = self.captures;
        let winner = match captures[0].cmp(&captures[1]) {
            core::cmp::Ordering::Greater => Some(Side::South),
            core::cmp::Ordering::Less => Some(Side::North),
            core::cmp::Ordering::Equal => None,
        };
        if let Some(w) = winner {
            self.rounds_won[w.index()] += 1;
        }
        self.round_end = Some(RoundEnd {
            round: self.round,
            captures,
            reason,
            winner,
        });
        self.legal = 0;
        let next = Self::next_pits(captures);
        let target = u32::from(self.rules.match_target);
        for side in Side::BOTH {
            if next[side.index()] >= target || next[side.opponent().index()] == 0 {
                self.over = Some(Outcome {
                    winner: Some(side),
                    reason: EndReason::MatchWon,
                });
                return;
            }
        }
        if self.rules.max_rounds.is_some_and(|m| self.round >= m) {
            self.over = Some(Outcome::by_scores(next, EndReason::MaxRounds));
            return;
        }
        self.round += 1;
        self.pits = [SEEDS_PER_PIT; PITS];
        self.captures = [0, 0];
        self.last_capturer = 0;
        self.starter = match (self.rules.round_starter, winner) {
            (RoundStarter::LoserStarts, Some(w)) => w.opponent(),
            (RoundStarter::WinnerStarts, Some(w)) => w,
            _ => self.starter.opponent(),
        };
        self.side = self.starter;
        self.picks = 0;
        match (self.rules.territory, winner) {
            (Territory::Winner, Some(w)) if next[w.index()] > 6 => {
                self.owners = STANDARD_OWNERS;
                self.picks = (next[w.index()] - 6) as u8;
                self.side = w;
            }
            _ => self.owners = Self::default_owners(next),
        }
    }
}

impl Position for BaAwa {
    type Move = Move;
    type Key = u128;
    type Rules = BaAwaRules;

    crate::position::position_basics!(BaAwaRules, pits 6);

    fn new(rules: BaAwaRules) -> Self {
        let mut p = BaAwa {
            pits: [SEEDS_PER_PIT; PITS],
            owners: STANDARD_OWNERS,
            captures: [0, 0],
            side: rules.first_player,
            starter: rules.first_player,
            round: 1,
            rounds_won: [0, 0],
            picks: 0,
            last_capturer: 0,
            round_end: None,
            over: None,
            legal: 0,
            rules,
        };
        p.settle();
        p
    }

    fn from_notation(text: &str, rules: BaAwaRules) -> Result<Self, ParsePositionError> {
        let (pits, captures, side, rest) = parse_oware_fields(
            text,
            6,
            ", optionally then owners, round starter, round r<k>, rounds won w<S>.<N>, p<picks>, l<S|N>",
        )?;
        let mut owners: [Side; PITS] = core::array::from_fn(|i| Pit::<6>(i as u8).row());
        let mut starter = rules.first_player;
        let mut round = 1;
        let mut won = [0u16; 2];
        let mut picks = 0;
        let mut last = 0;
        if !rest.is_empty() {
            if rest.len() < 4 {
                return Err(ParsePositionError::new(
                    "position",
                    "the extended form needs owners, round starter, round and rounds won (fields 16-19)",
                ));
            }
            let o = &rest[0];
            if o.len() != PITS || !o.chars().all(|c| c == 'S' || c == 'N') {
                return Err(ParsePositionError::new(
                    "owners (field 16)",
                    format!(
                        "expected 12 letters S or N (the owner of each pit A-F, a-f), found {o:?}"
                    ),
                ));
            }
            for (i, c) in o.chars().enumerate() {
                owners[i] = if c == 'S' { Side::South } else { Side::North };
            }
            starter = match rest[1].as_str() {
                "S" => Side::South,
                "N" => Side::North,
                other => {
                    return Err(ParsePositionError::new(
                        "round starter (field 17)",
                        format!("expected S or N, found {other:?}"),
                    ))
                }
            };
            round = rest[2]
                .strip_prefix('r')
                .and_then(|n| n.parse::<u32>().ok())
                .ok_or_else(|| {
                    ParsePositionError::new(
                        "round (field 18)",
                        format!(
                            "expected r and a round number such as r2, found {:?}",
                            rest[2]
                        ),
                    )
                })?;
            won = rest[3]
                .strip_prefix('w')
                .and_then(|w| w.split_once('.'))
                .and_then(|(a, b)| Some([a.parse::<u16>().ok()?, b.parse::<u16>().ok()?]))
                .ok_or_else(|| {
                    ParsePositionError::new(
                        "rounds won (field 19)",
                        format!(
                            "expected w and the rounds won by South and North such as w1.0, found {:?}",
                            rest[3]
                        ),
                    )
                })?;
            for (j, f) in rest[4..].iter().enumerate() {
                let field = format!("field {}", 20 + j);
                if let Some(k) = f.strip_prefix('p') {
                    picks = k
                        .parse::<u8>()
                        .ok()
                        .filter(|&k| (1..=6).contains(&k))
                        .ok_or_else(|| {
                            ParsePositionError::new(
                                field.clone(),
                                format!("expected p and 1-6 set-up picks left, found {f:?}"),
                            )
                        })?;
                } else if let Some(s) = f.strip_prefix('l') {
                    last = match s {
                        "S" => 1,
                        "N" => 2,
                        _ => {
                            return Err(ParsePositionError::new(
                                field,
                                format!("expected lS or lN (the latest capturer), found {f:?}"),
                            ))
                        }
                    };
                } else {
                    return Err(ParsePositionError::new(
                        field,
                        format!("expected p<picks> or l<S|N>, found {f:?}"),
                    ));
                }
            }
        }
        let mut p = BaAwa::from_parts(
            pits, captures, side, owners, starter, round, won, picks, rules,
        )?;
        if last != 0 && p.over.is_none() {
            p.last_capturer = last;
            p.settle();
        }
        Ok(p)
    }
    #[inline]
    fn legal_moves(&self, out: &mut MoveList<Move>) {
        for i in 0..PITS {
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
        if i >= PITS {
            return Err(Illegal::NotYourPit);
        }
        if self.legal & (1 << i) != 0 {
            return Ok(());
        }
        if self.picks > 0 {
            return Err(Illegal::BadSetup(format!(
                "pit {mv} cannot be taken: pick a pit of {}'s row that {} still owns",
                self.side.opponent(),
                self.side.opponent()
            )));
        }
        if self.owner(i) != self.side {
            return Err(Illegal::NotYourPit);
        }
        if self.pits[i] == 0 {
            return Err(Illegal::EmptyPit);
        }
        Err(match self.simulate(i) {
            Sim::Endless(_) => Illegal::NeverEnding,
            Sim::Done(_) => Illegal::MustFeed,
        })
    }

    /// Set-up picks change owners only and record nothing.
    fn sowing_trace(&self, mv: Move, trace: &mut SowTrace) {
        if self.picks == 0 {
            if let Sim::Endless(_) = self.simulate_with(mv.index(), trace) {
                trace.summarise();
            }
        }
    }

    fn play_unchecked(&mut self, mv: Move) -> MoveEffect {
        let i = mv.index();
        self.round_end = None;
        self.legal = 0;
        if self.picks > 0 {
            if self.side == Side::North {
                self.owners |= 1 << i;
            } else {
                self.owners &= !(1 << i);
            }
            self.picks -= 1;
            if self.picks == 0 {
                self.side = self.starter;
            }
            return MoveEffect {
                captured: 0,
                irreversible: true,
            };
        }
        let before = u32::from(self.captures[0]) + u32::from(self.captures[1]);
        match self.simulate(i) {
            Sim::Endless(pits) => {
                self.pits = pits;
                match self.rules.infinite_move {
                    InfiniteMove::RoundEndsStarterTakes => {
                        self.take_all(self.starter, 0);
                        self.finish_round(EndReason::EndlessMove);
                    }
                    InfiniteMove::Illegal | InfiniteMove::EndAtDetection => {
                        let scores = [
                            u32::from(self.captures[0]) + self.owned_seeds(&pits, Side::South),
                            u32::from(self.captures[1]) + self.owned_seeds(&pits, Side::North),
                        ];
                        self.over = Some(Outcome::by_scores(scores, EndReason::EndlessMove));
                    }
                }
                MoveEffect {
                    captured: 0,
                    irreversible: true,
                }
            }
            Sim::Done(s) => {
                self.pits = s.pits;
                self.captures = s.captures;
                if self.rules.last_eight == LastEight::PenultimateCapturer {
                    self.last_capturer = s.last_capturer;
                }
                let captured = u32::from(s.captures[0]) + u32::from(s.captures[1]) - before;
                let loose = u32::from(s.loose);
                let me = self.side;
                self.side = me.opponent();
                if Self::board_sum(&self.pits) + loose <= LAST_SEEDS {
                    self.take_last_seeds(loose);
                    self.finish_round(EndReason::FewSeedsLeft);
                } else if self.rules.no_move == NoMove::RowHolderTakesAll {
                    for side in Side::BOTH {
                        if self.owned_seeds(&self.pits, side) == 0 {
                            self.take_all(side.opponent(), 0);
                            self.finish_round(EndReason::RowEmptied);
                            break;
                        }
                    }
                }
                MoveEffect {
                    captured,
                    irreversible: captured > 0 || self.round_end.is_some(),
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
        k = (k << 12) | u128::from(self.owners & 0xfff);
        k = (k << 6) | u128::from(self.captures[0] & 63);
        k = (k << 6) | u128::from(self.captures[1] & 63);
        k = (k << 3) | u128::from(self.picks & 7);
        (k << 2)
            | (u128::from(self.side == Side::North) << 1)
            | u128::from(self.starter == Side::North)
    }

    fn end_by_repetition(&mut self) -> bool {
        match self.rules.repetition {
            Repetition::Off => false,
            Repetition::EndRoundStarterTakes => {
                self.take_all(self.starter, 0);
                self.finish_round(EndReason::Repetition);
                true
            }
        }
    }

    fn settle(&mut self) {
        // Whether the turn has just passed to the other player (no ply is recorded).
        let mut passed = false;
        loop {
            if self.over.is_some() {
                self.legal = 0;
                return;
            }
            let (legal, cannot_feed) = self.compute_legal();
            self.legal = legal;
            if legal != 0 {
                return;
            }
            if cannot_feed {
                self.owners_take();
                self.finish_round(EndReason::CannotFeed);
            } else if passed {
                // Neither player can move: the round starter takes the seeds left.
                self.take_all(self.starter, 0);
                self.finish_round(EndReason::NoLegalMove);
            } else if self.rules.no_move == NoMove::OwnersTake {
                self.owners_take();
                self.finish_round(EndReason::NoLegalMove);
            } else {
                self.side = self.side.opponent();
                passed = true;
                continue;
            }
            passed = false;
        }
    }
    fn stores(&self) -> [u32; 2] {
        [u32::from(self.captures[0]), u32::from(self.captures[1])]
    }

    /// Agreement ends the whole match: the round in play is scored with each player taking the
    /// seeds in the pits he owns (his "own row" in this game, where pits change hands), and whoever
    /// then holds more seeds of that round (and so would own more pits in the next one) wins the
    /// match; equal is a draw.
    fn agreement_outcome(&self) -> Outcome {
        let mut scores = self.stores();
        for (i, &seeds) in self.pits.iter().enumerate() {
            scores[self.owner(i).index()] += u32::from(seeds);
        }
        Outcome::by_scores(scores, EndReason::Agreement)
    }

    fn extras(&self) -> Extras {
        Extras::BaAwa(BaAwaExtras {
            owners: self.owners().to_vec(),
            round: self.round,
            match_state: BaAwaMatch {
                pits: self.pits_owned(),
                rounds_won: self.rounds_won.map(u32::from),
                target: u32::from(self.rules.match_target),
                starter: self.starter,
                setup_picks: u32::from(self.picks),
            },
            round_end: self.round_end.map(|r| BaAwaRoundEnd {
                round: r.round,
                captures: r.captures.map(u32::from),
                reason: r.reason,
                winner: r.winner,
            }),
        })
    }
}

impl fmt::Display for BaAwa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board_fields(f, &self.pits, self.captures, self.side)?;
        let plain = self.owners == STANDARD_OWNERS
            && self.starter == self.rules.first_player
            && self.round == 1
            && self.rounds_won == [0, 0]
            && self.picks == 0
            && self.last_capturer == 0;
        if plain {
            return Ok(());
        }
        f.write_str("-")?;
        for s in self.owners() {
            write!(f, "{}", s.letter())?;
        }
        write!(
            f,
            "-{}-r{}-w{}.{}",
            self.starter.letter(),
            self.round,
            self.rounds_won[0],
            self.rounds_won[1]
        )?;
        if self.picks > 0 {
            write!(f, "-p{}", self.picks)?;
        }
        if self.last_capturer != 0 && self.rules.last_eight == LastEight::PenultimateCapturer {
            let s = if self.last_capturer == 1 { 'S' } else { 'N' };
            write!(f, "-l{s}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<BaAwa, ParsePositionError> {
        BaAwa::from_notation(text, BaAwaRules::default())
    }

    #[test]
    fn start_is_the_plain_oware_string() {
        let p = BaAwa::new(BaAwaRules::default());
        assert_eq!(p.to_string(), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
        assert_eq!(p.pits_owned(), [6, 6]);
        assert_eq!(parse(&p.to_string()).unwrap(), p);
    }

    #[test]
    fn bad_positions_say_which_field() {
        let e = parse("4-4-4-4-4-4-4-4-4-4-4-4-0-4-S").unwrap_err();
        assert_eq!(e.field, "position");
        assert!(e.message.contains("add up to 52"), "{e}");
        let start = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S";
        for (rest, field) in [
            ("SSSSSSNNNNNX-S-r2-w0.0", "owners (field 16)"),
            ("SSSSSSSSSSSS-S-r2-w0.0", "owners (field 16)"),
            ("SSSSSSNNNNNN-X-r2-w0.0", "round starter (field 17)"),
            ("SSSSSSNNNNNN-S-2-w0.0", "round (field 18)"),
            ("SSSSSSNNNNNN-S-r2-w0", "rounds won (field 19)"),
            ("SSSSSSNNNNNN-S-r2-w0.0-p1", "set-up picks"),
            ("SSSSSSNNNNNN-S-r2-w0.0-q", "field 20"),
            ("SSSSSSNNNNNN", "position"),
        ] {
            let e = parse(&format!("{start}-{rest}")).unwrap_err();
            assert_eq!(e.field, field, "{rest}");
        }
    }

    #[test]
    fn pits_change_hands_in_sowing_order() {
        // rules.md §5.5: South with 8 pits owns his row and a, b; North with 9 owns A, B, C.
        assert_eq!(BaAwa::default_owners([8, 4]), 0b1111_0000_0000);
        assert_eq!(BaAwa::default_owners([3, 9]), 0b1111_1100_0111);
        assert_eq!(BaAwa::default_owners([6, 6]), STANDARD_OWNERS);
        assert_eq!(BaAwa::next_pits([20, 28]), [5, 7]);
        assert_eq!(BaAwa::next_pits([24, 24]), [6, 6]);
        assert_eq!(BaAwa::next_pits([48, 0]), [12, 0]);
    }

    #[test]
    fn a_board_of_eight_ends_the_round_at_once() {
        let p = parse("0-0-0-0-0-0-2-2-2-2-0-0-24-16-N").unwrap();
        assert_eq!(p.round(), 2);
        assert_eq!(p.round_end().unwrap().captures, [32, 16]);
    }

    #[test]
    fn a_pass_is_not_a_ply() {
        // South owns no seeded pit: North is to move at once.
        let p = parse("0-0-0-0-0-0-2-2-2-2-2-2-20-16-S").unwrap();
        assert_eq!(p.to_move(), Some(Side::North));
    }
}
