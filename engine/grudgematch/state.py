"""Philosophy Grudgematch's options and state (pydantic models), and how to read them.

Seats are teams: seat 0 plays the Germans, seat 1 the French. Philosophers are named by their
names ("Hegel"); spaces by their field names ("F9"); cards by rank and suit letter ("8C", "10H",
"KD"; "JOKER").
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from . import data, field

Phase = Literal["lineup", "place", "run", "kick", "tackle", "block", "bonus", "over"]


# --- Options and state ---------------------------------------------------------------------------


class Options(BaseModel):
    fouling: bool = False  # the rulebook's optional Fouling rules (and the penalty boxes)
    choose_lineup: bool = True  # each team picks a line-up; off: both use the default line-up
    # Skip a kick, tackle or block prompt when that side holds no card that could work. Faster;
    # the other side learns that the card was not there (as at a real table, when a player passes
    # at once).
    quick_prompts: bool = True
    turn_limit: int = Field(default=data.TURN_LIMIT, ge=10, le=2000)


class Running(BaseModel):
    """The dice of a Run! phase (or of a scoring bonus run) and who has moved."""

    seat: int
    rolled: list[int]
    left: list[int]  # dice still to use, smallest first (doubles: one per philosopher)
    moved: list[str] = []
    bonus: bool = False


class Kick(BaseModel):
    """A kick under way: from the card played to the ball coming to rest."""

    kicker: str
    card: str
    value: int  # how far the ball goes
    resist: int  # what a tackle must reach (the value, plus a foul's die)
    direction: str
    start: str
    path: list[str]  # every space the ball will pass, in order, unless it is stopped
    goal: int | None = None  # whose goal the ball enters after the last space of the path
    at: int = -1  # index in `path` of the ball's space now (-1: not moved yet)
    tacklers: list[str] = []
    seen: list[str] = []  # philosophers who already had their chance to block
    chances: list[str] = []  # philosophers whose chance to block is at this space
    asking: list[int] = []  # teams still to be asked about a block at this space


class LastKick(BaseModel):
    """The last kick's story, for the picture: where it started and every space it passed."""

    kicker: str
    card: str
    value: int
    start: str
    path: list[str]
    result: str


class Placing(BaseModel):
    holder: str  # the philosopher standing on the ball: his team places it
    then: Literal["penalty", "kick"]  # what comes after: the rest of the turn's start, or kicking


class State(BaseModel):
    options: Options = Options()
    phase: Phase = "lineup"
    turn: int = 0
    mover: int = data.GERMANS
    score: list[int] = [0, 0]
    spots: dict[str, str] = {}  # philosopher -> space, for those on the field
    penalty: list[list[str]] = [[], []]  # by team, longest there first
    ball: str | None = None
    hands: list[list[str]]  # secret
    deck: list[str]  # secret order; the top is deck[0]
    discard: list[str] = []  # face up
    half: int = 1
    sudden_death: bool = False
    dice: list[int] = []  # the last roll, for the picture
    running: Running | None = None
    kick: Kick | None = None
    last_kick: LastKick | None = None
    placing: Placing | None = None
    lineups: dict[int, str] = {}  # secret until both teams have chosen
    after_lineup: Literal["kickoff", "turn", "bonus"] = "kickoff"  # what follows the line-up
    bonus: list[int] = []  # teams still to take their scoring bonus, in order
    winner: int | None = None
    result: str = ""


# --- Reading the position ------------------------------------------------------------------------


# The parts of a position that only some phases have. Each reads one where the phase guarantees it,
# and fails loudly on a position that breaks that guarantee.


def ball_in_play(state: State) -> str:
    assert state.ball is not None, "the ball is in play in this phase"
    return state.ball


def run_under_way(state: State) -> Running:
    assert state.running is not None, "a run phase keeps its dice until it ends"
    return state.running


def kick_under_way(state: State) -> Kick:
    assert state.kick is not None, "a kick is under way, from the card played to the ball coming to rest"
    return state.kick


def placing_under_way(state: State) -> Placing:
    assert state.placing is not None, "the ball is waiting to be set down"
    return state.placing


def team_of(philosopher: str) -> int:
    return data.GERMANS if philosopher in data.TEAMS[data.GERMANS] else data.FRENCH


def suit_of(philosopher: str) -> str:
    return data.SUITS[data.TEAMS[team_of(philosopher)].index(philosopher)]


def philosopher_for(team: int, suit: str) -> str:
    return data.TEAMS[team][data.SUITS.index(suit)]


def is_goalie(philosopher: str) -> bool:
    return suit_of(philosopher) == data.GOALIE_SUIT


def occupant(state: State, space: str) -> str | None:
    return next((p for p, s in state.spots.items() if s == space), None)


def on_field(state: State, team: int) -> list[str]:
    return [p for p in data.TEAMS[team] if p in state.spots]


def may_stand(philosopher: str, space: str) -> bool:
    """Goal boxes belong to their own goalie: nobody else enters, passes or stands there."""
    box = field.goal_box_team(space)
    return box is None or (box == team_of(philosopher) and is_goalie(philosopher))


def is_open(state: State, space: str) -> bool:
    return space != state.ball and occupant(state, space) is None


def next_to_ball(state: State, team: int) -> list[str]:
    if state.ball is None:
        return []
    return [p for p in on_field(state, team) if field.distance(state.spots[p], state.ball) == 1]


def destinations(state: State, philosopher: str, steps: int) -> dict[str, int]:
    """Where a philosopher can run with up to `steps` steps: never diagonally, never through the
    ball or another philosopher, never into a goal box that is not his own goalie's."""
    if steps <= 0 or philosopher not in state.spots:
        return {}
    blocked = set(state.spots.values()) | _NO_ENTRY[philosopher]
    if state.ball:
        blocked.add(state.ball)
    return field.reachable(state.spots[philosopher], steps, blocked)


_BOXES = field.goal_boxes()
_NO_ENTRY = {
    who: _BOXES[1 - team] | (frozenset() if is_goalie(who) else _BOXES[team])
    for team in (data.GERMANS, data.FRENCH)
    for who in data.TEAMS[team]
}


# --- Cards ---------------------------------------------------------------------------------------


def full_deck() -> list[str]:
    return [rank + suit for suit in data.SUITS for rank in data.RANKS]


def card_suit(card: str) -> str:
    return card[-1]


def card_rank(card: str) -> str:
    return card[:-1]


def is_face(card: str) -> bool:
    return card_rank(card) in data.FACE_DICE


def number_value(card: str) -> int:
    rank = card_rank(card)
    return 1 if rank == "A" else int(rank)


def best_value(card: str) -> int:
    """The most a card can be worth (face cards roll)."""
    if is_face(card):
        dice, plus = data.FACE_DICE[card_rank(card)]
        return 6 * dice + plus
    return number_value(card)


def show(card: str) -> str:
    if card == data.JOKER:
        return "🃏"
    return card_rank(card) + data.SUIT_ICON.get(card_suit(card), "?")
