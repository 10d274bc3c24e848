"""The service's alternating slices (bench/load.py `alternating`) time only what follows each
slice's ramp: when the gate reopens, every table moves at once, as no players would."""

import sqlite3

from bench import load
from bench.scripts import scripts_for_every_game


async def test_an_alternating_run_counts_only_its_timed_moves(tmp_path):
    ceiling_slices = []
    run = await load.measure(
        tmp_path / "load.sqlite3",
        scripts_for_every_game(1),
        tables=5,
        seconds=0.05,
        alternate=ceiling_slices.append,
        slices=2,
    )
    db = sqlite3.connect(tmp_path / "load.sqlite3")
    (played,) = db.execute("SELECT COUNT(*) FROM actions WHERE kind = 'move'").fetchone()
    db.close()
    assert ceiling_slices == [0, 1]
    assert 0 < run.moves == len(run.latencies)
    assert played > run.moves  # the ramps' moves were played, not counted
    assert 2 * 0.05 <= run.seconds < 2 * (0.05 + load.RAMP_S)
