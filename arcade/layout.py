"""What a screen drew where: renderers report the rectangles of their panels, labels, badges, hands,
card groups, buttons and hint bars, so a test (or ``cardtable shot --check``) can find overlaps
without guessing from pixels.

Reporting costs nothing unless a :func:`recording` is open (one ``None`` check per call). Tables call
:func:`report` itself, scenes :meth:`cardtable.arcade.scenes.base.Scene.report`, which lands here, as
do the shared helpers (``ui_theme.text``, the hint bar, table name plates, buttons and text), so most items are reported without the renderer doing anything.

Kinds, and what may overlap what:

- ``backdrop``: a panel other things are drawn on (a menu's centred panel). It may hold anything,
  but must not cover the title or the hint bar.
- ``overlay``: a box drawn over the table on purpose (a hand's result). It may cover cards and text
  under it, but not the hint bar, a badge, a title or another overlay.
- ``title``, ``panel``, ``badge``, ``label``, ``hints``, ``hand``, ``cards``, ``button``, ``field``,
  ``widget``, ``legend``: none of these may overlap another, except an item and its owner (text
  inside its name plate, a dealer badge on the plate it belongs to).

Every item must lie inside the window, text on a button or a panel inside it, and text fields and
buttons must be tall enough to use (MIN_HEIGHT pixels).

Things in motion report themselves too, named by what they are: a card flying or gliding
(``cards``, "flying ..."), a banner (``overlay``, "banner ..."), a label rising from where something
happened (``badge``, "rising ..."); :func:`in_motion` tells them apart. A thing in motion may pass
over anything but what KEEP_CLEAR names for its kind (a flying card never covers a button or the hint
bar; a banner or a rising label covers no button, badge, title or other banner, a rising label no
text either, and keeps CLEAR_GAP pixels from those at rest), and stays inside the window like the
rest. Items are reported in the order they are drawn: a thing in motion reported before a kind UNDER
names for it passes under that (a card flying under a button, which is drawn over it, hides nothing
of it). Text sizes are heard
separately (:func:`text_sizes`): every line of text the tables and scenes set, in the tables' text
size (``px``: capitals about 0.46 px tall, see :mod:`cardtable.arcade.fonts`).

>>> import pygame
>>> with recording() as items:
...     report("panel", pygame.Rect(0, 0, 100, 40), "plate 1")
...     with part_of("plate 1"):
...         report("label", pygame.Rect(10, 10, 50, 20), "Ann")
...     report("label", pygame.Rect(90, 30, 50, 20), "score 3")
>>> problems(items, (960, 540))
['label "score 3" overlaps panel "plate 1" by 10x10 px']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import NamedTuple

import pygame

KINDS = ("backdrop", "overlay", "title", "panel", "badge", "label", "hints", "hand", "cards", "button", "field", "widget",
         "legend")
_KNOWN = frozenset(KINDS)

MIN_HEIGHT = {"field": 30, "button": 26}
CONTAINERS = ("button", "panel", "legend", "overlay")  # the text drawn on one stays inside it


class Drawn(NamedTuple):
    """One reported item: its kind (see KINDS), where it was drawn, what it is (for messages) and the
    item it belongs to (it may overlap that one). (A named tuple: a frame that lays out a new view
    reports a hundred or more, and a frozen dataclass took 1 us each to make, a named tuple 0.2.)"""

    kind: str
    rect: tuple[int, int, int, int]
    name: str = ""
    owner: str = ""

    @property
    def box(self) -> pygame.Rect:
        return pygame.Rect(self.rect)

    def describe(self) -> str:
        return f'{self.kind} "{self.name}"' if self.name else self.kind


@dataclass
class _Recorder:
    items: list[Drawn] = field(default_factory=list)
    owners: list[str] = field(default_factory=list)
    quiet: int = 0


_active: _Recorder | None = None
_sizes: list[tuple[str, float]] | None = None  # the text sizes heard (see text_sizes)
MOVING = ("flying ", "banner ", "rising ")  # the names of things in motion
KEEP_CLEAR = {  # what a thing in motion (by its kind) must not cover; it may pass over anything else
    "cards": ("hints", "button"),
    "overlay": ("hints", "button", "badge", "title", "overlay"),
    "badge": ("hints", "button", "title", "overlay", "badge", "label"),
}
CLEAR_GAP = {"badge": 2}  # px a thing in motion (by its kind) keeps from what it must not cover: a rising
# label 1 px from a label reads as one line with it
UNDER = {"cards": ("button",)}  # what a thing in motion (by its kind) may pass under: drawn after it, opaque


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect what is reported inside the block (nested recordings are not supported)."""
    global _active
    previous, _active = _active, _Recorder()
    try:
        yield _active.items
    finally:
        _active = previous


@contextmanager
def seen() -> Iterator[list[Drawn]]:
    """The items reported inside the block (filled in when it ends), whether or not a recording is
    already open: an open one keeps them too. A renderer uses it to place something clear of the rest."""
    if _active is None:
        with recording() as items:
            yield items
        return
    recorder, start, items = _active, len(_active.items), []
    try:
        yield items
    finally:
        items.extend(recorder.items[start:])


def is_recording() -> bool:
    return _active is not None


@contextmanager
def text_sizes() -> Iterator[list[tuple[str, float]]]:
    """Collect (text, size in table px) of every line of text set inside the block."""
    global _sizes
    previous, _sizes = _sizes, []
    try:
        yield _sizes
    finally:
        _sizes = previous


def text_set(text: str, px: float) -> None:
    """Say that ``text`` was set at table size ``px``. Outside :func:`text_sizes` this does nothing."""
    if _sizes is not None and text.strip():
        _sizes.append((text, float(px)))


