"""Traditional sowing games from Python: the rules of every preset, the engine, the endgame
tables and batches of games stepped in Rust.

>>> import mancala
>>> g = mancala.Game("abapa")
>>> g.legal_moves()
['A', 'B', 'C', 'D', 'E', 'F']
>>> g.play("C")
0
>>> g.notation()
'4-4-0-5-5-5-5-4-4-4-4-4-0-0-N'

Adapters: ``mancala.openspiel`` (OpenSpiel games), ``mancala.pettingzoo`` (AEC environments)
and ``mancala.gymnasium`` (a single-agent environment against the engine). See docs/python.md.
"""

from ._mancala import (
    DEFAULT_WINDOW,
    MAX_LEVEL,
    Analysis,
    Batch,
    Game,
    IllegalMove,
    MancalaError,
    PositionError,
    RecordError,
    RuleError,
    Score,
    Tablebase,
    analyse,
    best_move,
    levels,
    preset_info,
    presets,
    random_playouts,
)

analyze = analyse

#: The largest value an entry of an observation can take: every entry is a count the rules core
#: keeps in 32 bits (seeds, stores, plies, rounds, stock seeds used) or a 0/1 flag. The bound of
#: the environments' observation spaces (finite, as Gymnasium's checker asks).
OBSERVATION_HIGH = float(2**32 - 1)

__all__ = [
    "DEFAULT_WINDOW",
    "MAX_LEVEL",
    "OBSERVATION_HIGH",
    "Analysis",
    "Batch",
    "Game",
    "IllegalMove",
    "MancalaError",
    "PositionError",
    "RecordError",
    "RuleError",
    "Score",
    "Tablebase",
    "analyse",
    "analyze",
    "best_move",
    "levels",
    "preset_info",
    "presets",
    "random_playouts",
]
