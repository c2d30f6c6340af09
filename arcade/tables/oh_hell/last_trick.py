"""The last trick, shown large over the middle on Up/Down: its cards by seat, the winner's lit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.base import GOLD, INK

if TYPE_CHECKING:
    from cardtable.arcade.tables.oh_hell.table import OhHellTable


class LastTrick:
    """:attr:`shown` while the player looks at it (a new trick taken puts it away)."""

    def __init__(self, table: OhHellTable) -> None:
        self.table = table
        self.shown = False

    def toggle(self) -> None:
        self.shown = not self.shown and bool(self.table.view.get("last_trick"))

    def showing(self) -> bool:
        return self.shown and bool(self.table.view.get("last_trick"))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        last = t.view["last_trick"]
        cards = [c for c in last.get("cards") or [] if isinstance(c, dict)]
        size = t.card_px(0.14)
        gap = round(12 * t.u)
        width = max(round(260 * t.u), len(cards) * (size[0] + gap) + gap)
        rect = pygame.Rect(0, 0, width, size[1] + round(86 * t.u))
        rect.center = (t.W // 2, round(t.H * 0.42))
        t.ink.blit_panel(surface, rect, (4, 18, 12, 240), border=(*GOLD, 200), name="last trick", kind="overlay")
        with layout.part_of("last trick"):
            self._lines(surface, rect, cards, size, gap, last)

    def _lines(self, surface: pygame.Surface, rect: pygame.Rect, cards: list[dict[str, Any]],
               size: tuple[int, int], gap: int, last: dict[str, Any]) -> None:
        t = self.table
        winner = last.get("winner")
        title = f"Last trick: {t.name(winner)} took it" if isinstance(winner, int) else "Last trick"
        t.ink.blit_text(surface, title, 24 * t.u, GOLD, "midtop", (rect.centerx, rect.top + 8 * t.u))
        x = rect.centerx - (len(cards) * (size[0] + gap) - gap) / 2
        for played in cards:
            card_rect = pygame.Rect(round(x), rect.top + round(40 * t.u), *size)
            surface.blit(t.art.face(played["card"], size), card_rect)
            if played.get("seat") == winner:
                pygame.draw.rect(surface, GOLD, card_rect.inflate(6, 6), 3, border_radius=round(size[0] * 0.1))
            who = t.name(played["seat"])
            t.ink.blit_text(surface, who, t.ink.fit(who, 17 * t.u, size[0] + gap - 4), INK, "midtop",
                            (card_rect.centerx, card_rect.bottom + 4 * t.u), False)
            x += size[0] + gap
