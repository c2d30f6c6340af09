"""The end of a game: the final scores, the winners, and "play again"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.scenes.base import MenuScene


class ResultsScene(MenuScene):
    name = "results"
    title = "Game over"
    panel_width = 620
    header_lines = 1

    def __init__(self, app: Any, result: dict[str, Any], names: list[str], game_title: str,
                 local_seats: list[int], config: Any = None) -> None:
        super().__init__(app)
        self.result = result or {}
        self.names = names
        self.game_title = game_title
        self.local_seats = local_seats
        self.config = config
        scores = list(self.result.get("scores") or [])
        self.scores = scores
        self.winners = set(self.result.get("winners") or [])
        self.order = sorted(range(len(scores)), key=lambda s: (s not in self.winners, -_num(scores[s])))

    @classmethod
    def examples(cls, app: Any) -> Iterator[ResultsScene]:
        from cardtable.arcade.session import BOT, YOU, SeatSpec, TableConfig

        config = TableConfig(game="oh_hell", players=4, seats=[SeatSpec(YOU)] + [SeatSpec(BOT)] * 3, seed=1)
        names = ["You", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)"]
        yield cls(app, {"scores": [68, 75, 75, 65], "winners": [1, 2]}, names, "Oh Hell", [0], config)
        yield cls(app, {"scores": [0, 1], "winners": [1]}, ["Player 1", "Player 2"], "Speed", [0, 1], None)

    def player(self, seat: int) -> str:
        name = self.names[seat] if seat < len(self.names) and self.names[seat] else f"Seat {seat + 1}"
        if name.endswith(" bot"):
            name = f"Bot {seat + 1} ({name[:-4]})"
        elif self.names.count(name) > 1:
            name = f"{name} · seat {seat + 1}"
        if seat in self.local_seats and len(self.local_seats) == 1 and name.lower() != "you":
            name += " (you)"
        return name

    def build(self) -> None:
        w, h = self.app.size
        rows = len(self.order)
        top = max(self.vy(175), self.content_top() + 10)
        self.row_height = self.fit_rows(rows + 2, top, 44)
        col = self.column(rows + 2, top=top)
        self.table_top = col.y
        buttons_y = col.y + (rows + 1) * (self.row_height + self.row_gap) - 6
        half = (col.width - 20) // 2
        can_again = self.config is not None
        self.button(pygame.Rect(col.x, buttons_y, half, self.row_height + 8), "Play again", self.again, name="again",
                    big=True, enabled=can_again)
        self.button(pygame.Rect(col.x + half + 20, buttons_y, half, self.row_height + 8), "Main menu", self.menu, name="menu")
        self.col = col

    def _key(self, seat: int) -> tuple[bool, float]:
        return (seat not in self.winners, -_num(self.scores[seat]) if seat < len(self.scores) else 0.0)

    def place(self, seat: int) -> int:
        """1 for the winners; players with equal scores share a place."""
        return 1 + sum(1 for other in self.order if self._key(other) < self._key(seat))

    def numeric(self) -> bool:
        return self.score_text(self.order[0]).isdigit() if self.order else False

    def score_text(self, seat: int) -> str:
        """What the right-hand column says for ``seat``: cards left, points, or who won."""
        cards_left = self.result.get("cards_left")
        if isinstance(cards_left, list) and seat < len(cards_left):
            n = cards_left[seat]
            return "out of cards" if n == 0 else f"{n} card{'s' if n != 1 else ''} left"
        if self.scores and all(v == 0 for v in self.scores if isinstance(v, int | float)):
            return "winner" if seat in self.winners else ""
        return str(self.scores[seat]) if seat < len(self.scores) else ""

    def detail(self) -> str:
        parts = []
        reason = self.result.get("reason")
        if reason == "out":
            parts.append("first to play out every card")
        elif isinstance(reason, str) and reason:
            parts.append(reason.replace("_", " "))
        rounds = self.result.get("rounds")
        count = len(rounds) if isinstance(rounds, list) else rounds if isinstance(rounds, int) else None
        if count:
            parts.append(f"{count} round{'s' if count != 1 else ''}")
        sheet = self.result.get("sheet")
        if isinstance(sheet, list) and sheet:
            parts.append(f"{len(sheet)} hands")
        return "  ·  ".join(parts)

    def again(self) -> None:
        from cardtable.arcade import session as sessions
        from cardtable.arcade.scenes.table import TableScene

        config = self.config.again()
        self.app.end_session()
        try:
            self.app.session = sessions.start_local(config, self.app.settings.name, self.app.lan_interfaces)
        except Exception as error:  # stay on the results and say why
            self.app.toast(f"Could not start a new game: {error}")
            return
        if config.lan:  # a LAN table goes back to its lobby so people can sit down again
            from cardtable.arcade.scenes.lobby import LobbyScene

            self.app.replace(LobbyScene(self.app))
        else:
            self.app.replace(TableScene(self.app, auto_start=True))

    def menu(self) -> None:
        self.app.home()

    def back(self) -> None:
        self.menu()

    def hints(self) -> list[tuple[str, str]]:
        return [("left", "Move"), ("confirm", "Select"), ("back", "Main menu")]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        w, _ = surface.get_size()
        mine = [s for s in self.local_seats if s in self.winners]
        if mine and len(self.local_seats) == 1:
            headline = "You win!"
        elif self.winners:
            headline = " and ".join(self.player(s) for s in sorted(self.winners)) + (
                " win" if len(self.winners) > 1 else " wins")
        else:
            headline = "A draw"
        ui_theme.text(surface, f"{self.game_title}  ·  {headline}", 26, (w // 2, self.header_y(0)), "ink", anchor="midtop",
                      bold=True)
        detail = self.detail()
        if detail:
            ui_theme.text(surface, detail, 18, (w // 2, self.panel_rect.bottom + 14), "muted", anchor="midtop")
        col = self.col
        if self.numeric():
            ui_theme.text(surface, "score", 15, (col.right - 20, self.table_top - 4), "muted", anchor="bottomright")
        for rank, seat in enumerate(self.order):
            y = self.table_top + rank * (self.row_height + self.row_gap)
            rect = pygame.Rect(col.x, y, col.width, self.row_height)
            win = seat in self.winners
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((227, 182, 90, 60) if win else (255, 255, 255, 14))
            surface.blit(shade, rect)
            ui_theme.text(surface, f"{self.place(seat)}.", 22, (rect.x + 16, rect.centery), "muted", anchor="midleft")
            ui_theme.text(surface, self.player(seat), 22, (rect.x + 60, rect.centery),
                          "accent_bright" if win else "ink", anchor="midleft", bold=win)
            ui_theme.text(surface, self.score_text(seat), 24, (rect.right - 20, rect.centery), "ink", anchor="midright",
                          bold=True)


def _num(value: Any) -> float:
    return float(value) if isinstance(value, int | float) else 0.0
