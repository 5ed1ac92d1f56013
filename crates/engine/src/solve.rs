//! Proving the game-theoretic value of a position: [`prove`].
//!
//! The value of a position is its result for the side to move (win, draw or loss) and the
//! margin, the difference of the two scores when the game ends (Awari's shared seeds count for
//! both alike and do not change it). Best play maximises the result, then the margin.
//!
//! # How
//!
//! A series of null-window alpha-beta searches to the end of the game (as in MTD(f)): first
//! "is it a win?", then "is it at least a draw?", then, for the margin, "is it at least `N`?"
//! for `N` halving the interval still open (from a loss to a win by all the seeds in play, or
//! in the Oware family by the stores' difference and the seeds on the board).
//! Each search only needs to prove a bound, which
//! prunes far more than a search for the exact value, and every bound it proves on a position is
//! kept in a transposition table that the later searches read.
//!
//! Every move is played with the rules' after-move protocol ([`mancala_core::advance`]: the
//! move, the first-repetition rule against the history, then `settle`), so a repetition, the
//! score threshold and every other end are the game's own, and every game ends: a capture
//! empties the history and there are finitely many positions between two captures, so a path
//! without repetition is finite. Rules under which a position may repeat without ending the
//! game (`repetition=Off`) make a search without end possible; the prover then stops with
//! [`SolveError::Endless`] as soon as a repetition occurs.
//!
//! # History and the transposition table
//!
//! Under a first-repetition rule, a position's value depends on the set of positions seen
//! since the last irreversible move (a capture): the value is a function of the position and
//! that set, and of nothing else. The table is therefore keyed by the position's key *and* a
//! set, hashed as the XOR of a 64-bit mix of each member's key. Two nodes share an entry only
//! when they hold the same position with the same set behind them (up to a 64-bit collision of
//! the set hashes of one position).
//!
//! The set need not be the whole history. Call a move *quiet* when the history goes on after
//! it (no capture, no end), and group positions into the strongly connected components of the
//! graph of quiet moves. A position `q` of the history `H` of a node `N` reaches `N` by quiet
//! moves (that is how the game went); if the game from `N` can come back to `q`, then `q` and
//! `N` lie in one component. So the value of `N` depends only on `H ∩ C(N)`, the part of the
//! history in `N`'s component. Along a line, components only ever change one way (a line that
//! left a component never comes back), so that part is the suffix of the line since it entered
//! the component: the prover resets the set when a quiet move leaves the component, as a
//! capture does, and the key then holds the position alone. The argument only needs the
//! labels to be at least as coarse as the true components, so they are computed on the graph
//! of every quiet move, repetitions ignored, by Tarjan's algorithm run on demand from the
//! position asked about within a budget ([`Budget::components`]); a component that reaches a
//! position of unknown component, or that a run could not finish, is unknown, and a quiet
//! move into or out of an unknown component keeps the set whole. Whatever the labels, the set
//! kept is a part of the history that contains `H ∩ C(N)`, so the value is a function of the
//! key. The same argument makes an entry of an endgame table that is exact from an empty
//! history exact at a node whose set holds only itself.
//!
//! # Inside a component: the history-free argument
//!
//! In a large component the set kept with a position takes many values, so the table shares
//! little and the search follows a large share of the simple paths through the component. A
//! second argument settles many of its positions without any history. Fix a test, "does South
//! get at least `t`?" (a null-window node of either side asks exactly that for some `t`), and
//! a component `C`. Every move from a position of `C` is of one of three kinds:
//!
//! * it ends the game: its value is the end's, whatever the history;
//! * it *leaves* `C` (a capture, or a quiet move to a position `c` outside `C`): no position
//!   of the history can come back after it (a capture empties the history; if `c` could reach
//!   a position of the history, that position reaches `C`, which reaches `c`, so `c` would be in
//!   `C`), so its value is the value of `c` from a history holding `c` alone, which the prover
//!   finds by a null-window search of `c` (tables included) — a fact about `c`, not the path;
//! * it stays in `C`, to `q`: if `q` was seen since the last capture, the game ends by the
//!   repetition rule, with the rules' ending at `q` (Abapa: each player takes his own row; the
//!   scores are part of the position's key, so they are `q`'s); otherwise play goes on at `q`.
//!   Either way what happens is decided by `q` and by whether `q` was seen, and the rules'
//!   ending at `q` does not depend on the history.
//!
//! Call a move *good* for South when it ends or leaves `C` with South at least `t`, or stays
//! in `C` at a `q` whose repetition ending gives South at least `t` *and* `q` is in the set `S`.
//! Let `S` be the greatest set of positions of `C` such that at every member South to move has
//! a good move, and every move of North to move is good (computed as a greatest fixpoint:
//! start from all of `C` and remove members that fail, until none does). Then from every
//! member of `S`, **whatever the history**, South gets at least `t`: let him play a good move
//! at each of his turns. Every game ends (a line without a repeated position between two
//! captures is finite), and by induction on the length of what is left of it from the actual
//! history: at a member of `S`, the mover's move (South's good one, or any of North's, all
//! good) either ends or leaves `C` with South at least `t`, or repeats `q` (ending with South
//! at least `t`), or goes on at `q` in `S` with a history one longer, where the claim holds by
//! induction. The same with the roles swapped gives the members where South gets less than
//! `t`. So a member's verdict is a fact about the position alone: the prover records it by
//! position and threshold and answers the test with it at any node of the component, at any
//! depth and after any history. Members outside both sets are searched as before.
//!
//! Each analysis costs one walk over the component (every move of every member played once)
//! and one null-window search per move leaving it, of at most [`Budget::exit_nodes`] nodes: a
//! move whose search needs more is left unknown, and counts as good for neither side (South's
//! set needs his moves proven good, North's his proven bad), so the sets only shrink and the
//! argument above holds as it stands. An analysis runs once per component and threshold, for
//! components of at least [`Budget::history_free`] positions that a quiet move into them has
//! already labelled (labelling from every node would run Tarjan's algorithm from every
//! position reached by a capture); inside a search valuing an exit, only when its walk (a
//! node per member) fits in what is left of that search's budget. A budget that stops it
//! leaves nothing recorded; when that was an enclosing exit search's, a later node may run it
//! again.
//!
//! # The first-cycle argument
//!
//! The history-free sets ask every move that stays in `C` to repeat well, because any member
//! may be in the history. From a node whose history holds no member of `C` but itself (it was
//! reached by a capture or a move into `C`, or it is the root), a repetition can only happen
//! at a position that the play from the node itself visits twice: a position on a cycle of the
//! moves the players actually make. So South only needs to avoid *cycles* through members whose
//! repetition is bad for him, not every move into one. That is a co-Büchi game on `C`, won by
//! a positional strategy over the region `W` computed in rounds: `Y` is the greatest set of
//! members outside `W` where South keeps play in `Y` by moves into members that repeat well,
//! or into `W`, or by good exits (North's every move likewise; the first `Y` is the
//! history-free set above), and `W` grows by the attractor of `W ∪ Y`, the members from which
//! South forces play into `W ∪ Y` in a number of moves that drops with every move.
//!
//! Let South play that strategy from a member of `W`. Every exit and end he lets happen is good
//! for him. A repetition of a position `q` visited by the play closes a cycle of that play;
//! the cycle cannot pass through an attractor member (the moves from there lead to members
//! nearer the target or into the `W` of an earlier round, never back) nor leave a round's `Y`
//! (its moves stay in it or lead into the earlier `W`), so it lies in one `Y`, where every
//! member on a cycle was entered by a move into a member that repeats well: `q` repeats well.
//! Every game ends, so South gets at least `t`. The same holds from a node with a history when
//! every member of `C` in it but the node itself repeats well for South (a repetition of one
//! of them ends well too). The prover records the regions with the history-free verdicts, and
//! uses one at a node after checking that condition on the history since the line entered
//! `C`; the same with the roles swapped. A budget on the rounds only makes the regions
//! smaller.
//!
//! # Monotone histories
//!
//! The transposition table only shares a position between lines that kept the same set of
//! positions. A second table shares more. Fix a test, "does South get at least `t`?", and call
//! a position *good* when a repetition of it ends the game with South at least `t`, *bad* when
//! with less (and *unknown* when the rules do not end a game there: those count as both).
//!
//! * Adding good positions to a history can only help South: a line that enters one ends
//!   there, well for him, and every other line is played as before. Adding bad ones can only
//!   help North.
//! * Every null-window search reports an index `d` into the history, and its result holds
//!   after every history that ends with the same positions from index `d` on and has the same
//!   bad part (for South's success; the same good part for his failure). A move that repeats
//!   the position at index `i` makes `d <= i`; a transposition hit and a first-cycle verdict
//!   make `d = 0` (the same history only); exact tables, history-free verdicts and results
//!   taken from the second table hold for every history with that part (`d` past the end); a
//!   node takes the least `d` of the moves it searched. By induction: after such a history
//!   `H'`, a move South's success relied on that ended the game, or repeated a position from
//!   index `d` on, ends the same; a child's result holds after `H'` and the child (the same
//!   part, since the child's kind is its own); and a move that went on to a position not in
//!   the history may now repeat one of `H'` that was not there, which is not bad (the bad
//!   parts agree), so it ends well for South. The same for North.
//!
//! So a result whose `d` is at least the node's own index (no line ended by repeating a
//! position seen before the node) is recorded under the position, `t` and the hash of that
//! part, and a node of the same position and test whose kept part of that kind hashes the same
//! takes it. Positions whose kind is not known where they were pushed (the root's history,
//! positions after a capture) count as unknown, which only makes fewer results shared.
//!
//! # Exact tables
//!
//! An endgame table ([`Tablebase`], the Oware family) values a position exactly when its entry
//! is exact for any history, or exact from an empty history and the position's set holds only
//! itself (it was reached by a capture or by a move out of a component, or it is the root with
//! no history). The tables count every seed to the end
//! of the game, while the real game stops when a player passes the winning threshold `t` of `T`
//! seeds; so a table gives the result exactly and the margin as an interval: the winner, who
//! takes `X` of the `T` seeds to the end, wins by at least `X + t - T` (when he reaches `t` the
//! loser holds at most `T - X`) and by at most `T`. A bound that the interval settles needs no
//! search; otherwise (the margin tests) the position is searched below.
//!
//! # Deepening
//!
//! Depth first, a test follows its first line to the end before it looks at a second move
//! anywhere. Where quiet moves can go on for a long time without a repetition (36 seeds of Awari:
//! no capture, no repeated position, for a hundred thousand plies) that first line may never end
//! in any useful time. With [`Budget::deepen`], each test is searched to a horizon first: a
//! position that many plies below the root counts as a failure for the side to move at the root,
//! and the search is run again with it counting as a success; the horizon doubles until a search
//! settles the test, and past [`MAX_PLY`] the search goes to the end of every line as before.
//!
//! A result is *tainted* when a horizon decided it: on a cut-off, when the move that made the
//! cut-off was; otherwise when any move searched was. Untainted results are proven, whatever the
//! horizon, and are kept as before (the transposition table, the monotone table); tainted ones
//! are kept only for the rest of the same search (with the plies to the horizon they had) and
//! never stored as proven. When the horizon counts as a failure for the root's side, a success of
//! that side at the root is never tainted (it needs a failure of the opponent at some move, which
//! needs a success at every reply, down to results no horizon gave), and the same for a failure
//! when the horizon counts as a success: so a test is settled as soon as the horizon is deep
//! enough for one side's proof. The searches valuing a move out of a component for the
//! history-free argument have no horizon (their node budget bounds them): its verdicts stay
//! proven facts.
//!
//! # Rules whose cycles all end alike
//!
//! Under Awari's rule every repetition between two captures ends the game the same way: the
//! seeds left on the board are shared, and the stores, part of the position, do not move
//! without a capture (a draw rule and an unscored end are alike too). For such rules the value
//! of a position reached with an *empty history* (the start, or right after a capture) is its
//! **history-free value**: the value of the game in which a repetition does not end play, and
//! an endless play is worth that shared ending (the value the exact tables compute). Take a
//! positional optimal strategy of the history-free game for one side; in the real game, if a
//! repetition happens while he follows it, his opponent could have gone round the same loop for
//! ever, so the shared ending is at least what the strategy guarantees him; every other line
//! ends as in the history-free game. The same for the other side, so the two values agree.
//!
//! So with [`Budget::shared_cycles`] (for a position with no history; with one, see below)
//! the transposition table is keyed by the position alone, every result stored in it is a fact
//! about the history-free value, table entries exact from an empty history are used at every
//! node, and the component arguments above are not needed. Fix a null-window test; the
//! *cycle side* is the side whose test the repetition ending passes. A node's result is a fact
//! about the history-free value when
//!
//! * the other side won it: its proof tree has no repetition leaf (a repetition would lose the
//!   test for him), so the same tree, whatever the history, is a finite proof in the
//!   history-free game; or
//! * the cycle side won it and no line it searched repeated a position above the node (the
//!   index every search reports, as in "Monotone histories"): his proof tree's repetition leaves
//!   are positions of the tree itself, and going round such a loop for ever is worth the shared
//!   ending in the history-free game.
//!
//! A result the cycle side won that rests on a repetition of a position above the node is
//! *provisional*: it holds in the history-free game if the cycle side also wins the test at the
//! positions it rests on. The prover keeps those results in a map of the current test, with the
//! index in the line of the earliest position they rest on, and settles them when the nodes
//! above return (a greatest fixpoint, as in local model checking): a node lost by the cycle
//! side forgets every provisional result recorded below it (they may rest on it); a node won by
//! the cycle side as a fact moves those resting on nothing above it into the transposition
//! table; a node won provisionally passes them on, now resting on what it rests on (all of them
//! rest on at least what the node does, so they form one run of the map's log: settling a node
//! costs nothing per result it passes on). Provisional results answer nodes of the same test
//! like the table, reporting the position they rest on as the node's.
//!
//! A provisional result keeps only the test's own bound, never a fail-soft one: the fail-soft
//! value counts the repetition of a position above as worth the repetition's ending, while that
//! position is only proven to pass the test (without this, `awari 0-1-0-0-0-1-0-0-1-1-0-0-21-23-S`
//! came out a loss by 2 instead of 6). A test checks the argument against the general prover
//! and the exact tables.
//!
//! A position with a history (after `--after`, each move of `--moves`, an analysis board's
//! game) is proven the same way in the history-free game where the positions of its history
//! before it are terminals worth the shared ending: coming back to one of them ends the real
//! game with that ending, and the argument above holds for every other repetition (each is a
//! loop after the position, played by the strategy). So a repetition of such a position is a
//! leaf that rests on nothing, and table entries, history-free values, are used only after a
//! capture, where those positions cannot come back. The transposition table then holds facts
//! about that game, which is the one being proven.
//!
//! # Budgets
//!
//! The search stops at a node or time budget. What was proven by then is kept: [`Proof`]
//! carries the bounds proven on the value, which may already settle the result.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::time::{Duration, Instant};

