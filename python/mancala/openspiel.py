"""Every preset as an OpenSpiel game, and the engine as an OpenSpiel bot.

Importing this module registers one game per preset with ``pyspiel.register_game``, named
``mancala_`` + the preset with ``-`` written ``_`` (``mancala_abapa``, ``mancala_ba_awa``, ...),
so that OpenSpiel's own algorithms and bots run on them::

    import pyspiel
    import mancala.openspiel

    game = pyspiel.load_game("mancala_abapa")
    state = game.new_initial_state()
    state.apply_action(2)            # pit C

The game's parameter ``window`` (default ``mancala.DEFAULT_WINDOW``) sets how many earlier
positions the observation tensor holds. ``mancala.openspiel.game(preset, rules=...)`` builds a
game with rule options (they are not OpenSpiel parameters).

Actions are the package's action numbers (the pit index, ``A`` = 0 ... ``a`` = 6 on a 2x6 board;
Isolo adds its kucheleka samples after the 16 pits), whoever moves. OpenSpiel's own ``oware``
numbers the mover's pits 0 to 5 instead. The observation tensor is ``Game.observation(window)``
flattened: unlike OpenSpiel ``oware``'s (the 12 pits and 2 scores divided by 48), it is
Markov-complete (the side to move, the plies played and the positions since the last capture,
which decide a repetition), in seed counts rather than shares.
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import mancala

_MAX_GAME_LENGTH = 100_000


def short_name(preset: str) -> str:
    """The OpenSpiel name of a preset: ``mancala_abapa``, ``mancala_ba_awa``, ..."""
    return "mancala_" + preset.replace("-", "_")


def _game_type(preset: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(preset),
        long_name="mancala " + preset,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"window": mancala.DEFAULT_WINDOW},
    )


class MancalaState(pyspiel.State):
    """An OpenSpiel state over a ``mancala.Game``."""

    def __init__(self, game: "MancalaGame", inner: mancala.Game):
        super().__init__(game)
        self.inner = inner

    def current_player(self) -> int:
        side = self.inner.to_move()
        if side is None:
            return pyspiel.PlayerId.TERMINAL
        return 0 if side == "south" else 1

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.inner.play_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_move(action)

    def is_terminal(self) -> bool:
        return self.inner.is_over()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def __str__(self) -> str:
        return self.inner.notation()


class MancalaGame(pyspiel.Game):
    """A preset (with rule options) as an OpenSpiel game."""

    def __init__(self, params=None, preset: str = "abapa", rules: dict | None = None):
        params = dict(params or {})
        window = int(params.get("window", mancala.DEFAULT_WINDOW))
        if window < 0:
            raise ValueError(f"window must be at least 0, not {window}")
        self.preset = preset
        self.rules = dict(rules or {})
        self.window = window
        start = mancala.Game(preset, rules=self.rules or None)
        self._start = start
        info = pyspiel.GameInfo(
            num_distinct_actions=start.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(preset), info, {"window": window})

    def new_initial_state(self) -> MancalaState:
        return MancalaState(self, self._start.clone())

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return MancalaObserver(self, params)
        # Perfect recall (information states): the action history, as OpenSpiel's own
        # perfect-information Python games give it.
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class MancalaObserver:
    """The observation tensor (``Game.observation(window)`` flattened) and string."""

    def __init__(self, game: MancalaGame, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.window = game.window
        shape = game._start.observation_shape(game.window)
        self.tensor = np.zeros(shape[0] * shape[1], np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: MancalaState, player: int) -> None:
        self.tensor[:] = state.inner.observation(self.window).ravel()

    def string_from(self, state: MancalaState, player: int) -> str:
        return state.inner.notation()


def _game_class(preset: str) -> type:
    # OpenSpiel keeps what is registered until the process exits: a class, as its own Python
    # games register (a registered closure makes the interpreter abort at exit).
    def init(self, params=None):
        MancalaGame.__init__(self, params, preset=preset)

    return type(short_name(preset), (MancalaGame,), {"__init__": init})


def game(preset: str, rules: dict | None = None, window: int = mancala.DEFAULT_WINDOW) -> MancalaGame:
    """An OpenSpiel game of ``preset`` with rule options (registered presets use the defaults)."""
    return MancalaGame({"window": window}, preset=preset, rules=rules)


for _preset in mancala.presets():
    pyspiel.register_game(_game_type(_preset), _game_class(_preset))


class EngineBot(pyspiel.Bot):
    """The engine at a playing level (1 to 6) as an OpenSpiel bot, for this package's games."""

    def __init__(self, level: int = 6, seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.level = level
        self.seed = seed

    def step(self, state: MancalaState) -> int:
        self.seed += 1
        mv = mancala.best_move(state.inner, level=self.level, seed=self.seed)
        return state.inner.move_to_action(mv)

    def restart_at(self, state) -> None:
        pass
