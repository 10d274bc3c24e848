"""How the strong player values a position and a kick, without copying states: the ball's place
(ground gained, danger to its own goal), the shape of its team, and a kick's outcomes (tackled,
blocked on the way, stopped, a goal) weighed by the odds that the other team holds the card.

Values are in goals: a goal for us is +1, one against -1; a position is worth a small fraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import cache

from . import data, field
from .odds import Unseen, mean, spread
from .state import State, card_suit, is_face, suit_of, team_of

GROUND = 0.12  # the whole length of the field, from our goal to theirs
DANGER = 0.45  # a ball the other team will very likely shoot from next turn
COVER = 0.025  # each philosopher of ours standing by the ball's way to our goal
CHAINED = 6  # passes whose follow-up kicks are looked at
APPROACH = 0.03  # our nearest outfield philosopher far from the ball (12 steps or more)
GOALIE_AWAY = 0.02  # each space our goalie stands from the middle of his goal line


BUDGET = 2000  # kick evaluations a decision may spend; the deeper looks stop when they run out
Kick = tuple[str, str, field.Direction]  # kicker, card, direction


@dataclass
class Budget:
    """Kick evaluations left for one decision: its cost is bounded by counted work, not the clock."""

    left: int = BUDGET


@dataclass
class Board:
    """What the strong seat reasons about: where everyone stands, its own hand, and the odds."""

    me: int
    spots: dict[str, str]
    ball: str | None
    hand: list[str]
    unseen: Unseen
    leading: int  # our score minus theirs
    # worths already found for these spots: by ball ("value") and by ball and hand ("kick")
    memo: dict[tuple[object, ...], float] = dataclass_field(default_factory=dict)
    budget: Budget = dataclass_field(default_factory=Budget)  # shared by all boards of one decision

    @staticmethod
    def of(state: State, seat: int) -> Board:
        return Board(
            me=seat,
            spots=dict(state.spots),
            ball=state.ball,
            hand=list(state.hands[seat]),
            unseen=Unseen(state, seat),
            leading=state.score[seat] - state.score[1 - seat],
        )

    def moved(self, who: str, to: str) -> Board:
        spots = dict(self.spots)
        spots[who] = to
        return Board(self.me, spots, self.ball, self.hand, self.unseen, self.leading, budget=self.budget)

    def at(self, ball: str, hand: list[str] | None = None) -> Board:
        """The same philosophers (and memo) with the ball elsewhere, or another hand."""
        return Board(
            self.me,
            self.spots,
            ball,
            self.hand if hand is None else hand,
            self.unseen,
            self.leading,
            self.memo,
            self.budget,
        )


def progress(space: str, team: int) -> int:
    """Rows gained from `team`'s own end towards the other goal (0 on its own goal line)."""
    row = field.cell(space)[1]
    return row - 1 if data.HOME_ROW[team] == 1 else data.ROWS - row


def goal_distance(space: str, team: int) -> int:
    """Spaces a kick from `space` needs to go into `team`'s goal (kings' distance to the middle of
    its goal line, plus the step over the line)."""
    middle = field.goal_line(team)[1]
    return field.distance(space, middle) + 1


def _steps_to_ball(board: Board, team: int, outfield: bool = False) -> int:
    """Fewest orthogonal steps any philosopher of `team` (or of its outfield) needs to stand next
    to the ball."""
    assert board.ball is not None
    best = 99
    for who, space in board.spots.items():
        if team_of(who) != team or (outfield and suit_of(who) == data.GOALIE_SUIT):
            continue
        best = min(best, max(0, field.steps_apart(space, board.ball) - 1))
    return best


@cache
def near(space: str) -> frozenset[str]:
    """The space and those next to it: where a philosopher may block a ball passing `space`."""
    return frozenset((space, *field.around(space)))


@cache
def _guarded(ball: str, team: int) -> frozenset[str]:
    """The spaces next to the straight way from `ball` to the middle of `team`'s goal."""
    (bc, br), (gc, gr) = field.cell(ball), field.cell(field.goal_line(team)[1])
    length = max(abs(gc - bc), abs(gr - br), 1)
    found: set[str] = set()
    for i in range(1, length + 1):
        found |= near(field.name(bc + round((gc - bc) * i / length), br + round((gr - br) * i / length)))
    return frozenset(found)


