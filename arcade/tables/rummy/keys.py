"""Where the keyboard or pad is on the Rummy table and how its keys move it: ``zone`` is the hand,
the table (``stop``: a card, a meld's "+" or the new meld) or the button row (``menu_focus``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.arcade.tables.base import Action
from cardtable.arcade.tables.rummy.tiles import Tile

if TYPE_CHECKING:
    from cardtable.arcade.tables.rummy.table import RummyTable

Stop = tuple  # ("tile", meld, card), ("to", meld) or ("to", None): the new meld


class Keys:
    def __init__(self, table: RummyTable) -> None:
        self.table = table
        self.zone = "hand"
        self.menu_focus = 0
        self.stop = 0

    def stops(self, melds: list[list[Tile]], editing: bool) -> list[Stop]:
        """The keyboard cursor's places in the table: every card, each meld's "+", the new meld."""
        if not editing:
            return []
        out: list[Stop] = []
        for i, meld in enumerate(melds):
            out += [("tile", i, j) for j in range(len(meld))]
            out.append(("to", i))
        out.append(("to", None))
        return out

    def current(self, melds: list[list[Tile]], editing: bool) -> Stop | None:
        """The stop the keys are on in the table, when they are there."""
        stops = self.stops(melds, editing)
        return stops[self.stop % len(stops)] if stops and self.zone == "table" else None

    def follow(self, legal: list[Action]) -> None:
        """A new view of the bottom seat: the keys go to the buttons when drawing is all it may do,
        back to the hand when it may meld (and not draw); on the buttons, to the first that acts."""
        t = self.table
        if legal and not t.can_meld():
            self.zone = "menu"
        elif self.zone == "menu" and t.can_meld() and not any(a.get("type") == "draw" for a in legal):
            self.zone = "hand"
        if self.zone == "menu":  # the first button that acts (Draw rather than an empty Meld)
            entries = t.action_buttons.entries()
            self.menu_focus = next((i for i, e in enumerate(entries) if e[2] is not None), 0)

    def nav(self, kind: str, seat: int) -> None:
        t = self.table
        editing = t.can_meld()
        if self.zone == "menu":
            n = len(t.action_buttons.entries())
            if kind in ("left", "right") and n:
                self.menu_focus = (self.menu_focus + (-1 if kind == "left" else 1)) % n
            elif kind == "up" and editing:
                self.zone = "table"
            elif kind == "down" and editing:
                self.zone = "hand"
            return
        if self.zone == "table":
            self._nav_table(kind, editing)
            return
        if kind in ("up", "down"):
            if kind == "up" and editing:
                self.zone = "table"
            elif t.action_buttons.entries():
                self.zone = "menu"
            return
        hand = t.editor.hand_left()
        if hand:
            cursor = t.controls.inputs[seat]
            cursor.cursor = (cursor.cursor + (-1 if kind == "left" else 1)) % len(hand)

    def _nav_table(self, kind: str, editing: bool) -> None:
        melds = self.table.editor.melds()
        stops = self.stops(melds, editing)
        if not stops:
            return
        if kind in ("left", "right"):
            self.stop = (self.stop + (-1 if kind == "left" else 1)) % len(stops)
            return
        meld = stops[self.stop % len(stops)][1]
        if kind == "down" and meld is None:
            self.zone = "hand"
            return
        target = (meld if meld is not None else len(melds)) + (1 if kind == "down" else -1)
        if target < 0:
            return
        target_stop = ("to", None) if target >= len(melds) else (("tile", target, 0) if melds[target] else ("to", target))
        self.stop = stops.index(target_stop) if target_stop in stops else self.stop

    def confirm(self, seat: int) -> list[tuple[int, Action]]:
        t = self.table
        editor = t.editor
        if self.zone == "menu" or not t.can_meld():
            entries = t.action_buttons.entries()
            if not entries:
                return []
            _label, _note, action, hit = entries[self.menu_focus % len(entries)]
            return t.action_buttons.press(seat, hit, action)
        if self.zone == "table":
            stops = self.stops(editor.melds(), True)
            if not stops:
                return []
            stop = stops[self.stop % len(stops)]
            if stop[0] == "tile":
                editor.toggle_tile(stop[1], stop[2])
            else:
                editor.move_selection(stop[1])
                self.stop = min(self.stop, len(self.stops(editor.melds(), True)) - 1)
            return []
        hand = editor.hand_left()
        if hand:
            editor.toggle_hand(t.controls.inputs[seat].cursor % len(hand))
        return []

    def alt(self) -> None:
        """Tab / Y: hand, table, buttons in turn (only the buttons while the seat may not meld)."""
        order = ["hand", "table", "menu"] if self.table.can_meld() else ["menu"]
        self.zone = order[(order.index(self.zone) + 1) % len(order)] if self.zone in order else order[0]
        if self.zone == "menu":
            self.menu_focus = 0
