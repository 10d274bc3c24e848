"""Epireia's Great Battle: secret deployment slot by slot and figures, columns engaged in secret, answers,
ties, fronts, and the end-of-game tie-breaks (Maritime front, then Prestige, then Copper)."""

import pytest

from engine import IllegalAction
from engine.epireia import GAME, battle
from engine.epireia.actions import ConfirmFront, ConfirmPlan, EndDiplomacy, Engage, Place, Station, Strongest
from engine.epireia.state import Battle, Plan, Token

from .test_setup import end_development, new_game, play


def tokens(unit, *strengths):
    return [Token(unit=unit, level=1, strength=s) for s in strengths]


def texts(step):
    return [e.text for e in step.events if e.to is None]


def at_the_battle():
    """Athens (Delian, seat 0) with Pericles; Sparta (seat 1) with Leonidas; the last turn ends."""
    state = new_game(["Athens", "Sparta"], figures={"Athens": "Pericles", "Sparta": "Leonidas"})
    state.players[0].reserve = tokens("cavalry", 2, 1, 1) + tokens("triremes", 2, 2)
    state.players[1].reserve = tokens("cavalry", 1, 1, 1) + tokens("triremes", 1, 1, 1, 1)
    state.turn = state.options.last_turn
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    return play(state, 0, EndDiplomacy()).state


def cavalry(strength):
    return Token(unit="cavalry", level=1, strength=strength)


def trireme(strength):
    return Token(unit="triremes", level=1, strength=strength)


def set_front(state, seat, front, slots):
    """Stand tokens in a front's slots ({slot: token}) and confirm it."""
    for slot, token in slots.items():
        state = play(state, seat, Place(front=front, slot=slot, token=token)).state
    return play(state, seat, ConfirmFront(front=front)).state


def test_deployment_is_slot_by_slot():
    state = at_the_battle()
    assert state.phase == "battle" and GAME.to_move(state) == {0, 1}
    assert "centre" in state.battle.plans["delian"].columns  # no Hoplites: the Centre stands empty
    places = [a for a in GAME.legal_actions(state, 0) if a.kind == "place"]
    assert {(a.front, a.slot) for a in places} == {("flank", 0), ("flank", 2), ("flank", 4)} | {
        ("maritime", slot) for slot in range(6)
    }  # the Flank's second row takes Hoplites only
    assert {a.token.strength for a in places if a.front == "flank"} == {2, 1}
    assert GAME.label(Place(front="flank", slot=2, token=cavalry(2))) == "Flank column 2, row 1: 🐎 Cavalry I (2)"
    state = play(state, 0, Strongest(front="flank")).state
    assert state.battle.plans["delian"].slots["flank"] == [cavalry(2), None, cavalry(1), None, cavalry(1), None]
    state = play(state, 0, Place(front="flank", slot=0)).state  # empties the slot: its token is free again
    assert state.battle.plans["delian"].slots["flank"][0] is None
    state = play(state, 0, Place(front="maritime", slot=0, token=trireme(2))).state
    state = play(state, 0, Place(front="maritime", slot=1, token=trireme(2))).state
    for wrong in (
        Place(front="maritime", slot=2, token=trireme(2)),  # both Triremes stand already
        Place(front="flank", slot=1, token=cavalry(2)),  # a Hoplites slot
        ConfirmPlan(),
    ):  # the Flank and the Maritime are not confirmed, Pericles not placed
        with pytest.raises(IllegalAction):
            play(state, 0, wrong)
    assert GAME.view(state, 1)["battle"]["deployed"]["delian"] == {"centre": 0}


def test_the_whole_battle():
    state = at_the_battle()
    state = set_front(state, 0, "flank", {0: cavalry(2), 2: cavalry(1), 4: cavalry(1)})
    state = set_front(state, 0, "maritime", {0: trireme(2), 1: trireme(2)})
    state = play(state, 0, Station(front="flank", figure="Pericles")).state
    step = play(state, 0, ConfirmPlan())
    assert "Flank 3, Centre 0, Maritime 2" in texts(step)[0]
    state = step.state
    assert state.battle.plans["delian"].ready and GAME.to_move(state) == {1}
    assert "Pericles" not in str(GAME.view(state, None)["battle"]) and "Pericles" not in str(
        GAME.view(state, 1)["battle"]
    )
    assert GAME.view(state, 0)["battle"]["my_plan"]["figures"]["flank"] == "Pericles"
    state = play(state, 1, Strongest(front="flank")).state
    state = play(state, 1, ConfirmFront(front="flank")).state
    state = set_front(state, 1, "maritime", {0: trireme(1), 2: trireme(1), 4: trireme(1), 5: trireme(1)})
    state = play(state, 1, Station(front="flank", figure="Leonidas")).state
    step = play(state, 1, ConfirmPlan())
    assert any("Pericles" in t and "Leonidas" in t for t in texts(step))
    assert any("Flank, column 1: Delian League **2** · Peloponnesian League **1**" in t for t in texts(step))
    state = step.state
    assert GAME.to_move(state) == {0, 1}  # both may engage in column 1, in secret

    step = play(state, 1, Engage(figure="Leonidas"))
    state = step.state
    assert GAME.to_move(state) == {0}
    assert GAME.view(state, None)["battle"]["decided"] == ["peloponnesian"]
    assert "figure" not in str(GAME.view(state, 0)["battle"]["my_choice"])
    assert not any("Leonidas" in t for t in texts(step))
    step = play(state, 0, Engage())  # Athens holds back... and sees Leonidas engaged
    assert any("Peloponnesian League engages Leonidas (+3): **4**" in t for t in texts(step))
    state = step.state
    assert state.battle.stage == "respond" and GAME.to_move(state) == {0}
    step = play(state, 0, Engage(figure="Pericles"))  # ...then answers with Pericles: 5 against 4
    lines = texts(step)
    assert any("Column 1: won by the Delian League" in t for t in lines)
    assert any("Column 2: a tie" in t for t in lines) and any("Column 3: a tie" in t for t in lines)
    assert any("The Flank front: won by **the Delian League**" in t for t in lines)
    assert any("The Centre front: nobody wins it" in t for t in lines)
    assert any("The Maritime front: won by **the Peloponnesian League**" in t for t in lines)
    state = step.state
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,) and "won the Maritime front" in outcome.reason
    assert GAME.to_move(state) == frozenset()


