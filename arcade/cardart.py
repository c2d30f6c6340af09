"""Card art drawn procedurally at the size it is shown: faces, backs, empty-pile slots, highlights.

Every surface is drawn with ``pygame.draw`` and the shipped Noto Sans at twice (or three times) the requested
size and smooth-scaled down once, which anti-aliases edges, pips and letters. Surfaces are cached per
(card, size); when the window changes size the tables ask for the new size and get freshly drawn
faces, never a stretched bitmap.

>>> import pygame
>>> art = CardArt(four_colour=True)
>>> art.face("QH", (70, 98)).get_size()
(70, 98)
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import pygame

from cardtable.arcade import figures, fonts

RANK_TEXT = {"T": "10"}
RANK_ORDER = "A23456789TJQK"
RED = (200, 24, 44)
BLACK = (22, 22, 26)
BLUE = (24, 84, 200)
GREEN = (18, 128, 54)
PAPER = (252, 251, 246)
EDGE = (120, 120, 128)
ASPECT = 0.714  # width / height of a poker-size card (63 x 88 mm)

Point = tuple[float, float]


def card_size(height: int) -> tuple[int, int]:
    """A card of ``height`` pixels, in poker proportions."""
    height = max(16, int(height))
    return (max(12, round(height * ASPECT)), height)


def _heart(surface: pygame.Surface, colour: tuple[int, int, int], cx: float, cy: float, s: float, flip: bool) -> None:
    sign = -1 if flip else 1
    r = s * 0.27
    for dx in (-0.23, 0.23):
        pygame.draw.circle(surface, colour, (cx + dx * s, cy - sign * 0.16 * s), r)
    pygame.draw.polygon(
        surface,
        colour,
        [
            (cx - 0.49 * s, cy - sign * 0.08 * s),
            (cx + 0.49 * s, cy - sign * 0.08 * s),
            (cx, cy + sign * 0.48 * s),
        ],
    )


def _diamond(surface: pygame.Surface, colour: tuple[int, int, int], cx: float, cy: float, s: float, flip: bool) -> None:
    pygame.draw.polygon(
        surface,
        colour,
        [(cx, cy - 0.5 * s), (cx + 0.38 * s, cy), (cx, cy + 0.5 * s), (cx - 0.38 * s, cy)],
    )


def _stem(surface: pygame.Surface, colour: tuple[int, int, int], cx: float, cy: float, s: float, sign: int) -> None:
    pygame.draw.polygon(
        surface,
        colour,
        [(cx, cy + sign * 0.05 * s), (cx + 0.17 * s, cy + sign * 0.5 * s), (cx - 0.17 * s, cy + sign * 0.5 * s)],
    )


def _spade(surface: pygame.Surface, colour: tuple[int, int, int], cx: float, cy: float, s: float, flip: bool) -> None:
    sign = -1 if flip else 1
    r = s * 0.25
    for dx in (-0.22, 0.22):
        pygame.draw.circle(surface, colour, (cx + dx * s, cy + sign * 0.1 * s), r)
    pygame.draw.polygon(
        surface,
        colour,
        [
            (cx - 0.46 * s, cy + sign * 0.04 * s),
            (cx + 0.46 * s, cy + sign * 0.04 * s),
            (cx, cy - sign * 0.5 * s),
        ],
    )
    _stem(surface, colour, cx, cy, s, sign)


def _club(surface: pygame.Surface, colour: tuple[int, int, int], cx: float, cy: float, s: float, flip: bool) -> None:
    sign = -1 if flip else 1
    r = s * 0.21
    pygame.draw.circle(surface, colour, (cx, cy - sign * 0.24 * s), r)
    pygame.draw.circle(surface, colour, (cx - 0.24 * s, cy + sign * 0.09 * s), r)
    pygame.draw.circle(surface, colour, (cx + 0.24 * s, cy + sign * 0.09 * s), r)
    pygame.draw.circle(surface, colour, (cx, cy + sign * 0.02 * s), r * 0.6)
    _stem(surface, colour, cx, cy, s, sign)


SHAPES: dict[str, Callable[..., None]] = {"S": _spade, "H": _heart, "D": _diamond, "C": _club}

# Pip centres for the number cards, in a unit box (x: 0 left .. 1 right, y: 0 top .. 1 bottom).
_L, _M, _R = 0.0, 0.5, 1.0
PIPS: dict[int, list[Point]] = {
    1: [(_M, 0.5)],
    2: [(_M, 0.0), (_M, 1.0)],
    3: [(_M, 0.0), (_M, 0.5), (_M, 1.0)],
    4: [(_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)],
    5: [(_L, 0.0), (_R, 0.0), (_M, 0.5), (_L, 1.0), (_R, 1.0)],
    6: [(_L, 0.0), (_R, 0.0), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)],
    7: [(_L, 0.0), (_R, 0.0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)],
    8: [(_L, 0.0), (_R, 0.0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_M, 0.75), (_L, 1.0), (_R, 1.0)],
    9: [(_L, 0.0), (_R, 0.0), (_L, 1 / 3), (_R, 1 / 3), (_M, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1.0), (_R, 1.0)],
    10: [
        (_L, 0.0), (_R, 0.0), (_M, 1 / 6), (_L, 1 / 3), (_R, 1 / 3),
        (_L, 2 / 3), (_R, 2 / 3), (_M, 5 / 6), (_L, 1.0), (_R, 1.0),
    ],
}


PREMULTIPLIED = pygame.BLEND_PREMULTIPLIED  # how :meth:`CardArt.shadowed`'s images are blitted


def dimming(size: tuple[int, int]) -> pygame.Surface:
    """The shade over a card that cannot be played (blit at the card's corner)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, (10, 20, 15, 110), surface.get_rect(), border_radius=round(size[0] * 0.08))
    return surface


class SurfaceCache:
    """Surfaces drawn once per (size, key) and fonts per pixel height, shared by the card-art classes.

    Only the surfaces of the last ``max_sizes`` sizes are kept, so resizing the window does not grow
    memory without bound.
    """

    max_sizes = 16

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._cache: OrderedDict[tuple[int, int], dict[tuple, pygame.Surface]] = OrderedDict()
        self.epoch = 0  # counts the times surfaces were dropped: while it stays, a key gives the same surface

    def clear(self) -> None:
        self._cache.clear()
        self.epoch += 1

    def _get(self, size: tuple[int, int], key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        size = (int(size[0]), int(size[1]))
        bucket = self._cache.get(size)
        if bucket is None:
            bucket = self._cache[size] = {}
            while len(self._cache) > self.max_sizes:
                self._cache.popitem(last=False)
                self.epoch += 1
        else:
            self._cache.move_to_end(size)
        surface = bucket.get(key)
        if surface is None:
            surface = bucket[key] = make()
        return surface

    def has(self, size: tuple[int, int], key: tuple) -> bool:
        """Whether the surface ``key`` at ``size`` is drawn already (no drawing, no reordering)."""
        bucket = self._cache.get((int(size[0]), int(size[1])))
        return bucket is not None and key in bucket

    def stand_in(self, size: tuple[int, int], key: tuple) -> pygame.Surface | None:
        """``key`` drawn at another size, scaled to ``size`` (a quick stand-in while the real one waits
        its turn to be drawn); None when it is drawn at no size yet."""
        size = (int(size[0]), int(size[1]))
        here = self._cache.get(size)
        made = here.get(("stand-in", *key)) if here is not None else None
        if made is not None:
            return made
        for other, bucket in reversed(self._cache.items()):
            found = bucket.get(key)
            if found is not None and other != size:
                scaled = pygame.transform.scale(found, size)  # plain scaling: it shows for a few ticks only
                return self._get(size, ("stand-in", *key), lambda image=scaled: image)
        return None

    def shadowed(self, code: str | None, size: tuple[int, int], flipped: bool, offset: tuple[int, int],
                 glow: tuple[int, int, int] | None = None, dim: bool = False) -> pygame.Surface:
        """The card (face, or back for None) on its drop shadow, ``offset`` pixels down-right, as one
        surface: a card on the felt is one blit a frame, not two. Blit it at the card's corner minus
        ``glow_pad(size)``, with ``special_flags=PREMULTIPLIED``: its colours are premultiplied by
        their alpha, which pygame-ce blends in about 60% of the time of a plain alpha blit (11 us
        against 19 for a card at 1920x1080), and the cards are most of what a frame blits. With
        ``glow`` the card's halo lies between the shadow and the card, and ``dim`` darkens the card (a
        card that cannot be played): a hand whose cards light up when its turn comes is repainted with
        one blit a card, not four (see :meth:`lit_key`). Needs the subclass's ``card``, ``shadow``,
        ``glow`` and ``glow_pad``."""
        def make() -> pygame.Surface:
            t: Any = self
            pad = t.glow_pad(size)
            shadow = t.shadow(size)
            out = pygame.Surface((shadow.get_width() + offset[0], shadow.get_height() + offset[1]), pygame.SRCALPHA)
            card = t.card(code, size, flipped)
            if glow is None and not dim:
                out.blit(shadow, offset)
                out.blit(card, (pad, pad))
                return (out.convert_alpha() if pygame.display.get_surface() is not None else out).premul_alpha()
            layers = [(shadow, offset), (t.glow(size, glow), (0, 0))] if glow is not None else [(shadow, offset)]
            layers += [(card, (pad, pad))] + ([(dimming(size), (pad, pad))] if dim else [])
            for image, at in layers:  # each over the last, premultiplied: the pixels of drawing them in turn
                out.blit(image.premul_alpha(), at, special_flags=PREMULTIPLIED)
            return out.convert_alpha() if pygame.display.get_surface() is not None else out

        return self._get(size, self.lit_key(code, flipped, offset, glow, dim), make)

    @staticmethod
    def lit_key(code: str | None, flipped: bool, offset: tuple[int, int], glow: tuple[int, int, int] | None = None,
                dim: bool = False) -> tuple:
        """The cache key of :meth:`shadowed`'s image (``has(size, key)``: drawn already)."""
        if glow is None and not dim:
            return ("shadowed", code, flipped, offset)
        return ("shadowed", code, flipped, offset, glow, dim)

    @staticmethod
    def _flip(surface: pygame.Surface, flipped: bool) -> pygame.Surface:
        return pygame.transform.rotate(surface, 180) if flipped else surface

    @staticmethod
    def _font(px: float) -> pygame.font.Font:
        """Bold Noto Sans for text of size ``px`` (the tables' scale, see :mod:`cardtable.arcade.fonts`)."""
        return fonts.line_font(max(6, round(px)))


class CardArt(SurfaceCache):
    """Cached, procedurally drawn card surfaces.

    ``four_colour`` draws diamonds blue and clubs green. ``back_colour`` picks the back's main colour.
    """

    def __init__(
        self,
        four_colour: bool = False,
        back_colour: tuple[int, int, int] = (30, 64, 140),
    ) -> None:
        super().__init__()
        self.four_colour = four_colour
        self.back_colour = back_colour

    # -- public ---------------------------------------------------------------------------------

    def set_four_colour(self, on: bool) -> None:
        if on != self.four_colour:
            self.four_colour = on
            self.clear()

    def suit_colour(self, suit: str) -> tuple[int, int, int]:
        if self.four_colour:
            return {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}[suit]
        return RED if suit in "HD" else BLACK

    def face(self, code: str, size: tuple[int, int], flipped: bool = False) -> pygame.Surface:
        """The face of ``code`` at ``size``; ``flipped`` turns it 180 degrees (the far side of a table)."""
        return self._get(size, ("face", code, flipped), lambda: self._flip(self._draw_face(code, size), flipped))

    def back(self, size: tuple[int, int], flipped: bool = False) -> pygame.Surface:
        return self._get(size, ("back", flipped), lambda: self._flip(self._draw_back(size), flipped))

    def card(self, code: str | None, size: tuple[int, int], flipped: bool = False) -> pygame.Surface:
        """A face, or the back when ``code`` is None."""
        return self.back(size, flipped) if code is None else self.face(code, size, flipped)

    def blank(self, size: tuple[int, int]) -> pygame.Surface:
        """Plain card paper: the edges of cards lying under a pile's top card."""
        return self._get(size, ("blank",), lambda: self._finish(self._blank(size, self._scale(size))[0], size))

    def slot(self, size: tuple[int, int]) -> pygame.Surface:
        """An empty place for a pile: a dashed, rounded outline on the felt."""
        return self._get(size, ("slot",), lambda: self._draw_slot(size))

    def glow(self, size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
        """A soft halo a little larger than a card (blit at the card's position minus ``glow_pad``)."""
        return self._get(size, ("glow", colour), lambda: self._draw_glow(size, colour))

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        return self._get(size, ("shadow",), lambda: self._draw_glow(size, (0, 0, 0), 70))

    @staticmethod
    def glow_pad(size: tuple[int, int]) -> int:
        return max(4, size[1] // 13)

    def pip(self, suit: str, px: int) -> pygame.Surface:
        """A single suit symbol ``px`` pixels high (labels: trump, led suit)."""
        return self._get((px, px), ("pip", suit), lambda: self._draw_pip(suit, px))


    @staticmethod
    def _scale(size: tuple[int, int]) -> int:
        return 3 if size[1] < 90 else 2

    # -- drawing --------------------------------------------------------------------------------

    def _blank(self, size: tuple[int, int], k: int) -> tuple[pygame.Surface, int]:
        w, h = size[0] * k, size[1] * k
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, round(w * 0.08))
        pygame.draw.rect(surface, EDGE, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surface, PAPER, (k, k, w - 2 * k, h - 2 * k), border_radius=max(1, radius - k))
        return surface, radius

    def _finish(self, surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        small = pygame.transform.smoothscale(surface, size)
        return small.convert_alpha() if pygame.display.get_surface() is not None else small

    @staticmethod
    def _text(text: str, px: float, colour: tuple[int, int, int]) -> pygame.Surface:
        return fonts.line(text, max(6, round(px)), colour)

    def _draw_face(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        if code in ("BJ", "RJ", "JK"):
            return self._draw_joker(code, size)
        if len(code) != 2 or code[0] not in RANK_ORDER or code[1] not in SHAPES:
            return self._draw_other(code, size)
        k = self._scale(size)
        surface, _ = self._blank(size, k)
        w, h = surface.get_size()
        rank, suit = code[0], code[1]
        colour = self.suit_colour(suit)
        shape = SHAPES[suit]
        compact = size[1] < 84
        index_px = h * (0.3 if compact else 0.17)
        label = RANK_TEXT.get(rank, rank)
        text = self._text(label, index_px, colour)
        if label == "10":
            text = pygame.transform.smoothscale(text, (round(text.get_width() * 0.8), text.get_height()))
        margin = w * 0.045
        col_w = max(text.get_width(), w * (0.22 if compact else 0.15))
        cx = margin + col_w / 2
        top = h * 0.035
        pip_s = h * (0.15 if compact else 0.09)
        corner = self._corner(text, colour, shape, cx, top, pip_s, (w, h))
        surface.blit(corner, (0, 0))
        if not compact:  # the same index turned, in the opposite corner
            surface.blit(pygame.transform.rotate(corner, 180), (w - corner.get_width(), h - corner.get_height()))
        if compact and rank in "JQK":
            self._court_bust(surface, rank, colour, pygame.Rect(round(w * 0.3), round(h * 0.3), round(w * 0.68),
                                                               round(h * 0.68)))
        elif compact:
            shape(surface, colour, w * 0.64, h * 0.66, min(w, h) * 0.5, False)
        elif rank in "JQK":
            self._court(surface, rank, colour, shape, col_w + margin * 1.6)
        else:
            value = "A23456789T".index(rank) + 1
            pip = h * (0.3 if value == 1 else 0.125)
            if value == 1 and suit == "S":
                pip = h * 0.36
            box_l = col_w + margin * 1.5 + pip * 0.45
            box_r = w - box_l
            box_t, box_b = h * 0.15, h * 0.85
            for px, py in PIPS[value]:
                x = box_l + (box_r - box_l) * px
                y = box_t + (box_b - box_t) * py
                shape(surface, colour, x, y, pip, py > 0.5)
        return self._finish(surface, size)

    @staticmethod
    def _corner(text: pygame.Surface, colour: tuple[int, int, int], shape: Callable[..., None], cx: float,
                top: float, pip_s: float, size: tuple[int, int]) -> pygame.Surface:
        """A face's index (rank over suit) on a transparent surface that starts at the card's corner and
        reaches just past it: drawn where it would be on a surface the card's size, with the same
        pixels, and turned about the card's centre as blitted in the opposite corner. (A surface the
        card's size each, and turning one, made most of a face's 0.6-0.8 ms at 1920x1080.)"""
        reach = max(text.get_width() / 2, pip_s * 0.6)  # a pip's shapes stay within 0.5 of its size
        width = min(size[0], math.ceil(cx + reach) + 4)
        height = min(size[1], math.ceil(top + text.get_height() * 0.9 + pip_s * 1.1) + 4)
        corner = pygame.Surface((width, height), pygame.SRCALPHA)
        corner.blit(text, (cx - text.get_width() / 2, top))
        shape(corner, colour, cx, top + text.get_height() * 0.9 + pip_s / 2, pip_s, False)
        return corner

    def _court(self, surface: pygame.Surface, rank: str, colour: tuple[int, int, int], shape: Callable[..., None],
               inset: float) -> None:
        """A framed court panel: the double-headed figure (see :mod:`cardtable.arcade.figures`) on a
        pale field of the suit's colour, the suit's pip in two corners of the frame."""
        w, h = surface.get_size()
        frame = pygame.Rect(round(inset), round(h * 0.1), round(w - 2 * inset), round(h * 0.8))
        tint = tuple(min(255, c + (255 - c) * 0.88) for c in colour)
        radius = round(w * 0.04)
        pygame.draw.rect(surface, tint, frame, border_radius=radius)
        inner = frame.inflate(-max(2, w // 60) * 2, -max(2, w // 60) * 2)
        figure = pygame.Surface(inner.size, pygame.SRCALPHA)
        figures.court(figure, figure.get_rect(), rank, colour)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)  # keep the figure inside the rounded frame
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(1, radius - 2))
        figure.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(figure, inner)
        pygame.draw.rect(surface, colour, frame, width=max(2, w // 60), border_radius=radius)
        s = frame.width * 0.17
        shape(surface, colour, frame.left + s * 0.8, frame.top + s * 0.8, s, False)
        shape(surface, colour, frame.right - s * 0.8, frame.bottom - s * 0.8, s, True)

    def _court_bust(self, surface: pygame.Surface, rank: str, colour: tuple[int, int, int], box: pygame.Rect) -> None:
        """A small card's court: the figure's upper half alone, big enough to tell K, Q and J apart."""
        half = pygame.Surface(box.size, pygame.SRCALPHA)
        figures.court_half(half, half.get_rect(), rank, colour)
        surface.blit(half, box)

    def _draw_other(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        """A card that is not French (hwatu ``04A``, bonus ``J2``...): its code, clearly lettered."""
        k = self._scale(size)
        surface, _ = self._blank(size, k)
        w, h = surface.get_size()
        month, kind = (code[:2], code[2:]) if code[:2].isdigit() else (code, "")
        colour = {"B": (190, 40, 40), "A": (40, 90, 160), "R": (180, 60, 140), "D": (30, 120, 60)}.get(
            kind[:1], BLACK)
        big = self._text(month, h * 0.34, colour)
        surface.blit(big, big.get_rect(center=(w / 2, h * 0.4)))
        label = {"B": "bright", "A": "animal", "R": "ribbon", "P": "junk", "D": "double"}.get(kind[:1], kind)
        if label:
            small = self._text(label, h * 0.13, colour)
            surface.blit(small, small.get_rect(center=(w / 2, h * 0.72)))
        return self._finish(surface, size)

    def _draw_joker(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        k = self._scale(size)
        surface, _ = self._blank(size, k)
        w, h = surface.get_size()
        colour = {"BJ": BLACK, "RJ": RED, "JK": (110, 40, 150)}[code]
        compact = size[1] < 84
        px = h * (0.15 if compact else 0.11)
        y = h * 0.04
        for letter in "JOKER":
            glyph = self._text(letter, px, colour)
            surface.blit(glyph, (w * 0.07 + (px * 0.75 - glyph.get_width()) / 2, y))
            y += glyph.get_height() * 0.78
        side = w * (0.74 if compact else 0.7)
        box = pygame.Rect(0, 0, round(side), round(side * 1.05))
        box.center = (round(w * 0.6), round(h * (0.6 if compact else 0.55)))
        figures.jester(surface, box, colour, big=code != "BJ")
        if not compact:  # the small jester again, turned, like a court card's second head
            small = pygame.Surface((round(w * 0.3), round(w * 0.32)), pygame.SRCALPHA)
            figures.jester(small, small.get_rect(), colour, big=code != "BJ")
            surface.blit(pygame.transform.rotate(small, 180), (round(w * 0.05), round(h * 0.95 - small.get_height())))
        return self._finish(surface, size)

    def _draw_back(self, size: tuple[int, int]) -> pygame.Surface:
        k = self._scale(size)
        surface, radius = self._blank(size, k)
        w, h = surface.get_size()
        base = self.back_colour
        light = tuple(min(255, c + 45) for c in base)
        inset = round(w * 0.07)
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        pygame.draw.rect(surface, base, inner, border_radius=max(1, radius - inset // 2))
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        step = max(6 * k, inner.width // 7)
        line = max(1, k)
        for x in range(-inner.height, inner.width + inner.height, step):
            pygame.draw.line(pattern, light, (x, 0), (x + inner.height, inner.height), line)
            pygame.draw.line(pattern, light, (x + inner.height, 0), (x, inner.height), line)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(1, radius - inset // 2))
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(pattern, inner.topleft)
        oval = inner.inflate(-inner.width * 0.45, -inner.height * 0.62)
        pygame.draw.ellipse(surface, base, oval)
        pygame.draw.ellipse(surface, PAPER, oval, max(1, k * 2))
        d = oval.height * 0.28
        pygame.draw.polygon(surface, PAPER, [(oval.centerx, oval.centery - d), (oval.centerx + d * 0.75, oval.centery),
                                             (oval.centerx, oval.centery + d), (oval.centerx - d * 0.75, oval.centery)])
        pygame.draw.rect(surface, PAPER, inner, width=max(1, k), border_radius=max(1, radius - inset // 2))
        return self._finish(surface, size)

    def _draw_slot(self, size: tuple[int, int]) -> pygame.Surface:
        k = 2
        w, h = size[0] * k, size[1] * k
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = round(w * 0.08)
        pygame.draw.rect(surface, (0, 0, 0, 40), (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surface, (235, 245, 235, 110), (0, 0, w, h), width=max(2, k * 2), border_radius=radius)
        return self._finish(surface, size)

    def _draw_glow(self, size: tuple[int, int], colour: tuple[int, int, int], strength: int = 255) -> pygame.Surface:
        pad = self.glow_pad(size)
        w, h = size[0] + 2 * pad, size[1] + 2 * pad
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = round(size[0] * 0.08)
        for i in range(pad, 0, -1):
            alpha = round(strength * (1 - i / (pad + 1)) ** 1.2)
            rect = pygame.Rect(pad - i, pad - i, size[0] + 2 * i, size[1] + 2 * i)
            pygame.draw.rect(surface, (*colour, alpha), rect, width=2, border_radius=radius + i)
        return surface

    def _draw_pip(self, suit: str, px: int) -> pygame.Surface:
        k = 4
        surface = pygame.Surface((px * k, px * k), pygame.SRCALPHA)
        SHAPES[suit](surface, self.suit_colour(suit), px * k / 2, px * k / 2, px * k * 0.95, False)
        return pygame.transform.smoothscale(surface, (px, px))
