"""The pictures on hwatu cards, month by month, after the traditional designs (drawn procedurally).

Every card of a month shows the month's plant; the special cards add what people know them by:

- 1 pine: pine boughs on a red sky; the bright: the crane under the red sun;
- 2 plum: red blossoms on black branches; the animal: the bush warbler;
- 3 cherry: pink blossom; the bright: the red-and-white curtain;
- 4 wisteria: black trails hanging down; the animal: the cuckoo by the crescent moon;
- 5 iris: purple irises (falls, standards, yellow signals) over blade leaves; the animal: the eight-plank bridge;
- 6 peony: red peonies; the animal: two butterflies;
- 7 bush clover: red sprigs on arching stems; the animal: the boar;
- 8 pampas: the black hill under a red sky; the bright: the full moon; the animal: three geese;
- 9 chrysanthemum: yellow flowers; the animal: the sake cup;
- 10 maple: red leaves; the animal: the deer;
- 11 paulownia: broad dark leaves and purple flower spikes; the bright: the phoenix;
- 12 rain: willow twigs hanging in slanting rain; the bright: the man with the umbrella (and his frog); the animal: the
  swallow; the double junk: the thunder drum.

Coordinates are fractions of the picture's box (see :class:`cardtable.arcade.figures.Box`).
"""

from __future__ import annotations

import math

import pygame

from cardtable.arcade.figures import Box

Colour = tuple[int, int, int]

RED_SKY = (206, 44, 40)
BLACK = (30, 28, 30)
GREEN = (38, 110, 56)
DARK_GREEN = (24, 70, 40)
BROWN = (110, 70, 40)
PINK = (240, 150, 180)
RED = (200, 30, 44)
WHITE = (250, 250, 246)
YELLOW = (236, 190, 40)
PURPLE = (110, 70, 170)
BLUE = (50, 80, 180)
GOLD = (236, 184, 52)


def _width(b: Box, f: float) -> int:
    return max(1, round(b.w(f)))


def _flower(surface: pygame.Surface, centre: tuple[float, float], r: float, petal: Colour, heart: Colour,
            petals: int = 5) -> None:
    cx, cy = centre
    for i in range(petals):
        a = i * 2 * math.pi / petals - math.pi / 2
        pygame.draw.circle(surface, petal, (cx + r * 0.6 * math.cos(a), cy + r * 0.6 * math.sin(a)), r * 0.55)
    pygame.draw.circle(surface, heart, (cx, cy), r * 0.32)


def _maple_leaf(surface: pygame.Surface, centre: tuple[float, float], r: float, colour: Colour,
                tilt: float = 0.0) -> None:
    """A palmate maple leaf: seven toothed lobes fanned upwards from a stem, veins to each tip."""
    cx, cy = centre
    spans = (0.5, 0.8, 0.95, 1.0, 0.95, 0.8, 0.5)  # lobe lengths, left to right
    base = -math.pi / 2 + tilt
    step = 0.78  # radians between lobes: the seven fan over about 270 degrees, the stem below

    def at(a: float, rr: float) -> tuple[float, float]:
        return (cx + rr * math.cos(a), cy + rr * math.sin(a))

    pts = [at(base + math.pi, r * 0.12)]
    for i, span in enumerate(spans):
        a = base + (i - 3) * step
        pts += [at(a - step * 0.5, r * 0.3), at(a - step * 0.22, r * span * 0.62), at(a - step * 0.3, r * span * 0.72),
                at(a, r * span), at(a + step * 0.3, r * span * 0.72), at(a + step * 0.22, r * span * 0.62)]
    pts.append(at(base + 3.5 * step, r * 0.3))
    pygame.draw.polygon(surface, colour, pts)
    vein = _shade_of(colour, -0.45)
    for i, span in enumerate(spans):
        pygame.draw.line(surface, vein, (cx, cy), at(base + (i - 3) * step, r * span * 0.85), max(1, round(r * 0.06)))
    pygame.draw.line(surface, vein, (cx, cy), at(base + math.pi, r * 0.75), max(1, round(r * 0.09)))  # the stem


def _shade_of(colour: Colour, f: float) -> Colour:
    return tuple(round(c * (1 + f)) for c in colour)  # type: ignore[return-value]


