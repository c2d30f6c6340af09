"""The card layer (arcade/tables/parts/renderer.py): cards at rest are drawn once onto a copy of the
static layer, the rest every frame, and the frame is the same to the pixel as drawing every card."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade.cardart import CardArt
from cardtable.arcade.tables.base import Sprite, Table


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


class Row(Table):
    """A row of overlapping cards; ``moved`` sends the first (drawn under the others) across them."""

    moved = False

    def build(self) -> None:
        w, h = self.card_px(0.25)
        first = pygame.Rect(100 + (260 if self.moved else 0), 200, w, h)
        self.sprites = [Sprite("a", "AS", first)]
        self.sprites += [Sprite(code, code, pygame.Rect(160 + 60 * i, 210, w, h)) for i, code in enumerate(("KH", "QD", "JC"))]
        self.sprites.append(Sprite("far", "2C", pygame.Rect(800, 380, w, h)))


def frames(layered: bool, count: int) -> list[bytes]:
    table = Row("row", [0], CardArt(), (960, 540))
    if not layered:
        table.under_areas = lambda: None  # every card drawn every frame, as before the card layer
    table.set_view(0, {"phase": "play"}, [], [])
    surface = pygame.Surface(table.size)
    out = []
    for i in range(count):
        if i == 30:
            table.moved = True
            table.relayout()
        table.tick(1 / 120)
        table.draw(surface, 0.5)
        out.append(pygame.image.tobytes(surface, "RGB"))
    return out


def test_the_card_layer_draws_the_same_pixels_as_drawing_every_card() -> None:
    """The first card glides under the three after it: they are drawn over it every frame it moves
    (the order the game built stays), and the frames match drawing every card, frame by frame."""
    direct, layered = frames(False, 80), frames(True, 80)
    assert [i for i, (a, b) in enumerate(zip(direct, layered, strict=True)) if a != b] == []


def test_cards_at_rest_are_drawn_once() -> None:
    table = Row("row", [0], CardArt(), (960, 540))
    table.set_view(0, {"phase": "play"}, [], [])
    surface = pygame.Surface(table.size)
    for _ in range(30):  # the faces are drawn and the cards hold still
        table.tick(1 / 120)
        table.draw(surface, 0.5)
    drawn: list[object] = []
    draw = table.renderer.draw_sprite
    table.renderer.draw_sprite = lambda target, sprite, *rest: drawn.append(sprite.key) or draw(target, sprite, *rest)
    table.tick(1 / 120)
    table.draw(surface, 0.5)
    assert drawn == []
    table.moved = True
    table.relayout()
    for _ in range(3):
        table.tick(1 / 120)
        table.draw(surface, 0.5)
    assert set(drawn[-4:]) == {"a", "KH", "QD", "JC"} and "far" not in drawn[-4:]
