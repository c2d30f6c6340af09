"""Where things sit on the Tractor table: the four seats around the felt (your partner across; play
passes counter-clockwise: right, across, left), each seat's place in the trick, your hand's fan with a
gap between suits, the draw pile and the panels in the corners."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.anim import Vec
from cardtable.arcade.tables.base import MARKER_REACH, MENU_STRIP, fan

if TYPE_CHECKING:
    from cardtable.arcade.tables.tractor.table import TractorTable

CHOSEN_LIFT, CURSOR_LIFT = 0.2, 0.08  # how far a chosen card and the cursor's card stand up (of their height)


class Seating:
    """The table's geometry, from the window's size and the seat at the bottom."""

    def __init__(self, table: TractorTable) -> None:
        self.table = table

    @property
    def players(self) -> int:
        return int(self.table.view.get("players") or 4)

    def rel(self, seat: int) -> int:
        """Where ``seat`` sits from the bottom seat: 0 bottom, 1 right, 2 across, 3 left."""
        return (seat - (self.table.me or 0)) % max(1, self.players)

    def seat_centre(self, seat: int) -> Vec:
        t = self.table
        k = self.rel(seat)
        if k == 0:
            return (t.W * 0.5, t.H * 0.9)
        if k == 1:
            return (t.W - 95 * t.u, t.H * 0.40)
        if k == 2:
            return (t.W * 0.5, 62 * t.u)
        return (95 * t.u, t.H * 0.40)

    def trick_centre(self, seat: int) -> Vec:
        t = self.table
        cx, cy = t.W * 0.5, t.H * 0.415
        dx, dy = [(0, 0.085), (0.2, 0), (0, -0.11), (-0.2, 0)][self.rel(seat)]  # mine clear of the prompt
        return (cx + dx * t.W, cy + dy * t.H)

    def trick_size(self) -> tuple[int, int]:
        """The cards played to the trick (and the kitty shown, the draw pile)."""
        return self.table.card_px(0.16)

    def hand_size(self) -> tuple[int, int]:
        return self.table.card_px(0.19)

    def hand_top(self) -> float:
        return self.table.H - self.hand_size()[1] - 28 * self.table.u

    def plate_bottom(self) -> float:
        """Where my name plate ends: above the cursor's marker over a chosen card (the card stands up,
        the marker bobs above it; it covered "attackers" on the plate at 960x540)."""
        u = self.table.u
        card = self.hand_size()[1]
        return self.hand_top() - card * max(CHOSEN_LIFT, CURSOR_LIFT) - MARKER_REACH * u - 2 * u

    def buttons_top(self) -> float:
        """The button row's top: the row ends where my plate does, clear of a chosen card standing up
        and the cursor's marker over it (they ran into Play and Clear)."""
        return self.plate_bottom() - round(48 * self.table.u)

    def my_plate_y(self) -> float:
        """My name plate's centre: above the marker over a chosen card, but not up into the fan of the
        player on my left (with large cards there is no room for both: the marker may touch the plate)."""
        t = self.table
        y = self.plate_bottom() - 34 * t.u
        left = f"hand {((t.me or 0) - 1) % max(1, self.players)}"
        cards = [s.rect for s in t.sprites if s.group == left]
        if cards:
            y = max(y, max(r.bottom for r in cards) + 50 * t.u)  # half the plate and the starter badge
        return y

    def grouped_fan(self, cards: list[str], size: tuple[int, int], width: float) -> list[pygame.Rect]:
        """The hand's fan with a small gap between suits (the trumps are one group)."""
        t = self.table
        order = t.picking.order()
        classes = [order[c][0] if order is not None and c in order else c[-1] for c in cards]
        breaks = sum(1 for a, b in zip(classes, classes[1:], strict=False) if a != b)
        if len(cards) <= 1:
            return fan(len(cards), t.W / 2, self.hand_top(), size, width)
        gap = size[0] * 0.32
        step = min(size[0] * 0.62, (width - size[0] - gap * breaks) / (len(cards) - 1))
        if step < size[0] * 0.2:  # too tight for gaps: plain fan
            return fan(len(cards), t.W / 2, self.hand_top(), size, width, size[0] * 0.62)
        total = size[0] + step * (len(cards) - 1) + gap * breaks
        x = t.W / 2 - total / 2
        rects = []
        for i in range(len(cards)):
            if i and classes[i] != classes[i - 1]:
                x += gap
            rects.append(pygame.Rect(round(x), round(self.hand_top()), *size))
            x += step
        return rects

    def draw_pile_rect(self) -> pygame.Rect:
        t = self.table
        rect = pygame.Rect(0, 0, *self.trick_size())
        rect.center = (round(t.W / 2), round(t.H * 0.4))
        return rect

    def info_rect(self) -> pygame.Rect:
        u = self.table.u
        return pygame.Rect(round(10 * u), MENU_STRIP, round(250 * u), round(174 * u))

    def last_trick_rect(self) -> pygame.Rect:
        t = self.table
        return pygame.Rect(round(t.W - 270 * t.u), round(10 * t.u), round(260 * t.u), t.last_trick.height())

    def recap_rect(self) -> pygame.Rect:
        """The recap of the others' moves: under the last trick, right-aligned with it and wider (into
        the felt above the right-hand play), as tall as its four lines."""
        t = self.table
        last = self.last_trick_rect()
        width = max(last.width, round(340 * t.u))
        return pygame.Rect(last.right - width, last.bottom + round(8 * t.u), width, t.narration.recap.height())
