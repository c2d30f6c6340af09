"""Cards that left the view but still fly (a taken trick going to its winner), and cards turning over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.anim import Motion, Vec

FLIP_TIME = 0.22  # seconds a card takes to turn over


@dataclass(slots=True)
class Ghost:
    """A card that left the view but is still animating (a taken trick flying to its winner)."""

    key: object
    code: str | None
    size: tuple[int, int]
    ttl: float
    flipped: bool = False
    end_size: tuple[int, int] | None = None  # shrinks to this size along its flight
    fly: float = 0.0  # seconds of flight (the last part of ttl)

    def size_now(self) -> tuple[int, int]:
        if self.end_size is None or self.fly <= 0:
            return self.size
        t = max(0.0, min(1.0, 1 - (self.ttl - 0.02) / self.fly))
        return (round(self.size[0] + (self.end_size[0] - self.size[0]) * t),
                round(self.size[1] + (self.end_size[1] - self.size[1]) * t))


class Flights:
    """The ghosts in flight and the cards turning over, moved by the table's :class:`Motion`."""

    def __init__(self, motion: Motion) -> None:
        self.motion = motion
        self.ghosts: list[Ghost] = []
        self.flips: dict[object, float] = {}  # card key -> seconds left of its turning-over animation

    def fly_away(self, key: object, code: str | None, size: tuple[int, int], start: Vec, end: Vec,
                 hold: float = 0.0, duration: float = 0.35, flipped: bool = False,
                 end_size: tuple[int, int] | None = None) -> None:
        """Show ``code`` at ``start`` for ``hold`` seconds, then glide to ``end`` (shrinking to
        ``end_size`` if given; ``end`` is then that small card's corner) and vanish."""
        self.motion.forget(key)
        self.motion.place(key, end, origin=start, duration=duration, delay=hold)
        self.ghosts = [g for g in self.ghosts if g.key != key]
        self.ghosts.append(Ghost(key, code, size, hold + duration + 0.02, flipped, end_size, duration))

    def turn_over(self, key: object) -> None:
        """Show ``key`` turning from its back to its face."""
        self.flips[key] = FLIP_TIME

    def turning(self, key: object) -> float | None:
        """Seconds left of ``key``'s turning over, or None."""
        return self.flips.get(key)

    def tick(self, dt: float) -> None:
        if self.flips:
            for key in list(self.flips):
                self.flips[key] -= dt
                if self.flips[key] <= 0:
                    del self.flips[key]
        if self.ghosts:
            for ghost in self.ghosts:
                ghost.ttl -= dt
            for ghost in [g for g in self.ghosts if g.ttl <= 0]:
                self.motion.forget(ghost.key)
            self.ghosts = [g for g in self.ghosts if g.ttl > 0]

    def draw(self, surface: pygame.Surface, alpha: float, art: Any) -> None:
        for ghost in self.ghosts:
            pos = self.motion.pos(ghost.key, alpha)
            if pos is not None:
                image = art.card(ghost.code, ghost.size, ghost.flipped)
                now = ghost.size_now()
                if now != ghost.size:
                    image = pygame.transform.smoothscale(image, now)
                surface.blit(image, pos)
                layout.report("cards", (round(pos[0]), round(pos[1]), *now), f"flying {ghost.code or 'card'}")
