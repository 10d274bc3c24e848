"""The gate without Discord: custom ids parsed safely, and every press checked for place, person,
status and version, each refusal with its own reason (a game's own reasons, such as a secret vote's,
are checked in its own tests)."""

import pytest

from bot.store.opening import open_store
from bot.tables import refusals as why
from bot.tables.gate import Caller, Gate, Need, Origin, Pass, Press, parse_press
from bot.tables.refusals import Refused
from bot.tables.service import TableService
from tests.bot.pressing import press_on
from tests.registry import GAMES, a_game, every_game

GUILD, CHANNEL, ELSEWHERE = 1, 555, 999
GAME = a_game(seats=2)  # any game: a host and another player
STRANGER = 666


def players(key: str) -> list[int]:
    """The users a test seats at the game: as many as it needs to start, two at least."""
    return [100 + n for n in range(max(2, GAMES[key].min_seats))]


PLAYERS = players(GAME)


@pytest.fixture
async def gate(store_target):
    store = await open_store(store_target)
    yield Gate(TableService(store))
    await store.close()


def at(user: int, channel: int = CHANNEL, guild: int | None = GUILD, moderator: bool = False) -> Caller:
    return Caller(user, guild, channel, moderator)


async def running(gate: Gate, seed: str = "s", key: str = GAME):
    service, users = gate.service, players(key)
    table = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=users[0], game=key, seed=seed)
    for user in users[1:]:
        await service.join(table.id, user)
    return (await service.start(table.id, users[0])).table


def move_id(table, key: str, version: int | None = None) -> str:
    return f"pt:move:{table.id}:{table.version if version is None else version}:{key}"


async def refused(reason: str, press) -> None:
    with pytest.raises(Refused) as caught:
        await press
    assert str(caught.value) == reason


# --- parsing ---------------------------------------------------------------------------------------


def test_known_presses_are_parsed():
    assert parse_press("pt:lobby:7:start") == Press("lobby", table_id=7, verb="start")
    assert parse_press("pt:move:7:3:0123abcd") == Press("move", table_id=7, version=3, key="0123abcd")
    assert parse_press("pt:pick:7:3:0:1", ["0123abcd"]) == Press("pick", table_id=7, version=3, key="0123abcd")
    assert parse_press("pt:group:7:3:0123abcd", ["4"]) == Press("group", table_id=7, version=3, key="0123abcd", group=4)
    assert parse_press("pt:menu:7:3:0123abcd:a:2") == Press("menu", table_id=7, version=3, key="0123abcd", page=2)
    for key in every_game():  # a key may have a hyphen
        assert parse_press(f"pt:rules:{key}:1") == Press("rules", game=key, page=1)


@pytest.mark.parametrize(
    "custom_id,values",
    [
        ("pt:move:99999999999999999999999999999999:3:0:863ba218", ()),  # a table id past 2**63
        ("pt:move:9999999999999999999:3:863ba218", ()),
        ("pt:hand:12abc", ()),
        ("pt:zzz:1", ()),
        ("pt:", ()),
        ("pt", ()),
        ("", ()),
        ("x" * 100, ()),
        ("pt:lobby:7:destroy", ()),
        ("pt:pick:7:3:0:1", ()),
        ("pt:pick:7:3:0:1", ["@everyone"]),
        ("pt:group:7:3:0123abcd", ["99999"]),
        ("pt:rules:<@1>:0", ()),
        ("pt:hand:\u0661\u0662", ()),
        ("pt:log:7:\uff11", ()),  # digits of other scripts, which int() reads
        ("pt:group:7:3:0123abcd", ["\u0664"]),
        ("pt:menu:7:3:0123abcd:\u0661:0", ()),
    ],
)
def test_anything_else_is_refused_as_unknown(custom_id, values):
    with pytest.raises(Refused, match=why.UNKNOWN_PRESS):
        parse_press(custom_id, values)


# --- the message pressed ---------------------------------------------------------------------------


async def test_a_press_counts_only_on_a_message_that_holds_it(gate):
    """A modified client can send any custom id "from" any message it can see: the public board,
    someone's private menu. Only what the message itself holds is pressed."""
    table = await running(gate)
    speaker = gate.service.waiting_on(table)[0]
    press = move_id(table, gate.service.menu(table, table.seats.index(speaker)).choices[0].key)
    board = Origin(frozenset({f"pt:hand:{table.id}"}), private=False)
    for forged in (press, f"pt:log:{table.id}:0", f"pt:rules:{GAME}:0", f"pt:ranks:{GAME}:0"):
        await refused(why.UNKNOWN_PRESS, gate.press(at(speaker), forged, (), board))
        await refused(why.UNKNOWN_PRESS, gate.press(at(speaker), forged, (), None))  # on no message at all
    menu = Origin(frozenset({press, f"pt:undo:{table.id}:{table.version}"}), private=True)
    assert (await gate.press(at(speaker), press, (), menu)).press.in_place
    # a form comes from a private menu, which may have changed since it was opened
    form = press.replace("pt:move:", "pt:form:")
    assert (await gate.press(at(speaker), form, (), menu)).press.in_place
    changed = Origin(frozenset({move_id(table, "0123abcd", table.version + 1)}), private=True)
    assert (await gate.press(at(speaker), form, (), changed)).choice is not None
    await refused(why.UNKNOWN_PRESS, gate.press(at(speaker), form, (), board))
    await refused(why.UNKNOWN_PRESS, gate.press(at(speaker), form, (), None))