use mancala_core::oware::{OwareRules, Repetition};
use mancala_core::{History, MoveEffect, MoveList, Position, Side, MAX_MOVES};
use mancala_tablebase::{Exactness, Tablebase};

use crate::games::EngineGame;
use crate::tt::FastHasher;

/// A won game is worth `WIN + margin`, a lost one `-(WIN + margin)`, a draw its margin.
pub const WIN: i32 = 10_000;
/// No margin reaches this (the most seeds of any preset are far below it).
pub(crate) const MAX_MARGIN: i32 = 1_000;
/// Above every value.
const INF: i32 = WIN + MAX_MARGIN + 1;
/// The deepest line the prover follows (each ply is a stack frame; the command gives the
/// prover a 1 GiB stack).
pub const MAX_PLY: usize = 100_000;
/// Positions one labelling run of quiet-move components may expand.
const COMPONENT_RUN: u64 = 1_000_000;
/// Labelling runs that may give up (at their cap or their share of the time) before the
/// labelling stops for the rest of the proof.
const FAILED_RUNS: u32 = 4;
/// The share of a time budget one labelling run may take (1/this).
const RUN_TIME_SHARE: u32 = 16;
/// Nodes between two looks at the node budget and two progress reports.
const CHECK_EVERY: u64 = 1 << 14;
/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 8;

/// The result of a game for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side wins.
    Win,
    /// Neither side wins.
    Draw,
    /// The side loses.
    Loss,
}

impl Verdict {
    /// `win`, `draw` or `loss`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
        }
    }
}

/// The value of a position for its side to move: a result and a margin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// Win, draw or loss.
    pub verdict: Verdict,
    /// The difference of the two final scores, the winner's minus the loser's (for a draw, the
    /// side to move's minus the other's; 0 in the Oware family).
    pub margin: i32,
}

impl Value {
    /// The prover's encoding of the value (the inverse of [`Value::decode`]): a win by `m` is
    /// [`WIN`]` + m`, a loss by `m` is `-(WIN + m)`, a draw its margin.
    #[must_use]
    pub fn encode(self) -> i32 {
        match self.verdict {
            Verdict::Win => WIN + self.margin,
            Verdict::Draw => self.margin,
            Verdict::Loss => -(WIN + self.margin),
        }
    }

    /// The prover's test "is the value at least this?" as a threshold of its encoding: a win
    /// by `m` is [`WIN`]` + m`, a loss by `m` is `-(WIN + m)`, and a draw is "at least a draw"
    /// (any draw, whatever its margin, or a win).
    #[must_use]
    pub fn threshold(self) -> i32 {
        match self.verdict {
            Verdict::Win => WIN + self.margin,
            Verdict::Draw => 1 - WIN,
            Verdict::Loss => -(WIN + self.margin),
        }
    }

    /// The value of the prover's encoding `v` (a win by `m` is [`WIN`]` + m`, a loss by `m`
    /// is `-(WIN + m)`, a draw its margin).
    #[must_use]
    pub fn decode(v: i32) -> Value {
        if v >= WIN {
            Value {
                verdict: Verdict::Win,
                margin: v - WIN,
            }
        } else if v <= -WIN {
            Value {
                verdict: Verdict::Loss,
                margin: -v - WIN,
            }
        } else {
            Value {
                verdict: Verdict::Draw,
                margin: v,
            }
        }
    }
}

impl Value {
    /// The same game seen by the other side.
    #[must_use]
    pub fn flip(self) -> Value {
        match self.verdict {
            Verdict::Win => Value {
                verdict: Verdict::Loss,
                margin: self.margin,
            },
            Verdict::Loss => Value {
                verdict: Verdict::Win,
                margin: self.margin,
            },
            Verdict::Draw => Value {
                verdict: Verdict::Draw,
                margin: -self.margin,
            },
        }
    }

    /// The value of a finished game for `side`.
    #[must_use]
    pub fn of_end<P: Position>(pos: &P, side: Side) -> Value {
        Value::decode(end_value(pos, side))
    }

    /// The margin, when it is one a game can end with; `None` for the bounds that carry no
    /// margin: the edges of the tests "at least a draw?" and "is it a win?" (a draw by `1 -
    /// WIN` or `WIN - 1`: any draw), and the bounds of a proof stopped before it began (a
    /// loss and a win by more seeds than any board holds; a proof's own open ends are a loss
    /// and a win by the largest margin the game can still end with, a known margin).
    #[must_use]
    pub fn known_margin(self) -> Option<i32> {
        (self.margin.abs() < MAX_MARGIN).then_some(self.margin)
    }

    /// The value as a bound of a proof: `win by 3`, `draw`, or only the result (`win`,
    /// `draw`, `loss`) when the bound carries no margin ([`Value::known_margin`]).
    #[must_use]
    pub fn bound_text(self) -> String {
        match self.known_margin() {
            Some(_) => self.to_string(),
            None => self.verdict.name().to_string(),
        }
    }

    /// The question of [`Budget::at_least`] that the opponent's proof answers the other way:
    /// after a move that hands him the turn, the side gets at least `self` exactly when the
    /// opponent does not get at least this. `draw` (at least a draw) becomes `win by 0`, `win
    /// by m` becomes `loss by m - 1` (`draw` for `m = 0`), `loss by m` becomes `win by m + 1`.
    #[must_use]
    pub fn opponent_question(self) -> Value {
        Value::decode(1 - self.threshold())
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.verdict {
            Verdict::Draw if self.margin == 0 => f.write_str("draw"),
            v => write!(f, "{} by {}", v.name(), self.margin),
        }
    }
}

/// What the prover may spend.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Nodes searched, over every test.
    pub nodes: u64,
    /// Wall-clock time (`None`: no limit).
    pub time: Option<Duration>,
    /// Transposition-table entries kept at most (about 40 bytes each); the table is emptied
    /// when it is full.
    pub max_entries: usize,
    /// Also prove the exact margin once the result is known (else stop at the result).
    pub margin: bool,
    /// Positions the labelling of quiet-move components may expand, over the whole proof
    /// (about 40 bytes each; 0: no labelling, every history is kept whole); at most
    /// [`Budget::nodes`]. One labelling run expands at most a million positions and takes at
    /// most a sixteenth of the time budget; a run that gives up is not tried again from
    /// positions with the same scores, and after four such runs labelling stops.
    pub components: u64,
    /// Quiet-move components of at least this many positions are settled by the history-free
    /// argument (module docs) before they are searched; `usize::MAX`: never.
    pub history_free: usize,
    /// Nodes one search valuing a move out of a component may spend in the history-free
    /// argument (module docs); a move whose search would spend more is left unknown, good
    /// for neither side, which only makes the sets the argument settles smaller (100,000 by
    /// default; `u64::MAX`: every such move is valued, however long it takes).
    pub exit_nodes: u64,
    /// The result expected (e.g. from an engine search), for the side to move: the test that
    /// should succeed at the edge of that result runs first ("at least a draw?" before "is it
    /// a win?" for a draw or a loss). `None`: "is it a win?" first. Only the order changes;
    /// what is proven does not depend on it.
    pub guess: Option<Verdict>,
    /// Iterative deepening (module docs, "Deepening"): each test is first searched to this
    /// many plies, a position at the horizon counting as a failure for the side the search is
    /// trying to prove and then as a success, and the horizon doubles until the test is
    /// settled by results that no horizon touched (past [`MAX_PLY`], to the end of every
    /// line). `None`: depth first to the end of every line from the start.
    pub deepen: Option<usize>,
    /// The shared-cycle argument (module docs, "Rules whose cycles all end alike"): under
    /// rules where every repetition between two captures ends the game with the same scores
    /// (Awari), results are kept by position alone, whatever the history. Used only from a
    /// position with no history; `false`: never (the general argument only).
    pub shared_cycles: bool,
    /// Prove only whether the value is at least this, by one null-window test ("does the
    /// side to move lose by at most 12?", "does it win by at least 4?"; a draw means "at
    /// least a draw"), instead of the result and then the margin. The bounds proven are
    /// reported as always; [`Budget::margin`] and [`Budget::guess`] do not matter then.
    pub at_least: Option<Value>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            nodes: u64::MAX,
            time: None,
            max_entries: 20_000_000,
            margin: true,
            components: 20_000_000,
            history_free: 16,
            exit_nodes: 100_000,
            guess: None,
            deepen: None,
            shared_cycles: true,
            at_least: None,
        }
    }
}

/// Why the prover stopped before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The node budget ran out.
    Nodes,
    /// The time budget ran out.
    Time,
    /// A line grew deeper than [`MAX_PLY`] (rounds of Ba-awa can make very long games).
    Depth,
    /// The search valuing a move out of a component ran out of [`Budget::exit_nodes`]. Only
    /// that search stops (the move is then left unknown): a proof never stops by it.
    ExitBudget,
}

impl Stop {
    /// `node budget` or `time budget`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Stop::Nodes => "node budget",
            Stop::Time => "time budget",
            Stop::Depth => "depth limit",
            Stop::ExitBudget => "exit budget",
        }
    }
}

/// Counters of a proof.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProofStats {
    /// Nodes searched, over every test.
    pub nodes: u64,
    /// Nodes valued (or bounded enough) by an exact table entry.
    pub table_hits: u64,
    /// Nodes that found their position and history in the transposition table.
    pub tt_hits: u64,
    /// Entries in the transposition table at the end.
    pub tt_entries: usize,
    /// The deepest line searched, in plies.
    pub max_ply: usize,
    /// Null-window tests run.
    pub tests: u32,
    /// Quiet moves into another component, after which the history no longer matters.
    pub component_exits: u64,
    /// Positions labelled with their quiet-move component.
    pub labelled: usize,
    /// Component analyses run by the history-free argument (one per component and test).
    pub analyses: u64,
    /// Nodes settled by the history-free argument.
    pub safe_hits: u64,
    /// Nodes settled by the first-cycle argument (module docs).
    pub first_cycle_hits: u64,
    /// Moves out of a component whose search ran out of [`Budget::exit_nodes`] (left unknown
    /// by the history-free argument).
    pub exits_unknown: u64,
    /// Nodes settled by a result proven after another history with the same part of the kind
    /// that could change it (module docs, "Monotone histories").
    pub mono_hits: u64,
    /// The horizon of the last deepening search, in plies (0: none ran; [`Budget::deepen`]).
    pub horizon: usize,
    /// Nodes valued at a horizon (their results, and every result they decided, were not
    /// kept as proven).
    pub horizon_nodes: u64,
    /// Whether the shared-cycle argument was used (module docs, "Rules whose cycles all end
    /// alike").
    pub shared_cycles: bool,
    /// Nodes settled by a result of the shared-cycle argument that still rested on positions
    /// of the line being searched (kept until those were settled).
    pub provisional_hits: u64,
    /// Such results found to hold whatever the history once the positions they rested on
    /// were settled, and kept in the transposition table.
    pub promoted: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// One run of the history-free argument over a quiet-move component (module docs, "Inside a
