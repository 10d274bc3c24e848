"""What a table of strong stand-ins costs the whole bot (issue #36): the real bot in a process of its
own (bench.paced), TABLES tables of every game, each one person against stand-ins (at the fewest
seats that make it a game against them, at least two), played at RATE of the person's moves a
second over all. Rounds alternate easy and strong stand-ins, each on a fresh database, fake and
bot. A move here is the person's, with the stand-ins' replies it brings: the bot's CPU for it, and
how long the person waits for the acknowledgement (the search runs off the event loop, so it
should not wait longer)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Callable

from engine import GAMES

from .fake_meter import MeteredDiscord
from .paced import alternating, bench_pinned, paced_round
from .players import Table, Variant

FULL = {"tables": 20, "rate": 5.0, "warm": 5.0, "window": 40.0, "rounds": 2}
QUICK = {"tables": 5, "rate": 2.0, "warm": 1.0, "window": 6.0, "rounds": 1}
Say = Callable[[str], None]


def one_against_stand_ins(level: str) -> list[Variant]:
    variants = []
    for key in sorted(GAMES):
        seats = max(2, GAMES[key].min_seats)
        variants.append(Variant(key, 1, stand_ins=seats - 1, level=level))
    return variants


def tables(fake: MeteredDiscord, count: int, level: str) -> list[Table]:
    variants = one_against_stand_ins(level)
    return [
        Table(fake, number, variants[number % len(variants)], fake.add_users(f"p{number}")) for number in range(count)
    ]


async def measure(folder: Path, quick: bool, say: Say) -> dict[str, Any]:
    settings = QUICK if quick else FULL
    rounds: list[dict[str, Any]] = []
    with bench_pinned() as core:
        say(
            f"What strong stand-ins cost the whole bot: {settings['tables']} tables of one person against stand-ins, "
            f"{settings['rate']:g} of their moves a second, rounds of easy and strong stand-ins alternating"
        )
        for number, level in alternating("easy", "strong", settings["rounds"]):
            figures = await paced_round(
                folder / f"round-{number}-{level}",
                MeteredDiscord(quiet=0.1),
                lambda fake, level=level: tables(fake, settings["tables"], level),
                core,
                settings,
            )
            rounds.append({"level": level, **figures})
            ack = figures["ack"]
            say(
                f"  {level:>6}: {figures['moves']} moves, {figures['cpu_ms_per_move']} ms CPU a move with its "
                f"stand-ins' replies; acknowledged p50 {ack['p50_ms']} ms, p99 {ack['p99_ms']} ms"
            )
            for what in ("failures", "errors_logged"):
                if figures[what]:
                    say(f"    {what}: {figures[what]}")
    easy = [r["cpu_ms_per_move"] for r in rounds if r["level"] == "easy"]
    strong = [r["cpu_ms_per_move"] for r in rounds if r["level"] == "strong"]
    say(
        f"  a move at a table of strong stand-ins costs {min(strong)}-{max(strong)} ms, of easy {min(easy)}-{max(easy)} ms"
    )
    return {"rounds": rounds}


def run(folder: Path, quick: bool, say: Say) -> dict[str, Any]:
    return asyncio.run(measure(folder, quick, say))
