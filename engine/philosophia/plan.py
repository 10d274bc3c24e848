"""What a position is worth to a seat, for the strong stand-in: how many actions each philosopher
still needs to hold three Labyrinth tokens, against how many turns are left before Rome arrives.

Every estimate reads only what the seat may know: the board, counts of others' cards, and the
seat's own hand. The numbers are rough on purpose (actions, with coins turned into the Tutor
actions that earn them); the search compares positions, it does not predict them.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from . import data
from .clock import LAST
from .state import Player, State, builder_cost, locked_wisdom, school_cost, study_cost, tutor_income

# A criterion's cost: follower placements (requests of a place kind or of cities), schools (the
# requests of a region), other actions and coins. Kinds and regions do not overlap, so a set's
# needs add up, except that "followers" and "schools" place them all anyway.
FOLLOWER_KINDS = {"Request of Apollo": "oracle", "Request of Poseidon": "port", "Request of Demeter": "temple"}
SCHOOL_REGIONS = {"Request of Hermes": "east", "Request of Artemis": "west"}
CITY_FOLLOWERS = {"Request of Dionysus": 6}
ATHENA = "athena"  # an Olympic Request still to be won at Athena's auction
FAR = 60.0  # a criterion out of reach
TYPICAL_BID = 3  # coins an Olympic Request usually costs
SPREAD = 1.5  # how many actions an estimate may be off, at the least (see `odds`)
KINDS = {loc: place.kind for loc, place in data.LOCATIONS.items()}
REGIONS = {loc: place.region for loc, place in data.LOCATIONS.items() if place.region}
PLACES_OF_KIND = {kind_: sum(1 for k in KINDS.values() if k == kind_) for kind_ in ("oracle", "port", "temple", "city")}


class Cost(NamedTuple):
    name: str
    placements: float = 0  # follower placements a request still needs
    schools: float = 0  # schools a request still needs
    actions: float = 0
    coins: float = 0


class Board:
    """What every estimate reads of the board, gathered in one pass: location tokens still lying
    by colour, and each philosopher's followers by place kind and schools by region."""

    def __init__(self, state: State) -> None:
        self.lying: dict[str, int] = dict.fromkeys(data.TOKEN_COLOURS, 0)
        self.followers = [dict.fromkeys(PLACES_OF_KIND, 0) for _ in state.players]
        self.schools = [{"east": 0, "west": 0} for _ in state.players]
        for loc, site in state.sites.items():
            if site.token:
                self.lying[site.token] += 1
            kind_ = KINDS[loc]
            for who in site.followers:
                if kind_ in PLACES_OF_KIND:
                    self.followers[who][kind_] += 1
            region = REGIONS.get(loc)
            if region:
                for who in site.schools:
                    self.schools[who][region] += 1

    def request(self, who: int, request: str) -> Cost:
        """What an Olympic Request still asks of `who`."""
        if request in FOLLOWER_KINDS:
            kind_ = FOLLOWER_KINDS[request]
            return Cost(request, placements=PLACES_OF_KIND[kind_] - self.followers[who][kind_])
        if request in SCHOOL_REGIONS:
            return Cost(request, schools=max(0, 2 - self.schools[who][SCHOOL_REGIONS[request]]))
        return Cost(request, placements=max(0, CITY_FOLLOWERS[request] - self.followers[who]["city"]))


def _colours_cost(board: Board, player: Player) -> float:
    cost = 0.0
    for colour in data.TOKEN_COLOURS:
        if colour in player.tokens:
            continue
        left = board.lying[colour]
        if not left:
            return FAR
        cost += 0.4 + (0.6 if left == 1 else 0.0)  # a free move each, riskier when one is left
    return cost


def _favours_cost(state: State, player: Player) -> float:
    cost = 0.0
    for favour in data.FAVOURS:
        if favour in player.oracles:
            continue
        deck = state.oracle_decks[data.ORACLES[favour].deck]
        if not deck:
            return FAR
        cost += (len(deck) + 1) / 2
    return cost


def _debates_cost(state: State, player: Player) -> float:
    wins = max(0, 3 - player.debate_wins)
    if state.supply.debate_tokens < wins:
        return FAR
    return wins * (2.0 if len(player.hand) >= 4 else 3.0)


