"""Every preset as a PettingZoo AEC environment.

>>> from mancala.pettingzoo import env
>>> e = env("abapa")
>>> e.reset(seed=0)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.step(int(obs["action_mask"].argmax()))

The agents are ``"player_0"`` (South, who moves first) and ``"player_1"`` (North), as in
OpenSpiel; the agent to move is
``agent_selection``, which is not always the other one (Ouril's grand-slam extra turn, Ba-awa's
round starts, Isolo's set-up). Each observation is a dict: ``"observation"``, the float32
``Game.observation(window)`` (the same for both agents: it names the side to move), and
``"action_mask"``, int8 over the action space (all zero for the agent not to move). Rewards
are +1 / -1 / 0 when the game ends. ``env()`` adds PettingZoo's usual wrappers (an illegal
move ends the game with -1 for the agent that made it); ``raw_env`` is the bare environment.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import mancala

AGENTS = ["player_0", "player_1"]
SIDES = {"south": "player_0", "north": "player_1"}


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's naming convention
    """The bare AEC environment of one preset (with rule options)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "mancala_v0", "is_parallelizable": False}

    def __init__(
        self,
        preset: str = "abapa",
        rules: dict | None = None,
        window: int = mancala.DEFAULT_WINDOW,
        render_mode: str | None = None,
    ):
        super().__init__()
        self.preset = preset
        self.rules = dict(rules or {})
        self.window = window
        self.render_mode = render_mode
        self.game = mancala.Game(preset, rules=self.rules or None)
        self._start = self.game.clone()
        self.metadata = dict(self.metadata, name=f"mancala_{preset.replace('-', '_')}_v0")
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        n = self.game.num_actions
        shape = self.game.observation_shape(window)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0.0, high=mancala.OBSERVATION_HIGH, shape=shape, dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(n) for a in AGENTS}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        mask = np.zeros(self.game.num_actions, np.int8)
        if SIDES.get(self.game.to_move()) == agent:
            mask[:] = self.game.action_mask()
        return {"observation": self.game.observation(self.window), "action_mask": mask}

    def reset(self, seed=None, options=None):
        self.game = self._start.clone()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = SIDES[self.game.to_move()]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.game.play_action(int(action))
        if self.game.is_over():
            returns = self.game.returns()
            self.rewards = {a: float(r) for a, r in zip(AGENTS, returns)}
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"result": self.game.result()} for a in self.agents}
            # Every agent is told the end: the selection moves on to the other agent.
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
        else:
            self.agent_selection = SIDES[self.game.to_move()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self):
        if self.render_mode is None:
            return None
        return f"{self.game.notation()}  ({self.game.to_move() or 'over'})"

    def close(self):
        pass


def env(preset: str = "abapa", **kwargs) -> AECEnv:
    """The AEC environment of ``preset`` with PettingZoo's usual wrappers."""
    e = raw_env(preset, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
