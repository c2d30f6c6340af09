"""What the bottom seat may do and how it chooses: the cards it may play, a card with more than one
action (play, shake and play, bomb) picked and its small menu of them, and the button row (Go, Stop,
Take, Flip, Deal, Leave, or the picked card's actions and Cancel)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade.tables.base import BAD, Action, Button
from cardtable.engine import hwatu
from cardtable.engine.coach.go_stop import KIND_WORDS

if TYPE_CHECKING:
    from cardtable.arcade.tables.go_stop.table import GoStopTable

Entry = tuple[str, str, Action | None, tuple | None]  # label, note, action or None, hit


def card_name(card: str) -> str:
    """A button's note for a card: "chrysanthemum animal", "bonus +2"."""
    if hwatu.is_joker(card):
        return f"bonus +{card[1]}"
    return f"{hwatu.MONTH_NAMES.get(hwatu.month(card), '')} {KIND_WORDS[hwatu.kind(card)]}"


class Picking:
    """The seat's choices: :attr:`picked` (a card whose actions the menu offers) per seat."""

    def __init__(self, table: GoStopTable) -> None:
        self.table = table
        self.picked: dict[int, str | None] = {}

    def legal(self) -> list[Action]:
        t = self.table
        return t.legals.get(t.me, []) if t.me is not None else []

    def card_turn(self, seat: int | None = None) -> bool:
        """Whether the seat (the bottom one by default) is to play a card now."""
        t = self.table
        legal = self.legal() if seat is None else t.legals.get(seat, [])
        return any(a.get("type") in ("play", "bomb") for a in legal)

    def card_actions(self, card: str) -> list[Action]:
        return [a for a in self.legal() if a.get("card") == card and a.get("type") == "play"
                or a.get("type") == "bomb" and card in (a.get("cards") or [])]

    def playable(self) -> set[str]:
        out: set[str] = set()
        for a in self.legal():
            if a.get("type") == "play":
                out.add(a["card"])
            elif a.get("type") == "bomb":
                out.update(a.get("cards") or [])
        return out

    def pick(self, seat: int, card: str) -> list[tuple[int, Action]]:
        """``card`` chosen: its one action sent, or its actions offered on the buttons."""
        t = self.table
        actions = self.card_actions(card)
        if not actions:
            if self.legal():
                t.toasts.add("You can't play that now", BAD, 1.4)
            return []
        if len(actions) == 1:
            self.picked[seat] = None
            return [(seat, actions[0])]
        self.picked[seat] = card
        t.zone[seat] = "menu"
        t.menu_focus[seat] = 0
        return []

    def cancel(self, seat: int) -> None:
        self.picked[seat] = None
        self.table.zone[seat] = "hand"

    def new_view(self, seat: int, hand: list[str]) -> None:
        """A picked card that left the hand, or has no action now, is unpicked."""
        picked = self.picked.get(seat)
        if picked is not None and (picked not in hand or not self.card_actions(picked)):
            self.picked[seat] = None

    def entries(self, me: int) -> list[Entry]:
        """The buttons: (label, note, action or None, hit)."""
        view = self.table.view
        out: list[Entry] = []
        picked = self.picked.get(me)
        if picked is not None:
            for a in self.card_actions(picked):
                if a.get("type") == "bomb":
                    out.append(("Bomb", f"month {int(hwatu.month(picked))}: take all four", a, None))
                elif a.get("shake"):
                    out.append(("Shake & play", "show your three", a, None))
                else:
                    out.append(("Play", card_name(picked), a, None))
            out.append(("Cancel", "", None, ("cancel",)))
            return out
        scores = view.get("scores") or []
        goes = view.get("goes") or []
        for a in self.legal():
            kind = a.get("type")
            if kind == "go":
                n = (goes[me] if me < len(goes) else 0) + 1
                out.append((f"Go ({n})", "play on for more", a, None))
            elif kind == "stop":
                s = scores[me] if me < len(scores) else 0
                out.append(("Stop", f"take {s} point{'s' if s != 1 else ''}", a, None))
            elif kind == "choose":
                out.append((f"Take {int(hwatu.month(a['card']))}", card_name(a["card"]), a, None))
            elif kind == "flip":
                out.append(("Flip", "turn the stock only", a, None))
            elif kind == "deal":
                out.append(("Deal", "the next hand", a, None))
            elif kind == "leave":
                out.append(("Leave", "end the table", a, None))
        return out

    def build_buttons(self, me: int) -> None:
        """The button row: on the result panel between hands, else up the right edge."""
        t = self.table
        entries = t.menu_entries(me)
        if not entries:
            return
        bw, bh = round(200 * t.u), round(46 * t.u)
        gap = round(8 * t.u)
        focus = t.menu_focus.get(me, 0) % len(entries)
        phase = t.view.get("phase")
        if phase == "hand_over" or phase == "over":
            total = len(entries) * (bw + gap) - gap
            left = t.W / 2 - total / 2
            top = t.seating.result_rect().bottom - bh - 14 * t.u
            rects = [pygame.Rect(round(left + i * (bw + gap)), round(top), bw, bh) for i in range(len(entries))]
        else:
            left = t.W - bw - 14 * t.u
            bottom = t.H - 40 * t.u
            rects = [pygame.Rect(round(left), round(bottom - (len(entries) - i) * (bh + gap)), bw, bh)
                     for i in range(len(entries))]
        keyboard = t.zone.get(me) == "menu" and not t.controls.mouse_active
        for i, ((label, note, action, hit), rect) in enumerate(zip(entries, rects, strict=True)):
            t.buttons.append(Button(rect, label, action, me, note=note, focus=keyboard and i == focus, hit=hit))
