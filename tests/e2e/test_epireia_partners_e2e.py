"""Epireia with partners (four players, two a league) in the Great Battle: any partner may make
their league's choice, so one partner's move changes what the other is offered. The other's DM
prompt shows their moves as they are now, in place (no new message), or once their league has
decided says who decided it, without buttons; an old button pressed anyway says why it does nothing."""

from __future__ import annotations

from .game_table import GameTable, Menu, draw_without_encoding, prefer, seeded_tables
from .test_epireia_battle_e2e import deployer, dm_menu, start_at_the_battle


async def press_old(user, button, fake) -> str:
    """A button of a message since edited, pressed anyway (a client that had not caught up): on a
    copy of it in the channel, so that the player's prompt stays the one they were sent. The
    refusal it gets."""
    pressed = await user.forge_click(button["custom_id"], channel=fake.channel, ephemeral=True)
    return "\n".join(m.content for m in [pressed.reply, *pressed.followups] if m is not None and "🚫" in m.content)


async def test_a_partner_s_moves_update_the_other_partner_s_prompt(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "epireia-partners")
    start_at_the_battle(monkeypatch)
    draw_without_encoding(monkeypatch)
    # the seats' leagues: Delian, Peloponnesian, Peloponnesian, Delian
    alice, bob, carol, dave = players = fake.add_users("alice", "bob", "carol", "dave")
    table = GameTable(fake, "epireia", list(players))
    await table.open(alice, options="leagues=seats")
    for player in (bob, carol, dave):
        await player.click(table.lobby, "Join")
    await alice.click(table.lobby, "Start")
    assert set(table.waiting()) == set(players)
    where = f"{fake.channel.mention} (**Epireia**)"
    prompts = {user: dm_menu(user) for user in players}
    sent = {user: len(user.dms()) for user in players}
    old = Menu(prompts[dave]).move_buttons()
    assert "✅ Confirm the Flank" in old

    # Alice confirms the Flank: Dave's prompt shows the Delian plan as it is now, in the same message.
    await table.choose(alice, prompts[alice], prefer("Strongest on the Flank"))
    await table.choose(alice, prompts[alice], prefer("✅ Confirm the Flank"))
    assert prompts[dave].content.startswith(
        f"🤝 Your partner {alice.mention} moved for your side at {where}. Your move now:"
    ), prompts[dave].content
    assert "✅ Confirm the Flank" not in Menu(prompts[dave]).moves() and not Menu(prompts[dave]).empty()
    assert {user: len(user.dms()) for user in players} == sent  # edited, not sent again
    assert not prompts[bob].history and not prompts[carol].history  # the other league's are as they were
    # The old button, pressed anyway (a client that had not refreshed), says why it does nothing.
    refused = await press_old(dave, old["✅ Confirm the Flank"], fake)
    assert "🚫 Your league has already confirmed the Flank (you or your partner)" in refused, refused

    # "My hand & moves" in the channel does the same: Carol's shows her moves as they are now once
    # Bob, her partner, has placed their Flank.
    hand = await table.hand(carol)
    await table.choose(bob, prompts[bob], prefer("Strongest on the Flank"))
    assert hand.content.startswith(f"🤝 Your partner {bob.mention} moved for your side at {where}. Your move now:")
    assert not Menu(hand).empty() and prompts[carol].content.startswith(f"🤝 Your partner {bob.mention}")

    # Alice confirms the whole plan: Dave's prompt says so, without buttons; his old button too.
    pick = deployer()
    while alice in table.waiting():
        await table.choose(alice, prompts[alice], pick)
    assert prompts[dave].content == (
        f"🤝 At {where}: your partner {alice.mention} already decided this for your side, "
        "so it no longer asks for your move."
    )
    assert prompts[dave].buttons() == [] and len(dave.dms()) == sent[dave]
    refused = await press_old(dave, old["Strongest on the Flank"], fake)
    assert "🚫 Your league's battle plan is already confirmed (by you or your partner)" in refused, refused

    # Bob has the bot finish the Peloponnesian plan; the fronts are fought column by column, both
    # partners of a league asked each time. Once one decides for the league, the other's prompt
    # says so (or, asked again, shows the moves as they are now), and an old button says why not.
    prompt = dm_menu(bob)
    await bob.click(prompt, Menu(prompt).nav()["Figures & confirm"]["custom_id"])
    await table.choose(bob, prompt, prefer("Finish the plan for me"))
    settled = 0
    for _ in range(12):
        waiting = table.waiting()
        pair = next(((a, b) for a, b in ((alice, dave), (bob, carol)) if {a, b} <= set(waiting)), None)
        if pair is None:  # the battle is over
            break
        first, other = pair
        theirs = await table.moves_of(other)
        old_engage = next(iter(Menu(theirs).move_buttons().values()))
        await table.choose(first, await table.moves_of(first), prefer("Polemarch", "Engage"))
        if table.over():
            assert theirs.buttons() == [] and "the game is over" in theirs.content
        elif other in table.waiting():  # asked again (an answer, the next column)
            assert theirs.content.startswith(f"🤝 Your partner {first.mention} moved for your side"), theirs.content
            assert theirs.buttons()
        else:
            assert theirs.buttons() == [], theirs.content
            assert f"your partner {first.mention} already decided this for your side" in theirs.content
            refused = await press_old(other, old_engage, fake)
            assert "🚫 Your league has already decided in column " in refused, refused
            settled += 1
    assert settled and table.over()
