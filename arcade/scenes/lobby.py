"""The lobby: who sits where before the game starts. The table's owner starts it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.focus import FocusItem
from cardtable.arcade.scenes.base import MenuScene
from cardtable.arcade.session import seat_name

SEAT_KINDS = ("open", "easy", "normal", "hard", "random")


def lobby_warning(message: dict[str, Any]) -> str:
    """One line for what the host's lobby warns of (docs/PROTOCOL.md): wrong PINs someone tried (the
    owner only gets these) and players too far away for fair races."""
    parts = []
    pins = message.get("pin_failures") or {}
    if pins.get("failed"):
        locked = f" (locked {pins['locked_s']:.0f} s)" if pins.get("locked_s") else ""
        parts.append(f"{pins['failed']} wrong PIN{'s' if pins['failed'] != 1 else ''} tried{locked}")
    slow = message.get("slow_links") or []
    if slow:
        who = ", ".join(str(link.get("name", "?")) for link in slow[:2]) + (" …" if len(slow) > 2 else "")
        parts.append(f"too far for fair races: {who} ({max(int(link.get('rtt_ms') or 0) for link in slow)} ms, "
                     f"covered {slow[0].get('covered_ms')} ms)")
    return "   ·   ".join(parts)


class LobbyScene(MenuScene):
    name = "lobby"
    title = "Lobby"
    panel_width = 700
    header_lines = 2

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buffer: list[dict[str, Any]] = []  # every message, handed to the table when it starts
        self.welcome: dict[str, Any] | None = None
        self.seats: list[dict[str, Any]] = []
        self.started = False
        self.status = "Connecting…"
        self.warning = ""  # what the host warns of: wrong PINs tried (owner), links the races do not cover
        self.want_focus: str | None = None

    @classmethod
    def examples(cls, app: Any) -> Iterator[LobbyScene]:
        """The owner's lobby of an in-process table: you, an open seat and bots."""
        from cardtable.arcade.session import BOT, OPEN, YOU, DirectSession, SeatSpec, TableConfig

        seats = [SeatSpec(YOU, name=app.settings.name), SeatSpec(OPEN), SeatSpec(BOT), SeatSpec(BOT, "easy")]
        app.session = DirectSession(TableConfig(game="oh_hell", players=4, seats=seats, name="Example table"))
        yield cls(app)

    @property
    def session(self) -> Any:
        return self.app.session

    def build(self) -> None:
        n = max(1, len(self.seats))
        self.row_gap = 8
        top = max(self.vy(170), self.content_top())
        self.row_height = self.fit_rows(n + 3, top, 40)
        col = self.column(n + 3, top=top)
        self.col = col
        owner_now = bool(self.welcome and self.welcome.get("owner"))
        if owner_now:
            for i, seat in enumerate(self.seats):
                if seat.get("kind") == "person":
                    continue
                rect = pygame.Rect(col.x, col.y + i * (self.row_height + self.row_gap), col.width, self.row_height)
                self.ring.add(FocusItem(rect, on_confirm=self._seat_changer(i, 1), on_left=self._seat_changer(i, -1),
                                        on_right=self._seat_changer(i, 1), name=f"seat{i}"))
        y = col.y + (n + 1) * (self.row_height + self.row_gap) + 8
        half = (col.width - 20) // 2
        owner = bool(self.welcome and self.welcome.get("owner"))
        self.button(pygame.Rect(col.x, y, half, self.row_height + 8), "Start the game", self.start, name="start", big=True,
                    enabled=owner and self.welcome is not None)
        self.button(pygame.Rect(col.x + half + 20, y, half, self.row_height + 8), "Leave", self.back, name="leave")
        if not owner:
            self.ring.focus_name("leave")

    def tick(self, dt: float) -> None:
        super().tick(dt)
        if self.session is None:
            return
        changed = False
        for message in self.session.poll():
            self.buffer.append(message)
            kind = message.get("type")
            if kind == "welcome":
                self.welcome = message
                self.want_focus = "start" if message.get("owner") else "leave"
                self.status = "Waiting for the host to start" if not message.get("owner") else \
                    "Waiting for players: start when everyone is seated (bots fill open seats)"
                changed = True
            elif kind == "lobby":
                self.seats = list(message.get("seats") or [])
                self.warning = lobby_warning(message)
                changed = True
                if message.get("started"):
                    self.started = True
            elif kind == "view":
                self.started = True
            elif kind == "error":
                self.app.toast(str(message.get("reason")))
            elif kind == "closed":
                self.app.toast(f"Could not join: {message.get('reason') or 'closed'}", 5.0)
                self.app.end_session()
                self.app.pop()
                return
        if self.started:
            self.go_to_table()
        elif changed:
            self.rebuild()
            if self.want_focus:
                self.ring.focus_name(self.want_focus)
                self.want_focus = None

    def _seat_changer(self, index: int, step: int):
        def change() -> None:
            seat = self.seats[index]
            current = "open" if seat.get("kind") == "open" else str(seat.get("level") or "normal")
            kinds = list(SEAT_KINDS)
            new = kinds[(kinds.index(current) + step) % len(kinds)] if current in kinds else "normal"
            if new == "open":
                self.session.request({"type": "set_seat", "seat": index, "kind": "open"})
            else:
                self.session.request({"type": "set_seat", "seat": index, "kind": "bot", "level": new})
        return change

    def go_to_table(self) -> None:
        from cardtable.arcade.scenes.table import TableScene

        scene = TableScene(self.app)
        buffered, self.buffer = self.buffer, []
        self.app.replace(scene)
        scene.auto_start = False
        for message in buffered:
            scene.on_message(message)

    def start(self) -> None:
        if self.session is not None:
            self.session.request({"type": "start"})

    def back(self) -> None:
        self.app.end_session()
        self.app.pop()

    def hints(self) -> list[tuple[str, str]]:
        owner = bool(self.welcome and self.welcome.get("owner"))
        change = [("left", "Change a seat")] if owner and any(s.get("kind") != "person" for s in self.seats) else []
        return [("up", "Move"), *change, ("confirm", "Select"), ("back", "Leave")]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        w, _ = surface.get_size()
        table = (self.welcome or {}).get("table") or {}
        session = self.session
        address = getattr(session, "address", None)
        line = table.get("name", "")
        if table.get("title"):
            line += f"   ·   {table['title']}"
        if getattr(session, "advertised", False):
            line += "   ·   open on the LAN"
        ui_theme.text(surface, line or "…", 22, (w // 2, self.header_y(0)), "ink", anchor="midtop", bold=True)
        ui_theme.text(surface, self.warning or self.status, 18, (w // 2, self.header_y(1) + 4),
                      "accent_bright" if self.warning else "muted", anchor="midtop")
        col = getattr(self, "col", None)
        if col is None:
            return
        mine = set((self.welcome or {}).get("seats") or [])
        for i, seat in enumerate(self.seats):
            rect = pygame.Rect(col.x, col.y + i * (self.row_height + self.row_gap), col.width, self.row_height)
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((255, 255, 255, 16) if i % 2 == 0 else (255, 255, 255, 8))
            surface.blit(shade, rect)
            kind = seat.get("kind")
            name = seat.get("name") or ""
            if kind == "open":
                who, colour_name = "open seat: waiting for a player", "muted"
            elif kind == "bot":
                who, colour_name = seat_name(seat, int(seat.get("seat", i))), "ink"
            else:
                who = name + ("  (you)" if seat.get("seat") in mine and name.lower() != "you" else "")
                colour_name = "accent_bright" if seat.get("seat") in mine else "ink"
                if not seat.get("connected", True):
                    who += "  (away)"
            ui_theme.text(surface, f"Seat {int(seat.get('seat', i)) + 1}", 20, (rect.x + 16, rect.centery),
                          "muted", anchor="midleft")
            ui_theme.text(surface, who, 20, (rect.x + 120, rect.centery), colour_name, anchor="midleft")
            if kind != "person" and self.welcome and self.welcome.get("owner"):
                ui_theme.text(surface, "<  change  >", 17, (rect.right - 16, rect.centery), "accent", anchor="midright")
        lan = getattr(session, "lan_address", None)
        # the panel's last row, under the buttons (below the panel it would meet the hint bar)
        last = (max(1, len(self.seats)) + 2) * (self.row_height + self.row_gap) + self.row_height // 2 + 12
        where = (w // 2, col.y + last)
        if lan:
            ui_theme.text(surface, f"Others join from their Join list, or by the address {lan}", 18, where,
                          "accent", anchor="center")
        elif address and getattr(session, "local_table", None) is not None:
            ui_theme.text(surface, "This table is not on the LAN yet", 18, where, "muted", anchor="center")
