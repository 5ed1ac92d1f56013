//! The Oware family: `oware` (the Oware app's rules read literally), `abapa` (international
//! tournament rules, identical to OpenSpiel's `oware`), `wuri` and `ouril` (Cabo Verde, with the
//! singleton rule and the grand-slam extra turn). Spec: rules.md §1, §2, §3.
//!
//! All four share one position type, [`Oware`], and differ only in their [`OwareRules`].
//!
//! # Notation
//!
//! `4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`: the 12 pits in sowing order (South `A..F`, then North
//! `a..f`), South's store, North's store, and the side to move (`S` or `N`). This is the string of
//! Aualé and the Aalina engine. One optional field extends it: a trailing `-x` marks Ouril's
//! grand-slam extra turn (`2-0-0-3-0-0-0-0-0-0-0-0-19-24-S-x`); strings without it mean what they
//! always meant.
//!
//! ```
//! use mancala_core::{oware::{Oware, OwareRules}, Position};
//! let p = Oware::from_notation("19-1-0-0-0-0-0-1-0-4-2-5-8-8-S", OwareRules::oware()).unwrap();
//! let mut q = p;
//! let mv = q.parse_move("A").unwrap();
//! q.play(mv).unwrap();
//! assert_eq!(q.to_string(), "0-3-2-2-2-2-0-0-0-5-3-6-15-8-N");
//! ```

use core::fmt;

use crate::extras::{Extras, OwareExtras};
use crate::options::rule_options;
use crate::sow::{
    capture_chain, check_seed_total, parse_oware_fields, row_empty, row_range, row_start, row_sum,
    sow_lap, write_board_fields, Pit, LAP_MASKS, PITS,
};
use crate::trace::SowTrace;
use crate::{
    option_enum, EndReason, Illegal, MoveEffect, MoveList, Outcome, ParsePositionError, Position,
    Side,
};

/// A move of a 2x6 game: the pit to sow from.
pub type Move = Pit<6>;

option_enum! {
    /// What happens to a capture that would take every seed of the opponent's row (rules.md §0.5).
    pub enum GrandSlam {
        /// The capture is made.
        Allowed,
        /// The move is legal but captures nothing (international Abapa, OpenSpiel, Aualé).
        CaptureForfeited,
        /// Grand-slam moves are not legal (Ludii); with no other move the player has no move.
        Illegal,
        /// Grand-slam moves are not legal unless every candidate is one; then the mover must play
        /// one and loses at once (the Oware app's text read literally).
        IllegalElseLoses,
        /// Every pit of the chain is taken except its last one (Ọlọwuka).
        LeaveLastPit,
        /// The capture is made and the mover plays again, a move that must feed (Ouril).
        OurilExtraTurn,
        /// A move that leaves the opponent's row empty (by capturing all of it, or by not feeding
        /// an empty row) is not legal unless every move does so; then any of them may be played
        /// and its captures are made (Awari as Romein and Bal solved it). Implies must-feed.
        NoStarving,
    }
}

option_enum! {
    /// What happens when the player to move has no legal move (rules.md §0.5).
    pub enum NoMoveEnd {
        /// The game ends; seeds left on the board are not scored.
        RemainingUnscored,
        /// The game ends; each player takes the seeds of his own row.
        OwnRows,
        /// The game ends; the player to move takes every seed left.
        MoverTakesAll,
        /// The other player moves instead; if he cannot either, each takes his own row.
        Pass,
        /// The game ends; the opponent of the player to move takes every seed left (Awari: a
        /// player with no seeds to move leaves the rest to his opponent).
        OpponentTakesAll,
    }
}

option_enum! {
    /// What the first repetition of a position does (rules.md §0.5, §1.5, §2.5).
    pub enum Repetition {
        /// The game ends and each player takes the seeds of his own row.
        EndOwnRows,
        /// The game ends; seeds on the board are not scored.
        EndUnscored,
        /// The game ends as a draw.
        Draw,
        /// The game ends; the seeds left are split evenly, the odd seed to the player with more
        /// seeds on his side (Ouril practice).
        SplitEvenly,
        /// The game ends and the seeds left are shared evenly, an odd seed in halves (Awari's
        /// endless cycle). The stores keep the whole seeds each player captured and the shared
        /// seeds stay on the board: each player is credited half of them, so a final score may
        /// end in .5, and the winner is the one with more in his store.
        SplitHalves,
        /// Repetitions do not end the game.
        Off,
    }
}

