"""Setting up a table: "Play" (local, against bots or a second player on this screen) and "Host a LAN
table" (the same, plus a table name, a PIN and seats left open for players on the LAN)."""

from __future__ import annotations

import random
from typing import Any

import pygame
from pygame_gui.core import ObjectID

from cardtable.arcade import session as sessions
from cardtable.arcade import ui_theme
from cardtable.arcade.focus import Cycler, FocusItem, fits, format_value, text_field
from cardtable.arcade.focus import label as fitted_label
from cardtable.arcade.scenes.base import BIG_BUTTON, MenuScene
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
    """What the setup screen shows for each value (the engine Option's own words for it)."""
    return [spec.value_label(v) for v in values]


def option_label(name: str, spec: Any) -> str:
    """An option's row caption: the engine Option's label (every client shows the same words)."""
    return spec.label or name.replace("_", " ").capitalize()


def option_help(spec: Any) -> str:
    return spec.doc


SEAT_HELP = "Who plays this seat: a bot (its level), or a couch player on this screen."
SEAT_HELP_HOST = ("Who plays this seat: a player joining over the LAN, a bot (its level), or a couch player "
                  "on this screen.")


def short_title(title: str) -> str:
    """A game's name for a narrow value box ("Manipulation Rummy" -> "Rummy")."""
    return title if len(title) <= 12 else title.split()[-1]


NICE_NUMBERS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 250, 300, 400,
                500, 750, 1000)

BOT_SPEEDS = [("relaxed", 1.6), ("normal", 1.0), ("fast", 0.35), ("instant", 0.0)]
START_HEIGHT = BIG_BUTTON  # px: Start is never a thin bar, however squeezed the rows
LEFT_CAPTION, RIGHT_CAPTION = 0.36, 0.5  # of a column's width: the captions' part of a row


def open_table(app: Any, config: TableConfig) -> bool:
    """Start ``config``'s table on this computer and make it the app's session; False (and a toast
    saying why) when the host cannot start."""
    try:
        session = sessions.start_local(config, app.settings.name, app.lan_interfaces)
    except Exception as error:  # a host that cannot start: say why, stay here
        app.toast(f"Could not start the table: {error}")
        return False
    app.end_session()
    app.session = session
    return True


