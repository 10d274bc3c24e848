"""Leak test: complete games of every game through TableService, watching what the public sees.

At every step: a spectator (anyone not seated) sees exactly the public view; the public view does
not change when every secret is re-dealt (`shuffle_secrets`, several times); the public texts of
the step are the same when the secrets of everyone but the mover are re-dealt (unless the step
itself revealed something, which then shows in the public view after it); and no private text of
the step appears among its public texts.
"""

from __future__ import annotations

import pytest

from bot.store.sqlite import Store
from bot.tables.service import TableService, chance_for
from engine import Chance, Game, RuleError, referee
from tests.registry import GAMES

GAMES_EACH = 4
SHADOWS = 2
STEP_BOUND = 6000
SPECTATOR = 999_999


def seat_counts(game: Game) -> list[int]:
    counts = list(range(game.min_seats, game.max_seats + 1))
    return [counts[n * len(counts) // GAMES_EACH] for n in range(GAMES_EACH)]


def public_events(step) -> list[str]:
    return [event.text for event in step.events if event.to is None]


async def play_watching(service: TableService, game: Game, seats: int, seed: str) -> int:
    users = [1000 + n for n in range(seats)]
    table = await service.create(guild_id=1, channel_id=1, host_id=users[0], game=game.key, seed=seed)
    for user in users[1:]:
        await service.join(table.id, user)
    table = (await service.start(table.id, users[0])).table
    driver = Chance.seeded(f"driver:{seed}")
    for steps in range(STEP_BOUND):
        state = service.state_of(table)
        public = game.view(state, None)
        assert await service.view_for(table.id, SPECTATOR) == public, "a spectator sees more than the public"
        for n in range(SHADOWS):
            shadow = game.shuffle_secrets(state, Chance.seeded(f"{seed}:{steps}:{n}"), keep=None)
            assert game.view(shadow, None) == public, f"the public view shows a secret (step {steps})"
        if table.status != "running":
            assert game.outcome(state) is not None
            return steps
        user = driver.pick(service.waiting_on(table))
        seat = service.seat_of(table, user)
        legal = game.legal_actions(state, seat)
        action = driver.pick(legal) if legal and driver.roll(5) == 1 else game.stand_in(state, seat, driver)
        try:
            update = await service.act(table.id, user, action, version=table.version)
        except RuleError:
            continue
        secrets = {text for texts in update.private.values() for text in texts}
        assert not secrets & set(update.public), "a private text was posted publicly"
        shadow = game.shuffle_secrets(state, Chance.seeded(f"{seed}:{steps}:events"), keep=seat)
        try:
            shadow_step = referee.play(game, shadow, seat, action, chance_for(table, table.version + 1))
        except RuleError:
            shadow_step = None  # the move depended on what was re-dealt
        after = service.state_of(update.table)
        if shadow_step is not None and game.view(shadow_step.state, None) == game.view(after, None):
            assert public_events(shadow_step) == update.public, f"a public text shows a secret (step {steps})"
        table = update.table
    pytest.fail(f"{game.key} did not end within {STEP_BOUND} steps")


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_no_secret_reaches_the_public(key):
    game = GAMES[key]
    store = await Store.open(":memory:")
    try:
        service = TableService(store)
        for number, seats in enumerate(seat_counts(game)):
            assert await play_watching(service, game, seats, f"leak:{key}:{number}") > 0
    finally:
        await store.close()