option_enum! {
    /// Ouril: how the singleton rule and must-feed combine when the opponent's row is empty
    /// (rules.md §2.2, OU-a).
    pub enum SingletonFeed {
        /// Feeding moves among the singleton-rule candidates, else feeding moves among all pits.
        FeedOverSingleton,
        /// Only the singleton-rule candidates; if none feeds, nobody can move.
        SingletonFirst,
    }
}

option_enum! {
    /// Whether a lap of 12 or more seeds skips the pit it was lifted from.
    pub enum SkipOrigin {
        /// The origin is sown like any pit.
        Never,
        /// The origin is skipped every time the lap reaches it (kroo).
        Always,
    }
}

rule_options! {
    /// The rule options of the Oware family. Build one from a preset ([`OwareRules::oware`],
    /// [`OwareRules::abapa`], [`OwareRules::wuri`], [`OwareRules::ouril`]) and change options with
    /// [`RuleSet::set`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct OwareRules {
        /// Seeds per pit at the start (1 to 20); thresholds scale with the total.
        pub seeds: u8 = number(1, 20) => "seeds per pit at the start; thresholds scale with the total",
        /// Who moves first from the start position.
        pub first_player: Side = side => "who moves first",
        /// Whether big laps skip their origin.
        pub skip_origin: SkipOrigin = choice => "a lap of 12+ seeds skips the pit it was lifted from (kroo)",
        /// The grand-slam policy.
        pub grand_slam: GrandSlam = choice => "a capture that would empty the opponent's row",
        /// If the opponent's row is empty, only moves that reach it are legal.
        pub must_feed: bool = switch => "if the opponent's row is empty, a move must reach it",
        /// What happens when the player to move has no legal move.
        pub no_move_end: NoMoveEnd = choice => "what happens when the player to move has no legal move",
        /// What the first repetition of a position does.
        pub repetition: Repetition = choice => "what the first repetition of (pits, scores, side, extra turn) does",
        /// End the game (each player takes his own row) after this many plies.
        pub max_plies: Option<u32> = optional("none", 1, 1_000_000) => "end the game after this many plies, each player taking his own row",
        /// Seeds that win at once; `None` means more than half of all seeds.
        pub win_threshold: Option<u32> = optional("auto", 1, 240) => "captured seeds that win at once (auto: more than half)",
        /// Exactly half each is a draw.
        pub draw_at_half: bool = switch => "exactly half of the seeds each is a draw",
        /// Ouril: singletons may be played only when no own pit holds two or more.
        pub singleton_rule: bool = switch => "singletons may be played only when no own pit holds 2+ (Ouril)",
        /// Ouril: singleton rule versus must-feed.
        pub singleton_feed: SingletonFeed = choice => "singleton rule versus must-feed (Ouril OU-a)",
        /// Ouril: the grand-slam extra turn ignores the singleton rule.
        pub extra_turn_ignores_singleton: bool = switch => "the grand-slam extra turn ignores the singleton rule (Ouril OU-b)",
        /// Wuri reading WU-c: a chain pit counts only if it received a seed this move.
        pub chain_requires_sown_this_move: bool = switch => "a chain pit counts only if it received a seed this move (Wuri WU-c)",
    }
}

impl OwareRules {
    /// `oware`: the Oware app's text read literally (rules.md §1): a grand slam is forbidden and a
    /// forced one loses; seeds left when nobody can feed are not scored.
    #[must_use]
    pub const fn oware() -> Self {
        OwareRules {
            seeds: 4,
            first_player: Side::South,
            skip_origin: SkipOrigin::Always,
            grand_slam: GrandSlam::IllegalElseLoses,
            must_feed: true,
            no_move_end: NoMoveEnd::RemainingUnscored,
            repetition: Repetition::EndOwnRows,
            max_plies: None,
            win_threshold: None,
            draw_at_half: true,
            singleton_rule: false,
            singleton_feed: SingletonFeed::FeedOverSingleton,
            extra_turn_ignores_singleton: false,
            chain_requires_sown_this_move: false,
        }
    }

