"""The cards of the pending table: a :class:`Tile` is one card as it would go to the host ("5H",
"JK=7H"), and where it came from; a meld's unnamed jokers are named from its real cards."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.cards import RANKS, SUITS

JOKER = "JK"
NAMED = "JK="


@dataclass(slots=True)
class Tile:
    """One card of the pending table: ``text`` as it would go to the host ("5H", "JK=7H")."""

    text: str
    from_hand: bool

    @property
    def code(self) -> str:
        """What the card art draws."""
        return JOKER if self.text.startswith(JOKER) else self.text

    @property
    def name(self) -> str | None:
        """The card it counts as (a joker's name; None for an unnamed hand joker)."""
        if self.text.startswith(NAMED):
            return self.text[len(NAMED):]
        return None if self.text == JOKER else self.text


def _value(card: str, high: bool = False) -> int:
    v = RANKS.index(card[0]) + 1
    return 14 if high and v == 1 else v


def hand_key(card: str) -> tuple[int, int]:
    """The hand's order: by suit, then rank; jokers (and anything odd) last."""
    if card == JOKER or len(card) != 2 or card[1] not in SUITS or card[0] not in RANKS:
        return (9, 0)
    return (SUITS.index(card[1]), RANKS.index(card[0]))


def joker_names(meld: list[Tile]) -> list[str]:
    """Names for the meld's unnamed jokers, read from its real cards: a group's missing suits, or a
    sequence's gaps then its ends. Empty when the meld says nothing (the player names them)."""
    real = [t.name for t in meld if t.name]
    count = sum(1 for t in meld if t.name is None)
    if not real or not count:
        return []
    ranks = {c[0] for c in real}
    suits = {c[1] for c in real}
    if len(ranks) == 1 and len(suits) == len(real):
        free = [s for s in SUITS if s not in suits]
        return [next(iter(ranks)) + s for s in free[:count]]
    if len(suits) != 1:
        return []
    suit = next(iter(suits))
    high = any(c[0] in "KQ" for c in real)
    values = sorted(_value(c, high) for c in real)
    names: list[int] = [v for v in range(values[0], values[-1]) if v not in values]
    up, down = values[-1] + 1, values[0] - 1
    while len(names) < count and (up <= 14 or down >= 1):
        if up <= (14 if high or values[0] > 1 else 13):
            names.append(up)
            up += 1
        elif down >= 1:
            names.append(down)
            down -= 1
        else:
            break
    return [RANKS[(v - 1) % 13] + suit for v in names[:count]]


def name_jokers(meld: list[Tile]) -> None:
    """Name the meld's unnamed jokers where its real cards say what they stand for."""
    names = joker_names(meld)
    for tile in meld:
        if tile.name is None and names:
            tile.text = NAMED + names.pop(0)


def joker_choices(others: list[Tile]) -> list[str]:
    """What a joker beside ``others`` may be called, likeliest first (each name once)."""
    real = [t.name for t in others if t.name]
    options = list(joker_names([*others, Tile(JOKER, True)]))
    for c in real:
        options += [c[0] + s for s in SUITS] + [r + c[1] for r in RANKS]
    options += [r + s for s in SUITS for r in RANKS]
    return list(dict.fromkeys(options))


def sort_meld(meld: list[Tile]) -> list[Tile]:
    """A group by suit, a sequence by rank (an ace high beside a king or queen); jokers by their names."""
    named = [t.name for t in meld if t.name]
    if len({c[0] for c in named}) <= 1:
        return sorted(meld, key=lambda t: SUITS.index(t.name[1]) if t.name else 9)
    high = any(c[0] in "KQ" for c in named)
    return sorted(meld, key=lambda t: _value(t.name, high) if t.name else 99)



def cards_text(cards: list[str]) -> str:
    """Cards in a line of text, by suit then rank, as their codes with a 10 for T ("7H 8H 9H 10H");
    jokers last (the table's typeface has no suit signs)."""
    real = sorted((c for c in cards if not c.startswith(JOKER)), key=hand_key)
    jokers = len(cards) - len(real)
    words = [("10" + c[1]) if c[0] == "T" else c for c in real]
    return " ".join(words + ["joker"] * jokers)
