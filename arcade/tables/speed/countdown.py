"""The "3, 2, 1" after a Speed deal (decision, docs/RULES.md, "Speed", "Deal"): counted down with a
tick a number, drawn large over the centre piles, and at its end Ready said for every local player
(once a round); a player who paused during it gets a Ready button instead."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade.tables.base import GOLD, Action

if TYPE_CHECKING:
    from cardtable.arcade.tables.speed.table import SpeedTable

COUNTDOWN = 2.4  # seconds of "3, 2, 1" after a deal


class Countdown:
    """The countdown of the round dealt last (:attr:`left` seconds of it to go)."""

    def __init__(self, table: SpeedTable) -> None:
        self.table = table
        self.left = 0.0
        self._round_seen: int | None = None
        self._last_count = 0
        self._readied: set[tuple[int, Any]] = set()  # (seat, round) the table said Ready for

    @property
    def running(self) -> bool:
        return self.left > 0

    def new_view(self, seat: int) -> None:
        """A newly dealt round (seen from the event seat's view) starts the count."""
        t = self.table
        view = t.views[seat]
        if view.get("phase") == "ready" and view.get("round") != self._round_seen and seat == t.event_seat:
            self._round_seen = view.get("round")
            self.left = COUNTDOWN
            self._last_count = 4

    def stop(self) -> None:
        """Play started (both were ready): no count left."""
        self.left = 0.0

    def tick(self, dt: float) -> None:
        if self.left > 0:
            self.left = max(0.0, self.left - dt)
            count = int(self.left / (COUNTDOWN / 3)) + 1 if self.left > 0 else 0
            if count != self._last_count:
                self._last_count = count
                self.table.sounds.play("tick" if count else "go")
            if self.left == 0:
                self.table.relayout()  # a player who missed the count gets a Ready button

    def auto_actions(self) -> list[tuple[int, Action]]:
        """When the countdown ends, Ready for every local player (once per round)."""
        t = self.table
        if self.left > 0 or t.view.get("phase") != "ready":
            return []
        out = []
        for seat in t.local_seats:
            key = (seat, t.views.get(seat, {}).get("round"))
            ready = t.find(seat, type="ready")
            if ready and key not in self._readied:
                self._readied.add(key)
                out.append((seat, ready[0]))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """The number, large on a dark disc over the centre piles."""
        if self.left <= 0:
            return
        t = self.table
        ink, u = t.ink, t.u
        number = str(int(self.left / (COUNTDOWN / 3)) + 1)
        frac = (self.left % (COUNTDOWN / 3)) / (COUNTDOWN / 3)
        px = 150 * u * round(0.7 + 0.3 * frac, 1)
        image = ink.text(number, px, GOLD)
        shadow = ink.text(number, px, (0, 0, 0))
        centre = (t.W // 2, t.seating.pile_rect(0).centery)
        rect = image.get_rect(center=centre)
        d = round(150 * u)  # a dark disc: the number reads clearly over the centre cards
        disc = ink.panel((d, d), (0, 0, 0, 175), radius=d // 2, border=(*GOLD, 170))
        surface.blit(disc, disc.get_rect(center=centre))
        surface.blit(shadow, rect.move(3, 5))
        surface.blit(image, rect)
