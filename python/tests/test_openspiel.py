"""The OpenSpiel games: a differential test against OpenSpiel's own oware, and OpenSpiel's MCTS
bot against the engine through OpenSpiel's API."""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import mancala  # noqa: E402
import mancala.openspiel as mo  # noqa: E402


def spiel_board(state):
    """Pits and scores of an OpenSpiel oware state (its observation is them divided by 48)."""
    t = np.rint(np.asarray(state.observation_tensor(0)) * 48).astype(int).tolist()
    return t[:12], t[12:14]


def test_every_preset_is_registered():
    names = set(pyspiel.registered_names())
    for preset in mancala.presets():
        assert mo.short_name(preset) in names
        game = pyspiel.load_game(mo.short_name(preset))
        state = game.new_initial_state()
        assert state.current_player() == 0
        assert state.legal_actions() == mancala.Game(preset).legal_actions()


def test_abapa_agrees_with_openspiel_oware_in_1000_random_games():
    ours = pyspiel.load_game("mancala_abapa")
    theirs = pyspiel.load_game("oware")
    rng = random.Random(18)
    plies = 0
    ends = {}
    for _ in range(1000):
        a = ours.new_initial_state()
        b = theirs.new_initial_state()
        while True:
            # The same state: board, scores, player, legal moves, end and returns.
            pits, scores = spiel_board(b)
            assert a.current_player() == b.current_player()
            assert a.is_terminal() == b.is_terminal()
            if b.is_terminal():
                # When a game ends by a score above 24, OpenSpiel still sweeps each row into its
                # owner's store (see web/rules/abapa.html); the rules leave the board.
                own = [sum(a.inner.pits()[:6]), sum(a.inner.pits()[6:])]
                assert [s + o for s, o in zip(a.inner.stores(), own)] == scores
                assert pits == [0] * 12
                assert a.returns() == b.returns()
                reason = a.inner.result()["reason"]
                ends[reason] = ends.get(reason, 0) + 1
                break
            assert a.inner.pits() == pits
            assert a.inner.stores() == scores
            player = b.current_player()
            theirs_legal = [6 * player + x for x in b.legal_actions()]
            assert a.legal_actions() == theirs_legal
            assert [a.action_to_string(player, x) for x in a.legal_actions()] == [
                b.action_to_string(player, x) for x in b.legal_actions()
            ]
            action = rng.choice(b.legal_actions())
            b.apply_action(action)
            a.apply_action(6 * player + action)
            plies += 1
    assert plies > 1000 * 20
    # Random games end every way the rules allow, repetitions included.
    assert ends.get("score_majority", 0) > 0 and ends.get("repetition", 0) > 0


def test_openspiel_observation_is_not_markov_and_ours_is():
    # OpenSpiel's oware observation is the board and the scores only (divided by 48): it omits
    # the positions since the last capture, which decide a repetition. Ours holds them.
    theirs = pyspiel.load_game("oware")
    ours = pyspiel.load_game("mancala_abapa")
    a, b = ours.new_initial_state(), theirs.new_initial_state()
    for x in [0, 6, 1, 7]:
        a.apply_action(x)
        b.apply_action(x % 6)
    pits, scores = spiel_board(b)
    assert np.allclose(b.observation_tensor(0), np.array(pits + scores) / 48)
    fresh = mo.MancalaState(ours, mancala.Game("abapa", position=a.inner.notation()))
    assert fresh.inner.pits() == a.inner.pits() and fresh.inner.stores() == a.inner.stores()
    assert fresh.observation_tensor(0) != a.observation_tensor(0)
    window = ours.get_parameters()["window"]
    obs = np.asarray(a.observation_tensor(0)).reshape(1 + window, -1)
    assert obs[0, 0] == 4 and obs[1:5, 0].tolist() == [1, 1, 1, 1]


def test_openspiel_mcts_plays_the_engine_through_openspiel():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("mancala_abapa")
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    mcts_bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=25, evaluator=evaluator, random_state=rng)
    engine = mo.EngineBot(level=3, seed=1)
    for bots in ([mcts_bot, engine], [engine, mcts_bot]):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 1)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    # Other presets too: Isolo has set-up actions beyond the pits.
    iso = pyspiel.load_game("mancala_isolo")
    state = iso.new_initial_state()
    bot = mcts.MCTSBot(iso, 2.0, 10, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    for _ in range(20):
        if state.is_terminal():
            break
        state.apply_action(bot.step(state))


def test_game_with_rule_options():
    g = mo.game("abapa", rules={"seeds": 3}, window=2)
    s = g.new_initial_state()
    assert s.inner.pits() == [3] * 12
    assert g.observation_tensor_shape() == [3, 19]
