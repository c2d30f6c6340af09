"""The look shared by every screen: palette, fonts, the felt background, panels, focus ring, hints.

Colours come from the ``cardtable.palette`` block of ``assets/theme.json`` (the same file themes
pygame-gui); every font is the Noto Sans shipped in ``assets/fonts`` (:mod:`cardtable.arcade.fonts`),
for these helpers and for pygame-gui's widgets alike. Text, titles and the hint bar report themselves
to :mod:`cardtable.arcade.layout` (the layout test).
"""

from __future__ import annotations

import contextlib
import json
import math
from functools import lru_cache
from importlib import resources
from pathlib import Path

import pygame

from cardtable.arcade import fonts, layout

ASSETS = Path(str(resources.files("cardtable.assets")))
THEME_PATH = ASSETS / "theme.json"

_DEFAULT_PALETTE = {
    "felt": "#155a40", "felt_dark": "#0a2c20", "felt_light": "#1f7453", "ink": "#f3ead3",
    "muted": "#b8c9bd", "accent": "#e3b65a", "accent_bright": "#f5d38a", "danger": "#e0705a",
    "panel": "#0a2119", "red_suit": "#c8323c", "black_suit": "#1c1c22", "blue_suit": "#2860c0",
    "green_suit": "#1f8a4c",
}


def _load_palette() -> dict[str, pygame.Color]:
    palette = dict(_DEFAULT_PALETTE)
    with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
        palette.update(json.loads(THEME_PATH.read_text(encoding="utf-8"))["cardtable"]["palette"])
    return {name: pygame.Color(value) for name, value in palette.items()}


PALETTE = _load_palette()


def colour(name: str) -> pygame.Color:
    return PALETTE[name]


def font(size: int, bold: bool = False) -> pygame.font.Font:
    return fonts.font(max(8, int(size)), bold)


@lru_cache(maxsize=512)
def _text_surface(text: str, size: int, bold: bool, rgba: tuple[int, int, int, int]) -> pygame.Surface:
    return font(size, bold).render(text, True, rgba)


def text(
    surface: pygame.Surface, content: str, size: int, pos: tuple[int, int], colour_name: str = "ink",
    anchor: str = "topleft", bold: bool = False, shadow: bool = False,
) -> pygame.Rect:
    """Draw one line of text; ``anchor`` is a pygame.Rect attribute name. Returns the text's rect."""
    rgba = tuple(PALETTE[colour_name]) if colour_name in PALETTE else tuple(pygame.Color(colour_name))
    layout.text_set(content, max(8, int(size)) / fonts.POINT_PER_PX)  # points, in the tables' text size
    img = _text_surface(content, int(size), bold, rgba)  # type: ignore[arg-type]
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        shade = _text_surface(content, int(size), bold, (0, 0, 0, 255))
        shade.set_alpha(120)
        surface.blit(shade, rect.move(2, 3))
    surface.blit(img, rect)
    if layout.is_recording():
        layout.report("label", ink_rect(rect, int(size), bold).clip(surface.get_clip()), content)
    return rect


def ink_rect(rect: pygame.Rect, size: int, bold: bool = False) -> pygame.Rect:
    """The part of a line of text's box that Latin letters use (accented capitals to descenders): the
    font's line box has room above and below that no letter fills."""
    f = font(size, bold)
    top = max(0, f.get_ascent() - round(fonts.ABOVE * size))
    height = round((fonts.ABOVE + fonts.BELOW) * size)
    return pygame.Rect(rect.left, rect.top + top, rect.width, min(height, rect.height - top))


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``content`` into lines no wider than ``width`` pixels."""
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in content.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@lru_cache(maxsize=8)
def _felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a radial gradient from a lit centre to dark edges, with a faint weave."""
    w, h = size
    small = pygame.Surface((64, 36))
    centre, edge = PALETTE["felt_light"], PALETTE["felt_dark"]
    for y in range(36):
        for x in range(64):
            d = math.hypot((x - 31.5) / 32, (y - 17.5) / 18) / 1.25
            t = min(1.0, d * d)
            small.set_at((x, y), centre.lerp(edge, t))
    surf = pygame.transform.smoothscale(small, (max(1, w), max(1, h)))
    weave = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    for y in range(0, h, 4):
        pygame.draw.line(weave, (0, 0, 0, 10), (0, y), (w, y))
    for x in range(0, w, 4):
        pygame.draw.line(weave, (255, 255, 255, 5), (x, 0), (x, h))
    surf.blit(weave, (0, 0))
    return surf.convert() if pygame.display.get_surface() is not None else surf


