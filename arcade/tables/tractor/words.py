"""The table's words for Tractor's suits, ranks, levels and jokers."""

from __future__ import annotations

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JOKER_PAIR = {"RJ": "pair of red jokers (big)", "BJ": "pair of black jokers (small)"}
STARTER = "starter: takes the kitty, leads first"
RANK_NAMES = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}


def rank_name(rank: str | None) -> str:
    return RANK_NAMES.get(rank or "", rank or "-")


def level_name(level: int) -> str:
    return {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(level, str(level))
