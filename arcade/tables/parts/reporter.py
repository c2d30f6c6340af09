"""What the table drew where: each card group reported as one item, and what the last laid-out frame
reported kept, so that overlays (the hint's plate, a spectator's chip) keep clear of it; the layout
test reads a frame's reports through :meth:`Reporter.layout_items`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout

if TYPE_CHECKING:
    from cardtable.arcade.tables.base import Table


class Reporter:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.drawn: list[layout.Drawn] = []  # what the table reported drawing in its last laid-out frame

    def report_groups(self) -> None:
        """Each card group (sprites sharing :attr:`Sprite.group`) as one ``hand`` or ``cards`` item."""
        if not layout.is_recording():
            return
        groups: dict[str, pygame.Rect] = {}
        for sprite in self.table.sprites:
            if sprite.group:
                box = groups.get(sprite.group)
                groups[sprite.group] = sprite.rect.copy() if box is None else box.union(sprite.rect)
        for name, box in groups.items():
            layout.report("hand" if name.startswith("hand") else "cards", box, name)

    def layout_items(self, surface: pygame.Surface | None = None) -> list[layout.Drawn]:
        """Lay out and draw the table once, returning what it reported (the layout test's input)."""
        table = self.table
        surface = surface if surface is not None else pygame.Surface(table.size)
        with layout.recording() as items:
            table.relayout()
            table.draw(surface, 1.0)
        return items
