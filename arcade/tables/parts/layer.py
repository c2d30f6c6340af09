"""The kept layer: the felt, the game's static drawing and the cards at rest, in one surface kept from
frame to frame and repainted only where what is drawn on it changed.

What goes on the layer is first *noted*: the drawing code runs against a :class:`Notebook`, which
stands in for the surface and keeps each operation (a blit of an image at a place, a ``pygame.draw``
call) with the rectangle it touches, and draws no pixel. The new notes are compared with those the
layer holds; where an operation came, went or changed, the felt is put back and every operation over
that spot is drawn again, clipped to it, in order. A new view that moves one card and changes one label
repaints those places, not the window; the pixels are those of drawing everything afresh (blits and
pygame's primitives are drawn pixel by pixel, and a clip only leaves pixels out).

Images are compared by identity (the tables draw cached images: the same words, the same surface), so
a changed image is a new surface; an image changed in place after it was noted is not seen. Drawing
code that does more with the surface than blit, fill and ``pygame.draw`` (reads it, takes a
subsurface) cannot be noted: :class:`Unnoted` is raised and the caller draws it straight away.
"""

from __future__ import annotations

import difflib
import heapq
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

import pygame

from cardtable.arcade import layout

Box = tuple[int, int, int, int]
MAX_PATCHES = 24  # damaged rectangles repainted one by one; more are merged with their nearest
FREE_WASTE_PX = 6000  # two patches whose union wastes less than this are repainted as one (a patch costs
# about what repainting this many pixels of cards costs: finding its operations, clipping, the felt)
FULL_SHARE = 0.6  # damage over this share of the window: repaint all of it


def copy(target: pygame.Surface, source: pygame.Surface, area: pygame.Rect | None = None) -> None:
    """``area`` of opaque ``source`` (all of it by default) copied to the same place on ``target``,
    through the C library's ``memcpy`` a row at a time.

    For an area whose rows start and end on 16 bytes, SDL copies with SSE streaming stores, which
    write around the cache: the cards and text drawn on the target next then read those pixels back
    from memory. A window's copy and 40 cards blitted after it took 1.25 ms that way, 0.66 ms with
    the rows copied through ``memcpy`` (1920x1080). A first column copied on its own leaves rows of
    a width SDL does not stream; the pixels are the same."""
    rect = source.get_rect() if area is None else pygame.Rect(area)
    if rect.w % 4 or rect.w < 2:  # (rows that end off 16 bytes: SDL copies them with memcpy already)
        target.blit(source, rect, rect)
        return
    target.blit(source, rect, (rect.x, rect.y, 1, rect.h))
    target.blit(source, (rect.x + 1, rect.y), (rect.x + 1, rect.y, rect.w - 1, rect.h))


class Unnoted(AttributeError):
    """The drawing code asked the surface for something a note cannot stand for."""


class Op(NamedTuple):
    """One drawing operation: ``key`` says what it draws where (equal keys draw equal pixels),
    ``box`` the rectangle it may touch, ``draw(surface)`` draws it. (A named tuple: a frame that
    notes a hundred of them makes them quickly.)"""

    key: tuple
    box: Box
    draw: Callable[[pygame.Surface], object]


_PLAIN = (int, float, str, bool)


def _frozen(value: Any) -> Any:
    """``value`` as something hashable that compares equal when it would draw the same."""
    if value is None or type(value) in _PLAIN:
        return value
    if isinstance(value, (pygame.Rect, pygame.FRect)):
        return ("rect", value.x, value.y, value.w, value.h)
    if isinstance(value, pygame.Color):
        return ("colour", *value)
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, pygame.math.Vector2):
        return (value.x, value.y)
    return value


def _points_box(points: Any, pad: float) -> pygame.Rect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    left, top = int(min(xs) - pad) - 1, int(min(ys) - pad) - 1
    return pygame.Rect(left, top, int(max(xs) + pad) + 2 - left, int(max(ys) + pad) + 2 - top)


