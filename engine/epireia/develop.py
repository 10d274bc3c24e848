"""The Development phase: donate, build, produce (two actions a turn, the same one twice if you
like), the Administrator's abilities, and the Prestige bonuses that follow from them."""

from __future__ import annotations

from ..chance import Chance
from ..core import Event, IllegalAction
from . import data
from .actions import (
    Action,
    ArchitectBuild,
    Archon,
    BonusResource,
    BonusUnit,
    Build,
    Donate,
    EndDevelopment,
    Produce,
    Recruit,
    Trade,
    Withdraw,
)
from .data import Unit
from .state import (
    Player,
    Prompt,
    State,
    Token,
    Treasury,
    admin_ready,
    amount,
    can_pay,
    cost_text,
    draw_token,
    gain,
    name,
    pay,
)


def require(condition: bool, reason: str) -> None:
    if not condition:
        raise IllegalAction(reason)


def token_text(token: Token) -> str:
    return f"{data.UNIT_ICON[token.unit]} {data.unit_name(token.unit, token.level)} (strength {token.strength})"


# --- Costs ---------------------------------------------------------------------------------------


def unit_cost(unit: Unit, level: int) -> dict[str, int]:
    return {data.UNIT_COST_RESOURCE[unit]: data.UNIT_COST[level]}


def architect_cost(building: str) -> dict[str, int]:
    """The Architect takes 2 off the cost, from the largest amounts first."""
    cost = dict(data.BUILDINGS[building]["cost"])
    for _ in range(data.ARCHITECT_DISCOUNT):
        largest = max(cost, key=lambda r: cost[r])
        if cost[largest] > 0:
            cost[largest] -= 1
    return {r: n for r, n in cost.items() if n}


def can_produce(state: State, player: Player, unit: Unit, level: int, bonus: bool = False) -> bool:
    unlocked = level == 1 or bonus or any(data.BUILDINGS[b].get("unlocks") == unit for b in player.buildings)
    return unlocked and bool(state.pools[data.pool_key(unit, level)]) and can_pay(player, unit_cost(unit, level))


def recruits(player: Player) -> list[str]:
    assert player.city is not None, "a city was chosen at the set-up"
    return [f for f in data.city_figures(player.city) if f not in player.figures]


# --- Prestige and its bonuses --------------------------------------------------------------------


def change_prestige(state: State, seat: int, delta: int, events: list[Event], why: str = "") -> None:
    player = state.players[seat]
    before = player.prestige
    player.prestige = max(0, min(data.MAX_PRESTIGE, before + delta))
    if player.prestige == before:
        return
    sign = "+" if delta > 0 else ""
    events.append(
        Event(f"⭐ **{name(state, seat)}** {sign}{player.prestige - before} Prestige{why} (now {player.prestige}).")
    )
    for level, bonus in sorted(data.PRESTIGE_BONUSES.items()):
        if before < level <= player.prestige and level not in player.bonuses:
            player.bonuses.append(level)
            _grant(state, seat, bonus, events)


def _grant(state: State, seat: int, bonus: str, events: list[Event]) -> None:
    player = state.players[seat]
    text = data.BONUS_TEXT[bonus]
    if bonus == "resource":
        state.prompts.append(Prompt(seat=seat, kind="bonus_resource"))
    elif bonus == "action":
        if state.phase == "develop" and state.order[state.current] == seat and player.actions_left:
            player.actions_left += 1
        else:
            player.extra_actions += 1
    else:
        level = 1 if bonus == "unit1" else 2
        if not any(can_produce(state, player, u, level, bonus=True) for u in data.UNITS):
            events.append(
                Event(
                    f"🎁 **{name(state, seat)}** reaches a Prestige bonus ({text}) but cannot pay for it: it is lost."
                )
            )
            return
        state.prompts.append(Prompt(seat=seat, kind="bonus_unit", level=level))
    events.append(Event(f"🎁 **{name(state, seat)}** reaches a Prestige bonus: {text}."))


def bonus_actions(state: State, prompt: Prompt) -> list[Action]:
    player = state.players[prompt.seat]
    if prompt.kind == "bonus_resource":
        return [BonusResource(resource=r) for r in data.RESOURCES]
    if prompt.kind == "bonus_unit":
        return [BonusUnit(unit=u) for u in data.UNITS if can_produce(state, player, u, prompt.level, bonus=True)]
    return [Recruit(figure=f) for f in recruits(player)]


