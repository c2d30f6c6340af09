"""The table's words for Tractor's suits, ranks, levels and jokers."""

from __future__ import annotations

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JOKER_PAIR = {"RJ": "pair of red jokers (big)", "BJ": "pair of black jokers (small)"}
STARTER = "starter: takes the kitty, leads first"
RANK_NAMES = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
JOKER_WORDS = {"RJ": "big joker", "BJ": "small joker"}


def rank_name(rank: str | None) -> str:
    return RANK_NAMES.get(rank or "", rank or "-")


def level_name(level: int) -> str:
    return {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(level, str(level))


def cards_text(cards: list[str]) -> str:
    """Cards in a line of text, by suit in their order: "9 9 of spades, big joker" (the table's
    typeface has no suit signs)."""
    groups: list[tuple[str, list[str]]] = []
    for card in cards:
        suit = card if card in JOKER_WORDS else card[-1]
        if groups and groups[-1][0] == suit and card not in JOKER_WORDS:
            groups[-1][1].append(rank_name(card[0]))
        else:
            groups.append((suit, [JOKER_WORDS[card]] if card in JOKER_WORDS else [rank_name(card[0])]))
    return ", ".join(" ".join(ranks) if suit in JOKER_WORDS else f"{' '.join(ranks)} of {SUIT_NAMES.get(suit, suit)}"
                     for suit, ranks in groups)


def short_name(name: str) -> str:
    """A player's name without the bot's level: "Bot 2 (normal)" -> "Bot 2"."""
    return name.split(" (")[0]
