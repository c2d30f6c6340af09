"""The Speed table: your hand of five, your stockpile with its count, the opponent's hand (backs) and
stockpile, the two centre piles with the side piles beside them, the stuck state and the
simultaneous flip, a 3-2-1 countdown when a round is dealt, and both players' card counts.

Start (decision, docs/RULES.md, "Speed", "Deal"): each player sees their own hand as soon as it is dealt; the deal
counts down "3, 2, 1" and at its end the table says Ready for every local player (an auto action), so
the countdown ends in play once the other player is ready too (a bot is at once). A player who paused
during the countdown gets a Ready button instead.

Screen: centre pile 0 is the left one, side pile 0 beside it on the left (it flips onto pile 0).
``pile_a``/``pile_b`` play the card under the cursor onto the pile on your left / right. Arrangements
(see :mod:`realtime`): one player at the bottom; two side by side (piles across the top, each player's
hand and stockpile in their half); or two facing each other.
"""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.anim import Effect, Vec
from cardtable.arcade.tables.base import GOLD, INK, LEGAL, MUTED, Action, Colour, Sprite
from cardtable.arcade.tables.realtime import Hint, RealtimeTable
from cardtable.arcade.tables.realtime.calls import Calls

COUNTDOWN = 2.4  # seconds of "3, 2, 1" after a deal


