"""French cards: codes, ranks, suits, colours and decks (docs/RULES.md, "Card codes").

A card is its two-letter code: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` then suit ``S H D C``
(``"AS"``, ``"TH"``). Jokers are ``"BJ"`` (black, small), ``"RJ"`` (red, big) and the rummy ``"JK"``.
Two copies of a card in a two-deck game have the same code: hands are multisets.

>>> rank_value("TH"), suit("TH"), is_red("TH")
(10, 'H', True)
>>> adjacent("AS", "KD"), adjacent("AS", "2C"), adjacent("AS", "3C")
(True, True, False)
"""

from __future__ import annotations

import random

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
}
JOKERS = ("BJ", "RJ", "JK")

_RANK_VALUE = {r: i + 1 for i, r in enumerate(RANKS)}  # A=1 .. K=13
_HIGH_VALUE = {r: (14 if r == "A" else i + 1) for i, r in enumerate(RANKS)}  # 2=2 .. A=14


def standard_deck(decks: int = 1) -> list[str]:
    """``decks`` copies of the 52 cards, in a fixed order (suit by suit, A..K)."""
    return [r + s for _ in range(decks) for s in SUITS for r in RANKS]


ALL_CARDS = frozenset(standard_deck()) | frozenset(JOKERS)


def is_joker(card: str) -> bool:
    return card in JOKERS


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in ALL_CARDS


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def rank_value(card: str) -> int:
    """A=1, 2..10, J=11, Q=12, K=13 (ace low)."""
    return _RANK_VALUE[card[0]]


def high_value(card: str) -> int:
    """2..10, J=11, Q=12, K=13, A=14 (ace high, as in trick games)."""
    return _HIGH_VALUE[card[0]]


def is_red(card: str) -> bool:
    return card[1] in "HD" if card not in JOKERS else card == "RJ"


def adjacent(a: str, b: str, wrap: bool = True) -> bool:
    """True when the ranks of ``a`` and ``b`` are one apart (A next to K and 2 when ``wrap``)."""
    diff = abs(rank_value(a) - rank_value(b))
    return diff == 1 or (wrap and diff == 12)


def shuffled(cards: list[str], rng: random.Random) -> list[str]:
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def sort_hand(cards: list[str], ace_high: bool = True, suits: str = SUITS) -> list[str]:
    """Cards grouped by suit in ``suits`` order, then by rank; jokers last."""
    value = high_value if ace_high else rank_value

    def key(card: str) -> tuple[int, int]:
        if card in JOKERS:
            return (len(suits), JOKERS.index(card))
        return (suits.index(card[1]), value(card))

    return sorted(cards, key=key)
