"""Ostrakon's own refusals: a running game's question and stones out of reach of strangers and of
a removed player, a stale Ask button or stone, the question form across a restart; and what its
status and rules pages say (the generic refusals: test_table_refusals_e2e.py)."""

from __future__ import annotations

from .game_table import HAND
from .ostrakon_table import ASK, OstrakonTable, Question
from .test_table_refusals_e2e import refused, rules_pages_shown, snapshot, table_id


async def started(fake) -> tuple[OstrakonTable, list, int]:
    """Five players seated by `/table join` and started: the table, its players and its id."""
    players = fake.add_users("alice", "bob", "carol", "dave", "erin")
    table = OstrakonTable(fake, players)
    lobby = await table.open(players[0])
    for player in players[1:]:
        await player.slash("table join")
    await players[0].slash("table start")
    return table, players, table_id(lobby)


async def test_non_players_and_non_moderators_cannot_touch_a_running_game(fake_discord, real_bot):
    fake = fake_discord
    fake.settle_quiet = 0.01
    players = alice, bob, carol, dave, erin = fake.add_users("alice", "bob", "carol", "dave", "erin")
    mallory = fake.add_user("mallory")
    moderator = fake.add_user("mod", moderator=True)
    table = OstrakonTable(fake, players)
    lobby = await table.open(alice)
    for player in players[1:]:
        await player.click(lobby, "Join")
    await alice.click(lobby, "Start")
    speaker = table.waiting()[0]
    question = Question.numbered(1)
    await table.ask(speaker, question, by_form=False)
    voter = next(p for p in players if p is not speaker)
    await table.vote(voter, "white", question)
    row = table_id(lobby)
    before = await snapshot(fake, real_bot, row)

    # The host is no moderator: a running table is not hers to end. Nobody but a moderator kicks.
    await refused(
        alice,
        alice.slash("table end"),
        "Only a moderator (Manage Channels here, or the server's moderator role) can end this table",
    )
    await refused(mallory, mallory.slash("table kick", member=bob), "Only a moderator")
    await refused(alice, alice.slash("table kick", member=bob), "Only a moderator")
    # Someone who is not seated cannot ask or vote; "My hand & moves" shows them the board only.
    await refused(
        mallory,
        mallory.slash("ostrakon ask", question="Mine?", white="Yes", black="No"),
        "You are not playing at this table",
    )
    watching = await mallory.click(table.board(), HAND)
    assert watching.reply.ephemeral and "You are watching this table" in watching.reply.content
    assert watching.reply.buttons() == [] and question.text in watching.reply.content
    # A player who already voted cannot vote again, neither from the DM nor from "My hand & moves".
    mine = await table.hand(voter)
    assert mine.buttons() == [] and f"Your vote: {question.label('white')}" in mine.content
    await refused(alice, alice.slash("table start"), "already started")
    assert await snapshot(fake, real_bot, row) == before

    # A moderator removes a player who has not voted yet: a stand-in takes the seat and votes. The
    # player's DM prompt says so and loses its stones; a click made anyway (a modified client)
    # answers that they are not playing, and changes nothing. (Not the speaker: their stones came
    # in the answer to their question, not by DM.)
    target = next(p for p in table.waiting() if p not in (alice, speaker))
    target_stones = await table.moves_of(target, by_dm=True)
    black = next(b["custom_id"] for b in target_stones.buttons() if b["label"] == question.label("black"))
    kicked = await moderator.slash("table kick", member=target)
    assert kicked.reply.ephemeral and target.name in kicked.reply.content.lower()
    assert any(f"{target.mention} was removed" in m.content for m in fake.channel.messages())
    assert target not in table.waiting()
    assert target_stones.buttons() == [] and "a stand-in plays your seat now" in target_stones.content
    after_kick = await snapshot(fake, real_bot, row)
    await refused(target, target.forge_click(black, channel=target.dm_channel), "You are not playing")
    assert await snapshot(fake, real_bot, row) == after_kick

    # The speaker's stones came in the private answer to their question, in the channel: removed
    # before voting, that answer says so and loses its stones too.
    offer = table.in_place[speaker.id]
    assert speaker in table.waiting() and offer.button_labels()[:2] == [
        question.label("white"),
        question.label("black"),
    ]
    await moderator.slash("table kick", member=speaker)
    assert offer.buttons() == [] and "a stand-in plays your seat now" in offer.content, offer.content

    # A moderator ends it: said in the channel; the last board keeps its text (and any picture) but
    # loses its buttons.
    board = table.board()
    text, files = board.content, board.files()
    ended = await moderator.slash("table end")
    assert not ended.reply.ephemeral and f"ended by {moderator.mention}" in ended.reply.content
    assert board.buttons() == [] and board.content == text and board.files() == files
    await refused(alice, alice.slash("table end"), "There is no table in this channel")


