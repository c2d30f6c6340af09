"""How to play: a short guide per game; left/right change the game, up/down scroll."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade import session as sessions
from cardtable.arcade import ui_theme
from cardtable.arcade.input import Command
from cardtable.arcade.rules_text import RULES, rules_for
from cardtable.arcade.scenes.base import Scene


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app: Any, game_name: str | None = None) -> None:
        super().__init__(app)
        games = sessions.available_games()
        self.names = [n for n in RULES if n in games] or list(RULES)
        self.titles = {n: (games[n].title if n in games else n.replace("_", " ").title()) for n in self.names}
        start = game_name or app.settings.last_game
        self.index = self.names.index(start) if start in self.names else 0
        self.scroll = 0.0
        self.target = 0.0
        self.max_scroll = 0.0
        self.tab_rects: list[pygame.Rect] = []
        self._legends: dict[str, list[tuple[pygame.Surface | None, str]]] = {}

    @property
    def game_name(self) -> str:
        return self.names[self.index]

    # the game tabs are the controls: left/right move between them, up/down scroll the page
    def controls(self) -> list[str]:
        return [f"game:{name}" for name in self.names]

    def focused_control(self) -> str | None:
        return f"game:{self.game_name}"

    def focus_control(self, name: str) -> bool:
        game = name.removeprefix("game:")
        if game not in self.names:
            return False
        self.index = self.names.index(game)
        self.target = self.scroll = 0.0
        return True

    def moves_focus(self, direction: str, device: str = "keyboard") -> bool:
        return direction in ("left", "right")

    def command(self, cmd: Command) -> None:
        if cmd.kind == "back":
            self.back()
        elif cmd.kind in ("left", "right", "pile_a", "pile_b"):
            step = -1 if cmd.kind in ("left", "pile_a") else 1
            self.index = (self.index + step) % len(self.names)
            self.target = self.scroll = 0.0
        elif cmd.kind in ("up", "down"):
            self.target += -60 if cmd.kind == "up" else 60
        elif cmd.kind == "wheel":
            self.target -= cmd.amount * 60
        elif cmd.kind == "click" and cmd.pos is not None:
            for i, rect in enumerate(self.tab_rects):
                if rect.collidepoint(cmd.pos):
                    self.index = i
                    self.target = self.scroll = 0.0
                    return
        elif cmd.kind == "confirm":
            self.back()
        self.target = max(0.0, min(self.target, self.max_scroll))

    def tick(self, dt: float) -> None:
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui_theme.background(surface)
        w, h = surface.get_size()
        ui_theme.title_text(surface, "How to play", (w // 2, 30), 44)
        # game tabs
        self.tab_rects = []
        font = ui_theme.font(19, True)
        widths = [font.size(self.titles[n])[0] + 36 for n in self.names]
        x = (w - sum(widths) - 10 * (len(widths) - 1)) // 2
        for i, name in enumerate(self.names):
            rect = pygame.Rect(x, 100, widths[i], 40)
            active = i == self.index
            pygame.draw.rect(surface, ui_theme.colour("accent") if active else ui_theme.colour("panel"), rect,
                             border_radius=10)
            pygame.draw.rect(surface, ui_theme.colour("accent_bright") if active else (63, 122, 96), rect, 2,
                             border_radius=10)
            ui_theme.text(surface, self.titles[name], 19, rect.center, "panel" if active else "ink",
                          anchor="center", bold=True)
            self.tab_rects.append(rect)
            x += widths[i] + 10
        area = pygame.Rect(max(40, (w - 900) // 2), 160, min(900, w - 80), h - 160 - 70)
        ui_theme.panel(surface, area.inflate(40, 20))
        clip = surface.get_clip()
        surface.set_clip(area)
        y = area.y + 12 - int(self.scroll)
        for heading, body in rules_for(self.game_name):
            ui_theme.text(surface, heading, 22, (area.x + 10, y), "accent_bright", bold=True)
            y += 34
            for line in ui_theme.wrap(body, 19, area.width - 20):
                ui_theme.text(surface, line, 19, (area.x + 10, y), "ink")
                y += 27
            y += 14
        y = self._draw_legend(surface, area, y)
        surface.set_clip(clip)
        total = y + int(self.scroll) - area.y
        self.max_scroll = max(0.0, total - area.height)
        if self.scroll < self.max_scroll - 4:  # more below: say so, with the key that scrolls
            mapper = self.app.mapper
            label = f"more  ({mapper.hint('wheel' if mapper.last_device == 'mouse' else 'down')})"
            rect = ui_theme.text(surface, label, 16, (area.x + 16, area.bottom + 14), "accent", anchor="topleft")
            cx, cy = rect.left - 10, rect.centery
            pygame.draw.polygon(surface, ui_theme.colour("accent"), [(cx - 6, cy - 4), (cx + 6, cy - 4), (cx, cy + 4)])

    def legend(self) -> list[tuple[pygame.Surface | None, str]]:
        """The game's table legend (its markers drawn as on the table), made once per game."""
        if self.game_name not in self._legends:
            try:
                from cardtable.arcade.scenes.title import card_art
                from cardtable.arcade.tables import table_class

                self._legends[self.game_name] = table_class(self.game_name).legend(card_art(self.app), 26)
            except Exception:  # noqa: BLE001 - a missing key must not cost the rules
                self._legends[self.game_name] = []
        return self._legends[self.game_name]

    def _draw_legend(self, surface: pygame.Surface, area: pygame.Rect, y: int) -> int:
        """"On the table": each marker beside what it means. Returns the y under it."""
        entries = self.legend()
        if not entries:
            return y
        ui_theme.text(surface, "On the table", 22, (area.x + 10, y), "accent_bright", bold=True)
        y += 38
        icon_w = max((i.get_width() for i, _ in entries if i is not None), default=0)
        for icon, words in entries:
            row = max(30, icon.get_height() if icon is not None else 0)
            if icon is not None:
                surface.blit(icon, icon.get_rect(center=(area.x + 10 + icon_w // 2, y + row // 2)))
            ui_theme.text(surface, words, 19, (area.x + 24 + icon_w, y + row // 2), "ink", anchor="midleft")
            y += row + 8
        return y + 6

    def hints(self) -> list[tuple[str, str]]:
        return [("left", "Game"), ("up", "Scroll"), ("back", "Back")]
