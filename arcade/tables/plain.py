"""What the table scene shows when no game's table could be made: the view as text, and its legal
actions to pick from (a renderer's bug never leaves a blank screen)."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.input import Command


class PlainTable:
    """What the table scene shows when no game renderer could be made: the view as text."""

    def __init__(self, game_name: str, local_seats: list[int], size: tuple[int, int]) -> None:
        self.game_name = game_name
        self.local_seats = local_seats
        self.size = size
        self.views: dict[int, dict[str, Any]] = {}
        self.legals: dict[int, list[dict[str, Any]]] = {}
        self.cursor = 0
        self.message = ""

    def set_view(self, seat: int, view: dict, legal: list[dict], events: list[dict]) -> None:
        self.views[seat] = view
        self.legals[seat] = [a for a in legal if "choose" not in a]

    def reject(self, seat: int, action: dict, reason: str) -> None:
        self.message = reason

    def handle(self, command: Command, seat: int | None) -> list[tuple[int, dict]]:
        seat = seat if seat is not None else (self.local_seats[0] if self.local_seats else None)
        legal = self.legals.get(seat, []) if seat is not None else []
        if command.kind in ("up", "left"):
            self.cursor -= 1
        elif command.kind in ("down", "right"):
            self.cursor += 1
        elif command.kind == "confirm" and legal and seat is not None:
            return [(seat, legal[self.cursor % len(legal)])]
        return []

    def tick(self, dt: float) -> None:
        pass

    def mark_scene(self, marks: list[pygame.Rect]) -> None:
        """The view as text places no badge: nothing to keep clear of the scene's marks."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui_theme.background(surface)
        seat = self.local_seats[0] if self.local_seats else next(iter(self.views), None)
        view = self.views.get(seat, {})
        y = 30
        for key in ("phase", "hand", "scores", "to_act"):
            if key in view:
                ui_theme.text(surface, f"{key}: {view[key]}", 20, (40, y))
                y += 30
        for i, action in enumerate(self.legals.get(seat, [])[:16]):
            mark = "> " if i == self.cursor % max(1, len(self.legals.get(seat, []))) else "   "
            ui_theme.text(surface, mark + str(action), 18, (60, y + 10 + i * 24), "accent_bright")
        if self.message:
            ui_theme.text(surface, self.message, 20, (40, surface.get_height() - 90), "danger")

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def needs_privacy(self) -> bool:
        return False
