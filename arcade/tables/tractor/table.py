"""The Tractor table itself: the sprites of the hand, the other seats' hands and the trick built from
the view, the host's events told (sounds, banners, cards swept to the trick's winner), and the players'
input turned into picks, presses and plays. The rest is its parts' (see the package's docstring)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from cardtable.arcade.anim import Effect
from cardtable.arcade.cardart import card_size
from cardtable.arcade.tables.base import (
    ARROWS,
    BAD,
    CYAN,
    GOLD,
    LEGAL,
    WARM_CODES,
    Action,
    Sprite,
    Table,
    fan,
)
from cardtable.arcade.tables.tractor.autodraw import AutoDraw
from cardtable.arcade.tables.tractor.buttons import ActionButtons, Entry
from cardtable.arcade.tables.tractor.last_trick import LastTrick
from cardtable.arcade.tables.tractor.narration import Narration
from cardtable.arcade.tables.tractor.picking import Picking
from cardtable.arcade.tables.tractor.scoreboard import Scoreboard, starter_chip
from cardtable.arcade.tables.tractor.seating import CHOSEN_LIFT, CURSOR_LIFT, Seating
from cardtable.arcade.tables.tractor.words import STARTER, SUIT_NAMES
from cardtable.arcade.tables.turn import ActionMenu, CouchPlay


class TractorTable(CouchPlay, ActionMenu, Table):
    """The Tractor table (see the package's docstring), composed of its parts: :attr:`seating` where
    things sit, :attr:`picking` what the bottom seat picks, :attr:`action_buttons` its button row,
    :attr:`autodraw` the automatic draw, :attr:`scoreboard` plates, info and prompt, :attr:`last_trick`
    the last trick's panels, :attr:`narration` a line for each of the others' moves. ``zone`` and
    ``menu_focus`` (:class:`ActionMenu`) say where the keys are."""

    deck = (*WARM_CODES, "BJ", "RJ")
    hand_looks = ((LEGAL, False), (None, True))  # the legal cards lit in the turn, the others shaded

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.zone: dict[int, str] = {}
        self.menu_focus: dict[int, int] = {}
        self.seating = Seating(self)
        self.picking = Picking(self)
        self.action_buttons = ActionButtons(self)
        self.autodraw = AutoDraw(self)
        self.scoreboard = Scoreboard(self)
        self.last_trick = LastTrick(self)
        self.narration = Narration(self)
        self._kitty_keys: set[tuple[str, int]] = set()  # the hand's sprites that came from the kitty
        super().__init__(*args, **kwargs)

    def banner_y(self) -> float:
        return self.H * 0.3

    def toast_place(self) -> tuple[float, int]:
        return self.H * 0.55, 2  # above the prompt over the button row

    def menu_entries(self, me: int) -> list[Entry]:
        return self.action_buttons.entries(me)

    # -- the view in, sprites out -----------------------------------------------------------------

    def after_view(self, seat: int, first: bool) -> None:
        self.couch_after_view()
        self.autodraw.new_view(seat)
        if seat != self.me or not self.picking.new_view(seat):
            return
        legal = self.legals.get(seat, [])
        if legal and not any(a.get("type") in ("play", "bury") for a in legal):
            self.zone[seat] = "menu"
            self.menu_focus[seat] = 0
        elif legal:
            self.zone[seat] = "hand"
        cards = self.picking.shown_cards()
        if seat in self.controls.inputs and cards:
            seat_input = self.controls.inputs[seat]
            seat_input.cursor %= len(cards)
            singles = self.picking.singles()
            if singles and not self.picking.selecting() and cards[seat_input.cursor] not in singles:
                seat_input.cursor = next(i for i, c in enumerate(cards) if c in singles)

    def build(self) -> None:
        view = self.view
        me = self.me
        if me is None:
            return
        self._build_hand(view, me)
        self.spectator_backs(self.seating.hand_size(), self.seating.hand_top(), self.W * 0.9)
        self._build_others(view)
        self._build_middle(view)
        if me in self.local_seats:
            self.action_buttons.build(me)
        if me in self.controls.inputs:  # the scene asks this before Back: Back clears it instead of pausing
            self.controls.inputs[me].selected = "cards" if self.picking.selected.get(me) else None

    def _build_hand(self, view: dict[str, Any], me: int) -> None:
        cards = self.picking.shown_cards()
        self._kitty_keys = set()
        kitty = Counter(view.get("kitty") or []) if view.get("phase") == "bury" else Counter()
        size = self.seating.hand_size()
        rects = self.seating.grouped_fan(cards, size, self.W * 0.92)
        legal = self.my_legal()
        selecting = self.picking.selecting()
        singles = self.picking.singles()
        pool = self.picking.pool()
        active = bool(pool) or bool(singles)
        chosen = self.picking.selected.get(me, set())
        declarable = {c for a in legal if a.get("type") == "declare" for c in a.get("cards") or []}
        keyboard = me in self.controls.inputs and not self.controls.mouse_active and self.zone.get(me, "hand") == "hand"
        cursor = self.controls.inputs[me].cursor % len(cards) if cards and me in self.controls.inputs else -1
        seen: Counter = Counter()
        origin = self.seating.trick_centre(me)
        for i, (card, rect) in enumerate(zip(cards, rects, strict=True)):
            copy = seen[card]
            seen[card] += 1
            lift = 0.0
            glow = None
            mark = None
            usable = card in pool or card in singles
            if i in chosen:
                lift, glow = CHOSEN_LIFT, GOLD
            elif active and usable and not selecting:
                glow = LEGAL
            elif card in declarable:
                glow = CYAN
            if kitty[card] > 0 and view.get("phase") == "bury" and copy >= Counter(view.get("hand") or [])[card]:
                self._kitty_keys.add((card, copy))
            if keyboard and active and i == cursor:
                mark = GOLD
                lift = max(lift, CURSOR_LIFT)
                glow = glow or GOLD
            self.sprites.append(Sprite((card, copy), card, rect.move(0, -round(size[1] * lift)), glow=glow,
                                       dim=active and not usable, hit=("hand", i), seat=me, origin=origin,
                                       mark=mark, group=f"hand {me}"))

    def _build_others(self, view: dict[str, Any]) -> None:
        sizes = view.get("hand_sizes") or []
        shown = view.get("shown") or []
        small = self.card_px(0.075)
        pile = (self.W * 0.5, self.H * 0.4)
        for seat in range(self.seating.players):
            if seat == self.me:
                continue
            count = sizes[seat] if seat < len(sizes) else 0
            faces = list(shown[seat]) if seat < len(shown) else []
            codes: list[str | None] = [None] * max(0, count - len(faces)) + faces  # shown cards on top
            cx, cy = self.seating.seat_centre(seat)
            k = self.seating.rel(seat)
            y = cy + 46 * self.u if k != 2 else cy + 40 * self.u
            width = self.W * 0.3 if k == 2 else min(self.W * 0.14, 165 * self.u)  # under the plate, clear of the edge
            rects = readable_tail(fan(len(codes), cx, y, small, width, small[0] * 0.4), len(faces), small[0] * 0.4)
            seen: Counter = Counter()
            for j, (code, rect) in enumerate(zip(codes, rects, strict=True)):
                if code is None:
                    key: object = ("back", seat, j)
                else:
                    key = ("shown", seat, code, seen[code])
                    seen[code] += 1
                self.sprites.append(Sprite(key, code, rect, shadow=False, origin=pile, group=f"hand {seat}",
                                          glide=code is not None))

    def _build_middle(self, view: dict[str, Any]) -> None:
        size = self.seating.trick_size()
        phase = view.get("phase")
        if phase in ("draw", "declare") and int(view.get("draw_pile") or 0) > 0:
            rect = self.seating.draw_pile_rect()
            hit = ("draw",) if self.find(self.me, type="draw") else None
            self.sprites.append(Sprite("drawpile", None, rect, hit=hit, seat=self.me,
                                       glow=LEGAL if hit else None))
        revealed = list(view.get("kitty_revealed") or [])
        if revealed:
            rects = fan(len(revealed), self.W / 2, self.H * 0.3, size, self.W * 0.5)
            for j, (card, rect) in enumerate(zip(revealed, rects, strict=True)):
                self.sprites.append(Sprite(("kitty", j), card, rect, group="kitty"))
        winning = view.get("winning")
        for play in view.get("trick") or []:
            seat, cards = play.get("seat"), list(play.get("cards") or [])
            if not isinstance(seat, int):
                continue
            cx, cy = self.seating.trick_centre(seat)
            rects = fan(len(cards), cx, cy - size[1] / 2, size, self.W * 0.3, size[0] * 0.3)
            seen: Counter = Counter()
            for card, rect in zip(cards, rects, strict=True):
                key = ("trick", card, seen[card], seat)
                seen[card] += 1
                self.sprites.append(Sprite(key, card, rect, origin=self.seating.seat_centre(seat),
                                           glow=GOLD if seat == winning and len(view.get("trick") or []) > 1 else None,
                                           group=f"trick {seat}"))

    # -- drawing --------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        self.scoreboard.draw_plates(surface)
        self.scoreboard.draw_info(surface)
        self.last_trick.draw_panel(surface)
        self.scoreboard.draw_prompt(surface)
        self.scoreboard.draw_pile(surface)

    @classmethod
    def legend(cls, art: Any, px: int) -> list[tuple[pygame.Surface | None, str]]:
        size = card_size(round(px * 1.9))
        return [(art.face("RJ", size), "red joker: the big one"), (art.face("BJ", size), "black joker: the small one"),
                (starter_chip(px), STARTER)]

    def warm_sizes(self) -> list[tuple[tuple[int, int], bool]]:
        """The cards' sizes, and the last trick's small cards (drawn on the static layer)."""
        return [*super().warm_sizes(), (self.last_trick.card_size(), False)]

    def warm_shadowed(self) -> set[tuple[tuple[int, int], bool]]:
        """Those lying on their shadows, and the trick's cards from the deal on: a card played to the
        trick first drawn in the frame after the play cost 0.6-1.0 ms at 1920x1080, face and shadow.
        (Drawn with the cards on their shadows, after the faces in use and the text sizes' first
        glyphs: a table shown in the middle of the play needs those first.)"""
        return {*super().warm_shadowed(), (self.seating.trick_size(), False)}

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        me = self.me
        legal = self.my_legal()
        if self._kitty_keys:
            self._kitty_tabs(surface, alpha)
        self.narration.draw(surface)
        if self.view.get("phase") == "over":
            self.scoreboard.draw_final(surface)
        elif self.last_trick.shown:
            self.last_trick.draw_large(surface)
        if not legal:
            hints = [((), "waiting for the other players")]
        elif self.view.get("phase") == "draw" and me is not None and self.find(me, type="draw"):
            paused = self.autodraw.held(me)
            hints = [((), "auto-draw paused: " + paused if paused else "auto-drawing"),
                     (ARROWS, "choose a button"), (("confirm",), "select")]
        elif self.zone.get(me or 0) == "menu":
            hints = [(ARROWS, "choose"), (("confirm",), "select"),
                     (("alt",), "back to the hand"), self.mouse_hint(me, "or click a button")]
        elif self.picking.selecting():
            pairs = (("pile_a", "pile_b"), "pair/tractor") if self.picking.units() else None
            hints = [(ARROWS, "move"), (("confirm",), "select"), pairs,
                     (("alt",), "buttons"), (("back",), "clear"), self.mouse_hint(me, "or click cards")]
        else:
            hints = [(ARROWS, "choose a card"), (("confirm",), "play"), self.mouse_hint(me, "or click a card")]
        self.hint_bar.draw(surface, [*hints, self.narration.recap.key_hint()])

    def _kitty_tabs(self, surface: pygame.Surface, alpha: float) -> None:
        """A blue tab over each card that came from the kitty."""
        for sprite in self.sprites:
            if sprite.key in self._kitty_keys:
                pos = self.motion.pos(sprite.key, alpha) or sprite.rect.topleft
                tab = pygame.Rect(round(pos[0] + 3 * self.u), round(pos[1] - 9 * self.u), round(24 * self.u),
                                  round(9 * self.u))
                pygame.draw.rect(surface, CYAN, tab, border_top_left_radius=round(4 * self.u),
                                 border_top_right_radius=round(4 * self.u))

    # -- automatic drawing ----------------------------------------------------------------------

    def on_tick(self, dt: float) -> None:
        self.autodraw.tick(dt)
        self.narration.tick(dt)

    def auto_actions(self) -> list[tuple[int, Action]]:
        return self.autodraw.actions()

    # -- events ---------------------------------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> None:
        self.narration.hear(event)
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "play":
            if seat not in self.local_seats:
                self.sounds.play("play")
        elif kind == "draw":
            self.sounds.play("flip")
        elif kind == "declare" and isinstance(seat, int):
            cards = event.get("cards") or []
            what = "jokers: no trump" if event.get("kind") == "jokers" else \
                f"{'a pair of ' if len(cards) == 2 else ''}{SUIT_NAMES.get(event.get('suit') or '', '')}"
            self.callouts.banner(f"{self.name(seat)} declares {what}", GOLD, 1.4, 0.6)
            self.sounds.play("slap")
        elif kind == "trump":
            suit = event.get("suit")
            text = f"Trump: {SUIT_NAMES[suit]}" if suit in SUIT_NAMES else "No trump"
            self.callouts.banner(text, GOLD, 1.4, 0.7)
        elif kind == "redeal":
            self.callouts.banner("Nobody declared: redeal", GOLD, 1.4, 0.7)
        elif kind == "throw_failed" and isinstance(seat, int):
            self.toasts.add(f"{self.name(seat)}'s throw fails: -{event.get('penalty', 0)} points", BAD, 2.2)
        elif kind == "trick":
            self._trick_taken(event)
        elif kind == "round_over":
            self.sounds.play("round")
            pts = event.get("attackers_points", 0)
            self.callouts.banner(f"Round over: attackers {pts} points", GOLD, 2.0, 0.7)
        elif kind == "game_over":
            self.sounds.play("round")

    def _trick_taken(self, event: dict[str, Any]) -> None:
        winner = event.get("winner")
        if not isinstance(winner, int):
            return
        self.sounds.play("trick")
        size = self.seating.trick_size()
        target = self.seating.seat_centre(winner)
        end = (target[0] - size[0] / 2, target[1] - size[1] / 2)
        for play in self.view.get("trick") or []:  # the previous view still holds the trick's plays
            seat = play.get("seat")
            cards = list(play.get("cards") or [])
            if not isinstance(seat, int):
                continue
            cx, cy = self.seating.trick_centre(seat)
            rects = fan(len(cards), cx, cy - size[1] / 2, size, self.W * 0.3, size[0] * 0.3)
            for j, (card, rect) in enumerate(zip(cards, rects, strict=True)):
                self.flights.fly_away(("gone", card, j, seat, self.clock), card, size, rect.topleft, end, hold=0.7,
                              duration=0.35)
        if event.get("points"):  # over the winner's own play, in the felt (not up into a plate or the edge)
            self.callouts.float_text(f"+{event['points']} points", self.seating.trick_centre(winner), GOLD, 1.6)

    # -- input ----------------------------------------------------------------------------------

    def _press(self, seat: int, hit: tuple | None, action: Action | None) -> list[tuple[int, Action]]:
        if hit == ("clear",):
            self.picking.clear(seat)
            return []
        if hit == ("submit",):
            return self.picking.submit(seat)
        return [(seat, action)] if action is not None else []

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        me = self.me
        if me is None or me not in self.local_seats:
            return []
        button = self.controls.button_at(pos, me)
        if button is not None:
            return self._press(me, button.hit, button.action)
        sprite = self.controls.sprite_at(pos, me)
        if sprite is not None and sprite.hit is not None:
            if sprite.hit[0] == "hand":
                return self.picking.toggle(me, sprite.hit[1])
            if sprite.hit[0] == "draw":
                match = self.find(me, type="draw")
                return [(me, match[0])] if match else []
        self.last_trick.click(pos)
        return []

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        if pos[1] > self.seating.hand_top() - 20 * self.u or self.picking.selecting():
            return []
        action = self.picking.singles().get(card)
        return [(seat, action)] if action is not None else []

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or seat != self.me:
            return []
        if kind in ("up", "down"):
            if kind == "up" and self.zone.get(seat) != "menu" and self.menu_entries(seat):
                self.zone[seat] = "menu"
            elif kind == "down" and self.zone.get(seat) == "menu":
                self.zone[seat] = "hand"
            elif kind == "up":
                self.last_trick.toggle()
            else:
                self.last_trick.shown = False
            return []
        step = -1 if kind == "left" else 1
        if self.zone.get(seat) == "menu":
            self.move_menu_focus(seat, step)
            return []
        self._move_cursor(seat, step)
        return []

    def _move_cursor(self, seat: int, step: int) -> None:
        """One card left or right, over the cards the seat may use now (all when it may use none)."""
        cards = self.picking.shown_cards()
        if not cards:
            return
        usable = self.picking.usable()
        seat_input = self.controls.inputs[seat]
        for _ in range(len(cards)):
            seat_input.cursor = (seat_input.cursor + step) % len(cards)
            if not any(usable) or usable[seat_input.cursor]:
                return

    def on_pile(self, seat: int | None, pile: int) -> list[tuple[int, Action]]:
        """Q/E (LB/RB): take the pair or tractor under the cursor, or the next one to the left (Q) or
        right (E), whole; once the selection is a play, the focus goes to Play so confirm makes it."""
        if seat is None or seat != self.me or not self.picking.selecting():
            return []
        cards = self.picking.shown_cards()
        seat_input = self.controls.inputs[seat]
        cursor = seat_input.cursor % len(cards) if cards else 0
        self.zone[seat] = "hand"
        taken = self.picking.take_unit(seat, cursor, 1 if pile else -1)
        if taken:
            seat_input.cursor = taken[0]
            if self.picking.complete(seat):
                self.zone[seat], self.menu_focus[seat] = "menu", 0
        return []

    def follow_hint(self, seat: int, tip: Any) -> None:
        """A hinted play or bury of several cards is selected as a unit and focus goes to Play (Bury),
        so one confirm makes it; a single card or a button gets the cursor or the menu's focus."""
        cards = self.picking.shown_cards()
        if self.picking.selecting() and tip.cards:
            self.picking.select(seat, list(tip.cards))
            self.zone[seat] = "menu"
            self.menu_focus[seat] = 0
            return
        for i, entry in enumerate(self.menu_entries(seat)):
            if entry[2] == tip.action:
                self.zone[seat], self.menu_focus[seat] = "menu", i
                return
        self.zone[seat] = "hand"
        if tip.cards and tip.cards[0] in cards:
            self.controls.inputs[seat].cursor = cards.index(tip.cards[0])

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or seat != self.me:
            return []
        if self.zone.get(seat) == "menu":
            entry = self.focused_entry(seat)
            if entry is None:
                return []
            _label, _note, action, hit = entry
            return self._press(seat, hit, action)
        cards = self.picking.shown_cards()
        if not cards:
            return []
        return self.picking.toggle(seat, self.controls.inputs[seat].cursor % len(cards))

    def on_alt(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None:
            return []
        if self.zone.get(seat) == "menu":
            self.zone[seat] = "hand"
        elif self.menu_entries(seat):
            self.zone[seat] = "menu"
            self.menu_focus[seat] = 0
        return []

    def on_recap(self, seat: int | None) -> list[tuple[int, Action]]:
        """L (a pad's X): the others' last moves again, or hidden."""
        self.narration.recap.review()
        return []

    def has_selection(self, seat: int) -> bool:
        return bool(self.picking.selected.get(seat))

    def on_back(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is not None:
            self.picking.clear(seat)
            self.last_trick.shown = False
        return []

    def handle(self, command: Any, seat: int | None) -> list[tuple[int, Action]]:
        if getattr(command, "kind", "") not in ("point", "wheel"):
            self.autodraw.pressed()
        return super().handle(command, seat)

    def on_send(self, seat: int, action: Action) -> None:
        super().on_send(seat, action)
        if action.get("type") == "draw":
            self.autodraw.drew(seat)
        elif action.get("type") == "declare":
            self.menu_focus[seat] = 0  # back on Draw: the automatic draw goes on after the pause
        if action.get("type") in ("play", "bury"):
            self.picking.sent(seat)

    def reject(self, seat: int, action: Action, reason: str) -> None:
        super().reject(seat, action, reason)
        self.picking.refused(seat)  # the selection comes back so the player can fix it
        for card in action.get("cards") or []:
            self.effects.add(Effect("shake", key=card, duration=0.35))


def readable_tail(rects: list[pygame.Rect], tail: int, step: float) -> list[pygame.Rect]:
    """A fan whose last ``tail`` cards (a seat's shown cards) keep ``step`` between them, so each shows
    its corner; the cards before close up in what is left of the fan's width."""
    head = len(rects) - tail
    if tail == 0 or head == 0 or len(rects) < 2 or rects[1].x - rects[0].x >= step:
        return rects
    left, first = rects[0].x, rects[-1].x - round(step * (tail - 1))
    gap = (first - left) / head
    for i, rect in enumerate(rects[:head]):
        rect.x = round(left + i * gap)
    for i, rect in enumerate(rects[head:]):
        rect.x = first + round(step * i)
    return rects
