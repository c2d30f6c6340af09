"""The bid: a row of buttons 0..cards over the hand (the hook's forbidden bid shown struck out, and
still sent when chosen, so that the host says why not), the keyboard's focus on it, and the question
above it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade.tables.base import INK, Action, Button

if TYPE_CHECKING:
    from cardtable.arcade.tables.oh_hell.table import OhHellTable


class Bidding:
    """:attr:`focus` the focused bid button per seat."""

    def __init__(self, table: OhHellTable) -> None:
        self.table = table
        self.focus: dict[int, int] = {}

    def choices(self) -> int:
        """How many bids there are (0 to the hand's cards)."""
        return int(self.table.view.get("cards_this_hand") or 0) + 1

    def build_buttons(self, seat: int, legal: list[Action]) -> None:
        t = self.table
        allowed = {a["bid"]: a for a in legal if a.get("type") == "bid"}
        values = list(range(self.choices()))
        focus = self.focus.get(seat, 0) % len(values)
        bw = round(min(64 * t.u, t.W * 0.8 / len(values) - 8 * t.u))
        bh = round(58 * t.u)
        gap = round(8 * t.u)
        total = len(values) * (bw + gap) - gap
        left = t.W / 2 - total / 2
        top = t.seating.hand_top() - bh - 40 * t.u
        for i, n in enumerate(values):
            rect = pygame.Rect(round(left + i * (bw + gap)), round(top), bw, bh)
            action = allowed.get(n)
            t.buttons.append(Button(rect, str(n), action, seat, enabled=action is not None,
                                    note="" if action is not None else "hook", focus=i == focus,
                                    hit=("bid", n)))

    def draw_question(self, surface: pygame.Surface) -> None:
        """"Your bid: how many of the 5 tricks will you take?" over the buttons."""
        t = self.table
        view = t.view
        count = int(view.get("cards_this_hand") or 0)
        bids = view.get("bids") or []
        known = sum(b for b in bids if b is not None)
        text = f"Your bid: how many of the {count} tricks will you take?" if count != 1 else \
            "Your bid: will you take the 1 trick (1) or not (0)?"
        if not (view.get("options") or {}).get("simultaneous_bids"):
            text += f"   (bids so far: {known})"
        top = t.seating.hand_top() - 58 * t.u - 40 * t.u
        t.ink.blit_text(surface, text, 26 * t.u, INK, "midbottom", (t.W / 2, top - 6 * t.u))

    def move(self, seat: int, step: int) -> None:
        self.focus[seat] = (self.focus.get(seat, 0) + step) % self.choices()

    def confirm(self, seat: int) -> list[tuple[int, Action]]:
        """The focused bid sent (a bid the list does not hold is asked, so the host says why not)."""
        t = self.table
        bid = self.focus.get(seat, 0) % self.choices()
        match = t.find(seat, type="bid", bid=bid)
        if not match:
            if t.legals.get(seat):
                t.outbox.ask(seat, {"type": "bid", "bid": bid})
            return []
        return [(seat, match[0])]

    def follow_hint(self, seat: int, tip: Any) -> None:
        self.focus[seat] = int(tip.action["bid"])