def _bird(surface: pygame.Surface, b: Box, cu: float, cv: float, s: float, body: Colour, wing: Colour,
          facing: int = 1, beak: Colour = (230, 150, 30)) -> None:
    """A small bird (warbler, cuckoo, swallow...) centred at (cu, cv), ``s`` wide (fractions of the box)."""
    def p(u: float, v: float) -> tuple[float, float]:
        return b.p(cu + facing * u * s, cv + v * s * 0.9)
    pygame.draw.ellipse(surface, body, b.ellipse(cu, cv, s * 0.32, s * 0.16))
    pygame.draw.circle(surface, body, p(0.3, -0.12), b.w(s * 0.14))
    pygame.draw.polygon(surface, beak, [p(0.42, -0.14), p(0.56, -0.1), p(0.42, -0.06)])
    pygame.draw.polygon(surface, wing, [p(-0.1, -0.06), p(0.14, -0.04), p(-0.22, -0.42)])
    pygame.draw.polygon(surface, body, [p(-0.28, 0.0), p(-0.6, -0.12), p(-0.56, 0.1)])
    pygame.draw.circle(surface, WHITE, p(0.34, -0.15), max(1, b.w(s * 0.03)))


# -- the months' plants ---------------------------------------------------------------------------

def pine(surface: pygame.Surface, b: Box) -> None:
    pygame.draw.rect(surface, RED_SKY, b.ellipse(0.5, 0.0, 0.7, 0.32))
    pygame.draw.lines(surface, BROWN, False, b.poly([(0.2, 1.0), (0.35, 0.8), (0.3, 0.6), (0.45, 0.45)]),
                      _width(b, 0.07))
    for cu, cv, r in ((0.42, 0.42, 0.22), (0.22, 0.6, 0.2), (0.62, 0.62, 0.22), (0.3, 0.82, 0.2), (0.75, 0.85, 0.18)):
        pygame.draw.ellipse(surface, DARK_GREEN, b.ellipse(cu, cv, r, r * 0.42))
        pygame.draw.ellipse(surface, GREEN, b.ellipse(cu, cv - 0.01, r * 0.8, r * 0.28))
        for k in range(5):
            u = cu - r * 0.8 + k * r * 0.4
            pygame.draw.line(surface, BLACK, b.p(u, cv - 0.03), b.p(u + 0.02, cv + 0.04), 1)


def plum(surface: pygame.Surface, b: Box) -> None:
    pygame.draw.lines(surface, BLACK, False, b.poly([(0.0, 0.9), (0.3, 0.72), (0.5, 0.76), (0.8, 0.5), (1.0, 0.42)]),
                      _width(b, 0.05))
    pygame.draw.lines(surface, BLACK, False, b.poly([(0.5, 0.76), (0.62, 0.95)]), _width(b, 0.035))
    for cu, cv in ((0.2, 0.74), (0.36, 0.68), (0.55, 0.7), (0.72, 0.55), (0.9, 0.42), (0.62, 0.9), (0.85, 0.62)):
        _flower(surface, b.p(cu, cv), b.w(0.09), RED, YELLOW)


def cherry(surface: pygame.Surface, b: Box) -> None:
    pygame.draw.lines(surface, BROWN, False, b.poly([(0.0, 0.3), (0.4, 0.42), (1.0, 0.36)]), _width(b, 0.05))
    for cu, cv in ((0.1, 0.22), (0.3, 0.3), (0.5, 0.26), (0.7, 0.3), (0.9, 0.24), (0.2, 0.45), (0.6, 0.48),
                   (0.85, 0.5), (0.4, 0.55)):
        _flower(surface, b.p(cu, cv), b.w(0.11), PINK, (220, 80, 120))


def wisteria(surface: pygame.Surface, b: Box) -> None:
    for u in (0.15, 0.35, 0.55, 0.75, 0.92):
        length = 0.55 + 0.1 * ((u * 10) % 3)
        pygame.draw.line(surface, BLACK, b.p(u, 0.0), b.p(u + 0.02, length), _width(b, 0.02))
        for k in range(6):
            v = 0.06 + k * (length - 0.08) / 6
            pygame.draw.ellipse(surface, (60, 40, 70) if k % 2 else BLACK, b.ellipse(u + 0.01, v, 0.05, 0.035))
    pygame.draw.rect(surface, (120, 40, 60), b.ellipse(0.5, 0.98, 0.5, 0.04))


