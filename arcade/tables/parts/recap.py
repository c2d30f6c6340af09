"""What the others just did, one line a move ("Bot 2 led a pair of 9♠"), on a small panel the table
places: moves that pass quickly (bots at speed) can still be read. Each line stays at least long
enough to read (:data:`READ_BASE` plus :data:`READ_PER_WORD` a word), the newest last; a table shows
at most ``rows`` of them, so it chooses ``rows`` to hold one round of the others' moves.

The last lines said stay reviewable after they fade: :meth:`Recap.review` (the "recap" key, L or a
pad's X, which the table's ``on_recap`` hook passes on) brings them back for another read, and hides
them when pressed again. A line said with a ``key`` replaces the line of that key still showing (a
move told in steps: Go-Stop's play, then the card it chose)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.parts.palette import GOLD, INK, Colour

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
    key: object = None  # a later line with this key replaces it


def read_time(text: str) -> float:
    return READ_BASE + READ_PER_WORD * len(text.split())


class Recap:
    """The lines showing, oldest first, and their panel."""

    def __init__(self, table: Table, rows: int = 4) -> None:
        self.table = table
        self.rows = rows
        self.lines: list[Line] = []
        self.said: list[Line] = []  # the last ``rows`` lines said, for review
        self.reviewing = False  # the lines showing were brought back by review()
        self._clipped: dict[tuple[str, int, int], str] = {}

    def say(self, text: str, colour: Colour = INK, key: object = None) -> None:
        """A new line at the bottom (or in place of the line said with ``key``); the oldest goes when
        more than ``rows`` show."""
        if self.reviewing:
            self.lines, self.reviewing = [], False
        self.lines = self._with(self.lines, Line(text, colour, read_time(text), key))
        self.said = self._with(self.said, Line(text, colour, read_time(text), key))

    def _with(self, lines: list[Line], line: Line) -> list[Line]:
        if line.key is not None:
            for i, old in enumerate(lines):
                if old.key == line.key:
                    return [*lines[:i], line, *lines[i + 1:]]
        return [*lines, line][-self.rows:]

    def clear(self) -> None:
        """Nothing showing (the lines said stay reviewable)."""
        self.lines = []
        self.reviewing = False

    def forget(self) -> None:
        """Nothing showing and nothing to review (a new hand)."""
        self.clear()
        self.said = []

    def review(self) -> None:
        """The last lines said shown again for a full read; hidden when they already show so."""
        if self.reviewing and self.lines:
            self.clear()
            return
        self.lines = [Line(line.text, line.colour, read_time(line.text), line.key) for line in self.said]
        self.reviewing = bool(self.lines)

    def key_hint(self) -> tuple[tuple[str, ...], str] | None:
        """The key bar's entry for :meth:`review` (None while there is nothing to review)."""
        if not self.said:
            return None
        return (("recap",), "hide moves" if self.reviewing and self.lines else "last moves")

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

    def draw(self, surface: pygame.Surface, topleft: tuple[float, float], width: float,
             bottom: float | None = None) -> None:
        """The panel at ``topleft``, ``width`` wide, as tall as its lines (nothing when none show); with
        ``bottom``, only the newest lines that fit above it."""
        lines = self.lines
        while lines and bottom is not None and topleft[1] + self.height(len(lines)) > bottom:
            lines = lines[1:]
        if not lines:
            return
        ink, u = self.table.ink, self.table.u
        rect = pygame.Rect(round(topleft[0]), round(topleft[1]), round(width), self.height(len(lines)))
        ink.blit_panel(surface, rect, (0, 0, 0, 150), border=(*GOLD, 160) if self.reviewing else None, name="recap")
        px = self.px()
        y = rect.top + 5 * u
        with layout.part_of("recap"):
            for line in lines:
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
            clipped = self._clipped[key] = clip(self.table.ink.font(px), text, width)
        return clipped


def clip(font: pygame.font.Font, text: str, width: float) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` in ``font``: the longest start that does.

    Found by halving on the widths of the starts alone plus the ellipsis's, then checked exactly
    (the start and the ellipsis measured together, a step at a time): a text holding both "+" and "…"
    is measured 50 times slower than another (0.05 ms; Go-Stop's "+1 junk from the others" was cut in
    0.35 ms), so the exact measure is taken about twice, not seven times."""
    if font.size(text)[0] <= width:
        return text
    ellipsis = font.size("\u2026")[0]
    fits, over = 0, len(text)  # text[:fits] + "…" fits (or fits is 0); text[:over] + "…" does not
    while over - fits > 1:
        middle = (fits + over) // 2
        if font.size(text[:middle])[0] + ellipsis <= width:
            fits = middle
        else:
            over = middle

    def fit(n: int) -> bool:
        return font.size(text[:n] + "\u2026")[0] <= width

    n = fits
    if n == 0 or fit(n):
        while n + 1 < len(text) and fit(n + 1):
            n += 1
    else:
        while n > 0 and not fit(n):
            n -= 1
    return text[:n].rstrip() + "\u2026"
