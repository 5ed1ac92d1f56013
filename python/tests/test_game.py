"""Games of every preset, errors, records, sowing steps, observations and the engine."""

import json
import os
import pathlib
import random
import re
import subprocess

import numpy as np
import pytest

import mancala

PRESETS = mancala.presets()


def test_every_preset_is_listed():
    assert PRESETS == ["oware", "abapa", "wuri", "awari", "ouril", "ouril-ludii", "olowuka", "ba-awa", "isolo"]


@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_of_every_preset_reach_their_end(preset):
    rng = random.Random(preset)
    for _ in range(3):
        g = mancala.Game(preset)
        plies = 0
        while not g.is_over():
            moves = g.legal_moves()
            assert moves, "a game that is not over has a legal move"
            assert g.to_move() in ("south", "north")
            mask = g.action_mask()
            assert mask.dtype == np.bool_ and mask.shape == (g.num_actions,)
            assert sorted(np.flatnonzero(mask).tolist()) == g.legal_actions()
            assert sorted(g.action_to_move(a) for a in g.legal_actions()) == sorted(moves)
            g.play(rng.choice(moves))
            plies += 1
        assert g.to_move() is None
        assert g.legal_moves() == []
        r = g.result()
        assert r["winner"] in ("south", "north", None)
        assert r["reason"]
        assert len(r["scores"]) == 2
        assert g.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
        assert len(g.moves()) == plies


def test_moves_are_named_as_the_cli_writes_them():
    g = mancala.Game("abapa")
    assert g.legal_moves() == ["A", "B", "C", "D", "E", "F"]
    g.play("C")
    assert g.notation() == "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N"
    assert g.legal_moves() == ["a", "b", "c", "d", "e", "f"]
    assert g.to_move() == "north"
    assert g.moves() == ["C"]


def test_isolo_kucheleka_moves_are_samples_and_any_setup_is_accepted():
    g = mancala.Game("isolo", position="K:0-0-0-0-0-0-0-0-5-1-7-1-6-0-5-11-2-2-N")
    moves = g.legal_moves()
    assert all(m.startswith("k:") for m in moves)
    assert len(moves) == len(g.legal_actions())
    g2 = g.clone()
    g2.play("k:0,5,0,3,0,0,8,1")
    assert g2.extras()["phase"] == "proper"
    assert g.extras()["phase"] == "kucheleka"


def test_bad_moves_raise_illegal_move_and_change_nothing():
    g = mancala.Game("abapa")
    for bad in ["a", "Z", "", "C C"]:
        with pytest.raises(mancala.IllegalMove):
            g.play(bad)
    assert issubclass(mancala.IllegalMove, ValueError)
    assert g.notation() == "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
    with pytest.raises(mancala.IllegalMove):
        g.play_action(7)


def test_bad_options_raise_rule_error():
    with pytest.raises(mancala.RuleError):
        mancala.Game("abapa", rules={"no_such_option": "on"})
    with pytest.raises(mancala.RuleError):
        mancala.Game("abapa", rules={"seeds": "many"})
    with pytest.raises(mancala.RuleError):
        mancala.Game("chess")
    with pytest.raises(ValueError):
        mancala.Game("abapa", position="4-4-4")
    with pytest.raises(mancala.PositionError):
        mancala.Game("abapa", position="4-4-4")


def test_options_change_the_game():
    g = mancala.Game("abapa", rules={"seeds": 3})
    assert g.pits() == [3] * 12
    assert g.rules()["seeds"] == "3"
    info = mancala.preset_info("abapa")
    assert any(o["name"] == "grand_slam" for o in info["options"])


def test_undo_and_clone():
    g = mancala.Game("oware")
    g.play("A")
    c = g.clone()
    g.play("a")
    assert c.notation() != g.notation()
    assert g.undo()
    assert g.notation() == c.notation()
    assert g.undo()
    assert not g.undo()


def test_sowing_steps_of_the_last_move_replay_to_the_board():
    g = mancala.Game("abapa", position="0-0-0-0-0-2-1-1-0-0-0-1-22-21-S")
    assert g.last_sowing() == []
    before = g.pits()
    g.play("F")
    pits = list(before)
    hand = 0
    for step in g.last_sowing():
        if step["kind"] == "lift":
            pits[step["pit"]] -= step["seeds"]
            hand += step["seeds"]
        elif step["kind"] == "drop":
            pits[step["pit"]] += 1
            hand -= 1
        elif step["kind"] == "capture":
            pits[step["pit"]] -= step["seeds"]
        elif step["kind"] == "settle":
            pits = step["pits"]
    assert pits == g.pits()
    assert any(s["kind"] == "capture" for s in g.last_sowing())


