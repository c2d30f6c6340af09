"""The figures on court cards and jokers, drawn with ``pygame.draw`` in a box given in pixels.

A court card shows a bust, as real cards do: the king crowned and bearded with a sword behind him,
the queen with a tiara, long hair and a flower, the jack in a feathered cap with a halberd. The upper
half is drawn and then turned for the lower half (double-headed, so the card reads from either side).
The robe is in the suit's colour (four-colour suits included), trimmed in gold, with a second colour
for the collar and the cap. A joker is a jester's head in a three-pointed cap with bells: colourful for
the red (big) joker, black and grey for the black (small) one.

All coordinates are fractions of the box (u across, v down), so one drawing serves every size; the
card art draws at two or three times the size shown and smooth-scales once.
"""

from __future__ import annotations

import math

import pygame

Colour = tuple[int, int, int]

GOLD = (214, 170, 60)
GOLD_DARK = (150, 110, 30)
SKIN = (246, 214, 178)
INK = (40, 32, 30)
WHITE = (250, 250, 246)
STEEL = (196, 204, 214)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


class Box:
    """Fractions of a rectangle to pixels."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def p(self, u: float, v: float) -> tuple[float, float]:
        return (self.rect.left + u * self.rect.width, self.rect.top + v * self.rect.height)

    def poly(self, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [self.p(u, v) for u, v in points]

    def w(self, u: float) -> float:
        return u * self.rect.width

    def h(self, v: float) -> float:
        return v * self.rect.height

    def ellipse(self, cu: float, cv: float, ru: float, rv: float) -> pygame.Rect:
        x, y = self.p(cu - ru, cv - rv)
        return pygame.Rect(round(x), round(y), round(self.w(2 * ru)), round(self.h(2 * rv)))


def second_colour(colour: Colour) -> Colour:
    """The court's second colour: blue beside a red suit, red beside the others."""
    return (44, 72, 160) if colour[0] > colour[2] + 60 else (186, 40, 52)


