"""Philosophy Grudgematch (2 players): football between French and German philosophers."""

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
    key="grudgematch",
    title="Philosophy Grudgematch",
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
    strong=strong,
    default_action=default_action,
    shuffle_secrets=shuffle_secrets,
    invariants=invariants,
    pace=24 * 3600,  # a kicker waits mid-turn on the other side's answer to a tackle or block
    undoable=undoable,
    undo_refusal=refusal,
)
