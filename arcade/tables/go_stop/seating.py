"""Where things sit on the Go-Stop table: the opponents' bands along the top (plate, small hand,
captures), the stock on the left, the table's piles in the middle, the legend and the recap in the
right column, my captures over my hand, the hand's result over the middle. Sizes are worked out once
per window size, card size, player count and number of piles (a build asks for them dozens of times)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade.hwatu_art import hwatu_size
from cardtable.arcade.tables.base import MARKER_REACH, MENU_STRIP

if TYPE_CHECKING:
    from cardtable.arcade.tables.go_stop.table import GoStopTable

PICKED_LIFT, CURSOR_LIFT = 0.18, 0.04  # how far a picked card and the cursor's card stand up (of their height)
MIN_LABEL_PX = 15  # no capture or stack label smaller, whatever the window (12 px of text at 960x540)


class Seating:
    """The table's geometry, from the window's size and the view's player and pile counts."""

    def __init__(self, table: GoStopTable) -> None:
        self.table = table
        self._key: tuple = ()
        self._cache: dict[str, Any] = {}

    @property
    def players(self) -> int:
        return int(self.table.view.get("players") or 2)

    def cached(self, name: str, make: Callable[[], Any]) -> Any:
        """A layout value, worked out once per window size, card size and number of players."""
        t = self.table
        key = (t.size, t.card_scale, self.players)
        if self._key != key:
            self._key, self._cache = key, {}
        if name not in self._cache:
            self._cache[name] = make()
        return self._cache[name]

    def hsize(self, fraction: float) -> tuple[int, int]:
        """A hwatu card ``fraction`` of the (16:9) height tall, times the card-size setting."""
        t = self.table
        base = min(t.H, t.W * 9 / 16)
        return hwatu_size(round(base * fraction * t.card_scale))

    def opponents(self) -> list[int]:
        me = self.table.me or 0
        return [(me + k) % self.players for k in range(1, self.players)]

    def opp_region(self, seat: int) -> pygame.Rect:
        t = self.table
        others = self.opponents()
        i = others.index(seat) if seat in others else 0
        w = t.W / max(1, len(others))
        top = MENU_STRIP if i == 0 else 6 * t.u
        return pygame.Rect(round(i * w + 8 * t.u), round(top), round(w - 16 * t.u), round(150 * t.u))

    def plate_width(self, region: pygame.Rect) -> int:
        return round(min(190 * self.table.u, region.width * 0.32))

    def opp_plate(self, seat: int) -> pygame.Rect:
        region = self.opp_region(seat)
        return pygame.Rect(region.left, region.top, self.plate_width(region), round(88 * self.table.u))

    def opp_captures(self, seat: int) -> pygame.Rect:
        """An opponent's capture rows: right of its plate and small hand."""
        region = self.opp_region(seat)
        plate_w = self.plate_width(region)
        u = self.table.u
        return pygame.Rect(region.left + plate_w + 8 * u, region.top, region.width - plate_w - 8 * u, region.height)

    def my_plate(self) -> pygame.Rect:
        u = self.table.u
        return pygame.Rect(round(10 * u), round(self.hand_top() - 10 * u), round(175 * u), round(118 * u))

    def opp_bottom(self) -> float:
        """The lowest point of the opponents' areas (plate, the small fan of their hand, captures)."""
        u = self.table.u
        return MENU_STRIP + max(150 * u, 104 * u + self.hsize(0.065)[1])

    def stock_rect(self) -> pygame.Rect:
        u = self.table.u
        rows = self.pile_rows()[1]
        return self.cached(f"stock {rows}", lambda: pygame.Rect(
            round(40 * u), round(max(self.table.H * 0.28, self.opp_bottom() + 10 * u)), *self.pile_size_for(rows))).copy()

    def hand_top(self) -> float:
        return self.table.H - self.hsize(0.17)[1] - 30 * self.table.u

    def my_captures(self) -> pygame.Rect:
        """My capture area: right above the hand (even a lifted card), its labels included."""
        t = self.table

        def make() -> pygame.Rect:
            u = t.u
            block = round(8 * u + self.hsize(0.095)[1] + 3 * u + self.label_px() * 1.05)
            card = self.hsize(0.17)[1]
            lifted = max(card * PICKED_LIFT + 6 * u, card * CURSOR_LIFT + MARKER_REACH * u)  # or the marker
            top = self.hand_top() - lifted - block
            right = t.narration.left() - 8 * u  # clear of the recap in the right column
            return pygame.Rect(round(200 * u), round(top), round(right - 200 * u), block)

        return self.cached("my captures", make).copy()

    def label_px(self) -> float:
        """The capture and stack labels' text size."""
        return max(MIN_LABEL_PX, 18 * self.table.u)

    def opp_group(self, seat: int) -> pygame.Rect:
        """The band behind one opponent's plate, hand and captures, so each row reads as theirs."""
        u = self.table.u
        region = self.opp_region(seat)
        top = max(0, round(region.top - 4 * u))
        bottom = round(max(self.opp_bottom(), region.top + 8 * u + self.hsize(0.095)[1] + 3 * u
                           + self.label_px() * 1.1) + 2 * u)
        return pygame.Rect(round(region.left - 4 * u), top, round(region.width + 8 * u), bottom - top)

    def prompt_bottom(self) -> float:
        return self.my_captures().top - 2 * self.table.u

    def legend_rect(self) -> pygame.Rect:
        t = self.table

        def make() -> pygame.Rect:
            rect = pygame.Rect((0, 0), t.ink.legend_size(t.legend(t.hwatu, round(20 * t.u)), "On the cards"))
            rect.topright = (round(t.W - 8 * t.u), round(self.opp_bottom() + 8 * t.u))
            return rect

        return self.cached("legend", make).copy()

    def table_region(self) -> pygame.Rect:
        """Where the table's piles lie: between the opponents and the prompt over my captures, the stock
        on the left and the legend and recap on the right."""
        t = self.table

        def make() -> pygame.Rect:
            top = self.opp_bottom() + 6 * t.u
            bottom = self.prompt_bottom() - 24 * t.u
            left = 170 * t.u
            right = min(self.legend_rect().left, t.narration.left()) - 8 * t.u
            return pygame.Rect(round(left), round(top), round(right - left), round(max(bottom - top, 40)))

        return self.cached("table region", make).copy()

    def pile_rows(self) -> tuple[int, int]:
        piles = len(self.table.view.get("table") or [])
        cols = max(6, (piles + 1) // 2)
        return cols, 1 if piles <= cols else 2

    def pile_size(self) -> tuple[int, int]:
        """Table cards: 13% of the height, smaller when two rows of piles would not fit."""
        return self.pile_size_for(self.pile_rows()[1])

    def pile_size_for(self, rows: int) -> tuple[int, int]:
        """The table cards' size when their piles lie in ``rows`` rows (the table drawing the cards of
        the deck ahead at both: the piles go from one row to two and back in a hand)."""
        def make() -> tuple[int, int]:
            fits = self.table_region().height / (rows * 1.12)
            return hwatu_size(round(min(self.hsize(0.13)[1], fits)))

        return self.cached(f"pile size {rows}", make)

    def result_rect(self) -> pygame.Rect:
        """The hand's result: between the opponents' areas and my captures when it fits there."""
        t = self.table
        top = self.opp_bottom() + 4 * t.u
        room = self.my_captures().top - 4 * t.u - top
        needed = (64 + self.players * 22 * 1.3 + 10 + 46 + 14) * t.u
        rect = pygame.Rect(0, 0, round(min(t.W * 0.7, 760 * t.u)), round(max(needed, min(t.H * 0.42, room))))
        rect.midtop = (t.W // 2, round(top + max(0.0, room - rect.height) / 2))
        return rect

    def seat_point(self, seat: int) -> tuple[float, float]:
        """Where floating labels about ``seat`` ("+1 junk from Bo", "bonus card!") start to rise: an
        opponent's over its capture cards, under their labels; mine in the left column over my name
        plate (from over my captures they rose through the turn's prompt, "Your turn: play a card", and
        the banner in the middle). The callouts move a label on from there if it would still cross a
        text (parts/callouts.py)."""
        t = self.table
        if seat == t.me:
            plate = self.my_plate()
            return (plate.centerx, plate.top - 24 * t.u)
        area = self.opp_captures(seat)
        return (area.centerx, area.top + 8 * t.u + self.hsize(0.095)[1] * 0.7)
