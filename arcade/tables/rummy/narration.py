"""One line for each turn of the others, on the table's recap (a band at the top of the table area):
"Bot 2 drew 2 cards, melded 7H 8H 9H", "Bot 3 drew, passed". A bot's turn passes in a moment; the
line stays long enough to read, and the recap key (L, a pad's X) shows the last ones again
(:mod:`cardtable.arcade.tables.parts.recap`). The words come from the host's events alone: the line
of a turn grows as its events come (its draws, then its meld, knock or pass)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade.tables.parts.palette import GOLD, INK
from cardtable.arcade.tables.parts.recap import Recap
from cardtable.arcade.tables.rummy.tiles import cards_text

if TYPE_CHECKING:
    from cardtable.arcade.tables.rummy.table import RummyTable


def rearranged(old: list[list[str]], new: list[list[str]]) -> bool:
    """Whether a meld moved table cards around, rather than only adding to melds and laying new ones:
    some old meld is not inside one new meld."""
    def inside(meld: list[str], into: list[str]) -> bool:
        return not Counter(c.split("=")[0] for c in meld) - Counter(c.split("=")[0] for c in into)

    return any(not any(inside(m, n) for n in new) for m in old)


class Narration:
    """Hears the host's events and tells each turn of a seat played elsewhere on the :attr:`recap`."""

    def __init__(self, table: RummyTable) -> None:
        self.table = table
        self.recap = Recap(table, rows=3)
        self._seat: int | None = None  # whose turn the last line tells
        self._turns = 0  # turns told (the lines' keys)
        self._said: list[str] = []  # what that turn did so far

    def rows(self) -> int:
        """Lines for one round of the others' turns (two at least, three at most)."""
        return max(2, min(3, self.table.players - 1))

    def hear(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "deal":
            self.recap.forget()
            self._seat = None
            return
        if not isinstance(seat, int) or seat in self.table.local_seats:
            if isinstance(seat, int):
                self._seat = None
            return
        if seat != self._seat:
            self._seat, self._said = seat, []
            self._turns += 1
        words = self._words(event)
        if words is None:
            return
        self._said.append(words)
        who = self.table.name(seat).split(" (")[0]
        colour = GOLD if kind in ("knock", "out") else INK
        self.recap.rows = self.rows()
        self.recap.say(f"{who} {', '.join(self._said)}", colour, key=("turn", self._turns))

    def _words(self, event: dict[str, Any]) -> str | None:
        kind = event.get("type")
        if kind == "draw":
            drawn = int(event.get("draw") or 1)
            if self._said and self._said[-1].startswith("drew"):
                self._said.pop()
            return "drew" if drawn == 1 else f"drew {drawn} cards"  # "drew 3" read as the three drawn
        if kind == "meld":
            played = [str(c) for c in event.get("played") or []]
            old = [list(m) for m in self.table.view.get("table") or []]  # the view before this meld
            moved = " (rearranging the table)" if rearranged(old, [list(m) for m in event.get("table") or []]) else ""
            return f"melded {cards_text(played)}{moved}"
        if kind == "pass":
            return "passed"
        if kind == "knock":
            return f"knocked with {event.get('value', '?')}"
        if kind == "out":
            return "went out"
        return None

    def tick(self, dt: float) -> None:
        self.recap.tick(dt)

    def height(self) -> int:
        """The band the recap keeps at the top of the table area."""
        return self.recap.height(self.rows()) + round(6 * self.table.u)

    def draw(self, surface: pygame.Surface, band: pygame.Rect) -> None:
        self.recap.draw(surface, band.topleft, min(band.width, 560 * self.table.u), band.bottom)
