//! Proofs for the front ends: [`prove_game`] runs the prover ([`prove`]) on a game's position
//! with its real history, and on each legal move, on a thread with a deep stack and within one
//! deadline; [`Proof::score`] says what a proof found in the words of every other score
//! ([`Score`]); [`prove_estimate`] upgrades an analysis whose search proved nothing by a short
//! proof (hints).

use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use mancala_core::variant::AnyGame;
use mancala_core::{advance, Game, MoveList};

use super::proof::{Budget, Proof, ProofProgress, ProofStats, SolveError, Stop};
use super::run::{history_keys, keys_after, prove};
use super::value::{Value, Verdict, MAX_MARGIN};
use crate::games::{dispatch, EngineGame, GameTask};
use crate::{Analysis, Score, Tablebase};

/// Stack of a proving thread: a line between two captures may be thousands of plies long (the
/// memory is reserved, not used, until a line goes that deep).
pub const PROVER_STACK_BYTES: usize = 1 << 30;

/// What [`prove_game`] proved: the position and, when asked, each legal move (from the point
/// of view of the side to move at the position, in the order of the legal moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameProof {
    /// The position's proof.
    pub proof: Proof<String>,
    /// Each legal move's proof, when asked for.
    pub moves: Vec<(String, Proof<String>)>,
}

/// What [`prove_game`] may spend and prove.
#[derive(Clone, Copy, Debug)]
pub struct GameProofOptions {
    /// The budget of each proof (the position's, and each move's).
    pub budget: Budget,
    /// Also prove each legal move (with [`Budget::at_least`], each move's proof answers the
    /// same question: does the side get at least that after this move?).
    pub moves: bool,
    /// No proof runs beyond this instant: a proof starting later is cut short, and proofs not
    /// started by then stay unproven, stopped by the time budget.
    pub deadline: Option<Instant>,
}

impl<M> Proof<M> {
    /// The proof as a score of the side to move: an exact value or a proven result with a
    /// bound on the margin (`proven win by ≥ 3`, `proven loss by ≤ 2`, `proven draw`); `None`
    /// when not even the result is proven. As in the search's scores, a win counts at least one
    /// seed and a draw none.
    #[must_use]
    pub fn score(&self) -> Option<Score> {
        let verdict = self.verdict()?;
        let exact = self.value().is_some();
        // A win is worth at least `lower`; a loss costs at most `lower`'s margin.
        let margin = match verdict {
            Verdict::Win => self.lower.margin.max(1),
            Verdict::Draw => return Some(Score::DRAW),
            Verdict::Loss => -self.lower.margin.max(1),
        };
        Some(Score::Proven {
            margin,
            exact,
            plies: None,
        })
    }
}

/// The proof with its moves written as text.
fn named<M: std::fmt::Display>(p: Proof<M>) -> Proof<String> {
    Proof {
        side: p.side,
        lower: p.lower,
        upper: p.upper,
        best: p.best.map(|m| m.to_string()),
        stopped: p.stopped,
        stats: p.stats,
        analyses: p.analyses,
    }
}

/// A proof seen from the other side.
fn flipped(p: Proof<String>) -> Proof<String> {
    Proof {
        side: p.side.opponent(),
        lower: p.upper.flip(),
        upper: p.lower.flip(),
        best: None,
        ..p
    }
}

/// A proof of `value` that needed no search (a finished game).
fn settled(side: mancala_core::Side, value: Value) -> Proof<String> {
    Proof {
        side,
        lower: value,
        upper: value,
        best: None,
        stopped: None,
        stats: ProofStats::default(),
        analyses: Vec::new(),
    }
}

/// Nothing proven for `side`: the deadline came first (no bound, stopped by the time budget).
#[must_use]
pub fn unproven(side: mancala_core::Side) -> Proof<String> {
    let loss = Value {
        verdict: Verdict::Loss,
        margin: MAX_MARGIN,
    };
    Proof {
        side,
        lower: loss,
        upper: loss.flip(),
        best: None,
        stopped: Some(Stop::Time),
        stats: ProofStats::default(),
        analyses: Vec::new(),
    }
}

/// Transposition-table entries and labelled positions a short proof keeps at most (about 40
/// bytes each): about 80 MB each, against the 800 MB of a long one.
const SHORT_ENTRIES: usize = 2_000_000;