def take_bonus(state: State, seat: int, action: Action, chance: Chance) -> list[Event]:
    prompt = state.prompts[0]
    require(action in bonus_actions(state, prompt), "That is not one of the choices open to you.")
    state.prompts.pop(0)
    player = state.players[seat]
    if action.kind == "bonus_resource":
        gain(player, action.resource, 1)
        return [Event(f"🎁 **{name(state, seat)}** takes 1 {data.ICON[action.resource]} {action.resource}.")]
    if action.kind == "bonus_unit":
        return _produce(state, seat, action.unit, prompt.level, chance, "🎁 ")
    assert action.kind == "recruit", "bonus_actions offers only resources, units and recruits"
    player.figures.append(action.figure)
    return [
        Event(f"🏛️ **{name(state, seat)}** recruits **{action.figure}** (⚔️{data.FIGURES[action.figure]['attack']}).")
    ]


# --- The development turn ------------------------------------------------------------------------


def start_turn_of(state: State, seat: int) -> None:
    player = state.players[seat]
    strike = 1 if state.augur == "Strike" else 0
    player.actions_left = max(0, data.DEVELOPMENT_ACTIONS + player.extra_actions - strike)
    player.extra_actions = 0


def legal(state: State, seat: int) -> list[Action]:
    player = state.players[seat]
    moves: list[Action] = []
    for resource in data.RESOURCES:
        top = min(data.DONATION[1], getattr(player, resource))
        moves += [Donate(resource=resource, amount=n) for n in range(data.DONATION[0], top + 1)]
    unbuilt = [b for b in data.BUILDINGS if b not in player.buildings]
    moves += [Build(building=b) for b in unbuilt if can_pay(player, data.BUILDINGS[b]["cost"])]
    moves += [Produce(unit=u, level=lv) for u in data.UNITS for lv in (1, 2) if can_produce(state, player, u, lv)]
    ready = admin_ready(player)
    if ready and player.admin == "Architect":
        moves += [ArchitectBuild(building=b) for b in unbuilt if can_pay(player, architect_cost(b))]
    if player.trades_left or (ready and player.admin == "Trapezites"):
        moves += [
            Trade(give=g, get=t) for g in data.RESOURCES for t in data.RESOURCES if g != t and getattr(player, g) >= 2
        ]
    if ready and player.admin == "Merchant":
        moves += _withdrawals(state, player)
    if ready and player.admin == "Archon" and not player.archon_used:
        moves.append(Archon())
    return moves + [EndDevelopment()]


def _withdrawals(state: State, player: Player) -> list[Action]:
    treasury = state.treasury[player.league]
    found: list[Action] = []
    for i, first in enumerate(data.RESOURCES):
        for second in data.RESOURCES[i:]:
            if _can_withdraw(treasury, first, second):
                found.append(Withdraw(first=first, second=second))
    return found


def allowed(state: State, seat: int, action: Action) -> bool:
    """Whether `action` is in `legal(state, seat)`, checked directly rather than by listing every
    legal action (keep the two in step)."""
    player = state.players[seat]
    if action.kind == "end_development":
        return True
    if action.kind == "donate":
        return data.DONATION[0] <= action.amount <= min(data.DONATION[1], amount(player, action.resource))
    if action.kind == "build":
        return _buildable(player, action.building) and can_pay(player, data.BUILDINGS[action.building]["cost"])
    if action.kind == "produce":
        return action.level in (1, 2) and can_produce(state, player, action.unit, action.level)
    ready = admin_ready(player)
    if action.kind == "architect":
        return (
            ready
            and player.admin == "Architect"
            and _buildable(player, action.building)
            and can_pay(player, architect_cost(action.building))
        )
    if action.kind == "trade":
        return (
            bool(player.trades_left or (ready and player.admin == "Trapezites"))
            and action.give != action.get
            and getattr(player, action.give) >= 2
        )
    if action.kind == "withdraw":
        return (
            ready
            and player.admin == "Merchant"
            and data.RESOURCES.index(action.first) <= data.RESOURCES.index(action.second)
            and _can_withdraw(state.treasury[player.league], action.first, action.second)
        )
    if action.kind == "archon":
        return ready and player.admin == "Archon" and not player.archon_used
    return False


def _buildable(player: Player, building: str) -> bool:
    return building in data.BUILDINGS and building not in player.buildings


