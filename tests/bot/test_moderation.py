"""bot.tables.moderation: pause, resume, replace and rollback; refusals for non-moderators; the audit trail
in the log; seat history; the moderator role; spectators see only the public view. (A skip while
several seats vote at once: a game's own moderation tests.)"""

import pytest

from bot import render
from bot.discord_app.delivery.messages import moves_message
from bot.tables import replay
from bot.tables.moderation import Moderation
from bot.tables.seats import seat_history
from bot.tables.service import Refused
from engine import Chance
from tests.registry import GAMES, a_game

MOD, STRANGER = 900, 901
DUO = [100, 101]


def secret_lines(game: str, state, seat: int) -> list[str]:
    """The lines of a seat's own text that the public text lacks: what only that seat sees."""
    rules = GAMES[game]
    public = set(render.render_text(game, rules.view(state, None)).splitlines())
    return [
        line
        for line in render.render_text(game, rules.view(state, seat)).splitlines()
        if line.strip() and line not in public
    ]


GAME = a_game(seats=len(DUO), hand=True)


@pytest.fixture
def moderation(service):
    return Moderation(service)


async def started(service, game=GAME, players=DUO, channel=1, **kwargs):
    table = await service.create(guild_id=1, channel_id=channel, host_id=players[0], game=game, seed="mod", **kwargs)
    for user in players[1:]:
        await service.join(table.id, user)
    return (await service.start(table.id, players[0])).table


async def play(service, table_id, moves, private=None):
    """Play `moves` moves, each by the first human waited on, with the stand-in's choice."""
    for n in range(moves):
        table = await service.get(table_id)
        waiting = service.waiting_on(table)
        if not waiting:
            return table
        game, state = service.game_of(table), service.state_of(table)
        action = game.stand_in(state, service.seat_of(table, waiting[0]), Chance.seeded(f"play{n}"))
        update = await service.act(table_id, waiting[0], action)
        if private is not None:
            for texts in update.private.values():
                private.extend(texts)
    return await service.get(table_id)


async def log_of(service, table_id):
    return await service.store.actions(table_id)


OPERATIONS = {
    "pause": lambda m, t: m.pause(t, STRANGER, moderator=False),
    "resume": lambda m, t: m.resume(t, STRANGER, moderator=False),
    "skip": lambda m, t: m.skip(t, STRANGER, moderator=False),
    "replace": lambda m, t: m.replace(t, STRANGER, 555, moderator=False, player_id=DUO[1]),
    "rollback": lambda m, t: m.rollback(t, STRANGER, 1, moderator=False),
}


@pytest.mark.parametrize("operation", sorted(OPERATIONS))
async def test_non_moderators_are_refused_with_a_reason_and_nothing_changes(service, moderation, operation):
    table = await play(service, (await started(service)).id, 3)
    if operation == "resume":
        table = (await moderation.pause(table.id, MOD, moderator=True)).table
    rows = await log_of(service, table.id)
    with pytest.raises(Refused, match="Only a moderator"):
        await OPERATIONS[operation](moderation, table.id)
    after = await service.get(table.id)
    assert (after.version, after.status, after.seats, after.state) == (
        table.version,
        table.status,
        table.seats,
        table.state,
    )
    assert await log_of(service, table.id) == rows


async def test_pause_stops_play_and_the_clock_and_resume_goes_on(service, moderation):
    table = await started(service)
    table = await service.store.save(table, {"deadline": 1e10})
    update = await moderation.pause(table.id, MOD, moderator=True)
    assert update.table.status == "paused" and update.table.deadline is None
    assert f"<@{MOD}> paused" in update.public[0] and service.waiting_on(update.table) == []
    state = service.state_of(update.table)
    seat = sorted(GAMES[GAME].to_move(state))[0]
    user, action = DUO[seat], GAMES[GAME].stand_in(state, seat, Chance.seeded("x"))
    with pytest.raises(Refused, match="paused"):
        await service.act(table.id, user, action)
    with pytest.raises(Refused, match="paused: resume it first"):
        await moderation.skip(table.id, MOD, moderator=True)
    with pytest.raises(Refused, match="already paused"):
        await moderation.pause(table.id, MOD, moderator=True)
    resumed = await moderation.resume(table.id, MOD, moderator=True)
    assert resumed.table.status == "running" and resumed.was_waiting == []  # everyone waited on is pinged anew
    with pytest.raises(Refused, match="not paused"):
        await moderation.resume(table.id, MOD, moderator=True)
    await service.act(table.id, user, action)
    kinds = [(row.kind, row.actor_id) for row in await log_of(service, table.id)]
    assert ("pause", MOD) in kinds and ("resume", MOD) in kinds


