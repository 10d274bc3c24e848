"""Philosophy Grudgematch's log under moderation: skipped turns page back and forth in `/table log`,
which shows none of the line-ups, hands and draws its DMs told (the generic moderation:
test_moderation_e2e.py)."""

from __future__ import annotations

import re

from .test_moderation_e2e import open_game


async def test_the_log_pages_back_and_forth_and_shows_no_secret(fake_discord, real_bot):
    fake = fake_discord
    fake.settle_quiet = 0.01
    alice, bob = fake.add_users("alice", "bob")
    moderator = fake.add_user("mod", moderator=True)
    await open_game(fake, alice, [bob], game="grudgematch")
    for _ in range(25):
        await moderator.slash("table skip")
    last = (await bob.slash("table log")).reply
    assert last.ephemeral and re.search(r"log page (\d+) of \1\b", last.content), last.content
    assert last.button_labels() == ["◀ Older"]
    await bob.click(last, "◀ Older")
    pages = int(re.search(r"of (\d+)", last.content).group(1))
    assert f"log page {pages - 1} of {pages}" in last.content and "Newer ▶" in last.button_labels()
    seen = [last.content]
    while "◀ Older" in last.button_labels():
        await bob.click(last, "◀ Older")
        seen.append(last.content)
    assert "log page 1 of" in last.content and "The game begins with 2 players" in last.content
    await bob.click(last, "Newer ▶")
    assert f"log page 2 of {pages}" in last.content
    everything = "\n".join(seen)
    secrets = [
        line
        for user in (alice, bob)
        for m in user.dms()
        for line in m.content.splitlines()
        if line.startswith(("🫵", "Your line-up", "You draw"))
    ]
    assert secrets and not [line for line in secrets if line in everything]
    assert all(len(page) <= 2000 for page in seen)
