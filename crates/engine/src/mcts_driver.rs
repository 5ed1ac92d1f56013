//! [`crate::Engine::search`] by Monte-Carlo tree search: limits, reports and the result.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use mancala_core::Game;

use crate::eval;
use crate::games::EngineGame;
use crate::mcts;
use crate::time::{budget, wait_for_stop};
use crate::types::{Analysis, Report, ReportBound, Score, SearchOptions, MCTS_DEFAULT_SIMULATIONS};

/// [`crate::Engine::search`] by Monte-Carlo tree search.
pub(crate) fn search_mcts<P: EngineGame>(
    game: &Game<P>,
    options: &SearchOptions,
    stop: Option<&AtomicBool>,
    report: &mut dyn FnMut(&Report),
) -> Option<Analysis> {
    let root = *game.position();
    root.to_move()?;
    let start = Instant::now();
    let (soft, hard) = budget(options, start);
    // Anytime search: under a clock it may use twice the soft budget (capped by the hard one).
    let deadline = match (options.limits.movetime, soft, hard) {
        (None, Some(s), Some(h)) => Some(s.checked_add(s - start).map_or(h, |t| t.min(h))),
        _ => hard,
    };
    let simulations = match options.limits.nodes {
        Some(n) => Some(n),
        None if deadline.is_none() && !options.infinite => Some(MCTS_DEFAULT_SIMULATIONS),
        None => None,
    };
    let stops = mcts::Stops {
        deadline,
        simulations,
        external: stop,
        max_ply: options.limits.depth.map_or(usize::MAX, |d| d as usize),
    };
    let mut tree = mcts::Tree::new(root, game.history(), options.mcts, options.eval);
    let multi = options.multipv.max(1);
    let mut on_tree = |t: &mcts::Tree<P>| report(&mcts_report(&t.outcome(), t, start, multi));
    tree.run(&stops, &mut on_tree);
    let done = tree.outcome();
    report(&mcts_report(&done, &tree, start, multi));
    if options.infinite {
        wait_for_stop(stop, || false);
    }
    let best = done.moves.first().map(|m| m.0.to_string());
    Some(Analysis {
        best,
        score: mcts_score(done.value),
        depth: done.depth,
        nodes: done.simulations,
        pv: done.pv.iter().map(ToString::to_string).collect(),
        moves: done
            .moves
            .iter()
            .map(|&(mv, proof, est)| (mv.to_string(), mcts_score((proof, est))))
            .collect(),
    })
}

fn mcts_score((proof, estimate): (Option<i32>, i32)) -> Score {
    match proof {
        // A proof by the tree's statistics: the first proven win, not necessarily the best
        // margin (no endgame tables are read, so the line ends in a finished game).
        Some(v) if eval::is_decisive(v) => match Score::from_search(v, true, true) {
            Score::Proven { margin, plies, .. } => Score::Proven {
                margin,
                exact: false,
                plies,
            },
            other => other,
        },
        Some(_) => Score::DRAW,
        None => Score::Heuristic(estimate),
    }
}

fn mcts_report<P: EngineGame>(
    done: &mcts::Outcome<P::Move>,
    tree: &mcts::Tree<P>,
    start: Instant,
    multi: usize,
) -> Report {
    let mut lines: Vec<(Score, Vec<String>)> = done
        .moves
        .iter()
        .take(multi)
        .map(|&(mv, proof, est)| (mcts_score((proof, est)), vec![mv.to_string()]))
        .collect();
    if let Some(first) = lines.first_mut() {
        first.0 = mcts_score(done.value);
        first.1 = done.pv.iter().map(ToString::to_string).collect();
    }
    Report {
        depth: done.depth,
        lines,
        bound: ReportBound::Exact,
        nodes: tree.simulations,
        elapsed: start.elapsed(),
        hashfull: tree.fill(),
    }
}
