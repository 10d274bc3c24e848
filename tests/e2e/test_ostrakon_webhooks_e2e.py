"""Ostrakon's questions and stones shown through the interactions that made them, and the bot's own
requests taking over when a token is refused (the webhook path: test_interaction_webhooks_e2e.py)."""

from __future__ import annotations

from .game_table import draw_without_encoding
from .ostrakon_table import OstrakonTable, Question
from .test_interaction_webhooks_e2e import (
    ORIGINAL_EDIT,
    WEBHOOK_EDIT,
    WEBHOOK_POST,
    ChannelRequests,
    started,
    told_once,
)


async def five_started(fake, monkeypatch) -> tuple[OstrakonTable, ChannelRequests]:
    """Five players at a table; what the channel is asked is counted from the press on Start."""
    draw_without_encoding(monkeypatch)
    table = OstrakonTable(fake, fake.add_users("alice", "bob", "carol", "dave", "erin"))
    return table, await started(fake, table)


async def test_a_day_of_play_spends_no_global_request_on_the_channel(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    table, requests = await five_started(fake, monkeypatch)
    # the lobby became the game through the Start press; the first board is that press's follow-up
    assert requests.routes == [ORIGINAL_EDIT, WEBHOOK_POST], requests.routes
    question = Question.numbered(1)
    speaker = table.waiting()[0]
    await table.ask(speaker, question, by_form=False)
    board = table.board()
    assert question.text in board.content and board.interaction is not None  # the command's follow-up
    voters = table.waiting()
    for number, voter in enumerate(voters):  # in the channel and by DM: the board is edited by webhook
        await table.vote(voter, "white", table.phase()[1], by_dm=number % 2 == 0)
    assert requests.bots_own() == [], requests.routes
    assert WEBHOOK_EDIT in requests.routes and "The stones are revealed!" in "\n".join(
        message.content for message in fake.channel.messages()
    )
    assert told_once(fake, f"asks: {question.text}", "The stones are revealed!")


async def test_a_refused_token_leaves_the_post_and_the_edit_to_the_bot(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    table, requests = await five_started(fake, monkeypatch)
    question = Question.numbered(1)
    requests.refuse.add(WEBHOOK_POST)  # the question's board: the press's token is refused
    with fake.expecting(10015):
        await table.ask(table.waiting()[0], question, by_form=False)
    board = table.board()
    assert question.text in board.content and board.interaction is None  # posted by the bot itself
    assert ("POST", "/channels/{channel_id}/messages") in requests.bots_own()
    posted_by_webhook = len(requests.routes)
    voter = table.waiting()[0]
    await table.vote(voter, "black", question, by_dm=False)  # from the channel and from a DM alike
    await table.vote(table.waiting()[0], "black", question, by_dm=True)
    assert requests.routes[posted_by_webhook:] == [("PATCH", "/channels/{channel_id}/messages/{message_id}")] * 2

    # a board the webhook posted, whose token then fails: its edit is the bot's own
    fresh = Question.numbered(2)
    while table.phase()[0] == "vote":
        await table.vote(table.waiting()[0], "white", table.phase()[1])
    await table.ask(table.waiting()[0], fresh, by_form=False)
    requests.refuse.add(WEBHOOK_EDIT)
    before = len(requests.routes)
    with fake.expecting(10015):
        await table.vote(table.waiting()[0], "white", fresh)
    assert requests.routes[before:] == [("PATCH", "/channels/{channel_id}/messages/{message_id}")], requests.routes
    assert "has voted (1/5)" in table.board().content.split("\n")[-2]
    assert told_once(fake, f"asks: {question.text}", f"asks: {fresh.text}")
