"""Where an overlay goes so that it covers nothing a frame reported drawing (the hint's plate, a
spectator's chip, the presence notices)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pygame

T = TypeVar("T")  # the tag of a place tried by clear_spot


def clear_spot(tries: Sequence[tuple[T, pygame.Rect]], room: pygame.Rect, keep_clear: list[pygame.Rect],
               nearest: Sequence[tuple[T, pygame.Rect, pygame.Rect]] = ()) -> tuple[T, pygame.Rect] | None:
    """Where something goes so that it covers nothing in ``keep_clear``: the first of ``tries`` (each a
    tag, such as a shape's name, and a box) inside ``room`` and clear; else, for the first ``(tag, box,
    around)`` of ``nearest`` that has one, the clear place in ``room`` nearest ``around``
    (:func:`nearest_clear`); None when there is none. The hint's plate, a spectator's chip and
    the presence notices are placed with it."""
    for tag, box in tries:
        if room.contains(box) and box.collidelist(keep_clear) < 0:
            return tag, box
    for tag, box, around in nearest:
        spot = nearest_clear(box, around, room, keep_clear)
        if spot is not None:
            return tag, pygame.Rect(spot, box.size)
    return None


def nearest_clear(plate: pygame.Rect, around: pygame.Rect, room: pygame.Rect,
                  keep_clear: list[pygame.Rect]) -> tuple[int, int] | None:
    """The top-left of the place for ``plate`` nearest to ``around`` on a grid over ``room`` (a step of
    its height) that covers nothing in ``keep_clear``; None when there is none. Only places nearer
    than the best so far are tested: ~0.3 ms once per layout while a hint shows."""
    step = max(8, plate.height)
    w, h = plate.size
    cx, cy = around.centerx - w // 2, around.centery - h // 2
    best, best_d = None, None
    probe = plate.copy()
    for y in range(room.top, room.bottom - h + 1, step):
        for x in range(room.left, room.right - w + 1, step):
            d = (x - cx) ** 2 + (y - cy) ** 2
            if best_d is not None and d >= best_d:
                continue
            probe.topleft = (x, y)
            if probe.collidelist(keep_clear) < 0:
                best, best_d = (x, y), d
    return best