def test_records_round_trip():
    g = mancala.Game("ouril")
    rng = random.Random(1)
    for _ in range(30):
        if g.is_over():
            break
        g.play(rng.choice(g.legal_moves()))
    text = g.record()
    back = mancala.Game.from_record(text)
    assert back.preset == "ouril"
    assert back.notation() == g.notation()
    assert back.moves() == g.moves()
    with pytest.raises(mancala.RecordError):
        mancala.Game.from_record('[Variant "abapa"]\n\n1. Q *\n')


def test_extras_carry_the_game_specific_state():
    ba = mancala.Game("ba-awa")
    e = ba.extras()
    assert e["round"] == 1 and len(e["owners"]) == 12
    iso = mancala.Game("isolo")
    assert iso.extras()["phase"] == "foregame"


@pytest.mark.parametrize("preset", PRESETS)
def test_observation_shapes_and_names(preset):
    g = mancala.Game(preset)
    for window in (0, 3, mancala.DEFAULT_WINDOW):
        obs = g.observation(window)
        assert obs.dtype == np.float32
        assert obs.shape == g.observation_shape(window)
        assert obs.shape[0] == 1 + window
        assert obs.shape[1] == len(g.feature_names())
    pits = len(g.pits())
    names = g.feature_names()
    assert names[1 : 1 + pits] == [f"pit_{i}" for i in range(pits)]
    obs = g.observation()
    assert obs[0, 1 : 1 + pits].tolist() == g.pits()


def test_observation_holds_the_repetition_history():
    # Two reversible moves: the start and the first position are still compared with.
    g = mancala.Game("abapa")
    g.play("C")
    g.play("c")
    obs = g.observation(4)
    assert obs[0, 0] == 2
    assert g.observation(None).shape == (3, obs.shape[1])
    assert np.array_equal(g.observation(None), obs[:3])
    assert obs[1:3, 0].tolist() == [1, 1]
    assert obs[3:, 0].tolist() == [0, 0]
    start = mancala.Game("abapa").observation(0)[0]
    assert obs[2, 1:].tolist() == start[1:].tolist()
    # The same board without that history (nor plies played): the same pits, stores and side,
    # but not the same observation.
    a = mancala.Game("abapa", position=g.notation())
    assert a.observation(4)[0, 1:17].tolist() == obs[0, 1:17].tolist()
    assert a.observation(4)[0, 0] == 0
    assert not np.array_equal(a.observation(4), obs)


def test_analyse_values_every_move():
    g = mancala.Game("abapa")
    a = mancala.analyse(g, depth=5)
    assert a.best_move in g.legal_moves()
    assert sorted(m for m, _ in a.moves) == g.legal_moves()
    assert a.moves[0][0] == a.best_move
    ranks = [s.rank for _, s in a.moves]
    assert ranks == sorted(ranks, reverse=True)
    for _, s in a.moves:
        assert s.kind in ("estimate", "proven")
        d = s.to_dict()
        assert set(d) == {"kind", "seeds", "outcome", "margin", "margin_exact", "plies", "text"}
        assert d["kind"] == s.kind and d["text"] == s.text == str(s)
        if s.kind == "estimate":
            assert re.fullmatch(r"[+-]\d+\.\d\d \(estimate\)", s.text), s.text
            assert s.outcome is None and s.margin is None and s.plies is None
    assert a.depth == 5
    assert a.pv[0] == a.best_move
    timed = mancala.analyse(g, movetime_ms=50)
    assert timed.best_move in g.legal_moves()
    with pytest.raises(ValueError):
        mancala.analyse(g, depth=3, movetime_ms=10)
    # Limits out of range are a ValueError, whatever their size or sign.
    for bad in ({"depth": -1}, {"depth": 0}, {"depth": 101}, {"depth": 2**40},
                {"movetime_ms": -5}, {"movetime_ms": 0}):
        with pytest.raises(ValueError):
            mancala.analyse(g, **bad)


def test_analyse_proves_a_won_endgame():
    # South takes the last seeds of the board: a proven result.
    g = mancala.Game("abapa", position="0-0-0-0-0-1-2-0-0-0-0-0-24-21-S")
    a = mancala.analyse(g, depth=20)
    assert a.score.kind == "proven"


def _cli():
    """The `mancala` binary of this checkout (built by the Rust tests before these run)."""
    root = pathlib.Path(__file__).resolve().parents[2]
    path = pathlib.Path(os.environ.get("MANCALA_BIN", root / "target" / "ci" / "mancala"))
    if not path.exists():
        pytest.skip(f"no mancala binary at {path}")
    return path


