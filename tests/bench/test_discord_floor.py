"""The floor under the Discord layer with discord.py (bench/discord_floor.py): a bot in a process of
its own answers every press as a move is answered, with exactly two requests, and the bench gets a
CPU figure a press; the CPU verdict then says what the floor leaves of 5 ms."""

import asyncio

from bench import discord_floor
from bench.bot_process import cores
from bench.whole_verdicts import cpu_cause

from .test_blank_pictures import split


def test_the_floor_bot_answers_each_press_with_an_edit_and_a_board(monkeypatch, tmp_path):
    monkeypatch.setattr(discord_floor, "QUICK", (2, 8.0, 0.3, 1.5))  # tables, rate, warm-up, window
    core, _ = cores()
    figures = asyncio.run(discord_floor.presses(tmp_path, core, quick=True))
    assert figures["presses"] >= 3
    # the acknowledgement, and the board: posted as a follow-up at a table's first press, then
    # edited through the webhook; nothing else
    assert figures["requests"] == 2 * figures["presses"]
    assert figures["cpu_ms_a_press"] > 0


def test_the_cpu_verdict_says_what_the_floor_leaves():
    cause = cpu_cause(split(2500), {"cpu_ms_per_move": 4.8}, {"cpu_ms_a_press": 2.1})
    assert "uses 2.1 ms a press, which leaves 2.9 ms of 5" in cause
    assert "(they use 2.7 ms a move without pictures)" in cause
    assert "they use" not in cpu_cause(split(2500), None, {"cpu_ms_a_press": 2.1})
    assert "Discord side" not in cpu_cause(split(2500), {"cpu_ms_per_move": 4.8})
