"""Setting up a table: "Play" (local, against bots or a second player on this screen) and "Host a LAN
table" (the same, plus a table name, a PIN and seats left open for players on the LAN)."""

from __future__ import annotations

import random
import re
from typing import Any

import pygame

from cardtable.arcade import session as sessions
from cardtable.arcade import ui_theme
from cardtable.arcade.focus import Cycler, FocusItem, format_value, text_field
from cardtable.arcade.scenes.base import MenuScene
from cardtable.arcade.session import BOT, LOCAL, OPEN, YOU, SeatSpec, TableConfig


def option_values(spec: Any) -> list[Any]:
    """The values a setup screen offers for an engine Option."""
    if spec.choices is not None:
        return list(spec.choices)
    kind = spec.kind or type(spec.default)
    if kind is bool:
        return [False, True]
    if kind is int:
        low = spec.minimum if spec.minimum is not None else 0
        high = spec.maximum if spec.maximum is not None else max(low + 10, spec.default * 4, 20)
        if high - low <= 20:
            values = list(range(low, high + 1))
        else:  # a long range: the round numbers people pick
            values = [v for v in NICE_NUMBERS if low <= v <= high]
        return sorted({*values, spec.default})
    return [spec.default]


def option_labels(spec: Any, values: list[Any]) -> list[str]:
    """What the setup screen shows for each value: a 0 that the doc explains ("0 = one round; ...")
    gets a word instead of a bare number ("One round", or "Auto" when the meaning is long)."""
    zero = ""
    match = re.search(r"(?<![\d.])0\s*=\s*([^;,]+)", spec.doc or "")
    if match:
        meaning = match.group(1).strip()
        zero = meaning[:1].upper() + meaning[1:] if len(meaning) <= 12 else "Auto"
    return [zero if zero and v == 0 and not isinstance(v, bool) else format_value(v) for v in values]


def short_title(title: str) -> str:
    """A game's name for a narrow value box ("Manipulation Rummy" -> "Rummy")."""
    return title if len(title) <= 12 else title.split()[-1]


NICE_NUMBERS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 250, 300, 400,
                500, 750, 1000)

BOT_SPEEDS = [("relaxed", 1.6), ("normal", 1.0), ("fast", 0.35), ("instant", 0.0)]