def in_motion(item: Drawn) -> bool:
    """Whether ``item`` is something in motion: a flying card, a banner, a rising label."""
    return item.name.startswith(MOVING)


def report(kind: str, rect: pygame.Rect | tuple[int, int, int, int], name: str = "", owner: str | None = None) -> None:
    """Say that ``kind`` was drawn at ``rect``. Outside a recording this does nothing."""
    if _active is None or _active.quiet:
        return
    if kind not in _KNOWN:
        raise ValueError(f"unknown layout kind {kind!r} (one of {', '.join(KINDS)})")
    r = pygame.Rect(rect)
    if owner is None:
        owner = _active.owners[-1] if _active.owners else ""
    _active.items.append(Drawn(kind, (r.x, r.y, r.w, r.h), name, owner))


@contextmanager
def part_of(owner: str) -> Iterator[None]:
    """Items reported inside the block belong to ``owner`` (they may overlap it)."""
    if _active is None:
        yield
        return
    recorder = _active
    recorder.owners.append(owner)
    try:
        yield
    finally:
        recorder.owners.pop()


@contextmanager
def quiet() -> Iterator[None]:
    """Nothing inside the block is reported (the parts of an item that is reported whole)."""
    if _active is None:
        yield
        return
    recorder = _active
    recorder.quiet += 1
    try:
        yield
    finally:
        recorder.quiet -= 1


def _ancestors(items: list[Drawn]) -> dict[Drawn, set[str]]:
    """For each item, the names of its owner, its owner's owner..."""
    owner_of = {i.name: i.owner for i in items if i.name}
    out: dict[Drawn, set[str]] = {}
    for item in items:
        chain, owner = set(), item.owner
        while owner and owner not in chain:
            chain.add(owner)
            owner = owner_of.get(owner, "")
        out[item] = chain
    return out


def _related(a: Drawn, b: Drawn, ancestors: dict[Drawn, set[str]]) -> bool:
    """One is drawn on the other (directly or through its owners)."""
    return bool((b.name and b.name in ancestors.get(a, ())) or (a.name and a.name in ancestors.get(b, ())))


HOLDERS = {"backdrop": ("title", "hints"), "overlay": ("title", "hints", "badge", "overlay")}


def _may_overlap(a: Drawn, b: Drawn, holder_of: dict[Drawn, str], ancestors: dict[Drawn, set[str]]) -> bool:
    """Whether ``a`` and ``b`` may overlap: owner and owned; a backdrop or an overlay (or what is drawn
    on one) over anything it may hold, except what is drawn on the same one."""
    if _related(a, b, ancestors):
        return True
    for item, other in ((a, b), (b, a)):
        holder = item.kind if item.kind in HOLDERS else holder_of.get(item)
        same_holder = bool(item.owner) and holder_of.get(other) == holder
        if holder is not None and other.kind not in HOLDERS[holder] and not same_holder:
            return True
    return False


def _holders(items: list[Drawn]) -> dict[Drawn, str]:
    """For each item, the kind of the backdrop or overlay it is drawn on (through its owners)."""
    by_name = {i.name: i for i in items if i.name}
    out: dict[Drawn, str] = {}
    for item in items:
        seen, owner = set(), item.owner
        while owner and owner not in seen and owner in by_name:
            seen.add(owner)
            holder = by_name[owner]
            if holder.kind in HOLDERS:
                out[item] = holder.kind
                break
            owner = holder.owner
    return out


def problems(items: Iterable[Drawn], size: tuple[int, int]) -> list[str]:
    """What is wrong with a frame's layout: items outside the window, and overlaps that are not
    allowed (see the module docstring). Empty when the layout holds."""
    items = list(dict.fromkeys(i for i in items if i.rect[2] > 0 and i.rect[3] > 0))  # drawn twice: once
    window = pygame.Rect(0, 0, *size)
    holder_of = _holders(items)
    by_name = {i.name: i for i in items if i.name}
    ancestors = _ancestors(items)
    found = []
    for item in items:
        if not window.contains(item.box):
            found.append(f"{item.describe()} at {tuple(item.rect)} is outside the {size[0]}x{size[1]} window")
        owner = by_name.get(item.owner)
        if item.kind == "label" and owner is not None and owner.kind in CONTAINERS and not owner.box.contains(item.box):
            found.append(f"{item.describe()} runs out of {owner.describe()}")
        if item.rect[3] < MIN_HEIGHT.get(item.kind, 0):
            found.append(f"{item.describe()} is {item.rect[3]} px tall (at least {MIN_HEIGHT[item.kind]})")
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            moving = in_motion(a) or in_motion(b)
            over = _covers(a, b) and b.kind not in UNDER.get(a.kind, ())  # (a is drawn first: b over it)
            if moving and not over and not _covers(b, a):
                continue
            if not moving and _may_overlap(a, b, holder_of, ancestors):
                continue
            first, second = (a, b) if moving and over else (b, a)
            clip = a.box.clip(b.box)
            if clip.width > 0 and clip.height > 0:
                verb = "covers" if moving else "overlaps"
                found.append(f"{first.describe()} {verb} {second.describe()} by {clip.width}x{clip.height} px")
            elif (moving and not in_motion(second) and (gap := CLEAR_GAP.get(first.kind, 0))
                  and first.box.inflate(2 * gap, 2 * gap).colliderect(second.box)):
                found.append(f"{first.describe()} comes within {gap} px of {second.describe()}")
    return found


def _covers(mover: Drawn, other: Drawn) -> bool:
    """Whether ``mover``, a thing in motion, may not pass over ``other`` (KEEP_CLEAR; not its owner,
    not another of itself)."""
    return (in_motion(mover) and other.kind in KEEP_CLEAR.get(mover.kind, ()) and other.name != mover.owner
            and other.name != mover.name)