def _draw_box(name: str, args: tuple, kwargs: dict[str, Any]) -> pygame.Rect:
    """The rectangle a ``pygame.draw`` call (``args``: the surface, the colour, then the rest) may
    touch, a pixel or two generous."""
    if len(args) < 3 or kwargs.keys() - {"width", "border_radius", "border_top_left_radius", "border_top_right_radius",
                                          "border_bottom_left_radius", "border_bottom_right_radius"}:
        raise Unnoted(f"pygame.draw.{name} with these arguments")
    width = kwargs.get("width", 1)
    if name in ("rect", "ellipse", "arc"):
        return pygame.Rect(args[2]).inflate(4, 4)
    if name == "circle":
        x, y = args[2]
        r = float(args[3]) + 2
        return pygame.Rect(int(x - r) - 1, int(y - r) - 1, int(2 * r) + 3, int(2 * r) + 3)
    if name in ("line", "aaline"):
        width = args[4] if len(args) > 4 else width
        return _points_box((args[2], args[3]), max(1, width) + 1)
    if name in ("lines", "aalines"):
        width = args[4] if len(args) > 4 else width
        return _points_box(args[3], max(1, width) + 1)
    if name == "polygon":
        return _points_box(args[2], 2)
    raise Unnoted(f"pygame.draw.{name}")


class Notebook:
    """Stands in for a surface of ``size`` while drawing code runs: keeps what it would draw (see the
    module docstring) in :attr:`ops`."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.ops: list[Op] = []

    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self, **where: Any) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.size)
        for name, value in where.items():
            setattr(rect, name, value)
        return rect

    def get_clip(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    def __getattr__(self, name: str) -> Any:
        raise Unnoted(f"Surface.{name}")

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        if isinstance(dest, pygame.Rect):
            x, y = dest.x, dest.y
        else:
            x, y = dest[0], dest[1]
        if area is None:
            w, h = source.get_size()
            frozen = None
        else:
            w, h = pygame.Rect(area).size
            frozen = _frozen(area)
        box = (int(x) - 1, int(y) - 1, w + 2, h + 2)
        alpha = source.get_alpha()
        key = ("blit", id(source), x, y, frozen, special_flags, alpha)

        def draw(surface: pygame.Surface) -> object:
            if source.get_alpha() == alpha:
                return surface.blit(source, (x, y), area, special_flags)
            kept = source.get_alpha()
            source.set_alpha(alpha)
            try:
                return surface.blit(source, (x, y), area, special_flags)
            finally:
                source.set_alpha(255 if kept is None and source.get_flags() & pygame.SRCALPHA else kept)

        self.ops.append(Op(key, box, draw))
        return pygame.Rect(box).clip((0, 0, *self.size))

    def blits(self, sequence: Any, doreturn: bool = True) -> list[pygame.Rect] | None:
        drawn = [self.blit(*entry) for entry in sequence]
        return drawn if doreturn else None

    def fill(self, colour: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        box = pygame.Rect((0, 0), self.size) if rect is None else pygame.Rect(rect)
        self.ops.append(Op(("fill", _frozen(colour), _frozen(box), special_flags), (box.x, box.y, box.w, box.h),
                           lambda surface: surface.fill(colour, box, special_flags)))
        return box

    def drew(self, name: str, real: Callable[..., pygame.Rect], args: tuple, kwargs: dict[str, Any]) -> pygame.Rect:
        """A ``pygame.draw.<name>`` call on this notebook (see :func:`noting`)."""
        box = _draw_box(name, args, kwargs)
        key = ("draw", name, _frozen(args[1:]), _frozen(sorted(kwargs.items())))
        rest = args[1:]
        self.ops.append(Op(key, (box.x, box.y, box.w, box.h), lambda surface: real(surface, *rest, **kwargs)))
        return box


PIECES_KEPT = 400  # pieces kept before the cache starts again


class Pieces:
    """A game's static drawing in pieces noted once per distinct input: a piece drawn on a
    :class:`Notebook` with a key it was noted with before adds the same operations again (and says
    again what it reported to the layout and the text sizes it set) without running its drawing
    code; on a real surface the piece is simply drawn.

    The key must hold everything the drawing reads (texts, places, sizes, the images it blits, or
    the art's identity and :attr:`~cardtable.arcade.cardart.SurfaceCache.epoch` for those it looks
    up); the operations keep their images alive, so an image's ``id`` in a key stays its own."""

    def __init__(self) -> None:
        self._kept: dict[tuple, tuple[list[Op], list[layout.Drawn], list[tuple[str, float]]]] = {}

    def clear(self) -> None:
        self._kept.clear()

    def draw(self, surface: pygame.Surface, key: tuple, draw: Callable[[pygame.Surface], object]) -> None:
        if not isinstance(surface, Notebook):
            draw(surface)
            return
        kept = self._kept.get(key)
        if kept is None:
            if len(self._kept) >= PIECES_KEPT:
                self._kept.clear()
            book = Notebook(surface.get_size())
            with noting(book), layout.recording() as drawn, layout.text_sizes() as sizes:
                draw(book)  # type: ignore[arg-type]
            kept = self._kept[key] = (book.ops, list(drawn), list(sizes))
        ops, drawn, sizes = kept
        surface.ops.extend(ops)
        for item in drawn:
            layout.report(item.kind, item.rect, item.name, item.owner or None)
        for text, px in sizes:
            layout.text_set(text, px)


