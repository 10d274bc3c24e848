"""Secret stones: nothing public tells a vote before the reveal; the voter sees their own."""

import json

import pytest

from engine import Chance, referee
from engine.ostrakon import GAME
from engine.ostrakon.data import PHILOSOPHERS
from engine.ostrakon.rules import Options, Pile, State

QUESTION = {"kind": "ask", "question": "Would you rather fly or be invisible?", "white": "Fly", "black": "Be invisible"}


def play(state, seat, action):
    return referee.play(GAME, state, seat, action, Chance.scripted())


def council(rule: str = "regular") -> State:
    return State(
        options=Options(),
        names=list(PHILOSOPHERS[:7]),
        days=5,
        sun=3,
        rule=rule,
        piles=[Pile(space=3, seats=[6, 5, 4, 3, 2, 1, 0])],
        deck=["Food", "Love"],
        subject="Sport",
        next_subject="Money",
    )


def public_record(state: State, stones: list[str], stop_before_last: bool = True):
    """Ask, then vote `stones` seat by seat; return every public view and public event text
    up to (not including) the last vote, which reveals."""
    state = play(state, 0, QUESTION).state
    seen = [json.dumps(GAME.view(state, None), sort_keys=True)]
    votes = stones[:-1] if stop_before_last else stones
    for seat, stone in enumerate(votes):
        step = play(state, seat, {"kind": "vote", "stone": stone})
        state = step.state
        seen.append(json.dumps(GAME.view(state, None), sort_keys=True))
        seen += [event.text for event in step.events if event.to is None]
    return state, seen


@pytest.mark.parametrize("rule", ["regular", "corruption", "oracle", "treachery"])
def test_before_the_reveal_public_views_and_events_are_the_same_whatever_the_stones(rule):
    _, all_white = public_record(council(rule), ["white"] * 7)
    _, mixed = public_record(council(rule), ["black", "white", "black", "black", "white", "black", "white"])
    assert all_white == mixed


@pytest.mark.parametrize("rule", ["corruption", "oracle"])
def test_after_the_last_vote_the_stones_stay_hidden_until_the_speaker_chooses(rule):
    views = []
    for stones in (["white"] * 7, ["black"] * 7):
        state, _ = public_record(council(rule), stones, stop_before_last=False)
        assert state.phase in ("corrupt", "consult")
        views.append(json.dumps(GAME.view(state, None), sort_keys=True))
    assert views[0] == views[1]


def test_the_voter_alone_sees_their_vote_until_the_reveal():
    state = play(council(), 0, QUESTION).state
    step = play(state, 2, {"kind": "vote", "stone": "black"})
    private = [event for event in step.events if event.to is not None]
    assert [(e.to, e.text) for e in private] == [(2, "You voted ⚫ Be invisible.")]
    public = [event.text for event in step.events if event.to is None]
    assert public == ["**Calippos** has voted (1/7)."]
    assert GAME.view(step.state, 2)["my_vote"] == "black"
    assert all(GAME.view(step.state, seat)["my_vote"] is None for seat in (0, 1, 3, 4, 5, 6))
    shown = GAME.view(step.state, None)
    assert shown["voted"] == [2] and "my_vote" not in shown and "votes" not in shown and shown["shown"] == {}


def test_after_the_reveal_every_vote_is_public():
    state = play(council(), 0, QUESTION).state
    stones = ["black", "black", "white", "black", "black", "white", "white"]
    for seat, stone in enumerate(stones):
        step = play(state, seat, {"kind": "vote", "stone": stone})
        state = step.state
    last = GAME.view(state, None)["last"]
    assert last["votes"] == {str(seat): stone for seat, stone in enumerate(stones)}
    reveal = next(event.text for event in step.events if event.text.startswith("The stones are revealed!"))
    assert "⚪ Fly (3): Calippos, Berenike, Eudoxa" in reveal
    assert "⚫ Be invisible (4): Doreminos, Nausicaa, Malia, Archelaos" in reveal


@pytest.mark.parametrize("players", [5, 9, 12])
def test_shuffling_the_secrets_never_changes_what_the_public_or_a_seat_sees(players):
    for seed in range(4):
        chance = Chance.seeded(f"secrets-{players}-{seed}")
        state = GAME.setup(players, None, chance)
        for _ in range(400):
            if GAME.outcome(state) is not None:
                break
            for keep in (None, min(GAME.to_move(state))):
                shuffled = GAME.shuffle_secrets(state, chance, keep)
                assert GAME.view(shuffled, keep) == GAME.view(state, keep)
            seat = min(GAME.to_move(state))
            state = play(state, seat, GAME.stand_in(state, seat, chance)).state
