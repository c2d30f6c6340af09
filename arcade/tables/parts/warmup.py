"""Card faces, fonts and sounds made ready a little each tick, before a frame needs them, and scaled
stand-ins for the faces a frame needs before they are ready."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from cardtable.arcade import fonts
from cardtable.arcade.sound import Sounds
from cardtable.arcade.tables.parts.palette import INK

FACES_PER_FRAME = 2  # new card faces a frame may draw; the rest show scaled stand-ins for a few ticks
GLYPHS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?()+-=/&'\u00b7\u2026"
GLYPHS_PER_TICK = 12  # a text size's glyphs are made ready a few at a time: all at once took 5 ms at 88 pt
WARM_CODES = tuple(r + s for s in "SHDC" for r in "A23456789TJQK")


class Warmup:
    """One thing an idle tick: a face of the deck at a size in use, then a few glyphs of each text size,
    then each sound. A tick is idle when it brought no new view and no card is gliding, flying or
    turning: such a frame draws more than the cards at rest and would pay for the warming on top (a
    face at 1920x1080 costs 1.2-4 ms, a text size's first glyphs 1.5 ms)."""

    def __init__(self, art: Any, sounds: Sounds) -> None:
        self.art = art
        self.sounds = sounds
        self._faces: list[tuple[str, tuple[int, int], bool]] = []
        self._sizes: set[tuple[tuple[int, int], bool]] = set()
        self._fonts: list[tuple[int, str]] = []  # (point size, glyphs) still to make ready
        self._sounds_warming = True
        self._faces_left = FACES_PER_FRAME
        self._busy = False  # this tick brought a new view: no warming in it
        self._busy_frame = False  # nor new faces in the frame that draws it (stand-ins until idle ticks)

    def busy(self) -> None:
        """This tick has work of its own (a new view): the warming and the new faces wait for idle ticks."""
        self._busy = self._busy_frame = True

    def resize(self, u: float) -> None:
        """A new window size: the faces at the old sizes are not needed; every point size of the
        table's text, from banners down, is (a new size's first text costs ~3 ms)."""
        self._faces.clear()
        self._sizes.clear()
        chunks = [GLYPHS[i:i + GLYPHS_PER_TICK] for i in range(0, len(GLYPHS), GLYPHS_PER_TICK)]
        self._fonts = [(size, chunk) for size in range(fonts.point_size(8), fonts.point_size(90 * u) + 1)
                       for chunk in reversed(chunks)]

    def queue(self, sizes: Iterable[tuple[tuple[int, int], bool]], deck: Iterable[str]) -> None:
        """Draw the faces of the whole ``deck`` at each (size, flipped) in use, one per tick."""
        deck = tuple(deck)
        for key in sizes:
            if key not in self._sizes:
                self._sizes.add(key)
                self._faces.extend((code, key[0], key[1]) for code in deck)

    def tick(self, moving: bool = False) -> None:
        """An idle tick's warming (none while ``moving``: cards glide, fly or turn this frame)."""
        if self._busy or moving:
            self._busy = False
            return
        if self._faces:
            code, size, flipped = self._faces.pop()
            self.art.face(code, size, flipped)
        elif self._fonts:  # then the glyphs of every text size the table may use (3-5 ms a size, once)
            size, glyphs = self._fonts.pop()
            fonts.font(size, True).render(glyphs, True, INK)
        elif self._sounds_warming:  # and the sounds, made ready to play
            self._sounds_warming = self.sounds.warm_one()

    def new_frame(self) -> None:
        self._faces_left = 0 if self._busy_frame else FACES_PER_FRAME
        self._busy_frame = False

    def stand_in(self, code: str | None, size: tuple[int, int], flipped: bool) -> pygame.Surface | None:
        """Faces cost milliseconds to draw the first time at a size (a court card up to 4 ms), and a
        table that shrinks its cards (a Rummy table filling up) needs dozens at once: each frame draws at
        most FACES_PER_FRAME new ones (none in a frame that lays out a new view) and shows the rest
        scaled from another size, queued to be drawn on the next ticks. None: draw the real face (drawn already, within the budget, or no stand-in)."""
        art = self.art
        if code is None or not hasattr(art, "has") or art.has(size, ("face", code, flipped)):
            return None
        if self._faces_left > 0:
            self._faces_left -= 1
            return None
        image = art.stand_in(size, ("face", code, flipped))
        if image is not None:
            self._faces.append((code, size, flipped))
        return image
