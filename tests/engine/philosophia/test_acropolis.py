"""The Acropolis (observe, timeline, Athena's auction), the Labyrinth criteria and the game's end."""

import pytest

from engine import Chance, IllegalAction, NotYourTurn
from engine.philosophia import GAME, data
from engine.philosophia.clock import LAST

from .test_support import at, new_game, play, private, public

PLATO = data.CHARACTERS["Plato"].coins  # seat 0 in most tests


def legal(state, seat, kind):
    return [a for a in GAME.legal_actions(state, seat) if a.kind == kind]


# --- Observe the Debaters ------------------------------------------------------------------------


def test_observe_draws_two_cards_from_either_deck_in_any_mix():
    state = at(new_game(2), 0, "observe")
    mixes = {(a.sophistry, a.syllogism) for a in legal(state, 0, "observe")}
    assert mixes == {(0, 2), (1, 1), (2, 0)}
    step = play(state, 0, "observe", sophistry=1, syllogism=1)
    hand = step.state.players[0].hand
    assert len(hand) == 4 and hand[2] in data.SOPHISTRY and hand[3] in data.SYLLOGISMS
    assert "1 Sophistry and 1 Syllogism" in public(step)[1]
    assert hand[2] in private(step, 0)[0] and hand[2] not in " ".join(public(step))


def test_the_hand_limit_caps_observing():
    state = at(new_game(2), 0, "observe")
    state.players[0].hand = ["Ad Hominem"] * 6
    assert {(a.sophistry, a.syllogism) for a in legal(state, 0, "observe")} == {(0, 1), (1, 0)}
    state.players[0].hand = ["Ad Hominem"] * 7
    assert legal(state, 0, "observe") == []
    state.players[0].wisdom = ["Know Thyself"]  # +1 hand limit
    assert len(legal(state, 0, "observe")) == 2


# --- The timeline and the end --------------------------------------------------------------------


def test_progress_moves_the_timeline_but_only_three_tokens_take_the_last_step():
    state = at(new_game(2), 0, "timeline")
    state = play(state, 0, "progress").state
    assert state.timeline == 1 and state.turn == 1
    state = at(state, 0, "timeline")
    state.timeline = LAST - 1
    assert legal(state, 0, "progress") == []
    with pytest.raises(IllegalAction):
        play(state, 0, "progress")
    state.players[0].claimed = ["followers", "schools", "wisdom"]
    state.players[0].numbered = 1
    step = play(state, 0, "progress")
    assert GAME.outcome(step.state).winners == (0,)
    assert "146 BC" in " ".join(public(step))


def test_if_rome_arrives_and_nobody_has_three_tokens_nobody_wins():
    state = new_game(2)
    state.timeline = LAST - 1
    state.round = 4
    state.turn = 1
    state = play(play(state, 1, "move", to="observe").state, 1, "rest").state
    outcome = GAME.outcome(state)
    assert outcome.winners == () and "Romans" in outcome.reason
    assert GAME.to_move(state) == frozenset()


def test_rome_hurries_once_someone_holds_two_tokens_if_the_option_is_on():
    for hurry, expected in ((False, 0), (True, 1)):
        state = new_game(2, romans_hurry=hurry)
        state.players[0].claimed = ["followers", "schools"]
        state.turn = 1
        state = play(play(state, 1, "move", to="observe").state, 1, "rest").state
        assert state.timeline == expected


# --- The Labyrinth -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "criterion,setup",
    [
        ("schools", lambda p, s: setattr(p, "schools_left", 0)),
        ("followers", lambda p, s: setattr(p, "followers_left", 0)),
        ("debates", lambda p, s: setattr(p, "debate_wins", 3)),
        ("wisdom", lambda p, s: setattr(p, "wisdom", list(data.CHARACTERS[p.character].wisdom))),
        ("favours", lambda p, s: setattr(p, "oracles", list(data.FAVOURS))),
        ("colours", lambda p, s: setattr(p, "tokens", list(data.TOKEN_COLOURS))),
    ],
)
def test_each_labyrinth_criterion_earns_a_token(criterion, setup):
    state = at(new_game(2), 0, "corinth")
    assert legal(state, 0, "labyrinth") == []
    setup(state.players[0], state)
    assert [a.criterion for a in legal(state, 0, "labyrinth")] == [criterion]
    state = play(state, 0, "labyrinth", criterion=criterion).state
    assert state.players[0].claimed == [criterion] and state.supply.regular == 11
    assert legal(at(state, 0, "corinth"), 0, "labyrinth") == []  # each criterion once


