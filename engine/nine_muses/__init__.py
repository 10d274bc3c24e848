"""Nine Muses (2-4 players): call the Muses and trade Knowledge for Aristotle's victory points."""

from ..core import Game
from .actions import actions, label
from .checks import invariants
from .rules import apply, legal_actions, opening, outcome, setup, to_move
from .standin import default_action, stand_in
from .state import Options, State
from .strong import strong
from .takeback import refusal, undoable
from .views import shuffle_secrets, view

GAME = Game(
    key="nine-muses",
    title="Nine Muses",
    min_seats=2,
    max_seats=4,
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
    opening=opening,
    undoable=undoable,
    undo_refusal=refusal,
)
