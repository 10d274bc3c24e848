"""The strong stand-in: a legal choice in positions of seeded playouts (1 to 4 seats), the same
choice when what it cannot see is re-dealt, whole games through the referee, and sensible
preferences (Level II units once it can, a figure engaged where it wins the column)."""

import pytest

from engine import Chance, RuleError, referee
from engine.epireia import GAME
from engine.epireia.actions import ConfirmPlan, Engage, Produce, Station
from engine.epireia.strong import strong

from .test_battle import at_the_battle, cavalry, set_front, trireme
from .test_setup import new_game


def positions(seats, seed, every=2):
    """Every `every`-th position of a seeded game of random play and stand-ins, with a seat to move."""
    chance = Chance.seeded(f"strong:{seats}:{seed}")
    state = GAME.setup(seats, GAME.Options(), chance)
    found = []
    for number in range(3000):
        if GAME.outcome(state) is not None:
            return found
        seat = chance.pick(sorted(GAME.to_move(state)))
        if number % every == 0:
            found.append((state, seat))
        legal = GAME.legal_actions(state, seat)
        action = chance.pick(legal) if chance.roll(2) == 1 else GAME.stand_in(state, seat, chance)
        state = referee.play(GAME, state, seat, action, chance).state
    pytest.fail("no end within 3000 moves")


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_a_legal_choice_in_every_phase_met(seats):
    phases = set()
    for number, (state, seat) in enumerate(positions(seats, 1)):
        action = strong(state, seat, Chance.seeded(f"choose:{number}"))
        assert action in GAME.legal_actions(state, seat), (state.phase, action)
        phases.add(state.phase)
    assert {"develop", "diplomacy"} <= phases and (seats == 1 or "battle" in phases)


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_the_same_choice_when_the_hidden_parts_are_re_dealt(seats):
    differed = 0
    for number, (state, seat) in enumerate(positions(seats, 2, every=3)):
        choice = strong(state, seat, Chance.seeded(f"same:{number}"))
        for deal in range(2):
            shadow = GAME.shuffle_secrets(state, Chance.seeded(f"deal:{number}:{deal}"), keep=seat)
            assert GAME.view(shadow, seat) == GAME.view(state, seat)
            differed += shadow != state
            assert strong(shadow, seat, Chance.seeded(f"same:{number}")) == choice, state.phase
    assert differed >= 10  # the re-deals did hide something else


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_a_strong_seat_plays_whole_games_through_the_referee(seats):
    for seed in range(2):
        chance = Chance.seeded(f"strong game:{seats}:{seed}")
        state = GAME.setup(seats, GAME.Options(), chance)
        strong_seat = seed % seats
        for number in range(3000):
            if GAME.outcome(state) is not None:
                break
            seat = chance.pick(sorted(GAME.to_move(state)))
            if seat == strong_seat:
                action = strong(state, seat, Chance.seeded(f"strong:{number}"))
            else:
                action = chance.pick(GAME.legal_actions(state, seat))
            try:
                state = referee.play(GAME, state, seat, action, chance).state
            except RuleError as error:
                pytest.fail(f"{action} was refused: {error}")
        assert state.phase == "over" and state.result


def test_it_produces_level_two_hoplites_once_it_has_barracks():
    state = new_game(["Athens", "Sparta"])
    state.scenario_winner = 1  # the Act's objective is out of reach: the army comes first
    player = state.players[0]
    player.buildings, player.copper = ["Barracks"], 3
    assert strong(state, 0, Chance.seeded("produce")) == Produce(unit="hoplites", level=2)


def test_it_makes_its_own_battle_plan_step_by_step():
    state = at_the_battle()  # Athens (Delian, Pericles) against Sparta (Leonidas), no Hoplites
    for seat, league in ((0, "delian"), (1, "peloponnesian")):
        for _ in range(40):
            if state.battle.plans[league].ready:
                break
            action = strong(state, seat, Chance.seeded("plan"))
            assert action.kind != "auto_deploy"  # its own plan, one slot at a time
            state = referee.play(GAME, state, seat, action, Chance.seeded("plan")).state
        plan = state.battle.plans[league]
        assert plan.ready and [f for f in plan.figures.values() if f] == state.players[seat].figures
        standing = sum(len(column) for columns in plan.columns.values() for column in columns)
        assert standing == len(state.players[seat].reserve)  # nothing is kept back for nothing
    assert state.battle.revealed


def test_it_answers_an_engagement_with_the_figure_that_wins_the_column():
    state = at_the_battle()
    state = set_front(state, 0, "flank", {0: cavalry(2), 2: cavalry(1), 4: cavalry(1)})
    state = set_front(state, 0, "maritime", {0: trireme(2), 1: trireme(2)})
    state = referee.play(GAME, state, 0, Station(front="flank", figure="Pericles"), Chance.scripted()).state
    state = referee.play(GAME, state, 0, ConfirmPlan(), Chance.scripted()).state
    state = set_front(state, 1, "flank", {0: cavalry(1), 2: cavalry(1), 4: cavalry(1)})
    state = set_front(state, 1, "maritime", {0: trireme(1), 2: trireme(1), 4: trireme(1), 5: trireme(1)})
    state = referee.play(GAME, state, 1, Station(front="flank", figure="Leonidas"), Chance.scripted()).state
    state = referee.play(GAME, state, 1, ConfirmPlan(), Chance.scripted()).state
    state = referee.play(GAME, state, 1, Engage(figure="Leonidas"), Chance.scripted()).state
    state = referee.play(GAME, state, 0, Engage(), Chance.scripted()).state
    assert state.battle.stage == "respond"  # 2 against Leonidas's 1 + 3: Athens may answer
    assert strong(state, 0, Chance.seeded("answer")) == Engage(figure="Pericles")  # 5 against 4
