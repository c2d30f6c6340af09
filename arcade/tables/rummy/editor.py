"""The meld editor: the new table the bottom seat is building (``work``: None while it is the table
as dealt), the cards selected in the hand and on the table, and what the editor's buttons do to them
(put the selection in a meld, take cards back, name a joker, fill in the solver's arrangement). The
host judges the finished table; the editor never does."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from cardtable.arcade.tables.base import BAD, INK, Action
from cardtable.arcade.tables.rummy import hint_steps
from cardtable.arcade.tables.rummy.tiles import (
    JOKER,
    NAMED,
    Tile,
    cards_text,
    hand_key,
    joker_choices,
    name_jokers,
    sort_meld,
)
from cardtable.engine import rummy_solver

if TYPE_CHECKING:
    from cardtable.arcade.tables.rummy.table import RummyTable


class Editor:
    """``work`` the pending table, ``sel_hand`` indexes into :meth:`hand_left`, ``sel_table`` (meld,
    card) places in :meth:`melds`."""

    def __init__(self, table: RummyTable) -> None:
        self.table = table
        self.work: list[list[Tile]] | None = None
        self.sel_hand: set[int] = set()
        self.sel_table: set[tuple[int, int]] = set()
        self._base: list[list[str]] = []  # the table of the view the pending one was built on
        self.note = ""  # what the last Hint step built (the prompt line says it)
        self.hint_whole = False  # the pending table is the whole of the hinted arrangement
        self._run: hint_steps.HintRun | None = None

    # -- what the editor shows ------------------------------------------------------------------

    def melds(self) -> list[list[Tile]]:
        """The pending table, or the view's while nothing is pending."""
        if self.work is not None:
            return self.work
        return [[Tile(e, False) for e in m] for m in self.table.view.get("table") or []]

    def hand_left(self) -> list[str]:
        """The hand minus the cards the pending table uses, by suit then rank (jokers last)."""
        used = Counter(t.code for m in (self.work or []) for t in m if t.from_hand)
        out = []
        for card in sorted(self.table.view.get("hand") or [], key=hand_key):
            if used[card] > 0:
                used[card] -= 1
            else:
                out.append(card)
        return out

    def has_selection(self) -> bool:
        return bool(self.sel_hand or self.sel_table)

    def selected_tiles(self) -> list[Tile]:
        """The pending table's selected cards."""
        work = self.work or []
        return [work[i][j] for i, j in self.sel_table if i < len(work) and j < len(work[i])]

    def meld_action(self) -> Action | None:
        """The pending table as the action that submits it (None: it lays nothing from the hand)."""
        if self.work is None or not self.table.can_meld():
            return None
        if not any(t.from_hand for m in self.work for t in m):
            return None
        return {"type": "meld", "table": [[t.text for t in m] for m in self.work]}

    # -- keeping up with the host ---------------------------------------------------------------

    def forget(self) -> None:
        """Another seat is at the bottom now: nothing of the old one's table is kept."""
        self.reset()
        self._base = []

    def follow(self, view: dict[str, Any]) -> None:
        """A new view of the bottom seat: the pending table goes when the table under it changed, the
        seat may not meld now, or the hand no longer holds its cards."""
        table = [list(m) for m in view.get("table") or []]
        if table != self._base or not self.table.can_meld():
            self._base = table
            self.reset()
        elif self.work is not None:
            have = Counter(view.get("hand") or [])
            used = Counter(t.code for m in self.work for t in m if t.from_hand)
            if used - have:
                self.reset()
        self.sel_hand = {i for i in self.sel_hand if i < len(self.hand_left())}

    # -- editing --------------------------------------------------------------------------------

    def _edit(self) -> list[list[Tile]]:
        self.note = ""  # a change of the player's own: what the last Hint step said is past
        if self.work is None:
            self.work = [list(m) for m in self.melds()]
        return self.work

    def reset(self) -> None:
        """Throw the pending table and the selection away."""
        self.work = None
        self.note = ""
        self.clear_selection()

    def clear_selection(self) -> None:
        self.sel_hand.clear()
        self.sel_table.clear()

    def toggle_hand(self, i: int) -> None:
        self.sel_hand ^= {i}

    def toggle_tile(self, i: int, j: int) -> None:
        self._edit()
        self.sel_table ^= {(i, j)}

    def move_selection(self, target: int | None) -> int | None:
        """Put every selected card into meld ``target`` (None: a new meld); returns where that meld is
        now (melds emptied on the way are gone), None when nothing was selected."""
        if not self.sel_hand and not self.sel_table:
            self.table.toasts.add("Select cards first (from your hand or the table)", BAD, 1.6)
            return None
        hand = self.hand_left()
        work = self._edit()
        moving = [Tile(hand[i], True) for i in sorted(self.sel_hand) if i < len(hand)]
        dest: list[Tile] = [] if target is None or target >= len(work) else work[target]
        for i, j in sorted(self.sel_table, reverse=True):
            if i < len(work) and j < len(work[i]):
                moving.append(work[i].pop(j))
        if target is None or dest not in work:
            work.append(dest)
        dest.extend(moving)
        name_jokers(dest)
        dest[:] = sort_meld(dest)
        self.work = [m for m in work if m]
        self.clear_selection()
        return next(i for i, m in enumerate(self.work) if m is dest)

    def take_back(self) -> None:
        """The selected cards that came from the hand go back to it."""
        work = self._edit()
        back = [(i, j) for i, j in self.sel_table if i < len(work) and j < len(work[i]) and work[i][j].from_hand]
        if not back:
            self.table.toasts.add("Only cards from your hand can go back", BAD, 1.6)
            return
        for i, j in sorted(back, reverse=True):
            work[i].pop(j)
        self.work = [m for m in work if m]
        self.sel_table.clear()

    def rename_joker(self) -> None:
        """The one selected joker from the hand takes its next possible name."""
        work = self._edit()
        picked = [(i, j) for i, j in self.sel_table if i < len(work) and j < len(work[i])
                  and work[i][j].from_hand and work[i][j].code == JOKER]
        if len(picked) != 1:
            self.table.toasts.add("Select one of your jokers on the table", BAD, 1.6)
            return
        i, j = picked[0]
        tile = work[i][j]
        names = joker_choices([t for k, t in enumerate(work[i]) if k != j])
        current = tile.name
        k = (names.index(current) + 1) % len(names) if current in names else 0
        tile.text = NAMED + names[k]
        work[i] = sort_meld(work[i])
        self.sel_table = {(i, work[i].index(tile))}

    # -- the Hint button: the solver's arrangement, one meld at a time ----------------------------

    def hint_step(self, table: list[list[str]] | None = None) -> int | None:
        """Build the next step of the best arrangement (the solver's, or ``table``: one the hard bot
        chose) into the pending table: one meld, or the melds that share cards (:mod:`.hint_steps`),
        so the table is whole after every step. The prompt line says what it built; returns where
        (None when nothing was). A pending table the player changed since starts over from the deal."""
        run = self._hint_run(table)
        if run is None:
            self.table.toasts.add("No card of your hand fits on the table: draw", INK, 2.0)
            return None
        if self.work is not None and hint_steps.texts(self.work) != run.after:
            self.work = None
        work = self._edit()
        todo = hint_steps.steps(run.target, work)
        self.hint_whole = len(todo) <= 1
        if not todo:
            self.note = f"That is the whole hint: Meld plays {run.cards} card{'s' if run.cards != 1 else ''}"
            return None
        self.work, placed = hint_steps.build(todo[0], work)
        self.clear_selection()
        run.after = hint_steps.texts(self.work)
        number = run.steps - len(todo) + 1
        lays = any(t.from_hand for meld in placed for t in meld)
        what = " and ".join(cards_text([t.text for t in meld]) for meld in placed)
        self.note = (f"Hint {number} of {run.steps}: {what}" + ("" if lays else " (moved)")
                     + (": Meld to play it all" if number == run.steps else ": Hint again for the next"))
        return next(i for i, m in enumerate(self.work) if m is placed[0])

    def _hint_run(self, table: list[list[str]] | None) -> hint_steps.HintRun | None:
        """The arrangement the steps build, worked out once a position (again when ``table`` differs)."""
        view = self.table.view
        dealt = [list(m) for m in view.get("table") or []]
        hand = list(view.get("hand") or [])
        key = (_plain(dealt), tuple(sorted(hand)), _plain(table) if table is not None else None)
        if self._run is not None and self._run.key == key:
            return self._run
        if table is None:
            try:
                found = rummy_solver.solve(dealt, hand)
            except Exception:  # noqa: BLE001 - a hint must never break the table
                found = None
            if found is None:
                return None
            table = found.table
        target = hint_steps.as_tiles(table, dealt, hand)
        count = len(hint_steps.steps(target, [[Tile(e, False) for e in m] for m in dealt]))
        cards = sum(1 for m in target for t in m if t.from_hand)
        self._run = hint_steps.HintRun(key, target, count, cards)
        return self._run


def _plain(table: list[list[str]]) -> tuple:
    return tuple(tuple(m) for m in table)
