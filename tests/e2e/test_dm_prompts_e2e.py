"""DM prompts against the real bot (bot/tables/prompts.py), in every game where several seats choose at
once: each names its table (channel and game), and the player whose move began the choice gets
none (theirs came with that move's answer); once answered anywhere (from "My hand", by a
moderator's skip) it says what was played and loses its buttons. A choice answered in the DM itself,
a rollback, a pause and a restart: in a game's own prompt tests (test_<package>_dm_prompts_e2e.py)."""

from __future__ import annotations

import pytest

from tests.registry import GAMES, PLAYOUT, games_with

from .game_table import GameTable, draw_without_encoding, first, seeded_tables


def prompt_of(user):
    """The user's live prompt: one, never two (an answered one may keep only its ↩️ Take back)."""
    (prompt,) = [m for m in user.dms() if any(b["custom_id"].startswith("pt:move:") for b in m.buttons())]
    return prompt


@pytest.mark.parametrize("key", games_with(together=True))
async def test_a_prompt_names_its_table_and_once_answered_anywhere_loses_its_buttons(
    fake_discord, real_bot, monkeypatch, key
):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, f"dm-prompts-{key}")
    draw_without_encoding(monkeypatch)
    game = GAMES[key]
    table = GameTable(fake, key, fake.add_users(*(f"player{n}" for n in range(game.min_seats))), writes=True)
    moderator = fake.add_user("mod", moderator=True)
    await table.seat_everyone()
    # the registry found several seats waited on within its first PLAYOUT moves
    await table.play_until(lambda: len(table.waiting()) > 1, lambda user: first, most=PLAYOUT)
    waiting = table.waiting()
    assert len(waiting) > 1, "the game never waited on several seats at once"
    # whoever's move began the choice (if a move did) was offered theirs in place, with its answer;
    # the others by DM
    actor = next((user for user in table.players if table.played and user.name == table.played[-1][0]), None)
    if actor is not None:
        assert not [m for m in actor.dms() if any(b["custom_id"].startswith("pt:move:") for b in m.buttons())]
    answering, *others = [user for user in waiting if user is not actor]
    where = f"{fake.channel.mention} (**{game.title}**)"
    prompts = {user: prompt_of(user) for user in [answering, *others]}
    for prompt in prompts.values():
        assert f" at {where}" in prompt.content.split("\n")[0], prompt.content

    # One plays from "My hand" in the channel: the DM says what was played, and where, without buttons.
    label = await table.choose(answering, await table.hand(answering), first)
    assert prompts[answering].content == f"✅ At {where}: you played **{label}**."
    assert prompts[answering].buttons() == []

    # The others' prompts still play (one seat's choice leaves the others' open) until a moderator
    # skips them: then each says so, with the move played for them.
    assert all(prompts[user].buttons() for user in others)
    await moderator.slash("table skip")
    for user in others:
        assert prompts[user].buttons() == []
        assert prompts[user].content.startswith(f"⏭️ At {where}: a moderator skipped your turn, and **")
