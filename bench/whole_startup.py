"""Start-up of the whole bot with 10,000 stored tables, measured through the real bot: from the
moment its process is made until the clock's first pass over every stored table is done (the
clock looks at every table that changed since it last ran: after a restart, all of them), with its
memory and CPU sampled from /proc every quarter second until 20 s after the start.

The stored tables are bench.startup's (real games stopped at random moves, with their whole logs),
left as a bot that was running leaves them: delivered (`announced = version`; otherwise its first
catch-up would post 10,000 boards) and seen by its clock at their latest version (the bot's own
Clock looked at each, as it does at every board it posts and at every tick), so the first pass
looks only at what changed since. `clock_seen=False` stores them as the clock never saw them (a
database from before the clock, or restored from elsewhere): the first pass then reads every
table. Meanwhile a person opens a table and presses "My hand & moves" every half second: how long
the bot takes to answer while it starts up.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from pathlib import Path

from tests.registry import a_game

from .bot_process import BotProcess, CoreTimes
from .fake_meter import MeteredDiscord
from .load import percentile
from .scripts import scripts_for_every_game
from .startup import build

STORED, WATCH = 10_000, 20.0


def stored_tables(db: Path, tables: int, clock_seen: bool) -> dict:
    built = build(db, scripts_for_every_game(2), tables)
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE tables SET announced = version")
    if clock_seen:
        asyncio.run(clock_looked(db))
    return built


class Silent:
    """The clock's notices, where nobody listens (the stored tables owe nothing)."""

    def ordered_delivery(self, table_id: int):
        return contextlib.nullcontext()

    async def ready(self) -> None:
        pass

    async def publish(self, update, fresh) -> None:
        pass

    async def say(self, table, text, ping) -> None:
        pass


async def clock_looked(db: Path) -> None:
    """The bot's own clock's pass over every table, as a bot that ran left it."""
    from bot.clock.scheduler import Clock
    from bot.store.sqlite import Store
    from bot.tables.service import TableService

    store = await Store.open(db)
    try:
        await Clock(TableService(store), Silent()).tick()
    finally:
        await store.close()


async def person(fake: MeteredDiscord, bot: BotProcess, answers: list, until: float, game: str) -> None:
    """As soon as the bot is connected: `/table new` of `game` (one with a solo game), Start, then
    "My hand & moves" every 0.5 s."""
    user, channel = fake.early_user, fake.early_channel
    while fake.gateway is None or not fake.commands:
        await asyncio.sleep(0.01)
    acks = len(fake.acks)
    try:
        lobby = (await user.slash("table new", game=game, channel=channel)).reply
        answers.append((time.monotonic() - bot.spawned, fake.acks[acks][1]))
        await user.click(lobby, "Start")
        board = [m for m in channel.messages() if "My hand & moves" in m.button_labels()][-1]
        while time.monotonic() < until:
            acks = len(fake.acks)
            await user.click(board, "My hand & moves")
            answers.append((time.monotonic() - bot.spawned, fake.acks[acks][1]))
            await asyncio.sleep(0.5)
    except Exception as error:  # an answer that never came is a figure too
        answers.append((time.monotonic() - bot.spawned, None, f"{type(error).__name__}: {str(error)[:200]}"))


async def start_up(folder: Path, core: int | None, quick: bool, say, clock_seen: bool = True) -> dict:
    tables, watch = (1000, 8.0) if quick else (STORED, WATCH)
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "bot.sqlite3"
    built = await asyncio.to_thread(stored_tables, db, tables, clock_seen)
    solo = a_game(seats=1)
    fake = await MeteredDiscord(quiet=0.05).start()
    fake.early_user = fake.add_user("early")
    fake.early_channel = fake.add_channel("early")
    fake.meter_table(fake.early_channel, [fake.early_user])
    bot = BotProcess(folder, fake, db, core=core, split=False)
    samples, answers = [], []
    try:
        core_before = CoreTimes.read(core)
        await bot.start()
        until = bot.spawned + watch
        clicking = asyncio.create_task(person(fake, bot, answers, until, solo))
        while time.monotonic() < until and bot.process.returncode is None:
            samples.append((time.monotonic() - bot.spawned, bot.rss_mb(), bot.cpu_seconds()))
            await asyncio.sleep(0.25)
        await clicking
        last = await bot.snapshot()
        core_times = CoreTimes.read(core) - core_before
        errors = bot.errors_logged()
    finally:
        await bot.stop()
        await fake.close()
    built["clock_seen"] = clock_seen
    return report(built, watch, samples, answers, last, vars(core_times), errors, bot.spawned, say)


