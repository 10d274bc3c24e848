"""Epireia set-up: leagues and picking order for 2, 3 and 4 players, Administrators, and the secret
choice of the starting Influential Figure. Also the builders the other Epireia tests use."""

import pytest

from engine import Chance, IllegalAction, NotYourTurn, referee
from engine.epireia import GAME
from engine.epireia.actions import ChooseAdmin, ChooseCity, ChooseFigure, EndDevelopment

ADMINS = ("Merchant", "Archon", "Trapezites", "Architect")


def play(state, seat, action, rolls=()):
    return referee.play(GAME, state, seat, action, Chance.scripted(rolls))


def new_game(cities, admins=None, figures=None):
    """A game set up through the referee with scripted chance: seats pick in seat order, so seat 0
    is Delian, seat 1 Peloponnesian, then (3 players) seat 2 Delian, or (4) seat 2 Peloponnesian
    and seat 3 Delian. Returns the state at the start of turn 1's Development phase."""
    seats = len(cities)
    admins = admins or ADMINS[:seats]
    state = GAME.setup(seats, GAME.Options(), Chance.scripted())
    for seat, city in enumerate(cities):
        state = play(state, seat, ChooseCity(city=city)).state
    for seat, admin in enumerate(admins):
        state = play(state, seat, ChooseAdmin(admin=admin)).state
    for seat, city in enumerate(cities):
        figure = (figures or {}).get(city) or GAME.legal_actions(state, seat)[0].figure
        state = play(state, seat, ChooseFigure(figure=figure)).state
    return state


def end_development(state):
    """Every player ends their Development at once: the game moves on to Diplomacy."""
    while state.phase == "develop":
        (seat,) = GAME.to_move(state)
        state = play(state, seat, EndDevelopment()).state
    return state


@pytest.mark.parametrize(
    "seats, delian, peloponnesian",
    [
        (2, [0], [1]),
        (3, [0, 2], [1]),
        (4, [0, 3], [1, 2]),
    ],
)
def test_leagues_and_picking_order_follow_the_rulebook(seats, delian, peloponnesian):
    state = GAME.setup(seats, GAME.Options(), Chance.scripted())
    assert [p.seat for p in state.players if p.league == "delian"] == delian
    assert [p.seat for p in state.players if p.league == "peloponnesian"] == peloponnesian
    # A Delian player picks first, then the Peloponnesian player(s), then the second Delian.
    assert state.picking == list(range(seats))
    assert [state.players[s].league for s in state.picking][0] == "delian"
    if seats >= 3:
        assert state.players[state.picking[-1]].league == "delian"


def test_seats_are_dealt_to_leagues_by_chance():
    orders = {tuple(GAME.setup(4, GAME.Options(), Chance.seeded(str(i))).picking) for i in range(20)}
    assert len(orders) > 1


def test_cities_then_administrators_in_picking_order():
    state = GAME.setup(3, GAME.Options(), Chance.scripted())
    assert GAME.to_move(state) == {0}
    with pytest.raises(NotYourTurn):
        play(state, 1, ChooseCity(city="Athens"))
    state = play(state, 0, ChooseCity(city="Athens")).state
    with pytest.raises(IllegalAction):
        play(state, 1, ChooseCity(city="Athens"))  # taken
    state = play(state, 1, ChooseCity(city="Sparta")).state
    state = play(state, 2, ChooseCity(city="Elis")).state
    assert state.phase == "admin" and GAME.to_move(state) == {0}
    assert len(GAME.legal_actions(state, 0)) == 6
    state = play(state, 0, ChooseAdmin(admin="Archon")).state
    assert ChooseAdmin(admin="Archon") not in GAME.legal_actions(state, 1)
    state = play(state, 1, ChooseAdmin(admin="Merchant")).state
    state = play(state, 2, ChooseAdmin(admin="Priestess")).state
    assert state.phase == "figure"
    assert GAME.to_move(state) == {0, 1, 2}


def test_starting_figures_are_secret_until_all_have_chosen():
    state = GAME.setup(2, GAME.Options(), Chance.scripted())
    for seat, city in enumerate(("Athens", "Sparta")):
        state = play(state, seat, ChooseCity(city=city)).state
    for seat, admin in enumerate(("Archon", "Merchant")):
        state = play(state, seat, ChooseAdmin(admin=admin)).state
    assert [a.figure for a in GAME.legal_actions(state, 0)] == [
        "Pericles",
        "Themistocles",
        "Cleisthenes",
        "Alcibiades",
        "Aspasia",
    ]
    with pytest.raises(IllegalAction):
        play(state, 0, ChooseFigure(figure="Leonidas"))  # not an Athenian
    step = play(state, 1, ChooseFigure(figure="Leonidas"))
    state = step.state
    assert GAME.to_move(state) == {0}
    public = [e.text for e in step.events if e.to is None]
    assert not any("Leonidas" in text for text in public)
    assert "Leonidas" not in str(GAME.view(state, None)) and "Leonidas" not in str(GAME.view(state, 0))
    assert GAME.view(state, 1)["my_figure_choice"] == "Leonidas"
    assert GAME.view(state, None)["players"][1]["has_chosen"] is True
    step = play(state, 0, ChooseFigure(figure="Pericles"))
    assert any("Leonidas" in e.text and "Pericles" in e.text for e in step.events if e.to is None)
    state = step.state
    assert state.players[0].figures == ["Pericles"] and state.players[1].figures == ["Leonidas"]
    assert state.phase == "develop" and state.turn == 1 and state.act == 1


def test_starting_resources_prestige_and_first_scenario():
    state = new_game(["Athens", "Sparta"])
    for player in state.players:
        assert (player.wheat, player.wood, player.copper, player.prestige) == (2, 2, 2, 1)
    assert state.treasury["delian"].model_dump() == {"wheat": 0, "wood": 0, "copper": 0}
    assert state.scenario == "The League's Treasury"  # the first Act I card, by scripted chance
    assert GAME.to_move(state) == {0}  # the Delian player develops first


def test_development_and_diplomacy_orders_for_four_players():
    state = new_game(["Athens", "Sparta", "Corinth", "Elis"])
    assert state.order == [0, 3, 1, 2]  # both Delian players, then both Peloponnesian
    state = end_development(state)
    assert state.phase == "diplomacy" and state.order == [1, 2, 0, 3]  # the Peloponnesians first


def test_leagues_by_seat_option():
    options = GAME.Options(leagues="seats")
    for seed in range(5):
        state = GAME.setup(4, options, Chance.seeded(str(seed)))
        assert state.picking == [0, 1, 2, 3]
        assert [p.league for p in state.players] == ["delian", "peloponnesian", "peloponnesian", "delian"]
