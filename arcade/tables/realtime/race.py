"""A seat's input in the race turned into plays: the pile buttons, clicks on a button, a pile or a card,
drops on a pile, and refusals said to that player. A play the legal list does not hold goes to the host
anyway (:meth:`~.parts.outbox.Outbox.ask`), so its refusal says why."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.arcade.anim import Effect
from cardtable.arcade.tables.base import MUTED, Action

if TYPE_CHECKING:
    from cardtable.arcade.tables.realtime.table import RealtimeTable

Sent = list[tuple[int, Action]]


class Race:
    """The real-time input (see the module's docstring); the game's table answers what is its own
    (``click_sprite``, ``click_empty``, ``pile_clicked``, ``dropped_elsewhere``)."""

    def __init__(self, table: RealtimeTable) -> None:
        self.table = table

    def play_on(self, seat: int, card: str, pile: int) -> Sent:
        """``card`` onto ``pile``: the listed play, or else asked of the host (which says why not)."""
        action = self.table.cursors.choose_play(seat, card, pile)
        if action is not None and action.get("pile") == pile:
            return [(seat, action)]
        self.table.outbox.ask(seat, {"type": "play", "card": card, "pile": pile}, card)
        return []

    def pick(self, seat: int, card: str) -> Sent:
        """A clicked card: played when exactly one pile takes it, else selected (or let go when it was)."""
        plays = self.table.cursors.plays_for(seat, card)
        state = self.table.controls.inputs[seat]
        if len(plays) == 1:
            state.selected = None
            return [(seat, plays[0])]
        state.selected = None if state.selected == card else card
        return []

    def pile_button(self, seat: int | None, which: int) -> Sent:
        """``pile_a`` (which=0) or ``pile_b``: the card under the cursor onto that pile."""
        t = self.table
        if seat is None or seat not in t.controls.inputs:
            return []
        pile = t.pile_for_button(seat, which)
        card = t.cursors.cursor_card(seat)
        t.controls.inputs[seat].target = pile
        if card is None:
            return []
        return self.play_on(seat, card, pile)

    def refuse(self, seat: int | None, card: str | None, text: str) -> None:
        """A move the legal list does not hold: say so to that player, without asking the host."""
        if card is not None:
            self.table.effects.add(Effect("shake", key=card, duration=0.3))
        self.table.toasts.add(text, MUTED, 1.6, seat=seat, until_change=True)

    def click(self, pos: tuple[int, int], seat: int | None) -> Sent:
        t = self.table
        button = t.controls.button_at(pos, seat)
        if button is not None and button.enabled and button.action is not None and button.seat is not None:
            return [(button.seat, button.action)]
        for pile in range(t.piles()):
            if t.seating.pile_rect(pile).collidepoint(pos):
                return self.click_pile(pile, seat)
        sprite = t.controls.sprite_at(pos, seat)
        if sprite is None or sprite.hit is None or sprite.seat is None:
            return t.click_empty(pos, seat)
        return t.click_sprite(sprite)

    def click_pile(self, pile: int, seat: int | None) -> Sent:
        """A click on a pile plays a seat's selected card there (else the game says what it means)."""
        t = self.table
        seats = [seat] if seat is not None else t.local_seats
        for s in seats:
            selected = t.controls.inputs[s].selected if s in t.controls.inputs else None
            if selected is not None:
                t.controls.inputs[s].selected = None
                return self.play_on(s, selected, pile)
        return t.pile_clicked(pile, seat)

    def drop(self, seat: int, card: str, pos: tuple[int, int]) -> Sent:
        """A card let go near a pile plays there (elsewhere the game says what it means)."""
        t = self.table
        if seat in t.controls.inputs:
            t.controls.inputs[seat].selected = None
        for pile in range(t.piles()):
            rect = t.seating.pile_rect(pile)
            if rect.inflate(rect.width // 2, rect.height // 3).collidepoint(pos):
                return self.play_on(seat, card, pile)
        return t.dropped_elsewhere(seat, card, pos)
