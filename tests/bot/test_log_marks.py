"""`/table log` marks the moves a seat's player did not make: the clock's, a stand-in's and a
moderator's skip; and it tells the clock's hand-offs of a seat. Played through a game in
tests/bot/test_<package>_log_marks.py, with `first_lines`."""

from bot.clock.scheduler import CLOCK
from bot.store.records import ActionRecord
from bot.tables.replay import history, marks
from engine import Step

from .test_clock import ALICE, BOB, World

MOD = 900


def row(seq: int, kind: str, seat: int | None, actor: int | None, **action) -> ActionRecord:
    return ActionRecord(table_id=1, seq=seq, seat=seat, actor_id=actor, kind=kind, action=action, at=0.0)


def test_marks_tell_the_clock_a_stand_in_and_a_skip_from_the_player():
    log = [
        row(1, "start", None, ALICE, seats=3),
        row(2, "move", 0, ALICE),
        row(3, "move", 1, CLOCK),
        row(4, "move", 2, None),
        row(5, "skip", None, MOD, seats=[0, 1], users=[ALICE, BOB]),
        row(6, "move", 0, MOD),
        row(7, "move", 1, MOD),
        row(8, "move", 2, None),
        row(9, "move", 0, MOD),
    ]  # the moderator plays seat 0 later: not a skip any more
    assert marks(log) == {
        3: "⏰ (clock)",
        4: "🤖 (stand-in)",
        6: f"⏭️ (skipped by <@{MOD}>)",
        7: f"⏭️ (skipped by <@{MOD}>)",
        8: "🤖 (stand-in)",
    }


class Quiet:
    """The same game, but no move has a public event, as a secret move has none."""

    def __init__(self, game) -> None:
        self.game = game

    def __getattr__(self, name):
        return getattr(self.game, name)

    def apply(self, state, seat, action, chance):
        return Step(self.game.apply(state, seat, action, chance).state, ())


async def first_lines(world: World, table, quiet: bool = False) -> dict[int, list[str]]:
    """The log's lines of every row, by seq."""
    table = await world.service.get(table.id)
    game = world.service.game_of(table)
    entries = history(Quiet(game) if quiet else game, table, await world.store.actions(table.id))
    return {entry.row.seq: entry.texts for entry in entries}
