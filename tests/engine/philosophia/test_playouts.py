"""Seeded random playouts for 1-6 seats: they end, refuse only with RuleErrors, round-trip through
JSON, keep secrets out of public views, and offer short, distinct labels."""

import pytest

from engine import Chance, RuleError, referee
from engine.philosophia import GAME, invariants
from engine.philosophia.clock import finishers

MAX_STEPS = 3000


def playout(seats: int, seed: int, options=None, check_secrets: bool = False) -> int:
    chance = Chance.seeded(f"philosophia:{seats}:{seed}")
    state = GAME.setup(seats, options or GAME.Options(), chance)
    for number in range(MAX_STEPS):
        assert GAME.State.model_validate_json(state.model_dump_json()) == state
        assert invariants(state) == []
        if GAME.outcome(state) is not None:
            assert GAME.to_move(state) == frozenset()
            return number
        seat = chance.pick(sorted(GAME.to_move(state)))
        legal = GAME.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action in phase {state.phase}"
        by_kind: dict[str, list[str]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(GAME.label(action))
        for kind, labels in by_kind.items():
            assert all(0 < len(text) <= 80 for text in labels), labels
            assert len(set(labels)) == len(labels), f"labels of {kind} repeat: {labels}"
            assert len(labels) <= 60, f"too many {kind} choices: {len(labels)}"
        assert len(by_kind.get("move", [])) <= 25
        action = GAME.stand_in(state, seat, chance) if chance.roll(2) == 1 else chance.pick(legal)
        if getattr(action, "example", None) == "":  # a text the player writes (True Philosopher)
            action = action.model_copy(update={"example": "If all men are mortal and I am a man, I am mortal."})
        if check_secrets:
            for viewer in (None, seat):
                shadow = GAME.shuffle_secrets(state, Chance.seeded(f"shadow{number}"), keep=viewer)
                assert GAME.view(shadow, viewer) == GAME.view(state, viewer)
        try:
            state = referee.play(GAME, state, seat, action, Chance.seeded(f"{seed}:{number}")).state
        except RuleError as error:  # only a stand-in's mistake could land here
            pytest.fail(f"a legal or stand-in action was refused: {action} ({error})")
    pytest.fail(f"{seats} seats did not end within {MAX_STEPS} actions (seed {seed})")


@pytest.mark.parametrize("seats", range(1, 7))
def test_random_playouts_end(seats):
    lengths = [playout(seats, seed, check_secrets=seed == 0) for seed in range(4)]
    assert max(lengths) < MAX_STEPS


@pytest.mark.parametrize(
    "options",
    [
        {"movement": "adjacent"},
        {"true_philosopher": True},
        {"true_philosopher": True, "examples": True},
        {"tutor": "flat", "romans_hurry": True},
        {"hourglass_rounds": 10},
    ],
)
def test_playouts_end_with_every_option(options):
    for seats in (1, 3, 6):
        playout(seats, 7, GAME.Options(**options))


def test_stand_ins_alone_finish_games_and_only_a_way_out_of_the_labyrinth_wins():
    outcomes = []
    for seed in range(6):
        chance = Chance.seeded(f"standin:{seed}")
        state = GAME.setup(3, GAME.Options(), chance)
        while GAME.outcome(state) is None:
            seat = chance.pick(sorted(GAME.to_move(state)))
            state = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance).state
        outcome, escaped = GAME.outcome(state), finishers(state)
        if outcome.winners:  # one philosopher with three Labyrinth tokens (the best of them in a final debate)
            assert len(outcome.winners) == 1 and set(outcome.winners) <= set(escaped), (outcome, escaped)
            assert state.players[outcome.winners[0]].character in outcome.reason
        else:
            assert not escaped and "the Romans win" in outcome.reason, (outcome, escaped)
        outcomes.append(outcome.winners)
    assert any(outcomes), "stand-ins should sometimes get out of the Labyrinth"


def test_default_actions_are_legal_and_harmless():
    state = GAME.setup(3, GAME.Options(), Chance.seeded("default"))
    chance = Chance.seeded("clock")
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_move(state))
        action = GAME.default_action(state, seat, chance)
        if state.phase == "auction":
            assert action.amount == 0
        if state.phase == "veto":
            assert not action.cancel
        state = referee.play(GAME, state, seat, action, chance).state


def test_invariants_notice_what_goes_missing():
    state = GAME.setup(3, GAME.Options(), Chance.seeded("inv"))
    assert invariants(state) == []
    state.players[0].hand.pop()
    state.players[1].followers_left = 8
    state.supply.study = 5
    problems = invariants(state)
    assert "argument cards were created or lost" in problems
    assert any("followers or schools" in p for p in problems)
    assert "the Study tokens do not add up" in problems
