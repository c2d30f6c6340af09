"""The table's text cache (arcade/tables/parts/ink.py): words already set in one colour are recoloured
for another (a label's shadow), to the same pixels as setting them in that colour."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade import fonts
from cardtable.arcade.tables.parts import ink as ink_module
from cardtable.arcade.tables.parts.ink import Ink


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("text", ["Junk 5", "stock 12", "  turned 3 junk, no match; +1 junk from t\u2026",
                                  "You reached the target: Go on, or Stop and get paid?", "\u00b7 Wq,j"])
def test_words_recoloured_are_the_words_set_in_that_colour(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ink = Ink()
    ink.resize(1.5)
    renders: list[tuple] = []
    line = fonts.line

    def counting(*args: object) -> pygame.Surface:
        renders.append(args)
        return line(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ink_module.fonts, "line", counting)
    colours = [(240, 200, 80), (0, 0, 0), (255, 255, 255), (120, 130, 125), (30, 24, 10)]
    for px in (12, 17.0, 25.5, 40):
        for colour in colours:
            got = ink.text(text, px, colour)
            want = line(text, max(8, round(px)), colour)
            assert got.get_size() == want.get_size() and got.get_flags() == want.get_flags()
            assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")
    assert len(renders) == 4  # once per size: the other colours recoloured
