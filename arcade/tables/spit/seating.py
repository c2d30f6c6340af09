"""Where things sit on the Spit table: each player's places (their face-down stacks with the face-up
cards spread towards the piles), the two spit piles in the middle with each player's face-down spit
cards beside their own pile, and the messages' places between them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from cardtable.arcade.tables.spit.table import SpitTable


class Seating:
    """The Spit table's geometry (the real-time table's ``seating``), from the window's size, the
    arrangement and the number of places."""

    def __init__(self, table: SpitTable) -> None:
        self.table = table

    def csize(self) -> tuple[int, int]:
        t = self.table
        return t.card_px(0.16 if t.sides.side_by_side else 0.18)

    def places(self, seat: int) -> int:
        view = self.table.view
        layouts = view.get("layouts") or []
        return len(layouts[seat]) if seat < len(layouts) else int((view.get("options") or {}).get("stock_piles", 5))

    def step(self) -> float:
        """The offset between the face-down cards of a stack."""
        return 3 * self.table.u

    def places_y(self) -> float:
        """Side by side: the y of the places (their cards spread upwards from there, towards the piles)."""
        t = self.table
        return t.H - self.csize()[1] - 58 * t.u

    def band_y(self) -> float:
        """Side by side: the centre of each player's message line, under the piles' labels."""
        return self.pile_rect(0).bottom + 58 * self.table.u

    def place_rect(self, seat: int, index: int) -> pygame.Rect:
        t, sides = self.table, self.table.sides
        w, h = self.csize()
        n = self.places(seat)
        gap = w * 0.3
        total = n * w + (n - 1) * gap
        left = sides.half(seat).centerx - total / 2
        if sides.side_by_side:
            x, y = left + index * (w + gap), self.places_y()
        elif seat == sides.bottom:
            x, y = left + index * (w + gap), t.H - h - 52 * t.u
        else:
            x, y = left + (n - 1 - index) * (w + gap), 42 * t.u
        return pygame.Rect(round(x), round(y), w, h)

    def spread(self, seat: int) -> int:
        """Which way a place's cards spread on screen: -1 upwards (towards the piles), +1 downwards."""
        sides = self.table.sides
        return -1 if sides.side_by_side or seat == sides.bottom else 1

    def up_step(self, seat: int, cards: int) -> float:
        """The offset between face-up cards of a place: a fifth of a card, less when a long run would
        reach the players' messages (side by side)."""
        t = self.table
        _, h = self.csize()
        step = h * 0.2
        if t.sides.side_by_side and cards > 1:
            room = self.places_y() - 5 * self.step() - (self.band_y() + 26 * t.u)
            step = min(step, max(4 * t.u, room / (cards - 1)))
        return step

    def pile_rect(self, pile: int) -> pygame.Rect:
        """Spit pile ``pile``: the first local seat's on the left."""
        t, sides = self.table, self.table.sides
        w, h = self.csize()
        x = t.W / 2 - w - 16 * t.u if pile == sides.bottom else t.W / 2 + 16 * t.u
        y = sides.top_row() + 48 * t.u if sides.side_by_side else t.H / 2 - h / 2
        return pygame.Rect(round(x), round(y), w, h)

    def spit_stack_rect(self, seat: int) -> pygame.Rect:
        """``seat``'s face-down spit cards, beside its own pile on the outer side."""
        t, sides = self.table, self.table.sides
        w, h = self.csize()
        pile = self.pile_rect(seat)
        if sides.side_by_side:
            x = pile.left - w - 40 * t.u if seat == sides.bottom else pile.right + 40 * t.u
            return pygame.Rect(round(x), pile.top, w, h)
        if seat == sides.bottom:
            return pygame.Rect(round(pile.left - w - 70 * t.u), round(pile.top + h * 0.12), w, h)
        return pygame.Rect(round(pile.right + 70 * t.u), round(pile.top - h * 0.12), w, h)

    def beside(self, seat: int) -> pygame.Rect:
        return self.spit_stack_rect(seat)

    def message_centre(self, seat: int | None) -> tuple[float, float]:
        t, sides = self.table, self.table.sides
        if sides.side_by_side:
            if seat is None:
                return (t.W / 2, sides.top_row())
            return (sides.half(seat).centerx, self.band_y())
        if seat is not None and sides.flipped(seat):  # between their layout and the labels over the piles
            upper = self.place_rect(seat, 0).bottom + 5 * self.step()
            return (t.W / 2, (upper + self.spit_stack_rect(seat).top - 30 * t.u) / 2)
        if seat is not None and sides.arrangement != "single":
            lower = self.place_rect(seat, 0).top - 5 * self.step()
            return (t.W / 2, (lower + self.spit_stack_rect(seat).bottom + 30 * t.u) / 2)
        piles_top = self.pile_rect(0).top
        upper = self.place_rect(sides.top, 0).bottom + 5 * self.step()
        return (t.W / 2, (piles_top + upper) / 2 - 10 * t.u)