def test_a_figure_can_only_be_engaged_once_per_front():
    state = at_the_battle()
    state = set_front(state, 0, "flank", {0: cavalry(1), 2: cavalry(1), 4: cavalry(2)})
    state = set_front(state, 0, "maritime", {0: trireme(2), 1: trireme(2)})
    state = play(state, 0, Station(front="flank", figure="Pericles")).state
    state = play(state, 0, ConfirmPlan()).state
    state = play(state, 1, Strongest(front="flank")).state
    state = play(state, 1, ConfirmFront(front="flank")).state
    state = set_front(state, 1, "maritime", {0: trireme(1), 2: trireme(1), 4: trireme(1), 5: trireme(1)})
    state = play(state, 1, Station(front="maritime", figure="Leonidas")).state
    state = play(state, 1, ConfirmPlan()).state
    # Flank column 1: 1 against 1, and only Athens has a figure there: it alone decides, openly.
    assert GAME.to_move(state) == {0}
    step = play(state, 0, Engage(figure="Pericles"))
    lines = texts(step)
    assert any("Column 1: won by the Delian League" in t for t in lines)
    assert any("Column 2: a tie" in t for t in lines)  # Pericles is spent on this front
    assert any("Column 3: won by the Delian League" in t for t in lines)
    state = step.state
    assert state.battle.front == 2 and GAME.to_move(state) == {1}  # Leonidas at sea: 1 + 3 may tie 4
    assert GAME.legal_actions(state, 1) == [Engage(), Engage(figure="Leonidas")]
    assert [GAME.label(a) for a in GAME.legal_actions(state, 1)] == ["Hold back", "Engage Leonidas (+3)"]


def finish(front_results, prestige=(1, 1), copper=(2, 2)):
    state = new_game(["Athens", "Sparta"])
    for player, p, c in zip(state.players, prestige, copper):
        player.prestige, player.copper = p, c
    state.battle = Battle(plans={"delian": Plan(), "peloponnesian": Plan()}, front_results=front_results)
    battle._finish(state, [])
    return state


def test_end_of_game_tie_breaks():
    assert finish(["delian", "peloponnesian", "delian"]).winners == [0]
    assert finish(["delian", None, None]).winners == [0]
    assert finish(["delian", "peloponnesian", None], prestige=(2, 5)).winners == [1]
    assert finish([None, None, None], prestige=(4, 2)).winners == [0]
    assert finish(["peloponnesian", "delian", None], prestige=(3, 3), copper=(1, 6)).winners == [1]
    draw = finish([None, None, None])
    assert draw.winners == [0, 1] and "share" in draw.result


def test_strongest_shares_the_hoplites_as_the_table_rule_says():
    state = at_the_battle()
    state.players[0].reserve += tokens("hoplites", 4, 3, 2, 2, 1, 1)
    state.battle.plans["delian"].columns.pop("centre")  # the Hoplites came after the start
    # Two of every three Hoplites to the Centre, strongest first: 4, 3, 2, 1 (a 2 and a 1 stay for
    # the Flank), the strongest together: columns 7, 3 and an empty one.
    state = play(state, 0, Strongest(front="centre")).state
    assert [t and t.strength for t in state.battle.plans["delian"].slots["centre"]] == [4, 3, 2, 1, None, None]
    state = play(state, 0, Strongest(front="flank")).state
    assert [t and t.strength for t in state.battle.plans["delian"].slots["flank"]] == [2, 2, 1, 1, 1, None]


def test_engagement_is_refused_out_of_turn():
    state = at_the_battle()
    with pytest.raises(IllegalAction):
        play(state, 0, Engage(figure="Pericles"))  # deploy first
