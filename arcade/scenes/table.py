"""The table: one game's renderer fed by the session, with commands routed to the local seats.

Each local seat is bound to a device (couch play: two gamepads, or a gamepad and the keyboard);
a command from a bound device acts for that seat. In turn-based games several local players share
the devices, so commands go to whichever local seat is to act (the table shows a privacy screen
between them). Start / F1 / Esc opens the pause menu; the game's end opens the results.
"""

from __future__ import annotations

import math
import os
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from typing import Any

import pygame

from cardtable.arcade import layout, ui_theme
from cardtable.arcade.input import Command
from cardtable.arcade.scenes.base import MenuScene, Scene
from cardtable.arcade.session import seat_name

CLEAR_MARGIN = 4  # the clear space kept around what the scene draws over the table (notices, a spectator's chip)

RESULT_PAUSE = 1.6  # seconds the final table stays on screen before the results
NOTICE_SECONDS = 6.0  # a presence notice ("Bo left - ...") stays this long
MAX_NOTICES = 2
NOTICE_GAP = 4  # between two notices
COUNTDOWN = 20.0  # the turn clock's last seconds show on the plate of the seat it runs for


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
        self.lobby: dict[str, Any] | None = None  # the host's latest lobby message (seats, presence)
        self.take_rect = pygame.Rect(0, 0, 0, 0)  # a spectator's "Take seat N" offer
        self._watch_spot: tuple[list[layout.Drawn], tuple, tuple[int, int], bool] | None = None  # see place_watching
        self.notices: list[tuple[str, float]] = []  # presence notices and until when they show
        self.notice_rects: list[pygame.Rect] = []  # where they were drawn
        self._notice_spot: tuple[list[layout.Drawn], tuple, list[tuple[int, int]]] | None = None  # see place_notices
        self.asked_seat: int | None = None
        self.clock: tuple[list[int], float] | None = None  # the turn clock: its seats, the app time it runs out
        self.badges_shown: dict[int, str] | None = None  # what the table's plates show (see show_badges)
        self.history_entry: Any = None  # the History's record of this game, once it ended
        self.lobby_hints = False  # the host allows the Hint button (see hints_allowed)
        self.hint_job: HintJob | None = None
        self.paused = False  # stopped where it stands under the pause menu (see set_paused)

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
            self.table.offer_hint = self.started and not self.watching and self.hints_allowed()
            guarded(self, "tick", self.table.tick, dt)
            if self.app.scene is self and self.result is None:
                self.send_auto()
            self.show_hint_when_ready()
            self.show_badges()
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
            self.on_lobby(message)
            self.names = [seat_name(s, i) for i, s in enumerate(message.get("seats") or [])]
            if len(self.local_seats) > 1:  # couch: one connection, one name; tell the players apart
                for i, seat in enumerate(self.local_seats):
                    if seat < len(self.names):
                        self.names[seat] = f"Player {i + 1}"
            if self.table is not None and hasattr(self.table, "set_names"):
                self.table.set_names(self.names)
            self.started = self.started or bool(message.get("started"))
            self.lobby_hints = bool(message.get("hints"))
        elif kind == "view":
            seat = message.get("seat")
            self.started = True
            if self.table is None:
                self.make_table()
            self.note_clock(message)
            if seat is not None:
                self.views[seat] = message.get("view") or {}
            guarded(self, "update", self.table.set_view, seat, message.get("view") or {},
                    message.get("legal") or [], message.get("events") or [])
            if message.get("result") is not None:
                self.set_result(message["result"])
        elif kind == "reject":
            if self.table is not None:
                guarded(self, "reject", self.table.reject, message.get("seat", self._first_seat()),
                        message.get("action") or {}, str(message.get("reason") or "not allowed"))
        elif kind == "result":
            self.set_result(message.get("result"))
        elif kind == "seats":
            self.took_seats(list(message.get("seats") or []))
        elif kind == "error":
            self.asked_seat = None
            self.app.toast(str(message.get("reason") or "refused"))
        elif kind == "closed" and self.result is None:
            self.connection_lost(str(message.get("reason") or "closed"))

    def on_lobby(self, message: dict[str, Any]) -> None:
        """Presence: a notice for each arrival, departure, return and bot stepping in, and for a seat of
        this screen's that the turn clock gave to its bot; seat badges."""
        from cardtable.arcade.words import notices

        takeover = self.table_info.get("takeover")
        if message.get("started") and not (self.lobby or {}).get("started"):
            self.notices = []  # the lobby's news (who sat down) is old once the game starts
        lines = notices(self.lobby, {**message, "over": self.result is not None}, self.local_seats,
                        takeover if isinstance(takeover, int | float) else None)
        was_away = self.away_seats()
        self.lobby = message
        if self.away_seats() - was_away:
            lines.append("You took too long: a bot plays for you. Play, or choose 'Back to my seat' in the menu")
        for line in lines:
            self.notices.append((line, self.app.time + NOTICE_SECONDS))
        self.notices = self.notices[-MAX_NOTICES:]
        self.note_clock(message)
        self.show_badges()

    def note_clock(self, message: dict[str, Any]) -> None:
        """The turn clock as the latest view or lobby tells it (none: it does not run)."""
        clock = message.get("clock")
        left = clock.get("left") if isinstance(clock, dict) else None
        if isinstance(left, int | float):
            self.clock = ([int(seat) for seat in clock.get("seats") or []], self.app.time + float(left))
        else:
            self.clock = None

    def show_badges(self) -> None:
        """The plates' chips: presence from the lobby, and the turn clock's last seconds."""
        if self.table is None or not hasattr(self.table, "set_badges"):
            return
        from cardtable.arcade.words import badges

        shown = badges(list((self.lobby or {}).get("seats") or []))
        if self.clock is not None and self.result is None:
            seats, until = self.clock
            left = until - self.app.time
            if 0 < left <= COUNTDOWN:
                shown.update({seat: f"{math.ceil(left)} s" for seat in seats})
        if shown != self.badges_shown:
            self.badges_shown = shown
            self.table.set_badges(shown)

    def away_seats(self) -> set[int]:
        """This screen's seats a bot plays because the turn clock ran out."""
        seats = (self.lobby or {}).get("seats") or []
        return {int(s.get("seat", i)) for i, s in enumerate(seats) if s.get("away")} & set(self.local_seats)

    def asking(self) -> list[dict[str, Any]]:
        """Spectators asking this screen, the table's owner, for a seat."""
        lobby = self.lobby or {}
        return list(lobby.get("asking") or []) if lobby.get("owner") and self.result is None else []

    def everyone_here(self) -> bool:
        """Every person at the table plays at this screen (the other seats are bots'), and the referee
        runs in this program: stopping the game keeps nobody else waiting."""
        if not self.local_seats or not getattr(self.app.session, "can_pause", False):
            return False
        seats = (self.lobby or {}).get("seats") or []
        return all(int(s.get("seat", i)) in self.local_seats for i, s in enumerate(seats) if s.get("kind") != "bot")

    def set_paused(self, paused: bool) -> bool:
        """Stop the game where it stands (the pause menu over a table whose players all sit here) or go
        on; whether it is paused now. A game someone else plays in is never stopped."""
        paused = paused and self.started and self.result is None and self.everyone_here()
        if paused != self.paused and self.app.session is not None:
            self.paused = paused
            self.app.session.pause(paused)
        return self.paused

    def others_seated(self) -> list[str]:
        """The people at the table besides this screen's players (connected now)."""
        seats = (self.lobby or {}).get("seats") or []
        return [str(s.get("name") or f"Seat {i + 1}") for i, s in enumerate(seats)
                if s.get("kind") == "person" and s.get("connected", True) and int(s.get("seat", i)) not in self.local_seats]

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

    def free_seat(self) -> int | None:
        """A seat truly free for a spectator now: one whose player left too long ago (a bot keeps it
        going meanwhile); a bot's own seat only where the host lets spectators take one unasked (its
        ``open_seats``, or nobody is seated to be held up). The lobby marks every bot's seat ``free``."""
        lobby = self.lobby or {}
        seats = lobby.get("seats") or []
        nobody_here = not any(s.get("kind") == "person" and s.get("connected", True) for s in seats)
        bots_too = bool(lobby.get("open_seats")) or nobody_here
        for i, seat in enumerate(seats):
            if seat.get("free") and (seat.get("kind") == "person" or bots_too):
                return int(seat.get("seat", i))
        return None

    def take_seat(self) -> None:
        seat = self.free_seat()
        if seat is not None and self.asked_seat is None:
            self.asked_seat = seat
            self.app.session.request({"type": "sit", "seat": seat})

    def took_seats(self, seats: list[int]) -> None:
        """The host gave this screen seats (a spectator who took one): play them from now on."""
        if seats == self.local_seats:
            return
        self.local_seats = seats
        self.asked_seat = None
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
            self.badges_shown = None  # a new table shows none yet
            self.show_badges()
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
                self.ask_hint(self.seat_of(cmd))
            return
        if self.result is not None:
            if cmd.kind in ("confirm", "click", "back"):
                self.show_results()
            return
        if self.table is None:
            if cmd.kind == "back":
                self.pause()
            return
        if self.watching and self.free_seat() is not None and cmd.kind == "click" and cmd.pos \
                and self.take_rect.collidepoint(cmd.pos):
            self.take_seat()  # a deliberate click on the offer; the keys and pads take it from the menu
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

    # ------------------------------------------------------------------ the Hint button
    def hints_allowed(self) -> bool:
        """Always at a table nobody else can join; at a LAN table when its host allows hints."""
        session = self.app.session
        return session is not None and (bool(getattr(session, "private", False)) or self.lobby_hints)

    def hint_seat(self, seat: int | None) -> int | None:
        """The local seat a hint is for: the one given, else the local seat that has something to do."""
        legals = getattr(self.table, "legals", {})
        if seat is not None:
            return seat
        ready = [s for s in self.local_seats if legals.get(s)]
        views = getattr(self.table, "views", {})
        turn = [s for s in ready if s in (views.get(s, {}).get("to_act") or [])]
        return (turn or ready or self.local_seats or [None])[0]

    def ask_hint(self, seat: int | None = None) -> None:
        """Work out the hard bot's suggestion for a local seat from its own view (engine/bots/hint.py)
        on a worker thread; the table shows it when it is ready, if the position has not moved on."""
        table = self.table
        if table is None or not self.started:
            return
        if not self.hints_allowed():
            self._say("Hints are off at this table (the host can allow them in the lobby)", seat)
            return
        seat = self.hint_seat(seat)
        view = getattr(table, "views", {}).get(seat)
        legal = getattr(table, "legals", {}).get(seat)
        if seat is None or view is None or not legal:
            self._say("Nothing to do just now", seat)
            return
        if self.hint_job is not None and self.hint_job.seat == seat and self.hint_job.view is view:
            return  # already working on this very position
        self.hint_job = HintJob(self.game_name, seat, view, list(legal))

    def show_hint_when_ready(self) -> None:
        job = self.hint_job
        if job is None or not job.done():
            return
        self.hint_job = None
        if job.error is not None:
            self._say(f"No hint: {job.error}"[:80], job.seat)
            return
        if job.tip is None or not hasattr(self.table, "hint_plate"):
            return
        same = getattr(self.table, "views", {}).get(job.seat) is job.view
        if same or self.table.hint_plate.still_good(job.tip, self.table.legals.get(job.seat, [])):
            guarded(self, "hint", self.table.hint_plate.show, job.seat, job.tip)

    def _say(self, text: str, seat: int | None) -> None:
        if hasattr(self.table, "toasts"):
            self.table.toasts.add(text, seat=seat)
        else:
            self.app.toast(text)

    def _seat_inputs(self) -> dict[int, Any]:
        """The table's per-seat input state (a plain table has none)."""
        controls = getattr(self.table, "controls", None)
        return controls.inputs if controls is not None else {}

    def _has_selection(self, seat: int | None) -> bool:
        probe = seat if seat is not None else self._first_seat()
        return self.table is not None and probe is not None and self.table.has_selection(probe)

    def pause(self) -> None:
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
        self.draw_notices(surface)
        if self.watching:
            self.draw_watching(surface)

    def draw_notices(self, surface: pygame.Surface) -> None:
        """Who came, left, is back or is played for by a bot: a few lines under the menu badge, fading out."""
        self.notices = [(line, until) for line, until in self.notices if until > self.app.time]
        images = [ui_theme.font(15, True).render(line, True, ui_theme.colour("ink")) for line, _ in self.notices]
        self.notice_rects = [image.get_rect().inflate(20, 10) for image in images]
        self.place_notices(surface.get_size())
        for (line, until), image, rect in zip(self.notices, images, self.notice_rects, strict=True):
            back = pygame.Surface(rect.size, pygame.SRCALPHA)
            fade = min(1.0, (until - self.app.time) / 0.6)
            back.fill((6, 16, 12, int(215 * fade)))
            surface.blit(back, rect)
            pygame.draw.rect(surface, ui_theme.colour("accent"), rect, 1, border_radius=6)
            image.set_alpha(int(255 * fade))
            surface.blit(image, image.get_rect(center=rect.center))
            self.report("badge", rect, f"notice {line}")

    def table_drawn(self) -> list[layout.Drawn]:
        """What the table reported drawing in its last laid-out frame (a new list after each layout; a
        plain table reports nothing: the scene's plates may go anywhere)."""
        reporter = getattr(self.table, "reporter", None)
        return reporter.drawn if reporter is not None else []

    def keep_clear(self, drawn: list[layout.Drawn]) -> list[pygame.Rect]:
        """What the scene's own plates keep clear of: all the table drew but its backdrops, and the menu
        badge."""
        return [d.box for d in drawn if d.kind != "backdrop"] + [self.menu_rect]

    def place_notices(self, size: tuple[int, int]) -> None:
        """Move the notices (``notice_rects``, one under another) where they touch nothing the table
        reported drawing, nor the menu badge, nor each other: each under the one before (the first under
        the menu badge) when that is clear, else along the left or the top edge nearest there, else the
        clear place nearest there. Found once per layout and notice change; over the table only when the
        window has no clear place at all."""
        from cardtable.arcade.tables.parts.placing import clear_spot

        drawn = self.table_drawn()
        key = (size, tuple(self.menu_rect), tuple(r.size for r in self.notice_rects))
        if self._notice_spot is None or self._notice_spot[0] is not drawn or self._notice_spot[1] != key:
            room = pygame.Rect(0, 0, *size)
            keep_clear = self.keep_clear(drawn)
            below = (12, max(self.menu_rect.bottom, 40) + 6)
            spots = []
            for rect in self.notice_rects:
                box = pygame.Rect(below, rect.size).inflate(2 * CLEAR_MARGIN, 2 * CLEAR_MARGIN)
                edges = [box.move(0, y - box.y) for y in range(0, size[1] - box.height + 1, 8)]
                edges += [box.move(x - box.x, -box.y) for x in range(0, size[0] - box.width + 1, 8)]
                edges.sort(key=lambda edge: abs(edge.x - box.x) + abs(edge.y - box.y))
                _, box = clear_spot([(None, box)] + [(None, edge) for edge in edges], room, keep_clear,
                                    [(None, box, box)]) or (None, box)
                placed = box.inflate(-2 * CLEAR_MARGIN, -2 * CLEAR_MARGIN)
                keep_clear.append(placed)
                spots.append(placed.topleft)
                below = (placed.x, placed.bottom + NOTICE_GAP)
            self._notice_spot = (drawn, key, spots)
        for rect, spot in zip(self.notice_rects, self._notice_spot[2], strict=True):
            rect.topleft = spot

    def draw_watching(self, surface: pygame.Surface) -> None:
        """A spectator's label (this screen holds no cards of its own) and, beside it, the offer of a free
        seat: one row along the top edge, above the top seat."""
        others = max(0, int((self.lobby or {}).get("spectators") or 1) - 1)
        label = "Watching" + (f" ({others} more)" if others else "")
        free = self.free_seat()
        offer = ""
        if free is not None:
            device = self.app.mapper.last_device
            menu = "Esc" if device == "keyboard" else self.app.mapper.hint("menu", device)
            offer = ("Taking the seat…" if self.asked_seat is not None else f"Click: take seat {free + 1} and play"
                     if device == "mouse" else f"Seat {free + 1} is free: take it from the menu ({menu})")
        font = ui_theme.font(16, True)
        chip = font.render(label, True, ui_theme.colour("panel")).get_rect().inflate(22, 8)
        take = font.render(offer, True, ui_theme.colour("ink")).get_rect().inflate(22, 8) if offer else pygame.Rect(0, 0, 0, 0)
        self.place_watching(surface.get_size(), chip, take)
        pygame.draw.rect(surface, ui_theme.colour("accent"), chip, border_radius=9)
        self.report("badge", chip, "Watching")
        with layout.part_of("Watching"):
            ui_theme.text(surface, label, 16, chip.center, "panel", anchor="center", bold=True)
        self.take_rect = pygame.Rect(0, 0, 0, 0)
        if offer:
            pygame.draw.rect(surface, ui_theme.colour("panel"), take, border_radius=9)
            pygame.draw.rect(surface, ui_theme.colour("accent_bright"), take, 2, border_radius=9)
            self.take_rect = take
            self.report("button", take, "Take the seat")
            with layout.part_of("Take the seat"):
                ui_theme.text(surface, offer, 16, take.center, "ink", anchor="center", bold=True)

    def place_watching(self, size: tuple[int, int], chip: pygame.Rect, take: pygame.Rect) -> None:
        """Move the chip (and the offer beside it, else under it) where it touches nothing the table
        reported drawing in its layout, nor the menu badge and the notices under it: the top edge's
        middle when that is clear, else where it stood, else along the top edge nearest its middle, else
        the clear place nearest that. Found once per layout; over the top seat's cards only when the
        window has no clear place at all."""
        from cardtable.arcade.tables.parts.placing import clear_spot

        drawn = self.table_drawn()
        key = (size, chip.size, take.size, tuple(self.menu_rect), tuple(tuple(r) for r in self.notice_rects))
        last = self._watch_spot if self._watch_spot is not None and self._watch_spot[1] == key else None
        if last is None or last[0] is not drawn:
            offered = 8 if take.width else 0
            shapes = {False: pygame.Rect(0, 0, chip.width + offered + take.width, max(chip.height, take.height)),
                      True: pygame.Rect(0, 0, max(chip.width, take.width), chip.height + offered + take.height)}
            for shape in shapes.values():
                shape.inflate_ip(2 * CLEAR_MARGIN, 2 * CLEAR_MARGIN)
                shape.midtop = (size[0] // 2, 6 - CLEAR_MARGIN)
            tries = [(False, shapes[False])]
            if last is not None:
                tries.append((last[3], pygame.Rect(last[2], shapes[last[3]].size)))
            tries.append((True, shapes[True]))
            for stacked, shape in shapes.items():  # then along the top edge, out from its middle
                xs = sorted(range(0, size[0] - shape.width + 1, 8), key=lambda x: abs(x - shape.x))
                tries.extend((stacked, shape.move(x - shape.x, 0)) for x in xs)
            keep_clear = self.keep_clear(drawn) + self.notice_rects
            nearest = [(stacked, box, box) for stacked, box in shapes.items()]
            stacked, box = clear_spot(tries, pygame.Rect(0, 0, *size), keep_clear, nearest) or tries[0]
            self._watch_spot = (drawn, key, box.topleft, stacked)
        _, _, (x, y), stacked = self._watch_spot
        chip.topleft = (x + CLEAR_MARGIN, y + CLEAR_MARGIN)
        take.topleft = (chip.left, chip.bottom + 8) if stacked else (chip.right + 8, chip.top)


class HintJob:
    """One hint worked out on a thread (a Go-Stop or Tractor search takes a fraction of a second, and
    the table keeps moving meanwhile)."""

    def __init__(self, game_name: str, seat: int, view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
        self.seat = seat
        self.view = view
        self.tip: Any = None
        self.error: str | None = None
        self.thread = threading.Thread(target=self._run, args=(game_name, view, legal), daemon=True,
                                       name="hint")
        self.thread.start()

    def _run(self, game_name: str, view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
        try:
            from cardtable.engine.bots.hint import hint

            self.tip = hint(game_name, view, legal)
        except Exception as error:  # a hint must never take the table down
            self.error = f"{type(error).__name__}: {error}"

    def done(self) -> bool:
        return not self.thread.is_alive()


class PauseScene(MenuScene):
    """The menu over the table. It pauses the game when everyone playing sits at this screen (the
    others are bots: :meth:`TableScene.set_paused`); elsewhere the game goes on underneath and the
    menu says so. Its entries keep their places whatever the moment: one unavailable is shown
    disabled, never left out."""

    name = "pause"
    panel_width = 420

    def __init__(self, app: Any, table_scene: TableScene) -> None:
        super().__init__(app)
        self.table_scene = table_scene
        self.where_rect = pygame.Rect(0, 0, 0, 0)  # the host's address and PIN, under the buttons
        self.note_rect = pygame.Rect(0, 0, 0, 0)  # whether the game goes on meanwhile, the panel's last row

    @classmethod
    def examples(cls, app: Any) -> Iterator[PauseScene]:
        """Over a local table (which can still be opened to the LAN)."""
        from cardtable.arcade.session import BOT, YOU, SeatSpec, TableConfig, start_local

        config = TableConfig(game="oh_hell", players=4, seats=[SeatSpec(YOU)] + [SeatSpec(BOT)] * 3, seed=1)
        app.session = start_local(config, app.settings.name, app.lan_interfaces)
        yield cls(app, TableScene(app))

    @property
    def title(self) -> str:  # type: ignore[override]
        return "Paused" if self.table_scene.paused else "Menu"

    def enter(self) -> None:
        self.table_scene.set_paused(True)
        super().enter()

    def close(self) -> None:
        self.table_scene.set_paused(False)

    def entries(self) -> list[tuple[str, Any, str, bool]]:
        """(words, callback, name, enabled), always six in the same order; the second is a player's Hint
        ("Back to my seat" while the turn clock has a bot play it) or a spectator's offer of a free seat;
        the third opens the table to the LAN, or lets the owner answer someone asking for a seat."""
        session = self.app.session
        scene = self.table_scene
        playing = scene.started and scene.result is None and scene.table is not None
        if scene.watching:
            free = scene.free_seat()
            second = (f"Take seat {free + 1} and play", self.take_seat, "take", playing) if free is not None \
                else ("No seat free to take", self.take_seat, "take", False)
        elif scene.away_seats():
            second = ("Back to my seat", self.come_back, "come_back", True)
        else:
            allowed = scene.hints_allowed()
            words = f"Hint ({self.hint_keys()})" if allowed or not playing else "Hint (off at this table)"
            second = (words, self.hint, "hint", playing and allowed)
        hosting = session is not None and getattr(session, "local_table", None) is not None
        opened = bool(getattr(session, "advertised", False))
        lan = ("Open to LAN" if not opened else "Opened to the LAN", self.open_to_lan, "lan", hosting and not opened)
        for ask in scene.asking()[:1]:  # someone asks the owner for a seat: the table is open to others anyway
            who, seat = str(ask.get("name") or "?"), int(ask.get("seat") or 0)
            lan = (f"{who} asks for seat {seat + 1}...", self.answer(who, seat), "let_sit", True)
        leave = "Stop watching" if scene.watching else "Leave the table"
        return [("Resume", self.back, "resume", True), second, lan, ("How to play", self.rules, "rules", True),
                ("Settings", self.settings, "settings", True), (leave, self.quit_table, "leave", True)]

    def build(self) -> None:
        entries = self.entries()
        where = self.where()
        rows = len(entries) + (1 if where else 0) + (1 if self.table_scene.result is None else 0)
        self.row_height = self.fit_rows(rows, self.content_top(), type(self).row_height, bottom=90)
        col = self.column(rows)
        for i, (text, callback, name, enabled) in enumerate(entries):
            self.button(self.row(col, i), text, callback, name=name, enabled=enabled)
        self.where_rect = self.row(col, len(entries)) if where else pygame.Rect(0, 0, 0, 0)
        self.note_rect = self.row(col, rows - 1) if self.table_scene.result is None else pygame.Rect(0, 0, 0, 0)

    def hint_keys(self) -> str:
        """The Hint's key: the device in use's, or each couch player's ("R or /")."""
        devices = [d for d in self.table_scene.binding if d != "mouse"]
        keys = list(dict.fromkeys(self.app.mapper.hint("hint", d) for d in devices))
        return " or ".join(keys) if len(keys) > 1 else self.app.mapper.hint("hint")

    def take_seat(self) -> None:
        """A spectator takes the free seat and plays from the table."""
        self.back()
        self.table_scene.take_seat()

    def come_back(self) -> None:
        """Play this screen's seats again (the turn clock gave them to a bot)."""
        for seat in sorted(self.table_scene.away_seats()):
            self.app.session.request({"type": "sit", "seat": seat})
        self.back()

    def answer(self, who: str, seat: int) -> Any:
        """The owner's answer to a spectator asking for ``seat``: asked in a dialog, yes or no."""
        from cardtable.arcade.scenes.confirm import confirm

        def reply(allow: bool) -> Any:
            return lambda: self.app.session.request({"type": "let_sit", "seat": seat, "allow": allow})

        def ask() -> None:
            self.back()
            self.app.push(confirm(self.app, f"Let {who} take seat {seat + 1}?",
                                  f"{who} watches this table and asks to play seat {seat + 1} from now on.",
                                  f"Let {who} play", reply(True), "Keep the seat as it is", reply(False),
                                  kind="let_sit"))
        return ask

    def hint(self) -> None:
        """Back to the table with the hard bot's suggestion for the local seat to act."""
        self.back()
        self.table_scene.ask_hint(None)

    def open_to_lan(self) -> None:
        try:
            where = self.app.session.open_to_lan(self.app.settings.name + "'s table", self.app.lan_interfaces)
        except Exception as error:  # mDNS or a LAN interface can fail; say so and carry on
            self.app.toast(f"Could not open to the LAN: {error}")
            return
        self.app.toast(f"Open to the LAN at {where}")
        self.rebuild()

    def rules(self) -> None:
        from cardtable.arcade.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.table_scene.game_name))

    def settings(self) -> None:
        from cardtable.arcade.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit_table(self) -> None:
        """Leave, asking first when something is lost: a hosted table ends for the people at it, a guest's
        seat goes to a bot for a while, a game against bots cannot be picked up again."""
        from cardtable.arcade.scenes.confirm import confirm

        scene = self.table_scene
        session = self.app.session
        hosting = getattr(session, "local_table", None) is not None
        playing = scene.started and scene.result is None and bool(scene.local_seats)
        others = scene.others_seated()
        if hosting and others and scene.result is None:
            names = " and ".join([", ".join(others[:-1]), others[-1]] if len(others) > 1 else others)
            self.app.push(confirm(self.app, f"End the table for {names}?",
                                  "You host this table: when you leave, it closes for everyone at it.",
                                  "End the table", self.app.home, "Stay", kind="end_table"))
        elif not hosting and playing:
            takeover = scene.table_info.get("takeover")
            when = f"for {takeover:.0f} s, then a bot plays it" if isinstance(takeover, int | float) and takeover > 0 \
                else "and a bot plays it"
            self.app.push(confirm(self.app, "Leave the game?",
                                  f"Your seat is kept {when} until you come back: Rejoin from the title screen.",
                                  "Leave", self.app.home, "Stay", kind="leave_game"))
        elif hosting and playing:
            self.app.push(confirm(self.app, "Leave this game?", self.leave_words(), "Leave", self.app.home, "Stay",
                                  kind="leave_game"))
        else:
            self.app.home()

    def leave_words(self) -> str:
        """What leaving a game this screen hosts loses, said to whoever plays it here."""
        here = len(self.table_scene.local_seats)
        if here > 1:
            return (f"The game ends for {'both' if here == 2 else f'all {here}'} of you at this screen "
                    "and cannot be picked up again later.")
        return "A game against bots cannot be picked up again later."

    def note(self) -> str:
        """The panel's last row: whether the game goes on while this menu is open."""
        scene = self.table_scene
        if scene.paused:
            return "Paused for all of you: any of you can resume" if len(scene.local_seats) > 1 else \
                "Paused: the bots wait until you resume"
        if scene.watching:
            return "You are watching: the game goes on meanwhile"
        if scene.realtime:
            return "The others keep playing while this menu is open"
        clock = (scene.lobby or {}).get("turn_clock")
        if isinstance(clock, int | float) and clock > 0 and scene.others_seated():
            return f"Your turn waits {clock:.0f} s for you, then a bot plays it"
        return "The game waits for your turn while this menu is open"

    def where(self) -> str:
        """For the host: where the others join, and the PIN."""
        session = self.app.session
        if getattr(session, "local_table", None) is None:
            return ""
        parts = []
        address = getattr(session, "lan_address", None)
        if address:
            parts.append(f"Others join at {address}")
        pin = getattr(getattr(session, "config", None), "pin", None)
        if pin:
            parts.append(f"PIN {pin}")
        return "  ·  ".join(parts)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        with layout.quiet():  # the table lies dimmed under the menu: its layout is not this scene's
            self.table_scene.draw(surface, alpha)
        ui_theme.dim(surface, 165)
        w, h = surface.get_size()
        strip = pygame.Surface((w, 56), pygame.SRCALPHA)  # the menu's hints, not the table's, along the bottom
        strip.fill((6, 16, 12, 235))
        surface.blit(strip, (0, h - 56))
        ui_theme.panel(surface, self.panel_rect)
        ui_theme.title_text(surface, self.title, (w // 2, self.panel_rect.y - 70), 44)
        if self.note_rect.width and self.table_scene.result is None and self.table_scene.started:
            self.line(surface, self.note(), 17, self.note_rect, "muted", bold=False)
        where = self.where()
        if where and self.where_rect.width:
            self.line(surface, where, 19, self.where_rect, "accent_bright", bold=True)

    @staticmethod
    def line(surface: pygame.Surface, words: str, size: int, rect: pygame.Rect, colour: str, bold: bool) -> None:
        """One line of the panel's own, centred in its row (smaller until it fits the row's width)."""
        while size > 13 and ui_theme.font(size, bold).size(words)[0] > rect.width:
            size -= 1
        ui_theme.text(surface, words, size, rect.center, colour, anchor="center", bold=bold)

    def hints(self) -> list[tuple[str, str]]:
        # two on one keyboard: Esc, anyone's menu key, resumes (each side's back key does too)
        return [("up", "Move"), ("confirm", "Select"), ("menu" if self.app.mapper.split_keyboard else "back", "Resume")]

    def command(self, cmd: Command) -> None:
        if cmd.kind == "menu":  # the key that opened the menu closes it
            self.back()
            return
        super().command(cmd)
