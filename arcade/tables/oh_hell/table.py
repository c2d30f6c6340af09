"""The Oh Hell table itself: the sprites of the hand, the other seats' small hands, the trick and the
trump card built from the view, the host's events told (sounds, bids rising, tricks flying to their
winners), and the players' input turned into bids and plays. The rest is its parts' (see the
package's docstring)."""

from __future__ import annotations

import re
from typing import Any

import pygame

from cardtable.arcade.tables.base import ARROWS, BAD, GOLD, LEGAL, Action, Sprite, Table
from cardtable.arcade.tables.oh_hell.bidding import Bidding
from cardtable.arcade.tables.oh_hell.last_trick import LastTrick
from cardtable.arcade.tables.oh_hell.pacing import Pacing
from cardtable.arcade.tables.oh_hell.privacy import Privacy
from cardtable.arcade.tables.oh_hell.scoreboard import SUIT_NAMES, Scoreboard
from cardtable.arcade.tables.oh_hell.seating import Seating
from cardtable.arcade.tables.oh_hell.sheet import ScoreSheet
from cardtable.arcade.tables.parts.pieces import fan


class OhHellTable(Table):
    """The Oh Hell table (see the package's docstring), composed of its parts: :attr:`seating` where
    things sit, :attr:`privacy` the screen between local players' turns, :attr:`bidding` the bid
    buttons, :attr:`scoreboard` the plates and info panel, :attr:`sheet` the score sheet,
    :attr:`last_trick` the last trick shown large, :attr:`pacing` the pauses between tricks and hands."""

    hand_looks = ((LEGAL, False), (None, True))  # the legal cards lit in the turn, the others shaded

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.seating = Seating(self)
        self.privacy = Privacy(self)
        self.bidding = Bidding(self)
        self.scoreboard = Scoreboard(self)
        self.sheet = ScoreSheet(self)
        self.last_trick = LastTrick(self)
        self.pacing = Pacing(self)
        super().__init__(*args, **kwargs)
        self.privacy.shown = self.local_seats[0] if self.local_seats else None

    @property
    def me(self) -> int | None:
        if self.privacy.shown is not None:
            return self.privacy.shown
        return super().me

    def needs_privacy(self) -> bool:
        return self.privacy.on

    def privacy_done(self) -> None:
        """The player now at the screen is ready to see their hand."""
        self.privacy.done()

    def banner_y(self) -> float:
        return self.H * 0.4  # the middle of the felt: shown when no trick lies there

    # -- the view in, sprites out -----------------------------------------------------------------

    def after_view(self, seat: int, first: bool) -> None:
        view = self.views[seat]
        playable = [a["card"] for a in self.legals.get(seat, []) if a.get("type") == "play"]
        hand = list(view.get("hand") or [])
        if playable and seat in self.controls.inputs and hand:
            current = hand[self.controls.inputs[seat].cursor % len(hand)]
            if current not in playable and playable[0] in hand:
                self.controls.inputs[seat].cursor = hand.index(playable[0])
        self.privacy.new_view()

    def build(self) -> None:
        view = self.view
        me = self.me
        seating = self.seating
        legal = self.legals.get(me, []) if me is not None else []
        dealing = self.pacing.dealing()
        dealer = int(view.get("dealer") or 0)
        self._build_hand(view, me, legal, dealing, dealer)
        small = seating.small_size()
        for seat in range(seating.players):
            if seat == me:
                continue
            count = 0 if dealing else (view.get("hand_sizes") or [0] * seating.players)[seat]
            cx, _ = seating.seat_centre(seat)
            backs = fan(count, cx, seating.backs_top(seat), small, self.W * 0.1, small[0] * 0.3)
            dealt_from = seating.played_from(dealer, small)
            for j, rect in enumerate(backs):
                self.sprites.append(Sprite(("back", seat, j), None, rect, origin=dealt_from, shadow=False,
                                           delay=0.02 * j, group=f"hand {seat}", glide=False))
        trick_size = seating.trick_size()
        for played in view.get("trick") or []:
            seat, card = played["seat"], played["card"]
            self.sprites.append(Sprite(card, card, seating.trick_rect(seat, trick_size),
                                       origin=seating.played_from(seat, trick_size), group="trick"))
        trump_card = view.get("trump_card")
        if trump_card and view.get("phase") != "over":
            trump = seating.trump_rect()
            self.sprites.append(Sprite("trump", trump_card, trump, origin=seating.played_from(dealer, trump.size)))
        if self.bidding_now(legal):
            self.bidding.build_buttons(me, legal)

    def bidding_now(self, legal: list[Action]) -> bool:
        """The bottom seat bids now: its turn, its screen, its hand dealt and landed (until then the
        table says it is dealing; :meth:`on_tick` lays out again once it has landed)."""
        bid = self.view.get("phase") == "bid" and self.me is not None and bool(legal) and not self.privacy.on
        if bid and not self.pacing.hand_ready():
            self.pacing.awaiting = True
            return False
        return bid

    def _build_hand(self, view: dict[str, Any], me: int | None, legal: list[Action], dealing: bool,
                    dealer: int) -> None:
        """The bottom seat's hand (its backs for a spectator), dealt from the dealer's place."""
        seating = self.seating
        playable = {a["card"] for a in legal if a.get("type") == "play"}
        my_turn = bool(playable)
        size = seating.hand_size()
        dealer_pos = seating.played_from(dealer, size)
        hand = [] if dealing else list(view.get("hand") or [])
        cursor = self.controls.inputs[me].cursor if me in self.controls.inputs else 0
        keyboardish = me in self.controls.inputs and self.controls.inputs[me].device != "mouse"
        if not self.local_seats and me is not None:  # a spectator sees the bottom seat's backs
            count = (view.get("hand_sizes") or [0] * seating.players)[me] if me < seating.players else 0
            for j, rect in enumerate(fan(count, self.W / 2, seating.hand_top(), size, self.W * 0.58)):
                self.sprites.append(Sprite(("back", me, j), None, rect, origin=dealer_pos, group=f"hand {me}"))
        rects = fan(len(hand), self.W / 2, seating.hand_top(), size, self.W * 0.58)
        hidden = self.privacy.on
        for i, (card, rect) in enumerate(zip(hand, rects, strict=True)):
            glow = None
            lift = 0.0
            mark = None
            if not hidden and my_turn and card in playable:
                glow, lift = LEGAL, 0.06
            if not hidden and my_turn and keyboardish and i == cursor % len(hand):
                glow, lift, mark = GOLD, 0.14, GOLD
            self.sprites.append(Sprite(
                card, None if hidden else card, rect.move(0, -round(size[1] * lift)), glow=glow,
                dim=not hidden and my_turn and card not in playable, hit=("hand", card), seat=me,
                origin=dealer_pos, delay=0.035 * i, mark=mark, group=f"hand {me}",
            ))

    # -- drawing ----------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        self.scoreboard.draw_plates(surface)
        if self.view.get("phase") != "over":  # the final sheet says it all (it stood over "Hand 13 of 13")
            self.scoreboard.draw_info(surface)
        me = self.me
        if self.bidding_now(self.legals.get(me, []) if me is not None else []):
            self.bidding.draw_question(surface)

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        me = self.me
        view = self.view
        if self.privacy.on:
            self.privacy.draw(surface)
            return
        if self.sheet.showing():
            self.sheet.draw(surface)
        elif self.last_trick.showing():
            self.last_trick.draw(surface)
        legal = self.legals.get(me, []) if me is not None else []
        last = (("up",), "last trick") if view.get("last_trick") else None
        if view.get("phase") == "over":
            hints = [(("alt",), "score sheet")]
        elif self.pacing.dealing() or self.view.get("phase") == "bid" and not self.pacing.hand_ready():
            hints = [((), "dealing the next hand"), (("alt",), "score sheet")]
        elif any(a.get("type") == "bid" for a in legal):
            hints = [(ARROWS, "choose a bid"), (("confirm",), "bid"), self.mouse_hint(me, "or click a number"),
                     (("alt",), "score sheet")]
        elif legal:
            hints = [(ARROWS, "choose a card"), (("confirm",), "play"),
                     self.mouse_hint(me, "or click a card"), last, (("alt",), "score sheet")]
        else:
            turn = view.get("turn")
            waiting = f"waiting for {self.name(turn)}" if isinstance(turn, int) else "waiting"
            hints = [((), waiting), last, (("alt",), "score sheet")]
        self.hint_bar.draw(surface, hints, x=self.W / 2, y=self.H - 2 * self.u)

    def draw_callouts(self, surface: pygame.Surface) -> None:
        if self.sheet.showing():
            return  # banners and floating numbers never cover the score sheet
        super().draw_callouts(surface)

    # -- events -----------------------------------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "play":
            self.pacing.hurry()
            if event.get("seat") not in self.local_seats:
                self.sounds.play("play")
        elif kind == "trick":
            self.last_trick.shown = False
            self.pacing.trick_taken(event)
        elif kind == "deal":
            self.pacing.dealt()
            self.sounds.play("deal")
            if event.get("trump_card"):
                self.flights.turn_over("trump")
            self.bidding.focus.clear()
        elif kind == "bid" and event.get("bid") is not None:
            seat = event.get("seat")
            if isinstance(seat, int) and seat != self.me:
                text = f"bids {event['bid']}"
                label = self.callouts.float_rect(text, 0.6, (0, 0), 0.0)
                where = self.seating.bid_callout(seat, label, self.scoreboard.plate_rects.get(seat))
                self.callouts.float_text(text, where, GOLD)
        elif kind == "hand_over":
            self.sounds.play("round")
            points = event.get("points") or []
            for seat, p in enumerate(points):
                cx, cy = self.seating.plate_centre(seat)
                self.callouts.float_text(f"+{p}" if p else "+0", (cx, cy - 44 * self.u), LEGAL if p else BAD)
            self.pacing.hand_over(event.get("hand", ""))
        elif kind == "game_over":
            self.effects.items = [e for e in self.effects.items if e.kind != "banner"]  # the sheet says it all
            self.pacing.game_over()
            self.sounds.play("round")

    def on_tick(self, dt: float) -> None:
        self.pacing.tick(dt)

    # -- input ------------------------------------------------------------------------------------

    def _play_actions(self, seat: int | None) -> list[Action]:
        return [a for a in self.legals.get(seat, []) if a.get("type") == "play"] if seat is not None else []

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        if self.privacy.on:
            self.privacy.done()
            return []
        button = self.controls.button_at(pos, seat)
        if button is not None:
            if not button.enabled:
                if button.hit and button.hit[0] == "bid":
                    self.outbox.ask(button.seat, {"type": "bid", "bid": button.hit[1]})
                return []
            return super().on_click(pos, seat)
        sprite = self.controls.sprite_at(pos, seat)
        if sprite is None or sprite.hit is None or sprite.hit[0] != "hand":
            return []
        me = self.me
        card = sprite.hit[1]
        match = [a for a in self._play_actions(me) if a.get("card") == card]
        if match and me is not None:
            return [(me, match[0])]
        if me in self.local_seats and self.view.get("phase") in ("play", "bid"):
            self.outbox.ask(me, {"type": "play", "card": card}, card)  # the host says why not (whose turn)
        return []

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        """A hand card dragged into the middle of the table is played."""
        middle = pygame.Rect(0, 0, round(self.W * 0.5), round(self.H * 0.5))
        middle.center = (self.W // 2, round(self.H * 0.42))
        if not middle.collidepoint(pos):
            return []
        match = self.find(seat, type="play", card=card)
        if match:
            return [(seat, match[0])]
        if self._play_actions(seat):
            self.outbox.ask(seat, {"type": "play", "card": card}, card)
        return []

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or self.privacy.on or seat != self.me:
            return []
        if kind in ("up", "down"):
            self.last_trick.toggle()
            return []
        step = -1 if kind == "left" else 1
        if self.view.get("phase") == "bid":
            self.bidding.move(seat, step)
        else:
            hand = self.view.get("hand") or []
            if hand:
                self.controls.inputs[seat].cursor = (self.controls.inputs[seat].cursor + step) % len(hand)
        return []

    def follow_hint(self, seat: int, tip: Any) -> None:
        if tip.action.get("type") == "bid":
            self.bidding.follow_hint(seat, tip)
        else:
            super().follow_hint(seat, tip)

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        if self.privacy.on:
            self.privacy.done()
            return []
        if seat is None or seat != self.me or self.pacing.dealing():
            return []  # (while the last trick leaves, the new hand is not on screen yet: nothing blind)
        if self.view.get("phase") == "bid":
            return self.bidding.confirm(seat) if self.pacing.hand_ready() else []
        hand = self.view.get("hand") or []
        if not hand:
            return []
        card = hand[self.controls.inputs[seat].cursor % len(hand)]
        match = self.find(seat, type="play", card=card)
        if match:
            return [(seat, match[0])]
        if seat in self.local_seats and self.view.get("phase") == "play":
            self.outbox.ask(seat, {"type": "play", "card": card}, card)  # the host says why not (whose turn)
        return []

    def reject(self, seat: int, action: Action, reason: str) -> None:
        """The host's reason in the table's words: seats by name, suits spelled out."""
        reason = re.sub(r"seat (\d+)'s turn", lambda m: f"{self.name(int(m.group(1)))}'s turn", reason or "")
        reason = re.sub(r"\(([SHDC])\)", lambda m: f"({SUIT_NAMES[m.group(1)]})", reason)
        super().reject(seat, action, reason)

    def on_alt(self, seat: int | None) -> list[tuple[int, Action]]:
        self.sheet.toggle()
        return []

    def on_back(self, seat: int | None) -> list[tuple[int, Action]]:
        self.sheet.shown = False
        return []

    def on_send(self, seat: int, action: Action) -> None:
        super().on_send(seat, action)
        if action.get("type") == "play" and seat in self.controls.inputs:
            hand = self.views.get(seat, {}).get("hand") or []
            self.controls.inputs[seat].cursor = max(0, min(self.controls.inputs[seat].cursor, len(hand) - 2))
