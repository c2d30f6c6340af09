"""The Manipulation Rummy table: your hand at the bottom, the table's melds in the middle (named jokers
labelled with the card they stand for), the draw pile, every player's hand size and score, and a meld
editor in which you build the new table before you submit it.

The editor: select cards (hand cards and/or table cards; click, or confirm over the cursor), then click
a meld's "+" to put them there, or "+ new meld" for a new one. "Take back" returns selected cards that
came from your hand, "Reset" throws the pending arrangement away, "Hint" asks the meld solver for the
arrangement that plays the most points and fills it in, "Meld" submits the whole new table. A joker
from your hand is named from its meld (the missing card); "Joker =" renames a selected one. The host
judges the table; its reason is shown when it refuses.

Keyboard / gamepad: Tab/Y cycles hand -> table -> buttons; Left/Right move, Up/Down change meld
row (in the table) or switch between hand and table; confirm selects, or on a "+" moves the selection
there; Back clears the selection.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.anim import Effect
from cardtable.arcade.tables.base import (
    ARROWS,
    BAD,
    CYAN,
    GOLD,
    INK,
    LEGAL,
    MENU_CORNER,
    MUTED,
    WARM_CODES,
    Action,
    Button,
    Sprite,
    Table,
    fan,
)
from cardtable.arcade.tables.turn import CouchPlay
from cardtable.engine import rummy_solver
from cardtable.engine.cards import RANKS, SUITS

JOKER = "JK"
NAMED = "JK="


@dataclass(slots=True)
class Tile:
    """One card of the pending table: ``text`` as it would go to the host ("5H", "JK=7H")."""

    text: str
    from_hand: bool

    @property
    def code(self) -> str:
        """What the card art draws."""
        return JOKER if self.text.startswith(JOKER) else self.text

    @property
    def name(self) -> str | None:
        """The card it counts as (a joker's name; None for an unnamed hand joker)."""
        if self.text.startswith(NAMED):
            return self.text[len(NAMED):]
        return None if self.text == JOKER else self.text


def _value(card: str, high: bool = False) -> int:
    v = RANKS.index(card[0]) + 1
    return 14 if high and v == 1 else v


def _hand_key(card: str) -> tuple[int, int]:
    if card == JOKER or len(card) != 2 or card[1] not in SUITS or card[0] not in RANKS:
        return (9, 0)
    return (SUITS.index(card[1]), RANKS.index(card[0]))


def joker_names(meld: list[Tile]) -> list[str]:
    """Names for the meld's unnamed jokers, read from its real cards: a group's missing suits, or a
    sequence's gaps then its ends. Empty when the meld says nothing (the player names them)."""
    real = [t.name for t in meld if t.name]
    count = sum(1 for t in meld if t.name is None)
    if not real or not count:
        return []
    ranks = {c[0] for c in real}
    suits = {c[1] for c in real}
    if len(ranks) == 1 and len(suits) == len(real):
        free = [s for s in SUITS if s not in suits]
        return [next(iter(ranks)) + s for s in free[:count]]
    if len(suits) != 1:
        return []
    suit = next(iter(suits))
    high = any(c[0] in "KQ" for c in real)
    values = sorted(_value(c, high) for c in real)
    names: list[int] = [v for v in range(values[0], values[-1]) if v not in values]
    up, down = values[-1] + 1, values[0] - 1
    while len(names) < count and (up <= 14 or down >= 1):
        if up <= (14 if high or values[0] > 1 else 13):
            names.append(up)
            up += 1
        elif down >= 1:
            names.append(down)
            down -= 1
        else:
            break
    return [RANKS[(v - 1) % 13] + suit for v in names[:count]]


def sort_meld(meld: list[Tile]) -> list[Tile]:
    named = [t.name for t in meld if t.name]
    if len({c[0] for c in named}) <= 1:
        return sorted(meld, key=lambda t: SUITS.index(t.name[1]) if t.name else 9)
    high = any(c[0] in "KQ" for c in named)
    return sorted(meld, key=lambda t: _value(t.name, high) if t.name else 99)


class RummyTable(CouchPlay, Table):
    """The Manipulation Rummy table (see the module docstring)."""

    deck = (*WARM_CODES, "JK")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.work: list[list[Tile]] | None = None
        self.sel_hand: set[int] = set()
        self.sel_table: set[tuple[int, int]] = set()
        self.zone = "hand"
        self.menu_focus = 0
        self.stop = 0  # the keyboard cursor in the table
        self._base: list[list[str]] = []
        self._joker_names: dict[object, str | None] = {}
        self._meld_seat: int | None = None  # who melded last: new table cards come from there
        super().__init__(*args, **kwargs)

    # -- state ----------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return int(self.view.get("players") or 2)

    def my_legal(self) -> list[Action]:
        me = self.me
        return self.legals.get(me, []) if me is not None else []

    def can_meld(self) -> bool:
        return any(a.get("type") == "meld" for a in self.my_legal())

    def melds(self) -> list[list[Tile]]:
        if self.work is not None:
            return self.work
        return [[Tile(e, False) for e in m] for m in self.view.get("table") or []]

    def hand_left(self) -> list[str]:
        """The hand minus the cards the pending table uses, by suit then rank (jokers last)."""
        used = Counter(t.code for m in (self.work or []) for t in m if t.from_hand)
        out = []
        for card in sorted(self.view.get("hand") or [], key=_hand_key):
            if used[card] > 0:
                used[card] -= 1
            else:
                out.append(card)
        return out

    def _edit(self) -> list[list[Tile]]:
        if self.work is None:
            self.work = [list(m) for m in self.melds()]
        return self.work

    def reset(self) -> None:
        self.work = None
        self.sel_hand.clear()
        self.sel_table.clear()

    def after_view(self, seat: int, first: bool) -> None:
        previous = self.me
        self.couch_after_view()
        if self.me != previous:
            self.reset()
            self._base = []
        if seat != self.me:
            return
        view = self.views[seat]
        table = [list(m) for m in view.get("table") or []]
        if table != self._base or not self.can_meld():
            self._base = table
            self.reset()
        elif self.work is not None:
            have = Counter(view.get("hand") or [])
            used = Counter(t.code for m in self.work for t in m if t.from_hand)
            if used - have:
                self.reset()
        self.sel_hand = {i for i in self.sel_hand if i < len(self.hand_left())}
        legal = self.legals.get(seat, [])
        if legal and not self.can_meld():
            self.zone = "menu"
        elif self.zone == "menu" and self.can_meld() and not any(a.get("type") == "draw" for a in legal):
            self.zone = "hand"
        if self.zone == "menu":  # the first button that acts (Draw rather than an empty Meld)
            entries = self.menu_entries()
            self.menu_focus = next((i for i, e in enumerate(entries) if e[2] is not None), 0)

    # -- editing --------------------------------------------------------------------------------

    def move_selection(self, target: int | None) -> None:
        """Put every selected card into meld ``target`` (None: a new meld)."""
        if not self.sel_hand and not self.sel_table:
            self.toasts.add("Select cards first (from your hand or the table)", BAD, 1.6)
            return
        hand = self.hand_left()
        work = self._edit()
        moving = [Tile(hand[i], True) for i in sorted(self.sel_hand) if i < len(hand)]
        dest: list[Tile] = [] if target is None or target >= len(work) else work[target]
        for i, j in sorted(self.sel_table, reverse=True):
            if i < len(work) and j < len(work[i]):
                moving.append(work[i].pop(j))
        if target is None or dest not in work:
            work.append(dest)
        dest.extend(moving)
        self._name_jokers(dest)
        dest[:] = sort_meld(dest)
        self.work = [m for m in work if m]
        self.sel_hand.clear()
        self.sel_table.clear()

    def _name_jokers(self, meld: list[Tile]) -> None:
        names = joker_names(meld)
        for tile in meld:
            if tile.name is None and names:
                tile.text = NAMED + names.pop(0)

    def take_back(self) -> None:
        work = self._edit()
        back = [(i, j) for i, j in self.sel_table if i < len(work) and j < len(work[i]) and work[i][j].from_hand]
        if not back:
            self.toasts.add("Only cards from your hand can go back", BAD, 1.6)
            return
        for i, j in sorted(back, reverse=True):
            work[i].pop(j)
        self.work = [m for m in work if m]
        self.sel_table.clear()

    def rename_joker(self) -> None:
        work = self._edit()
        picked = [(i, j) for i, j in self.sel_table if i < len(work) and j < len(work[i])
                  and work[i][j].from_hand and work[i][j].code == JOKER]
        if len(picked) != 1:
            self.toasts.add("Select one of your jokers on the table", BAD, 1.6)
            return
        i, j = picked[0]
        tile = work[i][j]
        others = [t for k, t in enumerate(work[i]) if k != j]
        real = [t.name for t in others if t.name]
        options: list[str] = []
        for name in joker_names([*others, Tile(JOKER, True)]):
            options.append(name)
        for c in real:
            options += [c[0] + s for s in SUITS] + [r + c[1] for r in RANKS]
        options += [r + s for s in SUITS for r in RANKS]
        seen: list[str] = []
        for o in options:
            if o not in seen:
                seen.append(o)
        current = tile.name
        k = (seen.index(current) + 1) % len(seen) if current in seen else 0
        tile.text = NAMED + seen[k]
        work[i] = sort_meld(work[i])
        self.sel_table = {(i, work[i].index(tile))}

    def hint(self) -> None:
        """Fill the pending table with the solver's best arrangement."""
        view = self.view
        try:
            found = rummy_solver.solve([list(m) for m in view.get("table") or []], list(view.get("hand") or []))
        except Exception:  # noqa: BLE001 - a hint must never break the table
            found = None
        if found is None:
            self.toasts.add("No card of your hand fits on the table: draw", INK, 2.0)
            return
        base = Counter(e for m in view.get("table") or [] for e in m)
        jokers_in_hand = (view.get("hand") or []).count(JOKER)
        work: list[list[Tile]] = []
        for meld in found.table:
            row = []
            for entry in meld:
                if base[entry] > 0:
                    base[entry] -= 1
                    row.append(Tile(entry, False))
                elif entry.startswith(NAMED) and jokers_in_hand > 0:
                    jokers_in_hand -= 1
                    row.append(Tile(entry, True))
                elif entry.startswith(NAMED):
                    row.append(Tile(entry, False))  # a table joker the solver renamed
                else:
                    row.append(Tile(entry, True))
            work.append(row)
        self.work = work
        self.sel_hand.clear()
        self.sel_table.clear()
        self.toasts.add(f"Hint: play {len(found.played)} card{'s' if len(found.played) != 1 else ''} "
                   f"for {found.points} points", LEGAL, 2.2)

    def meld_action(self) -> Action | None:
        if self.work is None or not self.can_meld():
            return None
        if not any(t.from_hand for m in self.work for t in m):
            return None
        return {"type": "meld", "table": [[t.text for t in m] for m in self.work]}

    # -- layout ---------------------------------------------------------------------------------

    def hand_size(self) -> tuple[int, int]:
        return self.card_px(0.17)

    def hand_top(self) -> float:
        return self.H - self.hand_size()[1] - 28 * self.u

    def table_area(self) -> pygame.Rect:
        """Where the melds go: under the draw pile and the plates, over the prompt line above the buttons."""
        top = max(96 * self.u, self.stock_rect().bottom + 8 * self.u)
        bottom = self.prompt_bottom() - 24 * self.u
        return pygame.Rect(round(20 * self.u), round(top), round(self.W - 40 * self.u), round(bottom - top))

    def banner_y(self) -> float:
        return self.H * 0.4

    def toast_place(self) -> tuple[float, int]:
        return self.hand_top() - 100 * self.u, 2

    def _flow(self, melds: list[list[Tile]], editing: bool) -> tuple[tuple[int, int], list[list[pygame.Rect]],
                                                                   list[pygame.Rect], pygame.Rect | None]:
        """Card size, each meld's card rects, each meld's "+" rect and the "new meld" rect."""
        area = self.table_area()
        fraction = 0.15
        while True:
            size = self.card_px(fraction)
            step = size[0] * 0.5
            plus_w = round(size[0] * 0.55) if editing else 0
            gap_x = 18 * self.u
            gap_y = 14 * self.u
            x, y = float(area.left), float(area.top)
            cards: list[list[pygame.Rect]] = []
            pluses: list[pygame.Rect] = []
            for meld in melds:
                width = size[0] + step * (len(meld) - 1) + (plus_w + 4 * self.u if editing else 0)
                if x + width > area.right and x > area.left:
                    x = area.left
                    y += size[1] + gap_y
                cards.append([pygame.Rect(round(x + step * j), round(y), *size) for j in range(len(meld))])
                pluses.append(pygame.Rect(round(x + size[0] + step * (len(meld) - 1) + 4 * self.u), round(y), plus_w,
                                          size[1]))
                x += width + gap_x
            new = None
            if editing:
                new_w = round(size[0] * 1.3)
                if x + new_w > area.right:
                    x = area.left
                    y += size[1] + gap_y
                new = pygame.Rect(round(x), round(y), new_w, size[1])
            if y + size[1] <= area.bottom or fraction <= 0.07:
                return size, cards, pluses, new
            fraction -= 0.01

    def build(self) -> None:
        me = self.me
        if me is None:
            return
        editing = self.can_meld() and me in self.local_seats
        melds = self.melds()
        size, rects, pluses, new = self._flow(melds, editing)
        keyboard = not self.controls.mouse_active
        stops = self.stops(melds, editing)
        stop = stops[self.stop % len(stops)] if stops and self.zone == "table" and keyboard else None
        pile = self.stock_rect()
        seen: Counter = Counter()  # keys: ("h", ...) for your cards (in the hand or placed), ("t", ...) the table's
        table_seen: Counter = Counter()
        self._joker_names = {}
        mover = self.plate_centre(self._meld_seat) if self._meld_seat is not None else pile.topleft
        for i, (meld, row) in enumerate(zip(melds, rects, strict=True)):
            for j, (tile, rect) in enumerate(zip(meld, row, strict=True)):
                counter = seen if tile.from_hand else table_seen
                key = ("h" if tile.from_hand else "t", tile.code, counter[tile.code])
                counter[tile.code] += 1
                origin = mover
                if not tile.from_hand and not self.motion.known(key) and self._meld_seat == me:
                    origin = self.motion.current(("h", tile.code, 0)) or mover  # your meld: from your hand
                if tile.code == JOKER:
                    self._joker_names[key] = tile.name
                picked = (i, j) in self.sel_table
                glow = GOLD if picked else (LEGAL if tile.from_hand else None)
                mark = GOLD if stop == ("tile", i, j) else None
                self.sprites.append(Sprite(key, tile.code, rect.move(0, -round(size[1] * 0.12) if picked else 0),
                                           glow=glow, hit=("tile", i, j) if editing else None, seat=me, mark=mark,
                                           origin=origin, group=f"meld {i}"))
            if editing:
                self.buttons.append(Button(pluses[i], "+", None, me, focus=stop == ("to", i), hit=("to", i)))
        if editing and new is not None:
            self.buttons.append(Button(new, "+ new", None, me, note="meld", focus=stop == ("to", None),
                                       hit=("to", None)))
        hand = self.hand_left()
        hsize = self.hand_size()
        hrects = fan(len(hand), self.W / 2 + 40 * self.u, self.hand_top(), hsize, self.W * 0.74, hsize[0] * 0.8)
        cursor = self.controls.inputs[me].cursor % len(hand) if hand and me in self.controls.inputs else -1
        for i, (card, rect) in enumerate(zip(hand, hrects, strict=True)):
            key = ("h", card, seen[card])
            seen[card] += 1
            picked = i in self.sel_hand
            mark = GOLD if keyboard and editing and self.zone == "hand" and i == cursor else None
            lift = 0.18 if picked else (0.06 if mark else 0.0)
            self.sprites.append(Sprite(key, card, rect.move(0, -round(hsize[1] * lift)), glow=GOLD if picked else None,
                                       hit=("hand", i) if editing else None, seat=me, mark=mark, origin=pile.topleft,
                                       delay=0.02 * i, group=f"hand {me}"))
        self.spectator_backs(hsize, self.hand_top(), self.W * 0.74)
        self._build_menu(me)
        if me in self.controls.inputs:  # the scene asks this before Back: Back clears it instead of pausing
            self.controls.inputs[me].selected = "cards" if self.sel_hand or self.sel_table else None

    def stops(self, melds: list[list[Tile]], editing: bool) -> list[tuple]:
        """The keyboard cursor's places in the table: every card, each meld's "+", the new meld."""
        if not editing:
            return []
        out: list[tuple] = []
        for i, meld in enumerate(melds):
            out += [("tile", i, j) for j in range(len(meld))]
            out.append(("to", i))
        out.append(("to", None))
        return out

    def menu_entries(self) -> list[tuple[str, str, Action | None, tuple | None]]:
        legal = self.my_legal()
        out: list[tuple[str, str, Action | None, tuple | None]] = []
        if self.can_meld():
            action = self.meld_action()
            out.append(("Meld", "submit the table" if action else "add cards first", action, ("meld",)))
        for a in legal:
            kind = a.get("type")
            if kind == "draw":
                drawn = int(self.view.get("drawn") or 0)
                out.append(("Draw", f"draw {drawn + 1} of 3" + (": ends turn" if drawn == 2 else ""), a, None))
            elif kind == "pass":
                note = "don't knock" if self.view.get("phase") == "knock" else "end your turn"
                out.append(("Pass", note, a, None))
            elif kind == "knock":
                out.append(("Knock", f"end the hand ({self.view.get('hand_value', 0)})", a, None))
        if self.can_meld():
            out.append(("Hint", "best arrangement", None, ("hint",)))
            if self.work is not None:
                out.append(("Reset", "undo all", None, ("reset",)))
            work = self.work or []
            if any(work[i][j].from_hand for i, j in self.sel_table if i < len(work) and j < len(work[i])):
                out.append(("Take back", "to your hand", None, ("back",)))
            if any(work[i][j].from_hand and work[i][j].code == JOKER for i, j in self.sel_table
                   if i < len(work) and j < len(work[i])):
                out.append(("Joker =", "next name", None, ("rename",)))
        return out

    def _build_menu(self, me: int) -> None:
        if me not in self.local_seats:
            return
        entries = self.menu_entries()
        if not entries:
            return
        bw, bh = round(150 * self.u), round(50 * self.u)
        gap = round(8 * self.u)
        total = len(entries) * (bw + gap) - gap
        left = self.W / 2 + 40 * self.u - total / 2
        top = self.hand_top() - bh - 22 * self.u
        focus = self.menu_focus % len(entries)
        keyboard = self.zone == "menu" and not self.controls.mouse_active
        for i, (label, note, action, hit) in enumerate(entries):
            rect = pygame.Rect(round(left + i * (bw + gap)), round(top), bw, bh)
            self.buttons.append(Button(rect, label, action, me, note=note, focus=keyboard and i == focus, hit=hit))

    def plates_span(self) -> tuple[float, float]:
        """The strip along the top the other players' plates share: right of the draw pile's lines."""
        px = 20 * self.u
        lines = max(self.ink.font(px).size("Draw pile 106")[0], self.ink.font(px * 0.85).size("Hand 10 \u00b7 to 150")[0])
        return self.stock_rect().right + 12 * self.u + lines + 10 * self.u, self.W - 10 * self.u

    def plate_width(self) -> float:
        left, right = self.plates_span()
        return min(170 * self.u, (right - left) / max(1, self.players - 1) - 8 * self.u)

    def plate_centre(self, seat: int) -> tuple[float, float]:
        me = self.me or 0
        k = (seat - me) % self.players - 1
        if k < 0:
            return (95 * self.u, self.hand_top() + 60 * self.u)
        left, right = self.plates_span()
        return (left + (right - left) * (k + 0.5) / max(1, self.players - 1), 44 * self.u)

    def stock_rect(self) -> pygame.Rect:
        """The draw pile, right of the table scene's menu badge in the top-left corner."""
        size = self.card_px(0.1)
        return pygame.Rect(round(max(110 * self.u, MENU_CORNER[0])), round(10 * self.u), *size)

    def prompt_bottom(self) -> float:
        return self.hand_top() - 80 * self.u

    # -- drawing --------------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface) -> None:
        view = self.view
        me = self.me if self.me is not None else 0
        pile = self.stock_rect()
        count = int(view.get("draw_pile") or 0)
        if count:
            for i in range(min(3, count)):
                surface.blit(self.art.back(pile.size), pile.move(-2 * i, -2 * i))
        else:
            surface.blit(self.art.slot(pile.size), pile)
        layout.report("cards", pile.union(pile.move(-4, -4)), "draw pile")
        px = 20 * self.u
        x = pile.right + 12 * self.u
        self.ink.blit_text(surface, f"Draw pile {count}", px, INK, "topleft", (x, pile.top + 4 * self.u), False)
        self.ink.blit_text(surface, f"Hand {view.get('hand_number', 1)} \u00b7 to {(view.get('options') or {}).get('target', 150)}",
                       px * 0.85, MUTED, "topleft", (x, pile.top + 26 * self.u), False)
        if view.get("last_turns"):
            self.ink.blit_text(surface, "Last turns!", px * 0.9, GOLD, "topleft", (x, pile.top + 46 * self.u), False)
        turn = view.get("turn")
        sizes = view.get("hand_sizes") or []
        scores = view.get("scores") or []
        won = view.get("hands_won") or []
        for seat in range(self.players):
            if seat == me:
                continue
            cx, _cy = self.plate_centre(seat)
            lines = [(f"{sizes[seat] if seat < len(sizes) else 0} cards \u00b7 score {scores[seat] if seat < len(scores) else 0}",
                      INK), (f"hands won {won[seat] if seat < len(won) else 0}", MUTED)]
            self.plates.draw(surface, seat, (cx, 44 * self.u), lines, active=seat == turn, width=self.plate_width())
        score = scores[me] if me < len(scores) else 0
        value = view.get("hand_value", 0)
        lines = [(f"hand value {value}", GOLD if isinstance(value, int) and value <= 5 else INK),
                 (f"score {score} \u00b7 won {won[me] if me < len(won) else 0}", MUTED)]
        self.plates.draw(surface, me, (95 * self.u, self.hand_top() + 60 * self.u), lines, active=turn == me,
                        width=160 * self.u)
        self._meld_backs(surface)
        area = self.table_area()
        if not view.get("table"):
            self.ink.blit_text(surface, "The table is empty: melds of 3+ go here", 24 * self.u, MUTED, "center",
                           area.center)
        self._prompt(surface)

    def _meld_backs(self, surface: pygame.Surface) -> None:
        """A soft panel behind each meld; gold-edged where it takes cards from your hand."""
        melds = self.melds()
        if not melds:
            return
        editing = self.can_meld() and self.me in self.local_seats
        size, rects, _pluses, _new = self._flow(melds, editing)
        pad = round(5 * self.u)
        for meld, row in zip(melds, rects, strict=True):
            if not row:
                continue
            box = row[0].unionall(row[1:]).inflate(2 * pad, 2 * pad)
            changed = any(t.from_hand for t in meld)
            surface.blit(self.ink.panel(box.size, (0, 0, 0, 60), border=(*GOLD, 160) if changed else (255, 255, 255, 30)),
                         box)

    def _prompt(self, surface: pygame.Surface) -> None:
        view = self.view
        legal = self.my_legal()
        phase = view.get("phase")
        if phase == "knock" and legal:
            text = "Your hand is worth 5 or less: knock to end the hand?"
        elif self.can_meld():
            other = "Draw" if any(a.get("type") == "draw" for a in legal) else "Pass"
            text = f"Build the new table: select cards, then a meld's +   (or {other})"
        elif legal:
            text = "Your turn: draw"
        elif phase == "over":
            winners = view.get("winners") or (view.get("last_hand") or {}).get("winners") or []
            text = "Game over" + (": " + " & ".join(self.name(s) for s in winners) if winners else "")
        else:
            turn = view.get("turn")
            text = f"{self.name(turn)}'s turn" if isinstance(turn, int) else ""
        if text:
            self.ink.blit_text(surface, text, 22 * self.u, GOLD, "midbottom", (self.W / 2 + 40 * self.u, self.prompt_bottom()))

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        for sprite in self.sprites:  # a joker's name over its card
            if sprite.key not in self._joker_names:
                continue
            pos = self.motion.pos(sprite.key, alpha) or sprite.rect.topleft
            name = self._joker_names[sprite.key]
            label = ("=" + ("10" if name[0] == "T" else name[0])) if name else "=?"
            image = self.ink.text(label, 18 * self.u, (255, 255, 255))
            pip = self.art.pip(name[1], round(14 * self.u)) if name else None
            extra = pip.get_width() + round(3 * self.u) if pip is not None else 0
            back = self.ink.panel((image.get_width() + extra + round(8 * self.u), image.get_height() + round(4 * self.u)),
                              (110, 40, 150, 235), radius=round(4 * self.u), border=None)
            at = (round(pos[0] + 2 * self.u), round(pos[1] + sprite.rect.height - back.get_height() - 2 * self.u))
            surface.blit(back, at)
            surface.blit(image, (at[0] + 4 * self.u, at[1] + 2 * self.u))
            if pip is not None:
                chip = pygame.Rect(0, 0, pip.get_width() + 2, pip.get_height() + 2)
                chip.midleft = (round(at[0] + 5 * self.u + image.get_width()), at[1] + back.get_height() // 2)
                pygame.draw.rect(surface, (250, 250, 245), chip, border_radius=2)
                surface.blit(pip, chip.move(1, 1))
        me = self.me
        if self.view.get("phase") == "over":
            self._results(surface)
        legal = self.my_legal()
        if not legal:
            hints = [((), "waiting for the other players")]
        elif self.zone == "menu" or not self.can_meld():
            hints = [(ARROWS, "choose"), (("confirm",), "select"),
                     (("alt",), "hand/table/buttons")]
        else:
            hints = [(ARROWS, "move"), (("confirm",), "select / put"),
                     (("alt",), "hand/table/buttons"), (("back",), "unselect"),
                     self.mouse_hint(me, "or click")]
        self.hint_bar.draw(surface, hints)

    def _results(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(0, 0, round(self.W * 0.5), round(self.H * 0.34))
        rect.center = (self.W // 2, round(self.H * 0.4))
        self.ink.blit_panel(surface, rect, (4, 18, 12, 240), border=(*GOLD, 200), name="final scores", kind="overlay")
        with layout.part_of("final scores"):
            self._result_lines(surface, rect)

    def _result_lines(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        view = self.view
        scores = view.get("scores") or []
        best = max(scores) if scores else 0
        self.ink.blit_text(surface, "Final scores", 34 * self.u, GOLD, "midtop", (rect.centerx, rect.top + 12 * self.u))
        y = rect.top + 60 * self.u
        for seat, score in enumerate(scores):
            self.ink.blit_text(surface, f"{self.name(seat)}: {score}", 26 * self.u, GOLD if score == best else INK,
                           "midtop", (rect.centerx, y), False)
            y += 30 * self.u

    # -- events ---------------------------------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "draw":
            self.sounds.play("flip")
        elif kind == "meld" and isinstance(seat, int):
            self._meld_seat = seat
            self.sounds.play("play")
            played = event.get("played") or []
            if seat != self.me:
                self.callouts.float_text(f"melds {len(played)} card{'s' if len(played) != 1 else ''}", self.plate_centre(seat),
                                CYAN, 1.5)
        elif kind == "knock" and isinstance(seat, int):
            self.callouts.banner(f"{self.name(seat)} knocks!", GOLD, 1.4, 0.7)
        elif kind == "last_turns":
            self.callouts.banner("The pile is empty: last turns", GOLD, 1.4, 0.6)
        elif kind == "hand_over":
            self.sounds.play("round")
            winners = event.get("winners") or []
            points = event.get("points") or []
            text = "Hand over"
            if winners:
                w = winners[0]
                text += f": {self.name(w)} +{points[w] if w < len(points) else 0}"
            self.callouts.banner(text, GOLD, 2.0, 0.7)
        elif kind == "deal":
            self._meld_seat = None
            self.sounds.play("deal")
        elif kind == "game_over":
            self.sounds.play("round")

    # -- input ----------------------------------------------------------------------------------

    def _press(self, me: int, hit: tuple | None, action: Action | None) -> list[tuple[int, Action]]:
        if hit is None:
            return [(me, action)] if action is not None else []
        kind = hit[0]
        if kind == "to":
            self.move_selection(hit[1])
        elif kind == "meld":
            if action is None:
                self.toasts.add("Put at least one card from your hand on the table first", BAD, 1.8)
                return []
            return [(me, action)]
        elif kind == "hint":
            self.hint()
        elif kind == "reset":
            self.reset()
        elif kind == "back":
            self.take_back()
        elif kind == "rename":
            self.rename_joker()
        return []

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        me = self.me
        if me is None or me not in self.local_seats:
            return []
        button = self.controls.button_at(pos, me)
        if button is not None:
            return self._press(me, button.hit, button.action)
        sprite = self.controls.sprite_at(pos, me)
        if sprite is None or sprite.hit is None:
            return []
        if sprite.hit[0] == "hand":
            self._toggle_hand(sprite.hit[1])
        elif sprite.hit[0] == "tile":
            self._toggle_tile(sprite.hit[1], sprite.hit[2])
        return []

    def _toggle_hand(self, i: int) -> None:
        self.sel_hand ^= {i}

    def _toggle_tile(self, i: int, j: int) -> None:
        self._edit()
        self.sel_table ^= {(i, j)}

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        """A hand card dragged onto a meld's + (or the new-meld place) goes there."""
        button = self.controls.button_at(pos, seat)
        if button is None or button.hit is None or button.hit[0] != "to":
            return []
        hand = self.hand_left()
        if card in hand and not self.sel_hand:
            self.sel_hand = {hand.index(card)}
        self.move_selection(button.hit[1])
        return []

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or seat != self.me:
            return []
        editing = self.can_meld()
        if self.zone == "menu":
            n = len(self.menu_entries())
            if kind in ("left", "right") and n:
                self.menu_focus = (self.menu_focus + (-1 if kind == "left" else 1)) % n
            elif kind == "up" and editing:
                self.zone = "table"
            elif kind == "down" and editing:
                self.zone = "hand"
            return []
        if self.zone == "table":
            stops = self.stops(self.melds(), editing)
            if not stops:
                return []
            if kind in ("left", "right"):
                self.stop = (self.stop + (-1 if kind == "left" else 1)) % len(stops)
                return []
            current = stops[self.stop % len(stops)]
            meld = current[1]
            if kind == "down" and meld is None:
                self.zone = "hand"
                return []
            melds = self.melds()
            target = (meld if meld is not None else len(melds)) + (1 if kind == "down" else -1)
            if target < 0:
                return []
            target_stop = ("to", None) if target >= len(melds) else (("tile", target, 0) if melds[target] else ("to", target))
            self.stop = stops.index(target_stop) if target_stop in stops else self.stop
            return []
        if kind in ("up", "down"):
            if kind == "up" and editing:
                self.zone = "table"
            elif self.menu_entries():
                self.zone = "menu"
            return []
        hand = self.hand_left()
        if hand:
            self.controls.inputs[seat].cursor = (self.controls.inputs[seat].cursor + (-1 if kind == "left" else 1)) % len(hand)
        return []

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None or seat != self.me:
            return []
        if self.zone == "menu" or not self.can_meld():
            entries = self.menu_entries()
            if not entries:
                return []
            _label, _note, action, hit = entries[self.menu_focus % len(entries)]
            return self._press(seat, hit, action)
        if self.zone == "table":
            stops = self.stops(self.melds(), True)
            if not stops:
                return []
            stop = stops[self.stop % len(stops)]
            if stop[0] == "tile":
                self._toggle_tile(stop[1], stop[2])
            else:
                self.move_selection(stop[1])
                self.stop = min(self.stop, len(self.stops(self.melds(), True)) - 1)
            return []
        hand = self.hand_left()
        if hand:
            self._toggle_hand(self.controls.inputs[seat].cursor % len(hand))
        return []

    def on_alt(self, seat: int | None) -> list[tuple[int, Action]]:
        order = ["hand", "table", "menu"] if self.can_meld() else ["menu"]
        self.zone = order[(order.index(self.zone) + 1) % len(order)] if self.zone in order else order[0]
        if self.zone == "menu":
            self.menu_focus = 0
        return []

    def has_selection(self, seat: int) -> bool:
        return bool(self.sel_hand or self.sel_table)

    def on_back(self, seat: int | None) -> list[tuple[int, Action]]:
        self.sel_hand.clear()
        self.sel_table.clear()
        return []

    def on_send(self, seat: int, action: Action) -> None:
        super().on_send(seat, action)
        self.sel_hand.clear()
        self.sel_table.clear()

    def reject(self, seat: int, action: Action, reason: str) -> None:
        super().reject(seat, action, reason)
        if action.get("type") == "meld":
            self.effects.add(Effect("flash", duration=0.3))
