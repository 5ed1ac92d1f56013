//! What a proof asks and what it reports: its [`Budget`], the [`Proof`] it returns with its
//! counters ([`ProofStats`], [`ComponentAnalysis`]), its progress reports and its errors.

use std::time::Duration;

use mancala_core::Side;

use super::value::{Value, Verdict};

/// The deepest line the prover follows (each ply is a stack frame; the command gives the
/// prover a 1 GiB stack).
pub const MAX_PLY: usize = 100_000;

/// Nodes between two looks at the node budget and two progress reports.
pub(super) const CHECK_EVERY: u64 = 1 << 14;

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
    /// The test: "does South get at least this?", in the prover's encoding of values (a win by `m`
    /// is [`WIN`](super::WIN)` + m`, a loss by `m` is `-(WIN + m)`, a draw its margin): `WIN` asks
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

/// What [`prove`](super::prove) found.
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

/// Why [`prove`](super::prove) cannot start or go on.
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
