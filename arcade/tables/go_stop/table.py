"""The Go-Stop table itself (see the package's docstring)."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.hwatu_art import KIND_COLOURS, HwatuArt, hwatu_size
from cardtable.arcade.tables.base import (
    ARROWS,
    BAD,
    CYAN,
    GOLD,
    INK,
    LEGAL,
    MARKER_REACH,
    MENU_STRIP,
    MUTED,
    Action,
    Button,
    Sprite,
    Table,
    fan,
)
from cardtable.arcade.tables.go_stop.narration import Narration
from cardtable.arcade.tables.turn import ActionMenu, CouchPlay
from cardtable.engine import hwatu

PICKED_LIFT, CURSOR_LIFT = 0.18, 0.04  # how far a picked card and the cursor's card stand up (of their height)
GROUPS = (("B", "Brights"), ("A", "Animals"), ("R", "Ribbons"), ("P", "Junk"))
# the capture labels: each kind's colour lightened so it reads on the green felt
LABEL_COLOURS = {g: tuple(round(c + (255 - c) * 0.55) for c in KIND_COLOURS[g]) for g, _ in GROUPS}
MIN_LABEL_PX = 15  # no capture or stack label smaller, whatever the window (12 px of text at 960x540)
PART_NAMES = {"brights": "brights", "animals": "animals", "ribbons": "ribbons", "junk": "junk"}
EVENT_BANNERS = {
    "kiss": "Kiss!", "ppuk": "Ppuk!", "ja_ppuk": "Own ppuk!", "ttadak": "Ttadak!", "sweep": "Sweep!",
    "misdeal": "Misdeal", "fours_cancel": "Four of a month",
}


def _group(card: str) -> str:
    k = hwatu.kind(card)
    return "P" if k in ("P", "D", "J") else k


class GoStopTable(CouchPlay, ActionMenu, Table):
    """The Go-Stop table (see the module docstring)."""

    deck = (*hwatu.CARDS, *hwatu.JOKERS)

    def __init__(self, game_name: str, local_seats: list[int], art: Any, size: tuple[int, int]) -> None:
        self.hwatu = HwatuArt(art)
        self.zone: dict[int, str] = {}
        self.menu_focus: dict[int, int] = {}
        self.picked: dict[int, str | None] = {}
        self._pile_labels: list[tuple[str, str, tuple[float, float]]] = []  # text, anchor, where
        self._staged: dict[str, tuple[tuple[float, float], float]] = {}  # card -> (where on the table, seconds)
        self._origins: dict[str, tuple[float, float]] = {}  # a card an opponent played comes from its place
        self._geometry_key: tuple = ()
        self._geometry: dict[str, Any] = {}
        self.narration = Narration(self)
        super().__init__(game_name, local_seats, self.hwatu, size)  # every card on this table is a hwatu card

    # -- helpers --------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return int(self.view.get("players") or 2)

    def my_legal(self) -> list[Action]:
        me = self.me
        return self.legals.get(me, []) if me is not None else []

    def card_actions(self, card: str) -> list[Action]:
        return [a for a in self.my_legal() if a.get("card") == card and a.get("type") == "play"
                or a.get("type") == "bomb" and card in (a.get("cards") or [])]

    def playable(self) -> set[str]:
        out: set[str] = set()
        for a in self.my_legal():
            if a.get("type") == "play":
                out.add(a["card"])
            elif a.get("type") == "bomb":
                out.update(a.get("cards") or [])
        return out

    def hsize(self, fraction: float) -> tuple[int, int]:
        base = min(self.H, self.W * 9 / 16)
        return hwatu_size(round(base * fraction * self.card_scale))

    def opponents(self) -> list[int]:
        me = self.me or 0
        return [(me + k) % self.players for k in range(1, self.players)]

    def opp_region(self, seat: int) -> pygame.Rect:
        others = self.opponents()
        i = others.index(seat) if seat in others else 0
        w = self.W / max(1, len(others))
        top = MENU_STRIP if i == 0 else 6 * self.u
        return pygame.Rect(round(i * w + 8 * self.u), round(top), round(w - 16 * self.u), round(150 * self.u))

    def geometry(self, name: str, make: Any) -> Any:
        """A layout value, worked out once per window size, card size and number of table piles (a
        build asks for the stock and pile sizes dozens of times)."""
        key = (self.size, self.card_scale, self.players, len(self.view.get("table") or []))
        if self._geometry_key != key:
            self._geometry_key, self._geometry = key, {}
        if name not in self._geometry:
            self._geometry[name] = make()
        return self._geometry[name]

    def opp_bottom(self) -> float:
        """The lowest point of the opponents' areas (plate, the small fan of their hand, captures)."""
        return MENU_STRIP + max(150 * self.u, 104 * self.u + self.hsize(0.065)[1])

    def stock_rect(self) -> pygame.Rect:
        return self.geometry("stock", lambda: pygame.Rect(
            round(40 * self.u), round(max(self.H * 0.28, self.opp_bottom() + 10 * self.u)), *self.pile_size())).copy()

    def hand_top(self) -> float:
        return self.H - self.hsize(0.17)[1] - 30 * self.u

    def my_captures(self) -> pygame.Rect:
        """My capture area: right above the hand (even a lifted card), its labels included."""
        def make() -> pygame.Rect:
            block = round(8 * self.u + self.hsize(0.095)[1] + 3 * self.u + self.label_px() * 1.05)
            card = self.hsize(0.17)[1]
            lifted = max(card * PICKED_LIFT + 6 * self.u, card * CURSOR_LIFT + MARKER_REACH * self.u)  # or the marker
            top = self.hand_top() - lifted - block
            right = self.narration.left() - 8 * self.u  # clear of the recap in the right column
            return pygame.Rect(round(200 * self.u), round(top), round(right - 200 * self.u), block)

        return self.geometry("my captures", make).copy()

    def label_px(self) -> float:
        """The capture and stack labels' text size."""
        return max(MIN_LABEL_PX, 18 * self.u)

    def opp_group(self, seat: int) -> pygame.Rect:
        """The band behind one opponent's plate, hand and captures, so each row reads as theirs."""
        region = self.opp_region(seat)
        top = max(0, round(region.top - 4 * self.u))
        bottom = round(max(self.opp_bottom(), region.top + 8 * self.u + self.hsize(0.095)[1] + 3 * self.u
                           + self.label_px() * 1.1) + 2 * self.u)
        return pygame.Rect(round(region.left - 4 * self.u), top, round(region.width + 8 * self.u), bottom - top)

    def prompt_bottom(self) -> float:
        return self.my_captures().top - 2 * self.u

    def table_region(self) -> pygame.Rect:
        """Where the table's piles lie: between the opponents and the prompt over my captures, the stock
        on the left and the legend on the right."""
        def make() -> pygame.Rect:
            top = self.opp_bottom() + 6 * self.u
            bottom = self.prompt_bottom() - 24 * self.u
            left = 170 * self.u
            right = min(self.legend_rect().left, self.narration.left()) - 8 * self.u
            return pygame.Rect(round(left), round(top), round(right - left), round(max(bottom - top, 40)))

        return self.geometry("table region", make).copy()

    def pile_rows(self) -> tuple[int, int]:
        piles = len(self.view.get("table") or [])
        cols = max(6, (piles + 1) // 2)
        return cols, 1 if piles <= cols else 2

    def pile_size(self) -> tuple[int, int]:
        """Table cards: 13% of the height, smaller when two rows of piles would not fit."""
        def make() -> tuple[int, int]:
            fits = self.table_region().height / (self.pile_rows()[1] * 1.12)
            return hwatu_size(round(min(self.hsize(0.13)[1], fits)))

        return self.geometry("pile size", make)

    def banner_y(self) -> float:
        return self.H * 0.42

    def toast_place(self) -> tuple[float, int]:
        return self.H * 0.55, 3

    # -- layout ---------------------------------------------------------------------------------

    def build(self) -> None:
        view = self.view
        me = self.me
        if me is None:
            return
        self._build_table(view)
        self._build_hand(view, me)
        self.spectator_backs(self.hsize(0.17), self.hand_top(), self.W * 0.6)
        for seat in self.opponents():
            region = self.opp_region(seat)
            plate_w = round(min(190 * self.u, region.width * 0.32))
            self._build_captures(seat, pygame.Rect(region.left + plate_w + 8 * self.u, region.top,
                                                   region.width - plate_w - 8 * self.u, region.height))
            self._build_opp_hand(view, seat, region, plate_w)
        self._build_captures(me, self.my_captures())
        self._build_buttons(view, me)
        if me in self.controls.inputs:  # the scene asks this before Back: Back clears it instead of pausing
            self.controls.inputs[me].selected = self.picked.get(me)

    def _build_table(self, view: dict[str, Any]) -> None:
        piles = [list(p) for p in view.get("table") or []]
        size = self.pile_size()
        region = self.table_region()
        cols, rows = self.pile_rows()
        cell_w = region.width / cols
        cell_h = region.height / rows
        choices = {a["card"] for a in self.my_legal() if a.get("type") == "choose"}
        me = self.me
        hover_month = None
        if me is not None and self.zone.get(me, "hand") == "hand":
            hand = list(view.get("hand") or [])
            if hand and me in self.controls.inputs and not self.controls.mouse_active:
                hover_month = hwatu.month(hand[self.controls.inputs[me].cursor % len(hand)])
        if self.picked.get(me or 0):
            hover_month = hwatu.month(self.picked[me or 0] or "")
        stock = self.stock_rect()
        stacks = view.get("stacks") or {}
        self._pile_labels = []
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
                if (row == 0 and len(piles) > cols) or below + self.label_px() * 1.25 > region.bottom:
                    self._pile_labels.append((text, "midbottom", (cx, y0 - 3 * self.u)))
                else:
                    self._pile_labels.append((text, "midtop", (cx, below)))
            for j, card in enumerate(pile):
                rect = pygame.Rect(round(x0 + dx * j), round(y0 + dy * j), *size)
                glow = None
                if card in choices:
                    glow = GOLD
                elif hover_month and hwatu.month(card) == hover_month:
                    glow = CYAN
                self.sprites.append(Sprite(card, card, rect, glow=glow, hit=("choose", card) if card in choices else None,
                                           seat=me, origin=self._origins.get(card, stock.topleft),
                                           group=f"pile {month or i}"))

    def _build_hand(self, view: dict[str, Any], me: int) -> None:
        hand = list(view.get("hand") or [])
        size = self.hsize(0.17)
        rects = fan(len(hand), self.W / 2, self.hand_top(), size, self.W * 0.6, size[0] * 1.1)
        playable = self.playable()
        legal = self.my_legal()
        my_turn = any(a.get("type") in ("play", "bomb") for a in legal)
        keyboard = me in self.controls.inputs and not self.controls.mouse_active and self.zone.get(me, "hand") == "hand"
        cursor = self.controls.inputs[me].cursor % len(hand) if hand and me in self.controls.inputs else -1
        months = {hwatu.month(c) for p in view.get("table") or [] for c in p}
        picked = self.picked.get(me)
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
                                       origin=self.stock_rect().topleft, delay=0.03 * i, mark=mark,
                                       group=f"hand {me}"))

    def _build_opp_hand(self, view: dict[str, Any], seat: int, region: pygame.Rect, plate_w: int) -> None:
        sizes = view.get("hand_sizes") or []
        count = sizes[seat] if seat < len(sizes) else 0
        revealed = list((view.get("revealed") or [[]] * self.players)[seat] or [])
        size = self.hsize(0.065)
        codes: list[str | None] = list(revealed) + [None] * max(0, count - len(revealed))
        rects = fan(len(codes), region.left + plate_w / 2, region.top + 104 * self.u, size, plate_w - 10 * self.u,
                         size[0] * 0.5)
        for j, (code, rect) in enumerate(zip(codes, rects, strict=True)):
            key = code if code is not None else ("back", seat, j)
            self.sprites.append(Sprite(key, code, rect, shadow=False, origin=self.stock_rect().topleft,
                                       group=f"hand {seat}"))

    def _build_captures(self, seat: int, area: pygame.Rect) -> None:
        captures = list((self.view.get("captures") or [[]] * self.players)[seat] or [])
        size = self.hsize(0.095)
        weights = {"B": 0.17, "A": 0.25, "R": 0.25, "P": 0.33}
        x = area.left
        origin = self.stock_rect().topleft
        table_size = self.pile_size()
        for g, _label in GROUPS:
            w = area.width * weights[g]
            cards = [c for c in captures if _group(c) == g]
            for j, rect in enumerate(fan(len(cards), x + w / 2, area.top + 8 * self.u, size, w - 10 * self.u,
                                              size[0] * 0.55)):
                card = cards[j]
                staged = self._staged.get(card)
                if staged is not None:  # first shown where it was taken, then it flies here
                    rect = pygame.Rect(round(staged[0][0]), round(staged[0][1]), *table_size)
                self.sprites.append(Sprite(card, card, rect, shadow=staged is not None,
                                           origin=self._origins.get(card, origin),
                                           group="" if staged is not None else f"captures {seat} {g}"))
            x += w

    def _stage_capture(self, cards: list[str]) -> None:
        """Captured cards stay a moment on the table pile they were taken from (the played or turned card
        lands on its month's pile first), then fly to the capture area (see :meth:`on_tick`)."""
        size = self.pile_size()
        ends: dict[str, tuple[float, float]] = {}
        for pile in self.view.get("table") or []:
            if not pile:
                continue
            at = self.motion.current(pile[-1])
            if at is not None:
                ends[hwatu.month(pile[-1])] = (at[0] + size[0] * 0.24, at[1] + size[1] * 0.1)
        on_table = {c for pile in self.view.get("table") or [] for c in pile}
        for card in cards:
            month = hwatu.month(card)
            if card in on_table:
                at = self.motion.current(card)
            elif month in ends:
                at = ends[month]
                ends[month] = (at[0] + size[0] * 0.24, at[1] + size[1] * 0.1)
            else:
                at = None
            if at is not None:
                self._staged[card] = (at, 0.6)

    def on_tick(self, dt: float) -> None:
        self.narration.tick(dt)
        if not self._staged:
            return
        done = []
        for card, (at, left) in self._staged.items():
            self._staged[card] = (at, left - dt)
            if left - dt <= 0:
                done.append(card)
        if done:
            for card in done:
                del self._staged[card]
            self.relayout()

    def _build_buttons(self, view: dict[str, Any], me: int) -> None:
        entries = self.menu_entries(me)
        if not entries:
            return
        bw, bh = round(200 * self.u), round(46 * self.u)
        gap = round(8 * self.u)
        focus = self.menu_focus.get(me, 0) % len(entries)
        phase = view.get("phase")
        if phase == "hand_over" or phase == "over":
            total = len(entries) * (bw + gap) - gap
            left = self.W / 2 - total / 2
            top = self.result_rect().bottom - bh - 14 * self.u
            rects = [pygame.Rect(round(left + i * (bw + gap)), round(top), bw, bh) for i in range(len(entries))]
        else:
            left = self.W - bw - 14 * self.u
            bottom = self.H - 40 * self.u
            rects = [pygame.Rect(round(left), round(bottom - (len(entries) - i) * (bh + gap)), bw, bh)
                     for i in range(len(entries))]
        keyboard = self.zone.get(me) == "menu" and not self.controls.mouse_active
        for i, ((label, note, action, hit), rect) in enumerate(zip(entries, rects, strict=True)):
            self.buttons.append(Button(rect, label, action, me, note=note, focus=keyboard and i == focus, hit=hit))

    def menu_entries(self, me: int) -> list[tuple[str, str, Action | None, tuple | None]]:
        """The buttons: (label, note, action or None, hit)."""
        legal = self.my_legal()
        out: list[tuple[str, str, Action | None, tuple | None]] = []
        picked = self.picked.get(me)
        if picked is not None:
            for a in self.card_actions(picked):
                if a.get("type") == "bomb":
                    out.append(("Bomb", f"month {int(hwatu.month(picked))}: take all four", a, None))
                elif a.get("shake"):
                    out.append(("Shake & play", "show your three", a, None))
                else:
                    out.append(("Play", _card_name(picked), a, None))
            out.append(("Cancel", "", None, ("cancel",)))
            return out
        scores = self.view.get("scores") or []
        goes = self.view.get("goes") or []
        for a in legal:
            kind = a.get("type")
            if kind == "go":
                n = (goes[me] if me < len(goes) else 0) + 1
                out.append((f"Go ({n})", "play on for more", a, None))
            elif kind == "stop":
                s = scores[me] if me < len(scores) else 0
                out.append(("Stop", f"take {s} point{'s' if s != 1 else ''}", a, None))
            elif kind == "choose":
                out.append((f"Take {int(hwatu.month(a['card']))}", _card_name(a["card"]), a, None))
            elif kind == "flip":
                out.append(("Flip", "turn the stock only", a, None))
            elif kind == "deal":
                out.append(("Deal", "the next hand", a, None))
            elif kind == "leave":
                out.append(("Leave", "end the table", a, None))
        return out

    # -- drawing --------------------------------------------------------------------------------

    @classmethod
    def legend(cls, art: Any, px: int) -> list[tuple[pygame.Surface | None, str]]:
        hwatu_art = art if isinstance(art, HwatuArt) else HwatuArt(art)
        return [(hwatu_art.badge("B", px), "bright"), (hwatu_art.badge("A", px), "animal"),
                (hwatu_art.badge("R", px), "ribbon"), (hwatu_art.badge("D", px), "double junk")]

    def legend_rect(self) -> pygame.Rect:
        def make() -> pygame.Rect:
            rect = pygame.Rect((0, 0), self.ink.legend_size(self.legend(self.hwatu, round(20 * self.u)), "On the cards"))
            rect.topright = (round(self.W - 8 * self.u), round(self.opp_bottom() + 8 * self.u))
            return rect

        return self.geometry("legend", make).copy()

    def draw_static(self, surface: pygame.Surface) -> None:
        view = self.view
        me = self.me
        if me is None:
            return
        self.ink.draw_legend(surface, self.legend(self.hwatu, round(20 * self.u)), "topleft", self.legend_rect().topleft,
                         "On the cards")
        turn = view.get("turn")
        for seat in self.opponents():
            band = self.opp_group(seat)
            surface.blit(self.ink.panel(band.size, (0, 0, 0, 46), border=(255, 255, 255, 30)), band)
        for seat in self.opponents():
            region = self.opp_region(seat)
            plate_w = round(min(190 * self.u, region.width * 0.32))
            self._plate(surface, seat, pygame.Rect(region.left, region.top, plate_w, round(88 * self.u)), seat == turn)
            self._capture_labels(surface, seat, pygame.Rect(region.left + plate_w + 8 * self.u, region.top,
                                                            region.width - plate_w - 8 * self.u, region.height))
        plate = pygame.Rect(round(10 * self.u), round(self.hand_top() - 10 * self.u), round(175 * self.u),
                            round(118 * self.u))
        self._plate(surface, me, plate, me == turn)
        self._capture_labels(surface, me, self.my_captures())
        self._stock(surface)
        for text, anchor, pos in self._pile_labels:
            self.ink.blit_text(surface, text, self.label_px(), GOLD, anchor, pos)
        self._prompt(surface)

    def _plate(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, active: bool) -> None:
        border = (*GOLD, 255) if active else (255, 255, 255, 45)
        self.ink.blit_panel(surface, rect, (8, 30, 20, 200), border=border, name=f"plate {seat}")
        self.plates.draw_badge(surface, seat, rect)
        with layout.part_of(f"plate {seat}"):
            self._plate_lines(surface, seat, rect, active)

    def _plate_lines(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, active: bool) -> None:
        view = self.view
        px = 21 * self.u
        x = rect.left + 10 * self.u
        y = rect.top + 6 * self.u
        name = self.name(seat) + ("  (dealer)" if seat == view.get("dealer") else "")
        self.ink.blit_text(surface, name, self.ink.fit(name, px * 1.05, rect.width - 16 * self.u), GOLD if active else INK,
                       "topleft", (x, y), False)
        y += px * 1.05
        scores = view.get("scores") or []
        goes = (view.get("goes") or [])
        chips = view.get("chips") or []
        score = scores[seat] if seat < len(scores) else 0
        go = goes[seat] if seat < len(goes) else 0
        line = f"score {score}" + (f"   Go x{go}" if go else "")
        self.ink.blit_text(surface, line, px * 0.95, LEGAL if go else INK, "topleft", (x, y), False)
        y += px * 0.95
        chip = chips[seat] if seat < len(chips) else 0
        extra = []
        shakes = (view.get("shakes") or [[]] * self.players)[seat] or []
        bombs = (view.get("bombs") or [[]] * self.players)[seat] or []
        if shakes:
            extra.append("shook " + ",".join(str(int(m)) for m in shakes))
        if bombs:
            extra.append("bombed " + ",".join(str(int(m)) for m in bombs))
        self.ink.blit_text(surface, f"chips {chip:+d}" + ("  " + "  ".join(extra) if extra else ""), px * 0.8, MUTED,
                       "topleft", (x, y), False)
        y += px * 0.85
        parts = (view.get("score_parts") or [{}] * self.players)[seat] or {}
        text = " \u00b7 ".join(f"{k.replace('_', ' ')} {v}" for k, v in parts.items()) or "no points yet"
        self.ink.blit_text(surface, text, self.ink.fit(text, px * 0.75, rect.width - 16 * self.u), CYAN if parts else MUTED,
                       "topleft", (x, y), False)

    def _capture_labels(self, surface: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        captures = list((self.view.get("captures") or [[]] * self.players)[seat] or [])
        weights = {"B": 0.17, "A": 0.25, "R": 0.25, "P": 0.33}
        size = self.hsize(0.095)
        x = area.left
        px = self.label_px()
        for g, label in GROUPS:
            w = area.width * weights[g]
            cards = [c for c in captures if _group(c) == g]
            count = sum(hwatu.junk_value(c) for c in cards) if g == "P" else len(cards)
            colour = LABEL_COLOURS[g] if cards else MUTED
            y = area.top + 8 * self.u + size[1] + 3 * self.u
            if not cards:
                slot = pygame.Rect(0, 0, *size)
                slot.midtop = (round(x + w / 2), round(area.top + 8 * self.u))
                surface.blit(self.art.slot(size), slot)
                layout.report("cards", slot, f"captures {seat} {g}")
            self.ink.blit_text(surface, f"{label} {count}", px, colour if cards else MUTED, "midtop", (x + w / 2, y))
            x += w

    def _stock(self, surface: pygame.Surface) -> None:
        view = self.view
        rect = self.stock_rect()
        stock = int(view.get("stock") or 0)
        if stock:
            for i in range(min(4, stock)):
                surface.blit(self.hwatu.back(rect.size), rect.move(-i * 2, -i * 2))
            layout.report("cards", rect.union(rect.move(-min(4, stock) * 2 + 2, -min(4, stock) * 2 + 2)), "stock")
        else:
            surface.blit(self.art.slot(rect.size), rect)
            layout.report("cards", rect, "stock")
        px = 20 * self.u
        self.ink.blit_text(surface, f"stock {stock}", px, INK, "midtop", (rect.centerx, rect.bottom + 6 * self.u))
        target = view.get("target")
        lines = [f"target {target}", f"hand {int(view.get('hand_number') or 0) + 1}"]
        if view.get("doubled"):
            lines.append("x2 (nagari)")
        y = rect.bottom + 6 * self.u + px * 1.1
        for line in lines:
            self.ink.blit_text(surface, line, px * 0.9, MUTED if "x2" not in line else GOLD, "midtop", (rect.centerx, y))
            y += px * 0.95

    def _prompt(self, surface: pygame.Surface) -> None:
        view = self.view
        me = self.me
        phase = view.get("phase")
        legal = self.my_legal()
        text = ""
        if phase == "choose" and legal:
            text = "Two cards match: take one"
        elif phase == "go_stop" and legal:
            text = "You reached the target: Go on, or Stop and get paid?"
        elif phase == "play" and legal:
            text = "Your turn: play a card (glowing cards match the table)"
        elif phase in ("play", "choose", "go_stop"):
            turn = view.get("turn")
            text = f"{self.name(turn)} to play" if isinstance(turn, int) and turn != me else ""
        if text:
            self.ink.blit_text(surface, text, self.ink.fit(text, 26 * self.u, self.W - 440 * self.u), GOLD, "midbottom",
                           (self.W / 2, self.prompt_bottom()))

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        view = self.view
        me = self.me
        phase = view.get("phase")
        if self.showing_result():
            self._result(surface)
            with layout.part_of("result"):  # the result covers the felt: its buttons are drawn on it
                self.renderer.draw_buttons(surface)
        else:
            self.narration.draw(surface)
        legal = self.my_legal()
        if not legal:
            hints = [((), "waiting for the other players" if phase != "over" else "the table is over")]
        elif self.zone.get(me or 0) == "menu" or not any(a.get("type") in ("play", "bomb") for a in legal):
            hints = [(ARROWS, "choose"), (("confirm",), "select"), self.mouse_hint(me, "or click a button")]
        else:
            hints = [(ARROWS, "choose a card"), (("confirm",), "play"),
                     self.mouse_hint(me, "or click a card"), (("alt",), "buttons") if self.menu_entries(me or 0) else None]
        self.hint_bar.draw(surface, [*hints, self.narration.recap.key_hint()])

    def showing_result(self) -> bool:
        phase = self.view.get("phase")
        return phase in ("hand_over", "over") and self.view.get("last") is not None or phase == "over"

    def draw_buttons(self, surface: pygame.Surface) -> None:
        if not self.showing_result():  # over the result, they are drawn with it
            self.renderer.draw_buttons(surface)

    def result_rect(self) -> pygame.Rect:
        """The hand's result: between the opponents' areas and my captures when it fits there."""
        top = self.opp_bottom() + 4 * self.u
        room = self.my_captures().top - 4 * self.u - top
        needed = (64 + self.players * 22 * 1.3 + 10 + 46 + 14) * self.u
        rect = pygame.Rect(0, 0, round(min(self.W * 0.7, 760 * self.u)), round(max(needed, min(self.H * 0.42, room))))
        rect.midtop = (self.W // 2, round(top + max(0.0, room - rect.height) / 2))
        return rect

    def _result(self, surface: pygame.Surface) -> None:
        rect = self.ink.blit_panel(surface, self.result_rect(), (4, 18, 12, 240), border=(*GOLD, 200), name="result",
                               kind="overlay")
        with layout.part_of("result"):
            self._result_lines(surface, rect)

    def _result_lines(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        view = self.view
        last = view.get("last") or {}
        winner = last.get("winner")
        reason = last.get("reason")
        if view.get("phase") == "over":
            chips = view.get("chips") or []
            best = max(chips) if chips else 0
            leaders = [self.name(s) for s, c in enumerate(chips) if c == best]
            title = f"The table is over: {' & '.join(leaders)} {'win' if leaders == ['You'] or len(leaders) > 1 else 'wins'}"
            title += f" ({best:+d} chips)"
        elif reason == "nagari" or winner is None:
            title = "Nagari: nobody won, the next hand pays double"
        else:
            verb = "win" if self.name(winner) == "You" else "wins"
            title = f"{self.name(winner)} {verb} ({reason}, {last.get('score', 0)} points"
            title += f", {last.get('goes')} Go)" if last.get("goes") else ")"
        self.ink.blit_text(surface, title, self.ink.fit(title, 34 * self.u, rect.width - 30 * self.u), GOLD, "midtop",
                       (rect.centerx, rect.top + 14 * self.u))
        payments = last.get("payments") or []
        mults = last.get("multipliers") or []
        chips = view.get("chips") or []
        px = 22 * self.u
        y = rect.top + 64 * self.u
        for seat in range(self.players):
            pay = payments[seat] if seat < len(payments) else 0
            mult = ", ".join(str(m).replace("_", " ") for m in (mults[seat] if seat < len(mults) else []))
            line = f"{self.name(seat)}: {pay:+d} this hand, chips {chips[seat] if seat < len(chips) else 0:+d}"
            if mult:
                line += f"   ({mult})"
            colour = LEGAL if pay > 0 else (BAD if pay < 0 else INK)
            self.ink.blit_text(surface, line, self.ink.fit(line, px, rect.width - 30 * self.u), colour, "midtop",
                           (rect.centerx, y), False)
            y += px * 1.3

    # -- events ---------------------------------------------------------------------------------

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
                        self._origins[card] = self.seat_point(seat)
        elif kind == "turned":
            self.sounds.play("flip")
        elif kind == "captured":
            self.sounds.play("trick")
            self._stage_capture([c for c in event.get("cards") or [] if isinstance(c, str)])
        elif kind == "deal":
            self.sounds.play("deal")
            self.picked.clear()
            self._staged.clear()
            self._origins.clear()
        elif kind in EVENT_BANNERS:
            who = self.name(seat) if isinstance(seat, int) else ""
            self.callouts.banner(f"{who}: {EVENT_BANNERS[kind]}" if who else EVENT_BANNERS[kind], GOLD, 1.2, 0.6)
        elif kind == "shake":
            self.callouts.banner(f"{self.name(seat)} shakes month {int(hwatu.month(event['cards'][0]))}" if isinstance(seat, int)
                        else "Shake", GOLD, 1.2, 0.6)
        elif kind == "go":
            self.callouts.banner(f"{self.name(seat)}: Go {event.get('goes', '')}!", GOLD, 1.3, 0.8)
            self.sounds.play("slap")
        elif kind in ("stop", "hand_over"):
            self.sounds.play("round")  # the result panel says who won
        elif kind == "stole" and isinstance(seat, int):
            self.callouts.float_text(f"+1 junk from {self.name(int(event.get('from', 0)))}", self.seat_point(seat), CYAN, 1.6)
        elif kind == "joker" and isinstance(seat, int):
            self.callouts.float_text("bonus card!", self.seat_point(seat), GOLD, 1.6)

    def seat_point(self, seat: int) -> tuple[float, float]:
        """Where floating labels about ``seat`` appear (over its captures; mine above the prompt line, which
        sits on my captures: they rose through "Your turn: play a card")."""
        if seat == self.me:
            return (self.W / 2, self.prompt_bottom() - 48 * self.u)
        region = self.opp_region(seat)
        return (region.centerx, region.bottom - 10 * self.u)

    def after_view(self, seat: int, first: bool) -> None:
        self.couch_after_view()
        if seat == self.event_seat:
            self.narration.told_turn()
        if seat != self.me:
            return
        legal = self.legals.get(seat, [])
        hand = list(self.views[seat].get("hand") or [])
        picked = self.picked.get(seat)
        if picked is not None and (picked not in hand or not self.card_actions(picked)):
            self.picked[seat] = None
        card_turn = any(a.get("type") in ("play", "bomb") for a in legal)
        if not card_turn and legal:
            self.zone[seat] = "menu"
            self.menu_focus[seat] = 0
        elif card_turn and self.picked.get(seat) is None:
            self.zone[seat] = "hand"
        if seat in self.controls.inputs and hand:
            self.controls.inputs[seat].cursor %= len(hand)

    # -- input ----------------------------------------------------------------------------------

    def _pick(self, seat: int, card: str) -> list[tuple[int, Action]]:
        actions = self.card_actions(card)
        if not actions:
            if self.my_legal():
                self.toasts.add("You can't play that now", BAD, 1.4)
            return []
        if len(actions) == 1:
            self.picked[seat] = None
            return [(seat, actions[0])]
        self.picked[seat] = card
        self.zone[seat] = "menu"
        self.menu_focus[seat] = 0
        return []

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        me = self.me
        if me is None or me not in self.local_seats:
            return []
        button = self.controls.button_at(pos, me)
        if button is not None:
            if button.hit == ("cancel",):
                self.picked[me] = None
                self.zone[me] = "hand"
                return []
            return super().on_click(pos, me)
        sprite = self.controls.sprite_at(pos, me)
        if sprite is None or sprite.hit is None:
            return []
        if sprite.hit[0] == "hand":
            return self._pick(me, sprite.hit[1])
        if sprite.hit[0] == "choose":
            match = self.find(me, type="choose", card=sprite.hit[1])
            return [(me, match[0])] if match else []
        return []

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        if pos[1] < self.H * 0.6:
            return self._pick(seat, card)
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
            if entry is None:
                return []
            _label, _note, action, hit = entry
            if hit == ("cancel",):
                self.picked[seat] = None
                self.zone[seat] = "hand"
                return []
            return [(seat, action)] if action is not None else []
        hand = list(self.view.get("hand") or [])
        if not hand:
            return []
        return self._pick(seat, hand[self.controls.inputs[seat].cursor % len(hand)])

    def on_alt(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None:
            return []
        if self.zone.get(seat) == "menu":
            if any(a.get("type") in ("play", "bomb") for a in self.legals.get(seat, [])):
                self.zone[seat] = "hand"
                self.picked[seat] = None
        elif self.menu_entries(seat):
            self.zone[seat] = "menu"
            self.menu_focus[seat] = 0
        return []

    def on_recap(self, seat: int | None) -> list[tuple[int, Action]]:
        self.narration.recap.review()
        return []

    def on_back(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is not None:
            self.picked[seat] = None
            if any(a.get("type") in ("play", "bomb") for a in self.legals.get(seat, [])):
                self.zone[seat] = "hand"
        return []

    def on_send(self, seat: int, action: Action) -> None:
        super().on_send(seat, action)
        self.picked[seat] = None

    def warm_sizes(self) -> list[tuple[tuple[int, int], bool]]:
        """Every card size in use (the hwatu faces of :attr:`deck` are drawn ahead at each)."""
        return [(sprite.rect.size, sprite.flipped) for sprite in self.sprites]


def _card_name(card: str) -> str:
    if hwatu.is_joker(card):
        return f"bonus +{card[1]}"
    month = hwatu.MONTH_NAMES.get(hwatu.month(card), "")
    kind = {"B": "bright", "A": "animal", "R": "ribbon", "P": "junk", "D": "double junk"}[hwatu.kind(card)]
    return f"{month} {kind}"
