"""What the bot needs in a table's channel, and how to say what is missing. Discord-free:
permissions are named by Discord's flags in lower case (discord.py's attribute names).

Why each is needed (what the bot does in a table's channel, bot/delivery):
- View Channel: nothing works without it (Discord answers 50001 Missing Access);
- Send Messages (in a thread: Send Messages in Threads, the only one that counts there): boards,
  events and summaries the bot posts itself, when no press's webhook can (after 15 minutes, a
  move made by DM or by the clock, a catch-up);
- Attach Files: the board's picture;
- Read Message History: after a crash or a restart the catch-up reads the board back, so that
  nothing is told twice.
Embed Links is not needed: the bot's channel messages carry no embeds (the rules' embeds are
private interaction answers, which channel permissions do not govern). It uses no reactions,
pins, threads of its own, webhooks of its own or @everyone.
"""

from __future__ import annotations

from collections.abc import Iterable

SHOWN = {  # as Discord's server settings name them
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}
# what the invite asks for: a table may be opened in a channel or in a thread
EVERY = tuple(SHOWN)


def needed(*, thread: bool) -> tuple[str, ...]:
    """What the bot needs in a channel, or in a thread."""
    return (
        "view_channel",
        "send_messages_in_threads" if thread else "send_messages",
        "attach_files",
        "read_message_history",
    )


def missing(granted: Iterable[str], *, thread: bool) -> list[str]:
    """The needed permissions not in `granted`, in the order they are listed, but those another
    one missing takes away anyway (Discord's implicit permissions, which discord.py applies too):
    without View Channel nothing else counts, and without sending Attach Files does not. So what
    is named is what to give back first; anything still missing then is named next time."""
    have = set(granted)
    absent = [name for name in needed(thread=thread) if name not in have]
    if "view_channel" in absent:
        return ["view_channel"]
    if needed(thread=thread)[1] in absent:
        return [name for name in absent if name != "attach_files"]
    return absent


def lacking(flags: object, *, thread: bool) -> list[str]:
    """`missing` for a set of flags read by their names (a discord.Permissions: the interaction's
    app_permissions, or what the bot has in a cached channel)."""
    return missing([name for name in EVERY if getattr(flags, name)], thread=thread)


def listed(names: list[str]) -> str:
    """**A**, **B** and **C**."""
    shown = [f"**{SHOWN.get(name, name)}**" for name in names]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def cannot_open(names: list[str], *, thread: bool) -> str:
    """Why `/table new` refuses here (the refusal adds its 🚫)."""
    return f"I can't open a table here: I need {listed(names)} in this {'thread' if thread else 'channel'}."


def cannot_post(channel_id: int, title: str, names: list[str]) -> str:
    """What a table's players are told, once, when the bot may no longer post in its channel.
    `names`: what is missing, if the bot could tell."""
    what = f"I need {listed(names)} there" if names else "I'm not allowed to post there"
    return (
        f"⚠️ I can't post in <#{channel_id}> for your **{title}** table: {what}. "
        "Ask a moderator to let me, and the table will catch up."
    )
