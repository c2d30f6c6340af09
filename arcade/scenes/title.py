"""The title screen: the wordmark over a fan of cards, and the main menu."""

from __future__ import annotations

import math
from typing import Any

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.scenes.base import MenuScene

FAN = ("AS", "KH", "QD", "JC", "TH")
_FAN_CACHE: dict[tuple, tuple[pygame.Surface, pygame.Surface]] = {}
_FAN_DONE: set[tuple[int, int]] = set()  # fan sizes whose every angle is in _FAN_CACHE


def _fan_card(art: object | None, code: str, width: int, height: int,
              angle: float) -> tuple[pygame.Surface, pygame.Surface]:
    """The title fan's card ``code`` turned ``angle`` degrees, and its shadow (made once, then kept)."""
    key = (code, width, height, angle)
    cached = _FAN_CACHE.get(key)
    if cached is not None:
        return cached
    if art is not None:
        face = art.face(code, (width, height))  # type: ignore[attr-defined]
    else:
        face = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(face, (250, 248, 240), face.get_rect(), border_radius=10)
    rotated = pygame.transform.rotozoom(face, -angle, 1.0)
    mask = pygame.mask.from_surface(rotated)
    shadow = mask.to_surface(setcolor=(0, 0, 0, 70), unsetcolor=(0, 0, 0, 0))
    if len(_FAN_CACHE) > 400:
        _FAN_CACHE.clear()
        _FAN_DONE.clear()
    _FAN_CACHE[key] = (rotated, shadow)
    return rotated, shadow


def card_art(app) -> object | None:
    """The shared CardArt (the tables helper's), created on first use; None if unavailable."""
    art = getattr(app, "card_art", None)
    if art is None:
        try:
            from cardtable.arcade.cardart import CardArt

            art = CardArt(four_colour=app.settings.four_colour)
        except Exception:  # the art module is another helper's work in progress
            return None
        app.card_art = art
    return art