@pytest.mark.parametrize(
    "position, depth",
    [
        # A lost endgame the search solves: proven, with its exact margin and distance.
        ("0-0-0-0-2-0-0-1-0-0-0-0-23-22-S", 20),
        # The opening: an estimate.
        (None, 5),
    ],
)
def test_scores_are_the_cli_representation(position, depth):
    g = mancala.Game("abapa", position=position) if position else mancala.Game("abapa")
    a = mancala.analyse(g, depth=depth)
    args = [str(_cli()), "analyze", "abapa", "--depth", str(depth), "--json"]
    if position:
        args += ["--position", position]
    out = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    assert a.score.to_dict() == out["score"]
    assert [(m, s.to_dict()) for m, s in a.moves] == [(m["move"], m["score"]) for m in out["moves"]]
    if position:
        assert (a.score.kind, a.score.outcome, a.score.margin_exact) == ("proven", "loss", True)
        assert a.score.text == "proven loss by 2" and a.score.seeds == -2 and a.score.plies == 3
    else:
        assert a.score.kind == "estimate" and a.score.outcome is None


def test_analyse_refuses_a_finished_game():
    g = mancala.Game("abapa")
    rng = random.Random(4)
    while not g.is_over():
        g.play(rng.choice(g.legal_moves()))
    with pytest.raises(mancala.MancalaError):
        mancala.analyse(g, depth=2)


@pytest.mark.parametrize("preset", PRESETS)
def test_levels_play_legal_moves_in_every_preset(preset):
    g = mancala.Game(preset)
    for level in (1, 3):
        assert mancala.best_move(g, level=level, seed=level) in g.legal_moves()
    with pytest.raises(ValueError):
        mancala.best_move(g, level=0)
    assert [l["level"] for l in mancala.levels()] == list(range(1, mancala.MAX_LEVEL + 1))


def test_tablebase_probe_matches_the_search():
    tb = mancala.Tablebase.build(mancala.Game("abapa"), seeds=6)
    assert tb.max_seeds == 6
    g = mancala.Game("abapa", position="0-0-0-0-2-1-1-0-0-0-0-1-22-21-S")
    p = tb.probe(g)
    assert p["seeds"] == 5 and 0 <= p["value"] <= 5
    moves = tb.probe_moves(g)
    assert sorted(m for m, _, _ in moves) == g.legal_moves()
    assert max(v for _, v, _ in moves) == p["value"]
    assert tb.probe(mancala.Game("abapa")) is None
    with pytest.raises(mancala.RuleError):
        mancala.Tablebase.build(mancala.Game("isolo"), seeds=4)


def test_tablebase_probe_of_a_finished_game_gives_the_rules_value():
    # South's F leaves his row empty, North's a cannot feed it: the game is over with South to
    # move, and North takes the 3 seeds left on the board.
    tb = mancala.Tablebase.build(mancala.Game("awari"), seeds=6)
    g = mancala.Game("awari", position="0-0-0-0-0-1-0-1-1-0-0-0-23-22-S")
    g.play("F")
    g.play("a")
    assert g.is_over()
    p = tb.probe(g)
    assert (p["seeds"], p["value"], p["exactness"]) == (3, 0, "any-history")


def test_games_pickle_with_their_history():
    import pickle

    g = mancala.Game("ouril", rules={"seeds": 5})
    rng = random.Random(2)
    for _ in range(40):
        if g.is_over():
            break
        g.play(rng.choice(g.legal_moves()))
    assert len(g.moves()) > 10
    back = pickle.loads(pickle.dumps(g))
    assert back.notation() == g.notation()
    assert back.moves() == g.moves()
    assert back.rules() == g.rules()
    assert np.array_equal(back.observation(), g.observation())


def test_searches_release_the_gil():
    # While the engine searches in another thread, this thread keeps running Python code: with
    # the GIL held for the whole search it could not run at all until the search ended.
    import threading

    g = mancala.Game("abapa")
    started, done = threading.Event(), threading.Event()
    result = {}

    def search():
        started.set()
        result["analysis"] = mancala.analyse(g, movetime_ms=300)
        done.set()

    t = threading.Thread(target=search)
    t.start()
    started.wait()
    loops = 0
    while not done.is_set():
        loops += 1
    t.join()
    assert result["analysis"].best_move in g.legal_moves()
    assert loops > 1000


def test_the_docs_first_example_prints_what_the_program_prints():
    import pathlib

    doc = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
    line = next(l for l in doc.read_text().splitlines() if l.startswith("a.best_move, a.moves"))
    g = mancala.Game("abapa")
    g.play("C")
    a = mancala.analyse(g, depth=10)
    move, value = a.moves[0]
    assert f"'{a.best_move}', [('{move}', Score(\"{value.text}\"))" in line, line
