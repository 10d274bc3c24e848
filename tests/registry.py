"""The registered games, picked by what a test needs of them and never by name.

A test of something every game goes through (the clock, the gate, ratings, the store) says what
its game must offer and runs on the first registered game, in key order, that offers it; a test of
one game's own behaviour lives in that game's files (docs/internals.md, "Games are plug-ins").
So the shared tests keep working as games come and go, the test run's toy game included.

Each need is a keyword of `games_with` and `a_game`; None (the default) means "either way":
- seats: the game seats this many players;
- written: some move's text is written by the player (a form, `/<key> <kind>`);
- paced: a new table gets a pace (a deadline a move) when its host names none;
- together: some position waits on several seats at once (a simultaneous, secret choice), within
  the first moves stand-ins play at the game's fewest seats (more seats may choose together where
  fewer do not);
- secret: a seat sees something the public does not, from the first position on;
- hand: a seat's text ("My hand & moves") writes out a line the public text lacks, from the first
  position on (a `secret` may be only drawn, or only in the view's data);
- undoable: some move can be taken back (`Game.undoable`);
- searches: its strong stand-in is a search of its own (engine/search.py), not its stand-in's move;
- toy: one of the test run's own games (tests/plugins), not one an operator installs.
"""

from __future__ import annotations

from functools import cache

from bot.games import games as registered
from engine import Chance, Game, referee
from tests.plugins import keys as toy_keys

# Every game the test run serves, by key: the engine's and the toy ones of tests/plugins, which
# tests/conftest.py registered before any test module is imported.
GAMES = registered()


def package_of(key: str) -> str:
    """The game's package name, the last part of the package its rules live in (its
    `engine/<package>/`): the name its own files carry."""
    module = registered()[key].setup.__module__.split(".")
    return module[module.index("engine") + 1] if module[0] == "engine" else module[-2]


def every_game() -> list[str]:
    """Every registered game's key, in key order."""
    return sorted(registered())


PLAYOUT = 40  # moves the stand-ins play to see what a game offers


@cache
def _positions(key: str) -> tuple:
    """The first positions of a game at its fewest seats, as its stand-ins play it."""
    game = registered()[key]
    chance = Chance.seeded(f"registry:{key}")
    positions = [game.setup(game.min_seats, game.Options(), chance)]
    while len(positions) < PLAYOUT and (seats := sorted(game.to_move(positions[-1]))):
        state = positions[-1]
        positions.append(referee.play(game, state, seats[0], game.stand_in(state, seats[0], chance), chance).state)
    return tuple(positions)


def _offers(key: str) -> dict[str, bool]:
    game: Game = registered()[key]
    first = _positions(key)[0]
    public = game.view(first, None)
    return {
        "written": bool(game.written_moves),
        "paced": game.pace is not None,
        "together": any(len(game.to_move(state)) > 1 for state in _positions(key)),
        "secret": any(
            {**game.view(first, seat), "seat": None} != {**public, "seat": None} for seat in range(game.min_seats)
        ),
        "hand": _shows_a_hand(key),
        "undoable": game.undoable is not None,
        "searches": game.strong is not game.stand_in,
        "toy": key in toy_keys(),
    }


def _shows_a_hand(key: str) -> bool:
    from bot.games import plugin  # the game's presentation: registered by tests/conftest.py

    game, first = registered()[key], _positions(key)[0]
    text = plugin(key).presentation.text
    public = set(text(game.view(first, None)).splitlines())
    return any(set(text(game.view(first, seat)).splitlines()) - public for seat in range(game.min_seats))


def games_with(*, seats: int | None = None, **needs: bool | None) -> list[str]:
    """The keys of every registered game that offers all of `needs`, in key order."""
    unknown = set(needs) - set(_offers(every_game()[0]))
    assert not unknown, f"no such need: {sorted(unknown)}"

    def fits(key: str) -> bool:
        game = registered()[key]
        if seats is not None and not game.min_seats <= seats <= game.max_seats:
            return False
        offers = _offers(key)
        return all(offers[need] == wanted for need, wanted in needs.items() if wanted is not None)

    return [key for key in every_game() if fits(key)]


def a_game(*, seats: int | None = None, **needs: bool | None) -> str:
    """The first registered game that offers all of `needs` (fails the test if none does)."""
    found = games_with(seats=seats, **needs)
    assert found, f"no registered game offers seats={seats} {needs}"
    return found[0]


def rolls(key: str) -> bool:
    """Whether the game rolls, shuffles or draws in play, not only at its set-up: a stand-in's move
    from one of the game's first positions (at its fewest seats) uses chance."""

    class Watched(Chance):
        """A seeded chance that notes whether it was used."""

        def __init__(self, seed: str) -> None:
            self.chance, self.used = Chance.seeded(seed), False

        def roll(self, sides):
            self.used = True
            return self.chance.roll(sides)

        def shuffle(self, items):
            self.used = True
            return self.chance.shuffle(items)

        def pick(self, items):
            self.used = True
            return self.chance.pick(items)

    positions = _positions(key)
    game, chance = registered()[key], Chance.seeded(f"registry:{key}:rolls")
    for n, state in enumerate(positions[:-1]):
        seat = min(game.to_move(state))
        move = Watched(f"registry:{key}:{n}")
        referee.play(game, state, seat, game.stand_in(state, seat, chance), move)
        if move.used:
            return True
    return False
