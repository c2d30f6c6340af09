"""The Oh Hell table: your hand, the other seats around the felt (play passes clockwise: left, across,
right), the trump card, the trick in the middle, bids against tricks taken for every seat, bidding
buttons (the hook's forbidden bid shown struck out) and the score sheet by hand (Tab / Y).

Several local seats share the screen with a privacy screen between their turns: the hand at the
bottom is always the local seat whose turn it is, and it stays face down until that player confirms.
"""

from __future__ import annotations

import math
import re
from typing import Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.anim import Effect, Vec
from cardtable.arcade.cardart import card_size
from cardtable.arcade.tables.base import ARROWS, BAD, GOLD, INK, LEGAL, MUTED, Action, Button, Sprite, Table
from cardtable.arcade.tables.parts.pieces import fan

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class OhHellTable(Table):
    """The Oh Hell table (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.shown: int | None = None
        self.privacy = False
        self.show_sheet = False
        self.show_last = False
        self.bid_focus: dict[int, int] = {}
        self._ghost_ends: dict[object, Vec] = {}
        self.later_banner: tuple[float, str] | None = None  # (seconds to wait, text)
        self.deal_wait = 0.0  # a new hand is dealt once the last trick has left the middle
        super().__init__(*args, **kwargs)
        self.shown = self.local_seats[0] if self.local_seats else None

    # -- seats ----------------------------------------------------------------------------------

    @property
    def me(self) -> int | None:
        if self.shown is not None:
            return self.shown
        return super().me

    @property
    def players(self) -> int:
        return int(self.view.get("players") or 0)

    def needs_privacy(self) -> bool:
        return self.privacy

    def privacy_done(self) -> None:
        """The player now at the screen is ready to see their hand."""
        self.privacy = False
        self.relayout()

    def _acting_local(self) -> int | None:
        """The local seat that should sit at the bottom now: the one whose turn it is."""
        for seat in self.local_seats:
            if self.legals.get(seat):
                return seat
        return None

    def after_view(self, seat: int, first: bool) -> None:
        view = self.views[seat]
        playable = [a["card"] for a in self.legals.get(seat, []) if a.get("type") == "play"]
        hand = list(view.get("hand") or [])
        if playable and seat in self.controls.inputs and hand:
            current = hand[self.controls.inputs[seat].cursor % len(hand)]
            if current not in playable and playable[0] in hand:
                self.controls.inputs[seat].cursor = hand.index(playable[0])
        if len(self.local_seats) < 2:
            return
        acting = self._acting_local()
        if acting is not None and acting != self.shown:
            self.shown = acting
            self.privacy = True
            self.controls.inputs[acting].selected = None

    # -- geometry -------------------------------------------------------------------------------

    def seat_angle(self, seat: int) -> float:
        """Degrees around the table centre: 270 is the bottom (you), then clockwise (left, top, right)."""
        n = max(1, self.players)
        k = (seat - (self.me or 0)) % n
        if k == 0:
            return 270.0
        m = n - 1
        if m == 1:
            return 90.0
        if m == 2:
            return (165.0, 15.0)[k - 1]
        return 190.0 - (k - 1) * 200.0 / (m - 1)

    def seat_centre(self, seat: int) -> Vec:
        angle = math.radians(self.seat_angle(seat))
        if seat == self.me:
            return (self.W * 0.5, self.H * 0.9)
        cx, cy = self.W * 0.5, self.H * 0.46
        return (cx + self.W * 0.4 * math.cos(angle), cy - self.H * 0.3 * math.sin(angle))

    def trick_spread(self) -> tuple[float, float]:
        """How far from the middle a card of the trick lies, in card widths and heights."""
        return (1.15, 0.5) if self.players <= 4 else (1.55, 0.6)

    def trick_size(self) -> tuple[int, int]:
        """The trick's cards: 17% of the height, smaller when the top card would reach the plates at the
        top of the table (seven players, large cards)."""
        top, bottom = self.trick_band()
        cy = self.trick_centre()[1]
        room = min(cy - top, bottom - cy) / (self.trick_spread()[1] + 0.5)
        return card_size(round(min(self.card_px(0.17)[1], room)))

    def trick_band(self) -> tuple[float, float]:
        """The free band of felt the trick lies in: under the plates above the middle, over the hand."""
        full = self.card_px(0.17)
        cx, middle = self.W * 0.5, self.H * 0.4
        reach = full[0] * (self.trick_spread()[0] + 0.5) + 75 * self.u  # half the trick's width + half a plate's
        above = [y for x, y in (self.plate_centre(s) for s in range(self.players) if s != self.me)
                 if abs(x - cx) < reach and y < middle]
        top = max(above, default=self.H * 0.16) + 40 * self.u  # under those plates (34u: half a plate)
        return top, self.hand_top() - 30 * self.u

    def trick_centre(self) -> Vec:
        """The middle of the trick: at 40% of the height, or the middle of the free band at big tables."""
        if self.players <= 4:
            return self.W * 0.5, self.H * 0.4
        top, bottom = self.trick_band()
        return self.W * 0.5, (top + bottom) / 2

    def trick_rect(self, seat: int, size: tuple[int, int]) -> pygame.Rect:
        """Where ``seat``'s card lies in the trick: towards the seat (wider apart at bigger tables)."""
        angle = math.radians(self.seat_angle(seat))
        cx, cy = self.trick_centre()
        spread = self.trick_spread()
        dx, dy = math.cos(angle) * size[0] * spread[0], -math.sin(angle) * size[1] * spread[1]
        return pygame.Rect(round(cx + dx - size[0] / 2), round(cy + dy - size[1] / 2), *size)

    def banner_y(self) -> float:
        return self.H * 0.4  # the middle of the felt: shown when no trick lies there

    def plate_centre(self, seat: int) -> Vec:
        if seat == self.me:
            return (self.W * 0.1, self.H - 70 * self.u)
        cx, cy = self.seat_centre(seat)
        return (cx, cy + 20 * self.u)

    def backs_top(self, seat: int) -> float:
        """The top of a seat's small face-down hand, just above its name plate."""
        return self.plate_centre(seat)[1] - 36 * self.u - self.card_px(0.085)[1]

    def taken_pile(self, seat: int) -> Vec:
        """Where a taken trick goes: the centre of the winner's small hand above their plate."""
        small = self.card_px(0.085)
        x, _ = self.plate_centre(seat)
        return (x, self.backs_top(seat) + small[1] / 2)

    def hand_size(self) -> tuple[int, int]:
        return self.card_px(0.2)

    def hand_top(self) -> float:
        return self.H - self.hand_size()[1] - 26 * self.u

    # -- layout ---------------------------------------------------------------------------------

    def build(self) -> None:
        view = self.view
        me = self.me
        phase = view.get("phase")
        legal = self.legals.get(me, []) if me is not None else []
        playable = {a["card"] for a in legal if a.get("type") == "play"}
        my_turn = bool(playable)
        size = self.hand_size()
        dealing = self.deal_wait > 0  # the last trick still lies in the middle: the new hand comes after
        hand = [] if dealing else list(view.get("hand") or [])
        cursor = self.controls.inputs[me].cursor if me in self.controls.inputs else 0
        keyboardish = me in self.controls.inputs and self.controls.inputs[me].device != "mouse"
        if not self.local_seats and me is not None:  # a spectator sees the bottom seat's backs
            count = (view.get("hand_sizes") or [0] * self.players)[me] if me < self.players else 0
            for j, rect in enumerate(fan(count, self.W / 2, self.hand_top(), size, self.W * 0.58)):
                self.sprites.append(Sprite(("back", me, j), None, rect, origin=self.seat_centre(int(view.get("dealer") or 0)),
                                           group=f"hand {me}"))
        rects = fan(len(hand), self.W / 2, self.hand_top(), size, self.W * 0.58)
        dealer_pos = self.seat_centre(int(view.get("dealer") or 0))
        hidden = self.privacy
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
        small = self.card_px(0.085)
        for seat in range(self.players):
            if seat == me:
                continue
            count = 0 if dealing else (view.get("hand_sizes") or [0] * self.players)[seat]
            cx, _ = self.seat_centre(seat)
            backs = fan(count, cx, self.backs_top(seat), small, self.W * 0.1, small[0] * 0.3)
            for j, rect in enumerate(backs):
                self.sprites.append(Sprite(("back", seat, j), None, rect, origin=dealer_pos, shadow=False,
                                           delay=0.02 * j, group=f"hand {seat}"))
        trick_size = self.trick_size()
        for played in view.get("trick") or []:
            seat, card = played["seat"], played["card"]
            self.sprites.append(Sprite(card, card, self.trick_rect(seat, trick_size), origin=self.seat_centre(seat),
                                       group="trick"))
        trump_card = view.get("trump_card")
        if trump_card:
            self.sprites.append(Sprite("trump", trump_card, self._trump_rect(), origin=dealer_pos))
        if phase == "bid" and me is not None and legal and not hidden and not dealing:
            self._bid_buttons(me, legal)

    def _info_rect(self) -> pygame.Rect:
        options = self.view.get("options") or {}
        hook = options.get("hook") and not options.get("simultaneous_bids")
        card_h = self.card_px(0.13)[1]
        w, h = round(250 * self.u), round((64 + 8 + 22 + 12 + (22 if hook else 0)) * self.u) + card_h
        return pygame.Rect(self.W - w - round(10 * self.u), self.H - h - round(10 * self.u), w, h)

    def _trump_rect(self) -> pygame.Rect:
        size = self.card_px(0.13)
        info = self._info_rect()
        return pygame.Rect(info.left + round(14 * self.u), info.top + round(64 * self.u), *size)

    def _bid_buttons(self, seat: int, legal: list[Action]) -> None:
        count = int(self.view.get("cards_this_hand") or 0)
        allowed = {a["bid"]: a for a in legal if a.get("type") == "bid"}
        values = list(range(count + 1))
        focus = self.bid_focus.get(seat, 0) % len(values)
        bw = round(min(64 * self.u, self.W * 0.8 / len(values) - 8 * self.u))
        bh = round(58 * self.u)
        gap = round(8 * self.u)
        total = len(values) * (bw + gap) - gap
        left = self.W / 2 - total / 2
        top = self.hand_top() - bh - 40 * self.u
        for i, n in enumerate(values):
            rect = pygame.Rect(round(left + i * (bw + gap)), round(top), bw, bh)
            action = allowed.get(n)
            self.buttons.append(Button(rect, str(n), action, seat, enabled=action is not None,
                                       note="" if action is not None else "hook", focus=i == focus,
                                       hit=("bid", n)))

    # -- drawing --------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        view = self.view
        me = self.me
        bids = view.get("bids") or []
        tricks = view.get("tricks") or []
        scores = view.get("scores") or []
        turn = view.get("turn")
        dealer = view.get("dealer")
        phase = view.get("phase")
        simultaneous = bool((view.get("options") or {}).get("simultaneous_bids"))
        for seat in range(self.players):
            bid = bids[seat] if seat < len(bids) else None
            has_bid = (view.get("has_bid") or [False] * self.players)[seat]
            took = tricks[seat] if seat < len(tricks) else 0
            acting = seat == turn or (simultaneous and phase == "bid" and not has_bid)
            if bid is None:
                waiting = "bidding..." if acting else "to bid"  # not "bidding" while another seat decides
                status = ("has bid" if has_bid else waiting) if phase == "bid" else "no bid"
                line = (status, MUTED)
            else:
                colour = LEGAL if took == bid else (BAD if took > bid else INK)
                line = (f"bid {bid}  \u00b7  took {took}", colour)
            active = acting
            score = scores[seat] if seat < len(scores) else 0
            lines = [line, (f"score {score}", MUTED)]
            centre = self.plate_centre(seat)
            rect = self.plates.draw(surface, seat, centre, lines, active=active, width=150 * self.u)
            if seat == dealer:
                chip = pygame.Rect(0, 0, round(26 * self.u), round(26 * self.u))
                chip.center = (rect.right, rect.centery)  # on the plate's edge: the small hand lies above
                layout.report("badge", chip, "dealer", owner=f"plate {seat}")
                pygame.draw.circle(surface, (250, 250, 245), chip.center, chip.width // 2)
                pygame.draw.circle(surface, (60, 60, 60), chip.center, chip.width // 2, max(1, round(2 * self.u)))
                with layout.part_of("dealer"):
                    self.ink.blit_text(surface, "D", 20 * self.u, (30, 30, 30), "center", chip.center, False)
        self._info_panel(surface)
        if phase == "bid" and me is not None and self.legals.get(me) and not self.privacy and not self.deal_wait:
            count = int(view.get("cards_this_hand") or 0)
            known = sum(b for b in bids if b is not None)
            text = f"Your bid: how many of the {count} tricks will you take?" if count != 1 else \
                "Your bid: will you take the 1 trick (1) or not (0)?"
            if not simultaneous:
                text += f"   (bids so far: {known})"
            top = self.hand_top() - 58 * self.u - 40 * self.u
            self.ink.blit_text(surface, text, 26 * self.u, INK, "midbottom", (self.W / 2, top - 6 * self.u))

    def _info_panel(self, surface: pygame.Surface) -> None:
        info = self.ink.blit_panel(surface, self._info_rect(), name="info")
        with layout.part_of("info"):
            self._info_lines(surface, info)

    def _info_lines(self, surface: pygame.Surface, info: pygame.Rect) -> None:
        view = self.view
        rect = self._trump_rect()
        layout.report("cards", rect, "trump card")
        hand_no, total = view.get("hand_number", 1), view.get("hands_total", 1)
        cards = int(view.get("cards_this_hand") or 0)
        x0 = info.left + 14 * self.u
        self.ink.blit_text(surface, f"Hand {hand_no} of {total}", 26 * self.u, GOLD, "topleft", (x0, info.top + 10 * self.u))
        self.ink.blit_text(surface, f"{cards} card{'s' if cards != 1 else ''} each", 21 * self.u, MUTED, "topleft",
                       (x0, info.top + 38 * self.u))
        trump = view.get("trump")
        if not view.get("trump_card"):
            surface.blit(self.art.slot(rect.size), rect)
        x = rect.right + 14 * self.u
        if trump:
            self.ink.blit_text(surface, "Trump", 22 * self.u, MUTED, "topleft", (x, rect.top))
            pip = self.art.pip(trump, round(34 * self.u))
            back = self.ink.panel((pip.get_width() + round(10 * self.u), pip.get_height() + round(10 * self.u)),
                              (250, 250, 245, 235), border=None)
            surface.blit(back, (x, rect.top + 24 * self.u))
            surface.blit(pip, (x + 5 * self.u, rect.top + 29 * self.u))
            layout.report("badge", back.get_rect(topleft=(x, rect.top + 24 * self.u)), "trump suit")
            self.ink.blit_text(surface, SUIT_NAMES.get(trump, trump), 22 * self.u, INK, "topleft",
                           (x, rect.top + 72 * self.u))
        else:
            self.ink.blit_text(surface, "No trump", 24 * self.u, INK, "midleft", (x, rect.centery))
        y = rect.bottom + 8 * self.u
        bids = [b for b in view.get("bids") or [] if b is not None]
        if bids and view.get("phase") != "over":
            total_bid = sum(bids)
            verdict = "over" if total_bid > cards else ("under" if total_bid < cards else "even")
            self.ink.blit_text(surface, f"Bids {total_bid} for {cards} trick{'s' if cards != 1 else ''} ({verdict})",
                           20 * self.u, INK, "topleft", (x0, y), False)
        if (view.get("options") or {}).get("hook") and not (view.get("options") or {}).get("simultaneous_bids"):
            self.ink.blit_text(surface, "Hook: dealer can't make it even", 18 * self.u, MUTED, "topleft",
                           (x0, y + 22 * self.u), False)

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        me = self.me
        view = self.view
        if self.privacy:
            self._privacy_overlay(surface)
            return
        if self.show_sheet or view.get("phase") == "over":
            self._sheet(surface)
        elif self.show_last and view.get("last_trick"):
            self._last_trick(surface, view["last_trick"])
        legal = self.legals.get(me, []) if me is not None else []
        last = (("up",), "last trick") if view.get("last_trick") else None
        if view.get("phase") == "over":
            hints = [(("alt",), "score sheet")]
        elif self.deal_wait > 0:
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
        if self.show_sheet or self.view.get("phase") == "over":
            return  # banners and floating numbers never cover the score sheet
        super().draw_callouts(surface)

    def _last_trick(self, surface: pygame.Surface, last: dict[str, Any]) -> None:
        cards = [c for c in last.get("cards") or [] if isinstance(c, dict)]
        size = self.card_px(0.14)
        gap = round(12 * self.u)
        width = max(round(260 * self.u), len(cards) * (size[0] + gap) + gap)
        rect = pygame.Rect(0, 0, width, size[1] + round(86 * self.u))
        rect.center = (self.W // 2, round(self.H * 0.42))
        self.ink.blit_panel(surface, rect, (4, 18, 12, 240), border=(*GOLD, 200), name="last trick", kind="overlay")
        with layout.part_of("last trick"):
            self._last_trick_lines(surface, rect, cards, size, gap, last)

    def _last_trick_lines(self, surface: pygame.Surface, rect: pygame.Rect, cards: list[dict[str, Any]],
                          size: tuple[int, int], gap: int, last: dict[str, Any]) -> None:
        winner = last.get("winner")
        title = f"Last trick: {self.name(winner)} took it" if isinstance(winner, int) else "Last trick"
        self.ink.blit_text(surface, title, 24 * self.u, GOLD, "midtop", (rect.centerx, rect.top + 8 * self.u))
        x = rect.centerx - (len(cards) * (size[0] + gap) - gap) / 2
        for played in cards:
            card_rect = pygame.Rect(round(x), rect.top + round(40 * self.u), *size)
            surface.blit(self.art.face(played["card"], size), card_rect)
            if played.get("seat") == winner:
                pygame.draw.rect(surface, GOLD, card_rect.inflate(6, 6), 3, border_radius=round(size[0] * 0.1))
            who = self.name(played["seat"])
            self.ink.blit_text(surface, who, self.ink.fit(who, 17 * self.u, size[0] + gap - 4), INK, "midtop",
                           (card_rect.centerx, card_rect.bottom + 4 * self.u), False)
            x += size[0] + gap

    def _privacy_overlay(self, surface: pygame.Surface) -> None:
        veil = self.ink.panel(self.size, (6, 20, 14, 235), radius=0, border=None)
        surface.blit(veil, (0, 0))
        me = self.me if self.me is not None else 0
        self.ink.blit_text(surface, f"Pass the screen to {self.name(me)}", 54 * self.u, GOLD, "center",
                       (self.W / 2, self.H * 0.42))
        self.ink.blit_text(surface, f"Press {self.controls.hint_label('confirm', me)} (or click) when only you can see it",
                       28 * self.u, INK, "center", (self.W / 2, self.H * 0.52))

    def _sheet(self, surface: pygame.Surface) -> None:
        view = self.view
        sheet = view.get("sheet") or []
        n = self.players
        col = min(150 * self.u, (self.W * 0.86 - 150 * self.u) / max(1, n))
        row = 24 * self.u
        rows = len(sheet) + 2
        width = round(150 * self.u + col * n + 30 * self.u)
        max_rows = int((self.H * 0.8 - 80 * self.u) // row)
        shown = sheet[-max_rows + 2:] if rows > max_rows else sheet
        height = round(80 * self.u + row * (len(shown) + 2))
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (self.W // 2, round(self.H * 0.45))
        self.ink.blit_panel(surface, rect, (4, 18, 12, 252), border=(*GOLD, 200), name="score sheet", kind="overlay")
        with layout.part_of("score sheet"):
            self._sheet_lines(surface, rect, shown, col, row)

    def _sheet_lines(self, surface: pygame.Surface, rect: pygame.Rect, shown: list[dict[str, Any]], col: float,
                     row: float) -> None:
        view = self.view
        sheet = view.get("sheet") or []
        n = self.players
        title = "Score sheet"
        if view.get("phase") == "over":
            scores = view.get("scores") or []
            best = max(scores) if scores else 0
            winners = [self.name(s) for s in range(len(scores)) if scores[s] == best]
            verb = "win" if len(winners) > 1 or winners == ["You"] else "wins"
            title = f"Final scores: {' & '.join(winners)} {verb}!"
        self.ink.blit_text(surface, title, 32 * self.u, GOLD, "midtop", (rect.centerx, rect.top + 10 * self.u))
        px = 19 * self.u
        y = rect.top + 50 * self.u
        x0 = rect.left + 15 * self.u
        self.ink.blit_text(surface, "hand", px, MUTED, "topleft", (x0, y), False)
        for s in range(n):
            name = self.name(s)
            self.ink.blit_text(surface, name, self.ink.fit(name, px, col - 6 * self.u), INK, "midtop",
                           (x0 + 150 * self.u + col * (s + 0.5), y), False)
        y += row
        totals = [0] * n
        for r in sheet[: len(sheet) - len(shown)]:
            totals = [t + p for t, p in zip(totals, r["points"], strict=False)]
        first = len(sheet) - len(shown) + 1
        for i, r in enumerate(shown):
            trump = r.get("trump")
            label = f"{first + i}. {r['cards']} card{'s' if r['cards'] != 1 else ''}"
            where = self.ink.blit_text(surface, label, px, MUTED, "topleft", (x0, y), False)
            if trump in SUIT_NAMES:
                pip = self.art.pip(trump, round(px * 0.9))
                chip = self.ink.panel((pip.get_width() + 4, pip.get_height() + 4), (250, 250, 245, 230), radius=3,
                                  border=None)
                surface.blit(chip, (where.right + 6 * self.u, y - 2))
                surface.blit(pip, (where.right + 6 * self.u + 2, y))
            else:
                self.ink.blit_text(surface, "no trump", px * 0.8, MUTED, "topleft", (where.right + 6 * self.u, y + 2), False)
            for s in range(n):
                totals[s] += r["points"][s]
                made = r["bids"][s] == r["tricks"][s]
                text = f"{r['bids'][s]}/{r['tricks'][s]}  {totals[s]}"
                self.ink.blit_text(surface, text, px, LEGAL if made else INK, "midtop",
                               (x0 + 150 * self.u + col * (s + 0.5), y), False)
            y += row
        scores = view.get("scores") or []
        pygame.draw.line(surface, (*MUTED,), (x0, y + 2), (rect.right - 15 * self.u, y + 2), 1)
        y += 6 * self.u
        self.ink.blit_text(surface, "total", px, GOLD, "topleft", (x0, y), False)
        best = max(scores) if scores else None
        for s in range(min(n, len(scores))):
            self.ink.blit_text(surface, str(scores[s]), px * 1.15, GOLD if scores[s] == best else INK, "midtop",
                           (x0 + 150 * self.u + col * (s + 0.5), y), False)
        self.ink.blit_text(surface, "bid/took  running total", px * 0.85, MUTED, "bottomright",
                       (rect.right - 12 * self.u, rect.bottom - 6 * self.u), False)

    # -- events ---------------------------------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "play":
            self._hurry_taken_trick()
            if event.get("seat") not in self.local_seats:
                self.sounds.play("play")
        elif kind == "trick":
            self._trick_taken(event)
        elif kind == "deal":
            self.deal_wait = max((g.ttl for g in self.flights.ghosts), default=0.0)
            self.sounds.play("deal")
            if event.get("trump_card"):
                self.flights.turn_over("trump")
            self.bid_focus.clear()
        elif kind == "bid" and event.get("bid") is not None:
            seat = event.get("seat")
            if isinstance(seat, int) and seat != self.me:
                cx, cy = self.seat_centre(seat)  # rises from the felt beside the plate, clear of the hand
                mx, my = self.W * 0.5, self.H * 0.46
                self.callouts.float_text(f"bids {event['bid']}", (cx + (mx - cx) * 0.35, cy + (my - cy) * 0.35), GOLD)
        elif kind == "hand_over":
            self.sounds.play("round")
            points = event.get("points") or []
            for seat, p in enumerate(points):
                cx, cy = self.plate_centre(seat)
                self.callouts.float_text(f"+{p}" if p else "+0", (cx, cy - 44 * self.u), LEGAL if p else BAD)
            # after the last trick has flown to its winner (it lies where the banner shows)
            self.later_banner = (1.25 if self.flights.ghosts else 0.0, f"Hand {event.get('hand', '')} over")
        elif kind == "game_over":
            self.effects.items = [e for e in self.effects.items if e.kind != "banner"]  # the sheet says it all
            self.later_banner = None
            self.sounds.play("round")

    def on_tick(self, dt: float) -> None:
        if self.deal_wait > 0:
            self.deal_wait -= dt
            if self.deal_wait <= 0:
                self.deal_wait = 0.0
                self.relayout()  # now deal the new hand
        if self.later_banner is not None:
            wait, text = self.later_banner
            if wait - dt <= 0:
                self.later_banner = None
                if not self.show_sheet:
                    self.callouts.banner(text, GOLD, 1.4, 0.7)
            else:
                self.later_banner = (wait - dt, text)

    def _hurry_taken_trick(self) -> None:
        """A new trick has begun: the last one leaves the middle now instead of after its pause."""
        for ghost in self.flights.ghosts:
            end = self._ghost_ends.get(ghost.key)
            start = self.motion.current(ghost.key)
            if end is None or start is None or ghost.ttl <= 0.4:
                continue
            self.flights.fly_away(ghost.key, ghost.code, ghost.size, start, end, hold=0.0, duration=0.3,
                          end_size=ghost.end_size)

    def _trick_taken(self, event: dict[str, Any]) -> None:
        self.show_last = False
        winner = event.get("winner")
        if not isinstance(winner, int):
            return
        self.sounds.play("trick")
        size = self.trick_size()
        small = self.card_px(0.085)
        target = self.taken_pile(winner)  # beside the winner's cards, clear of their name plate
        end = (target[0] - small[0] / 2, target[1] - small[1] / 2)
        leader = event.get("leader")
        n = max(1, self.players)
        for i, played in enumerate(event.get("cards") or []):
            if isinstance(played, dict):
                seat, card = played.get("seat"), played.get("card")
            else:
                seat, card = ((leader if isinstance(leader, int) else 0) + i) % n, played
            if not isinstance(seat, int) or not isinstance(card, str):
                continue
            rect = self.trick_rect(seat, size)
            self._ghost_ends[("trick", card)] = end
            self.flights.fly_away(("trick", card), card, size, rect.topleft, end, hold=0.9, duration=0.35, end_size=small)
        self.effects.add(Effect("float", "+1 trick", (target[0], target[1] - small[1] * 0.6), GOLD, 1.6, size=0.6))

    # -- input ----------------------------------------------------------------------------------

    def _play_actions(self, seat: int | None) -> list[Action]:
        return [a for a in self.legals.get(seat, []) if a.get("type") == "play"] if seat is not None else []

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        if self.privacy:
            self.privacy_done()
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
        if seat is None or self.privacy or seat != self.me:
            return []
        if kind in ("up", "down"):
            self.show_last = not self.show_last and bool(self.view.get("last_trick"))
            return []
        step = -1 if kind == "left" else 1
        if self.view.get("phase") == "bid":
            count = int(self.view.get("cards_this_hand") or 0) + 1
            self.bid_focus[seat] = (self.bid_focus.get(seat, 0) + step) % count
        else:
            hand = self.view.get("hand") or []
            if hand:
                self.controls.inputs[seat].cursor = (self.controls.inputs[seat].cursor + step) % len(hand)
        return []

    def follow_hint(self, seat: int, tip: Any) -> None:
        if tip.action.get("type") == "bid":
            self.bid_focus[seat] = int(tip.action["bid"])
        else:
            super().follow_hint(seat, tip)

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        if self.privacy:
            self.privacy_done()
            return []
        if seat is None or seat != self.me or self.deal_wait > 0:
            return []  # (while the last trick leaves, the new hand is not on screen yet: nothing blind)
        if self.view.get("phase") == "bid":
            count = int(self.view.get("cards_this_hand") or 0) + 1
            bid = self.bid_focus.get(seat, 0) % count
            match = self.find(seat, type="bid", bid=bid)
            if not match:
                if self.legals.get(seat):
                    self.outbox.ask(seat, {"type": "bid", "bid": bid})
                return []
            return [(seat, match[0])]
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
        self.show_sheet = not self.show_sheet
        return []

    def on_back(self, seat: int | None) -> list[tuple[int, Action]]:
        self.show_sheet = False
        return []

    def on_send(self, seat: int, action: Action) -> None:
        super().on_send(seat, action)
        if action.get("type") == "play" and seat in self.controls.inputs:
            hand = self.views.get(seat, {}).get("hand") or []
            self.controls.inputs[seat].cursor = max(0, min(self.controls.inputs[seat].cursor, len(hand) - 2))

