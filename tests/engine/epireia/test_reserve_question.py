"""A battle plan that keeps most of the league's army back is asked about once before it is
confirmed (engine/epireia/deploy.py `confirmation`): players confirmed a plan with 1 token of 15
deployed without a word. Its plain confirmation, as the logs of the games before have it, still
confirms, so those replay as they were played."""

import pytest

from engine import Chance, IllegalAction, referee
from engine.epireia import GAME
from engine.epireia.actions import ConfirmFront, ConfirmPlan, Place, Station
from engine.epireia.standin import default_action
from engine.epireia.state import Token
from engine.epireia.takeback import refusal

from .test_deploy import battle_with, cavalry, hoplites
from .test_setup import play

ARMY = cavalry(1, 1, 1) + hoplites(*[1] * 9) + [Token(unit="triremes", level=1, strength=1)] * 3  # 15 tokens


def texts(step, to=None):
    return [e.text for e in step.events if e.to == to]


def planned(deployed: int, army=ARMY):
    """The Delians (seat 0) with `army`, `deployed` of its Hoplites in the Centre, every front
    confirmed and Pericles placed: the plan is complete."""
    state = battle_with(army, hoplites(1))
    for slot in range(deployed):
        state = play(state, 0, Place(front="centre", slot=slot, token=hoplites(1)[0])).state
    for front in ("flank", "centre", "maritime"):
        if front not in state.battle.plans["delian"].columns:
            state = play(state, 0, ConfirmFront(front=front)).state
    return play(state, 0, Station(front="flank", figure="Pericles")).state


def confirmations(state, seat=0):
    return [a for a in GAME.legal_actions(state, seat) if a.kind == "confirm_plan"]


def test_a_plan_with_most_tokens_in_reserve_asks_once_then_confirms():
    state = planned(1)
    (asking,) = confirmations(state)
    assert asking == ConfirmPlan(ask=True) and GAME.label(asking) == "⚔️ Confirm the battle plan"
    step = play(state, 0, asking)
    assert not step.state.battle.plans["delian"].ready and GAME.to_move(step.state) == {0, 1}
    assert texts(step) == [] and texts(step, 1) == []  # the reserve is the league's secret
    (question,) = texts(step, 0)
    assert question.startswith("⚔️ You leave 14 tokens in reserve: confirm?")
    (sure,) = confirmations(step.state)
    assert sure == ConfirmPlan(reserve=14) and GAME.label(sure) == "⚔️ Confirm the battle plan with 14 tokens in reserve"
    assert f"**{GAME.label(sure)}**" in question
    done = play(step.state, 0, sure)
    assert done.state.battle.plans["delian"].ready
    assert "Flank 0, Centre 1, Maritime 0" in texts(done)[0]


def test_the_question_is_not_taken_back_and_a_changed_plan_asks_again():
    state = planned(1)
    asked = play(state, 0, ConfirmPlan(ask=True)).state
    assert refusal(state, asked, 0, ConfirmPlan(ask=True), ()).startswith("the Great Battle's orders are final")
    changed = play(asked, 0, {"kind": "reopen", "front": "centre"}).state  # one more token in the Centre
    changed = play(changed, 0, Place(front="centre", slot=1, token=hoplites(1)[0])).state
    changed = play(changed, 0, ConfirmFront(front="centre")).state
    assert confirmations(changed) == [ConfirmPlan(ask=True)]  # 13 in reserve now: asked anew
    with pytest.raises(IllegalAction, match="Your plan has changed"):
        play(changed, 0, ConfirmPlan(reserve=14))


def test_a_plan_with_half_its_tokens_deployed_or_more_confirms_at_once():
    assert confirmations(planned(6)) == [ConfirmPlan(ask=True)]  # 9 of 15 kept back
    four = hoplites(1, 1, 1, 1)
    assert confirmations(planned(1, four)) == [ConfirmPlan(ask=True)]  # 3 of 4 kept back
    state = planned(2, four)  # 2 of 4: half, not more
    assert confirmations(state) == [ConfirmPlan()] and GAME.label(ConfirmPlan()) == "⚔️ Confirm the battle plan"
    assert play(state, 0, ConfirmPlan()).state.battle.plans["delian"].ready


def test_the_plain_confirmation_of_the_logs_of_before_still_confirms_and_the_clock_still_deploys():
    state = planned(1)
    assert ConfirmPlan() not in GAME.legal_actions(state, 0)
    assert play(state, 0, {"kind": "confirm_plan"}).state.battle.plans["delian"].ready  # an old log row
    chance = Chance.seeded("reserve")
    auto = default_action(state, 0, chance)
    assert auto.kind == "auto_deploy"
    assert referee.play(GAME, state, 0, auto, chance).state.battle.plans["delian"].ready
