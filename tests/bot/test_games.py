"""The registry of games (bot/games.py): a game with a piece missing is refused when it is
registered, with one message naming each missing piece, and a broken one stops the start."""

import importlib
import os
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from bot import games as registry
from bot.games import EXTRA_GAMES, GameContractError, games, plugin, plugins, register
from engine import GAMES, PACKAGES
from tests.plugins import keys as toy_keys

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = next(iter(GAMES.values()))  # any registered game, to break one piece of it at a time
SHOWN = plugin(TEMPLATE.key).presentation


def refusal(game, presentation=SHOWN) -> str:
    before = dict(GAMES), dict(plugins())
    with pytest.raises(GameContractError) as refused:
        register(game, presentation)
    assert (GAMES, plugins()) == before  # nothing half-registered
    return str(refused.value)


def test_a_game_with_missing_pieces_is_refused_naming_each():
    broken = replace(TEMPLATE, key="broken", stand_in=None, invariants="no", undoable=None)
    message = refusal(broken, "nowhere.at.all:PRESENTATION")
    assert message.startswith("The game 'broken' cannot be registered: ")
    for piece in (
        "stand_in is not callable",
        "invariants is not callable",
        "undoable is not callable",
        "its presentation 'nowhere.at.all:PRESENTATION' is not a Presentation",
    ):
        assert piece in message


def test_a_presentation_must_be_one_with_a_rules_page():
    assert "is not a Presentation" in refusal(replace(TEMPLATE, key="broken"), registry.PLUGINS)
    assert "its rules page nowhere.md is missing" in refusal(
        replace(TEMPLATE, key="broken"), replace(SHOWN, rules=Path("nowhere.md"))
    )
    assert "the presentation's text is not callable" in refusal(
        replace(TEMPLATE, key="broken"), replace(SHOWN, text="text")
    )


def test_a_registered_key_is_not_taken_again_with_another_presentation():
    assert refusal(TEMPLATE, replace(SHOWN)) == f"two games have the key {TEMPLATE.key!r}"
    assert register(TEMPLATE, SHOWN) is plugin(TEMPLATE.key)  # the same pair again: a no-op


def test_the_bot_looks_games_up_in_its_own_registry_and_leaves_the_engine_s_alone():
    """engine.GAMES is the engine's packages, whatever the bot registers; the bot's registry is
    those, each with its presentation, and the extra games (the test run's toy games)."""
    assert {key: game for key, game in games().items() if key in GAMES} == GAMES
    assert GAMES.keys() == {importlib.import_module(f"engine.{name}").GAME.key for name in PACKAGES}
    assert toy_keys() and games().keys() == GAMES.keys() | toy_keys() and not toy_keys() & GAMES.keys()
    assert all(plugins()[key].game is game for key, game in games().items())


def test_every_engine_game_needs_its_presentation_in_the_bot_s_registry(monkeypatch):
    monkeypatch.setitem(GAMES, "orphan", replace(TEMPLATE, key="orphan"))
    with pytest.raises(GameContractError, match=r"the engine's games \['orphan'\] have no presentation"):
        registry.load()


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
        from bot.games import plugin
        GAME = replace(plugin({TEMPLATE.key!r}).game, key="broken", stand_in=None)
        PRESENTATION = replace(plugin({TEMPLATE.key!r}).presentation, draw="nothing")
        """)
    )
    (tmp_path / "unshown_game.py").write_text(
        textwrap.dedent(f"""
        from dataclasses import replace
        from engine import GAMES
        GAME = replace(GAMES[{TEMPLATE.key!r}], key="unshown")
        """)
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}

    def start(extra: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "bot", "--help"],
            capture_output=True,
            text=True,
            env={**env, EXTRA_GAMES: extra},
            cwd=tmp_path,
            timeout=60,
        )

    result = start("broken_game")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "The game 'broken' cannot be registered: stand_in is not callable; the presentation's draw is not callable."
    ]
    result = start("unshown_game")
    assert result.returncode == 2 and result.stderr.strip().splitlines() == [
        f"{EXTRA_GAMES}: unshown_game has no PRESENTATION (how its GAME is shown)"
    ]
    result = start("no_such_module")
    assert result.returncode == 2 and result.stderr.startswith(f"{EXTRA_GAMES}: cannot import no_such_module")