def _iris_flower(surface: pygame.Surface, b: Box, cu: float, cv: float, s: float) -> None:
    """One iris bloom: three falls drooping out and down, each with its yellow signal, and three narrow
    standards upright between them."""
    dark = _shade_of(PURPLE, -0.3)
    for side in (-1, 1):  # the standards, behind
        pygame.draw.polygon(surface, dark, b.poly([(cu, cv), (cu + side * 0.35 * s, cv - 0.9 * s),
                                                   (cu + side * 0.05 * s, cv - 1.1 * s)]))
    pygame.draw.polygon(surface, dark, b.poly([(cu - 0.12 * s, cv), (cu, cv - 1.25 * s), (cu + 0.12 * s, cv)]))
    for side in (-1, 0, 1):  # the falls
        tip = (cu + side * 0.75 * s, cv + (0.55 if side else 0.8) * s)
        pygame.draw.polygon(surface, PURPLE, b.poly([(cu - 0.2 * s, cv - 0.1 * s), (tip[0] - 0.3 * s, tip[1] - 0.05 * s),
                                                     (tip[0] + 0.05 * side * s, tip[1] + 0.3 * s),
                                                     (tip[0] + 0.3 * s, tip[1] - 0.05 * s), (cu + 0.2 * s, cv - 0.1 * s)]))
        pygame.draw.line(surface, YELLOW, b.p(cu, cv), b.p(cu + side * 0.45 * s, cv + (0.32 if side else 0.5) * s),
                         _width(b, 0.16 * s))


def iris(surface: pygame.Surface, b: Box) -> None:
    """Blade leaves rising from the water's edge, three irises on tall stems above them."""
    for u, top, lean in ((0.08, 0.5, 0.05), (0.2, 0.38, -0.04), (0.34, 0.56, 0.06), (0.52, 0.42, -0.05),
                         (0.66, 0.5, 0.04), (0.8, 0.36, -0.06), (0.93, 0.55, 0.03)):
        pygame.draw.polygon(surface, GREEN, b.poly([(u - 0.035, 1.0), (u + lean, top), (u + 0.035, 1.0)]))
        pygame.draw.line(surface, DARK_GREEN, b.p(u, 1.0), b.p(u + lean, top), 1)
    for cu, cv in ((0.28, 0.3), (0.72, 0.22), (0.5, 0.46)):
        pygame.draw.line(surface, DARK_GREEN, b.p(cu, cv + 0.05), b.p(cu + 0.02, 1.0), _width(b, 0.02))
        _iris_flower(surface, b, cu, cv, 0.15)


def peony(surface: pygame.Surface, b: Box) -> None:
    for cu, cv, r in ((0.3, 0.72, 0.2), (0.72, 0.6, 0.17)):
        for cu2, cv2 in ((cu - 0.2, cv + 0.1), (cu + 0.2, cv + 0.12)):
            pygame.draw.ellipse(surface, GREEN, b.ellipse(cu2, cv2, 0.13, 0.05))
        _flower(surface, b.p(cu, cv), b.w(r * 1.1), RED, (120, 20, 30), petals=7)
        _flower(surface, b.p(cu, cv), b.w(r * 0.6), (230, 80, 90), YELLOW, petals=5)


def bush_clover(surface: pygame.Surface, b: Box) -> None:
    for su in (0.1, 0.45, 0.8):
        pygame.draw.arc(surface, BLACK, b.ellipse(su + 0.2, 0.95, 0.28, 0.55), math.pi * 0.55, math.pi * 0.95,
                        _width(b, 0.025))
        for k in range(6):
            a = math.pi * (0.58 + k * 0.06)
            cu = su + 0.2 + 0.28 * math.cos(a)
            cv = 0.95 - 0.55 * math.sin(a)
            pygame.draw.ellipse(surface, RED, b.ellipse(cu, cv, 0.035, 0.02))


def pampas(surface: pygame.Surface, b: Box) -> None:
    """The black hill under the red sky, pampas plumes bending over its ridge."""
    pygame.draw.rect(surface, RED_SKY, b.ellipse(0.5, 0.3, 0.6, 0.3))
    pygame.draw.ellipse(surface, BLACK, b.ellipse(0.5, 1.05, 0.9, 0.5))
    plume = (236, 230, 210)
    for k, u in enumerate((0.1, 0.3, 0.5, 0.7, 0.9)):
        lean = 0.08 if k % 2 else -0.06
        stem = [(u, 0.72), (u + lean * 0.5, 0.56), (u + lean * 1.5, 0.4)]
        pygame.draw.lines(surface, plume, False, b.poly(stem), _width(b, 0.016))
        tip = stem[-1]
        for j in range(6):  # the feathery head: strokes down either side of the top of the stem
            u0, v = tip[0] - lean * 0.35 * j, tip[1] + 0.01 + j * 0.022
            for side in (-1, 1):
                pygame.draw.line(surface, plume, b.p(u0, v), b.p(u0 + side * 0.05, v + 0.035), _width(b, 0.012))