impl Budget {
    /// The budget of a proof that runs for at most `time` inside a program that does other
    /// work (hints, a server's proof requests): no node limit, and a tenth of the default
    /// memory ([`SHORT_ENTRIES`]).
    #[must_use]
    pub fn short(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            max_entries: SHORT_ENTRIES,
            components: SHORT_ENTRIES as u64,
            ..Budget::default()
        }
    }
}

struct Task<'a> {
    table: Option<&'a Tablebase>,
    options: GameProofOptions,
    progress: &'a mut (dyn FnMut(&ProofProgress) + Send),
}

impl Task<'_> {
    /// The budget of a proof starting now; `None` once the deadline has passed.
    fn budget(&self) -> Option<Budget> {
        let mut budget = self.options.budget;
        if let Some(deadline) = self.options.deadline {
            let left = deadline.checked_duration_since(Instant::now())?;
            if left.is_zero() {
                return None;
            }
            budget.time = Some(budget.time.map_or(left, |t| t.min(left)));
        }
        Some(budget)
    }

    /// Proves `pos`, a legal move's child when `handed_over` says whether the move gave the
    /// turn to the opponent (`None`: the root): [`Budget::at_least`] is a question on the
    /// root's value, which a child answers as [`Value::opponent_question`] when its side to
    /// move is the opponent.
    fn prove<P: EngineGame>(
        &mut self,
        pos: &P,
        keys: &[P::Key],
        handed_over: Option<bool>,
    ) -> Result<Option<Proof<String>>, SolveError> {
        let Some(mut budget) = self.budget() else {
            return Ok(None);
        };
        if handed_over == Some(true) {
            budget.at_least = budget.at_least.map(Value::opponent_question);
        }
        Ok(Some(named(prove(
            pos,
            keys,
            self.table,
            &budget,
            &mut *self.progress,
        )?)))
    }
}

impl GameTask for Task<'_> {
    type Output = Result<GameProof, SolveError>;

    fn run<P: EngineGame>(mut self, game: &Game<P>) -> Result<GameProof, SolveError> {
        let pos = *game.position();
        let Some(me) = pos.to_move() else {
            return Err(SolveError::Over);
        };
        let keys = history_keys(game);
        let proof = self
            .prove(&pos, &keys, None)?
            .unwrap_or_else(|| unproven(me));
        let mut moves = Vec::new();
        if self.options.moves {
            let mut history = game.history();
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            for &mv in list.iter() {
                let mut child = pos;
                let (effect, token) = advance(&mut child, mv, &mut history);
                if let Some(t) = token {
                    history.pop(t);
                }
                let p = match child.to_move() {
                    None => settled(me, Value::of_end(&child, me)),
                    Some(side) => {
                        let ck = keys_after(&keys, effect.irreversible, child.key());
                        match self.prove(&child, &ck, Some(side != me))? {
                            Some(p) if side == me => p,
                            Some(p) => flipped(p),
                            None => unproven(me),
                        }
                    }
                };
                moves.push((mv.to_string(), p));
            }
        }
        Ok(GameProof { proof, moves })
    }
}

/// Proves the value of `game`'s position for its side to move, with the positions of the game
/// since its last capture as the history ([`history_keys`]), and with `options.moves` the value
/// of each legal move, on a new thread with a stack of [`PROVER_STACK_BYTES`]. `table` values
/// the positions it knows exactly when it covers the game's rules; `progress` is called every
/// few thousand nodes.
///
/// # Errors
///
/// Those of [`prove`] ([`SolveError::Over`] for a finished game), and [`SolveError::Thread`]
/// when the proving thread cannot start or fails.
pub fn prove_game(
    game: &AnyGame,
    table: Option<&Tablebase>,
    options: &GameProofOptions,
    progress: &mut (dyn FnMut(&ProofProgress) + Send),
) -> Result<GameProof, SolveError> {
    let task = Task {
        table,
        options: *options,
        progress,
    };
    on_prover_thread(game, task)
}

