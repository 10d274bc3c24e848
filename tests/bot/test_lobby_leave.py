"""Leaving a lobby: the host's Leave hands the table to the next seated player; the last player's
Leave closes the table only once they confirm it, with a button the gate checks like any other."""

import pytest

from bot.store.opening import open_store
from bot.tables import refusals as why
from bot.tables.gate import Caller, Gate, Press, parse_press
from bot.tables.refusals import ClosesTable, Refused, StaleBoard
from bot.tables.service import TableService
from tests.bot.pressing import press_on
from tests.registry import GAMES, a_game

GUILD, CHANNEL, ELSEWHERE = 1, 555, 999
HOST, BOB, CAROL, STRANGER = 100, 101, 102, 666
GAME = a_game(seats=3)  # any game that seats three: the host, Bob and Carol in one lobby


@pytest.fixture
async def gate(store_target):
    store = await open_store(store_target)
    yield Gate(TableService(store))
    await store.close()


def at(user: int, channel: int = CHANNEL, guild: int | None = GUILD) -> Caller:
    return Caller(user, guild, channel)


async def lobby(service: TableService, *others: int, stand_ins: int = 0):
    table = await service.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, game=GAME, seed="s", stand_ins=stand_ins
    )
    for user in others:
        table = await service.join(table.id, user)
    return table


async def test_the_hosts_leave_hands_the_table_to_the_next_seated_player_and_says_so(gate):
    service = gate.service
    table = await lobby(service, BOB, CAROL)
    update = await service.leave(table.id, HOST)
    assert update.table.status == "lobby" and update.table.host_id == BOB and update.table.seats == [BOB, CAROL]
    assert update.newly_asked == {BOB}  # the new host is pinged, and nobody else
    (said,) = update.public
    assert f"<@{HOST}> left the **{GAMES[GAME].title}** table" in said and f"<@{BOB}> is its host now" in said
    # anyone else leaves quietly: the host stays
    update = await service.leave(table.id, CAROL)
    assert update.table.host_id == BOB and update.public == [] and update.newly_asked == set()


async def test_the_last_player_is_asked_before_leaving_closes_the_table(gate):
    service = gate.service
    table = await lobby(service, stand_ins=2)  # stand-ins do not keep a table open
    with pytest.raises(ClosesTable) as asked:
        await service.leave(table.id, HOST)
    assert "last player" in str(asked.value) and "closes it" in str(asked.value)
    assert asked.value.version == table.version
    unchanged = await service.get(table.id)
    assert unchanged.status == "lobby" and unchanged.version == table.version and unchanged.seats == table.seats
    update = await service.leave(table.id, HOST, closing=True)
    assert update.table.status == "ended" and not update.table.open and update.public == []
    with pytest.raises(Refused, match=why.CLOSED):
        await service.leave(table.id, HOST, closing=True)


async def test_a_confirmation_with_others_seated_since_only_leaves(gate):
    service = gate.service
    table = await lobby(service)
    await service.join(table.id, BOB)
    update = await service.leave(table.id, HOST, closing=True)
    assert update.table.status == "lobby" and update.table.host_id == BOB


def test_the_confirmation_follows_the_lobby_scheme_and_only_it_names_a_version():
    assert parse_press("pt:lobby:7:close:3") == Press("lobby", table_id=7, verb="close", version=3)
    assert parse_press("pt:lobby:7:leave") == Press("lobby", table_id=7, verb="leave")
    for custom_id in (
        "pt:lobby:7:close",
        "pt:lobby:7:leave:3",
        "pt:lobby:7:join:3",
        "pt:lobby:7:close:x",
        "pt:lobby:7:close:3:4",
    ):
        with pytest.raises(Refused, match=why.UNKNOWN_PRESS):
            parse_press(custom_id)


async def test_the_gate_checks_place_person_status_and_version_of_a_confirmation(gate):
    service = gate.service
    table = await lobby(service)
    close = f"pt:lobby:{table.id}:close:{table.version}"
    for caller, reason in (
        (at(HOST, channel=ELSEWHERE), why.NOT_HERE),
        (at(HOST, guild=None), why.NOT_HERE),
        (at(STRANGER), why.NOT_SEATED),
    ):
        with pytest.raises(Refused) as caught:
            await press_on(gate, caller, close)
        assert str(caught.value) == reason
    with pytest.raises(Refused) as caught:  # Leave too, for someone who is not seated
        await press_on(gate, at(STRANGER), f"pt:lobby:{table.id}:leave")
    assert str(caught.value) == why.NOT_SEATED
    assert (await press_on(gate, at(HOST), close)).press.verb == "close"
    # someone sat down since the host was asked: that confirmation is old, and changes nothing
    await service.join(table.id, BOB)
    with pytest.raises(StaleBoard) as caught:
        await press_on(gate, at(HOST), close)
    assert str(caught.value) == why.LOBBY_CHANGED
    # once the game runs, nobody leaves through the lobby
    for user in range(CAROL, HOST + GAMES[GAME].min_seats):  # as many as it takes to start
        await service.join(table.id, user)
    table = (await service.start(table.id, HOST)).table
    with pytest.raises(Refused) as caught:
        await press_on(gate, at(HOST), f"pt:lobby:{table.id}:close:{table.version}")
    assert str(caught.value) == why.STARTED
