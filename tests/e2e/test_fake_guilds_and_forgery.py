"""The fake's second guild, forged interactions and mention auditing, against the tiny bot (and
without a bot for the mention rules), and the attack runner (attacks.py): the harness the attack
suite (test_attacks_e2e.py) stands on."""

from __future__ import annotations

import pytest

from .attacks import Attacks, World, harvest, stray_pings
from .fakediscord import FakeMessage, UserCannot
from .test_fake_refusals import raw


def elsewhere(fake):
    other = fake.add_guild("Elsewhere")
    lobby = fake.add_channel("lobby", guild=other)
    return other, lobby, fake.add_user("mallory", guild=other)


async def test_a_second_guild_has_its_own_channels_members_and_roles(fake_discord, tiny_bot):
    fake = fake_discord
    alice = fake.add_user("alice")
    other, lobby, mallory = elsewhere(fake)  # made while the bot is connected: it gets a GUILD_CREATE
    assert lobby.guild is other and lobby.payload()["guild_id"] == str(other.id)
    assert fake.channel.guild is fake.guild and fake.guild.channels[0] is fake.channel

    assert (await mallory.slash("where", channel=lobby)).reply.content == "you are in #lobby of Elsewhere"
    assert (await alice.slash("where")).reply.content == "you are in #general of Agora"
    side = fake.add_channel("side", guild=other)  # a channel made later: CHANNEL_CREATE
    assert (await mallory.slash("where", channel=side)).reply.content == "you are in #side of Elsewhere"
    assert {g.id for g in tiny_bot.client.guilds} == {fake.guild.id, other.id}

    # A member of one guild only: Discord shows the other guild's channels to nobody else.
    with pytest.raises(UserCannot, match="not in"):
        await mallory.slash("where", channel=fake.channel)
    with pytest.raises(UserCannot, match="not in"):
        await alice.slash("where", channel=lobby)
    status, member = await raw(fake, "GET", f"/guilds/{other.id}/members/{mallory.id}")
    assert status == 200 and member["user"]["id"] == str(mallory.id)
    with fake.expecting(10007):
        status, _ = await raw(fake, "GET", f"/guilds/{fake.guild.id}/members/{mallory.id}")
    assert status == 404

    # Each guild has its own Moderator role; a moderator of one is nobody special in the other.
    oscar = fake.add_user("oscar", moderator=True, guild=other)
    assert other.moderator_role is not fake.moderator_role and other.moderator_role in oscar.roles
    assert oscar.permissions.manage_channels and not oscar.permissions_in(fake.guild).manage_channels
    assert fake.add_user("bob").guild is fake.guild  # without guild=: the first guild, as before

    await tiny_bot.restart()  # a fresh connection gets a GUILD_CREATE for each guild
    assert {g.id for g in tiny_bot.client.guilds} == {fake.guild.id, other.id}
    assert (await mallory.slash("where", channel=side)).reply.content == "you are in #side of Elsewhere"


async def test_forged_clicks_and_selects_reach_persistent_components_from_anywhere(fake_discord, tiny_bot):
    fake = fake_discord
    alice = fake.add_user("alice")
    other, lobby, mallory = elsewhere(fake)

    done = await mallory.forge_click("tiny:poke:7", channel=lobby)
    assert done.reply.ephemeral and done.reply.ephemeral_to is mallory
    assert done.reply.content == "mallory poked 7 in #lobby of Elsewhere"
    # the message it was "on" is made up: the bot got it, nobody reads it
    assert done.message.forged and done.message.buttons()[0]["custom_id"] == "tiny:poke:7"
    assert lobby.messages() == [] and mallory.ephemerals() == [done.reply]

    in_dm = await alice.forge_click("tiny:poke:8", channel=alice.dm_channel)
    assert in_dm.reply.content == "alice poked 8 in a DM" and alice.dms() == []
    picked = await alice.forge_select("tiny:pick", ["never-offered", "x" * 100])
    assert picked.reply.content == f"picked ['never-offered', '{'x' * 100}']"
    assert picked.reply.channel is fake.channel

    # No client check stops a forgery: a button on someone else's ephemeral message, as it is.
    theirs = (await alice.slash("echo", text="a")).reply
    with pytest.raises(UserCannot):
        await mallory.click(theirs, "DM me")
    with fake.expecting(10062) as unanswered:  # it has no "tiny:poke:*" button: discord.py drops it
        forged = await fake.add_user("bob").forge_click("tiny:poke:9", message=theirs)
    assert forged.expired and "was never acknowledged" in unanswered.seen[0].message
    # ... but Discord itself delivers nothing from a channel the user is not in.
    with pytest.raises(ValueError, match="not in"):
        await mallory.forge_click("tiny:poke:1", channel=fake.channel)
    with pytest.raises(ValueError, match="not in"):
        await mallory.forge_click("tiny:poke:1", channel=alice.dm_channel)


