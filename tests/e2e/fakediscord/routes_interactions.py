"""Interaction callbacks, followups and @original, which discord.py sends through its webhook
adapter (not HTTPClient.request), without the bot token."""

from __future__ import annotations

import asyncio

from . import limits
from .interactions import (
    ALLOWED_CALLBACKS,
    AUTOCOMPLETE_RESULT,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE,
    MODAL,
    UPDATE,
    FakeInteraction,
)
from .messaging import create_message, delete_message, edit_message
from .model import FakeMessage
from .wire import NO_CONTENT, Call, Refusal, invalid_form, route

CALLBACK_NAMES = {
    1: "PONG",
    4: "CHANNEL_MESSAGE_WITH_SOURCE",
    5: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    6: "DEFERRED_UPDATE_MESSAGE",
    7: "UPDATE_MESSAGE",
    8: "AUTOCOMPLETE_RESULT",
    9: "MODAL",
}


def _flag(value: str | None) -> bool:
    return str(value).lower() in ("1", "true")


@route("POST", "/interactions/{interaction_id}/{interaction_token}/callback", auth=False)
async def callback(call: Call) -> object:
    fake = call.fake
    inter = fake.interactions.get(call.id("interaction_id"))
    if inter is None or inter.token != call.params["interaction_token"]:
        raise Refusal(404, 10062, "Unknown interaction")
    late = asyncio.get_running_loop().time() - inter.created
    if inter.expired or late > fake.ack_deadline:
        inter.expired = True
        raise Refusal(
            404, 10062, f"Unknown interaction (acknowledged after {late:.2f} s, the limit is {fake.ack_deadline:g} s)"
        )
    if inter.ack_type is not None:
        raise Refusal(400, 40060, "Interaction has already been acknowledged.")
    body = call.body if isinstance(call.body, dict) else {}
    kind = body.get("type")
    if kind not in ALLOWED_CALLBACKS[inter.type]:
        raise invalid_form([("type", f"callback {CALLBACK_NAMES.get(kind, kind)} is not valid for {inter.what}")])
    data = body.get("data") or {}
    ephemeral_to = inter.user if (data.get("flags") or 0) & limits.FLAG_EPHEMERAL else None
    if kind == MESSAGE:
        inter.response = await create_message(
            fake, inter.channel, data, call.uploads, ephemeral_to=ephemeral_to, interaction=inter
        )
        inter.original = inter.response
    elif kind == DEFERRED_MESSAGE:
        inter.response = await create_message(
            fake,
            inter.channel,
            {"flags": data.get("flags") or 0},
            [],
            ephemeral_to=ephemeral_to,
            interaction=inter,
            loading=True,
        )
        inter.original = inter.response
    elif kind == DEFERRED_UPDATE:
        if inter.message is None:  # a modal opened by a slash command has no message to update
            raise invalid_form([("type", f"DEFERRED_UPDATE_MESSAGE needs a message; {inter.what} has none")])
        inter.original = inter.message
        inter.edits_at_ack = len(inter.message.history)
    elif kind == UPDATE:
        if inter.message is None:
            raise invalid_form([("type", f"UPDATE_MESSAGE needs a message; {inter.what} has none")])
        inter.original = await edit_message(fake, inter.message, data, call.uploads)
    elif kind == MODAL:
        problems = limits.modal_problems(data)
        if problems:
            raise invalid_form(problems)
        inter.modal = data
        inter.user.open_modal = (data, inter)
    elif kind == AUTOCOMPLETE_RESULT:
        choices = data.get("choices") or []
        if len(choices) > limits.COMMAND_CHOICES:
            raise invalid_form([("data.choices", f"at most {limits.COMMAND_CHOICES} choices, got {len(choices)}")])
        inter.choices = choices
    inter.ack_type = kind
    inter.acked.set()
    return inter.callback_payload() if _flag(call.query.get("with_response")) else NO_CONTENT


def _interaction(call: Call) -> FakeInteraction:
    fake = call.fake
    inter = fake.by_token.get(call.params["webhook_token"])
    if inter is None or call.id("webhook_id") != fake.application_id or inter.ack_type is None:
        # a bot restarted after a crash may look for the answer its killed process never gave:
        # that is expected, not a broken rule
        lost = inter is not None and inter.lost and inter.ack_type is None
        raise Refusal(404, 10015, "Unknown Webhook", violation=not lost)
    return inter


def _original(inter: FakeInteraction) -> FakeMessage:
    if inter.original is None or inter.original.deleted:
        raise Refusal(404, 10008, "Unknown Message")
    return inter.original


def _own_message(call: Call, inter: FakeInteraction) -> FakeMessage:
    wanted = call.id("message_id")
    for message in [inter.original, *inter.followups]:
        if message is not None and message.id == wanted and not message.deleted:
            return message
    raise Refusal(404, 10008, "Unknown Message")


@route("POST", "/webhooks/{webhook_id}/{webhook_token}", auth=False)
async def followup(call: Call) -> object:
    fake, inter = call.fake, _interaction(call)
    body = call.body or {}
    original = inter.original
    if inter.ack_type == DEFERRED_MESSAGE and original is not None and original.loading and not original.deleted:
        # the first followup after a "thinking" defer becomes that reply, and keeps its visibility
        message = await edit_message(fake, original, body, call.uploads)
    else:
        ephemeral_to = inter.user if (body.get("flags") or 0) & limits.FLAG_EPHEMERAL else None
        message = await create_message(
            fake, inter.channel, body, call.uploads, ephemeral_to=ephemeral_to, interaction=inter
        )
    inter.followups.append(message)
    return message.payload() if _flag(call.query.get("wait")) else NO_CONTENT


@route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", auth=False)
async def get_original(call: Call) -> dict:
    return _original(_interaction(call)).payload()


@route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", auth=False)
async def edit_original(call: Call) -> dict:
    message = _original(_interaction(call))
    return (await edit_message(call.fake, message, call.body or {}, call.uploads)).payload()


@route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", auth=False)
async def delete_original(call: Call) -> object:
    await delete_message(call.fake, _original(_interaction(call)))
    return NO_CONTENT


@route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", auth=False)
async def get_followup(call: Call) -> dict:
    return _own_message(call, _interaction(call)).payload()


@route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", auth=False)
async def edit_followup(call: Call) -> dict:
    inter = _interaction(call)
    message = _own_message(call, inter)
    return (await edit_message(call.fake, message, call.body or {}, call.uploads)).payload()


@route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", auth=False)
async def delete_followup(call: Call) -> object:
    await delete_message(call.fake, _own_message(call, _interaction(call)))
    return NO_CONTENT
