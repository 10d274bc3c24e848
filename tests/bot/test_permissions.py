"""bot/discord_app/permissions.py: what the bot needs in a table's channel or thread, what it says is missing,
and the README's invite, which asks for exactly that (its integer and its link)."""

import re
from pathlib import Path

import discord

from bot.discord_app import permissions

README = Path(__file__).resolve().parents[2] / "README.md"


def test_a_channel_needs_send_messages_and_a_thread_send_messages_in_threads():
    everything = permissions.EVERY
    assert permissions.missing(everything, thread=False) == []
    assert permissions.missing(everything, thread=True) == []
    channel_only = [name for name in everything if name != "send_messages_in_threads"]
    assert permissions.missing(channel_only, thread=False) == []
    assert permissions.missing(channel_only, thread=True) == ["send_messages_in_threads"]
    thread_only = [name for name in everything if name != "send_messages"]
    assert permissions.missing(thread_only, thread=True) == []
    assert permissions.missing(thread_only, thread=False) == ["send_messages"]
    assert permissions.missing(["view_channel", "send_messages"], thread=False) == [
        "attach_files",
        "read_message_history",
    ]


def test_what_another_missing_one_takes_away_is_not_named():
    assert permissions.missing([], thread=False) == ["view_channel"]  # nothing else counts without it
    assert permissions.missing(["view_channel"], thread=False) == ["send_messages", "read_message_history"]
    assert permissions.missing(["view_channel", "send_messages"], thread=True) == [
        "send_messages_in_threads",
        "read_message_history",
    ]


def test_what_is_missing_is_named_on_one_line():
    assert (
        permissions.cannot_open(["attach_files"], thread=False)
        == "I can't open a table here: I need **Attach Files** in this channel."
    )
    assert (
        permissions.cannot_open(["view_channel", "send_messages_in_threads", "read_message_history"], thread=True)
        == "I can't open a table here: I need **View Channel**, **Send Messages in Threads** and "
        "**Read Message History** in this thread."
    )
    told = permissions.cannot_post(42, "Chess", ["send_messages"])
    assert "\n" not in told and told.startswith("⚠️ I can't post in <#42>") and "**Send Messages**" in told
    assert "catch up" in told and "**Chess**" in told
    assert "not allowed to post there" in permissions.cannot_post(42, "Chess", [])


def test_every_name_is_a_discord_permission():
    assert set(permissions.EVERY) <= set(discord.Permissions.VALID_FLAGS)
    assert set(permissions.needed(thread=False)) | set(permissions.needed(thread=True)) == set(permissions.EVERY)


def test_the_readme_invites_the_bot_with_exactly_the_permissions_it_needs():
    text = README.read_text(encoding="utf-8")
    wanted = discord.Permissions(**{name: True for name in permissions.EVERY}).value
    links = re.findall(
        r"https://discord\.com/oauth2/authorize\?client_id=YOUR_APP_ID"
        r"&scope=bot\+applications\.commands&permissions=(\d+)",
        text,
    )
    assert links == [str(wanted)], f"the README's invite should ask for permissions={wanted}"
    named = re.search(r"2\. Invite it .*?(?=\n3\. )", text, re.S).group(0)
    assert f"`{wanted}`" in named
    for name in permissions.EVERY:
        assert permissions.SHOWN[name] in named, name
