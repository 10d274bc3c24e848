"""Discord text as a terminal shows it (`python -m bot demo`, `replay`): no Markdown marks, and
mentions as @ids (or as the names the caller gives them)."""

from __future__ import annotations

import re

# Discord's inline marks, longest first so that `**` is never read as two `*`. A mark only counts
# when it opens before a non-space and closes after one, as Discord reads it: "2 * 3 * 4" stays.
_MARKS = ("***", "**", "__", "~~", "||", "*", "_", "`")
_MARKED = [
    re.compile(rf"(?<![\w\\]){re.escape(mark)}(?=\S)(.+?)(?<=\S){re.escape(mark)}(?!\w)", re.S) for mark in _MARKS
]
_ESCAPED = re.compile(r"\\([*_~`|\\>])")
_MENTION = re.compile(r"<@!?(\d+)>")


def plain(text: str, names: dict[int, str] | None = None) -> str:
    """`text` without its Markdown; a mention of a user in `names` becomes @name, any other @id."""
    for marked in _MARKED:
        text = marked.sub(r"\1", text)
    text = _ESCAPED.sub(r"\1", text)
    return _MENTION.sub(lambda m: "@" + (names or {}).get(int(m.group(1)), m.group(1)), text)
