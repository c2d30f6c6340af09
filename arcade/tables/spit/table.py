"""The Spit table itself: the spit cards' and piles' sprites built from the view, the host's events
told (sounds, banners, flights), and the players' input handed to the part it concerns. The rest is its
parts' (see the package's docstring) and the real-time table's (:mod:`..realtime`)."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade.tables.base import GOLD, MUTED, Action, Sprite
from cardtable.arcade.tables.realtime import RealtimeTable
from cardtable.arcade.tables.realtime.calls import Calls
from cardtable.arcade.tables.spit.places import Places
from cardtable.arcade.tables.spit.scoreboard import Scoreboard
from cardtable.arcade.tables.spit.seating import Seating
from cardtable.arcade.tables.spit.slap import Slap
from cardtable.arcade.tables.spit.words import Words


class SpitTable(RealtimeTable):
    """The Spit table (see the package's docstring), composed of :attr:`seating` where things sit,
    :attr:`places` each player's layout, :attr:`slap` the slap race and its verdict, :attr:`scoreboard`
    the plates and counts, :attr:`words` the messages and hints, and the real-time parts."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.seating = Seating(self)
        self.places = Places(self)
        self.slap = Slap(self)
        self.scoreboard = Scoreboard(self)
        self.words = Words(self)
        self.calls = Calls(self, {"ready": "Spit!", "spit": "Spit!"}, ("ready", "spit"))
        super().__init__(*args, **kwargs)

    # -- the view in, sprites out -----------------------------------------------------------------

    def cursor_cards(self, seat: int) -> list[str | None]:
        return self.places.tops(seat)

    def own_cards(self, seat: int, view: dict[str, Any]) -> list[str]:
        return self.places.face_up(seat, view)

    def after_view(self, seat: int, first: bool) -> None:
        self.places.keep_cursor(seat)

    def build(self) -> None:
        view = self.view
        sides, seating = self.sides, self.seating
        size = seating.csize()
        pending = self.outbox.pending_cards()
        phase = view.get("phase")
        for seat in (sides.bottom, sides.top):
            self.places.build(seat, size, pending, phase)
            count = (view.get("spit_cards") or [0, 0])[seat]
            base = seating.spit_stack_rect(seat)
            grows = 1 if sides.flipped(seat) or (seat == sides.top and not sides.couch) else -1
            for j in range(min(count, 6)):
                rect = base.move(0, round(j * seating.step() * grows))
                self.sprites.append(Sprite(("spit", seat, j), None, rect, flipped=sides.flipped(seat), shadow=j == 0,
                                           origin=sides.plate_centre(seat), group=f"spit cards {seat}"))
        piles = view.get("spit_piles") or [[], []]
        for p in (0, 1):
            cards = [c for c in piles[p] if c not in pending] if p < len(piles) else []
            cards += [q.card for q in self.outbox.pending if q.action.get("pile") == p]
            rect = seating.pile_rect(p)
            origin = seating.spit_stack_rect(p).topleft
            visible = cards[-3:]
            for k, card in enumerate(visible):
                depth = len(visible) - 1 - k
                r = rect.move(round(-depth * 2 * self.u), round(depth * 2 * self.u))
                self.sprites.append(Sprite(card, card, r, shadow=k == 0, origin=origin, hit=("pile", p),
                                           flipped=sides.flipped(p), group=f"spit pile {p}"))
        self.calls.build()

    # -- drawing --------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        self.scoreboard.draw(surface)

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        self.places.draw_empty_cursor(surface)

    def pile_glow(self, pile: int) -> tuple[int, int, int] | None:
        """As for any real-time table, and gold on both piles while they are to be slapped or chosen."""
        return self.pile_marks.glow(pile) or self.slap.glow()


    # -- events ---------------------------------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> None:
        super().on_event(event)
        kind = event.get("type")
        if kind in ("turn", "move", "stack") and event.get("seat") not in self.local_seats:
            self.sounds.play("flip")
        if kind in ("turn", "flip") and isinstance(event.get("card"), str):
            self.flights.turn_over(event["card"])
        elif kind == "spit":
            self.callouts.banner("Spit!", GOLD, 0.8)
            self.sounds.play("spit")
            self.slap.forget()
        elif kind == "out_of_use":
            self.toasts.add("Only one spit pile from now on", MUTED, 2.5)
        elif kind == "round_over":
            self.sounds.play("round")
            cleared = event.get("cleared")
            text = f"{self.name(cleared)} cleared the layout!" if isinstance(cleared, int) else "Round over"
            self.callouts.banner(text, GOLD, 1.2, 0.7)
        elif kind in ("slap", "choose"):
            self.slap.slapped(event)
        elif kind == "gather":
            self.slap.gather(event)
        elif kind == "game_over":
            self.sounds.play("round")

    # -- input ----------------------------------------------------------------------------------

    def pile_for_button(self, seat: int, which: int) -> int:
        """The pile on the seat's left (``which`` 0) or right as they see the table; the left pile on
        screen is the first local seat's."""
        sides = self.sides
        left, right = (sides.top, sides.bottom) if sides.flipped(seat) else (sides.bottom, sides.top)
        return left if which == 0 else right

    def confirm_move(self, seat: int) -> list[tuple[int, Action]]:
        state = self.controls.inputs[seat]
        if self.slap.on:
            return self.slap.take(seat, state.target)
        return self.places.act(seat, state.cursor, state.target)

    def on_pile(self, seat: int | None, which: int) -> list[tuple[int, Action]]:
        if seat is not None and self.slap.on:  # the same buttons slap
            return self.slap.take(seat, self.pile_for_button(seat, which))
        return self.race.pile_button(seat, which)

    def pile_clicked(self, pile: int, seat: int | None) -> list[tuple[int, Action]]:
        return self.slap.clicked(pile, seat)

    def click_sprite(self, sprite: Sprite) -> list[tuple[int, Action]]:
        return self.places.click(sprite)

    def dropped_elsewhere(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        return self.places.dropped(seat, card, pos)

    def click_empty(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        return self.places.click_empty(pos, seat)
