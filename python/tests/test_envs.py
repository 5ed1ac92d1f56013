"""PettingZoo's own api_test for every preset, the Gymnasium environment and the batch API."""

import numpy as np
import pytest

import mancala

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from pettingzoo.test import api_test  # noqa: E402

from mancala.gymnasium import MancalaEnv  # noqa: E402
from mancala.pettingzoo import env as aec_env  # noqa: E402


# Two of api_test's checks ask for an observation that is an array and a space that is a Box or
# Discrete, and exempt by name only PettingZoo's own board games (chess_v6, go_v5,
# connect_four_v3, ...), whose observations are, as ours, a dict of "observation" and
# "action_mask": those two warnings say nothing about this package. Every other check applies.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning"
)
@pytest.mark.parametrize("preset", mancala.presets())
def test_pettingzoo_api_test_passes_for_every_preset(preset):
    api_test(aec_env(preset, window=4), num_cycles=300)


@pytest.mark.parametrize("preset", mancala.presets())
def test_pettingzoo_games_play_to_the_end(preset):
    e = aec_env(preset)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=100_000):
        obs, reward, terminated, truncated, info = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0
        e.step(int(rng.choice(legal)))
    assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_gymnasium_env_passes_the_checker_and_plays_a_game():
    from gymnasium.utils.env_checker import check_env

    env = MancalaEnv("abapa", level=1, side="north")
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    assert env.game.to_move() == "north"  # the engine has moved for South
    done = False
    rng = np.random.default_rng(0)
    while not done:
        mask = env.action_masks()
        assert mask.any() and np.array_equal(mask, info["action_mask"].astype(bool))
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
    assert reward in (-1.0, 0.0, 1.0)
    assert info["result"]["winner"] in ("south", "north", None)


def test_gymnasium_make_knows_every_preset():
    for preset in mancala.presets():
        env = gymnasium.make(f"mancala/{preset}-v0", level=1, side="north")
        obs, info = env.reset(seed=0)
        assert obs.shape == env.observation_space.shape
        assert info["action_mask"].any()


def test_gymnasium_illegal_action_ends_the_episode():
    env = MancalaEnv("abapa", level=1)
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(7)
    assert terminated and reward == -1.0 and info["illegal_move"]


@pytest.mark.parametrize("preset", mancala.presets())
def test_batch_steps_many_games(preset):
    start = mancala.Game(preset)
    batch = mancala.Batch(start, 8, seed=2, window=3)
    assert len(batch) == 8
    obs = batch.observations()
    assert obs.shape == (8, *start.observation_shape(3))
    assert np.array_equal(obs[0], start.observation(3))
    masks = batch.action_masks()
    assert masks.shape == (8, start.num_actions)
    assert np.array_equal(masks[0], start.action_mask())
    # Step with the first legal action of each game, and compare with a Game doing the same.
    single = start.clone()
    for _ in range(30):
        masks = batch.action_masks()
        actions = masks.argmax(axis=1).astype(np.int64)
        if single.is_over():
            break
        single.play_action(int(actions[0]))
        rewards, done = batch.step(actions)
        assert rewards.shape == (8, 2) and done.shape == (8,)
        if done[0]:
            break
        assert batch.notation(0) == single.notation()
        assert np.array_equal(batch.observations()[0], single.observation(3))


def test_batch_refuses_illegal_actions_atomically():
    batch = mancala.Batch(mancala.Game("abapa"), 2)
    with pytest.raises(mancala.IllegalMove):
        batch.step(np.array([0, 6], dtype=np.int64))
    assert batch.notation(0) == mancala.Game("abapa").notation()
    with pytest.raises(ValueError):
        batch.step(np.array([0], dtype=np.int64))


def test_batch_random_steps_finish_games():
    batch = mancala.Batch(mancala.Game("abapa"), 16, seed=5)
    ended = batch.random_steps(2000)
    assert ended >= 16
    p = mancala.random_playouts(mancala.Game("abapa"), 50, seed=1)
    assert p["games"] == 50 and p["south"] + p["north"] + p["draws"] == 50
