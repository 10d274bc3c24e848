"""The whole-bot bench weighs pictures by running its load once more with every picture blank: the
bot's own painter must then hand out the blank picture, not draw the board."""

import asyncio
from io import BytesIO

from PIL import Image

from bench.pictures import blank_pictures
from bench.whole_verdicts import CPU_MS, cpu_cause
from bot import render
from bot.render.painter import Painter


def test_the_painter_hands_out_one_blank_picture_for_every_board(monkeypatch):
    monkeypatch.setattr(render, "render_picture", render.render_picture)  # put back after the test
    blank_pictures()
    painter = Painter(workers=0)
    first = asyncio.run(painter.paint("one game", {"anything": 1}))
    second = asyncio.run(painter.paint("another game", {}))
    assert first == second
    image = Image.open(BytesIO(first))
    assert (image.format, image.size) == ("JPEG", (16, 16))


def split(pictures_us: float) -> dict:
    return {
        "cpu_split_us": {
            "groups": {"Discord layer": 4000.0, "pictures": pictures_us},
            "us": {"draw": pictures_us / 2, "encode": pictures_us / 2, "pictures drawn": 0.75},
        }
    }


def test_the_cpu_verdict_says_what_the_blank_run_leaves_for_pictures():
    assert "blank pictures: 4.2 ms a move, so pictures may cost at most 0.8 ms" in cpu_cause(
        split(2500), {"cpu_ms_per_move": 4.2}
    )
    over = cpu_cause(split(2500), {"cpu_ms_per_move": CPU_MS + 0.5})
    assert f"even without drawing or encoding it is over {CPU_MS:g} ms" in over
    assert "blank" not in cpu_cause(split(2500), None)
