"""Ostrakon's offline demo at seven players: its questions are printed, each player's stones apart
(the demo of every game: tests/bot/test_cli.py)."""

from .test_cli import demo_transcript


def test_the_ostrakon_demo_plays_a_whole_game_with_dms_apart():
    lines = demo_transcript("ostrakon", 7, 3)
    assert lines[0].startswith("=== #ostrakon")
    assert sum(1 for line in lines if line.startswith("=== Direct messages to Player")) == 7
    assert any("asks:" in line for line in lines)
    assert lines[-1].startswith("🏆 Winner: Player")
