//! Search correctness: alpha-beta against plain minimax, determinism, proven results against an
//! exhaustive solver. Every test runs over every registered preset through [`dispatch`], so a
//! new game is covered as soon as the engine can dispatch to it.

use mancala_core::random::Lcg;
use mancala_core::variant::{AnyGame, DynGame, Variant};
use mancala_core::{advance, Game, History, Side};
use mancala_engine::eval::{evaluate, is_decisive, margin, terminal, EvalKind, INF};
use mancala_engine::{
    analyse_dyn, dispatch, Algorithm, Engine, EngineGame, GameTask, Leaf, Limits, MctsOptions,
    Score, SearchOptions,
};

/// Plain minimax (no pruning, no table) with the engine's evaluation and value encoding; with
/// `depth = None` it searches to the end of the game.
fn minimax<P: EngineGame>(
    pos: &P,
    me: Side,
    depth: Option<u32>,
    ply: usize,
    history: &mut History<P::Key>,
) -> i32 {
    if depth == Some(0) {
        return evaluate(pos, me, EvalKind::default());
    }
    let mut best = -INF;
    for &mv in pos.legal_move_list().iter() {
        let mut c = *pos;
        let v = match advance(&mut c, mv, history) {
            (_, None) => terminal(&c, me, ply + 1),
            (_, Some(token)) => {
                let cme = c
                    .to_move()
                    .expect("a game that goes on has a player to move");
                let v = minimax(&c, cme, depth.map(|d| d - 1), ply + 1, history);
                history.pop(token);
                if cme == me {
                    v
                } else {
                    -v
                }
            }
        };
        best = best.max(v);
    }
    best
}

/// Comparable form of a value: `(1, margin)` for a proven win/loss, `(0, value)` otherwise.
fn key_of_value(v: i32) -> (i32, i32) {
    if is_decisive(v) {
        (1, margin(v))
    } else {
        (0, v)
    }
}

/// Plies to the end encoded in a decisive value (`±(WIN + 1000 m - ply)`).
fn plies_of(v: i32) -> u32 {
    (1000 * margin(v).abs() - (v.abs() - mancala_engine::eval::WIN)) as u32
}

fn key_of_score(s: Score) -> (i32, i32) {
    match s {
        Score::Heuristic(v) => (0, v),
        Score::Proven { margin: 0, .. } => (0, 0),
        Score::Proven { margin: m, .. } => (1, m),
        Score::Table(h) => panic!("a search's value is never a table's: {h}"),
    }
}

/// Minimax value of every legal move of the game's current position, by move text.
struct MoveValues(Option<u32>);

impl GameTask for MoveValues {
    type Output = Vec<(String, i32)>;
    fn run<P: EngineGame>(self, game: &Game<P>) -> Self::Output {
        let pos = *game.position();
        let me = pos.to_move().expect("not over");
        let mut history = game.history();
        let mut out = Vec::new();
        for &mv in pos.legal_move_list().iter() {
            let mut c = pos;
            let v = match advance(&mut c, mv, &mut history) {
                (_, None) => terminal(&c, me, 1),
                (_, Some(token)) => {
                    let cme = c.to_move().expect("goes on");
                    let v = minimax(&c, cme, self.0.map(|d| d - 1), 1, &mut history);
                    history.pop(token);
                    if cme == me {
                        v
                    } else {
                        -v
                    }
                }
            };
            out.push((mv.to_string(), v));
        }
        out
    }
}

/// A search of `game` by `algorithm` within `limits`, one thread with a table of `hash_mb` MiB.
fn search(
    game: &AnyGame,
    hash_mb: usize,
    algorithm: Algorithm,
    limits: Limits,
) -> Option<mancala_engine::Analysis> {
    let options = SearchOptions {
        limits,
        algorithm: Some(algorithm),
        ..SearchOptions::default()
    };
    Engine::new(hash_mb).search_dyn(game, &options, None, &mut |_| {})
}

/// Every move valued by a plain (non-selective) alpha-beta search to `depth`.
fn analyse_exact(game: &AnyGame, depth: u32) -> Option<mancala_engine::Analysis> {
    let options = SearchOptions {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        multipv: usize::MAX,
        selective: false,
        algorithm: Some(Algorithm::AlphaBeta),
        ..SearchOptions::default()
    };
    Engine::new(4).search_dyn(game, &options, None, &mut |_| {})
}

