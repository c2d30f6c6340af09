"""What belongs to one seat's side of a real-time table, drawn to face that seat: its labels, its name
plate and its hint bar, upside down for a player across the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.base import Colour

if TYPE_CHECKING:
    from cardtable.arcade.tables.realtime.table import RealtimeTable

PLATE_WIDTH = 170  # a real-time table's name plates (times the table's unit)


class Turned:
    """A seat's labels, plate and hints, turned to face it (see :meth:`.sides.Sides.flipped`)."""

    def __init__(self, table: RealtimeTable) -> None:
        self.table = table

    def label(self, surface: pygame.Surface, text: str, px: float, colour: Colour, pos: tuple[float, float],
              seat: int) -> pygame.Rect:
        """A label centred at ``pos`` that belongs to ``seat``'s side (upside down for a player across)."""
        ink = self.table.ink
        if not self.table.sides.flipped(seat):
            return ink.blit_text(surface, text, px, colour, "center", pos)
        image = ink.turned_text(text, px, colour)
        rect = image.get_rect(center=(round(pos[0]), round(pos[1])))
        surface.blit(ink.turned_text(text, px, (0, 0, 0)), rect.move(-1, -2))
        surface.blit(image, rect)
        layout.report("label", rect, text)
        return rect

    def name_plate(self, surface: pygame.Surface, seat: int, centre: tuple[float, float],
                   lines: list[tuple[str, Colour]], active: bool = False, width: float | None = None) -> pygame.Rect:
        """As any table's, turned to face a player across the table."""
        t = self.table
        if not t.sides.flipped(seat):
            return t.plates.draw(surface, seat, centre, lines, active, width)
        scratch = pygame.Surface((t.W, t.H), pygame.SRCALPHA)
        with layout.quiet():
            rect = t.plates.draw(scratch, seat, (t.W / 2, t.H / 2), lines, active, width)
        image = pygame.transform.rotate(scratch.subsurface(rect), 180)
        placed = image.get_rect(center=(round(centre[0]), round(centre[1])))
        surface.blit(image, placed)
        layout.report("panel", placed, f"plate {seat}")
        return placed

    def seat_plate(self, surface: pygame.Surface, seat: int, lines: list[tuple[str, Colour]]) -> pygame.Rect:
        """``seat``'s name plate in its place, lit for a player at this screen when two play here."""
        t = self.table
        sides = t.sides
        return self.name_plate(surface, seat, sides.plate_centre(seat), lines,
                               active=seat in t.local_seats and sides.couch, width=PLATE_WIDTH * t.u)

    def draw_hints(self, surface: pygame.Surface, seat: int) -> None:
        """The seat's hints along its own edge (turned to face the top player when they sit opposite)."""
        t = self.table
        if seat not in t.local_seats or t.replaying:
            return
        flipped = t.sides.flipped(seat)
        x, edge, width = t.sides.hint_place(seat)
        hints = t.hints_for(seat)
        if len(t.local_seats) == 1:  # (two on one screen: each half's bar has no room to spare)
            hints = t.hint_bar.with_hint_button(seat, hints)
        image = t.hint_bar.image(seat, hints, width, flipped)
        if image is None:
            return
        if flipped:
            rect = image.get_rect(midtop=(round(x), round(edge)))
        else:
            rect = image.get_rect(midbottom=(round(x), round(edge)))
        surface.blit(image, rect)
        layout.report("hints", rect, f"hints {seat}")