async def test_a_stale_button_is_refused_and_changes_nothing(fake_discord, real_bot):
    fake = fake_discord
    fake.settle_quiet = 0.01
    table, players, row = await started(fake)

    # The speaker opens "My hand & moves", then asks by command instead: that message says what was
    # played and loses its Ask button, as a DM prompt answered elsewhere does. The old button
    # pressed anyway (a client that had not caught up) is refused with the rules' own reason.
    speaker = table.waiting()[0]
    old_hand = await table.hand(speaker)
    assert old_hand.button_labels() == [ASK]
    ask = old_hand.buttons()[0]["custom_id"]
    question = Question.numbered(1)
    await table.ask(speaker, question, by_form=False)
    assert old_hand.buttons() == [] and old_hand.content.startswith(
        f"✅ At {fake.channel.mention} (**Ostrakon**): you played **"
    ), old_hand.content
    before = await snapshot(fake, real_bot, row)
    stale = speaker.forge_click(ask, channel=fake.channel, ephemeral=True)
    await refused(speaker, stale, "The question has already been asked.")
    assert await snapshot(fake, real_bot, row) == before

    # Another player votes from "My hand & moves": the stones in their DM are answered, so the DM
    # says what was played, at which table, and loses its buttons. A press made anyway (a modified
    # client) says why it does nothing.
    voter = next(p for p in players if p is not speaker)
    dm_stones = await table.moves_of(voter, by_dm=True)
    white = next(b["custom_id"] for b in dm_stones.buttons() if b["label"] == question.label("white"))
    await table.vote(voter, "black", question, by_dm=False)
    assert dm_stones.button_labels() == []
    assert (
        dm_stones.content == f"✅ At {fake.channel.mention} (**Ostrakon**): you played **{question.label('black')}**."
    )
    before = await snapshot(fake, real_bot, row)
    stale = await voter.forge_click(white, channel=voter.dm_channel)
    assert stale.reply.ephemeral and stale.reply.content == "🚫 You have already voted."
    assert await snapshot(fake, real_bot, row) == before
    mine = await table.hand(voter)
    assert f"Your vote: {question.label('black')}" in mine.content


async def test_a_form_open_across_a_restart_is_answered(fake_discord, real_bot):
    """The Ask form's custom id names the table, version and move: submitted after a restart it is
    played; submitted again once the board has moved on, it is refused with the reason."""
    fake = fake_discord
    table, players, row = await started(fake)
    speaker = table.waiting()[0]
    opened = await speaker.click(await table.hand(speaker), ASK)
    form = opened.modal
    assert form is not None and form["custom_id"].startswith(f"pt:form:{row}:")

    await real_bot.restart()
    question = Question.numbered(1)
    answers = {
        "Your question (two possible answers)": question.text,
        "The answer for the white stone": question.white,
        "The answer for the black stone": question.black,
    }
    done = await speaker.submit_modal(answers)
    assert done.reply.ephemeral and done.reply.text.startswith("✅"), done.reply.text
    assert question.text in table.board().content and len(table.waiting()) == len(players)

    before = await snapshot(fake, real_bot, row)
    speaker.open_modal = (form, opened)  # the same form, sent again (a second tab, a retry)
    again = await speaker.submit_modal(answers)
    assert again.reply.ephemeral and again.reply.content == "🚫 The question has already been asked."
    assert await snapshot(fake, real_bot, row) == before


async def test_the_status_board_and_the_rules_page(fake_discord, real_bot):
    fake = fake_discord
    players = fake.add_users("alice", "bob", "carol", "dave", "erin")
    table = OstrakonTable(fake, players)
    lobby = await table.open(players[0], stand_ins=4)
    await players[0].click(lobby, "Start")
    reply = (await players[1].slash("table status")).reply
    assert "**Ostrakon** · Day 1 of 6" in reply.content and reply.button_labels() == [HAND]

    pages = await rules_pages_shown(players[2], "ostrakon")
    text = "\n\n".join(pages)
    assert len(pages) > 1 and "## Special days" in text and "## Table rules" in text and "extra_subjects" in text
