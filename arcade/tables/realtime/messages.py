"""The table's message ("Slap a pile!") and each local player's own (why they cannot call yet), from
the game's ``table_message`` and ``seat_message``, at the game's ``seating.message_centre``; and, two
on one screen, each player's toasts on their own side (turned for a player across the table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.base import Colour
from cardtable.arcade.tables.realtime.sides import FACING, SINGLE

if TYPE_CHECKING:
    from cardtable.arcade.tables.realtime.table import RealtimeTable


class Messages:
    """Messages on dark panels, one line or two, where each belongs."""

    def __init__(self, table: RealtimeTable) -> None:
        self.table = table

    def lines(self, text: str, width: float) -> tuple[list[str], float]:
        """``text`` as one line, or two split at a word near the middle when one would get too small."""
        ink, u = self.table.ink, self.table.u
        px = ink.fit(text, 26 * u, width)
        if px >= 20 * u or " " not in text:
            return [text], px
        words = text.split(" ")
        best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
        lines = [" ".join(words[:best]), " ".join(words[best:])]
        return lines, min(ink.fit(line, 24 * u, width) for line in lines)

    def draw(self, surface: pygame.Surface, text: str, colour: Colour, centre: tuple[float, float],
             width: float, flipped: bool = False, name: str = "message", alpha: float = 1.0) -> pygame.Rect:
        """Text on a dark panel, on one line or two (upside down for a player across the table)."""
        ink = self.table.ink
        image = ink.composed(("message", text, colour, round(width), flipped),
                             lambda: self._panel(text, colour, width, flipped))
        rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
        ink.blit_faded(surface, image, rect, alpha)
        layout.report("label", rect, name)
        return rect

    def _panel(self, text: str, colour: Colour, width: float, flipped: bool) -> pygame.Surface:
        ink, u = self.table.ink, self.table.u
        lines, px = self.lines(text, width - 36 * u)
        images = [ink.text(line, px, colour) for line in lines]
        inner = (max(i.get_width() for i in images), sum(i.get_height() for i in images))
        panel = ink.panel((inner[0] + round(36 * u), inner[1] + round(14 * u)), (0, 0, 0, 170),
                          border=(*colour, 160)).copy()
        y = (panel.get_height() - inner[1]) // 2
        for image in images:
            panel.blit(image, image.get_rect(midtop=(panel.get_width() // 2, y)))
            y += image.get_height()
        return pygame.transform.rotate(panel, 180) if flipped else panel

    def draw_all(self, surface: pygame.Surface) -> None:
        """The table's message and each local player's own, where each belongs."""
        t = self.table
        sides, centre = t.sides, t.seating.message_centre
        if any(e.kind == "banner" for e in t.effects.items):
            return  # a banner says it for now
        table = t.table_message()
        if sides.arrangement == SINGLE:
            message = t.seat_message(sides.bottom) if sides.bottom in t.local_seats else None
            message = message or table
            if message:
                self.draw(surface, *message, centre(None), t.W * 0.92)
            return
        if table and sides.side_by_side:  # both face the screen: one line across the top says it
            self.draw(surface, *table, centre(None), t.W * 0.6, name="table message")
            table = None
        for seat in t.local_seats:  # face to face: each player reads the table's news the right way up
            message = t.seat_message(seat) or table
            if message:
                self.draw(surface, *message, centre(seat), sides.message_width(seat), sides.flipped(seat),
                          name=f"message {seat}")

    def draw_toasts(self, surface: pygame.Surface) -> None:
        """Two players on one screen: each sees the table's toasts and their own on their side."""
        t = self.table
        sides = t.sides
        if sides.arrangement == SINGLE:
            return
        for seat in t.local_seats:
            mine = [toast for toast in t.toasts if toast.seat in (None, seat)][-2:]
            x, y = t.seating.message_centre(seat)
            step = 40 * t.u * (-1 if sides.flipped(seat) else 1)
            if t.seat_message(seat) or (sides.arrangement == FACING and t.table_message()):
                y += step
            for toast in mine:
                self.draw(surface, toast.text, toast.colour, (x, y), sides.message_width(seat), sides.flipped(seat),
                          name=f"toast {seat}", alpha=min(1.0, toast.left / 0.4))
                y += step
