"""Leaving a lobby against the real bot: the host's Leave hands the table on (said in the channel,
pinging the new host only); the last player's Leave asks first, and only their confirmation, made
at the table's version, closes it."""

from __future__ import annotations

from tests.registry import GAMES, a_game


async def test_the_host_hands_the_table_on_and_the_last_one_confirms_closing_it(fake_discord, real_bot):
    fake = fake_discord
    alice, bob, carol = fake.add_users("alice", "bob", "carol")
    game = a_game(seats=3)  # room for all three
    title = GAMES[game].title
    lobby = (await alice.slash("table new", game=game)).reply
    await bob.click(lobby, "Join")
    await carol.click(lobby, "Join")

    # The host leaves: the table stays, Bob hosts it, the channel is told and only Bob is pinged.
    left = await alice.click(lobby, "Leave")
    assert not left.reply.ephemeral and "is its host now" in left.reply.content, left.reply.content
    (told,) = [r for r in fake.message_requests() if "is its host now" in (r.content or "")]
    assert told.pings == {f"user:{bob.id}"}
    assert f"hosted by {bob.mention}" in lobby.content and alice.mention not in lobby.content
    assert lobby.button_labels() == ["Join", "Leave", "Start"]

    # Anyone else just leaves.
    gone = await carol.slash("table leave")
    assert gone.reply.ephemeral and gone.reply.content == f"👋 You left the **{title}** table."

    # The last player is asked first: nothing changes until they confirm.
    asked = (await bob.click(lobby, "Leave")).reply
    assert asked.ephemeral_to is bob and "leaving closes it" in asked.content
    assert asked.button_labels() == ["Leave and close the table"]
    assert asked.buttons()[0]["custom_id"].startswith("pt:lobby:")
    assert f"hosted by {bob.mention}" in lobby.content and lobby.button_labels() == ["Join", "Leave", "Start"]

    # Carol sat down again meanwhile: that confirmation is old and closes nothing.
    await carol.click(lobby, "Join")
    stale = await bob.click(asked, "Leave and close the table")
    assert (
        stale.reply.ephemeral
        and stale.reply.content.startswith("🚫")
        and "press **Leave** again" in stale.reply.content
    )
    assert lobby.button_labels() == ["Join", "Leave", "Start"]
    await carol.click(lobby, "Leave")

    # A stranger's forged confirmation is refused by the gate; Bob's, by command this time, closes it.
    asked = (await bob.slash("table leave")).reply
    forged = await carol.forge_click(asked.buttons()[0]["custom_id"], channel=fake.channel, ephemeral=True)
    assert forged.reply.content == "🚫 You are not at this table."
    assert "table closed" not in lobby.content
    await bob.click(asked, "Leave and close the table")
    assert asked.content == f"👋 You left, and the **{title}** table is closed." and asked.button_labels() == []
    assert lobby.content == f"**{title}** table closed." and lobby.button_labels() == []
    reopened = await carol.slash("table new", game=game)  # the channel is free again
    assert "hosted by" in reopened.reply.content