def chrysanthemum(surface: pygame.Surface, b: Box) -> None:
    pygame.draw.line(surface, GREEN, b.p(0.4, 1.0), b.p(0.35, 0.55), _width(b, 0.03))
    pygame.draw.line(surface, GREEN, b.p(0.7, 1.0), b.p(0.72, 0.7), _width(b, 0.03))
    for cu, cv, r, colour in ((0.35, 0.52, 0.17, YELLOW), (0.72, 0.68, 0.14, (226, 90, 50)), (0.18, 0.82, 0.1, YELLOW)):
        centre = b.p(cu, cv)
        for i in range(16):
            a = i * math.pi / 8
            pygame.draw.line(surface, colour, centre, (centre[0] + b.w(r) * math.cos(a), centre[1] + b.w(r) * math.sin(a)),
                             _width(b, r * 0.22))
        pygame.draw.circle(surface, (170, 100, 20), centre, b.w(r * 0.3))


def maple(surface: pygame.Surface, b: Box) -> None:
    pygame.draw.lines(surface, BLACK, False, b.poly([(1.0, 0.12), (0.6, 0.28), (0.4, 0.24), (0.0, 0.4)]),
                      _width(b, 0.03))
    leaves = ((0.86, 0.24, 0.0, RED), (0.62, 0.42, 0.3, (220, 70, 30)), (0.36, 0.38, -0.25, RED),
              (0.14, 0.52, 0.4, (190, 30, 40)), (0.72, 0.1, -0.4, (220, 70, 30)), (0.48, 0.6, 0.15, RED))
    for cu, cv, tilt, colour in leaves:
        _maple_leaf(surface, b.p(cu, cv), b.w(0.17), colour, tilt)


def _paulownia_leaf(surface: pygame.Surface, b: Box, cu: float, cv: float, w: float, tilt: float) -> None:
    """A broad heart-shaped paulownia leaf, tip towards ``tilt``, with its midrib and side veins."""
    cx, cy = b.p(cu, cv)
    r = b.w(w)
    along = (math.cos(tilt), math.sin(tilt))
    across = (-along[1], along[0])

    def at(a: float, c: float) -> tuple[float, float]:
        return (cx + r * (a * along[0] + c * across[0]), cy + r * (a * along[1] + c * across[1]))
    outline = [at(-0.35, 0.0), at(-0.6, 0.4), at(-0.3, 0.85), at(0.25, 0.8), at(0.75, 0.35), at(1.0, 0.0),
               at(0.75, -0.35), at(0.25, -0.8), at(-0.3, -0.85), at(-0.6, -0.4)]
    pygame.draw.polygon(surface, (34, 44, 36), outline)
    vein = (96, 120, 84)
    pygame.draw.line(surface, vein, at(-0.35, 0.0), at(0.9, 0.0), max(1, round(r * 0.05)))
    for a in (-0.1, 0.3, 0.6):
        for side in (-1, 1):
            pygame.draw.line(surface, vein, at(a, 0.0), at(a + 0.3, side * 0.55 * (1 - a * 0.5)), max(1, round(r * 0.035)))


def paulownia(surface: pygame.Surface, b: Box) -> None:
    for cu, cv, tilt in ((0.22, 0.86, -2.4), (0.76, 0.88, -0.7), (0.5, 0.76, -1.57)):
        _paulownia_leaf(surface, b, cu, cv, 0.26, tilt)
    for cu, top in ((0.38, 0.3), (0.62, 0.26)):  # the flower spikes above the leaves
        pygame.draw.line(surface, (70, 90, 60), b.p(cu, top), b.p(cu + 0.04 * (cu - 0.5), 0.66), _width(b, 0.02))
        for k in range(6):
            v = top + k * 0.06
            for du in (-0.035, 0.035):
                pygame.draw.circle(surface, PURPLE if k % 2 else (170, 120, 210), b.p(cu + du * (1 + k * 0.15), v),
                                   b.w(0.028 + k * 0.003))