/// component"), for one test: what the component holds and how much of it the argument
/// settled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ComponentAnalysis {
    /// The test: "does South get at least this?", in the prover's encoding of values (a win
    /// by `m` is [`WIN`]` + m`, a loss by `m` is `-(WIN + m)`, a draw its margin): `WIN` asks
    /// for a win, `1 - WIN` for at least a draw.
    pub south_at_least: i32,
    /// Positions of the component.
    pub members: usize,
    /// Moves from one member to another (each a repetition if its target was seen before).
    pub inner_moves: u64,
    /// Moves that end the game or leave the component (captures, quiet moves out).
    pub exits: u64,
    /// Of those, the ones good for South (he gets at least the threshold after them).
    pub exits_good: u64,
    /// Of those, the ones whose search ran out of [`Budget::exit_nodes`]: good for neither
    /// side in the analysis.
    pub exits_unknown: u64,
    /// Of those, the ones that needed a search of more than one node (the others were
    /// settled at once: an end, an exact table entry, a transposition or an earlier result).
    pub exits_searched: u64,
    /// Nodes spent valuing the exits.
    pub exit_nodes: u64,
    /// Members whose repetition is good for South (among those a move can come back to).
    pub repeat_good: usize,
    /// Members whose repetition is bad for South.
    pub repeat_bad: usize,
    /// Members where South gets at least the threshold whatever the history.
    pub south_safe: usize,
    /// Members where South gets less whatever the history.
    pub north_safe: usize,
    /// Members in South's first-cycle region (not counting his safe set).
    pub south_first_cycle: usize,
    /// Members in North's first-cycle region (not counting his safe set).
    pub north_first_cycle: usize,
    /// Whether the component holds the position being proven.
    pub at_root: bool,
    /// When the component holds the position being proven and the analysis settled it (the
    /// history-free or the first-cycle argument, which holds from the proof's own history
    /// only if that history holds no other member): whether South gets at least the
    /// threshold there.
    pub root_south_gets: Option<bool>,
    /// `None` when the analysis finished; else a budget stopped it after walking this many
    /// members (their moves played, their exits valued): the exits, the moves and the nodes
    /// are then those of the walked members, and no member has a verdict.
    pub walked: Option<usize>,
}

/// What [`prove`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof<M> {
    /// The side to move.
    pub side: Side,
    /// The least value proven (the side to move gets at least this).
    pub lower: Value,
    /// The greatest value proven (the side to move gets at most this).
    pub upper: Value,
    /// A move that achieves [`Proof::lower`] (`None` if no test succeeded yet).
    pub best: Option<M>,
    /// Why the prover stopped early, if it did.
    pub stopped: Option<Stop>,
    /// Counters.
    pub stats: ProofStats,
    /// The component analyses of the history-free argument, in the order they ran.
    pub analyses: Vec<ComponentAnalysis>,
}

impl<M> Proof<M> {
    /// The result, when it is proven (both bounds agree on it).
    #[must_use]
    pub fn verdict(&self) -> Option<Verdict> {
        (self.lower.verdict == self.upper.verdict).then_some(self.lower.verdict)
    }

    /// The exact value, when it is proven.
    #[must_use]
    pub fn value(&self) -> Option<Value> {
        (self.lower == self.upper).then_some(self.lower)
    }

    /// The value of a proof, or what its bounds say: `win by 4`, `win by 2 to 5`, `loss by at
    /// least 3`, `win`, `draw`, `between draw and win` (bounds without a margin name only the
    /// result: [`Value::bound_text`]); with `result_only`, a proven result alone (for proofs
    /// not asked for the margin).
    #[must_use]
    pub fn describe(&self, result_only: bool) -> String {
        // The margins a proven win or loss lies between, the smaller first (a least margin of 0
        // says nothing).
        let range = |least: Option<i32>, most: Option<i32>| match (least.filter(|&l| l > 0), most) {
            (Some(l), Some(m)) => format!(" by {l} to {m}"),
            (Some(l), None) => format!(" by at least {l}"),
            (None, Some(m)) => format!(" by at most {m}"),
            (None, None) => String::new(),
        };
        match (self.value(), self.verdict()) {
            (Some(v), _) => v.to_string(),
            (None, Some(r)) if result_only => r.name().to_string(),
            (None, Some(Verdict::Win)) => format!(
                "win{}",
                range(self.lower.known_margin(), self.upper.known_margin())
            ),
            (None, Some(Verdict::Loss)) => format!(
                "loss{}",
                range(self.upper.known_margin(), self.lower.known_margin())
            ),
            (None, Some(Verdict::Draw)) => {
                match (self.lower.known_margin(), self.upper.known_margin()) {
                    (None, None) => "draw".to_string(),
                    (lo, hi) => format!(
                        "draw (margin {} to {})",
                        lo.map_or("?".to_string(), |m| m.to_string()),
                        hi.map_or("?".to_string(), |m| m.to_string())
                    ),
                }
            }
            (None, None) => format!(
                "between {} and {}",
                self.lower.bound_text(),
                self.upper.bound_text()
            ),
        }
    }

    /// Whether the value is proven at least `v` ([`Value::threshold`]'s sense), proven not,
    /// or neither (`None`): the answer to [`Budget::at_least`].
    #[must_use]
    pub fn at_least(&self, v: Value) -> Option<bool> {
        let t = v.threshold();
        if self.lower.encode() >= t {
            Some(true)
        } else if self.upper.encode() < t {
            Some(false)
        } else {
            None
        }
    }
}

/// Progress of a running proof, reported every few thousand nodes.
#[derive(Clone, Copy, Debug)]
pub struct ProofProgress {
    /// Counters so far.
    pub stats: ProofStats,
    /// Bounds proven so far.
    pub lower: Value,
    /// Bounds proven so far.
    pub upper: Value,
    /// The bound being tested: "the value is at least this".
    pub testing: Value,
}

/// Why [`prove`] cannot start or go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The position is over: there is nothing to prove.
    #[error("the game is over in this position")]
    Over,
    /// The history does not end with the position.
    #[error("the history must end with the position's own key")]
    History,
    /// A position repeated and the rules did not end the game: play may go on for ever.
    #[error("a position repeated after {ply} plies and the rules did not end the game (repetition=Off?): a game may go on for ever, nothing can be proven")]
    Endless {
        /// Plies below the root where it happened.
        ply: usize,
    },
    /// The rules end the game after a number of plies, which the position's key does not show.
    #[error("max_plies is set: the prover needs rules whose positions carry everything their value depends on")]
    MaxPlies,
    /// The proving thread could not start, or failed.
    #[error("the proving thread could not start or failed")]
    Thread,
}

/// The hasher of the prover's maps and key sets: multiply-rotate, finished by a 64-bit mix.
type KeyHasher = FastHasher<true>;

/// The 64-bit mix of a key that the history sets are hashed with.
fn mix<K: Hash>(key: &K) -> u64 {
    let mut h = KeyHasher::seeded(0x243f_6a88_85a3_08d3);
    key.hash(&mut h);
    h.finish()
}

/// Bounds proven on a (position, history) pair, and the move that proved the lower one.
#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    lo: i32,
    hi: i32,
    best: M,
}

/// A position repeated and the rules let the game go on.
struct Endless;

/// Hashes of the part of the history a node keeps (module docs, "History and the
/// transposition table"): all of it, and for the current test's threshold the positions whose
/// repetition is good for South with those whose repetition is not known, and those whose
/// repetition is bad with those not known ("Monotone histories").
#[derive(Clone, Copy, Debug)]
struct Sets {
    all: u64,
    good: u64,
    bad: u64,
}

impl Sets {
    /// The sets holding only `key`, whose repetition is good for South (`Some(true)`), bad
    /// (`Some(false)`) or not known.
    fn fresh<K: Hash>(key: &K, good: Option<bool>) -> Sets {
        Sets {
            all: 0,
            good: 0,
            bad: 0,
        }
        .with(key, good)
    }

    /// These sets and `key`.
    fn with<K: Hash>(self, key: &K, good: Option<bool>) -> Sets {
        let m = mix(key);
        Sets {
            all: self.all ^ m,
            good: if good != Some(false) {
                self.good ^ m
            } else {
                self.good
            },
            bad: if good != Some(true) {
                self.bad ^ m
            } else {
                self.bad
            },
        }
    }
}

/// A null-window result that holds for every history with the same part of one kind
/// ("Monotone histories"): the position's key, South's threshold, the hash of that part, and
/// whether South gets at least the threshold (the part is then the bad one) or less (the good
/// one).
type MonoKey<K> = (K, i32, u64, bool);

/// Maps keyed by position keys.
type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// The positions of the line being searched: a [`History`] with an index of where each key
/// last occurred.
///
/// Written here rather than used from the core: [`History::position`] scans the keys since the
/// last capture, which is what a game needs (a few dozen keys), while the prover's lines run
/// for tens of thousands of plies between captures (Awari with 2 or 3 seeds per pit), where a
/// scan at every move made a search quadratic in its depth.
struct Line<K> {
    history: History<K>,
    /// Per key, the index of its last occurrence among all the keys held.
    at: HashMap<K, usize, BuildHasherDefault<KeyHasher>>,
    /// Per key held after the first, the index its key had in `at` before it was pushed.
    saved: Vec<Option<usize>>,
}

impl<K: Copy + Eq + Hash> Line<K> {
    /// A line holding only `start`.
    fn new(start: K) -> Self {
        let mut at = HashMap::default();
        at.insert(start, 0);
        Line {
            history: History::new(start),
            at,
            saved: Vec::new(),
        }
    }

    /// The index of the first key since the last irreversible move.
    #[inline]
    fn floor(&self) -> usize {
        self.history.len() - self.history.recent().len()
    }

    /// Where `key` occurred since the last irreversible move ([`History::position`]).
    #[inline]
    fn position(&self, key: &K) -> Option<usize> {
        let floor = self.floor();
        self.at.get(key).copied().filter(|&i| i >= floor)
    }

    /// Whether `key` occurred since the last irreversible move.
    #[inline]
    fn contains(&self, key: &K) -> bool {
        self.position(key).is_some()
    }

    /// Records a new position ([`History::push`]).
    #[inline]
    fn push(&mut self, key: K, irreversible: bool) -> usize {
        self.saved.push(self.at.insert(key, self.history.len()));
        self.history.push(key, irreversible)
    }

    /// Undoes the matching [`Line::push`].
    #[inline]
    fn pop(&mut self, token: usize) {
        let key = *self.history.recent().last().expect("a pushed key");
        self.history.pop(token);
        match self.saved.pop().flatten() {
            Some(i) => self.at.insert(key, i),
            None => self.at.remove(&key),
        };
    }

    /// The keys since the last irreversible move ([`History::recent`]).
    fn recent(&self) -> &[K] {
        self.history.recent()
    }

    /// Number of keys held ([`History::len`]).
    fn len(&self) -> usize {
        self.history.len()
    }
}

/// What [`advance_keyed`] did.
struct Step<K> {
    /// The move's effect (irreversible also after a repetition that did not end the game).
    effect: MoveEffect,
    /// When the game goes on: the history token and the key pushed.
    pushed: Option<(usize, K)>,
    /// The index in the history of the position the move repeated, if it did.
    repeated: Option<usize>,
    /// For a quiet move whose game goes on: South's end value had the position reached been a
    /// repetition (`None` when the rules do not end a game by repetition).
    rep_value: Option<i32>,
}

/// [`mancala_core::advance`], also returning the key it pushed on the history (the history set
/// of the new position is the one the transposition table keys on), which position it
/// repeated and what a repetition of the position reached would give.
#[inline]
fn advance_keyed<P: Position>(
    pos: &mut P,
    mv: P::Move,
    history: &mut Line<P::Key>,
) -> Result<Step<P::Key>, Endless> {
    let effect = pos.play_unchecked(mv);
    let mut step = Step {
        effect,
        pushed: None,
        repeated: None,
        rep_value: None,
    };
    if pos.is_over() {
        return Ok(step);
    }
    let key = pos.key();
    if !effect.irreversible {
        if let Some(at) = history.position(&key) {
            step.repeated = Some(at);
            if !pos.end_by_repetition() {
                return Err(Endless);
            }
            if pos.is_over() {
                return Ok(step);
            }
            step.effect.irreversible = true;
            pos.settle();
            if pos.is_over() {
                return Ok(step);
            }
            let key = pos.key();
            step.pushed = Some((history.push(key, true), key));
            return Ok(step);
        }
        let mut r = *pos;
        if r.end_by_repetition() && r.is_over() {
            step.rep_value = Some(end_value(&r, Side::South));
        }
    }
    pos.settle();
    if pos.is_over() {
        return Ok(step);
    }
    step.pushed = Some((history.push(key, effect.irreversible), key));
    Ok(step)
}

