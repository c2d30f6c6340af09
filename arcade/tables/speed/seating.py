"""Where things sit on the Speed table: each player's hand of five and stockpile (side by side in
their half, the stockpile on the outer side), the two centre piles with the side piles beside them, and
the messages' places between them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from cardtable.arcade.tables.speed.table import SpeedTable


class Seating:
    """The Speed table's geometry (the real-time table's ``seating``), from the window's size and the
    arrangement."""

    def __init__(self, table: SpeedTable) -> None:
        self.table = table

    def csize(self) -> tuple[int, int]:
        t = self.table
        return t.card_px(0.165 if t.sides.side_by_side else 0.19)

    def gap(self) -> float:
        t = self.table
        return (12 if t.sides.side_by_side else 16) * t.u

    def hand_y(self, seat: int) -> float:
        t, sides = self.table, self.table.sides
        _, h = self.csize()
        if seat == sides.bottom or sides.side_by_side:
            return t.H - h - (58 if sides.side_by_side else 48) * t.u
        return 42 * t.u

    def _side_block(self, seat: int) -> tuple[float, float]:
        """Side by side: the x of the hand's first slot and of the stockpile in the seat's half (the
        stockpile on the outer side)."""
        t = self.table
        w, _ = self.csize()
        half = t.sides.half(seat)
        hand = 5 * w + 4 * self.gap()
        total = hand + 24 * t.u + w
        left = half.centerx - total / 2
        if seat == t.sides.bottom:
            return left + w + 24 * t.u, left
        return left, left + hand + 24 * t.u

    def hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        t, sides = self.table, self.table.sides
        w, h = self.csize()
        gap = self.gap()
        slots = max(5, count)
        total = slots * w + (slots - 1) * gap
        if sides.side_by_side:
            start = self._side_block(seat)[0] - (slots - 5) * (w + gap) / 2
            left = start + (slots - count) * (w + gap) / 2
        else:
            left = t.W / 2 - total / 2 + (slots - count) * (w + gap) / 2
        y = self.hand_y(seat)
        rects = [pygame.Rect(round(left + i * (w + gap)), round(y), w, h) for i in range(count)]
        return rects[::-1] if sides.flipped(seat) or (seat == sides.top and not sides.couch) else rects

    def stock_rect(self, seat: int) -> pygame.Rect:
        t = self.table
        w, h = self.csize()
        if t.sides.side_by_side:
            return pygame.Rect(round(self._side_block(seat)[1]), round(self.hand_y(seat)), w, h)
        total = 5 * w + 4 * 16 * t.u
        if seat == t.sides.bottom:
            return pygame.Rect(round(t.W / 2 + total / 2 + 56 * t.u), round(t.H - h - 48 * t.u), w, h)
        return pygame.Rect(round(t.W / 2 - total / 2 - 56 * t.u - w), round(42 * t.u), w, h)

    def pile_rect(self, pile: int) -> pygame.Rect:
        """Centre pile ``pile``: pile 0 on the left."""
        t, sides = self.table, self.table.sides
        w, h = self.csize()
        x = t.W / 2 - w - 20 * t.u if pile == 0 else t.W / 2 + 20 * t.u
        y = sides.top_row() + 48 * t.u if sides.side_by_side else t.H / 2 - h / 2
        return pygame.Rect(round(x), round(y), w, h)

    def side_rect(self, pile: int) -> pygame.Rect:
        """The side pile that flips onto centre pile ``pile``, on its outer side."""
        t = self.table
        w, _ = self.csize()
        centre = self.pile_rect(pile)
        dx = -(w + 90 * t.u) if pile == 0 else w + 90 * t.u
        return centre.move(round(dx), 0)

    def beside(self, seat: int) -> pygame.Rect:
        return self.side_rect(0 if seat == self.table.sides.bottom else 1)

    def message_centre(self, seat: int | None) -> tuple[float, float]:
        t, sides = self.table, self.table.sides
        if sides.side_by_side:
            if seat is None:
                return (t.W / 2, sides.top_row())
            labels = self.pile_rect(0).bottom + 40 * t.u
            return (sides.half(seat).centerx, (labels + self.hand_y(seat) - 30 * t.u) / 2 - 10 * t.u)
        if seat is not None and sides.flipped(seat):  # between their hand and the centre piles
            return (t.W / 2, (self.hand_y(seat) + self.csize()[1] + self.pile_rect(0).top) / 2)
        if seat is not None and sides.arrangement != "single":
            return (t.W / 2, (self.pile_rect(0).bottom + 30 * t.u + self.hand_y(seat)) / 2)
        return (t.W / 2, (self.pile_rect(0).top + self.hand_rects(sides.top, 1)[0].bottom) / 2)