def _willow_branch(surface: pygame.Surface, b: Box, u: float, length: float, sway: float) -> None:
    """A willow twig hanging from the top edge: a thin curve with narrow leaves along it, pointing down."""
    points = [(u + sway * math.sin(k / 10 * math.pi / 2) ** 2, length * k / 10) for k in range(11)]
    pygame.draw.lines(surface, DARK_GREEN, False, b.poly(points), _width(b, 0.012))
    for k in range(2, 11):
        pu, pv = points[k]
        for side in (-1, 1):
            tip = (pu + side * 0.03, pv + 0.085)
            pygame.draw.polygon(surface, GREEN, b.poly([(pu, pv), (tip[0] + 0.008 * side, tip[1] - 0.05),
                                                        tip, (pu + 0.004 * side, pv + 0.03)]))


def rain(surface: pygame.Surface, b: Box) -> None:
    """Slanting rain behind the willow's hanging twigs."""
    for k in range(8):
        u = k * 0.15 - 0.1
        pygame.draw.line(surface, (120, 130, 150), b.p(u, 0.0), b.p(u + 0.25, 1.0), 1)
    for u, length, sway in ((0.62, 0.55, 0.06), (0.76, 0.7, 0.05), (0.9, 0.5, 0.04), (0.98, 0.62, -0.03)):
        _willow_branch(surface, b, u, length, sway)


PLANTS = {"01": pine, "02": plum, "03": cherry, "04": wisteria, "05": iris, "06": peony, "07": bush_clover,
          "08": pampas, "09": chrysanthemum, "10": maple, "11": paulownia, "12": rain}


# -- the special cards ----------------------------------------------------------------------------

def crane_and_sun(surface: pygame.Surface, b: Box) -> None:
    pygame.draw.circle(surface, (230, 40, 36), b.p(0.66, 0.2), b.w(0.26))
    pygame.draw.polygon(surface, BLACK, b.poly([(0.26, 0.56), (0.06, 0.66), (0.14, 0.56), (0.04, 0.58)]))  # tail
    pygame.draw.ellipse(surface, WHITE, b.ellipse(0.42, 0.56, 0.22, 0.1))
    pygame.draw.ellipse(surface, BLACK, b.ellipse(0.42, 0.56, 0.22, 0.1), 1)
    pygame.draw.polygon(surface, (40, 40, 40), b.poly([(0.3, 0.52), (0.5, 0.5), (0.36, 0.6)]))  # wing tip
    pygame.draw.line(surface, BLACK, b.p(0.6, 0.52), b.p(0.7, 0.32), _width(b, 0.07))  # the black neck
    pygame.draw.line(surface, WHITE, b.p(0.6, 0.52), b.p(0.7, 0.32), _width(b, 0.04))
    pygame.draw.circle(surface, WHITE, b.p(0.71, 0.3), b.w(0.06))
    pygame.draw.circle(surface, RED, b.p(0.71, 0.27), b.w(0.035))  # the red crown
    pygame.draw.polygon(surface, (70, 70, 70), b.poly([(0.75, 0.29), (0.9, 0.33), (0.75, 0.32)]))
    for u in (0.38, 0.46):
        pygame.draw.line(surface, BLACK, b.p(u, 0.64), b.p(u - 0.02, 0.8), _width(b, 0.015))


def curtain(surface: pygame.Surface, b: Box) -> None:
    top, bottom = 0.5, 1.0
    for k in range(8):
        u0, u1 = k / 8, (k + 1) / 8
        pygame.draw.polygon(surface, RED if k % 2 == 0 else WHITE,
                            b.poly([(u0, top), (u1, top), (u1 + 0.02, bottom), (u0 + 0.02, bottom)]))
    pygame.draw.rect(surface, GOLD, b.ellipse(0.5, top, 0.5, 0.03))
    for u in (0.2, 0.5, 0.8):
        pygame.draw.circle(surface, GOLD, b.p(u, 0.75), b.w(0.04))


def cuckoo(surface: pygame.Surface, b: Box) -> None:
    pygame.draw.circle(surface, GOLD, b.p(0.72, 0.2), b.w(0.12))
    pygame.draw.circle(surface, (250, 244, 228), b.p(0.77, 0.17), b.w(0.11))
    _bird(surface, b, 0.45, 0.45, 0.5, BLACK, (80, 60, 60), facing=-1, beak=RED)


