"""The stand-ins' bench (bench/stand_ins.py, bench/strength.py), at one game a setup: every game
and setup is measured, the figures hold together, results.json gets them under `stand_ins`, and
every target of the issue is said, met or missed."""

import json

import pytest

from bench import stand_ins, strength
from bench.__main__ import main
from engine import GAMES


def test_wilson_intervals():
    assert strength.wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert strength.wilson(10, 10) == (pytest.approx(0.7225, abs=1e-4), 1.0)
    low, high = strength.wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert strength.wilson(0, 0) == (0.0, 1.0)


def test_a_seeded_game_is_the_same_every_time():
    key = sorted(GAMES)[0]
    setup = strength.setups(key)[1]  # strong vs easy
    first, again = strength.play(key, setup, 3), strength.play(key, setup, 3)
    assert (first.won, first.lost, first.shared, first.nobody) == (again.won, again.lost, again.shared, again.nobody)
    assert first.games == 1 and len(first.cpu) == len(again.cpu) > 0


def test_the_part_measures_every_game_and_says_every_target(tmp_path, capsys):
    out = tmp_path / "results.json"
    out.write_text(json.dumps({"whole_bot": {"kept": True}}))
    assert main(["--only", "stand-ins", "--stand-in-games", "1", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    results = json.loads(out.read_text())
    assert results["whole_bot"] == {"kept": True}  # the other parts' last figures stay
    figures = results["stand_ins"]
    assert figures["games_a_setup"] == 1 and set(figures["per_game"]) == set(GAMES)
    for key, game in GAMES.items():
        shown = figures["per_game"][key]
        solo = {"solo-strong", "solo-easy"} if game.min_seats == 1 else set()
        assert set(shown["setups"]) == {"strong-random", "strong-easy", "easy-random"} | solo
        for setup in shown["setups"].values():
            assert setup["games"] == 1 == setup["won"] + setup["lost"] + setup["shared"] + setup["nobody"]
            for share in (setup["of_games"], setup["of_decided"]):
                assert 0 <= share["low"] <= (share["rate"] if share["rate"] is not None else 0) <= share["high"] <= 1
        times = shown["decisions"]
        assert times["decisions"] > 0 and times["cpu_ms"]["median"] <= times["cpu_ms"]["max"]
        assert GAMES[key].title in said
    targets = json.loads(stand_ins.TARGETS.read_text())["targets"]
    verdicts = figures["targets"]
    assert len(verdicts) == len(targets) + 2 * len(GAMES)  # and each game's median and longest decision
    assert all(isinstance(verdict["met"], bool) for verdict in verdicts)
    judged = [line for line in said.splitlines() if line.strip().startswith(("✅ met", "❌ missed"))]
    assert len(judged) == len(verdicts)
    assert all(target["what"] in said for target in targets)