    /// `abapa`: international tournament rules; a grand slam captures nothing, a player who
    /// cannot feed ends the game and each takes his own row. Identical to OpenSpiel's `oware`.
    #[must_use]
    pub const fn abapa() -> Self {
        Self::own_rows_with(GrandSlam::CaptureForfeited)
    }

    /// `wuri`: rules.md §3, the same mechanics as `abapa`.
    #[must_use]
    pub const fn wuri() -> Self {
        Self::abapa()
    }

    /// `ouril`: rules.md §2: the singleton rule, and a grand slam earns an extra turn that must
    /// feed.
    #[must_use]
    pub const fn ouril() -> Self {
        let mut r = Self::own_rows_with(GrandSlam::OurilExtraTurn);
        r.singleton_rule = true;
        r
    }

    /// `awari`: the rules under which Romein and Bal solved the game (2002): the origin is
    /// skipped, a move that leaves the opponent without seeds is illegal unless every move does
    /// so, a player to move with no seeds leaves the rest to his opponent, and an endless cycle
    /// (the first repetition of a position) shares the seeds left evenly.
    #[must_use]
    pub const fn awari() -> Self {
        let mut r = Self::oware();
        r.grand_slam = GrandSlam::NoStarving;
        r.no_move_end = NoMoveEnd::OpponentTakesAll;
        r.repetition = Repetition::SplitHalves;
        r
    }

    /// `ouril-ludii`: Ludii's `Uril.lud` (Oware with grand slams illegal, no singleton rule), for
    /// cross-checking (rules.md OU-f).
    #[must_use]
    pub const fn ouril_ludii() -> Self {
        Self::own_rows_with(GrandSlam::Illegal)
    }

    /// `oware` with another grand-slam policy, where a player who cannot feed ends the game and
    /// each takes his own row: the base of `abapa`, `ouril` and `ouril-ludii`.
    const fn own_rows_with(grand_slam: GrandSlam) -> Self {
        let mut r = Self::oware();
        r.grand_slam = grand_slam;
        r.no_move_end = NoMoveEnd::OwnRows;
        r
    }

    /// All seeds in play.
    #[inline]
    #[must_use]
    pub const fn total_seeds(&self) -> u32 {
        self.seeds as u32 * PITS as u32
    }

    /// The score that wins at once.
    #[inline]
    #[must_use]
    pub const fn threshold(&self) -> u32 {
        match self.win_threshold {
            Some(t) => t,
            None => self.total_seeds() / 2 + 1,
        }
    }
}

impl Default for OwareRules {
    fn default() -> Self {
        Self::oware()
    }
}

/// The six low bytes of a word: one row of pits.
const ROW_BYTES: u64 = 0xffff_ffff_ffff;

/// Bit `k` set iff byte `k` of `w` is not zero (for the low 8 bytes). Branch-free: the high bit
/// of each byte is set when the byte is non-zero, then the eight high bits are gathered by one
/// multiplication (no two partial products overlap, so nothing carries).
#[inline]
fn nonzero_bytes(w: u64) -> u16 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let t = (((w & LOW7) + LOW7) | w) & HIGH;
    ((t >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
}

/// The 12 pits, padded to 16 bytes and aligned so that the whole board is one 128-bit word.
///
/// Sowing and capturing work on that word (one add drops a whole lap); byte access goes through
/// `Deref` to `[u8; 12]`. Keeping every hot-path write word-sized avoids store-forwarding stalls
/// that byte writes followed by a word read cost (measured: a third of perft time).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
struct Packed([u8; 16]);

impl Packed {
    #[inline]
    fn new(pits: [u8; PITS]) -> Self {
        let mut b = [0u8; 16];
        b[..PITS].copy_from_slice(&pits);
        Packed(b)
    }

    #[inline]
    fn word(&self) -> u128 {
        u128::from_le_bytes(self.0)
    }

    #[inline]
    fn from_word(w: u128) -> Self {
        Packed(w.to_le_bytes())
    }
}

impl core::ops::Deref for Packed {
    type Target = [u8; PITS];
    #[inline]
    fn deref(&self) -> &[u8; PITS] {
        self.0[..PITS].try_into().expect("12 of 16 bytes")
    }
}

impl core::ops::DerefMut for Packed {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8; PITS] {
        (&mut self.0[..PITS]).try_into().expect("12 of 16 bytes")
    }
}

#[inline]
fn byte(w: u128, i: usize) -> u8 {
    (w >> (8 * i)) as u8
}

