"""Words that pop over the table: banners, labels rising from where something happened, and flashes
(the effects of :class:`cardtable.arcade.anim.Effects`, drawn)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import fonts, layout
from cardtable.arcade.anim import Effect, Effects, Vec
from cardtable.arcade.tables.parts.palette import GOLD, INK, Colour

if TYPE_CHECKING:
    from cardtable.arcade.tables.base import Table

BANNER_SIZES = (1.0, 0.8, 0.7, 0.6)  # the banners' sizes the tables use (their text: 84 u times it)


class Callouts:
    """Banners across the table (at its :meth:`~Table.banner_y`) and floating labels."""

    def __init__(self, table: Table, effects: Effects) -> None:
        self.table = table
        self.effects = effects
        self._banners: dict[tuple, pygame.Surface] = {}  # banner text on its panel, per size
        self._offsets: dict[tuple, list[tuple[float, float]]] = {}  # a label size's spots, nearest first

    def resize(self) -> None:
        self._banners.clear()
        u = self.table.u  # the warm-up makes ready the glyphs of the banners' and rising labels' sizes
        sizes = (40 * u * 0.6, *(84 * u * size for size in BANNER_SIZES))
        self.table.warmup.expect("callouts", (fonts.point_size(max(8, round(px))) for px in sizes))

    def banner(self, text: str, colour: Colour = GOLD, seconds: float = 1.1, size: float = 1.0) -> None:
        table = self.table
        self.effects.add(Effect("banner", text, (table.W / 2, table.banner_y()), colour, seconds, size=size))

    def float_text(self, text: str, pos: Vec, colour: Colour = INK, seconds: float = 1.2,
                   avoid: list[pygame.Rect] | None = None) -> None:
        """A label that rises from ``pos`` and fades, clear of what the table drew last (its texts,
        buttons, badges, titles, hint bar: :data:`~cardtable.arcade.layout.KEEP_CLEAR`) and of ``avoid``
        all the way up, and of the labels still rising: one said at the same place while another is
        still there goes under it, or over it where there is no room under it (Go-Stop's "+1 junk
        from Bo" and "+1 junk from You" were one smudge, then went down through the turn's prompt).
        Where no place near ``pos`` is clear, it rises from ``pos``."""
        dims = self.table.ink.text(text, 40 * self.table.u * 0.6, INK).get_size()  # (its size, once)
        x, y = self._inside(text, pos, dims)
        blocked = self._obstacles() + [pygame.Rect(r) for r in avoid or ()]
        gap = 2 * layout.CLEAR_GAP["badge"]  # (room kept from them)
        rising = [self.float_rect(e.text, e.size, e.pos, e.progress).inflate(0, round(4 * self.table.u))
                  for e in self.effects.items if e.kind == "float"]
        window = self._window()
        tried: set[Vec] = set()
        for spot in self._spots(text, (x, y), dims):
            if spot in tried:  # (spots pushed inside the window from beyond its edge fall together)
                continue
            tried.add(spot)
            start = self._rising(text, 0.6, spot, 0.0, dims).clamp(window)
            path = start.union(self._rising(text, 0.6, spot, 1.0, dims).clamp(window))
            if path.inflate(gap, gap).collidelist(blocked) < 0 and start.collidelist(rising) < 0:
                x, y = spot
                break
        self.effects.add(Effect("float", text, (x, y), colour, seconds, size=0.6))

    def _spots(self, text: str, pos: Vec, dims: tuple[int, int] | None = None) -> Iterator[Vec]:
        """Where a label said at ``pos`` may start, nearest first: ``pos``, then under and over it, then
        beside it (each kept inside the window), worked out one by one as they are asked for (the first
        is most often clear)."""
        label = self._rising(text, 0.6, pos, 0.0, dims)
        step = label.height / 2 + self.table.u
        key = (label.size, step)
        offsets = self._offsets.get(key)
        if offsets is None:  # (the same for every label of a size: sorted once)
            if len(self._offsets) > 64:
                self._offsets.clear()
            spots = [(abs(dx) * 2 + abs(dy) + (0.5 if dy < 0 else 0.0), dx, dy)
                     for dx in (0.0, -label.width * 0.6, label.width * 0.6, -label.width * 1.2, label.width * 1.2)
                     for dy in (k * step for k in range(-10, 11))]
            offsets = self._offsets[key] = [(dx, dy) for _, dx, dy in sorted(spots)]
        return (self._inside(text, (pos[0] + dx, pos[1] + dy), label.size) for dx, dy in offsets)

    def _obstacles(self) -> list[pygame.Rect]:
        """What a rising label must not pass over, of what the table drew in its last laid-out frame."""
        keep = layout.KEEP_CLEAR["badge"]
        return [d.box for d in self.table.reporter.drawn if d.kind in keep and not layout.in_motion(d)]

    def _inside(self, text: str, pos: Vec, dims: tuple[int, int] | None = None) -> Vec:
        """``pos`` moved so that the label stays inside the window all the way up ("+1 trick" said at a
        seat along the top edge rose out of it)."""
        table = self.table
        margin = 2 * table.u
        x, y = pos
        start, end = self._rising(text, 0.6, pos, 0.0, dims), self._rising(text, 0.6, pos, 1.0, dims)
        y += max(0.0, margin - end.top) - max(0.0, start.bottom - (table.H - margin))
        x += max(0.0, margin - start.left) - max(0.0, start.right - (table.W - margin))
        return x, y

    def float_rect(self, text: str, size: float, pos: Vec, progress: float) -> pygame.Rect:
        """Where a floating label is drawn at ``progress`` of its rise (inside the window)."""
        return self._rising(text, size, pos, progress).clamp(self._window())

    def _window(self) -> pygame.Rect:
        table = self.table
        margin = round(2 * table.u)  # a label said near an edge stops there (one not placed by float_text too)
        return pygame.Rect(margin, margin, table.W - 2 * margin, table.H - 2 * margin)

    def _rising(self, text: str, size: float, pos: Vec, progress: float,
                dims: tuple[int, int] | None = None) -> pygame.Rect:
        """The label at ``progress`` of its rise (``dims``: the size of its image, when known)."""
        u = self.table.u
        w, h = dims or self.table.ink.text(text, 40 * u * size, INK).get_size()
        return pygame.Rect(round(pos[0]) - w // 2, round(pos[1] - 40 * u * progress) - h // 2, w, h)  # (centred)

    def showing(self) -> list[pygame.Rect]:
        """Where the banners (whole, at full size) and the rising labels are now."""
        table, out = self.table, []
        for effect in self.effects.items:
            if effect.kind == "banner":
                image = self._banner_image(effect.text, 84 * table.u * effect.size, effect.colour)
                out.append(image.get_rect(center=(round(table.W / 2), round(table.banner_y()))))
            elif effect.kind == "float":
                out.append(self.float_rect(effect.text, effect.size, effect.pos, effect.progress))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        table, ink = self.table, self.table.ink
        for effect in self.effects.items:
            p = effect.progress
            if effect.kind == "banner":
                scale = round(0.7 + 0.3 * min(1.0, p * 6), 1)
                fade = 1.0 if p < 0.7 else max(0.0, (1 - p) / 0.3)
                image = self._banner_image(effect.text, 84 * table.u * effect.size, effect.colour, scale)
                rect = image.get_rect(center=(round(table.W / 2), round(table.banner_y())))
                ink.blit_faded(surface, image, rect, fade)
                layout.report("overlay", rect, f"banner {effect.text}")
            elif effect.kind == "float":
                px = 40 * table.u * effect.size
                image = ink.text(effect.text, px, effect.colour)
                rect = self.float_rect(effect.text, effect.size, effect.pos, p)
                ink.blit_faded(surface, image, rect, 1 - p)
                layout.report("badge", rect, f"rising {effect.text}")
            elif effect.kind == "flash":  # a brightening of the whole table: an additive fill is one fast pass
                light = round(60 * (1 - p))
                surface.fill((light, light, light), special_flags=pygame.BLEND_RGB_ADD)

    def _banner_image(self, text: str, px: float, colour: Colour, scale: float = 1.0) -> pygame.Surface:
        """A banner's text on its dark panel, composed once (one blit a frame, not two); the smaller
        steps of its pop-in are that image scaled down, not text set again at three more sizes (new
        font sizes cost milliseconds the first time)."""
        key = (text, round(px), colour, scale)
        image = self._banners.get(key)
        if image is None:
            if len(self._banners) > 80:
                self._banners.clear()
            if scale != 1.0:
                full = self._banner_image(text, px, colour)
                size = (max(1, round(full.get_width() * scale)), max(1, round(full.get_height() * scale)))
                image = pygame.transform.smoothscale(full, size)
            else:
                u, ink = self.table.u, self.table.ink
                words = ink.text(text, px, colour)
                image = ink.panel((words.get_width() + round(60 * u), words.get_height() + round(24 * u)),
                                  (0, 0, 0, 150)).copy()
                image.blit(words, words.get_rect(center=image.get_rect().center))
            self._banners[key] = image
        return image
