"""No token placement is visible to the other league before the reveal: over seeded playouts to the
Great Battle (1-4 players), each placement is made, and the public view, the other league's views
and the public events are compared with the same position where the acting league's plan stands
otherwise (its slots, columns and figures moved around, its strengths re-dealt)."""

import pytest

from engine import Chance, referee
from engine.epireia import GAME
from engine.epireia.state import State, draw_token

FRONTS = ("flank", "centre", "maritime")
ARMY = (
    ("hoplites", 1),
    ("hoplites", 2),
    ("hoplites", 1),
    ("cavalry", 1),
    ("cavalry", 2),
    ("triremes", 1),
    ("triremes", 2),
)


def to_the_battle(seats: int, seed: int) -> tuple[State, Chance]:
    """Stand-ins play a short game to the battle; every player holds tokens of each kind."""
    chance = Chance.seeded(f"deploy-leaks:{seats}:{seed}")
    state = GAME.setup(seats, GAME.Options(last_turn=3), chance)
    for player in state.players:
        player.reserve = [draw_token(state, unit, level, chance) for unit, level in ARMY]
    while state.phase != "battle":
        seat = min(GAME.to_move(state))
        state = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance).state
    return state, chance


def moved_around(state: State, league: str, chance: Chance) -> State:
    """The same position with the league's plan otherwise: its open fronts' slots, its confirmed
    columns and its figures in other places."""
    shadow = State.model_validate(state.model_dump())
    plan = shadow.battle.plans[league]
    for front, slots in plan.slots.items():
        plan.slots[front] = chance.shuffle(slots)
    for front, columns in plan.columns.items():
        plan.columns[front] = chance.shuffle(columns)
    fronts = chance.shuffle(FRONTS)
    plan.figures = {fronts[i]: plan.figures.get(front) for i, front in enumerate(FRONTS)}
    return shadow


def onlookers(state: State, league: str) -> list[int | None]:
    return [None] + [p.seat for p in state.players if p.league != league]


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_no_placement_is_visible_to_the_other_league_before_the_reveal(seats):
    changed = 0
    for seed in range(4):
        state, chance = to_the_battle(seats, seed)
        for number in range(240):
            if state.battle.revealed:
                break
            seat = chance.pick(sorted(GAME.to_move(state)))
            league = state.players[seat].league
            legal = GAME.legal_actions(state, seat)
            action = legal[-1] if number >= 200 else chance.pick(legal[:-1] or legal)  # the last: AutoDeploy
            step = referee.play(GAME, state, seat, action, Chance.seeded(f"{seed}:{number}"))
            state = after = step.state
            if after.battle.revealed:
                break
            for viewer in onlookers(after, league):
                shadow = GAME.shuffle_secrets(moved_around(after, league, chance), chance, keep=viewer)
                assert GAME.view(shadow, viewer) == GAME.view(after, viewer), f"{viewer} sees {league}'s plan"
            own = GAME.view(moved_around(after, league, chance), seat)["battle"]["my_plan"]
            changed += own != GAME.view(after, seat)["battle"]["my_plan"]
            public = [e.text for e in step.events if e.to is None]
            name = "Delian" if league == "delian" else "Peloponnesian"
            assert all(
                text.startswith(f"🛡️ The {name} League has placed its army and figures (tokens: ") for text in public
            ), public
        assert state.battle.revealed, "the deployment did not end"
    assert changed > 0  # the shadows did move the league's own plan around: the checks can fail
