"""A line for each half of a Go-Stop turn, on the table's recap panel (the right column, under the
legend): "Bot 3 played 9 animal, took 9 junk" and "  turned 11 junk, no match". A bot's whole turn
(its card, the stock card, what each took) passes in about a second; the lines stay long enough to
read, and the recap key shows them again (:mod:`cardtable.arcade.tables.parts.recap`).

The words come from the host's events alone: ``played``/``bomb``/``flip`` start a turn, ``turned``
is the stock card, each ``captured`` goes to the half whose month it is, and kiss, ppuk, sweep and
the junk taken from the others are told with the half they belong to."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade.tables.parts.palette import GOLD, INK
from cardtable.arcade.tables.parts.recap import Recap
from cardtable.engine import hwatu
from cardtable.engine.coach.go_stop import KIND_WORDS

if TYPE_CHECKING:
    from cardtable.arcade.tables.go_stop.table import GoStopTable

SAME_MONTH = {"kiss": "kiss, took both", "ppuk": "ppuk, the three stacked", "ttadak": "ttadak, took all four"}
COLUMN = 260  # the panel's width, in table units (the table's piles keep left of it)


def card_words(card: str) -> str:
    """A hwatu card by the number in its corner and its kind: "09A" -> "9 animal"."""
    if hwatu.is_joker(card):
        return "bonus card"
    return f"{int(hwatu.month(card))} {KIND_WORDS[hwatu.kind(card)]}"


def took(cards: list[str]) -> str:
    return " and ".join(card_words(c) for c in cards) if len(cards) <= 2 else f"{len(cards)} cards"


def said(phrases: list[str]) -> str:
    return ", took " + " and ".join(phrases) if phrases else ""


@dataclass
class Turn:
    """What one seat did in one turn, as far as the events have told."""

    seat: int
    number: int  # turns told so far (the lines' keys)
    played: str  # "played 9 animal", "bombed month 9", "played no card"
    card: str = ""  # the card played (a bomb's first), "" for none
    own: tuple[str, ...] = ()  # the cards put down from the hand (a bomb's three)
    turned: str = ""  # the stock card turned
    bonus_turned: bool = False  # a bonus card came off the stock first
    taken: list[str] = field(default_factory=list)  # what the card played took ("9 junk", "the stack")
    taken_turned: list[str] = field(default_factory=list)  # and the card turned
    stack: str = ""  # the next capture is a stack ("the stack", "its own stack")
    same_month: str = ""  # kiss, ppuk or ttadak: the turned card fell on the played one
    notes: list[str] = field(default_factory=list)  # a sweep, junk taken from the others


class Narration:
    """Hears the host's events and tells each turn on a :class:`Recap` of two lines a player."""

    def __init__(self, table: GoStopTable) -> None:
        self.table = table
        self.recap = Recap(table, rows=6)
        self.turn: Turn | None = None
        self.told = 0
        self._stolen = 0
        self._heard = False  # the current turn heard something not yet said
        self._calls: list[str] = []  # Go and Stop calls heard, said after the turn that led to them

    def who(self, seat: int) -> str:
        return self.table.name(seat).split(" (")[0]

    def hear(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        self._heard = True
        if kind == "deal":
            self.turn = None
            self._calls = []
            self.recap.rows = 2 * max(2, self.table.seating.players)
            self.recap.forget()
        elif not isinstance(seat, int):
            return
        elif kind == "played":
            card = str(event.get("card") or "")
            shook = " (shook)" if event.get("shake") else ""
            self._start(seat, f"played {card_words(card)}{shook}", card, (card,))
        elif kind == "bomb":
            cards = [str(c) for c in event.get("cards") or []]
            words = f"bombed month {int(hwatu.month(cards[0]))}" if cards else "bombed"
            self._start(seat, words, cards[0] if cards else "", tuple(cards))
        elif kind == "flip":
            self._start(seat, "played no card (a bomb's turn)", "", ())
        elif kind in ("go", "stop"):  # (an automatic Stop is followed by "stop")
            self._call(seat, event)
        else:
            self._during(seat, kind, event)

    def _start(self, seat: int, played: str, card: str, own: tuple[str, ...]) -> None:
        self.told += 1
        self.turn = Turn(seat, self.told, played, card, own)
        self._stolen = 0

    def _during(self, seat: int, kind: Any, event: dict[str, Any]) -> None:
        turn = self.turn
        if turn is None or turn.seat != seat:
            return
        if kind == "turned" and hwatu.is_joker(turn.card):  # a bonus card played: the stock's card is played
            turn.card = str(event.get("card") or "")
            turn.played += f", then {card_words(turn.card)}"
        elif kind == "turned":
            turn.turned = str(event.get("card") or "")
        elif kind == "joker" and event.get("from") == "stock":
            turn.bonus_turned = True
        elif kind == "captured":
            self._captured(turn, [str(c) for c in event.get("cards") or []])
        elif kind in SAME_MONTH:
            turn.same_month = SAME_MONTH[kind]
        elif kind in ("stack", "ja_ppuk"):
            turn.stack = "the stack" if kind == "stack" else "its own stack"
        elif kind == "sweep":
            turn.notes.append("swept the table")
        elif kind == "stole":
            self._stolen += 1
            turn.notes = [n for n in turn.notes if not n.startswith("+")] + [f"+{self._stolen} junk from the others"]

    def _captured(self, turn: Turn, cards: list[str]) -> None:
        month = hwatu.month(turn.card) if turn.card else ""
        others = [c for c in cards if c not in (turn.card, turn.turned, *turn.own)]
        phrase = f"{turn.stack} ({len(others)} cards)" if turn.stack else took(others)
        turn.stack = ""
        if turn.turned and hwatu.month(turn.turned) == month:
            turn.taken_turned.append(phrase)  # kiss or ttadak: both halves took them
        elif month and (turn.card in cards or any(hwatu.month(c) == month for c in others)):
            turn.taken.append(phrase)
        else:
            turn.taken_turned.append(phrase)

    def _call(self, seat: int, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "go":
            text = f"{self.who(seat)}: Go {event.get('goes', '')}".rstrip()
        else:
            score = event.get("score")
            text = f"{self.who(seat)}: Stop" + (f" at {score} points" if score is not None else "")
        self._calls.append(text)

    def told_turn(self) -> None:
        """Say (or say again, completed) the current turn's lines: called once the events of a view
        are all heard (the card played captures only after the stock card is turned)."""
        turn = self.turn
        if turn is not None and self._heard:
            self._say_turn(turn)
        self._heard = False
        for call in self._calls:
            self.recap.say(call, GOLD)
        self._calls = []

    def _say_turn(self, turn: Turn) -> None:
        first = f"{self.who(turn.seat)} {turn.played}"
        if turn.taken:
            first += said(turn.taken)
        elif turn.turned and not turn.same_month and turn.card and not hwatu.is_joker(turn.card):
            first += ", no match"
        self.recap.say(first, INK, key=(turn.seat, turn.number, 1))
        parts = list(turn.notes)
        if turn.turned:
            second = f"turned {'a bonus card, then ' if turn.bonus_turned else ''}{card_words(turn.turned)}"
            if turn.same_month:
                second += f": {turn.same_month}"
            elif turn.taken_turned:
                second += said(turn.taken_turned)
            elif self.table.view.get("phase") != "choose":
                second += ", no match"
            parts.insert(0, second)
        if parts:
            self.recap.say("  " + "; ".join(parts), INK, key=(turn.seat, turn.number, 2))

    def tick(self, dt: float) -> None:
        self.recap.tick(dt)

    def left(self) -> float:
        """The panel's left edge (the right column's)."""
        t = self.table
        return t.W - 8 * t.u - COLUMN * t.u

    def rect(self) -> pygame.Rect:
        """Where the panel goes: the right column, under the legend, above the buttons there."""
        t = self.table
        top = t.seating.legend_rect().bottom + 10 * t.u
        return pygame.Rect(round(self.left()), round(top), round(COLUMN * t.u), self.recap.height())

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        rect = self.rect()
        bottom = min([b.rect.top - 8 * t.u for b in t.buttons if b.rect.right > rect.left] + [t.H - 44 * t.u])
        self.recap.draw(surface, rect.topleft, rect.width, bottom)
