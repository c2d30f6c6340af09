"""What is drawn under the cards of the piles: a glow on a pile the card under some local cursor (or
selected) can go on (the game's ``pile_glow`` may add its own), and, two on one screen, a tab in each
player's colour over a pile their card fits."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.tables.base import LEGAL

if TYPE_CHECKING:
    from cardtable.arcade.tables.realtime.table import RealtimeTable


class PileMarks:
    """The piles' glow and tabs, drawn every frame under the cards."""

    def __init__(self, table: RealtimeTable) -> None:
        self.table = table

    def glow(self, pile: int) -> tuple[int, int, int] | None:
        """Green when the card under some local cursor (or selected) can go on ``pile``."""
        t = self.table
        return LEGAL if any(t.cursors.fits(seat, pile) for seat in t.local_seats) else None

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        for pile in (0, 1):
            glow = t.pile_glow(pile)
            rect = t.seating.pile_rect(pile)
            if glow is not None:
                pad = t.art.glow_pad(rect.size)
                surface.blit(t.art.glow(rect.size, glow), (rect.x - pad, rect.y - pad))
            if t.sides.couch:
                self._tabs(surface, pile, rect)

    def areas(self) -> list[pygame.Rect]:
        """The piles with their glow and, above them, the players' tabs."""
        t = self.table
        out = []
        for pile in (0, 1):
            rect = t.seating.pile_rect(pile)
            pad = t.art.glow_pad(rect.size) + round(30 * t.u)
            out.append(rect.inflate(2 * pad, 2 * pad))
        return out

    def _tabs(self, surface: pygame.Surface, pile: int, rect: pygame.Rect) -> None:
        """Two on one screen: over a pile their cursor's card fits, a tab in each player's colour (the
        first player's on the left), so neither mistakes the other's green for their own."""
        t = self.table
        for seat in t.local_seats:
            if not t.cursors.fits(seat, pile):
                continue
            x = rect.left + rect.width * 0.25 if seat == t.sides.bottom else rect.right - rect.width * 0.25
            y, s = rect.top - 6 * t.u, 9 * t.u
            pygame.draw.polygon(surface, t.sides.seat_colour(seat), [(x, y), (x - s, y - s * 1.3), (x + s, y - s * 1.3)])
