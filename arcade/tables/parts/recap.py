"""What the others just did, one line a move ("Bot 2 led a pair of 9♠"), on a small panel the table
places: moves that pass quickly (bots at speed) can still be read. Each line stays at least long
enough to read (:data:`READ_BASE` plus :data:`READ_PER_WORD` a word), the newest last; a table shows
at most ``rows`` of them, so it chooses ``rows`` to hold one round of the others' moves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.parts.palette import INK, Colour

if TYPE_CHECKING:
    from cardtable.arcade.tables.base import Table

READ_BASE = 6.0  # seconds every line stays up
READ_PER_WORD = 0.3  # and this much more a word
FADE = 0.6  # seconds a line takes to fade out
MIN_PX = 12.5  # no line is set smaller (at 960x540 too)


@dataclass(slots=True)
class Line:
    text: str
    colour: Colour
    left: float  # seconds it stays up


class Recap:
    """The lines showing, oldest first, and their panel."""

    def __init__(self, table: Table, rows: int = 4) -> None:
        self.table = table
        self.rows = rows
        self.lines: list[Line] = []
        self._clipped: dict[tuple[str, int, int], str] = {}

    def say(self, text: str, colour: Colour = INK) -> None:
        """A new line at the bottom; the oldest goes when more than ``rows`` show."""
        seconds = READ_BASE + READ_PER_WORD * len(text.split())
        self.lines = [*self.lines, Line(text, colour, seconds)][-self.rows:]

    def clear(self) -> None:
        self.lines = []

    def tick(self, dt: float) -> None:
        if self.lines:
            for line in self.lines:
                line.left -= dt
            self.lines = [line for line in self.lines if line.left > 0]

    def px(self) -> float:
        return max(MIN_PX, 17 * self.table.u)

    def height(self, rows: int | None = None) -> int:
        """The panel's height for ``rows`` lines (all it may show by default): tables reserve it."""
        u = self.table.u
        return round((rows if rows is not None else self.rows) * self.px() * 1.3 + 10 * u)

    def draw(self, surface: pygame.Surface, topleft: tuple[float, float], width: float) -> None:
        """The panel at ``topleft``, ``width`` wide, as tall as its lines (nothing when none show)."""
        if not self.lines:
            return
        ink, u = self.table.ink, self.table.u
        rect = pygame.Rect(round(topleft[0]), round(topleft[1]), round(width), self.height(len(self.lines)))
        ink.blit_panel(surface, rect, (0, 0, 0, 150), border=None, name="recap")
        px = self.px()
        y = rect.top + 5 * u
        with layout.part_of("recap"):
            for line in self.lines:
                image = ink.text(self.clip(line.text, px, rect.width - 16 * u), px, line.colour)
                where = image.get_rect(topleft=(round(rect.left + 8 * u), round(y)))
                ink.blit_faded(surface, image, where, min(1.0, line.left / FADE))
                layout.report("label", where, line.text)
                y += px * 1.3

    def clip(self, text: str, px: float, width: float) -> str:
        """``text`` cut with an ellipsis to fit ``width`` at ``px`` (never set smaller to fit)."""
        key = (text, round(px), round(width))
        clipped = self._clipped.get(key)
        if clipped is None:
            if len(self._clipped) > 200:
                self._clipped.clear()
            font = self.table.ink.font(px)
            clipped = text
            if font.size(text)[0] > width:
                while clipped and font.size(clipped + "\u2026")[0] > width:
                    clipped = clipped[:-1]
                clipped = clipped.rstrip() + "\u2026"
            self._clipped[key] = clipped
        return clipped
