"""Ostrakon (5-12 players): secret stone votes on two-answer questions."""

from ..core import Game
from .actions import actions, label
from .checks import invariants
from .rules import apply, legal_actions, opening, outcome, setup, to_move, waiting_reason
from .standin import default_action, stand_in
from .state import Options, State
from .strong import strong
from .takeback import refusal, undoable
from .views import shuffle_secrets, view

GAME = Game(
    key="ostrakon",
    title="Ostrakon",
    min_seats=5,
    max_seats=12,
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
    written_moves=("ask",),
    waiting_reason=waiting_reason,
    opening=opening,
    undoable=undoable,
    undo_refusal=refusal,
)