DRAWS = ("rect", "circle", "ellipse", "arc", "line", "aaline", "lines", "aalines", "polygon")


@contextmanager
def redirected(takes: Callable[[Any], bool],
               draw: Callable[[str, Callable[..., pygame.Rect], Any, tuple, dict[str, Any]], pygame.Rect]) -> Iterator[None]:
    """While the block runs, a ``pygame.draw.<name>(surface, ...)`` call on a surface that ``takes``
    accepts goes to ``draw(name, the real function, surface, the other arguments, the keywords)``; on
    any other surface it draws as always."""
    saved = {name: getattr(pygame.draw, name) for name in DRAWS}

    def wrap(name: str, real: Callable[..., pygame.Rect]) -> Callable[..., pygame.Rect]:
        def call(surface: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
            if takes(surface):
                return draw(name, real, surface, args, kwargs)
            return real(surface, *args, **kwargs)
        return call

    for name, real in saved.items():
        setattr(pygame.draw, name, wrap(name, real))
    try:
        yield
    finally:
        for name, real in saved.items():
            setattr(pygame.draw, name, real)


@contextmanager
def noting(book: Notebook) -> Iterator[Notebook]:
    """While the block runs, ``pygame.draw`` calls on ``book`` are noted in it (on any other surface
    they draw as always)."""
    with redirected(lambda surface: surface is book,
                    lambda name, real, surface, args, kwargs: book.drew(name, real, (surface, *args), kwargs)):
        yield book


def changed(old: list[Op], new: list[Op]) -> list[Box]:
    """The rectangles where ``new`` draws other pixels than ``old``: of every operation that came,
    went or changed (or moved in the order)."""
    out: list[Box] = []
    if len(old) == len(new):
        for a, b in zip(old, new, strict=True):
            if a.key != b.key:
                out += [a.box, b.box]
        return out
    old_keys, new_keys = [o.key for o in old], [n.key for n in new]
    olds, news = set(old_keys), set(new_keys)
    if len(olds) == len(old) and len(news) == len(new):  # no operation drawn twice the same
        kept_old = [k for k in old_keys if k in news]
        if kept_old == [k for k in new_keys if k in olds]:  # what stays, stays in its order: where
            # nothing came or went, the same operations draw, in the same order (a frame where cards
            # came onto the layer or left it, and no difference to look for)
            return [o.box for o in old if o.key not in news] + [n.box for n in new if n.key not in olds]
    matcher = difflib.SequenceMatcher(None, old_keys, new_keys, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            out += [o.box for o in old[i1:i2]] + [n.box for n in new[j1:j2]]
    return out


def disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with every overlapping group joined into its union (that costs no pixels): one pass, as
    each rectangle swallows what it meets among those kept so far, which stay apart from one another."""
    out: list[pygame.Rect] = []
    for rect in rects:
        hit = rect.collidelist(out)
        while hit >= 0:
            rect = rect.union(out.pop(hit))
            hit = rect.collidelist(out)
        out.append(rect)
    return out


def merged(boxes: list[Box], limit: int = MAX_PATCHES, free: int = FREE_WASTE_PX) -> list[pygame.Rect]:
    """``boxes`` as at most ``limit`` rectangles covering them, merging those whose union wastes least,
    and any two whose union wastes under ``free`` pixels.

    The candidate pairs wait in a heap by the pixels their union wastes; a pair whose rectangle has
    been merged since is dropped when it comes up (a frame with 40 damaged places: 0.8 ms, not 2.3)."""
    rects = dict(enumerate(disjoint([pygame.Rect(b) for b in boxes if b[2] > 0 and b[3] > 0])))
    if len(rects) <= 1:
        return list(rects.values())

    def waste(a: pygame.Rect, b: pygame.Rect) -> int:
        u = a.union(b)
        return u.w * u.h - a.w * a.h - b.w * b.h

    items = list(rects.items())
    pairs = [(waste(a, b), i, j) for n, (i, a) in enumerate(items) for j, b in items[n + 1:]]
    heapq.heapify(pairs)
    fresh = len(rects)
    while pairs and (len(rects) > limit or pairs[0][0] < free):
        _, i, j = heapq.heappop(pairs)
        if i not in rects or j not in rects:
            continue
        union = rects.pop(i).union(rects.pop(j))
        reached = [k for k, other in rects.items() if union.colliderect(other)]
        while reached:  # a union may reach over other rectangles: they join it (painted once)
            union = union.unionall([rects.pop(k) for k in reached])
            reached = [k for k, other in rects.items() if union.colliderect(other)]
        for k, other in rects.items():
            heapq.heappush(pairs, (waste(union, other), k, fresh))
        rects[fresh] = union
        fresh += 1
    return list(rects.values())


class Layer:
    """The felt with the noted operations drawn on it, repainted where they change."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self._felt: pygame.Surface | None = None
        self._ops: list[Op] | None = None  # None: what the surface holds is not known (paint it all)
        self.repainted = 0  # pixels repainted by the last show() (the tests read it)
        self.patches: list[pygame.Rect] | None = None  # where the last show() repainted (None: all of it)

    def reset(self, felt: pygame.Surface) -> None:
        """A new base under the operations (a new window size's felt): everything is painted again."""
        self._felt = felt
        self._ops = None

    def show(self, ops: list[Op]) -> pygame.Surface:
        """The layer with ``ops`` drawn on the felt, repainting only where they differ from the last."""
        felt = self._felt
        assert felt is not None
        size = felt.get_size()
        if self.surface is None or self.surface.get_size() != size:
            self.surface = felt.copy()
            self._ops = None
        window = pygame.Rect((0, 0), size)
        if self._ops is None:
            patches = [window]
        else:
            damage = changed(self._ops, ops)
            patches = [r.clip(window) for r in merged(damage)] if damage else []
            if sum(r.w * r.h for r in patches) > FULL_SHARE * window.w * window.h:
                patches = [window]
        self.repainted = 0
        self.patches = None if patches and patches[0] == window else patches
        boxes = [op.box for op in ops] if self.patches else []
        for patch in patches:
            if patch.w <= 0 or patch.h <= 0:
                continue
            self._paint(patch, ops, boxes)
            self.repainted += patch.w * patch.h
        self._ops = ops
        return self.surface

    def redraw(self, surface: pygame.Surface, patch: pygame.Rect, ops: list[Op], at: int,
               between: Callable[[pygame.Surface], object]) -> None:
        """Draw ``patch`` of the layer (as :meth:`show` left it, with ``ops``) again on ``surface``, with
        ``between`` drawn after the first ``at`` operations: something drawn each frame in its place in
        the order, under what comes after it (a cursor's marker under the next cards of a hand)."""
        assert self._felt is not None
        patch = patch.clip(surface.get_rect())
        if patch.w <= 0 or patch.h <= 0:
            return
        surface.set_clip(patch)
        try:
            copy(surface, self._felt, patch)
            for n, op in enumerate(ops):
                if n == at:
                    between(surface)
                if patch.colliderect(op.box):
                    op.draw(surface)
            if at >= len(ops):
                between(surface)
        finally:
            surface.set_clip(None)

    def _paint(self, patch: pygame.Rect, ops: list[Op], boxes: list[Box]) -> None:
        """Paint ``patch`` afresh: the felt, then the operations over it (``boxes``: theirs, in order;
        empty when the patch is the whole layer)."""
        surface = self.surface
        assert surface is not None and self._felt is not None
        if patch.size == surface.get_size():
            copy(surface, self._felt)
            for op in ops:
                op.draw(surface)
            return
        surface.set_clip(patch)
        try:
            copy(surface, self._felt, patch)
            for n in patch.collidelistall(boxes):
                ops[n].draw(surface)
        finally:
            surface.set_clip(None)
