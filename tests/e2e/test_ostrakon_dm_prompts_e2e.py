"""Ostrakon's secret votes through the DM prompts (bot/tables/prompts.py; every game's: test_dm_prompts_e2e.py):
each names its table (channel and game); once answered anywhere (in the DM, from "My hand", by a
moderator's skip) it says what was played and loses its buttons; a rollback, a pause or a restart
sends no second prompt for the same question, and the prompt's buttons keep working."""

from __future__ import annotations

from .game_table import draw_without_encoding, seeded_tables
from .ostrakon_table import OstrakonTable
from .test_dm_prompts_e2e import prompt_of


async def three_voting(fake, monkeypatch):
    """Ostrakon with three players and two stand-ins: a stand-in asks, the three vote by DM."""
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "six-2")
    draw_without_encoding(monkeypatch)
    players = fake.add_users("alice", "bob", "carol")
    moderator = fake.add_user("mod", moderator=True)
    table = OstrakonTable(fake, list(players))
    lobby = await table.open(players[0], stand_ins=4)
    for player in players[1:]:
        await player.click(lobby, "Join")
    await players[0].click(lobby, "Start")
    assert table.waiting() == list(players)
    return table, players, moderator


async def test_a_vote_s_prompt_names_its_table_and_once_answered_anywhere_loses_its_buttons(
    fake_discord, real_bot, monkeypatch
):
    fake = fake_discord
    table, (alice, bob, carol), moderator = await three_voting(fake, monkeypatch)
    where = f"{fake.channel.mention} (**Ostrakon**)"
    prompts = {user: prompt_of(user) for user in (alice, bob, carol)}
    for prompt in prompts.values():
        assert prompt.content.startswith(f"🎲 Your seat at {where}. Your move:"), prompt.content

    # Bob votes from "My hand" in the channel: his DM says what he played, and where, without buttons.
    mine = await table.hand(bob)
    black = mine.button_labels()[1]
    await bob.click(mine, black)
    assert prompts[bob].content == f"✅ At {where}: you played **{black}**." and prompts[bob].buttons() == []

    # Alice votes in her DM: that message is the answer, naming the table, with nothing left to
    # press but ↩️ Take back (Carol has still to vote: nobody saw Alice's stone).
    white = prompts[alice].button_labels()[0]
    await alice.click(prompts[alice], white)
    assert prompts[alice].content == f"✅ You voted {white}.\nAt {where}." and prompts[alice].button_labels() == [
        "Take back"
    ]

    # Carol's prompt still plays (the others' votes leave a secret vote open) until a moderator
    # skips her: then it says so, with the stone played for her.
    assert prompts[carol].buttons()
    await moderator.slash("table skip")
    assert prompts[carol].buttons() == []
    assert prompts[carol].content.startswith(f"⏭️ At {where}: a moderator skipped your turn, and **")


async def test_a_rollback_the_stand_ins_replay_alike_sends_no_second_prompt(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    table, players, moderator = await three_voting(fake, monkeypatch)
    alice, bob, carol = players
    sent = {user: len(user.dms()) for user in players}

    # A stand-in's vote taken back (and cast again): each is asked the same, so nobody gets a new
    # DM; each prompt is the same message with buttons made for the table as it is now.
    prompts = {user: prompt_of(user) for user in players}
    rolled = await moderator.slash("table rollback", actions=1)
    assert rolled.reply.content == "✅ 1 move taken back: the game goes on from the position before it."
    assert {user: len(user.dms()) for user in players} == sent
    assert all(prompt_of(user) is prompts[user] for user in players)
    white = prompts[alice].button_labels()[0]
    voted = await alice.click(prompts[alice], white)
    assert voted.reply is prompts[alice] and prompts[alice].content.startswith(f"✅ You voted {white}.")

    # A pause and a resume ask nothing new either.
    await moderator.slash("table pause")
    await moderator.slash("table resume")
    assert {user: len(user.dms()) for user in players} == sent

    # Alice's own vote taken back: she alone is asked again, with one new prompt.
    await moderator.slash("table rollback", actions=1)
    assert (
        len(alice.dms()) == sent[alice] + 1 and alice.dms()[-1].button_labels()[:2] == prompts[bob].button_labels()[:2]
    )
    assert {user: len(user.dms()) for user in (bob, carol)} == {bob: sent[bob], carol: sent[carol]}
    assert prompt_of(alice).content.startswith(f"Your move at {fake.channel.mention} (**Ostrakon**):")

    # After a restart the prompts are still known: Bob's vote from "My hand" settles his DM.
    await real_bot.restart()
    mine = await table.hand(bob)
    await bob.click(mine, mine.button_labels()[0])
    assert prompts[bob].buttons() == [] and prompts[bob].content.startswith("✅ At ")
    assert {user: len(user.dms()) for user in (bob, carol)} == {bob: sent[bob], carol: sent[carol]}