/// A position of the Oware family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Oware {
    pits: Packed,
    stores: [u8; 2],
    side: Side,
    extra_turn: bool,
    plies: u32,
    over: Option<Outcome>,
    /// The legal moves (bits over pit indices), cached by `settle`: it is computed once per
    /// position instead of once by `settle` and again by move generation.
    legal: u16,
    rules: OwareRules,
}

/// The result of simulating one move on a copy of the board.
struct Sowing {
    pits: Packed,
    captured: u32,
    grand_slam: bool,
}

impl Oware {
    /// The 12 pits.
    #[must_use]
    pub fn board(&self) -> &[u8; PITS] {
        &self.pits
    }

    /// Whether this is Ouril's grand-slam extra turn.
    #[must_use]
    pub fn extra_turn(&self) -> bool {
        self.extra_turn
    }

    /// Plies played since the start (or since the position was read).
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The side whose turn it is, or would be if the game were not over.
    #[must_use]
    pub fn side(&self) -> Side {
        self.side
    }

    /// A position with no ply played and its moves not yet worked out.
    fn unsettled(
        pits: [u8; PITS],
        stores: [u8; 2],
        side: Side,
        extra_turn: bool,
        rules: OwareRules,
    ) -> Self {
        Oware {
            pits: Packed::new(pits),
            stores,
            side,
            extra_turn,
            plies: 0,
            over: None,
            legal: 0,
            rules,
        }
    }

    /// Builds a position from its parts, validating it (seed total, extra-turn flag) and settling
    /// it (a player without a legal move is dealt with at once).
    pub fn from_parts(
        pits: [u8; PITS],
        stores: [u32; 2],
        side: Side,
        extra_turn: bool,
        rules: OwareRules,
    ) -> Result<Self, ParsePositionError> {
        check_seed_total(&pits, stores, rules.seeds)?;
        if extra_turn && rules.grand_slam != GrandSlam::OurilExtraTurn {
            return Err(ParsePositionError::new(
                "extra turn (field 16)",
                "an extra turn exists only with grand_slam=OurilExtraTurn",
            ));
        }
        let stores = [stores[0] as u8, stores[1] as u8];
        let mut p = Oware::unsettled(pits, stores, side, extra_turn, rules);
        p.over = p.threshold_outcome();
        p.settle();
        Ok(p)
    }

    /// Whether sowing `pit` reaches the opponent's row (rules.md clarification 6).
    #[inline]
    fn feeds(&self, pit: usize) -> bool {
        let k = pit - row_start(self.side);
        self.pits[pit] as usize > 5 - k
    }

    /// Sows `pit` on a copy and works out the capture under the grand-slam policy.
    #[inline(always)]
    fn simulate(&self, pit: usize) -> Sowing {
        let skip = self.rules.skip_origin == SkipOrigin::Always;
        let mut w = self.pits.word();
        let n = byte(w, pit) as usize;
        let last = if n < PITS || (n == PITS && !skip) {
            w = w - ((n as u128) << (8 * pit)) + LAP_MASKS[pit][n];
            (pit + n) % PITS
        } else {
            let mut big = self.pits;
            let last = sow_lap(&mut big, pit, skip);
            w = big.word();
            last
        };
        let opp = self.side.opponent();
        let mut captured = 0;
        let mut grand_slam = false;
        if (last >= 6) == (opp == Side::North) {
            let sown = self.rules.chain_requires_sown_this_move.then_some((pit, n));
            let board = Packed::from_word(w);
            let (count, seeds) = capture_chain(&board, last, opp, sown);
            if count > 0 {
                grand_slam = seeds == row_sum(&board, opp);
                let take = if grand_slam {
                    match self.rules.grand_slam {
                        GrandSlam::CaptureForfeited => 0,
                        GrandSlam::LeaveLastPit => count - 1,
                        GrandSlam::Allowed
                        | GrandSlam::Illegal
                        | GrandSlam::IllegalElseLoses
                        | GrandSlam::OurilExtraTurn
                        | GrandSlam::NoStarving => count,
                    }
                } else {
                    count
                };
                for j in 0..take {
                    captured += u32::from(byte(w, last - j));
                    w &= !(0xffu128 << (8 * (last - j)));
                }
            }
        }
        let pits = Packed::from_word(w);
        Sowing {
            pits,
            captured,
            grand_slam,
        }
    }

