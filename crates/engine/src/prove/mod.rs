//! Proving the game-theoretic value of a position: [`prove`](fn@prove), and what is built on it
//! (proofs for the front ends, split proofs, the table builder's refinement).
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
//! An endgame table ([`Tablebase`](crate::Tablebase), the Oware family) values a position exactly
//! when its entry is exact for any history, or exact from an empty history and the position's set
//! holds only itself (it was reached by a capture or by a move out of a component, or it is the
//! root with no history). The tables count every seed to the end of the game, while the real game
//! stops when a player passes the winning threshold `t` of `T` seeds; so a table gives the result
//! exactly and the margin as an interval: the winner, who takes `X` of the `T` seeds to the end,
//! wins by at least `X + t - T` (when he reaches `t` the loser holds at most `T - X`) and by at
//! most `T`. A bound that the interval settles needs no search; otherwise (the margin tests) the
//! position is searched below.
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
//!
//! # Layout
//!
//! Every public item is re-exported here; the files hold one concern each:
//!
//! * `value.rs`: [`Value`], [`Verdict`] and their encoding ([`WIN`], [`end_value`]);
//! * `proof.rs`: what a proof asks and reports ([`Budget`], [`Proof`], [`ProofStats`],
//!   [`ComponentAnalysis`], [`ProofProgress`], [`SolveError`]);
//! * `run.rs`: a proof from start to end, the tests in order ([`prove`](fn@prove),
//!   [`prove_sharing`]), and the histories it takes ([`keys_after`], [`history_keys`]);
//! * `memory.rs`: what proofs of one game share ([`ProofMemory`]);
//! * `prover.rs`: the prover's state during a proof, its budgets, its table, the test at the
//!   root; `search.rs`: the null-window search; `provisional.rs`: the shared-cycle argument's
//!   provisional results;
//! * `analysis.rs`: the history-free and first-cycle arguments at a node ("Inside a
//!   component"); `regions.rs`: their fixpoints over one component; `components.rs`: the
//!   labelling of quiet-move components (Tarjan's algorithm, on demand);
//! * `line.rs`: the line being searched; `keys.rs`: the history sets and the tables' keys;
//! * `game.rs`: proofs for the front ends ([`prove_game`], [`prove_estimate`],
//!   [`Proof::score`]);
//! * `split.rs`: split proofs, a proof-number search over the first plies ([`prove_split`]);
//! * `refine.rs`: the graded table builder's third step by the prover ([`refiner`]).

mod analysis;
mod components;
mod game;
mod keys;
mod line;
mod memory;
mod proof;
mod prover;
mod provisional;
mod refine;
mod regions;
mod run;
mod search;
mod split;
mod value;

pub use game::{
    apply_proof, prove_estimate, prove_game, proven_or, unproven, GameProof, GameProofOptions,
    PROVER_STACK_BYTES,
};
pub use memory::ProofMemory;
pub use proof::{
    Budget, ComponentAnalysis, Proof, ProofProgress, ProofStats, SolveError, Stop, MAX_PLY,
};
pub use refine::{refiner, RefineBudget};
pub use run::{history_keys, keys_after, prove, prove_sharing};
pub use split::{
    prove_game_split, prove_split, SplitMove, SplitOptions, SplitProgress, SplitProof,
};
pub use value::{end_value, Value, Verdict, WIN};
