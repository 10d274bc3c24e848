"""The clock's texts that players read (the issue filed after whole games): the DM of a missed
deadline names its game as every other DM does, "at <#channel> (**Title**)"; a pace under a minute
is refused for what it is, not for how it is written."""

import pytest

from bot.clock.scheduler import HOUR, MINUTE, parse_pace, parse_remind
from bot.tables.service import Refused
from tests.registry import GAMES

from .test_clock import GAME, T0, a_table, waited, world  # noqa: F401 (a fixture)


async def test_the_dm_of_a_missed_deadline_names_the_table_and_its_game(world):
    table = await a_table(world, channel=777)
    player = waited(world, table)
    await world.clock.tick(at=T0 + HOUR)
    (update,) = world.notices.published
    (dm,) = update.private[player]
    assert dm.startswith(f"⏰ Your time ran out at <#777> (**{GAMES[GAME].title}**): I played **")
    assert dm.endswith("** for you.")


def refusal(parse, text: str) -> str:
    with pytest.raises(Refused) as caught:
        parse(text)
    return str(caught.value)


def test_a_pace_under_a_minute_is_refused_for_being_short():
    for short in ("20s", "59s", "0m", "0s"):
        assert refusal(parse_pace, short) == "A pace is at least 1 minute."
    assert refusal(parse_remind, "30s") == "A reminder interval is at least 1 minute."
    assert refusal(parse_pace, "31d") == "A pace is at most 30 days."
    for unreadable in ("soon", "12", "1.5h", "20 secs"):  # the format hint stays for text it cannot read
        assert refusal(parse_pace, unreadable) == "Write the pace as none, or a time such as 30m, 12h, 2d or 1d12h."
    assert parse_pace("60s") == MINUTE and parse_pace("1m30s") == 90 and parse_pace("30d") == 30 * 24 * HOUR