def criteria_costs(state: State, board: Board, who: int, player: Player, mine: bool) -> list[Cost]:
    """What each criterion `who` has not yet claimed still costs, but "followers" and "schools"
    (see `need`). `mine`: the seat's own philosopher, whose Oracle cards it knows (another's
    Favours are taken as out of reach)."""
    claimed = player.claimed
    locked = 3 - len(player.wisdom)
    studies = max(0, locked - player.study)
    found = []
    if "wisdom" not in claimed:
        found.append(Cost("wisdom", actions=locked + studies, coins=studies * study_cost(player)))
    if "colours" not in claimed:
        found.append(Cost("colours", actions=_colours_cost(board, player)))
    if "debates" not in claimed:
        found.append(Cost("debates", actions=_debates_cost(state, player)))
    if mine and "favours" not in claimed:
        found.append(Cost("favours", actions=_favours_cost(state, player)))
    found += [board.request(who, request) for request in player.requests if request not in claimed]
    if state.requests and len(player.requests) < 2:
        # An Olympic Request still to be won: an offering, its price, and on average what the
        # cards left ask.
        left = [board.request(who, r) for r in state.requests]
        found.append(
            Cost(
                ATHENA,
                placements=sum(c.placements for c in left) / len(left),
                schools=sum(c.schools for c in left) / len(left),
                actions=1.5,
                coins=TYPICAL_BID,
            )
        )
    return found


def need(state: State, who: int, mine: bool = False, board: Board | None = None) -> float:
    """Actions `who` still needs to hold three Labyrinth tokens (0 once they do). `mine`: the
    seat's own philosopher, whose Oracle cards count: a card that gives coins, a Builder, a
    follower or a Wisdom card is counted at part of its worth (it may be cancelled, and a card
    played should be worth more than one held)."""
    player = state.players[who]
    if player.automaton:
        return moirai_draws(state, who)
    board = board or Board(state)
    plain = _need(state, board, who, player, mine)
    if not mine:
        return plain
    helped = _with_oracles(player)
    if helped is player:
        return plain
    return (1 - ORACLE_SHARE) * plain + ORACLE_SHARE * _need(state, board, who, helped, mine)


ORACLE_SHARE = 0.6  # the part of an Oracle card's gift a card in hand counts for


def _with_oracles(player: Player) -> Player:
    """The philosopher as if their Oracle cards had been played (the same one if none helps)."""
    effects = [data.ORACLES[card].effect for card in player.oracles]
    coins = 2 * effects.count("coins")
    builders = min(data.MAX_BUILDERS - player.builders, effects.count("builder"))
    placed = min(player.followers_left, effects.count("place"))
    unlocked = locked_wisdom(player)[: effects.count("unlock")]
    if not (coins or builders or placed or unlocked):
        return player
    return player.model_copy(
        update={
            "coins": player.coins + coins,
            "builders": player.builders + builders,
            "followers_left": player.followers_left - placed,
            "wisdom": player.wisdom + unlocked,
        }
    )


def _need(state: State, board: Board, who: int, player: Player, mine: bool) -> float:
    """`need` for this philosopher: the cheapest set of criteria, each Labyrinth token an action
    of its own, coins counted as the Tutor actions that earn them."""
    missing = data.TOKENS_TO_WIN - len(player.claimed)
    if missing <= 0:
        return 0.0
    income = max(1, tutor_income(state, player))
    hires_each = 0.0 if player.character == "Plato" else 1.0
    others = criteria_costs(state, board, who, player, mine)
    best = FAR
    for with_followers in (False, True) if "followers" not in player.claimed else (False,):
        for with_schools in (False, True) if "schools" not in player.claimed else (False,):
            fixed = with_followers + with_schools
            if fixed > missing or len(others) < missing - fixed:
                continue
            # Choose the other criteria by a rough cost; then count the set exactly.
            ranked = sorted(
                others,
                key=lambda c: (
                    c.actions
                    + c.coins / income
                    + (0 if with_followers else c.placements)
                    + (0 if with_schools else c.schools * (1 + hires_each))
                ),
            )
            chosen = ranked[: missing - fixed]
            placements = sum(c.placements for c in chosen)
            builds = sum(c.schools for c in chosen)
            if placements > player.followers_left or builds > player.schools_left:
                continue  # requests need followers and schools still to be placed, at their places
            if with_followers:
                placements = player.followers_left
            if with_schools:
                builds = player.schools_left
            hires = 0 if player.character == "Plato" else max(0, builds - player.builders)
            actions = placements + builds + hires + sum(c.actions for c in chosen)
            coins = hires * builder_cost(player) + builds * school_cost(player) + sum(c.coins for c in chosen)
            best = min(best, actions + max(0, coins - player.coins) / income + missing)
    return best + (1.0 if player.silenced else 0.0)


