"""Epireia's texts read right: the solo enemy is "the enemy" once (never "the the enemy"), and a
player without a City token left is told so when a figure arrives, not again every turn."""

import re

from engine import GAMES, Chance, referee
from engine.epireia import data
from engine.epireia.actions import EndDiplomacy, Move
from tests.engine.epireia.test_setup import end_development, new_game, play


def test_solo_battle_texts_name_the_enemy_with_one_article():
    game = GAMES["epireia"]
    texts = []
    for seed in range(3):
        state, chance = game.setup(1, None, Chance.seeded(f"solo:{seed}")), Chance.seeded(f"solo-play:{seed}")
        while game.outcome(state) is None:
            seat = min(game.to_move(state))
            step = referee.play(game, state, seat, game.stand_in(state, seat, chance), chance)
            state, texts = step.state, texts + [event.text for event in step.events]
    assert any(re.search(r"won by (\*\*)?the enemy", text) for text in texts)  # the enemy won something
    assert not [text for text in texts if re.search(r"\bthe (\*\*)?the\b", text, re.IGNORECASE)]


def ends_turn(state):
    """Both players end their moves; the Resolution and the next Development run by themselves."""
    texts = []
    for seat in (1, 0):
        step = play(state, seat, EndDiplomacy())
        state, texts = step.state, texts + [event.text for event in step.events]
    return state, texts


def test_no_city_token_left_is_told_when_the_figure_arrives_and_not_again_while_it_stays():
    state = end_development(new_game(["Athens", "Sparta"], figures={"Athens": "Cleisthenes"}))
    for land in [land for land in data.TERRITORIES if land != "Epirus"][: data.CITY_TOKENS]:
        state.territories[land].owner = "Athens"
    state = play(state, 1, EndDiplomacy()).state
    step = play(state, 0, Move(figure="Cleisthenes", to="Epirus"))
    told = "**Athens** has no City token left to mark Epirus (all 3 mark other Territories)."
    assert told in [event.text for event in step.events]
    assert step.state.territories["Epirus"].owner is None and step.state.places["Cleisthenes"] == "Epirus"
    state = end_development(step.state)
    state, texts = ends_turn(state)  # Cleisthenes stays on Epirus a second turn
    assert state.places["Cleisthenes"] == "Epirus" and "⚖️ **Resolution phase.**" in texts
    assert not [text for text in texts if "City token" in text]