/// A component label that is not known (the labelling gave up, or the component can reach
/// positions whose component is not known).
const UNKNOWN: u32 = u32::MAX;

/// Labels of the strongly connected components of the graph of quiet moves: the moves after
/// which the history goes on (no capture, no end). Built on demand by Tarjan's algorithm from
/// the position asked about, within a budget of expanded positions.
struct Components<K> {
    labels: HashMap<K, u32, BuildHasherDefault<KeyHasher>>,
    next: u32,
    /// Positions per label.
    sizes: Vec<u32>,
    /// Positions the labelling may still expand.
    left: u64,
    /// Positions one labelling run may expand.
    run_cap: u64,
    /// The proof's deadline: a run that reaches it gives up.
    deadline: Option<Instant>,
    /// The time one run may take (a share of the time budget).
    run_time: Option<Duration>,
    /// Scores (stores) of the runs that gave up: a run from a position with the same scores
    /// (its component lies among the same boards) is not tried again.
    given_up: HashMap<[u32; 2], (), BuildHasherDefault<KeyHasher>>,
    /// Runs that gave up; at [`FAILED_RUNS`] the labelling stops.
    failed: u32,
}

/// The state of one labelling run (Tarjan's arrays, by position index).
struct Run<K> {
    index_of: HashMap<K, u32, BuildHasherDefault<KeyHasher>>,
    keys: Vec<K>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    tainted: Vec<bool>,
    stack: Vec<u32>,
}

impl<K> Default for Run<K> {
    fn default() -> Self {
        Run {
            index_of: HashMap::default(),
            keys: Vec::new(),
            low: Vec::new(),
            on_stack: Vec::new(),
            tainted: Vec::new(),
            stack: Vec::new(),
        }
    }
}

impl<K: Copy + Eq + Hash> Run<K> {
    /// Opens `pos` (history key `key`): a new index on Tarjan's stack and the path.
    fn visit<P: Position<Key = K>>(&mut self, pos: P, key: K, frames: &mut Vec<Frame<P>>) {
        let index = self.keys.len() as u32;
        self.index_of.insert(key, index);
        self.keys.push(key);
        self.low.push(index);
        self.on_stack.push(true);
        self.tainted.push(false);
        self.stack.push(index);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        frames.push(Frame {
            pos,
            moves,
            next: 0,
            index,
        });
    }
}

/// One position on the depth-first path of a labelling run.
struct Frame<P: Position> {
    pos: P,
    moves: MoveList<P::Move>,
    next: usize,
    index: u32,
}

impl<K: Copy + Eq + Hash> Components<K> {
    /// The component of the settled position `pos`, whose history key is `key`.
    fn of<P: Position<Key = K>>(&mut self, pos: &P, key: K) -> Option<u32> {
        if let Some(&l) = self.labels.get(&key) {
            return (l != UNKNOWN).then_some(l);
        }
        if self.left == 0
            || self.failed >= FAILED_RUNS
            || self.given_up.contains_key(&pos.stores())
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            return None;
        }
        self.label_from(pos, key);
        self.labels.get(&key).copied().filter(|&l| l != UNKNOWN)
    }

    /// Tarjan's algorithm from `root` (iterative: quiet lines are long). Every component it
    /// completes gets a label; one that reaches a position of unknown component, and every
    /// position still open when the run's budget ends, gets [`UNKNOWN`].
    fn label_from<P: Position<Key = K>>(&mut self, root: &P, root_key: K) {
        let mut run = Run::default();
        let mut frames: Vec<Frame<P>> = Vec::new();
        let cap = self.run_cap.min(self.left);
        let now = Instant::now();
        let deadline = match (self.deadline, self.run_time) {
            (Some(d), Some(r)) => Some(d.min(now + r)),
            (d, _) => d,
        };
        run.visit(*root, root_key, &mut frames);
        let mut expanded = 1u64;
        let mut aborted = false;
        // Moves tried, for looking at the clock: in games whose moves are costly to play (long
        // relay laps) most moves lead to positions already seen, so counting expansions alone
        // would look at it too rarely.
        let mut tried = 0u64;
        while let Some(top) = frames.last_mut() {
            let v = top.index as usize;
            if let Some(&mv) = top.moves.get(top.next) {
                top.next += 1;
                tried += 1;
                if tried % 64 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                    aborted = true;
                    break;
                }
                let mut c = top.pos;
                let effect = c.play_unchecked(mv);
                if effect.irreversible || c.is_over() {
                    continue;
                }
                let ck = c.key();
                c.settle();
                if c.is_over() {
                    continue;
                }
                if let Some(&l) = self.labels.get(&ck) {
                    run.tainted[v] |= l == UNKNOWN;
                    continue;
                }
                if let Some(&w) = run.index_of.get(&ck) {
                    if run.on_stack[w as usize] {
                        run.low[v] = run.low[v].min(w);
                    }
                    continue;
                }
                if expanded >= cap
                    || (expanded % CHECK_EVERY == 0
                        && deadline.is_some_and(|d| Instant::now() >= d))
                {
                    aborted = true;
                    break;
                }
                expanded += 1;
                run.visit(c, ck, &mut frames);
                continue;
            }
            frames.pop();
            if let Some(parent) = frames.last() {
                let p = parent.index as usize;
                run.low[p] = run.low[p].min(run.low[v]);
                run.tainted[p] |= run.tainted[v];
            }
            if run.low[v] == v as u32 {
                let start = run
                    .stack
                    .iter()
                    .rposition(|&i| i as usize == v)
                    .expect("the root of a component is on the stack");
                let any_taint = run.stack[start..].iter().any(|&i| run.tainted[i as usize]);
                let label = if any_taint {
                    UNKNOWN
                } else {
                    self.next += 1;
                    self.sizes.push((run.stack.len() - start) as u32);
                    self.next - 1
                };
                for &i in &run.stack[start..] {
                    run.on_stack[i as usize] = false;
                    self.labels.insert(run.keys[i as usize], label);
                }
                run.stack.truncate(start);
            }
        }
        if aborted {
            for &i in &run.stack {
                self.labels.insert(run.keys[i as usize], UNKNOWN);
            }
            self.given_up.insert(root.stores(), ());
            self.failed += 1;
        }
        self.left = self.left.saturating_sub(expanded);
    }
}

/// A cycle component's moves as the fixpoints below read them: per member, the side to move
/// (`sides`), whether its exits alone keep South's result at least the threshold or below it
/// (`exits`, as the first or second flag) and its moves inside with what a repetition gives
/// (`inner`: target member and verdict bits).
struct Component<'a> {
    sides: &'a [Side],
    exits: &'a [(u8, u8)],
    inner: &'a [Vec<(u32, u8)>],
}

