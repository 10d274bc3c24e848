"""Philosophia's take-backs (engine/philosophia/takeback.py): which moves their player may take back,
and the true reason for the others (the bot's side: tests/bot/test_philosophia_takeback.py)."""

import pytest

from engine.philosophia import GAME
from engine.philosophia.actions import Bonus, Move, Tutor
from engine.philosophia.takeback import refusal

from .test_support import at, new_game, play


def verdict(before, seat, step, action):
    """What the game says of the move: (may it be taken back, the reason if not)."""
    return (
        GAME.undoable(before, step.state, seat, action, step.events),
        refusal(before, step.state, seat, action, step.events),
    )


def at_token(colour: str, seats: int = 2):
    """Seat 0 has moved to Athens, where a token of `colour` lies: the bonus phase."""
    state = new_game(seats)
    state.sites["athens"].token = colour
    state = play(state, 0, "move", to="athens").state
    assert state.phase == "bonus" and state.turn == 0
    return state


@pytest.mark.parametrize("colour", ["black", "blue", "red", "green"])
def test_taking_a_token_s_benefit_that_draws_nothing_may_be_taken_back(colour):
    """The reported case: "Take the token's benefit" was refused as having shown something new."""
    before = at_token(colour)
    step = play(before, 0, "bonus", keep=False)
    assert step.state.phase == "act" and step.state.turn == 0  # it is still their turn
    assert step.state.players[0] != before.players[0] or step.state.supply != before.supply  # it gave something
    assert verdict(before, 0, step, Bonus(keep=False)) == (True, None)


def test_keeping_the_token_may_be_taken_back_too():
    before = at_token("black")
    step = play(before, 0, "bonus", keep=True)
    assert step.state.players[0].tokens == ["black"]
    assert verdict(before, 0, step, Bonus(keep=True)) == (True, None)


def test_the_yellow_benefit_draws_a_card_and_says_so():
    before = at_token("yellow")
    step = play(before, 0, "bonus", keep=False)
    assert len(step.state.players[0].hand) == len(before.players[0].hand) + 1
    undoable, reason = verdict(before, 0, step, Bonus(keep=False))
    assert not undoable and reason == "it showed something new: it drew a card, which you have seen"


def test_the_yellow_benefit_with_a_full_hand_draws_nothing_and_may_be_taken_back():
    before = at_token("yellow")
    before.players[0].hand = list(before.syllogism[:5]) + list(before.sophistry[:5])  # over any hand limit
    step = play(before, 0, "bonus", keep=False)
    assert step.state.players[0].hand == before.players[0].hand
    assert verdict(before, 0, step, Bonus(keep=False)) == (True, None)


def test_a_token_under_the_spell_of_trophonius_ends_the_turn_and_says_so():
    before = at_token("black")
    before.players[0].silenced = True
    step = play(before, 0, "bonus", keep=False)
    assert step.state.turn == 1
    assert verdict(before, 0, step, Bonus(keep=False)) == (
        False,
        "it ended your turn (the Spell of Trophonius took your action)",
    )


def test_moving_may_be_taken_back_and_the_turn_s_action_says_why_not():
    before = new_game(2)
    step = play(before, 0, "move", to="timeline")
    assert verdict(before, 0, step, Move(to="timeline")) == (True, None)
    acting = at(new_game(2), 0, "athens")
    step = play(acting, 0, "tutor")
    undoable, reason = verdict(acting, 0, step, Tutor())
    assert not undoable and reason.startswith("it was your turn's action, which ends your turn")
    assert "showed something new" not in reason  # tutoring shows nothing: the rule keeps it
