"""A player's cards lit up (the legal ones, when their turn comes) or shaded (the others) are drawn as
one image of the art each, made ahead on idle ticks (arcade/cardart.py ``shadowed``, parts/warmup.py
``queue``'s ``lit``): four blits a card before (shadow, halo, card, shade), and a hand of 25 lighting
up repainted its whole row with them (0.35-0.64 ms at 1920x1080)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from cardtable.arcade.cardart import PREMULTIPLIED, CardArt, dimming
from cardtable.arcade.tables.base import LEGAL, Sprite, Table
from cardtable.arcade.tables.parts.warmup import shadow_offset
from tests.test_table_layers import played


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def _largest_difference(a: pygame.Surface, b: pygame.Surface) -> int:
    return max(abs(x - y) for x, y in zip(pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB"), strict=True))


@pytest.mark.parametrize(("glow", "dim"), [(LEGAL, False), (None, True)])
def test_a_lit_or_shaded_card_is_its_shadow_halo_card_and_shade_drawn_in_turn(glow: Any, dim: bool) -> None:
    art, size, offset = CardArt(), (146, 205), shadow_offset(1.5)
    pad = art.glow_pad(size)
    felt = pygame.Surface((260, 300))
    felt.fill((22, 96, 60))
    one = felt.copy()
    one.blit(art.shadowed("7C", size, False, offset, glow, dim), (40 - pad, 40 - pad), special_flags=PREMULTIPLIED)
    four = felt.copy()
    four.blit(art.shadow(size), (40 - pad + offset[0], 40 - pad + offset[1]))
    if glow is not None:
        four.blit(art.glow(size, glow), (40 - pad, 40 - pad))
    four.blit(art.card("7C", size), (40, 40))
    if dim:
        four.blit(dimming(size), (40, 40))
    assert _largest_difference(one, four) <= 2  # (premultiplied blending rounds a little differently)
    assert _largest_difference(one, felt) > 50


class Hand(Table):
    """Seat 0's hand of four, the first two lit up, the others shaded; ``moved`` slides it right."""

    hand_looks = ((LEGAL, False), (None, True))
    moved = False

    def build(self) -> None:
        w, h = self.card_px(0.25)
        x = 100 + (40 if self.moved else 0)
        self.sprites = [Sprite(code, code, pygame.Rect(x + 60 * i, 250, w, h), glow=LEGAL if i < 2 else None,
                               dim=i >= 2, seat=0, group="hand 0") for i, code in enumerate(("AS", "KH", "QD", "JC"))]


def _looks_made(table: Table) -> bool:
    art, offset = table.art, shadow_offset(table.u)
    return all(art.has(s.rect.size, art.lit_key(s.code, False, offset, glow, dim))
               for s in table.sprites for glow, dim in table.hand_looks)


def test_a_players_cards_are_made_lit_and_shaded_ahead_then_drawn_in_one_blit_each() -> None:
    table = Hand("hand", [0], CardArt(), (960, 540))
    table.set_view(0, {"phase": "play"}, [], [])
    assert not _looks_made(table)
    for _ in range(200):
        if _looks_made(table):
            break
        table.tick(1 / 120)
    assert _looks_made(table)
    blits: list[int] = []

    class Counting(pygame.Surface):
        def blit(self, *args: Any, **kwargs: Any) -> pygame.Rect:
            blits.append(1)
            return super().blit(*args, **kwargs)

    target = Counting(table.size)
    for sprite in table.sprites:
        table.renderer.draw_sprite(target, sprite, 1.0)
    assert len(blits) == len(table.sprites)


def _frames(keep: bool) -> list[bytes]:
    table = Hand("hand", [0], CardArt(), (960, 540))
    table.renderer.keep = keep
    return played(table, 120, 60)


def test_the_frames_stay_those_drawn_afresh_as_the_lit_cards_are_made() -> None:
    """The cards at rest are noted again when their one image is made: the kept layer never shows the
    four-blit drawing where a fresh frame shows the one image; and the hand glides on its one images."""
    kept, fresh = _frames(True), _frames(False)
    assert kept[0] != kept[-1]
    assert [i for i, (a, b) in enumerate(zip(kept, fresh, strict=True)) if a != b] == []
