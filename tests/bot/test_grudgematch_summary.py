"""A Philosophy Grudgematch summary: its winner, and each seat's hand revealed (the summary of
tests/bot/test_summary.py)."""

from bot import render
from bot.ratings.summary import summary_lines
from bot.render.grudgematch_text import card_text
from tests.registry import GAMES

from .test_summary import ENDINGS, assert_each_seat_told, finished, service  # noqa: F401


async def test_a_finished_game_names_its_winner_and_reveals_each_hand(service):
    table = await finished(service, "grudgematch")
    game, state = GAMES["grudgematch"], service.state_of(table)
    log = await service.store.actions(table.id)
    lines = summary_lines(game, table, state, log)
    outcome = game.outcome(state)
    moves = sum(1 for row in log if row.kind == "move")
    assert lines[0].startswith("🏁 **Philosophy Grudgematch** finished after ")
    reason = outcome.reason[0].upper() + outcome.reason[1:]  # a sentence of its own
    assert f"({moves} moves)" in lines[1] and f". {reason} (" in lines[1]
    for seat in outcome.winners:
        assert f"<@{table.seats[seat]}>" in lines[1]
    assert lines[2] == "🔓 **What was hidden:**"
    public = render.render_text("grudgematch", game.view(state, None))
    for seat, user in enumerate(table.seats):
        own = render.render_text("grudgematch", game.view(state, seat))
        hand = next(line for line in own.splitlines() if "Your hand" in line)
        cards = hand.removeprefix("🫵 Your hand ")  # "(Germans): 8♣ J♣ 6♦ A♣"
        entry = next(line for line in lines[3:] if f"<@{user}>" in line)
        assert entry.endswith(f"\n🃏 Hand {cards}") and cards not in public
    # the public board is not repeated: only what the seats' own views add
    assert not any(line in "\n".join(lines[3:]) for line in public.splitlines() if len(line) > 20)


@ENDINGS
async def test_the_public_summary_tells_each_seats_hand(service, moves):
    await assert_each_seat_told(
        service, "grudgematch", moves, lambda view: [" ".join(card_text(card) for card in view["hand"]) or "no cards"]
    )
