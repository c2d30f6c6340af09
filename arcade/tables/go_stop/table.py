"""The Go-Stop table itself: the sprites of the table's piles, the hands and the capture rows built
from the view, the host's events told (sounds, banners, captured cards staged), and the players'
input turned into picks, presses and plays. The rest is its parts' (see the package's docstring)."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade.hwatu_art import HwatuArt
from cardtable.arcade.tables.base import ARROWS, CYAN, GOLD, LEGAL, Action, Button, Sprite, Table, fan
from cardtable.arcade.tables.go_stop.captures import Captures
from cardtable.arcade.tables.go_stop.narration import Narration
from cardtable.arcade.tables.go_stop.picking import Entry, Picking
from cardtable.arcade.tables.go_stop.result import Result
from cardtable.arcade.tables.go_stop.scoreboard import PileLabel, Scoreboard
from cardtable.arcade.tables.go_stop.seating import CURSOR_LIFT, PICKED_LIFT, Seating
from cardtable.arcade.tables.turn import ActionMenu, CouchPlay, WaitingButtons
from cardtable.engine import hwatu

EVENT_BANNERS = {
    "kiss": "Kiss!", "ppuk": "Ppuk!", "ja_ppuk": "Own ppuk!", "ttadak": "Ttadak!", "sweep": "Sweep!",
    "misdeal": "Misdeal", "fours_cancel": "Four of a month",
}


class GoStopTable(CouchPlay, ActionMenu, WaitingButtons, Table):
    """The Go-Stop table (see the package's docstring), composed of its parts: :attr:`seating` where
    things sit, :attr:`picking` what the bottom seat may do and has picked, :attr:`captures` the capture
    rows and the cards on their way there, :attr:`scoreboard` the plates, stock and prompt,
    :attr:`result` the hand's result, :attr:`narration` the recap of each turn. ``zone`` and
    ``menu_focus`` (:class:`ActionMenu`) say where the keys are."""

    hand_looks = ((LEGAL, False), (None, True))  # the legal cards lit in the turn, the others shaded

    deck = (*hwatu.CARDS, *hwatu.JOKERS)

    def __init__(self, game_name: str, local_seats: list[int], art: Any, size: tuple[int, int]) -> None:
        self.hwatu = HwatuArt(art)
        self.zone: dict[int, str] = {}
        self.menu_focus: dict[int, int] = {}
        self.seating = Seating(self)
        self.picking = Picking(self)
        self.captures = Captures(self)
        self.scoreboard = Scoreboard(self)
        self.result = Result(self)
        self.narration = Narration(self)
        super().__init__(game_name, local_seats, self.hwatu, size)  # every card on this table is a hwatu card

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.warmup.expect("go_stop result", self.result.text_sizes())

    def banner_y(self) -> float:
        return self.H * 0.42

    def toast_place(self) -> tuple[float, int]:
        return self.H * 0.55, 3

    def menu_entries(self, me: int) -> list[Entry]:
        return self.picking.entries(me)

    @classmethod
    def legend(cls, art: Any, px: int) -> list[tuple[pygame.Surface | None, str]]:
        hwatu_art = art if isinstance(art, HwatuArt) else HwatuArt(art)
        return [(hwatu_art.badge("B", px), "bright"), (hwatu_art.badge("A", px), "animal"),
                (hwatu_art.badge("R", px), "ribbon"), (hwatu_art.badge("D", px), "double junk")]

    # -- the view in, sprites out -----------------------------------------------------------------

    def after_view(self, seat: int, first: bool) -> None:
        self.couch_after_view()
        if first and self.views[seat].get("phase") in ("hand_over", "over"):
            self.result.waited = True  # a table joined between hands shows the result at once
        if seat == self.event_seat:
            self.narration.told_turn()
        if seat != self.me:
            return
        legal = self.legals.get(seat, [])
        hand = list(self.views[seat].get("hand") or [])
        self.picking.new_view(seat, hand)
        card_turn = self.picking.card_turn(seat)
        if not card_turn and legal:
            self.zone[seat] = "menu"
            self.menu_focus[seat] = 0
        elif card_turn and self.picking.picked.get(seat) is None:
            self.zone[seat] = "hand"
        if seat in self.controls.inputs and hand:
            self.controls.inputs[seat].cursor %= len(hand)

    def build(self) -> None:
        view = self.view
        me = self.me
        if me is None:
            return
        seating = self.seating
        self._build_table(view)
        self._build_hand(view, me)
        self.spectator_backs(seating.hsize(0.17), seating.hand_top(), self.W * 0.6)
        for seat in seating.opponents():
            self.captures.build(seat, seating.opp_captures(seat))
            self._build_opp_hand(view, seat)
        self.captures.build(me, seating.my_captures())
        self.picking.build_buttons(me)
        if me in self.controls.inputs:  # the scene asks this before Back: Back clears it instead of pausing
            self.controls.inputs[me].selected = self.picking.picked.get(me)

    def _hover_month(self, view: dict[str, Any]) -> str | None:
        """The month the keyboard's cursor or the picked card points at: its table cards glow."""
        me = self.me
        month = None
        if me is not None and self.zone.get(me, "hand") == "hand":
            hand = list(view.get("hand") or [])
            if hand and me in self.controls.inputs and not self.controls.mouse_active:
                month = hwatu.month(hand[self.controls.inputs[me].cursor % len(hand)])
        picked = self.picking.picked.get(me or 0)
        return hwatu.month(picked) if picked else month

    def _build_table(self, view: dict[str, Any]) -> None:
        seating = self.seating
        piles = [list(p) for p in view.get("table") or []]
        size = seating.pile_size()
        region = seating.table_region()
        cols, rows = seating.pile_rows()
        cell_w = region.width / cols
        cell_h = region.height / rows
        choices = {a["card"] for a in self.picking.legal() if a.get("type") == "choose"}
        me = self.me
        hover_month = self._hover_month(view)
        stock = seating.stock_rect()
        stacks = view.get("stacks") or {}
        labels: list[PileLabel] = []
        for i, pile in enumerate(piles):
            row, col = divmod(i, cols)
            in_row = min(cols, len(piles) - row * cols)
            cx = region.centerx + cell_w * (col - (in_row - 1) / 2)
            cy = region.top + cell_h * (row + 0.5)
            n = len(pile)
            dx, dy = size[0] * 0.24, size[1] * 0.1
            if any(c in choices for c in pile):  # spread it so both matches show
                dx, dy = size[0] * 0.62, size[1] * 0.05
            x0 = cx - (size[0] + dx * (n - 1)) / 2
            y0 = cy - (size[1] + dy * (n - 1)) / 2
            months = {hwatu.month(c) for c in pile} - {""}
            month = next(iter(months), "")
            if month in stacks:
                maker = stacks[month]
                who = "dealt" if not isinstance(maker, int) or maker < 0 else self.name(maker).split(" (")[0]
                text = f"stack: {who}"
                below = y0 + size[1] + dy * (n - 1) + 3 * self.u
                # above when the next row's pile or the turn prompt lies under it
                if (row == 0 and len(piles) > cols) or below + seating.label_px() * 1.25 > region.bottom:
                    labels.append((text, "midbottom", (cx, y0 - 3 * self.u)))
                else:
                    labels.append((text, "midtop", (cx, below)))
            for j, card in enumerate(pile):
                rect = pygame.Rect(round(x0 + dx * j), round(y0 + dy * j), *size)
                glow = None
                if card in choices:
                    glow = GOLD
                elif hover_month and hwatu.month(card) == hover_month:
                    glow = CYAN
                self.sprites.append(Sprite(card, card, rect, glow=glow, hit=("choose", card) if card in choices else None,
                                           seat=me, origin=self.captures.origins.get(card, stock.topleft),
                                           group=f"pile {month or i}"))
        self.scoreboard.pile_labels = labels

    def _build_hand(self, view: dict[str, Any], me: int) -> None:
        seating = self.seating
        hand = list(view.get("hand") or [])
        size = seating.hsize(0.17)
        rects = fan(len(hand), self.W / 2, seating.hand_top(), size, self.W * 0.6, size[0] * 1.1)
        playable = self.picking.playable()
        my_turn = self.picking.card_turn()
        keyboard = me in self.controls.inputs and not self.controls.mouse_active and self.zone.get(me, "hand") == "hand"
        cursor = self.controls.inputs[me].cursor % len(hand) if hand and me in self.controls.inputs else -1
        months = {hwatu.month(c) for p in view.get("table") or [] for c in p}
        picked = self.picking.picked.get(me)
        origin = seating.stock_rect().topleft
        for i, (card, rect) in enumerate(zip(hand, rects, strict=True)):
            glow = None
            mark = None
            lift = 0.0
            if my_turn and card in playable:
                glow = LEGAL if hwatu.month(card) in months else None
            if card == picked:
                glow, lift = GOLD, PICKED_LIFT
            elif keyboard and my_turn and i == cursor:
                glow, lift, mark = GOLD, CURSOR_LIFT, GOLD
            self.sprites.append(Sprite(card, card, rect.move(0, -round(size[1] * lift)), glow=glow,
                                       dim=my_turn and card not in playable, hit=("hand", card), seat=me,
                                       origin=origin, delay=0.03 * i, mark=mark,
                                       group=f"hand {me}"))

    def _build_opp_hand(self, view: dict[str, Any], seat: int) -> None:
        """An opponent's hand: a small fan of backs under its plate (cards it showed when shaking face up)."""
        seating = self.seating
        region = seating.opp_region(seat)
        plate_w = seating.plate_width(region)
        sizes = view.get("hand_sizes") or []
        count = sizes[seat] if seat < len(sizes) else 0
        revealed = list((view.get("revealed") or [[]] * seating.players)[seat] or [])
        size = seating.hsize(0.065)
        codes: list[str | None] = list(revealed) + [None] * max(0, count - len(revealed))
        rects = fan(len(codes), region.left + plate_w / 2, region.top + 104 * self.u, size, plate_w - 10 * self.u,
                    size[0] * 0.5)
        origin = seating.stock_rect().topleft
        for j, (code, rect) in enumerate(zip(codes, rects, strict=True)):
            key = code if code is not None else ("back", seat, j)
            self.sprites.append(Sprite(key, code, rect, shadow=False, origin=origin,
                                       group=f"hand {seat}", glide=code is not None))

    def warm_sizes(self) -> list[tuple[tuple[int, int], bool]]:
        """Every card size in use (the hwatu faces of :attr:`deck` are drawn ahead at each), and the
        table cards' size for one row of piles and for two."""
        return [(sprite.rect.size, sprite.flipped) for sprite in self.sprites] + self._pile_sizes()

    def warm_shadowed(self) -> set[tuple[tuple[int, int], bool]]:
        """As every table, and the table cards at both their sizes: when the piles went to two rows,
        the frame made a dozen cards on their shadows at the new size (1-3 ms at 1920x1080)."""
        return {*super().warm_shadowed(), *self._pile_sizes()}

    def _pile_sizes(self) -> list[tuple[tuple[int, int], bool]]:
        return [(self.seating.pile_size_for(rows), False) for rows in (1, 2)] if self.views else []

    # -- drawing ----------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        self.scoreboard.draw(surface)

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        me = self.me
        if self.result.showing():
            self.result.draw(surface)
        else:
            self.narration.draw(surface)
        legal = self.picking.legal()
        if not legal:
            hints = [((), "waiting for the other players" if self.view.get("phase") != "over" else "the table is over")]
        elif self.zone.get(me or 0) == "menu" or not self.picking.card_turn():
            hints = [(ARROWS, "choose"), (("confirm",), "select"), self.mouse_hint(me, "or click a button")]
        else:
            hints = [(ARROWS, "choose a card"), (("confirm",), "play"),
                     self.mouse_hint(me, "or click a card"), (("alt",), "buttons") if self.menu_entries(me or 0) else None]
        self.hint_bar.draw(surface, [*hints, self.narration.recap.key_hint()])

    def settled(self) -> bool:
        """The last move has played out: no card staged, gliding or flying, no banner, no rising label."""
        return not (self.motion.moving or self.flights.ghosts or self.captures.staged
                    or any(e.kind in ("banner", "float") for e in self.effects.items))

    def offered(self, button: Button) -> bool:
        """The Deal and Leave buttons come with the result (see :class:`WaitingButtons` for the others)."""
        if self.view.get("phase") in ("hand_over", "over") and not self.result.showing():
            return False
        return super().offered(button)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        if not self.result.showing():  # over the result, they are drawn with it
            self.renderer.draw_buttons(surface)

    # -- events -----------------------------------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> None:
        self.narration.hear(event)
        kind = event.get("type")
        seat = event.get("seat")
        if kind in ("played", "bomb"):
            self.sounds.play("play")
            cards = [event.get("card")] if kind == "played" else list(event.get("cards") or [])
            if isinstance(seat, int) and seat != self.me:
                for card in cards:
                    if isinstance(card, str):
                        self.captures.origins[card] = self.seating.seat_point(seat)
        elif kind == "turned":
            self.sounds.play("flip")
        elif kind == "captured":
            self.sounds.play("trick")
            self.captures.stage([c for c in event.get("cards") or [] if isinstance(c, str)])
        elif kind == "deal":
            self.sounds.play("deal")
            self.result.waited = False
            self.picking.picked.clear()
            self.captures.clear()
        elif kind in EVENT_BANNERS:
            who = self.name(seat) if isinstance(seat, int) else ""
            self.callouts.banner(f"{who}: {EVENT_BANNERS[kind]}" if who else EVENT_BANNERS[kind], GOLD, 1.2, 0.6)
        elif kind == "shake":
            self.callouts.banner(f"{self.name(seat)} shakes month {int(hwatu.month(event['cards'][0]))}"
                                 if isinstance(seat, int) else "Shake", GOLD, 1.2, 0.6)
        elif kind == "go":
            self.callouts.banner(f"{self.name(seat)}: Go {event.get('goes', '')}!", GOLD, 1.3, 0.8)
            self.sounds.play("slap")
        elif kind in ("stop", "hand_over"):
            self.sounds.play("round")  # the result panel says who won
        elif kind == "stole" and isinstance(seat, int):
            self.callouts.float_text(f"+1 junk from {self.name(int(event.get('from', 0)))}",
                                     self.seating.seat_point(seat), CYAN, 1.6)
        elif kind == "joker" and isinstance(seat, int):
            self.callouts.float_text("bonus card!", self.seating.seat_point(seat), GOLD, 1.6)

    def on_tick(self, dt: float) -> None:
        self.narration.tick(dt)
        if self.captures.tick(dt):
            self.relayout()  # the staged cards fly to their capture rows

    # -- input ------------------------------------------------------------------------------------

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        me = self.me
        if me is None or me not in self.local_seats:
            return []
        button = self.controls.button_at(pos, me)
        if button is not None:
            if button.hit == ("cancel",):
                self.picking.cancel(me)
                return []
            return super().on_click(pos, me)
        sprite = self.controls.sprite_at(pos, me)
        if sprite is None or sprite.hit is None:
            return []
        if sprite.hit[0] == "hand":
            return self.picking.pick(me, sprite.hit[1])
        if sprite.hit[0] == "choose":
            match = self.find(me, type="choose", card=sprite.hit[1])
            return [(me, match[0])] if match else []
        return []

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        if pos[1] < self.H * 0.6:
            return self.picking.pick(seat, card)
        return []

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or seat != self.me:
            return []
        if kind in ("up", "down"):
            return self.on_alt(seat)
        step = -1 if kind == "left" else 1
        if self.zone.get(seat) == "menu":
            self.move_menu_focus(seat, step)
            return []
        hand = list(self.view.get("hand") or [])
        if hand:
            self.controls.inputs[seat].cursor = (self.controls.inputs[seat].cursor + step) % len(hand)
        return []

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or seat != self.me:
            return []
        if self.zone.get(seat) == "menu":
            entry = self.focused_entry(seat)
            if entry is None or self.view.get("phase") in ("hand_over", "over") and not self.result.showing():
                return []  # Deal is not pressed before the result is shown
            _label, _note, action, hit = entry
            if not self.shown(seat, hit, action):  # held back for a moment: not drawn, not pressed
                return []
            if hit == ("cancel",):
                self.picking.cancel(seat)
                return []
            return [(seat, action)] if action is not None else []
        hand = list(self.view.get("hand") or [])
        if not hand:
            return []
        return self.picking.pick(seat, hand[self.controls.inputs[seat].cursor % len(hand)])

    def on_alt(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None:
            return []
        if self.zone.get(seat) == "menu":
            if self.picking.card_turn(seat):
                self.picking.cancel(seat)
        elif self.menu_entries(seat):
            self.zone[seat] = "menu"
            self.menu_focus[seat] = 0
        return []

    def on_recap(self, seat: int | None) -> list[tuple[int, Action]]:
        self.narration.recap.review()
        return []

    def on_back(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is not None:
            self.picking.picked[seat] = None
            if self.picking.card_turn(seat):
                self.zone[seat] = "hand"
        return []

    def on_send(self, seat: int, action: Action) -> None:
        super().on_send(seat, action)
        self.picking.picked[seat] = None
