"""Where things sit on the Rummy table: the hand along the bottom, the draw pile in the top-left
corner with the other players' plates along the top, the melds between them, the prompt line and the
button row over the hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.tables.base import MENU_CORNER

if TYPE_CHECKING:
    from cardtable.arcade.tables.rummy.table import RummyTable


@dataclass(slots=True)
class Flow:
    """The melds laid out: the card size, each meld's card rects, each meld's "+" and the new meld's
    place (None unless editing)."""

    size: tuple[int, int]
    cards: list[list[pygame.Rect]]
    pluses: list[pygame.Rect]
    new: pygame.Rect | None


class Seating:
    def __init__(self, table: RummyTable) -> None:
        self.table = table

    def hand_size(self) -> tuple[int, int]:
        return self.table.card_px(0.17)

    def hand_top(self) -> float:
        t = self.table
        return t.H - self.hand_size()[1] - 28 * t.u

    def prompt_bottom(self) -> float:
        return self.hand_top() - 80 * self.table.u

    def stock_rect(self) -> pygame.Rect:
        """The draw pile, right of the table scene's menu badge in the top-left corner."""
        t = self.table
        size = t.card_px(0.1)
        return pygame.Rect(round(max(110 * t.u, MENU_CORNER[0])), round(10 * t.u), *size)

    def table_area(self) -> pygame.Rect:
        """Where the melds go: under the draw pile and the plates, over the prompt line above the buttons."""
        u = self.table.u
        top = max(96 * u, self.stock_rect().bottom + 8 * u)
        bottom = self.prompt_bottom() - 24 * u
        return pygame.Rect(round(20 * u), round(top), round(self.table.W - 40 * u), round(bottom - top))

    def flow(self, lengths: list[int], editing: bool) -> Flow:
        """Melds of ``lengths`` cards laid out in the table area, at the largest card size that fits."""
        t = self.table
        u = t.u
        area = self.table_area()
        fraction = 0.15
        while True:
            size = t.card_px(fraction)
            step = size[0] * 0.5
            plus_w = round(size[0] * 0.55) if editing else 0
            gap_x = 18 * u
            gap_y = 14 * u
            x, y = float(area.left), float(area.top)
            cards: list[list[pygame.Rect]] = []
            pluses: list[pygame.Rect] = []
            for length in lengths:
                width = size[0] + step * (length - 1) + (plus_w + 4 * u if editing else 0)
                if x + width > area.right and x > area.left:
                    x = area.left
                    y += size[1] + gap_y
                cards.append([pygame.Rect(round(x + step * j), round(y), *size) for j in range(length)])
                pluses.append(pygame.Rect(round(x + size[0] + step * (length - 1) + 4 * u), round(y), plus_w,
                                          size[1]))
                x += width + gap_x
            new = None
            if editing:
                new_w = round(size[0] * 1.3)
                if x + new_w > area.right:
                    x = area.left
                    y += size[1] + gap_y
                new = pygame.Rect(round(x), round(y), new_w, size[1])
            if y + size[1] <= area.bottom or fraction <= 0.07:
                return Flow(size, cards, pluses, new)
            fraction -= 0.01

    def plates_span(self) -> tuple[float, float]:
        """The strip along the top the other players' plates share: right of the draw pile's lines."""
        t = self.table
        px = 20 * t.u
        lines = max(t.ink.font(px).size("Draw pile 106")[0], t.ink.font(px * 0.85).size("Hand 10 \u00b7 to 150")[0])
        return self.stock_rect().right + 12 * t.u + lines + 10 * t.u, t.W - 10 * t.u

    def plate_width(self) -> float:
        left, right = self.plates_span()
        return min(170 * self.table.u, (right - left) / max(1, self.table.players - 1) - 8 * self.table.u)

    def own_plate_centre(self) -> tuple[float, float]:
        """The bottom seat's plate, left of the hand."""
        u = self.table.u
        return (95 * u, self.hand_top() + 60 * u)

    def plate_centre(self, seat: int) -> tuple[float, float]:
        t = self.table
        me = t.me or 0
        k = (seat - me) % t.players - 1
        if k < 0:
            return self.own_plate_centre()
        left, right = self.plates_span()
        return (left + (right - left) * (k + 0.5) / max(1, t.players - 1), 44 * t.u)

    def button_row(self, count: int) -> list[pygame.Rect]:
        """The places of ``count`` buttons in a row over the hand."""
        t = self.table
        bw, bh = round(150 * t.u), round(50 * t.u)
        gap = round(8 * t.u)
        total = count * (bw + gap) - gap
        left = t.W / 2 + 40 * t.u - total / 2
        top = self.hand_top() - bh - 22 * t.u
        return [pygame.Rect(round(left + i * (bw + gap)), round(top), bw, bh) for i in range(count)]