    /// The singleton-rule candidates (or every non-empty own pit), as a bit mask over pit indices.
    #[inline]
    fn candidates(&self, nonempty: u16) -> u16 {
        if self.rules.singleton_rule
            && !(self.extra_turn && self.rules.extra_turn_ignores_singleton)
        {
            let mut big = 0u16;
            for i in row_range(self.side) {
                if self.pits[i] >= 2 {
                    big |= 1 << i;
                }
            }
            if big != 0 {
                return big;
            }
        }
        nonempty
    }

    /// The legal moves as a bit mask over pit indices, as [`Position::settle`] worked them out.
    #[inline(always)]
    fn legal_mask(&self) -> u16 {
        if self.over.is_some() {
            0
        } else {
            self.legal
        }
    }

    /// Works out the legal moves (a bit mask over pit indices) from scratch.
    #[inline(always)]
    fn compute_legal_mask(&self) -> u16 {
        if self.over.is_some() {
            return 0;
        }
        let start = row_start(self.side);
        let w = self.pits.word();
        let nonempty = nonzero_bytes((w >> (8 * start)) as u64 & ROW_BYTES) << start;
        let opp_empty = (w >> (8 * (6 - start))) as u64 & ROW_BYTES == 0;
        let rules = &self.rules;
        if !self.extra_turn
            && !rules.singleton_rule
            && !matches!(
                rules.grand_slam,
                GrandSlam::Illegal | GrandSlam::IllegalElseLoses | GrandSlam::NoStarving
            )
        {
            // The common case (abapa, wuri): every non-empty pit, filtered by must-feed.
            return if rules.must_feed && opp_empty {
                nonempty & self.feeding_mask()
            } else {
                nonempty
            };
        }
        self.legal_mask_general(nonempty, opp_empty)
    }

    /// Pits whose sowing reaches the opponent's row.
    #[inline]
    fn feeding_mask(&self) -> u16 {
        let mut feeding = 0u16;
        for i in row_range(self.side) {
            if self.feeds(i) {
                feeding |= 1 << i;
            }
        }
        feeding
    }

    /// [`Oware::legal_mask`] with the singleton rule, the extra turn and grand-slam filtering.
    fn legal_mask_general(&self, nonempty: u16, opp_empty: bool) -> u16 {
        let feeding = self.feeding_mask() & nonempty;
        let candidates = self.candidates(nonempty);
        let opp = self.side.opponent();
        if self.extra_turn {
            return self.filter(candidates, |s| !row_empty(&s.pits, opp));
        }
        if self.rules.grand_slam == GrandSlam::NoStarving {
            let feeding = self.filter(candidates, |s| !row_empty(&s.pits, opp));
            return if feeding != 0 { feeding } else { candidates };
        }
        let mut mask = candidates;
        if self.rules.must_feed && opp_empty {
            mask = candidates & feeding;
            if mask == 0
                && self.rules.singleton_rule
                && self.rules.singleton_feed == SingletonFeed::FeedOverSingleton
            {
                mask = feeding;
            }
        }
        if matches!(
            self.rules.grand_slam,
            GrandSlam::Illegal | GrandSlam::IllegalElseLoses
        ) && mask != 0
        {
            let slams = self.filter(mask, |s| s.grand_slam);
            if slams != 0 {
                let others = mask & !slams;
                mask = if others != 0 {
                    others
                } else if self.rules.grand_slam == GrandSlam::IllegalElseLoses {
                    slams
                } else {
                    0
                };
            }
        }
        mask
    }

    fn filter(&self, mask: u16, keep: impl Fn(&Sowing) -> bool) -> u16 {
        let mut out = 0;
        for i in row_range(self.side) {
            if mask & (1 << i) != 0 && keep(&self.simulate(i)) {
                out |= 1 << i;
            }
        }
        out
    }

    fn threshold_outcome(&self) -> Option<Outcome> {
        self.threshold_outcome_for(self.stores)
    }

    /// The end by score that `stores` would mean under these rules.
    #[inline]
    fn threshold_outcome_for(&self, stores: [u8; 2]) -> Option<Outcome> {
        Outcome::by_threshold(
            [u32::from(stores[0]), u32::from(stores[1])],
            self.rules.total_seeds(),
            self.rules.threshold(),
            self.rules.draw_at_half,
        )
    }

