"""The score sheet by hand (Tab / Y, and at the table's end the final scores): each hand's cards and
trump, every seat's bid/took and running total, the totals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.base import GOLD, INK, LEGAL, MUTED
from cardtable.arcade.tables.oh_hell.scoreboard import SUIT_NAMES

if TYPE_CHECKING:
    from cardtable.arcade.tables.oh_hell.table import OhHellTable


class ScoreSheet:
    """:attr:`shown` while the player keeps it open (it always shows once the table is over)."""

    def __init__(self, table: OhHellTable) -> None:
        self.table = table
        self.shown = False

    def showing(self) -> bool:
        return self.shown or self.table.view.get("phase") == "over"

    def toggle(self) -> None:
        self.shown = not self.shown

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        sheet = t.view.get("sheet") or []
        n = t.seating.players
        col = min(150 * t.u, (self.room() - 180 * t.u) / max(1, n))
        row = 24 * t.u
        rows = len(sheet) + 2
        width = round(150 * t.u + col * n + 30 * t.u)
        top = self.top(width)
        max_rows = int((t.H - 36 * t.u - top - 80 * t.u) // row) + 2
        shown = sheet[-max_rows + 2:] if rows > max_rows else sheet
        height = round(80 * t.u + row * (len(shown) + 2))
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (t.W // 2, round(top))
        t.ink.blit_panel(surface, rect, (4, 18, 12, 252), border=(*GOLD, 200), name="score sheet", kind="overlay")
        with layout.part_of("score sheet"):
            self._lines(surface, rect, shown, col, row)

    def room(self) -> float:
        """The width between the plates beside the middle (at most 86% of the window)."""
        t = self.table
        seating = t.seating
        half = min([t.W * 0.43, *(abs(x - t.W / 2) - 75 * t.u - 8 * t.u
                                 for x, y in (seating.plate_centre(s) for s in range(seating.players) if s != t.me)
                                   if y >= t.H * 0.3)])
        return 2 * half

    def top(self, width: float) -> float:
        """Under the plates above the middle that a sheet ``width`` wide would cover (the final sheet hid
        the seat across), over the key bar."""
        t = self.table
        seating = t.seating
        reach = width / 2 + 80 * t.u  # half the sheet and half a plate
        above = [y for x, y in (seating.plate_centre(s) for s in range(seating.players) if s != t.me)
                 if abs(x - t.W / 2) < reach and y < t.H * 0.5]
        return max(above, default=t.H * 0.05) + 40 * t.u

    def px(self) -> float:
        """The sheet's text: no smaller than 15 (a line 12 px tall) at 960x540."""
        return max(15.0, 19 * self.table.u)

    def title(self) -> str:
        t = self.table
        view = t.view
        if view.get("phase") != "over":
            return "Score sheet"
        scores = view.get("scores") or []
        best = max(scores) if scores else 0
        winners = [t.name(s) for s in range(len(scores)) if scores[s] == best]
        verb = "win" if len(winners) > 1 or winners == ["You"] else "wins"
        return f"Final scores: {' & '.join(winners)} {verb}!"

    def _lines(self, surface: pygame.Surface, rect: pygame.Rect, shown: list[dict[str, Any]], col: float,
               row: float) -> None:
        t = self.table
        u = t.u
        view = t.view
        sheet = view.get("sheet") or []
        n = t.seating.players
        t.ink.blit_text(surface, self.title(), 32 * u, GOLD, "midtop", (rect.centerx, rect.top + 10 * u))
        px = self.px()
        y = rect.top + 50 * u
        x0 = rect.left + 15 * u
        t.ink.blit_text(surface, "hand", px, MUTED, "topleft", (x0, y), False)
        for s in range(n):
            name = t.name(s)
            if t.ink.font(px).size(name)[0] > col - 6 * u:
                name = name.split(" (")[0]  # "Bot 3", not "Bot 3 (normal)" set too small to read
            t.ink.blit_text(surface, name, t.ink.fit(name, px, col - 6 * u), INK, "midtop",
                            (x0 + 150 * u + col * (s + 0.5), y), False)
        y += row
        totals = [0] * n
        for r in sheet[: len(sheet) - len(shown)]:
            totals = [total + p for total, p in zip(totals, r["points"], strict=False)]
        first = len(sheet) - len(shown) + 1
        for i, r in enumerate(shown):
            trump = r.get("trump")
            label = f"{first + i}. {r['cards']} card{'s' if r['cards'] != 1 else ''}"
            where = t.ink.blit_text(surface, label, px, MUTED, "topleft", (x0, y), False)
            if trump in SUIT_NAMES:
                pip = t.art.pip(trump, round(px * 0.9))
                chip = t.ink.panel((pip.get_width() + 4, pip.get_height() + 4), (250, 250, 245, 230), radius=3,
                                   border=None)
                surface.blit(chip, (where.right + 6 * u, y - 2))
                surface.blit(pip, (where.right + 6 * u + 2, y))
            else:
                t.ink.blit_text(surface, "no trump", max(15.0, px * 0.8), MUTED, "topleft", (where.right + 6 * u, y + 2), False)
            for s in range(n):
                totals[s] += r["points"][s]
                made = r["bids"][s] == r["tricks"][s]
                text = f"{r['bids'][s]}/{r['tricks'][s]}  {totals[s]}"
                t.ink.blit_text(surface, text, px, LEGAL if made else INK, "midtop",
                                (x0 + 150 * u + col * (s + 0.5), y), False)
            y += row
        scores = view.get("scores") or []
        pygame.draw.line(surface, (*MUTED,), (x0, y + 2), (rect.right - 15 * u, y + 2), 1)
        y += 6 * u
        t.ink.blit_text(surface, "total", px, GOLD, "topleft", (x0, y), False)
        best = max(scores) if scores else None
        for s in range(min(n, len(scores))):
            t.ink.blit_text(surface, str(scores[s]), px * 1.15, GOLD if scores[s] == best else INK, "midtop",
                            (x0 + 150 * u + col * (s + 0.5), y), False)
        t.ink.blit_text(surface, "bid/took  running total", max(15.0, px * 0.85), MUTED, "bottomright",
                        (rect.right - 12 * u, rect.bottom - 6 * u), False)
