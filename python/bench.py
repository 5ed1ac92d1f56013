"""Plies per second: this package's single steps and batch API, side by side with OpenSpiel's C++
``oware`` driven from Python, on uniformly random games of Abapa (= OpenSpiel ``oware``).

    python python/bench.py [--seconds S]

Each line plays random games to their end for about S seconds (default 2) and prints plies/s.
"""

import argparse
import importlib
import random
import time

import numpy as np

import mancala


def timed(label, seconds, run):
    plies, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        plies += run()
    rate = plies / (time.perf_counter() - start)
    print(f"{label:<58} {rate:>14,.0f} plies/s")
    return rate


def single(rng, actions):
    """One random game, a move at a time: by name, or by action number with `actions`."""
    g = mancala.Game("abapa")
    legal, play = (g.legal_actions, g.play_action) if actions else (g.legal_moves, g.play)
    n = 0
    while not g.is_over():
        play(rng.choice(legal()))
        n += 1
    return n


def batch_python_actions(batch, rng, steps=100):
    # The policy is Python's (numpy): a random legal action per game from the masks.
    for _ in range(steps):
        masks = batch.action_masks()
        scores = rng.random(masks.shape) * masks
        batch.step(scores.argmax(axis=1).astype(np.int64))
    return steps * len(batch)


def batch_random(batch, steps=100):
    for _ in range(steps):
        batch.random_step()
    return steps * len(batch)


def spiel_game(game, rng):
    s = game.new_initial_state()
    n = 0
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
        n += 1
    return n


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--batch", type=int, default=1024)
    args = parser.parse_args()
    t = args.seconds
    rng = random.Random(1)
    nrng = np.random.default_rng(1)
    print("uniformly random Abapa games, one thread")
    timed("mancala: Game.play(name), Python loop", t, lambda: single(rng, False))
    timed("mancala: Game.play_action(a), Python loop", t, lambda: single(rng, True))
    b = mancala.Batch(mancala.Game("abapa"), args.batch, seed=1)
    timed(f"mancala: Batch({args.batch}).step(actions from masks)", t, lambda: batch_python_actions(b, nrng))
    timed(f"mancala: Batch({args.batch}).random_step()", t, lambda: batch_random(b))
    timed(f"mancala: Batch({args.batch}).random_steps(100), in Rust", t, lambda: 100 * args.batch if b.random_steps(100) >= 0 else 0)
    start = mancala.Game("abapa")
    timed("mancala: random_playouts(1000 games), in Rust", t, lambda: mancala.random_playouts(start, 1000, seed=rng.getrandbits(32))["plies"])
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed (pip install open_spiel): no comparison")
        return
    timed("OpenSpiel C++ oware: apply_action, Python loop", t, lambda: spiel_game(pyspiel.load_game("oware"), rng))
    importlib.import_module("mancala.openspiel")  # registers the games

    timed("OpenSpiel API on mancala_abapa: apply_action, Python loop", t, lambda: spiel_game(pyspiel.load_game("mancala_abapa"), rng))


if __name__ == "__main__":
    main()