    fn store_scores(&self) -> [u32; 2] {
        [u32::from(self.stores[0]), u32::from(self.stores[1])]
    }

    /// Ends the game with each player taking the seeds of his own row.
    fn end_own_rows(&mut self, reason: EndReason) {
        for side in Side::BOTH {
            let s = row_start(side);
            let sum: u32 = self.pits[s..s + 6].iter().map(|&x| u32::from(x)).sum();
            self.stores[side.index()] += sum as u8;
            self.pits[s..s + 6].fill(0);
        }
        self.over = Some(Outcome::by_scores(self.store_scores(), reason));
    }

    fn end_with(&mut self, rule: NoMoveEnd, reason: EndReason) {
        match rule {
            NoMoveEnd::RemainingUnscored => {
                self.over = Some(Outcome::by_scores(self.store_scores(), reason));
            }
            NoMoveEnd::OwnRows | NoMoveEnd::Pass => self.end_own_rows(reason),
            NoMoveEnd::MoverTakesAll | NoMoveEnd::OpponentTakesAll => {
                let all: u32 = self.pits.iter().map(|&x| u32::from(x)).sum();
                let taker = if rule == NoMoveEnd::MoverTakesAll {
                    self.side
                } else {
                    self.side.opponent()
                };
                self.stores[taker.index()] += all as u8;
                self.pits = Packed::default();
                self.over = Some(Outcome::by_scores(self.store_scores(), reason));
            }
        }
    }
}

impl Position for Oware {
    type Move = Move;
    type Key = u128;
    type Rules = OwareRules;

    crate::position::position_basics!(OwareRules, pits 6);

    fn new(rules: OwareRules) -> Self {
        let mut p = Oware::unsettled(
            [rules.seeds; PITS],
            [0, 0],
            rules.first_player,
            false,
            rules,
        );
        p.settle();
        p
    }

    fn from_notation(text: &str, rules: OwareRules) -> Result<Self, ParsePositionError> {
        let (pits, stores, side, rest) =
            parse_oware_fields(text, 1, ", optionally -x for an extra turn")?;
        let extra_turn = match rest.first().map(String::as_str) {
            None => false,
            Some("x") => true,
            Some(other) => {
                return Err(ParsePositionError::new(
                    "extra turn (field 16)",
                    format!("expected x (extra turn) or nothing, found {other:?}"),
                ))
            }
        };
        Oware::from_parts(pits, stores, side, extra_turn, rules)
    }
    #[inline]
    fn legal_moves(&self, out: &mut MoveList<Move>) {
        let mut mask = self.legal_mask();
        while mask != 0 {
            out.push(Pit(mask.trailing_zeros() as u8));
            mask &= mask - 1;
        }
    }

    #[inline]
    fn count_legal(&self) -> usize {
        self.legal_mask().count_ones() as usize
    }

