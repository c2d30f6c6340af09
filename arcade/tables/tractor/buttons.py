"""The bottom seat's row of action buttons above its hand: Play (or Bury) and Clear while it selects,
Draw, a Declare button for each declaration it may make (showing the suit's pip or the joker), Pass."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.cardart import card_size
from cardtable.arcade.tables.base import Action, Button
from cardtable.arcade.tables.tractor.words import JOKER_PAIR, SUIT_NAMES, rank_name

if TYPE_CHECKING:
    from cardtable.arcade.tables.tractor.table import TractorTable

Entry = tuple[str, str, Action | None, tuple | None]  # label, note, action, hit (("submit",), ("clear",))


class ActionButtons:
    """The entries of the seat's button row and the buttons laid out from them."""

    def __init__(self, table: TractorTable) -> None:
        self.table = table

    def entries(self, me: int) -> list[Entry]:
        t = self.table
        out: list[Entry] = []
        legal = t.legals.get(me, [])
        if t.picking.selecting() and me == t.me:
            action = t.picking.selected_action(me)
            verb = "Bury" if any(a.get("type") == "bury" for a in legal) else "Play"
            out.append((verb, t.picking.need(), action, ("submit",)))
            out.append(("Clear", "", None, ("clear",)))
        for a in legal:
            kind = a.get("type")
            if kind == "draw":
                out.append(("Draw", f"{int(t.view.get('draw_pile') or 0)} left", a, None))
            elif kind == "declare":
                cards = list(a.get("cards") or [])
                if not cards:
                    continue
                if cards[0] in ("BJ", "RJ"):
                    label, note = "Declare no trump", JOKER_PAIR[cards[0]]
                else:
                    rank = rank_name(cards[0][0])
                    label = f"Declare {SUIT_NAMES.get(cards[0][1], '?')}"
                    note = f"pair of {rank}s" if len(cards) == 2 else f"one {rank}"
                out.append((label, note, a, None))
            elif kind == "pass":
                out.append(("Pass", "no declaration", a, None))
        return out

    def build(self, me: int) -> None:
        t = self.table
        if me not in t.local_seats:
            return
        entries = self.entries(me)
        if not entries:
            return
        bw, bh = round(190 * t.u), round(48 * t.u)
        gap = round(10 * t.u)
        total = len(entries) * (bw + gap) - gap
        if total > t.W * 0.9:
            bw = round((t.W * 0.9 - gap * (len(entries) - 1)) / len(entries))
            total = len(entries) * (bw + gap) - gap
        left = t.W / 2 - total / 2
        top = t.seating.buttons_top()
        focus = t.menu_focus.get(me, 0) % len(entries)
        keyboard = t.zone.get(me) == "menu" and not t.controls.mouse_active
        for i, (label, note, action, hit) in enumerate(entries):
            rect = pygame.Rect(round(left + i * (bw + gap)), round(top), bw, bh)
            enabled = action is not None or hit in (("clear",), ("submit",))
            t.buttons.append(Button(rect, label, action, me, enabled=enabled, note=note,
                                    focus=keyboard and i == focus, hit=hit, icon=self.declare_icon(action, bh)))

    def declare_icon(self, action: Action | None, height: int) -> pygame.Surface | None:
        """A Declare button shows what it declares: the suit's pip, or the joker (red or black)."""
        cards = list((action or {}).get("cards") or []) if (action or {}).get("type") == "declare" else []
        if not cards:
            return None
        if cards[0] in JOKER_PAIR:
            return self.table.art.face(cards[0], card_size(round(height * 0.82)))
        if cards[0][-1] in SUIT_NAMES:
            return self.suit_chip(cards[0][-1], round(height * 0.46))
        return None

    def suit_chip(self, suit: str, px: int) -> pygame.Surface:
        """A suit's pip on a small paper-white square (readable on the dark buttons and panels)."""
        pip = self.table.art.pip(suit, px)
        chip = self.table.ink.panel((px + 6, px + 6), (250, 250, 245, 235), radius=4, border=None).copy()
        chip.blit(pip, (3, 3))
        return chip
