"""The lobby: who sits where before the game starts. The table's owner starts it.

It is also where joining ends up: a refusal or a connection that fails is explained in words with a next
step (a dialog over the screen the join came from: try again, type the PIN, back), and a table with no
seat left offers to watch. Arrivals and departures come up as notices; the host sees its address and PIN.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.focus import FocusItem
from cardtable.arcade.scenes.base import MenuScene
from cardtable.arcade.session import seat_name
from cardtable.arcade.words import badge

SEAT_KINDS = ("open", "easy", "normal", "hard", "random")
SHOWN_WAITING = 2  # people waiting to join the owner's lobby offers to let in (the newest)
CLOCKS = (0, 30, 60, 120, 300)  # the turn clocks the owner steps through (seconds; 0: none)


def clock_words(seconds: float) -> str:
    """The lobby's turn clock row."""
    if seconds <= 0:
        return "Turn clock: off (nobody's turn is timed)"
    return f"Turn clock: {seconds:.0f} s a turn when others play, then a bot plays it"


def table_fingerprint(table: dict[str, Any]) -> str:
    """The code of the table's key (welcome ``table.key``) that people compare: the host's lobby shows
    it, and so do the join list and a guest's lobby (netplay/identity.py)."""
    from cardtable.netplay.identity import fingerprint, key_from_hex

    key = key_from_hex(str(table.get("key") or ""))
    return fingerprint(key) if key is not None else ""


