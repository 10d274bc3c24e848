"""Every game package has the same modules for the same roles, so a rule of any game is found in
the same place: its models in state.py and actions.py, the contract's questions in rules.py,
what each seat sees in views.py, the stand-ins in standin.py, the strong stand-in in strong.py
(where a game has its own: one whose strong level is still its stand-in has none), the invariants
in checks.py and take-backs in takeback.py (the game's own helpers may live in modules of their own)."""

import importlib
from pathlib import Path

import pytest

from tests.registry import GAMES

ROLES = {  # module of the package -> the Game's pieces it names
    "state": ("Options", "State"),
    "actions": ("actions", "label"),
    "rules": ("setup", "to_move", "legal_actions", "apply", "outcome"),
    "views": ("view", "shuffle_secrets"),
    "standin": ("stand_in", "default_action"),
    "strong": ("strong",),
    "checks": ("invariants",),
    "takeback": ("undoable",),
}
OPTIONAL = ("opening", "waiting_reason")  # where a game has them: in rules.py
PACKAGES = {
    key: game.State.__module__.rsplit(".", 1)[0]
    for key, game in GAMES.items()
    if game.State.__module__.startswith("engine.")
}


@pytest.mark.parametrize("key", sorted(PACKAGES))
def test_each_piece_of_a_game_is_where_every_game_keeps_it(key):
    game, package = GAMES[key], PACKAGES[key]
    misplaced = []
    for module, pieces in ROLES.items():
        if module == "strong" and game.strong is game.stand_in:
            continue  # no strong player of its own yet
        found = importlib.import_module(f"{package}.{module}")
        misplaced += [
            f"{module}.{piece}" for piece in pieces if getattr(found, piece, None) is not getattr(game, piece)
        ]
    rules = importlib.import_module(f"{package}.rules")
    for name in OPTIONAL:  # a game's own (not the Game's default) is named in rules.py
        piece = getattr(game, name)
        if getattr(piece, "__module__", "").startswith(package) and getattr(rules, name, None) is not piece:
            misplaced.append(f"rules.{name}")
    assert not misplaced, f"{key}: not where the skeleton says: {misplaced}"


def test_every_game_package_is_checked():
    folders = {
        path.parent.name for path in Path(importlib.import_module("engine").__file__).parent.glob("*/__init__.py")
    }
    assert folders and {package.rsplit(".", 1)[1] for package in PACKAGES.values()} == folders