def court_half(surface: pygame.Surface, rect: pygame.Rect, rank: str, colour: Colour) -> None:
    """The upper half of a court card's figure (``rank`` J, Q or K) in ``rect``, down to the waist."""
    b = Box(rect)
    line = max(1, round(b.w(0.012)))
    second = second_colour(colour)
    dark = _mix(colour, (0, 0, 0), 0.35)
    if rank == "K":  # the sword behind the king's shoulder
        pygame.draw.line(surface, STEEL, b.p(0.86, 0.02), b.p(0.74, 1.0), max(2, round(b.w(0.05))))
        pygame.draw.line(surface, GOLD, b.p(0.74, 0.2), b.p(0.98, 0.26), max(2, round(b.w(0.04))))
    elif rank == "J":  # the jack's halberd
        pygame.draw.line(surface, (120, 80, 40), b.p(0.14, 0.0), b.p(0.2, 1.0), max(2, round(b.w(0.035))))
        pygame.draw.polygon(surface, STEEL, b.poly([(0.15, 0.08), (0.02, 0.12), (0.04, 0.3), (0.16, 0.24)]))
        pygame.draw.polygon(surface, STEEL, b.poly([(0.13, -0.02), (0.16, -0.02), (0.15, 0.1)]))
    # robe and shoulders
    robe = [(0.1, 1.0), (0.13, 0.8), (0.26, 0.7), (0.74, 0.7), (0.87, 0.8), (0.9, 1.0)]
    pygame.draw.polygon(surface, colour, b.poly(robe))
    pygame.draw.polygon(surface, dark, b.poly(robe), line)
    if rank == "K":  # an ermine trim along the shoulders
        pygame.draw.polygon(surface, WHITE, b.poly([(0.13, 0.8), (0.26, 0.7), (0.74, 0.7), (0.87, 0.8),
                                                    (0.82, 0.86), (0.5, 0.8), (0.18, 0.86)]))
        for u in (0.22, 0.33, 0.67, 0.78):
            pygame.draw.circle(surface, INK, b.p(u, 0.79), max(1, b.w(0.015)))
    collar = [(0.36, 0.7), (0.5, 0.92), (0.64, 0.7)]
    pygame.draw.polygon(surface, second, b.poly(collar))
    pygame.draw.polygon(surface, GOLD, b.poly(collar), max(1, round(b.w(0.025))))
    for u in (0.32, 0.68):  # gold braid down the robe
        pygame.draw.line(surface, GOLD, b.p(u, 0.76), b.p(u + (0.03 if u < 0.5 else -0.03), 1.0), max(1, round(b.w(0.02))))
    # neck, hair behind, head
    pygame.draw.rect(surface, SKIN, b.ellipse(0.5, 0.66, 0.06, 0.07))
    hair = {"K": (226, 226, 220), "Q": (196, 140, 56), "J": (132, 82, 44)}[rank]
    if rank == "Q":  # long hair down to the shoulders
        pygame.draw.ellipse(surface, hair, b.ellipse(0.5, 0.52, 0.21, 0.22))
    pygame.draw.ellipse(surface, SKIN, b.ellipse(0.5, 0.47, 0.14, 0.16))
    pygame.draw.ellipse(surface, _mix(SKIN, INK, 0.35), b.ellipse(0.5, 0.47, 0.14, 0.16), line)
    # face
    for u in (0.45, 0.55):
        pygame.draw.circle(surface, INK, b.p(u, 0.45), max(1, b.w(0.016)))
    pygame.draw.line(surface, _mix(SKIN, INK, 0.5), b.p(0.5, 0.46), b.p(0.49, 0.51), line)
    if rank == "K":  # beard and moustache
        pygame.draw.polygon(surface, hair, b.poly([(0.36, 0.48), (0.4, 0.53), (0.5, 0.55), (0.6, 0.53), (0.64, 0.48),
                                                   (0.62, 0.62), (0.5, 0.72), (0.38, 0.62)]))
        pygame.draw.polygon(surface, _mix(hair, INK, 0.3), b.poly([(0.42, 0.55), (0.5, 0.52), (0.58, 0.55),
                                                                   (0.5, 0.57)]))
    else:
        pygame.draw.arc(surface, (190, 60, 60), b.ellipse(0.5, 0.53, 0.04, 0.025), math.pi * 1.1, math.pi * 1.9,
                        line)
        pygame.draw.circle(surface, (240, 170, 160), b.p(0.42, 0.52), max(1, b.w(0.02)))
        pygame.draw.circle(surface, (240, 170, 160), b.p(0.58, 0.52), max(1, b.w(0.02)))
    # headwear
    if rank == "K":
        crown = [(0.32, 0.36), (0.32, 0.16), (0.4, 0.26), (0.5, 0.1), (0.6, 0.26), (0.68, 0.16), (0.68, 0.36)]
        pygame.draw.polygon(surface, GOLD, b.poly(crown))
        pygame.draw.polygon(surface, GOLD_DARK, b.poly(crown), line)
        pygame.draw.rect(surface, GOLD_DARK, b.ellipse(0.5, 0.35, 0.19, 0.025))
        for u, gem in ((0.4, second), (0.5, (200, 30, 40)), (0.6, second)):
            pygame.draw.circle(surface, gem, b.p(u, 0.3), max(1, b.w(0.03)))
    elif rank == "Q":
        pygame.draw.polygon(surface, hair, b.poly([(0.35, 0.42), (0.38, 0.3), (0.5, 0.27), (0.62, 0.3), (0.65, 0.42),
                                                   (0.58, 0.34), (0.42, 0.34)]))
        tiara = [(0.36, 0.31), (0.42, 0.2), (0.5, 0.24), (0.58, 0.2), (0.64, 0.31)]
        pygame.draw.polygon(surface, GOLD, b.poly(tiara))
        pygame.draw.polygon(surface, GOLD_DARK, b.poly(tiara), line)
        for u, v in ((0.42, 0.2), (0.5, 0.24), (0.58, 0.2)):
            pygame.draw.circle(surface, WHITE, b.p(u, v), max(1, b.w(0.025)))
        # a flower held up by the shoulder
        pygame.draw.line(surface, (60, 120, 60), b.p(0.76, 0.98), b.p(0.8, 0.62), line)
        for i in range(5):
            a = i * 2 * math.pi / 5
            pygame.draw.circle(surface, second, (b.p(0.8, 0.6)[0] + b.w(0.045) * math.cos(a),
                                                 b.p(0.8, 0.6)[1] + b.w(0.045) * math.sin(a)), max(1, b.w(0.035)))
        pygame.draw.circle(surface, GOLD, b.p(0.8, 0.6), max(1, b.w(0.025)))
    else:  # the jack's cap with a feather
        pygame.draw.polygon(surface, hair, b.poly([(0.36, 0.5), (0.36, 0.38), (0.64, 0.38), (0.64, 0.5), (0.6, 0.42),
                                                   (0.4, 0.42)]))
        cap = [(0.3, 0.38), (0.36, 0.26), (0.56, 0.22), (0.72, 0.3), (0.72, 0.38)]
        pygame.draw.polygon(surface, second, b.poly(cap))
        pygame.draw.polygon(surface, _mix(second, INK, 0.4), b.poly(cap), line)
        pygame.draw.rect(surface, GOLD, b.ellipse(0.51, 0.37, 0.21, 0.022))
        feather = [(0.64, 0.3), (0.8, 0.06), (0.86, 0.04), (0.76, 0.22), (0.68, 0.32)]
        pygame.draw.polygon(surface, GOLD, b.poly(feather))
        pygame.draw.polygon(surface, GOLD_DARK, b.poly(feather), line)


