"""The strong player's Great Battle plan: where its league's tokens and figures stand, chosen by the
chance of winning the battle against the other side's army as the seat can know it.

The other side's token strengths are hidden: each hidden token is a draw from the strengths of its
stack that the seat has not seen (the hidden tokens and the stack together, a multiset that does not
depend on how they were dealt). The solo enemy stands where its scenario says; a league of players
is expected to deploy the default way (strongest together, two Hoplites to the Centre for every one
to the Flank), its columns in an unknown order. No randomness: the plan is the same at every step
of the deployment, so it can be built one slot at a time.
"""

from __future__ import annotations

from itertools import permutations

from . import data, deploy
from .state import State, Token, league_army, open_battle, other, seats_of

Dist = dict[int, float]  # total -> chance
Outcome = tuple[float, float, float]  # win, tie, loss
Columns = list[list[Token]]


def hidden_strengths(state: State, league: str) -> dict[str, Dist]:
    """For each stack, the chance a token of it that `league` cannot see has each strength."""
    found: dict[str, list[int]] = {key: list(values) for key, values in state.pools.items()}
    theirs = [t for p in state.players if p.league != league for t in p.reserve]
    theirs += [a.token for a in state.allies.values() if a.token and a.league != league]
    theirs += [t for columns in state.enemy_army.values() for column in columns for t in column]
    for token in theirs:
        found[data.pool_key(token.unit, token.level)].append(token.strength)
    return {key: _even(values) for key, values in found.items()}


def _even(values: list[int]) -> Dist:
    if not values:
        return {0: 1.0}
    dist: Dist = {}
    for value in values:
        dist[value] = dist.get(value, 0.0) + 1 / len(values)
    return dist


def _sum(dists: list[Dist]) -> Dist:
    total: Dist = {0: 1.0}
    for dist in dists:
        step: Dist = {}
        for a, pa in total.items():
            for b, pb in dist.items():
                step[a + b] = step.get(a + b, 0.0) + pa * pb
        total = step
    return total


def _column(mine: int, theirs: Dist) -> Outcome:
    win = sum(p for value, p in theirs.items() if value < mine)
    tie = theirs.get(mine, 0.0)
    return win, tie, max(0.0, 1 - win - tie)


def _majority(columns: list[Outcome]) -> Outcome:
    """A front from its three columns (more columns won than lost wins it), as independent outcomes."""
    (w1, t1, l1), (w2, t2, l2), (w3, t3, l3) = columns
    up2, up1, even, down1, down2 = w1 * w2, w1 * t2 + t1 * w2, w1 * l2 + t1 * t2 + l1 * w2, t1 * l2 + l1 * t2, l1 * l2
    win = up2 + up1 * (w3 + t3) + even * w3
    loss = down2 + down1 * (l3 + t3) + even * l3
    return win, max(0.0, 1 - win - loss), loss


class Foe:
    """The other side on one front: its likely deployments (a weight, and each column's total as a
    distribution), each in every order of its columns when the order is not known (a league's is
    not; the solo enemy's is)."""

    def __init__(self, deployments: list[tuple[float, list[Dist]]], ordered: bool) -> None:
        self.dists: list[Dist] = []
        self.orders: list[tuple[float, list[int]]] = []
        for weight, columns in deployments:
            indices = list(range(len(self.dists), len(self.dists) + len(columns)))
            self.dists += columns
            shuffles = [indices] if ordered else [list(p) for p in permutations(indices)]
            self.orders += [(weight / len(shuffles), order) for order in shuffles]
        self.ordered = ordered
        self._memo: dict[tuple[int, int], Outcome] = {}
        self._fronts: dict[tuple[int, ...], Outcome] = {}

    def _column(self, index: int, mine: int) -> Outcome:
        key = (index, mine)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = _column(mine, self.dists[index])
        return found

    def front(self, totals: list[int]) -> Outcome:
        """Our chances on the front with these column totals."""
        key = tuple(totals) if self.ordered else tuple(sorted(totals))
        found = self._fronts.get(key)
        if found is None:
            found = self._fronts[key] = self._front(totals)
        return found

    def _front(self, totals: list[int]) -> Outcome:
        win = tie = 0.0
        for weight, order in self.orders:
            w, t, _ = _majority([self._column(i, mine) for mine, i in zip(totals, order)])
            win, tie = win + weight * w, tie + weight * t
        return win, tie, max(0.0, 1 - win - tie)