class SetupScene(MenuScene):
    """Shared by local play and hosting."""

    name = "setup"
    title = "Play"
    hosting = False
    header_lines = 1

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.games = sessions.available_games()
        last = app.settings.last_game
        self.game_name = last if last in self.games else (next(iter(self.games), ""))
        self.players = 0
        self.seats: list[str] = []
        self.options: dict[str, Any] = {}
        self.table_name = f"{app.settings.name}'s table"
        self.pin = ""
        self.doc = ""
        self._reset_game()

    # ------------------------------------------------------------------ model
    @property
    def game(self) -> Any:
        return self.games.get(self.game_name)

    def _reset_game(self) -> None:
        game = self.game
        if game is None:
            return
        default_players = 2 if game.realtime else min(game.max_players, max(game.min_players, 4))
        self.players = default_players
        self.options = dict(game.options)
        self.seats = [YOU] + [self.default_seat()] * (game.max_players - 1)

    def default_seat(self) -> str:
        levels = sessions.bot_levels(self.game_name)
        return f"bot:{'normal' if 'normal' in levels else levels[-1]}"

    def seat_choices(self) -> list[str]:
        levels = sessions.bot_levels(self.game_name)
        choices = [f"bot:{level}" for level in levels] + [LOCAL]
        if self.hosting:
            choices.insert(0, OPEN)
        return choices

    @staticmethod
    def seat_label(choice: str) -> str:
        if choice == LOCAL:
            return "Couch player"
        if choice == OPEN:
            return "Open for the LAN"
        if choice == YOU:
            return "You"
        return f"Bot · {choice.split(':', 1)[1]}"

    def config(self) -> TableConfig:
        specs = []
        for i in range(self.players):
            choice = self.seats[i]
            if choice == YOU:
                specs.append(SeatSpec(YOU, name=self.app.settings.name))
            elif choice == LOCAL:
                specs.append(SeatSpec(LOCAL, name=f"Player {sum(1 for s in specs if s.kind != BOT) + 1}"))
            elif choice == OPEN:
                specs.append(SeatSpec(OPEN))
            else:
                specs.append(SeatSpec(BOT, level=choice.split(":", 1)[1]))
        changed = {k: v for k, v in self.options.items() if self.game is None or self.game.options.get(k) != v}
        speed = dict(BOT_SPEEDS).get(self.app.settings.bot_speed, 1.0)
        return TableConfig(
            game=self.game_name, players=self.players, seats=specs, options=changed,
            seed=random.randrange(2**31), name=self.table_name, pin=self.pin or None, lan=self.hosting,
            bot_speed=speed,
        )

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        w, h = self.app.size
        game = self.game
        if game is None:
            col = self.column(2)
            self.label(self.row(col, 0), "No games are available (the engine did not load).")
            self.button(self.row(col, 1), "Back", self.back, name="back")
            return
        left_rows = 2 + self.players + (2 if self.hosting else 0)
        right_rows = len(self.options) + 2
        rows = max(left_rows, right_rows)
        self.row_gap = 8 if h >= 700 else 6
        top = max(self.vy(165), self.content_top(pad=20))
        self.row_height = self.fit_rows(rows, top, 46, bottom=90)
        full = self.column(rows, width=min(1180, w - 80), top=top)
        gap = 40
        half = (full.width - gap) // 2
        left = pygame.Rect(full.x, full.y, half, full.height)
        right = pygame.Rect(full.x + half + gap, full.y, half, full.height)
        self.panel_rect = full.inflate(56, 40)
        r = 0
        if self.hosting:
            self.name_entry = text_field(self.manager, self.ring, self.row(left, r), "Table name", self.table_name,
                                         name="table_name", caption_width=0.36, on_text=self.set_table_name)
            r += 1
            self.pin_entry = text_field(self.manager, self.ring, self.row(left, r), "PIN (optional)", self.pin,
                                        name="pin", caption_width=0.36, allowed="numbers", max_length=6,
                                        on_text=self.set_pin)
            r += 1
        names = list(self.games)
        Cycler(self.manager, self.ring, self.row(left, r), "Game", names, names.index(self.game_name),
               labels=[short_title(self.games[n].title) for n in names], on_change=self.set_game, name="game",
               caption_width=0.36)
        r += 1
        counts = list(range(game.min_players, game.max_players + 1))
        Cycler(self.manager, self.ring, self.row(left, r), "Players", counts, counts.index(self.players),
               on_change=self.set_players, name="players", caption_width=0.36)
        r += 1
        self.label(self.row(left, r), f"Seat 1:   {self.app.settings.name} (you)", caption=True)
        r += 1
        choices = self.seat_choices()
        for seat in range(1, self.players):
            current = self.seats[seat] if self.seats[seat] in choices else self.default_seat()
            self.seats[seat] = current
            Cycler(self.manager, self.ring, self.row(left, r), f"Seat {seat + 1}", choices, choices.index(current),
                   labels=[self.seat_label(c) for c in choices], on_change=self._seat_setter(seat),
                   name=f"seat{seat}", caption_width=0.36)
            r += 1
        # options
        r = 0
        for option, spec in game.option_specs.items():
            values = option_values(spec)
            value = self.options.get(option, spec.default)
            index = values.index(value) if value in values else 0
            cyc = Cycler(self.manager, self.ring, self.row(right, r), option.replace("_", " ").capitalize(),
                         values, index, labels=option_labels(spec, values), on_change=self._option_setter(option),
                         name=f"opt:{option}",
                         caption_width=0.5)
            cyc.item.on_focus = self._doc_setter(spec.doc)
            r += 1
        speeds = [s for s, _ in BOT_SPEEDS]
        current = self.app.settings.bot_speed if self.app.settings.bot_speed in speeds else "normal"
        cyc = Cycler(self.manager, self.ring, self.row(right, r), "Bot speed", speeds, speeds.index(current),
                     on_change=self.set_bot_speed, name="bot_speed", caption_width=0.5)
        cyc.item.on_focus = self._doc_setter("How quickly the bots play (their thinking or reaction time).")
        start_rect = pygame.Rect(right.x, full.bottom - self.row_height - 4, right.width, self.row_height + 4)
        self.button(start_rect, "Open the table" if self.hosting else "Start", self.start, name="start", big=True)
        self.doc_rect = pygame.Rect(right.x, self.row(right, r + 1).y, right.width,
                                    max(0, start_rect.y - self.row(right, r + 1).y - 8))
        for item in self.ring.items:
            if item.name.startswith("opt:") or item.on_focus is not None:
                continue
            item.on_focus = self._doc_setter("")

    def _doc_setter(self, doc: str):
        def set_doc() -> None:
            self.doc = doc
        return set_doc

    def _seat_setter(self, seat: int):
        def set_seat(value: str) -> None:
            self.seats[seat] = value
        return set_seat

    def _option_setter(self, option: str):
        def set_option(value: Any) -> None:
            self.options[option] = value
        return set_option

    def set_table_name(self, text: str) -> None:
        self.table_name = text

    def set_pin(self, text: str) -> None:
        self.pin = "".join(ch for ch in text if ch.isdigit())[:6]

    def set_game(self, name: str) -> None:
        self.game_name = name
        self.app.settings.last_game = name
        self._reset_game()
        self._focus_name = "game"
        self.rebuild()

    def set_players(self, count: int) -> None:
        self.players = count
        self._focus_name = "players"
        self.rebuild()

    def set_bot_speed(self, speed: str) -> None:
        self.app.settings.bot_speed = speed

    # ------------------------------------------------------------------ actions
    def start(self) -> None:
        if self.hosting:
            self.table_name = self.name_entry.get_text().strip() or self.table_name
            self.pin = "".join(ch for ch in self.pin_entry.get_text() if ch.isdigit())
        config = self.config()
        try:
            session = sessions.start_local(config, self.app.settings.name, self.app.lan_interfaces)
        except Exception as error:  # a host that cannot start: say why, stay here
            self.app.toast(f"Could not start the table: {error}")
            return
        self.app.end_session()
        self.app.session = session
        if self.hosting:
            from cardtable.arcade.scenes.lobby import LobbyScene

            self.app.push(LobbyScene(self.app))
        else:
            from cardtable.arcade.scenes.table import TableScene

            self.app.push(TableScene(self.app, auto_start=True))

    def hints(self) -> list[tuple[str, str]]:
        return [("up", "Move"), ("left", "Change"), ("confirm", "Select"), ("back", "Back")]

    def couch_note(self) -> str:
        """Who plays with what, when several people share this screen."""
        local = [i for i in range(self.players) if self.seats[i] in (YOU, LOCAL)]
        if len(local) < 2:
            return ""
        if self.game is not None and not self.game.realtime:
            return "Couch play: pass the controls round; the hand stays hidden until its player is ready"
        from cardtable.arcade.scenes.table import bind_devices

        binding = bind_devices(local, self.app.mapper.pads)
        names = {"keyboard": "arrows + Enter", "keyboard2": "WASD + Space"}
        parts = []
        for n, seat in enumerate(local):
            devices = [d for d, s in binding.items() if s == seat and d != "mouse"]
            pads = [d for d in devices if d.startswith("pad")]
            device = f"gamepad {self.app.mapper.pads.index(pads[0]) + 1}" if pads else \
                names.get(devices[0], devices[0]) if devices else "?"
            parts.append(f"Player {n + 1}: {device}")
        return "Couch play  ·  " + "   ·   ".join(parts)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        game = self.game
        w, _ = surface.get_size()
        if game is not None:
            kind = "real-time" if game.realtime else "turn by turn"
            count = str(game.min_players) if game.min_players == game.max_players else \
                f"{game.min_players}-{game.max_players}"
            ui_theme.text(surface, f"{game.title}  ·  {count} players  ·  {kind}",
                          20, (w // 2, self.header_y(0)), "muted", anchor="midtop")
        couch = self.couch_note()
        below = self.panel_rect.bottom + 10
        if couch:
            ui_theme.text(surface, couch, 17, (w // 2, below), "accent_bright", anchor="midtop")
            below += 28
        roomy = getattr(self, "doc_rect", None) is not None and self.doc_rect.height > 20
        if self.doc and not roomy:  # no room in the panel: what the focused option means, under it
            room = max(1, min(2, (surface.get_height() - 48 - below) // 22))  # above the hint bar
            for line in ui_theme.wrap(self.doc[:1].upper() + self.doc[1:], 17, min(900, w - 80))[:room]:
                ui_theme.text(surface, line, 17, (w // 2, below), "muted", anchor="midtop")
                below += 22
        if self.doc and roomy:
            y = self.doc_rect.y + 6
            for line in ui_theme.wrap(self.doc, 17, self.doc_rect.width)[: max(1, self.doc_rect.height // 22)]:
                ui_theme.text(surface, line, 17, (self.doc_rect.x + 4, y), "muted")
                y += 22


class LocalSetupScene(SetupScene):
    name = "local_setup"
    title = "Play"


class HostSetupScene(SetupScene):
    name = "host_setup"
    title = "Host a LAN table"
    hosting = True

    def default_seat(self) -> str:
        return OPEN


__all__ = ["FocusItem", "HostSetupScene", "LocalSetupScene", "SetupScene", "format_value"]