def test_the_third_token_is_the_lowest_numbered_one_left():
    state = at(new_game(2), 0, "corinth")
    state.players[0].claimed = ["schools", "followers"]
    state.players[0].debate_wins = 3
    state.supply.numbered = [2, 3, 4, 5, 6]
    state = play(state, 0, "labyrinth", criterion="debates").state
    assert state.players[0].numbered == 2 and state.supply.numbered == [3, 4, 5, 6]
    state = at(state, 0, "corinth")
    state.players[0].wisdom = list(data.CHARACTERS["Plato"].wisdom)
    assert legal(state, 0, "labyrinth") == []  # three is the most


def test_an_olympic_request_is_a_criterion_for_its_holder():
    state = at(new_game(2), 0, "corinth")
    for loc in ("delphi", "dodona", "lebadea"):
        state.sites[loc].followers = [0]
    assert legal(state, 0, "labyrinth") == []
    state.players[0].requests = ["Request of Apollo"]
    assert [a.criterion for a in legal(state, 0, "labyrinth")] == ["Request of Apollo"]
    state.players[0].requests = ["Request of Hermes"]
    state.sites["miletus"].schools = [0]
    state.sites["samos"].schools = [0]
    assert [a.criterion for a in legal(state, 0, "labyrinth")] == ["Request of Hermes"]


# --- Athena's auction ----------------------------------------------------------------------------


def auction_position():
    state = at(new_game(3), 0, "athena")
    state.players[0].coins, state.players[1].coins, state.players[2].coins = 5, 3, 6
    state.players[1].hand = ["Ad Baculum", "Modus Ponens"]
    return play(state, 0, "offering").state


def test_an_offering_to_athena_is_a_secret_simultaneous_auction():
    state = auction_position()
    assert state.phase == "auction" and GAME.to_move(state) == {0, 1, 2}
    assert GAME.view(state, None)["auction"]["card"] == "Request of Apollo"
    assert max(a.amount for a in legal(state, 1, "bid")) == 3 + 3  # coins plus Sophistry value
    step = play(state, 1, "bid", amount=2)
    state = step.state
    assert GAME.to_move(state) == {0, 2}
    assert public(step) == ["**Homer** has made a secret offering (1/3)."]
    assert private(step, 1) == ["You offer 2."]
    assert GAME.view(state, None)["auction"]["bid"] == [1]
    assert "bids" not in GAME.view(state, None)["auction"]
    assert GAME.view(state, 1)["my_bid"] == 2 and GAME.view(state, 0)["my_bid"] is None
    with pytest.raises(NotYourTurn):  # one secret offering each
        play(state, 1, "bid", amount=3)


def test_the_highest_offering_wins_and_pays():
    state = auction_position()
    state = play(state, 1, "bid", amount=5).state
    state = play(state, 2, "bid", amount=4).state
    step = play(state, 0, "bid", amount=1)
    state = step.state
    assert "🦉 The offerings are revealed: **Plato** 1, **Homer** 5, **Aristotle** 4." in public(step)
    winner = state.players[1]
    assert winner.requests == ["Request of Apollo"] and winner.disks == 1
    assert winner.coins == 0 and winner.hand == ["Modus Ponens"]  # 3 coins and the Ad Baculum (3)
    assert state.players[0].coins == 5 and state.players[2].coins == 6
    assert state.last_auction["bids"] == {"0": 1, "1": 5, "2": 4}
    assert state.phase == "move" and state.turn == 1


def test_the_initiator_wins_ties_and_then_the_next_in_turn_order():
    state = auction_position()
    for seat, amount in ((1, 3), (2, 3), (0, 3)):
        state = play(state, seat, "bid", amount=amount).state
    assert state.players[0].requests == ["Request of Apollo"]
    state = auction_position()
    for seat, amount in ((1, 3), (2, 3), (0, 1)):
        state = play(state, seat, "bid", amount=amount).state
    assert state.players[1].requests == ["Request of Apollo"]


def test_an_athena_disk_adds_a_coin_to_tutor():
    state = at(new_game(2), 0, "corinth")
    state.players[0].disks = 2
    assert play(state, 0, "tutor").state.players[0].coins == PLATO + 3


def test_public_view_of_an_auction_does_not_change_with_the_secret_bids():
    state = auction_position()
    state = play(state, 1, "bid", amount=5).state
    shadow = GAME.shuffle_secrets(state, Chance.seeded("x"), keep=None)
    assert GAME.view(shadow, None) == GAME.view(state, None)
