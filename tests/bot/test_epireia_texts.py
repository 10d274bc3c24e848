"""Epireia's texts as players read them: the battle's result counts its fronts in good English and
reads as a sentence in the summary; each league's secret tokens are revealed once; a seat's own text
(its DMs, My hand) stays short, the board in the channel keeping the long lists."""

import re

from bot.discord_app.delivery.messages import who_you_are
from bot.ratings.summary import outcome_line, summary_lines
from bot.render import epireia_text
from engine import Chance, referee
from engine.epireia import GAME, battle
from engine.epireia.data import LEAGUE_NAMES
from tests.engine.epireia.test_deploy_secrets import to_the_battle

from .test_summary import finished, service  # noqa: F401

DM_TEXT = 900  # a seat's text with its "You are" line: what a DM shows above the moves


def won(results: list) -> str:
    state, _ = to_the_battle(2, 0)
    state.battle.front_results = results
    battle._finish(state, [])
    return state.result


def test_fronts_are_counted_in_the_singular_and_the_plural():
    assert won(["delian", None, None]) == "the Delian League wins: 1 front to 0"
    assert won(["peloponnesian", "peloponnesian", "delian"]) == "the Peloponnesian League wins: 2 fronts to 1"


def test_the_summary_tells_the_result_as_a_sentence():
    state, _ = to_the_battle(2, 0)
    state.battle.front_results = ["delian", None, None]
    battle._finish(state, [])
    table = type("Table", (), {"seats": [100, 101]})()
    line = outcome_line(GAME, table, state, GAME.outcome(state), 40)
    assert line.endswith(". The Delian League wins: 1 front to 0 (40 moves)."), line


async def test_each_leagues_tokens_are_revealed_once_under_its_first_seat(service):
    players = [100, 101, 102, 103]
    table = await finished(service, "epireia", players)
    state = service.state_of(table)
    text = "\n".join(summary_lines(GAME, table, state, await service.store.actions(table.id)))
    for league, name in LEAGUE_NAMES.items():
        first = min(p.seat for p in state.players if p.league == league)
        assert text.count(f"{name}'s tokens: ") == 1
        entry = text.split(f" ({state.players[first].city})**\n", 1)[1].split("\n**", 1)[0]
        assert entry.startswith(f"{name}'s tokens: ")
    assert "(secret)" not in text  # revealed now


def test_a_seats_own_text_stays_short_and_the_board_keeps_the_long_lists():
    chance = Chance.seeded("short")
    state, longest, seen = GAME.setup(4, None, chance), 0, set()
    while GAME.outcome(state) is None:
        for seat in sorted(GAME.to_move(state)):
            view = GAME.view(state, seat)
            own = epireia_text.text(view)
            longest = max(longest, len(f"{who_you_are(view)}\n{own}"))
            seen.add(view["phase"])
            public = epireia_text.text(GAME.view(state, None))
            for player in view["players"]:  # every building on the board; only the seat's own in its text
                assert all(building in public for building in player["buildings"])
                if player["seat"] != seat and player["buildings"]:
                    assert "🏛️" not in line_of(own, player["city"])
        seat = min(GAME.to_move(state))
        state = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance).state
    assert {"develop", "diplomacy", "battle"} <= seen and longest <= DM_TEXT, longest


def line_of(text: str, city: str) -> str:
    return next(line for line in text.splitlines() if re.search(rf"\*\*{city}\*\* ⭐", line))


def test_a_league_s_tokens_read_by_kind_with_their_strengths():
    tokens = [
        {"unit": "triremes", "level": 1, "strength": 2},
        {"unit": "hoplites", "level": 2, "strength": 4},
        {"unit": "hoplites", "level": 1, "strength": 2},
        {"unit": "hoplites", "level": 1, "strength": 1},
    ]
    assert epireia_text.tokens_text(tokens) == "🛡️I 1 2 · 🛡️II 4 · ⛵I 2"
