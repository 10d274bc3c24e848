"""`python -m bot demo GAME`: a whole game played offline by stand-ins.

The stand-ins go through the same TableService and a real database as Discord players do (a SQLite
file, or with `--db postgresql://...` an empty PostgreSQL database); the transcript shows the public
channel and each player's direct messages apart.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Callable

from bot.cli.terminal import plain
from bot.games import games, plugin
from bot.store.opening import is_database_url, open_store
from bot.store.pgsql import shown
from bot.tables.service import TableService
from engine import Chance

FIRST_USER = 1001


def player_name(user_id: int) -> str:
    return f"Player {user_id - FIRST_USER + 1}"


def terminal_text(text: str) -> str:
    """A Discord text as the transcript prints it: no Markdown, the players by their demo names."""
    return plain(text, {user: player_name(user) for user in range(FIRST_USER, FIRST_USER + 12)})


async def play_demo(
    game_key: str, players: int, seed: int, out: Callable[[str], object] = print, db: str | Path | None = None
) -> int:
    """Play and print the game; returns the table's number. The database is kept at `db` (a new
    file or a PostgreSQL database's URL), or thrown away."""
    game = plugin(game_key).game
    users = list(range(FIRST_USER, FIRST_USER + players))
    channel: list[str] = []
    dms: dict[int, list[str]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(db or Path(folder) / "demo.sqlite3")
        service = TableService(store, games())
        try:
            table = await service.create(
                guild_id=None, channel_id=1, host_id=users[0], game=game_key, seed=f"demo-{seed}"
            )
            for user in users[1:]:
                await service.join(table.id, user)
            update = await service.start(table.id, users[0])
            names = game.view(service.state_of(update.table), None)["names"]
            # before the opening, which speaks of the seats by these names
            channel.append("Seats: " + ", ".join(f"{player_name(u)} is {n}" for u, n in zip(users, names)))
            moves = 0
            while True:
                channel.extend(update.public)
                for user, texts in update.private.items():
                    dms[user].extend(texts)
                table = update.table
                waiting = service.waiting_on(table)
                if table.status != "running" or not waiting:
                    break
                user = waiting[0]
                state = service.state_of(table)
                seat = service.seat_of(table, user)
                assert seat is not None, "the table waits on its seated players"
                action = game.stand_in(state, seat, Chance.seeded(f"demo-{seed}:{moves}"))
                update = await service.act(table.id, user, action, version=table.version)
                moves += 1
            outcome = update.outcome
        finally:
            await store.close()
    out(f"=== #{game_key} (the public channel) ===")
    for text in channel:
        out(terminal_text(text))
    for user in users:
        out("")
        out(f"=== Direct messages to {player_name(user)} ===")
        for text in dms[user] or ["(none)"]:
            out(terminal_text(text))
    if outcome is None:
        out("")
        out("The game did not finish.")
    else:
        winners = ", ".join(player_name(users[s]) for s in outcome.winners) or "nobody"
        out("")
        out(f"🏆 Winner: {winners} ({terminal_text(outcome.reason)}) after {moves} moves.")
    return table.id


def run_demo(game_key: str, players: int | None, seed: int, db: str | None = None) -> int:
    from bot.discord_app.startup import fail, store_failure
    from bot.store.errors import StorageFailed, StoreUnavailable

    game = plugin(game_key).game
    count = game.min_seats if players is None else players
    if not game.min_seats <= count <= game.max_seats:
        takes = f"{game.min_seats}" if game.min_seats == game.max_seats else f"{game.min_seats} to {game.max_seats}"
        return fail(f"--players: {game.title} takes {takes} players, not {count}")
    url = db is not None and is_database_url(db)
    if db is not None and not url and (Path(db).exists() or Path(db).is_symlink()):
        return fail(f"--db: {db} already exists; the demo keeps its database in a new file")
    try:
        if url and asyncio.run(holds_tables(str(db))):
            return fail(f"--db: {shown(str(db))} already holds tables; the demo keeps its game in an empty database")
        table = asyncio.run(play_demo(game_key, count, seed, db=db if url else Path(db) if db else None))
    except (StoreUnavailable, StorageFailed) as error:
        return fail(store_failure("--db", str(db), error))  # "None": the demo's own temporary file
    if db is not None:
        print("")
        ran, kept = command(), shown(db)  # a URL without its password
        print(f"The database is kept at {kept}. Replay the table: {ran} replay {table} --db {kept}")
        print("Back it up with pg_dump." if url else f"Copy it: {ran} backup COPY.sqlite3 --db {db}")
    return 0


async def holds_tables(url: str) -> bool:
    """Whether the database at `url` holds any table already (it is set up if it was not)."""
    store = await open_store(url)
    try:
        return bool(await store.query("SELECT 1 FROM tables LIMIT 1"))
    finally:
        await store.close()


def command() -> str:
    """The command line as the user ran it, for hints that name the next command: the console
    script (by its name alone when that is what PATH finds), else `python -m bot`."""
    from importlib.metadata import entry_points

    ran = Path(sys.argv[0])
    scripts = {each.name for each in entry_points(group="console_scripts") if each.value == "bot.__main__:main"}
    if ran.name not in scripts:
        return "python -m bot"
    found = shutil.which(ran.name)
    return ran.name if found and Path(found).resolve() == ran.resolve() else str(ran)
