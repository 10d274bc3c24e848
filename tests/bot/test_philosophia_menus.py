"""Philosophia's menus: the move's places come grouped (cities by region, ports, Temples), with
each Oracle and Acropolis spot a button of its own, so a place is at most two picks and no list of
places is long; the same for every other long list."""

import pytest

from bot.discord_app.delivery.components import screen_of
from bot.discord_app.delivery.layout import Buttons, Groups, Select
from bot.tables.menu import build
from engine import Chance, referee
from engine.philosophia import GAME
from engine.philosophia.data import LOCATIONS

from .test_menus import picks


def moving(seats: int = 2, **options):
    """A first turn, with the philosophers in Athens and Corinth."""
    state = GAME.setup(seats, GAME.Options(characters=["Plato", "Homer"][:seats], **options), Chance.scripted())
    for player, place in zip(state.players, ("athens", "corinth")):
        player.location = place
    return state, build(GAME, 1, 1, state, state.turn, True)


def test_places_are_grouped_by_kind_and_region():
    state, menu = moving()
    assert len(menu.choices) == 24  # of the 26: every place but where the two philosophers stand
    groups, *buttons = screen_of(menu).rows
    assert isinstance(groups, Groups) and [g.name for g in groups.groups] == [
        "Go to a mainland city",
        "Go to a western city",
        "Go to an eastern city",
        "Go to a port",
        "Go to a Temple",
    ]
    for group in groups.groups:
        kinds = {(LOCATIONS[c.action.to].kind, LOCATIONS[c.action.to].region) for c in group.choices}
        assert len(kinds) == 1 and len(group.choices) <= 10, group.name
        (places, back) = screen_of(menu, group.number).rows[0], screen_of(menu, group.number).rows[-1]
        assert isinstance(places, Buttons) and back.targets == (("◀ All moves", None, 0),)
    alone = [c.label for row in buttons for c in row.choices]
    assert alone == [
        "Go to Oracle of Delphi",
        "Go to Oracle of Dodona",
        "Go to Oracle of Trophonius",
        "Go to Acropolis: Observe the Debaters",
        "Go to Acropolis: Progress the Timeline",
        "Go to Acropolis: Offering to Athena",
        "Go to Acropolis: Public Debate",
    ]
    assert max(picks(menu).values()) == 2


def test_a_few_places_are_buttons():
    _, menu = moving(movement="adjacent")
    assert len(menu.choices) <= 10 and all(isinstance(row, Buttons) for row in screen_of(menu).rows)
    assert set(picks(menu).values()) == {1}


@pytest.mark.parametrize("seats", [1, 2, 4, 6])
def test_over_playouts_no_list_of_places_is_long_and_a_move_is_two_picks_away(seats):
    chance = Chance.seeded(f"philosophia-menus:{seats}")
    state = GAME.setup(seats, GAME.Options(), chance)
    grouped = 0
    for _ in range(600):
        if GAME.outcome(state) is not None:
            break
        seat = chance.pick(sorted(GAME.to_move(state)))
        menu = build(GAME, 1, 1, state, seat, True)
        assert max(picks(menu).values()) <= 2
        if state.phase == "move":
            top = screen_of(menu)
            selects = [row for row in top.rows if isinstance(row, Select)]
            assert not selects or len(menu.choices) <= 10, [c.label for c in menu.choices]
            grouped += any(isinstance(row, Groups) for row in top.rows)
        legal = GAME.legal_actions(state, seat)
        action = GAME.stand_in(state, seat, chance) if chance.roll(2) == 1 else chance.pick(legal)
        if getattr(action, "example", None) == "":
            action = action.model_copy(update={"example": "If all men are mortal and I am a man, I am mortal."})
        state = referee.play(GAME, state, seat, action, chance).state
    assert grouped > 5