/// Start positions and positions along random playouts (some deep into the game) of every preset.
fn sample_games() -> Vec<AnyGame> {
    let mut out = Vec::new();
    let mut rng = Lcg(7);
    for v in Variant::ALL {
        out.push(v.new_game(&[], None).unwrap());
        for plies in [3, 11, 25, 40, 60] {
            let mut g = v.new_game(&[], None).unwrap();
            for _ in 0..plies {
                let legal = g.state().legal;
                if legal.is_empty() {
                    break;
                }
                g.play(&legal[rng.below(legal.len())]).unwrap();
            }
            if g.state().to_move.is_some() {
                out.push(g);
            }
        }
    }
    out
}

#[test]
fn alpha_beta_equals_minimax() {
    for game in sample_games() {
        for depth in 1..=4 {
            let expected = dispatch(&game, MoveValues(Some(depth)));
            let a = analyse_exact(&game, depth).expect("a move");
            assert_eq!(a.moves.len(), expected.len());
            for (mv, v) in &expected {
                let got = a
                    .moves
                    .iter()
                    .find(|(m, _)| m == mv)
                    .expect("move listed")
                    .1;
                assert_eq!(
                    key_of_score(got),
                    key_of_value(*v),
                    "{} {} depth {depth} move {mv}",
                    game.variant().name(),
                    game.notation()
                );
            }
            let best = expected.iter().map(|(_, v)| *v).max().unwrap();
            assert_eq!(key_of_score(a.score), key_of_value(best));
        }
    }
}

#[test]
fn normal_search_value_equals_minimax() {
    // The single-line search (PVS + aspiration) must find the same root value.
    for game in sample_games().into_iter().step_by(2) {
        let depth = 5;
        let expected = dispatch(&game, MoveValues(Some(depth)));
        let best = expected.iter().map(|(_, v)| *v).max().unwrap();
        let engine = Engine::new(4);
        let options = SearchOptions {
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            selective: false,
            algorithm: Some(Algorithm::AlphaBeta),
            ..SearchOptions::default()
        };
        let a = engine
            .search_dyn(&game, &options, None, &mut |_| {})
            .unwrap();
        assert_eq!(
            key_of_score(a.score),
            key_of_value(best),
            "{}",
            game.notation()
        );
        let chosen = expected
            .iter()
            .find(|(m, _)| Some(m) == a.best.as_ref())
            .unwrap()
            .1;
        assert_eq!(
            key_of_value(chosen),
            key_of_value(best),
            "best move is a best move"
        );
    }
}

#[test]
fn fixed_depth_single_thread_search_is_deterministic() {
    for v in [Variant::Abapa, Variant::Oware, Variant::Ouril] {
        let game = v.new_game(&[], None).unwrap();
        let limits = Limits {
            depth: Some(9),
            ..Limits::default()
        };
        let runs: Vec<_> = (0..2)
            .map(|_| search(&game, 8, Algorithm::AlphaBeta, limits).unwrap())
            .collect();
        assert_eq!(runs[0], runs[1]);
        assert_eq!(runs[0].depth, 9);
        assert!(runs[0].nodes > 0);
    }
}

/// Small positions an exhaustive solver can settle: few seeds, or a ply limit (`max_plies`,
/// counted from the given position).
const SOLVABLE: [(&str, &str, Option<&str>); 8] = [
    ("abapa", "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S", None),
    ("abapa", "0-0-0-0-1-1-0-0-1-0-0-0-22-23-S", None),
    ("abapa", "0-0-0-1-0-1-0-0-2-0-0-0-22-22-S", Some("10")),
    ("abapa", "1-0-0-0-0-2-0-1-0-0-1-0-20-23-N", Some("12")),
    ("oware", "0-0-2-0-0-1-0-0-0-1-1-0-20-23-S", Some("12")),
    ("ouril", "0-0-0-0-2-1-0-0-0-1-0-1-21-22-S", Some("12")),
    ("wuri", "0-1-0-0-0-3-0-2-0-0-0-0-20-22-N", Some("10")),
    ("abapa", "2-1-0-3-0-1-1-0-2-0-2-1-17-18-S", Some("8")),
];

