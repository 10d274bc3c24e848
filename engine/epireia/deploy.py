"""The Great Battle's deployment, in secret: each league stands its tokens in the slots of the three
fronts (a front is set up slot by slot, or as `Strongest`, then confirmed), places its figures
face down, and confirms the whole plan. `AutoDeploy` finishes the plan with one of the bot's
(for stand-ins and missed deadlines too): the default Hoplite split or the strongest kept for the
Flank, the strongest paired or spread, in an order of the columns drawn by chance."""

from __future__ import annotations

from collections.abc import Iterable

from ..chance import Chance
from ..core import Event, IllegalAction
from . import data
from .actions import Action, AutoDeploy, ConfirmFront, ConfirmPlan, Place, Reopen, Station, Strongest, label
from .state import Plan, State, Token, league_army, open_battle, seats_of

SLOTS = 2 * data.COLUMNS  # slot 2c+r: column c, row r
HOPLITE_FRONTS = ("flank", "centre")
FLANK_FIRST = ("flank", "centre", "centre")  # a split that keeps the strongest Hoplites for the Flank


# --- Tokens and slots ----------------------------------------------------------------------------


def slot_unit(front: str, slot: int) -> str:
    return data.FRONT_ROWS[front][slot % 2]


def _key(token: Token) -> tuple[str, int, int]:
    return token.unit, token.level, token.strength


def _strongest_first(tokens: Iterable[Token]) -> list[Token]:
    return sorted(tokens, key=lambda t: (-t.strength, -t.level))


def _without(tokens: list[Token], taken: list[Token]) -> list[Token]:
    """`tokens` less `taken`, token for token (tokens alike are interchangeable)."""
    left = list(tokens)
    for token in taken:
        index = next((i for i, t in enumerate(left) if _key(t) == _key(token)), None)
        if index is not None:
            left.pop(index)
    return left


def on_front(plan: Plan, front: str) -> list[Token]:
    if front in plan.columns:
        return [t for column in plan.columns[front] for t in column]
    return [t for t in plan.slots.get(front, []) if t is not None]


def slots_of(plan: Plan, front: str) -> list[Token | None]:
    """A front's slots: as being set up, or as confirmed (each column's tokens in their rows)."""
    if front not in plan.columns:
        return list(plan.slots.get(front) or [None] * SLOTS)
    slots: list[Token | None] = [None] * SLOTS
    for column, tokens in enumerate(plan.columns[front]):
        for token in tokens:
            free = [s for s in (2 * column, 2 * column + 1) if slots[s] is None]
            slot = next((s for s in free if slot_unit(front, s) == token.unit), free[0] if free else None)
            if slot is not None:
                slots[slot] = token
    return slots


def columns_of(slots: list[Token | None]) -> list[list[Token]]:
    return [[t.model_copy() for t in slots[2 * c : 2 * c + 2] if t is not None] for c in range(data.COLUMNS)]


def spare(state: State, league: str) -> list[Token]:
    """The league's tokens standing on no front."""
    plan = open_battle(state).plans[league]
    return _without(league_army(state, league), [t for front in data.FRONTS for t in on_front(plan, front)])


def fits(state: State, league: str, front: str) -> bool:
    return any(t.unit in data.FRONT_ROWS[front] for t in league_army(state, league))


def rows(
    tokens: list[Token], pattern: tuple[str, ...] = data.HOPLITE_PATTERN
) -> dict[str, tuple[list[Token], list[Token]]]:
    """The tokens on each front's two rows, strongest first; the Hoplites go to the Centre and the
    Flank in `pattern` (the table rule: two to the Centre for every one to the Flank)."""

    def best(unit: str) -> list[Token]:
        return _strongest_first(t for t in tokens if t.unit == unit)

    centre: list[Token] = []
    flank: list[Token] = []
    for token in best("hoplites"):
        wanted = pattern[(len(centre) + len(flank)) % len(pattern)]
        if (wanted == "centre" or len(flank) >= 3) and len(centre) < 6:
            centre.append(token)
        elif len(flank) < 3:
            flank.append(token)
    triremes = best("triremes")[:6]
    return {
        "flank": (best("cavalry")[:3], flank),
        "centre": (centre[0::2], centre[1::2]),
        "maritime": (triremes[0::2], triremes[1::2]),
    }


