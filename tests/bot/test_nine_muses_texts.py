"""Nine Muses' texts as players read them: the answer to the last move of a round says what was played
before the new cards it deals (bot/discord_app/answers.py), and a finished game's summary reveals no
empty hands (every card is played by the end of the last round)."""

from bot.discord_app.answers import acknowledgement, shows_acknowledgement
from bot.tables.menu import label_of
from engine import Chance
from tests.registry import GAMES

from .test_summary import public_summary, service  # noqa: F401
from .test_takeback import opened

MUSES = GAMES["nine-muses"]


async def test_the_last_move_of_a_round_is_answered_with_the_move_then_the_new_cards(service):
    table = await opened(service, "nine-muses", "round-end")
    while True:
        user = service.waiting_on(table)[0]
        seat, before = service.seat_of(table, user), service.state_of(table)
        action = MUSES.stand_in(before, seat, Chance.seeded(str(table.version)))
        played = label_of(MUSES, MUSES.view(before, seat), action)
        update = await service.act(table.id, user, action)
        if service.state_of(update.table).round > before.round:
            break
        table = update.table
    mine = update.private[user]
    assert mine and mine[0].startswith("Your Philosopher cards: ")  # the premise: the new round's deal
    answer = acknowledgement(mine, played)
    assert answer.startswith(f"✅ You played **{played}**. Your Philosopher cards: ")
    assert shows_acknowledgement(answer, mine)  # the catch-up still knows the answer by its texts
    assert not shows_acknowledgement(answer, ["Your Philosopher cards: none."])  # nor takes it for another's


async def test_a_finished_game_reveals_no_empty_hands(service):
    text, table, state = await public_summary(service, "nine-muses", None)
    assert all(not player.hand for player in state.players)  # the premise: the last round played every card
    assert "Cards in hand" not in text and "What was hidden" not in text


async def test_a_game_ended_on_the_way_reveals_the_cards_still_held(service):
    text, table, state = await public_summary(service, "nine-muses", 3)
    assert table.status == "ended"
    for player in state.players:
        assert f"Cards in hand: {', '.join(player.hand)}" in text
