"""The Spit table: both layouts (face-down stacks with their face-up tops), the two spit piles in the
middle with each player's face-down spit cards beside their own pile, "Spit!" calls and flips, the
slap race with its verdict, gathering and the new layout.

Screen: the first local seat's spit pile is the left one, the other seat's the right one.
``pile_a`` (Q / LB) plays on the pile on your left as you look at the table, ``pile_b`` (E / RB) on
the one on your right: your own pile when you sit at the bottom (or opposite, face to face), the
other player's pile when you play on the right half side by side. In the slap phase the same buttons
slap. Confirm on a face-down top turns it up; on a card that fits no pile it moves it to an empty
place, and on an empty place it moves a card there (one whose move uncovers a card to turn up). When
"Spit!" cannot be called yet although a player has nothing to play, their message says
why (a card can still go into an empty place, a card can be turned up, or the other player can still
play). Arrangements: see :mod:`realtime`.
"""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade.anim import Effect
from cardtable.arcade.tables.base import BAD, GOLD, INK, LEGAL, MUTED, SOFT, Action, Colour, Sprite
from cardtable.arcade.tables.realtime import Hint, RealtimeTable
from cardtable.arcade.tables.realtime.calls import Calls


class SpitTable(RealtimeTable):
    """The Spit table (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.verdict = ""
        self.seating = self
        self.calls = Calls(self, {"ready": "Spit!", "spit": "Spit!"}, ("ready", "spit"))
        super().__init__(*args, **kwargs)

    # -- geometry -------------------------------------------------------------------------------

    def csize(self) -> tuple[int, int]:
        return self.card_px(0.16 if self.sides.side_by_side else 0.18)

    def places(self, seat: int) -> int:
        layouts = self.view.get("layouts") or []
        return len(layouts[seat]) if seat < len(layouts) else int((self.view.get("options") or {}).get("stock_piles", 5))

    def step(self) -> float:
        return 3 * self.u

    def places_y(self) -> float:
        """Side by side: the y of the places (their cards spread upwards from there, towards the piles)."""
        return self.H - self.csize()[1] - 58 * self.u

    def band_y(self) -> float:
        """Side by side: the centre of each player's message line, under the piles' labels."""
        return self.pile_rect(0).bottom + 58 * self.u

    def place_rect(self, seat: int, index: int) -> pygame.Rect:
        w, h = self.csize()
        n = self.places(seat)
        gap = w * 0.3
        total = n * w + (n - 1) * gap
        left = self.sides.half(seat).centerx - total / 2
        if self.sides.side_by_side:
            x, y = left + index * (w + gap), self.places_y()
        elif seat == self.sides.bottom:
            x, y = left + index * (w + gap), self.H - h - 52 * self.u
        else:
            x, y = left + (n - 1 - index) * (w + gap), 42 * self.u
        return pygame.Rect(round(x), round(y), w, h)

    def spread(self, seat: int) -> int:
        """Which way a place's cards spread on screen: -1 upwards (towards the piles), +1 downwards."""
        return -1 if self.sides.side_by_side or seat == self.sides.bottom else 1

    def up_step(self, seat: int, cards: int) -> float:
        """The offset between face-up cards of a place: a fifth of a card, less when a long run would
        reach the players' messages (side by side)."""
        _, h = self.csize()
        step = h * 0.2
        if self.sides.side_by_side and cards > 1:
            room = self.places_y() - 5 * self.step() - (self.band_y() + 26 * self.u)
            step = min(step, max(4 * self.u, room / (cards - 1)))
        return step

    def pile_rect(self, pile: int) -> pygame.Rect:
        w, h = self.csize()
        x = self.W / 2 - w - 16 * self.u if pile == self.sides.bottom else self.W / 2 + 16 * self.u
        y = self.sides.top_row() + 48 * self.u if self.sides.side_by_side else self.H / 2 - h / 2
        return pygame.Rect(round(x), round(y), w, h)

    def spit_stack_rect(self, seat: int) -> pygame.Rect:
        w, h = self.csize()
        pile = self.pile_rect(seat)
        if self.sides.side_by_side:
            x = pile.left - w - 40 * self.u if seat == self.sides.bottom else pile.right + 40 * self.u
            return pygame.Rect(round(x), pile.top, w, h)
        if seat == self.sides.bottom:
            return pygame.Rect(round(pile.left - w - 70 * self.u), round(pile.top + h * 0.12), w, h)
        return pygame.Rect(round(pile.right + 70 * self.u), round(pile.top - h * 0.12), w, h)

    def beside(self, seat: int) -> pygame.Rect:
        return self.spit_stack_rect(seat)

    def message_centre(self, seat: int | None) -> tuple[float, float]:
        if self.sides.side_by_side:
            if seat is None:
                return (self.W / 2, self.sides.top_row())
            return (self.sides.half(seat).centerx, self.band_y())
        if seat is not None and self.sides.flipped(seat):  # between their layout and the labels over the piles
            upper = self.place_rect(seat, 0).bottom + 5 * self.step()
            return (self.W / 2, (upper + self.spit_stack_rect(seat).top - 30 * self.u) / 2)
        if seat is not None and self.sides.arrangement != "single":
            lower = self.place_rect(seat, 0).top - 5 * self.step()
            return (self.W / 2, (lower + self.spit_stack_rect(seat).bottom + 30 * self.u) / 2)
        piles_top = self.pile_rect(0).top
        upper = self.place_rect(self.sides.top, 0).bottom + 5 * self.step()
        return (self.W / 2, (piles_top + upper) / 2 - 10 * self.u)

    # -- cursor ---------------------------------------------------------------------------------

    def layout_of(self, seat: int) -> list[dict[str, Any]]:
        layouts = self.view_of(seat).get("layouts") or []
        return layouts[seat] if seat < len(layouts) else []

    def cursor_cards(self, seat: int) -> list[str | None]:
        pending = self.outbox.pending_cards(seat)
        out: list[str | None] = []
        for place in self.layout_of(seat):
            up = [c for c in place.get("up") or [] if c not in pending]
            out.append(up[-1] if up else None)
        return out

    def own_cards(self, seat: int, view: dict[str, Any]) -> list[str]:
        layouts = view.get("layouts") or []
        if seat >= len(layouts):
            return []
        return [c for place in layouts[seat] for c in place.get("up") or []]

    def pile_for_button(self, seat: int, which: int) -> int:
        """The pile on the seat's left (``which`` 0) or right as they see the table; the left pile on
        screen is the first local seat's."""
        left, right = (self.sides.top, self.sides.bottom) if self.sides.flipped(seat) else (self.sides.bottom, self.sides.top)
        return left if which == 0 else right

    def after_view(self, seat: int, first: bool) -> None:
        """Keep each local cursor on a place that holds cards."""
        if seat not in self.local_seats:
            return
        layout = self.layout_of(seat)
        if not layout:
            return
        state = self.controls.inputs[seat]
        filled = [i for i, place in enumerate(layout) if place.get("up") or place.get("down")]
        if filled and state.cursor % len(layout) not in filled:
            current = state.cursor % len(layout)
            state.cursor = min(filled, key=lambda i: (abs(i - current), i))

    # -- layout ---------------------------------------------------------------------------------

    def build(self) -> None:
        view = self.view
        size = self.csize()
        pending = self.outbox.pending_cards()
        phase = view.get("phase")
        for seat in (self.sides.bottom, self.sides.top):
            self._build_layout(seat, size, pending, phase)
            count = (view.get("spit_cards") or [0, 0])[seat]
            base = self.spit_stack_rect(seat)
            grows = 1 if self.sides.flipped(seat) or (seat == self.sides.top and not self.sides.couch) else -1
            for j in range(min(count, 6)):
                rect = base.move(0, round(j * self.step() * grows))
                self.sprites.append(Sprite(("spit", seat, j), None, rect, flipped=self.sides.flipped(seat), shadow=j == 0,
                                           origin=self.sides.plate_centre(seat), group=f"spit cards {seat}"))
        piles = view.get("spit_piles") or [[], []]
        for p in (0, 1):
            cards = [c for c in piles[p] if c not in pending] if p < len(piles) else []
            cards += [q.card for q in self.outbox.pending if q.action.get("pile") == p]
            rect = self.pile_rect(p)
            origin = self.spit_stack_rect(p).topleft
            visible = cards[-3:]
            for k, card in enumerate(visible):
                depth = len(visible) - 1 - k
                r = rect.move(round(-depth * 2 * self.u), round(depth * 2 * self.u))
                self.sprites.append(Sprite(card, card, r, shadow=k == 0, origin=origin, hit=("pile", p),
                                           flipped=self.sides.flipped(p), group=f"spit pile {p}"))
        self.calls.build()

    def _build_layout(self, seat: int, size: tuple[int, int], pending: dict[str, Any], phase: str | None) -> None:
        layout = self.layout_of(seat)
        local = seat in self.controls.inputs and seat in self.local_seats
        cursor = self.controls.inputs[seat].cursor % max(1, len(layout)) if local else -1
        device = self.controls.inputs[seat].device if local else "mouse"
        legal = self.legals.get(seat, []) if local else []
        playable = {a.get("card") for a in legal if a.get("type") == "play"}
        turnable = {a.get("stock") for a in legal if a.get("type") == "turn"}
        movable = {a.get("card") for a in legal if a.get("type") in ("move", "stack")}
        selected = self.controls.inputs[seat].selected if local else None
        direction = self.spread(seat)
        flipped = self.sides.flipped(seat)
        for i, place in enumerate(layout):
            base = self.place_rect(seat, i)
            down = int(place.get("down") or 0)
            up = [c for c in place.get("up") or [] if c not in pending]
            shown_down = min(down, 5)
            is_cursor = i == cursor and device != "mouse" and phase == "play" and not self.replaying
            for j in range(shown_down):
                rect = base.move(0, round(j * self.step() * direction))
                top_back = j == shown_down - 1 and not up
                glow = SOFT if top_back and i in turnable else None
                if top_back and is_cursor:
                    glow = self.sides.seat_colour(seat)
                self.sprites.append(Sprite(
                    ("down", seat, i, j), None, rect, flipped=flipped, shadow=j == 0, glow=glow,
                    hit=("turn", i) if top_back and local else None, seat=seat if local else None,
                    origin=self.spit_stack_rect(seat).topleft,
                    delay=0.03 * (i + j), mark=self.sides.seat_colour(seat) if top_back and is_cursor else None,
                    group=f"hand {seat}",
                ))
            for k, card in enumerate(up):
                offset = shown_down * self.step() + k * self.up_step(seat, len(up))
                rect = base.move(0, round(offset * direction))
                top = k == len(up) - 1
                glow = None
                if top and card in playable:
                    glow = LEGAL
                elif top and card in movable:
                    glow = SOFT
                if top and (is_cursor or card == selected):
                    glow = self.sides.seat_colour(seat)
                lift = round(size[1] * 0.1 * direction) if card == selected else 0
                self.sprites.append(Sprite(
                    card, card, rect.move(0, lift), flipped=flipped, glow=glow,
                    hit=("card", i, card) if top and local else None, seat=seat if local else None,
                    origin=base.topleft,
                    mark=self.sides.seat_colour(seat) if top and is_cursor else None, group=f"hand {seat}",
                ))

    # -- drawing --------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        view = self.view
        size = self.csize()
        phase = view.get("phase")
        in_use = view.get("in_use") or [True, True]
        sizes = view.get("spit_sizes") or [0, 0]
        for seat in (self.sides.bottom, self.sides.top):
            for i in range(self.places(seat)):
                surface.blit(self.art.slot(size), self.place_rect(seat, i))
            self._plate(surface, seat)
            count = (view.get("spit_cards") or [0, 0])[seat]
            stack = self.spit_stack_rect(seat)
            surface.blit(self.art.slot(size), stack)
            label = f"{count} spit card{'s' if count != 1 else ''}"
            if self.sides.side_by_side:  # on the line of the piles' counts
                y = stack.bottom + 18 * self.u
            else:
                y = stack.bottom + 16 * self.u if seat == self.sides.bottom else stack.top - 16 * self.u
            self.turned.label(surface, label, 20 * self.u, MUTED, (stack.centerx, y), seat)
        for p in (0, 1):
            rect = self.pile_rect(p)
            surface.blit(self.art.slot(size), rect)
            if not in_use[p] and phase == "play":
                text = "not in use"
            elif self.sides.side_by_side:  # whose pile is plain from its side; the two labels share a line
                text = f"{sizes[p]} card{'s' if sizes[p] != 1 else ''}"
            else:
                owner = "your" if p in self.local_seats and not self.sides.couch else f"{self.name(p)}'s"
                text = f"{sizes[p]} \u00b7 {owner} pile"
            below = p == self.sides.bottom or self.sides.side_by_side
            y = rect.bottom + 18 * self.u if below else rect.top - 18 * self.u
            width = rect.width + 28 * self.u if self.sides.side_by_side else rect.width * 1.9
            px = self.ink.fit(text, 19 * self.u, width)  # a long name must not reach the spit stack
            self.turned.label(surface, text, px, INK if in_use[p] else MUTED, (rect.centerx, y), p)

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        """A cursor resting on an empty place (confirm fills it): the place glows in the player's
        colour under the marker a card under the cursor gets."""
        if self.view.get("phase") != "play":
            return
        for seat in self.local_seats:
            state = self.controls.inputs.get(seat)
            cards = self.cursor_cards(seat)
            if state is None or state.device == "mouse" or not cards:
                continue
            index = state.cursor % len(cards)
            place = self.layout_of(seat)[index]
            if place.get("up") or place.get("down"):
                continue
            rect = self.place_rect(seat, index)
            pad = self.art.glow_pad(rect.size)
            surface.blit(self.art.glow(rect.size, self.sides.seat_colour(seat)), (rect.x - pad, rect.y - pad))
            self.renderer.draw_marker(surface, (rect.centerx, rect.top), self.sides.seat_colour(seat), below=self.sides.flipped(seat),
                             height=rect.height)

    def _plate(self, surface: pygame.Surface, seat: int) -> None:
        view = self.view
        left = (view.get("cards_left") or [0, 0])[seat]
        phase = view.get("phase")
        status = ""
        if phase == "ready":
            status = "ready!" if (view.get("ready") or [False, False])[seat] else "getting ready"
        elif phase == "play" and view.get("stuck"):
            status = "called Spit!" if (view.get("called") or [False, False])[seat] else "stuck"
        elif phase == "over" and view.get("winner") == seat:
            status = "winner!"
        lines = [(f"{left} cards left", INK), (status, GOLD if status.endswith("!") else MUTED)]
        self.turned.name_plate(surface, seat, self.sides.plate_centre(seat), lines, active=seat in self.local_seats and self.sides.couch,
                        width=170 * self.u)

    def pile_glow(self, pile: int) -> tuple[int, int, int] | None:
        """As for any real-time table, and gold on both piles while they are to be slapped or chosen."""
        glow = self.pile_marks.glow(pile)
        if glow is None and self.view.get("phase") in ("slap", "choose"):
            return GOLD
        return glow

    def table_message(self) -> tuple[str, Colour] | None:
        view = self.view
        phase = view.get("phase")
        if phase == "ready":
            head = f"Round {view.get('round', 1)}"
            if self.verdict:
                return (f"{self.verdict}  \u00b7  {head}: call Spit! to start", GOLD)
            return (f"{head}: both call Spit! to turn the first cards", GOLD)
        if phase == "play" and view.get("stuck"):
            return ("Nobody can play: both call Spit!", GOLD)
        if phase == "slap":
            sizes = view.get("spit_sizes") or [0, 0]
            return (f"Slap a pile! The smaller has {min(sizes)} cards: the first slap takes it", GOLD)
        if phase == "choose":
            cleared = view.get("cleared")
            who = self.name(cleared) if isinstance(cleared, int) else "The player who cleared"
            verb = "choose" if who == "You" else "chooses"
            return (f"{who} cleared the layout first and {verb} a pile", GOLD)
        if phase == "over":
            winner = view.get("winner")
            if isinstance(winner, int):
                return (f"{self.plates.wins(winner)} the game!", GOLD)
        return None

    def seat_message(self, seat: int) -> tuple[str, Colour] | None:
        """Why this player cannot call Spit! although no card of theirs fits a spit pile."""
        view = self.view
        if view.get("phase") != "play" or view.get("stuck"):
            return None
        legal = self.legals.get(seat, [])
        if not legal or any(a.get("type") == "play" for a in legal):
            return None
        kinds = {a.get("type") for a in legal}
        if "move" in kinds:
            return ("Before Spit!: move a card into your empty place, then turn up the card under it", GOLD)
        if "turn" in kinds:
            return ("Before Spit!: turn up your face-down card", GOLD)
        if "stack" in kinds:
            return ("Before Spit!: stack a card on one of the same rank", GOLD)
        return None

    def hints_for(self, seat: int) -> list[Hint]:
        phase = self.view.get("phase")
        legal = self.legals.get(seat, [])
        if phase == "ready" or (phase == "play" and self.view.get("stuck")):
            if any(x.get("type") in ("ready", "spit") for x in legal):
                return [(("confirm",), "Spit!"), self.mouse_hint(seat, "or click Spit!")]
            other = 1 - seat
            return [((), f"waiting for {self.name(other)} to call Spit!")]
        sizes = self.view.get("spit_sizes") or [0, 0]
        left, right = self.pile_for_button(seat, 0), self.pile_for_button(seat, 1)
        if phase == "slap":
            return [(("pile_a",), f"slap the left pile ({sizes[left]})"),
                    (("pile_b",), f"slap the right pile ({sizes[right]})"), self.mouse_hint(seat, "or click a pile")]
        if phase == "choose":
            if not legal:
                return []
            return [(("pile_a",), f"take the left pile ({sizes[left]})"),
                    (("pile_b",), f"take the right pile ({sizes[right]})"), self.mouse_hint(seat, "or click a pile")]
        if phase == "play":
            if not legal:
                other = self.name(1 - seat)
                return [((), f"nothing to do: Spit! once {'you are' if other == 'You' else other + ' is'} stuck too")]
            return [(("left", "right"), "choose"), (("confirm",), "play, turn up, move"),
                    (("pile_a", "pile_b"), "left / right pile"), self.mouse_hint(seat, "click a card, then a pile")]
        return []

    # -- events ---------------------------------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "play" and seat not in self.local_seats:
            self.sounds.play("play")
        elif kind in ("turn", "move", "stack") and seat not in self.local_seats:
            self.sounds.play("flip")
        if kind in ("turn", "flip") and isinstance(event.get("card"), str):
            self.flights.turn_over(event["card"])
        elif kind == "spit":
            self.callouts.banner("Spit!", GOLD, 0.8)
            self.sounds.play("spit")
            self.verdict = ""
        elif kind == "out_of_use":
            self.toasts.add("Only one spit pile from now on", MUTED, 2.5)
        elif kind == "round_over":
            self.sounds.play("round")
            cleared = event.get("cleared")
            text = f"{self.name(cleared)} cleared the layout!" if isinstance(cleared, int) else "Round over"
            self.callouts.banner(text, GOLD, 1.2, 0.7)
        elif kind in ("slap", "choose"):
            self._slapped(event)
        elif kind == "gather":
            self._gather(event)
        elif kind == "deal":
            self.sounds.play("deal")
        elif kind == "game_over":
            winners = event.get("winners") or []
            if winners:
                self.callouts.banner(f"{self.plates.wins(winners[0])}!", GOLD, 3.0)
            self.sounds.play("round")

    def _slapped(self, event: dict[str, Any]) -> None:
        seat, pile = event.get("seat"), event.get("pile")
        if not isinstance(seat, int) or not isinstance(pile, int):
            return
        sizes = self.view.get("spit_sizes") or [0, 0]
        # the pile by the screen's side; face to face "left" means nothing to both, so by its owner
        side = f"{self.name(pile)}'s" if self.sides.arrangement == "facing" else "left" if pile == self.sides.bottom else "right"
        took = sizes[pile] if pile < len(sizes) else 0
        got = sizes[1 - pile] if 1 - pile < len(sizes) else 0
        who = self.name(seat)
        verb = "slap" if event.get("type") == "slap" else "choose"
        other = self.name(1 - seat)
        did = "slapped first and took" if verb == "slap" else "chose"
        text = (f"{who} {did} the {side} pile ({took} cards); {other} "
                f"take{'' if other == 'You' else 's'} the other ({got})")
        self.verdict = text
        self.callouts.banner(f"{who} {'slapped' if verb == 'slap' else 'chose'} first!" if verb == "slap" else text,
                    LEGAL if seat in self.local_seats else BAD, 1.6, 0.7)
        self.sounds.play("slap")
        self.effects.add(Effect("flash", duration=0.25))

    def _gather(self, event: dict[str, Any]) -> None:
        seat = event.get("seat")
        if not isinstance(seat, int):
            return
        piles = self.view.get("spit_piles") or [[], []]
        target = self.place_rect(seat, self.places(seat) // 2).topleft
        size = self.csize()
        for p in event.get("piles") or []:
            if not isinstance(p, int) or p >= len(piles):
                continue
            for k, card in enumerate(piles[p][-3:]):
                start = self.motion.current(card) or self.pile_rect(p).topleft
                self.flights.fly_away(("gather", card), card, size, start, target, hold=0.25 + 0.05 * k, duration=0.4)

    # -- input ----------------------------------------------------------------------------------

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None:
            return []
        called = self.calls.confirm(seat)
        if called is not None:
            return called
        legal = self.legals.get(seat, [])
        phase = self.view.get("phase")
        if phase in ("slap", "choose"):
            pile = self.controls.inputs[seat].target
            match = [a for a in legal if a.get("pile") == pile]
            return [(seat, match[0])] if match else []
        return self._act_on_place(seat, self.controls.inputs[seat].cursor, self.controls.inputs[seat].target)

    def _act_on_place(self, seat: int, index: int, pile: int | None) -> list[tuple[int, Action]]:
        layout = self.layout_of(seat)
        if not layout:
            return []
        index %= len(layout)
        turn = self.find(seat, type="turn", stock=index)
        if turn:
            return [(seat, turn[0])]
        card = self.cursor_cards(seat)[index]
        if card is None:  # an empty place: fill it with a card whose move uncovers one to turn up
            fill = self.find(seat, type="move", stock=index)
            if fill:
                return [(seat, fill[0])]
            if self.legals.get(seat):
                self.race.refuse(seat, None, "Nothing can move here now")
            return []
        action = self.cursors.choose_play(seat, card, pile)
        if action is not None:
            return [(seat, action)]
        moves = [a for a in self.legals.get(seat, []) if a.get("card") == card and a.get("type") in ("move", "stack")]
        if moves:
            return [(seat, moves[0])]
        self.race.refuse(seat, card, "No move for that card now")
        return []

    def on_pile(self, seat: int | None, which: int) -> list[tuple[int, Action]]:
        if seat is None:
            return []
        if self.view.get("phase") in ("slap", "choose"):
            pile = self.pile_for_button(seat, which)
            match = [a for a in self.legals.get(seat, []) if a.get("pile") == pile]
            return [(seat, match[0])] if match else []
        return self.race.pile_button(seat, which)

    def pile_clicked(self, pile: int, seat: int | None) -> list[tuple[int, Action]]:
        for s in [seat] if seat is not None else self.local_seats:
            match = [a for a in self.legals.get(s, []) if a.get("type") in ("slap", "choose") and a.get("pile") == pile]
            if match:
                return [(s, match[0])]
        return []

    def click_sprite(self, sprite: Sprite) -> list[tuple[int, Action]]:
        seat = sprite.seat
        if seat is None or sprite.hit is None:
            return []
        if sprite.hit[0] == "turn":
            found = self.find(seat, type="turn", stock=sprite.hit[1])
            return [(seat, found[0])] if found else []
        if sprite.hit[0] != "card":
            return []
        card = sprite.hit[2]
        plays = self.cursors.plays_for(seat, card)
        if len(plays) == 1:
            self.controls.inputs[seat].selected = None
            return [(seat, plays[0])]
        self.controls.inputs[seat].selected = None if self.controls.inputs[seat].selected == card else card
        if not plays and self.controls.inputs[seat].selected:
            moves = [a for a in self.legals.get(seat, []) if a.get("card") == card and a.get("type") in ("move", "stack")]
            if not moves:
                self.controls.inputs[seat].selected = None
                self.race.refuse(seat, card, "No move for that card now")
        return []

    def dropped_elsewhere(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        """A card dropped on one of your empty places moves there."""
        for i in range(self.places(seat)):
            if self.place_rect(seat, i).collidepoint(pos):
                found = self.find(seat, card=card, stock=i)
                if found:
                    return [(seat, found[0])]
        return []

    def click_empty(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        """A click on an empty place moves the selected card there."""
        for s in [seat] if seat is not None else self.local_seats:
            selected = self.controls.inputs[s].selected if s in self.controls.inputs else None
            if selected is None:
                continue
            for i in range(self.places(s)):
                if self.place_rect(s, i).collidepoint(pos):
                    found = self.find(s, card=selected, stock=i)
                    self.controls.inputs[s].selected = None
                    if found:
                        return [(s, found[0])]
                    self.race.refuse(s, selected, "It can't go there")
        return []