# A league's deployment the bot's way (deploy._auto): the Hoplites split two to the Centre for one to
# the Flank twice as often as the other way; the strongest paired or spread, as often.
DEPLOYMENTS = ((data.HOPLITE_PATTERN, 2 / 3), (deploy.FLANK_FIRST, 1 / 3))


def _with_figure(dist: Dist, attack: float, odds: float) -> Dist:
    """A column's total when a figure of this attack is engaged there with these odds."""
    if not attack or not odds:
        return dist
    found: Dist = {value: p * (1 - odds) for value, p in dist.items()}
    for value, p in dist.items():
        found[value + round(attack)] = found.get(value + round(attack), 0.0) + p * odds
    return found


def foes(state: State, league: str) -> dict[str, Foe]:
    """The other side's columns on each front, as `league` can know them."""
    odds = hidden_strengths(state, league)
    rival = other(league)
    battle = state.battle
    if not seats_of(state, rival):  # the solo enemy: its columns are the scenario's, no figures
        army = battle.plans[rival].columns if battle else state.enemy_army
        return {
            front: Foe([(1.0, [_sum([_odds(odds, t) for t in column]) for column in army[front]])], ordered=True)
            for front in data.FRONTS
        }
    # a league of players: its tokens by kind (public), deployed the bot's way; its figures (public)
    # stand on some fronts and are engaged in one column of each
    tokens = [Token(unit=t.unit, level=t.level, strength=t.level) for t in league_army(state, rival)]
    figures = deploy.league_figures(state, rival)
    placed = min(len(figures), len(data.FRONTS))
    attack = sum(data.FIGURES[f]["attack"] for f in figures) / len(figures) if figures else 0
    engaged = placed / len(data.FRONTS) / 2  # on this front, and in the column that matters
    found: dict[str, list[tuple[float, list[Dist]]]] = {front: [] for front in data.FRONTS}
    for pattern, weight in DEPLOYMENTS:
        split = deploy.rows(tokens, pattern)
        for spread in (False, True):
            for front in data.FRONTS:
                slots = deploy._slots(front, *split[front], spread=spread)
                columns = [[t for t in slots[2 * c : 2 * c + 2] if t is not None] for c in range(data.COLUMNS)]
                dists = [_with_figure(_sum([_odds(odds, t) for t in col]), attack, engaged) for col in columns]
                found[front].append((weight / 2, dists))
    return {front: Foe(deployments, ordered=False) for front, deployments in found.items()}


def _odds(odds: dict[str, Dist], token: Token) -> Dist:
    return odds[data.pool_key(token.unit, token.level)]


# --- Our side ------------------------------------------------------------------------------------


def _total(column: list[Token], figure: str | None, front: str) -> int:
    bonus = sum(1 for t in column if t.unit == "cavalry") if figure == "Aleuas" and front == "flank" else 0
    return sum(t.strength for t in column) + bonus


def front_odds(foe: Foe, columns: Columns, figure: str | None, front: str) -> Outcome:
    """Our chances on a front, the figure engaged in the column where it helps most."""
    totals = [_total(column, figure, front) for column in columns]
    best = foe.front(totals)
    attack = data.FIGURES[figure]["attack"] if figure else 0
    for index in range(len(totals)) if attack else ():
        boosted = foe.front([t + attack if i == index else t for i, t in enumerate(totals)])
        if boosted[0] + boosted[1] / 2 > best[0] + best[1] / 2:
            best = boosted
    return best


def _pairings(tokens: list[Token | None]) -> list[list[tuple[Token | None, Token | None]]]:
    """Every way to pair six tokens (None for an empty slot) into three ordered columns."""
    if not tokens:
        return [[]]
    first, rest = tokens[0], tokens[1:]
    found = []
    for i, partner in enumerate(rest):
        for tail in _pairings(rest[:i] + rest[i + 1 :]):
            found.append([(first, partner), *tail])
    return found


