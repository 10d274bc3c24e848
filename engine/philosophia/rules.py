"""Philosophia: set-up, who moves, what is legal, and applying an action.

A turn is a move (phase "move"), perhaps a location token ("bonus"), then one action ("act"),
before which Oracle cards may be played (each opens a "veto" window for the others). Acropolis
actions may open an "auction" (everyone bids in secret) or a "debate" (two players, card by card).
"""

from __future__ import annotations

from ..chance import Chance
from ..core import Event, IllegalAction, NotYourTurn, Outcome, Step, copy_state
from . import acropolis, clock, data, debate, oracles, standard
from .actions import AcropolisAction, Action, Argue, Bid, Bonus, Move, PlayOracle, Rest, StandardAction, Veto
from .board import require
from .state import Options, Player, Site, State, bold, current_auction, current_debate, current_veto
from .turn import end_turn

# --- Set-up --------------------------------------------------------------------------------------


def _characters(seats: int, options: Options, chance: Chance) -> tuple[list[str], str | None]:
    known = list(data.CHARACTERS)
    chosen = list(options.characters[:seats])
    for character in chosen + ([options.moirai_character] if options.moirai_character else []):
        if character not in known:
            raise IllegalAction(f"{character} is not a Philosophia character ({', '.join(known)}).")
    if chosen and len(chosen) < seats:
        raise IllegalAction("Name a character for every seat, or none to deal them at random.")
    dealt = chosen or chance.shuffle(known)[:seats]
    moirai = None
    if seats == 1:
        moirai = options.moirai_character or next(c for c in chance.shuffle(known) if c not in dealt)
    if len(set(dealt + ([moirai] if moirai else []))) != len(dealt) + (1 if moirai else 0):
        raise IllegalAction("Each character can be played by one philosopher only.")
    return dealt, moirai


def setup(seats: int, options: Options | None, chance: Chance) -> State:
    if not 1 <= seats <= 6:
        raise IllegalAction("Philosophia is for 1 to 6 players.")
    options = options or Options()
    dealt, moirai = _characters(seats, options, chance)
    places = [loc for loc, place in data.LOCATIONS.items() if place.kind != "acropolis"]
    tokens = chance.shuffle([colour for colour, count in data.TOKEN_COLOURS.items() for _ in range(count)])
    state = State(
        options=options,
        seats=seats,
        players=[],
        sites={loc: Site(token=dict(zip(places, tokens)).get(loc)) for loc in data.LOCATIONS},
        sophistry=chance.shuffle([card for card in data.SOPHISTRY for _ in range(data.COPIES)]),
        syllogism=chance.shuffle([card for card in data.SYLLOGISMS for _ in range(data.COPIES)]),
        oracle_decks={
            deck: chance.shuffle([c for c, o in data.ORACLES.items() if o.deck == deck]) for deck in data.ORACLE_DECKS
        },
        requests=chance.shuffle(list(data.REQUESTS)),
    )
    for character in dealt:
        start = data.CHARACTERS[character]
        state.players.append(Player(character=character, location=start.start, coins=start.coins))
        for deck, count in ((state.sophistry, start.sophistry), (state.syllogism, start.syllogism)):
            state.players[-1].hand += [deck.pop(0) for _ in range(count)]
    if moirai:
        state.players.append(Player(character=moirai, location=data.CHARACTERS[moirai].start, automaton=True))
        state.moirai_deck = chance.shuffle(list(data.MOIRAI))
    return state


# --- Who moves and what is legal -----------------------------------------------------------------


def to_move(state: State) -> frozenset[int]:
    if state.phase == "over":
        return frozenset()
    if state.phase == "veto":
        veto = current_veto(state)
        return frozenset(s for s in range(state.seats) if s != veto.player and s not in veto.answers)
    if state.phase == "auction":
        auction = current_auction(state)
        return frozenset(s for s in range(state.seats) if s not in auction.bids)
    if state.phase == "debate":
        return frozenset({debate.actor(current_debate(state))})
    return frozenset({state.turn})


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_move(state):
        return []
    if state.phase == "move":
        return [Move(to=location) for location in standard.destinations(state, seat)]
    if state.phase == "bonus":
        return [Bonus(keep=True), Bonus(keep=False)]
    # list(...) widens a list of one kind of action to list[Action] (lists are invariant)
    if state.phase == "veto":
        return list(oracles.veto_options(state, seat))
    if state.phase == "auction":
        return list(acropolis.bid_options(state, seat))
    if state.phase == "debate":
        return list(debate.options(state, seat))
    return [
        *standard.standard_actions(state, seat),
        *acropolis.acropolis_actions(state, seat),
        *oracles.plays(state, seat),
        Rest(),
    ]


# --- Applying an action --------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action, chance: Chance) -> Step:
    if state.phase in ("move", "bonus", "act") and seat != state.turn:
        raise NotYourTurn("It is not your turn.")
    state = copy_state(state)
    if isinstance(action, Move):
        events = standard.move(state, seat, action.to, chance)
    elif isinstance(action, Bonus):
        events = standard.bonus(state, seat, action.keep, chance)
    elif isinstance(action, StandardAction):
        events = standard.take_standard(state, seat, action, chance)
    elif isinstance(action, AcropolisAction):
        events = acropolis.take_acropolis(state, seat, action, chance)
    elif isinstance(action, PlayOracle):
        events = oracles.play(state, seat, action, chance)
    elif isinstance(action, Rest):
        require(state.phase == "act", "You can end your turn only after your move.")
        events = [Event(f"{bold(state, seat)} rests.")] + end_turn(state, chance)
    elif isinstance(action, Veto):
        events = oracles.answer(state, seat, action, chance)
    elif isinstance(action, Bid):
        events = acropolis.bid(state, seat, action, chance)
    elif isinstance(action, Argue):
        events = debate.argue(state, seat, action, chance, _debate_ending(state))
    else:
        events = debate.pass_turn(state, seat, chance, _debate_ending(state))
    return Step(state=state, events=tuple(events))


def _debate_ending(state: State) -> debate.Ending:
    """How the debate under way ends (with no debate, argue and pass_turn refuse before asking)."""
    if state.debate is not None and state.debate.final:
        return clock.end_final_debate
    return acropolis.end_debate


def outcome(state: State) -> Outcome | None:
    if state.winners is None:
        return None
    return Outcome(winners=tuple(state.winners), reason=state.end)
