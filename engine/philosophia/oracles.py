"""Oracle cards: played for free before your action, each may be cancelled by any other player
holding a Veto card (they all answer in secret; the first in turn order cancels). Played and
cancelled cards go to the box. Favours are kept; the riddle is an argument for debates.

A player everyone can see holds no Veto card (no Oracle card of a deck whose Veto is still in play)
has only "Let it be" to answer, which is no decision: it is answered for them at once, and the
table is told. Anyone who might hold a Veto still answers, so an answer never tells a secret."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event
from . import data
from .actions import PlayOracle, Veto, among
from .board import place_follower, require, return_arguments, send_home
from .state import State, bold, current_veto, kind, locked_wisdom, name, opponents
from .state import Veto as VetoState

NOT_PLAYED = ("favour", "argument", "cancel")


def effect(card: str) -> str:
    return data.ORACLES[card].effect


def _targets(state: State, who: int, card: str) -> list[int]:
    """Opponents the card can strike; only some effects reach the Moirai."""
    found = []
    for other in opponents(state, who):
        rival = state.players[other]
        if rival.automaton and not data.TARGETED[effect(card)]:
            continue
        fits = {
            "look": True,
            "discard": bool(rival.hand),
            "drain": rival.coins > 0,
            "send_home": any(other in site.followers for site in state.sites.values()),
            "steal": bool(rival.tokens),
            "silence": not rival.silenced,
        }[effect(card)]
        if fits:
            found.append(other)
    return found


def plays(state: State, who: int) -> list[PlayOracle]:
    """Every way `who` can play an Oracle card now."""
    if state.phase != "act" or state.turn != who:
        return []
    player, found = state.players[who], []
    for card in dict.fromkeys(player.oracles):
        what = effect(card)
        if what in NOT_PLAYED:
            continue
        if what == "unlock":
            found += [PlayOracle(card=card, choice=wisdom) for wisdom in locked_wisdom(player)]
        elif what in ("coins", "move"):
            found.append(PlayOracle(card=card))
        elif what == "sophist" and state.supply.sophists:
            found.append(PlayOracle(card=card))
        elif what == "builder" and state.supply.builders and player.builders < data.MAX_BUILDERS:
            found.append(PlayOracle(card=card))
        elif what == "place" and player.followers_left:
            found += [
                PlayOracle(card=card, choice=loc)
                for loc, site in state.sites.items()
                if kind(loc) != "acropolis" and who not in site.followers
            ]
        elif what == "steal":
            found += [
                PlayOracle(card=card, target=other, choice=colour, name=name(state, other))
                for other in _targets(state, who, card)
                for colour in dict.fromkeys(state.players[other].tokens)
            ]
        elif what in data.TARGETED:
            found += [
                PlayOracle(card=card, target=other, name=name(state, other)) for other in _targets(state, who, card)
            ]
    return found


def play(state: State, who: int, action: PlayOracle, chance: Chance) -> list[Event]:
    require(state.phase == "act", "Oracle cards are played on your turn, before your action.")
    require(action.card in state.players[who].oracles, "You do not hold that Oracle card.")
    require(effect(action.card) not in NOT_PLAYED, "That card is not played like this.")
    require(among(action, plays(state, who)), "That card cannot be played like that now.")
    state.players[who].oracles.remove(action.card)
    on = f" on {bold(state, action.target)}" if action.target is not None else ""
    events = [Event(f"🔮 {bold(state, who)} plays *{action.card}*{on}: {data.ORACLES[action.card].text}.")]
    if state.seats == 1:
        return events + resolve(state, who, action, chance)
    veto = VetoState(player=who, card=action.card, target=action.target, choice=action.choice)
    state.veto, state.phase = veto, "veto"
    others = [seat for seat in range(state.seats) if seat != who]
    unable = [seat for seat in others if surely_cannot_cancel(state, seat)]
    asked = [seat for seat in others if seat not in unable]
    if unable:  # their only answer is no decision: given for them, and said
        veto.answers.update(dict.fromkeys(unable, False))
        holds, lets = ("holds", "lets") if len(unable) == 1 else ("hold", "let")
        events.append(Event(f"{_names(state, unable)} {holds} no Veto card and {lets} it be."))
    if not asked:
        return events + settle(state, chance)
    who_may = _names(state, asked) if unable else "Every other player"
    return events + [Event(f"{who_may} may now cancel it with a Veto card.")]


def can_cancel(state: State, seat: int) -> bool:
    return any(effect(card) == "cancel" for card in state.players[seat].oracles)


def vetoes_in_play(state: State) -> set[str]:
    """The decks whose Veto card is still in a deck or a hand: one played went to the box in front
    of everyone, so this is public (as the number of each deck's cards in a hand is)."""
    out = {card for deck in state.oracle_decks.values() for card in deck}
    out |= {card for player in state.players for card in player.oracles}
    return {data.ORACLES[card].deck for card in out if effect(card) == "cancel"}


def surely_cannot_cancel(state: State, seat: int) -> bool:
    """Whether everyone can tell that `seat` holds no Veto card: none of their Oracle cards comes
    from a deck whose Veto is still in play. (Someone who merely happens to hold none still answers:
    answering for them would tell the table so.)"""
    decks = vetoes_in_play(state)
    return not any(data.ORACLES[card].deck in decks for card in state.players[seat].oracles)


def _names(state: State, seats: list[int]) -> str:
    names = [bold(state, seat) for seat in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def veto_options(state: State, seat: int) -> list[Veto]:
    if state.phase != "veto":
        return []
    veto = current_veto(state)
    if seat == veto.player or seat in veto.answers:
        return []
    return [Veto(cancel=False)] + ([Veto(cancel=True)] if can_cancel(state, seat) else [])


def answer(state: State, seat: int, action: Veto, chance: Chance) -> list[Event]:
    require(state.phase == "veto", "No Oracle card is waiting for an answer.")
    veto = current_veto(state)
    require(seat != veto.player and seat not in veto.answers, "You have already answered.")
    require(not action.cancel or can_cancel(state, seat), "You hold no Veto card.")
    veto.answers[seat] = action.cancel
    waiting = state.seats - 1 - len(veto.answers)
    events = [
        Event("You will cancel it if nobody before you does." if action.cancel else "You let it be.", to=seat),
        Event(f"{bold(state, seat)} has answered ({waiting} still to answer)."),
    ]
    if waiting:
        return events
    return events + settle(state, chance)


def settle(state: State, chance: Chance) -> list[Event]:
    """Every other player has answered: the first to cancel, in turn order, spends a Veto card;
    else the card takes effect."""
    veto = current_veto(state)
    order = [(veto.player + step) % state.seats for step in range(1, state.seats)]
    canceller = next((s for s in order if veto.answers.get(s)), None)
    card = PlayOracle(card=veto.card, target=veto.target, choice=veto.choice)
    state.veto, state.phase = None, "act"
    if canceller is None:
        return resolve(state, veto.player, card, chance)
    spent = next(c for c in state.players[canceller].oracles if effect(c) == "cancel")
    state.players[canceller].oracles.remove(spent)
    return [Event(f"🚫 {bold(state, canceller)} cancels *{veto.card}* with *{spent}*.")]


def resolve(state: State, who: int, action: PlayOracle, chance: Chance) -> list[Event]:
    """The card's effect, once nobody cancelled it."""
    player, supply = state.players[who], state.supply
    me, what = bold(state, who), effect(action.card)
    state.phase = "act"
    if what == "unlock" and action.choice in locked_wisdom(player):
        player.wisdom.append(action.choice)
        return [Event(f"📜 {me} unlocks *{action.choice}*.")]
    if what == "coins":
        player.coins += 2
        return [Event(f"{me} takes 2 coins.")]
    if what == "move":
        state.phase = "move"
        return [Event(f"{me} moves again.")]
    if what == "sophist" and supply.sophists:
        supply.sophists -= 1
        player.sophists += 1
        return [Event(f"{me} takes a Sophist.")]
    if what == "builder" and supply.builders and player.builders < data.MAX_BUILDERS:
        supply.builders -= 1
        player.builders += 1
        return [Event(f"{me} takes a Builder.")]
    if what == "place" and player.followers_left:
        assert action.choice is not None, "a follower is placed where the card chose"
        if who not in state.sites[action.choice].followers:
            place_follower(state, who, action.choice)
            return [Event(f"{me}'s pilgrims found a following at {data.LOCATIONS[action.choice].name}.")]
    if what in data.TARGETED:
        return _strike(state, who, action, chance)
    return [Event("The card has no effect any more.")]


def _strike(state: State, who: int, action: PlayOracle, chance: Chance) -> list[Event]:
    """The effect of a card played on an opponent (`resolve`)."""
    assert action.target is not None, "a card that strikes an opponent names them"
    other = action.target
    player, target = state.players[who], state.players[other]
    me, what = bold(state, who), effect(action.card)
    if what == "look":
        cards = ", ".join(target.hand) or "no argument cards"
        return [
            Event(f"{me} looks at {bold(state, other)}'s argument cards."),
            Event(f"{name(state, other)} holds: {cards}.", to=who),
        ]
    if what == "discard" and target.hand:
        lost: list[str] = []
        for _ in range(min(2, len(target.hand))):
            lost.append(chance.pick(target.hand))
            target.hand.remove(lost[-1])
        return_arguments(state, lost, chance)
        return [
            Event(f"{bold(state, other)} discards {len(lost)} argument card{'s' * (len(lost) > 1)}."),
            Event(f"You discard {', '.join(lost)}.", to=other),
        ]
    if what == "send_home":
        places = [loc for loc, site in state.sites.items() if other in site.followers]
        if places:
            place = chance.pick(places)
            send_home(state, other, place)
            return [Event(f"{bold(state, other)}'s follower at {data.LOCATIONS[place].name} goes home.")]
    if what == "drain":
        coins = min(2, target.coins)
        target.coins -= coins
        return [Event(f"{bold(state, other)} loses {coins} coin{'s' * (coins != 1)}.")]
    if what == "steal" and action.choice in target.tokens:
        target.tokens.remove(action.choice)
        player.tokens.append(action.choice)
        return [Event(f"{me} steals {bold(state, other)}'s {action.choice} token.")]
    if what == "silence":
        target.silenced = True
        return [Event(f"{bold(state, other)} will lose their next action.")]
    return [Event("The card has no effect any more.")]