impl Component<'_> {
    /// Whether member `i`'s exits alone are good for verdict `bit`.
    fn exit_ok(&self, i: usize, bit: u8) -> bool {
        let (at_least, below) = self.exits[i];
        (if bit == 1 { at_least } else { below }) != 0
    }

    /// Member `i`'s good moves for verdict `bit` (a good exit counts once; an inner move is
    /// good when `good(target, repetition)` says so) and whether all its moves are good.
    fn tally(&self, i: usize, bit: u8, good: impl Fn(usize, u8) -> bool) -> (u32, bool) {
        let mut ok_moves = u32::from(self.exit_ok(i, bit));
        let mut all_ok = self.exit_ok(i, bit);
        for &(j, rep) in &self.inner[i] {
            if good(j as usize, rep) {
                ok_moves += 1;
            } else {
                all_ok = false;
            }
        }
        (ok_moves, all_ok)
    }

    /// A good move of member `i` just went bad: whether the member falls out of the set (at
    /// once when the other side moves there; when `side` does, with his last good move, counted
    /// down in `count`).
    fn loses_hold(&self, i: usize, side: Side, count: &mut [u32]) -> bool {
        if self.sides[i] != side {
            return true;
        }
        count[i] -= 1;
        count[i] == 0
    }

    /// The greatest set of members of the component from which `side` keeps South's result on his
    /// side of the threshold whatever the history (`bit` of the verdicts: 1 for South at least the
    /// threshold, 2 for below): a member stays in while its mover, if he is `side`, has a good
    /// exit or a move into the set whose repetition is good too, and otherwise every move is
    /// one of those.
    fn safety_fixpoint(&self, bit: u8, side: Side) -> Vec<bool> {
        let (sides, inner) = (self.sides, self.inner);
        let n = sides.len();
        // Predecessors by inner moves whose repetition is good for `side`.
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        // For members where `side` moves: good moves left (an exit counts once); for the others,
        // whether every exit is good and every inner move's repetition is.
        let mut count = vec![0u32; n];
        let mut inside = vec![true; n];
        let mut queue = Vec::new();
        for i in 0..n {
            let own = sides[i] == side;
            for &(j, rep) in &inner[i] {
                if rep & bit != 0 {
                    preds[j as usize].push(i as u32);
                }
            }
            let (ok_moves, all_ok) = self.tally(i, bit, |_, rep| rep & bit != 0);
            count[i] = ok_moves;
            let keep = if own { ok_moves > 0 } else { all_ok };
            if !keep {
                inside[i] = false;
                queue.push(i as u32);
            }
        }
        while let Some(j) = queue.pop() {
            for &i in &preds[j as usize] {
                let i = i as usize;
                if !inside[i] || !self.loses_hold(i, side, &mut count) {
                    continue;
                }
                inside[i] = false;
                queue.push(i as u32);
            }
        }
        inside
    }

    /// Rounds of [`Component::first_cycle_region`] at most (each is one pass over the component's moves;
    /// stopping early only leaves the region smaller).
    const FIRST_CYCLE_ROUNDS: usize = 256;

    /// The members of the component from which `side` keeps South's result on his side of the
    /// threshold (`bit` as in [`Component::safety_fixpoint`]) when the game reaches them *with no other
    /// position of the component behind it whose repetition is bad for `side`* (module docs, "The
    /// first-cycle argument"). The region of a co-Büchi game: `W = Attr(W ∪ Y)` until it stops
    /// growing, where `Y` is the greatest set outside `W` from which `side` keeps play in `Y` by
    /// moves into members whose repetition is good for him, or into `W`, or by good exits; the
    /// attractor adds the members from which he forces play into `W ∪ Y` (strictly fewer steps
    /// left each move, so no position of it comes twice). `safety_fixpoint` is the first `Y`.
    fn first_cycle_region(&self, bit: u8, side: Side) -> Vec<bool> {
        let (sides, inner) = (self.sides, self.inner);
        let n = sides.len();
        // Reverse edges, each with whether a repetition of its target is good for `side`.
        let mut start = vec![0u32; n + 1];
        for moves in inner {
            for &(j, _) in moves {
                start[j as usize + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut preds = vec![(0u32, false); start[n] as usize];
        for (i, moves) in inner.iter().enumerate() {
            for &(j, rep) in moves {
                let slot = &mut fill[j as usize];
                preds[*slot as usize] = (i as u32, rep & bit != 0);
                *slot += 1;
            }
        }
        let mut win = vec![false; n];
        let mut in_y = vec![false; n];
        let mut count = vec![0u32; n];
        let mut queue = Vec::new();
        for _ in 0..Self::FIRST_CYCLE_ROUNDS {
            // Y: a greatest fixpoint over the members not yet won.
            queue.clear();
            for i in 0..n {
                in_y[i] = false;
                if win[i] {
                    continue;
                }
                let own = sides[i] == side;
                let (ok_moves, all_ok) = self.tally(i, bit, |j, rep| win[j] || rep & bit != 0);
                count[i] = ok_moves;
                in_y[i] = true;
                if !(if own { ok_moves > 0 } else { all_ok }) {
                    in_y[i] = false;
                    queue.push(i as u32);
                }
            }
            while let Some(j) = queue.pop() {
                for &(i, good) in &preds[start[j as usize] as usize..start[j as usize + 1] as usize]
                {
                    let i = i as usize;
                    if !good || !in_y[i] || !self.loses_hold(i, side, &mut count) {
                        continue;
                    }
                    in_y[i] = false;
                    queue.push(i as u32);
                }
            }
            // The attractor of W ∪ Y.
            let mut grew = false;
            queue.clear();
            for i in 0..n {
                if in_y[i] {
                    win[i] = true;
                    grew = true;
                }
                if win[i] {
                    queue.push(i as u32);
                }
            }
            // Per member outside the target, the moves into it still missing: one of his own for
            // `side`; every inner move for the other (whose exits must all be good, else never).
            let mut attracted = Vec::new();
            for i in 0..n {
                count[i] = if win[i] {
                    0
                } else if sides[i] == side {
                    1
                } else if !self.exit_ok(i, bit) {
                    u32::MAX
                } else {
                    inner[i].len() as u32
                };
                if !win[i] && count[i] == 0 {
                    attracted.push(i as u32);
                }
            }
            if queue.is_empty() {
                queue.append(&mut attracted);
                for &i in &queue {
                    win[i as usize] = true;
                    grew = true;
                }
            }
            while let Some(j) = queue.pop() {
                for &(i, _) in &preds[start[j as usize] as usize..start[j as usize + 1] as usize] {
                    let i = i as usize;
                    if win[i] || count[i] == 0 || count[i] == u32::MAX {
                        continue;
                    }
                    if sides[i] == side {
                        count[i] = 0;
                    } else {
                        count[i] -= 1;
                    }
                    if count[i] == 0 {
                        attracted.push(i as u32);
                    }
                }
                if queue.is_empty() {
                    for &i in &attracted {
                        if !win[i as usize] {
                            win[i as usize] = true;
                            grew = true;
                            queue.push(i);
                        }
                    }
                    attracted.clear();
                }
            }
            if !grew {
                break;
            }
        }
        win
    }
}

/// The value of a finished game for `me`: [`WIN`] plus the margin for a win, minus that for a
/// loss, the margin for a draw.
pub fn end_value<P: Position>(pos: &P, me: Side) -> i32 {
    let s = pos.stores();
    let margin = s[me.index()] as i32 - s[me.opponent().index()] as i32;
    match pos.outcome().and_then(|o| o.winner) {
        Some(w) if w == me => WIN + margin.abs(),
        Some(_) => -(WIN + margin.abs()),
        None => margin,
    }
}

/// What proofs of positions of one game (the same rules, the same tables) can carry from one
/// to the next ([`prove_sharing`]): every result the prover keeps that is a fact about a
/// position and a history, never about the proof it was found in.
///
/// * The transposition table: each entry is keyed by the position and the set of positions
///   seen since the last capture, all its value can depend on (module docs).
/// * The monotone table, keyed by the position, the test and the part of the history that
///   could change its result ("Monotone histories").
/// * The quiet graph's components that a labelling run finished, and the history-free and
///   first-cycle verdicts of the analyses that finished ("Inside a component"); a run or an
///   analysis that a budget stopped is forgotten, so that a later proof may run it again.
///
/// Under the shared-cycle argument ("Rules whose cycles all end alike") the transposition
/// table holds results that count the positions of the proof's own history as terminals, and
/// nothing else is used: a proof under it starts from an empty memory (and leaves it empty).
pub struct ProofMemory<P: EngineGame> {
    tt: KeyMap<(P::Key, u64), Entry<P::Move>>,
    safe: KeyMap<(P::Key, i32), u8>,
    analysed: HashMap<(u32, i32), (), BuildHasherDefault<KeyHasher>>,
    mono: KeyMap<MonoKey<P::Key>, ()>,
    labels: HashMap<P::Key, u32, BuildHasherDefault<KeyHasher>>,
    next: u32,
    sizes: Vec<u32>,
}

impl<P: EngineGame> Default for ProofMemory<P> {
    fn default() -> Self {
        ProofMemory {
            tt: HashMap::default(),
            safe: HashMap::default(),
            analysed: HashMap::default(),
            mono: HashMap::default(),
            labels: HashMap::default(),
            next: 0,
            sizes: Vec::new(),
        }
    }
}

impl<P: EngineGame> ProofMemory<P> {
    /// The entries of the transposition table kept.
    #[must_use]
    pub fn entries(&self) -> usize {
        self.tt.len()
    }

    /// The positions with a history-free or first-cycle verdict kept, per test.
    #[must_use]
    pub fn verdicts(&self) -> usize {
        self.safe.len()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// Forgets the components and their verdicts once either holds more than `max` entries
    /// (the transposition and monotone tables keep themselves within `max` as they fill).
    fn trim(&mut self, max: usize) {
        if self.labels.len() > max || self.safe.len() > max {
            self.safe.clear();
            self.analysed.clear();
            self.labels.clear();
            self.sizes.clear();
            self.next = 0;
        }
    }
}

struct Prover<'a, P: EngineGame> {
    table: Option<TableUse<'a>>,
    tt: KeyMap<(P::Key, u64), Entry<P::Move>>,
    history: Line<P::Key>,
    stats: ProofStats,
    budget: Budget,
    started: Instant,
    deadline: Option<Instant>,
    stop: Option<Stop>,
    endless: Option<usize>,
    progress: &'a mut dyn FnMut(&ProofProgress),
    bounds: (i32, i32, i32),
    components: Components<P::Key>,
    /// The history-free argument's verdicts: per position key and South's threshold `t`, bit
    /// 0 when South gets at least `t` whatever the history, bit 1 when he gets less.
    safe: KeyMap<(P::Key, i32), u8>,
    /// Components analysed (or being analysed) per threshold.
    analysed: HashMap<(u32, i32), (), BuildHasherDefault<KeyHasher>>,
    /// Null-window results that hold for every history with the same part of one kind
    /// (module docs, "Monotone histories").
    mono: KeyMap<MonoKey<P::Key>, ()>,
    /// Set by every search as it returns: the index in the history of the earliest position
    /// its result may depend on having been seen (`usize::MAX`: none before the node).
    last_dep: usize,
    /// The position being proven.
    root: P::Key,
    /// The node count at which the innermost search valuing a component's exit stops
    /// ([`Budget::exit_nodes`]; `u64::MAX` outside such searches).
    exit_limit: u64,
    /// The component analyses run, with what they found.
    analyses: Vec<ComponentAnalysis>,
    /// The ply at which the current deepening search stops (`usize::MAX`: none; module docs,
    /// "Deepening").
    horizon: usize,
    /// The side that passes the test at a position at the horizon.
    horizon_passes: Side,
    /// Set by every search as it returns: whether its result depends on a position at the
    /// horizon (then it is kept only in [`Prover::shallow`], for the current deepening search).
    tainted: bool,
    /// Results of the current deepening search that depend on the horizon: per position and
    /// history hash, whether the side to move passed the test and the plies to the horizon
    /// the search had.
    shallow: KeyMap<(P::Key, u64), (bool, usize)>,
    /// The shared-cycle argument is on (module docs, "Rules whose cycles all end alike"): the
    /// transposition table is keyed by position alone and holds only results that hold
    /// whatever the history.
    shared: bool,
    /// The index in the line of the position being proven: under the shared-cycle argument the
    /// positions of its history before it end the game when they come back, like a terminal
    /// (module docs, "Rules whose cycles all end alike").
    pre: usize,
    /// The shared-cycle argument's provisional results of the current search, by position.
    provisional: KeyMap<P::Key, Provisional<P::Move>>,
    /// The positions of [`Prover::provisional`] in the order they were recorded (a slot is
    /// live when its entry points back at it): a node's results are those recorded after it.
    provisional_log: Vec<P::Key>,
    /// Runs of [`Prover::provisional_log`], as their first slot and the index in the history of
    /// the earliest position every result of the run rests on, in the order of the log.
    ///
    /// All results recorded below a node that the cycle side won provisionally rest on what that
    /// node rests on (module docs, "Rules whose cycles all end alike"), so settling the node
    /// merges the runs recorded below it into one: settling costs nothing per result kept, and
    /// a line tens of thousands of plies deep is not walked again at every node on the way up.
    provisional_runs: Vec<(usize, usize)>,
}

/// A result of the shared-cycle argument that rests on positions of the line being searched.
#[derive(Clone, Copy, Debug)]
struct Provisional<M> {
    /// The lower bound proven, if the positions it rests on are settled the same way.
    lo: i32,
    /// The upper bound, likewise.
    hi: i32,
    /// The move that proved it.
    best: M,
    /// Its slot in [`Prover::provisional_log`] (the positions it rests on are its run's).
    slot: usize,
}

/// What a node's own result does to the provisional results recorded below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Settle {
    /// The node's result is not one the cycle side won (or not proven): every one of them
    /// may rest on the cycle side winning at the node, and is forgotten.
    Forget,
    /// The cycle side won at the node whatever the history: those resting on nothing above
    /// it hold whatever the history, and go to the transposition table.
    Promote,
    /// The cycle side won at the node, resting on the position at this index of the history
    /// and later ones: so do they now.
    RestOn(usize),
}

/// A table and the rules' seed total and threshold.
#[derive(Clone, Copy)]
struct TableUse<'a> {
    table: &'a Tablebase,
    total: i32,
    threshold: i32,
}

impl TableUse<'_> {
    /// The bounds the table proves on `pos` (not over, `me` to move), if its entry is exact
    /// here; `fresh` when the history holds only `pos`.
    fn bounds<P: EngineGame>(&self, pos: &P, me: Side, fresh: bool) -> Option<(i32, i32)> {
        let p = pos.table_probe(self.table)?;
        match p.exactness {
            Exactness::AnyHistory => {}
            Exactness::EmptyHistory if fresh => {}
            _ => return None,
        }
        // Twice what the mover holds at the end, stores included.
        let x2 = 2 * pos.stores()[me.index()] as i32 + p.half_seeds as i32;
        let total = self.total;
        let t = self.threshold;
        Some(match x2.cmp(&total) {
            std::cmp::Ordering::Equal => (0, 0),
            // A half is rounded against the winner.
            std::cmp::Ordering::Greater => (WIN + (x2 / 2 + t - total).max(1), WIN + total),
            std::cmp::Ordering::Less => (-(WIN + total), -(WIN + (t - (x2 + 1) / 2).max(1))),
        })
    }
}

