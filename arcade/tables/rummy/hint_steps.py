"""The Hint's arrangement (the solver's, or the hard bot's) cut into steps the player can follow: one
meld at a time, except melds that take cards from the same table melds, which come together so the
pending table is whole after every step. Pure functions over :class:`~.tiles.Tile` s (no pygame)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from cardtable.arcade.tables.rummy.tiles import JOKER, NAMED, Tile, sort_meld


@dataclass(slots=True)
class HintRun:
    """The arrangement the Hint builds: ``key`` the position (and the arrangement asked for) it was
    worked out for, ``steps`` how many steps build it from the table as dealt, ``cards`` the hand cards
    it lays; ``after`` the pending table after the last step (any other means the player changed it)."""

    key: tuple
    target: list[list[Tile]]
    steps: int
    cards: int
    after: tuple | None = None


@dataclass(slots=True)
class Step:
    """Melds to build together (each with the pending meld that gives it most of its cards, None: all
    from the hand) and every pending meld they use up."""

    melds: list[tuple[list[Tile], int | None]] = field(default_factory=list)
    sources: set[int] = field(default_factory=set)


def texts(melds: list[list[Tile]]) -> tuple:
    """A pending table as plain values (to tell whether it changed)."""
    return tuple(tuple((t.text, t.from_hand) for t in m) for m in melds)


def as_tiles(table: list[list[str]], dealt: list[list[str]], hand: list[str]) -> list[list[Tile]]:
    """A whole new table as tiles: the dealt table's cards first, the rest from the hand (a joker the
    solver renamed stays the table's when the hand holds none)."""
    base = Counter(e for m in dealt for e in m)
    jokers_in_hand = hand.count(JOKER)
    out: list[list[Tile]] = []
    for meld in table:
        row = []
        for entry in meld:
            if base[entry] > 0:
                base[entry] -= 1
                row.append(Tile(entry, False))
            elif entry.startswith(NAMED) and jokers_in_hand > 0:
                jokers_in_hand -= 1
                row.append(Tile(entry, True))
            elif entry.startswith(NAMED):
                row.append(Tile(entry, False))  # a table joker the solver renamed
            else:
                row.append(Tile(entry, True))
        out.append(row)
    return out


def _shape(meld: list[Tile]) -> tuple:
    return tuple(sorted((t.text, t.from_hand) for t in meld))


def unbuilt(target: list[list[Tile]], work: list[list[Tile]]) -> tuple[list[list[Tile]], list[int]]:
    """The target's melds the pending table does not hold yet, and the pending melds that are no
    target meld (the cards still to move come from those)."""
    waiting: dict[tuple, list[int]] = {}
    for i, meld in enumerate(work):
        waiting.setdefault(_shape(meld), []).append(i)
    todo = []
    for meld in target:
        if waiting.get(_shape(meld)):
            waiting[_shape(meld)].pop(0)
        else:
            todo.append(meld)
    return todo, sorted(i for rest in waiting.values() for i in rest)


def steps(target: list[list[Tile]], work: list[list[Tile]]) -> list[Step]:
    """The steps still to take from ``work`` to ``target``, in the target's order."""
    todo, free = unbuilt(target, work)
    left = {i: Counter(t.text for t in work[i] if not t.from_hand) for i in free}
    takes: list[Counter] = []
    for meld in todo:
        given: Counter = Counter()
        for tile in meld:
            if tile.from_hand:
                continue
            source = next((i for i in free if left[i][tile.text] > 0), None)
            text = tile.text
            if source is None and tile.code == JOKER:  # a table joker renamed: any of the table's jokers
                source, text = next(((i, k) for i in free for k, n in left[i].items()
                                     if n > 0 and k.startswith(JOKER)), (None, text))
            if source is not None:
                left[source][text] -= 1
                given[source] += 1
        takes.append(given)
    groups: list[set[int]] = []
    for k in range(len(todo)):  # melds that share a source are one step
        joined = [g for g in groups if any(set(takes[k]) & set(takes[m]) for m in g)]
        groups = [g for g in groups if g not in joined] + [set().union(*joined, {k})]
    groups.sort(key=min)
    return [Step([(todo[k], max(takes[k], key=takes[k].__getitem__) if takes[k] else None) for k in sorted(g)],
                 {i for k in g for i in takes[k]}) for g in groups]


def build(step: Step, work: list[list[Tile]]) -> tuple[list[list[Tile]], list[list[Tile]]]:
    """The pending table with ``step`` taken (each new meld where the meld giving most of its cards
    was, else at the end; the melds it used up gone), and the melds it built."""
    placed = [sort_meld([Tile(t.text, t.from_hand) for t in meld]) for meld, _anchor in step.melds]
    out: list[list[Tile]] = []
    for i, meld in enumerate(work):
        out += [new for new, (_m, anchor) in zip(placed, step.melds, strict=True) if anchor == i]
        if i not in step.sources:
            out.append(meld)
    out += [new for new, (_m, anchor) in zip(placed, step.melds, strict=True) if anchor is None]
    return out, placed