def bridge(surface: pygame.Surface, b: Box) -> None:
    for k in range(4):
        u0 = 0.02 + k * 0.24
        v0 = 0.55 + (0.08 if k % 2 else 0.0)
        pygame.draw.polygon(surface, (150, 100, 50), b.poly([(u0, v0), (u0 + 0.26, v0 + (-0.08 if k % 2 else 0.08)),
                                                             (u0 + 0.26, v0 + (-0.02 if k % 2 else 0.14)),
                                                             (u0, v0 + 0.06)]))
        pygame.draw.line(surface, BLACK, b.p(u0 + 0.13, v0 + 0.06), b.p(u0 + 0.13, v0 + 0.3), _width(b, 0.02))


def butterflies(surface: pygame.Surface, b: Box) -> None:
    for cu, cv, colour in ((0.35, 0.3, (60, 60, 160)), (0.68, 0.42, (220, 150, 30))):
        for du in (-1, 1):
            pygame.draw.ellipse(surface, colour, b.ellipse(cu + du * 0.08, cv - 0.03, 0.08, 0.06))
            pygame.draw.ellipse(surface, colour, b.ellipse(cu + du * 0.06, cv + 0.04, 0.05, 0.04))
        pygame.draw.line(surface, BLACK, b.p(cu, cv - 0.06), b.p(cu, cv + 0.07), _width(b, 0.02))


def boar(surface: pygame.Surface, b: Box) -> None:
    """The wild boar charging right: low wedge head, humped bristly back, tusk, short legs."""
    body, dark = (96, 58, 34), (52, 32, 22)
    for u, dv in ((0.28, 0.0), (0.38, 0.02), (0.64, 0.0), (0.74, 0.02)):  # legs and hooves
        pygame.draw.line(surface, dark, b.p(u, 0.6), b.p(u - 0.03, 0.74 + dv), _width(b, 0.05))
        pygame.draw.ellipse(surface, BLACK, b.ellipse(u - 0.035, 0.75 + dv, 0.035, 0.015))
    outline = [(0.97, 0.58), (0.95, 0.52), (0.84, 0.44), (0.76, 0.36), (0.6, 0.3), (0.42, 0.31), (0.26, 0.36),
               (0.14, 0.44), (0.12, 0.54), (0.2, 0.63), (0.45, 0.66), (0.7, 0.64), (0.84, 0.62)]
    pygame.draw.polygon(surface, body, b.poly(outline))
    pygame.draw.polygon(surface, dark, b.poly([(0.76, 0.36), (0.6, 0.3), (0.42, 0.31), (0.26, 0.36), (0.4, 0.38),
                                              (0.6, 0.36)]))  # the dark ridge
    for k in range(9):  # bristles along the back
        u = 0.24 + k * 0.065
        v = 0.36 - 0.06 * math.sin(math.pi * (u - 0.14) / 0.7)
        pygame.draw.line(surface, BLACK, b.p(u, v + 0.02), b.p(u - 0.03, v - 0.04), _width(b, 0.02))
    pygame.draw.polygon(surface, dark, b.poly([(0.74, 0.38), (0.7, 0.28), (0.66, 0.38)]))  # the ear
    pygame.draw.ellipse(surface, (150, 100, 80), b.ellipse(0.965, 0.55, 0.02, 0.04))  # the snout's disc
    pygame.draw.arc(surface, WHITE, b.ellipse(0.88, 0.56, 0.06, 0.06), math.pi * 0.2, math.pi * 1.1,
                    _width(b, 0.025))  # the tusk
    pygame.draw.circle(surface, WHITE, b.p(0.82, 0.46), b.w(0.03))
    pygame.draw.circle(surface, BLACK, b.p(0.825, 0.46), b.w(0.017))
    pygame.draw.lines(surface, dark, False, b.poly([(0.13, 0.46), (0.06, 0.42), (0.07, 0.5)]), _width(b, 0.02))


def full_moon(surface: pygame.Surface, b: Box) -> None:
    """The big full moon on the red sky over the pampas hill."""
    pygame.draw.circle(surface, (250, 226, 150), b.p(0.5, 0.3), b.w(0.34))
    pygame.draw.circle(surface, (254, 248, 226), b.p(0.5, 0.3), b.w(0.31))
    for du, dv, r in ((-0.1, -0.06, 0.06), (0.08, 0.04, 0.08), (-0.04, 0.12, 0.04)):
        pygame.draw.circle(surface, (236, 226, 196), b.p(0.5 + du, 0.3 + dv), b.w(r))