def lobby_warning(message: dict[str, Any]) -> str:
    """One line for what the host's lobby warns of (docs/PROTOCOL.md): someone guessing the PIN and who
    waits to join meanwhile (the owner only gets these), and players too far away for fair races."""
    parts = []
    pins = message.get("pin_failures") or {}
    if pins.get("recent"):
        addresses = int(pins.get("addresses") or 1)
        parts.append(f"Someone is guessing the PIN: {pins['recent']} wrong in {pins.get('watch_s', 900) / 60:.0f} min "
                     f"from {addresses} address{'es' if addresses != 1 else ''}")
    if pins.get("waiting_count"):
        parts.append(f"{pins['waiting_count']} waiting to join")
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

    def __init__(self, app: Any, retry: Any = None) -> None:
        super().__init__(app)
        self.retry = retry  # joins again (the dialog's "Try again"), from the screen the join came from
        self.lobby: dict[str, Any] | None = None
        self.buffer: list[dict[str, Any]] = []  # every message, handed to the table when it starts
        self.welcome: dict[str, Any] | None = None
        self.seats: list[dict[str, Any]] = []
        self.started = False
        self.status = "Connecting…"
        self.warning = ""  # what the host warns of: wrong PINs tried (owner), links the races do not cover
        self.want_focus: str | None = None
        self.hints_on = False  # the host allows the Hint button at this table
        self.said: list[str] = []  # the presence notices this lobby showed (gone when the game starts)
        self.turn_clock = 0.0  # the host's turn clock (seconds; 0: none)

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

    def waiting_people(self) -> list[dict[str, Any]]:
        """People waiting to join while someone guesses the PIN (the owner's lobby lists them), at most
        ``SHOWN_WAITING`` of the newest: the owner may let them in without the PIN."""
        if not (self.welcome and self.welcome.get("owner")):
            return []
        return list(((self.lobby or {}).get("pin_failures") or {}).get("waiting") or [])[:SHOWN_WAITING]

    def build(self) -> None:
        n = max(1, len(self.seats))
        waiting = self.waiting_people()
        rows = n + 4 + len(waiting)
        top = max(self.vy(170), self.content_top())
        for self.row_gap in (8, 2):  # seven seats at 960x540 clear the hint bar only with tight rows
            self.row_height = self.fit_rows(rows, top, 40)
            panel_bottom = top + rows * self.row_height + (rows - 1) * self.row_gap + 28  # (see column)
            if panel_bottom <= self.app.size[1] - 40:  # the hint bar's top (ui_theme.hints)
                break
        col = self.column(rows, top=top)
        self.col = col
        owner_now = bool(self.welcome and self.welcome.get("owner"))
        if owner_now:
            for i, seat in enumerate(self.seats):
                if seat.get("kind") == "person":
                    continue
                rect = pygame.Rect(col.x, col.y + i * (self.row_height + self.row_gap), col.width, self.row_height)
                self.ring.add(FocusItem(rect, on_confirm=self._seat_changer(i, 1), on_left=self._seat_changer(i, -1),
                                        on_right=self._seat_changer(i, 1), name=f"seat{i}"))
        elif self.watching():  # a spectator: an open seat can be taken
            for i, seat in enumerate(self.seats):
                if seat.get("kind") == "open":
                    rect = pygame.Rect(col.x, col.y + i * (self.row_height + self.row_gap), col.width, self.row_height)
                    self.ring.add(FocusItem(rect, on_confirm=self._sitter(int(seat.get("seat", i))), name=f"sit{i}"))
        owner = bool(self.welcome and self.welcome.get("owner"))
        hints_row = pygame.Rect(col.x, col.y + n * (self.row_height + self.row_gap) + 4, col.width, self.row_height)
        words = "Hints: allowed (everyone may ask for the bot's suggestion)" if self.hints_on else "Hints: off"
        self.button(hints_row, words + ("   (change)" if owner else ""), self.toggle_hints, name="hints",
                    enabled=owner and self.welcome is not None)
        clock_row = hints_row.move(0, self.row_height + self.row_gap)
        if owner and self.welcome is not None:
            self.ring.add(FocusItem(clock_row, on_confirm=self._clock_stepper(1), on_left=self._clock_stepper(-1),
                                    on_right=self._clock_stepper(1), name="clock"))
        for k, person in enumerate(waiting):
            row = pygame.Rect(col.x, col.y + (n + 2 + k) * (self.row_height + self.row_gap) + 4, col.width, self.row_height)
            self.button(row, f"Let {person.get('name', '?')} in (waiting {int(person.get('waited_s') or 0)} s; no PIN asked)",
                        self._admitter(int(person.get("id") or 0)), name=f"admit{k}")
        y = col.y + (n + 2 + len(waiting)) * (self.row_height + self.row_gap) + 8
        half = (col.width - 20) // 2
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
        full = False
        for message in self.session.poll():
            self.buffer.append(message)
            kind = message.get("type")
            if kind == "welcome":
                self.welcome = message
                self.want_focus = "start" if message.get("owner") else "leave"
                if message.get("owner"):
                    self.status = "Waiting for players: start when everyone is seated (bots fill open seats)"
                elif not message.get("seats"):  # no seat was free: this screen watches
                    self.status = "You are watching: the game shows here when the host starts"
                else:
                    self.status = "Waiting for the host to start"
                changed = True
                full = not message.get("seats") and getattr(self.session, "asked", 0)
            elif kind == "lobby":
                self.on_lobby(message)
                self.seats = list(message.get("seats") or [])
                self.warning = lobby_warning(message)
                self.hints_on = bool(message.get("hints"))
                clock = message.get("turn_clock")
                self.turn_clock = float(clock) if isinstance(clock, int | float) else 0.0
                changed = True
                if message.get("started"):
                    self.started = True
            elif kind == "seats" and self.welcome is not None:
                self.welcome = {**self.welcome, "seats": list(message.get("seats") or [])}
                if self.welcome["seats"] and not self.welcome.get("owner"):
                    self.status = "Waiting for the host to start"  # a spectator took a seat
                changed = True
            elif kind == "wait":  # someone is guessing the PIN: this join waits its turn
                ahead = message.get("ahead")
                after = f"after {ahead} more" if isinstance(ahead, int) and ahead > 0 else "next"
                self.status = f"Someone is guessing the PIN: your turn comes {after}, or the host lets you in"
                changed = True
            elif kind == "view":
                self.started = True
            elif kind == "error":
                self.app.toast(str(message.get("reason")))
            elif kind == "closed":
                self.failed(str(message.get("reason") or "closed"))
                return
        if full and self.welcome is not None:
            self.offer_to_watch(self.welcome)  # the table follows once watching is chosen
            return
        if self.started:
            self.go_to_table()
        elif changed:
            self.rebuild()
            if self.want_focus:
                self.ring.focus_name(self.want_focus)
                self.want_focus = None

    def watching(self) -> bool:
        return self.welcome is not None and not self.welcome.get("seats")

    def _admitter(self, number: int) -> Any:
        def admit() -> None:
            self.session.request({"type": "admit", "id": number})
        return admit

    def _sitter(self, index: int) -> Any:
        def sit() -> None:
            self.session.request({"type": "sit", "seat": index})
        return sit

    def on_lobby(self, message: dict[str, Any]) -> None:
        from cardtable.arcade.words import notices

        mine = list((self.welcome or {}).get("seats") or [])
        for line in notices(self.lobby, message, mine):
            self.app.toast(line, 4.0)
            self.said.append(line)
        self.lobby = message

    def where(self) -> tuple[str, int] | None:
        address = getattr(self.session, "address", None)
        return (str(address[0]), int(address[1])) if address else None

    def failed(self, reason: str) -> None:
        """The connection ended: back to where the join came from, with why in words and what to do."""
        from cardtable.arcade.scenes.confirm import DialogScene
        from cardtable.arcade.words import explain_join

        host, port = self.where() or ("?", 0)
        table = str(((self.welcome or {}).get("table") or {}).get("name") or "")
        said = explain_join(reason, host, port, table)
        if self.welcome is not None and said.code == "other":
            said.title = "The table closed"
        self.app.end_session()
        self.app.pop()
        retry = self.retry
        buttons: list[tuple[str, Any, str]] = []
        if said.code in ("pin_wrong", "pin_needed", "pin_locked"):
            buttons.append(("Type the PIN", lambda: self._focus_pin(clear=said.code == "pin_wrong"), "pin"))
        elif retry is not None:
            buttons.append(("Try again", retry, "retry"))
        buttons.append(("Back", lambda: None, "back"))
        self.app.push(DialogScene(self.app, said.title, said.lines, buttons, default=buttons[0][2], kind=said.code))

    def _focus_pin(self, clear: bool = False) -> None:
        """Back to the join screen's PIN box (emptied when the PIN in it was wrong: what is typed next
        is the new PIN, not added to the old one)."""
        join = self.app.find("join")
        if join is not None and self.app.scene is join:
            if clear:
                join.pin_entry.set_text("")
            join.ring.focus_name("pin")

    def offer_to_watch(self, welcome: dict[str, Any]) -> None:
        """This screen got no seat: say why, and offer to watch (the connection is already a
        spectator's). A game under way seats nobody on arrival: whether a seat is free (its player gone
        past the takeover time) is known only once the lobby comes, so the words promise no more."""
        from cardtable.arcade.scenes.confirm import DialogScene

        table = welcome.get("table") or {}
        name = str(table.get("name") or "This table")
        if table.get("started"):
            title, line = "The game has started", f"{name} is already playing: you join as a spectator."
            then = "Watch the game: a seat that frees up is offered to you."
        else:
            count = int(table.get("players") or 0)
            seats = "Both seats" if count == 2 else f"All {count} seats" if count else "All the seats"
            title, line = "Every seat is taken", f"{seats} at {name} have players."
            then = "You can watch the game, and take a seat if one frees up."
        self.app.push(DialogScene(self.app, title, [line, then],
                                  [("Watch the game", lambda: None, "watch"), ("Back", self.back, "back")],
                                  default="watch", cancel=self.back, kind="full"))

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
        self.app.toasts = [(line, until) for line, until in self.app.toasts if line not in self.said]  # lobby news
        self.app.replace(scene)
        scene.auto_start = False
        for message in buffered:
            scene.on_message(message)

    def _clock_stepper(self, step: int) -> Any:
        def change() -> None:
            now = min(range(len(CLOCKS)), key=lambda i: abs(CLOCKS[i] - self.turn_clock))
            seconds = CLOCKS[(now + step) % len(CLOCKS)]
            if self.session is not None:
                self.session.request({"type": "set_clock", "seconds": seconds})
        return change

    def toggle_hints(self) -> None:
        if self.session is not None:
            self.session.request({"type": "set_hints", "allow": not self.hints_on})

    def start(self) -> None:
        if self.session is not None:
            self.session.request({"type": "start"})

    def others(self) -> list[str]:
        mine = set((self.welcome or {}).get("seats") or [])
        return [str(s.get("name") or f"Seat {i + 1}") for i, s in enumerate(self.seats)
                if s.get("kind") == "person" and s.get("connected", True) and s.get("seat", i) not in mine]

    def back(self) -> None:
        """Leave; the host of a table with people at it is asked first (the table closes for them)."""
        others = self.others()
        if getattr(self.session, "local_table", None) is not None and others:
            from cardtable.arcade.scenes.confirm import confirm

            names = " and ".join([", ".join(others[:-1]), others[-1]] if len(others) > 1 else others)
            self.app.push(confirm(self.app, f"Close the table for {names}?",
                                  "You host this table: when you leave, it closes for everyone at it.",
                                  "Close the table", self.leave_now, "Stay", kind="end_table"))
            return
        self.leave_now()

    def leave_now(self) -> None:
        if self.app.scene is not self:
            return
        self.app.end_session()
        self.app.pop()

    def hints(self) -> list[tuple[str, str]]:
        owner = bool(self.welcome and self.welcome.get("owner"))
        change = [("left", "Change")] if owner else []
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
        fingerprint = table_fingerprint(table)
        if fingerprint and (getattr(session, "advertised", False) or getattr(session, "local_table", None) is None):
            line += f"   ·   key {fingerprint}"  # the join list shows the same: people compare the two
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
                presence = badge(seat)
                if presence:
                    who += f"  ({presence})"
            ui_theme.text(surface, f"Seat {int(seat.get('seat', i)) + 1}", 20, (rect.x + 16, rect.centery),
                          "muted", anchor="midleft")
            ui_theme.text(surface, who, 20, (rect.x + 120, rect.centery), colour_name, anchor="midleft")
            if kind != "person" and self.welcome and self.welcome.get("owner"):
                ui_theme.text(surface, "<  change  >", 17, (rect.right - 16, rect.centery), "accent", anchor="midright")
            elif kind == "open" and self.watching():
                ui_theme.text(surface, "take this seat", 17, (rect.right - 16, rect.centery), "accent", anchor="midright")
        clock_row = pygame.Rect(col.x, col.y + (max(1, len(self.seats)) + 1) * (self.row_height + self.row_gap) + 4,
                                col.width, self.row_height)
        owner = bool(self.welcome and self.welcome.get("owner"))
        ui_theme.text(surface, clock_words(self.turn_clock), 18, (clock_row.x + 16, clock_row.centery),
                      "ink" if owner else "muted", anchor="midleft")
        if owner:
            ui_theme.text(surface, "<  change  >", 17, (clock_row.right - 16, clock_row.centery), "accent", anchor="midright")
        lan = getattr(session, "lan_address", None)
        # the panel's last row, under the buttons (below the panel it would meet the hint bar)
        last = (max(1, len(self.seats)) + 3 + len(self.waiting_people())) * (self.row_height + self.row_gap) + self.row_height // 2 + 12
        where = (w // 2, col.y + last)
        pin = getattr(getattr(session, "config", None), "pin", None) if getattr(session, "local_table", None) else None
        if lan:
            line = f"Others join from their Join list, or at {lan}" + (f"  ·  PIN {pin}" if pin else "")
            ui_theme.text(surface, line, 18, where, "accent_bright" if pin else "accent", anchor="center", bold=bool(pin))
        elif address and getattr(session, "local_table", None) is not None:
            ui_theme.text(surface, "This table is not on the LAN yet", 18, where, "muted", anchor="center")

