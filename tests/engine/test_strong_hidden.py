"""Strong stand-ins play from their own view only, for every game (engine/search.py).

- The same view with the hidden information re-dealt gives the same move with the same chance:
  `strong(shuffle_secrets(state, c, keep=seat), seat, s) == strong(state, seat, s)`, at positions
  of seeded random playouts.
- That holds because every game's re-deal is canonical: re-dealing a re-dealt position gives what
  re-dealing the position itself gives, so a re-deal depends on what the seat sees and nothing else.
- Playouts with strong seats end, and every move a strong seat chooses is one the rules accept.
"""

import os

import pytest
from pydantic import BaseModel

from engine import Chance, Game, RuleError, referee
from tests.registry import GAMES

POSITIONS = int(os.environ.get("STRONG_POSITIONS", "8"))  # positions a game (and seat count)
PLAYOUTS = int(os.environ.get("STRONG_PLAYOUTS", "1"))  # whole games a seat count (strong players take a while)
MAX_STEPS = 6000


def positions(game: Game, seats: int, seed: int, count: int) -> list[tuple[BaseModel, int]]:
    """`count` positions of a playout (stand-ins' and random legal moves), spread over the game,
    each with a seat to move."""
    chance = Chance.seeded(f"strong-hidden:{game.key}:{seats}:{seed}")
    state = game.setup(seats, game.Options(), chance)
    found = []
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        seat = chance.pick(sorted(game.to_move(state)))
        found.append((state, seat))
        legal = game.legal_actions(state, seat)
        action = chance.pick(legal) if legal and chance.roll(2) == 1 else game.stand_in(state, seat, chance)
        try:
            state = referee.play(game, state, seat, action, chance).state
        except RuleError:
            continue  # a listed move may leave its text to write
    step = max(1, len(found) // count)
    return found[::step][:count]


def seat_counts(game: Game) -> list[int]:
    return sorted({game.min_seats, game.max_seats})


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_same_view_and_chance_give_the_same_strong_move(key):
    game = GAMES[key]
    for seats in seat_counts(game):
        for number, (state, seat) in enumerate(positions(game, seats, 0, POSITIONS)):
            seed = f"decide:{number}"
            chosen = game.strong(state, seat, Chance.seeded(seed))
            for redeal in range(2):
                shadow = game.shuffle_secrets(state, Chance.seeded(f"redeal:{number}:{redeal}"), keep=seat)
                assert game.view(shadow, seat) == game.view(state, seat)
                again = game.strong(shadow, seat, Chance.seeded(seed))
                assert again == chosen, f"{key}, {seats} seats, position {number}: the move read a hidden thing"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_re_deal_depends_only_on_what_the_seat_sees(key):
    game = GAMES[key]
    for seats in seat_counts(game):
        for number, (state, seat) in enumerate(positions(game, seats, 1, 4 * POSITIONS)):
            for keep in (seat, None):
                shadow = game.shuffle_secrets(state, Chance.seeded(f"first:{number}"), keep=keep)
                direct = game.shuffle_secrets(state, Chance.seeded(f"second:{number}"), keep=keep)
                assert game.shuffle_secrets(shadow, Chance.seeded(f"second:{number}"), keep=keep) == direct, (
                    f"{key}, {seats} seats, position {number}: the re-deal depends on how the hidden things lay"
                )


@pytest.mark.parametrize("key", sorted(GAMES))
def test_playouts_with_strong_seats_end_and_every_strong_move_is_accepted(key):
    game = GAMES[key]
    for seats in seat_counts(game):
        for number in range(PLAYOUTS):
            chance = Chance.seeded(f"strong-playout:{key}:{seats}:{number}")
            strong_seats = {
                seat for seat in range(seats) if (seat + number) % 2 == 0
            }  # every other seat (a solo seat too)
            state = game.setup(seats, game.Options(), chance)
            for _ in range(MAX_STEPS):
                if game.outcome(state) is not None:
                    break
                seat = chance.pick(sorted(game.to_move(state)))
                if seat in strong_seats:  # a refusal (a RuleError) fails the test
                    state = referee.play(game, state, seat, game.strong(state, seat, chance), chance).state
                    continue
                legal = game.legal_actions(state, seat)
                try:
                    state = referee.play(game, state, seat, chance.pick(legal), chance).state
                except (RuleError, IndexError):  # nothing listed, or its text left to write: the stand-in's
                    state = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state
            else:
                pytest.fail(f"{key} with {seats} seats did not end within {MAX_STEPS} moves (playout {number})")
            assert not game.invariants(state)
