"""The bar of hints along a player's edge: each hint's buttons as key caps (or the pad's own glyphs)
on that player's device, then its words; the Hint button's own hint last."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout, ui_theme
from cardtable.arcade.tables.parts.palette import GOLD, MUTED

if TYPE_CHECKING:
    from cardtable.arcade.tables.base import Table

# A hint: the input kinds whose buttons it shows (a pair shows both, or one D-pad glyph) and its words.
Hint = tuple[tuple[str, ...], str]
ARROWS = ("left", "right")


class HintBar:
    """Hint bars and key caps, composed once per content and size."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._cache: dict[tuple, pygame.Surface] = {}

    def resize(self) -> None:
        self._cache.clear()

    def draw(self, surface: pygame.Surface, hints: Iterable[Hint | None], x: float | None = None,
             y: float | None = None, anchor: str = "midbottom") -> None:
        """The bar along the bottom for the player at this screen (``None`` hints are left out: a
        :meth:`~Table.mouse_hint` for someone not using the mouse)."""
        table = self.table
        me = table.me
        shown = [h for h in self.with_hint_button(me, hints) if h is not None and h[1]]
        image = self.image(me, shown, table.W * 0.94)
        if image is None:
            return
        pos = (table.W / 2 if x is None else x, table.H - 4 * table.u if y is None else y)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        caps = table.controls.caps
        layout.report("hints", rect, " \u00b7 ".join(" ".join([*caps(me, kinds), words]) for kinds, words in shown))

    def with_hint_button(self, seat: int | None, hints: Iterable[Hint | None]) -> list[Hint | None]:
        """``hints`` and, last (the first to go when the bar is short of room), the Hint button when
        the seat has something to do: a newcomer learns that H (or a stick click) suggests a move."""
        table = self.table
        out = list(hints)
        legal = table.legals.get(seat) if seat is not None else None
        choice = legal and any(a.get("type") != "ready" for a in legal)  # (Speed's count: nothing to choose)
        if table.offer_hint and choice and not table.needs_privacy():
            out.append((("hint",), table.hint_plate.key_words))
        return out

    def image(self, seat: int | None, hints: list[Hint | None], width: float,
              flipped: bool = False) -> pygame.Surface | None:
        """The seat's hint bar (key caps or pad glyphs and words) on a translucent strip, cached."""
        caps = self.table.controls.caps
        items = tuple((tuple(caps(seat, kinds)), words) for kinds, words in filter(None, hints) if words)
        if not items:
            return None
        key = ("hints", items, round(width), flipped)
        image = self._cache.get(key)
        if image is None:
            image = self._bar(list(items), width)
            if flipped:
                image = pygame.transform.rotate(image, 180)
            if len(self._cache) > 80:
                self._cache.clear()
            self._cache[key] = image
        return image

    def _bar(self, items: list[tuple[tuple[str, ...], str]], width: float) -> pygame.Surface:
        """A hint bar no wider than ``width`` (smaller text first, then the last hints dropped): each
        hint's buttons as key caps or pad glyphs, then its words, all one line of table text tall."""
        ink, u = self.table.ink, self.table.u
        px = 19 * u
        while True:
            words = [ink.text(w, px, MUTED) for _, w in items]
            cap_h = words[0].get_height() + round(8 * u)
            caps = [[self._cap(c, cap_h, px * 0.85) for c in cs] for cs, _ in items]
            gap = round(6 * u)
            widths = [sum(c.get_width() + gap for c in cs) + w.get_width() for cs, w in zip(caps, words, strict=True)]
            total = sum(widths) + round(26 * u) * (len(items) - 1) + round(24 * u)
            if total <= width:
                break
            if px > 12:
                px -= 1
            elif len(items) > 1:
                items = items[:-1]  # the least of them (they come most needed first) makes room
            else:
                break
        image = pygame.Surface((total, cap_h + round(2 * u)), pygame.SRCALPHA)
        pygame.draw.rect(image, (0, 0, 0, 110), image.get_rect(), border_radius=max(4, round(10 * u)))
        x, mid = round(12 * u), image.get_height() // 2
        for cs, w, span in zip(caps, words, widths, strict=True):
            left = x
            for cap in cs:
                image.blit(cap, cap.get_rect(midleft=(x, mid)))
                x += cap.get_width() + gap
            image.blit(w, w.get_rect(midleft=(x, mid)))
            x = left + span + round(26 * u)
        return image

    def _cap(self, label: str, height: int, px: float) -> pygame.Surface:
        """A key cap ("Enter", its name in ``px`` text) or a pad glyph ("pad:A") ``height`` pixels tall."""
        key = ("cap", label, height, round(px))
        image = self._cache.get(key)
        if image is not None:
            return image
        if label.startswith("pad:"):
            size = 8
            while ui_theme.font(size + 1, True).get_height() + 4 <= height:
                size += 1
            scratch = pygame.Surface((ui_theme.cap_width(label, size) + 2, height + 2), pygame.SRCALPHA)
            with layout.quiet():
                drawn = ui_theme.chip(scratch, label, (0, 0), size)
            image = scratch.subsurface(drawn.clip(scratch.get_rect())).copy()
        else:
            u = self.table.u
            text = self.table.ink.text(label, px, (10, 33, 25))
            image = pygame.Surface((max(height, text.get_width() + round(10 * u)), height), pygame.SRCALPHA)
            pygame.draw.rect(image, GOLD, image.get_rect(), border_radius=max(3, height // 4))
            image.blit(text, text.get_rect(center=image.get_rect().center))
        self._cache[key] = image
        return image