def _padded(tokens: list[Token], size: int) -> list[Token | None]:
    padded: list[Token | None] = list(tokens[:size])
    return padded + [None] * (size - len(padded))


def _arrangements(front: str, first: list[Token], second: list[Token], ordered: bool) -> list[Columns]:
    """The ways to stand these tokens (the strongest six at most) in the front's three columns; in
    every order of the columns where the other side's order is known."""
    if front == "flank":  # one Cavalry and one Hoplite per column
        cavalry, hoplites = _padded(first, 3), _padded(second, 3)
        return [
            [[t for t in pair if t is not None] for pair in zip(cavalry_order, hoplite_order)]
            for cavalry_order in (permutations(cavalry) if ordered else [tuple(cavalry)])
            for hoplite_order in permutations(hoplites)
        ]
    ranked = _padded(sorted(first + second, key=lambda t: -t.strength), 6)
    found: list[Columns] = []
    seen: set[tuple[tuple[int, ...], ...]] = set()
    for pairing in _pairings(ranked):
        for order in permutations(pairing) if ordered else [tuple(pairing)]:
            columns = [[t for t in pair if t is not None] for pair in order]
            key = tuple(tuple(sorted(t.strength for t in column)) for column in columns)
            key = key if ordered else tuple(sorted(key))
            if key not in seen:
                seen.add(key)
                found.append(columns)
    return found


def _best_front(
    foe: Foe, front: str, first: list[Token], second: list[Token], figure: str | None
) -> tuple[Outcome, Columns]:
    best: tuple[Outcome, Columns] | None = None
    for columns in _arrangements(front, first, second, ordered=len(foe.orders) == 1):
        odds = front_odds(foe, columns, figure, front)
        if best is None or odds[0] + odds[1] / 2 > best[0][0] + best[0][1] / 2:
            best = (odds, columns)
    assert best is not None
    return best


def game_odds(fronts: list[Outcome], solo: bool) -> float:
    """Our chance to win the battle from each front's chances (Flank, Centre, Maritime)."""
    total = 0.0
    for a in range(3):
        for b in range(3):
            for c in range(3):
                p = fronts[0][a] * fronts[1][b] * fronts[2][c]
                if not p:
                    continue
                won = sum(1 for r in (a, b, c) if r == 0)
                lost = sum(1 for r in (a, b, c) if r == 2)
                if won > lost:
                    total += p
                elif won == lost and not solo:
                    total += p * (1.0 if c == 0 else 0.0 if c == 2 else 0.5)
    return total


# --- The plan ------------------------------------------------------------------------------------

Slots = list[Token | None]


def _slots(front: str, columns: Columns) -> Slots:
    """Columns as the front's slots (slot 2c+r: column c, row r, each token in the row of its unit)."""
    slots: Slots = [None] * deploy.SLOTS
    for c, column in enumerate(columns):
        for token in column:
            free = [s for s in (2 * c, 2 * c + 1) if slots[s] is None]
            slot = next(s for s in free if deploy.slot_unit(front, s) == token.unit)
            slots[slot] = token
    return slots


def _splits(hoplites: list[Token], flank_open: bool, centre_open: bool) -> list[tuple[list[Token], list[Token]]]:
    """Ways to share the Hoplites (strongest first) between the Flank and the Centre."""
    if not flank_open:
        return [([], hoplites)]
    if not centre_open:
        return [(hoplites, [])]
    found = []
    for k in range(min(3, len(hoplites)) + 1):
        found.append((hoplites[:k], hoplites[k:]))
        found.append((hoplites[len(hoplites) - k :] if k else [], hoplites[: len(hoplites) - k]))
        if len(hoplites) > 6:
            found.append((hoplites[6 : 6 + k], hoplites[:6] + hoplites[6 + k :]))
    unique = {(tuple(id(t) for t in f), tuple(id(t) for t in c)): (f, c) for f, c in found}
    return list(unique.values())


def _figure_orders(figures: list[str], needed: int) -> list[dict[str, str | None]]:
    """Ways to stand the strongest figures, one a front at most."""
    ranked = sorted(figures, key=lambda f: (-data.FIGURES[f]["attack"], f))[: max(needed, 0)]
    found = []
    for fronts in permutations(data.FRONTS, len(ranked)):
        order: dict[str, str | None] = {front: None for front in data.FRONTS}
        order.update(zip(fronts, ranked))
        found.append(order)
    return found or [{front: None for front in data.FRONTS}]