/// Runs `task` on `game`'s position on a thread of its own, with a stack of
/// [`PROVER_STACK_BYTES`].
///
/// # Errors
///
/// The task's, and [`SolveError::Thread`] when the thread cannot start or fails.
pub(crate) fn on_prover_thread<T, O>(game: &AnyGame, task: T) -> Result<O, SolveError>
where
    T: GameTask<Output = Result<O, SolveError>> + Send,
    O: Send,
{
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("prover".into())
            .stack_size(PROVER_STACK_BYTES)
            .spawn_scoped(s, || dispatch(game, task))
            .map_err(|_| SolveError::Thread)?
            .join()
            .map_err(|_| SolveError::Thread)?
    })
}

/// Share of a short proof's time the prover is given: the rest covers what it does between two
/// looks at the clock (a move of Isolo's relay laps can take long).
const SHORT_SHARE: f64 = 0.9;

/// When `analysis`'s value is only an estimate, runs the prover on `game`'s position (its real
/// history, `table` where it covers the rules) and puts a proven result into the analysis
/// ([`apply_proof`]). Returns whether the value was upgraded. A value already proven or exact,
/// a finished game, and rules the prover refuses are left alone.
///
/// It never takes longer than `time`: the proof runs on a thread of its own, and a proof not
/// finished by then is abandoned (its thread stops at its own deadline, soon after).
pub fn prove_estimate(
    game: &AnyGame,
    analysis: &mut Analysis,
    table: Option<Arc<Tablebase>>,
    time: Duration,
) -> bool {
    if !matches!(analysis.score, Score::Heuristic(_)) || time.is_zero() {
        return false;
    }
    let started = Instant::now();
    let budget = time.mul_f64(SHORT_SHARE);
    let options = GameProofOptions {
        budget: Budget::short(budget),
        moves: false,
        deadline: Some(started + budget),
    };
    let (tx, rx) = mpsc::channel();
    let game = game.clone();
    let spawned = std::thread::Builder::new()
        .name("short proof".into())
        .spawn(move || {
            let proof = prove_game(&game, table.as_deref(), &options, &mut |_| {});
            // The receiver may have given up: nothing to do then.
            let _ = tx.send(proof);
        });
    if spawned.is_err() {
        return false;
    }
    let left = (started + time).saturating_duration_since(Instant::now());
    match rx.recv_timeout(left) {
        Ok(Ok(proof)) => apply_proof(analysis, &proof),
        _ => false,
    }
}

/// The better known of a value and a proof's score ([`Proof::score`]): a table's value and an
/// exact proven margin stay; otherwise the proof's score, when it proved something, replaces an
/// estimate, and an exact margin replaces a bound.
#[must_use]
pub fn proven_or(score: Score, proof: Option<Score>) -> Score {
    let Some(proof) = proof else {
        return score;
    };
    match score {
        Score::Heuristic(_) => proof,
        Score::Proven { exact: false, .. } if proof.margin_exact() == Some(true) => proof,
        _ => score,
    }
}

