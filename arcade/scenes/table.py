"""The table: one game's renderer fed by the session, with commands routed to the local seats.

Each local seat is bound to a device (couch play: two gamepads, or a gamepad and the keyboard);
a command from a bound device acts for that seat. In turn-based games several local players share
the devices, so commands go to whichever local seat is to act (the table shows a privacy screen
between them). Start / F1 / Esc opens the pause menu; the game's end opens the results.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Iterator
from typing import Any

import pygame

from cardtable.arcade import layout, ui_theme
from cardtable.arcade.input import Command
from cardtable.arcade.scenes.base import Scene
from cardtable.arcade.scenes.hinting import Hinting
from cardtable.arcade.scenes.presence import Presence
from cardtable.arcade.scenes.results import HandReviews
from cardtable.arcade.session import seat_name
from cardtable.arcade.tables.plain import PlainTable

RESULT_PAUSE = 1.6  # seconds the final table stays on screen before the results


def bind_devices(local_seats: list[int], pads: list[str]) -> dict[str, int]:
    """Which device plays which local seat.

    One seat: every device. Two or more: the gamepads in the order they were plugged in, then the
    keyboard; with one pad the keyboard (and mouse) takes the first seat and the pad the second; with
    no pad the keyboard is split, each player on the side of it nearest their half of the screen: the
    left side (WASD) plays the first seat (the left half, or the bottom face to face), the right side
    (arrows, and the mouse beside it) the second.
    """
    if not local_seats:
        return {}
    if len(local_seats) == 1:
        return {}
    devices: list[str]
    if len(pads) >= len(local_seats):
        devices = pads[: len(local_seats)]
    elif pads:
        devices = ["keyboard", *pads][: len(local_seats)]
    else:
        devices = ["keyboard2", "keyboard"]
    binding = {device: seat for device, seat in zip(devices, local_seats, strict=False)}
    binding.setdefault("keyboard", local_seats[0])
    binding.setdefault("mouse", binding["keyboard"])
    return binding



FAILED = object()


def guarded(scene: Any, what: str, call: Any, *args: Any) -> Any:
    """Run a call into the game's table renderer; a bug there costs a toast, not the whole client
    (``CARDTABLE_STRICT=1``, set by the tests, re-raises)."""
    try:
        return call(*args)
    except Exception as error:
        if os.environ.get("CARDTABLE_STRICT") == "1":
            raise
        if what not in scene.failures:
            scene.failures.add(what)
            traceback.print_exc(file=sys.stderr)
            scene.app.toast(f"Table {what} failed: {type(error).__name__}: {error}"[:100], 6.0)
        return FAILED


class TableScene(Scene):
    name = "table"
    background_tick = True  # keeps polling the session and animating under the pause menu
    takes_focus = False  # the table renderer takes the input (the journey tests play through it)
    tracks_damage = True  # drawn through tables.parts.damage: the table's kept layer is put back where it changed

    @classmethod
    def examples(cls, app: Any) -> Iterator[TableScene]:
        from cardtable.arcade.shot import direct_session

        app.session = direct_session("oh_hell", 1, 4, 6)
        yield cls(app)

    def __init__(self, app: Any, auto_start: bool = False) -> None:
        super().__init__(app)
        self.session = app.session
        self.auto_start = auto_start
        self.table: Any = None
        self.game_name = ""
        self.title = ""
        self.local_seats: list[int] = []
        self.names: list[str] = []
        self.binding: dict[str, int] = {}
        self.result: dict[str, Any] | None = None
        self.result_wait = 0.0
        self.started = False
        self.status = "Connecting…"
        self.realtime = False
        self.views: dict[int, dict[str, Any]] = {}
        self.messages = 0
        self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self.failures: set[str] = set()
        self.table_info: dict[str, Any] = {}
        self.presence = Presence(self)  # the lobby's news: notices, badges, the turn clock, free seats
        self.hinting = Hinting(self)  # the Hint button
        self.history_entry: Any = None  # the History's record of this game, once it ended
        self.paused = False  # stopped where it stands under the pause menu (see set_paused)
        self.hand_reviews: HandReviews | None = HandReviews()  # each hand's review opens over the table

    # ------------------------------------------------------------------ session messages
    def tick(self, dt: float) -> None:
        session = self.app.session
        if session is None:
            return
        for message in session.poll():
            self.messages += 1
            self.on_message(message)
            if self.app.scene is not self and self.app.find("table") is not self:
                return
        if self.paused:
            return  # nothing moves: no animation, no routine action, no countdown to the results
        if self.table is not None:
            self.table.offer_hint = self.started and not self.watching and self.hinting.allowed()
            guarded(self, "tick", self.table.tick, dt)
            if self.app.scene is self and self.result is None:
                self.send_auto()
            self.hinting.show_when_ready()
            self.presence.show_badges()
            if self.hand_reviews is not None:
                self.hand_reviews.tick(self, dt)
        if self.app.mapper.pads_changed and len(self.local_seats) > 1:
            self.app.mapper.pads_changed = False
            self.rebind()
        if self.result is not None and self.app.scene is self:
            self.result_wait += dt
            if self.result_wait >= RESULT_PAUSE:
                self.show_results()

    def on_message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            table = message.get("table") or {}
            self.table_info = dict(table)
            self.game_name = str(table.get("game", ""))
            self.title = str(table.get("title", self.game_name))
            self.realtime = bool(table.get("realtime"))
            self.local_seats = list(message.get("seats") or [])
            self.status = "Waiting for the host to start…"
            self.make_table()
            if self.auto_start and message.get("owner") and not table.get("started"):
                self.app.session.request({"type": "start"})
        elif kind == "lobby":
            self.presence.on_lobby(message)
            self.names = [seat_name(s, i) for i, s in enumerate(message.get("seats") or [])]
            if len(self.local_seats) > 1:  # couch: one connection, one name; tell the players apart
                for i, seat in enumerate(self.local_seats):
                    if seat < len(self.names):
                        self.names[seat] = f"Player {i + 1}"
            if self.table is not None and hasattr(self.table, "set_names"):
                self.table.set_names(self.names)
            self.started = self.started or bool(message.get("started"))
            self.hinting.by_host = bool(message.get("hints"))
            if not getattr(self.app.session, "pauses_at_once", True):
                self.paused = bool(message.get("paused"))  # the host in another program has (or has not)
        elif kind == "view":
            seat = message.get("seat")
            self.started = True
            if self.table is None:
                self.make_table()
            self.presence.note_clock(message)
            if seat is not None:
                self.views[seat] = message.get("view") or {}
            guarded(self, "update", self.table.set_view, seat, message.get("view") or {},
                    message.get("legal") or [], message.get("events") or [])
            if message.get("result") is not None:
                self.set_result(message["result"])
            elif self.hand_reviews is not None and seat in self.local_seats:
                self.hand_reviews.heard(self, message)
        elif kind == "reject":
            if self.table is not None:
                guarded(self, "reject", self.table.reject, message.get("seat", self._first_seat()),
                        message.get("action") or {}, str(message.get("reason") or "not allowed"))
        elif kind == "result":
            self.set_result(message.get("result"))
        elif kind == "seats":
            self.took_seats(list(message.get("seats") or []))
        elif kind == "error":
            self.presence.asked_seat = None
            self.app.toast(str(message.get("reason") or "refused"))
        elif kind == "closed" and self.result is None:
            self.connection_lost(str(message.get("reason") or "closed"))

    def game_can_wait(self) -> bool:
        """The game may be stopped for this screen: every person at the table plays here and the session
        can pause it (the pause menu's rule, and the hand review's)."""
        return self.presence.everyone_here() and bool(getattr(self.app.session, "can_pause", False))

    def set_paused(self, paused: bool) -> bool:
        """Stop the game where it stands (the pause menu over a table whose players all sit here) or go
        on; whether it is paused now. A game someone else plays in is never stopped."""
        paused = paused and self.started and self.result is None and self.game_can_wait()
        session = self.app.session
        if paused != self.paused and session is not None:
            session.pause(paused)
            if session.pauses_at_once:
                self.paused = paused
        return self.paused

    def connection_lost(self, reason: str) -> None:
        """The table went away mid-game: back to the title, saying why and how to come back."""
        from cardtable.arcade.scenes.confirm import DialogScene
        from cardtable.arcade.words import table_gone

        session = self.app.session
        address = getattr(session, "address", None) or ("?", 0)
        guest = bool(self.local_seats) and getattr(session, "local_table", None) is None
        said = table_gone(reason, str(address[0]), int(address[1]), str(self.table_info.get("name") or ""), guest)
        self.app.home()
        self.app.push(DialogScene(self.app, said.title, said.lines, [("OK", lambda: None, "ok")], kind="table_gone"))

    def took_seats(self, seats: list[int]) -> None:
        """The host gave this screen seats (a spectator who took one): play them from now on."""
        if seats == self.local_seats:
            return
        self.local_seats = seats
        self.presence.asked_seat = None
        self.views = {}
        self.make_table()
        if seats:
            self.app.toast(f"You took seat {seats[0] + 1}: you play from here", 4.0)

    @property
    def watching(self) -> bool:
        """This screen only watches (no seat of its own)."""
        return self.started and not self.local_seats

    def set_result(self, result: dict[str, Any] | None) -> None:
        self.result = result
        if result is not None and self.history_entry is None:
            self.record_history()

    def log_path(self) -> str | None:
        """The table log when this computer hosts the table, else this guest's own recording of it."""
        local = getattr(self.app.session, "local_table", None)
        path = getattr(getattr(local, "host", None), "log_path", None) or getattr(self.app.session, "recording", None)
        return str(path) if path else None

    def record_history(self) -> None:
        """Keep the finished game in the History (not for shots and benchmarks, which play in process)."""
        if self.result is None or not getattr(self.app.session, "keeps_history", True):
            return
        from cardtable.netplay import history

        entry = history.Finished(game=self.game_name, title=self.title or self.game_name, players=list(self.names),
                                 result=self.result, seats=list(self.local_seats),
                                 name=str(self.table_info.get("name") or ""), log=self.log_path(),
                                 table_id=str(self.table_info.get("id") or ""))
        try:
            self.history_entry = history.record(entry)
        except OSError as error:  # a full or read-only disk costs the History entry, not the game
            self.history_entry = entry
            self.app.toast(f"The game could not be kept in the History: {error}"[:100])

    def _first_seat(self) -> int:
        return self.local_seats[0] if self.local_seats else 0

    def make_table(self) -> None:
        size = self.app.size
        try:
            from cardtable.arcade.scenes.title import card_art
            from cardtable.arcade.tables import make_table

            art = card_art(self.app)
            self.table = make_table(self.game_name, self.local_seats, art, size)
            self.table.card_scale = self.app.settings.card_scale()
            self.table.pace = self.app.settings.bot_delay_factor()
            self.table.controls.input_mapper = self.app.mapper
            if hasattr(self.table, "set_couch_layout"):
                self.table.set_couch_layout(self.app.settings.couch_layout)
            if self.names and hasattr(self.table, "set_names"):
                self.table.set_names(self.names)
            self.presence.new_table()
        except Exception as error:  # the renderer is another helper's work; never leave a blank screen
            self.app.toast(f"Plain table ({type(error).__name__}: {error})"[:90])
            self.table = PlainTable(self.game_name, self.local_seats, size)
        self.rebind()

    def rebind(self) -> None:
        # turn by turn, local players pass the same controls round: the keyboard stays whole
        self.binding = bind_devices(self.local_seats, self.app.mapper.pads) if self.realtime else {}
        self.app.mapper.split_keyboard = "keyboard2" in self.binding
        # the hints show each seat's own device from the start (before it is first used at the table)
        for seat, state in self._seat_inputs().items():
            bound = [d for d, s in self.binding.items() if s == seat and d != "mouse"]
            if hasattr(state, "device"):
                state.device = bound[0] if bound else self.app.mapper.last_device

    # ------------------------------------------------------------------ input
    def seat_of(self, command: Command) -> int | None:
        if len(self.local_seats) <= 1:
            return self.local_seats[0] if self.local_seats else None
        if not self.realtime:
            return None  # turn by turn: the local seat to act (the table decides)
        if command.device == "mouse":
            return None
        return self.binding.get(command.device)

    def command(self, cmd: Command) -> None:
        if cmd.kind == "menu" or (cmd.kind == "click" and cmd.pos and self.menu_rect.collidepoint(cmd.pos)):
            self.pause()
            return
        if cmd.kind == "hint":
            if self.result is None and self.table is not None:
                self.hinting.ask(self.seat_of(cmd))
            return
        if self.result is not None:
            if cmd.kind in ("confirm", "click", "back"):
                self.show_results()
            return
        if self.table is None:
            if cmd.kind == "back":
                self.pause()
            return
        if self.watching and self.presence.free_seat() is not None and cmd.kind == "click" and cmd.pos \
                and self.presence.take_rect.collidepoint(cmd.pos):
            self.presence.take_seat()  # a deliberate click on the offer; the keys and pads take it from the menu
            return
        seat = self.seat_of(cmd)
        if cmd.kind == "back" and not self._has_selection(seat):
            self.pause()
            return
        if len(self.local_seats) > 1 and self.realtime and seat is None and cmd.device != "mouse":
            return  # a device that plays no seat
        sends = guarded(self, "input", self.table.handle, cmd, seat)
        for s, action in sends if sends is not FAILED and sends else []:
            self.send(s, action)

    def send(self, seat: int, action: dict[str, Any]) -> None:
        """An action of a local seat to the host (a Learn table hears of it first)."""
        self.app.session.send(seat, action, time.monotonic())

    def send_auto(self) -> None:
        """What the table sends on its own (e.g. Tractor's routine draws), like handle()'s actions.
        Not under the pause menu: the game waits for a person's turn while it is open."""
        auto = getattr(self.table, "auto_actions", None)
        if auto is None or getattr(self.app.session, "frozen", False):  # shots and benchmarks stand still
            return
        sends = guarded(self, "auto actions", auto)
        for s, action in sends if sends is not FAILED and sends else []:
            self.send(s, action)

    def _seat_inputs(self) -> dict[int, Any]:
        """The table's per-seat input state (a plain table has none)."""
        controls = getattr(self.table, "controls", None)
        return controls.inputs if controls is not None else {}

    def _has_selection(self, seat: int | None) -> bool:
        probe = seat if seat is not None else self._first_seat()
        return self.table is not None and probe is not None and self.table.has_selection(probe)

    def pause(self) -> None:
        from cardtable.arcade.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def enter(self) -> None:
        """Back from a menu: the settings may have changed (card size, four colours, bot speed)."""
        if self.table is not None and hasattr(self.table, "pace"):
            self.table.pace = self.app.settings.bot_delay_factor()
        if self.table is not None and hasattr(self.table, "card_scale"):
            scale = self.app.settings.card_scale()
            if scale != self.table.card_scale:
                self.table.card_scale = scale
                guarded(self, "resize", self.table.resize, self.app.size)
        if self.table is not None and hasattr(self.table, "set_couch_layout"):
            guarded(self, "resize", self.table.set_couch_layout, self.app.settings.couch_layout)

    def close(self) -> None:
        self.app.mapper.split_keyboard = False  # menus get the whole keyboard back

    def show_results(self) -> None:
        if self.result is None:
            return
        from cardtable.arcade.scenes.results import ResultsScene

        self.app.replace(ResultsScene(self.app, self.result, self.names, self.title or self.game_name,
                                      self.local_seats, getattr(self.session, "config", None),
                                      game_name=self.game_name, log=self.log_path()))

    def back(self) -> None:
        self.pause()

    def leave_table(self) -> None:
        self.app.home()

    # ------------------------------------------------------------------ window and drawing
    def resize(self, size: tuple[int, int]) -> None:
        if self.table is not None:
            guarded(self, "resize", self.table.resize, size)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.table is None or not self.started:
            ui_theme.background(surface)
            w, h = surface.get_size()
            ui_theme.title_text(surface, self.title or "cardtable", (w // 2, h // 2 - 70), 44)
            ui_theme.text(surface, self.status, 22, (w // 2, h // 2 + 4), "muted", anchor="midtop")
            return
        if self.paused:
            alpha = 1.0  # no tick between frames: a card in flight stands still, not flickering between two
        if guarded(self, "drawing", self.table.draw, surface, alpha) is FAILED:
            ui_theme.background(surface)
            w, h = surface.get_size()
            ui_theme.text(surface, "The table cannot be drawn; the game goes on (Esc for the menu).", 22,
                          (w // 2, h // 2), "ink", anchor="center")

    def hints(self) -> list[tuple[str, str]]:
        return []  # the tables draw their own hints

    def draw_overlay(self, surface: pygame.Surface) -> None:
        device = self.app.mapper.last_device
        label = "Esc" if device in ("keyboard", "mouse") else self.app.mapper.glyph("menu", device)
        if self.table is None or not self.started:
            ui_theme.hints(surface, [(label, "Menu")])
            return
        if self.app.scene is self:
            with layout.quiet():
                cap = ui_theme.chip(surface, label, (12, 10), 15)
                words = ui_theme.text(surface, "Menu", 15, (cap.right + 6, cap.centery), "muted", anchor="midleft")
            self.menu_rect = cap.union(words).inflate(8, 8)
            self.table.mark_scene([self.menu_rect])
            self.report("badge", cap.union(words), "Esc Menu")
        self.presence.draw(surface)
