"""`python -m bot demo GAME --db PATH` keeps its database, so replay and backup can be tried offline;
a bad player count or an existing file is refused with one line on standard error."""

import sqlite3

import pytest

from tests.registry import GAMES, a_game, every_game

from .test_cli import run_cli

GAME = a_game()  # any game: the demo plays each the same way


def refusal(result) -> str:
    assert result.returncode != 0 and result.stdout == ""  # no game was played
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


def test_a_kept_demo_database_replays_and_backs_up(tmp_path):
    demo = run_cli("demo", GAME, "--seed", "4", "--db", "games/demo.sqlite3", cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr
    replay_line = next(line for line in demo.stdout.splitlines() if "python -m bot replay" in line)
    command = replay_line.split("python -m bot ", 1)[1].split()
    assert command == ["replay", "1", "--db", "games/demo.sqlite3"]

    replay = run_cli(*command, cwd=tmp_path)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert replay.stdout.splitlines()[-1] == "The replay gives exactly the stored state."
    winner = next(line for line in demo.stdout.splitlines() if line.startswith("🏆 Winner"))
    assert winner.split(" after ")[1].split()[0] in replay.stdout  # the same number of moves

    backup = run_cli("backup", "copy.sqlite3", "--db", "games/demo.sqlite3", cwd=tmp_path)
    assert backup.returncode == 0, backup.stderr
    assert backup.stdout.startswith("Backed up 1 table and ")
    with sqlite3.connect(tmp_path / "copy.sqlite3") as copy:
        assert copy.execute("SELECT status FROM tables").fetchall() == [("finished",)]


def test_a_demo_never_overwrites_a_file(tmp_path):
    (tmp_path / "keep.sqlite3").write_text("precious")
    line = refusal(run_cli("demo", GAME, "--db", "keep.sqlite3", cwd=tmp_path))
    assert line == "--db: keep.sqlite3 already exists; the demo keeps its database in a new file"
    assert (tmp_path / "keep.sqlite3").read_text() == "precious"


def counts_refused() -> list[tuple[str, int]]:
    """No players and a negative count, then each game's one either side of the counts it takes."""
    around = [
        (key, count)
        for key in every_game()
        for count in (GAMES[key].min_seats - 1, GAMES[key].max_seats + 1)
        if count > 0
    ]
    return [(GAME, 0), (GAME, -1), *around]


@pytest.mark.parametrize("key, players", counts_refused())
def test_a_player_count_the_game_does_not_take_is_refused(tmp_path, key, players):
    game = GAMES[key]
    assert not game.min_seats <= players <= game.max_seats
    line = refusal(run_cli("demo", key, "--players", str(players), cwd=tmp_path))
    assert line.startswith(f"--players: {game.title} takes {game.min_seats}") and line.endswith(
        f"players, not {players}"
    )
