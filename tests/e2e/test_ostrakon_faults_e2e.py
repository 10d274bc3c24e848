"""Discord's faults (fakediscord/faults.py) at an Ostrakon table of five: every move told once, play goes on.

Rate limits (429) and server errors (5xx) on the board's post and edit and on a DM, and the gateway
dropping mid-game: whatever Discord does, every move is committed and acknowledged, nothing
committed is lost, the channel shows each message once, and the table plays on."""

from __future__ import annotations

import re

import pytest

from bot.discord_app.delivery import hooks
from bot.store import outbox

from .fakediscord import FakeUser
from .fakediscord.faults import quick_retries
from .game_table import draw_without_encoding, seeded_tables
from .ostrakon_table import ASK, OstrakonTable, Question

POST = "POST /channels/{channel_id}/messages"
PATCH = "PATCH /channels/{channel_id}/messages/{message_id}"
REVEALED = "The stones are revealed!"
SEED = "5eed0fa117500001"  # the same deal every run: who speaks, and what the first vote leads to


@pytest.fixture(autouse=True)
def bots_own_requests(monkeypatch):
    """The board goes through the bot's own channel requests here, as when the press that made the
    move is older than its token's 15 minutes (the webhook path: test_interaction_webhooks_e2e.py)."""
    monkeypatch.setattr(hooks, "LIVES", 0)


def table_id(table: OstrakonTable) -> int:
    return int(re.match(r"pt:\w+:(\d+)", table.lobby.buttons()[0]["custom_id"]).group(1))


async def started(fake, monkeypatch) -> OstrakonTable:
    """Five players at a table that has begun, the speaker's turn to ask."""
    fake.settle_quiet = 0.01
    draw_without_encoding(monkeypatch)
    seeded_tables(monkeypatch, SEED)
    table = await OstrakonTable.started(fake)
    table.read_names()
    assert len(table.waiting()) == 1
    return table


async def asked(table: OstrakonTable, number: int = 1) -> Question:
    question = Question.numbered(number)
    await table.ask(table.waiting()[0], question, by_form=False)  # checks the speaker's "✅"
    return question


async def delivered(real_bot, table: OstrakonTable) -> tuple[int, list]:
    """The table's version and log, once the outbox owes nothing: all that was committed was told."""
    store = real_bot.client.store
    row = table_id(table)
    assert await outbox.tables_owed(store) == [], "the channel has not seen the table's latest version"
    return (await real_bot.client.service.get(row)).version, await store.actions(row)


def answers(done) -> list[str]:
    """Everything the user who acted was told back."""
    told = [done.reply, *done.followups]
    return [m.content for n, m in enumerate(told) if m is not None and m not in told[:n]]


def shown(fake, text: str) -> list:
    """Channel messages that say `text`."""
    return [m for m in fake.channel.messages() if text in m.content]


@pytest.mark.parametrize("scope", ["user", "global"])
async def test_a_rate_limited_board_post_and_edit_are_retried_and_shown_once(
    fake_discord, real_bot, monkeypatch, scope
):
    fake = fake_discord
    table = await started(fake, monkeypatch)

    # The question's board: its post is rate limited once; discord.py waits and posts it again.
    fake.faults.next(POST, status=429, retry_after=0.2, scope=scope, channel=fake.channel)
    before = len(fake.channel.messages())
    question = await asked(table)
    (hit,) = fake.faults.hits
    assert hit.status == 429 and hit.channel_id == fake.channel.id and question.text in hit.content
    (call,) = shown(fake, question.text)
    assert call is table.board() and call.content == hit.content and len(fake.channel.messages()) == before + 1
    version, log = await delivered(real_bot, table)
    assert log[-1].action["question"] == question.text

    # A stone: the board is edited in place, and that edit is rate limited once.
    fake.faults.next(PATCH, status=429, retry_after=0.2, scope=scope, channel=fake.channel)
    voter = table.waiting()[1]
    edits = len(call.history)
    await table.vote(voter, "white", question)  # checks the voter's "✅ You voted"
    assert len(fake.faults.hits) == 2 and fake.faults.hits[1].route == PATCH.split(" ")[1]
    assert len(call.history) == edits + 1 and call.content == fake.faults.hits[1].content
    assert "(1/5)" in call.content and len(fake.channel.messages()) == before + 1
    assert voter not in table.waiting() and len(table.waiting()) == 4
    after, log_after = await delivered(real_bot, table)
    assert after == version + 1 and log_after[:-1] == log and log_after[-1].actor_id == voter.id

    # The table plays on: the others vote and the stones are revealed, once.
    for player in list(table.waiting()):
        await table.vote(player, "black", question)
    assert len(shown(fake, REVEALED)) == 1 and len(table.waiting()) == 1
    assert fake.faults.pending() == [] and len(fake.faults.hits) == 2


