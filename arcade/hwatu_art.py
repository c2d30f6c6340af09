"""Hwatu (Korean flower card) faces drawn procedurally: 48 month cards and the two jokers, by code.

A face is cream paper inside a red frame (the colour of real hwatu edges) with the month's picture
after the traditional designs (:mod:`cardtable.arcade.hwatu_scenes`: the pine and the crane under the
sun, the cherry curtain, the moon over the pampas hill, the rain man...); the month number sits in the
top-left corner. The kind is also marked so it reads at a glance, even on small cards:

- bright (``B``): a gold star badge;
- animal (``A``): a brown "A" badge;
- ribbon (``R``): a vertical ribbon across the card, red, red with poem strokes, or blue, and an "R";
- junk (``P``): the plant alone;
- double junk (``D``): a big "x2" badge;
- jokers (``J2``, ``J3``): gold cards with "+2" / "+3".

Surfaces are drawn at 2-3x and smooth-scaled once, cached per (code, size) like :class:`CardArt`, whose
shadows, glows and slots are reused (hwatu cards are narrower: :func:`hwatu_size`).
"""

from __future__ import annotations

import math

import pygame

from cardtable.arcade import hwatu_scenes
from cardtable.arcade.cardart import CardArt, SurfaceCache
from cardtable.engine import hwatu

ASPECT = 0.64  # width / height of a hwatu card
PAPER = (250, 244, 228)
FRAME = (176, 30, 36)
INK = (30, 26, 24)
GOLD = (236, 184, 52)

MONTH_COLOURS: dict[str, tuple[int, int, int]] = {
    "01": (34, 120, 60), "02": (206, 52, 96), "03": (236, 120, 160), "04": (120, 80, 170),
    "05": (70, 90, 190), "06": (200, 40, 60), "07": (170, 60, 110), "08": (150, 130, 70),
    "09": (220, 160, 30), "10": (210, 80, 30), "11": (90, 60, 120), "12": (70, 80, 100),
}
KIND_NAMES: dict[str, str] = {"B": "bright", "A": "animal", "R": "ribbon", "P": "junk", "D": "double junk",
                              "J": "joker"}
KIND_COLOURS: dict[str, tuple[int, int, int]] = {
    "B": (236, 184, 52), "A": (150, 96, 50), "R": (210, 50, 50), "P": (150, 150, 140), "D": (120, 60, 160),
    "J": (236, 184, 52),
}


def hwatu_size(height: int) -> tuple[int, int]:
    """A hwatu card ``height`` pixels high."""
    height = max(16, int(height))
    return (max(10, round(height * ASPECT)), height)


def kind_colour(card: str) -> tuple[int, int, int]:
    return KIND_COLOURS.get(hwatu.kind(card), (150, 150, 140)) if hwatu.is_card(card) else (150, 150, 140)