def court(surface: pygame.Surface, rect: pygame.Rect, rank: str, colour: Colour) -> None:
    """A double-headed court figure filling ``rect``: the upper half, and the same turned round."""
    half = pygame.Surface((rect.width, rect.height // 2), pygame.SRCALPHA)
    court_half(half, half.get_rect(), rank, colour)
    surface.blit(half, rect.topleft)
    surface.blit(pygame.transform.rotate(half, 180), (rect.left, rect.top + rect.height - half.get_height()))
    y = rect.top + rect.height // 2
    pygame.draw.line(surface, _mix(colour, WHITE, 0.3), (rect.left, y), (rect.right - 1, y), max(1, rect.width // 90))


def jester(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, big: bool) -> None:
    """A jester's head in a three-pointed cap with bells: in colour for the big (red) joker, in black
    and greys for the small (black) one."""
    b = Box(rect)
    line = max(1, round(b.w(0.015)))
    if big:
        caps = [(200, 30, 44), (40, 90, 190), (230, 170, 40)]
        collar = [(200, 30, 44), (230, 170, 40)]
        face = SKIN
    else:
        caps = [(30, 30, 34), (110, 110, 116), (60, 60, 66)]
        collar = [(30, 30, 34), (170, 170, 176)]
        face = (236, 236, 232)
    # the collar's points
    for i in range(6):
        u0 = 0.14 + i * 0.12
        pygame.draw.polygon(surface, collar[i % 2], b.poly([(u0, 0.74), (u0 + 0.12, 0.74), (u0 + 0.06, 0.95)]))
    # the cap's three points with bells
    tips = [(0.1, 0.2), (0.5, 0.02), (0.9, 0.2)]
    for (tu, tv), cap in zip(tips, caps, strict=True):
        pygame.draw.polygon(surface, cap, b.poly([(0.3, 0.42), (tu, tv), (0.7, 0.42)]))
        pygame.draw.polygon(surface, INK, b.poly([(0.3, 0.42), (tu, tv), (0.7, 0.42)]), line)
        pygame.draw.circle(surface, GOLD if big else (200, 200, 200), b.p(tu, tv), max(2, b.w(0.05)))
        pygame.draw.circle(surface, INK, b.p(tu, tv), max(2, b.w(0.05)), line)
    pygame.draw.rect(surface, caps[1], b.ellipse(0.5, 0.43, 0.22, 0.04))
    # the face
    pygame.draw.ellipse(surface, face, b.ellipse(0.5, 0.58, 0.17, 0.17))
    pygame.draw.ellipse(surface, INK, b.ellipse(0.5, 0.58, 0.17, 0.17), line)
    for u in (0.44, 0.56):
        pygame.draw.circle(surface, INK, b.p(u, 0.55), max(1, b.w(0.02)))
    pygame.draw.arc(surface, colour, b.ellipse(0.5, 0.6, 0.09, 0.06), math.pi * 1.05, math.pi * 1.95,
                    max(1, round(b.w(0.025))))
    pygame.draw.circle(surface, colour, b.p(0.5, 0.59), max(1, b.w(0.025)))
