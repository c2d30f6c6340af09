"""The History: the tables finished on this computer, newest first (netplay.history).

Each row says when, which game, who won and who played; choosing one opens its results and score
sheet, with its replay when this computer hosted the table. Up/down past the last row shown scrolls
the list.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.input import Command
from cardtable.arcade.scenes.base import MenuScene


def describe(entry: Any) -> str:
    """One line for the list: "12 Mar 14:05 · Oh Hell · You won · with Bot 2, Bot 3", "... · Bot 2 won ·
    you lost · with Bot 3": every player once, you included (a couch's players by their names)."""
    when = time.strftime("%d %b %H:%M", time.localtime(entry.finished)) if entry.finished else ""
    names = [str(n).split(" (")[0] for n in entry.players]  # "Bot 2 (hard)": "Bot 2"
    alone = len(entry.seats) == 1  # one player at this screen: "you"; a couch: its players' names
    won = [s for s in entry.seats if s in entry.winners]
    said = set(entry.seats) if alone else set()
    if won and alone:
        outcome, you = "You won", ""
    elif entry.winners:
        outcome = " and ".join(names[s] if s < len(names) else f"Seat {s + 1}" for s in entry.winners) + " won"
        said |= set(entry.winners)
        you = "you lost" if alone else ""
    else:
        outcome, you = "a draw", ""
    others = [n for s, n in enumerate(names) if s not in said]
    company = ("with " + ", ".join(others)) if others else ""
    if len(company) > 40:
        company = company[:38].rsplit(",", 1)[0] + ", …"
    watched = "watched" if not entry.seats else ""
    return "  ·  ".join(part for part in (when, entry.title, outcome, you, company, watched) if part)


class HistoryScene(MenuScene):
    name = "history"
    title = "History"
    panel_width = 980
    header_lines = 1

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.entries: list[Any] = []
        self.top = 0
        self.shown = 1
        self.reload()

    def reload(self) -> None:
        from cardtable.netplay import history

        self.entries = history.entries()
        self.top = max(0, min(self.top, len(self.entries) - 1))

    def enter(self) -> None:
        self.reload()  # an entry may have been forgotten
        super().enter()

    def build(self) -> None:
        top = max(self.vy(160), self.content_top())
        self.row_gap = 8
        self.row_height = 40 if self.app.size[1] >= 640 else 34
        room = self.app.size[1] - top - 90 - (self.row_height + 24)
        self.shown = max(1, room // (self.row_height + self.row_gap))
        rows = min(self.shown, max(1, len(self.entries)))
        col = self.column(rows + 1, top=top)
        if not self.entries:
            self.label(self.row(col, 0), "No finished games yet: they appear here at the end of each game", caption=True)
        for i, entry in enumerate(self.entries[self.top:self.top + self.shown]):
            self.button(self.row(col, i), describe(entry), lambda e=entry: self.open(e), name=f"entry:{entry.id}")
            element = self.ring.items[-1].element
            element.text_horiz_alignment = "left"
            element.rebuild()
        self.button(pygame.Rect(col.centerx - 120, self.row(col, rows).y + 12, 240, self.row_height), "Back",
                    self.back, name="back")

    def open(self, entry: Any) -> None:
        from cardtable.arcade.scenes.results import ResultsScene

        self.app.push(ResultsScene(self.app, entry.result, list(entry.players), entry.title, list(entry.seats),
                                   game_name=entry.game, log=entry.log, entry=entry))

    def command(self, cmd: Command) -> None:
        focused = self.ring.focused
        name = focused.name if focused is not None else ""
        if name.startswith("entry:") and cmd.kind in ("up", "down", "wheel"):
            index = next((i for i, e in enumerate(self.entries) if f"entry:{e.id}" == name), 0)
            step = (-1 if cmd.kind == "up" else 1) if cmd.kind != "wheel" else -cmd.amount
            target = index + step
            if 0 <= target < len(self.entries) and not self.top <= target < self.top + self.shown:
                self.top = max(0, min(target - (self.shown - 1 if step > 0 else 0), len(self.entries) - self.shown))
                self.rebuild()
                self.ring.focus_name(f"entry:{self.entries[target].id}")
                return
        if cmd.kind == "wheel":
            self.top = max(0, min(self.top - cmd.amount, max(0, len(self.entries) - self.shown)))
            self.rebuild()
            return
        super().command(cmd)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        w, _ = surface.get_size()
        count = len(self.entries)
        if count:
            last = min(count, self.top + self.shown)
            line = f"{count} finished game{'s' if count != 1 else ''}"
            if count > self.shown:
                line += f"  ·  showing {self.top + 1}-{last}"
        else:
            line = "Games you finish here, at your table or someone else's, are kept on this computer"
        ui_theme.text(surface, line, 18, (w // 2, self.header_y(0)), "muted", anchor="midtop")
