"""A move's answer opens with what was played (bot/discord_app/answers.py `acknowledgement`): the player's
own texts of the move where they say it, else "You played **X**." before whatever else they tell (new
cards dealt at a round's end); and the catch-up after a crash knows the answer by those texts."""

from bot.discord_app.answers import acknowledgement, shows_acknowledgement


def test_a_move_without_texts_of_its_own_is_named():
    assert acknowledgement([], "Ask the question") == "✅ You played **Ask the question**."
    assert shows_acknowledgement("✅ You played **Ask the question**.\nAt <#1> (**A game**).", [])


def test_texts_that_say_what_was_played_are_the_whole_answer():
    texts = ["You voted ⚪ Tea."]
    assert acknowledgement(texts, "⚪ Tea") == "✅ You voted ⚪ Tea."
    assert acknowledgement(["Your question is out."], "your move") == "✅ Your question is out."  # no label known
    assert shows_acknowledgement("✅ You voted ⚪ Tea.\n👉 Next: …", texts)


def test_texts_that_tell_something_else_come_after_the_move():
    texts = ["Your new cards: A, B.", "A second line."]
    answer = acknowledgement(texts, "Play C: gain 1")
    assert answer == "✅ You played **Play C: gain 1**. Your new cards: A, B. A second line."
    assert shows_acknowledgement(answer + "\nAt <#1> (**A game**).", texts)
    assert not shows_acknowledgement(answer, ["Your new cards: C."])
    assert not shows_acknowledgement("🚫 That move is not yours.", texts)