def _cover(board: Board) -> int:
    """Our philosophers next to the straight way from the ball to the middle of our goal."""
    assert board.ball is not None
    guarded = _guarded(board.ball, board.me)
    return sum(1 for who, space in board.spots.items() if team_of(who) == board.me and space in guarded)


def danger(board: Board) -> float:
    """How likely the other team scores from the ball's place on its next turn (rough)."""
    assert board.ball is not None
    them = 1 - board.me
    steps = _steps_to_ball(board, them)
    arrive = 1.0 if steps <= 3 else 0.6 if steps <= 6 else 0.15
    need = goal_distance(board.ball, board.me)
    shot = sum(board.unseen.holds(suit, need) for suit in data.SUITS) / 2.5
    return arrive * min(1.0, shot) * max(0.0, 1 - 0.2 * _cover(board))


def goalie_term(board: Board) -> float:
    """Our goalie away from the middle of his goal box (or in the penalty box) costs a little."""
    goalie = data.TEAMS[board.me][data.SUITS.index(data.GOALIE_SUIT)]
    space = board.spots.get(goalie)
    if space is None:
        return -4 * GOALIE_AWAY
    return -GOALIE_AWAY * field.steps_apart(space, field.name(6, field.own_row(board.me, 2)))


def value(board: Board) -> float:
    """The position's worth to us with the other team about to play."""
    if board.ball is None:
        return goalie_term(board)
    key = ("value", board.ball)
    found = board.memo.get(key)
    if found is None:
        ground = GROUND * (progress(board.ball, board.me) - 8) / 8
        found = ground - DANGER * danger(board) + COVER * min(2, _cover(board)) + goalie_term(board)
        found -= APPROACH * min(12, _steps_to_ball(board, board.me, outfield=True)) / 12
        board.memo[key] = found
    return found


# --- Kicks ---------------------------------------------------------------------------------------


def keep_value(board: Board, card: str) -> float:
    """What holding the card is worth beyond a fresh draw: the goalie's clubs, big kicks; when we
    lead, every card played brings the end nearer, which is good for us."""
    worth = 0.004 * (mean(card) - 6)
    if card_suit(card) == data.GOALIE_SUIT:
        clubs = sum(1 for c in board.hand if card_suit(c) == data.GOALIE_SUIT)
        worth += 0.05 if clubs <= 1 else 0.02
    if is_face(card):
        worth += 0.005
    return worth - (0.01 if board.leading > 0 else -0.005 if board.leading < 0 else 0.0)


def _blocked_odds(board: Board, kicker: str, path: list[str], kick: int, goal_bound: bool) -> list[float]:
    """For each space of the path, the chance the other team stops the ball there."""
    them = 1 - board.me
    seen: set[str] = set()
    odds = []
    for index, space in enumerate(path):
        stop = 0.0
        around = near(space)
        for who, there in board.spots.items():
            if who == kicker or who in seen or there not in around:
                continue
            seen.add(who)
            if team_of(who) == them:
                will = 1.0 if goal_bound else 0.6
                stop = 1 - (1 - stop) * (1 - will * board.unseen.holds(suit_of(who), kick - index))
        odds.append(stop)
    return odds


def _rest(board: Board, space: str, chain: int) -> float:
    """The worth of the ball coming to rest on `space` during our kicks (we may kick again)."""
    holder = next((who for who, there in board.spots.items() if there == space), None)
    if holder is None:
        return settle(board.at(space), chain)
    taken = set(board.spots.values())
    worths = [settle(board.at(s), chain) for s in field.around(space) if s not in taken]
    if not worths:
        return value(board.at(space))
    return max(worths) if team_of(holder) == board.me else min(worths)


