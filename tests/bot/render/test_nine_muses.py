"""Nine Muses pictures and texts for a few positions: a new game, a Muse's choice, the end."""

import pytest
from PIL import Image

from bot.render import nine_muses as render
from bot.render import render_picture
from bot.render.style import WIDTH
from engine import Chance, referee
from engine.nine_muses import GAME

JPEG = b"\xff\xd8\xff"  # the start of every JPEG file


def played(seats: int, actions: int | None, seed: str = "render"):
    """A game after `actions` stand-in moves (None: to the end)."""
    chance = Chance.seeded(seed)
    state = GAME.setup(seats, None, chance)
    while GAME.outcome(state) is None and actions != 0:
        seat = next(iter(GAME.to_move(state)))
        state = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance).state
        actions = None if actions is None else actions - 1
    return state


@pytest.mark.parametrize("seats, actions", [(2, 0), (3, 17), (4, 40), (4, None)])
def test_public_and_private_views_render(seats, actions):
    state = played(seats, actions)
    for seat in (None, 0):
        view = GAME.view(state, seat)
        image = render.draw(view)
        assert isinstance(image, Image.Image) and image.width == WIDTH and image.height > 300
        text = render.text(view)
        assert len(text) < 1800 and all(f"**{name}**" in text for name in view["names"])
        assert ("Your cards" in text) == (seat is not None)
    assert render_picture("nine-muses", GAME.view(state, None)).startswith(JPEG)


def test_the_text_says_who_moves_the_pool_and_the_winner():
    start = GAME.view(GAME.setup(2, None, Chance.scripted()), None)
    text = render.text(start)
    assert "**Thales** to play." in text and "🟧 6 Craft" in text and "Round 1 of 5" in text
    end = GAME.view(played(3, None), None)
    assert "🏆" in render.text(end) and "last round" in render.text(end)


def test_a_muse_choice_is_shown():
    state = GAME.setup(3, None, Chance.scripted())
    state.players[1].muses = ["Melpomene"]
    state = referee.play(GAME, state, 0, {"kind": "toil", "card": "Aesop"}, Chance.scripted()).state
    assert state.phase == "collect"
    assert "**Sappho** chooses whom **Melpomene** steals from." in render.text(GAME.view(state, None))
    render.draw(GAME.view(state, 1))


def test_a_turn_is_grouped_by_the_action_then_the_card():
    from engine.nine_muses.actions import Demonstrate, Exchange

    assert render.group({}, Exchange(card="Aesop", option=0)) == "Aesop: gain 2 Craft"
    # another card in hand prints the same option: one group, whose screen offers the cards
    assert render.group({"hand": ["Aesop", "Telesilla"]}, Exchange(card="Aesop", option=0)) == "Exchange: gain 2 Craft"
    assert render.group({}, Demonstrate(card="Heron", knowledge="craft", amount=2)) == "Demonstrate 2 Craft → 2 VP"
