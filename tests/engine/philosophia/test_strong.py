"""The strong stand-in (engine/philosophia/strong.py): legal everywhere, blind to what its seat
cannot see, deterministic for its chance, and sensible where the right move is plain."""

import pytest

from engine import Chance, RuleError, referee
from engine.philosophia import GAME, data
from engine.philosophia.actions import Argue, Labyrinth, Move, among
from engine.philosophia.plan import need
from engine.philosophia.state import Debate
from engine.philosophia.strong import strong

from .test_support import at, new_game

MAX_STEPS = 3000


def positions(seats: int, seed: int, options=None, every: int = 1):
    """The positions of a seeded game between a strong seat (0) and random players, with the seat
    to move, every `every` steps (and every one that is not a turn's move, bonus or action)."""
    chance = Chance.seeded(f"strong:{seats}:{seed}")
    state = GAME.setup(seats, GAME.Options(**(options or {})), chance)
    for number in range(MAX_STEPS):
        if GAME.outcome(state) is not None:
            return
        seat = chance.pick(sorted(GAME.to_move(state)))
        if number % every == 0 or state.phase not in ("move", "bonus", "act"):
            yield number, state, seat
        if seat == 0:
            action = strong(state, seat, Chance.seeded(f"{seed}:{number}"))
        else:
            action = chance.pick(GAME.legal_actions(state, seat))
            if getattr(action, "example", None) == "":
                action = action.model_copy(update={"example": "All men are mortal; I am a man."})
        state = referee.play(GAME, state, seat, action, chance).state
    pytest.fail(f"{seats} seats, seed {seed}: no end within {MAX_STEPS} actions")


def legal(state, seat, action) -> bool:
    """Whether `action` is among the legal ones (the example text a player writes aside)."""
    if isinstance(action, Argue):
        action = action.model_copy(update={"example": "" if action.example else None})
    return among(action, GAME.legal_actions(state, seat))


@pytest.mark.parametrize(
    ("seats", "options"),
    [(1, {}), (2, {}), (3, {"true_philosopher": True, "examples": True}), (4, {"movement": "adjacent"}), (6, {})],
)
def test_every_choice_is_legal_and_the_game_ends(seats, options):
    """A strong seat among random players: every choice it makes is a legal action, the referee
    takes it, and the game ends."""
    chosen = 0
    for number, state, seat in positions(seats, 1, options):
        if seat != 0:
            continue
        action = strong(state, seat, Chance.seeded(f"check:{number}"))
        assert legal(state, seat, action), (state.phase, action)
        try:
            referee.play(GAME, state, seat, action, Chance.seeded("apply"))
        except RuleError as error:
            pytest.fail(f"the strong choice {action} was refused: {error}")
        chosen += 1
    assert chosen > 20


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_the_same_view_with_the_secrets_dealt_again_gives_the_same_choice(seats):
    """Others' cards, every deck, secret offerings and answers re-dealt: the same choice (same
    chance), in every kind of phase met."""
    phases = set()
    for number, state, seat in positions(seats, 2, every=7):
        if seat >= seats:
            continue
        shadow = GAME.shuffle_secrets(state, Chance.seeded(f"shadow:{number}"), keep=seat)
        assert GAME.view(shadow, seat) == GAME.view(state, seat)
        choice = strong(state, seat, Chance.seeded(f"same:{number}"))
        assert strong(shadow, seat, Chance.seeded(f"same:{number}")) == choice, (number, state.phase)
        phases.add(state.phase)
    assert {"move", "bonus", "act"} <= phases
    if seats > 1:
        assert phases & {"auction", "debate", "veto"}


def test_it_is_deterministic_for_its_chance():
    for number, state, seat in positions(2, 3, every=11):
        if seat == 0:
            assert strong(state, seat, Chance.seeded(f"d:{number}")) == strong(
                state, seat, Chance.seeded(f"d:{number}")
            )


def test_it_claims_the_labyrinth_token_that_gets_it_out():
    state = at(new_game(2), 0, "corinth")
    me = state.players[0]
    placed = [loc for loc, place in data.LOCATIONS.items() if place.kind != "acropolis"][:9]
    for loc in placed:
        state.sites[loc].followers.append(0)
    me.followers_left, me.claimed = 0, ["colours", "wisdom"]
    assert strong(state, 0, Chance.seeded("out")) == Labyrinth(criterion="followers")


def test_a_criterion_met_over_and_over_costs_only_its_token():
    state = new_game(2)
    state.players[0].claimed, state.players[0].debate_wins = ["colours", "wisdom"], 5
    assert need(state, 0, mine=True) == 1.0  # the Labyrinth action that claims it
    state.players[0].claimed = ["colours", "wisdom", "debates"]
    assert need(state, 0, mine=True) == 0.0


def test_out_of_the_labyrinth_it_goes_to_bring_rome_and_win():
    state = new_game(2)
    state.timeline = len(data.TIMELINE) - 2  # one step from 146 BC
    state.players[0].claimed = ["colours", "wisdom", "followers"]
    state.players[0].numbered = 1
    assert strong(state, 0, Chance.seeded("rome")) == Move(to="timeline")


def test_it_answers_a_card_with_one_that_beats_it():
    state = new_game(2)
    state.phase = "debate"
    state.debate = Debate(
        initiator=1, challenged=0, leader=1, step="respond", table="Modus Ponens", piles={0: [], 1: []}
    )
    state.players[0].hand = ["Ad Hominem", "Destructive Dilemma", "Modus Tollens"]  # only the Dilemma beats it
    choice = strong(state, 0, Chance.seeded("answer"))
    assert isinstance(choice, Argue) and choice.card == "Destructive Dilemma"
