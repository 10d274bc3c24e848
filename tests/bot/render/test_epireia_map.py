"""Epireia's picture against its view and its text: each player's colour on the map and in the
panel is the colour of the emoji the text gives that player; names are written in full, and what
the panels leave out is in the text; the map is Greece (the Aegean in the middle, the Empires on
the edges) and is drawn once."""

import pytest

from bot.render import epireia as render
from bot.render.epireia_map import CARD_W, MAP_H, MAP_W, NAME_SIZE, PLACES, SEA_W, background, narrowed
from bot.render.style import text_width
from engine.epireia import GAME, data
from tests.bot.render.test_epireia import played

# The emoji as Discord (Twemoji) draws them: the colours a reader of the text has in mind.
EMOJI_RGB = {
    "🔵": (85, 172, 238),
    "🔴": (221, 46, 68),
    "🟣": (170, 142, 214),
    "🟠": (244, 144, 12),
    "⚪": (230, 231, 232),
}
GAMES = [(1, 40), (2, 30), (3, 60), (4, 120), (4, 200)]


def close(pixel, colour, slack=12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel, colour))


def text_colours(view) -> dict[str, tuple[int, int, int]]:
    """City -> the colour of the emoji its line in the text starts with."""
    found = {}
    for line in render.text(view).split("\n"):
        emoji, _, rest = line.partition(" **")
        if emoji in EMOJI_RGB and rest:
            found[rest.split("**")[0]] = EMOJI_RGB[emoji]
    return found


def card_box(place):
    (x, top), width = PLACES[place].card, PLACES[place].width
    return x - width / 2, top, x + width / 2, top + 40


def inside(point, box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


@pytest.mark.parametrize("seats, moves", GAMES)
def test_each_players_colour_in_the_picture_is_the_colour_of_their_emoji_in_the_text(seats, moves):
    view = GAME.view(played(seats, moves), None)
    colours = text_colours(view)
    cities = [p["city"] for p in view["players"]]
    assert sorted(colours) == sorted(cities) and len(set(colours.values())) == seats
    image = render.draw(view)
    marks = render.map_marks(view)
    discs = [m for m in marks if isinstance(m, render.Disc)]
    owned = 0
    for place, land in view["territories"].items():
        if land["owner"] in colours:
            ((x, y),) = [d.centre for d in discs if inside(d.centre, card_box(place))]
            assert close(image.getpixel((x + render.MARGIN, y + render.HEADER)), colours[land["owner"]]), place
            owned += 1
    panels = [] if view["battle"] else render.panel_marks(view, render.PANEL_TOP)[0]  # the battle in their place
    for index, mark in enumerate(panels):
        if isinstance(mark, render.Text) and mark.size == render.NAME:  # a player's name, its token just before it
            disc = panels[index - 1]
            assert close(image.getpixel(tuple(map(int, disc.centre))), colours[mark.text]), mark.text
    for chip in (m for m in marks if isinstance(m, render.Chip)):
        owner = next((p["city"] for p in view["players"] if chip.text in p["figures"]), None)
        if owner:
            x0, y0, _, y1 = chip.box
            pixel = image.getpixel((int(x0 + 2 + render.MARGIN), int((y0 + y1) / 2 + render.HEADER)))
            assert close(pixel, colours[owner]), chip.text
    if (seats, moves) == (4, 120):
        assert owned >= 2  # the game chosen has Territories held, so the map side is checked


@pytest.mark.parametrize("seats, moves", GAMES)
def test_every_name_is_written_in_full(seats, moves):
    view = GAME.view(played(seats, moves), None)
    marks = render.map_marks(view) + render.panel_marks(view, render.PANEL_TOP)[0]
    for mark in marks:
        if isinstance(mark, render.Text):
            assert "…" not in mark.text and text_width(mark.text, mark.size) <= mark.room + 0.5, mark.text
        if isinstance(mark, render.Chip):
            assert text_width(mark.text, render.CHIP_SIZE) <= mark.box[2] - mark.box[0] - 4, mark.text
    chips = {m.text for m in marks if isinstance(m, render.Chip)}
    words = render.text(view)  # the Administrator, army, buildings and figures: in the text
    for player in view["players"]:
        assert player["city"] in {m.text for m in marks if isinstance(m, render.Text) and m.size == render.NAME}
        for figure in player["figures"]:
            assert figure in chips and figure in words
        for building in player["buildings"]:
            assert building in words
        assert player["admin"] is None or player["admin"] in words
    for enemy in view["enemies"]:
        assert enemy["name"] in chips


def test_place_names_fit_their_cards_and_the_cards_do_not_overlap():
    for place, where in PLACES.items():
        x, top = where.card
        assert text_width(place, NAME_SIZE) <= where.width and where.width <= max(CARD_W, SEA_W)
        assert 0 <= x - where.width / 2 and x + where.width / 2 <= MAP_W and 0 <= top and top + 40 <= MAP_H
    names = {
        place: (
            PLACES[place].card[0] - text_width(place, NAME_SIZE) / 2,
            PLACES[place].card[1],
            PLACES[place].card[0] + text_width(place, NAME_SIZE) / 2,
            PLACES[place].card[1] + 30,
        )
        for place in PLACES
    }
    for a in names:
        for b in names:
            if a < b:
                one, two = names[a], names[b]
                assert one[2] < two[0] or two[2] < one[0] or one[3] < two[1] or two[3] < one[1], (a, b)


def test_the_map_is_greece_with_the_aegean_in_blue_and_the_empires_on_the_edges():
    assert set(PLACES) == set(data.TERRITORIES) | set(data.EMPIRES) | set(data.CITIES)
    for empire in data.EMPIRES:
        assert any(x in (0, MAP_W) or y in (0, MAP_H) for x, y in PLACES[empire].shape), empire
    sea = background().getpixel(narrowed(((440, 200),))[0])  # between Euboea and Asia Minor
    assert sea[2] > sea[0] + 40 and sea[2] > sea[1]
    west, east = PLACES["Epirus"].card[0], PLACES["Ionia"].card[0]
    north, south = PLACES["Macedonia"].card[1], PLACES["Sparta"].card[1]
    assert west < PLACES["Athens"].card[0] < east and north < PLACES["Athens"].card[1] < south


def test_the_map_is_drawn_once_and_never_drawn_on():
    before = background().tobytes()
    render.draw(GAME.view(played(4, 120), None))
    assert background() is background() and background().tobytes() == before
