"""The one typeface: Noto Sans, shipped in ``assets/fonts`` (SIL Open Font Licence, see the README
there). Menus, tables, card indices and the pygame-gui theme all draw with these two files, so text
looks the same on every system and never depends on the fonts installed there.

Table code sizes text in ``px``, on the scale the tables were laid out with: capitals about
``0.46 px`` tall, a line about ``0.75 px`` (the scale of pygame's built-in font, which the tables used
before). :func:`line` sets Noto Sans at ``POINT_PER_PX * px`` points and trims its generous line box
(1.36 em, room for stacked accents) to what Latin text uses: accented capitals above, descenders below.

>>> import pygame
>>> line("Tabled", 40, (255, 255, 255)).get_height()
30
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

import pygame

FONT_DIR = Path(str(resources.files("cardtable.assets"))) / "fonts"
REGULAR = FONT_DIR / "NotoSans-Regular.ttf"
BOLD = FONT_DIR / "NotoSans-Bold.ttf"

CAP_HEIGHT = 0.714  # Noto Sans capitals, in ems
ABOVE = 0.9  # what a trimmed line keeps above the baseline (accented capitals), in ems
BELOW = 0.26  # and below it (descenders), in ems
POINT_PER_PX = 0.65  # Noto Sans points for a table text size ``px``


def path(bold: bool = False) -> str:
    return str(BOLD if bold else REGULAR)


@lru_cache(maxsize=160)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans at point size ``size`` (pygame's ``Font`` size: about the em in pixels)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(path(bold), max(6, int(size)))


def point_size(px: float) -> int:
    """The point size of table text of size ``px``."""
    return max(6, round(px * POINT_PER_PX))


def line_font(px: float, bold: bool = True) -> pygame.font.Font:
    return font(point_size(px), bold)


def width(text: str, px: float, bold: bool = True) -> int:
    """How wide :func:`line` draws ``text``."""
    return line_font(px, bold).size(text)[0]


def line(text: str, px: float, colour: tuple[int, ...], bold: bool = True) -> pygame.Surface:
    """One line of table text of size ``px`` (the line box trimmed to accents and descenders)."""
    size = point_size(px)
    f = font(size, bold)
    image = f.render(text, True, colour)
    top = max(0, f.get_ascent() - round(ABOVE * size))
    height = min(image.get_height() - top, round((ABOVE + BELOW) * size))
    return image.subsurface((0, top, image.get_width(), height)).copy()


def cap_line(text: str, cap_px: float, colour: tuple[int, ...], bold: bool = True) -> pygame.Surface:
    """``text`` set so that its capitals and digits are ``cap_px`` tall, trimmed to exactly them
    (card indices: the surface is the glyphs' height, nothing above or below)."""
    size = max(6, round(cap_px / CAP_HEIGHT))
    f = font(size, bold)
    image = f.render(text, True, colour)
    cap = max(1, round(CAP_HEIGHT * size))
    top = max(0, f.get_ascent() - cap)
    return image.subsurface((0, top, image.get_width(), min(cap + max(1, size // 40), image.get_height() - top))).copy()
