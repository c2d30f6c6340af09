"""What each frame drew over a table's kept layer, so that the next frame puts the layer back only
there, not over the whole window.

A table frame starts with its kept layer (:mod:`cardtable.arcade.tables.parts.layer`) copied to the
window, then draws what changes over it: moving cards, text, the hint bar, the scene's badge, the
app's toasts. At 1920x1080 that copy is 8 MB and took 0.4 ms of a 1.1 ms frame. The window keeps
the last frame's pixels, so where nothing was drawn over the layer last frame and the layer did not
change, they are the layer's already.

:class:`Tracked` stands in for the window while a frame is drawn: it draws as the window would and
keeps the rectangle each operation touched (``blit``, ``blits``, ``fblits``, ``fill`` and the
``pygame.draw`` functions, see :func:`tracking`). Anything else asked of it is passed to the window
and the frame counts as drawn all over (the next one copies the whole layer), so drawing code that
does more than those operations stays right, only slower. :meth:`Tracked.restore` is the layer's
copy: the whole of it unless the last frame was tracked and restored from the same layer; else only
the last frame's rectangles, the layer's repainted patches and whatever this frame drew before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from cardtable.arcade.tables.parts.layer import copy, disjoint, redirected

WHOLE_SHARE = 0.45  # put back more than this share of the window and the whole copy is quicker (short
# rows copy at about half the speed per pixel of whole ones)
PASSED = frozenset({  # what the window is asked without drawing on it
    "get_size", "get_width", "get_height", "get_rect", "get_clip", "set_clip", "get_flags", "get_bitsize",
    "get_bytesize", "get_alpha", "get_colorkey", "get_pitch", "get_masks", "get_shifts", "get_losses",
    "get_offset", "get_abs_offset", "get_locked", "map_rgb", "unmap_rgb", "width", "height", "size",
})


class Damage:
    """The window's record from one frame to the next: what the last frame drew over which layer."""

    def __init__(self) -> None:
        self.boxes: list[pygame.Rect] = []  # drawn over the layer by the last frame
        self.layer: object | None = None  # the layer the last frame restored from (None: unknown)
        self.window: pygame.Surface | None = None  # the window it drew on

    def forget(self) -> None:
        """The window holds something else (another scene drew it): the next restore copies it all."""
        self.boxes, self.layer = [], None

    @contextmanager
    def frame(self, window: pygame.Surface) -> Iterator[Tracked]:
        """A frame drawn on ``window`` through a :class:`Tracked` (the ``pygame.draw`` functions
        track it too while the block runs)."""
        if window is not self.window:  # (a new window: nothing on it is known)
            self.forget()
            self.window = window
        tracked = Tracked(window, self)
        try:
            with tracking():
                yield tracked
        except BaseException:
            self.forget()
            raise
        if tracked.whole or tracked.layer is None:
            self.forget()
        else:
            self.boxes, self.layer = tracked.boxes, tracked.layer


class Tracked:
    """Stands in for the window while a frame is drawn (see the module docstring)."""

    def __init__(self, window: pygame.Surface, damage: Damage) -> None:
        self.window = window
        self.damage = damage
        self.boxes: list[pygame.Rect] = []
        self.whole = False  # something drew in a way not tracked
        self.layer: object | None = None

    def restore(self, layer: pygame.Surface, owner: object, patches: list[pygame.Rect] | None) -> None:
        """Make the window ``layer`` (kept by ``owner``; ``patches``: where it was repainted since the
        last frame, None for anywhere) before this frame's drawing over it."""
        damage = self.damage
        if patches is None or self.whole or damage.layer is not owner or self.layer is not None:
            copy(self.window, layer)
        else:
            window = self.window.get_rect()
            rects = [r.clip(window) for r in disjoint([*damage.boxes, *patches, *self.boxes])]
            if sum(r.w * r.h for r in rects) > WHOLE_SHARE * window.w * window.h:
                copy(self.window, layer)
            else:
                for rect in rects:
                    if rect.w > 0 and rect.h > 0:
                        copy(self.window, layer, rect)
        self.boxes = []
        self.whole = False
        self.layer = owner

    def drew(self, rect: pygame.Rect) -> pygame.Rect:
        self.boxes.append(rect)
        return rect

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        return self.drew(self.window.blit(source, dest, area, special_flags))

    def blits(self, sequence: Iterable[Any], doreturn: bool = True) -> list[pygame.Rect] | None:
        drawn = self.window.blits(sequence, True) or []
        self.boxes += drawn
        return drawn if doreturn else None

    def fblits(self, sequence: Iterable[tuple[pygame.Surface, Any]], special_flags: int = 0) -> None:
        sequence = list(sequence)
        self.window.fblits(sequence, special_flags)
        for source, dest in sequence:  # (fblits says nothing of where: each image's box, a pixel wider)
            w, h = source.get_size()
            self.boxes.append(pygame.Rect(int(dest[0]) - 1, int(dest[1]) - 1, w + 2, h + 2))

    def fill(self, colour: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        return self.drew(self.window.fill(colour, rect, special_flags))

    def __getattr__(self, name: str) -> Any:
        if name not in PASSED:
            self.whole = True
        return getattr(self.window, name)


@contextmanager
def tracking() -> Iterator[None]:
    """While the block runs, a ``pygame.draw`` call on a :class:`Tracked` draws on its window and adds
    the rectangle it touched, a pixel wider (on any other surface it draws as always)."""
    def draw(name: str, real: Callable[..., pygame.Rect], surface: Tracked, args: tuple, kwargs: dict) -> pygame.Rect:
        return surface.drew(real(surface.window, *args, **kwargs).inflate(2, 2))

    with redirected(lambda surface: type(surface) is Tracked, draw):
        yield
