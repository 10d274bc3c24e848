"""Take-backs (bot/tables/takeback.py): a player takes back their own last move while nothing new has been
revealed and nobody else has acted since.

Every game is played by seeded random players through the TableService. After each move its
player tries to take it back: a move the game calls undoable, that used no chance and that nothing
followed, comes back to the exact position before it, and played again gives the exact position
after it; any other move is refused with its reason and changes nothing. Whatever was taken back,
the log still replays to the stored state.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.tables import replay
from bot.tables.gate import Caller, Gate, Need
from bot.tables.refusals import Refused, StaleBoard
from bot.tables.takeback import CHANCE, OFF, REFUSED, RULES, TakeBacks, why_not
from bot.tables.update import chance_for
from engine import Chance, RuleError, referee
from tests.bot.pressing import press_on
from tests.registry import GAMES, a_game, rolls

GUILD, CHANNEL = 5, 55
MOVES = 100
GAME = a_game(seats=2, undoable=True)  # a two-player game whose moves can be taken back


async def opened(service, key: str, seed: str, players: int | None = None, **options):
    game = GAMES[key]
    users = [100 + n for n in range(players or max(2, game.min_seats))]
    table = await service.create(guild_id=GUILD, channel_id=CHANNEL, host_id=users[0], game=key, seed=seed, **options)
    for user in users[1:]:
        await service.join(table.id, user)
    return (await service.start(table.id, users[0])).table


def a_move(game, state, seat: int, rng: random.Random):
    """A legal move at random (half the time the stand-in's own choice, which can also write)."""
    if rng.random() < 0.5:
        try:
            options = game.legal_actions(state, seat)
            if options:
                return rng.choice(list(options))
        except RuleError:
            pass
    return game.stand_in(state, seat, Chance.seeded(str(rng.random())))


def rolled(game, table, before, move) -> bool:
    """Whether `move` (a log row, played from `before`) used chance: a die, a shuffle, a draw."""
    chance = chance_for(table, move.seq)
    referee.play_parsed(game, before, move.seat, move.action, chance)
    return chance.used


def allowed(game, table, before, move) -> bool:
    """Whether the game itself (`Game.undoable`, chance aside) lets `move` be taken back."""
    action, step = referee.play_parsed(game, before, move.seat, move.action, chance_for(table, move.seq))
    return bool(game.undoable(before, step.state, move.seat, action, step.events))


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_every_move_is_taken_back_exactly_or_refused_with_its_reason(service, key):
    game, takebacks = GAMES[key], TakeBacks(service)
    seen = {"taken back": 0, "refused": 0, "refused after chance": 0}
    for seed in ("a", "b"):
        table = await opened(service, key, f"takeback-{key}-{seed}", min(game.max_seats, max(3, game.min_seats)))
        rng = random.Random(seed)
        for _ in range(MOVES):
            if table.status != "running":
                break
            user = rng.choice(service.waiting_on(table))
            seat, before = service.seat_of(table, user), service.state_of(table)
            action = a_move(game, before, seat, rng)
            try:
                update = await service.act(table.id, user, action)
            except RuleError:
                continue
            table, after = update.table, service.state_of(update.table)
            if update.take_back_version is not None:
                back = await takebacks.take_back(table.id, user, version=table.version)
                assert service.state_of(back.table) == before
                assert back.table.version == table.version + 1
                again = await service.act(table.id, user, action)  # the same move, played again
                assert service.state_of(again.table) == after
                table = again.table
                seen["taken back"] += 1
                continue
            (last,) = await service.store.actions(table.id, since=table.version - 1)
            own = last.kind == "move" and last.actor_id == user
            used_chance = own and rolled(game, table, before, last)
            with pytest.raises(Refused) as refusal:
                await takebacks.take_back(table.id, user)
            reason = str(refusal.value)
            assert reason  # a reason the player can read
            if own and table.status == "running":  # the true reason: chance only if chance alone kept it
                assert reason.startswith("That move cannot be taken back: ") and f"game:{key}" in reason
                blamed = reason == REFUSED.format(reason=CHANCE, game=key)
                assert blamed == (used_chance and allowed(game, table, before, last)), reason
            assert (await service.get(table.id)).version == table.version  # and nothing changed
            seen["refused"] += 1
            seen["refused after chance"] += used_chance
        check = await replay.replay_table(service.store, table.id)
        assert check.ok, check.problems
        if table.status == "running":
            await service.end(table.id, 100, moderator=True)
    assert seen["taken back"] > 0 and seen["refused"] > 0, seen
    if rolls(key):
        assert seen["refused after chance"] > 0, seen


async def test_a_table_opened_with_take_backs_off_refuses_them(service):
    table, chance = await opened(service, GAME, "off", takebacks=False), Chance.seeded("x")
    for _ in range(MOVES):  # to a move the game lets its player take back
        user = service.waiting_on(table)[0]
        action = GAMES[GAME].stand_in(service.state_of(table), service.seat_of(table, user), chance)
        update = await service.act(table.id, user, action)
        if update.undoable_at is not None:
            break
        table = update.table
    assert update.undoable_at is not None and update.take_back_version is None  # undoable, but not here
    with pytest.raises(Refused) as refusal:
        await TakeBacks(service).take_back(table.id, user)
    assert str(refusal.value) == OFF


async def test_the_gate_admits_a_take_back_only_from_the_table_s_place_and_player(service):
    table = await opened(service, GAME, "gate")
    gate, alice = Gate(service), table.seats[0]
    custom_id = f"pt:undo:{table.id}:{table.version}"
    for caller in (Caller(alice, GUILD + 1, CHANNEL), Caller(alice, GUILD, CHANNEL + 1), Caller(999, None, 1)):
        with pytest.raises(Refused, match="somewhere else"):
            await press_on(gate, caller, custom_id)
    with pytest.raises(Refused, match="not playing"):
        await press_on(gate, Caller(999, GUILD, CHANNEL), custom_id)
    with pytest.raises(StaleBoard, match="Too late"):
        await press_on(gate, Caller(alice, GUILD, CHANNEL), f"pt:undo:{table.id}:{table.version - 1}")
    for caller in (Caller(alice, GUILD, CHANNEL), Caller(alice, None, 4242)):  # the channel, or their DM
        passed = await press_on(gate, caller, custom_id)
        assert passed.seat == 0 and passed.press.version == table.version
    assert (await gate.here(Caller(alice, GUILD, CHANNEL), Need.TAKE_BACK)).seat == 0
    with pytest.raises(Refused):
        await press_on(gate, Caller(alice, GUILD, CHANNEL), f"pt:undo:{table.id}")  # malformed


def test_a_refusal_without_the_game_s_reason_names_chance_or_the_game_s_rules():
    """A game that gives no reason of its own (`undo_refusal`): a move it allows was kept by chance
    alone; one it refuses, by its rules. Never "it showed something new" unless something was."""
    game, chance = GAMES[GAME], Chance.seeded("why")
    before = game.setup(game.min_seats, None, chance)
    seat = sorted(game.to_move(before))[0]
    action = game.stand_in(before, seat, chance)
    step = game.apply(before, seat, action, chance)
    allows, refuses = (
        replace(game, undoable=lambda *move: True, undo_refusal=lambda *move: None),
        replace(game, undoable=lambda *move: False, undo_refusal=lambda *move: None),
    )
    assert why_not(allows, before, step, seat, action) == CHANCE
    assert why_not(refuses, before, step, seat, action) == RULES.format(title=game.title)
    assert "showed something new" not in RULES
