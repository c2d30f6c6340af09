"""Joining a table: the live list of tables on the LAN (zeroconf) and a manual "host:port" entry."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade import session as sessions
from cardtable.arcade import ui_theme
from cardtable.arcade.focus import FocusItem, text_field
from cardtable.arcade.scenes.base import MenuScene

MAX_LISTED = 5


def parse_address(text: str) -> tuple[str, int] | None:
    """``host:port`` as typed, or None. There is no default port: a host listens where its system gave
    it a free one, and its lobby shows the address with that port."""
    text = text.strip()
    host, _, port = text.rpartition(":")
    if not host:
        return None
    try:
        number = int(port)
    except ValueError:
        return None
    if not 0 < number < 65536:
        return None
    return host.strip("[] "), number


class JoinScene(MenuScene):
    name = "join"
    title = "Join a table"
    panel_width = 820

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.browser: Any = None
        self.tables: list[Any] = []  # every table listed (as rows, ``rows``: MAX_LISTED shown from ``top``)
        self.choosing: Any = None  # a conflict's Listing while the player picks one of its tables
        self.top = 0
        self.error = ""
        self.address = app.settings.last_address
        self.pin = ""
        self.waiting_for_pin: Any = None  # the listed table that asked for a PIN: Enter in the PIN box joins it
        self._start_browser()

    def _start_browser(self) -> None:
        try:
            from cardtable.netplay.discovery import LiveBrowser

            self.browser = LiveBrowser(self.app.lan_interfaces).start()
        except Exception as error:  # no network, or mDNS refused: manual entry still works
            self.browser = None
            self.error = f"LAN discovery is off: {error}"

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def rebuild(self) -> None:
        """Built again (the list of tables changed, the window was resized): the fields keep what they
        hold now, read from them, not from ``address`` and ``pin``, which follow a field a step late
        (its change event comes back through SDL's queue) or not at all (the PIN box emptied after a
        wrong PIN): a table found just then brought the wrong PIN back, or lost what was typed."""
        if self._built:
            self.set_address(self.address_entry.get_text())
            self.set_pin(self.pin_entry.get_text())
        super().rebuild()

    def build(self) -> None:
        rows = MAX_LISTED + 4
        self.row_gap = 10
        top = max(self.vy(170), self.content_top())
        self.row_height = self.fit_rows(rows, top, 40)
        col = self.column(rows, top=top)
        if self.choosing is not None:
            self._choice_rows(col)
        else:
            self._list_rows(col)
        r = MAX_LISTED + 1
        self.address_entry = text_field(self.manager, self.ring, self.row(col, r), "Address (host:port)",
                                        self.address, on_confirm=self.join_manual, name="address",
                                        caption_width=0.3, max_length=60, on_text=self.set_address)
        r += 1
        half = (col.width - 36) // 2  # room between the two for the focus ring's pointer
        pin_rect = pygame.Rect(col.x, self.row(col, r).y, half, self.row_height)
        self.pin_entry = text_field(self.manager, self.ring, pin_rect, "PIN", self.pin, name="pin", on_confirm=self.join_pin,
                                    caption_width=min(0.8, col.width * 0.3 / max(1, half)), allowed="numbers", max_length=6, on_text=self.set_pin)
        self.button(pygame.Rect(col.x + half + 36, pin_rect.y, half, self.row_height), "Join address",
                    self.join_manual, name="join_manual")
        r += 1
        self.button(pygame.Rect(col.centerx - 120, self.row(col, r).y, 240, self.row_height), "Back",
                    self.back, name="back")

    @property
    def rows(self) -> list[Any]:
        """The tables as join-list rows: a conflict (one id, different keys) is one row."""
        from cardtable.netplay.discovery import listings

        return listings(self.tables)

    def _list_rows(self, col: pygame.Rect) -> None:
        rows = self.rows
        found = len(rows)
        more = f"   ({self.top + 1}-{min(found, self.top + MAX_LISTED)} of {found}: Up/Down for more)" \
            if found > MAX_LISTED else ""
        self.label(self.row(col, 0), "Tables on this network" + more, caption=True)
        self.top = max(0, min(self.top, found - MAX_LISTED))
        for i in range(MAX_LISTED):
            rect = self.row(col, 1 + i)
            if self.top + i < found:
                listing = rows[self.top + i]
                if listing.conflict:
                    self._conflict_row(rect, listing)
                else:
                    self._table_row(rect, listing.table)
            elif i == 0:
                self.label(rect, "   Looking for tables…" if self.browser is not None else "   " + self.error,
                           caption=True)

    def _conflict_row(self, rect: pygame.Rect, listing: Any) -> None:
        """Adverts of one table id whose hosts hold different keys: at most one is the real table."""
        keys = " ".join(t.fingerprint[:4] + "…" for t in listing.tables[:3])  # the choice shows them whole
        text = f"Conflict: \"{listing.table.name}\"   ·   {len(listing.tables)} keys: {keys}   ·   choose"
        self.button(rect, text, lambda: self.choose(listing), name=f"conflict:{listing.table.table_id}")
        self.ring.items[-1].element.text_horiz_alignment = "left"

    def _choice_rows(self, col: pygame.Rect) -> None:
        """The tables of a conflict, each with its address and key: the player picks the one whose key
        the host's lobby shows (or the one where their seat is kept)."""
        self.label(self.row(col, 0), f"Which \"{self.choosing.table.name}\"? Pick the key the host's screen shows",
                   caption=True)
        shown = self.choosing.tables[:MAX_LISTED - 1]
        for i, table in enumerate(shown):
            held = self.held_seat(table)
            kept = "   ·   your seat is kept here" if held is not None else ""
            text = f"{table.name} at {table.where}   ·   key {table.fingerprint}{kept}"
            self.button(self.row(col, 1 + i), text, lambda t=table: self.join_table(t), name=f"table:{table.key}")
            self.ring.items[-1].element.text_horiz_alignment = "left"
        self.button(self.row(col, 1 + len(shown)), "None of these: back to the list", self.stop_choosing,
                    name="not_these")

    def choose(self, listing: Any) -> None:
        self.choosing = listing
        self.rebuild()
        self.ring.focus_name(f"table:{listing.tables[0].key}")

    def stop_choosing(self) -> None:
        self.choosing = None
        self.rebuild()

    def _table_row(self, rect: pygame.Rect, table: Any) -> None:
        title = table.game.replace("_", " ").title()
        try:
            from cardtable.engine import get_game

            title = get_game(table.game).title
        except Exception:
            pass
        lock = "   ·   PIN" if table.pin else ""
        state = "playing" if table.started else f"{table.taken}/{table.seats} seated"
        name = table.name
        if sum(1 for t in self.tables if t.name == table.name) > 1:  # two tables of one name: tell them apart
            name += f" ({table.where})"
        held = self.held_seat(table)
        if held is not None:
            state = "your seat is kept: rejoin"
        if not table.compatible:
            state = f"another cardtable version ({table.version or 'protocol ' + str(table.protocol)})"
        key = f"   ·   key {table.fingerprint}" if table.fingerprint else ""
        text = f"{name}   ·   {title}   ·   {state}{lock}{key}"
        self.button(rect, text, lambda t=table: self.join_table(t), name=f"table:{table.key}")
        self.ring.items[-1].element.text_horiz_alignment = "left"

    def set_address(self, text: str) -> None:
        self.address = text

    def set_pin(self, text: str) -> None:
        self.pin = "".join(ch for ch in text if ch.isdigit())[:6]

    def tick(self, dt: float) -> None:
        super().tick(dt)
        if self.browser is not None and self.browser.poll():
            had = bool(self.tables)
            self.tables = list(self.browser.tables())
            if self.choosing is not None:  # the conflict as it stands now (gone: back to the list)
                same = [r for r in self.rows if r.conflict and r.table.table_id == self.choosing.table.table_id]
                self.choosing = same[0] if same else None
            self.rebuild()
            if self.rows and not had and not self.typing():
                self.ring.focus_name(self.row_name(self.rows[0]))

    def command(self, cmd: Any) -> None:
        """Up/down past the first or last table shown scrolls the list (more tables than rows)."""
        focused = self.ring.focused
        name = focused.name if focused is not None else ""
        if self.choosing is None and name.startswith(("table:", "conflict:")) and cmd.kind in ("up", "down"):
            rows = self.rows
            index = next((i for i, r in enumerate(rows) if self.row_name(r) == name), 0)
            target = index + (-1 if cmd.kind == "up" else 1)
            if 0 <= target < len(rows) and not self.top <= target < self.top + MAX_LISTED:
                self.top += -1 if cmd.kind == "up" else 1
                self.rebuild()
                self.ring.focus_name(self.row_name(rows[target]))
                return
        if self.choosing is not None and cmd.kind == "back":
            self.stop_choosing()
            return
        super().command(cmd)

    @staticmethod
    def row_name(listing: Any) -> str:
        return f"conflict:{listing.table.table_id}" if listing.conflict else f"table:{listing.table.key}"

    def held_seat(self, table: Any) -> Any:
        from cardtable.netplay import seatstore

        if getattr(table, "table_id", ""):
            return seatstore.lookup(table.table_id)
        return seatstore.at_address(table.address, table.port)

    def join_table(self, table: Any) -> None:
        held = self.held_seat(table)
        self._join(table.address, table.port, table.pin and held is None, table)

    def join_pin(self) -> None:
        """Enter in the PIN box: join the listed table that asked for it, else the address typed."""
        table = self.waiting_for_pin
        if table is not None:
            self._join(table.address, table.port, True, table)
        else:
            self.join_manual()

    def join_manual(self) -> None:
        parsed = parse_address(self.address_entry.get_text())
        if parsed is None:
            self.app.toast("Type the address with its port, as the host's lobby shows it: like 192.168.1.20:47800")
            return
        self.app.settings.last_address = self.address_entry.get_text().strip()
        self._join(*parsed, needs_pin=False)

    def _join(self, host: str, port: int, needs_pin: bool, table: Any = None) -> None:
        pin = "".join(ch for ch in self.pin_entry.get_text() if ch.isdigit()) or None
        if needs_pin and pin is None:
            self.waiting_for_pin = table
            self.app.toast("This table needs a PIN: type it in the PIN box, then press Enter")
            self.ring.focus_name("pin")
            return
        self.address = self.address_entry.get_text()
        self.pin = pin or ""
        try:
            session = sessions.join(host, port, self.app.settings.name, pin,
                                    table_id=str(getattr(table, "table_id", "") or ""),
                                    host_key=getattr(table, "key_bytes", None))
        except Exception as error:
            self.app.toast(f"Could not join: {error}")
            return
        self.app.end_session()
        self.app.session = session
        from cardtable.arcade.scenes.lobby import LobbyScene

        self.app.push(LobbyScene(self.app, retry=lambda: self._join(host, port, needs_pin, table)))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        w, _ = surface.get_size()
        ui_theme.text(surface, "Tables hosted on this Wi-Fi appear here by themselves; "
                      "or type the address the host shows.", 18, (w // 2, self.header_y(0)), "muted", anchor="midtop")


__all__ = ["FocusItem", "JoinScene", "parse_address"]