async def test_a_rate_limited_dm_arrives_once(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    table = await started(fake, monkeypatch)
    speaker = table.waiting()[0]
    bob = next(player for player in table.players if player is not speaker)  # the speaker's stones are not a DM
    fake.faults.next(POST, status=429, retry_after=0.2, channel=bob.dm_channel)
    question = await asked(table)
    (hit,) = fake.faults.hits
    assert hit.channel_id == bob.dm_channel.id and question.label("white") in str(hit.body)
    stones = [m for m in bob.dms() if question.label("white") in m.button_labels()]
    assert len(stones) == 1 and stones[0].content == hit.content
    assert all(
        len([m for m in p.dms() if m.buttons()]) == (p is not speaker) for p in table.players
    )  # everyone's, once
    await delivered(real_bot, table)
    await table.vote(bob, "black", question)  # from that very DM
    assert bob not in table.waiting()


@pytest.mark.parametrize("status", [500, 502])
async def test_a_server_error_on_the_board_post_is_retried(fake_discord, real_bot, monkeypatch, status):
    fake = fake_discord
    table = await started(fake, monkeypatch)
    scaled = quick_retries(monkeypatch)  # discord.py's back-off, a hundred times faster
    fake.faults.next(POST, status=status, channel=fake.channel)
    question = await asked(table)
    assert scaled.slept == [1] and len(fake.faults.hits) == 1  # discord.py waited a second, then posted again
    (call,) = shown(fake, question.text)
    assert call is table.board() and call.content == fake.faults.hits[0].content
    await delivered(real_bot, table)
    await table.vote(table.waiting()[0], "white", question)


async def last_vote_fails(fake, real_bot, monkeypatch) -> tuple[OstrakonTable, Question, FakeUser, list[int]]:
    """Four stones are down; the fifth reveals them, and every try to post that is answered 500
    (discord.py tries five times): the voter is answered, the channel is not told yet. Returns the
    table, the question, the last voter and whom the table now waits on (the bot's own record)."""
    table = await started(fake, monkeypatch)
    quick_retries(monkeypatch)
    question = await asked(table)
    for voter in table.waiting()[:-1]:
        await table.vote(voter, "white", question)
    last = table.waiting()[0]
    before = [m.content for m in fake.channel.messages()]
    fake.faults.next(POST, status=500, times=5, channel=fake.channel)
    await table.vote(last, "black", question)  # checks the "✅ You voted" it got, in place
    assert len(fake.faults.hits) == 5 and fake.faults.pending() == []
    assert [m.content for m in fake.channel.messages()] == before and not shown(fake, REVEALED)
    row = table_id(table)
    record = await real_bot.client.service.get(row)
    assert (await real_bot.client.store.actions(row))[-1].actor_id == last.id  # committed
    assert await outbox.tables_owed(real_bot.client.store) == [row]  # and still owed to the channel
    return table, question, last, real_bot.client.service.waiting_on(record)


async def caught_up(fake, real_bot, monkeypatch):
    """After last_vote_fails, the catch-up (the sweep, without waiting a minute for it) has posted
    the board Discord refused. Returns the table, the last voter, the DMs they had before, whom the
    table waits on, and the board that reveals the stones."""
    table, _, last, waiting = await last_vote_fails(fake, real_bot, monkeypatch)
    dms = len(last.dms())
    await real_bot.client.publisher.catch_up_all()
    await fake.settle()
    (reveal,) = shown(fake, REVEALED)
    return table, last, dms, waiting, reveal


async def test_a_board_discord_keeps_refusing_is_delivered_by_the_catch_up(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    table, _, _, waiting, reveal = await caught_up(fake, real_bot, monkeypatch)
    assert reveal is table.board() is fake.channel.messages()[-1] and [u.id for u in table.waiting()] == waiting
    await delivered(real_bot, table)
    await real_bot.client.publisher.catch_up_all()  # owes nothing more: says nothing more
    await fake.settle()
    assert len(shown(fake, REVEALED)) == 1 and table.board() is fake.channel.messages()[-1]
    assert table.phase()[0] == "ask"
    await asked(table, 2)  # the table plays on
    assert len(shown(fake, REVEALED)) == 1 and len(table.waiting()) == 5


async def test_a_board_discord_refused_is_delivered_by_the_next_move(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    table, _, _, waiting = await last_vote_fails(fake, real_bot, monkeypatch)
    (speaker,) = [table.user(user_id) for user_id in waiting]
    second = Question.numbered(2)
    done = await speaker.slash("ostrakon ask", question=second.text, white=second.white, black=second.black)
    assert done.reply.ephemeral and [text[:2] for text in answers(done)] == ["✅ "]
    channel = "\n".join(m.content for m in fake.channel.messages())
    assert channel.count(REVEALED) == 1 and channel.count(second.text) == 1
    assert channel.index(REVEALED) < channel.index(second.text)  # told in the order played
    await delivered(real_bot, table)
    await table.vote(next(voter for voter in table.waiting() if voter is not speaker), "white", second)


async def test_a_board_edit_discord_keeps_refusing_is_posted_anew_once(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    table = await started(fake, monkeypatch)
    quick_retries(monkeypatch)
    question = await asked(table)
    await table.vote(table.waiting()[0], "white", question)
    call, messages = table.board(), len(fake.channel.messages())
    fake.faults.next(PATCH, status=500, times=5, channel=fake.channel)
    voter = table.waiting()[0]
    await table.vote(voter, "white", question)
    assert len(fake.faults.hits) == 5 and "(2/5)" in fake.faults.hits[0].content
    # the bot gave up editing and posted the board anew, saying the stone once and pinging nobody
    board = table.board()
    assert board is not call and len(fake.channel.messages()) == messages + 1 and "(2/5)" not in call.content
    assert len(shown(fake, "(2/5)")) == 1 and board.extra["allowed_mentions"]["users"] == []
    assert voter not in table.waiting() and len(table.waiting()) == 3
    await delivered(real_bot, table)
    for player in list(table.waiting()):  # the new board is the one edited from now on
        await table.vote(player, "black", question)
    assert board.content.count("has voted") == 3 and len(shown(fake, REVEALED)) == 1


@pytest.mark.parametrize("resumable", [True, False], ids=["resumed", "identified anew"])
async def test_the_table_plays_on_after_the_gateway_drops_mid_vote(fake_discord, real_bot, monkeypatch, resumable):
    fake = fake_discord
    table = await started(fake, monkeypatch)
    client = real_bot.client
    question = await asked(table)
    await table.vote(table.waiting()[0], "white", question)
    session, seq = fake.gateway.session_id, fake.gateway.seq
    async with fake.gateway_outage(resumable=resumable):
        annex = fake.add_channel("annex")  # its CHANNEL_CREATE comes while the bot is away
        await fake.announce_pending()
        assert client.get_channel(annex.id) is None
    if resumable:  # the missed event, replayed after the RESUME; no new IDENTIFY
        assert fake.faults.gateway_log == [("IDENTIFY", session), ("RESUME", session, seq), ("RESUMED", session, 1)]
        websocket = client._get_websocket(shard_id=0)  # the bot's one shard's connection, anew
        assert websocket.session_id == session and websocket.sequence == fake.gateway.seq
    else:  # op 9, then a new session, whose GUILD_CREATE has the channel
        assert [entry[0] for entry in fake.faults.gateway_log] == ["IDENTIFY", "RESUME", "INVALID_SESSION", "IDENTIFY"]
        await fake.wait_until(client.is_ready, what="the bot to be ready again")
        assert client._get_websocket(shard_id=0).session_id == fake.gateway.session_id != session
    assert client.get_channel(annex.id) is not None

    # The players' next moves work: the other stones, the reveal (once), the next question.
    for voter in list(table.waiting()):
        await table.vote(voter, "black", question)
    assert len(shown(fake, REVEALED)) == 1
    await asked(table, 2)
    await delivered(real_bot, table)


# What these faults once showed in the bot, each fixed: a move Discord could not tell the channel
# is still acknowledged once; the catch-up sends the promised moves, does not tell a player their
# own move again, pings whoever must act, and brings the board's picture.


async def test_a_slash_command_move_discord_could_not_tell_the_channel_is_acknowledged_once(
    fake_discord, real_bot, monkeypatch
):
    fake = fake_discord
    table = await started(fake, monkeypatch)
    quick_retries(monkeypatch)
    speaker, question = table.waiting()[0], Question.numbered(1)
    fake.faults.next(POST, status=500, times=5, channel=fake.channel)
    done = await speaker.slash("ostrakon ask", question=question.text, white=question.white, black=question.black)
    (answer,) = answers(done)  # acknowledged once, and no "something went wrong" after it
    assert answer.startswith("✅ ") and "Your question is out." in answer


async def test_the_speaker_has_their_stones_when_the_channel_cannot_be_told(fake_discord, real_bot, monkeypatch):
    """The speaker's own stones come with the answer to their question, whatever the channel does;
    the catch-up later tells the channel and sends every voter theirs by DM (whom the lost
    delivery had told is not known)."""
    fake = fake_discord
    table = await started(fake, monkeypatch)
    quick_retries(monkeypatch)
    speaker, question = table.waiting()[0], Question.numbered(1)
    fake.faults.next(POST, status=500, times=5, channel=fake.channel)
    opened = await speaker.click(await table.hand(speaker), ASK)  # the form: no error is logged on this path
    assert opened.modal is not None
    done = await speaker.submit_modal(
        {
            "Your question (two possible answers)": question.text,
            "The answer for the white stone": question.white,
            "The answer for the black stone": question.black,
        }
    )
    stones = [question.label("white"), question.label("black")]
    assert answers(done)[-1].startswith("✅ ") and "Your question is out." in answers(done)[-1]
    assert [m for m in (done.reply, *done.followups) if m is not None][-1].button_labels()[:2] == stones
    await real_bot.client.publisher.catch_up_all()
    await fake.settle()
    assert question.text in table.board().content
    assert all(any(stones[0] in m.button_labels() for m in player.dms()) for player in table.players)


async def test_the_catch_up_does_not_tell_a_player_their_own_move_again(fake_discord, real_bot, monkeypatch):
    table, last, dms, _, _ = await caught_up(fake_discord, real_bot, monkeypatch)
    assert [m.content for m in last.dms()[dms:] if "You voted" in m.content] == []


async def test_the_catch_up_pings_whoever_must_act_next(fake_discord, real_bot, monkeypatch):
    _, _, _, waiting, reveal = await caught_up(fake_discord, real_bot, monkeypatch)
    assert reveal.extra["allowed_mentions"]["users"] == waiting


async def test_the_catch_up_board_comes_with_its_picture(fake_discord, real_bot, monkeypatch):
    _, _, _, _, reveal = await caught_up(fake_discord, real_bot, monkeypatch)
    assert reveal.files()
