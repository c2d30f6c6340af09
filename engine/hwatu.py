"""Hwatu (Korean flower cards): codes, months, kinds, the named sets and Go-Stop scoring.

A card is its code (docs/RULES.md, "Card codes"): two-digit month, then kind, then an index where a month
has two of a kind: ``B`` bright, ``A`` animal, ``R`` ribbon, ``P`` junk, ``D`` double junk. The two
jokers (bonus cards) are ``J2`` (worth 2 junk) and ``J3`` (worth 3 junk); a joker has no month.

>>> month("03B"), kind("03B"), kind("11D"), junk_value("J3"), month("J2")
('03', 'B', 'D', 3, '')
>>> score(["01B", "03B", "12B"])[0], score(["01B", "03B", "08B"])[0]
(2, 3)
"""

from __future__ import annotations

import random

MONTHS: tuple[str, ...] = tuple(f"{m:02d}" for m in range(1, 13))
MONTH_NAMES: dict[str, str] = {
    "01": "pine", "02": "plum", "03": "cherry", "04": "wisteria", "05": "iris", "06": "peony",
    "07": "bush clover", "08": "pampas", "09": "chrysanthemum", "10": "maple", "11": "paulownia",
    "12": "rain",
}
MONTH_CARDS: dict[str, tuple[str, str, str, str]] = {
    "01": ("01B", "01R", "01P1", "01P2"),
    "02": ("02A", "02R", "02P1", "02P2"),
    "03": ("03B", "03R", "03P1", "03P2"),
    "04": ("04A", "04R", "04P1", "04P2"),
    "05": ("05A", "05R", "05P1", "05P2"),
    "06": ("06A", "06R", "06P1", "06P2"),
    "07": ("07A", "07R", "07P1", "07P2"),
    "08": ("08B", "08A", "08P1", "08P2"),
    "09": ("09A", "09R", "09P1", "09P2"),
    "10": ("10A", "10R", "10P1", "10P2"),
    "11": ("11B", "11D", "11P1", "11P2"),
    "12": ("12B", "12A", "12R", "12D"),
}
CARDS: tuple[str, ...] = tuple(card for m in MONTHS for card in MONTH_CARDS[m])
JOKERS: tuple[str, ...] = ("J2", "J3")
ALL_CARDS: frozenset[str] = frozenset(CARDS) | frozenset(JOKERS)

BIRDS: frozenset[str] = frozenset({"02A", "04A", "08A"})
RED_POEM: frozenset[str] = frozenset({"01R", "02R", "03R"})
BLUE: frozenset[str] = frozenset({"06R", "09R", "10R"})
PLAIN_RED: frozenset[str] = frozenset({"04R", "05R", "07R"})
RIBBON_SETS: dict[str, frozenset[str]] = {"red_poem": RED_POEM, "blue": BLUE, "plain_red": PLAIN_RED}
RAIN_BRIGHT = "12B"
DOUBLE_JUNK: frozenset[str] = frozenset({"11D", "12D"})
BRIGHTS: frozenset[str] = frozenset(c for c in CARDS if c[2] == "B")
ANIMALS: frozenset[str] = frozenset(c for c in CARDS if c[2] == "A")
RIBBONS: frozenset[str] = frozenset(c for c in CARDS if c[2] == "R")

_MONTH: dict[str, str] = {c: ("" if c in JOKERS else c[:2]) for c in ALL_CARDS}
_KIND: dict[str, str] = {c: ("J" if c in JOKERS else c[2]) for c in ALL_CARDS}
_JUNK: dict[str, int] = {c: 0 for c in ALL_CARDS} | {c: 1 for c in CARDS if c[2] == "P"}
_JUNK.update({"11D": 2, "12D": 2, "J2": 2, "J3": 3})
MONTH_OF: dict[str, str] = _MONTH
"""``{card: month}`` for hot loops (the same as :func:`month`)."""
KIND_OF: dict[str, str] = _KIND
JUNK_OF: dict[str, int] = _JUNK
KIND_ORDER = "BARPDJ"
"""Kinds in the order a capture area is laid out: brights, animals, ribbons, junk (doubles, jokers)."""


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in ALL_CARDS


def is_joker(card: str) -> bool:
    return card in JOKERS


def month(card: str) -> str:
    """``"01"``..``"12"``; ``""`` for a joker, which never matches a month."""
    return _MONTH[card]


def kind(card: str) -> str:
    """``B`` bright, ``A`` animal, ``R`` ribbon, ``P`` junk, ``D`` double junk, ``J`` joker."""
    return _KIND[card]


def junk_value(card: str) -> int:
    """How many junk the card counts for: 1 junk, 2 a double or ``J2``, 3 ``J3``, 0 otherwise."""
    return _JUNK[card]


def deck(jokers: int = 2) -> list[str]:
    """The 48 cards in month order, then ``jokers`` jokers (0 or 2)."""
    return list(CARDS) + list(JOKERS[:jokers])


def shuffled(cards: list[str], rng: random.Random) -> list[str]:
    out = list(cards)
    rng.shuffle(out)
    return out


def sort_cards(cards: list[str]) -> list[str]:
    """By kind (brights, animals, ribbons, junk, doubles, jokers), then by month."""
    return sorted(cards, key=lambda c: (KIND_ORDER.index(_KIND[c]), c))


def sort_hand(cards: list[str]) -> list[str]:
    """By month, jokers last."""
    return sorted(cards, key=lambda c: (_MONTH[c] or "99", c))


def bright_points(brights: int, rain: bool) -> int:
    if brights >= 5:
        return 15
    if brights == 4:
        return 4
    if brights == 3:
        return 2 if rain else 3
    return 0


def score(captured: list[str]) -> tuple[int, dict[str, int]]:
    """A player's score from their captured cards, and what it is made of (docs/RULES.md, "Go-Stop", "Scoring").

    The parts name every scoring combination with its points (only those that score); ``counts``-like
    facts the payment needs are returned by :func:`tally`.
    """
    brights = animals = ribbons = junk = 0
    rain = False
    birds = poem = blue = plain = 0
    for card in captured:
        k = _KIND[card]
        if k == "B":
            brights += 1
            rain = rain or card == RAIN_BRIGHT
        elif k == "A":
            animals += 1
            birds += card in BIRDS
        elif k == "R":
            ribbons += 1
            poem += card in RED_POEM
            blue += card in BLUE
            plain += card in PLAIN_RED
        else:
            junk += _JUNK[card]
    parts: dict[str, int] = {}
    bright = bright_points(brights, rain)
    if bright:
        parts["brights"] = bright
    if animals >= 5:
        parts["animals"] = animals - 4
    if birds == 3:
        parts["godori"] = 5
    if ribbons >= 5:
        parts["ribbons"] = ribbons - 4
    if poem == 3:
        parts["red_poem"] = 3
    if blue == 3:
        parts["blue"] = 3
    if plain == 3:
        parts["plain_red"] = 3
    if junk >= 10:
        parts["junk"] = junk - 9
    return sum(parts.values()), parts


def tally(captured: list[str]) -> dict[str, int]:
    """Counts the payment rules look at: brights, animals, ribbons and junk (by junk value)."""
    counts = {"brights": 0, "animals": 0, "ribbons": 0, "junk": 0}
    for card in captured:
        k = _KIND[card]
        if k == "B":
            counts["brights"] += 1
        elif k == "A":
            counts["animals"] += 1
        elif k == "R":
            counts["ribbons"] += 1
        else:
            counts["junk"] += _JUNK[card]
    return counts
