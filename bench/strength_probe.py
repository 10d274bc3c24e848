"""A short measure of the strong stand-ins of Grudgematch and Epireia: seeded games through the
referee, seats rotated, win rates with 95% Wilson intervals, and the strong player's decision time.

    nice .venv/bin/python -m bench.strength_probe grudgematch strong easy --games 40
    nice .venv/bin/python -m bench.strength_probe epireia strong --games 40      (one seat: solo)

A player is `strong`, `easy` (the game's stand-in) or `random`. Not part of `make bench` (the
stand-ins part of the bench, issue #36, will hold the figures); this is for tuning.
"""

from __future__ import annotations

import argparse
import importlib
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine import GAMES, Chance, referee

Policy = Callable[[Any, int, Chance], Any]


def policy(game_key: str, kind: str) -> Policy:
    game = GAMES[game_key]
    if kind == "easy":
        return game.stand_in
    if kind == "random":
        return lambda state, seat, chance: chance.pick(game.legal_actions(state, seat))
    strong: Policy = importlib.import_module(f"engine.{game_key}.strong").strong
    return strong


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play_one(game_key: str, players: list[str], seed: str, timing: dict[str, list[float]]) -> Any:
    """One game, seat i played by players[i]; returns the outcome."""
    game = GAMES[game_key]
    policies = [policy(game_key, kind) for kind in players]
    state = game.setup(len(players), game.Options(), Chance.seeded(seed))
    for step in range(20000):
        result = game.outcome(state)
        if result is not None:
            return result
        seat = min(game.to_move(state))
        started = time.perf_counter()
        action = policies[seat](state, seat, Chance.seeded(f"{seed}:{step}:choose"))
        timing.setdefault(players[seat], []).append(time.perf_counter() - started)
        state = referee.play(game, state, seat, action, Chance.seeded(f"{seed}:{step}")).state
    raise RuntimeError(f"{game_key} {seed}: no end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=("grudgematch", "epireia"))
    parser.add_argument("players", nargs="+", help="strong/easy/random, one per seat (first is measured)")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--start", type=int, default=0, help="first seed number")
    args = parser.parse_args()
    measured, seats = args.players[0], len(args.players)
    wins = losses = draws = 0
    timing: dict[str, list[float]] = {}
    for number in range(args.start, args.start + args.games):
        shift = number % seats  # seats rotated: the measured player sits at seat `shift`
        players = args.players[-shift:] + args.players[:-shift] if shift else list(args.players)
        result = play_one(args.game, players, f"probe:{args.game}:{number}", timing)
        mine = {seat for seat, kind in enumerate(players) if kind == measured}
        shared = seats > 1 and (not result.winners or set(result.winners) >= set(range(seats)))
        if shared:  # nobody won, or everybody did: not a decided game
            draws += 1
        elif mine & set(result.winners):
            wins += 1
        else:
            losses += 1
    decided = wins + losses
    low, high = wilson(wins, decided)
    print(f"{args.game} {' v '.join(args.players)}: {wins} won, {losses} lost, {draws} undecided of {args.games}")
    print(f"  {measured} wins {wins / max(1, decided):.1%} of decided games (95% CI {low:.1%}-{high:.1%})")
    for kind, times in timing.items():
        print(
            f"  {kind}: {len(times)} decisions, median {statistics.median(times) * 1000:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
