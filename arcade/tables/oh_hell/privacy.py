"""Several local seats sharing the screen: the hand at the bottom is always the local seat whose turn
it is, and a privacy screen hides the table between their turns until that player confirms."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.tables.base import GOLD, INK

if TYPE_CHECKING:
    from cardtable.arcade.tables.oh_hell.table import OhHellTable


class Privacy:
    """:attr:`shown` the local seat at the bottom, :attr:`on` while its player has not yet confirmed."""

    def __init__(self, table: OhHellTable) -> None:
        self.table = table
        self.shown: int | None = None  # (the table sets its first local seat once it has them)
        self.on = False

    def acting_local(self) -> int | None:
        """The local seat that should sit at the bottom now: the one whose turn it is."""
        t = self.table
        for seat in t.local_seats:
            if t.legals.get(seat):
                return seat
        return None

    def new_view(self) -> None:
        """Another local seat's turn: it comes to the bottom, behind the screen."""
        t = self.table
        if len(t.local_seats) < 2:
            return
        acting = self.acting_local()
        if acting is not None and acting != self.shown:
            self.shown = acting
            self.on = True
            t.controls.inputs[acting].selected = None

    def done(self) -> None:
        """The player now at the screen is ready to see their hand."""
        self.on = False
        self.table.relayout()

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        veil = t.ink.panel(t.size, (6, 20, 14, 235), radius=0, border=None)
        surface.blit(veil, (0, 0))
        me = t.me if t.me is not None else 0
        t.ink.blit_text(surface, f"Pass the screen to {t.name(me)}", 54 * t.u, GOLD, "center",
                        (t.W / 2, t.H * 0.42))
        t.ink.blit_text(surface, f"Press {t.controls.hint_label('confirm', me)} (or click) when only you can see it",
                        28 * t.u, INK, "center", (t.W / 2, t.H * 0.52))
