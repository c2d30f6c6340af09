"""What the two real-time tables (Spit, Speed) share: a table where each local seat has its own side, a
cursor per seat driven by that seat's device, a target pile per seat, hints and messages per seat, and
optimistic plays.

Arrangements (:attr:`RealtimeTable.arrangement`):

- ``single``: one player on this screen; their cards at the bottom, the opponent's at the top.
- ``side`` (two players on one screen, the default): the window split down the middle, the first local
  player on the left half, the second on the right; the shared piles across the top; each half has its
  player's cards, cursor, messages and hints, nothing upside down, and left is left for both.
- ``facing`` (two players on one screen, Settings "Two on one screen: face to face", for a tablet lying
  between them): the second player sits at the top, their cards, hints and messages turned to face them,
  so their left is the screen's right.

Controls per seat: left/right move the cursor over your cards; up/down pick the target pile; confirm
plays the card under the cursor (onto the target pile, or the only pile it fits); ``pile_a``/``pile_b``
play it onto the pile on your left / right as you look at the table. Mouse: click a card (it plays at
once when only one pile takes it), or click a card then a pile. Hints name the buttons of the device
each player last used, and mention the mouse only to a player using it.
"""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.anim import Effect
from cardtable.arcade.tables.base import (
    CYAN,
    GOLD,
    LEGAL,
    MENU_STRIP,
    MUTED,
    Action,
    Button,
    Colour,
    Hint,
    Sprite,
    Table,
    Toast,
)

SINGLE, SIDE, FACING = "single", "side", "facing"
COUCH_LAYOUTS = (SIDE, FACING)


