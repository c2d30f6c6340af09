"""The menu over a table: resume, a hint or a seat, the LAN, the rules, the settings and leaving,
always in the same places; it pauses the game when everyone playing sits at this screen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from cardtable.arcade import layout, ui_theme
from cardtable.arcade.input import Command
from cardtable.arcade.scenes.base import MenuScene
from cardtable.arcade.scenes.table import TableScene


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
            free = scene.presence.free_seat()
            second = (f"Take seat {free + 1} and play", self.take_seat, "take", playing) if free is not None \
                else ("No seat free to take", self.take_seat, "take", False)
        elif scene.presence.away_seats():
            second = ("Back to my seat", self.come_back, "come_back", True)
        else:
            allowed = scene.hinting.allowed()
            words = f"Hint ({self.hint_keys()})" if allowed or not playing else "Hint (off at this table)"
            second = (words, self.hint, "hint", playing and allowed)
        hosting = session is not None and getattr(session, "local_table", None) is not None
        opened = bool(getattr(session, "advertised", False))
        lan = ("Open to LAN" if not opened else "Opened to the LAN", self.open_to_lan, "lan", hosting and not opened)
        for ask in scene.presence.asking()[:1]:  # someone asks the owner for a seat: the table is open to others anyway
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
        self.table_scene.presence.take_seat()

    def come_back(self) -> None:
        """Play this screen's seats again (the turn clock gave them to a bot)."""
        for seat in sorted(self.table_scene.presence.away_seats()):
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
        self.table_scene.hinting.ask(None)

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
        others = scene.presence.others_seated()
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
        clock = scene.presence.turn_clock()
        if clock is not None and scene.presence.others_seated():
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
