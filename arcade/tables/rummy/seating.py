"""Where things sit on the Rummy table: the hand along the bottom, the draw pile in the top-left
corner with the other players' plates along the top, the melds between them, the prompt line and the
button row over the hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.tables.base import MENU_CORNER
from cardtable.arcade.tables.parts.renderer import MARKER_REACH

if TYPE_CHECKING:
    from cardtable.arcade.tables.rummy.table import RummyTable


PICKED_LIFT = 0.18  # how far a picked card of the hand rises, in card heights
CURSOR_LIFT = 0.06  # and the card under the keys' cursor


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
        self._flow: tuple[tuple, Flow] | None = None  # the last flow, by what it was laid out for

    def hand_size(self) -> tuple[int, int]:
        return self.table.card_px(0.17)

    def hand_top(self) -> float:
        t = self.table
        return t.H - self.hand_size()[1] - 28 * t.u

    def buttons_top(self) -> float:
        """The button row's top: over the hand by the room a picked card's rise and the keys' marker
        over it take (the marker went under the Meld button when the row sat 22 px over the hand)."""
        t = self.table
        room = self.hand_size()[1] * PICKED_LIFT + (MARKER_REACH + 2) * t.u
        return self.hand_top() - 50 * t.u - room

    def prompt_bottom(self) -> float:
        return self.buttons_top() - 8 * self.table.u

    def stock_rect(self) -> pygame.Rect:
        """The draw pile, right of the table scene's menu badge in the top-left corner."""
        t = self.table
        size = t.card_px(0.1)
        return pygame.Rect(round(max(110 * t.u, MENU_CORNER[0])), round(10 * t.u), *size)

    def _middle(self) -> pygame.Rect:
        """Under the draw pile and the plates, over the prompt line above the buttons."""
        u = self.table.u
        top = max(96 * u, self.stock_rect().bottom + 8 * u)
        bottom = self.prompt_bottom() - 24 * u
        return pygame.Rect(round(20 * u), round(top), round(self.table.W - 40 * u), round(bottom - top))

    def recap_band(self) -> pygame.Rect:
        """The top of the middle: the others' last turns in words (:mod:`.narration`)."""
        middle = self._middle()
        return pygame.Rect(middle.left, middle.top, middle.width, self.table.narration.height())

    def table_area(self) -> pygame.Rect:
        """Where the melds go: the middle of the table under the recap's band."""
        middle = self._middle()
        band = self.recap_band().height
        return pygame.Rect(middle.left, middle.top + band, middle.width, middle.height - band)

    def flow(self, lengths: list[int], editing: bool) -> Flow:
        """Melds of ``lengths`` cards laid out in rows from the centre of the table area (each row
        centred, the rows centred top to bottom), at the largest card size that fits."""
        t = self.table
        key = (tuple(lengths), editing, tuple(self.table_area()), t.card_scale)
        if self._flow is None or self._flow[0] != key:
            self._flow = (key, self._lay_out(lengths, editing))
        return self._flow[1]

    def _lay_out(self, lengths: list[int], editing: bool) -> Flow:
        t = self.table
        u = t.u
        area = self.table_area()
        fraction = 0.15
        while True:
            size = t.card_px(fraction)
            step = size[0] * 0.5
            plus_w = round(size[0] * 0.55) if editing else 0
            gap_x, gap_y = 18 * u, 14 * u
            widths = [size[0] + step * (n - 1) + (plus_w + 4 * u if editing else 0) for n in lengths]
            if editing:
                widths.append(round(size[0] * 1.3))  # the new meld's place
            rows: list[list[int]] = [[]]
            used = 0.0
            for k, width in enumerate(widths):
                if rows[-1] and used + gap_x + width > area.width:
                    rows.append([])
                    used = 0.0
                used += (gap_x if rows[-1] else 0) + width
                rows[-1].append(k)
            height = len(rows) * size[1] + (len(rows) - 1) * gap_y
            if height <= area.height or fraction <= 0.07:
                break
            fraction -= 0.01
        places: dict[int, tuple[float, float]] = {}
        y = area.top + max(0.0, (area.height - height) / 2)
        for row in rows:
            x = area.centerx - (sum(widths[k] for k in row) + gap_x * (len(row) - 1)) / 2
            for k in row:
                places[k] = (x, y)
                x += widths[k] + gap_x
            y += size[1] + gap_y
        cards: list[list[pygame.Rect]] = []
        pluses: list[pygame.Rect] = []
        for k, n in enumerate(lengths):
            x, y = places[k]
            cards.append([pygame.Rect(round(x + step * j), round(y), *size) for j in range(n)])
            pluses.append(pygame.Rect(round(x + size[0] + step * (n - 1) + 4 * u), round(y), plus_w, size[1]))
        new = None
        if editing:
            x, y = places[len(lengths)]
            new = pygame.Rect(round(x), round(y), widths[-1], size[1])
        return Flow(size, cards, pluses, new)

    def meld_boxes(self, flow: Flow) -> list[pygame.Rect]:
        """Each meld's panel (its cards and a margin), then the new meld's place when editing."""
        pad = round(5 * self.table.u)
        boxes = [row[0].unionall(row[1:]).inflate(2 * pad, 2 * pad) if row else pygame.Rect(0, 0, 0, 0)
                 for row in flow.cards]
        if flow.new is not None:
            boxes.append(flow.new.copy())
        return boxes

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
        top = self.buttons_top()
        return [pygame.Rect(round(left + i * (bw + gap)), round(top), bw, bh) for i in range(count)]