/// The game of preset `name` at `pos`, with a ply limit if `max_plies` is given.
fn solvable_game(name: &str, pos: &str, max_plies: Option<&str>) -> AnyGame {
    let rules: Vec<(String, String)> = max_plies
        .map(|n| vec![("max_plies".to_string(), n.to_string())])
        .unwrap_or_default();
    Variant::from_name(name)
        .unwrap()
        .new_game(&rules, Some(pos))
        .unwrap()
}

#[test]
fn proven_results_match_an_exhaustive_solver() {
    for (name, pos, max_plies) in SOLVABLE {
        let t = std::time::Instant::now();
        let game = solvable_game(name, pos, max_plies);
        let expected = dispatch(&game, MoveValues(None));
        let best = expected.iter().map(|(_, v)| *v).max().unwrap();
        let want = if is_decisive(best) {
            Score::Proven {
                margin: margin(best),
                exact: true,
                plies: Some(plies_of(best)),
            }
        } else {
            assert_eq!(best, 0, "a finished game is a win, a loss or a draw");
            Score::DRAW
        };
        let a = analyse_exact(&game, 80).unwrap();
        assert_eq!(a.score, want, "{name} {pos}");
        for (mv, v) in &expected {
            let got = a.moves.iter().find(|(m, _)| m == mv).unwrap().1;
            let want = if is_decisive(*v) { margin(*v) } else { 0 };
            assert_eq!(got.proven_margin(), Some(want), "{name} {pos} move {mv}");
            assert_eq!(got.margin_exact(), Some(true), "{name} {pos} move {mv}");
        }
        assert!(a.depth < 80, "the search stops once the position is solved");
        assert!(t.elapsed().as_secs() < 60);
    }
}

#[test]
fn selective_search_proves_the_same_results() {
    // Late move reductions change estimates, never proven results of a solved position.
    for (name, pos) in [
        ("abapa", "0-0-0-0-1-1-0-0-1-0-0-0-22-23-S"),
        ("abapa", "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S"),
    ] {
        let game = solvable_game(name, pos, None);
        let exact = analyse_exact(&game, 60).unwrap();
        let limits = Limits {
            depth: Some(60),
            ..Limits::default()
        };
        let selective = analyse_dyn(&game, &limits, None).unwrap();
        assert_eq!(exact.score, selective.score);
        assert_eq!(exact.moves, selective.moves);
    }
}

#[test]
fn over_games_and_limits() {
    let game = Variant::Abapa
        .new_game(&[], Some("0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"))
        .unwrap();
    assert!(analyse_dyn(&game, &Limits::default(), None).is_none());
    let game = Variant::Abapa.new_game(&[], None).unwrap();
    let a = analyse_dyn(
        &game,
        &Limits {
            nodes: Some(5_000),
            ..Limits::default()
        },
        None,
    )
    .unwrap();
    assert!(a.best.is_some());
    let stop = std::sync::atomic::AtomicBool::new(true);
    let a = analyse_dyn(&game, &Limits::default(), Some(&stop)).unwrap();
    assert_eq!(
        a.depth, 1,
        "a stopped search still returns its first iteration"
    );
}

#[test]
fn node_limits_stop_the_search_at_the_limit() {
    // The limit is looked at on the node that reaches it, not only every so many nodes.
    let game = Variant::Abapa.new_game(&[], None).unwrap();
    for limit in [3_000, 5_000, 12_345, 40_000] {
        let limits = Limits {
            nodes: Some(limit),
            ..Limits::default()
        };
        let a = search(&game, 4, Algorithm::AlphaBeta, limits).unwrap();
        assert!(a.depth > 1, "limit {limit}: more than the first iteration");
        assert!(
            (limit..=limit + 1).contains(&a.nodes),
            "limit {limit}: stopped after {} nodes",
            a.nodes
        );
    }
}

#[test]
fn levels_give_legal_moves_deterministically() {
    let game = Variant::Abapa.new_game(&[], None).unwrap();
    let legal = game.state().legal;
    for level in 1..=4 {
        for seed in 0..4 {
            let m = mancala_engine::level_move(&game, level, seed).unwrap();
            assert!(legal.contains(&m));
            assert_eq!(Some(m), mancala_engine::level_move(&game, level, seed));
        }
    }
}

