"""The gate without Discord: custom ids parsed safely, and every press checked for place, person,
status and version, each refusal with its own reason."""
import pytest

from bot import refusals as why
from bot.gate import Caller, Gate, Need, Pass, Press, parse_press
from bot.refusals import Refused, StaleBoard
from bot.service import TableService
from bot.store import Store
from engine import GAMES, Chance
from engine.ostrakon.rules import can_follow

GUILD, CHANNEL, ELSEWHERE = 1, 555, 999
PLAYERS = [100, 101, 102, 103, 104]
STRANGER = 666


@pytest.fixture
async def gate(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    yield Gate(TableService(store))
    await store.close()


def at(user: int, channel: int = CHANNEL, guild: int | None = GUILD, moderator: bool = False) -> Caller:
    return Caller(user, guild, channel, moderator)


async def running(gate: Gate, seed: str = "s"):
    service = gate.service
    table = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=PLAYERS[0], game="ostrakon", seed=seed)
    for user in PLAYERS[1:]:
        await service.join(table.id, user)
    return (await service.start(table.id, PLAYERS[0])).table


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
    assert parse_press("pt:rules:nine-muses:1") == Press("rules", game="nine-muses", page=1)


@pytest.mark.parametrize("custom_id,values", [
    ("pt:move:99999999999999999999999999999999:3:0:863ba218", ()),  # a table id past 2**63
    ("pt:move:9999999999999999999:3:863ba218", ()),
    ("pt:hand:12abc", ()), ("pt:zzz:1", ()), ("pt:", ()), ("pt", ()), ("", ()), ("x" * 100, ()),
    ("pt:lobby:7:destroy", ()), ("pt:pick:7:3:0:1", ()), ("pt:pick:7:3:0:1", ["@everyone"]),
    ("pt:group:7:3:0123abcd", ["99999"]), ("pt:rules:<@1>:0", ()),
])
def test_anything_else_is_refused_as_unknown(custom_id, values):
    with pytest.raises(Refused, match=why.UNKNOWN_PRESS):
        parse_press(custom_id, values)


# --- place and person ------------------------------------------------------------------------------

async def test_a_press_counts_only_at_its_own_table_channel_or_a_players_dm(gate):
    table = await running(gate)
    speaker = gate.service.waiting_on(table)[0]
    ask = gate.service.menu(table, table.seats.index(speaker)).choices[0]
    press = move_id(table, ask.key)
    await refused(why.NOT_HERE, gate.press(at(speaker, guild=2), press))              # another server
    await refused(why.NOT_HERE, gate.press(at(speaker, channel=ELSEWHERE), press))    # another channel
    await refused(why.NOT_HERE, gate.press(at(STRANGER, guild=None), press))          # a stranger's DM
    await refused(why.NOT_HERE, gate.press(at(speaker, guild=None), f"pt:hand:{table.id}"))  # not a move
    await refused(why.NOT_HERE, gate.press(at(speaker), f"pt:hand:{table.id + 1}"))   # no such table
    await refused(why.NOT_PLAYER, gate.press(at(STRANGER), press))
    for caller in (at(speaker), at(speaker, guild=None)):  # the channel, or the player's own DM
        passed = await gate.press(caller, press)
        assert isinstance(passed, Pass) and passed.choice == ask
    watching = await gate.press(at(STRANGER), f"pt:hand:{table.id}")
    assert watching.seat is None  # anyone in the channel may watch


async def test_the_lobby_and_moderation_need_the_right_person_and_status(gate):
    service = gate.service
    table = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=PLAYERS[0], game="ostrakon")
    start = f"pt:lobby:{table.id}:start"
    await refused(why.HOST_ONLY.format(what="start the table"), gate.press(at(PLAYERS[1]), start))
    assert (await gate.press(at(PLAYERS[1], moderator=True), start)).table.id == table.id
    await refused(why.HOST_ONLY.format(what="end this table"), gate.here(at(PLAYERS[1]), Need.HOST_OR_MOD, "end this table"))
    await refused(why.NOT_STARTED, gate.press(at(PLAYERS[0]), move_id(table, "0123abcd")))
    await refused(why.NO_TABLE, gate.here(at(PLAYERS[0], channel=ELSEWHERE), Need.LOOK))
    for user in PLAYERS[1:]:
        await service.join(table.id, user)
    await service.start(table.id, PLAYERS[0])
    await refused(why.STARTED, gate.press(at(STRANGER), f"pt:lobby:{table.id}:join"))
    await refused(why.MODERATOR_ONLY.format(what="end this table"),
                  gate.here(at(PLAYERS[0]), Need.HOST_OR_MOD, "end this table"))
    await refused(why.STILL_GOING, gate.press(at(PLAYERS[0]), f"pt:rematch:{table.id}"))


# --- versions and reasons --------------------------------------------------------------------------

async def test_other_seats_moves_leave_a_secret_vote_open_and_a_second_stone_is_told_why(gate):
    service = gate.service
    table = await running(gate)
    speaker = service.waiting_on(table)[0]
    await service.act(table.id, speaker, {"kind": "ask", "question": "Tea?", "white": "Yes", "black": "No"})
    table = await service.get(table.id)
    voters = [user for user in PLAYERS if user != speaker][:2]
    menus = {user: service.menu(table, table.seats.index(user)) for user in voters}
    first, second = voters
    passed = await gate.press(at(first), move_id(table, menus[first].choices[0].key))
    update = await service.act(table.id, first, passed.choice.action, version=passed.press.version)
    # the second voter's stones were made before the first vote: still good, and still theirs
    still = await gate.press(at(second), move_id(table, menus[second].choices[1].key))
    assert still.choice.action == menus[second].choices[1].action
    # the first voter's other stone, from the same old menu or a later one: the reason, not "changed"
    await refused("You have already voted.", gate.press(at(first), move_id(table, menus[first].choices[1].key)))
    await refused("You have already voted.",
                  gate.press(at(first), move_id(update.table, menus[first].choices[1].key)))


async def test_a_second_follower_in_one_vote_hears_that_someone_follows_already(gate):
    """Play seeded games until two voters may follow the same speaker; the second one's Follow,
    pressed on the menu it was offered, is refused with the rules' reason and changes nothing."""
    service, game = gate.service, GAMES["ostrakon"]
    for attempt in range(40):
        table = await running(gate, seed=f"follow-{attempt}")
        chance = Chance.seeded(f"follow-{attempt}")
        for _ in range(400):
            state = service.state_of(table)
            followers = [seat for seat in sorted(game.to_move(state)) if state.phase == "vote"
                         and can_follow(state, seat)]
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
        await gate.press(at(table.seats[two], guild=None), move_id(table, follow[two].key))
    assert (await service.get(table.id)).version == after.version
