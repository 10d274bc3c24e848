"""Epireia (1-4 players): city-states of two leagues develop, negotiate and meet in the Great Battle;
one player plays a solo scenario against the enemy and the Augurs."""

from ..core import Game
from .actions import actions, label
from .checks import invariants
from .rules import apply, legal_actions, outcome, setup, to_move, waiting_reason
from .standin import default_action, stand_in
from .state import Options, State
from .strong import strong
from .takeback import refusal, undoable
from .views import shuffle_secrets, view

GAME = Game(
    key="epireia",
    title="Epireia",
    min_seats=1,
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
    undoable=undoable,
    undo_refusal=refusal,
    sides="leagues",
    waiting_reason=waiting_reason,
)
