"""A question over the screen below it: confirmations where something is lost, and errors with a next step.

:class:`DialogScene` dims the scene under it and shows a title, a few lines and a row of buttons; the
focus starts on the ``default`` button (the safe one for a confirmation), Esc / B / right-click is
``cancel``. :func:`confirm` makes the yes/no case: "Quit cardtable?" - Quit / Stay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.scenes.base import MenuScene

Button = tuple[str, Callable[[], None], str]  # label, what it does, focus name


class DialogScene(MenuScene):
    name = "dialog"
    panel_width = 640

    def __init__(self, app: Any, title: str, lines: Sequence[str], buttons: Sequence[Button],
                 default: str | None = None, cancel: Callable[[], None] | None = None, kind: str = "dialog") -> None:
        super().__init__(app)
        self.heading = title
        self.lines = [line for line in lines if line]
        self.buttons = list(buttons)
        self.default = default or (self.buttons[-1][2] if self.buttons else None)
        self.on_cancel = cancel
        self.kind = kind  # what the dialog is about (tests and tools tell dialogs apart by it)
        self.below = app.scene
        self.wrapped: list[str] = []

    @classmethod
    def examples(cls, app: Any) -> Iterator[DialogScene]:
        yield confirm(app, "Quit cardtable?", "", "Quit", lambda: None, "Stay", kind="quit")
        yield cls(app, "No table answered", ["No table answered at 127.0.0.1:9.", "Is the host on the same network?"],
                  [("Try again", lambda: None, "retry"), ("Back", lambda: None, "back")], kind="error")

    def build(self) -> None:
        w, h = self.app.size
        width = min(self.panel_width, w - 80)
        self.wrapped = [part for line in self.lines for part in ui_theme.wrap(line, 20, width - 40)]
        text_h = 58 + len(self.wrapped) * 28
        self.row_height = 50 if h >= 640 else 42
        total = text_h + 24 + self.row_height
        top = max(20, (h - total) // 2)
        self.panel_rect = pygame.Rect((w - width) // 2 - 32, top - 28, width + 64, total + 56)
        self.text_top = top
        y = top + text_h + 24
        n = max(1, len(self.buttons))
        gap = 20
        bw = (width - gap * (n - 1)) // n
        for i, (label, callback, name) in enumerate(self.buttons):
            self.button(pygame.Rect((w - width) // 2 + i * (bw + gap), y, bw, self.row_height), label,
                        self._choose(callback), name=name)
        if self.default:
            self.ring.focus_name(self.default)

    def rebuild(self) -> None:
        super().rebuild()
        if self._focus_name is None and self.default:
            self.ring.focus_name(self.default)

    def _choose(self, callback: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            if self.app.scene is self:
                self.app.pop()
            callback()

        return run

    def back(self) -> None:
        self.app.pop()
        if self.on_cancel is not None:
            self.on_cancel()

    def hints(self) -> list[tuple[str, str]]:
        return [("left", "Move"), ("confirm", "Select"), ("back", "Cancel")]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.below is not None and self.below is not self:
            self.below.draw(surface, alpha)
        else:
            ui_theme.background(surface)
        ui_theme.dim(surface, 170)
        ui_theme.panel(surface, self.panel_rect, alpha=245)
        w = surface.get_width()
        ui_theme.text(surface, self.heading, 30, (w // 2, self.text_top), "accent_bright", anchor="midtop", bold=True)
        y = self.text_top + 58
        for line in self.wrapped:
            ui_theme.text(surface, line, 20, (w // 2, y), "ink", anchor="midtop")
            y += 28


def confirm(app: Any, question: str, detail: str, yes: str, on_yes: Callable[[], None], no: str = "Cancel",
            on_no: Callable[[], None] | None = None, kind: str = "confirm") -> DialogScene:
    """``question`` with a button that does it (``yes``) and one that does not (focused first)."""
    return DialogScene(app, question, [detail], [(yes, on_yes, "yes"), (no, on_no or (lambda: None), "no")],
                       default="no", cancel=on_no, kind=kind)
