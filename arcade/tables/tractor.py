"""The Tractor (Sheng Ji) table: your hand of 25 in the round's card order (trumps together, last), the
other three seats around the felt (your partner across; play passes counter-clockwise: right, across,
left), the trick in the middle with each seat's play, the draw pile while drawing, declaration buttons,
the kitty bury (select 8), team levels, the trump rank and suit, the attackers' points, the trick count
and the last trick.

Selection: plays of several cards (leads, throws, follows of a pair or more) and the bury are built by
toggling cards (click, or confirm over the cursor), then the Play/Bury button. A follow of one card is
played at once. The table never judges the play: the host's reason for a refusal is shown.

Keyboard / gamepad: Left/Right move the cursor over the hand, confirm toggles (or plays a single),
Tab/Y or Up/Down switch to the buttons (Play, Clear, Draw, Declare..., Pass) and back; Back clears.

Drawing is automatic (:meth:`TractorTable.auto_actions`): on a local seat's turn in the draw phase the
table draws by itself after :data:`AUTO_DRAW_PAUSE` times the bot-speed setting's factor (the bots draw
as quickly: about 8 cards a second round the table at "normal"), so the player sees each card arrive and
can declare with the Declare buttons at any time. It holds off while the player's keyboard focus or mouse pointer is
on a Declare button, for :data:`AUTO_DRAW_IDLE` after any press, behind the couch privacy screen, and
never draws twice for one view of the host. The Draw button still draws at once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from cardtable.arcade import fonts, layout
from cardtable.arcade.anim import Effect, Vec
from cardtable.arcade.cardart import card_size
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
    WARM_CODES,
    Action,
    Button,
    Sprite,
    Table,
    fan,
)
from cardtable.arcade.tables.turn import ActionMenu, CouchPlay
from cardtable.engine import tractor_shapes

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JOKER_PAIR = {"RJ": "pair of red jokers (big)", "BJ": "pair of black jokers (small)"}
STARTER = "starter: takes the kitty, leads first"
RANK_NAMES = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
POINTS = {"5": 5, "T": 10, "K": 10}
CHOSEN_LIFT, CURSOR_LIFT = 0.2, 0.08  # how far a chosen card and the cursor's card stand up (of their height)
AUTO_DRAW_PAUSE = 0.125  # seconds from the host's view (the last card arriving) to the next automatic draw
AUTO_DRAW_IDLE = 1.0  # seconds after the player's last press before automatic drawing goes on
DRAW: Action = {"type": "draw"}


def _rank_name(rank: str | None) -> str:
    return RANK_NAMES.get(rank or "", rank or "-")


def draw_key(view: dict[str, Any]) -> tuple:
    """What changes with every draw or declaration: a draw is sent at most once per value."""
    return (view.get("round"), view.get("phase"), view.get("draw_pile"), len(view.get("hand") or []),
            len(view.get("declarations") or []))


def _level_name(level: int) -> str:
    return {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(level, str(level))


def starter_chip(px: int) -> pygame.Surface:
    """The round starter's "S" chip alone, ``px`` across (the rules screen's key)."""
    k = 3
    chip = pygame.Surface((px * k, px * k), pygame.SRCALPHA)
    r = px * k / 2
    pygame.draw.circle(chip, (250, 250, 245), (r, r), r - 1)
    pygame.draw.circle(chip, (60, 60, 60), (r, r), r - 1, max(1, round(r / 6.5)))
    letter = fonts.line("S", px * k * 0.78, (30, 30, 30))
    chip.blit(letter, letter.get_rect(center=(r, r)))
    return pygame.transform.smoothscale(chip, (px, px))


class TractorTable(CouchPlay, ActionMenu, Table):
    """The Tractor table (see the module docstring)."""

    deck = (*WARM_CODES, "BJ", "RJ")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.selected: dict[int, set[int]] = {}
        self.zone: dict[int, str] = {}
        self.menu_focus: dict[int, int] = {}
        self.show_last = False
        self._sel_key: dict[int, tuple] = {}
        self._sent: dict[int, set[int]] = {}
        self._kitty_keys: set[tuple[str, int]] = set()
        self._drawn_at: dict[int, tuple] = {}  # seat -> draw_key of the view a draw was sent from
        self._seen: dict[int, tuple] = {}  # seat -> draw_key of its latest view
        self._since_view: dict[int, float] = {}  # seat -> seconds since that view changed
        self._idle = AUTO_DRAW_IDLE  # seconds since the last press (pointer moves don't count)
        super().__init__(*args, **kwargs)

    # -- seats and geometry ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        return int(self.view.get("players") or 4)

    def rel(self, seat: int) -> int:
        return (seat - (self.me or 0)) % max(1, self.players)

    def seat_centre(self, seat: int) -> Vec:
        k = self.rel(seat)
        if k == 0:
            return (self.W * 0.5, self.H * 0.9)
        if k == 1:
            return (self.W - 95 * self.u, self.H * 0.40)
        if k == 2:
            return (self.W * 0.5, 62 * self.u)
        return (95 * self.u, self.H * 0.40)

    def trick_centre(self, seat: int) -> Vec:
        k = self.rel(seat)
        cx, cy = self.W * 0.5, self.H * 0.415
        dx, dy = [(0, 0.1), (0.2, 0), (0, -0.11), (-0.2, 0)][k]
        return (cx + dx * self.W, cy + dy * self.H)

    def hand_size(self) -> tuple[int, int]:
        return self.card_px(0.19)

    def hand_top(self) -> float:
        return self.H - self.hand_size()[1] - 28 * self.u

    def plate_bottom(self) -> float:
        """Where my name plate ends: above the cursor's marker over a chosen card (the card stands up,
        the marker bobs above it; it covered "attackers" on the plate at 960x540)."""
        card = self.hand_size()[1]
        return self.hand_top() - card * max(CHOSEN_LIFT, CURSOR_LIFT) - MARKER_REACH * self.u - 2 * self.u

    def _my_plate_y(self) -> float:
        """My name plate's centre: above the marker over a chosen card, but not up into the fan of the
        player on my left (with large cards there is no room for both: the marker may touch the plate)."""
        y = self.plate_bottom() - 34 * self.u
        left = f"hand {((self.me or 0) - 1) % max(1, self.players)}"
        fan = [s.rect for s in self.sprites if s.group == left]
        if fan:
            y = max(y, max(r.bottom for r in fan) + 50 * self.u)  # half the plate and the starter badge
        return y

    def banner_y(self) -> float:
        return self.H * 0.3

    def toast_place(self) -> tuple[float, int]:
        return self.H * 0.6, 2

    # -- what the seat is doing -----------------------------------------------------------------

    def my_legal(self) -> list[Action]:
        me = self.me
        return self.legals.get(me, []) if me is not None else []

    def shown_cards(self) -> list[str]:
        """The cards at the bottom: the hand, plus the kitty while burying."""
        view = self.view
        cards = list(view.get("hand") or [])
        if view.get("phase") == "bury" and view.get("kitty"):
            cards += list(view["kitty"])
            order = self.order()
            if order is not None and all(c in order for c in cards):
                cards.sort(key=tractor_shapes.sort_key(order))
        return cards

    def template(self) -> Action | None:
        for a in self.my_legal():
            if "choose" in a and a.get("type") in ("play", "bury"):
                return a
        return None

    def singles(self) -> dict[str, Action]:
        """Plays of exactly one card: played at once when a single card is all the seat may play."""
        return {a["cards"][0]: a for a in self.my_legal()
                if a.get("type") == "play" and "choose" not in a and len(a.get("cards") or []) == 1}

    def selecting(self) -> bool:
        """The seat builds its play by selecting cards (leads, multi-card follows, the bury)."""
        legal = self.my_legal()
        if any(a.get("type") == "bury" for a in legal):
            return True
        plays = [a for a in legal if a.get("type") == "play"]
        if not plays:
            return False
        follow_one = all("choose" not in a and len(a.get("cards") or []) == 1 for a in plays)
        return not (follow_one and self.view.get("trick"))

    def selection(self, seat: int) -> list[str]:
        cards = self.shown_cards()
        return [cards[i] for i in sorted(self.selected.get(seat, set())) if i < len(cards)]

    def selected_action(self, seat: int) -> Action | None:
        """The action the current selection makes, if it is one the host listed or fills its template."""
        chosen = self.selection(seat)
        if not chosen:
            return None
        want = Counter(chosen)
        for a in self.legals.get(seat, []):
            if "choose" not in a and a.get("type") == "play" and Counter(a.get("cards") or []) == want:
                return a
        template = self.template()
        if template is None:
            return None
        choose = template["choose"]
        count = choose.get("count")
        if count is not None and len(chosen) != count:
            return None
        if len(chosen) < int(choose.get("min", 1)) or len(chosen) > int(choose.get("max", len(chosen))):
            return None
        if Counter(chosen) - Counter(choose.get("from") or []):
            return None
        return {"type": template["type"], "cards": chosen}

    def order(self) -> dict[str, tuple[str, int]] | None:
        trump = self.view.get("trump") or {}
        options = self.view.get("options") or {}
        try:
            return tractor_shapes.card_order(trump.get("suit"), trump.get("rank"),
                                             bool(options.get("rank_skip", True)), bool(options.get("nt_black_high", True)))
        except Exception:  # noqa: BLE001 - a label must never break the table
            return None

    def shape(self, cards: list[str]) -> str:
        """What the selected cards make, for the Play button: "pair", "tractor of 2", "throw of 3 units"."""
        order = self.order()
        if not cards or order is None or any(c not in order for c in cards):
            return ""
        if len({order[c][0] for c in cards}) > 1:
            return "mixed suits"
        units = tractor_shapes.decompose(cards, order)
        if len(units) > 1:
            return f"throw of {len(units)} units"
        width, length = units[0][0], units[0][1]
        if length > 1:
            return f"tractor of {length}"
        return "pair" if width == 2 else "single"

    def need(self) -> str:
        template = self.template()
        chosen = self.selection(self.me or 0)
        if template is None:
            return self.shape(chosen)
        choose = template["choose"]
        if "count" in choose:
            return f"{len(chosen)}/{choose['count']}"
        shape = self.shape(chosen)
        return f"{len(chosen)} selected" + (f": {shape}" if shape else "")

    # -- layout ---------------------------------------------------------------------------------

    def after_view(self, seat: int, first: bool) -> None:
        self.couch_after_view()
        key = draw_key(self.views[seat])
        if self._seen.get(seat) != key:
            self._seen[seat] = key
            self._since_view[seat] = 0.0
        if seat != self.me:
            return
        view = self.views[seat]
        cards = self.shown_cards()
        template = self.template()
        key = (view.get("phase"), len(view.get("trick") or []), len(cards), view.get("round"))
        if self._sel_key.get(seat) != key:
            self._sel_key[seat] = key
            self.selected[seat] = set()
            include = Counter((template or {}).get("choose", {}).get("include") or [])
            if include:
                for i, card in enumerate(cards):
                    if include[card] > 0:
                        include[card] -= 1
                        self.selected[seat].add(i)
            legal = self.legals.get(seat, [])
            if legal and not any(a.get("type") in ("play", "bury") for a in legal):
                self.zone[seat] = "menu"
                self.menu_focus[seat] = 0
            elif legal:
                self.zone[seat] = "hand"
            if seat in self.controls.inputs and cards:
                self.controls.inputs[seat].cursor %= len(cards)
                singles = self.singles()
                if singles and not self.selecting() and cards[self.controls.inputs[seat].cursor] not in singles:
                    self.controls.inputs[seat].cursor = next(i for i, c in enumerate(cards) if c in singles)

    def build(self) -> None:
        view = self.view
        me = self.me
        if me is None:
            return
        self._build_hand(view, me)
        self.spectator_backs(self.hand_size(), self.hand_top(), self.W * 0.9)
        self._build_others(view)
        self._build_middle(view)
        self._build_buttons(view, me)
        if me in self.controls.inputs:  # the scene asks this before Back: Back clears it instead of pausing
            self.controls.inputs[me].selected = "cards" if self.selected.get(me) else None

    def _build_hand(self, view: dict[str, Any], me: int) -> None:
        cards = self.shown_cards()
        self._kitty_keys = set()
        kitty = Counter(view.get("kitty") or []) if view.get("phase") == "bury" else Counter()
        size = self.hand_size()
        rects = self.grouped_fan(cards, size, self.W * 0.92)
        legal = self.my_legal()
        selecting = self.selecting()
        singles = self.singles()
        template = self.template()
        pool = Counter((template or {}).get("choose", {}).get("from") or [])
        for a in legal:
            if a.get("type") == "play" and "choose" not in a:
                pool.update(set(a.get("cards") or []))
        active = bool(pool) or bool(singles)
        chosen = self.selected.get(me, set())
        declarable = {c for a in legal if a.get("type") == "declare" for c in a.get("cards") or []}
        keyboard = me in self.controls.inputs and not self.controls.mouse_active and self.zone.get(me, "hand") == "hand"
        cursor = self.controls.inputs[me].cursor % len(cards) if cards and me in self.controls.inputs else -1
        seen: Counter = Counter()
        origin = self.trick_centre(me)
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

    def grouped_fan(self, cards: list[str], size: tuple[int, int], width: float) -> list[pygame.Rect]:
        """The hand's fan with a small gap between suits (the trumps are one group)."""
        order = self.order()
        classes = [order[c][0] if order is not None and c in order else c[-1] for c in cards]
        breaks = sum(1 for a, b in zip(classes, classes[1:], strict=False) if a != b)
        if len(cards) <= 1:
            return fan(len(cards), self.W / 2, self.hand_top(), size, width)
        gap = size[0] * 0.32
        step = min(size[0] * 0.62, (width - size[0] - gap * breaks) / (len(cards) - 1))
        if step < size[0] * 0.2:  # too tight for gaps: plain fan
            return fan(len(cards), self.W / 2, self.hand_top(), size, width, size[0] * 0.62)
        total = size[0] + step * (len(cards) - 1) + gap * breaks
        x = self.W / 2 - total / 2
        rects = []
        for i in range(len(cards)):
            if i and classes[i] != classes[i - 1]:
                x += gap
            rects.append(pygame.Rect(round(x), round(self.hand_top()), *size))
            x += step
        return rects

    def _build_others(self, view: dict[str, Any]) -> None:
        sizes = view.get("hand_sizes") or []
        shown = view.get("shown") or []
        small = self.card_px(0.075)
        pile = (self.W * 0.5, self.H * 0.4)
        for seat in range(self.players):
            if seat == self.me:
                continue
            count = sizes[seat] if seat < len(sizes) else 0
            faces = list(shown[seat]) if seat < len(shown) else []
            codes: list[str | None] = faces + [None] * max(0, count - len(faces))
            cx, cy = self.seat_centre(seat)
            k = self.rel(seat)
            y = cy + 46 * self.u if k != 2 else cy + 40 * self.u
            width = self.W * (0.3 if k == 2 else 0.14)
            rects = fan(len(codes), cx, y, small, width, small[0] * 0.4)
            seen: Counter = Counter()
            for j, (code, rect) in enumerate(zip(codes, rects, strict=True)):
                if code is None:
                    key: object = ("back", seat, j)
                else:
                    key = ("shown", seat, code, seen[code])
                    seen[code] += 1
                self.sprites.append(Sprite(key, code, rect, shadow=False, origin=pile, group=f"hand {seat}"))

    def _build_middle(self, view: dict[str, Any]) -> None:
        size = self.card_px(0.16)
        phase = view.get("phase")
        if phase in ("draw", "declare") and int(view.get("draw_pile") or 0) > 0:
            rect = self.draw_pile_rect()
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
            cx, cy = self.trick_centre(seat)
            rects = fan(len(cards), cx, cy - size[1] / 2, size, self.W * 0.3, size[0] * 0.3)
            seen: Counter = Counter()
            for card, rect in zip(cards, rects, strict=True):
                key = ("trick", card, seen[card], seat)
                seen[card] += 1
                self.sprites.append(Sprite(key, card, rect, origin=self.seat_centre(seat),
                                           glow=GOLD if seat == winning and len(view.get("trick") or []) > 1 else None,
                                           group=f"trick {seat}"))

    def draw_pile_rect(self) -> pygame.Rect:
        size = self.card_px(0.16)
        rect = pygame.Rect(0, 0, *size)
        rect.center = (round(self.W / 2), round(self.H * 0.4))
        return rect

    def menu_entries(self, me: int) -> list[tuple[str, str, Action | None, tuple | None]]:
        out: list[tuple[str, str, Action | None, tuple | None]] = []
        legal = self.legals.get(me, [])
        if self.selecting() and me == self.me:
            action = self.selected_action(me)
            verb = "Bury" if any(a.get("type") == "bury" for a in legal) else "Play"
            out.append((verb, self.need(), action, ("submit",)))
            out.append(("Clear", "", None, ("clear",)))
        for a in legal:
            kind = a.get("type")
            if kind == "draw":
                out.append(("Draw", f"{int(self.view.get('draw_pile') or 0)} left", a, None))
            elif kind == "declare":
                cards = list(a.get("cards") or [])
                if not cards:
                    continue
                if cards[0] in ("BJ", "RJ"):
                    label, note = "Declare no trump", JOKER_PAIR[cards[0]]
                else:
                    rank = _rank_name(cards[0][0])
                    label = f"Declare {SUIT_NAMES.get(cards[0][1], '?')}"
                    note = f"pair of {rank}s" if len(cards) == 2 else f"one {rank}"
                out.append((label, note, a, None))
            elif kind == "pass":
                out.append(("Pass", "no declaration", a, None))
        return out

    def _build_buttons(self, view: dict[str, Any], me: int) -> None:
        if me not in self.local_seats:
            return
        entries = self.menu_entries(me)
        if not entries:
            return
        bw, bh = round(190 * self.u), round(48 * self.u)
        gap = round(10 * self.u)
        total = len(entries) * (bw + gap) - gap
        if total > self.W * 0.9:
            bw = round((self.W * 0.9 - gap * (len(entries) - 1)) / len(entries))
            total = len(entries) * (bw + gap) - gap
        left = self.W / 2 - total / 2
        top = self.hand_top() - bh - 34 * self.u
        focus = self.menu_focus.get(me, 0) % len(entries)
        keyboard = self.zone.get(me) == "menu" and not self.controls.mouse_active
        for i, (label, note, action, hit) in enumerate(entries):
            rect = pygame.Rect(round(left + i * (bw + gap)), round(top), bw, bh)
            enabled = action is not None or hit in (("clear",), ("submit",))
            self.buttons.append(Button(rect, label, action, me, enabled=enabled, note=note,
                                       focus=keyboard and i == focus, hit=hit, icon=self.declare_icon(action, bh)))

    def declare_icon(self, action: Action | None, height: int) -> pygame.Surface | None:
        """A Declare button shows what it declares: the suit's pip, or the joker (red or black)."""
        cards = list((action or {}).get("cards") or []) if (action or {}).get("type") == "declare" else []
        if not cards:
            return None
        if cards[0] in JOKER_PAIR:
            return self.art.face(cards[0], card_size(round(height * 0.82)))
        if cards[0][-1] in SUIT_NAMES:
            return self.suit_chip(cards[0][-1], round(height * 0.46))
        return None

    def suit_chip(self, suit: str, px: int) -> pygame.Surface:
        """A suit's pip on a small paper-white square (readable on the dark buttons and panels)."""
        pip = self.art.pip(suit, px)
        chip = self.ink.panel((px + 6, px + 6), (250, 250, 245, 235), radius=4, border=None).copy()
        chip.blit(pip, (3, 3))
        return chip

    # -- drawing --------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        view = self.view
        turn = view.get("turn")
        levels = view.get("levels") or [2, 2]
        declarers = view.get("declarers")
        taken = view.get("taken") or [0, 0]
        starter = view.get("starter")
        for seat in range(self.players):
            team = seat % 2
            role = ""
            if declarers is not None:
                role = "declarers" if team == declarers else "attackers"
            lines = [(f"team {'A' if team == 0 else 'B'} \u00b7 level {_level_name(levels[team])}", INK),
                     (role + (f" \u00b7 {taken[team]} pts" if role else ""), CYAN if role == "attackers" else MUTED)]
            centre = (self.W * 0.085, self._my_plate_y()) if seat == self.me else self.seat_centre(seat)
            rect = self.plates.draw(surface, seat, centre, lines, active=seat == turn, width=165 * self.u)
            if seat == starter:
                chip = (rect.right - 2 * self.u, rect.top + 2 * self.u)
                with layout.part_of(f"plate {seat}"):
                    layout.report("badge", pygame.Rect(chip[0] - 13 * self.u, chip[1] - 13 * self.u, 26 * self.u,
                                                     26 * self.u), "starter")
                    with layout.part_of("starter"):
                        self.draw_starter_badge(surface, chip, 13 * self.u)
        self._info(surface)
        self._last_trick_panel(surface)
        self._prompt(surface)
        if view.get("phase") in ("draw", "declare") and int(view.get("draw_pile") or 0) > 0:
            rect = self.draw_pile_rect()
            for i in range(min(3, int(view.get("draw_pile") or 0) // 20), 0, -1):
                surface.blit(self.art.back(rect.size), rect.move(-3 * i * self.u, -3 * i * self.u))
            layout.report("cards", rect.union(rect.move(-9 * self.u, -9 * self.u)), "draw pile")
            self.ink.blit_text(surface, f"{view.get('draw_pile')} to draw", 22 * self.u, INK, "midtop",
                           (rect.centerx, rect.bottom + 6 * self.u))

    @classmethod
    def legend(cls, art: Any, px: int) -> list[tuple[pygame.Surface | None, str]]:
        size = card_size(round(px * 1.9))
        return [(art.face("RJ", size), "red joker: the big one"), (art.face("BJ", size), "black joker: the small one"),
                (starter_chip(px), STARTER)]

    def draw_starter_badge(self, surface: pygame.Surface, centre: Vec, radius: float) -> None:
        """The round starter's "S" chip (explained in the legend)."""
        pygame.draw.circle(surface, (250, 250, 245), centre, round(radius))
        pygame.draw.circle(surface, (60, 60, 60), centre, round(radius), max(1, round(radius / 6.5)))
        self.ink.blit_text(surface, "S", radius * 1.55, (30, 30, 30), "center", centre, False)

    def _info(self, surface: pygame.Surface) -> None:
        rect = self.ink.blit_panel(surface, self.info_rect(), name="info")
        with layout.part_of("info"):
            self._info_lines(surface, rect)

    def info_rect(self) -> pygame.Rect:
        return pygame.Rect(round(10 * self.u), MENU_STRIP, round(250 * self.u), round(174 * self.u))

    def _info_lines(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        view = self.view
        trump = view.get("trump") or {}
        x = rect.left + 12 * self.u
        y = rect.top + 8 * self.u
        px = 22 * self.u
        self.ink.blit_text(surface, f"Round {view.get('round', 1)}", px * 1.15, GOLD, "topleft", (x, y), False)
        y += px * 1.25
        if trump.get("no_trump") or (trump.get("rank") is None and trump.get("final")):
            text = "No trump (jokers)"
            self.ink.blit_text(surface, text, px, INK, "topleft", (x, y), False)
        else:
            rank = _rank_name(trump.get("rank"))
            suit = trump.get("suit")
            where = self.ink.blit_text(surface, f"Trump rank {rank}  suit", px, INK, "topleft", (x, y), False)
            if suit in SUIT_NAMES:
                pip = self.art.pip(suit, round(px * 0.95))
                back = self.ink.panel((pip.get_width() + 6, pip.get_height() + 6), (250, 250, 245, 235), radius=4,
                                  border=None)
                surface.blit(back, (where.right + 6 * self.u, y - 3))
                surface.blit(pip, (where.right + 6 * self.u + 3, y))
                layout.report("badge", back.get_rect(topleft=(where.right + 6 * self.u, y - 3)), "trump suit")
            else:
                self.ink.blit_text(surface, "?", px, MUTED, "topleft", (where.right + 6 * self.u, y), False)
        if not trump.get("final"):
            self.ink.blit_text(surface, "(not final)", px * 0.75, MUTED, "topright", (rect.right - 10 * self.u, rect.top + 12 * self.u),
                           False)
        y += px * 1.15
        declarers = view.get("declarers")
        points = int(view.get("points") or 0)
        if declarers is not None:
            attackers = "A" if declarers == 1 else "B"
            self.ink.blit_text(surface, f"Attackers (team {attackers}): {points} pts", px * 0.95,
                           LEGAL if points >= 80 else INK, "topleft", (x, y), False)
        else:
            self.ink.blit_text(surface, "Declare to fix trump", px * 0.95, MUTED, "topleft", (x, y), False)
        y += px * 1.1
        tricks = len(view.get("tricks") or [])
        self.ink.blit_text(surface, f"Tricks {tricks} of 25", px * 0.9, MUTED, "topleft", (x, y), False)
        y += px * 1.05
        last = view.get("last_round")
        if last:
            change = last.get("levels")
            text = f"Last round: attackers {last.get('attackers_points', 0)}"
            if change:
                text += f", levels {_level_name(change[0])}/{_level_name(change[1])}"
            self.ink.blit_text(surface, text, self.ink.fit(text, px * 0.8, rect.width - 20 * self.u), MUTED, "topleft", (x, y),
                           False)
        if view.get("starter") is not None:  # the key to the "S" chip on a plate
            r = 9 * self.u
            centre = (x + r, rect.bottom - 8 * self.u - r)
            layout.report("badge", pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r), "starter key")
            with layout.part_of("starter key"):
                self.draw_starter_badge(surface, centre, r)
            left = x + 2 * r + 6 * self.u
            key = "round starter (kitty, first lead)"
            self.ink.blit_text(surface, key, self.ink.fit(key, px * 0.8, rect.right - 10 * self.u - left), MUTED,
                           "midleft", (left, centre[1]), False)

    def _last_trick_panel(self, surface: pygame.Surface) -> None:
        tricks = self.view.get("tricks") or []
        if not tricks:
            return
        last = tricks[-1]
        rect = self.ink.blit_panel(surface, self.last_trick_rect(), name="last trick")
        with layout.part_of("last trick"):
            self._last_trick_lines(surface, rect, last)

    def warm_sizes(self) -> list[tuple[tuple[int, int], bool]]:
        """The cards' sizes, and the last trick's small cards (drawn on the static layer)."""
        return [*super().warm_sizes(), (self.card_px(0.085), False)]

    def last_trick_rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.W - 270 * self.u), round(10 * self.u), round(260 * self.u), round(118 * self.u))

    def _last_trick_lines(self, surface: pygame.Surface, rect: pygame.Rect, last: dict[str, Any]) -> None:
        winner = last.get("winner")
        title = f"Last trick: {self.name(winner) if isinstance(winner, int) else '?'}"
        if last.get("points"):
            title += f" +{last['points']}"
        self.ink.blit_text(surface, title, self.ink.fit(title, 20 * self.u, rect.width - 16 * self.u), GOLD, "topleft",
                       (rect.left + 8 * self.u, rect.top + 6 * self.u), False)
        size = self.card_px(0.085)
        plays = last.get("plays") or []
        x = rect.left + 8 * self.u
        y = rect.top + 32 * self.u
        room = (rect.width - 16 * self.u) / max(1, len(plays))
        for play in plays:
            cards = list(play.get("cards") or [])
            step = min(size[0] * 0.5, (room - size[0] - 4 * self.u) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
            for j, card in enumerate(cards):
                surface.blit(self.art.face(card, size), (x + j * step, y))
            seat = play.get("seat")
            if isinstance(seat, int):
                name = self.name(seat)
                self.ink.blit_text(surface, name, self.ink.fit(name, 15 * self.u, room - 4 * self.u), MUTED, "topleft",
                               (x, y + size[1] + 2 * self.u), False)
            x += room

    def _prompt(self, surface: pygame.Surface) -> None:
        view = self.view
        phase = view.get("phase")
        legal = self.my_legal()
        text = ""
        if phase == "draw" and any(a.get("type") == "draw" for a in legal):
            text = "Auto-drawing\u2026 (declare any time)" if any(a.get("type") == "declare" for a in legal) \
                else "Auto-drawing\u2026"
        elif phase == "declare" and legal:
            text = "Last say: declare trump or pass"
        elif phase == "bury" and legal:
            text = "You took the kitty: choose 8 cards to bury (blue tabs: from the kitty)"
        elif phase == "play" and legal:
            text = "Your lead: select a single, pair, tractor or throw" if not view.get("trick") else "Your turn: follow"
        elif phase == "over":
            text = ""
        else:
            turn = view.get("turn")
            if isinstance(turn, int) and turn != self.me:
                text = f"Waiting for {self.name(turn)}"
        if text:
            top = self.hand_top() - 48 * self.u - 34 * self.u - 8 * self.u
            self.ink.blit_text(surface, text, 24 * self.u, GOLD, "midbottom", (self.W / 2, top))

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        me = self.me
        legal = self.my_legal()
        if self._kitty_keys:
            self._kitty_tabs(surface, alpha)
        if self.view.get("phase") == "over":
            self._final(surface)
        elif self.show_last:
            self._last_big(surface)
        if not legal:
            hints = [((), "waiting for the other players")]
        elif self.view.get("phase") == "draw" and me is not None and self.find(me, type="draw"):
            paused = self.auto_draw_held(me)
            hints = [((), "auto-draw paused: " + paused if paused else "auto-drawing"),
                     (ARROWS, "choose a button"), (("confirm",), "select")]
        elif self.zone.get(me or 0) == "menu":
            hints = [(ARROWS, "choose"), (("confirm",), "select"),
                     (("alt",), "back to the hand"), self.mouse_hint(me, "or click a button")]
        elif self.selecting():
            hints = [(ARROWS, "move"), (("confirm",), "select"),
                     (("alt",), "buttons"), (("back",), "clear"), self.mouse_hint(me, "or click cards")]
        else:
            hints = [(ARROWS, "choose a card"), (("confirm",), "play"), self.mouse_hint(me, "or click a card")]
        self.hint_bar.draw(surface, hints)

    def _final(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(0, 0, round(min(self.W * 0.64, 720 * self.u)), round(self.H * 0.34))
        rect.center = (self.W // 2, round(self.H * 0.36))
        self.ink.blit_panel(surface, rect, (4, 18, 12, 240), border=(*GOLD, 200), name="game over", kind="overlay")
        with layout.part_of("game over"):
            self._final_lines(surface, rect)

    def _final_lines(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        view = self.view
        winners = [s for s in view.get("winners") or [] if isinstance(s, int)]
        names = " & ".join(self.name(s) for s in winners) or "Nobody"
        verb = "win" if len(winners) != 1 or names == "You" else "wins"
        self.ink.blit_text(surface, f"Game over: {names} {verb}!", 36 * self.u, GOLD, "midtop",
                       (rect.centerx, rect.top + 16 * self.u))
        levels = view.get("levels") or [2, 2]
        y = rect.top + 70 * self.u
        for team in (0, 1):
            members = " & ".join(self.name(s) for s in range(self.players) if s % 2 == team)
            line = f"Team {'AB'[team]} ({members}): level {_level_name(levels[team])}"
            self.ink.blit_text(surface, line, 26 * self.u, LEGAL if winners and winners[0] % 2 == team else INK, "midtop",
                           (rect.centerx, y), False)
            y += 34 * self.u
        last = view.get("last_round") or {}
        if last:
            text = f"Last round: attackers {last.get('attackers_points', 0)} points"
            if last.get("bonus"):
                text += f" (kitty bonus {last['bonus']})"
            self.ink.blit_text(surface, text, 22 * self.u, MUTED, "midtop", (rect.centerx, y + 6 * self.u), False)

    def _kitty_tabs(self, surface: pygame.Surface, alpha: float) -> None:
        """A blue tab over each card that came from the kitty."""
        for sprite in self.sprites:
            if sprite.key in self._kitty_keys:
                pos = self.motion.pos(sprite.key, alpha) or sprite.rect.topleft
                tab = pygame.Rect(round(pos[0] + 3 * self.u), round(pos[1] - 9 * self.u), round(24 * self.u),
                                  round(9 * self.u))
                pygame.draw.rect(surface, CYAN, tab, border_top_left_radius=round(4 * self.u),
                                 border_top_right_radius=round(4 * self.u))

    def _last_big(self, surface: pygame.Surface) -> None:
        tricks = self.view.get("tricks") or []
        if not tricks:
            return
        rect = pygame.Rect(0, 0, round(self.W * 0.6), round(self.H * 0.4))
        rect.center = (self.W // 2, round(self.H * 0.38))
        self.ink.blit_panel(surface, rect, (4, 18, 12, 240), border=(*GOLD, 200), name="last trick shown", kind="overlay")
        with layout.part_of("last trick shown"):
            self._last_big_lines(surface, rect, tricks[-1])

    def _last_big_lines(self, surface: pygame.Surface, rect: pygame.Rect, last: dict[str, Any]) -> None:
        size = self.card_px(0.14)
        winner = last.get("winner")
        title = f"Last trick: {self.name(winner) if isinstance(winner, int) else '?'} won {last.get('points', 0)} points"
        self.ink.blit_text(surface, title, 24 * self.u, GOLD, "topleft", (rect.left + 12 * self.u, rect.top + 8 * self.u),
                       False)
        for play in last.get("plays") or []:
            seat = play.get("seat")
            if not isinstance(seat, int):
                continue
            k = self.rel(seat)
            cx = rect.centerx + [0, 0.3, 0, -0.3][k] * rect.width
            cy = rect.centery + [0.22, 0, -0.22, 0][k] * rect.height
            cards = list(play.get("cards") or [])
            for r, card in zip(fan(len(cards), cx, cy - size[1] / 2, size, rect.width * 0.3, size[0] * 0.3), cards,
                               strict=True):
                surface.blit(self.art.face(card, size), r)

    # -- automatic drawing ----------------------------------------------------------------------

    def on_tick(self, dt: float) -> None:
        self._idle += dt
        for seat in self._since_view:
            self._since_view[seat] += dt

    def auto_draw_held(self, seat: int) -> str:
        """Why the automatic draw waits for ``seat`` ("" when it does not)."""
        if self.privacy or seat != self.me:
            return "pass the screen"
        if self._idle < AUTO_DRAW_IDLE:
            return "you pressed something"
        if self.controls.mouse_active:
            button = self.controls.button_at((round(self.controls.hover[0]), round(self.controls.hover[1])), seat) if self.controls.hover else None
            if button is not None and (button.action or {}).get("type") == "declare":
                return "pointer on a Declare button"
        elif self.zone.get(seat) == "menu":
            entries = self.menu_entries(seat)
            if entries:
                action = entries[self.menu_focus.get(seat, 0) % len(entries)][2]
                if (action or {}).get("type") == "declare":
                    return "a Declare button is chosen"
        return ""

    def auto_actions(self) -> list[tuple[int, Action]]:
        """A draw for a local seat whose turn it is to draw, once per view of the host, after a pause."""
        out: list[tuple[int, Action]] = []
        for seat in self.local_seats:
            view = self.views.get(seat)
            if not view or view.get("phase") != "draw" or not self.is_legal(seat, DRAW):
                continue
            key = draw_key(view)
            if self._drawn_at.get(seat) == key or self._since_view.get(seat, 0.0) < AUTO_DRAW_PAUSE * self.pace:
                continue
            if self.auto_draw_held(seat):
                continue
            action = dict(DRAW)
            self.on_send(seat, action)
            out.append((seat, action))
        return out

    # -- events ---------------------------------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> None:
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
        size = self.card_px(0.16)
        target = self.seat_centre(winner)
        end = (target[0] - size[0] / 2, target[1] - size[1] / 2)
        for play in self.view.get("trick") or []:  # the previous view still holds the trick's plays
            seat = play.get("seat")
            cards = list(play.get("cards") or [])
            if not isinstance(seat, int):
                continue
            cx, cy = self.trick_centre(seat)
            rects = fan(len(cards), cx, cy - size[1] / 2, size, self.W * 0.3, size[0] * 0.3)
            for j, (card, rect) in enumerate(zip(cards, rects, strict=True)):
                self.flights.fly_away(("gone", card, j, seat, self.clock), card, size, rect.topleft, end, hold=0.7,
                              duration=0.35)
        if event.get("points"):
            self.effects.add(Effect("float", f"+{event['points']} points", (target[0], target[1] - 50 * self.u), GOLD,
                                    1.6, size=0.6))

    # -- input ----------------------------------------------------------------------------------

    def _toggle(self, seat: int, index: int) -> list[tuple[int, Action]]:
        cards = self.shown_cards()
        if not 0 <= index < len(cards):
            return []
        if not self.selecting():
            action = self.singles().get(cards[index])
            if action is not None:
                return [(seat, action)]
            if self.my_legal():
                self.toasts.add("You must follow the led suit if you can", BAD, 1.6)
                self.effects.add(Effect("shake", key=cards[index], duration=0.3))
            return []
        chosen = self.selected.setdefault(seat, set())
        if index in chosen:
            chosen.discard(index)
        else:
            template = self.template()
            count = ((template or {}).get("choose") or {}).get("count")
            if count is not None and len(chosen) >= count:
                self.toasts.add(f"That's {count} already: unselect one first", BAD, 1.4)
                return []
            chosen.add(index)
        return []

    def _submit(self, seat: int) -> list[tuple[int, Action]]:
        action = self.selected_action(seat)
        if action is None:
            template = self.template()
            count = ((template or {}).get("choose") or {}).get("count")
            if count is not None:
                self.toasts.add(f"Select {count} cards", BAD, 1.4)
            elif self.selection(seat):
                self.toasts.add("That is not a play you can make", BAD, 1.4)
            return []
        return [(seat, action)]

    def _press(self, seat: int, hit: tuple | None, action: Action | None) -> list[tuple[int, Action]]:
        if hit == ("clear",):
            self.selected[seat] = set()
            return []
        if hit == ("submit",):
            return self._submit(seat)
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
                return self._toggle(me, sprite.hit[1])
            if sprite.hit[0] == "draw":
                match = self.find(me, type="draw")
                return [(me, match[0])] if match else []
        tricks = self.view.get("tricks") or []
        if tricks and self.last_trick_rect().collidepoint(pos):
            self.show_last = not self.show_last
        elif self.show_last:
            self.show_last = False
        return []

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        if pos[1] > self.hand_top() - 20 * self.u or self.selecting():
            return []
        action = self.singles().get(card)
        return [(seat, action)] if action is not None else []

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or seat != self.me:
            return []
        if kind in ("up", "down"):
            if kind == "up" and self.zone.get(seat) != "menu" and self.menu_entries(seat):
                self.zone[seat] = "menu"
            elif kind == "down" and self.zone.get(seat) == "menu":
                self.zone[seat] = "hand"
            else:
                self.show_last = kind == "up" and not self.show_last and bool(self.view.get("tricks"))
            return []
        step = -1 if kind == "left" else 1
        if self.zone.get(seat) == "menu":
            self.move_menu_focus(seat, step)
            return []
        cards = self.shown_cards()
        if cards:
            self.controls.inputs[seat].cursor = (self.controls.inputs[seat].cursor + step) % len(cards)
        return []

    def follow_hint(self, seat: int, tip: Any) -> None:
        """A hinted play or bury of several cards is selected as a unit and focus goes to Play (Bury),
        so one confirm makes it; a single card or a button gets the cursor or the menu's focus."""
        cards = self.shown_cards()
        wanted = Counter(tip.cards)
        if self.selecting() and tip.cards:
            picked: set[int] = set()
            for i, card in enumerate(cards):
                if wanted[card] > 0:
                    wanted[card] -= 1
                    picked.add(i)
            self.selected[seat] = picked
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
        cards = self.shown_cards()
        if not cards:
            return []
        return self._toggle(seat, self.controls.inputs[seat].cursor % len(cards))

    def on_alt(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None:
            return []
        if self.zone.get(seat) == "menu":
            self.zone[seat] = "hand"
        elif self.menu_entries(seat):
            self.zone[seat] = "menu"
            self.menu_focus[seat] = 0
        return []

    def has_selection(self, seat: int) -> bool:
        return bool(self.selected.get(seat))

    def on_back(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is not None:
            self.selected[seat] = set()
            self.show_last = False
        return []

    def handle(self, command: Any, seat: int | None) -> list[tuple[int, Action]]:
        if getattr(command, "kind", "") not in ("point", "wheel"):
            self._idle = 0.0
        return super().handle(command, seat)

    def on_send(self, seat: int, action: Action) -> None:
        super().on_send(seat, action)
        if action.get("type") == "draw" and seat in self.views:
            self._drawn_at[seat] = draw_key(self.views[seat])
        elif action.get("type") == "declare":
            self.menu_focus[seat] = 0  # back on Draw: the automatic draw goes on after the pause
        if action.get("type") in ("play", "bury"):
            self._sent[seat] = set(self.selected.get(seat, set()))
            self.selected[seat] = set()

    def reject(self, seat: int, action: Action, reason: str) -> None:
        super().reject(seat, action, reason)
        if seat in self._sent:  # keep the selection so the player can fix it
            self.selected[seat] = self._sent.pop(seat)
        for card in action.get("cards") or []:
            self.effects.add(Effect("shake", key=card, duration=0.35))

