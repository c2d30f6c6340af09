"""What the Speed table shows of the count: the stockpiles' and piles' slots with their counts, the
centre piles' depth, and each player's plate (cards left, ready / stuck, the score when the game
plays to one)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.base import GOLD, INK, MUTED

if TYPE_CHECKING:
    from cardtable.arcade.tables.speed.table import SpeedTable


class Scoreboard:
    """The Speed table's static drawing (drawn once per layout)."""

    def __init__(self, table: SpeedTable) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        sides, seating, ink, u = t.sides, t.seating, t.ink, t.u
        view = t.view
        size = seating.csize()
        for seat in (sides.bottom, sides.top):
            stock = seating.stock_rect(seat)
            surface.blit(t.art.slot(size), stock)
            count = (view.get("stock_sizes") or [0, 0])[seat]
            if not count:  # its outline (a full stockpile's cards report themselves)
                layout.report("cards", stock, f"stock {seat}")
            below = seat == sides.top and not sides.side_by_side
            y = stock.bottom + 30 * u if below else stock.top - 30 * u
            t.turned.label(surface, f"stockpile {count}", 20 * u, MUTED, (stock.centerx, y), seat)
            self.plate(surface, seat)
        side_sizes = view.get("side_sizes") or [0, 0]
        centre_sizes = view.get("centre_sizes") or [0, 0]
        for p in (0, 1):
            side = seating.side_rect(p)
            surface.blit(t.art.slot(size), side)
            ink.blit_text(surface, f"side {side_sizes[p]}", 20 * u, MUTED, "midtop", (side.centerx, side.bottom + 8 * u))
            rect = seating.pile_rect(p)
            surface.blit(t.art.slot(size), rect)
            for depth in range(min(2, max(0, centre_sizes[p] - 1)), 0, -1):
                surface.blit(t.art.blank(size), rect.move(round(-3 * depth * u), round(3 * depth * u)))
            ink.blit_text(surface, f"{centre_sizes[p]} card{'s' if centre_sizes[p] != 1 else ''}", 20 * u, INK,
                          "midtop", (rect.centerx, rect.bottom + 8 * u))

    def plate(self, surface: pygame.Surface, seat: int) -> None:
        view = self.table.view
        hand = (view.get("hand_sizes") or [0, 0])[seat]
        stock = (view.get("stock_sizes") or [0, 0])[seat]
        lines = [(f"{hand + stock} cards left", INK)]
        phase = view.get("phase")
        if phase == "ready":
            lines.append(("ready!" if (view.get("ready") or [False, False])[seat] else "getting ready", GOLD))
        elif phase == "play" and (view.get("flip_asked") or [False, False])[seat]:
            lines.append(("stuck: wants a flip", GOLD))
        if int((view.get("options") or {}).get("score_to") or 0) > 0:
            lines.append((f"score {(view.get('scores') or [0, 0])[seat]}", MUTED))
        self.table.turned.seat_plate(surface, seat, lines)