/// The level table shown to players: one entry per level, in order, stronger levels rated higher.
#[test]
fn level_table_is_ordered() {
    use mancala_engine::{level_info, LEVEL_INFO, MAX_LEVEL};
    assert_eq!(LEVEL_INFO.len(), usize::from(MAX_LEVEL));
    for (i, l) in LEVEL_INFO.iter().enumerate() {
        assert_eq!(usize::from(l.level), i + 1);
        assert_eq!(level_info(l.level), *l);
        assert!(!l.name.is_empty() && !l.description.is_empty());
    }
    for w in LEVEL_INFO.windows(2) {
        assert!(w[0].elo < w[1].elo, "{w:?}");
    }
    assert_eq!(level_info(0).level, 1);
    assert_eq!(level_info(200).level, MAX_LEVEL);
}

/// A Monte-Carlo search of at most `nodes` simulations, one thread.
fn mcts(game: &AnyGame, nodes: u64, mcts: MctsOptions) -> Option<mancala_engine::Analysis> {
    let options = SearchOptions {
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        algorithm: Some(Algorithm::Mcts),
        mcts,
        ..SearchOptions::default()
    };
    Engine::new(1).search_dyn(game, &options, None, &mut |_| {})
}

const LEAVES: [Leaf; 4] = [
    Leaf::Eval,
    Leaf::Search(1),
    Leaf::Search(2),
    Leaf::Playout(12),
];

#[test]
fn mcts_proves_the_exhaustive_results() {
    // A proven win is reported as soon as one winning move is proven, so its margin is a
    // minimum; a loss once every move is proven a loss, each possibly by such a minimum, so its
    // (negative) margin is a maximum; a draw once every move is proven, exactly.
    for (name, pos, max_plies) in SOLVABLE {
        let game = solvable_game(name, pos, max_plies);
        let expected = dispatch(&game, MoveValues(None));
        let best = expected.iter().map(|(_, v)| *v).max().unwrap();
        for leaf in LEAVES {
            let opts = MctsOptions {
                leaf,
                ..MctsOptions::default()
            };
            let a = mcts(&game, 2_000_000, opts).unwrap();
            let chosen = expected
                .iter()
                .find(|(m, _)| Some(m) == a.best.as_ref())
                .expect("the best move is legal")
                .1;
            let at = format!("{name} {pos} {leaf:?}");
            assert!(a.nodes < 2_000_000, "{at}: solved before the node limit");
            if is_decisive(best) && best > 0 {
                let Some(m) = a.score.proven_margin() else {
                    panic!("{at}: a win is proven, got {:?}", a.score)
                };
                assert!(m > 0 && m <= margin(best), "{at}: {m} vs {}", margin(best));
                assert!(is_decisive(chosen) && chosen > 0, "{at}: a winning move");
            } else if is_decisive(best) {
                let Some(m) = a.score.proven_margin() else {
                    panic!("{at}: a loss is proven, got {:?}", a.score)
                };
                assert!(m < 0 && m >= margin(best), "{at}: {m} vs {}", margin(best));
            } else {
                assert_eq!(a.score.proven_margin(), Some(0), "{at}");
                assert_eq!(key_of_value(chosen), key_of_value(best), "{at}");
            }
        }
    }
}

