"""A Grudgematch run taken back with `/table undo`: the answer to the run offered the kicks that
came next; once the run is taken back that answer loses its buttons and says why, and the answer to
the undo offers the moves as they are now (the ↩️ button on a confirmation: test_grudgematch_takeback_e2e.py)."""

from __future__ import annotations

from .game_table import GameTable, Menu, draw_without_encoding, seeded_tables
from .test_grudgematch_e2e import KICK, footballer
from .test_takeback_e2e import TAKE_BACK


async def test_an_answer_offering_the_kicks_of_a_run_taken_back_loses_its_buttons(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "grudgematch-two")
    draw_without_encoding(monkeypatch)
    table = GameTable(fake, "grudgematch", fake.add_users("alice", "bob"))
    await table.seat_everyone()
    answer = None
    for _ in range(60):  # until a run's answer (in the channel, from "My hand") offers kicks
        (user, *_) = table.waiting()
        await table.choose(user, await table.moves_of(user), footballer)
        answer = table.in_place.get(user.id)
        if answer is not None and TAKE_BACK in answer.button_labels():
            if any(KICK.match(label) for label in Menu(answer).moves()):
                break
    assert answer is not None and answer.ephemeral and any(KICK.match(label) for label in Menu(answer).moves())

    undone = await user.slash("table undo")
    (moves,) = [m for m in [undone.reply, *undone.followups] if m is not None and Menu(m).moves()]
    assert moves is not answer and moves.content.startswith("↩️ Your move was taken back: choose again.")
    assert not any(KICK.match(label) for label in Menu(moves).moves())
    assert answer.buttons() == []  # the kicks of the position taken back are gone
    assert answer.content == (
        f"↩️ At {fake.channel.mention} (**Philosophy Grudgematch**): the last move was taken back, "
        "so this no longer asks for your move."
    )
    await table.choose(user, moves, footballer)  # the answer to the undo plays