class SpeedTable(RealtimeTable):
    """The Speed table (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.countdown = 0.0
        self._round_seen: int | None = None
        self._last_count = 0
        self._readied: set[tuple[int, Any]] = set()  # (seat, round) the table said Ready for
        self.seating = self
        self.calls = Calls(self, {"ready": "Ready", "flip": "Flip!", "draw": "Draw"}, ("ready", "flip"))
        super().__init__(*args, **kwargs)

    # -- geometry -------------------------------------------------------------------------------

    def csize(self) -> tuple[int, int]:
        return self.card_px(0.165 if self.sides.side_by_side else 0.19)

    def gap(self) -> float:
        return (12 if self.sides.side_by_side else 16) * self.u

    def hand_y(self, seat: int) -> float:
        _, h = self.csize()
        if seat == self.sides.bottom or self.sides.side_by_side:
            return self.H - h - (58 if self.sides.side_by_side else 48) * self.u
        return 42 * self.u

    def _side_block(self, seat: int) -> tuple[float, float]:
        """Side by side: the x of the hand's first slot and of the stockpile in the seat's half (the
        stockpile on the outer side)."""
        w, _ = self.csize()
        half = self.sides.half(seat)
        hand = 5 * w + 4 * self.gap()
        total = hand + 24 * self.u + w
        left = half.centerx - total / 2
        if seat == self.sides.bottom:
            return left + w + 24 * self.u, left
        return left, left + hand + 24 * self.u

    def hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        w, h = self.csize()
        gap = self.gap()
        slots = max(5, count)
        total = slots * w + (slots - 1) * gap
        if self.sides.side_by_side:
            start = self._side_block(seat)[0] - (slots - 5) * (w + gap) / 2
            left = start + (slots - count) * (w + gap) / 2
        else:
            left = self.W / 2 - total / 2 + (slots - count) * (w + gap) / 2
        y = self.hand_y(seat)
        rects = [pygame.Rect(round(left + i * (w + gap)), round(y), w, h) for i in range(count)]
        return rects[::-1] if self.sides.flipped(seat) or (seat == self.sides.top and not self.sides.couch) else rects

    def stock_rect(self, seat: int) -> pygame.Rect:
        w, h = self.csize()
        if self.sides.side_by_side:
            return pygame.Rect(round(self._side_block(seat)[1]), round(self.hand_y(seat)), w, h)
        total = 5 * w + 4 * 16 * self.u
        if seat == self.sides.bottom:
            return pygame.Rect(round(self.W / 2 + total / 2 + 56 * self.u), round(self.H - h - 48 * self.u), w, h)
        return pygame.Rect(round(self.W / 2 - total / 2 - 56 * self.u - w), round(42 * self.u), w, h)

    def pile_rect(self, pile: int) -> pygame.Rect:
        w, h = self.csize()
        x = self.W / 2 - w - 20 * self.u if pile == 0 else self.W / 2 + 20 * self.u
        y = self.sides.top_row() + 48 * self.u if self.sides.side_by_side else self.H / 2 - h / 2
        return pygame.Rect(round(x), round(y), w, h)

    def side_rect(self, pile: int) -> pygame.Rect:
        w, _ = self.csize()
        centre = self.pile_rect(pile)
        dx = -(w + 90 * self.u) if pile == 0 else w + 90 * self.u
        return centre.move(round(dx), 0)

    def beside(self, seat: int) -> pygame.Rect:
        return self.side_rect(0 if seat == self.sides.bottom else 1)

    def message_centre(self, seat: int | None) -> tuple[float, float]:
        if self.sides.side_by_side:
            if seat is None:
                return (self.W / 2, self.sides.top_row())
            labels = self.pile_rect(0).bottom + 40 * self.u
            return (self.sides.half(seat).centerx, (labels + self.hand_y(seat) - 30 * self.u) / 2 - 10 * self.u)
        if seat is not None and self.sides.flipped(seat):  # between their hand and the centre piles
            return (self.W / 2, (self.hand_y(seat) + self.csize()[1] + self.pile_rect(0).top) / 2)
        if seat is not None and self.sides.arrangement != "single":
            return (self.W / 2, (self.pile_rect(0).bottom + 30 * self.u + self.hand_y(seat)) / 2)
        return (self.W / 2, (self.pile_rect(0).top + self.hand_rects(self.sides.top, 1)[0].bottom) / 2)

    # -- cursor ---------------------------------------------------------------------------------

    def hand_of(self, seat: int) -> list[str]:
        if seat not in self.views:
            return []
        pending = self.outbox.pending_cards(seat)
        return [c for c in self.views[seat].get("hand") or [] if c not in pending]

    def cursor_cards(self, seat: int) -> list[str | None]:
        return list(self.hand_of(seat))

    # -- layout ---------------------------------------------------------------------------------

    def build(self) -> None:
        view = self.view
        size = self.csize()
        phase = view.get("phase")
        hand_sizes = view.get("hand_sizes") or [0, 0]
        for seat in (self.sides.bottom, self.sides.top):
            flipped = self.sides.flipped(seat)
            stock = self.stock_rect(seat)
            count = (view.get("stock_sizes") or [0, 0])[seat]
            direction = 1 if flipped or (seat == self.sides.top and not self.sides.couch) else -1
            for j in range(min(count, 6)):
                self.sprites.append(Sprite(("stock", seat, j), None, stock.move(0, round(j * 3 * self.u * direction)),
                                           flipped=flipped, shadow=j == 0, origin=(self.W / 2 - size[0] / 2, self.H / 2),
                                           group=f"stock {seat}"))
            stock_top = stock.move(0, round(max(0, min(count, 6) - 1) * 3 * self.u * direction)).topleft
            if seat in self.views and seat in self.local_seats:
                self._build_hand(seat, size, phase, stock_top)
            else:
                for i, rect in enumerate(self.hand_rects(seat, hand_sizes[seat])):
                    self.sprites.append(Sprite(("hand", seat, i), None, rect, flipped=flipped, origin=stock_top,
                                               delay=0.05 * i, group=f"hand {seat}"))
        centre = view.get("centre") or [None, None]
        sizes = view.get("centre_sizes") or [0, 0]
        for p in (0, 1):
            rect = self.pile_rect(p)
            side = self.side_rect(p)
            count = (view.get("side_sizes") or [0, 0])[p]
            for j in range(min(count, 6)):
                glow = LEGAL if j == min(count, 6) - 1 and self._flip_wanted() else None
                self.sprites.append(Sprite(("side", p, j), None, side.move(0, round(-j * 3 * self.u)), shadow=j == 0,
                                           glow=glow, origin=(self.W / 2, self.H / 2), group=f"side pile {p}"))
            side_top = side.move(0, round(-max(0, min(count, 6) - 1) * 3 * self.u)).topleft
            mine = [q.card for q in self.outbox.pending if q.action.get("pile") == p]
            top = mine[-1] if mine else centre[p]
            if top is not None:
                self.sprites.append(Sprite(top, top, rect, origin=side_top, hit=("pile", p), group=f"centre pile {p}"))
            elif sizes[p]:
                self.sprites.append(Sprite(("centre_back", p), None, rect, origin=side_top, group=f"centre pile {p}"))
        # the countdown says Ready by itself when it ends
        self.calls.build(held=lambda call: call["type"] == "ready" and self.countdown > 0)

    def _build_hand(self, seat: int, size: tuple[int, int], phase: str | None, stock_top: Vec) -> None:
        hand = self.hand_of(seat)
        state = self.controls.inputs[seat]
        legal = self.legals.get(seat, [])
        playable = {a.get("card") for a in legal if a.get("type") == "play"}
        flipped = self.sides.flipped(seat)
        cursor = state.cursor % len(hand) if hand else -1
        direction = 1 if flipped else -1
        for i, (card, rect) in enumerate(zip(hand, self.hand_rects(seat, len(hand)), strict=True)):
            glow = LEGAL if card in playable else None
            mark = None
            lift = 0
            if i == cursor and state.device != "mouse" and phase == "play" and not self.replaying:
                glow, mark, lift = self.sides.seat_colour(seat), self.sides.seat_colour(seat), round(size[1] * 0.1)
            if card == state.selected:
                glow, lift = self.sides.seat_colour(seat), round(size[1] * 0.12)
            self.sprites.append(Sprite(
                card, card, rect.move(0, lift * direction), flipped=flipped,
                glow=glow, hit=("hand", card), seat=seat, origin=stock_top, mark=mark, group=f"hand {seat}",
            ))

    def _flip_wanted(self) -> bool:
        return any(a.get("type") == "flip" for s in self.local_seats for a in self.legals.get(s, []))

    # -- drawing --------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        view = self.view
        size = self.csize()
        for seat in (self.sides.bottom, self.sides.top):
            stock = self.stock_rect(seat)
            surface.blit(self.art.slot(size), stock)
            count = (view.get("stock_sizes") or [0, 0])[seat]
            if not count:  # its outline (a full stockpile's cards report themselves)
                layout.report("cards", stock, f"stock {seat}")
            below = seat == self.sides.top and not self.sides.side_by_side
            y = stock.bottom + 30 * self.u if below else stock.top - 30 * self.u
            self.turned.label(surface, f"stockpile {count}", 20 * self.u, MUTED, (stock.centerx, y), seat)
            self._plate(surface, seat)
        sides = view.get("side_sizes") or [0, 0]
        centre_sizes = view.get("centre_sizes") or [0, 0]
        for p in (0, 1):
            side = self.side_rect(p)
            surface.blit(self.art.slot(size), side)
            self.ink.blit_text(surface, f"side {sides[p]}", 20 * self.u, MUTED, "midtop", (side.centerx, side.bottom + 8 * self.u))
            rect = self.pile_rect(p)
            surface.blit(self.art.slot(size), rect)
            for depth in range(min(2, max(0, centre_sizes[p] - 1)), 0, -1):
                surface.blit(self.art.blank(size), rect.move(round(-3 * depth * self.u), round(3 * depth * self.u)))
            self.ink.blit_text(surface, f"{centre_sizes[p]} card{'s' if centre_sizes[p] != 1 else ''}", 20 * self.u, INK,
                           "midtop", (rect.centerx, rect.bottom + 8 * self.u))

    def _plate(self, surface: pygame.Surface, seat: int) -> None:
        view = self.view
        hand = (view.get("hand_sizes") or [0, 0])[seat]
        stock = (view.get("stock_sizes") or [0, 0])[seat]
        lines = [(f"{hand + stock} cards left", INK)]
        phase = view.get("phase")
        if phase == "ready":
            lines.append(("ready!" if (view.get("ready") or [False, False])[seat] else "getting ready", GOLD))
        elif phase == "play" and (view.get("flip_asked") or [False, False])[seat]:
            lines.append(("stuck: wants a flip", GOLD))
        if int((view.get("options") or {}).get("score_to") or 0) > 0:
            lines.append((f"score {(view.get('scores') or [0, 0])[seat]}", MUTED))
        self.turned.name_plate(surface, seat, self.sides.plate_centre(seat), lines, active=seat in self.local_seats and self.sides.couch,
                        width=170 * self.u)

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        if self.countdown <= 0:
            return
        number = str(int(self.countdown / (COUNTDOWN / 3)) + 1)
        frac = (self.countdown % (COUNTDOWN / 3)) / (COUNTDOWN / 3)
        px = 150 * self.u * round(0.7 + 0.3 * frac, 1)
        image = self.ink.text(number, px, GOLD)
        shadow = self.ink.text(number, px, (0, 0, 0))
        centre = (self.W // 2, self.pile_rect(0).centery)
        rect = image.get_rect(center=centre)
        d = round(150 * self.u)  # a dark disc: the number reads clearly over the centre cards
        disc = self.ink.panel((d, d), (0, 0, 0, 175), radius=d // 2, border=(*GOLD, 170))
        surface.blit(disc, disc.get_rect(center=centre))
        surface.blit(shadow, rect.move(3, 5))
        surface.blit(image, rect)

    def _is(self, seat: int) -> str:
        """"You are" / "Ann is": the verb goes with the name."""
        who = self.name(seat)
        return f"{who} {'are' if who == 'You' else 'is'}"

    def table_message(self) -> tuple[str, Colour] | None:
        view = self.view
        phase = view.get("phase")
        if phase == "ready":
            if self.countdown > 0:
                return ("Get ready: the centre cards turn when the count ends", GOLD)
            waiting = [s for s in (0, 1) if not (view.get("ready") or [False, False])[s]]
            if not waiting:
                return None
            if all(s in self.local_seats for s in waiting) or (self.sides.arrangement == "single" and
                                                                 self.sides.bottom in waiting):
                return ("Press Ready: the centre cards turn when both players are ready", GOLD)
            remote = [s for s in waiting if s not in self.local_seats]
            return (f"Waiting for {self.name(remote[0])} to be ready", GOLD) if remote else None
        if phase == "play":
            asked = view.get("flip_asked") or [False, False]
            if any(asked) and not all(asked):
                who = [s for s in (0, 1) if asked[s]][0]
                if self.sides.arrangement == "single" or who not in self.local_seats:
                    other = self.name(1 - who)
                    other = "you" if other == "You" else other
                    return (f"{self._is(who)} stuck: the side piles turn when {other} can't play either", GOLD)
        if phase == "over":
            rounds = view.get("rounds") or []
            winner = rounds[-1].get("winner") if rounds else None
            if isinstance(winner, int):
                return (f"{self.plates.wins(winner)}!", GOLD)
            return ("A draw: nobody can play any more", GOLD)
        return None

    def seat_message(self, seat: int) -> tuple[str, Colour] | None:
        if self.view.get("phase") != "play" or not self.find(seat, type="flip"):
            return None
        other = 1 - seat
        if (self.view.get("flip_asked") or [False, False])[other]:
            return (f"{self.name(other)} is stuck too: Flip! turns the side piles", GOLD)
        you = "You're" if self.name(seat) == "You" else f"{self.name(seat)}, you're"
        return (f"{you} stuck: Flip! (the side piles turn when both players are)", GOLD)

    def hints_for(self, seat: int) -> list[Hint]:
        phase = self.view.get("phase")
        legal = self.legals.get(seat, [])
        if phase == "ready":
            if self.countdown > 0:
                return [((), "look at your hand: play starts at the end of the count")]
            if any(x.get("type") == "ready" for x in legal):
                return [(("confirm",), "Ready"), self.mouse_hint(seat, "or click Ready")]
            return [((), "ready: waiting for the other player")]
        if phase == "play":
            if any(x.get("type") == "flip" for x in legal):
                return [(("confirm",), "flip the side piles")]
            hints = [(("left", "right"), "choose"), (("confirm",), "play"),
                     (("pile_a", "pile_b"), "play on the left / right pile")]
            if any(x.get("type") == "draw" for x in legal):
                hints.append((("confirm",), "draw (on an empty slot)"))
            return [*hints, self.mouse_hint(seat, "click a card, then a pile")]
        return []

    # -- events and ticks -----------------------------------------------------------------------

    def after_view(self, seat: int, first: bool) -> None:
        view = self.views[seat]
        if view.get("phase") == "ready" and view.get("round") != self._round_seen and seat == self.event_seat:
            self._round_seen = view.get("round")
            self.countdown = COUNTDOWN
            self._last_count = 4

    def on_tick(self, dt: float) -> None:
        if self.countdown > 0:
            self.countdown = max(0.0, self.countdown - dt)
            count = int(self.countdown / (COUNTDOWN / 3)) + 1 if self.countdown > 0 else 0
            if count != self._last_count:
                self._last_count = count
                self.sounds.play("tick" if count else "go")
            if self.countdown == 0:
                self.relayout()  # a player who missed the count gets a Ready button

    def auto_actions(self) -> list[tuple[int, Action]]:
        """When the countdown ends, Ready for every local player (once per round)."""
        if self.countdown > 0 or self.view.get("phase") != "ready":
            return []
        out = []
        for seat in self.local_seats:
            key = (seat, self.views.get(seat, {}).get("round"))
            ready = self.find(seat, type="ready")
            if ready and key not in self._readied:
                self._readied.add(key)
                out.append((seat, ready[0]))
        return out

    def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind in ("start", "flip"):
            for card in event.get("centre") or event.get("cards") or []:
                if isinstance(card, str):
                    self.flights.turn_over(card)
        super().on_event(event)  # the other's play heard, the deal, the game's winner
        if kind == "start":
            self.countdown = 0.0
            self.callouts.banner("Speed!", GOLD, 0.8)
            self.sounds.play("go")
        elif kind == "flip":
            self.callouts.banner("Flip!", GOLD, 0.7, 0.8)
            self.sounds.play("spit")
        elif kind == "flip_asked" and seat not in self.local_seats:
            self.toasts.add(f"{self.name(seat) if isinstance(seat, int) else 'Opponent'} is stuck", MUTED, 1.5)
        elif kind == "rebuild":
            self.toasts.add("Side piles rebuilt from the centre", MUTED, 2.0)
            self.sounds.play("deal")
        elif kind == "round_over":
            winner = event.get("winner")
            self.sounds.play("round")
            if isinstance(winner, int):
                self.callouts.banner(f"{self.plates.wins(winner)} the round!", GOLD, 1.8, 0.7)
                self.effects.add(Effect("flash", duration=0.3))
            else:
                self.callouts.banner("A draw", GOLD, 1.8, 0.7)

    # -- input ----------------------------------------------------------------------------------

    def confirm_move(self, seat: int) -> list[tuple[int, Action]]:
        legal = self.legals.get(seat, [])
        card = self.cursors.cursor_card(seat)
        if card is None:
            draw = next((a for a in legal if a.get("type") == "draw"), None)
            return [(seat, draw)] if draw else []
        action = self.cursors.choose_play(seat, card, self.controls.inputs[seat].target)
        if action is not None:
            return [(seat, action)]
        draw = next((a for a in legal if a.get("type") == "draw"), None)
        if draw is not None:
            return [(seat, draw)]
        self.race.refuse(seat, card, "That card fits neither pile")
        return []

    def click_sprite(self, sprite: Sprite) -> list[tuple[int, Action]]:
        seat = sprite.seat
        if seat is None or sprite.hit is None or sprite.hit[0] != "hand":
            return []
        card = sprite.hit[1]
        plays = self.cursors.plays_for(seat, card)
        if len(plays) == 1:
            self.controls.inputs[seat].selected = None
            return [(seat, plays[0])]
        if not plays:
            self.controls.inputs[seat].selected = None
            self.race.refuse(seat, card, "That card fits neither pile")
            return []
        self.controls.inputs[seat].selected = None if self.controls.inputs[seat].selected == card else card
        return []

    def click_empty(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        for s in [seat] if seat is not None else self.local_seats:
            if self.stock_rect(s).collidepoint(pos):
                draw = self.find(s, type="draw")
                if draw:
                    return [(s, draw[0])]
            for p in (0, 1):
                if self.side_rect(p).collidepoint(pos):
                    flip = self.find(s, type="flip")
                    if flip:
                        return [(s, flip[0])]
        return []
