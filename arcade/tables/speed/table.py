"""The Speed table itself: the stockpiles', the other's hand's, the side and centre piles' sprites
built from the view, the host's events told (sounds, banners, flights), and the players' input handed to
the part it concerns. The rest is its parts' (see the package's docstring) and the real-time table's
(:mod:`..realtime`)."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade.anim import Effect
from cardtable.arcade.tables.base import GOLD, LEGAL, MUTED, Action, Sprite
from cardtable.arcade.tables.realtime import RealtimeTable
from cardtable.arcade.tables.realtime.calls import Calls
from cardtable.arcade.tables.speed.countdown import Countdown
from cardtable.arcade.tables.speed.hand import Hand
from cardtable.arcade.tables.speed.scoreboard import Scoreboard
from cardtable.arcade.tables.speed.seating import Seating
from cardtable.arcade.tables.speed.words import Words


class SpeedTable(RealtimeTable):
    """The Speed table (see the package's docstring), composed of :attr:`seating` where things sit,
    :attr:`hand` the local hands, :attr:`countdown` the 3-2-1 after a deal, :attr:`scoreboard` the
    plates and counts, :attr:`words` the messages and hints, and the real-time parts."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.seating = Seating(self)
        self.hand = Hand(self)
        self.countdown = Countdown(self)
        self.scoreboard = Scoreboard(self)
        self.words = Words(self)
        self.calls = Calls(self, {"ready": "Ready", "flip": "Flip!", "draw": "Draw"}, ("ready", "flip"))
        super().__init__(*args, **kwargs)

    # -- the view in, sprites out -----------------------------------------------------------------

    def cursor_cards(self, seat: int) -> list[str | None]:
        return list(self.hand.cards(seat))

    def after_view(self, seat: int, first: bool) -> None:
        self.countdown.new_view(seat)

    def build(self) -> None:
        view = self.view
        sides, seating, u = self.sides, self.seating, self.u
        size = seating.csize()
        phase = view.get("phase")
        hand_sizes = view.get("hand_sizes") or [0, 0]
        for seat in (sides.bottom, sides.top):
            flipped = sides.flipped(seat)
            stock = seating.stock_rect(seat)
            count = (view.get("stock_sizes") or [0, 0])[seat]
            direction = 1 if flipped or (seat == sides.top and not sides.couch) else -1
            for j in range(min(count, 6)):
                self.sprites.append(Sprite(("stock", seat, j), None, stock.move(0, round(j * 3 * u * direction)),
                                           flipped=flipped, shadow=j == 0, origin=(self.W / 2 - size[0] / 2, self.H / 2),
                                           group=f"stock {seat}"))
            stock_top = stock.move(0, round(max(0, min(count, 6) - 1) * 3 * u * direction)).topleft
            if seat in self.views and seat in self.local_seats:
                self.hand.build(seat, size, phase, stock_top)
            else:
                for i, rect in enumerate(seating.hand_rects(seat, hand_sizes[seat])):
                    self.sprites.append(Sprite(("hand", seat, i), None, rect, flipped=flipped, origin=stock_top,
                                               delay=0.05 * i, group=f"hand {seat}"))
        centre = view.get("centre") or [None, None]
        sizes = view.get("centre_sizes") or [0, 0]
        flip_wanted = any(a.get("type") == "flip" for s in self.local_seats for a in self.legals.get(s, []))
        for p in (0, 1):
            rect = seating.pile_rect(p)
            side = seating.side_rect(p)
            count = (view.get("side_sizes") or [0, 0])[p]
            for j in range(min(count, 6)):
                glow = LEGAL if j == min(count, 6) - 1 and flip_wanted else None
                self.sprites.append(Sprite(("side", p, j), None, side.move(0, round(-j * 3 * u)), shadow=j == 0,
                                           glow=glow, origin=(self.W / 2, self.H / 2), group=f"side pile {p}"))
            side_top = side.move(0, round(-max(0, min(count, 6) - 1) * 3 * u)).topleft
            mine = [q.card for q in self.outbox.pending if q.action.get("pile") == p]
            top = mine[-1] if mine else centre[p]
            if top is not None:
                self.sprites.append(Sprite(top, top, rect, origin=side_top, hit=("pile", p), group=f"centre pile {p}"))
            elif sizes[p]:
                self.sprites.append(Sprite(("centre_back", p), None, rect, origin=side_top, group=f"centre pile {p}"))
        # the countdown says Ready by itself when it ends
        self.calls.build(held=lambda call: call["type"] == "ready" and self.countdown.running)

    # -- drawing --------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        self.scoreboard.draw(surface)

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        self.countdown.draw(surface)


    # -- events and ticks -----------------------------------------------------------------------

    def on_tick(self, dt: float) -> None:
        self.countdown.tick(dt)

    def auto_actions(self) -> list[tuple[int, Action]]:
        return self.countdown.auto_actions()

    def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind in ("start", "flip"):
            for card in event.get("centre") or event.get("cards") or []:
                if isinstance(card, str):
                    self.flights.turn_over(card)
        super().on_event(event)  # the other's play heard, the deal, the game's winner
        if kind == "start":
            self.countdown.stop()
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
        return self.hand.confirm(seat)

    def click_sprite(self, sprite: Sprite) -> list[tuple[int, Action]]:
        return self.hand.click(sprite)

    def click_empty(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        return self.hand.click_piles(pos, seat)