impl<P: EngineGame> Prover<'_, P> {
    /// Whether the quiet move from `pos` (history key `own`) to `child` (history key `key`)
    /// left `pos`'s component: then no position of the history can come back.
    fn left_component(&mut self, pos: &P, own: P::Key, child: &P, key: P::Key) -> bool {
        let Some(to) = self.components.of(child, key) else {
            return false;
        };
        let left = self.components.of(pos, own).is_some_and(|from| from != to);
        self.stats.labelled = self.components.labels.len();
        left
    }

    /// Counts a node; looks at the budgets and reports progress now and then.
    #[inline]
    fn count(&mut self, ply: usize) {
        self.stats.nodes += 1;
        self.stats.max_ply = self.stats.max_ply.max(ply);
        // The clock is read more often than the rest is done: a node of a relay game can take
        // milliseconds (its legal moves run whole laps), so every CHECK_EVERY nodes could
        // overrun a time budget by minutes.
        if self.stats.nodes % CLOCK_EVERY == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stop = Some(Stop::Time);
        }
        if self.stats.nodes >= self.exit_limit && self.stop.is_none() {
            self.stop = Some(Stop::ExitBudget);
        }
        // The node budget to the node: a split proof's leaves may be given a few hundred.
        if self.stats.nodes >= self.budget.nodes && self.stop.is_none() {
            self.stop = Some(Stop::Nodes);
        }
        if self.stats.nodes % CHECK_EVERY == 0 {
            self.stats.elapsed = self.started.elapsed();
            self.stats.tt_entries = self.tt.len();
            if self.stop.is_none() && self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stop = Some(Stop::Time);
            }
            let (lo, hi, t) = self.bounds;
            (self.progress)(&ProofProgress {
                stats: self.stats,
                lower: Value::decode(lo),
                upper: Value::decode(hi),
                testing: Value::decode(t),
            });
        }
    }

    /// The history-free argument at a null-window node (module docs, "Inside a component"):
    /// `Some((beta, _))` when the side to move `me` gets at least `beta`, `Some((beta - 1, _))`
    /// when he gets less, with `true` when that holds whatever the history and `false` when
    /// the first-cycle argument gave it for this history; `None` when neither settles it (or
    /// the component is too small to be worth it, or not labelled).
    fn history_free(
        &mut self,
        pos: &P,
        own: P::Key,
        me: Side,
        beta: i32,
        ply: usize,
    ) -> Option<(i32, bool)> {
        if self.budget.history_free == usize::MAX {
            return None;
        }
        // South's threshold: North's "at least beta" is South's "less than 1 - beta".
        let t = if me == Side::South { beta } else { 1 - beta };
        let bits = match self.safe.get(&(own, t)) {
            Some(&b) => b,
            None => {
                // Only a component already labelled (by a quiet move into it, see
                // `left_component`): labelling here too would run Tarjan from every position
                // reached by a capture, which costs far more than it saves in games whose
                // quiet graphs are huge (36 seeds, Ba-awa's rounds).
                let label = *self.components.labels.get(&own)?;
                if label == UNKNOWN {
                    return None;
                }
                let size = self.components.sizes[label as usize] as usize;
                // Inside a search valuing an exit, only a component whose walk (a node per
                // member) fits in what is left of that search's budget.
                if size < self.budget.history_free
                    || self.analysed.contains_key(&(label, t))
                    || self.exit_limit.saturating_sub(self.stats.nodes) < size as u64
                {
                    return None;
                }
                self.analysed.insert((label, t), ());
                self.analyse(pos, own, label, t, ply);
                *self.safe.get(&(own, t))?
            }
        };
        let any_history = bits & 3 != 0;
        let south_gets = if any_history {
            self.stats.safe_hits += 1;
            bits & 1 != 0
        } else {
            // The first-cycle argument: holds when no position of the component seen before
            // this one repeats badly for the side it favours.
            let cond = (bits >> 2) & 3;
            if !matches!(cond, 1 | 2) || !self.history_repeats_well(own, t, cond) {
                return None;
            }
            self.stats.first_cycle_hits += 1;
            cond == 1
        };
        let v = if south_gets == (me == Side::South) {
            beta
        } else {
            beta - 1
        };
        Some((v, any_history))
    }

    /// Whether every position of the history before `own` that lies in `own`'s component
    /// repeats well for the side the first-cycle verdict `cond` (1: South gets at least `t`,
    /// 2: he gets less) favours: then that verdict holds at `own` (module docs).
    fn history_repeats_well(&self, own: P::Key, t: i32, cond: u8) -> bool {
        let Some(&label) = self.components.labels.get(&own) else {
            return false;
        };
        let recent = self.history.recent();
        let Some((last, before)) = recent.split_last() else {
            return false;
        };
        if *last != own {
            return false;
        }
        for key in before.iter().rev() {
            if self.components.labels.get(key) != Some(&label) {
                // Positions of earlier components cannot come back (module docs).
                break;
            }
            let good = self
                .safe
                .get(&(*key, t))
                .is_some_and(|&b| (b >> 4) & cond != 0);
            if !good {
                return false;
            }
        }
        true
    }

    /// Runs the history-free argument over the component `label` of `root` for South's
    /// threshold `t`, and records its verdicts in [`Prover::safe`] (nothing when a budget stops
    /// it).
    fn analyse(&mut self, root: &P, root_key: P::Key, label: u32, t: i32, ply: usize) {
        self.stats.analyses += 1;
        let mut report = ComponentAnalysis {
            south_at_least: t,
            ..ComponentAnalysis::default()
        };
        // The members, by a walk over the quiet moves that stay in the component.
        let mut members: Vec<(P, P::Key)> = vec![(*root, root_key)];
        let mut index: KeyMap<P::Key, u32> = HashMap::default();
        index.insert(root_key, 0);
        // Per member: whether South gets at least `t` (bit 0) or less (bit 1) by each move
        // that leaves the component; and the moves that stay, with what a repetition gives.
        let mut exits_south: Vec<(u8, u8)> = Vec::new();
        let mut inner: Vec<Vec<(u32, u8)>> = Vec::new();
        let mut i = 0;
        while i < members.len() {
            self.count(ply);
            if self.stop.is_some() || self.endless.is_some() {
                self.stopped_analysis(report, label, i);
                return;
            }
            let (pos, _) = members[i];
            let me = pos.to_move().expect("a member is not over");
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            // For the side to move: some exit good for South / for North; every exit good.
            let (mut any_s, mut any_n, mut all_s, mut all_n) = (false, false, true, true);
            let mut stays = Vec::new();
            for &mv in moves.iter() {
                let mut c = pos;
                let effect = c.play_unchecked(mv);
                // `Some(None)`: an exit whose search ran out of its own budget.
                let mut good = None;
                if c.is_over() {
                    good = Some(Some(end_value(&c, Side::South) >= t));
                } else if !effect.irreversible {
                    let key = c.key();
                    // What a repetition gives: the rules' own ending, whatever came before.
                    let mut r = c;
                    let repeated = if r.end_by_repetition() && r.is_over() {
                        let v = end_value(&r, Side::South);
                        u8::from(v >= t) | u8::from(v < t) << 1
                    } else {
                        0
                    };
                    c.settle();
                    if c.is_over() {
                        good = Some(Some(end_value(&c, Side::South) >= t));
                    } else if self.components.of(&c, key) == Some(label) {
                        let j = *index.entry(key).or_insert_with(|| {
                            members.push((c, key));
                            members.len() as u32 - 1
                        });
                        stays.push((j, repeated));
                        report.inner_moves += 1;
                        continue;
                    }
                    if good.is_none() {
                        good = self.exit_is_good(&c, key, true, t, ply, &mut report);
                    }
                } else {
                    c.settle();
                    if c.is_over() {
                        good = Some(Some(end_value(&c, Side::South) >= t));
                    } else {
                        let key = c.key();
                        good = self.exit_is_good(&c, key, false, t, ply, &mut report);
                    }
                }
                let Some(good) = good else {
                    self.stopped_analysis(report, label, i);
                    return;
                };
                report.exits += 1;
                let Some(good) = good else {
                    // Not known: good for neither side.
                    report.exits_unknown += 1;
                    all_s = false;
                    all_n = false;
                    continue;
                };
                report.exits_good += u64::from(good);
                any_s |= good;
                any_n |= !good;
                all_s &= good;
                all_n &= !good;
            }
            self.stats.labelled = self.components.labels.len();
            // Bit 0: this member's exits alone make it good for South (South to move: one
            // good exit; North to move: he has no exit that is not good, so far).
            let (s_ok, n_ok) = if me == Side::South {
                (any_s, all_n)
            } else {
                (all_s, any_n)
            };
            exits_south.push((u8::from(s_ok), u8::from(n_ok)));
            inner.push(stays);
            i += 1;
        }
        let sides: Vec<Side> = members
            .iter()
            .map(|(p, _)| p.to_move().expect("not over"))
            .collect();
        let component = Component {
            sides: &sides,
            exits: &exits_south,
            inner: &inner,
        };
        let mut verdict = vec![0u8; members.len()];
        for (bit, side) in [(1u8, Side::South), (2u8, Side::North)] {
            let inside = component.safety_fixpoint(bit, side);
            for (v, ok) in verdict.iter_mut().zip(inside) {
                if ok {
                    *v |= bit;
                }
            }
        }
        for (bit, side) in [(1u8, Side::South), (2u8, Side::North)] {
            let won = component.first_cycle_region(bit, side);
            for (v, ok) in verdict.iter_mut().zip(won) {
                if ok && *v & bit == 0 {
                    *v |= bit << 2;
                }
            }
        }
        // What a repetition of each member gives (known for the members a move of the
        // component comes back to, the only ones that can repeat).
        for moves in &inner {
            for &(j, rep) in moves {
                verdict[j as usize] |= rep << 4;
            }
        }
        report.members = members.len();
        report.at_root = self.components.labels.get(&self.root) == Some(&label);
        for &v in &verdict {
            report.repeat_good += usize::from(v & 0x10 != 0);
            report.repeat_bad += usize::from(v & 0x20 != 0);
            report.south_safe += usize::from(v & 1 != 0);
            report.north_safe += usize::from(v & 2 != 0);
            report.south_first_cycle += usize::from(v & 4 != 0);
            report.north_first_cycle += usize::from(v & 8 != 0);
        }
        if let Some(&r) = index.get(&self.root) {
            let v = verdict[r as usize];
            if v & 5 != 0 {
                report.root_south_gets = Some(true);
            } else if v & 10 != 0 {
                report.root_south_gets = Some(false);
            }
        }
        self.analyses.push(report);
        for ((_, key), v) in members.iter().zip(verdict) {
            self.safe.insert((*key, t), v);
        }
    }

    /// Records an analysis of the component `label` that a budget stopped after walking
    /// `walked` members.
    fn stopped_analysis(&mut self, mut report: ComponentAnalysis, label: u32, walked: usize) {
        // Nothing was recorded: a later node (when only an enclosing exit search stopped) or a
        // later proof sharing this one's memory ([`ProofMemory`]) may analyse it again.
        self.analysed.remove(&(label, report.south_at_least));
        report.members = self.components.sizes[label as usize] as usize;
        report.walked = Some(walked);
        report.at_root = self.components.labels.get(&self.root) == Some(&label);
        self.analyses.push(report);
    }

    /// Whether the value of the position `c` (settled, not over, key `key`), reached by a move
    /// out of the component being analysed, is at least South's threshold `t`: a search from a
    /// history of `c` alone (no position before it can come back, module docs), of at most
    /// [`Budget::exit_nodes`] nodes. `Some(None)` when that budget ran out (the move is then
    /// good for neither side in the analysis); `None` when another budget stopped it. The
    /// search and its nodes are counted in `report`.
    fn exit_is_good(
        &mut self,
        c: &P,
        key: P::Key,
        quiet: bool,
        t: i32,
        ply: usize,
        report: &mut ComponentAnalysis,
    ) -> Option<Option<bool>> {
        let before = self.stats.nodes;
        let good = 'search: {
            let token = self.history.push(key, true);
            let side = c.to_move().expect("not over");
            if quiet {
                self.stats.component_exits += 1;
            }
            // This search's own budget, inside any that an enclosing exit search has; no
            // horizon (its node budget bounds it, and the analysis keeps only proven results).
            let outer = self.exit_limit;
            let horizon = std::mem::replace(&mut self.horizon, usize::MAX);
            self.exit_limit = outer.min(self.stats.nodes.saturating_add(self.budget.exit_nodes));
            let good = if side == Side::South {
                self.search(c, key, Sets::fresh(&key, None), true, t - 1, t, ply + 1) >= t
            } else {
                // North at least 1 - t is South below t.
                self.search(c, key, Sets::fresh(&key, None), true, -t, 1 - t, ply + 1) < 1 - t
            };
            self.history.pop(token);
            self.horizon = horizon;
            let mine = self.stop == Some(Stop::ExitBudget) && self.exit_limit < outer;
            self.exit_limit = outer;
            if mine {
                // Nothing the stopped search was in the middle of was recorded.
                self.stop = None;
                self.stats.exits_unknown += 1;
                break 'search Some(None);
            }
            (self.stop.is_none() && self.endless.is_none()).then_some(Some(good))
        };
        let spent = self.stats.nodes - before;
        report.exit_nodes += spent;
        report.exits_searched += u64::from(spent > 1);
        good
    }

    /// The value of `pos` (settled, not over, its key `own` last on the history) for its side
    /// to move, fail-soft within `(alpha, beta)`. `sets` hash the part of the history since
    /// the last irreversible move that can still matter (see the module docs), `pos` included;
    /// `fresh` when that part holds `pos` alone. Sets [`Prover::last_dep`].
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &P,
        own: P::Key,
        sets: Sets,
        fresh: bool,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.count(ply);
        // Until shown otherwise, the result may depend on every position of the history.
        self.last_dep = 0;
        self.tainted = false;
        if ply >= MAX_PLY {
            self.stop = Some(Stop::Depth);
        }
        if self.stop.is_some() || self.endless.is_some() {
            return 0;
        }
        let me = pos.to_move().expect("a settled position that is not over");
        let (mut lo, mut hi) = (-INF, INF);
        // Under the shared-cycle argument an entry exact from an empty history is the
        // history-free value that every result here is about, once no position of the history
        // before the root can come back (none, or a capture since).
        let exact_here = fresh || (self.shared && (self.pre == 0 || self.history.floor() > 0));
        if let Some((tl, th)) = self.table.and_then(|t| t.bounds(pos, me, exact_here)) {
            if tl >= beta || th <= alpha || tl == th {
                self.stats.table_hits += 1;
                // Exact for any history, or for this one with nothing before the node.
                self.last_dep = usize::MAX;
                return if th <= alpha { th } else { tl };
            }
            (lo, hi) = (tl, th);
        }
        let tt_key = self.tt_key(pos, sets);
        let mut first = None;
        if let Some(e) = self.tt.get(&tt_key) {
            self.stats.tt_hits += 1;
            if self.shared {
                // Kept by position alone: it holds whatever the history.
                self.last_dep = usize::MAX;
            }
            if e.lo >= beta || e.lo == e.hi {
                return e.lo;
            }
            if e.hi <= alpha {
                return e.hi;
            }
            lo = lo.max(e.lo);
            hi = hi.min(e.hi);
            first = Some(e.best);
        }
        if self.shared {
            if let Some(&p) = self.provisional.get(&pos.key()) {
                if p.lo >= beta || p.hi <= alpha {
                    self.stats.provisional_hits += 1;
                    self.last_dep = self.provisional_dep(p.slot);
                    return if p.hi <= alpha { p.hi } else { p.lo };
                }
            }
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let (alpha0, beta0) = (alpha, beta);
        let null_window = alpha + 1 == beta;
        // South's threshold: North's "at least beta" is South's "less than 1 - beta".
        let t = if me == Side::South { beta } else { 1 - beta };
        if null_window && !self.shared {
            let south_gets = if self.mono.contains_key(&(pos.key(), t, sets.bad, true)) {
                Some(true)
            } else if self.mono.contains_key(&(pos.key(), t, sets.good, false)) {
                Some(false)
            } else {
                None
            };
            if let Some(gets) = south_gets {
                self.stats.mono_hits += 1;
                self.last_dep = usize::MAX;
                return if gets == (me == Side::South) {
                    beta
                } else {
                    alpha
                };
            }
            if let Some((v, any_history)) = self.history_free(pos, own, me, beta, ply) {
                // A history-free verdict depends on no history; a first-cycle one does.
                self.last_dep = if any_history { usize::MAX } else { 0 };
                return v;
            }
            if self.stop.is_some() || self.endless.is_some() {
                return 0;
            }
        }
        if self.horizon != usize::MAX {
            // Deepening: below here results are proven only if no horizon decided them.
            let left = self.horizon.saturating_sub(ply);
            let passed = if left == 0 {
                self.stats.horizon_nodes += 1;
                Some(me == self.horizon_passes)
            } else {
                self.shallow
                    .get(&tt_key)
                    .and_then(|&(passed, had)| (had >= left).then_some(passed))
            };
            if let Some(passed) = passed {
                self.tainted = true;
                return if passed { beta } else { alpha };
            }
        }
        let own_index = self.history.len() - 1;
        let mut dep = usize::MAX;
        // The shared-cycle argument's results recorded below this node start here.
        let mark = self.provisional_log.len();

        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        // Order: the move that proved a bound before; then moves that end the game (a
        // repetition included) in a way that settles this test; then the rest by the fitted
        // evaluation of the child for the mover, captures counting first; ends that fail the
        // test last.
        let mut order = [(0i32, 0usize, P::Move::default()); MAX_MOVES];
        let n = moves.len();
        for (i, (slot, &mv)) in order.iter_mut().zip(moves.iter()).enumerate() {
            let mut c = *pos;
            let effect = c.play_unchecked(mv);
            let mut over = c.is_over();
            if !over && !effect.irreversible && self.history.contains(&c.key()) {
                over = c.end_by_repetition() && c.is_over();
            }
            if !over {
                c.settle();
                over = c.is_over();
            }
            let score = if first == Some(mv) {
                i32::MAX
            } else if over {
                let v = end_value(&c, me);
                if v >= beta {
                    i32::MAX - 1
                } else if v <= alpha {
                    i32::MIN
                } else {
                    v
                }
            } else {
                let side = c.to_move().expect("not over");
                let e = c.evaluate_fitted(side);
                1_000 * effect.captured as i32 + if side == me { e } else { -e }
            };
            *slot = (score.saturating_neg(), i, mv);
        }
        order[..n].sort_unstable_by_key(|s| (s.0, s.1));

        let mut best = -INF;
        let mut best_move = order[0].2;
        // Whether the result depends on a horizon: on a cut-off, the move that made it; else
        // any move searched.
        let mut tainted = false;
        for &(_, _, mv) in &order[..n] {
            let mut child = *pos;
            let step = match advance_keyed(&mut child, mv, &mut self.history) {
                Ok(step) => step,
                Err(_) => {
                    self.endless = Some(ply + 1);
                    return 0;
                }
            };
            if let Some(at) = step.repeated {
                // Under the shared-cycle argument, coming back to the history before the root
                // ends the game like a terminal: nothing to rest on.
                if !(self.shared && at < self.pre) {
                    dep = dep.min(at);
                }
            }
            let (v, child_tainted) = match (child.to_move(), step.pushed) {
                (Some(side), Some((token, key))) => {
                    let good = step.rep_value.map(|r| r >= t);
                    let (csets, cfresh) = if step.effect.irreversible {
                        (Sets::fresh(&key, good), true)
                    } else if !self.shared && self.left_component(pos, own, &child, key) {
                        self.stats.component_exits += 1;
                        (Sets::fresh(&key, good), true)
                    } else {
                        (sets.with(&key, good), false)
                    };
                    let v = if side == me {
                        self.search(&child, key, csets, cfresh, alpha, beta, ply + 1)
                    } else {
                        -self.search(&child, key, csets, cfresh, -beta, -alpha, ply + 1)
                    };
                    dep = dep.min(self.last_dep);
                    self.history.pop(token);
                    (v, self.tainted)
                }
                _ => (end_value(&child, me), false),
            };
            if self.stop.is_some() || self.endless.is_some() {
                return 0;
            }
            if v > best {
                best = v;
                best_move = mv;
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                tainted = child_tainted;
                break;
            }
            tainted |= child_tainted;
        }
        if tainted {
            // Not proven: kept for the rest of this deepening search only, with the move
            // that made it for the order of the next one.
            self.settle_provisional(mark, own_index, Settle::Forget);
            if self.shallow.len() >= self.budget.max_entries {
                self.shallow.clear();
            }
            self.shallow
                .insert(tt_key, (best >= beta0, self.horizon.saturating_sub(ply)));
            if best >= beta0 {
                self.store(tt_key, -INF, INF, Some(best_move));
            }
            self.last_dep = dep;
            self.tainted = true;
            return best;
        }
        // Fail-soft: `best <= alpha0` proves `value <= best`, `best >= beta0` proves
        // `value >= best`, anything between is exact.
        let (mut new_lo, mut new_hi) = (lo, hi);
        if best <= alpha0 {
            new_hi = new_hi.min(best);
        } else if best >= beta0 {
            new_lo = new_lo.max(best);
        } else {
            (new_lo, new_hi) = (best, best);
        }
        if self.shared {
            let cycle_won = null_window && {
                // The side a repetition here favours for this test wins it.
                let mut r = *pos;
                r.end_by_repetition()
                    && r.is_over()
                    && (end_value(&r, me) >= beta0) == (best >= beta0)
            };
            let proven = dep >= own_index || (null_window && !cycle_won);
            // What the node's result does to those below it, the bounds the table keeps
            // (none but the move unless proven whatever the history), what the node rests on.
            let (how, (keep_lo, keep_hi), rests_on) = if proven {
                let how = if cycle_won {
                    Settle::Promote
                } else {
                    Settle::Forget
                };
                (how, (new_lo, new_hi), usize::MAX)
            } else if cycle_won {
                // Rests on positions of the line above: provisional until they are settled.
                (Settle::RestOn(dep), (-INF, INF), dep)
            } else {
                (Settle::Forget, (-INF, INF), dep)
            };
            self.settle_provisional(mark, own_index, how);
            self.store(tt_key, keep_lo, keep_hi, Some(best_move));
            if let Settle::RestOn(dep) = how {
                // Only the test's bound: the fail-soft value may count a repetition of a position
                // above as worth the repetition's ending, while that position is only proven to
                // pass the test (module docs).
                let (lo, hi) = if best >= beta0 {
                    (lo.max(beta0), hi)
                } else {
                    (lo, hi.min(alpha0))
                };
                self.record_provisional(pos.key(), lo, hi, best_move, dep, mark);
            }
            self.last_dep = rests_on;
            return best;
        }
        self.store(
            tt_key,
            new_lo,
            new_hi,
            (best >= beta0 || best > alpha0).then_some(best_move),
        );
        if null_window && dep >= own_index {
            // No position before this node decided a line: the result holds for every
            // history with the same part of the kind that could change it.
            let south_gets = (best >= beta0) == (me == Side::South);
            let part = if south_gets { sets.bad } else { sets.good };
            if self.mono.len() >= self.budget.max_entries {
                self.mono.clear();
            }
            self.mono.insert((pos.key(), t, part, south_gets), ());
        }
        self.last_dep = dep;
        best
    }

    /// The transposition table's key of `pos` with the history part `sets`: the position alone
    /// under the shared-cycle argument.
    fn tt_key(&self, pos: &P, sets: Sets) -> (P::Key, u64) {
        (pos.key(), if self.shared { 0 } else { sets.all })
    }

    /// Narrows the transposition entry of `key` to `lo..=hi` (creating it, after emptying a
    /// full table), with `best` as the move to try first there.
    fn store(&mut self, key: (P::Key, u64), lo: i32, hi: i32, best: Option<P::Move>) {
        if self.tt.len() >= self.budget.max_entries {
            self.tt.clear();
        }
        let e = self.tt.entry(key).or_insert(Entry {
            lo: -INF,
            hi: INF,
            best: best.unwrap_or_default(),
        });
        e.lo = e.lo.max(lo);
        e.hi = e.hi.min(hi);
        if let Some(m) = best {
            e.best = m;
        }
    }

    /// Applies a node's own result (the node at `own_index` of the history, whose results
    /// below were recorded from `mark` on) to the provisional results recorded below it
    /// (module docs, "Rules whose cycles all end alike").
    fn settle_provisional(&mut self, mark: usize, own_index: usize, how: Settle) {
        let end = self.provisional_log.len();
        let mark = mark.min(end);
        // The runs recorded below the node, and the earliest position any of them rests on.
        let first_run = self.provisional_runs.partition_point(|r| r.0 < mark);
        let below = self.provisional_runs[first_run..].iter().map(|r| r.1).min();
        match how {
            Settle::RestOn(d) => {
                // Each now rests on what the node rests on, too: one run.
                self.provisional_runs.truncate(first_run);
                if mark < end {
                    let dep = below.map_or(d, |b| b.min(d));
                    self.provisional_runs.push((mark, dep));
                }
                return;
            }
            Settle::Forget | Settle::Promote => {}
        }
        // Taken out while the results are settled (`store` does not touch them), not copied.
        let mut all_runs = std::mem::take(&mut self.provisional_runs);
        let runs = &all_runs[first_run..];
        let mut run = 0;
        for i in mark..end {
            let key = self.provisional_log[i];
            let Some(&p) = self.provisional.get(&key) else {
                continue;
            };
            if p.slot != i {
                // Recorded again later: that entry has its own slot.
                continue;
            }
            self.provisional.remove(&key);
            while run + 1 < runs.len() && runs[run + 1].0 <= i {
                run += 1;
            }
            // Won for good at the node, resting on nothing above it: a fact. (A result below a
            // node proven whatever the history rests on nothing above it; one that would is
            // only forgotten, which is always sound.)
            if how == Settle::Promote && runs.get(run).is_some_and(|r| r.0 <= i && r.1 >= own_index)
            {
                self.stats.promoted += 1;
                self.store((key, 0), p.lo, p.hi, Some(p.best));
            }
        }
        all_runs.truncate(first_run);
        self.provisional_runs = all_runs;
        self.provisional_log.truncate(mark);
    }

    /// Records the provisional result `lo..=hi` (best move `best`) of the node at whose entry
    /// the log held `mark` results, resting on the position at index `dep` of the history.
    fn record_provisional(
        &mut self,
        key: P::Key,
        lo: i32,
        hi: i32,
        best: P::Move,
        dep: usize,
        mark: usize,
    ) {
        if self.provisional.len() >= self.budget.max_entries {
            // Full: not recorded (emptying the map here would leave the nodes above with marks
            // past the log's end, and results below them that they would not settle).
            return;
        }
        let slot = self.provisional_log.len();
        let mark = mark.min(slot);
        // After `settle_provisional(.., RestOn(dep))` the results below the node form the
        // last run, which rests on `dep` at the earliest: the node's own result joins it.
        match self.provisional_runs.last_mut() {
            Some(r) if r.0 >= mark => r.1 = r.1.min(dep),
            _ => self.provisional_runs.push((slot, dep)),
        }
        self.provisional_log.push(key);
        self.provisional
            .insert(key, Provisional { lo, hi, best, slot });
    }

    /// The index in the history of the earliest position the provisional result in `slot`
    /// rests on.
    fn provisional_dep(&self, slot: usize) -> usize {
        let run = self.provisional_runs.partition_point(|r| r.0 <= slot);
        run.checked_sub(1).map_or(0, |r| self.provisional_runs[r].1)
    }

    /// Forgets every provisional result.
    fn clear_provisional(&mut self) {
        self.provisional.clear();
        self.provisional_log.clear();
        self.provisional_runs.clear();
    }

    /// The null-window test "does the side to move at the root get at least `t`?" on the
    /// root `pos`: one search to the end of every line, or deepening searches
    /// ([`Budget::deepen`]) until one settles it.
    fn test(&mut self, pos: &P, sets: Sets, fresh: bool, t: i32) -> i32 {
        if let Some(first) = self.budget.deepen {
            let mut depth = first.max(1);
            while depth < MAX_PLY {
                self.stats.horizon = depth;
                // A horizon counted as a failure for the root's side first: a success then
                // is proven; then as a success: a failure then is proven.
                let me = pos.to_move().expect("a settled position that is not over");
                for passes in [me.opponent(), me] {
                    self.horizon = depth;
                    self.horizon_passes = passes;
                    self.shallow.clear();
                    self.clear_provisional();
                    let v = self.search(pos, pos.key(), sets, fresh, t - 1, t, 0);
                    if !self.tainted || self.stop.is_some() || self.endless.is_some() {
                        self.horizon = usize::MAX;
                        self.shallow.clear();
                        return v;
                    }
                }
                depth = depth.saturating_mul(2);
            }
            self.horizon = usize::MAX;
            self.shallow.clear();
        }
        self.clear_provisional();
        self.search(pos, pos.key(), sets, fresh, t - 1, t, 0)
    }
}

