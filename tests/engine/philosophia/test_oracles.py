"""Oracle cards: their effects, and cancelling them with a Veto card."""

import pytest

from engine import IllegalAction, NotYourTurn
from engine.philosophia import GAME, data

from .test_support import at, new_game, play, private, public

PLATO = data.CHARACTERS["Plato"].coins  # seat 0 in most tests


def holding(*cards, seats=2):
    state = at(new_game(seats), 0, "corinth")
    state.players[0].oracles = list(cards)
    return state


def resolved(state, card, **fields):
    """Play `card` and let every other player let it be."""
    step = play(state, 0, "play_oracle", card=card, **fields)
    state = step.state
    for seat in sorted(GAME.to_move(state)):
        if state.phase != "veto":
            break
        step = play(state, seat, "veto", cancel=False)
        state = step.state
    return step


def test_an_oracle_card_waits_for_every_other_player_to_answer():
    state = holding("Gift of Apollo", seats=3)
    # an Oracle card each, of a deck whose Veto is still in play: either might hold a Veto
    state.players[1].oracles, state.players[2].oracles = ["Favour of Dodona"], ["Favour of Trophonius"]
    step = play(state, 0, "play_oracle", card="Gift of Apollo")
    state = step.state
    assert state.phase == "veto" and GAME.to_move(state) == {1, 2}
    assert GAME.view(state, None)["veto"]["card"] == "Gift of Apollo"
    assert [a.cancel for a in GAME.legal_actions(state, 1)] == [False]  # no Veto card held
    with pytest.raises(IllegalAction):
        play(state, 1, "veto", cancel=True)
    state = play(state, 1, "veto", cancel=False).state
    assert GAME.view(state, None)["veto"]["answered"] == [1]
    state = play(state, 2, "veto", cancel=False).state
    assert state.phase == "act" and state.players[0].coins == PLATO + 2
    assert state.players[0].oracles == []
    assert GAME.to_move(state) == {0}  # the action is still to come


def test_the_first_veto_in_turn_order_cancels_the_card():
    state = holding("Gift of Apollo", seats=3)
    state.players[1].oracles = ["Zeus's Veto"]
    state.players[2].oracles = ["Apollo's Veto"]
    state = play(state, 0, "play_oracle", card="Gift of Apollo").state
    with pytest.raises(NotYourTurn):  # the player does not answer their own card
        play(state, 0, "veto", cancel=True)
    step = play(state, 2, "veto", cancel=True)
    assert public(step) == ["**Aristotle** has answered (1 still to answer)."]
    step = play(step.state, 1, "veto", cancel=True)
    state = step.state
    assert state.players[0].coins == PLATO
    assert state.players[1].oracles == [] and state.players[2].oracles == ["Apollo's Veto"]
    assert "🚫 **Homer** cancels *Gift of Apollo* with *Zeus's Veto*." in public(step)


def test_what_cannot_be_played_on_its_own():
    state = holding("Favour of Delphi", data.RIDDLE, "Apollo's Veto")
    assert [a for a in GAME.legal_actions(state, 0) if a.kind == "play_oracle"] == []
    for card in ("Favour of Delphi", data.RIDDLE, "Apollo's Veto"):
        with pytest.raises(IllegalAction):
            play(state, 0, "play_oracle", card=card)
    moving = holding("Gift of Apollo")
    moving.phase = "move"
    with pytest.raises(IllegalAction):
        play(moving, 0, "play_oracle", card="Gift of Apollo")
    other = holding("Gift of Apollo")
    other.players[1].oracles = ["Gift of Apollo"]
    with pytest.raises(NotYourTurn):
        play(other, 1, "play_oracle", card="Gift of Apollo")


def test_delphi_cards():
    state = resolved(holding("Gnothi Seauton"), "Gnothi Seauton", choice="Theory of Forms").state
    assert state.players[0].wisdom == ["Theory of Forms"]
    state = resolved(holding("Winged Sandals"), "Winged Sandals").state
    assert state.phase == "move" and state.turn == 0
    state = play(state, 0, "move", to="observe").state
    assert state.phase == "act" and state.players[0].location == "observe"


def test_dodona_cards():
    state = resolved(holding("Voice of the Oak"), "Voice of the Oak").state
    assert state.players[0].sophists == 1 and state.supply.sophists == 11
    state = resolved(holding("Sacred Grove"), "Sacred Grove").state
    assert state.players[0].builders == 1
    state = resolved(holding("Pilgrims"), "Pilgrims", choice="rhodes").state
    assert state.sites["rhodes"].followers == [0] and state.players[0].followers_left == 8
    step = resolved(holding("Doves of Dodona"), "Doves of Dodona", target=1)
    assert private(step, 0) == ["Homer holds: Ad Hominem, Ad Hominem, Modus Ponens."]
    assert "Modus Ponens" not in " ".join(public(step))


def test_trophonius_cards():
    step = resolved(holding("Waters of Lethe"), "Waters of Lethe", target=1)
    assert step.state.players[1].hand == ["Modus Ponens"]
    assert "**Homer** discards 2 argument cards." in public(step)
    assert "Ad Hominem" not in " ".join(public(step))
    state = holding("Dark Descent")
    state.sites["rhodes"].followers = [1]
    state.players[1].followers_left = 8
    state = resolved(state, "Dark Descent", target=1).state
    assert state.sites["rhodes"].followers == [] and state.players[1].followers_left == 9
    state = resolved(holding("Offering to the Cave"), "Offering to the Cave", target=1).state
    assert state.players[1].coins == 3 - 2
    state = holding("Stolen Honey Cakes")
    state.players[1].tokens = ["green", "red"]
    assert {a.choice for a in GAME.legal_actions(state, 0) if a.kind == "play_oracle"} == {"green", "red"}
    state = resolved(state, "Stolen Honey Cakes", target=1, choice="red").state
    assert state.players[0].tokens == ["red"] and state.players[1].tokens == ["green"]
    state = resolved(holding("Spell of Trophonius"), "Spell of Trophonius", target=1).state
    assert state.players[1].silenced


def test_targets_must_be_possible():
    state = holding("Dark Descent", "Stolen Honey Cakes", "Offering to the Cave")
    state.players[1].coins = 0
    assert [a for a in GAME.legal_actions(state, 0) if a.kind == "play_oracle"] == []
    with pytest.raises(IllegalAction):
        play(state, 0, "play_oracle", card="Dark Descent", target=1)
