"""The button row over the hand: Meld (submit the pending table), Draw, Pass, Knock, and the editor's
Hint, Reset, Take back and Joker =; what pressing each does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.arcade.tables.base import BAD, Action, Button
from cardtable.arcade.tables.rummy.tiles import JOKER

if TYPE_CHECKING:
    from cardtable.arcade.tables.rummy.table import RummyTable

Entry = tuple[str, str, Action | None, tuple | None]  # label, note, action sent, or the editor's hit


class ActionButtons:
    def __init__(self, table: RummyTable) -> None:
        self.table = table

    def entries(self) -> list[Entry]:
        """The buttons the bottom seat has now, in their order."""
        t = self.table
        editor = t.editor
        legal = t.my_legal()
        out: list[Entry] = []
        if t.can_meld():
            action = editor.meld_action()
            out.append(("Meld", "submit the table" if action else "add cards first", action, ("meld",)))
        for a in legal:
            kind = a.get("type")
            if kind == "draw":
                drawn = int(t.view.get("drawn") or 0)
                out.append(("Draw", f"draw {drawn + 1} of 3" + (": ends turn" if drawn == 2 else ""), a, None))
            elif kind == "pass":
                note = "don't knock" if t.view.get("phase") == "knock" else "end your turn"
                out.append(("Pass", note, a, None))
            elif kind == "knock":
                out.append(("Knock", f"end the hand ({t.view.get('hand_value', 0)})", a, None))
        if t.can_meld():
            out.append(("Hint", "next best meld", None, ("hint",)))
            if editor.work is not None:
                out.append(("Reset", "undo all", None, ("reset",)))
            picked = editor.selected_tiles()
            if any(tile.from_hand for tile in picked):
                out.append(("Take back", "to your hand", None, ("back",)))
            if any(tile.from_hand and tile.code == JOKER for tile in picked):
                out.append(("Joker =", "next name", None, ("rename",)))
        return out

    def build(self, me: int, focus: int | None) -> None:
        """The row's buttons for the seat at the bottom (``focus``: the one the keys are on)."""
        t = self.table
        if me not in t.local_seats:
            return
        entries = self.entries()
        if not entries:
            return
        focus = focus % len(entries) if focus is not None else None
        for i, ((label, note, action, hit), rect) in enumerate(zip(entries, t.seating.button_row(len(entries)),
                                                                   strict=True)):
            t.buttons.append(Button(rect, label, action, me, note=note, focus=i == focus, hit=hit))

    def press(self, me: int, hit: tuple | None, action: Action | None) -> list[tuple[int, Action]]:
        """A button pressed: an action to send, or the editor's work."""
        t = self.table
        editor = t.editor
        if hit is None:
            return [(me, action)] if action is not None else []
        kind = hit[0]
        if kind == "to":
            editor.move_selection(hit[1])
        elif kind == "meld":
            if action is None:
                t.toasts.add("Put at least one card from your hand on the table first", BAD, 1.8)
                return []
            return [(me, action)]
        elif kind == "hint":
            t.keys.after_hint(editor.hint_step())
        elif kind == "reset":
            editor.reset()
        elif kind == "back":
            editor.take_back()
        elif kind == "rename":
            editor.rename_joker()
        return []
