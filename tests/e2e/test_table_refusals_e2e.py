"""Refusals against the real bot: strangers, players who are not the host, non-moderators, stale
buttons. Each gets a private reason, and nothing changes: not the table, not the channel."""

from __future__ import annotations

import re

from .ostrakon_table import ASK, HAND, OstrakonTable, Question


def table_id(lobby) -> int:
    return int(re.match(r"pt:\w+:(\d+)", lobby.buttons()[0]["custom_id"]).group(1))


async def snapshot(fake, real_bot, table: int) -> tuple:
    """What anyone could notice: the table's row, and every channel message as it reads now."""
    row = await real_bot.client.service.get(table)
    return (row.version, row.status, row.seats, row.state,
            [(m.id, m.content, m.button_labels(), len(m.history)) for m in fake.channel.messages()])


async def started(fake) -> tuple[OstrakonTable, list, int]:
    """Five players seated by `/table join` and started: the table, its players and its id."""
    players = fake.add_users("alice", "bob", "carol", "dave", "erin")
    table = OstrakonTable(fake, players)
    lobby = await table.open(players[0])
    for player in players[1:]:
        await player.slash("table join")
    await players[0].slash("table start")
    return table, players, table_id(lobby)


async def refused(user, action, reason: str) -> None:
    done = await action
    assert done.reply is not None and done.reply.ephemeral and done.reply.ephemeral_to is user, done.reply
    assert done.reply.content.startswith("🚫") and reason in done.reply.content, done.reply.content
    assert done.modal is None


async def test_strangers_and_players_cannot_run_someone_elses_lobby(fake_discord, real_bot):
    fake = fake_discord
    alice, bob, mallory = fake.add_users("alice", "bob", "mallory")
    lobby = (await alice.slash("table new", game="ostrakon")).reply
    await bob.click(lobby, "Join")
    table = table_id(lobby)
    before = await snapshot(fake, real_bot, table)

    await refused(mallory, mallory.click(lobby, "Start"), "Only the host or a moderator can start")
    await refused(bob, bob.slash("table start"), "Only the host or a moderator can start")
    await refused(alice, alice.click(lobby, "Start"), "needs 5 to 12 players")
    await refused(mallory, mallory.slash("table end"), "Only the host or a moderator can end this table")
    await refused(mallory, mallory.slash("table kick", member=bob), "Only a moderator")
    await refused(mallory, mallory.click(lobby, "Leave"), "You are not at this table")
    await refused(bob, bob.click(lobby, "Join"), "already at this table")
    assert await snapshot(fake, real_bot, table) == before

    # The host may close her own lobby; the lobby message says so and offers no buttons.
    closed = await alice.slash("table end")
    assert not closed.reply.ephemeral and f"ended by {alice.mention}" in closed.reply.content
    assert lobby.content == "**Ostrakon** table closed." and lobby.buttons() == []


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
    await refused(alice, alice.slash("table end"), "Only a moderator (Manage Channels here, or the server's "
                                                   "moderator role) can end this table")
    await refused(mallory, mallory.slash("table kick", member=bob), "Only a moderator")
    await refused(alice, alice.slash("table kick", member=bob), "Only a moderator")
    # Someone who is not seated cannot ask or vote; "My hand & moves" shows them the board only.
    await refused(mallory, mallory.slash("ostrakon ask", question="Mine?", white="Yes", black="No"),
                  "You are not playing at this table")
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
    # answers that they are not playing, and changes nothing.
    target = next(p for p in table.waiting() if p is not alice)
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

    # The speaker opens "My hand & moves", then asks by command instead: the old Ask button is
    # refused with the rules' own reason, and that message now shows the speaker's moves as they are.
    speaker = table.waiting()[0]
    old_hand = await table.hand(speaker)
    assert old_hand.button_labels() == [ASK]
    question = Question.numbered(1)
    await table.ask(speaker, question, by_form=False)
    before = await snapshot(fake, real_bot, row)
    await refused(speaker, speaker.click(old_hand, ASK), "The question has already been asked.")
    assert old_hand.button_labels() == [question.label("white"), question.label("black")]  # the speaker's own vote
    assert await snapshot(fake, real_bot, row) == before

    # Another player votes from "My hand & moves": the stones in their DM are answered, so the DM
    # says what was played, at which table, and loses its buttons. A press made anyway (a modified
    # client) says why it does nothing.
    voter = next(p for p in players if p is not speaker)
    dm_stones = await table.moves_of(voter, by_dm=True)
    white = next(b["custom_id"] for b in dm_stones.buttons() if b["label"] == question.label("white"))
    await table.vote(voter, "black", question, by_dm=False)
    assert dm_stones.button_labels() == []
    assert dm_stones.content == f"✅ At {fake.channel.mention} (**Ostrakon**): you played **{question.label('black')}**."
    before = await snapshot(fake, real_bot, row)
    stale = await voter.forge_click(white, channel=voter.dm_channel)
    assert stale.reply.ephemeral and stale.reply.content == "🚫 You have already voted."
    assert await snapshot(fake, real_bot, row) == before
    mine = await table.hand(voter)
    assert f"Your vote: {question.label('black')}" in mine.content