#[test]
fn mcts_takes_short_forced_wins() {
    // Every sampled position whose best move wins within three plies: MCTS with a small budget
    // proves a win and plays a winning move.
    let mut checked = 0;
    for game in sample_games() {
        let expected = dispatch(&game, MoveValues(Some(3)));
        let best = expected.iter().map(|(_, v)| *v).max().unwrap();
        if !(is_decisive(best) && best > 0) {
            continue;
        }
        checked += 1;
        let a = mcts(&game, 20_000, MctsOptions::default()).unwrap();
        assert!(
            matches!(a.score.proven_margin(), Some(m) if m > 0),
            "{}: {:?}",
            game.notation(),
            a.score
        );
        let chosen = expected
            .iter()
            .find(|(m, _)| Some(m) == a.best.as_ref())
            .unwrap()
            .1;
        // MCTS may prove a longer win than the three plies above: then a deeper alpha-beta
        // search must prove that the chosen move wins too.
        let wins = (is_decisive(chosen) && chosen > 0) || {
            let limits = Limits {
                depth: Some(9),
                ..Limits::default()
            };
            let deep = analyse_dyn(&game, &limits, None).unwrap();
            deep.moves.iter().any(|(m, s)| {
                Some(m) == a.best.as_ref() && matches!(s.proven_margin(), Some(v) if v > 0)
            })
        };
        assert!(wins, "{}: {:?}", game.notation(), a.best);
    }
    // The samples include some (if the rules or samples change so that none does, this test
    // must get new positions rather than pass vacuously).
    assert!(checked > 0, "no sampled position has a short forced win");
}

#[test]
fn mcts_plays_legal_moves_within_its_node_limit_deterministically() {
    for game in sample_games() {
        let legal = game.state().legal;
        for leaf in LEAVES {
            let opts = MctsOptions {
                leaf,
                seed: 5,
                ..MctsOptions::default()
            };
            let a = mcts(&game, 3_000, opts).unwrap();
            let at = format!("{} {} {leaf:?}", game.variant().name(), game.notation());
            let best = a.best.clone().expect("a move");
            assert!(legal.contains(&best), "{at}: {best}");
            assert!(a.nodes <= 3_000, "{at}: {} simulations", a.nodes);
            assert_eq!(a.moves.len(), legal.len(), "{at}");
            assert_eq!(a.pv.first(), Some(&best), "{at}");
            assert_eq!(
                Some(a),
                mcts(&game, 3_000, opts),
                "{at}: same seed and limit, same search"
            );
        }
    }
}

#[test]
fn mcts_ends_on_repetitions_and_other_limits() {
    // Few seeds chasing each other round the board: lines end by repetition, and the search
    // (no ply limit) still stops, solved, well within its budget.
    for (name, pos) in [
        ("abapa", "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S"),
        ("oware", "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S"),
        ("ouril", "0-0-0-0-1-0-0-0-0-0-1-0-23-23-N"),
    ] {
        let game = solvable_game(name, pos, None);
        let a = mcts(&game, 1_000_000, MctsOptions::default()).unwrap();
        assert!(
            matches!(a.score, Score::Proven { .. }),
            "{name} {pos}: {a:?}"
        );
        assert!(a.nodes < 1_000_000);
    }
    // A game that is over has no move; a stop flag already set still gives a move.
    let over = Variant::Abapa
        .new_game(&[], Some("0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"))
        .unwrap();
    assert!(mcts(&over, 100, MctsOptions::default()).is_none());
    let game = Variant::Olowuka.new_game(&[], None).unwrap();
    let stop = std::sync::atomic::AtomicBool::new(true);
    let options = SearchOptions {
        algorithm: Some(Algorithm::Mcts),
        ..SearchOptions::default()
    };
    let a = Engine::new(1)
        .search_dyn(&game, &options, Some(&stop), &mut |_| {})
        .unwrap();
    assert!(a.best.is_some());
    // A depth limit caps the tree.
    let limits = Limits {
        depth: Some(3),
        nodes: Some(5_000),
        ..Limits::default()
    };
    let a = search(&game, 1, Algorithm::Mcts, limits).unwrap();
    assert!(a.depth <= 3, "{}", a.depth);
}

#[test]
fn searches_without_a_choice_use_alpha_beta() {
    for v in Variant::ALL {
        let game = v.new_game(&[], None).unwrap();
        let run = |algorithm| {
            let options = SearchOptions {
                limits: Limits {
                    depth: Some(4),
                    nodes: Some(3_000),
                    ..Limits::default()
                },
                algorithm,
                ..SearchOptions::default()
            };
            Engine::new(1).search_dyn(&game, &options, None, &mut |_| {})
        };
        let default = Algorithm::AlphaBeta;
        assert_eq!(run(None), run(Some(default)), "{}", v.name());
        for a in Algorithm::ALL {
            assert_eq!(Algorithm::from_name(a.name()), Ok(a));
        }
        assert!(Algorithm::from_name("minimax").is_err());
    }
}
