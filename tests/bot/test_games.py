"""The registry of games (bot/games.py): a game with a piece missing is refused when it is
registered, with one message naming each missing piece, and a broken one stops the start."""

import os
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from bot.games import EXTRA_GAMES, GameContractError, plugin, plugins, register
from engine import GAMES

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = next(iter(GAMES.values()))  # any registered game, to break one piece of it at a time


def refusal(game) -> str:
    before = dict(GAMES), dict(plugins())
    with pytest.raises(GameContractError) as refused:
        register(game)
    assert (GAMES, plugins()) == before  # nothing half-registered
    return str(refused.value)


def test_a_game_with_missing_pieces_is_refused_naming_each():
    broken = replace(TEMPLATE, key="broken", stand_in=None, invariants="no", presentation="nowhere.at.all:PRESENTATION")
    message = refusal(broken)
    assert message.startswith("The game 'broken' cannot be registered: ")
    for piece in (
        "stand_in is not callable",
        "invariants is not callable",
        "'nowhere.at.all:PRESENTATION' cannot be loaded",
    ):
        assert piece in message


def test_a_presentation_must_be_one_with_a_rules_page():
    assert "is not a Presentation" in refusal(replace(TEMPLATE, key="broken", presentation="bot.games:PLUGINS"))
    shown = plugin(TEMPLATE.key).presentation
    module = sys.modules[__name__]
    module.NO_RULES = replace(shown, rules=Path("nowhere.md"))
    module.NO_TEXT = replace(shown, text="text")
    assert "its rules page nowhere.md is missing" in refusal(
        replace(TEMPLATE, key="broken", presentation=f"{__name__}:NO_RULES")
    )
    assert "the presentation's text is not callable" in refusal(
        replace(TEMPLATE, key="broken", presentation=f"{__name__}:NO_TEXT")
    )


def test_keys_are_unique_and_fit_a_command():
    assert refusal(replace(TEMPLATE, title="Another game")) == f"two games have the key {TEMPLATE.key!r}"
    assert "its key must be" in refusal(replace(TEMPLATE, key="Two Words"))


def test_the_views_shared_keys_are_checked():
    nameless = replace(TEMPLATE, key="broken", view=lambda state, seat: {"seat": seat} if seat is not None else {})
    assert "its public view needs `names`" in refusal(nameless)
    seatless = replace(TEMPLATE, key="broken", view=lambda state, seat: TEMPLATE.view(state, None))
    assert "each seat's view needs its own `seat`" in refusal(seatless)
    sideless = replace(TEMPLATE, key="broken", sides="no-such-key")
    assert "its public view needs `no-such-key`, the sides its `sides` names" in refusal(sideless)


def test_a_written_move_needs_text_to_write_and_a_description():
    message = refusal(replace(TEMPLATE, key="broken", written_moves=("no-such-move",)))
    assert "the written move 'no-such-move' is none of its actions" in message


def test_a_broken_extra_game_stops_the_start_with_one_line(tmp_path):
    (tmp_path / "broken_game.py").write_text(
        textwrap.dedent(f"""
        from dataclasses import replace
        from engine import GAMES
        GAME = replace(GAMES[{TEMPLATE.key!r}], key="broken", presentation="broken_game:NOTHING")
        """)
    )
    env = {**os.environ, EXTRA_GAMES: "broken_game", "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "--help"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "The game 'broken' cannot be registered: its presentation 'broken_game:NOTHING' cannot be loaded "
        "(module 'broken_game' has no attribute 'NOTHING')."
    ]
    result = subprocess.run(
        [sys.executable, "-m", "bot", "--help"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**env, EXTRA_GAMES: "no_such_module"},
        timeout=60,
    )
    assert result.returncode == 2 and result.stderr.startswith(f"{EXTRA_GAMES}: cannot import no_such_module")
