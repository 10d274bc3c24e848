"""Epireia's deployment as the rulebook plays it: each league stands its own tokens in the slots of
the fronts, in secret. The rulebook's battlefield example, a strong token kept back, the figures
rule, the bot's varied plans, stored states of before, and what the other league may see."""

import pytest

from engine import Chance, IllegalAction, referee
from engine.epireia import GAME, deploy
from engine.epireia.actions import AutoDeploy, ConfirmFront, ConfirmPlan, EndDiplomacy, Place, Station, Strongest
from engine.epireia.state import State, Token
from tests.engine.epireia.test_setup import end_development, new_game, play


def hoplites(*strengths, level=1):
    return [Token(unit="hoplites", level=level, strength=s) for s in strengths]


def cavalry(*strengths):
    return [Token(unit="cavalry", level=1, strength=s) for s in strengths]


def public_texts(step):
    return [e.text for e in step.events if e.to is None]


def battle_with(delian, peloponnesian, figures=("Pericles", "Leonidas")):
    """Athens (Delian, seat 0) and Sparta (seat 1) with these armies, at the start of the battle."""
    state = new_game(["Athens", "Sparta"], figures=dict(zip(("Athens", "Sparta"), figures)))
    state.players[0].reserve, state.players[1].reserve = list(delian), list(peloponnesian)
    state.turn = state.options.last_turn
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    return play(state, 0, EndDiplomacy()).state


def set_front(state, seat, front, tokens):
    """Stand `tokens` in the front's slots in order (None leaves a slot empty), and confirm it."""
    for slot, token in enumerate(tokens):
        if token is not None:
            state = play(state, seat, Place(front=front, slot=slot, token=token)).state
    return play(state, seat, ConfirmFront(front=front)).state


def confirm_rest(state, seat, figure_front="maritime"):
    """Confirm the fronts still open as they stand, the league's figure on `figure_front`, the plan."""
    plan = state.battle.plans[state.players[seat].league]
    for front in ("flank", "centre", "maritime"):
        if front not in plan.columns:
            state = play(state, seat, ConfirmFront(front=front)).state
    figure = state.players[seat].figures[0]
    state = play(state, seat, Station(front=figure_front, figure=figure)).state
    return play(state, seat, ConfirmPlan())


def test_the_rulebooks_battlefield_example():
    """The rulebook's picture: columns 7, 3 and 2 against 3, 3 and 3: a victory, a tie, a defeat."""
    state = battle_with(hoplites(4, 3, level=2) + hoplites(2, 1, 1, 1), hoplites(2, 2, 2, 1, 1, 1))
    state = set_front(state, 0, "centre", hoplites(4, 3, level=2) + hoplites(2, 1, 1, 1))
    state = confirm_rest(state, 0).state
    state = set_front(state, 1, "centre", hoplites(2, 1, 2, 1, 2, 1))
    lines = public_texts(confirm_rest(state, 1))
    assert "🏺 Centre, column 1: Delian League **7** · Peloponnesian League **3**" in lines
    assert "🏺 Centre, column 2: Delian League **3** · Peloponnesian League **3**" in lines
    assert "🏺 Centre, column 3: Delian League **2** · Peloponnesian League **3**" in lines
    centre = lines[lines.index("🏺 Centre, column 1: Delian League **7** · Peloponnesian League **3**") :]
    assert centre[1:6:2] == [
        "Column 1: won by the Delian League.",
        "Column 2: a tie, nobody wins it.",
        "Column 3: won by the Peloponnesian League.",
    ]
    assert "🚩 The Centre front: nobody wins it." in lines


def front_results(delian_plan):
    """The Flank and the Centre after the Delians deploy with `delian_plan(state)` against a
    Peloponnesian 2·2·2 Flank and 3·3·3 Centre."""
    state = battle_with(
        cavalry(1, 1, 1) + hoplites(4, 3, 3, level=2) + hoplites(1, 1, 1), cavalry(2, 2, 2) + hoplites(2, 2, 2, 1, 1, 1)
    )
    state = delian_plan(state)
    state = confirm_rest(state, 0).state
    state = set_front(state, 1, "flank", [cavalry(2)[0], None] * 3)
    state = set_front(state, 1, "centre", hoplites(2, 1, 2, 1, 2, 1))
    state = confirm_rest(state, 1).state
    return state.battle.front_results[:2]


