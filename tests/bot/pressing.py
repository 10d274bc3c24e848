"""A press as the gate sees it from Discord: on a message that holds what was pressed."""

from bot.tables.gate import Gate, Origin, Pass, Press


async def press_on(
    gate: Gate, caller, custom_id: str, values: list[str] | tuple[str, ...] = (), *, private: bool = True
) -> Pass | Press:
    """`custom_id` pressed on its own message (a private one unless `private=False`)."""
    return await gate.press(caller, custom_id, values, Origin(frozenset({custom_id}), private))
