"""Fuzz test: random sequences of legal and illegal calls through TableService, for every game.

Players who sit at the table and people who do not, acting in and out of turn, with legal moves,
broken ones, made-up ones and stale or future board versions. Every call must either be accepted
or refused with a RuleError that has a reason; a refusal leaves the stored table exactly as it
was; an accepted move keeps the game's invariants; and the log replays to the stored state.
"""

from __future__ import annotations

import asyncio
import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store.sqlite import Store
from bot.tables import replay
from bot.tables.service import TableService
from engine import Chance, Game, RuleError
from tests.registry import GAMES

from . import invariants

EXAMPLES = 20
MAX_CALLS = 40
STRANGER = 999_999
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.text(max_size=8),
    st.lists(st.integers(-2, 14), max_size=4),
    st.dictionaries(st.text(max_size=8), st.integers(-1, 3), max_size=2),
)


@functools.cache
def action_fields(game: Game) -> dict[str, list[str]]:
    """Each action kind with its field names, read from the game's action schema."""
    schema = game.actions.json_schema()
    fields = {}
    for kind, ref in schema["discriminator"]["mapping"].items():
        model = schema["$defs"][ref.rsplit("/", 1)[1]]
        fields[kind] = [name for name in model.get("properties", {}) if name != "kind"]
    return fields


def draw_action(data, game: Game, state, seat: int | None, seats: int):
    """An action dict or model: legal, another seat's, a stand-in's, broken or made up."""
    how = data.draw(st.sampled_from(["legal", "legal", "model", "other", "stand-in", "mutated", "junk"]), label="how")
    if how in ("legal", "model", "mutated", "other"):
        asker = seat if how != "other" or seats == 1 else data.draw(st.integers(0, seats - 1), label="other seat")
        legal = game.legal_actions(state, asker) if asker is not None and game.outcome(state) is None else []
        if legal:
            action = data.draw(st.sampled_from(legal), label="legal action")
            if how == "model":
                return action
            action = action.model_dump(mode="json")
            if how == "mutated":
                keys = [k for k in action if k != "kind"] or ["extra"]
                key = data.draw(st.sampled_from(keys), label="broken field")
                if data.draw(st.booleans(), label="drop it"):
                    action.pop(key, None)
                else:
                    action[key] = data.draw(JUNK, label="junk value")
            return action
    if how == "stand-in" and seat is not None and game.outcome(state) is None and seat in game.to_move(state):
        return game.stand_in(state, seat, Chance.seeded(str(data.draw(st.integers(0, 99), label="stand-in seed"))))
    fields = action_fields(game)
    kind = data.draw(st.one_of(st.sampled_from(sorted(fields)), st.text(max_size=6)), label="kind")
    action = {"kind": kind}
    for name in fields.get(kind, []):
        if data.draw(st.booleans(), label=f"give {name}"):
            action[name] = data.draw(JUNK, label=name)
    return action if data.draw(st.integers(0, 9), label="shape") else data.draw(JUNK, label="not a dict")


async def refused_unchanged(service: TableService, table_id: int, call) -> bool:
    """Run `call`; if refused, check the reason and that nothing was stored. True if accepted."""
    before = await service.get(table_id)
    try:
        await call()
    except RuleError as error:
        assert str(error).strip(), "a refusal must say why"
        after = await service.get(table_id)
        assert (after.version, after.state, after.status, after.seats) == (
            before.version,
            before.state,
            before.status,
            before.seats,
        ), "a refusal changed the table"
        return False
    return True


async def session(game: Game, data) -> None:
    seats = data.draw(st.integers(game.min_seats, game.max_seats), label="seats")
    stand_ins = (
        data.draw(st.integers(0, seats - 1), label="stand-ins")
        if data.draw(st.booleans(), label="any stand-ins")
        else 0
    )
    users = [1000 + n for n in range(seats - stand_ins)]
    store = await Store.open(":memory:")
    service = TableService(store)
    try:
        # seated as stand-ins first: each player who joins takes a stand-in's seat
        table = await service.create(
            guild_id=1,
            channel_id=1,
            host_id=users[0],
            game=game.key,
            stand_ins=seats - 1,
            seed=data.draw(st.text("abc123", min_size=1, max_size=6), label="seed"),
        )
        for user in users[1:]:
            table = await service.join(table.id, user)
        assert len(table.seats) == seats and table.seats.count(None) == stand_ins
        if len(users) > 1:
            assert not await refused_unchanged(service, table.id, lambda: service.start(table.id, users[1]))
        await service.start(table.id, users[0])
        assert not await refused_unchanged(service, table.id, lambda: service.join(table.id, STRANGER))
        for _ in range(data.draw(st.integers(1, MAX_CALLS), label="calls")):
            await one_call(service, game, table.id, users, data)
        table = await service.get(table.id)
        result = replay.check(game, table, await store.actions(table.id))
        assert result.ok, result.problems
    finally:
        await store.close()


async def one_call(service: TableService, game: Game, table_id: int, users: list[int], data) -> None:
    table = await service.get(table_id)
    seats = len(table.seats)
    state = service.state_of(table)
    waiting = service.waiting_on(table)
    who = data.draw(st.sampled_from(["waiting", "waiting", "seated", "stranger", "moderation"]), label="who")
    if who == "moderation":
        target = data.draw(st.sampled_from(users + [STRANGER]), label="target")
        moderator = data.draw(st.booleans(), label="moderator")
        kicked = await refused_unchanged(service, table_id, lambda: service.kick(table_id, target, moderator=moderator))
        assert not kicked or (moderator and target in table.seats and table.open)
        if kicked:
            after = service.state_of(await service.get(table_id))
            assert not invariants.problems(game, after, seats)
        return
    if who == "waiting" and waiting:
        user = data.draw(st.sampled_from(waiting), label="user")
    elif who == "stranger":
        user = STRANGER
    else:
        user = data.draw(st.sampled_from(users), label="user")
    seat = service.seat_of(table, user)
    action = draw_action(data, game, state, seat, seats)
    shift = data.draw(st.sampled_from([0, 0, 0, None, -1, 1, -5]), label="version shift")
    version = None if shift is None else table.version + shift
    accepted = await refused_unchanged(service, table_id, lambda: service.act(table_id, user, action, version=version))
    if not accepted:
        return
    assert seat is not None, "accepted from a stranger"
    if shift not in (0, None):  # a stale board is fine only if nothing changed for this seat since
        since = [row for row in await service.store.actions(table_id) if version < row.seq <= table.version]
        assert shift < 0 and all(row.seat != seat and row.kind not in ("start", "rollback", "end") for row in since), (
            "accepted on a stale board"
        )
    after = await service.get(table_id)
    assert after.version > table.version
    assert not invariants.problems(game, service.state_of(after), seats)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_random_calls_get_clear_refusals_and_keep_invariants(key):
    game = GAMES[key]

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data):
        asyncio.run(session(game, data))

    run()
