"""Moving, location tokens, the standard actions, and the special actions of Temples and Oracles."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event
from . import data
from .actions import (
    BuildSchool,
    Consult,
    Follow,
    HireBuilder,
    HireSophist,
    Labyrinth,
    StandardAction,
    Study,
    Tutor,
    Unlock,
    UseSophist,
)
from .board import (
    award_token,
    claimable,
    entry_fees,
    place_follower,
    require,
    send_home,
    token_benefit,
    token_coin,
)
from .state import (
    State,
    bold,
    builder_cost,
    kind,
    locked_wisdom,
    name,
    school_cost,
    sophist_cost,
    study_cost,
    tutor_income,
)
from .turn import begin_action, end_turn

# --- Moving --------------------------------------------------------------------------------------


def destinations(state: State, who: int) -> list[str]:
    """Anywhere not held by another philosopher (Heraclitus anywhere, Sophocles any Acropolis
    spot); with the "adjacent" option, one step along a route. Nowhere to go: stay."""
    player = state.players[who]
    if state.options.movement == "adjacent":
        pool = data.neighbours(player.location)
    else:
        pool = [loc for loc in data.LOCATIONS if loc != player.location]

    taken = {other.location for at, other in enumerate(state.players) if at != who}

    def open_to(location: str) -> bool:
        if location not in taken:
            return True
        return player.character == "Heraclitus" or (player.character == "Sophocles" and kind(location) == "acropolis")

    allowed = [loc for loc in pool if open_to(loc)]
    return allowed or [player.location]


def move(state: State, who: int, to: str, chance: Chance) -> list[Event]:
    require(state.phase == "move", "You have already moved this turn.")
    require(to in destinations(state, who), "You cannot move there now.")
    player = state.players[who]
    player.location = to
    events = [Event(f"{bold(state, who)} goes to {data.LOCATIONS[to].name}.")] + entry_fees(state, who)
    colour = state.sites[to].token
    if colour:
        state.phase = "bonus"
        return events + [
            Event(
                f"A **{colour}** location token lies here: keep it, or take its benefit "
                f"({data.TOKEN_BENEFITS[colour]})."
            )
        ]
    return events + begin_action(state, chance)


def bonus(state: State, who: int, keep: bool, chance: Chance) -> list[Event]:
    require(state.phase == "bonus", "There is no location token to take now.")
    site = state.sites[state.players[who].location]
    colour, site.token = site.token, None
    assert colour is not None, "the bonus phase opens only where a location token lies"
    if keep:
        state.players[who].tokens.append(colour)
        events = [Event(f"{bold(state, who)} keeps the **{colour}** token.")]
    else:
        events = token_benefit(state, who, colour)
    return events + token_coin(state, who) + begin_action(state, chance)


# --- Standard and special actions: what is possible where ----------------------------------------


def standard_actions(state: State, who: int) -> list[StandardAction]:
    """Every standard, Temple and Oracle action open to `who` where they stand."""
    player = state.players[who]
    here = player.location
    site = state.sites[here]
    if kind(here) == "acropolis":
        return []
    found: list[StandardAction] = [Tutor()]
    if player.followers_left and who not in site.followers:
        found.append(Follow())
    if player.coins >= builder_cost(player) and player.builders < data.MAX_BUILDERS and state.supply.builders:
        found.append(HireBuilder())
    if can_build(state, who):
        found.append(BuildSchool())
    if player.coins >= sophist_cost(player) and state.supply.sophists:
        found.append(HireSophist())
    if player.sophists and player.followers_left and who not in site.followers:
        found += [
            UseSophist(target=other, name=name(state, other)) for other in dict.fromkeys(site.followers) if other != who
        ]
    if kind(here) == "temple" or player.character == "Aristotle":
        if player.coins >= study_cost(player) and state.supply.study and locked_wisdom(player):
            found.append(Study())
        if player.study:
            found += [Unlock(card=card) for card in locked_wisdom(player)]
    if kind(here) == "oracle" and state.oracle_decks[data.ORACLE_DECK_AT[here]]:
        found.append(Consult())
    found += [Labyrinth(criterion=criterion) for criterion in claimable(state, who)]
    return found


def can_build(state: State, who: int) -> bool:
    player = state.players[who]
    site = state.sites[player.location]
    has_builder = player.builders > 0 or player.character == "Plato"
    return has_builder and player.schools_left > 0 and who not in site.schools and player.coins >= school_cost(player)


def allowed(state: State, who: int, action: StandardAction) -> bool:
    """Whether `action` is among `standard_actions(state, who)`, checked directly rather than by
    listing them all (the Labyrinth criteria are checked only for a Labyrinth action). Keep the
    two in step."""
    player = state.players[who]
    here = player.location
    site = state.sites[here]
    if kind(here) == "acropolis":
        return False
    free_follower_here = bool(player.followers_left) and who not in site.followers
    at_temple = kind(here) == "temple" or player.character == "Aristotle"
    if action.kind == "tutor":
        return True
    if action.kind == "follow":
        return free_follower_here
    if action.kind == "hire_builder":
        return (
            player.coins >= builder_cost(player) and player.builders < data.MAX_BUILDERS and bool(state.supply.builders)
        )
    if action.kind == "build_school":
        return can_build(state, who)
    if action.kind == "hire_sophist":
        return player.coins >= sophist_cost(player) and bool(state.supply.sophists)
    if action.kind == "use_sophist":
        return bool(player.sophists) and free_follower_here and action.target != who and action.target in site.followers
    if action.kind == "study":
        return (
            at_temple
            and player.coins >= study_cost(player)
            and bool(state.supply.study)
            and bool(locked_wisdom(player))
        )
    if action.kind == "unlock":
        return at_temple and bool(player.study) and action.card in locked_wisdom(player)
    if action.kind == "consult":
        return kind(here) == "oracle" and bool(state.oracle_decks[data.ORACLE_DECK_AT[here]])
    if action.kind == "labyrinth":
        return action.criterion in claimable(state, who)
    return False


def take_standard(state: State, who: int, action: StandardAction, chance: Chance) -> list[Event]:
    require(state.phase == "act", "You can take an action only after your move.")
    require(allowed(state, who, action), _refusal(state, who, action))
    player = state.players[who]
    here = player.location
    where = data.LOCATIONS[here].name
    me = bold(state, who)
    if isinstance(action, Tutor):
        income = tutor_income(state, player)
        player.coins += income
        events = [Event(f"{me} tutors at {where} and earns {income} coin{'s' * (income > 1)}.")]
    elif isinstance(action, Follow):
        place_follower(state, who, here)
        events = [Event(f"{me} creates a following at {where}.")]
    elif isinstance(action, HireBuilder):
        player.coins -= builder_cost(player)
        player.builders += 1
        state.supply.builders -= 1
        events = [Event(f"{me} hires a Builder.")]
    elif isinstance(action, BuildSchool):
        player.coins -= school_cost(player)
        if player.character != "Plato":
            player.builders -= 1
            state.supply.builders += 1
        player.schools_left -= 1
        state.sites[here].schools.append(who)
        events = [Event(f"🏫 {me} builds a school at {where}.")]
    elif isinstance(action, HireSophist):
        player.coins -= sophist_cost(player)
        player.sophists += 1
        state.supply.sophists -= 1
        events = [Event(f"{me} hires a Sophist.")]
    elif isinstance(action, UseSophist):
        player.sophists -= 1
        state.supply.sophists += 1
        send_home(state, action.target, here)
        place_follower(state, who, here)
        events = [Event(f"{me}'s Sophist wins over {bold(state, action.target)}'s follower at {where}.")]
    elif isinstance(action, Study):
        player.coins -= study_cost(player)
        player.study += 1
        state.supply.study -= 1
        events = [Event(f"📜 {me} studies and takes a Study token.")]
    elif isinstance(action, Unlock):
        player.study -= 1
        state.supply.study += 1
        player.wisdom.append(action.card)
        events = [Event(f"📜 {me} unlocks the Wisdom card *{action.card}* ({data.PERKS[data.WISDOM[action.card]]}).")]
    elif isinstance(action, Consult):
        deck = data.ORACLE_DECK_AT[here]
        card = state.oracle_decks[deck].pop(0)
        player.oracles.append(card)
        events = [
            Event(f"🔮 {me} consults the {where} and takes a {deck.title()} card."),
            Event(f"The Oracle gives you *{card}*: {data.ORACLES[card].text}.", to=who),
        ]
    else:
        events = [award_token(state, who, action.criterion)]
    return events + end_turn(state, chance)


def _refusal(state: State, who: int, action: StandardAction) -> str:
    player = state.players[who]
    here = player.location
    if kind(here) == "acropolis":
        return "Standard actions cannot be taken on the Acropolis."
    reasons = {
        "follow": "You already have a follower here, or none left on your board.",
        "hire_builder": f"A Builder costs {builder_cost(player)} coins and you may hold at most {data.MAX_BUILDERS}.",
        "build_school": "You need a Builder, a coin and no school of yours here.",
        "hire_sophist": "You cannot pay for a Sophist, or none is left in the supply.",
        "use_sophist": "You need a Sophist, a free follower, no follower of yours here, and theirs here.",
        "study": "Study needs a Temple and enough coins, and a Wisdom card still to unlock.",
        "unlock": "You need a Study token at a Temple, and that Wisdom card locked.",
        "consult": "There is no Oracle card to collect here.",
        "labyrinth": "You do not meet that Labyrinth criterion (or already used it).",
    }
    return reasons.get(action.kind, "You cannot do that here.")