async def test_a_paused_board_is_not_stale_after_resume(service, moderation):
    table = await started(service)
    version = table.version
    await moderation.pause(table.id, MOD, moderator=True)
    await moderation.resume(table.id, MOD, moderator=True)
    seat = sorted(GAMES[GAME].to_move(service.state_of(await service.get(table.id))))[0]
    state = service.state_of(await service.get(table.id))
    action = GAMES[GAME].stand_in(state, seat, Chance.seeded("y"))
    update = await service.act(table.id, DUO[seat], action, version=version)  # the button from before the pause works
    assert update.table.version > version
    assert (await log_of(service, table.id))[-1].action == action.model_dump()


async def test_replace_hands_a_seat_over_and_keeps_its_history(service, moderation):
    table = await play(service, (await started(service)).id, 4)
    with pytest.raises(Refused, match="already has a seat"):
        await moderation.replace(table.id, MOD, DUO[0], moderator=True, player_id=DUO[1])
    with pytest.raises(Refused, match="not playing at this table"):
        await moderation.replace(table.id, MOD, 300, moderator=True, player_id=999)
    with pytest.raises(Refused, match=f"seats 1 to {len(DUO)}"):
        await moderation.replace(table.id, MOD, 300, moderator=True, seat=5)
    with pytest.raises(Refused, match="Say whose seat"):
        await moderation.replace(table.id, MOD, 300, moderator=True)
    update = await moderation.replace(table.id, MOD, 300, moderator=True, player_id=DUO[1])
    assert update.table.seats == [DUO[0], 300] and "<@300> takes over seat 2 from <@101>" in update.public[0]
    # The new holder plays the seat; the old one is not playing any more.
    table = await play(service, table.id, 6)
    assert 300 in table.seats
    state = service.state_of(table)
    mover = sorted(GAMES[GAME].to_move(state))[0]
    with pytest.raises(Refused, match="not playing"):
        await service.act(table.id, DUO[1], GAMES[GAME].stand_in(state, mover, Chance.seeded("z")))
    # A stand-in takes the seat, then a substitute takes the stand-in's seat by its number.
    await service.kick(table.id, 300, moderator=True, actor_id=MOD)
    table = (await moderation.replace(table.id, MOD, 400, moderator=True, seat=1)).table
    rows = await log_of(service, table.id)
    assert [seat.holders for seat in seat_history(table, rows)] == [[DUO[0]], [DUO[1], 300, None, 400]]
    audit = [(row.kind, row.actor_id, row.seat) for row in rows if row.kind in ("replace", "kick")]
    assert audit == [("replace", MOD, 1), ("kick", MOD, 1), ("replace", MOD, 1)]
    assert replay.check(GAMES[GAME], table, rows).ok


async def test_the_host_seat_handed_over_makes_a_new_host(service, moderation):
    table = await started(service)
    update = await moderation.replace(table.id, MOD, 300, moderator=True, player_id=DUO[0])
    assert update.table.host_id == 300


async def test_rollback_replays_the_game_without_the_last_moves(service, moderation):
    game = GAMES[GAME]
    table = await play(service, (await started(service)).id, 5)
    earlier = service.state_of(table)
    table = await play(service, table.id, 4)
    rows = await log_of(service, table.id)
    update = await moderation.rollback(table.id, MOD, 4, moderator=True)
    assert service.state_of(update.table) == earlier
    assert f"<@{MOD}> took back the last 4 moves" in update.public[0]
    after = await log_of(service, table.id)
    assert after[: len(rows)] == rows and after[len(rows)].kind == "rollback"  # the log only grows
    assert after[len(rows)].action == {"moves": 4} and after[len(rows)].actor_id == MOD
    assert replay.check(game, await service.get(table.id), after).ok

    # Play on, then take back moves from both sides of the first rollback: still replays exactly.
    table = await play(service, table.id, 2)
    await moderation.rollback(table.id, MOD, 5, moderator=True)
    table = await play(service, table.id, 3)
    final = await service.get(table.id)
    assert replay.check(game, final, await log_of(service, table.id)).ok
    assert len(replay.kept_moves(final, await log_of(service, table.id))) == 5 + 4 - 4 + 2 - 5 + 3
    with pytest.raises(Refused, match=r"There are \d+ moves to take back"):
        await moderation.rollback(table.id, MOD, 500, moderator=True)


async def test_rollback_refusals(service, moderation):
    lobby = await service.create(guild_id=1, channel_id=1, host_id=DUO[0], game=GAME)
    with pytest.raises(Refused, match="not started"):
        await moderation.rollback(lobby.id, MOD, 1, moderator=True)
    await service.join(lobby.id, DUO[1])
    table = (await service.start(lobby.id, DUO[0])).table
    with pytest.raises(Refused, match="There are 0 moves"):
        await moderation.rollback(table.id, MOD, 1, moderator=True)
    await service.end(table.id, MOD, moderator=True)
    with pytest.raises(Refused, match="already over"):
        await moderation.rollback(table.id, MOD, 1, moderator=True)


