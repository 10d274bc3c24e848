"""Seeded games between players of three kinds, for the stand-ins' bench (bench/stand_ins.py):
`random` (a legal move at random), `easy` (the game's stand-in) and `strong` (its search,
`Game.strong`), each strong decision timed.

A setup (`Setup`) puts one player of a kind (the lead) against the others, all of one kind, or
alone (solo). Over its games the lead's seat turns round the table, so no seat's advantage counts
for either side.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from engine import GAMES, Chance, RuleError, referee

Kind = Literal["random", "easy", "strong"]
MAX_MOVES = 20_000  # far above any whole game: a game that reaches it counts as nobody's


@dataclass(frozen=True)
class Setup:
    """`lead` in one seat against `others` in every other seat (solo: `seats` is 1)."""

    lead: Kind
    others: Kind | None
    seats: int

    @property
    def name(self) -> str:
        return f"solo {self.lead}" if self.seats == 1 else f"{self.lead} vs {self.others}"

    @property
    def key(self) -> str:
        return f"solo-{self.lead}" if self.seats == 1 else f"{self.lead}-{self.others}"


def setups(key: str) -> list[Setup]:
    """A game's setups: strong vs random, strong vs easy and easy vs random at the fewest seats a
    game against others takes (one against all the others where that is more than two), and solo,
    strong and easy, where the game has it."""
    game = GAMES[key]
    seats = max(2, game.min_seats)
    found = []
    if seats <= game.max_seats:
        found += [Setup("strong", "random", seats), Setup("strong", "easy", seats), Setup("easy", "random", seats)]
    if game.min_seats == 1:
        found += [Setup("strong", None, 1), Setup("easy", None, 1)]
    return found


@dataclass
class Played:
    """Games of one setup: how the lead fared, and the strong decisions' times (seconds)."""

    won: int = 0  # the lead won alone
    lost: int = 0  # another seat won, the lead did not (solo: the game beat the lead)
    shared: int = 0  # the lead shared the win
    nobody: int = 0  # nobody won, with others at the table (or the game did not end)
    refused: int = 0  # moves of the easy or strong players that the rules refused (a bug)
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.won + self.lost + self.shared + self.nobody

    @property
    def decided(self) -> int:
        return self.won + self.lost

    def add(self, other: Played) -> None:
        for name in ("won", "lost", "shared", "nobody", "refused"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.cpu += other.cpu
        self.wall += other.wall


def play(key: str, setup: Setup, number: int) -> Played:
    """Game `number` of a setup, seeded by the game, the setup and the number."""
    game = GAMES[key]
    chance = Chance.seeded(f"stand-ins:{key}:{setup.key}:{number}")
    lead = number % setup.seats
    state = game.setup(setup.seats, game.Options(), chance)
    played = Played()
    for _ in range(MAX_MOVES):
        outcome = game.outcome(state)
        if outcome is not None:
            break
        seat = min(game.to_move(state))
        kind = setup.lead if seat == lead else setup.others
        assert kind is not None
        state = _move(game, state, seat, kind, chance, played)
    else:
        played.nobody += 1
        return played
    winners = set(outcome.winners)
    if not winners and setup.seats > 1:
        played.nobody += 1
    elif winners == {lead}:
        played.won += 1
    elif lead in winners and len(winners) > 1:
        played.shared += 1
    else:
        played.lost += 1
    return played


def _move(game: Any, state: Any, seat: int, kind: Kind, chance: Chance, played: Played) -> Any:
    if kind == "random":
        legal = game.legal_actions(state, seat)
        try:  # a listed move may leave a text to write: then the stand-in writes one
            return referee.play(game, state, seat, chance.pick(legal), chance).state
        except (RuleError, IndexError):
            return referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state
    if kind == "strong":
        cpu, wall = time.thread_time(), time.perf_counter()
        action = game.strong(state, seat, chance)
        played.cpu.append(time.thread_time() - cpu)
        played.wall.append(time.perf_counter() - wall)
    else:
        action = game.stand_in(state, seat, chance)
    try:
        return referee.play(game, state, seat, action, chance).state
    except RuleError:
        played.refused += 1
        return referee.play(game, state, seat, game.legal_actions(state, seat)[0], chance).state


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (0, 1 with no trials)."""
    if not trials:
        return 0.0, 1.0
    share = successes / trials
    middle = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, middle - half), min(1.0, middle + half)


def milliseconds(times: list[float]) -> dict[str, float | None]:
    """Median and max of decision times, in ms (None with no decisions)."""
    if not times:
        return {"median": None, "max": None}
    return {"median": round(1000 * statistics.median(times), 2), "max": round(1000 * max(times), 2)}
