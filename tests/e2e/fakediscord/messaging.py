"""Creating, editing and deleting messages, shared by channel routes and interaction routes:
limits are checked here, uploads become attachments here, and gateway events go out here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import limits, wire
from .gateway import INTENT_DIRECT_MESSAGES, INTENT_GUILD_MESSAGES
from .model import FakeAttachment, FakeChannel, FakeMessage, FakeUser
from .wire import Refusal, Upload, invalid_form

if TYPE_CHECKING:
    from .interactions import FakeInteraction
    from .server import FakeDiscord

MAX_UPLOAD = 10 * 1024 * 1024


@dataclass
class MessageEvent:
    """What a message hook (`FakeDiscord.message_hooks`) is told: `stage` "before" (nothing is made
    or changed yet; raising a Refusal stops it there) or "after" (made or changed, and the bot not
    yet answered); `action` "create" or "edit"; the request's route (method, template)."""

    stage: str
    action: str
    route: tuple[str, str]
    channel: FakeChannel
    body: dict
    message: FakeMessage | None = None

    @property
    def public(self) -> bool:
        """A message everyone in a server's channel sees: not a DM, not a private answer."""
        return (
            not self.channel.is_dm
            and not (self.body.get("flags") or 0) & limits.FLAG_EPHEMERAL
            and (self.message is None or not self.message.ephemeral)
        )


async def _hooks(
    fake: FakeDiscord, stage: str, action: str, channel: FakeChannel, body: dict, message: FakeMessage | None = None
) -> None:
    for hook in list(fake.message_hooks):
        await hook(MessageEvent(stage, action, wire.current_route(), channel, body, message))


def _intent(channel: FakeChannel) -> int:
    return INTENT_DIRECT_MESSAGES if channel.is_dm else INTENT_GUILD_MESSAGES


def resolve_attachments(
    fake: FakeDiscord, body: dict, uploads: list[Upload], existing: list[FakeAttachment] | None
) -> list[FakeAttachment] | None:
    """The attachments a message ends up with: `attachments` in the body lists existing ones to
    keep (by id) and new uploads (by their index in files[n]); None means "leave them as they are"."""
    for upload in uploads:
        if len(upload.data) > MAX_UPLOAD:
            raise Refusal(413, 40005, f"Request entity too large ({upload.filename}: {len(upload.data)} bytes)")
    by_index = {u.index: u for u in uploads}
    listed = body.get("attachments")
    if listed is None:
        if not uploads:
            return None
        listed = [{"id": u.index} for u in uploads]
        if existing:
            listed = [{"id": a.id} for a in existing] + listed
    kept = {a.id: a for a in existing or []}
    result: list[FakeAttachment] = []
    for i, item in enumerate(listed):
        ident = int(item.get("id", -1))
        if ident in kept:
            result.append(kept[ident])
        elif ident in by_index:
            upload = by_index.pop(ident)
            filename = item.get("filename") or upload.filename
            result.append(
                FakeAttachment(
                    fake.ids.next(), filename, upload.data, FakeAttachment.guess_type(filename), item.get("description")
                )
            )
        else:
            raise invalid_form([(f"attachments.{i}.id", f"no uploaded file or existing attachment {ident}")])
    if by_index:
        raise invalid_form([("attachments", f"uploaded files {sorted(by_index)} are not listed in attachments")])
    return result


async def create_message(
    fake: FakeDiscord,
    channel: FakeChannel,
    body: dict,
    uploads: list[Upload],
    *,
    ephemeral_to: FakeUser | None = None,
    interaction: FakeInteraction | None = None,
    loading: bool = False,
) -> FakeMessage:
    problems = limits.message_problems(body, files=len(uploads))
    if problems:
        raise invalid_form(problems)
    if not loading and limits.is_empty(body, files=len(uploads)):
        raise Refusal(400, 50006, "Cannot send an empty message")
    await _hooks(fake, "before", "create", channel, body)
    attachments = resolve_attachments(fake, body, uploads, None) or []
    message = FakeMessage(
        fake,
        fake.ids.next(),
        channel,
        fake.bot_user,
        body,
        attachments,
        ephemeral_to=ephemeral_to,
        interaction=interaction,
    )
    if loading:
        message.flags |= limits.FLAG_LOADING
    fake.store_message(message)
    fake.nonces.remember(channel, fake.bot_user, body, message)  # a repeat of its nonce gets it from now on
    if not loading:  # a "thinking..." placeholder says nothing; the followup that fills it does
        fake.record_message_request(body, message)
    if ephemeral_to is None:
        await fake.dispatch_if_connected("MESSAGE_CREATE", message.gateway_payload(), intent=_intent(channel))
    await _hooks(fake, "after", "create", channel, body, message)
    return message


async def edit_message(fake: FakeDiscord, message: FakeMessage, body: dict, uploads: list[Upload]) -> FakeMessage:
    if message.deleted:
        raise Refusal(404, 10008, "Unknown Message")
    problems = limits.message_problems(body, files=len(uploads))
    if problems:
        raise invalid_form(problems)
    await _hooks(fake, "before", "edit", message.channel, body, message)
    attachments = resolve_attachments(fake, body, uploads, message.attachments)
    before = (message.content, message.embeds, message.components, message.flags, message.attachments)
    message.apply(body, attachments=attachments, edit=True)
    message.flags &= ~limits.FLAG_LOADING
    empty = not (message.content or message.embeds or message.components or message.attachments)
    if empty:
        message.content, message.embeds, message.components, message.flags, message.attachments = before
        message.history.pop()
        raise Refusal(400, 50006, "Cannot send an empty message")
    fake.record_message_request(body, message)
    if not message.ephemeral:
        await fake.dispatch_if_connected("MESSAGE_UPDATE", message.gateway_payload(), intent=_intent(message.channel))
    await _hooks(fake, "after", "edit", message.channel, body, message)
    return message


async def delete_message(fake: FakeDiscord, message: FakeMessage) -> None:
    if message.deleted:
        raise Refusal(404, 10008, "Unknown Message")
    message.deleted = True
    if not message.ephemeral:
        data = {"id": str(message.id), "channel_id": str(message.channel.id)}
        if not message.channel.is_dm:
            data["guild_id"] = str(message.channel.guild.id)
        await fake.dispatch_if_connected("MESSAGE_DELETE", data, intent=_intent(message.channel))