def _slots(
    front: str,
    first: list[Token],
    second: list[Token],
    spread: bool = False,
    order: Iterable[int] = range(data.COLUMNS),
) -> list[Token | None]:
    """The two rows' tokens in the front's slots: column by column the strongest together (or, with
    `spread`, the strongest with the weakest), the columns in `order`."""

    def pad(tokens: list[Token], count: int) -> list[Token | None]:
        padded: list[Token | None] = list(tokens)
        return padded + [None] * (count - len(tokens))

    if front == "flank":
        seconds = pad(second, 3)
        pairs = list(zip(pad(first, 3), reversed(seconds) if spread else seconds))
    else:
        ranked = pad(_strongest_first(first + second), 6)
        pairs = (
            [(ranked[i], ranked[5 - i]) for i in range(3)]
            if spread
            else [(ranked[2 * i], ranked[2 * i + 1]) for i in range(3)]
        )
    return [token.model_copy() if token else None for i in order for token in pairs[i]]


def strongest(state: State, league: str, front: str) -> list[Token | None]:
    """The front as the default deploys it, from the tokens standing on no other front: the
    strongest of each kind; the Hoplites shared with the other Hoplite front by the table rule
    while that front is still empty, else the strongest left."""
    plan = open_battle(state).plans[league]
    tokens = spare(state, league) + on_front(plan, front)
    pattern: tuple[str, ...] = data.HOPLITE_PATTERN
    if front in HOPLITE_FRONTS:
        partner = next(f for f in HOPLITE_FRONTS if f != front)
        if partner in plan.columns or on_front(plan, partner):
            pattern = (front,)
    return _slots(front, *rows(tokens, pattern)[front])


# --- Figures -------------------------------------------------------------------------------------


def league_figures(state: State, league: str) -> list[str]:
    return [f for p in state.players if p.league == league for f in p.figures]


def figures_needed(state: State, league: str) -> int:
    """One figure on each front for a league that has three; all of them for one that has fewer."""
    return min(len(data.FRONTS), len(league_figures(state, league)))


def _placed(plan: Plan) -> int:
    return sum(1 for figure in plan.figures.values() if figure)


def complete(state: State, league: str) -> bool:
    plan = open_battle(state).plans[league]
    return all(f in plan.columns for f in data.FRONTS) and _placed(plan) == figures_needed(state, league)


# --- What the league may do, and doing it --------------------------------------------------------


def options(state: State, league: str) -> list[Action]:
    plan = open_battle(state).plans[league]
    if plan.ready:
        return []
    found: list[Action] = []
    free = spare(state, league)
    for front in data.FRONTS:
        if front in plan.columns:
            continue
        slots = slots_of(plan, front)
        for slot, placed in enumerate(slots):
            kinds = {_key(t): t for t in _strongest_first(free) if t.unit == slot_unit(front, slot)}
            found += [
                Place(front=front, slot=slot, token=t) for k, t in kinds.items() if placed is None or _key(placed) != k
            ]
            if placed is not None:
                found.append(Place(front=front, slot=slot))
        if strongest(state, league, front) != slots:
            found.append(Strongest(front=front))
        found.append(ConfirmFront(front=front))
    for front in data.FRONTS:
        here = plan.figures.get(front)
        found += [Station(front=front, figure=f) for f in league_figures(state, league) if f != here]
        if here:
            found.append(Station(front=front))
    found += [Reopen(front=f) for f in data.FRONTS if f in plan.columns and fits(state, league, f)]
    if complete(state, league):
        found.append(confirmation(state, league))
    return found + [AutoDeploy()]


def in_reserve(state: State, league: str) -> int:
    """How many of the league's tokens its plan keeps back, if that is more than half of them (else 0)."""
    kept = len(spare(state, league))
    return kept if 2 * kept > len(league_army(state, league)) else 0


def confirmation(state: State, league: str) -> ConfirmPlan:
    """How a complete plan is confirmed: at once; or, keeping more than half the league's tokens
    in reserve, first asked about (`ask`) and then confirmed with that reserve named (`reserve`).
    Changing the plan to another such reserve asks again."""
    kept = in_reserve(state, league)
    if not kept:
        return ConfirmPlan()
    return ConfirmPlan(reserve=kept) if open_battle(state).plans[league].asked == kept else ConfirmPlan(ask=True)


def _confirms(state: State, league: str, action: Action) -> bool:
    """A plain confirmation of a complete plan, whatever it keeps back: as the logs of the games
    played before the question was asked have it (replays and take-backs play those again)."""
    return action == ConfirmPlan() and complete(state, league)


