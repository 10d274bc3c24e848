"""What each seat (or the public) may see, and the same position with the hidden parts re-dealt.

Hidden: the strengths of face-down military tokens (seen by their own league only, until a
battle column reveals them), the contents of the stacks, the Augur deck, starting figures and
battle engagements chosen but not yet revealed, and a league's battle plan until the reveal (the
others see only how many tokens stand on each front it has confirmed).
"""

from __future__ import annotations

from typing import Any

from ..chance import Chance
from . import battle, data, deploy, dice
from .rules import to_move
from .state import HOME, Player, State, Token, clone, league_army, open_battle, seats_of, territories_of


def _tokens(tokens: list[Token]) -> list[dict[str, Any]]:
    return [{"unit": t.unit, "level": t.level, "strength": t.strength} for t in tokens]


def _counts(tokens: list[Token]) -> dict[str, int]:
    found: dict[str, int] = {}
    for token in tokens:
        key = data.pool_key(token.unit, token.level)
        found[key] = found.get(key, 0) + 1
    return found


def _player(state: State, player: Player) -> dict[str, Any]:
    return {
        "seat": player.seat,
        "city": player.city,
        "league": player.league,
        "admin": player.admin,
        "admin_uses": player.admin_uses,
        "prestige": player.prestige,
        "resources": {r: getattr(player, r) for r in data.RESOURCES},
        "buildings": list(player.buildings),
        "figures": {f: state.places.get(f, HOME) for f in player.figures},
        "moved": list(player.moved),
        "territories": territories_of(state, player.city),
        "army": _counts(player.reserve),
        "donated": player.donated,
        "actions_left": player.actions_left,
        "has_chosen": player.chosen is not None,
        "bonuses": list(player.bonuses),
    }


def _roll(state: State) -> dict[str, Any] | None:
    roll = state.roll
    if roll is None:
        return None
    return {
        "what": roll.what,
        "place": roll.place,
        "target": roll.target,
        "sides": [
            {
                "who": dice.side_label(state, s),
                "seat": s.seat,
                "figures": s.figures,
                "die": s.die,
                "total": dice.total(roll, s),
                "needs": dice.needed(roll, s) if roll.what != "conflict" else None,
            }
            for s in roll.sides
        ],
    }


def _opened(state: State, index: int) -> int:
    """How many columns of the front at `index` are turned over."""
    totals = open_battle(state).column_totals
    return len(totals[index]) if index < len(totals) else 0


def _field(state: State) -> dict[str, Any]:
    """The whole battlefield once the figures are revealed: per front and column, each league's
    tokens if the column is turned over, else only how many stand there."""
    field: dict[str, Any] = {}
    for index, front in enumerate(data.FRONTS):
        field[front] = [
            {
                lg: {
                    "count": len(plan.columns[front][column]),
                    "tokens": _tokens(plan.columns[front][column]) if column < _opened(state, index) else None,
                }
                for lg, plan in open_battle(state).plans.items()
            }
            for column in range(data.COLUMNS)
        ]
    return field


def _my_plan(state: State, league: str) -> dict[str, Any]:
    plan = open_battle(state).plans[league]
    return {
        "fronts": {
            front: {
                "slots": [_tokens([t])[0] if t else None for t in deploy.slots_of(plan, front)],
                "confirmed": front in plan.columns,
            }
            for front in data.FRONTS
        },
        "figures": {f: figure for f, figure in plan.figures.items() if figure},
        "spare": _tokens(deploy.spare(state, league)),
        "ready": plan.ready,
    }


def _battle(state: State, seat: int | None) -> dict[str, Any] | None:
    battle = state.battle
    if battle is None:
        return None
    public: dict[str, Any] = {
        "stage": battle.stage,
        "front": battle.front,
        "column": battle.column,
        "ready": {lg: plan.ready for lg, plan in battle.plans.items()},
        "deployed": {
            lg: {front: len(deploy.on_front(plan, front)) for front in data.FRONTS if front in plan.columns}
            for lg, plan in battle.plans.items()
        },
        "figures": {lg: dict(plan.figures) for lg, plan in battle.plans.items()} if battle.revealed else None,
        "field": _field(state) if battle.revealed else None,
        "engaged": {lg: list(fronts) for lg, fronts in battle.engaged.items()},
        "columns": [
            [
                {"totals": totals, "added": added, "winner": winner}
                for totals, added, winner in zip(front_totals, front_added, front_winners + [None] * 3)
            ]
            for front_totals, front_added, front_winners in zip(
                battle.column_totals, battle.column_added, battle.column_results
            )
        ],
        "fronts": list(battle.front_results),
        "waiting": [lg for lg in battle.waiting if lg not in battle.choices],
        "decided": sorted(battle.choices),
        "responder": battle.responder,
    }
    if seat is not None:
        league = state.players[seat].league
        public["my_plan"] = _my_plan(state, league)
        public["my_choice"] = battle.choices.get(league)
    return public