# --- The Moirai (solo) -----------------------------------------------------------------------------

MOIRAI_CARDS = len(data.MOIRAI)


def _moirai_rate(deed: str) -> float:
    return sum(1 for fate in data.MOIRAI.values() if fate.deed == deed) / MOIRAI_CARDS


def moirai_draws(state: State, who: int) -> float:
    """Draws until the Moirai hold three tokens: their criteria fill side by side, so the third
    soonest one's time."""
    moirai = state.players[who]
    missing = data.TOKENS_TO_WIN - len(moirai.claimed)
    if missing <= 0:
        return 0.0
    colours = len(set(data.TOKEN_COLOURS) - set(moirai.tokens))
    lying = {site.token for site in state.sites.values() if site.token}
    times = {
        "followers": moirai.followers_left / _moirai_rate("follower"),
        "schools": moirai.schools_left / _moirai_rate("school"),
        "colours": colours / _moirai_rate("token") * 1.3
        if set(data.TOKEN_COLOURS) - set(moirai.tokens) <= lying
        else FAR,
        "debates": max(0, 3 - moirai.debate_wins) * 8.0 if moirai.debate_wins else FAR,
    }
    left = sorted(time for name, time in times.items() if name not in moirai.claimed)
    return left[missing - 1] if len(left) >= missing else FAR


def solo_deadline(state: State) -> tuple[float, float]:
    """Solo: the Moirai draws until Atropos brings 146 BC, and until their deck runs out a second
    time (a loss). The deck's contents are public: the cards not yet drawn this pass."""
    deck = len(state.moirai_deck)
    atropos = sum(1 for card in state.moirai_deck if data.MOIRAI[card].deed == "timeline")
    per_pass = sum(1 for fate in data.MOIRAI.values() if fate.deed == "timeline")
    steps = LAST - state.timeline
    out = deck + (MOIRAI_CARDS if state.moirai_runs == 0 else 0) + 1
    if steps <= atropos:
        return steps * (deck + 1) / (atropos + 1), out
    if state.moirai_runs == 0 and steps - atropos <= per_pass:
        return deck + (steps - atropos) * (MOIRAI_CARDS + 1) / (per_pass + 1), out
    return FAR, out


# --- Turns left and the worth of a position --------------------------------------------------------


def rounds_left(state: State) -> float:
    """Rounds until the hourglass brings 146 BC (counting this one), if nobody moves it by hand."""
    steps = LAST - state.timeline
    hourglass = state.options.hourglass_rounds
    last_round = hourglass * (math.ceil(state.round / hourglass) + steps - 1)
    return max(0, last_round - state.round) + 1


def odds(margin: float, needed: float) -> float:
    """The chance that `needed` actions fit in `margin + needed` turns: the further off, the less
    sure the estimate."""
    return 1 / (1 + math.exp(-margin / (SPREAD + 0.3 * max(0.0, needed))))


def worth(state: State, seat: int) -> float:
    """What the position is worth to `seat`: ten times its rough chance to win, less the actions
    it still needs (which orders positions long before the chance moves)."""
    if state.winners is not None:
        return 20.0 if seat in state.winners else -20.0
    board = Board(state)
    mine = need(state, seat, mine=True, board=board)
    if state.seats == 1:
        return 10 * _solo_chance(state, seat, mine) - mine
    left = rounds_left(state)
    # Once out of the Labyrinth, a philosopher moves the timeline on every other turn.
    steps = LAST - state.timeline
    chance = odds(left - mine, mine)
    end = min(left, mine + 2 * steps)
    for other in range(state.seats):
        if other != seat:
            theirs = need(state, other, board=board)
            chance *= 1 - 0.7 * odds(min(end, left) - theirs, theirs)
    return 10 * chance - mine


def _solo_chance(state: State, seat: int, mine: float) -> float:
    atropos, out = solo_deadline(state)
    fates = need(state, state.seats)
    steps = LAST - state.timeline
    # Out of the Labyrinth, the player moves the timeline on every other turn; Atropos helps.
    end = min(atropos, mine + 2 * steps)
    return odds(min(atropos, fates, out) - mine, mine) * odds(min(fates, out) - end, fates)