REFUSALS = {
    "place": "That token is not free, or that slot does not take it.",
    "confirm_plan": "First confirm every front and place your figures (one on each front if you have three).",
    "station": "That figure cannot go there.",
}


def _refusal(state: State, league: str, action: Action) -> str:
    if action.kind == "confirm_plan" and complete(state, league):  # a question answered after a change
        return f"Your plan has changed: its confirmation is now **{label(confirmation(state, league))}**."
    front = getattr(action, "front", None)
    if action.kind in ("place", "strongest", "confirm_front") and front in open_battle(state).plans[league].columns:
        who = " (you or your partner)" if len(seats_of(state, league)) > 1 else ""
        return f"Your league has already confirmed the {data.FRONT_NAMES[front]}{who}: reopen it to change it."
    return REFUSALS.get(action.kind, "That front is not open in your league's plan.")


def act(state: State, seat: int, league: str, action: Action, chance: Chance, events: list[Event]) -> None:
    plan = open_battle(state).plans[league]
    if action.kind == "auto_deploy":
        _auto(state, league, chance)
    elif action not in options(state, league) and not _confirms(state, league, action):
        raise IllegalAction(_refusal(state, league, action))
    elif action.kind == "confirm_plan" and action.ask:
        plan.asked = kept = in_reserve(state, league)
        tokens = f"{kept} token{'' if kept == 1 else 's'}"
        events.append(
            Event(
                f"⚔️ You leave {tokens} in reserve: confirm? Press **{label(confirmation(state, league))}**, "
                "or change your plan.",
                to=seat,
            )
        )
        return
    elif action.kind == "place":
        slots = slots_of(plan, action.front)
        slots[action.slot] = action.token.model_copy() if action.token else None
        plan.slots[action.front] = slots
    elif action.kind == "strongest":
        plan.slots[action.front] = strongest(state, league, action.front)
    elif action.kind == "confirm_front":
        confirm(plan, action.front)
    elif action.kind == "reopen":
        plan.slots[action.front] = slots_of(plan, action.front)
        del plan.columns[action.front]
    elif action.kind == "station":
        for front, figure in list(plan.figures.items()):
            if figure and figure == action.figure:
                del plan.figures[front]
        plan.figures[action.front] = action.figure
    if action.kind in ("auto_deploy", "confirm_plan"):
        plan.ready = True
        counts = ", ".join(f"{data.FRONT_NAMES[f]} {len(on_front(plan, f))}" for f in data.FRONTS)
        events.append(Event(f"🛡️ The {data.LEAGUE_NAMES[league]} has placed its army and figures (tokens: {counts})."))


def confirm(plan: Plan, front: str) -> None:
    plan.columns[front] = columns_of(slots_of(plan, front))
    plan.slots.pop(front, None)


def open_plan(state: State, league: str) -> Plan:
    """A league's plan at the start of the battle: the fronts it has no token for stand empty."""
    plan = Plan()
    open_battle(state).plans[league] = plan
    for front in data.FRONTS:
        if not fits(state, league, front):
            plan.columns[front] = [[] for _ in range(data.COLUMNS)]
    plan.ready = complete(state, league) and not league_figures(state, league)
    return plan


def _auto(state: State, league: str, chance: Chance) -> None:
    """The rest of the plan, the bot's way: the fronts still open set up afresh and confirmed, and
    the strongest free figures on the fronts still without one."""
    plan = open_battle(state).plans[league]
    fronts = [f for f in data.FRONTS if f not in plan.columns]
    for front in fronts:
        plan.slots.pop(front, None)
    pattern: tuple[str, ...] = chance.pick((data.HOPLITE_PATTERN, data.HOPLITE_PATTERN, FLANK_FIRST))
    if not all(f in fronts for f in HOPLITE_FRONTS):
        pattern = tuple(f for f in HOPLITE_FRONTS if f in fronts) or pattern
    split = rows(spare(state, league), pattern)
    for front in fronts:
        plan.slots[front] = _slots(
            front, *split[front], spread=chance.pick((False, True)), order=chance.shuffle(range(data.COLUMNS))
        )
        confirm(plan, front)
    placed = {f for f in plan.figures.values() if f}
    free = sorted(
        (f for f in league_figures(state, league) if f not in placed), key=lambda f: -data.FIGURES[f]["attack"]
    )
    empty = chance.shuffle([f for f in data.FRONTS if not plan.figures.get(f)])
    while _placed(plan) < figures_needed(state, league):
        plan.figures[empty.pop()] = free.pop(0)