/// Whether every repetition between two captures ends a game of `rules` with the same scores
/// (the seeds left shared, a draw, or unscored): then a position's value is the same from
/// every history (module docs, "Rules whose cycles all end alike").
fn cycles_end_alike(rules: &OwareRules) -> bool {
    matches!(
        rules.repetition,
        Repetition::SplitHalves | Repetition::Draw | Repetition::EndUnscored
    )
}

/// Proves the value of `pos` for its side to move.
///
/// `history` holds the keys of the positions since the last irreversible move, in order, the
/// last being `pos`'s own (`&[pos.key()]` for a position with no history, e.g. a start). `table`
/// values positions where its entries are exact (see the module docs); it must cover `pos`'s
/// rules ([`Tablebase::covers`]). `progress` is called every few thousand nodes.
///
/// # Errors
///
/// [`SolveError::Over`] when the game is over, [`SolveError::History`] when the history does
/// not end with `pos`, [`SolveError::Endless`] when the rules let a position repeat without
/// ending the game, [`SolveError::MaxPlies`] for rules with a ply limit.
pub fn prove<P: EngineGame>(
    pos: &P,
    history: &[P::Key],
    table: Option<&Tablebase>,
    budget: &Budget,
    progress: &mut dyn FnMut(&ProofProgress),
) -> Result<Proof<P::Move>, SolveError> {
    prove_sharing(
        pos,
        history,
        table,
        budget,
        &mut ProofMemory::default(),
        progress,
    )
}