def view(state: State, seat: int | None) -> dict[str, Any]:
    enemy_places = {e.name: e.place for e in state.enemies}
    # ready for JSON: View's shared keys (engine.core) and Epireia's own
    public: dict[str, Any] = {
        "solo": state.solo,
        "phase": state.phase,
        "turn": state.turn,
        "last_turn": data.SOLO_SCENARIOS[state.solo_scenario]["turns"]
        if state.solo_scenario
        else state.options.last_turn,
        "to_move": sorted(to_move(state)),
        "current": state.order[state.current]
        if state.phase in ("develop", "diplomacy") and state.current < len(state.order)
        else None,
        "picking": list(state.picking),
        "act": state.act,
        "scenario": state.scenario,
        "scenario_winner": state.scenario_winner,
        "players": [_player(state, p) for p in state.players],
        "names": [p.city or f"Seat {p.seat + 1}" for p in state.players],  # a seat is its city once chosen
        "leagues": {
            lg: {
                "seats": seats_of(state, lg),
                "treasury": state.treasury[lg].model_dump(),
                "allies": sorted(c for c, a in state.allies.items() if a.league == lg),
            }
            for lg in data.LEAGUES
        },
        "territories": {t: {"owner": land.owner, "brigands": land.brigands} for t, land in state.territories.items()},
        "places": dict(state.places),
        "enemies": [{"name": e.name, "city": e.city, "place": e.place} for e in state.enemies],
        "enemy_places": enemy_places,
        "stacks": {key: len(values) for key, values in state.pools.items()},
        "roll": _roll(state),
        "prompt": state.prompts[0].model_dump() if state.prompts else None,
        "solo_scenario": state.solo_scenario,
        "objectives_met": list(state.objectives_met),
        "augur": state.augur,
        "augurs_left": len(state.augurs),
        "augurs_seen": list(state.augurs_seen),
        "battle": _battle(state, seat),
        "winners": state.winners,
        "result": state.result,
    }
    if seat is not None:
        me = state.players[seat]
        public["seat"] = seat
        public["my_figure_choice"] = me.chosen
        public["league_tokens"] = _tokens(league_army(state, me.league))
        public["my_tokens"] = _tokens(me.reserve)
    return public


# --- Re-dealing what is hidden -------------------------------------------------------------------


def _hidden_tokens(state: State, keep_league: str | None) -> list[Token]:
    found = []
    for player in state.players:
        if player.league != keep_league:
            found += player.reserve
    found += [a.token for a in state.allies.values() if a.token and a.league != keep_league]
    if state.battle is None:
        found += [t for columns in state.enemy_army.values() for column in columns for t in column]
        return found
    battle = state.battle
    for league, plan in battle.plans.items():
        if league == keep_league:
            continue
        for index, front in enumerate(data.FRONTS):
            for column in plan.columns.get(front, [])[_opened(state, index) :]:
                found += column
            found += [t for t in plan.slots.get(front, []) if t is not None]
    return found


def shuffle_secrets(state: State, chance: Chance, keep: int | None = None) -> State:
    state = clone(state)
    keep_league = state.players[keep].league if keep is not None else None
    hidden = _hidden_tokens(state, keep_league)
    for key in data.POOLS:
        mine = [t for t in hidden if data.pool_key(t.unit, t.level) == key]
        # sorted first, so that the re-deal depends only on which strengths are hidden, not where
        values = chance.shuffle(sorted([t.strength for t in mine] + state.pools[key]))
        for token, value in zip(mine, values):
            token.strength = value
        state.pools[key] = values[len(mine) :]
    for player in state.players:
        if player.seat != keep and player.chosen is not None:
            assert player.city is not None, "cities are chosen before figures"
            player.chosen = chance.pick(data.city_figures(player.city))
    if state.augurs:
        unseen = [a for a in data.AUGURS if a not in state.augurs_seen]
        state.augurs = chance.shuffle(unseen)[: len(state.augurs)]
    if state.battle is not None:
        for league in list(state.battle.choices):
            if league != keep_league:
                options = battle.engage_options(state, league)
                state.battle.choices[league] = battle.encode(chance.pick(options))
    return state
