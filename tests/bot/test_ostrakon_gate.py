"""Ostrakon's secret votes at the gate: a stone pressed on an old menu is still good while the vote
is open, and a second stone or a second follower is refused with the rules' reason (the gate's
checks of place, person and status: tests/bot/test_gate.py)."""

import pytest

from bot.tables.gate import Gate
from bot.tables.refusals import StaleBoard
from engine import Chance
from engine.ostrakon.rules import can_follow
from tests.bot.pressing import press_on
from tests.registry import GAMES

from .test_gate import at, move_id, players, refused, running

KEY = "ostrakon"
PLAYERS = players(KEY)


async def test_other_seats_moves_leave_a_secret_vote_open_and_a_second_stone_is_told_why(service):
    gate = Gate(service)
    table = await running(gate, key=KEY)
    speaker = service.waiting_on(table)[0]
    await service.act(table.id, speaker, {"kind": "ask", "question": "Tea?", "white": "Yes", "black": "No"})
    table = await service.get(table.id)
    voters = [user for user in PLAYERS if user != speaker][:2]
    menus = {user: service.menu(table, table.seats.index(user)) for user in voters}
    first, second = voters
    passed = await press_on(gate, at(first), move_id(table, menus[first].choices[0].key))
    update = await service.act(table.id, first, passed.choice.action, version=passed.press.version)
    # the second voter's stones were made before the first vote: still good, and still theirs
    still = await press_on(gate, at(second), move_id(table, menus[second].choices[1].key))
    assert still.choice.action == menus[second].choices[1].action
    # the first voter's other stone, from the same old menu or a later one: the reason, not "changed"
    await refused("You have already voted.", press_on(gate, at(first), move_id(table, menus[first].choices[1].key)))
    await refused(
        "You have already voted.", press_on(gate, at(first), move_id(update.table, menus[first].choices[1].key))
    )


async def test_a_second_follower_in_one_vote_hears_that_someone_follows_already(service):
    """Play seeded games until two voters may follow the same speaker; the second one's Follow,
    pressed on the menu it was offered, is refused with the rules' reason and changes nothing."""
    gate, game = Gate(service), GAMES[KEY]
    for attempt in range(40):
        table = await running(gate, f"follow-{attempt}", KEY)
        chance = Chance.seeded(f"follow-{attempt}")
        for _ in range(400):
            state = service.state_of(table)
            followers = [
                seat for seat in sorted(game.to_move(state)) if state.phase == "vote" and can_follow(state, seat)
            ]
            if len(followers) >= 2 or table.status != "running":
                break
            seat = min(game.to_move(state))
            table = (await service.act(table.id, table.seats[seat], game.stand_in(state, seat, chance))).table
        if len(followers) >= 2:
            break
        await service.end(table.id, PLAYERS[0], moderator=True)
    else:
        pytest.fail("no seed gave two possible followers")
    menus = {seat: service.menu(table, seat) for seat in followers[:2]}
    follow = {seat: next(c for c in menus[seat].choices if c.action.kind == "follow") for seat in menus}
    one, two = followers[:2]
    await service.act(table.id, table.seats[one], follow[one].action, version=table.version)
    after = await service.get(table.id)
    with pytest.raises(StaleBoard, match="Someone is already following this speaker."):
        await press_on(gate, at(table.seats[two], guild=None), move_id(table, follow[two].key))
    assert (await service.get(table.id)).version == after.version