def at(samples: list, moment: float | None, column: int) -> float | None:
    if moment is None:
        return None
    found = [s for s in samples if s[0] >= moment]
    return found[0][column] if found else None


def report(
    built: dict, watch: float, samples: list, answers: list, last: dict, core: dict, errors: list, spawned: float, say
) -> dict:
    # the bot's milestones are on the monotonic clock, which every process on the machine shares
    relative = {name: round(when - spawned, 3) for name, when in last["milestones"].items()}
    first_pass = relative.get("clock_first_pass")
    answered = [a for a in answers if a[1] is not None]
    figures = {
        "stored_tables": built["tables"],
        "clock_seen": built["clock_seen"],
        "watched_s": watch,
        "milestones_s": relative,
        "start_up_s": first_pass,
        "first_answer_s": answers[0][0] if answered else None,
        "answers": [[round(a[0], 2), round(a[1] * 1000, 1) if a[1] is not None else None] for a in answers],
        "unanswered": [a[2] for a in answers if a[1] is None],
        "ack_p50_ms": round(percentile(sorted(a[1] for a in answered), 50) * 1000, 1) if answered else None,
        "ack_max_ms": round(max(a[1] for a in answered) * 1000, 1) if answered else None,
        "rss_mb": {
            "at_ready": at(samples, relative.get("ready"), 1),
            "after_first_pass": at(samples, first_pass, 1),
            f"at_{watch:g}_s": samples[-1][1] if samples else None,
            "max": max((s[1] for s in samples), default=None),
        },
        "cpu_s_in_watch": samples[-1][2] if samples else None,
        "cpu_share_in_watch": round(samples[-1][2] / samples[-1][0], 3) if samples else None,
        "stalls_over_20ms": len(last["stalls"]),
        "longest_stall_ms": round(max((s[1] for s in last["stalls"]), default=0) * 1000, 1),
        "gc_longest_ms": round(last["gc"]["longest"] * 1000, 1),
        "steal_share": round(core["steal"] / watch, 3),
        "errors_logged": errors[:5],
        "rss_curve": [[round(t, 2), round(r, 1)] for t, r, _ in samples[::4]],
    }
    if first_pass is not None and relative.get("ready") is not None:
        during = [s for s in samples if relative["ready"] <= s[0] <= first_pass]
        if len(during) >= 2:
            figures["cpu_share_during_first_pass"] = round(
                (during[-1][2] - during[0][2]) / max(0.01, during[-1][0] - during[0][0]), 3
            )
    m = relative
    say(
        f"Start-up of the whole bot with {built['tables']:,} stored tables, "
        + (
            "as a running bot leaves them (delivered, seen by its clock)"
            if built["clock_seen"]
            else "which its clock never saw (a database from before the clock): the first pass reads every one"
        )
        + " (times from the moment its process was made):"
    )
    say(
        f"  imports done {m.get('imported', 0):.2f} s, setup_hook done (store, cogs, commands) {m.get('setup_hook_done', 0):.2f} s, "
        f"ready {m.get('ready', 0):.2f} s, first answer to a person {figures['first_answer_s'] or 0:.2f} s, "
        + (
            f"the clock's first pass over every table done {first_pass:.2f} s"
            if first_pass is not None
            else f"the clock's first pass NOT done after {watch:g} s"
        )
        + (f", the publisher's first catch-up {m['catch_up_first_pass']:.2f} s" if "catch_up_first_pass" in m else "")
    )
    rss = figures["rss_mb"]
    say(
        f"  memory: {rss['at_ready'] or 0:.0f} MB when ready, {rss['after_first_pass'] or 0:.0f} MB after the first pass, "
        f"{rss[f'at_{watch:g}_s'] or 0:.0f} MB {watch:g} s after the start (max {rss['max'] or 0:.0f} MB); CPU "
        f"{figures['cpu_s_in_watch'] or 0:.1f} s in those {watch:g} s ({figures['cpu_share_in_watch'] or 0:.0%} of a core"
        + (
            f"; {figures['cpu_share_during_first_pass']:.0%} during the first pass"
            if "cpu_share_during_first_pass" in figures
            else ""
        )
        + ")"
    )
    say(
        f"  a person pressing meanwhile: acknowledged in p50 {figures['ack_p50_ms'] or 0:.0f} ms, at worst "
        f"{figures['ack_max_ms'] or 0:.0f} ms; loop stalls > 20 ms: {figures['stalls_over_20ms']}, longest "
        f"{figures['longest_stall_ms']:.0f} ms; host steal {figures['steal_share']:.0%}"
        + (f"; NOT answered: {figures['unanswered'][0]}" if figures["unanswered"] else "")
    )
    return figures