Target = tuple[dict[str, Slots], dict[str, str | None]]
_TARGETS: dict[tuple[object, ...], Target] = {}  # the plans found, by all they depend on


def _tokens_key(tokens: list[Token]) -> tuple[tuple[str, int, int], ...]:
    return tuple(sorted((t.unit, t.level, t.strength) for t in tokens))


def _problem(state: State, league: str) -> tuple[object, ...]:
    """Everything `target` reads, as a key: the same key, the same plan."""
    plan = open_battle(state).plans[league]
    rival = other(league)
    confirmed = tuple((f, tuple(_tokens_key(c) for c in plan.columns[f])) for f in data.FRONTS if f in plan.columns)
    theirs: object = (
        _tokens_key(league_army(state, rival)) + tuple(sorted(deploy.league_figures(state, rival)))
        if seats_of(state, rival)
        else tuple((f, tuple(_tokens_key(c) for c in cs)) for f, cs in open_battle(state).plans[rival].columns.items())
    )
    hidden = tuple(sorted((k, tuple(sorted(d.items()))) for k, d in hidden_strengths(state, league).items()))
    mine = _tokens_key(league_army(state, league))
    figures = (tuple(sorted(deploy.league_figures(state, league))), deploy.figures_needed(state, league))
    return (league, state.solo, mine, confirmed, figures, theirs, hidden)


def target(state: State, league: str) -> Target:
    """The plan we aim for: the slots of each front not yet confirmed, and a figure per front.
    A deployment asks for it at every step: it is found once and kept (a pure function's memo)."""
    key = _problem(state, league)
    found = _TARGETS.get(key)
    if found is None:
        if len(_TARGETS) > 64:
            _TARGETS.clear()
        found = _TARGETS[key] = _target(state, league)
    return found


def _target(state: State, league: str) -> Target:
    plan = open_battle(state).plans[league]
    foe = foes(state, league)
    confirmed = {front: plan.columns[front] for front in data.FRONTS if front in plan.columns}
    free = deploy._without(league_army(state, league), [t for cols in confirmed.values() for col in cols for t in col])

    def ranked(unit: str) -> list[Token]:
        return sorted((t for t in free if t.unit == unit), key=lambda t: (-t.strength, -t.level))

    hoplites, cavalry, triremes = ranked("hoplites"), ranked("cavalry"), ranked("triremes")
    open_fronts = [f for f in data.FRONTS if f not in confirmed]
    memo: dict[tuple[object, ...], tuple[Outcome, Columns]] = {}

    def best(front: str, first: list[Token], second: list[Token], figure: str | None) -> tuple[Outcome, Columns]:
        if front in confirmed:
            return front_odds(foe[front], confirmed[front], figure, front), confirmed[front]
        attack = figure if figure == "Aleuas" else (data.FIGURES[figure]["attack"] if figure else 0)
        key = (front, tuple(t.strength for t in first), tuple(t.strength for t in second), attack)
        if key not in memo:
            memo[key] = _best_front(foe[front], front, first, second, figure)
        return memo[key]

    chosen: tuple[float, dict[str, Columns], dict[str, str | None]] | None = None
    figures = deploy.league_figures(state, league)
    for order in _figure_orders(figures, deploy.figures_needed(state, league)):
        for flank_hoplites, centre in _splits(hoplites, "flank" in open_fronts, "centre" in open_fronts):
            rows = {"flank": (cavalry, flank_hoplites), "centre": (centre, []), "maritime": (triremes, [])}
            picks = {front: best(front, *rows[front], order[front]) for front in data.FRONTS}
            odds = game_odds([picks[front][0] for front in data.FRONTS], state.solo)
            if chosen is None or odds > chosen[0] + 1e-9:
                chosen = (odds, {front: picks[front][1] for front in data.FRONTS}, order)
    assert chosen is not None
    return {front: _slots(front, chosen[1][front]) for front in open_fronts}, chosen[2]