class TitleScene(MenuScene):
    """The title. When this user holds a seat somewhere (netplay.seatstore) it also looks for those
    tables on the LAN and offers "Rejoin <table>" at the top of the menu while one is there."""

    name = "title"
    panel_width = 360
    row_height = 50
    row_gap = 12

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.browser: Any = None
        self.rejoinable: list[tuple[Any, Any]] = []  # (held seat, listed table)

    def enter(self) -> None:
        self._watch_for_seats()
        super().enter()

    def leave(self) -> None:
        super().leave()
        self._stop_watching()

    def close(self) -> None:
        self._stop_watching()

    def _watch_for_seats(self) -> None:
        from cardtable.netplay import seatstore

        if self.browser is not None or not seatstore.held_seats():
            return
        try:
            from cardtable.netplay.discovery import LiveBrowser

            self.browser = LiveBrowser(self.app.lan_interfaces).start()
        except Exception:  # no network: nothing to rejoin from here (Join takes an address)
            self.browser = None

    def _stop_watching(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        self.rejoinable = []

    def find_rejoinable(self) -> list[tuple[Any, Any]]:
        """The held seats whose table is on the LAN now (by the table's id; an id-less one by address)."""
        from cardtable.netplay import seatstore

        tables = self.browser.tables() if self.browser is not None else []
        found = []
        for held in seatstore.held_seats():
            for table in tables:
                if (table.table_id and table.table_id == held.key) or table.where == held.key:
                    found.append((held, table))
                    break
        return found

    def tick(self, dt: float) -> None:
        super().tick(dt)
        if self.browser is not None and self.browser.poll():
            found = self.find_rejoinable()
            if [t.key for _, t in found] != [t.key for _, t in self.rejoinable]:
                new = [t.key for _, t in found if t.key not in {t.key for _, t in self.rejoinable}]
                self.rejoinable = found
                self.rebuild()
                if new:  # a table to go back to has just appeared: offer it first
                    self.ring.focus_name(f"rejoin:{new[0]}")

    def rejoin(self, held: Any, table: Any) -> None:
        from cardtable.arcade import session as sessions
        from cardtable.arcade.scenes.lobby import LobbyScene

        def go() -> None:
            self.app.end_session()
            self.app.session = sessions.join(table.address, table.port, self.app.settings.name, None,
                                             max(1, len(held.seats)), table.table_id)
            self.app.push(LobbyScene(self.app, retry=go))

        go()

    def build(self) -> None:
        w, h = self.app.size
        rejoin = [(f"Rejoin {table.name}", lambda h=held, t=table: self.rejoin(h, t), f"rejoin:{table.key}")
                  for held, table in self.rejoinable[:2]]
        entries = [
            *rejoin,
            ("Play", self.play_local, "play"),
            ("Learn", self.learn, "learn"),
            ("Host a LAN table", self.host, "host"),
            ("Join a table", self.join, "join"),
            ("How to play", self.rules, "rules"),
            ("Settings", self.settings, "settings"),
            ("History", self.history, "history"),
            ("Quit", self.quit, "quit"),
        ]
        self.row_gap = 12 if h >= 700 else 10 if len(entries) <= 9 else 4  # two Rejoin rows on a short window
        header = self.wordmark()[3]
        self.row_height = self.fit_rows(len(entries), header, 50, bottom=70)
        height = len(entries) * self.row_height + (len(entries) - 1) * self.row_gap
        top = max(header, min(int(h * 0.40), h - 90 - height))
        col = pygame.Rect(int(w * 0.09), top, min(self.panel_width, w - 80), height)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        for i, (text, callback, name) in enumerate(entries):
            self.button(self.row(col, i), text, callback, name=name, big=(i == 0))


    def wordmark(self) -> tuple[int, int, int, int]:
        """The wordmark's top and size, the tagline's top, and where the menu may begin: on a short
        window (960x540) a smaller wordmark higher up, so the menu's buttons keep a button's height and
        the tagline has room to breathe above them."""
        h = self.app.size[1]
        short = h < 700
        size = max(48, int(h * (0.11 if short else 0.13)))
        top = int(h * (0.06 if short else 0.10))
        tagline = top + int(size * 1.34)
        return top, size, tagline, tagline + max(18, int(h * 0.032)) + (30 if short else 24)

    def play_local(self) -> None:
        from cardtable.arcade.scenes.setup import LocalSetupScene

        self.app.push(LocalSetupScene(self.app))

    def learn(self) -> None:
        from cardtable.arcade.scenes.learn import LearnListScene

        self.app.push(LearnListScene(self.app))

    def host(self) -> None:
        from cardtable.arcade.scenes.setup import HostSetupScene

        self.app.push(HostSetupScene(self.app))

    def join(self) -> None:
        from cardtable.arcade.scenes.join import JoinScene

        self.app.push(JoinScene(self.app))

    def rules(self) -> None:
        from cardtable.arcade.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from cardtable.arcade.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def history(self) -> None:
        from cardtable.arcade.scenes.history import HistoryScene

        self.app.push(HistoryScene(self.app))

    def quit(self) -> None:
        from cardtable.arcade.scenes.confirm import confirm

        self.app.push(confirm(self.app, "Quit cardtable?", "", "Quit", self.app.quit, "Stay", kind="quit"))

    def back(self) -> None:
        if self.ring.focused is not None and self.ring.focused.name == "quit":
            self.quit()
        else:
            self.ring.focus_name("quit")

    def hints(self) -> list[tuple[str, str]]:
        return [("up", "Move"), ("confirm", "Select"), ("back", "Quit")]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui_theme.background(surface)
        w, h = surface.get_size()
        t = self.ring.phase
        top, size, tagline, _ = self.wordmark()
        ui_theme.text(surface, "cardtable", size, (int(w * 0.085), top), "accent_bright", bold=True, shadow=True)
        ui_theme.text(surface, "card games for people in one room", max(18, int(h * 0.032)), (int(w * 0.09), tagline),
                      "muted")
        self._draw_fan(surface, (int(w * 0.68), int(h * 0.56)), int(h * 0.34), t)
        pads = len(self.app.mapper.pads)
        status = f"Playing as {self.app.settings.name}"
        if pads:
            status += f"   ·   {pads} gamepad{'s' if pads > 1 else ''} ready"
        ui_theme.text(surface, status, 17, (int(w * 0.09), h - 40 + 12), "muted", anchor="midleft")
        games = "Spit  ·  Speed  ·  Oh Hell  ·  Go-Stop  ·  Rummy  ·  Tractor"
        ui_theme.text(surface, games, max(15, int(h * 0.024)), (int(w * 0.68), int(h * 0.84)), "muted",
                      anchor="midtop")

    def _draw_fan(self, surface: pygame.Surface, centre: tuple[int, int], height: int, t: float) -> None:
        art = card_art(self.app)
        width = int(height * 0.714)
        n = len(FAN)
        made = False
        for i, code in enumerate(FAN):
            angle = (i - (n - 1) / 2) * 13.0 + 1.5 * math.sin(t * 0.9 + i * 0.7)
            angle = round(angle * 4) / 4  # quarter degrees: the rotated cards are cached
            made = made or (code, width, height, angle) not in _FAN_CACHE
            rotated, shadow = _fan_card(art, code, width, height, angle)
            rad = math.radians(angle)
            pivot = (centre[0] + math.sin(rad) * height * 0.9, centre[1] - math.cos(rad) * height * 0.9 + height)
            rect = rotated.get_rect(center=(int(pivot[0]), int(pivot[1] - height * 0.55)))
            surface.blit(shadow, rect.move(6, 8))
            surface.blit(rotated, rect)
        if not made:
            self._make_ahead(art, width, height, t)

    def _make_ahead(self, art: object | None, width: int, height: int, t: float) -> None:
        """Rotate one more card of the fan to an angle its sway will reach, the nearest to where it is (a
        frame that rotates none of its own): a card rotated while the frame draws cost ~1.5 ms at
        1920x1080, a few a frame as the sway crossed quarter degrees during its first cycle."""
        if (width, height) in _FAN_DONE:
            return
        n = len(FAN)
        best: tuple[float, str, float] | None = None
        for i, code in enumerate(FAN):
            base = (i - (n - 1) / 2) * 13.0
            now = base + 1.5 * math.sin(t * 0.9 + i * 0.7)
            for step in range(round((base - 1.5) * 4), round((base + 1.5) * 4) + 1):
                angle = step / 4
                if (code, width, height, angle) not in _FAN_CACHE and (best is None or abs(angle - now) < best[0]):
                    best = (abs(angle - now), code, angle)
        if best is None:
            _FAN_DONE.add((width, height))
            return
        _fan_card(art, best[1], width, height, best[2])
