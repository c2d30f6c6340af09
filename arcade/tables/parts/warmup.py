"""Card faces, fonts and sounds made ready a little each tick, before a frame needs them, and scaled
stand-ins for the faces a frame needs before they are ready."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pygame

from cardtable.arcade import fonts
from cardtable.arcade.sound import Sounds
from cardtable.arcade.tables.parts.palette import INK

Look = tuple[str | None, tuple[int, int], bool, tuple[int, int, int] | None, bool]  # code, size, flipped, glow, dim
SHADOWED_PER_TICK = 4  # cards on their shadows an idle tick makes (0.15-0.3 ms each at 1920x1080; a tick
# each left a hundred of Tractor's still to make when its play began)
FACES_PER_FRAME = 2  # new card faces a frame may draw; the rest show scaled stand-ins for a few ticks
GLYPHS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?()+-=/&'\u00b7\u2026"
GLYPHS_PER_TICK = 12  # a text size's glyphs are made ready a few at a time: all at once took 5 ms at 88 pt
WARM_CODES = tuple(r + s for s in "SHDC" for r in "A23456789TJQK")


def chunks() -> list[str]:
    """The glyphs of a text size in the pieces an idle tick makes ready: the first alone (the first text
    at a point size costs 1.6-1.8 ms whatever its length: the font's tables are read then; with 12
    glyphs at 88 pt, 2.9 ms), then GLYPHS_PER_TICK at a time (about 1 ms at 88 pt, 0.3 ms at 17)."""
    rest = GLYPHS[1:]
    return [GLYPHS[0]] + [rest[i:i + GLYPHS_PER_TICK] for i in range(0, len(rest), GLYPHS_PER_TICK)]


def shadow_offset(u: float) -> tuple[int, int]:
    """How far down-right a card's drop shadow falls at the table's scale ``u``."""
    return round(2 * u), round(4 * u)


class Warmup:
    """One thing an idle tick (or a few cards on their shadows), the costliest cliffs first: a face of
    the deck at a size in use; then a player's cards lit up or shaded as in their turn (``lit`` of :meth:`queue`),
    SHADOWED_PER_TICK a tick (0.15-0.3 ms a card at 1920x1080); then the glyphs of the text sizes the
    table has set text at (``in_use``, filled by its :class:`.ink.Ink`: a new line of words at such a
    size costs 0.3-0.6 ms while its glyphs are cold), then of those it will (:meth:`expect`: banners,
    rising labels, a result panel); then each sound whose WAV is ready (a sound's first play cost
    0.1-1.1 ms); then, where cards lie on their shadows, each card of the deck on its shadow,
    SHADOWED_PER_TICK a tick (certain to be needed: the first frame with a dozen cards new on their
    shadows took 1-3 ms); then each other text size's first glyph (the first text set at a point size
    costs 1.6-1.8 ms, whatever its length: the font's tables are read then; a size not in use may
    never be); then the other glyphs of each text size, a few a tick (:func:`chunks`); then the sounds
    still in the making. A tick is idle when it brought no new view and no card is gliding, flying or
    turning: such a frame draws more than the cards at rest and would pay for the warming on top (a
    face at 1920x1080 costs 1.2-4 ms)."""

    def __init__(self, art: Any, sounds: Sounds, in_use: dict[int, None] | None = None) -> None:
        self.art = art
        self.sounds = sounds
        self.in_use = in_use if in_use is not None else {}  # point sizes of the table's text, first first
        self._expected: dict[str, tuple[int, ...]] = {}  # and the sizes it will set text at, by who will
        self._in_use_done: set[int] = set()  # of those, the sizes with every glyph ready
        # what is still to draw, the next last, each once (a stand-in shown frame after frame asks again
        # for the same face): (code, size, flipped)
        self._faces: dict[tuple[str, tuple[int, int], bool], None] = {}
        self._on_shadows: dict[tuple[str, tuple[int, int], bool], None] = {}
        self._lit: dict[Look, None] = {}  # cards on their shadows with a halo or a shade (see queue())
        self._looks: set[Look] = set()  # and those queued so far
        self._sizes: set[tuple[tuple[int, int], bool]] = set()
        self._shadowed: set[tuple[tuple[int, int], bool]] = set()
        self._offset = shadow_offset(1.0)
        self._fonts: list[tuple[int, str]] = []  # (point size, glyphs): each size's first glyph
        self._glyphs: list[tuple[int, str]] = []  # and the rest, after the cards on their shadows
        self._sounds_warming = True
        self._faces_left = FACES_PER_FRAME
        self._busy = False  # this tick brought a new view: no warming in it
        self._busy_frame = False  # nor new faces in the frame that draws it (stand-ins until idle ticks)

    def busy(self) -> None:
        """This tick has work of its own (a new view): the warming and the new faces wait for idle ticks."""
        self._busy = self._busy_frame = True

    def resize(self, u: float) -> None:
        """A new window size: the faces at the old sizes are not needed; every point size of the
        table's text, from banners down, is."""
        self._faces.clear()
        self._on_shadows.clear()
        self._lit.clear()
        self._looks.clear()
        self._sizes.clear()
        self._shadowed.clear()
        self._offset = shadow_offset(u)
        self._in_use_done.clear()
        sizes = range(fonts.point_size(8), fonts.point_size(90 * u) + 1)
        pieces = chunks()
        self._fonts = [(size, pieces[0]) for size in sizes]
        self._glyphs = [(size, chunk) for size in sizes for chunk in reversed(pieces[1:])]

    def queue(self, sizes: Iterable[tuple[tuple[int, int], bool]], deck: Iterable[str],
              shadowed: Iterable[tuple[tuple[int, int], bool]] = (), lit: Iterable[Look] = ()) -> None:
        """Draw the faces of the whole ``deck`` at each (size, flipped) in use, one per tick; at each of
        ``shadowed`` (cards lying on their shadows) each card on its shadow; and each card of ``lit``
        on its shadow with its halo (``glow``) or shade (``dim``) in one image
        (:meth:`~cardtable.arcade.cardart.SurfaceCache.shadowed`; until then it is drawn in four blits):
        the looks a player's cards take when their turn comes. Each is queued once."""
        deck = tuple(deck)
        for key in sizes:
            if key not in self._sizes:
                self._sizes.add(key)
                for code in deck:
                    self._faces.setdefault((code, *key))
        for key in shadowed:
            if key not in self._shadowed:
                self._shadowed.add(key)
                for code in deck:
                    self._on_shadows.setdefault((code, *key))
        for look in lit:
            if look not in self._looks:
                self._looks.add(look)
                self._lit[look] = None

    def tick(self, moving: bool = False) -> None:
        """An idle tick's warming (none while ``moving``: cards glide, fly or turn this frame)."""
        if self._busy or moving:
            self._busy = False
            return
        if (self._next(self._faces, "face") or self._a_few(self._next_lit) or self._in_use_glyphs()
                or self.sounds.warm_ready()):
            return
        if self._a_few(lambda: self._next(self._on_shadows, "shadowed")):
            return
        if self._fonts:
            size, glyphs = self._fonts.pop()
            fonts.font(size, True).render(glyphs, True, INK)
        elif self._glyphs:
            size, glyphs = self._glyphs.pop()
            fonts.font(size, True).render(glyphs, True, INK)
        elif self._sounds_warming:  # and the sounds, made ready to play
            self._sounds_warming = self.sounds.warm_one()

    @staticmethod
    def _a_few(make: Callable[[], bool]) -> bool:
        """Up to SHADOWED_PER_TICK of what ``make`` makes, one a call (False when it has none left);
        False when it made none."""
        made = 0
        while made < SHADOWED_PER_TICK and make():
            made += 1
        return made > 0

    def _next_lit(self) -> bool:
        """Make the next card of ``lit`` (see :meth:`queue`; False when none is left to make)."""
        art, has = self.art, getattr(self.art, "has", None)
        while self._lit and has is not None:
            code, size, flipped, glow, dim = self._lit.popitem()[0]
            if not has(size, art.lit_key(code, flipped, self._offset, glow, dim)):
                art.shadowed(code, size, flipped, self._offset, glow, dim)
                return True
        return False

    def expect(self, who: str, sizes: Iterable[int]) -> None:
        """Point sizes a part of the table will set text at (the banners and rising labels, a result
        panel), in place of those ``who`` said before: their glyphs are made ready after those of the
        sizes in use."""
        self._expected[who] = tuple(dict.fromkeys(sizes))

    def expected(self) -> list[int]:
        """The point sizes expected (see :meth:`expect`), each once."""
        return list(dict.fromkeys(size for sizes in self._expected.values() for size in sizes))

    def _in_use_glyphs(self) -> bool:
        """Make ready the next glyphs of a text size in use or expected (False when they all are)."""
        for size in [*self.in_use, *self.expected()]:
            if size in self._in_use_done:
                continue
            for queue in (self._fonts, self._glyphs):
                for i in range(len(queue) - 1, -1, -1):
                    if queue[i][0] == size:
                        fonts.font(size, True).render(queue.pop(i)[1], True, INK)
                        return True
            self._in_use_done.add(size)
        return False

    def _next(self, queue: dict[tuple[str, tuple[int, int], bool], None], kind: str) -> bool:
        """Draw the next of ``queue`` (faces, or cards on their shadows) not drawn yet; False when none is
        left."""
        art, has = self.art, getattr(self.art, "has", None)
        while queue:
            code, size, flipped = queue.popitem()[0]
            if kind == "face":
                if has is None or not has(size, ("face", code, flipped)):
                    art.face(code, size, flipped)
                    return True
            elif has is not None and not has(size, ("shadowed", code, flipped, self._offset)):
                art.shadowed(code, size, flipped, self._offset)
                return True
        return False

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
        if image is not None:  # drawn first, on the next idle tick
            self._faces.pop((code, size, flipped), None)
            self._faces[code, size, flipped] = None
        return image