def _goose(surface: pygame.Surface, b: Box, cu: float, cv: float, s: float) -> None:
    """A wild goose flying left, wings raised: body, long neck, head, beak (``s`` wide)."""
    def p(u: float, v: float) -> tuple[float, float]:
        return b.p(cu + u * s, cv + v * s * 0.9)
    grey, dark = (70, 66, 64), BLACK
    pygame.draw.polygon(surface, dark, [p(-0.05, -0.02), p(0.15, -0.5), p(0.35, -0.42), p(0.2, 0.0)])  # far wing
    pygame.draw.ellipse(surface, grey, (p(-0.2, -0.1), (b.w(s * 0.55), b.w(s * 0.2))))
    pygame.draw.line(surface, grey, p(-0.15, -0.02), p(-0.42, -0.12), max(1, round(b.w(s * 0.07))))  # the neck
    pygame.draw.circle(surface, dark, p(-0.45, -0.13), b.w(s * 0.07))
    pygame.draw.polygon(surface, (230, 150, 30), [p(-0.5, -0.16), p(-0.62, -0.12), p(-0.5, -0.1)])
    pygame.draw.polygon(surface, dark, [p(0.33, 0.0), p(0.48, -0.06), p(0.48, 0.08)])  # the tail
    pygame.draw.polygon(surface, (40, 38, 38), [p(0.0, 0.0), p(0.05, -0.62), p(0.24, -0.55), p(0.16, 0.02)])


def geese(surface: pygame.Surface, b: Box) -> None:
    """Three wild geese crossing the red sky in a line."""
    for cu, cv, s in ((0.62, 0.2, 0.4), (0.36, 0.44, 0.36), (0.82, 0.46, 0.3)):
        _goose(surface, b, cu, cv, s)


def sake_cup(surface: pygame.Surface, b: Box) -> None:
    pygame.draw.polygon(surface, RED, b.poly([(0.18, 0.36), (0.82, 0.36), (0.66, 0.56), (0.34, 0.56)]))  # the cup
    pygame.draw.ellipse(surface, (150, 20, 30), b.ellipse(0.5, 0.36, 0.32, 0.05))
    pygame.draw.ellipse(surface, GOLD, b.ellipse(0.5, 0.36, 0.32, 0.05), _width(b, 0.025))
    pygame.draw.rect(surface, RED, b.ellipse(0.5, 0.6, 0.12, 0.04))  # its foot
    pygame.draw.circle(surface, GOLD, b.p(0.5, 0.46), b.w(0.08), _width(b, 0.025))
    pygame.draw.line(surface, GOLD, b.p(0.45, 0.46), b.p(0.55, 0.46), _width(b, 0.025))


def deer(surface: pygame.Surface, b: Box) -> None:
    """The spotted deer under the maple, head turned back, branching antlers."""
    body, dark = (176, 104, 50), (110, 62, 30)
    for u, v in ((0.3, 0.86), (0.38, 0.84), (0.58, 0.84), (0.66, 0.86)):  # legs
        pygame.draw.line(surface, dark if u in (0.38, 0.58) else body, b.p(u, 0.64), b.p(u, v), _width(b, 0.035))
    pygame.draw.ellipse(surface, body, b.ellipse(0.48, 0.6, 0.25, 0.1))
    pygame.draw.ellipse(surface, WHITE, b.ellipse(0.24, 0.56, 0.04, 0.03))  # the white tail
    pygame.draw.polygon(surface, body, b.poly([(0.62, 0.6), (0.72, 0.38), (0.8, 0.4), (0.72, 0.62)]))  # the neck
    pygame.draw.ellipse(surface, body, b.ellipse(0.74, 0.36, 0.09, 0.05))
    pygame.draw.polygon(surface, dark, b.poly([(0.82, 0.35), (0.9, 0.38), (0.83, 0.39)]))  # the muzzle
    pygame.draw.polygon(surface, body, b.poly([(0.68, 0.34), (0.62, 0.3), (0.68, 0.37)]))  # an ear
    pygame.draw.circle(surface, BLACK, b.p(0.77, 0.35), b.w(0.015))
    for side in (-1, 1):  # the antlers: a beam with three tines each
        root = (0.72 + side * 0.02, 0.32)
        beam = [root, (root[0] + side * 0.05, 0.22), (root[0] + side * 0.02, 0.12), (root[0] + side * 0.07, 0.04)]
        pygame.draw.lines(surface, dark, False, b.poly(beam), _width(b, 0.018))
        for (u, v) in beam[1:3]:
            pygame.draw.line(surface, dark, b.p(u, v), b.p(u + side * 0.08, v - 0.04), _width(b, 0.014))
    for u, v in ((0.4, 0.57), (0.5, 0.59), (0.36, 0.61), (0.56, 0.56), (0.46, 0.63)):
        pygame.draw.circle(surface, WHITE, b.p(u, v), b.w(0.016))


