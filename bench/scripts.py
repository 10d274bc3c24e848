"""Seeded random games, played out in advance so that the load generator costs almost nothing.

A table's chance comes from its seed and version (bot.service.chance_for). A table created by a
host and joined by the others is at version `seats` once started, so its k-th move (k = 1, 2...)
has seq `seats + k`. Playing the game here with those same chances gives the exact moves the
service will accept, and the exact state it must end with.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from engine import GAMES, Chance, Game, RuleError, referee

STAND_IN_SHARE = 8  # in 10: the rest are random legal actions (some refused, and left out)
STEP_BOUND = 10_000


@dataclass(frozen=True)
class Script:
    game: str
    seats: int
    seed: str
    moves: tuple[tuple[int, dict], ...]  # (seat, action as JSON) in order, every one accepted
    final: BaseModel  # the state after the last move
    states: tuple[str, ...] = ()  # a sample of states along the way, as JSON (no heap for the collector)


def play_script(game: Game, seats: int, seed: str, sample_every: int = 0) -> Script:
    driver = Chance.seeded(f"driver:{seed}")
    state = game.setup(seats, game.Options(), Chance.seeded(f"{seed}:setup"))
    moves: list[tuple[int, dict]] = []
    states = [state.model_dump_json()]
    for _ in range(STEP_BOUND):
        if game.outcome(state) is not None:
            break
        seat = driver.pick(sorted(game.to_move(state)))
        legal = game.legal_actions(state, seat)
        if driver.roll(10) <= STAND_IN_SHARE or not legal:
            action = game.stand_in(state, seat, driver)
        else:
            action = driver.pick(legal)
        try:
            step = referee.play(game, state, seat, action, Chance.seeded(f"{seed}:{seats + len(moves) + 1}"))
        except RuleError:
            continue
        moves.append((seat, referee.parse_action(game, action).model_dump(mode="json")))
        state = step.state
        if sample_every and len(moves) % sample_every == 0:
            states.append(state.model_dump_json())
    return Script(game.key, seats, seed, tuple(moves), state, tuple(states))


def scripts_for_every_game(per_game: int, sample_every: int = 0) -> list[Script]:
    """`per_game` whole games of every game in GAMES over its seat counts, interleaved by game."""
    by_game = []
    for key, game in sorted(GAMES.items()):
        counts = list(range(game.min_seats, game.max_seats + 1))
        by_game.append(
            [play_script(game, counts[n % len(counts)], f"bench:{key}:{n}", sample_every) for n in range(per_game)]
        )
    return [script for round_ in zip(*by_game) for script in round_]


def engine_costs(scripts: list[Script]) -> dict[str, dict]:
    """Per game, the engine's own time for one action (referee.play), replaying the scripts."""
    import time

    times: dict[str, list[float]] = {}
    for script in scripts:
        game = GAMES[script.game]
        state = game.setup(script.seats, game.Options(), Chance.seeded(f"{script.seed}:setup"))
        for number, (seat, action) in enumerate(script.moves, start=1):
            chance = Chance.seeded(f"{script.seed}:{script.seats + number}")
            started = time.perf_counter()
            state = referee.play(game, state, seat, action, chance).state
            times.setdefault(script.game, []).append(time.perf_counter() - started)
    figures = {}
    for key, spent in sorted(times.items()):
        spent.sort()
        figures[key] = {
            "actions": len(spent),
            "p50_us": round(spent[len(spent) // 2] * 1e6, 1),
            "mean_us": round(sum(spent) / len(spent) * 1e6, 1),
        }
    return figures


def outbox_texts(scripts: list[Script], most: int = 2000) -> tuple[float, list[str]]:
    """What a move tells, as bot.service writes it into the outbox (one row per event: public, or
    a seat's private text): the mean rows a move, and texts to write (for bench.ceiling)."""
    rows, texts, moves = 0, [], 0
    for script in scripts:
        game = GAMES[script.game]
        state = game.setup(script.seats, game.Options(), Chance.seeded(f"{script.seed}:setup"))
        for number, (seat, action) in enumerate(script.moves, start=1):
            step = referee.play(game, state, seat, action, Chance.seeded(f"{script.seed}:{script.seats + number}"))
            state = step.state
            rows += len(step.events)
            moves += 1
            if len(texts) < most:
                texts += [event.text for event in step.events]
    return rows / max(1, moves), texts or ["…"]