def _shade(colour: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    if f >= 0:
        return tuple(round(c + (255 - c) * f) for c in colour)  # type: ignore[return-value]
    return tuple(round(c * (1 + f)) for c in colour)  # type: ignore[return-value]


class HwatuArt(SurfaceCache):
    """Hwatu faces and backs; anything else (shadows, glows, slots, French faces) comes from ``base``."""

    max_sizes = 12

    def __init__(self, base: CardArt | None = None) -> None:
        super().__init__()
        self.base = base if base is not None else CardArt()

    # -- the CardArt surface a table uses -------------------------------------------------------

    def face(self, code: str, size: tuple[int, int], flipped: bool = False) -> pygame.Surface:
        if not hwatu.is_card(code):
            return self.base.face(code, size, flipped)
        return self._get(size, ("face", code, flipped), lambda: self._flip(self._draw_face(code, size), flipped))

    def back(self, size: tuple[int, int], flipped: bool = False) -> pygame.Surface:
        return self._get(size, ("back", flipped), lambda: self._draw_back(size))

    def card(self, code: str | None, size: tuple[int, int], flipped: bool = False) -> pygame.Surface:
        return self.back(size, flipped) if code is None else self.face(code, size, flipped)

    def glow(self, size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
        return self.base.glow(size, colour)

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        return self.base.shadow(size)

    def glow_pad(self, size: tuple[int, int]) -> int:
        return self.base.glow_pad(size)

    def slot(self, size: tuple[int, int]) -> pygame.Surface:
        return self.base.slot(size)

    def blank(self, size: tuple[int, int]) -> pygame.Surface:
        return self.base.blank(size)

    def pip(self, suit: str, px: int) -> pygame.Surface:
        return self.base.pip(suit, px)


    @staticmethod
    def _scale(size: tuple[int, int]) -> int:
        return 3 if size[1] < 90 else 2

    def _finish(self, surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        small = pygame.transform.smoothscale(surface, (int(size[0]), int(size[1])))
        return small.convert_alpha() if pygame.display.get_surface() is not None else small

    def _paper(self, size: tuple[int, int], k: int, frame: tuple[int, int, int] = FRAME,
               paper: tuple[int, int, int] = PAPER) -> tuple[pygame.Surface, pygame.Rect]:
        w, h = int(size[0]) * k, int(size[1]) * k
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, round(w * 0.09))
        pygame.draw.rect(surface, (60, 20, 20), (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surface, frame, (k, k, w - 2 * k, h - 2 * k), border_radius=max(1, radius - k))
        inset = max(2 * k, round(w * 0.07))
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        pygame.draw.rect(surface, paper, inner, border_radius=max(1, radius - inset // 2))
        return surface, inner

    # -- drawing --------------------------------------------------------------------------------

    def _draw_back(self, size: tuple[int, int]) -> pygame.Surface:
        k = self._scale(size)
        surface, inner = self._paper(size, k, frame=(120, 16, 24), paper=(168, 24, 34))
        w = inner.width
        step = max(4 * k, w // 5)
        for y in range(inner.top + step // 2, inner.bottom, step):
            for x in range(inner.left + step // 2, inner.right, step):
                pygame.draw.circle(surface, (196, 52, 58), (x, y), step * 0.32)
        pygame.draw.rect(surface, (220, 180, 90), inner, max(1, k), border_radius=max(1, k * 3))
        return self._finish(surface, size)

    def _draw_face(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        k = self._scale(size)
        if hwatu.is_joker(code):
            return self._draw_joker(code, size, k)
        surface, inner = self._paper(size, k)
        month = hwatu.month(code)
        kind = hwatu.kind(code)
        colour = MONTH_COLOURS[month]
        clip = surface.get_clip()
        surface.set_clip(inner)
        hwatu_scenes.scene(surface, inner, code)
        if kind == "R":
            self._ribbon(surface, inner, code)
        surface.set_clip(clip)
        self._corner(surface, inner, month, colour)
        self._badge(surface, inner, kind)
        return self._finish(surface, size)

    def _corner(self, surface: pygame.Surface, inner: pygame.Rect, month: str, colour: tuple[int, int, int]) -> None:
        r = inner.width * 0.2
        cx, cy = inner.left + r * 1.05, inner.top + r * 1.05
        pygame.draw.circle(surface, (255, 255, 255), (cx, cy), r * 1.08)
        pygame.draw.circle(surface, colour, (cx, cy), r)
        text = self._font(r * 1.55).render(str(int(month)), True, (255, 255, 255))
        surface.blit(text, text.get_rect(center=(round(cx), round(cy + r * 0.06))))

    def _badge(self, surface: pygame.Surface, inner: pygame.Rect, kind: str) -> None:
        """The kind marker in the bottom-right corner (none for plain junk)."""
        r = inner.width * 0.21
        self._badge_at(surface, (inner.right - r * 1.05, inner.bottom - r * 1.05), r, kind)

    def _badge_at(self, surface: pygame.Surface, centre: tuple[float, float], r: float, kind: str) -> None:
        cx, cy = centre
        if kind == "B":
            points = []
            for i in range(10):
                a = -math.pi / 2 + i * math.pi / 5
                rr = r * (1.15 if i % 2 == 0 else 0.55)
                points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
            pygame.draw.polygon(surface, (120, 60, 10), [(x + 2, y + 2) for x, y in points])
            pygame.draw.polygon(surface, GOLD, points)
        elif kind in ("A", "R"):
            pygame.draw.circle(surface, (255, 255, 255), (cx, cy), r * 1.08)
            pygame.draw.circle(surface, KIND_COLOURS[kind], (cx, cy), r)
            text = self._font(r * 1.6).render(kind, True, (255, 255, 255))
            surface.blit(text, text.get_rect(center=(round(cx), round(cy + r * 0.08))))
        elif kind == "D":
            box = pygame.Rect(0, 0, round(r * 2.6), round(r * 1.9))
            box.center = (round(cx - r * 0.3), round(cy))
            pygame.draw.rect(surface, (255, 255, 255), box.inflate(4, 4), border_radius=round(r * 0.5))
            pygame.draw.rect(surface, KIND_COLOURS["D"], box, border_radius=round(r * 0.45))
            text = self._font(r * 1.7).render("x2", True, (255, 255, 255))
            surface.blit(text, text.get_rect(center=(box.centerx, box.centery + round(r * 0.08))))

    def badge(self, kind: str, px: int) -> pygame.Surface:
        """The corner marker of ``kind`` (B, A, R, D) alone, ``px`` high (legends); a little wider for D."""
        def draw() -> pygame.Surface:
            k = 4
            w = round(px * (1.5 if kind == "D" else 1.0))
            surface = pygame.Surface((w * k, px * k), pygame.SRCALPHA)
            r = px * k / 2.4
            self._badge_at(surface, (w * k / 2 + (r * 0.3 if kind == "D" else 0), px * k / 2), r, kind)
            return self._finish(surface, (w, px))

        return self._get((px, px), ("badge", kind), draw)

    def _draw_joker(self, code: str, size: tuple[int, int], k: int) -> pygame.Surface:
        surface, inner = self._paper(size, k, frame=(150, 110, 20), paper=(252, 236, 180))
        cx, cy = inner.center
        r = inner.width * 0.38
        for i in range(12):
            a = i * math.pi / 6
            pygame.draw.line(surface, GOLD, (cx, cy), (cx + r * 1.4 * math.cos(a), cy + r * 1.4 * math.sin(a)),
                             max(1, k * 2))
        pygame.draw.circle(surface, (210, 60, 40), (cx, cy), r)
        pygame.draw.circle(surface, GOLD, (cx, cy), r, max(1, k * 2))
        value = code[1]
        text = self._font(r * 1.5).render(f"+{value}", True, (255, 255, 255))
        surface.blit(text, text.get_rect(center=(round(cx), round(cy + r * 0.06))))
        label = self._font(inner.width * 0.22).render("BONUS", True, (120, 80, 10))
        surface.blit(label, label.get_rect(midtop=(cx, inner.top + inner.height * 0.05)))
        label = self._font(inner.width * 0.2).render("junk", True, (120, 80, 10))
        surface.blit(label, label.get_rect(midbottom=(cx, inner.bottom - inner.height * 0.04)))
        return self._finish(surface, size)

    # -- kinds ----------------------------------------------------------------------------------

    def _ribbon(self, surface: pygame.Surface, inner: pygame.Rect, code: str) -> None:
        colour = (40, 70, 170) if code in hwatu.BLUE else (205, 36, 40)
        w = inner.width * 0.3
        x = inner.centerx - w / 2 + inner.width * 0.06
        top = inner.top + inner.height * 0.14
        bottom = inner.top + inner.height * 0.74
        points = [(x, top), (x + w, top + w * 0.2), (x + w, bottom), (x + w * 0.5, bottom - w * 0.35), (x, bottom)]
        pygame.draw.polygon(surface, _shade(colour, -0.4), [(px + 2, py + 2) for px, py in points])
        pygame.draw.polygon(surface, colour, points)
        if code in hwatu.RED_POEM:  # black poem strokes
            for i in range(4):
                y = top + (bottom - top) * (0.18 + i * 0.16)
                pygame.draw.line(surface, INK, (x + w * 0.3, y), (x + w * 0.7, y + w * 0.12), max(1, round(w * 0.12)))


def contact_sheet(art: HwatuArt, height: int = 120, columns: int = 10) -> pygame.Surface:
    """Every hwatu card at ``height`` on one surface (for looking at the art)."""
    codes = list(hwatu.CARDS) + list(hwatu.JOKERS)
    size = hwatu_size(height)
    pad = 8
    rows = (len(codes) + columns - 1) // columns
    sheet = pygame.Surface((columns * (size[0] + pad) + pad, rows * (size[1] + pad) + pad))
    sheet.fill((22, 96, 62))
    for i, code in enumerate(codes):
        sheet.blit(art.face(code, size), (pad + (i % columns) * (size[0] + pad), pad + (i // columns) * (size[1] + pad)))
    return sheet
