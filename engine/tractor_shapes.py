"""Tractor card order and shapes (docs/RULES.md, "Tractor": "Card order", "Leads", "Winning a trick").

Every card gets a *class* (its plain suit ``S H D C``, or ``T`` for every trump) and a *position*
inside that class: higher beats lower, equal positions are equal cards (the off-suit trump-rank cards),
and two pairs of one class form a tractor when their positions are consecutive. So with trump rank 4
``3D`` and ``5D`` sit next to each other (the rank is skipped), and the trump ladder reads
... ``A`` of the trump suit, the off-suit rank cards (all one position), the trump-suit rank card,
``BJ``, ``RJ``.

A *unit* is ``(width, length, top, cards)``: a single is width 1, a pair width 2 length 1, a tractor
width 2 and length >= 2 (pairs); ``top`` is the position of its highest pair or card. Its *kind*
is ``(width, length)``; kinds compare as tuples, so a longer tractor is a larger kind than a shorter one,
any tractor larger than a pair, a pair larger than a single.

>>> o = card_order("D", "4")
>>> [u[:3] for u in decompose(["3D", "3D", "5D", "5D"], o)]
[(2, 2, 2)]
>>> [u[:3] for u in decompose(["2S", "2S", "2C", "2C"], card_order("H", "2"))]
[(2, 1, 12), (2, 1, 12)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache

from cardtable.engine.cards import SUITS, standard_deck

TRUMP = "T"
LOW_TO_HIGH = "23456789TJQKA"
DECK: tuple[str, ...] = tuple(standard_deck(2)) + ("BJ", "BJ", "RJ", "RJ")
CODES: frozenset[str] = frozenset(DECK)
POINTS: dict[str, int] = {card: {"5": 5, "T": 10, "K": 10}.get(card[0], 0) for card in CODES}

Order = dict[str, tuple[str, int]]
Unit = tuple[int, int, int, tuple[str, ...]]
Kind = tuple[int, int]


def level_rank(level: int) -> str:
    """The rank character of a team level 2..14 (14 is the ace)."""
    return LOW_TO_HIGH[level - 2]


def points(cards: Iterable[str]) -> int:
    return sum(POINTS[c] for c in cards)


@cache
def card_order(
    trump_suit: str | None, trump_rank: str | None, rank_skip: bool = True, black_high: bool = True
) -> Order:
    """``{card: (class, position)}`` for one round's trump; ``(None, None)`` is a no-trump round.

    ``rank_skip`` off keeps the trump rank's hole in the plain suits (and in the trump suit), so
    ``3D 3D 5D 5D`` is then no tractor with rank 4. ``black_high`` ranks ``BJ`` over ``RJ`` in a
    no-trump round, as the text says.
    """
    if trump_suit is None or trump_rank is None:
        trump_suit = trump_rank = None
    order: Order = {}
    plain = [r for r in LOW_TO_HIGH if r != trump_rank]
    for s in SUITS:
        cls = TRUMP if s == trump_suit else s
        for r in plain:
            pos = plain.index(r) if rank_skip else LOW_TO_HIGH.index(r)
            order[r + s] = (cls, pos)
    if trump_suit is None or trump_rank is None:
        low, high = ("RJ", "BJ") if black_high else ("BJ", "RJ")
        order[low] = (TRUMP, 0)
        order[high] = (TRUMP, 1)
        return order
    top = max(order[r + trump_suit][1] for r in plain)
    if not rank_skip and trump_rank == "A":
        top = LOW_TO_HIGH.index("K")
    for s in SUITS:
        order[trump_rank + s] = (TRUMP, top + 1)
    order[trump_rank + trump_suit] = (TRUMP, top + 2)
    order["BJ"] = (TRUMP, top + 3)
    order["RJ"] = (TRUMP, top + 4)
    return order


def sort_key(order: Order, trump_first: bool = False) -> Callable[[str], tuple[int, int, str]]:
    """A sort key grouping a hand by class (S H D C, trumps last) and position."""
    rank = {"S": 0, "H": 1, "D": 2, "C": 3, TRUMP: -1 if trump_first else 4}

    def key(card: str) -> tuple[int, int, str]:
        cls, pos = order[card]
        return (rank[cls], pos, card)

    return key


def of_class(cards: Iterable[str], order: Order, cls: str) -> list[str]:
    return [c for c in cards if order[c][0] == cls]


def pair_codes(cards: Iterable[str]) -> list[str]:
    """Codes held twice (two identical cards: a pair; there are only two copies of a card)."""
    seen: set[str] = set()
    found: list[str] = []
    for c in cards:
        if c in seen:
            found.append(c)
        else:
            seen.add(c)
    return found


def runs(positions: Iterable[int]) -> list[list[int]]:
    """Maximal runs of consecutive positions, each ascending."""
    result: list[list[int]] = []
    for p in sorted(set(positions)):
        if result and result[-1][-1] == p - 1:
            result[-1].append(p)
        else:
            result.append([p])
    return result


def _pairs_by_position(cards: Iterable[str], order: Order) -> dict[int, list[str]]:
    by_pos: dict[int, list[str]] = {}
    for code in sorted(pair_codes(cards)):
        by_pos.setdefault(order[code][1], []).append(code)
    return by_pos


def decompose(cards: Sequence[str], order: Order) -> list[Unit]:
    """Split cards of one class into units: longest tractors first, then pairs, then singles.

    Units come largest kind first, highest first within a kind.
    """
    by_pos = _pairs_by_position(cards, order)
    units: list[Unit] = []
    while True:
        chains = [r for r in runs(p for p, codes in by_pos.items() if codes) if len(r) >= 2]
        if not chains:
            break
        chain = max(chains, key=lambda r: (len(r), r[-1]))
        codes = [by_pos[p].pop() for p in chain]
        units.append((2, len(chain), chain[-1], tuple(c for code in codes for c in (code, code))))
    used = Counter()
    for u in units:
        used.update(u[3])
    for p, codes in by_pos.items():
        for code in codes:
            units.append((2, 1, p, (code, code)))
            used.update((code, code))
    rest = Counter(cards) - used
    for code, n in rest.items():
        for _ in range(n):
            units.append((1, 1, order[code][1], (code,)))
    units.sort(key=lambda u: (u[0], u[1], u[2]), reverse=True)
    return units


def kinds(units: Iterable[Unit]) -> list[Kind]:
    """The kinds of ``units``, largest first."""
    return sorted(((u[0], u[1]) for u in units), reverse=True)


def pair_count(cards: Sequence[str]) -> int:
    """How many disjoint pairs of identical cards ``cards`` hold (at most two copies of a card)."""
    return len(cards) - len(set(cards))


def shape_top(lead_kinds: Sequence[Kind], cards: Sequence[str], order: Order) -> int | None:
    """If ``cards`` (all of one class) can be split into units of exactly ``lead_kinds``, the top
    position of their highest unit of the lead's largest kind; else None.

    Tractors are matched longest first, each from the highest run long enough for it.
    """
    if len(cards) != sum(w * n for w, n in lead_kinds):
        return None
    pairs: Counter[int] = Counter()
    for code in pair_codes(cards):
        pairs[order[code][1]] += 1
    best: int | None = None
    need_pairs = 0
    for w, n in lead_kinds:
        if w == 1:
            continue
        if n == 1:
            need_pairs += 1
            continue
        chains = [r for r in runs(p for p, k in pairs.items() if k > 0) if len(r) >= n]
        if not chains:
            return None
        chain = max(chains, key=lambda r: r[-1])
        for p in chain[-n:]:
            pairs[p] -= 1
        if best is None:
            best = chain[-1]
    if need_pairs:
        left = [p for p, k in pairs.items() for _ in range(k)]
        if len(left) < need_pairs:
            return None
        if best is None:
            best = max(left)
    if best is None:
        best = max(order[c][1] for c in cards)
    return best


def can_beat(unit: Unit, cards: Sequence[str], order: Order) -> bool:
    """Whether ``cards`` (a hand's cards of the unit's class) hold a unit of the same kind above it."""
    width, length, top, _ = unit
    if width == 1:
        return any(order[c][1] > top for c in cards)
    positions = [order[code][1] for code in pair_codes(cards)]
    if length == 1:
        return any(p > top for p in positions)
    return any(len(r) >= length and r[-1] > top for r in runs(positions))


def tractors_in(cards: Sequence[str], order: Order) -> list[list[str]]:
    """Every tractor (as a card list, low to high) that ``cards`` of one class can make."""
    by_pos = _pairs_by_position(cards, order)
    found: list[list[str]] = []
    for chain in runs(by_pos):
        for length in range(2, len(chain) + 1):
            for start in range(len(chain) - length + 1):
                combos: list[list[str]] = [[]]
                for p in chain[start : start + length]:
                    combos = [combo + [code, code] for combo in combos for code in by_pos[p]]
                found.extend(combos)
    return found