def background(surface: pygame.Surface) -> None:
    surface.blit(_felt(surface.get_size()), (0, 0))


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215, radius: int = 18) -> None:
    """A dark rounded panel with a thin gold-green border and a soft drop shadow."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=radius)
    surface.blit(shade, rect.move(0, 6))
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    base = PALETTE["panel"]
    pygame.draw.rect(body, (base.r, base.g, base.b, alpha), body.get_rect(), border_radius=radius)
    pygame.draw.rect(body, (63, 122, 96, 255), body.get_rect(), width=2, border_radius=radius)
    surface.blit(body, rect)


def dim(surface: pygame.Surface, alpha: int = 165) -> None:
    """Darken the whole surface: what a menu or a question over another screen draws first."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, phase: float) -> None:
    """The focused element: a pulsing gold outline a few pixels outside it."""
    glow = 0.5 + 0.5 * math.sin(phase * 5.0)
    outer = rect.inflate(10, 10)
    col = PALETTE["accent"].lerp(PALETTE["accent_bright"], glow)
    pygame.draw.rect(surface, col, outer, width=3, border_radius=14)
    pygame.draw.polygon(surface, col, [
        (outer.left - 14, outer.centery - 8), (outer.left - 4, outer.centery), (outer.left - 14, outer.centery + 8),
    ])


# Gamepad buttons drawn as the pad shows them: face buttons as coloured discs (the Xbox layout SDL's
# game controllers use), shoulders as tabs, the D-pad as a cross with the arms that count lit.
PAD_GLYPHS = ("pad:A", "pad:B", "pad:X", "pad:Y", "pad:LB", "pad:RB", "pad:Start", "pad:Back",
              "pad:dpad", "pad:dpad_ud", "pad:dpad_lr")
_FACE_COLOURS = {"A": (70, 170, 80), "B": (210, 70, 60), "X": (60, 115, 215), "Y": (230, 185, 50)}


def cap_width(label: str, size: int = 17) -> int:
    """The width :func:`chip` gives ``label`` (a key name, or a ``pad:`` glyph)."""
    height = font(size, True).get_height() + 4
    if label.startswith("pad:"):
        name = label[4:]
        if name in _FACE_COLOURS or name.startswith("dpad"):
            return height
        return font(max(8, size - 3), True).size(name)[0] + 16
    return max(font(size, True).size(label)[0] + 14, height + 2)


def chip(surface: pygame.Surface, label: str, pos: tuple[int, int], size: int = 17) -> pygame.Rect:
    """A button label drawn as a key cap ("Enter", "W") with its left edge at ``pos``; a ``pad:``
    label ("pad:A", "pad:dpad_ud") is drawn as that gamepad button."""
    if label.startswith("pad:"):
        return _pad_glyph(surface, label[4:], pos, size)
    img = _text_surface(label, size, True, tuple(PALETTE["panel"]))  # type: ignore[arg-type]
    w = max(img.get_width() + 14, img.get_height() + 6)
    rect = pygame.Rect(pos[0], pos[1], w, img.get_height() + 4)
    pygame.draw.rect(surface, PALETTE["accent"], rect, border_radius=7)
    pygame.draw.rect(surface, PALETTE["accent_bright"], rect, width=1, border_radius=7)
    surface.blit(img, img.get_rect(center=rect.center))
    return rect


