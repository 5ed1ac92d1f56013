"""A single-agent Gymnasium environment: one side of a preset against the engine.

>>> from mancala.gymnasium import MancalaEnv
>>> env = MancalaEnv("abapa", level=2, side="south")
>>> obs, info = env.reset(seed=0)
>>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

The opponent plays at a playing level (1 to 6, ``mancala.levels()``); its moves are made before
``reset`` and ``step`` return, so every observation is one where the agent is to move (or the
game is over). Observations are ``Game.observation(window)`` (float32); the legal-action mask is
``info["action_mask"]`` and ``action_masks()`` (int8 / bool, for masked policies). The reward is
+1 / -1 / 0 for the agent when the game ends. An illegal action ends the episode with reward -1
and ``info["illegal_move"] = True``.

Importing this module registers ``mancala/PRESET-v0`` for every preset with Gymnasium:
``gymnasium.make("mancala/abapa-v0", level=3)``.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

import mancala


class MancalaEnv(gymnasium.Env):
    """One side of ``preset`` against the engine at ``level``."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        preset: str = "abapa",
        level: int = 1,
        side: str = "south",
        rules: dict | None = None,
        window: int = mancala.DEFAULT_WINDOW,
        render_mode: str | None = None,
    ):
        if side not in ("south", "north"):
            raise ValueError(f"side must be 'south' or 'north', not {side!r}")
        if not 1 <= level <= mancala.MAX_LEVEL:
            raise ValueError(f"level must be from 1 to {mancala.MAX_LEVEL}, not {level}")
        self.preset = preset
        self.level = level
        self.side = side
        self.window = window
        self.render_mode = render_mode
        self._start = mancala.Game(preset, rules=rules)
        self.game = self._start.clone()
        self._seed = 0
        self.action_space = spaces.Discrete(self._start.num_actions)
        self.observation_space = spaces.Box(
            low=0.0,
            high=mancala.OBSERVATION_HIGH,
            shape=self._start.observation_shape(window),
            dtype=np.float32,
        )

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent (all False once the game is over)."""
        if self.game.to_move() != self.side:
            return np.zeros(self.game.num_actions, bool)
        return self.game.action_mask()

    def _opponent(self):
        while not self.game.is_over() and self.game.to_move() != self.side:
            self._seed += 1
            self.game.play(mancala.best_move(self.game, level=self.level, seed=self._seed))

    def _info(self, **extra):
        info = {"action_mask": self.action_masks().astype(np.int8), "position": self.game.notation()}
        if self.game.is_over():
            info["result"] = self.game.result()
        info.update(extra)
        return info

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self._seed = int(seed) * 1_000_003
        self.game = self._start.clone()
        self._opponent()
        return self.game.observation(self.window), self._info()

    def step(self, action):
        if self.game.is_over():
            raise RuntimeError("the game is over: call reset()")
        try:
            self.game.play_action(int(action))
        except mancala.IllegalMove:
            return self.game.observation(self.window), -1.0, True, False, self._info(illegal_move=True)
        self._opponent()
        reward = 0.0
        if self.game.is_over():
            reward = float(self.game.returns()[0 if self.side == "south" else 1])
        return self.game.observation(self.window), reward, self.game.is_over(), False, self._info()

    def render(self):
        if self.render_mode == "ansi":
            return self.game.notation()
        return None


for _preset in mancala.presets():
    _id = f"mancala/{_preset}-v0"
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=MancalaEnv, kwargs={"preset": _preset})