    /// Perft's last two plies without building child positions, for the common rules (no
    /// singleton rule, no grand-slam filtering or extra turn, no passing, no ply limit): each
    /// child is only its board, scores, repetition key and legal-move count. Every other case, and
    /// the meaning, is [`crate::perft2_generic`]'s; the tests check that both agree.
    fn perft2(&self, history: &mut crate::History<u128>) -> u64 {
        let r = &self.rules;
        let plain = self.over.is_none()
            && !self.extra_turn
            && !r.singleton_rule
            && matches!(
                r.grand_slam,
                GrandSlam::CaptureForfeited | GrandSlam::Allowed | GrandSlam::LeaveLastPit
            )
            && r.no_move_end != NoMoveEnd::Pass
            && r.max_plies.is_none();
        if !plain {
            return crate::perft2_generic(self, history);
        }
        let me = self.side;
        let opp = me.opponent();
        let (own_start, opp_start) = (row_start(me), row_start(opp));
        let flags = u128::from(opp == Side::North) << 112;
        let mut total = 0u64;
        let mut mask = self.legal;
        while mask != 0 {
            let pit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let s = self.simulate(pit);
            let mut stores = self.stores;
            stores[me.index()] += s.captured as u8;
            if s.captured > 0 {
                if self.threshold_outcome_for(stores).is_some() {
                    continue;
                }
            } else {
                let key = s.pits.word()
                    | (u128::from(stores[0]) << 96)
                    | (u128::from(stores[1]) << 104)
                    | flags;
                if r.repetition != Repetition::Off && history.contains(&key) {
                    continue;
                }
            }
            // The child's mover is `opp`; his opponent's row is `me`'s.
            let w = s.pits.word();
            let nonempty = nonzero_bytes((w >> (8 * opp_start)) as u64 & ROW_BYTES);
            let replies = if r.must_feed && (w >> (8 * own_start)) as u64 & ROW_BYTES == 0 {
                let mut feeding = 0u16;
                for k in 0..6 {
                    if s.pits[opp_start + k] as usize > 5 - k {
                        feeding |= 1 << k;
                    }
                }
                nonempty & feeding
            } else {
                nonempty
            };
            total += u64::from(replies.count_ones());
        }
        total
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
        if self.legal_mask() & (1 << i) != 0 {
            return Ok(());
        }
        let mut nonempty = 0u16;
        for j in row_range(self.side) {
            if self.pits[j] > 0 {
                nonempty |= 1 << j;
            }
        }
        let in_candidates = self.candidates(nonempty) & (1 << i) != 0;
        let opp_empty = row_empty(&self.pits, self.side.opponent());
        Err(if self.extra_turn {
            if in_candidates {
                Illegal::ExtraTurnMustFeed
            } else {
                Illegal::SingletonRule
            }
        } else if self.rules.must_feed && opp_empty && !self.feeds(i) {
            Illegal::MustFeed
        } else if !in_candidates {
            Illegal::SingletonRule
        } else if self.simulate(i).grand_slam {
            Illegal::GrandSlamForbidden
        } else {
            Illegal::MustFeed
        })
    }

    // Always inlined: `sowing_trace` calls it too, and a second call site must not make the
    // compiler stop inlining it into `advance`, the perft and search hot path (measured: +1.6%
    // instructions for abapa perft when it is not inlined).
    #[inline(always)]
    fn play_unchecked(&mut self, mv: Move) -> MoveEffect {
        let pit = mv.index();
        let me = self.side;
        let s = self.simulate(pit);
        self.pits = s.pits;
        self.stores[me.index()] += s.captured as u8;
        self.plies += 1;
        let was_extra = self.extra_turn;
        self.extra_turn = false;
        // The turn passes even when the move ends the game, so that the notation of a finished
        // game names the player who would have moved next.
        self.side = me.opponent();
        if s.grand_slam
            && s.captured > 0
            && matches!(
                self.rules.grand_slam,
                GrandSlam::Illegal | GrandSlam::IllegalElseLoses
            )
        {
            self.over = Some(Outcome {
                winner: Some(me.opponent()),
                reason: EndReason::GrandSlamLoss,
            });
        } else if let Some(o) = (s.captured > 0).then(|| self.threshold_outcome()).flatten() {
            self.over = Some(o);
        } else if s.grand_slam
            && s.captured > 0
            && !was_extra
            && self.rules.grand_slam == GrandSlam::OurilExtraTurn
        {
            self.extra_turn = true;
            self.side = me;
        }
        MoveEffect {
            captured: s.captured,
            irreversible: s.captured > 0,
        }
    }

    /// A separate, seed-by-seed path (the real move adds whole laps at once): the lap is drawn
    /// seed by seed, and the captures are read off [`Oware::simulate`], the real move, in chain
    /// order; chain pits it leaves are reported as a cancelled capture.
    fn sowing_trace(&self, mv: Move, trace: &mut SowTrace) {
        let pit = mv.index();
        let me = self.side;
        let opp = me.opponent();
        let skip = self.rules.skip_origin == SkipOrigin::Always;
        let n = self.pits[pit];
        trace.lift(pit, u32::from(n), false);
        trace.sow_ring(pit, u32::from(n), PITS, skip.then_some(pit));
        let mut sown = *self.pits;
        let last = sow_lap(&mut sown, pit, skip);
        let real = self.simulate(pit);
        if (last >= 6) == (opp == Side::North) {
            let rule = self
                .rules
                .chain_requires_sown_this_move
                .then_some((pit, usize::from(n)));
            let (count, _) = capture_chain(&sown, last, opp, rule);
            let mut kept = Vec::new();
            for i in (last + 1 - count..=last).rev() {
                if real.pits[i] == 0 {
                    trace.capture(i, u32::from(sown[i]), me);
                } else {
                    kept.push(i);
                }
            }
            trace.no_capture(
                kept,
                match self.rules.grand_slam {
                    GrandSlam::LeaveLastPit => "grand slam: the chain's last pit is not taken",
                    _ => "grand slam: taking every seed of the opponent's row captures nothing",
                },
            );
        }
        let mut after = *self;
        after.play_unchecked(mv);
        if after.extra_turn && after.over.is_none() {
            trace.extra_turn();
        }
    }