def _can_withdraw(treasury: Treasury, first: str, second: str) -> bool:
    need = {first: 2} if first == second else {first: 1, second: 1}
    return all(getattr(treasury, r) >= n for r, n in need.items())


def act(state: State, seat: int, action: Action, chance: Chance) -> list[Event]:
    require(allowed(state, seat, action), _refusal(action))
    player = state.players[seat]
    who = f"**{name(state, seat)}**"
    if action.kind == "end_development":
        player.actions_left = 0
        return [Event(f"{who} ends their Development.")]
    if action.kind == "archon":
        player.admin_uses += 1
        player.archon_used = True
        player.actions_left += 1
        return [Event(f"📜 {who}'s Archon grants a third Development action.")]
    if action.kind == "trade":
        if player.trades_left:
            player.trades_left = 0
        else:
            player.admin_uses += 1
            player.trades_left = 1
        gain(player, action.give, -2)
        gain(player, action.get, 1)
        return [Event(f"💱 {who}'s Trapezites exchanges 2 {data.ICON[action.give]} for 1 {data.ICON[action.get]}.")]
    if action.kind == "withdraw":
        player.admin_uses += 1
        treasury = state.treasury[player.league]
        for resource in (action.first, action.second):
            setattr(treasury, resource, getattr(treasury, resource) - 1)
            gain(player, resource, 1)
        return [
            Event(
                f"💰 {who}'s Merchant takes {data.ICON[action.first]}{data.ICON[action.second]} "
                "from the league's treasury."
            )
        ]
    player.actions_left -= 1
    if action.kind == "donate":
        return _donate(state, seat, action)
    if action.kind in ("build", "architect"):
        return _build(state, seat, action)
    assert action.kind == "produce", "allowed() admits only the Development kinds"
    return _produce(state, seat, action.unit, action.level, chance)


def _refusal(action: Action) -> str:
    return {
        "donate": "You cannot donate that: give 2 to 8 of one resource you hold.",
        "build": "You cannot build that now (built already, or too costly).",
        "architect": "Your Architect cannot build that now.",
        "produce": "You cannot produce that unit now (cost, building or empty stack).",
        "trade": "Your Trapezites cannot make that exchange now.",
        "withdraw": "Your Merchant cannot take that from the treasury now.",
        "archon": "Your Archon cannot help this turn.",
    }.get(action.kind, "That is not possible now.")


def _donate(state: State, seat: int, action: Donate) -> list[Event]:
    player = state.players[seat]
    gain(player, action.resource, -action.amount)
    treasury = state.treasury[player.league]
    setattr(treasury, action.resource, getattr(treasury, action.resource) + action.amount)
    player.donated += action.amount
    events = [
        Event(
            f"🎁 **{name(state, seat)}** donates {action.amount} {data.ICON[action.resource]} "
            f"to the {data.LEAGUE_NAMES[player.league]}."
        )
    ]
    change_prestige(state, seat, 1, events)
    return events


def _build(state: State, seat: int, action: Build | ArchitectBuild) -> list[Event]:
    player = state.players[seat]
    card = data.BUILDINGS[action.building]
    cost = card["cost"]
    if action.kind == "architect":
        cost = architect_cost(action.building)
        player.admin_uses += 1
    pay(player, cost)
    player.buildings.append(action.building)
    helper = " with the Architect" if action.kind == "architect" else ""
    events = [
        Event(
            f"🏗️ **{name(state, seat)}** builds the **{action.building}**{helper} ({cost_text(cost)}): {card['effect']}."
        )
    ]
    if action.building == "Temple":
        change_prestige(state, seat, data.TEMPLE_PRESTIGE, events, " (Temple)")
    if action.building == "Prytaneion" and recruits(player) and len(player.figures) < data.FIGURE_SLOTS:
        state.prompts.append(Prompt(seat=seat, kind="recruit"))
    return events


def _produce(state: State, seat: int, unit: Unit, level: int, chance: Chance, mark: str = "") -> list[Event]:
    player = state.players[seat]
    pay(player, unit_cost(unit, level))
    token = draw_token(state, unit, level, chance)
    assert token is not None, "can_produce checked that the stack has a token"
    player.reserve.append(token)
    return [
        Event(f"{mark}⚔️ **{name(state, seat)}** produces {data.UNIT_ICON[unit]} {data.unit_name(unit, level)}."),
        Event(f"Your new token: {token_text(token)}.", to=seat),
    ]
