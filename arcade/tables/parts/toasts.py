"""Short messages ("Not your turn"), each for one seat or the whole table; one that answers a position
(a refusal) goes once that seat's position changes, after it could be read."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade.tables.parts.palette import INK, Colour

if TYPE_CHECKING:
    from cardtable.arcade.tables.base import Table

READ_TIME = 0.9  # seconds a rejection stays up even if the position changes at once


@dataclass(slots=True)
class Toast:
    """A short message. ``seat``: whose it is (a couch table shows it on that player's side).
    ``until_change``: it answers the position as it was (a rejected move): once the seat's view
    changes it goes, after at least READ_TIME on screen."""

    text: str
    colour: Colour
    left: float
    seat: int | None = None
    until_change: bool = False
    shown: float = 0.0
    stale: bool = False

    def __getitem__(self, index: int) -> Any:
        """``toast[0]`` the text, ``[1]`` the colour, ``[2]`` the seconds left (the older list form)."""
        return (self.text, self.colour, self.left)[index]


class Toasts:
    """The toasts showing, oldest first (iterable and indexable like a list), and their drawing where
    the table's :meth:`~Table.toast_groups` puts them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.items: list[Toast] = []

    def __iter__(self) -> Iterator[Toast]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index: int) -> Toast:
        return self.items[index]

    def add(self, text: str, colour: Colour = INK, seconds: float = 2.6, seat: int | None = None,
            until_change: bool = False) -> None:
        """A short message (see :class:`Toast`); the same text again replaces the old one."""
        self.items = [t for t in self.items if t.text != text][-2:]
        self.items.append(Toast(text, colour, seconds, seat, until_change))

    def position_changed(self, seat: int) -> None:
        """What was said about ``seat``'s old position goes (once read)."""
        for toast in self.items:
            if toast.until_change and toast.seat in (seat, None):
                toast.stale = True

    def tick(self, dt: float) -> None:
        if self.items:
            for toast in self.items:
                toast.left -= dt
                toast.shown += dt
                if toast.stale and toast.shown >= READ_TIME:
                    toast.left = min(toast.left, 0.3)  # fades out
            self.items = [t for t in self.items if t.left > 0]

    def draw(self, surface: pygame.Surface) -> None:
        for toast, image, rect in self.placed():
            self._draw_toast(surface, toast, image, rect)

    def areas(self) -> list[pygame.Rect]:
        """Where the toasts showing now are drawn (a hint's plate keeps clear of them)."""
        return [rect for _, _, rect in self.placed()]

    def placed(self) -> list[tuple[Toast, pygame.Surface, pygame.Rect]]:
        """Each toast showing, its text image and its plate's place: stacked down from each group's
        first centre, each no wider than the group's width."""
        ink, u = self.table.ink, self.table.u
        out = []
        for toasts, (x, y), width in self.table.toast_groups():
            for toast in toasts:
                image = ink.text(toast.text, ink.fit(toast.text, 26 * u, width), toast.colour)
                rect = pygame.Rect(0, 0, image.get_width() + round(30 * u), image.get_height() + round(14 * u))
                rect.center = (round(x), round(y))
                out.append((toast, image, rect))
                y += rect.height + 6 * u
        return out

    def _draw_toast(self, surface: pygame.Surface, toast: Toast, image: pygame.Surface, rect: pygame.Rect) -> None:
        ink = self.table.ink
        back = ink.panel(rect.size, (0, 0, 0, 200), border=(*toast.colour, 160))
        fade = min(1.0, toast.left / 0.4)
        ink.blit_faded(surface, back, rect, fade)
        ink.blit_faded(surface, image, image.get_rect(center=rect.center), fade)
