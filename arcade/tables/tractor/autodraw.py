"""Tractor's automatic draw: on a local seat's turn in the draw phase the table draws by itself after
:data:`AUTO_DRAW_PAUSE` times the bot-speed setting's factor, so the player sees each card arrive and can
declare at any time; it holds off while a Declare button is chosen or under the pointer, for
:data:`AUTO_DRAW_IDLE` after any press, behind the couch privacy screen, and never draws twice for one
view of the host."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.arcade.tables.base import Action

if TYPE_CHECKING:
    from cardtable.arcade.tables.tractor.table import TractorTable

AUTO_DRAW_PAUSE = 0.125  # seconds from the host's view (the last card arriving) to the next automatic draw
AUTO_DRAW_IDLE = 1.0  # seconds after the player's last press before automatic drawing goes on
DRAW: Action = {"type": "draw"}


def draw_key(view: dict[str, Any]) -> tuple:
    """What changes with every draw or declaration: a draw is sent at most once per value."""
    return (view.get("round"), view.get("phase"), view.get("draw_pile"), len(view.get("hand") or []),
            len(view.get("declarations") or []))


class AutoDraw:
    """The clocks behind the automatic draw, per seat, and the draws it sends."""

    def __init__(self, table: TractorTable) -> None:
        self.table = table
        self._drawn_at: dict[int, tuple] = {}  # seat -> draw_key of the view a draw was sent from
        self._seen: dict[int, tuple] = {}  # seat -> draw_key of its latest view
        self._since_view: dict[int, float] = {}  # seat -> seconds since that view changed
        self._idle = AUTO_DRAW_IDLE  # seconds since the last press (pointer moves don't count)

    def new_view(self, seat: int) -> None:
        key = draw_key(self.table.views[seat])
        if self._seen.get(seat) != key:
            self._seen[seat] = key
            self._since_view[seat] = 0.0

    def pressed(self) -> None:
        self._idle = 0.0

    def tick(self, dt: float) -> None:
        self._idle += dt
        for seat in self._since_view:
            self._since_view[seat] += dt

    def drew(self, seat: int) -> None:
        """A draw went to the host from the seat's present view."""
        if seat in self.table.views:
            self._drawn_at[seat] = draw_key(self.table.views[seat])

    def held(self, seat: int) -> str:
        """Why the automatic draw waits for ``seat`` ("" when it does not)."""
        t = self.table
        if t.privacy or seat != t.me:
            return "pass the screen"
        if self._idle < AUTO_DRAW_IDLE:
            return "you pressed something"
        controls = t.controls
        if controls.mouse_active:
            at = (round(controls.hover[0]), round(controls.hover[1])) if controls.hover else None
            button = controls.button_at(at, seat) if at is not None else None
            if button is not None and (button.action or {}).get("type") == "declare":
                return "pointer on a Declare button"
        elif t.zone.get(seat) == "menu":
            entries = t.menu_entries(seat)
            if entries and (entries[t.menu_focus.get(seat, 0) % len(entries)][2] or {}).get("type") == "declare":
                return "a Declare button is chosen"
        return ""

    def actions(self) -> list[tuple[int, Action]]:
        """A draw for a local seat whose turn it is to draw, once per view of the host, after a pause."""
        t = self.table
        out: list[tuple[int, Action]] = []
        for seat in t.local_seats:
            view = t.views.get(seat)
            if not view or view.get("phase") != "draw" or not t.is_legal(seat, DRAW):
                continue
            key = draw_key(view)
            if self._drawn_at.get(seat) == key or self._since_view.get(seat, 0.0) < AUTO_DRAW_PAUSE * t.pace:
                continue
            if self.held(seat):
                continue
            action = dict(DRAW)
            t.on_send(seat, action)
            out.append((seat, action))
        return out
