"""Channels, messages, DMs, threads, users and members."""

from __future__ import annotations

from .gateway import INTENT_GUILDS
from .messaging import create_message, delete_message, edit_message
from .model import FakeChannel, FakeMessage
from .wire import NO_CONTENT, Call, Refusal, invalid_form, route


def _channel(call: Call) -> FakeChannel:
    channel = call.fake.channels.get(call.id("channel_id"))
    if channel is None:
        raise Refusal(404, 10003, "Unknown Channel")
    return channel


def _message(call: Call, channel: FakeChannel) -> FakeMessage:
    message = call.fake.messages.get(call.id("message_id"))
    # ephemeral messages exist only for their reader: the channel routes never see them
    if message is None or message.deleted or message.channel is not channel or message.ephemeral:
        raise Refusal(404, 10008, "Unknown Message")
    return message


@route("GET", "/channels/{channel_id}")
async def get_channel(call: Call) -> dict:
    return _channel(call).payload()


@route("POST", "/channels/{channel_id}/messages")
async def post_message(call: Call) -> dict:
    channel = _channel(call)
    if channel.is_dm and not channel.recipient.dms_open:
        call.fake.refused_dms.append((channel.recipient, call.body or {}))
        raise Refusal(403, 50007, "Cannot send messages to this user", violation=False)
    body = call.body or {}
    if not channel.is_dm:  # what the bot may do there (perms.py)
        body = call.fake.check_create(channel, body, files=len(call.uploads))
    repeated = call.fake.nonces.existing(channel, call.fake.bot_user, body)
    if repeated is not None:  # the same nonce again: Discord answers with the message it made
        return repeated.payload()
    return (await create_message(call.fake, channel, body, call.uploads)).payload()


@route("GET", "/channels/{channel_id}/messages")
async def list_messages(call: Call) -> list:
    channel = _channel(call)
    if not channel.is_dm:
        call.fake.refuse_unless(channel)
        if not call.fake.bot_can(channel, "read_message_history"):
            return []  # Discord: "no messages will be returned"
    shown = channel.messages()
    limit = min(int(call.query.get("limit", 50)), 100)
    if "before" in call.query:
        shown = [m for m in shown if m.id < int(call.query["before"])]
    if "after" in call.query:
        shown = [m for m in shown if m.id > int(call.query["after"])][:limit]
    return [m.payload() for m in reversed(shown[-limit:])]


@route("GET", "/channels/{channel_id}/messages/{message_id}")
async def get_message(call: Call) -> dict:
    channel = _channel(call)
    if not channel.is_dm:
        call.fake.refuse_unless(channel, "read_message_history")
    return _message(call, channel).payload()


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
async def patch_message(call: Call) -> dict:
    channel = _channel(call)
    body = call.body or {}
    if not channel.is_dm:
        body = call.fake.check_edit(channel, body, files=len(call.uploads))
    message = _message(call, channel)
    if message.author is not call.fake.bot_user:
        raise Refusal(403, 50005, "Cannot edit a message authored by another user")
    return (await edit_message(call.fake, message, body, call.uploads)).payload()


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
async def remove_message(call: Call) -> object:
    channel = _channel(call)
    if not channel.is_dm:
        call.fake.refuse_unless(channel)
    await delete_message(call.fake, _message(call, channel))
    return NO_CONTENT


@route("POST", "/channels/{channel_id}/typing")
async def typing(call: Call) -> object:
    channel = _channel(call)
    if not channel.is_dm:
        call.fake.refuse_unless(channel, "send_messages")
    return NO_CONTENT


@route("POST", "/channels/{channel_id}/threads")
async def start_thread(call: Call) -> dict:
    return await _thread(call, _channel(call), None)


@route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
async def start_thread_from_message(call: Call) -> dict:
    channel = _channel(call)
    return await _thread(call, channel, _message(call, channel))


async def _thread(call: Call, parent: FakeChannel, starter: FakeMessage | None) -> dict:
    name = (call.body or {}).get("name") or ""
    if not 1 <= len(name) <= 100:
        raise invalid_form([("name", f"a thread name has 1 to 100 characters, got {len(name)}")])
    if parent.is_dm or parent.parent is not None:
        raise Refusal(400, 50024, "Cannot execute action on this channel type")
    thread = call.fake.make_channel(name, thread_of=parent)
    if starter is not None:
        call.fake.channels.pop(thread.id)
        thread.id = starter.id  # a thread started from a message has that message's id
        call.fake.channels[thread.id] = thread
    payload = {**thread.payload(), "newly_created": True}
    await call.fake.dispatch_if_connected("THREAD_CREATE", payload, intent=INTENT_GUILDS)
    return thread.payload()


@route("POST", "/users/@me/channels")
async def open_dm(call: Call) -> dict:
    recipient = call.fake.user((call.body or {}).get("recipient_id", 0))
    if recipient is None or recipient.bot:
        raise Refusal(400, 50033, "Invalid Recipient(s)")
    return recipient.dm_channel.payload()


@route("GET", "/users/{user_id}")
async def get_user(call: Call) -> dict:
    user = call.fake.user(call.id("user_id"))
    if user is None:
        raise Refusal(404, 10013, "Unknown User")
    return user.payload()


@route("GET", "/guilds/{guild_id}/members/{user_id}")
async def get_member(call: Call) -> dict:
    fake = call.fake
    user = fake.user(call.id("user_id"))
    guild = fake.guild_of(call.id("guild_id"))
    if guild is None:
        raise Refusal(404, 10004, "Unknown Guild")
    if user is None or user not in guild.members:
        raise Refusal(404, 10007, "Unknown Member")
    return user.member_payload(guild=guild)


@route("GET", "/guilds/{guild_id}/channels")
async def list_channels(call: Call) -> list:
    guild = call.fake.guild_of(call.id("guild_id"))
    if guild is None:
        raise Refusal(404, 10004, "Unknown Guild")
    return [c.payload() for c in guild.channels if c.parent is None]