/// Puts what `proof` proved into `analysis` ([`proven_or`]): the position's value, each move's
/// value it holds, and, when the position's value changed, the move the proof found best first
/// (it achieves the proven bound, which the search's choice may not). Returns whether the
/// position's value changed.
pub fn apply_proof(analysis: &mut Analysis, proof: &GameProof) -> bool {
    for (mv, p) in &proof.moves {
        if let Some((_, s)) = analysis.moves.iter_mut().find(|(m, _)| m == mv) {
            *s = proven_or(*s, p.score());
        }
    }
    let before = analysis.score;
    analysis.score = proven_or(before, proof.proof.score());
    if !proof.moves.is_empty() {
        analysis
            .moves
            .sort_by_key(|(_, s)| std::cmp::Reverse(s.rank()));
    }
    if analysis.score == before {
        return false;
    }
    if let Some(best) = &proof.proof.best {
        if let Some(i) = analysis.moves.iter().position(|(m, _)| m == best) {
            let (mv, s) = analysis.moves.remove(i);
            analysis
                .moves
                .insert(0, (mv, proven_or(s, Some(analysis.score))));
        }
        if analysis.best.as_ref() != Some(best) {
            analysis.pv = vec![best.clone()];
            analysis.best = Some(best.clone());
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::variant::Variant;
    use mancala_core::Side;

    fn proof(lower: (Verdict, i32), upper: (Verdict, i32)) -> Proof<String> {
        let v = |(verdict, margin)| Value { verdict, margin };
        Proof {
            side: Side::South,
            lower: v(lower),
            upper: v(upper),
            best: None,
            stopped: None,
            stats: ProofStats::default(),
            analyses: Vec::new(),
        }
    }

    #[test]
    fn a_proof_reads_as_a_score() {
        use Verdict::{Draw, Loss, Win};
        let text = |p: Proof<String>| p.score().map(Score::text);
        assert_eq!(text(proof((Win, 3), (Win, 3))).unwrap(), "proven win by 3");
        assert_eq!(
            text(proof((Win, 3), (Win, MAX_MARGIN))).unwrap(),
            "proven win by ≥ 3"
        );
        assert_eq!(text(proof((Draw, 0), (Draw, 0))).unwrap(), "proven draw");
        assert_eq!(
            text(proof((Loss, 2), (Loss, 2))).unwrap(),
            "proven loss by 2"
        );
        assert_eq!(
            text(proof((Loss, 5), (Loss, 1))).unwrap(),
            "proven loss by ≤ 5"
        );
        // A win by no seed is still a win.
        assert_eq!(text(proof((Win, 0), (Win, 0))).unwrap(), "proven win by 1");
        // Only a bound on the result: nothing to say.
        assert_eq!(text(proof((Draw, 0), (Win, MAX_MARGIN))), None);
        assert_eq!(text(proof((Loss, MAX_MARGIN), (Win, MAX_MARGIN))), None);
    }

    #[test]
    fn a_proof_replaces_estimates_and_bounds_only() {
        let exact = Score::Proven {
            margin: 2,
            exact: true,
            plies: None,
        };
        let bound = Score::Proven {
            margin: 1,
            exact: false,
            plies: Some(9),
        };
        let estimate = Score::Heuristic(40);
        assert_eq!(proven_or(estimate, Some(bound)), bound);
        assert_eq!(proven_or(estimate, None), estimate);
        assert_eq!(proven_or(bound, Some(exact)), exact);
        assert_eq!(proven_or(exact, Some(bound)), exact);
        assert_eq!(proven_or(Score::Table(4), Some(exact)), Score::Table(4));
    }

    /// A late Ọlọwuka position that a shallow search only estimates.
    fn late() -> AnyGame {
        Variant::from_name("olowuka")
            .unwrap()
            .new_game(&[], Some("0-1-0-1-0-0-0-1-0-1-0-0-23-21-S"))
            .unwrap()
    }

    #[test]
    fn a_game_and_its_moves_are_proven_and_an_estimate_upgraded() {
        let game = late();
        let options = GameProofOptions {
            budget: Budget::short(Duration::from_secs(60)),
            moves: true,
            deadline: None,
        };
        let p = prove_game(&game, None, &options, &mut |_| {}).unwrap();
        assert_eq!(p.proof.score().unwrap().text(), "proven win by 2");
        assert_eq!(p.moves.len(), 2);
        assert!(p.moves.iter().all(|(_, m)| m.value() == p.proof.value()));

        let limits = crate::Limits {
            depth: Some(2),
            ..crate::Limits::default()
        };
        let mut a = crate::analyse_dyn(&game, &limits, None).unwrap();
        assert!(matches!(a.score, Score::Heuristic(_)));
        assert!(prove_estimate(&game, &mut a, None, Duration::from_secs(60)));
        assert_eq!(a.score.text(), "proven win by 2");
        assert_eq!(a.moves[0].1, a.score);
        assert_eq!(a.best.as_ref(), Some(&a.moves[0].0));
        // Proven already: nothing to do.
        assert!(!prove_estimate(
            &game,
            &mut a,
            None,
            Duration::from_secs(60)
        ));
    }

    #[test]
    fn nothing_is_proven_after_the_deadline() {
        let options = GameProofOptions {
            budget: Budget::default(),
            moves: true,
            deadline: Some(Instant::now()),
        };
        let p = prove_game(&late(), None, &options, &mut |_| {}).unwrap();
        assert_eq!(p.proof.stopped, Some(Stop::Time));
        assert_eq!(p.proof.score(), None);
        assert_eq!(p.moves.len(), 2);
        assert!(p.moves.iter().all(|(_, m)| m.score().is_none()));
        assert_eq!(p.proof.stats.nodes, 0);
    }
}
