"""Attacks on what only Ostrakon sends: the speaker's Ask button and its question form, the voters'
stones by DM and in "My hand & moves", and a question full of mentions (the generic attacks and
their world: test_attacks_e2e.py, attacks.py)."""

from __future__ import annotations

from .attacks import Attacks, Harvested, World, form_fields, harvest, open_form, report, stray_pings
from .game_table import HAND, seeded_tables
from .ostrakon_table import ASK, Question
from .test_attacks_e2e import attack_all, board, seat, spectator_view, world  # noqa: F401 (world: the fixture)

OSTRAKON_SEED = "a1"  # the first speaker is the host, a person (not a stand-in)


async def ask_phase(world: World, players) -> dict[str, Harvested]:
    """An Ostrakon table waiting on its first speaker (the host): the board, the speaker's
    "My hand & moves" with its Ask button, and the form that button opens."""
    speaker, *others = players
    await seat(world, "ostrakon", speaker, others, stand_ins=4)
    assert HAND in board(world).button_labels() and f"Waiting on {speaker.mention}" in board(world).content
    hand = (await speaker.click(board(world), HAND)).reply
    return (
        harvest(board(world), speaker, "board")
        | harvest(hand, speaker, "speaker's hand")
        | {"form": await open_form(speaker, hand, ASK, "form")}
    )


async def test_the_board_the_ask_button_and_the_form_from_elsewhere(world, monkeypatch):
    seeded_tables(monkeypatch, OSTRAKON_SEED)
    players = world.fake.add_users("alice", "bob", "carol")
    attacks = Attacks(world, lambda: ask_phase(world, players))
    attacks.spectator_view = lambda: spectator_view(world)
    attacks.ids = await ask_phase(world, players)
    assert {h.kind for h in attacks.ids.values()} == {"hand", "move", "form"}
    await attack_all(attacks, *attacks.ids)

    # The speaker's own form, in the right place, but too long for its fields, or with fields it has not.
    fields = attacks.ids["form"].fields
    await attacks.send("form", "4,000 characters", fields=world.form_text(fields, length=4000))
    await attacks.send("form", "fields it does not have", fields={"question": "?", "junk": "!"})
    for slot in list(attacks.ids):  # each pressed "from" the public board
        await attacks.onto(board(world), slot)
    assert not attacks.failures and not stray_pings(world), report(attacks)


async def test_a_question_full_of_mentions_pings_nobody(world, monkeypatch):
    """The speaker's question, asked the right way, is posted for all to read: @everyone, @here, a
    role and a member who does not play, written in it, ping nobody, wherever it is shown."""
    seeded_tables(monkeypatch, OSTRAKON_SEED)
    fake = world.fake
    alice, bob, carol = players = fake.add_users("alice", "bob", "carol")
    await ask_phase(world, players)
    mentions = world.mass_mentions()
    asked = Question(1, f"{mentions} sea or mountains?", f"sea {mentions}"[:80], f"peaks {mentions}"[:80])
    opened = await alice.click((await alice.click(board(world), HAND)).reply, ASK)
    done = await alice.submit_modal(dict(zip(form_fields(opened.modal), (asked.text, asked.white, asked.black))))
    assert done.reply.ephemeral and done.reply.content.startswith("✅"), done.reply.content
    assert any(asked.text in m.content for m in world.table_channel.messages()), "the question was not posted"
    # shown again: the status board, a spectator's "My hand & moves", the voters' stones by DM
    await world.spectator.slash("table status", channel=world.table_channel)
    await world.spectator.click(board(world), HAND)
    words = "sea or mountains?"  # private views show the question with its mentions escaped
    assert any(words in m.content for m in bob.dms())
    written = {"everyone", "here", f"role:{world.role.id}", f"user:{world.spectator.id}", f"user:{world.mallory.id}"}
    shown = [r for r in fake.message_requests() if words in (r.content or "")]
    assert len(shown) >= 3 and not [r for r in shown if r.pings & written], [r for r in shown if r.pings & written]
    assert not stray_pings(world), stray_pings(world)


async def vote_phase(world: World, players) -> dict[str, Harvested]:
    """The speaker has asked; the others' stones come by DM, or in "My hand & moves"."""
    speaker, voter, other = players
    await ask_phase(world, players)
    await speaker.slash(
        "ostrakon ask",
        question=f"Sea or mountains? {world.mass_mentions()}",
        white="Sea",
        black="Mountains",
        channel=world.table_channel,
    )
    stones = [m for m in voter.dms() if m.buttons()][-1]
    hand = (await other.click(board(world), HAND)).reply
    return (
        harvest(board(world), other, "board")
        | harvest(stones, voter, "voter's DM")
        | harvest(hand, other, "voter's hand")
    )


async def test_stones_by_dm_and_in_the_hand_from_elsewhere(world, monkeypatch):
    seeded_tables(monkeypatch, OSTRAKON_SEED)
    players = world.fake.add_users("alice", "bob", "carol")
    attacks = Attacks(world, lambda: vote_phase(world, players))
    attacks.spectator_view = lambda: spectator_view(world)
    attacks.ids = await vote_phase(world, players)
    assert [h.origin.is_dm for h in attacks.ids.values()].count(True) == 2  # the two stones by DM
    await attack_all(attacks, *attacks.ids)
    assert not attacks.failures and not stray_pings(world), report(attacks)


async def test_an_extra_subject_past_its_length(world):
    """/table new with a subject card of 200 characters (3,950 were once taken): refused, nothing opened."""
    alice = world.fake.add_user("alice")
    done = await alice.slash(
        "table new", channel=world.side, game="ostrakon", options=f'extra_subjects=["Cheese", "{"x" * 200}"]'
    )
    assert done.reply.ephemeral and done.reply.content.startswith("🚫") and "40 characters" in done.reply.content
    assert await world.bot.client.service.table_in(world.side.id) is None
