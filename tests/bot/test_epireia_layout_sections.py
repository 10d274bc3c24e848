"""Epireia's deployment menus, the sectioned groups of tests/bot/test_layout_sections.py on a real
game: every one fits Discord and offers every move."""

from __future__ import annotations

from bot.discord_app.delivery.layout import Select, layout
from bot.tables.menu import build
from engine import Chance, referee
from tests.bot.test_menus import check_menu, record
from tests.engine.epireia.test_deploy_secrets import to_the_battle
from tests.registry import GAMES


def test_every_deployment_menu_of_epireia_fits_and_offers_every_move():
    game, table = GAMES["epireia"], record("epireia")
    for seats in (2, 4):
        state, chance = to_the_battle(seats, 1)
        for number in range(60):
            seat = min(game.to_move(state))
            menu = build(game, table.id, table.version, state, seat, True)
            if state.battle.stage != "place":
                break
            check_menu(list(menu.choices))
            screen = layout(list(menu.choices))
            assert screen.group == 0 and sum(isinstance(r, Select) for r in screen.rows) <= 3
            legal = game.legal_actions(state, seat)
            action = legal[-1] if number > 40 else chance.pick(legal)
            state = referee.play(game, state, seat, action, Chance.seeded(f"menu:{number}")).state
