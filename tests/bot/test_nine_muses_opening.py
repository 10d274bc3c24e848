"""Nine Muses' opening: the round's Muses told publicly, each player's Philosopher cards by DM, in
the replay's history and the demo (the opening of every game: tests/bot/test_opening_told.py)."""

import asyncio

from bot.cli.demo import play_demo
from bot.store.outbox import read_owed
from bot.tables.replay import history
from tests.registry import GAMES

from .test_opening_told import PLAYERS, started


async def test_the_start_tells_the_round_one_muses_publicly_and_each_hand_to_its_player(tmp_path):
    store, service, update = await started(tmp_path, "nine-muses")
    try:
        state = service.state_of(update.table)
        round_one = next(text for text in update.public if text.startswith("📜 Round 1"))
        assert all(f"**{muse}**" in round_one for muse in state.centre)
        told = await read_owed(store, update.table.id)
        assert round_one in told.public
        for seat, user in enumerate(PLAYERS):
            hand = f"Your Philosopher cards: {', '.join(state.players[seat].hand)}."
            assert update.private[user] == [hand] and told.private[user] == [hand]
        assert not any("Philosopher cards" in text for text in told.public)

        log = await store.actions(update.table.id)
        start = next(entry for entry in history(GAMES["nine-muses"], update.table, log) if entry.row.kind == "start")
        assert round_one in start.texts and not any("Philosopher cards" in text for text in start.texts)
    finally:
        await store.close()


def test_the_demo_prints_the_openings_and_no_markdown():
    printed: list[str] = []
    asyncio.run(play_demo("nine-muses", 3, 2, out=printed.append))
    lines = "\n".join(printed).split("\n")
    assert any(line.startswith("📜 Round 1: the Muses ") for line in lines)
    dms = lines[lines.index("=== Direct messages to Player 1 ===") :]
    assert dms[1].startswith("Your Philosopher cards: ")
    assert lines[lines.index("🏁 Final scores:") + 1].count(" VP, ") == 1
    assert not [line for line in lines if "**" in line or "`" in line]