/// [`prove`], starting from what earlier proofs left in `memory` and leaving there what this
/// one finds: for many proofs of positions of one game, e.g. the leaves of a split
/// ([`crate::split`]), which then need not find the same facts again. `memory` must only ever
/// be used with one game's rules and one `table` (or none): its results are about them.
///
/// # Errors
///
/// Those of [`prove`].
pub fn prove_sharing<P: EngineGame>(
    pos: &P,
    history: &[P::Key],
    table: Option<&Tablebase>,
    budget: &Budget,
    memory: &mut ProofMemory<P>,
    progress: &mut dyn FnMut(&ProofProgress),
) -> Result<Proof<P::Move>, SolveError> {
    let Some(side) = pos.to_move() else {
        return Err(SolveError::Over);
    };
    if history.last() != Some(&pos.key()) {
        return Err(SolveError::History);
    }
    let rules = pos.table_rules();
    if rules.is_some_and(|r| r.max_plies.is_some()) {
        return Err(SolveError::MaxPlies);
    }
    let table = match (table, rules) {
        (Some(table), Some(rules)) if table.covers(rules) => Some(TableUse {
            table,
            total: rules.total_seeds() as i32,
            threshold: rules.threshold() as i32,
        }),
        _ => None,
    };
    let mut h = Line::new(history[0]);
    for &k in &history[1..] {
        h.push(k, false);
    }
    let sets = history.iter().fold(
        Sets {
            all: 0,
            good: 0,
            bad: 0,
        },
        |acc, k| acc.with(k, None),
    );
    // The shared-cycle argument, with the history before the position as terminals (module
    // docs).
    let shared = budget.shared_cycles && rules.is_some_and(cycles_end_alike);
    if shared {
        // Its transposition table rests on this proof's history (the type's docs).
        memory.clear();
    }
    memory.trim(budget.max_entries);
    let started = Instant::now();
    let mut prover = Prover::<P> {
        table,
        tt: std::mem::take(&mut memory.tt),
        history: h,
        stats: ProofStats::default(),
        budget: *budget,
        started,
        deadline: budget.time.map(|t| started + t),
        stop: None,
        endless: None,
        progress,
        bounds: (-INF, INF, 0),
        safe: std::mem::take(&mut memory.safe),
        analysed: std::mem::take(&mut memory.analysed),
        mono: std::mem::take(&mut memory.mono),
        last_dep: 0,
        horizon: usize::MAX,
        horizon_passes: side.opponent(),
        tainted: false,
        shallow: HashMap::default(),
        shared,
        pre: history.len() - 1,
        provisional: HashMap::default(),
        provisional_log: Vec::new(),
        provisional_runs: Vec::new(),
        root: pos.key(),
        exit_limit: u64::MAX,
        analyses: Vec::new(),
        components: Components {
            labels: std::mem::take(&mut memory.labels),
            next: std::mem::take(&mut memory.next),
            sizes: std::mem::take(&mut memory.sizes),
            // Labelling counts against the node budget too.
            left: budget.components.min(budget.nodes),
            run_cap: COMPONENT_RUN,
            deadline: budget.time.map(|t| started + t),
            run_time: budget.time.map(|t| t / RUN_TIME_SHARE),
            given_up: HashMap::default(),
            failed: 0,
        },
    };
    let fresh = history.len() == 1;
    // No game ends with a margin above the seeds in play: they are conserved, the position's
    // pits and stores hold them all (Isolo's stock seeds enter its pits, but its stores stay
    // empty and its margins 0). In the Oware family (the games with tables) a store only
    // grows, by seeds from the board, and the game ends in the same round: the final
    // difference is the stores' present one give or take the seeds on the board. (Ba-awa's
    // stores start again at each round of a match, so the seeds in play is all it has.) The
    // open ends of the interval start there, so that the margin search halves the margins the
    // game can still end with, not up to `MAX_MARGIN`.
    let on_board = pos.pits().iter().map(|&s| i32::from(s)).sum::<i32>();
    let [a, b] = pos.stores().map(|s| s as i32);
    let spread = if rules.is_some() {
        on_board + (a - b).abs()
    } else {
        on_board + a + b
    };
    let cap = spread.min(MAX_MARGIN);
    let (mut lo, mut hi) = (-(WIN + cap), WIN + cap);
    let mut best = None;
    // "At least `t`?" until the interval closes: the result first (a win? at least a draw?),
    // then the margin by halving.
    let draw_first = matches!(budget.guess, Some(Verdict::Draw | Verdict::Loss));
    loop {
        let t = if let Some(v) = budget.at_least {
            v.threshold()
        } else if draw_first && lo <= -WIN && hi > -WIN {
            -WIN + 1
        } else if lo < WIN && hi >= WIN {
            WIN
        } else if lo <= -WIN && hi > -WIN {
            -WIN + 1
        } else if lo < hi && budget.margin {
            lo + (hi - lo + 1) / 2
        } else {
            break;
        };
        prover.bounds = (lo, hi, t);
        prover.stats.tests += 1;
        let v = prover.test(pos, sets, fresh, t);
        if let Some(ply) = prover.endless {
            return Err(SolveError::Endless { ply });
        }
        if prover.stop.is_some() {
            break;
        }
        if v >= t {
            lo = v;
            best = prover.tt.get(&prover.tt_key(pos, sets)).map(|e| e.best);
        } else {
            hi = v;
        }
        // Values below a loss by the whole board or above such a win do not occur: clamp
        // the open ends so that the margin search halves a finite interval.
        lo = lo.max(-(WIN + cap));
        hi = hi.min(WIN + cap);
        if budget.at_least.is_some() {
            // One question, asked.
            break;
        }
    }
    prover.stats.elapsed = started.elapsed();
    prover.stats.tt_entries = prover.tt.len();
    prover.stats.shared_cycles = shared;
    if !shared {
        memory.tt = std::mem::take(&mut prover.tt);
        memory.safe = std::mem::take(&mut prover.safe);
        memory.analysed = std::mem::take(&mut prover.analysed);
        memory.mono = std::mem::take(&mut prover.mono);
        memory.labels = std::mem::take(&mut prover.components.labels);
        // Positions a labelling run gave up on: a later proof, with its own budget, may label
        // them.
        memory.labels.retain(|_, l| *l != UNKNOWN);
        memory.next = prover.components.next;
        memory.sizes = std::mem::take(&mut prover.components.sizes);
    }
    Ok(Proof {
        side,
        lower: Value::decode(lo),
        upper: Value::decode(hi),
        best,
        stopped: prover.stop,
        stats: prover.stats,
        analyses: prover.analyses,
    })
}

/// The history [`prove`] takes for a move's child: the parent's `keys` and the child's own
/// `key`, or the child's alone after an irreversible move.
#[must_use]
pub fn keys_after<K: Copy>(keys: &[K], irreversible: bool, key: K) -> Vec<K> {
    let mut out = if irreversible {
        Vec::new()
    } else {
        keys.to_vec()
    };
    out.push(key);
    out
}

/// The keys of the positions of `game` since its last irreversible move, the current one
/// last: the `history` that [`prove`] takes for the game's current position.
#[must_use]
pub fn history_keys<P: Position>(game: &mancala_core::Game<P>) -> Vec<P::Key> {
    let positions = game.positions();
    let moves = game.moves();
    let mut from = 0;
    for (i, record) in moves.iter().enumerate() {
        if record.effect.irreversible {
            from = i + 1;
        }
    }
    positions[from..].iter().map(Position::key).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::oware::{Oware, OwareRules};

    /// Labels with a budget of `left` positions and runs of at most `run_cap`.
    fn components(left: u64, run_cap: u64) -> Components<<Oware as Position>::Key> {
        Components {
            labels: HashMap::default(),
            next: 0,
            sizes: Vec::new(),
            left,
            run_cap,
            deadline: None,
            run_time: None,
            given_up: HashMap::default(),
            failed: 0,
        }
    }

    /// Abapa with one seed per pit.
    fn rules() -> OwareRules {
        let mut rules = OwareRules::abapa();
        rules.seeds = 1;
        rules
    }

    /// A position of two seeds, whose component is labelled in a few steps.
    fn small() -> Oware {
        Oware::from_notation("0-0-0-1-0-0-0-0-1-0-0-0-5-5-S", rules()).unwrap()
    }

    /// The start of Abapa with one seed per pit and the positions one quiet move from it.
    fn start_and_quiet_children() -> Vec<Oware> {
        let start = Oware::new(rules());
        let mut all = vec![start];
        for &mv in start.legal_move_list().iter() {
            let mut c = start;
            let effect = c.play_unchecked(mv);
            if effect.irreversible || c.is_over() {
                continue;
            }
            c.settle();
            all.push(c);
        }
        assert!(all.len() > 2);
        all
    }

    #[test]
    fn a_labelling_run_that_gives_up_is_not_repeated_at_the_same_scores() {
        let all = start_and_quiet_children();
        // The start's component is far larger than 50 positions: the run gives up.
        let mut c = components(1_000_000, 50);
        assert_eq!(c.of(&all[0], all[0].key()), None);
        assert_eq!(c.failed, 1);
        let left = c.left;
        assert!(left < 1_000_000);
        // The same scores: no new run, nothing more spent.
        for p in &all[1..] {
            assert_eq!(c.of(p, p.key()), None);
        }
        assert_eq!((c.left, c.failed), (left, 1));
        // Other scores: a new run.
        let other = small();
        assert!(c.of(&other, other.key()).is_some());
        assert_eq!(c.failed, 1);
    }

    #[test]
    fn labelling_stops_after_four_runs_that_gave_up() {
        let mut c = components(u64::MAX, 50);
        c.failed = FAILED_RUNS - 1;
        let start = Oware::new(rules());
        assert_eq!(c.of(&start, start.key()), None);
        assert_eq!(c.failed, FAILED_RUNS);
        let left = c.left;
        // Other scores (a capture has been made): no run either.
        let other = small();
        assert_eq!(c.of(&other, other.key()), None);
        assert_eq!(c.left, left);
    }
}
