"""Tic-tac-toe, the toy sixth game: its own package (rules, presentation, rules page and tests),
and no other file of the project names it but the test run's one registry line (tests/plugins/__init__.py).

A game the bot registers through its EXTRA_GAMES hook (bot/games.py) is a module that exports both
its rules, `GAME`, and how they are shown, `PRESENTATION`: this package is that module."""

from engine.core import Game

from .presentation import PRESENTATION
from .rules import (
    Options,
    State,
    actions,
    apply,
    invariants,
    label,
    legal_actions,
    outcome,
    setup,
    shuffle_secrets,
    stand_in,
    to_move,
    view,
)

GAME = Game(
    key="tictactoe",
    title="Tic-tac-toe",
    min_seats=2,
    max_seats=2,
    Options=Options,
    State=State,
    actions=actions,
    setup=setup,
    to_move=to_move,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    outcome=outcome,
    label=label,
    stand_in=stand_in,
    strong=stand_in,  # a board this small needs no search
    default_action=stand_in,
    shuffle_secrets=shuffle_secrets,
    invariants=invariants,
    # every mark is public and nothing is dealt or rolled: any move may be taken back
    undoable=lambda before, after, seat, action, events: True,
)

__all__ = ["GAME", "PRESENTATION"]
