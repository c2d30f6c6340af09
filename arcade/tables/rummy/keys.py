"""Where the keyboard or pad is on the Rummy table and how its keys move it. ``zone`` is the hand, the
table or the button row (``menu_focus``). On the table the keys move meld by meld (``meld``; one past
the last is the new meld's place): Enter puts the selected cards there. A meld's own cards are reached
only on purpose: the open key (E, a pad's RB) steps into the meld (``card``), where Enter picks a card
up, and the same key (or Back) steps out again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.arcade.tables.base import BAD, Action

if TYPE_CHECKING:
    from cardtable.arcade.tables.rummy.table import RummyTable

Stop = tuple  # ("meld", i), ("to", None): the new meld's place, or ("tile", i, j) inside meld i


class Keys:
    def __init__(self, table: RummyTable) -> None:
        self.table = table
        self.zone = "hand"
        self.menu_focus = 0
        self.meld = 0
        self.card: int | None = None  # inside the meld: the card the keys are on

    # -- where the keys are ---------------------------------------------------------------------

    def _count(self) -> int:
        """The places on the table: every meld and the new meld's."""
        return len(self.table.editor.melds()) + 1

    def current(self) -> Stop | None:
        """The keys' place on the table, when they are there (and the seat may edit it)."""
        if self.zone != "table" or not self.table.editing():
            return None
        melds = self.table.editor.melds()
        i = min(self.meld, len(melds))
        if i == len(melds):
            return ("to", None)
        if self.card is not None and melds[i]:
            return ("tile", i, min(self.card, len(melds[i]) - 1))
        return ("meld", i)

    def inside(self) -> bool:
        """The keys walk a meld's cards (its cards can be picked up)."""
        return self.current() is not None and self.current()[0] == "tile"

    def go_to_meld(self, meld: int) -> None:
        """The keys to meld ``meld`` on the table (the new meld's place past the last)."""
        self.zone = "table"
        self.meld = max(0, min(meld, self._count() - 1))
        self.card = None

    def focus_button(self, hit: tuple | None = None, action: Action | None = None) -> bool:
        """The keys to the button that does ``hit`` (or sends ``action``); False when there is none."""
        for i, (_label, _note, act, h) in enumerate(self.table.action_buttons.entries()):
            if (hit is not None and h == hit) or (action is not None and act == action):
                self.zone = "menu"
                self.menu_focus = i
                return True
        return False

    def after_hint(self, meld: int | None) -> None:
        """A Hint step built ``meld``: on the table the keys go to it; on the buttons they stay on Hint
        (Enter again builds the next meld) until the arrangement is whole, then go to Meld."""
        if self.zone == "table" and meld is not None:
            self.go_to_meld(meld)
        elif self.zone == "menu" and self.table.editor.hint_whole:
            self.focus_button(hit=("meld",))

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
        self.meld = min(self.meld, self._count() - 1)
        self.card = None

    # -- the keys -------------------------------------------------------------------------------

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
            self._nav_table(kind)
            return
        if kind in ("up", "down"):
            if kind == "up" and editing:
                self.zone = "table"
                self.card = None
            elif t.action_buttons.entries():
                self.zone = "menu"
            return
        hand = t.editor.hand_left()
        if hand:
            cursor = t.controls.inputs[seat]
            cursor.cursor = (cursor.cursor + (-1 if kind == "left" else 1)) % len(hand)

    def _nav_table(self, kind: str) -> None:
        stop = self.current()
        if stop is None:
            return
        step = -1 if kind in ("left", "up") else 1
        if stop[0] == "tile" and kind in ("left", "right"):
            length = len(self.table.editor.melds()[stop[1]])
            self.card = (stop[2] + step) % length
            return
        self.card = None
        if kind in ("left", "right"):
            self.meld = (self.meld + step) % self._count()
            return
        row = self._row_move(step)
        if row is not None:
            self.meld = row
        elif kind == "down":
            self.zone = "hand"

    def _row_move(self, step: int) -> int | None:
        """The place in the row above (``step`` -1) or below nearest the keys' place; None at the edge."""
        t = self.table
        melds = t.editor.melds()
        boxes = t.seating.meld_boxes(t.seating.flow([len(m) for m in melds], True))
        here = boxes[min(self.meld, len(boxes) - 1)]
        rows = sorted({b.top for b in boxes})
        k = rows.index(here.top) + step
        if not 0 <= k < len(rows):
            return None
        across = [i for i, b in enumerate(boxes) if b.top == rows[k]]
        return min(across, key=lambda i: abs(boxes[i].centerx - here.centerx))

    def confirm(self, seat: int) -> list[tuple[int, Action]]:
        t = self.table
        editor = t.editor
        if self.zone == "menu" or not t.can_meld():
            entries = t.action_buttons.entries()
            if not entries:
                return []
            _label, _note, action, hit = entries[self.menu_focus % len(entries)]
            if not t.shown(seat, hit, action):  # held back for a moment: not drawn, not pressed
                return []
            return t.action_buttons.press(seat, hit, action)
        if self.zone == "table":
            stop = self.current()
            if stop is None:
                return []
            if stop[0] == "tile":
                editor.toggle_tile(stop[1], stop[2])
            elif not editor.has_selection():
                open_key = t.controls.hint_label("pile_b", seat)
                t.toasts.add(f"Select cards in your hand first, or {open_key} to pick from this meld", BAD, 2.0)
            elif t.shown(seat, ("to", stop[1])):  # the place's "+" is drawn
                placed = editor.move_selection(stop[1])
                if placed is not None:
                    self.meld = placed  # the keys stay with the meld just made or grown
            return []
        hand = editor.hand_left()
        if hand:
            editor.toggle_hand(t.controls.inputs[seat].cursor % len(hand))
        return []

    def open_meld(self) -> None:
        """The open key: into the meld the keys are on (to pick its cards up), or out of it again."""
        stop = self.current()
        if stop is None:
            return
        if stop[0] == "tile":
            self.card = None
        elif stop[0] == "meld":
            self.card = 0

    def back(self) -> bool:
        """Back: out of a meld's cards; False when the keys were not in one."""
        if self.inside():
            self.card = None
            return True
        return False

    def alt(self) -> None:
        """Tab / Y: hand, table, buttons in turn (only the buttons while the seat may not meld)."""
        order = ["hand", "table", "menu"] if self.table.can_meld() else ["menu"]
        self.zone = order[(order.index(self.zone) + 1) % len(order)] if self.zone in order else order[0]
        self.card = None
        if self.zone == "menu":
            self.menu_focus = 0
