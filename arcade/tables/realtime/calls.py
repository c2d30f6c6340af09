"""The call button of each local seat (Ready, Spit!, Flip!, Draw): put beside the seat's side of the
piles' row (:meth:`.sides.Sides.button_centre`), offered once the seat's cards have landed, and pressed
by the confirm key too."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.tables.base import Action, Button

if TYPE_CHECKING:
    from cardtable.arcade.tables.realtime.table import RealtimeTable


class Calls:
    """``labels``: the button's words per action type it offers; ``confirmed``: the types the confirm key
    calls (a Draw waits for a card under the cursor to fit nowhere)."""

    def __init__(self, table: RealtimeTable, labels: dict[str, str], confirmed: tuple[str, ...]) -> None:
        self.table = table
        self.labels = labels
        self.confirmed = confirmed

    def call(self, seat: int, kinds: tuple[str, ...] | None = None) -> Action | None:
        """The seat's first listed call among ``kinds`` (all the labelled ones by default)."""
        kinds = tuple(self.labels) if kinds is None else kinds
        return next((a for a in self.table.legals.get(seat, []) if a.get("type") in kinds), None)

    def build(self, held: Callable[[Action], bool] | None = None) -> None:
        """A button for each local seat with a call listed (not one ``held`` keeps back)."""
        t = self.table
        for seat in t.local_seats:
            call = self.call(seat)
            if call is None or (held is not None and held(call)):
                continue
            cx, cy = t.sides.button_centre(seat)
            rect = pygame.Rect(0, 0, round(150 * t.u), round(54 * t.u))
            rect.center = (round(cx), round(cy))
            t.buttons.append(Button(rect, self.labels[call["type"]], call, seat, focus=call["type"] != "draw"))

    def confirm(self, seat: int) -> list[tuple[int, Action]] | None:
        """The confirm key calls (once the seat's cards have landed); None: no call is listed."""
        call = self.call(seat, self.confirmed)
        if call is None:
            return None
        return [] if self.table.arriving(seat) else [(seat, call)]
