"""The catch-up's test of whether a board already shows owed events (bot/discord_app/delivery/catch_up.py
`shows`): its text must end with them, and it must have been posted or edited after they were
committed, so a run of events that repeats the one before it is not taken as told."""

from datetime import datetime, timezone
from types import SimpleNamespace

from bot.discord_app.delivery.catch_up import shows
from bot.text import WAITING

LINE = "⚔️ **Corinth** produces ⛵ Triremes I."
BOARD = f"The board:\n{LINE}\n{WAITING}<@1>."


def board(made: float, edited: float | None = None) -> SimpleNamespace:
    at = lambda when: datetime.fromtimestamp(when, timezone.utc)  # noqa: E731
    return SimpleNamespace(content=BOARD, created_at=at(made), edited_at=None if edited is None else at(edited))


def test_a_board_made_or_edited_after_the_commit_shows_the_events():
    assert shows(board(made=101.0), [LINE], committed=100.0)
    assert shows(board(made=50.0, edited=100.5), [LINE], committed=100.0)


def test_the_same_line_on_a_board_from_before_the_commit_is_the_earlier_one():
    assert not shows(board(made=99.0), [LINE], committed=100.0)
    assert not shows(board(made=50.0, edited=99.9), [LINE], committed=100.0)


def test_a_board_without_the_events_does_not_show_them_whenever_it_was_made():
    assert not shows(board(made=101.0), ["🏛️ Athens builds a temple."], committed=100.0)
