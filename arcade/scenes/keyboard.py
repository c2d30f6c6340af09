"""An on-screen keyboard, so a gamepad alone can fill in a name, a PIN or an address.

Confirm types the focused key, Y (alt) deletes, Start (menu) or the Done key accepts, B cancels.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.input import Command
from cardtable.arcade.scenes.base import MenuScene

ROWS = ("1234567890", "qwertyuiop", "asdfghjkl:", "zxcvbnm.-'")
DIGITS = ("123", "456", "789", "0")


class KeyboardScene(MenuScene):
    name = "keyboard"
    title = "Type"

    def __init__(self, app: Any, caption: str, text: str, done: Callable[[str], None],
                 digits_only: bool = False, max_length: int = 24) -> None:
        super().__init__(app)
        self.caption = caption
        self.text = text
        self.done = done
        self.digits_only = digits_only
        self.max_length = max_length
        self.shift = False

    @classmethod
    def examples(cls, app: Any) -> Iterator[KeyboardScene]:
        yield cls(app, "Your name", app.settings.name, lambda text: None)
        yield cls(app, "PIN", "", lambda text: None, digits_only=True, max_length=6)

    def build(self) -> None:
        w, h = self.app.size
        rows = DIGITS if self.digits_only else ROWS
        gap = 10 if h >= 700 else 8
        field = self.field_rect()
        y0 = field.bottom + 26
        key = max(30, min(64, (h - y0 - 70 - len(rows) * gap) // (len(rows) + 1)))
        cols = max(len(r) for r in rows)
        key_w = max(key, (320 - (cols - 1) * gap) // cols)  # the digit pad is wide enough for "Delete"
        width = cols * key_w + (cols - 1) * gap
        x0 = (w - width) // 2
        for r, row in enumerate(rows):
            offset = (cols - len(row)) * (key_w + gap) // 2
            for c, ch in enumerate(row):
                rect = pygame.Rect(x0 + offset + c * (key_w + gap), y0 + r * (key + gap), key_w, key)
                label = ch.upper() if self.shift else ch
                self.button(rect, label, lambda ch=ch: self.type(ch), name=f"key:{ch}")
        y = y0 + len(rows) * (key + gap)
        specials: list[tuple[str, Callable[[], None], str]] = []
        if not self.digits_only:
            specials += [("Shift", self.toggle_shift, "shift"), ("Space", lambda: self.type(" "), "space")]
        specials += [("Delete", self.delete, "delete"), ("Done", self.accept, "done")]
        each = (width - gap * (len(specials) - 1)) // len(specials)
        for i, (text, callback, name) in enumerate(specials):
            self.button(pygame.Rect(x0 + i * (each + gap), y, each, key), text, callback, name=name,
                        big=name == "done")
        top = field.top - 14
        self.panel_rect = pygame.Rect(x0 - 30, top, width + 60, y + key + 20 - top).union(field.inflate(40, 0))

    def field_rect(self) -> pygame.Rect:
        """The line being typed, inside the panel and under the caption."""
        w, h = self.app.size
        field = pygame.Rect(0, 0, min(380 if self.digits_only else 700, w - 120), 54 if h >= 700 else 46)
        field.midtop = (w // 2, self.header_y(1) + 20)
        return field

    def type(self, ch: str) -> None:
        if len(self.text) < self.max_length:
            self.text += ch.upper() if self.shift else ch
            if self.shift:
                self.shift = False
                self.rebuild()

    def toggle_shift(self) -> None:
        self.shift = not self.shift
        self.rebuild()

    def delete(self) -> None:
        self.text = self.text[:-1]

    def accept(self) -> None:
        self.done(self.text)
        self.app.pop()

    def command(self, cmd: Command) -> None:
        if cmd.kind == "alt":
            self.delete()
        elif cmd.kind == "menu":
            self.accept()
        else:
            super().command(cmd)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        w, _ = surface.get_size()
        ui_theme.text(surface, self.caption, 20, (w // 2, self.header_y(0)), "muted", anchor="midtop")
        field = self.field_rect()
        pygame.draw.rect(surface, ui_theme.colour("panel"), field, border_radius=10)
        pygame.draw.rect(surface, ui_theme.colour("accent"), field, 2, border_radius=10)
        cursor = "|" if int(self.ring.phase * 2) % 2 == 0 else " "
        ui_theme.text(surface, self.text + cursor, 26, (field.x + 16, field.centery), "ink", anchor="midleft")

    def hints(self) -> list[tuple[str, str]]:
        return [("confirm", "Type"), ("alt", "Delete"), ("menu", "Done"), ("back", "Cancel")]
