"""Warming (arcade/tables/parts/warmup.py): card faces and text sizes are made ready on idle ticks
only, a little at a time, so that no frame pays for much of it."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade import fonts
from cardtable.arcade.cardart import CardArt
from cardtable.arcade.tables.base import Sprite, Table
from cardtable.arcade.tables.parts import warmup


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


class Two(Table):
    """Two cards; ``moved`` sends the first across the table."""

    moved = False

    def build(self) -> None:
        w, h = self.card_px(0.25)
        self.sprites = [Sprite("a", "AS", pygame.Rect(100 + (400 if self.moved else 0), 200, w, h)),
                        Sprite("b", "KH", pygame.Rect(300, 200, w, h))]


def counting_faces(table: Table) -> list[str]:
    drawn: list[str] = []
    face = table.art.face
    table.art.face = lambda code, *rest: drawn.append(code) or face(code, *rest)  # type: ignore[method-assign]
    return drawn


def test_faces_are_warmed_only_while_nothing_moves() -> None:
    table = Two("two", [0], CardArt(), (960, 540))
    table.set_view(0, {"phase": "play"}, [], [])
    drawn = counting_faces(table)
    table.tick(1 / 120)  # the tick that brought the view: no warming
    table.tick(1 / 120)
    assert len(drawn) == 1  # an idle tick: one face
    table.moved = True
    table.relayout()
    ticks = 0
    while table.motion.moving:
        table.tick(1 / 120)
        ticks += 1
    assert ticks > 10 and len(drawn) == 1  # none while the card glides
    table.tick(1 / 120)
    assert len(drawn) == 2


def test_a_tick_makes_ready_a_few_glyphs_of_one_text_size() -> None:
    table = Two("two", [0], CardArt(), (1920, 1080))
    table.set_view(0, {"phase": "play"}, [], [])
    table.tick(1 / 120)
    while table.warmup._faces:
        table.tick(1 / 120)
    rendered: list[tuple[int, str]] = []
    font = fonts.font

    def spy(size: int, bold: bool = False) -> pygame.font.Font:
        real = font(size, bold)

        class Spy:
            def render(self, text: str, *rest: object) -> pygame.Surface:
                rendered.append((size, text))
                return real.render(text, *rest)

        return Spy()  # type: ignore[return-value]

    warmup.fonts.font = spy  # type: ignore[assignment]
    try:
        for _ in range(30):
            table.tick(1 / 120)
    finally:
        warmup.fonts.font = font  # type: ignore[assignment]
    assert len(rendered) == 30
    assert all(len(text) <= warmup.GLYPHS_PER_TICK for _, text in rendered)
    largest = fonts.point_size(90 * table.u)
    per_size = -(-len(warmup.GLYPHS) // warmup.GLYPHS_PER_TICK)
    assert [size for size, _ in rendered] == [largest - i // per_size for i in range(30)]  # a size at a time
    assert "".join(text for size, text in rendered if size == largest) == warmup.GLYPHS