    #[inline]
    fn key(&self) -> u128 {
        let flags = u128::from(self.side == Side::North) | (u128::from(self.extra_turn) << 1);
        self.pits.word()
            | (u128::from(self.stores[0]) << 96)
            | (u128::from(self.stores[1]) << 104)
            | (flags << 112)
    }

    fn end_by_repetition(&mut self) -> bool {
        match self.rules.repetition {
            Repetition::Off => return false,
            Repetition::EndOwnRows => self.end_own_rows(EndReason::Repetition),
            Repetition::EndUnscored => {
                self.over = Some(Outcome::by_scores(
                    self.store_scores(),
                    EndReason::Repetition,
                ));
            }
            Repetition::Draw => {
                self.over = Some(Outcome {
                    winner: None,
                    reason: EndReason::Repetition,
                });
            }
            Repetition::SplitEvenly => {
                let rows = [
                    row_sum(&self.pits, Side::South),
                    row_sum(&self.pits, Side::North),
                ];
                let all = rows[0] + rows[1];
                let mut share = [all / 2, all / 2];
                if all % 2 == 1 {
                    // The odd seed goes to the player with more seeds on his side (North on a tie
                    // cannot happen: an odd total has no tie).
                    share[usize::from(rows[1] > rows[0])] += 1;
                }
                self.stores[0] += share[0] as u8;
                self.stores[1] += share[1] as u8;
                self.pits = Packed::default();
                self.over = Some(Outcome::by_scores(
                    self.store_scores(),
                    EndReason::Repetition,
                ));
            }
            Repetition::SplitHalves => {
                // Equal shares of the board do not change who has more.
                self.over = Some(Outcome::by_scores(
                    self.store_scores(),
                    EndReason::Repetition,
                ));
            }
        }
        true
    }

    // Always inlined: the search calls it once per child, and as a call it cost the search 1.8%
    // more instructions (Abapa start, depth 17).
    #[inline(always)]
    fn settle(&mut self) {
        if self.over.is_some() {
            return;
        }
        if let Some(max) = self.rules.max_plies {
            if self.plies >= max {
                self.end_own_rows(EndReason::MaxPlies);
                return;
            }
        }
        self.legal = self.compute_legal_mask();
        if self.legal != 0 {
            return;
        }
        if self.extra_turn {
            self.end_own_rows(EndReason::ExtraTurnImpossible);
            return;
        }
        if self.rules.no_move_end == NoMoveEnd::Pass {
            self.side = self.side.opponent();
            self.legal = self.compute_legal_mask();
            if self.legal != 0 {
                return;
            }
        }
        self.end_with(self.rules.no_move_end, EndReason::NoLegalMove);
    }
    fn stores(&self) -> [u32; 2] {
        self.store_scores()
    }

    fn extras(&self) -> Extras {
        if self.rules.grand_slam == GrandSlam::OurilExtraTurn {
            Extras::Oware(OwareExtras {
                extra_turn: self.extra_turn,
            })
        } else {
            Extras::None
        }
    }
}

impl fmt::Display for Oware {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board_fields(f, &self.pits[..], self.stores, self.side)?;
        if self.extra_turn {
            f.write_str("-x")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonzero_bytes_matches_a_loop() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Make zero bytes common.
            let w = x & (x >> 3) & 0x0000_ffff_ffff_ffff;
            let bytes = w.to_le_bytes();
            let want = (0..8)
                .filter(|&k| bytes[k] != 0)
                .fold(0u16, |m, k| m | 1 << k);
            assert_eq!(nonzero_bytes(w), want, "{w:#x}");
        }
        assert_eq!(nonzero_bytes(0), 0);
        assert_eq!(nonzero_bytes(0x0000_8080_8080_8080), 0b11_1111);
        assert_eq!(nonzero_bytes(0x0000_0100_0000_00ff), 0b10_0001);
    }
}
