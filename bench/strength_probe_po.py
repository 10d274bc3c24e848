"""A quick measure of the strong stand-ins of Philosophia and Ostrakon (issue #36): seeded games
with the seats rotated, win rates with 95% Wilson intervals, and the strong player's decision
times. Not run by the tests, nor by `make bench`.

    nice python -m bench.strength_probe_po philosophia strong-random --games 100
    nice python -m bench.strength_probe_po ostrakon strong-random --games 400

A setup names the players: `strong-random` is one strong seat against random players (one in
Philosophia, four in Ostrakon), `strong-easy` against today's stand-in, `solo-strong` Philosophia
alone against the Moirai, `strong-3random` one strong seat against three random ones. In Ostrakon
`people` is a council that votes as the strong stand-in expects people to (`ostrakon_people`).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from importlib import import_module
from typing import Any

from engine import GAMES, Chance, referee
from engine.ostrakon.position import speaker_in_play
from engine.ostrakon.standin import canned_question

Policy = Callable[[Any, int, Chance], Any]
GAME_KEYS = ("philosophia", "ostrakon")
MAX_STEPS = 20_000


def random_player(game: str) -> Policy:
    def play(state: Any, seat: int, chance: Chance) -> Any:
        if game == "ostrakon" and state.phase == "ask":  # a question is written, not picked
            return canned_question(state)
        return chance.pick(GAMES[game].legal_actions(state, seat))

    return play


def ostrakon_people(state: Any, seat: int, chance: Chance) -> Any:
    """An Ostrakon council that votes as the strong stand-in expects people to (our model, not a
    measurement of people): each stone white with the question's expected share, a speaker on the
    side most are expected to take three times in four; questions, special days and no Follow as
    today's stand-in."""
    from engine.ostrakon.actions import Vote
    from engine.ostrakon.strong import READS_MAJORITY, white_share

    if state.phase != "vote":
        return GAMES["ostrakon"].stand_in(state, seat, chance)
    share = white_share(state.question)
    if seat == speaker_in_play(state) and share != 0.5:
        majority = "white" if share > 0.5 else "black"
        other = "black" if majority == "white" else "white"
        return Vote(stone=majority if chance.roll(100) <= READS_MAJORITY * 100 else other)
    return Vote(stone="white" if chance.roll(100) <= share * 100 else "black")


def line_up(game: str, setup: str) -> tuple[str, list[str]]:
    """The players of a setup, the measured one first: ("strong", ["strong", "random", ...])."""
    first, _, rest = setup.partition("-")
    if first == "solo":
        return rest, [rest]
    others = {"philosophia": 1, "ostrakon": 4}[game]
    if rest[0].isdigit():
        others, rest = int(rest[0]), rest[1:]
    return first, [first] + [rest] * others


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play_game(game: str, kinds: list[str], seed: int, times: list[float]) -> tuple[tuple[int, ...], int]:
    """One game; `kinds[i]` plays seat i. Returns the winners and the number of moves."""
    rules = GAMES[game]
    strong = import_module(f"engine.{game}.strong").strong
    policies = {"random": random_player(game), "easy": rules.stand_in, "strong": strong, "people": ostrakon_people}
    chance = Chance.seeded(f"probe:{game}:{seed}")
    state = rules.setup(len(kinds), None, chance)
    for step in range(MAX_STEPS):
        outcome = rules.outcome(state)
        if outcome is not None:
            return outcome.winners, step
        seat = chance.pick(sorted(rules.to_move(state)))
        kind = kinds[seat]
        decider = Chance.seeded(f"probe:{game}:{seed}:{step}")
        started = time.perf_counter()
        action = policies[kind](state, seat, decider)
        if kind == "strong":
            times.append(time.perf_counter() - started)
        state = referee.play(rules, state, seat, action, chance).state
    raise RuntimeError(f"{game} seed {seed} did not end in {MAX_STEPS} moves")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=GAME_KEYS)
    parser.add_argument("setup")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--losses", action="store_true", help="name the seeds of the games lost")
    args = parser.parse_args(argv)
    measured, kinds = line_up(args.game, args.setup)
    seats = len(kinds)
    wins = decided = moves = 0
    times: list[float] = []
    started = time.perf_counter()
    for seed in range(args.first, args.first + args.games):
        at = seed % seats  # the measured player's seat, rotated
        order = kinds[1:]
        order.insert(at, measured)
        winners, length = play_game(args.game, order, seed, times)
        moves += length
        decided += bool(winners)
        wins += at in winners
        if args.losses and at not in winners:
            print(f"  lost seed {seed} (seat {at + 1}): winners {winners}")
    low, high = wilson(wins, args.games)
    print(
        f"{args.game} {args.setup}: {measured} wins {wins}/{args.games} = {wins / args.games:.1%} [{low:.1%}, {high:.1%}]"
    )
    if seats > 1:
        dlow, dhigh = wilson(wins, decided)
        print(f"  of decided games: {wins}/{decided} = {wins / max(1, decided):.1%} [{dlow:.1%}, {dhigh:.1%}]")
    print(f"  {moves / args.games:.0f} moves a game, {time.perf_counter() - started:.0f} s")
    if times:
        print(
            f"  strong decisions: {len(times)}, median {statistics.median(times) * 1000:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
