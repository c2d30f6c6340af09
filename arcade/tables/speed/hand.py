"""A local player's hand on the Speed table: its cards (a card on its way to a pile gone), their
sprites with the cursor and the selection, and what confirm or a click does: play the card under the
cursor, draw from the stockpile onto an empty slot, flip the side piles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.arcade.anim import Vec
from cardtable.arcade.tables.base import LEGAL, Action, Sprite

if TYPE_CHECKING:
    from cardtable.arcade.tables.speed.table import SpeedTable

Sent = list[tuple[int, Action]]
NO_FIT = "That card fits neither pile"


class Hand:
    """The local seats' hands (the other's hand is backs, built by the table)."""

    def __init__(self, table: SpeedTable) -> None:
        self.table = table

    def cards(self, seat: int) -> list[str]:
        t = self.table
        if seat not in t.views:
            return []
        pending = t.outbox.pending_cards(seat)
        return [c for c in t.views[seat].get("hand") or [] if c not in pending]

    def build(self, seat: int, size: tuple[int, int], phase: str | None, stock_top: Vec) -> None:
        t = self.table
        hand = self.cards(seat)
        state = t.controls.inputs[seat]
        legal = t.legals.get(seat, [])
        playable = {a.get("card") for a in legal if a.get("type") == "play"}
        flipped = t.sides.flipped(seat)
        colour = t.sides.seat_colour(seat)
        cursor = state.cursor % len(hand) if hand else -1
        direction = 1 if flipped else -1
        for i, (card, rect) in enumerate(zip(hand, t.seating.hand_rects(seat, len(hand)), strict=True)):
            glow = LEGAL if card in playable else None
            mark = None
            lift = 0
            if i == cursor and state.device != "mouse" and phase == "play" and not t.replaying:
                glow, mark, lift = colour, colour, round(size[1] * 0.1)
            if card == state.selected:
                glow, lift = colour, round(size[1] * 0.12)
            t.sprites.append(Sprite(
                card, card, rect.move(0, lift * direction), flipped=flipped,
                glow=glow, hit=("hand", card), seat=seat, origin=stock_top, mark=mark, group=f"hand {seat}",
            ))

    def confirm(self, seat: int) -> Sent:
        """Play the card under the cursor (onto the target, or the only pile it fits), else draw."""
        t = self.table
        legal = t.legals.get(seat, [])
        card = t.cursors.cursor_card(seat)
        draw = next((a for a in legal if a.get("type") == "draw"), None)
        if card is None:
            return [(seat, draw)] if draw else []
        action = t.cursors.choose_play(seat, card, t.controls.inputs[seat].target)
        if action is not None:
            return [(seat, action)]
        if draw is not None:
            return [(seat, draw)]
        t.race.refuse(seat, card, NO_FIT)
        return []

    def click(self, sprite: Sprite) -> Sent:
        """A click on a card plays it when one pile takes it, else selects it for a pile."""
        t = self.table
        seat = sprite.seat
        if seat is None or sprite.hit is None or sprite.hit[0] != "hand":
            return []
        card = sprite.hit[1]
        if not t.cursors.plays_for(seat, card):
            t.controls.inputs[seat].selected = None
            t.race.refuse(seat, card, NO_FIT)
            return []
        return t.race.pick(seat, card)

    def click_piles(self, pos: tuple[int, int], seat: int | None) -> Sent:
        """A click on your stockpile draws; on a side pile, flips (when listed)."""
        t = self.table
        seating = t.seating
        for s in [seat] if seat is not None else t.local_seats:
            if seating.stock_rect(s).collidepoint(pos):
                draw = t.find(s, type="draw")
                if draw:
                    return [(s, draw[0])]
            for p in (0, 1):
                if seating.side_rect(p).collidepoint(pos):
                    flip = t.find(s, type="flip")
                    if flip:
                        return [(s, flip[0])]
        return []
