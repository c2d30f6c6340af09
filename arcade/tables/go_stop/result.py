"""The hand's result over the middle of the table between hands: who won, why and for how much (or
the nagari), each player's payment, chips and multipliers, the table's end; the Deal / Leave buttons
are drawn on it. It comes once the hand's last move has played out (its cards landed, its banner and
rising labels gone: they were drawn over it), on an opaque panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import fonts, layout
from cardtable.arcade.tables.base import BAD, GOLD, INK, LEGAL

if TYPE_CHECKING:
    from cardtable.arcade.tables.go_stop.table import GoStopTable


TITLE_PX, LINE_PX = 34, 22  # the title's and the payment lines' text size, in table units (fitted)


class Result:
    """The result panel: shown while a finished hand's result is in the view, and at the table's end."""

    def __init__(self, table: GoStopTable) -> None:
        self.table = table
        self.waited = False  # the hand's last move has played out (or the table was joined between hands)

    def showing(self) -> bool:
        view = self.table.view
        phase = view.get("phase")
        if not (phase in ("hand_over", "over") and view.get("last") is not None or phase == "over"):
            return False
        if not self.waited and self.table.settled():
            self.waited = True
        return self.waited

    def text_sizes(self) -> list[int]:
        """The point sizes of its title and lines (unfitted): the warm-up readies their glyphs ahead, as
        the panel comes once a hand, in a frame that has much else to draw (the title's size is used
        nowhere else: its first text cost 1-2 ms)."""
        u = self.table.u
        return [fonts.point_size(max(8, round(px * u))) for px in (TITLE_PX, LINE_PX)]

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, its lines and the buttons on it."""
        t = self.table
        rect = t.ink.blit_panel(surface, t.seating.result_rect(), (4, 18, 12, 255), border=(*GOLD, 200),
                                name="result", kind="overlay")
        with layout.part_of("result"):
            self._lines(surface, rect)
        with layout.part_of("result"):  # the result covers the felt: its buttons are drawn on it
            t.renderer.draw_buttons(surface)

    def title(self) -> str:
        t = self.table
        view = t.view
        last = view.get("last") or {}
        winner = last.get("winner")
        reason = last.get("reason")
        if view.get("phase") == "over":
            chips = view.get("chips") or []
            best = max(chips) if chips else 0
            leaders = [t.name(s) for s, c in enumerate(chips) if c == best]
            verb = "win" if leaders == ["You"] or len(leaders) > 1 else "wins"
            return f"The table is over: {' & '.join(leaders)} {verb} ({best:+d} chips)"
        if reason == "nagari" or winner is None:
            return "Nagari: nobody won, the next hand pays double"
        verb = "win" if t.name(winner) == "You" else "wins"
        title = f"{t.name(winner)} {verb} ({reason}, {last.get('score', 0)} points"
        return title + (f", {last.get('goes')} Go)" if last.get("goes") else ")")

    def _lines(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.table
        view = t.view
        last = view.get("last") or {}
        title = self.title()
        t.ink.blit_text(surface, title, t.ink.fit(title, TITLE_PX * t.u, rect.width - 30 * t.u), GOLD, "midtop",
                        (rect.centerx, rect.top + 14 * t.u))
        payments = last.get("payments") or []
        mults = last.get("multipliers") or []
        chips = view.get("chips") or []
        px = LINE_PX * t.u
        y = rect.top + 64 * t.u
        for seat in range(t.seating.players):
            pay = payments[seat] if seat < len(payments) else 0
            mult = ", ".join(str(m).replace("_", " ") for m in (mults[seat] if seat < len(mults) else []))
            line = f"{t.name(seat)}: {pay:+d} this hand, chips {chips[seat] if seat < len(chips) else 0:+d}"
            if mult:
                line += f"   ({mult})"
            colour = LEGAL if pay > 0 else (BAD if pay < 0 else INK)
            t.ink.blit_text(surface, line, t.ink.fit(line, px, rect.width - 30 * t.u), colour, "midtop",
                            (rect.centerx, y), False)
            y += px * 1.3