async def test_an_answer_replaces_only_a_message_of_its_own_kind(gate):
    """A private answer never replaces a public message; a page of the log, rules or ranks replaces
    only such a page: anything else is answered privately, beside it."""
    table = await running(gate)
    speaker = gate.service.waiting_on(table)[0]
    press = move_id(table, gate.service.menu(table, table.seats.index(speaker)).choices[0].key)
    public = Origin(frozenset({press}), private=False)  # a message the bot never sends: moves in public
    assert not (await gate.press(at(speaker), press, (), public)).press.in_place
    log, rules = f"pt:log:{table.id}:0", f"pt:rules:{GAME}:1"
    assert (
        await gate.press(at(speaker), log, (), Origin(frozenset({log, f"pt:log:{table.id}:2"}), False))
    ).press.in_place
    mixed = Origin(frozenset({log, f"pt:hand:{table.id}"}), private=False)
    assert not (await gate.press(at(speaker), log, (), mixed)).press.in_place
    assert (await gate.press(at(speaker), rules, (), Origin(frozenset({rules}), True))).in_place
    assert not (await gate.press(at(speaker), rules, (), Origin(frozenset({rules, log}), True))).in_place


# --- place and person ------------------------------------------------------------------------------


async def test_a_press_counts_only_at_its_own_table_channel_or_a_players_dm(gate):
    table = await running(gate)
    speaker = gate.service.waiting_on(table)[0]
    ask = gate.service.menu(table, table.seats.index(speaker)).choices[0]
    press = move_id(table, ask.key)
    await refused(why.NOT_HERE, press_on(gate, at(speaker, guild=2), press))  # another server
    await refused(why.NOT_HERE, press_on(gate, at(speaker, channel=ELSEWHERE), press))  # another channel
    await refused(why.NOT_HERE, press_on(gate, at(STRANGER, guild=None), press))  # a stranger's DM
    await refused(why.NOT_HERE, press_on(gate, at(speaker, guild=None), f"pt:hand:{table.id}"))  # not a move
    await refused(why.NOT_HERE, press_on(gate, at(speaker), f"pt:hand:{table.id + 1}"))  # no such table
    await refused(why.NOT_PLAYER, press_on(gate, at(STRANGER), press))
    for caller in (at(speaker), at(speaker, guild=None)):  # the channel, or the player's own DM
        passed = await press_on(gate, caller, press)
        assert isinstance(passed, Pass) and passed.choice == ask
    watching = await press_on(gate, at(STRANGER), f"pt:hand:{table.id}")
    assert watching.seat is None  # anyone in the channel may watch


async def test_a_press_reads_the_row_only_when_the_store_does_not_hold_it(gate, monkeypatch):
    """The store is the file's one writer while the bot runs, so the row it holds is the row: a
    press needs no hop to SQLite's thread. A table it does not hold is read and checked afresh."""
    table = await running(gate)
    speaker = gate.service.waiting_on(table)[0]
    press = move_id(table, gate.service.menu(table, table.seats.index(speaker)).choices[0].key)
    store, reads = gate.service.store, []
    real_query = store.query
    monkeypatch.setattr(store, "query", lambda *args: reads.append(args) or real_query(*args))
    assert (await press_on(gate, at(speaker), press)).table == table
    assert reads == []
    store.forget(table.id)
    assert (await press_on(gate, at(speaker), press)).table == table
    assert len(reads) == 1
    await store.transaction([("UPDATE tables SET seats = '[broken' WHERE id = ?", (table.id,))])
    store.forget(table.id)  # as after a restart: the damaged row is read, and refused as unknown
    await refused(why.NOT_HERE, press_on(gate, at(speaker), press))


async def test_the_lobby_and_moderation_need_the_right_person_and_status(gate):
    service = gate.service
    table = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=PLAYERS[0], game=GAME)
    start = f"pt:lobby:{table.id}:start"
    await refused(why.HOST_ONLY.format(what="start the table"), press_on(gate, at(PLAYERS[1]), start))
    assert (await press_on(gate, at(PLAYERS[1], moderator=True), start)).table.id == table.id
    await refused(
        why.HOST_ONLY.format(what="end this table"), gate.here(at(PLAYERS[1]), Need.HOST_OR_MOD, "end this table")
    )
    await refused(why.NOT_STARTED, press_on(gate, at(PLAYERS[0]), move_id(table, "0123abcd")))
    await refused(why.NO_TABLE, gate.here(at(PLAYERS[0], channel=ELSEWHERE), Need.LOOK))
    for user in PLAYERS[1:]:
        await service.join(table.id, user)
    await service.start(table.id, PLAYERS[0])
    await refused(why.STARTED, press_on(gate, at(STRANGER), f"pt:lobby:{table.id}:join"))
    await refused(
        why.MODERATOR_ONLY.format(what="end this table"), gate.here(at(PLAYERS[0]), Need.HOST_OR_MOD, "end this table")
    )
    await refused(why.STILL_GOING, press_on(gate, at(PLAYERS[0]), f"pt:rematch:{table.id}"))