class SetupScene(MenuScene):
    """Shared by local play and hosting."""

    name = "setup"
    title = "Play"
    hosting = False
    table_rows_left = False  # hosting: the name and PIN rows sit in the left column (set by build)
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
    HELP_LINES = 2  # the strip at the panel's foot: what the focused row means, and who plays with what

    def build(self) -> None:
        """Two columns, each read top to bottom: the game, players and seats on the left; (when
        hosting) the table's name and PIN, then the game's options, the bot speed and Start on the
        right, so up/down walk every row in reading order and Start ends the walk (one press up from
        the first row reaches it too). A strip under both columns says what the focused row means."""
        w, h = self.app.size
        game = self.game
        if game is None:
            col = self.column(2)
            self.label(self.row(col, 0), "No games are available (the engine did not load).")
            self.button(self.row(col, 1), "Back", self.back, name="back")
            return
        left_rows = 3 + (self.players - 1)
        right_rows = len(game.option_specs) + 2
        # hosting: the table's name and PIN go to the shorter column (Go-Stop's seven options fill the right)
        self.table_rows_left = self.hosting and left_rows < right_rows
        if self.hosting:
            left_rows, right_rows = (left_rows + 2, right_rows) if self.table_rows_left else (left_rows, right_rows + 2)
        rows = max(left_rows, right_rows)
        self.row_gap = 8 if h >= 700 else 6
        line = 22 if h >= 700 else 19
        strip = self.HELP_LINES * line + 10
        top = max(self.vy(165), self.content_top(pad=20))
        start_last = right_rows >= left_rows  # Start ends the longer column: room for its height
        self.row_height = self.fit_rows(rows, top, 46, bottom=62 + strip)  # the panel ends just above the hints
        if start_last:  # a taller Start and a gap before it: the other rows give up that room
            extra = max(4, START_HEIGHT - self.row_height)
            self.row_height = self.fit_rows(rows, top, 46, bottom=62 + strip + extra)
        self.start_height = max(self.row_height + 4, START_HEIGHT)
        full = self.column(rows, width=min(1180, w - 80), top=top)
        if start_last:
            full.height += self.start_height - self.row_height
        gap = 40
        half = (full.width - gap) // 2
        left = pygame.Rect(full.x, full.y, half, full.height)
        right = pygame.Rect(full.x + half + gap, full.y, half, full.height)
        self.caption_small, self.value_small = self.label_sizes(half)
        self.cyclers: list[Cycler] = []
        self.help_rect = pygame.Rect(full.x, full.bottom + 10, full.width, strip - 10)
        self.help_line = line
        self.panel_rect = full.union(self.help_rect).inflate(56, 36)
        self._build_left(left)
        if self.table_rows_left:
            self._build_table_rows(left, 2 + self.players)
        self._build_right(right, full)
        for item in self.ring.items:
            if item.on_focus is None:
                item.on_focus = self._doc_setter("")
        focused = self.ring.focused
        if focused is not None and focused.on_focus is not None:
            focused.on_focus()

    def label_sizes(self, half: int) -> tuple[bool, bool]:
        """Whether the captions, and the values, take the small face: one choice for every row of every
        game at this window's size (a label never changes size from one row or game to the next)."""
        captions_left = ["Game", "Players"] + [f"Seat {n + 1}" for n in range(max(g.max_players for g in self.games.values()))]
        captions_right = ["Bot speed"] + [option_label(o, spec) for g in self.games.values()
                                          for o, spec in g.option_specs.items()]
        if self.hosting:
            (captions_left if self.table_rows_left else captions_right).extend(["Table name", "PIN (optional)"])
        values_left = [short_title(g.title) for g in self.games.values()] + [str(n) for n in range(2, 10)]
        values_left += [self.seat_label(c) for c in {*self.seat_choices(), *(f"bot:{lv}" for g in self.games
                                                                            for lv in sessions.bot_levels(g))}]
        values_right = [format_value(speed) for speed, _ in BOT_SPEEDS] + [
            text for g in self.games.values() for spec in g.option_specs.values()
            for text in option_labels(spec, option_values(spec))]
        arrows = 2 * self.row_height
        small_captions = not (fits(captions_left, int(half * LEFT_CAPTION)) and fits(captions_right, int(half * RIGHT_CAPTION)))
        small_values = not (fits(values_left, half - int(half * LEFT_CAPTION) - arrows, value=True)
                            and fits(values_right, half - int(half * RIGHT_CAPTION) - arrows, value=True))
        return small_captions, small_values

    def cycler(self, rect: pygame.Rect, caption: str, values: list[Any], index: int, labels: list[str] | None,
               on_change: Any, name: str, caption_width: float) -> Cycler:
        """A setup row, its caption and value in this screen's one size (see label_sizes)."""
        cycler = Cycler(self.manager, self.ring, rect, caption, values, index, labels=labels, on_change=on_change,
                      name=name, caption_width=caption_width, caption_small=self.caption_small,
                      value_small=self.value_small)
        self.cyclers.append(cycler)
        return cycler

    def _build_left(self, left: pygame.Rect) -> None:
        game = self.game
        names = list(self.games)
        self.cycler(self.row(left, 0), "Game", names, names.index(self.game_name),
                    [short_title(self.games[n].title) for n in names], self.set_game, "game", LEFT_CAPTION)
        counts = list(range(game.min_players, game.max_players + 1))
        self.cycler(self.row(left, 1), "Players", counts, counts.index(self.players), None, self.set_players,
                    "players", LEFT_CAPTION)
        fitted_label(self.row(left, 2), f"Seat 1:   {self.app.settings.name} (you)", self.manager,
                     object_id=ObjectID(class_id="@label_small" if self.caption_small else "@caption"))
        choices = self.seat_choices()
        for seat in range(1, self.players):
            current = self.seats[seat] if self.seats[seat] in choices else self.default_seat()
            self.seats[seat] = current
            cyc = self.cycler(self.row(left, 2 + seat), f"Seat {seat + 1}", choices, choices.index(current),
                              [self.seat_label(c) for c in choices], self._seat_setter(seat), f"seat{seat}",
                              LEFT_CAPTION)
            cyc.item.on_focus = self._doc_setter(SEAT_HELP_HOST if self.hosting else SEAT_HELP)

    def _build_right(self, right: pygame.Rect, full: pygame.Rect) -> None:
        r = 0
        if self.hosting and not self.table_rows_left:
            r = self._build_table_rows(right, 0)
        self._build_options(right, full, r)

    def _build_table_rows(self, column: pygame.Rect, r: int) -> int:
        """Hosting: the table's name and PIN from row ``r`` of ``column``; returns the next row."""
        caption = LEFT_CAPTION if self.table_rows_left else RIGHT_CAPTION  # lined up with the column's others
        self.name_entry = text_field(self.manager, self.ring, self.row(column, r), "Table name", self.table_name,
                                     name="table_name", caption_width=caption, on_text=self.set_table_name,
                                     on_confirm=self.next_field, caption_small=self.caption_small)
        self.ring.items[-1].on_focus = self._doc_setter("The name players see in their Join list.")
        self.pin_entry = text_field(self.manager, self.ring, self.row(column, r + 1), "PIN (optional)", self.pin,
                                    name="pin", caption_width=caption, allowed="numbers", max_length=6,
                                    on_text=self.set_pin, on_confirm=self.next_field,
                                    caption_small=self.caption_small)
        self.ring.items[-1].on_focus = self._doc_setter("Digits a player must type to join; empty: anyone "
                                                        "on the network may sit down.")
        return r + 2

    def _build_options(self, right: pygame.Rect, full: pygame.Rect, r: int) -> None:
        for option, spec in self.game.option_specs.items():
            values = option_values(spec)
            value = self.options.get(option, spec.default)
            index = values.index(value) if value in values else 0
            cyc = self.cycler(self.row(right, r), option_label(option, spec), values, index,
                              option_labels(spec, values), self._option_setter(option), f"opt:{option}",
                              RIGHT_CAPTION)
            cyc.item.on_focus = self._doc_setter(option_help(spec))
            r += 1
        speeds = [s for s, _ in BOT_SPEEDS]
        current = self.app.settings.bot_speed if self.app.settings.bot_speed in speeds else "normal"
        cyc = self.cycler(self.row(right, r), "Bot speed", speeds, speeds.index(current), None, self.set_bot_speed,
                          "bot_speed", RIGHT_CAPTION)
        cyc.item.on_focus = self._doc_setter("How quickly the bots play (their thinking or reaction time).")
        # Start where reading the screen ends: right under the last option, a full button's height
        start_rect = pygame.Rect(right.x, self.row(right, r + 1).y, right.width, self.start_height)
        self.button(start_rect, "Open the table" if self.hosting else "Start", self.start, name="start", big=True)
        self.ring.items[-1].on_focus = self._doc_setter(
            "Open the table: players on the LAN can join from the lobby." if self.hosting else "Deal the first hand.")

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
    def next_field(self) -> None:
        """Enter in a text field keeps what was typed and goes on to the next control."""
        self.ring.move("down")

    def start(self) -> None:
        if self.hosting:
            self.table_name = self.name_entry.get_text().strip() or self.table_name
            self.pin = "".join(ch for ch in self.pin_entry.get_text() if ch.isdigit())
        if not open_table(self.app, self.config()):
            return
        if self.hosting:
            from cardtable.arcade.scenes.lobby import LobbyScene

            self.app.push(LobbyScene(self.app))
        else:
            from cardtable.arcade.scenes.table import TableScene

            self.app.push(TableScene(self.app, auto_start=True))

    def hints(self) -> list[tuple[str, str]]:
        return [("up", "Move"), ("left", "Change"), ("confirm", "Select"), ("back", "Back")]

    def couch_note(self) -> str:
        """Who plays with what, and on which part of the screen, when several people share it."""
        local = [i for i in range(self.players) if self.seats[i] in (YOU, LOCAL)]
        if len(local) < 2:
            return ""
        if self.game is not None and not self.game.realtime:
            return "Couch play: pass the controls round; the hand stays hidden until its player is ready"
        from cardtable.arcade.scenes.table import bind_devices

        pads = self.app.mapper.pads
        binding = bind_devices(local, pads)
        keys = {"keyboard": "arrows, Enter, piles: comma / period" if "keyboard2" in binding else
                "arrows, Enter, piles: Q / E", "keyboard2": "WASD, Space, piles: Q / E"}
        places = ("bottom", "top") if self.app.settings.couch_layout == "facing" else ("left half", "right half")
        parts = []
        for n, seat in enumerate(local):
            devices = [d for d, s in binding.items() if s == seat and d != "mouse"]
            pad = next((d for d in devices if d.startswith("pad")), None)
            how = f"gamepad {pads.index(pad) + 1}" if pad else keys.get(devices[0], devices[0]) if devices else "?"
            parts.append(f"Player {n + 1} ({places[min(n, 1)]}): {how}")
        return "   \u00b7   ".join(parts)

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
        strip = getattr(self, "help_rect", None)
        if strip is None:
            return
        size = 17 if self.help_line >= 22 else 15
        couch = self.couch_note()
        lines = ui_theme.wrap(self.doc[:1].upper() + self.doc[1:], size, strip.width)[: 1 if couch else 2] \
            if self.doc else []
        y = strip.y
        for text in lines:
            ui_theme.text(surface, text, size, (strip.x, y), "muted")
            y += self.help_line
        if couch:
            ui_theme.text(surface, couch, size, (strip.x, strip.y + (self.HELP_LINES - 1) * self.help_line),
                          "accent_bright")


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
