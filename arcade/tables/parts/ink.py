"""Text, panels and legends on the table: drawn from caches (a frame sets the same words again and
again) and reported to the layout (:mod:`cardtable.arcade.layout`) where they land."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardtable.arcade import fonts, layout
from cardtable.arcade.anim import Vec
from cardtable.arcade.tables.parts.palette import GOLD, INK, PANEL, Colour

Legend = list[tuple[pygame.Surface | None, str]]


def recoloured(image: pygame.Surface, colour: Colour) -> pygame.Surface:
    """A copy of text ``image`` set in an opaque colour, in ``colour``: the same pixels as setting it in
    ``colour`` (blended text is the colour everywhere, its shape only in the alpha), for a few
    microseconds instead of a render (0.02-0.3 ms)."""
    out = image.copy()
    out.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
    out.fill(colour[:3], special_flags=pygame.BLEND_RGB_ADD)
    return out


class Ink:
    """Text and panels at the table's scale ``u`` (1.0 at 1280x720); the caches go when it changes."""

    def __init__(self) -> None:
        self.u = 1.0
        self._text: dict[tuple, pygame.Surface] = {}
        self._shapes: dict[tuple[str, int], pygame.Surface] = {}  # (text, px) -> it set in some colour
        self._fit: dict[tuple, int] = {}
        self._panels: dict[tuple, pygame.Surface] = {}
        self._composed: dict[tuple, pygame.Surface] = {}
        self.sizes: dict[int, None] = {}  # the point sizes text was set at, first first (the warm-up's)

    def resize(self, u: float) -> None:
        self.u = u
        for cache in (self._text, self._shapes, self._fit, self._panels, self._composed, self.sizes):
            cache.clear()

    def font(self, px: float) -> pygame.font.Font:
        """The table's font for text of size ``px`` (bold Noto Sans, see :mod:`cardtable.arcade.fonts`)."""
        return fonts.line_font(max(8, round(px)))

    def text(self, text: str, px: float, colour: Colour = INK) -> pygame.Surface:
        layout.text_set(text, max(8, round(px)))
        key = (text, round(px), colour)
        surface = self._text.get(key)
        if surface is None:
            if len(self._text) > 1500:
                self._text.clear()
                self._shapes.clear()
            shape = self._shapes.get(key[:2]) if len(colour) == 3 else None
            if shape is not None:  # the same words in another colour (a label and its shadow): one render
                surface = self._text[key] = recoloured(shape, colour)
            else:
                surface = self._text[key] = fonts.line(text, max(8, round(px)), colour)
                if len(colour) == 3:
                    self._shapes[key[:2]] = surface
            self.sizes.setdefault(fonts.point_size(max(8, round(px))))
        return surface

    def turned_text(self, text: str, px: float, colour: Colour) -> pygame.Surface:
        """:meth:`text` upside down (for a player across the table)."""
        return self.composed(("turned", text, round(px), colour),
                             lambda: pygame.transform.rotate(self.text(text, px, colour), 180))

    def composed(self, key: tuple, make: Callable[[], pygame.Surface], limit: int = 60) -> pygame.Surface:
        """An image the table composes from text and panels (a message on its panel), made once per
        ``key`` while the scale stays."""
        image = self._composed.get(key)
        if image is None:
            if len(self._composed) > limit:
                self._composed.clear()
            image = self._composed[key] = make()
        return image

    def fit(self, text: str, px: float, width: float) -> float:
        """``px``, made smaller (in whole steps, so fonts are reused) until ``text`` fits in ``width``
        (remembered: tables fit the same texts every frame)."""
        key = (text, round(px), round(width))
        fitted = self._fit.get(key)
        if fitted is None:
            if len(self._fit) > 2000:
                self._fit.clear()
            fitted = round(px)
            while fitted > 10 and self.font(fitted).size(text)[0] > width:
                fitted -= 2
            self._fit[key] = fitted
        return fitted

    def blit_text(self, surface: pygame.Surface, text: str, px: float, colour: Colour, anchor: str, pos: Vec,
                  shadow: bool = True) -> pygame.Rect:
        """Draw one line of text (reported as a ``label`` of the layout)."""
        image = self.text(text, px, colour)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if shadow:
            surface.blit(self.text(text, px, (0, 0, 0)), rect.move(1, 2))
        surface.blit(image, rect)
        layout.report("label", rect, text)
        return rect

    def panel(self, size: tuple[int, int], colour: tuple[int, int, int, int] = PANEL, radius: int | None = None,
              border: tuple[int, int, int, int] | None = (255, 255, 255, 40)) -> pygame.Surface:
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = (size, colour, radius, border)
        surface = self._panels.get(key)
        if surface is None:
            surface = pygame.Surface(size, pygame.SRCALPHA)
            r = radius if radius is not None else max(4, round(10 * self.u))
            pygame.draw.rect(surface, colour, surface.get_rect(), border_radius=r)
            if border:
                pygame.draw.rect(surface, border, surface.get_rect(), width=max(1, round(self.u * 1.5)),
                                 border_radius=r)
            self._panels[key] = surface
        return surface

    def blit_panel(self, surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int, int] = PANEL,
                   border: tuple[int, int, int, int] | None = (255, 255, 255, 40), name: str = "",
                   kind: str = "panel") -> pygame.Rect:
        """Draw a panel at ``rect`` and report it."""
        surface.blit(self.panel(rect.size, colour, border=border), rect)
        layout.report(kind, rect, name)
        return rect

    @staticmethod
    def blit_faded(surface: pygame.Surface, image: pygame.Surface, where: Any, fade: float) -> None:
        """Blit a (cached) image at ``fade`` opacity and leave it opaque again: alpha back to 255, never
        None (on a per-pixel-alpha surface pygame-ce's set_alpha(None) turns blending off, and the
        cached text would then draw as a solid box)."""
        if fade >= 1.0:
            surface.blit(image, where)
            return
        image.set_alpha(max(0, round(255 * fade)))
        surface.blit(image, where)
        image.set_alpha(255)

    def _legend_metrics(self, entries: Legend, title: str) -> tuple[int, int, int, int, int]:
        """Icon column width, text column width, row height, padding and rows of a legend."""
        px = 17 * self.u
        icon_w = max((i.get_width() for i, _ in entries if i is not None), default=0)
        text_w = max([self.font(px).size(t)[0] for _, t in entries] + [self.font(px).size(title)[0] - icon_w])
        row = max([round(px * 0.8)] + [i.get_height() for i, _ in entries if i is not None]) + round(4 * self.u)
        return icon_w, text_w, row, round(8 * self.u), len(entries) + (1 if title else 0)

    def legend_size(self, entries: Legend, title: str = "") -> tuple[int, int]:
        icon_w, text_w, row, pad, rows = self._legend_metrics(entries, title)
        return icon_w + round(8 * self.u) + text_w + 2 * pad, rows * row + 2 * pad

    def draw_legend(self, surface: pygame.Surface, entries: Legend, anchor: str, pos: Vec, title: str = "",
                    name: str = "legend") -> pygame.Rect:
        """A small key to what the table's markers mean: one row per (icon, words) on a panel
        (reported as a ``legend``). Returns its rect."""
        px = 17 * self.u
        rect = pygame.Rect((0, 0), self.legend_size(entries, title))
        setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        self.blit_panel(surface, rect, (6, 24, 16, 170), border=(255, 255, 255, 35), name=name, kind="legend")
        icon_w, _text_w, row, pad, _rows = self._legend_metrics(entries, title)
        y = rect.top + pad
        with layout.part_of(name):
            if title:
                self.blit_text(surface, title, px, GOLD, "midleft", (rect.left + pad, y + row / 2), False)
                y += row
            for icon, words in entries:
                if icon is not None:
                    surface.blit(icon, icon.get_rect(center=(rect.left + pad + icon_w / 2, y + row / 2)))
                self.blit_text(surface, words, px, INK, "midleft", (rect.left + pad + icon_w + 8 * self.u, y + row / 2),
                               False)
                y += row
        return rect
