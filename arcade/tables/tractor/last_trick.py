"""The last trick: a small panel in the top-right corner (who won it, its points, each seat's cards and
name), and the same trick shown large over the table while the player asks for it (a click on the
panel, or Up on the hand)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.base import GOLD, MUTED, fan
from cardtable.arcade.tables.parts.layer import Pieces
from cardtable.arcade.tables.parts.recap import MIN_PX, clip
from cardtable.arcade.tables.tractor.scoreboard import frozen
from cardtable.arcade.tables.tractor.words import short_name

if TYPE_CHECKING:
    from cardtable.arcade.tables.tractor.table import TractorTable


class LastTrick:
    """The corner panel, and whether the large one is shown (:attr:`shown`)."""

    def __init__(self, table: TractorTable) -> None:
        self.table = table
        self.shown = False
        self.pieces = Pieces()  # the corner panel, noted once per trick

    def last(self) -> dict[str, Any] | None:
        tricks = self.table.view.get("tricks") or []
        return tricks[-1] if tricks else None

    def toggle(self) -> None:
        """Show the large one, or hide it (nothing to show before the first trick)."""
        self.shown = not self.shown and self.last() is not None

    def click(self, pos: tuple[int, int]) -> None:
        """A click on the panel shows the large one; a click anywhere else hides it."""
        if self.last() is not None and self.table.seating.last_trick_rect().collidepoint(pos):
            self.shown = not self.shown
        elif self.shown:
            self.shown = False

    def card_size(self) -> tuple[int, int]:
        """The corner panel's small cards (drawn on the static layer, so warmed ahead)."""
        return self.table.card_px(0.085)

    def name_px(self) -> float:
        """The names under the corner panel's cards: 12.5 px or more (they were 6 px at 960x540)."""
        return max(MIN_PX, 15 * self.table.u)

    def height(self) -> int:
        """The corner panel's height: its title, the small cards and the names under them."""
        u = self.table.u
        names = self.table.ink.font(self.name_px()).get_height()
        return round(max(118 * u, 32 * u + self.card_size()[1] + 2 * u + names + 4 * u))

    def draw_panel(self, surface: pygame.Surface) -> None:
        last = self.last()
        if last is None:
            return
        t = self.table
        area = t.seating.last_trick_rect()
        key = (t.size, t.u, tuple(area), self.card_size(), id(t.art), getattr(t.art, "epoch", None), frozen(last),
               tuple(t.name(seat) for seat in range(t.seating.players)))
        self.pieces.draw(surface, key, lambda target: self._panel(target, area, last))

    def _panel(self, surface: pygame.Surface, area: pygame.Rect, last: dict[str, Any]) -> None:
        rect = self.table.ink.blit_panel(surface, area, name="last trick")
        with layout.part_of("last trick"):
            self._panel_lines(surface, rect, last)

    def _panel_lines(self, surface: pygame.Surface, rect: pygame.Rect, last: dict[str, Any]) -> None:
        t = self.table
        u = t.u
        winner = last.get("winner")
        title = f"Last trick: {t.name(winner) if isinstance(winner, int) else '?'}"
        if last.get("points"):
            title += f" +{last['points']}"
        t.ink.blit_text(surface, title, t.ink.fit(title, 20 * u, rect.width - 16 * u), GOLD, "topleft",
                        (rect.left + 8 * u, rect.top + 6 * u), False)
        size = self.card_size()
        plays = last.get("plays") or []
        x = rect.left + 8 * u
        y = rect.top + 32 * u
        room = (rect.width - 16 * u) / max(1, len(plays))
        for play in plays:
            cards = list(play.get("cards") or [])
            step = min(size[0] * 0.5, (room - size[0] - 4 * u) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
            for j, card in enumerate(cards):
                surface.blit(t.art.face(card, size), (x + j * step, y))
            seat = play.get("seat")
            if isinstance(seat, int):
                px = self.name_px()
                name = clip(t.ink.font(px), short_name(t.name(seat)), room - 4 * u)
                t.ink.blit_text(surface, name, px, MUTED, "topleft", (x, y + size[1] + 2 * u), False)
            x += room

    def draw_large(self, surface: pygame.Surface) -> None:
        t = self.table
        last = self.last()
        if last is None:
            return
        rect = pygame.Rect(0, 0, round(t.W * 0.6), round(t.H * 0.4))
        rect.center = (t.W // 2, round(t.H * 0.38))
        t.ink.blit_panel(surface, rect, (4, 18, 12, 240), border=(*GOLD, 200), name="last trick shown", kind="overlay")
        with layout.part_of("last trick shown"):
            self._large_lines(surface, rect, last)

    def _large_lines(self, surface: pygame.Surface, rect: pygame.Rect, last: dict[str, Any]) -> None:
        t = self.table
        size = t.card_px(0.14)
        winner = last.get("winner")
        title = f"Last trick: {t.name(winner) if isinstance(winner, int) else '?'} won {last.get('points', 0)} points"
        t.ink.blit_text(surface, title, 24 * t.u, GOLD, "topleft", (rect.left + 12 * t.u, rect.top + 8 * t.u), False)
        for play in last.get("plays") or []:
            seat = play.get("seat")
            if not isinstance(seat, int):
                continue
            k = t.seating.rel(seat)
            cx = rect.centerx + [0, 0.3, 0, -0.3][k] * rect.width
            cy = rect.centery + [0.22, 0, -0.22, 0][k] * rect.height
            cards = list(play.get("cards") or [])
            for r, card in zip(fan(len(cards), cx, cy - size[1] / 2, size, rect.width * 0.3, size[0] * 0.3), cards,
                               strict=True):
                surface.blit(t.art.face(card, size), r)
