"""bot.ratings.summary: the end-of-game summary: winners, moves, duration and what each seat hid. What a
game's seats hide is checked in its own file (tests/bot/test_<package>_summary.py), with
`assert_each_seat_told`."""

import re
from dataclasses import replace
from typing import Callable

import pytest

from bot.games import plugin
from bot.ratings import summary
from bot.ratings.summary import duration_text, outcome_line, reveal_lines, summary_lines
from bot.store.opening import open_store
from bot.tables.service import TableService
from engine import Chance, Outcome
from tests.registry import GAMES, a_game

PLAYERS = [100, 101]
GAME = a_game(seats=len(PLAYERS))  # any game of two members
ENDINGS = pytest.mark.parametrize("moves", [None, 3, 12], ids=["finished", "ended-after-3", "ended-after-12"])


@pytest.fixture
async def service(store_target):
    clock = iter(range(1_000_000, 10_000_000, 30))  # every store write is 30 s after the one before
    store = await open_store(store_target, now=lambda: next(clock))
    yield TableService(store)
    await store.close()


async def finished(service, game=GAME, players=PLAYERS, stand_ins=0, moves=None, channel=1):
    """A seeded game played to its end, or ended by a moderator after `moves` moves."""
    table = await service.create(
        guild_id=1, channel_id=channel, host_id=players[0], game=game, seed="sum", stand_ins=stand_ins
    )
    for user in players[1:]:
        await service.join(table.id, user)
    table = (await service.start(table.id, players[0])).table
    rules, n = GAMES[game], 0
    while table.status == "running":
        if n == moves:
            return (await service.end(table.id, 900, moderator=True)).table
        user = service.waiting_on(table)[0]
        action = rules.stand_in(service.state_of(table), service.seat_of(table, user), Chance.seeded(str(n)))
        table = (await service.act(table.id, user, action)).table
        n += 1
    return table


def test_durations_read_in_two_units():
    assert duration_text(45) == "45 s"
    assert duration_text(125) == "2 min"
    assert duration_text(2 * 3600 + 5 * 60 + 7) == "2 h 5 min"
    assert duration_text(3 * 86400 + 4 * 3600 + 59) == "3 days 4 h"
    assert duration_text(86400 + 60) == "1 day 1 min"


async def test_the_duration_runs_from_the_start_to_the_last_move(service):
    table = await finished(service)
    log = await service.store.actions(table.id)
    start = next(row.at for row in log if row.kind == "start")
    expected = duration_text(log[-1].at - start)
    assert f"after {expected} of play" in summary_lines(GAMES[GAME], table, service.state_of(table), log)[0]


def presented_with(monkeypatch, **pieces) -> None:
    """The summary shows GAME through its presentation with `pieces` in place of its own."""
    shown = plugin(GAME)
    monkeypatch.setattr(
        summary, "plugin", lambda key: replace(shown, presentation=replace(shown.presentation, **pieces))
    )


async def test_the_reveal_is_the_presentations_else_what_a_seats_text_adds(service, monkeypatch):
    table = await finished(service)
    game, state = GAMES[GAME], service.state_of(table)
    names = game.view(state, None)["names"]  # the seats' names in the game

    def shown_as(**pieces):
        presented_with(monkeypatch, **pieces)
        return reveal_lines(game, table, state)

    assert shown_as(reveal=lambda view: [f"secret of seat {view['seat']}"]) == [
        f"**<@{user}> ({names[seat]})**\nsecret of seat {seat}" for seat, user in enumerate(table.seats)
    ]

    def text(view):
        return "The board\n" + ("" if "seat" not in view else f"Hand of {view['seat']}\nYour hand is empty")

    assert shown_as(reveal=None, text=text) == [  # not the public line, nor one that speaks to the seat
        f"**<@{user}> ({names[seat]})**\nHand of {seat}" for seat, user in enumerate(table.seats)
    ]


def test_outcome_lines_for_no_winner_an_end_and_stand_ins():
    game = GAMES[GAME]
    table = type("T", (), {"seats": [100, None]})()
    state = game.setup(2, game.Options(), Chance.seeded("x"))
    second = game.view(state, None)["names"][1]
    assert outcome_line(game, table, state, None, 3) == "The game was ended before its finish, after 3 moves."
    assert outcome_line(game, table, state, Outcome((), "a draw"), 1) == "🏁 No player wins: a draw (1 move)."
    assert (
        outcome_line(game, table, state, Outcome((1,), f"{second} wins"), 9)
        == f"🏆 Winner: 🤖 stand-in ({second}). {second} wins (9 moves)."
    )


async def test_an_ended_game_has_no_winner_but_still_reveals(service, monkeypatch):
    presented_with(monkeypatch, reveal=lambda view: [f"secret of seat {view['seat']}"])  # hidden from the start
    table = await service.create(guild_id=1, channel_id=2, host_id=100, game=GAME, seed="end")
    await service.join(table.id, 101)
    table = (await service.start(table.id, 100)).table
    table = (await service.end(table.id, 900, moderator=True)).table
    log = await service.store.actions(table.id)
    lines = summary_lines(GAMES[GAME], table, service.state_of(table), log)
    assert lines[0].startswith(f"🏁 **{GAMES[GAME].title}** ended after")
    assert lines[1] == "The game was ended before its finish, after 0 moves."
    assert "🔓 **What was hidden:**" in lines


SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)


async def public_summary(service, key: str, moves: int | None) -> tuple[str, object, object]:
    """Two members, stand-ins in the other seats, the game finished (or ended by a moderator after
    `moves` moves): the summary's text, the table and the last state."""
    game = GAMES[key]
    seats = max(2, game.min_seats)  # two members, the other seats stand-ins
    table = await finished(service, key, PLAYERS, stand_ins=seats - 1, moves=moves)
    state = service.state_of(table)
    assert table.status == ("finished" if moves is None or game.outcome(state) else "ended")  # a short game ends first
    return "\n".join(summary_lines(game, table, state, await service.store.actions(table.id))), table, state


async def assert_each_seat_told(service, key: str, moves: int | None, secrets: Callable[[dict], list[str]]) -> None:
    """What the game keeps secret in a seat's view (`secrets(view)`) is told under the seat's name
    in the public summary."""
    text, table, state = await public_summary(service, key, moves)
    game = GAMES[key]
    names = game.view(state, None)["names"]
    for seat in range(len(table.seats)):
        told = secrets(game.view(state, seat))
        if told:
            entry = text.split(f" ({names[seat]})**\n", 1)[1].split("\n**", 1)[0]
            assert all(secret in entry for secret in told), (seat, told, entry)


@pytest.mark.parametrize("key", sorted(GAMES))
@ENDINGS
async def test_a_public_summary_speaks_of_every_seat_in_the_third_person(service, key, moves):
    """Every game, finished or ended on the way: no line says "you" or "your"."""
    text, _, _ = await public_summary(service, key, moves)
    assert not SECOND_PERSON.search(text), text