async def test_an_unanswered_forgery_fails_the_test(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    with pytest.raises(AssertionError, match="10062"):
        await alice.forge_click("tiny:nothing-handles-this")


async def test_a_forged_modal_submits_any_fields_of_any_length(fake_discord, tiny_bot):
    fake = fake_discord
    alice = fake.add_user("alice")
    other, lobby, mallory = elsewhere(fake)
    opened = await alice.click((await alice.slash("echo", text="a")).reply, "Ask")
    modal = opened.modal
    question, detail = (row["components"][0]["custom_id"] for row in modal["components"])
    alice.dismiss_modal()

    # Longer than the field's max_length (200), from another guild, and without a message:
    # the fake lets it through; the tiny bot does not check, so it posts it.
    long = "why? " * 60
    done = await mallory.forge_modal(modal["custom_id"], {question: long, detail: "Meno"}, channel=lobby)
    assert done.reply.content == f"**mallory** asks: {long} (Meno)" and lobby.messages() == [done.reply]
    with pytest.raises(AssertionError, match="10062"):  # a modal nobody opened: discord.py drops it
        await mallory.forge_modal("no-such-modal", {question: "?"}, channel=lobby)


def test_pings_follow_discords_allowed_mentions_rules(fake_discord):
    fake = fake_discord
    text = "@everyone @here <@1> <@!2> <@&3>"
    everything = {"everyone", "here", "user:1", "user:2", "role:3"}
    cases = [
        ({}, everything),  # no allowed_mentions: everything in the text pings
        ({"parse": []}, set()),
        ({"parse": ["users"]}, {"user:1", "user:2"}),
        ({"parse": ["roles", "everyone"]}, {"role:3", "everyone", "here"}),
        ({"users": ["2", "9"]}, {"user:2"}),  # an allow-list pings only whom the text names
        ({"roles": [3], "users": []}, {"role:3"}),
    ]
    for allowed, expected in cases:
        body = {"content": text, **({"allowed_mentions": allowed} if allowed else {})}
        assert fake.pings(body) == expected, allowed
    assert fake.pings({"content": "hi", "embeds": [{"description": text}]}) == set()  # embeds never ping
    v2 = {"flags": 1 << 15, "components": [{"type": 17, "components": [{"type": 10, "content": "@here"}]}]}
    assert fake.pings(v2) == {"here"}

    alice = fake.add_user("alice")
    said = fake.store_message(FakeMessage(fake, fake.ids.next(), fake.channel, alice, {"content": "hi"}, []))
    reply = {"content": "ok", "message_reference": {"message_id": str(said.id)}}
    assert fake.pings(reply) == {f"user:{alice.id}"}
    assert fake.pings({**reply, "allowed_mentions": {"parse": []}}) == set()
    assert fake.pings({**reply, "allowed_mentions": {"replied_user": True}}) == {f"user:{alice.id}"}


async def test_message_requests_list_what_the_bot_sent_and_who_it_pings(fake_discord, tiny_bot):
    fake = fake_discord
    alice, bob = fake.add_users("alice", "bob")
    await alice.slash("game poke", who=bob)
    (poke,) = fake.message_requests()
    assert (poke.method, poke.route) == ("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
    assert poke.content == f"{alice.mention} pokes {bob.mention} (bob)" and poke.allowed_mentions is None
    assert poke.pings == {f"user:{alice.id}", f"user:{bob.id}"} and poke.explicit_users == set()

    # What only one person sees pings nobody: an ephemeral reply, a DM.
    mine = (await alice.slash("echo", text="@everyone")).reply
    await alice.click(mine, "DM me")
    echo, dm, told = fake.message_requests()[1:]  # the DM goes out before the answer
    assert echo.reader is alice and echo.body_pings == {"everyone"} and echo.pings == set()
    assert dm.route == "/channels/{channel_id}/messages" and dm.reader is alice and dm.message is alice.last_dm()
    assert told.reader is alice and told.content == "sent you a DM"

    # Followups, edits of @original and channel edits are recorded; the "thinking..." placeholder is not.
    before = len(fake.message_requests())
    await alice.slash("picture")
    routes = [(r.method, r.route) for r in fake.message_requests()[before:]]
    assert routes == [
        ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
        ("POST", "/channels/{channel_id}/messages"),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ]


async def test_the_attack_runner_passes_refusals_and_catches_a_leak(fake_discord, tiny_bot):
    """attacks.py against the tiny bot: a button that refuses everyone privately passes every attack
    (and mangled ids are refused by its catch-all); one that answers in public fails them, with
    what it changed and the ping it let through."""
    fake = fake_discord
    world = World.make(fake, tiny_bot)
    world.table_channel = fake.channel
    alice = fake.add_user("alice")
    world.players.add(alice.id)
    ids = harvest((await alice.slash("guarded")).reply, alice, "two")
    assert set(ids) == {"two Guard", "two Leak"} and ids["two Guard"].kind == "guard"

    async def rebuild():
        return ids

    attacks = Attacks(world, rebuild)
    attacks.ids = ids
    await attacks.every_place("two Guard")
    await attacks.mangle("two Guard")
    assert attacks.sent == 7 and attacks.failures == [] and stray_pings(world) == []

    await attacks.send("two Leak", "another server")
    changed, public = attacks.failures
    assert changed.startswith("two Leak [pt:leak:2] from another server (mallory in lobby): changed messages of")
    assert "not answered privately" in public and "mallory pressed it" in public
    assert [p.split(" by ")[0] for p in stray_pings(world)] == ["everyone"]