async def test_rollback_with_stand_ins_lets_them_move_again(service, moderation):
    game = GAMES[GAME]
    table = await started(service, players=[DUO[0]], stand_ins=1)
    table = await play(service, table.id, 4)
    update = await moderation.rollback(table.id, MOD, 1, moderator=True)
    assert service.waiting_on(update.table) == [DUO[0]]  # a stand-in never keeps the table waiting
    assert replay.check(game, update.table, await log_of(service, table.id)).ok


async def test_the_log_pages_show_public_events_and_moderator_actions_only(service, moderation):
    private: list[str] = []
    table = await play(service, (await started(service)).id, 12, private)
    await moderation.pause(table.id, MOD, moderator=True)
    await moderation.resume(table.id, MOD, moderator=True)
    table = await play(service, table.id, 60, private)
    first_pages = await moderation.log_pages(table)
    assert len(first_pages) > 1 and all(len(page) <= 1800 for page in first_pages)
    text = "\n".join(first_pages)
    assert f"<@{MOD}> paused the table" in text and f"<@{MOD}> resumed the table" in text and "🛡️" in text
    assert f"The game begins with {len(DUO)} players" in text
    assert private and not [line for line in private if line in text]  # no hand, no draw, no line-up
    secret = [line for seat in range(len(DUO)) for line in secret_lines(GAME, service.state_of(table), seat)]
    assert secret and not [line for line in secret if line in text]  # nor what a seat's own view shows
    table = await play(service, table.id, 10)
    again = await moderation.log_pages(table)
    assert again[: len(first_pages) - 1] == first_pages[:-1]  # older pages keep their lines


async def test_log_of_a_finished_table_by_number_and_of_the_channel(service, moderation):
    table = await started(service, channel=7)
    await moderation.pause(table.id, MOD, moderator=True)
    await service.end(table.id, MOD, moderator=True)
    assert (await moderation.table_for_log(1, 7)).id == table.id  # the channel's last table
    assert (await moderation.table_for_log(1, 99, table.id)).id == table.id
    with pytest.raises(Refused, match="no table"):
        await moderation.table_for_log(2, 7, table.id)
    with pytest.raises(Refused, match="no table in this channel"):
        await moderation.table_for_log(1, 8)
    pages = await moderation.log_pages(await service.get(table.id))
    assert f"The table was ended by <@{MOD}>" in pages[-1]


async def test_a_log_by_number_tells_another_server_nothing_of_its_tables(service, moderation):
    """Another server's table, a number with no table and a number past what the store holds (it
    once raised OverflowError) are refused in the same words."""
    table = await started(service, channel=7)
    answers = set()
    for number in (table.id, table.id + 1, 10**30, 2**63):
        with pytest.raises(Refused) as refused:
            await moderation.table_for_log(2, 7, number)
        answers.add(str(refused.value).replace(str(number), "N"))
    assert answers == {"There is no table N in this server."}


async def test_the_moderator_role_is_kept_per_guild(service, moderation):
    assert not moderation.has_moderator_role(1, [77])
    await moderation.set_moderator_role(1, 77, by=MOD)
    assert moderation.has_moderator_role(1, [5, 77]) and not moderation.has_moderator_role(2, [77])
    assert not moderation.has_moderator_role(1, [5])
    fresh = Moderation(service)  # after a restart
    await fresh.load()
    assert fresh.has_moderator_role(1, [77])
    settings = await fresh.guild_settings(1)
    assert settings["updated_by"] == MOD and settings["moderator_role"] == 77
    await fresh.set_moderator_role(1, None, by=MOD)
    again = Moderation(service)
    await again.load()
    assert not again.has_moderator_role(1, [77])


async def test_spectators_see_only_the_public_view(service):
    table = await play(service, (await started(service)).id, 3)
    game, state = GAMES[GAME], service.state_of(table)
    assert await service.view_for(table.id, STRANGER) == game.view(state, None)
    assert await service.view_for(table.id, DUO[0]) == game.view(state, 0)
    watching, buttons = moves_message(service, table, STRANGER)
    public = render.render_text(GAME, game.view(state, None))
    assert buttons is None and watching == f"You are watching this table.\n{public}"[:2000]
    mine, _ = moves_message(service, table, DUO[0])
    secret = secret_lines(GAME, state, 0)
    assert any(line in mine for line in secret) and not any(line in watching for line in secret)
