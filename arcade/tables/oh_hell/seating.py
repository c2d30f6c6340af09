"""Where things sit on the Oh Hell table: your hand at the bottom, the other seats around the felt
(play passes clockwise: left, across, right), each seat's name plate with its small face-down hand
above it, the trick in the middle (each card towards its seat, smaller at big tables), the info panel
with the trump card in the bottom-right corner."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.anim import Vec
from cardtable.arcade.cardart import card_size

if TYPE_CHECKING:
    from cardtable.arcade.tables.oh_hell.table import OhHellTable


class Seating:
    """The table's geometry, from the window's size, the player count and the seat at the bottom."""

    def __init__(self, table: OhHellTable) -> None:
        self.table = table

    @property
    def players(self) -> int:
        return int(self.table.view.get("players") or 0)

    def seat_angle(self, seat: int) -> float:
        """Degrees around the table centre: 270 is the bottom (you), then clockwise (left, top, right)."""
        n = max(1, self.players)
        k = (seat - (self.table.me or 0)) % n
        if k == 0:
            return 270.0
        m = n - 1
        if m == 1:
            return 90.0
        if m == 2:
            return (165.0, 15.0)[k - 1]
        return 190.0 - (k - 1) * 200.0 / (m - 1)

    def seat_centre(self, seat: int) -> Vec:
        t = self.table
        angle = math.radians(self.seat_angle(seat))
        if seat == t.me:
            return (t.W * 0.5, t.H * 0.9)
        cx, cy = t.W * 0.5, t.H * 0.46
        return (cx + t.W * 0.4 * math.cos(angle), cy - t.H * 0.3 * math.sin(angle))

    def played_from(self, seat: int, size: tuple[int, int]) -> Vec:
        """Where a card of ``size`` played by ``seat`` starts when its hand was not on the table (a hand
        still being dealt), or dealt by ``seat``: its corner, centred on your hand's middle or the seat's
        place, so it rises inside the window and clear of the hint bar instead of starting at the bottom
        edge (your deal started there too)."""
        if seat == self.table.me:
            x, y = self.table.W / 2, self.hand_top() + self.hand_size()[1] / 2
        else:
            x, y = self.seat_centre(seat)
        return x - size[0] / 2, y - size[1] / 2

    def trick_spread(self) -> tuple[float, float]:
        """How far from the middle a card of the trick lies, in card widths and heights."""
        return (1.15, 0.5) if self.players <= 4 else (1.55, 0.6)

    def trick_size(self) -> tuple[int, int]:
        """The trick's cards: 17% of the height, smaller when the top card would reach the plates at the
        top of the table (seven players, large cards)."""
        top, bottom = self.trick_band()
        cy = self.trick_centre()[1]
        room = min(cy - top, bottom - cy) / (self.trick_spread()[1] + 0.5)
        return card_size(round(min(self.table.card_px(0.17)[1], room)))

    def trick_band(self) -> tuple[float, float]:
        """The free band of felt the trick lies in: under the plates above the middle, over the hand."""
        t = self.table
        full = t.card_px(0.17)
        cx, middle = t.W * 0.5, t.H * 0.4
        reach = full[0] * (self.trick_spread()[0] + 0.5) + 75 * t.u  # half the trick's width + half a plate's
        above = [y for x, y in (self.plate_centre(s) for s in range(self.players) if s != t.me)
                 if abs(x - cx) < reach and y < middle]
        top = max(above, default=t.H * 0.16) + 40 * t.u  # under those plates (34u: half a plate)
        return top, self.hand_top() - 30 * t.u

    def trick_centre(self) -> Vec:
        """The middle of the trick: at 40% of the height, or the middle of the free band at big tables."""
        t = self.table
        if self.players <= 4:
            return t.W * 0.5, t.H * 0.4
        top, bottom = self.trick_band()
        return t.W * 0.5, (top + bottom) / 2

    def trick_rect(self, seat: int, size: tuple[int, int]) -> pygame.Rect:
        """Where ``seat``'s card lies in the trick: towards the seat (wider apart at bigger tables)."""
        angle = math.radians(self.seat_angle(seat))
        cx, cy = self.trick_centre()
        spread = self.trick_spread()
        dx, dy = math.cos(angle) * size[0] * spread[0], -math.sin(angle) * size[1] * spread[1]
        return pygame.Rect(round(cx + dx - size[0] / 2), round(cy + dy - size[1] / 2), *size)

    def plate_centre(self, seat: int) -> Vec:
        t = self.table
        if seat == t.me:
            return (t.W * 0.1, t.H - 70 * t.u)
        cx, cy = self.seat_centre(seat)
        return (cx, cy + 20 * t.u)

    def bid_callout(self, seat: int, label: pygame.Rect, plate: pygame.Rect | None) -> Vec:
        """Where ``seat``'s "bids N" (``label``: its size) starts to rise: under its plate, clear of the plate
        when it has risen; or, where a card of the trick would lie there (the seat across the table), beside
        the plate on the left (the dealer's chip is on the right edge). A trick of the last hand can still
        lie on the felt while the next is bid: the words never go over its cards."""
        t = self.table
        u = t.u
        if plate is None:
            x, y = self.plate_centre(seat)
            plate = pygame.Rect(0, 0, round(150 * u), round(68 * u))
            plate.center = (round(x), round(y))
        rise = 40 * u  # how far a floating label climbs (parts/callouts.py)
        under = label.copy()
        under.midtop = (plate.centerx, round(plate.bottom + 6 * u + rise))
        path = under.union(under.move(0, -round(rise)))
        size = self.trick_size()
        if path.collidelist([self.trick_rect(s, size) for s in range(self.players)]) < 0:
            return under.center
        return plate.left - 10 * u - label.width / 2, plate.centery

    def small_size(self) -> tuple[int, int]:
        """The other seats' face-down cards (and a taken trick's, as it flies to them)."""
        return self.table.card_px(0.085)

    def backs_top(self, seat: int) -> float:
        """The top of a seat's small face-down hand, just above its name plate."""
        return self.plate_centre(seat)[1] - 36 * self.table.u - self.small_size()[1]

    def taken_pile(self, seat: int) -> Vec:
        """Where a taken trick goes: the centre of the winner's small hand above their plate."""
        small = self.small_size()
        x, _ = self.plate_centre(seat)
        return (x, self.backs_top(seat) + small[1] / 2)

    def hand_size(self) -> tuple[int, int]:
        return self.table.card_px(0.2)

    def hand_top(self) -> float:
        return self.table.H - self.hand_size()[1] - 26 * self.table.u

    def info_rect(self) -> pygame.Rect:
        t = self.table
        options = t.view.get("options") or {}
        hook = options.get("hook") and not options.get("simultaneous_bids")
        card_h = t.card_px(0.13)[1]
        w, h = round(250 * t.u), round((64 + 8 + 22 + 12 + (22 if hook else 0)) * t.u) + card_h
        return pygame.Rect(t.W - w - round(10 * t.u), t.H - h - round(10 * t.u), w, h)

    def trump_rect(self) -> pygame.Rect:
        t = self.table
        size = t.card_px(0.13)
        info = self.info_rect()
        return pygame.Rect(info.left + round(14 * t.u), info.top + round(64 * t.u), *size)
