"""The bench's SQLite ceiling runs the bot's own statements on the bot's own schema: when the schema
changes (a column dropped, say), this fails here instead of in the middle of `make bench`."""

import json
import sqlite3

from bench.ceiling import Ceiling


def test_the_ceiling_commits_moves_and_deliveries_on_the_bot_s_schema(tmp_path):
    states = [json.dumps({"n": n}) for n in range(3)]
    ceiling = Ceiling(tmp_path / "ceiling.sqlite3", states, tables=4, told=(1.5, ["a text", "another"]))
    try:
        ceiling.slice(0.05)
        ceiling.slice(0.05, delivery=True)
        moves, deliveries = ceiling.figures["move"]["actions"], ceiling.figures["delivery"]["actions"]
        assert moves > 0 and deliveries > 0
    finally:
        ceiling.close()
    db = sqlite3.connect(tmp_path / "ceiling.sqlite3")
    (logged,) = db.execute("SELECT COUNT(*) FROM actions").fetchone()
    (announced,) = db.execute("SELECT MAX(announced) FROM tables").fetchone()
    db.close()
    assert logged == moves + deliveries and announced > 0