def strongest_everywhere(state):
    for front in ("flank", "centre"):
        state = play(state, 0, Strongest(front=front)).state
    return state


def strong_hoplite_kept_for_the_centre(state):
    strong, middle, weak = hoplites(4, 3, level=2) + hoplites(1)
    state = set_front(state, 0, "flank", [cavalry(1)[0], None] * 3)
    return set_front(state, 0, "centre", [strong, weak, middle, weak, middle, weak])


def test_keeping_a_strong_token_back_wins_a_front_the_default_loses():
    # The default sends a Hoplites 3 to the Flank and pairs 4 + 3 in one column: 7·2·0 loses the
    # Centre to 3·3·3. Kept back for the Centre and spread, the same tokens make 5·4·4.
    assert front_results(strongest_everywhere) == [None, "peloponnesian"]
    assert front_results(strong_hoplite_kept_for_the_centre) == ["peloponnesian", "delian"]


def test_three_figures_must_stand_one_on_each_front():
    state = battle_with([], [])
    state.players[0].figures = ["Pericles", "Cleisthenes", "Aspasia"]
    for front, figure in (("flank", "Pericles"), ("centre", "Cleisthenes")):
        state = play(state, 0, Station(front=front, figure=figure)).state
    with pytest.raises(IllegalAction, match="one on each front"):
        play(state, 0, ConfirmPlan())
    state = play(state, 0, Station(front="centre", figure="Aspasia")).state  # takes Cleisthenes's place
    assert state.battle.plans["delian"].figures == {"flank": "Pericles", "centre": "Aspasia"}
    state = play(state, 0, Station(front="flank", figure="Aspasia")).state  # a figure stands on one front
    assert state.battle.plans["delian"].figures == {"flank": "Aspasia"}
    for front, figure in (("centre", "Pericles"), ("maritime", "Cleisthenes")):
        state = play(state, 0, Station(front=front, figure=figure)).state
    assert play(state, 0, ConfirmPlan()).state.battle.plans["delian"].ready


def auto_plan(seed, state):
    step = referee.play(GAME, state, 0, AutoDeploy(), Chance.seeded(seed))
    plan = step.state.battle.plans["delian"]
    return plan, tuple(
        tuple(sum(t.strength for t in column) for column in plan.columns[front])
        for front in ("flank", "centre", "maritime")
    )


def test_the_bots_plan_varies_with_the_tables_chance_and_keeps_the_rules():
    army = (
        cavalry(2, 1, 1)
        + hoplites(4, 3, 3, level=2)
        + hoplites(2, 1, 1, 1)
        + [Token(unit="triremes", level=1, strength=s) for s in (2, 1, 1)]
    )
    state = battle_with(army, [])
    state.players[0].figures = ["Pericles", "Alcibiades", "Aspasia", "Cleisthenes"]
    plans = {seed: auto_plan(f"auto-{seed}", state) for seed in range(12)}
    assert len({totals for _, totals in plans.values()}) >= 4  # not always the same plan
    assert auto_plan("auto-3", state) == plans[3]  # the same chance, the same plan (replays stay exact)
    for plan, _ in plans.values():
        assert plan.ready and sorted(f for f in plan.figures.values() if f) == ["Alcibiades", "Cleisthenes", "Pericles"]
        for front, columns in plan.columns.items():
            assert all(len(column) <= 2 for column in columns)
            assert {t.unit for column in columns for t in column} <= set(deploy.data.FRONT_ROWS[front])
        standing = [t for columns in plan.columns.values() for column in columns for t in column]
        assert sorted(standing, key=str) == sorted(army, key=str)  # every token finds a slot


def test_a_stored_state_of_before_still_loads_and_plays_on():
    state = battle_with(cavalry(2, 1), hoplites(1))
    data = state.model_dump(mode="json")
    for plan in data["battle"]["plans"].values():
        plan.pop("slots")
    data["battle"]["plans"]["delian"]["columns"] = {
        "centre": [[], [], []],
        "flank": [[{"unit": "cavalry", "level": 1, "strength": 2}], [], []],
    }  # deployed the old way
    old = State.model_validate(data)
    assert old.battle.plans["delian"].slots == {}
    assert deploy.spare(old, "delian") == cavalry(1)
    assert ConfirmFront(front="maritime") in GAME.legal_actions(old, 0)
    assert play(old, 0, AutoDeploy(), rolls=()).state.battle.plans["delian"].ready
