"""Discord's limits on what a bot sends, enforced the way the real API enforces them.

Each check returns a list of problems as (field path, message); an empty list means Discord would
accept the body. The REST layer turns problems into a 50035 "Invalid Form Body" refusal and fails
the test. discord.py checks few of these itself, so a bot only learns about them in production.
"""

from __future__ import annotations

import re
from typing import Any

Problem = tuple[str, str]

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
ROWS = 5
BUTTONS_PER_ROW = 5
BUTTON_LABEL = 80
CUSTOM_ID = 100
SELECT_OPTIONS = 25
SELECT_OPTION_TEXT = 100
SELECT_PLACEHOLDER = 150
V2_COMPONENTS = 40
V2_TEXT = 4000
MODAL_TITLE = 45
MODAL_ROWS = 5
MODAL_LABEL = 45
TEXT_INPUT_VALUE = 4000
ATTACHMENTS = 10
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25
COMMAND_CHOICES = 25
COMMAND_TOTAL_TEXT = 4000

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
SELECTS = {3, 5, 6, 7, 8}
ACTION_ROW, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER, LABEL = (
    1,
    9,
    10,
    11,
    12,
    13,
    14,
    17,
    18,
)


def _too_long(problems: list[Problem], path: str, value: Any, limit: int, *, minimum: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        problems.append((path, f"must be a string, got {type(value).__name__}"))
    elif not minimum <= len(value) <= limit:
        problems.append((path, f"must be {minimum} to {limit} characters long, got {len(value)}"))


def message_problems(body: dict, *, files: int = 0) -> list[Problem]:
    """Problems with a message body (channel message, interaction reply, followup or edit)."""
    problems: list[Problem] = []
    flags = body.get("flags") or 0
    content = body.get("content")
    _too_long(problems, "content", content, CONTENT)
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS:
        problems.append(("embeds", f"at most {EMBEDS} embeds, got {len(embeds)}"))
    for i, embed in enumerate(embeds):
        problems += _embed_problems(f"embeds.{i}", embed)
    total = sum(_embed_text(embed) for embed in embeds)
    if len(embeds) > 1 and total > EMBED_TOTAL:  # Discord counts the text of all a message's embeds together
        problems.append(
            ("embeds", f"the embeds of a message hold at most {EMBED_TOTAL} characters together, got {total}")
        )
    attachments = body.get("attachments") or []
    if len(attachments) > ATTACHMENTS or files > ATTACHMENTS:
        problems.append(("attachments", f"at most {ATTACHMENTS} attachments"))
    components = body.get("components") or []
    if flags & FLAG_COMPONENTS_V2:
        if content or embeds:
            problems.append(("content", "a components-v2 message cannot have content or embeds"))
        problems += _v2_problems(components)
    else:
        problems += _classic_component_problems(components)
    problems += _unique_custom_ids(components, "components")
    return problems


def is_empty(body: dict, *, files: int = 0) -> bool:
    """Discord refuses to create a message with nothing in it (50006)."""
    return not (
        body.get("content")
        or body.get("embeds")
        or body.get("components")
        or body.get("attachments")
        or files
        or body.get("sticker_ids")
        or body.get("poll")
    )


def _embed_problems(path: str, embed: dict) -> list[Problem]:
    problems: list[Problem] = []
    _too_long(problems, f"{path}.title", embed.get("title"), 256)
    _too_long(problems, f"{path}.description", embed.get("description"), 4096)
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems.append((f"{path}.fields", f"at most 25 fields, got {len(fields)}"))
    for i, field in enumerate(fields):
        _too_long(problems, f"{path}.fields.{i}.name", field.get("name"), 256, minimum=1)
        _too_long(problems, f"{path}.fields.{i}.value", field.get("value"), 1024, minimum=1)
    _too_long(problems, f"{path}.footer.text", (embed.get("footer") or {}).get("text"), 2048)
    _too_long(problems, f"{path}.author.name", (embed.get("author") or {}).get("name"), 256)
    total = _embed_text(embed)
    if total > EMBED_TOTAL:
        problems.append((path, f"an embed holds at most {EMBED_TOTAL} characters, got {total}"))
    return problems


def _embed_text(embed: dict) -> int:
    """The characters Discord counts towards the 6,000 of a message's embeds."""
    total = sum(
        len(str(x or ""))
        for x in (
            embed.get("title"),
            embed.get("description"),
            (embed.get("footer") or {}).get("text"),
            (embed.get("author") or {}).get("name"),
        )
    )
    return total + sum(len(f.get("name", "")) + len(f.get("value", "")) for f in embed.get("fields") or [])


def _classic_component_problems(components: list) -> list[Problem]:
    problems: list[Problem] = []
    if len(components) > ROWS:
        problems.append(("components", f"at most {ROWS} action rows, got {len(components)}"))
    for r, row in enumerate(components):
        problems += _row_problems(f"components.{r}", row)
    return problems


def _row_problems(path: str, row: dict) -> list[Problem]:
    if row.get("type") != ACTION_ROW:
        return [(f"{path}.type", "top-level components must be action rows (type 1)")]
    items = row.get("components") or []
    if not items:
        return [(f"{path}.components", "an action row needs at least one component")]
    kinds = {item.get("type") for item in items}
    problems: list[Problem] = []
    if kinds & SELECTS and len(items) > 1:
        problems.append((f"{path}.components", "a select menu must be alone in its action row"))
    if len(items) > BUTTONS_PER_ROW:
        problems.append((f"{path}.components", f"at most {BUTTONS_PER_ROW} buttons a row, got {len(items)}"))
    for i, item in enumerate(items):
        problems += _item_problems(f"{path}.components.{i}", item)
    return problems


def _item_problems(path: str, item: dict) -> list[Problem]:
    kind = item.get("type")
    if kind == BUTTON:
        return _button_problems(path, item)
    if kind in SELECTS:
        return _select_problems(path, item)
    return [(f"{path}.type", f"component type {kind} is not allowed here")]


def _button_problems(path: str, button: dict) -> list[Problem]:
    problems: list[Problem] = []
    style = button.get("style")
    _too_long(problems, f"{path}.label", button.get("label"), BUTTON_LABEL)
    if not button.get("label") and not button.get("emoji") and style != 6:
        problems.append((path, "a button needs a label or an emoji"))
    if style == 5:
        if not button.get("url") or button.get("custom_id"):
            problems.append((path, "a link button needs a url and no custom_id"))
    elif style in (1, 2, 3, 4):
        _too_long(problems, f"{path}.custom_id", button.get("custom_id"), CUSTOM_ID, minimum=1)
        if button.get("custom_id") is None:
            problems.append((f"{path}.custom_id", "a button needs a custom_id"))
    elif style != 6:
        problems.append((f"{path}.style", f"unknown button style {style}"))
    return problems


def _select_problems(path: str, select: dict) -> list[Problem]:
    problems: list[Problem] = []
    _too_long(problems, f"{path}.custom_id", select.get("custom_id"), CUSTOM_ID, minimum=1)
    if select.get("custom_id") is None:
        problems.append((f"{path}.custom_id", "a select needs a custom_id"))
    _too_long(problems, f"{path}.placeholder", select.get("placeholder"), SELECT_PLACEHOLDER)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not (0 <= low <= 25 and 1 <= high <= 25 and low <= high):
        problems.append((path, f"min_values {low} / max_values {high} out of range"))
    if select.get("type") == STRING_SELECT:
        options = select.get("options") or []
        if not 1 <= len(options) <= SELECT_OPTIONS:
            problems.append((f"{path}.options", f"a select holds 1 to {SELECT_OPTIONS} options, got {len(options)}"))
        if high > len(options):
            problems.append((f"{path}.max_values", f"max_values {high} exceeds the {len(options)} options"))
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append((f"{path}.options", "option values must be unique"))
        for i, option in enumerate(options):
            for key in ("label", "value"):
                _too_long(problems, f"{path}.options.{i}.{key}", option.get(key), SELECT_OPTION_TEXT, minimum=1)
            _too_long(problems, f"{path}.options.{i}.description", option.get("description"), SELECT_OPTION_TEXT)
    return problems


def _v2_problems(components: list) -> list[Problem]:
    problems: list[Problem] = []
    count, text = 0, 0
    stack = [(f"components.{i}", c) for i, c in enumerate(components)]
    while stack:
        path, comp = stack.pop()
        count += 1
        kind = comp.get("type")
        if kind == ACTION_ROW:
            problems += _row_problems(path, comp)
            count += len(comp.get("components") or [])
        elif kind in (CONTAINER, SECTION):
            stack += [(f"{path}.components.{i}", c) for i, c in enumerate(comp.get("components") or [])]
            if comp.get("accessory"):
                stack.append((f"{path}.accessory", comp["accessory"]))
        elif kind == TEXT_DISPLAY:
            text += len(comp.get("content") or "")
        elif kind == BUTTON:
            problems += _button_problems(path, comp)
    if count > V2_COMPONENTS:
        problems.append(("components", f"at most {V2_COMPONENTS} components, got {count}"))
    if text > V2_TEXT:
        problems.append(("components", f"text displays hold at most {V2_TEXT} characters, got {text}"))
    return problems


def _walk(components: list, path: str):
    for i, comp in enumerate(components or []):
        here = f"{path}.{i}"
        yield here, comp
        yield from _walk(comp.get("components") or [], f"{here}.components")
        for key in ("component", "accessory"):
            if comp.get(key):
                yield from _walk([comp[key]], f"{here}.{key}")


def _unique_custom_ids(components: list, path: str) -> list[Problem]:
    seen: dict[str, str] = {}
    problems: list[Problem] = []
    for where, comp in _walk(components, path):
        custom_id = comp.get("custom_id")
        if custom_id is None:
            continue
        if custom_id in seen:
            problems.append((f"{where}.custom_id", f"custom_id {custom_id!r} is also used at {seen[custom_id]}"))
        seen[custom_id] = where
    return problems


def modal_problems(data: dict) -> list[Problem]:
    """Problems with the data of a MODAL (type 9) interaction callback."""
    problems: list[Problem] = []
    _too_long(problems, "data.title", data.get("title"), MODAL_TITLE, minimum=1)
    _too_long(problems, "data.custom_id", data.get("custom_id"), CUSTOM_ID, minimum=1)
    components = data.get("components") or []
    if not 1 <= len(components) <= MODAL_ROWS:
        problems.append(("data.components", f"a modal holds 1 to {MODAL_ROWS} components, got {len(components)}"))
    for i, comp in enumerate(components):
        path = f"data.components.{i}"
        if comp.get("type") == ACTION_ROW:
            inner = comp.get("components") or []
            if len(inner) != 1 or inner[0].get("type") != TEXT_INPUT:
                problems.append((path, "a modal action row holds exactly one text input"))
            for item in inner:
                problems += _text_input_problems(f"{path}.components.0", item, labelled=False)
        elif comp.get("type") == LABEL:
            _too_long(problems, f"{path}.label", comp.get("label"), MODAL_LABEL, minimum=1)
            _too_long(problems, f"{path}.description", comp.get("description"), 100)
            inner = comp.get("component") or {}
            if inner.get("type") == TEXT_INPUT:
                problems += _text_input_problems(f"{path}.component", inner, labelled=True)
            elif inner.get("type") in SELECTS:
                problems += _select_problems(f"{path}.component", inner)
            else:
                problems.append((f"{path}.component", f"component type {inner.get('type')} is not allowed in a label"))
        elif comp.get("type") != TEXT_DISPLAY:
            problems.append((f"{path}.type", f"component type {comp.get('type')} is not allowed in a modal"))
    problems += _unique_custom_ids(components, "data.components")
    return problems


def _text_input_problems(path: str, item: dict, *, labelled: bool) -> list[Problem]:
    problems: list[Problem] = []
    _too_long(problems, f"{path}.custom_id", item.get("custom_id"), CUSTOM_ID, minimum=1)
    if labelled:
        if item.get("label") is not None:
            problems.append((f"{path}.label", "a text input inside a label component takes no label"))
    else:
        _too_long(problems, f"{path}.label", item.get("label"), MODAL_LABEL, minimum=1)
    if item.get("style") not in (1, 2):
        problems.append((f"{path}.style", "text input style must be 1 (short) or 2 (paragraph)"))
    low, high = item.get("min_length", 0), item.get("max_length", TEXT_INPUT_VALUE)
    if not (0 <= low <= TEXT_INPUT_VALUE and 1 <= high <= TEXT_INPUT_VALUE and low <= high):
        problems.append((path, f"min_length {low} / max_length {high} out of range"))
    _too_long(problems, f"{path}.placeholder", item.get("placeholder"), 100)
    _too_long(problems, f"{path}.value", item.get("value"), TEXT_INPUT_VALUE)
    return problems


def command_problems(commands: list) -> list[Problem]:
    """Problems with a bulk overwrite of application commands."""
    problems: list[Problem] = []
    names: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        path = f"{i}"
        kind = command.get("type", 1)
        key = (kind, command.get("name"))
        if key in names:
            problems.append((f"{path}.name", f"two commands named {command.get('name')!r}"))
        names.add(key)
        if kind == 1:
            problems += _chat_input_problems(path, command)
            total = _text_size(command)
            if total > COMMAND_TOTAL_TEXT:
                problems.append(
                    (path, f"names, descriptions and choices hold at most {COMMAND_TOTAL_TEXT} characters, got {total}")
                )
    return problems


def _chat_input_problems(path: str, node: dict) -> list[Problem]:
    problems: list[Problem] = []
    name = node.get("name") or ""
    if not COMMAND_NAME.match(name) or name != name.lower():
        problems.append((f"{path}.name", f"{name!r} is not a valid lowercase command name of 1 to 32 characters"))
    _too_long(problems, f"{path}.description", node.get("description"), COMMAND_DESCRIPTION, minimum=1)
    options = node.get("options") or []
    if len(options) > COMMAND_OPTIONS:
        problems.append((f"{path}.options", f"at most {COMMAND_OPTIONS} options, got {len(options)}"))
    seen_optional = False
    for j, option in enumerate(options):
        here = f"{path}.options.{j}"
        if option.get("type") in (1, 2):
            problems += _chat_input_problems(here, option)
            continue
        problems += _chat_input_problems(here, {**option, "options": []})
        if option.get("required"):
            if seen_optional:
                problems.append((here, "required options must come before optional ones"))
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > COMMAND_CHOICES:
            problems.append((f"{here}.choices", f"at most {COMMAND_CHOICES} choices, got {len(choices)}"))
        for k, choice in enumerate(choices):
            _too_long(problems, f"{here}.choices.{k}.name", choice.get("name"), 100, minimum=1)
            if isinstance(choice.get("value"), str):
                _too_long(problems, f"{here}.choices.{k}.value", choice["value"], 100, minimum=1)
    return problems


def _text_size(node: dict) -> int:
    size = len(node.get("name") or "") + len(node.get("description") or "")
    for option in node.get("options") or []:
        size += _text_size(option)
    for choice in node.get("choices") or []:
        size += len(choice.get("name") or "") + len(str(choice.get("value") or ""))
    return size
