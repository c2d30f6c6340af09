"""What the two real-time tables (Spit, Speed) share: a two-sided table where each local seat has its own
side (the second local seat sits at the top, its cards turned to face it), a cursor per seat driven by
that seat's device, a target pile per seat, hints per side, and optimistic plays.

Each side is drawn in its player's own frame (the top player's first card is on the screen's right,
their left). Controls per seat: left/right move the cursor over your cards; up/down pick the target
pile; confirm plays the card under the cursor (onto the target pile, or the only pile it fits);
``pile_a``/``pile_b`` play it onto the pile on your left / right. Mouse: click a card (it plays at once when only one pile takes it), or click a
card then a pile.
"""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade.anim import Effect
from cardtable.arcade.tables.base import CYAN, GOLD, LEGAL, MUTED, Action, Sprite, Table


class RealtimeTable(Table):
    """Base of the Spit and Speed tables."""

    realtime = True

    # -- sides ----------------------------------------------------------------------------------

    @property
    def bottom(self) -> int:
        return self.local_seats[0] if self.local_seats else 0

    @property
    def top(self) -> int:
        return 1 - self.bottom

    @property
    def couch(self) -> bool:
        return len(self.local_seats) >= 2

    def flipped(self, seat: int) -> bool:
        """Cards of the top seat face the top edge in couch play."""
        return self.couch and seat == self.top

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return CYAN if self.couch and seat == self.top else GOLD

    def view_of(self, seat: int) -> dict[str, Any]:
        """The freshest view that shows ``seat``'s public cards (any local seat's view will do)."""
        if seat in self.views:
            return self.views[seat]
        return self.view

    def name(self, seat: int) -> str:
        if not self.names and seat not in self.local_seats:
            return "Opponent"
        return super().name(seat)

    def rotated_text(self, text: str, px: float, colour: tuple[int, int, int]) -> pygame.Surface:
        key = ("rotated", text, round(px), colour)
        image = self._text_cache.get(key)
        if image is None:
            image = self._text_cache[key] = pygame.transform.rotate(self.text(text, px, colour), 180)
        return image

    def banner_y(self) -> float:
        return self.pile_rect(0).top - 62 * self.u

    def toast_place(self) -> tuple[float, int]:
        below_piles = self.pile_rect(0).bottom + 30 * self.u
        return below_piles + 20 * self.u, 1

    # -- cursor items (subclasses) ----------------------------------------------------------------

    def cursor_cards(self, seat: int) -> list[str | None]:
        """The cards under the cursor positions of ``seat``, left to right as that seat sees them."""
        return []

    def pile_rect(self, pile: int) -> pygame.Rect:
        raise NotImplementedError

    def piles(self) -> int:
        return 2

    # -- input ----------------------------------------------------------------------------------

    def plays_for(self, seat: int, card: str) -> list[Action]:
        return [a for a in self.legals.get(seat, []) if a.get("type") == "play" and a.get("card") == card]

    def choose_play(self, seat: int, card: str, pile: int | None) -> Action | None:
        """The play of ``card``: onto ``pile`` if legal there, else onto the only pile that takes it."""
        plays = self.plays_for(seat, card)
        if pile is not None:
            exact = [a for a in plays if a.get("pile") == pile]
            if exact:
                return exact[0]
        if len(plays) == 1 or (plays and pile is None):
            return plays[0]
        return None

    def cursor_card(self, seat: int) -> str | None:
        cards = self.cursor_cards(seat)
        if not cards:
            return None
        return cards[self.inputs[seat].cursor % len(cards)]

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or seat not in self.inputs:
            return []
        state = self.inputs[seat]
        if kind in ("left", "right"):
            count = max(1, len(self.cursor_cards(seat)))
            state.cursor = (state.cursor + (-1 if kind == "left" else 1)) % count
        else:
            state.target = (state.target + 1) % self.piles()
        return []

    def pile_for_button(self, seat: int, which: int) -> int:
        """The pile ``pile_a`` (which=0) or ``pile_b`` (1) means for ``seat``: the pile on their left first."""
        return which if not self.flipped(seat) else 1 - which

    def on_pile(self, seat: int | None, which: int) -> list[tuple[int, Action]]:
        if seat is None or seat not in self.inputs:
            return []
        pile = self.pile_for_button(seat, which)
        card = self.cursor_card(seat)
        self.inputs[seat].target = pile
        if card is None:
            return []
        action = self.choose_play(seat, card, pile)
        if action is None or action.get("pile") != pile:
            self.ask_host(seat, {"type": "play", "card": card, "pile": pile}, card)
            return []
        return [(seat, action)]

    def refuse(self, card: str | None, text: str) -> None:
        """A move the legal list does not hold: say so, without asking the host."""
        if card is not None:
            self.effects.add(Effect("shake", key=card, duration=0.3))
        self.toast(text, MUTED, 1.2)

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        button = self.button_at(pos, seat)
        if button is not None and button.enabled and button.action is not None and button.seat is not None:
            return [(button.seat, button.action)]
        for pile in range(self.piles()):
            if self.pile_rect(pile).collidepoint(pos):
                return self.click_pile(pile, seat)
        sprite = self.sprite_at(pos, seat)
        if sprite is None or sprite.hit is None or sprite.seat is None:
            return self.click_empty(pos, seat)
        return self.click_sprite(sprite)

    def click_pile(self, pile: int, seat: int | None) -> list[tuple[int, Action]]:
        seats = [seat] if seat is not None else self.local_seats
        for s in seats:
            selected = self.inputs[s].selected if s in self.inputs else None
            if selected is not None:
                self.inputs[s].selected = None
                action = self.choose_play(s, selected, pile)
                if action is not None and action.get("pile") == pile:
                    return [(s, action)]
                self.ask_host(s, {"type": "play", "card": selected, "pile": pile}, selected)
                return []
        return self.pile_clicked(pile, seat)

    def pile_clicked(self, pile: int, seat: int | None) -> list[tuple[int, Action]]:
        return []

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        if seat in self.inputs:
            self.inputs[seat].selected = None
        for pile in range(self.piles()):
            rect = self.pile_rect(pile)
            if rect.inflate(rect.width // 2, rect.height // 3).collidepoint(pos):
                action = self.choose_play(seat, card, pile)
                if action is not None and action.get("pile") == pile:
                    return [(seat, action)]
                self.ask_host(seat, {"type": "play", "card": card, "pile": pile}, card)
                return []
        return self.dropped_elsewhere(seat, card, pos)

    def dropped_elsewhere(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        return []

    def click_empty(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        return []

    def click_sprite(self, sprite: Sprite) -> list[tuple[int, Action]]:
        return []

    # -- drawing helpers ------------------------------------------------------------------------

    def side_hints(self, surface: pygame.Surface, seat: int, hints: list[str]) -> None:
        """Hints along the seat's own edge (upside down for the top seat in couch play)."""
        if seat not in self.local_seats:
            return
        if self.flipped(seat):
            text = "   \u00b7   ".join(h for h in hints if h)
            if not text:
                return
            image = self.rotated_text(text, self.fit(text, 19 * self.u, self.W * 0.94), MUTED)
            back = self.panel((image.get_width() + round(24 * self.u), image.get_height() + round(10 * self.u)),
                              (0, 0, 0, 110), border=None)
            rect = back.get_rect(midtop=(self.W // 2, round(4 * self.u)))
            surface.blit(back, rect)
            surface.blit(image, image.get_rect(center=rect.center))
        else:
            self.draw_hints(surface, hints)

    def draw_under(self, surface: pygame.Surface, alpha: float) -> None:
        for pile in (0, 1):
            glow = self.pile_glow(pile)
            if glow is not None:
                rect = self.pile_rect(pile)
                pad = self.art.glow_pad(rect.size)
                surface.blit(self.art.glow(rect.size, glow), (rect.x - pad, rect.y - pad))

    def pile_glow(self, pile: int) -> tuple[int, int, int] | None:
        """Green when the card under some local cursor (or selected) can go on ``pile``."""
        for seat in self.local_seats:
            state = self.inputs.get(seat)
            if state is None:
                continue
            card = state.selected or (self.cursor_card(seat) if state.device != "mouse" else None)
            if card is not None and any(a.get("pile") == pile for a in self.plays_for(seat, card)):
                return LEGAL
        return None
