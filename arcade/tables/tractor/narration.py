"""A line for each move the other seats make, on the table's recap panel (in the right column, under
the last trick): "Bot 2 led a pair: 9 9 of spades", "Bot 3 trumped with 2 2 of diamonds (10 pts)",
"Bot 3 took the trick: +15 to the attackers". Bots at speed play a trick in a second; the lines stay
long enough to read (:mod:`cardtable.arcade.tables.parts.recap`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade.tables.base import GOLD
from cardtable.arcade.tables.parts.recap import Recap
from cardtable.arcade.tables.tractor.words import cards_text, short_name
from cardtable.engine import tractor_shapes

if TYPE_CHECKING:
    from cardtable.arcade.tables.tractor.table import TractorTable

SHAPES = {"pair": "a pair", "single": "", "mixed suits": ""}


class Narration:
    """Hears the host's events and says the others' moves on a :class:`Recap` of four lines (the three
    others' plays and the trick's winner)."""

    def __init__(self, table: TractorTable) -> None:
        self.table = table
        self.recap = Recap(table, rows=4)
        self._led: list[str] | None = None  # the trick's lead ([] none yet; None: ask the view)

    def who(self, seat: int) -> str:
        return short_name(self.table.name(seat))

    def hear(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "play" and isinstance(seat, int):
            self._played(seat, list(event.get("cards") or []))
        elif kind == "trick":
            self._led = []
            if event.get("winner") is not None:
                self._trick(int(event["winner"]), int(event.get("points") or 0))
        elif kind == "round_over":
            self._led = []
            self.recap.clear()  # still reviewable
        elif kind == "redeal":
            self._led = []
            self.recap.forget()
        elif kind == "declare" and isinstance(seat, int) and seat != self.table.me:
            cards = list(event.get("cards") or [])
            self.recap.say(f"{self.who(seat)} declared with {cards_text(cards)}")
        elif kind == "bury" and isinstance(seat, int) and seat != self.table.me:
            self.recap.say(f"{self.who(seat)} took the kitty and buried 8 cards")

    def _played(self, seat: int, cards: list[str]) -> None:
        known = self._led
        if known is None:
            trick = self.table.view.get("trick") or []  # the view before this play
            known = list(trick[0].get("cards") or []) if trick else []
        led = known or None
        self._led = known or cards
        if seat == self.table.me:
            return
        pts = tractor_shapes.points(cards)
        tail = f" ({pts} pts)" if pts else ""
        if led is None:
            shape = self.table.picking.shape(cards)
            what = SHAPES.get(shape, f"a {shape}")
            self.recap.say(f"{self.who(seat)} led {what + ': ' if what else ''}{cards_text(cards)}{tail}")
            return
        self.recap.say(f"{self.who(seat)} {self._follow_verb(led, cards)} {cards_text(cards)}{tail}")

    def _follow_verb(self, led: list[str], cards: list[str]) -> str:
        order = self.table.picking.order()
        if order is None or any(c not in order for c in led + cards):
            return "played"
        suit = order[led[0]][0]
        classes = {order[c][0] for c in cards}
        if classes == {suit}:
            return "followed with"
        if suit != tractor_shapes.TRUMP and classes == {tractor_shapes.TRUMP}:
            return "trumped with"
        if suit not in classes:
            return "discarded"
        return "followed with"

    def _trick(self, winner: int, pts: int) -> None:
        declarers = self.table.view.get("declarers")
        text = f"{self.who(winner)} took the trick"
        if pts and declarers is not None:
            text += f": attackers +{pts}" if winner % 2 != declarers else f": {pts} pts saved"
        elif pts:
            text += f" ({pts} pts)"
        self.recap.say(text, GOLD)

    def tick(self, dt: float) -> None:
        self.recap.tick(dt)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.table.seating.recap_rect()
        self.recap.draw(surface, rect.topleft, rect.width)