def phoenix(surface: pygame.Surface, b: Box) -> None:
    for k, colour in enumerate((RED, GOLD, GREEN, BLUE, PURPLE)):
        a = -0.3 + k * 0.28
        pygame.draw.line(surface, colour, b.p(0.45, 0.45), b.p(0.45 - 0.45 * math.cos(a), 0.45 - 0.35 * math.sin(a) - 0.05),
                         _width(b, 0.05))
    pygame.draw.ellipse(surface, (230, 120, 30), b.ellipse(0.55, 0.42, 0.16, 0.1))
    pygame.draw.circle(surface, (230, 120, 30), b.p(0.72, 0.3), b.w(0.07))
    pygame.draw.polygon(surface, RED, b.poly([(0.72, 0.22), (0.78, 0.1), (0.8, 0.22)]))
    pygame.draw.polygon(surface, GOLD, b.poly([(0.78, 0.3), (0.9, 0.32), (0.78, 0.34)]))
    pygame.draw.circle(surface, BLACK, b.p(0.74, 0.29), b.w(0.015))


def rain_man(surface: pygame.Surface, b: Box) -> None:
    pygame.draw.polygon(surface, YELLOW, b.poly([(0.1, 0.4), (0.5, 0.18), (0.9, 0.4)]))
    pygame.draw.polygon(surface, BLACK, b.poly([(0.1, 0.4), (0.5, 0.18), (0.9, 0.4)]), _width(b, 0.015))
    pygame.draw.line(surface, BLACK, b.p(0.5, 0.2), b.p(0.5, 0.72), _width(b, 0.02))
    pygame.draw.polygon(surface, RED, b.poly([(0.36, 0.48), (0.62, 0.48), (0.68, 0.82), (0.3, 0.82)]))
    pygame.draw.circle(surface, (246, 214, 178), b.p(0.46, 0.46), b.w(0.07))
    pygame.draw.ellipse(surface, (60, 140, 60), b.ellipse(0.18, 0.88, 0.08, 0.05))  # the frog
    pygame.draw.circle(surface, BLACK, b.p(0.16, 0.86), b.w(0.012))


def swallow(surface: pygame.Surface, b: Box) -> None:
    _bird(surface, b, 0.5, 0.4, 0.45, BLACK, (40, 40, 80), facing=1, beak=RED)
    pygame.draw.polygon(surface, BLACK, b.poly([(0.32, 0.42), (0.12, 0.36), (0.24, 0.44), (0.1, 0.5)]))


def thunder_drum(surface: pygame.Surface, b: Box) -> None:
    pygame.draw.ellipse(surface, RED, b.ellipse(0.5, 0.42, 0.22, 0.22))
    pygame.draw.ellipse(surface, BLACK, b.ellipse(0.5, 0.42, 0.22, 0.22), _width(b, 0.02))
    pygame.draw.circle(surface, GOLD, b.p(0.5, 0.42), b.w(0.08))
    pygame.draw.lines(surface, GOLD, False, b.poly([(0.8, 0.1), (0.7, 0.25), (0.82, 0.28), (0.7, 0.45)]),
                      _width(b, 0.03))


SPECIAL = {
    "01B": crane_and_sun, "02A": lambda s, b: _bird(s, b, 0.55, 0.42, 0.5, (140, 170, 60), (90, 120, 40)),
    "03B": curtain, "04A": cuckoo, "05A": bridge, "06A": butterflies, "07A": boar, "08B": full_moon,
    "08A": geese, "09A": sake_cup, "10A": deer, "11B": phoenix, "12B": rain_man, "12A": swallow,
    "12D": thunder_drum,
}


def scene(surface: pygame.Surface, rect: pygame.Rect, code: str) -> None:
    """The picture of hwatu card ``code`` (e.g. ``"01B"``) in ``rect``: its month's plant, then what the
    card is known by (crane, curtain, moon...). Ribbons and the kind badges are drawn by the card art."""
    b = Box(rect)
    PLANTS[code[:2]](surface, b)
    special = SPECIAL.get(code[:3])
    if special is not None:
        special(surface, b)
