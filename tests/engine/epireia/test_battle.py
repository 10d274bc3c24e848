"""Epireia's Great Battle: secret deployment and figures, columns engaged in secret, answers,
ties, fronts, and the end-of-game tie-breaks (Maritime front, then Prestige, then Copper)."""
import pytest

from engine import IllegalAction
from engine.epireia import GAME, battle
from engine.epireia.actions import Deploy, EndDiplomacy, Engage, Station
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


def test_deployment_choices_are_column_strengths():
    state = at_the_battle()
    assert state.phase == "battle" and GAME.to_move(state) == {0, 1}
    assert [a.totals for a in GAME.legal_actions(state, 0)] == [(2, 1, 1), (1, 2, 1), (1, 1, 2)]
    assert GAME.label(Deploy(front="flank", totals=(2, 1, 1))) == "Flank columns: 2 · 1 · 1"
    # Sparta's flank stands only one way, but it is still Sparta's to confirm (that its tokens are
    # all alike is its secret); the empty centres are deployed at once.
    assert GAME.legal_actions(state, 1) == [Deploy(front="flank", totals=(1, 1, 1))]
    state = play(state, 1, Deploy(front="flank", totals=(1, 1, 1))).state
    assert [a.front for a in GAME.legal_actions(state, 1)] == ["maritime"] * 6


def test_the_whole_battle():
    state = at_the_battle()
    state = play(state, 0, Deploy(front="flank", totals=(2, 1, 1))).state
    assert [a.totals for a in GAME.legal_actions(state, 0)] == [
        (4, 0, 0), (0, 4, 0), (0, 0, 4), (2, 2, 0), (2, 0, 2), (0, 2, 2)]
    state = play(state, 0, Deploy(front="maritime", totals=(4, 0, 0))).state
    assert GAME.legal_actions(state, 0) == [Station(front="flank", figure="Pericles"), Station(front="flank")]
    step = play(state, 0, Station(front="flank", figure="Pericles"))
    state = step.state
    assert state.battle.plans["delian"].ready and GAME.to_move(state) == {1}
    assert "Pericles" not in str(GAME.view(state, None)["battle"]) and "Pericles" not in str(GAME.view(state, 1)["battle"])
    assert GAME.view(state, 0)["battle"]["my_plan"]["figures"]["flank"] == "Pericles"
    state = play(state, 1, Deploy(front="flank", totals=(1, 1, 1))).state
    state = play(state, 1, Deploy(front="maritime", totals=(1, 1, 2))).state
    step = play(state, 1, Station(front="flank", figure="Leonidas"))
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
    for seat, action in ((0, Deploy(front="flank", totals=(1, 1, 2))), (0, Deploy(front="maritime", totals=(4, 0, 0))),
                         (0, Station(front="flank", figure="Pericles")), (1, Deploy(front="flank", totals=(1, 1, 1))),
                         (1, Deploy(front="maritime", totals=(1, 1, 2))),
                         (1, Station(front="flank")), (1, Station(front="centre"))):
        state = play(state, seat, action).state
    assert state.battle.plans["peloponnesian"].figures["maritime"] == "Leonidas"  # the only way left
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


def test_arrangements_concentrate_or_spread_the_strongest():
    army = tokens("hoplites", 4, 3, 2, 2, 1, 1)
    totals = [battle.totals_of(c) for c in battle.arrangements(army, "centre")]
    # The centre takes two hoplites of every three, strongest first: 4, 3, 2, 1 (a 2 and a 1 go to
    # the flank). Together: 4+3, 2+1 and an empty column; spread: 4, 3, 2+1; in any order.
    assert totals == [(7, 3, 0), (7, 0, 3), (3, 7, 0), (3, 0, 7), (0, 7, 3), (0, 3, 7),
                      (4, 3, 3), (3, 4, 3), (3, 3, 4)]
    flank = [battle.totals_of(c) for c in battle.arrangements(army + tokens("cavalry", 2), "flank")]
    assert flank[0] == (4, 1, 0)


def test_engagement_is_refused_out_of_turn():
    state = at_the_battle()
    with pytest.raises(IllegalAction):
        play(state, 0, Station(front="flank", figure="Pericles"))  # deploy first