class RealtimeTable(Table):
    """Base of the Spit and Speed tables."""

    realtime = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.couch_layout = SIDE
        super().__init__(*args, **kwargs)

    # -- sides ----------------------------------------------------------------------------------

    @property
    def bottom(self) -> int:
        """The first local seat: at the bottom, or on the left half side by side."""
        return self.local_seats[0] if self.local_seats else 0

    @property
    def top(self) -> int:
        """The other seat: at the top, or on the right half side by side."""
        return 1 - self.bottom

    @property
    def couch(self) -> bool:
        return len(self.local_seats) >= 2

    @property
    def arrangement(self) -> str:
        if not self.couch:
            return SINGLE
        return self.couch_layout if self.couch_layout in COUCH_LAYOUTS else SIDE

    @property
    def side_by_side(self) -> bool:
        return self.arrangement == SIDE

    def set_couch_layout(self, layout: str) -> None:
        """Side by side or face to face (for two players on this screen)."""
        layout = layout if layout in COUCH_LAYOUTS else SIDE
        if layout != self.couch_layout:
            self.couch_layout = layout
            self.resize(self.size)

    def flipped(self, seat: int) -> bool:
        """Cards, hints and messages of the top seat face the top edge when the players face each other."""
        return self.arrangement == FACING and seat == self.top

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return CYAN if self.couch and seat == self.top else GOLD

    def half(self, seat: int) -> pygame.Rect:
        """The seat's part of the window: its half side by side, else the whole width."""
        if not self.side_by_side:
            return pygame.Rect(0, 0, self.W, self.H)
        w = self.W // 2
        return pygame.Rect(0 if seat == self.bottom else self.W - w, 0, w, self.H)

    def plate_centre(self, seat: int) -> tuple[float, float]:
        """Where a player's name plate goes: the top corners side by side, else their own corner."""
        if self.side_by_side:
            return (self.W * (0.1 if seat == self.bottom else 0.9), self.top_row())
        if seat == self.bottom:
            return (self.W * 0.1, self.H - 100 * self.u)
        return (self.W * 0.9, 100 * self.u)

    def beside(self, seat: int) -> pygame.Rect:
        """Side by side: the outermost card of the piles' row on ``seat``'s side (the button goes beyond)."""
        raise NotImplementedError

    def offered(self, button: Button) -> bool:
        """A call (Ready, Spit!, Flip!) waits until the seat's cards have landed: a dealt layout, a
        card drawn into the hand may change what the player wants to call."""
        return button.seat is None or not self.arriving(button.seat)

    def button_centre(self, seat: int) -> tuple[float, float]:
        """A player's call button (Ready, Spit!, Flip!): side by side under their plate, beside the piles'
        row on their own side; else by their plate."""
        if self.side_by_side:
            outer = self.beside(seat)
            x = outer.left / 2 if seat == self.bottom else (outer.right + self.W) / 2
            return (x, outer.centery)
        cx, cy = self.plate_centre(seat)
        return (cx, cy + (-95 * self.u if seat == self.bottom else 95 * self.u))

    def top_row(self) -> float:
        """Side by side: the centre y of the row of name plates and the table's message (under the
        menu badge)."""
        return (MENU_STRIP + 46) * self.u

    def view_of(self, seat: int) -> dict[str, Any]:
        """The freshest view that shows ``seat``'s public cards (any local seat's view will do)."""
        if seat in self.views:
            return self.views[seat]
        return self.view

    def name(self, seat: int) -> str:
        if not self.plates.names and seat not in self.local_seats:
            return "Opponent"
        return super().name(seat)

    def banner_y(self) -> float:
        if self.side_by_side:
            return self.pile_rect(0).centery
        return self.pile_rect(0).top - 62 * self.u

    def toast_place(self) -> tuple[float, int]:
        below_piles = self.pile_rect(0).bottom + 30 * self.u
        return below_piles + 20 * self.u, 1

    # -- messages -------------------------------------------------------------------------------

    def table_message(self) -> tuple[str, Colour] | None:
        """What the whole table needs to know now ("Slap a pile!"), if anything."""
        return None

    def seat_message(self, seat: int) -> tuple[str, Colour] | None:
        """What this local player needs to know now (why they cannot call Spit! yet), if anything."""
        return None

    def message_centre(self, seat: int | None) -> tuple[float, float]:
        """Where a message for ``seat`` goes (None: the table's message)."""
        raise NotImplementedError

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
        return cards[self.controls.inputs[seat].cursor % len(cards)]

    def follow_hint(self, seat: int, tip: Any) -> None:
        """The cursor goes to the card the hint plays (or the place whose card it turns up) and the
        target to its pile, so the confirm key makes the hinted move."""
        if seat not in self.controls.inputs:
            return
        state = self.controls.inputs[seat]
        cards = self.cursor_cards(seat)
        if tip.cards and tip.cards[0] in cards:
            state.cursor = cards.index(tip.cards[0])
        elif tip.place is not None and 0 <= tip.place < len(cards):
            state.cursor = tip.place
        if tip.pile is not None:
            state.target = tip.pile

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or seat not in self.controls.inputs:
            return []
        state = self.controls.inputs[seat]
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
        if seat is None or seat not in self.controls.inputs:
            return []
        pile = self.pile_for_button(seat, which)
        card = self.cursor_card(seat)
        self.controls.inputs[seat].target = pile
        if card is None:
            return []
        action = self.choose_play(seat, card, pile)
        if action is None or action.get("pile") != pile:
            self.outbox.ask(seat, {"type": "play", "card": card, "pile": pile}, card)
            return []
        return [(seat, action)]

    def refuse(self, seat: int | None, card: str | None, text: str) -> None:
        """A move the legal list does not hold: say so to that player, without asking the host."""
        if card is not None:
            self.effects.add(Effect("shake", key=card, duration=0.3))
        self.toasts.add(text, MUTED, 1.6, seat=seat, until_change=True)

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        button = self.controls.button_at(pos, seat)
        if button is not None and button.enabled and button.action is not None and button.seat is not None:
            return [(button.seat, button.action)]
        for pile in range(self.piles()):
            if self.pile_rect(pile).collidepoint(pos):
                return self.click_pile(pile, seat)
        sprite = self.controls.sprite_at(pos, seat)
        if sprite is None or sprite.hit is None or sprite.seat is None:
            return self.click_empty(pos, seat)
        return self.click_sprite(sprite)

    def click_pile(self, pile: int, seat: int | None) -> list[tuple[int, Action]]:
        seats = [seat] if seat is not None else self.local_seats
        for s in seats:
            selected = self.controls.inputs[s].selected if s in self.controls.inputs else None
            if selected is not None:
                self.controls.inputs[s].selected = None
                action = self.choose_play(s, selected, pile)
                if action is not None and action.get("pile") == pile:
                    return [(s, action)]
                self.outbox.ask(s, {"type": "play", "card": selected, "pile": pile}, selected)
                return []
        return self.pile_clicked(pile, seat)

    def pile_clicked(self, pile: int, seat: int | None) -> list[tuple[int, Action]]:
        return []

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        if seat in self.controls.inputs:
            self.controls.inputs[seat].selected = None
        for pile in range(self.piles()):
            rect = self.pile_rect(pile)
            if rect.inflate(rect.width // 2, rect.height // 3).collidepoint(pos):
                action = self.choose_play(seat, card, pile)
                if action is not None and action.get("pile") == pile:
                    return [(seat, action)]
                self.outbox.ask(seat, {"type": "play", "card": card, "pile": pile}, card)
                return []
        return self.dropped_elsewhere(seat, card, pos)

    def dropped_elsewhere(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        return []

    def click_empty(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        return []

    def click_sprite(self, sprite: Sprite) -> list[tuple[int, Action]]:
        return []

    # -- drawing helpers ------------------------------------------------------------------------

    def hints_for(self, seat: int) -> list[Hint]:
        """The hints of a local seat now (subclasses)."""
        return []

    def mouse_hint(self, seat: int | None, words: str) -> Hint | None:
        """A hint about the mouse, only for a player who is using it (each player here has a device)."""
        return ((), words) if self.controls.device(seat) == "mouse" else None

    def label(self, surface: pygame.Surface, text: str, px: float, colour: Colour, pos: tuple[float, float],
              seat: int) -> pygame.Rect:
        """A label centred at ``pos`` that belongs to ``seat``'s side (upside down for a player across)."""
        if not self.flipped(seat):
            return self.ink.blit_text(surface, text, px, colour, "center", pos)
        image = self.ink.turned_text(text, px, colour)
        rect = image.get_rect(center=(round(pos[0]), round(pos[1])))
        surface.blit(self.ink.turned_text(text, px, (0, 0, 0)), rect.move(-1, -2))
        surface.blit(image, rect)
        layout.report("label", rect, text)
        return rect

    def name_plate(self, surface: pygame.Surface, seat: int, centre: tuple[float, float], lines: list[tuple[str, Colour]],
                   active: bool = False, width: float | None = None) -> pygame.Rect:
        """As any table's, turned to face a player across the table."""
        if not self.flipped(seat):
            return self.plates.draw(surface, seat, centre, lines, active, width)
        scratch = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        with layout.quiet():
            rect = self.plates.draw(scratch, seat, (self.W / 2, self.H / 2), lines, active, width)
        image = pygame.transform.rotate(scratch.subsurface(rect), 180)
        placed = image.get_rect(center=(round(centre[0]), round(centre[1])))
        surface.blit(image, placed)
        layout.report("panel", placed, f"plate {seat}")
        return placed

    def hint_place(self, seat: int) -> tuple[float, float, float]:
        """Where ``seat``'s hint bar goes: centre x, the edge y it sits on, and the width it may take."""
        half = self.half(seat)
        if self.flipped(seat):
            return half.centerx, 2 * self.u, half.width * 0.94
        return half.centerx, self.H - 4 * self.u, half.width * 0.94

    def draw_seat_hints(self, surface: pygame.Surface, seat: int) -> None:
        """The seat's hints along its own edge (turned to face the top player when they sit opposite)."""
        if seat not in self.local_seats or self.replaying:
            return
        x, edge, width = self.hint_place(seat)
        hints = self.hints_for(seat)
        if len(self.local_seats) == 1:  # (two on one screen: each half's bar has no room to spare)
            hints = self.hint_bar.with_hint_button(seat, hints)
        image = self.hint_bar.image(seat, hints, width, self.flipped(seat))
        if image is None:
            return
        if self.flipped(seat):
            rect = image.get_rect(midtop=(round(x), round(edge)))
        else:
            rect = image.get_rect(midbottom=(round(x), round(edge)))
        surface.blit(image, rect)
        layout.report("hints", rect, f"hints {seat}")

    def message_lines(self, text: str, width: float) -> tuple[list[str], float]:
        """``text`` as one line, or two split at a word near the middle when one would get too small."""
        px = self.ink.fit(text, 26 * self.u, width)
        if px >= 20 * self.u or " " not in text:
            return [text], px
        words = text.split(" ")
        best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
        lines = [" ".join(words[:best]), " ".join(words[best:])]
        return lines, min(self.ink.fit(line, 24 * self.u, width) for line in lines)

    def draw_message(self, surface: pygame.Surface, text: str, colour: Colour, centre: tuple[float, float],
                     width: float, flipped: bool = False, name: str = "message", alpha: float = 1.0) -> pygame.Rect:
        """Text on a dark panel, on one line or two (upside down for a player across the table)."""
        image = self.ink.composed(("message", text, colour, round(width), flipped),
                                  lambda: self._message_panel(text, colour, width, flipped))
        rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
        self.ink.blit_faded(surface, image, rect, alpha)
        layout.report("label", rect, name)
        return rect

    def _message_panel(self, text: str, colour: Colour, width: float, flipped: bool) -> pygame.Surface:
        lines, px = self.message_lines(text, width - 36 * self.u)
        images = [self.ink.text(line, px, colour) for line in lines]
        inner = (max(i.get_width() for i in images), sum(i.get_height() for i in images))
        panel = self.ink.panel((inner[0] + round(36 * self.u), inner[1] + round(14 * self.u)), (0, 0, 0, 170),
                           border=(*colour, 160)).copy()
        y = (panel.get_height() - inner[1]) // 2
        for image in images:
            panel.blit(image, image.get_rect(midtop=(panel.get_width() // 2, y)))
            y += image.get_height()
        return pygame.transform.rotate(panel, 180) if flipped else panel

    def draw_messages(self, surface: pygame.Surface) -> None:
        """The table's message and each local player's own, where each belongs."""
        if any(e.kind == "banner" for e in self.effects.items):
            return  # a banner says it for now
        table = self.table_message()
        if self.arrangement == SINGLE:
            message = self.seat_message(self.bottom) if self.bottom in self.local_seats else None
            message = message or table
            if message:
                self.draw_message(surface, *message, self.message_centre(None), self.W * 0.92)
            return
        if table and self.side_by_side:  # both face the screen: one line across the top says it
            self.draw_message(surface, *table, self.message_centre(None), self.W * 0.6, name="table message")
            table = None
        for seat in self.local_seats:  # face to face: each player reads the table's news the right way up
            message = self.seat_message(seat) or table
            if message:
                width = self.half(seat).width * 0.92
                self.draw_message(surface, *message, self.message_centre(seat), width, self.flipped(seat),
                                  name=f"message {seat}")

    def toast_groups(self) -> list[tuple[list[Toast], tuple[float, float], float]]:
        if self.arrangement == SINGLE:
            return super().toast_groups()
        return []  # each player's own, drawn by draw_seat_toasts (turned for a player across the table)

    def draw_seat_toasts(self, surface: pygame.Surface) -> None:
        """Two players on one screen: each sees the table's toasts and their own on their side."""
        if self.arrangement == SINGLE:
            return
        for seat in self.local_seats:
            mine = [t for t in self.toasts if t.seat in (None, seat)][-2:]
            x, y = self.message_centre(seat)
            step = 40 * self.u * (-1 if self.flipped(seat) else 1)
            if self.seat_message(seat) or (self.arrangement == FACING and self.table_message()):
                y += step
            for toast in mine:
                self.draw_message(surface, toast.text, toast.colour, (x, y), self.half(seat).width * 0.92,
                                  self.flipped(seat), name=f"toast {seat}", alpha=min(1.0, toast.left / 0.4))
                y += step

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_messages(surface)
        self.draw_extra(surface, alpha)
        self.draw_seat_toasts(surface)
        for seat in self.local_seats:
            self.draw_seat_hints(surface, seat)

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        """Per-frame drawing of a subclass over the cards (a countdown)."""

    def draw_under(self, surface: pygame.Surface, alpha: float) -> None:
        for pile in (0, 1):
            glow = self.pile_glow(pile)
            rect = self.pile_rect(pile)
            if glow is not None:
                pad = self.art.glow_pad(rect.size)
                surface.blit(self.art.glow(rect.size, glow), (rect.x - pad, rect.y - pad))
            if self.couch:
                self._pile_tabs(surface, pile, rect)

    def under_areas(self) -> list[pygame.Rect]:
        """The piles with their glow and, above them, the players' tabs."""
        out = []
        for pile in (0, 1):
            rect = self.pile_rect(pile)
            pad = self.art.glow_pad(rect.size) + round(30 * self.u)
            out.append(rect.inflate(2 * pad, 2 * pad))
        return out

    def _pile_tabs(self, surface: pygame.Surface, pile: int, rect: pygame.Rect) -> None:
        """Two on one screen: over a pile their cursor's card fits, a tab in each player's colour (the
        first player's on the left), so neither mistakes the other's green for their own."""
        for seat in self.local_seats:
            if not self._fits(seat, pile):
                continue
            x = rect.left + rect.width * 0.25 if seat == self.bottom else rect.right - rect.width * 0.25
            y, s = rect.top - 6 * self.u, 9 * self.u
            pygame.draw.polygon(surface, self.seat_colour(seat), [(x, y), (x - s, y - s * 1.3), (x + s, y - s * 1.3)])

    def _fits(self, seat: int, pile: int) -> bool:
        state = self.controls.inputs.get(seat)
        if state is None:
            return False
        card = state.selected or (self.cursor_card(seat) if state.device != "mouse" else None)
        return card is not None and any(a.get("pile") == pile for a in self.plays_for(seat, card))

    def pile_glow(self, pile: int) -> tuple[int, int, int] | None:
        """Green when the card under some local cursor (or selected) can go on ``pile``."""
        return LEGAL if any(self._fits(seat, pile) for seat in self.local_seats) else None


__all__ = ["COUCH_LAYOUTS", "FACING", "SIDE", "SINGLE", "Hint", "RealtimeTable"]