def settle(board: Board, chain: int) -> float:
    """The ball lies still in our kicking phase: stop kicking, or (with `chain` left) kick again."""
    stay = value(board)
    if chain <= 0 or not board.hand:
        return stay
    key = ("kick", board.ball, *board.hand)
    found = board.memo.get(key)
    if found is None:
        found = board.memo[key] = max(stay, best_kick(board, chain - 1)[0])
    return found


def kick_worth(board: Board, kicker: str, card: str, direction: field.Direction, chain: int) -> float:
    """A kick's worth: for each value the card may take, tackled (the ball stays), blocked on a
    space of its way, in a goal, or at rest at the end (then, with `chain`, kicked on); less the
    worth of keeping the card."""
    assert board.ball is not None
    board.budget.left -= 1
    them = 1 - board.me
    rest_hand = list(board.hand)
    rest_hand.remove(card)
    after = board.at(board.ball, rest_hand)
    tacklers = [w for w, s in board.spots.items() if team_of(w) == them and field.distance(s, board.ball) == 1]
    worth = 0.0
    for kick, chance in spread(card):
        path, into = field.ball_line(board.ball, direction, kick)
        goal_bound = into == them
        go = 1.0
        for tackler in tacklers:
            will = 1.0 if goal_bound else 0.5
            go *= 1 - will * board.unseen.holds(suit_of(tackler), kick)
        here = (1 - go) * settle(after, 0)
        for index, stop in enumerate(_blocked_odds(board, kicker, path, kick, goal_bound)):
            if stop:
                here += go * stop * _rest(after, path[index], 0)
                go *= 1 - stop
        if into is not None:
            here += go * (1.0 if into == them else -1.0)
        elif path:
            here += go * _rest(after, path[-1], chain)
        else:
            here += go * settle(after, chain)
        worth += chance * here
    return worth - keep_value(board, card)


def kicks(board: Board, only: str | None = None) -> list[Kick]:
    """Every kick open to us from here (kicker, card, direction), fouls aside; `only`: by him."""
    if board.ball is None:
        return []
    directions = _directions(board.ball)
    found = []
    for who, there in board.spots.items():
        if team_of(who) != board.me or field.distance(there, board.ball) != 1 or only not in (None, who):
            continue
        for card in dict.fromkeys(board.hand):
            if card_suit(card) == suit_of(who):
                found += [(who, card, d) for d in directions]
    return found


def _directions(ball: str) -> list[field.Direction]:
    """As legal.kick_directions: those that move the ball (or put it straight into a goal)."""
    moving = []
    for direction in field.DIRECTIONS:
        path, goal = field.ball_line(ball, direction, 1)
        if path or goal is not None:
            moving.append(direction)
    return moving


def kick_table(board: Board) -> list[tuple[float, Kick]]:
    """Every kick open to us with its worth (no follow-up looked at), best first."""
    return sorted(((kick_worth(board, *kick, chain=0), kick) for kick in kicks(board)), reverse=True)


def _passes(board: Board, kick: Kick) -> bool:
    """Whether the ball may come to rest next to one of ours (the kicker too) who could kick it on."""
    assert board.ball is not None
    who, card, direction = kick
    hand = list(board.hand)
    hand.remove(card)
    suits = {card_suit(c) for c in hand}
    mates = [s for w, s in board.spots.items() if team_of(w) == board.me and suit_of(w) in suits]
    for length, _ in spread(card):
        path, into = field.ball_line(board.ball, direction, length)
        if into is None and path and any(field.distance(path[-1], s) <= 1 for s in mates):
            return True
    return False


def best_kick(board: Board, chain: int) -> tuple[float, Kick | None]:
    """The best kick from here and its worth, against stopping now (None). With `chain`, the
    kicks that could follow a pass are looked at, for the most promising passes only."""
    best: tuple[float, Kick | None] = (value(board), None)
    ranked = kick_table(board)
    if chain > 0:
        for kick in [kick for _, kick in ranked if _passes(board, kick)][:CHAINED]:
            if board.budget.left <= 0:
                break
            ranked.append((kick_worth(board, *kick, chain=chain), kick))
        ranked.sort(reverse=True)
    if ranked and ranked[0][0] > best[0]:
        best = ranked[0]
    return best