async def test_status_posts_the_picture_and_rules_fit_discord(fake_discord, real_bot):
    fake = fake_discord
    players = fake.add_users("alice", "bob", "carol", "dave", "erin")
    nobody = await players[0].slash("table status")
    assert nobody.reply.ephemeral and "no table in this channel" in nobody.reply.content

    table = OstrakonTable(fake, players)
    lobby = await table.open(players[0], stand_ins=4)
    await players[0].click(lobby, "Start")
    status = await players[1].slash("table status")  # anyone may show the board to the channel
    reply = status.reply
    assert not reply.ephemeral and reply in fake.channel.messages()
    (name, png), = reply.files().items()
    assert name.endswith(".jpg") and png.startswith(b"\xff\xd8\xff")
    assert "**Ostrakon** · Day 1 of 6" in reply.content and reply.button_labels() == [HAND]

    # /rules: the page for Ostrakon, privately, one page at a time within Discord's limits
    rules = (await players[2].slash("rules", game="ostrakon")).reply
    assert rules.ephemeral and len(rules.embeds) == 1 and rules.embeds[0]["title"] == "Ostrakon"
    pages = [rules.embeds[0]["description"]]
    footer = rules.embeds[0]["footer"]["text"]
    total = int(re.match(r"Page 1 of (\d+)", footer).group(1))
    assert total > 1 and rules.button_labels() == ["Next ▶"]
    for page in range(2, total + 1):
        await players[2].click(rules, "Next ▶")
        assert rules.embeds[0]["footer"]["text"] == f"Page {page} of {total}"
        pages.append(rules.embeds[0]["description"])
    assert rules.button_labels() == ["◀ Previous"]
    text = "\n\n".join(pages)
    assert "## Special days" in text and "## Table rules" in text and "extra_subjects" in text
    assert all(len(page) <= 4096 for page in pages)


async def test_a_failure_inside_a_command_is_logged_and_the_user_told(fake_discord, real_bot, monkeypatch):
    alice = fake_discord.add_user("alice")

    async def broken(**_):
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(real_bot.client.service, "create", broken)
    with fake_discord.expecting("bot-error") as seen:
        done = await alice.slash("table new", game="ostrakon")
    assert done.reply.ephemeral and "Something went wrong" in done.reply.content
    assert "the disk is on fire" in seen.seen[0].message and fake_discord.channel.messages() == []


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
    answers = {"Your question (two possible answers)": question.text,
               "The answer for the white stone": question.white, "The answer for the black stone": question.black}
    done = await speaker.submit_modal(answers)
    assert done.reply.ephemeral and done.reply.text.startswith("✅"), done.reply.text
    assert question.text in table.board().content and len(table.waiting()) == len(players)

    before = await snapshot(fake, real_bot, row)
    speaker.open_modal = (form, opened)  # the same form, sent again (a second tab, a retry)
    again = await speaker.submit_modal(answers)
    assert again.reply.ephemeral and again.reply.content == "🚫 The question has already been asked."
    assert await snapshot(fake, real_bot, row) == before


async def test_a_move_the_database_cannot_save_is_refused_and_nothing_is_lost(fake_discord, real_bot):
    """A read-only database (for real: SQLite's query_only, which root cannot bypass as it does
    file modes): the vote is not played, the player is told so privately, and nothing changes."""
    fake = fake_discord
    table, players, row = await started(fake)
    speaker = table.waiting()[0]
    question = Question.numbered(1)
    await table.ask(speaker, question, by_form=False)
    voter = next(p for p in players if p is not speaker)
    stones = await table.moves_of(voter, by_dm=True)
    before = await snapshot(fake, real_bot, row)
    store = real_bot.client.store
    await store.run_job(lambda connection: connection.execute("PRAGMA query_only = ON"))
    with fake.expecting("bot-error"):  # the store logs the fault
        done = await voter.click(stones, question.label("white"))
    assert done.reply.ephemeral and done.reply.ephemeral_to is voter
    assert "could not save that move" in done.reply.content and "so it was not played" in done.reply.content
    assert await snapshot(fake, real_bot, row) == before
    await store.run_job(lambda connection: connection.execute("PRAGMA query_only = OFF"))
    await table.vote(voter, "white", question, by_dm=False)  # the table plays on
