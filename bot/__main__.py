"""Command line: `python -m bot run | demo | backup | copy | replay | ratings | health` (see --help), also
installed as the `philosophers-table` console script."""

from __future__ import annotations

import argparse
import sys

from bot.games import GameContractError, load

DISTRIBUTION = "philosophers-table"


def version() -> str:
    """The installed package's name and version, from its metadata (`--version`)."""
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        found = metadata(DISTRIBUTION)
    except PackageNotFoundError:
        return f"{DISTRIBUTION} (not installed, so no version)"
    return f"{found['Name']} {found['Version']}"


def port(text: str) -> int:
    """A TCP port's number, 1 to 65535."""
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1 to 65535)")
    return int(text)


def parser(games: list[str]) -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="philosophers-table", description="Philosophers' Table: board games in Discord.")
    top.add_argument("--version", action="version", version=version())
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = commands.add_parser("run", help="run the bot (needs DISCORD_TOKEN)")
    run.add_argument(
        "--default-web-port",
        type=port,
        default=None,
        metavar="PORT",
        help="serve the tables' web pages on PORT unless BOT_WEB_PORT names one (`make run`: 8080)",
    )
    demo = commands.add_parser("demo", help="play a whole game offline with stand-in players")
    demo.add_argument("game", choices=games)
    demo.add_argument("--players", type=int, default=None, help="how many players (default: the fewest the game takes)")
    demo.add_argument("--seed", type=int, default=1, help="the same seed plays the same game")
    demo.add_argument(
        "--db", default=None, help="keep the game's database: a new file, or an empty postgresql:// database"
    )
    backup = commands.add_parser("backup", help="copy the live database to PATH (safe while the bot runs)")
    backup.add_argument("path", help="where to write the copy (a new file)")
    backup.add_argument("--db", default=None, help="the SQLite file to copy (default: BOT_DB_PATH)")
    copy = commands.add_parser("copy", help="copy the SQLite database into an empty PostgreSQL database, and check it")
    copy.add_argument(
        "--from", dest="source", metavar="SQLITE_PATH", default=None, help="the SQLite file (default: BOT_DB_PATH)"
    )
    copy.add_argument(
        "--to", dest="target", metavar="URL", default=None, help="the postgresql:// URL (default: BOT_DATABASE_URL)"
    )
    replay = commands.add_parser("replay", help="replay a table from its log and print its public history")
    replay.add_argument("table", type=int, help="the table's number (as /table log shows it)")
    replay.add_argument("--db", default=None, help="the database to read (default: BOT_DATABASE_URL, else BOT_DB_PATH)")
    ratings = commands.add_parser("ratings", help="derive every rating again from the finished games' logs")
    ratings.add_argument("--rebuild", action="store_true", required=True, help="rebuild them (the only action)")
    ratings.add_argument("--db", default=None, help="the database (default: BOT_DATABASE_URL, else BOT_DB_PATH)")
    health = commands.add_parser("health", help="exit 0 if the database opens and the bot is connected to Discord")
    health.add_argument("--db", default=None, help="the database to read (default: BOT_DATABASE_URL, else BOT_DB_PATH)")
    return top


def main(argv: list[str] | None = None) -> int:
    try:
        games = sorted(load())  # every game checked before anything else: a broken one stops here
    except GameContractError as error:
        print(error, file=sys.stderr)
        return 2
    args = parser(games).parse_args(argv)
    if args.command == "demo":
        from bot.cli.demo import run_demo

        return run_demo(args.game, args.players, args.seed, args.db)
    from bot.settings import SettingsError, load_settings, with_default_web_port

    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"Bad setting: {error}", file=sys.stderr)
        return 2
    if args.command == "backup":
        from bot.store.backup import BackupError, backup
        from bot.store.opening import is_database_url

        if is_database_url(str(args.db)) or (args.db is None and settings.bot_database_url is not None):
            print("No backup: the database is PostgreSQL; back it up with pg_dump.", file=sys.stderr)
            return 1
        try:
            print(backup(args.db or settings.bot_db_path, args.path).summary())
        except BackupError as error:
            print(f"No backup: {error}.", file=sys.stderr)
            return 1
        return 0
    if args.command == "copy":
        from bot.cli.copy import run_copy

        target = args.target
        if target is None and settings.bot_database_url is not None:
            target = settings.bot_database_url.get_secret_value()
        if not target:
            print(
                "--to: name the PostgreSQL database to copy to (postgresql://...), or set BOT_DATABASE_URL",
                file=sys.stderr,
            )
            return 2
        return run_copy(args.source or settings.bot_db_path, target)
    if args.command == "health":
        from bot.discord_app.health import check

        healthy, line = check(args.db or settings.database[1], shards=settings.shard_ids)
        print(line, file=sys.stdout if healthy else sys.stderr)
        return 0 if healthy else 1
    if args.command in ("replay", "ratings"):
        import asyncio

        from bot.cli.replay import print_replay
        from bot.discord_app.startup import fail, store_failure
        from bot.ratings.ratings import rebuild_in
        from bot.store.errors import StorageFailed, StoreUnavailable

        setting, path = ("--db", args.db) if args.db else settings.database
        try:
            return asyncio.run(print_replay(path, args.table) if args.command == "replay" else rebuild_in(path))
        except (StoreUnavailable, StorageFailed) as error:
            return fail(store_failure(setting, path, error))
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print("DISCORD_TOKEN is not set: put the bot's token in the environment or in a .env file.", file=sys.stderr)
        return 2
    from bot.discord_app.app import run_bot

    return run_bot(with_default_web_port(settings, args.default_web_port))


if __name__ == "__main__":
    sys.exit(main())
