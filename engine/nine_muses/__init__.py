"""Nine Muses (2-4 players): call the Muses and trade Knowledge for Aristotle's victory points."""

from ..core import Game
from .checks import invariants
from .rules import apply, legal_actions, opening, outcome, setup, shuffle_secrets, to_move, view
from .standin import label, stand_in
from .state import Options, State, actions
from .takeback import undoable

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
    default_action=stand_in,
    shuffle_secrets=shuffle_secrets,
    invariants=invariants,
    presentation="bot.render.nine_muses:PRESENTATION",
    opening=opening,
    undoable=undoable,
)
