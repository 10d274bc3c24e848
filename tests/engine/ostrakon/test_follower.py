"""The Follower: once a game, a philosopher behind the speaker may follow their vote forward."""

import pytest

from engine import Chance, IllegalAction, NotYourTurn, referee
from engine.ostrakon import GAME
from engine.ostrakon.data import PHILOSOPHERS
from engine.ostrakon.rules import Follow, Options, Pile, State

QUESTION = {"kind": "ask", "question": "Mountains or sea?", "white": "Mountains", "black": "Sea"}
FOLLOW = {"kind": "follow"}
SCORE_3 = {0, 1, 2, 3, 4}  # 8 players, seat 0 speaks: 4 of 7 match, forward 3


def play(state, seat, action):
    return referee.play(GAME, state, seat, action, Chance.scripted())


def build(piles: dict[int, list[int]], sun: int, **fields) -> State:
    return State(
        options=Options(),
        names=list(PHILOSOPHERS[:8]),
        days=5,
        sun=sun,
        piles=[Pile(space=space, seats=seats) for space, seats in sorted(piles.items())],
        deck=["Food", "Love", "Work"],
        subject="Sport",
        next_subject="Money",
        **fields,
    )


def asked(piles, sun, **fields) -> State:
    return play(build(piles, sun, **fields), 0, QUESTION).state


def vote_all(state: State, black: set[int]):
    for seat in sorted(GAME.to_move(state)):
        step = play(state, seat, {"kind": "vote", "stone": "black" if seat in black else "white"})
        state = step.state
    return step


def test_a_follower_advances_as_far_as_the_speaker():
    state = asked({2: [5, 6], 3: [7, 1], 6: [2, 3, 4, 0]}, sun=6)
    assert GAME.view(state, 1)["can_follow"] and Follow() in GAME.legal_actions(state, 1)
    step = play(state, 1, FOLLOW)
    assert "**Nausicaa** follows **Doreminos**" in step.events[0].text and step.events[0].to is None
    assert GAME.view(step.state, None)["follower"] == 1 and 1 in GAME.to_move(step.state)  # still votes
    step = vote_all(step.state, SCORE_3)
    positions = GAME.view(step.state, None)["positions"]
    assert (positions[0], positions[1]) == (9, 6)
    assert step.state.last.follower == 1 and GAME.view(step.state, None)["followed"] == [1]
    assert any("**Nausicaa** follows, 3 spaces forward" in event.text for event in step.events)


def test_a_follower_never_passes_the_sun_and_may_speak_next():
    state = asked({3: [5, 6], 5: [7, 1], 6: [2, 3, 4, 0]}, sun=6)
    step = vote_all(play(state, 1, FOLLOW).state, SCORE_3)
    shown = GAME.view(step.state, None)
    assert shown["positions"][1] == 6  # 5 + 3 would be 8: stopped on the Sun's space
    assert {"space": 6, "seats": [2, 3, 4, 1]} in shown["piles"] and shown["speaker"] == 1


def test_a_follower_alone_on_the_suns_space_speaks_before_the_stack_under_the_sun_returns():
    state = asked({4: [5, 6], 5: [7, 1], 6: [0]}, sun=6, under_sun=[2, 3, 4])
    step = vote_all(play(state, 1, FOLLOW).state, SCORE_3)
    shown = GAME.view(step.state, None)
    assert (shown["sun"], shown["speaker"], shown["under_sun"]) == (6, 1, [2, 3, 4])


def test_a_follower_stays_put_when_the_speaker_goes_under_the_sun_and_the_card_is_spent():
    state = asked({3: [7, 1], 6: [5, 6, 2, 3, 4, 0]}, sun=6)
    step = vote_all(play(state, 1, FOLLOW).state, {0})
    shown = GAME.view(step.state, None)
    assert shown["positions"][1] == 3 and shown["under_sun"] == [0] and shown["followed"] == [1]


def test_a_follower_card_is_used_once_per_game():
    state = asked({3: [7, 1], 6: [5, 6, 2, 3, 4, 0]}, sun=6, followed=[1])
    assert not GAME.view(state, 1)["can_follow"] and Follow() not in GAME.legal_actions(state, 1)
    with pytest.raises(IllegalAction, match="already used"):
        play(state, 1, FOLLOW)


def test_the_first_claim_wins():
    state = asked({2: [5, 6], 3: [7, 1], 6: [2, 3, 4, 0]}, sun=6)
    state = play(state, 6, FOLLOW).state
    with pytest.raises(IllegalAction, match="already following"):
        play(state, 1, FOLLOW)
    assert GAME.view(state, 1)["can_follow"] is False


@pytest.mark.parametrize(
    "seat, piles, under_sun",
    [
        (7, {3: [7, 1], 6: [5, 6, 2, 3, 4, 0]}, []),  # not on top of the pile
        (4, {3: [7, 1], 6: [5, 6, 2, 3, 4, 0]}, []),  # on the speaker's pile: not behind
        (5, {3: [7, 1], 6: [6, 2, 3, 4, 0], 9: [5]}, []),  # ahead of the speaker
        (5, {3: [7, 1], 6: [6, 2, 3, 4, 0]}, [5]),  # under the Sun
    ],
)
def test_only_the_top_of_a_pile_behind_the_speaker_may_follow(seat, piles, under_sun):
    state = asked(piles, sun=6, under_sun=under_sun)
    assert not GAME.view(state, seat)["can_follow"]
    with pytest.raises(IllegalAction, match="top of a pile behind"):
        play(state, seat, FOLLOW)


def test_the_speaker_cannot_follow_themself():
    state = asked({3: [7, 1], 6: [5, 6, 2, 3, 4, 0]}, sun=6)
    with pytest.raises(IllegalAction, match="yourself"):
        play(state, 0, FOLLOW)


def test_the_follower_window_runs_from_the_question_until_you_vote():
    before = build({3: [7, 1], 6: [5, 6, 2, 3, 4, 0]}, sun=6)
    with pytest.raises(NotYourTurn):
        play(before, 1, FOLLOW)  # nothing asked yet
    state = play(before, 0, QUESTION).state
    state = play(state, 1, {"kind": "vote", "stone": "white"}).state
    assert not GAME.view(state, 1)["can_follow"]
    with pytest.raises(NotYourTurn):
        play(state, 1, FOLLOW)  # already voted
