"""Philosophia: Dare to be Wise (1-6 players; 1 plays alone against the Moirai)."""

from ..core import Game
from .actions import actions, label
from .checks import invariants
from .rules import apply, legal_actions, outcome, setup, to_move
from .standin import default_action, stand_in
from .state import Options, State
from .strong import strong
from .takeback import refusal, undoable
from .views import shuffle_secrets, view

GAME = Game(
    key="philosophia",
    title="Philosophia",
    min_seats=1,
    max_seats=6,
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
    strong=strong,
    default_action=default_action,
    shuffle_secrets=shuffle_secrets,
    invariants=invariants,
    undoable=undoable,
    undo_refusal=refusal,
)

__all__ = ["GAME", "invariants"]
