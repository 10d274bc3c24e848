"""The search behind strong stand-ins (engine/search.py), on the toy game: it finds a win and a
block that the order of its candidates hides, keeps to its budget of simulated moves, and chooses
the same move with the same chance."""

from dataclasses import replace

from engine import Chance, referee
from engine.search import Rules, Search, outcome_value, squash
from tests.plugins.tictactoe import GAME

PLACE = GAME.actions.validate_python


def position(*squares: int):
    """The board after X and O place in turn on `squares`."""
    state = GAME.setup(2, GAME.Options(), Chance.seeded("toy"))
    for number, square in enumerate(squares):
        state = referee.play(
            GAME, state, number % 2, PLACE({"kind": "place", "square": square}), Chance.seeded("toy")
        ).state
    return state


def at_random(state, seat, chance):
    return chance.pick([action for action in GAME.legal_actions(state, seat) if action.kind == "place"])


def value(state, seat: int) -> float:
    found = outcome_value(GAME, state, seat)
    return 0.5 if found is None else found


def last_first(state, seat, legal):
    """The candidates in reverse order: what the search picks is its own finding."""
    return [action for action in reversed(legal) if action.kind == "place"]


SEARCH = Search(Rules.of(GAME), value, budget=400, depth=4, width=9, policy=at_random, shortlist=last_first)


def test_it_finds_the_win_and_the_block():
    win = position(0, 3, 1, 4)  # X on 0 and 1, O on 3 and 4; X to move wins on 2
    assert SEARCH.choose(win, 0, Chance.seeded("a")).square == 2
    block = position(0, 3, 1)  # O to move must take 2: in rollouts by the stand-in, X wins at once else
    assert replace(SEARCH, policy=None).choose(block, 1, Chance.seeded("b")).square == 2


def test_it_keeps_to_its_budget_and_chooses_alike_with_the_same_chance():
    applied = []

    def counting(state, seat, action, chance):
        applied.append(action)
        return GAME.apply(state, seat, action, chance)

    counted = replace(SEARCH, rules=replace(Rules.of(GAME), apply=counting), budget=100)
    state = position(4)
    first = counted.choose(state, 1, Chance.seeded("same"))
    candidates = len(last_first(state, 1, GAME.legal_actions(state, 1)))
    assert 0 < len(applied) <= counted.budget + candidates * (counted.depth + 1)  # one round past it at most
    assert counted.choose(state, 1, Chance.seeded("same")) == first


def test_squash():
    assert squash(0, 2) == 0.5 and 0.73 < squash(2, 2) < 0.74 and squash(-1e9, 1) < 1e-20 < squash(1e9, 1)
