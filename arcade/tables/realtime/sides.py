"""Who sits where at a real-time table: one player at the bottom, or two on one screen side by side
(each on their half) or face to face (the second turned to the top); each seat's colour, half, and
where its name plate, call button and hint bar go."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.tables.base import CYAN, GOLD, MENU_STRIP

if TYPE_CHECKING:
    from cardtable.arcade.tables.realtime.table import RealtimeTable

SINGLE, SIDE, FACING = "single", "side", "facing"
COUCH_LAYOUTS = (SIDE, FACING)


class Sides:
    """The arrangement of the table's seats (see the package's docstring)."""

    def __init__(self, table: RealtimeTable) -> None:
        self.table = table
        self.couch_layout = SIDE  # what the settings ask for when two play on this screen

    @property
    def bottom(self) -> int:
        """The first local seat: at the bottom, or on the left half side by side."""
        seats = self.table.local_seats
        return seats[0] if seats else 0

    @property
    def top(self) -> int:
        """The other seat: at the top, or on the right half side by side."""
        return 1 - self.bottom

    @property
    def couch(self) -> bool:
        return len(self.table.local_seats) >= 2

    @property
    def arrangement(self) -> str:
        if not self.couch:
            return SINGLE
        return self.couch_layout if self.couch_layout in COUCH_LAYOUTS else SIDE

    @property
    def side_by_side(self) -> bool:
        return self.arrangement == SIDE

    def set_layout(self, layout: str) -> bool:
        """Side by side or face to face; True when that changed."""
        layout = layout if layout in COUCH_LAYOUTS else SIDE
        if layout == self.couch_layout:
            return False
        self.couch_layout = layout
        return True

    def flipped(self, seat: int) -> bool:
        """Cards, hints and messages of the top seat face the top edge when the players face each other."""
        return self.arrangement == FACING and seat == self.top

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return CYAN if self.couch and seat == self.top else GOLD

    def half(self, seat: int) -> pygame.Rect:
        """The seat's part of the window: its half side by side, else the whole width."""
        t = self.table
        if not self.side_by_side:
            return pygame.Rect(0, 0, t.W, t.H)
        w = t.W // 2
        return pygame.Rect(0 if seat == self.bottom else t.W - w, 0, w, t.H)

    def top_row(self) -> float:
        """Side by side: the centre y of the row of name plates and the table's message (under the
        menu badge)."""
        return (MENU_STRIP + 46) * self.table.u

    def plate_centre(self, seat: int) -> tuple[float, float]:
        """Where a player's name plate goes: the top corners side by side, else their own corner."""
        t = self.table
        if self.side_by_side:
            return (t.W * (0.1 if seat == self.bottom else 0.9), self.top_row())
        if seat == self.bottom:
            return (t.W * 0.1, t.H - 100 * t.u)
        return (t.W * 0.9, 100 * t.u)

    def button_centre(self, seat: int) -> tuple[float, float]:
        """A player's call button (Ready, Spit!, Flip!): side by side under their plate, beside the piles'
        row on their own side (the game's ``seating.beside``); else by their plate."""
        t = self.table
        if self.side_by_side:
            outer = t.seating.beside(seat)
            x = outer.left / 2 if seat == self.bottom else (outer.right + t.W) / 2
            return (x, outer.centery)
        cx, cy = self.plate_centre(seat)
        return (cx, cy + (-95 * t.u if seat == self.bottom else 95 * t.u))

    def hint_place(self, seat: int) -> tuple[float, float, float]:
        """Where ``seat``'s hint bar goes: centre x, the edge y it sits on, and the width it may take."""
        t = self.table
        half = self.half(seat)
        if self.flipped(seat):
            return half.centerx, 2 * t.u, half.width * 0.94
        return half.centerx, t.H - 4 * t.u, half.width * 0.94

    def message_width(self, seat: int) -> float:
        """How wide a message on ``seat``'s side may be."""
        return self.half(seat).width * 0.92