def _pad_glyph(surface: pygame.Surface, name: str, pos: tuple[int, int], size: int) -> pygame.Rect:
    height = font(size, True).get_height() + 4
    rect = pygame.Rect(pos[0], pos[1], cap_width("pad:" + name, size), height)
    if name in _FACE_COLOURS:
        r = height // 2
        pygame.draw.circle(surface, (0, 0, 0), (rect.centerx + 1, rect.centery + 2), r)
        pygame.draw.circle(surface, _FACE_COLOURS[name], rect.center, r)
        pygame.draw.circle(surface, (255, 255, 255), rect.center, r, width=1)
        ink = (20, 20, 20, 255) if name == "Y" else (255, 255, 255, 255)
        img = _text_surface(name, max(8, size - 2), True, ink)
        surface.blit(img, img.get_rect(center=(rect.centerx, rect.centery + 1)))
    elif name.startswith("dpad"):
        lit = {"dpad": "udlr", "dpad_ud": "ud", "dpad_lr": "lr"}.get(name, "udlr")
        arm = max(3, height // 3)
        cx, cy = rect.center
        half = height // 2
        arms = {"u": pygame.Rect(cx - arm // 2, cy - half, arm, half), "d": pygame.Rect(cx - arm // 2, cy, arm, half),
                "l": pygame.Rect(cx - half, cy - arm // 2, half, arm), "r": pygame.Rect(cx, cy - arm // 2, half, arm)}
        for key, part in arms.items():
            pygame.draw.rect(surface, PALETTE["accent_bright"] if key in lit else (90, 110, 100), part,
                             border_radius=2)
        pygame.draw.rect(surface, PALETTE["accent"], pygame.Rect(cx - arm // 2, cy - arm // 2, arm, arm))
    else:  # shoulders, Start, Back: a dark tab with the name
        pygame.draw.rect(surface, (45, 50, 48), rect, border_radius=height // 2)
        pygame.draw.rect(surface, (200, 205, 200), rect, width=1, border_radius=height // 2)
        img = _text_surface(name, max(8, size - 3), True, (240, 240, 235, 255))
        surface.blit(img, img.get_rect(center=rect.center))
    return rect


def hints(surface: pygame.Surface, items: list[tuple[str, str]], y: int | None = None) -> None:
    """A hint bar along the bottom: key cap (or pad glyph), what it does; right-aligned."""
    w, h = surface.get_size()
    size = 17 if h >= 600 else 14
    y = h - 40 if y is None else y
    widths = [cap_width(label, size) + 8 + font(size).size(what)[0] + 26 for label, what in items]
    x = w - 24 - sum(widths)
    bar = pygame.Rect(x, y, 0, 0)
    with layout.quiet():
        for (label, what), width in zip(items, widths, strict=True):
            cap = chip(surface, label, (x, y), size)
            words = text(surface, what, size, (cap.right + 8, cap.centery), "muted", anchor="midleft")
            bar = bar.union(cap).union(words) if bar.width else cap.union(words)
            x += width
    layout.report("hints", bar, "hint bar")


def title_text(surface: pygame.Surface, content: str, pos: tuple[int, int], size: int = 44) -> pygame.Rect:
    with layout.quiet():
        rect = text(surface, content, size, pos, "accent_bright", anchor="midtop", bold=True, shadow=True)
    layout.report("title", ink_rect(rect, size, True), content)
    return rect


FONT_NAME = "cardtable_sans"


@lru_cache(maxsize=1)
def theme_data() -> dict:
    """``assets/theme.json`` with every font block pointed at the shipped Noto Sans files (pygame-gui
    would otherwise use its own copy; the same files, but this way there is one typeface on disk)."""
    data = json.loads(THEME_PATH.read_text(encoding="utf-8"))
    for block in data.values():
        if isinstance(block, dict) and isinstance(block.get("font"), dict):
            block["font"].update(name=FONT_NAME, regular_path=fonts.path(False), bold_path=fonts.path(True),
                                 italic_path=fonts.path(False), bold_italic_path=fonts.path(True))
    return data


def make_manager(size: tuple[int, int]):  # -> pygame_gui.UIManager
    import copy

    import pygame_gui

    class Manager(pygame_gui.UIManager):
        """pygame-gui's manager; ``pointer_away`` hides the pointer from its hover highlighting."""

        pointer_away = False

        def _update_mouse_position(self) -> None:
            if self.pointer_away:
                self.mouse_position = (-10000, -10000)
            else:
                super()._update_mouse_position()

    return Manager(size, copy.deepcopy(theme_data()), enable_live_theme_updates=False)
