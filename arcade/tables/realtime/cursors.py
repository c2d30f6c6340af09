"""Each local seat's cursor over its cards (left to right as it sees them, the game's
``cursor_cards``), its target pile and its selected card, and the plays the card under them has."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.arcade.tables.base import Action

if TYPE_CHECKING:
    from cardtable.arcade.tables.realtime.table import RealtimeTable


class Cursors:
    """The seats' cursors and targets (kept in :attr:`Table.controls`'s inputs) and what they point at."""

    def __init__(self, table: RealtimeTable) -> None:
        self.table = table

    def plays_for(self, seat: int, card: str) -> list[Action]:
        return [a for a in self.table.legals.get(seat, []) if a.get("type") == "play" and a.get("card") == card]

    def choose_play(self, seat: int, card: str, pile: int | None) -> Action | None:
        """The play of ``card``: onto ``pile`` if legal there, else onto the only pile that takes it."""
        plays = self.plays_for(seat, card)
        if pile is not None:
            exact = [a for a in plays if a.get("pile") == pile]
            if exact:
                return exact[0]
        if len(plays) == 1 or (plays and pile is None):
            return plays[0]
        return None

    def cursor_card(self, seat: int) -> str | None:
        cards = self.table.cursor_cards(seat)
        if not cards:
            return None
        return cards[self.table.controls.inputs[seat].cursor % len(cards)]

    def follow(self, seat: int, tip: Any) -> None:
        """The cursor goes to the card the hint plays (or the place whose card it turns up) and the
        target to its pile, so the confirm key makes the hinted move."""
        inputs = self.table.controls.inputs
        if seat not in inputs:
            return
        state = inputs[seat]
        cards = self.table.cursor_cards(seat)
        if tip.cards and tip.cards[0] in cards:
            state.cursor = cards.index(tip.cards[0])
        elif tip.place is not None and 0 <= tip.place < len(cards):
            state.cursor = tip.place
        if tip.pile is not None:
            state.target = tip.pile

    def nav(self, kind: str, seat: int | None) -> None:
        """Left/right move the cursor over the seat's cards, up/down the target over the piles."""
        inputs = self.table.controls.inputs
        if seat is None or seat not in inputs:
            return
        state = inputs[seat]
        if kind in ("left", "right"):
            count = max(1, len(self.table.cursor_cards(seat)))
            state.cursor = (state.cursor + (-1 if kind == "left" else 1)) % count
        else:
            state.target = (state.target + 1) % self.table.piles()

    def fits(self, seat: int, pile: int) -> bool:
        """Whether the seat's selected card (or, with keys or a pad, the card under its cursor) goes on ``pile``."""
        state = self.table.controls.inputs.get(seat)
        if state is None:
            return False
        card = state.selected or (self.cursor_card(seat) if state.device != "mouse" else None)
        return card is not None and any(a.get("pile") == pile for a in self.plays_for(seat, card))
