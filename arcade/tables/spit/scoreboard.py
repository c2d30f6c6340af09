"""What the Spit table shows of the count: the empty places' and piles' slots, each player's plate
(cards left, ready / stuck / called Spit! / winner), their spit cards' count and the piles' labels."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.tables.base import GOLD, INK, MUTED

if TYPE_CHECKING:
    from cardtable.arcade.tables.spit.table import SpitTable


class Scoreboard:
    """The Spit table's static drawing (drawn once per layout)."""

    def __init__(self, table: SpitTable) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        sides, seating, u = t.sides, t.seating, t.u
        view = t.view
        size = seating.csize()
        phase = view.get("phase")
        in_use = view.get("in_use") or [True, True]
        sizes = view.get("spit_sizes") or [0, 0]
        for seat in (sides.bottom, sides.top):
            for i in range(seating.places(seat)):
                surface.blit(t.art.slot(size), seating.place_rect(seat, i))
            self.plate(surface, seat)
            count = (view.get("spit_cards") or [0, 0])[seat]
            stack = seating.spit_stack_rect(seat)
            surface.blit(t.art.slot(size), stack)
            label = f"{count} spit card{'s' if count != 1 else ''}"
            if sides.side_by_side:  # on the line of the piles' counts
                y = stack.bottom + 18 * u
            else:
                y = stack.bottom + 16 * u if seat == sides.bottom else stack.top - 16 * u
            t.turned.label(surface, label, 20 * u, MUTED, (stack.centerx, y), seat)
        for p in (0, 1):
            rect = seating.pile_rect(p)
            surface.blit(t.art.slot(size), rect)
            if not in_use[p] and phase == "play":
                text = "not in use"
            elif sides.side_by_side:  # whose pile is plain from its side; the two labels share a line
                text = f"{sizes[p]} card{'s' if sizes[p] != 1 else ''}"
            else:
                owner = "your" if p in t.local_seats and not sides.couch else f"{t.name(p)}'s"
                text = f"{sizes[p]} \u00b7 {owner} pile"
            below = p == sides.bottom or sides.side_by_side
            y = rect.bottom + 18 * u if below else rect.top - 18 * u
            width = rect.width + 28 * u if sides.side_by_side else rect.width * 1.9
            px = t.ink.fit(text, 19 * u, width)  # a long name must not reach the spit stack
            t.turned.label(surface, text, px, INK if in_use[p] else MUTED, (rect.centerx, y), p)

    def plate(self, surface: pygame.Surface, seat: int) -> None:
        view = self.table.view
        left = (view.get("cards_left") or [0, 0])[seat]
        phase = view.get("phase")
        status = ""
        if phase == "ready":
            status = "ready!" if (view.get("ready") or [False, False])[seat] else "getting ready"
        elif phase == "play" and view.get("stuck"):
            status = "called Spit!" if (view.get("called") or [False, False])[seat] else "stuck"
        elif phase == "over" and view.get("winner") == seat:
            status = "winner!"
        lines = [(f"{left} cards left", INK), (status, GOLD if status.endswith("!") else MUTED)]
        self.table.turned.seat_plate(surface, seat, lines)
