"""Games that live in the tests: each registered exactly as a real one (bot/games.py), to prove
that a game is one plug-in. Each is a module that exports its `GAME` (an engine Game) and its
`PRESENTATION` (how the bot shows it), as the EXTRA_GAMES hook wants; tests/conftest.py registers
them for the whole test run."""

import importlib

MODULES = ("tests.plugins.tictactoe",)


def keys() -> set[str]:
    """The keys of the test run's own games (not in the package an operator installs)."""
    return {importlib.import_module(name).GAME.key for name in MODULES}
