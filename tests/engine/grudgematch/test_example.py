"""The rulebook's Example of Play, step by step.

The picture is lost, so the position is built to match every sentence: Nietzsche (F4) kicks the
ball (F5) eight spaces south down column F. Foucault (G4) is the only Frenchman next to the ball.
The ball's first space, F6, is next to Pascal (E7); its fourth, F9, is Husserl's space and next
to Sartre (G10); its sixth, F11, is next to Hegel (E12). It stops on F13.
"""

import pytest

from engine.grudgematch import GAME

from .test_helpers import F, G, kinds, play, position

SPOTS = {
    "Nietzsche": "F4",
    "Husserl": "F9",
    "Hegel": "E12",
    "Heidegger": "B8",
    "Descartes": "F16",
    "Pascal": "E7",
    "Sartre": "G10",
    "Foucault": "G4",
}
# The Germans hold no heart that could stop the ball next to Husserl (6 needed at F8): the
# rulebook does not mention a chance for him, and with quick prompts nobody is asked.
GERMAN_HAND = ["8C", "2H", "3S", "9D", "5C"]
FRENCH_HAND = ["KD", "10H", "7S", "2C", "4D"]


@pytest.fixture
def kicked():
    state = position(dict(SPOTS), "F5", [list(GERMAN_HAND), list(FRENCH_HAND)])
    step = play(state, G, {"kind": "kick", "who": "Nietzsche", "card": "8C", "direction": "S"})
    return step


def test_only_foucault_may_tackle_and_the_king_of_diamonds_fails_on_4_plus_2(kicked):
    state = kicked.state
    assert state.phase == "tackle" and GAME.to_move(state) == {F}
    assert state.kick.value == 8 and state.kick.tacklers == ["Foucault"]
    assert kinds(state, F) == ["Tackle with K♦ (Foucault)", "No tackle"]

    step = play(state, F, {"kind": "tackle", "who": "Foucault", "card": "KD"}, rolls=[4, 2])
    assert "🎲 4+2 = 6" in step.events[0].text
    assert "6 is not enough to stop 8" in step.events[1].text
    assert {"KD", "8C"} <= set(step.state.discard) and "KD" not in step.state.hands[F]


def test_the_ball_passes_pascal_sartre_and_hegel_and_stops_after_eight_spaces(kicked):
    step = play(kicked.state, F, {"kind": "tackle", "who": "Foucault", "card": "KD"}, rolls=[4, 2])

    # 8... The ball reaches Pascal: a heart of 8 or more would block it.
    state = step.state
    assert state.phase == "block" and GAME.to_move(state) == {F}
    assert state.ball == "F6" and GAME.view(state, None)["kick"]["required"] == 8
    assert GAME.view(state, None)["kick"]["blockers"] == ["Pascal"]
    assert kinds(state, F) == ["Block with 10♥ (Pascal)", "No block"]
    step = play(state, F, {"kind": "no_block"})

    # 7... 6... 5... The ball reaches Sartre, on Husserl's space: a spade of 5 or more.
    state = step.state
    assert state.phase == "block" and GAME.to_move(state) == {F}
    assert state.ball == "F9" and state.spots["Husserl"] == "F9"
    assert GAME.view(state, None)["kick"]["required"] == 5
    assert GAME.view(state, None)["kick"]["path"] == ["F6", "F7", "F8", "F9"]
    assert kinds(state, F) == ["Block with 7♠ (Sartre)", "No block"]
    step = play(state, F, {"kind": "no_block"})

    # 4... 3... The ball reaches Hegel: the Germans could block their own kick with a spade of 3.
    state = step.state
    assert state.phase == "block" and GAME.to_move(state) == {G}
    assert state.ball == "F11" and GAME.view(state, None)["kick"]["required"] == 3
    assert kinds(state, G) == ["Block with 3♠ (Hegel)", "No block"]
    step = play(state, G, {"kind": "no_block"})

    # 2... 1. The ball comes to a stop, every space it passed on record.
    state = step.state
    assert state.ball == "F13" and state.kick is None
    assert state.last_kick.path == ["F6", "F7", "F8", "F9", "F10", "F11", "F12", "F13"]
    assert state.last_kick.result == "stopped"
    assert state.phase == "kick" and GAME.to_move(state) == {G}  # Hegel is next to it: kick again?
    assert "The ball: 2 **F12** · 1 **F13**" in "\n".join(e.text for e in step.events)


def test_had_sartre_blocked_the_germans_would_set_the_ball_next_to_husserl(kicked):
    state = play(kicked.state, F, {"kind": "tackle", "who": "Foucault", "card": "KD"}, rolls=[4, 2]).state
    state = play(state, F, {"kind": "no_block"}).state
    step = play(state, F, {"kind": "block", "who": "Sartre", "card": "7S"})
    state = step.state
    assert state.ball == "F9" and state.last_kick.result == "blocked by Sartre"
    assert state.phase == "place" and GAME.to_move(state) == {G}
    assert sorted(a.to for a in GAME.legal_actions(state, G)) == sorted(
        ["E8", "F8", "G8", "E9", "G9", "E10", "F10", "G10"]
    )


def test_without_quick_prompts_every_side_with_a_chance_is_asked_even_without_a_card():
    state = position(dict(SPOTS), "F5", [list(GERMAN_HAND), list(FRENCH_HAND)])
    state.options.quick_prompts = False
    state = play(state, G, {"kind": "kick", "who": "Nietzsche", "card": "8C", "direction": "S"}).state
    state = play(state, F, {"kind": "no_tackle"}).state
    state = play(state, F, {"kind": "no_block"}).state  # Pascal at F6
    # F8: Husserl's chance (a heart of 6 or more): the Germans hold only the 2 of hearts.
    assert state.phase == "block" and GAME.to_move(state) == {G} and state.ball == "F8"
    assert kinds(state, G) == ["No block"]
