"""What a game's ``build()`` lays out (card sprites and buttons) and the words for cards and actions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pygame

from cardtable.arcade.anim import Vec
from cardtable.arcade.tables.parts.palette import Colour

Action = dict[str, Any]

CARD_CODE = re.compile(r"\b[A2-9TJQK][SHDC]\b")
RANK_WORDS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(slots=True)
class Sprite:
    """One card on the table: where the latest view puts it and how it is drawn."""

    key: object
    code: str | None  # None: face down
    rect: pygame.Rect
    flipped: bool = False
    origin: Vec | None = None  # where a new card comes from
    glow: Colour | None = None
    dim: bool = False
    hit: tuple | None = None  # what clicking it means, e.g. ("hand", seat, card)
    seat: int | None = None  # the seat whose device may use it
    shadow: bool = True
    delay: float = 0.0
    mark: Colour | None = None  # a cursor marker drawn above (or below, when flipped) the card
    group: str = ""  # the layout group it belongs to ("hand 0", "trick", "captures 1"; see Reporter)
    glide: bool = True  # False: from one place at rest to the next at once (a card new or on its way glides)


@dataclass(slots=True)
class Button:
    rect: pygame.Rect
    label: str
    action: Action | None
    seat: int | None
    enabled: bool = True
    note: str = ""  # small text under the label ("hook")
    focus: bool = False
    hit: tuple | None = None
    icon: pygame.Surface | None = None  # drawn left of the label (a suit pip, a joker)
    hinted: bool = False  # the Hint button suggests it


def fan(count: int, centre_x: float, y: float, size: tuple[int, int], max_width: float,
        max_gap: float | None = None) -> list[pygame.Rect]:
    """``count`` overlapping card rects centred on ``centre_x``, never wider than ``max_width``."""
    if count <= 0:
        return []
    w, h = size
    gap = max_gap if max_gap is not None else w * 1.08
    if count > 1:
        gap = min(gap, (max_width - w) / (count - 1))
    total = w + gap * (count - 1)
    left = centre_x - total / 2
    return [pygame.Rect(round(left + i * gap), round(y), w, h) for i in range(count)]


def card_words(code: str) -> str:
    """A French card code as a player says it: "TD" -> "10 of diamonds" (host reasons use codes)."""
    return f"{RANK_WORDS.get(code[0], code[0])} of {SUIT_WORDS[code[1]]}"


def action_matches(action: Action, fields: dict[str, Any]) -> bool:
    return all(action.get(k) == v for k, v in fields.items())


def describe(action: Action) -> str:
    """A short button label for an action the table has no special widget for."""
    kind = str(action.get("type", "?")).replace("_", " ")
    parts = [kind.capitalize()]
    for key, value in action.items():
        if key in ("type", "choose"):
            continue
        if isinstance(value, list):
            value = " ".join(str(v) for v in value)
        parts.append(f"{value}" if key in ("card", "cards", "bid") else f"{key.replace('_', ' ')} {value}")
    if "choose" in action:
        parts.append("(choose)")
    return " ".join(parts)
