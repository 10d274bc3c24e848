"""Epireia's Development actions and Philosophia's standard actions are refereed by a direct check
(`allowed`) rather than by listing every legal action, for speed. The two must never disagree:
over seeded playouts, every possible action of every seat is allowed exactly when it is listed."""
from __future__ import annotations

import pytest

from engine import GAMES, Chance, referee
from engine.epireia import data as epireia_data, develop
from engine.epireia.actions import (
    Archon, ArchitectBuild, Build, Donate, EndDevelopment, Produce, Trade, Withdraw,
)
from engine.philosophia import data as philosophia_data, standard
from engine.philosophia.actions import (  # `among`: listed moves may carry a name the candidate lacks
    among, BuildSchool, Consult, Follow, HireBuilder, HireSophist, Labyrinth, Study, Tutor, Unlock, UseSophist,
)

STEPS = 400


def epireia_candidates(state, seat) -> list:
    """Every Development action there is, legal or not."""
    resources, units, buildings = epireia_data.RESOURCES, epireia_data.UNITS, list(epireia_data.BUILDINGS)
    low, high = epireia_data.DONATION
    return ([Donate(resource=r, amount=n) for r in resources for n in range(low, high + 1)]
            + [Build(building=b) for b in buildings + ["Nowhere"]]
            + [Produce(unit=u, level=level) for u in units for level in (1, 2)]
            + [ArchitectBuild(building=b) for b in buildings]
            + [Trade(give=g, get=t) for g in resources for t in resources]
            + [Withdraw(first=a, second=b) for a in resources for b in resources]
            + [Archon(), EndDevelopment()])


def philosophia_candidates(state, seat) -> list:
    """Every standard action there is for `seat`, legal or not."""
    seats = range(len(state.players))
    pool = tuple(philosophia_data.CRITERIA) + philosophia_data.MOIRAI_CRITERIA + tuple(state.players[seat].requests)
    return ([Tutor(), Follow(), HireBuilder(), BuildSchool(), HireSophist(), Study(), Consult()]
            + [UseSophist(target=other) for other in seats]
            + [Unlock(card=card) for card in philosophia_data.WISDOM]
            + [Labyrinth(criterion=criterion) for criterion in dict.fromkeys(pool)])


CHECKS = {
    "epireia": (develop.allowed, develop.legal, epireia_candidates),
    "philosophia": (standard.allowed, standard.standard_actions, philosophia_candidates),
}


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("key", sorted(CHECKS))
def test_the_direct_check_agrees_with_the_list_of_legal_actions(key, seed):
    game, (allowed, legal, candidates) = GAMES[key], CHECKS[key]
    chance = Chance.seeded(f"direct:{key}:{seed}")
    state = game.setup(2 + seed % 3, game.Options(), chance)
    checked = 0
    for _ in range(STEPS):
        if game.outcome(state) is not None:
            break
        for seat in range(len(state.players)):
            listed = legal(state, seat)
            for action in candidates(state, seat):
                assert allowed(state, seat, action) == among(action, listed), (seat, action)
                checked += 1
        seat = chance.pick(sorted(game.to_move(state)))
        state = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance).state
    assert checked > 1000
