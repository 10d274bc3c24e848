"""bot.summary: the end-of-game summary: winners, moves, duration and what each seat hid."""
import re
from dataclasses import replace

import pytest

from bot.render.grudgematch_text import card_text
from bot import render, summary
from bot.games import plugin
from bot.service import TableService
from bot.store import Store
from bot.summary import duration_text, outcome_line, reveal_lines, summary_lines
from engine import GAMES, Chance, Outcome

PLAYERS = [100, 101]


@pytest.fixture
async def service(tmp_path):
    clock = iter(range(1_000_000, 10_000_000, 30))  # every store write is 30 s after the one before
    store = await Store.open(tmp_path / "bot.sqlite3", now=lambda: next(clock))
    yield TableService(store)
    await store.close()


async def finished(service, game="grudgematch", players=PLAYERS, stand_ins=0, moves=None, channel=1):
    """A seeded game played to its end, or ended by a moderator after `moves` moves."""
    table = await service.create(guild_id=1, channel_id=channel, host_id=players[0], game=game, seed="sum",
                                 stand_ins=stand_ins)
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


async def test_a_finished_game_names_its_winner_and_reveals_each_hand(service):
    table = await finished(service)
    game, state = GAMES["grudgematch"], service.state_of(table)
    log = await service.store.actions(table.id)
    lines = summary_lines(game, table, state, log)
    outcome = game.outcome(state)
    moves = sum(1 for row in log if row.kind == "move")
    assert lines[0].startswith("🏁 **Philosophy Grudgematch** finished after ")
    assert f"({moves} moves)" in lines[1] and outcome.reason in lines[1]
    for seat in outcome.winners:
        assert f"<@{table.seats[seat]}>" in lines[1]
    assert lines[2] == "🔓 **What was hidden:**"
    public = render.render_text("grudgematch", game.view(state, None))
    for seat, user in enumerate(table.seats):
        own = render.render_text("grudgematch", game.view(state, seat))
        hand = next(line for line in own.splitlines() if "Your hand" in line)
        cards = hand.removeprefix("🫵 Your hand ")  # "(Germans): 8♣ J♣ 6♦ A♣"
        entry = next(line for line in lines[3:] if f"<@{user}>" in line)
        assert entry.endswith(f"\n🃏 Hand {cards}") and cards not in public
    # the public board is not repeated: only what the seats' own views add
    assert not any(line in "\n".join(lines[3:]) for line in public.splitlines() if len(line) > 20)


async def test_the_duration_runs_from_the_start_to_the_last_move(service):
    table = await finished(service)
    log = await service.store.actions(table.id)
    start = next(row.at for row in log if row.kind == "start")
    expected = duration_text(log[-1].at - start)
    assert f"after {expected} of play" in summary_lines(GAMES["grudgematch"], table, service.state_of(table), log)[0]


async def test_the_reveal_is_the_presentations_else_what_a_seats_text_adds(service, monkeypatch):
    table = await finished(service)
    game, state, shown = GAMES["grudgematch"], service.state_of(table), plugin("grudgematch")
    teams = ["the Germans", "the French"]  # the seats' names in the game

    def shown_as(**pieces):
        monkeypatch.setattr(summary, "plugin", lambda key: replace(shown, presentation=replace(shown.presentation, **pieces)))
        return reveal_lines(game, table, state)

    assert shown_as(reveal=lambda view: [f"secret of seat {view['seat']}"]) == [
        f"**<@{user}> ({teams[seat]})**\nsecret of seat {seat}" for seat, user in enumerate(table.seats)]
    text = lambda view: "The board\n" + ("" if "seat" not in view else f"Hand of {view['seat']}\nYour hand is empty")
    assert shown_as(reveal=None, text=text) == [  # not the public line, nor one that speaks to the seat
        f"**<@{user}> ({teams[seat]})**\nHand of {seat}" for seat, user in enumerate(table.seats)]


def test_outcome_lines_for_no_winner_an_end_and_stand_ins():
    game = GAMES["grudgematch"]
    table = type("T", (), {"seats": [100, None]})()
    state = game.setup(2, game.Options(), Chance.seeded("x"))
    assert outcome_line(game, table, state, None, 3) == "The game was ended before its finish, after 3 moves."
    assert outcome_line(game, table, state, Outcome((), "a draw"), 1) == "🏁 No player wins: a draw (1 move)."
    assert outcome_line(game, table, state, Outcome((1,), "the French win"), 9) == \
        "🏆 Winner: 🤖 stand-in (the French). the French win (9 moves)."


async def test_an_ended_game_has_no_winner_but_still_reveals(service):
    table = await service.create(guild_id=1, channel_id=2, host_id=100, game="grudgematch", seed="end")
    await service.join(table.id, 101)
    table = (await service.start(table.id, 100)).table
    table = (await service.end(table.id, 900, moderator=True)).table
    log = await service.store.actions(table.id)
    lines = summary_lines(GAMES["grudgematch"], table, service.state_of(table), log)
    assert lines[0].startswith("🏁 **Philosophy Grudgematch** ended after")
    assert lines[1] == "The game was ended before its finish, after 0 moves."
    assert "🔓 **What was hidden:**" in lines


# What each game keeps secret in a seat's view, as the summary must show it at the end.
SECRETS = {
    "ostrakon": lambda view: [view["question"][view["my_vote"]]] if view.get("my_vote") and view["phase"] != "over" else [],
    "nine-muses": lambda view: [f"Cards in hand: {', '.join(view['hand']) or 'none'}"],
    "epireia": lambda view: ([view["my_figure_choice"]] if view.get("my_figure_choice") else [])
    + (["League's tokens (secret): "] if view.get("league_tokens") else []),
    "grudgematch": lambda view: [" ".join(card_text(card) for card in view["hand"]) or "no cards"],
    "philosophia": lambda view: [", ".join(view["my_hand"]) or "none"],
}
SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("moves", [None, 3, 12], ids=["finished", "ended-after-3", "ended-after-12"])
async def test_a_public_summary_speaks_of_every_seat_in_the_third_person(service, key, moves):
    """Every game, finished or ended on the way: no line says "you" or "your", and each seat's
    secrets are told under its name."""
    game = GAMES[key]
    seats = max(2, game.min_seats)  # two members, the other seats stand-ins
    table = await finished(service, key, PLAYERS, stand_ins=seats - 1, moves=moves)
    state = service.state_of(table)
    assert table.status == ("finished" if moves is None or game.outcome(state) else "ended")  # a short game ends first
    text = "\n".join(summary_lines(game, table, state, await service.store.actions(table.id)))
    assert not SECOND_PERSON.search(text), text
    names = game.view(state, None)["names"]
    for seat in range(len(table.seats)):
        secrets = SECRETS.get(key, lambda view: [])(game.view(state, seat))
        if secrets:
            entry = text.split(f" ({names[seat]})**\n", 1)[1].split("\n**", 1)[0]
            assert all(secret in entry for secret in secrets), (seat, secrets, entry)
