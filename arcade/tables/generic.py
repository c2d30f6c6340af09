"""The fallback table for games that have no table of their own yet.

It shows the seat's hand, the view's public fields as text, and every legal action as a button.
Cards that some legal action names are highlighted; clicking one plays it when only one action
names it. Templates (actions with ``"choose"``) are filled by selecting cards, then the button.
"""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.arcade.tables.base import (
    ARROWS,
    GOLD,
    INK,
    LEGAL,
    MUTED,
    Action,
    Button,
    Sprite,
    Table,
    describe,
    fan,
)

SKIP_FIELDS = {"hand", "options", "seat", "legal"}


def short(value: Any, limit: int = 60) -> str:
    if isinstance(value, list):
        text = ", ".join(short(v, 12) for v in value)
    elif isinstance(value, dict):
        text = " ".join(f"{k}:{short(v, 12)}" for k, v in value.items())
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


class GenericTable(Table):
    """Hand + public info + legal actions as buttons."""

    max_buttons = 24

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.chosen: dict[int, list[str]] = {}
        self.focus: dict[int, int] = {}
        super().__init__(*args, **kwargs)

    def actions_for(self, seat: int | None) -> list[Action]:
        if seat is None:
            return []
        selected = self.controls.inputs[seat].selected if seat in self.controls.inputs else None
        actions = self.legals.get(seat, [])
        if selected is not None:
            narrowed = [a for a in actions if a.get("card") == selected]
            if narrowed:
                actions = narrowed
        return actions[: self.max_buttons]

    def concrete(self, seat: int, action: Action) -> Action | None:
        if "choose" not in action:
            return action
        chosen = self.chosen.get(seat, [])
        if not chosen:
            return None
        out = {k: v for k, v in action.items() if k != "choose"}
        out["cards"] = list(chosen)
        return out

    def build(self) -> None:
        seat = self.me
        view = self.view
        hand = list(view.get("hand") or [])
        size = self.card_px(0.2)
        legal_cards = {a.get("card") for a in self.legals.get(seat, []) if isinstance(a.get("card"), str)}
        template = any("choose" in a for a in self.legals.get(seat, []))
        chosen = self.chosen.get(seat, []) if seat is not None else []
        rects = fan(len(hand), self.W / 2, self.H - size[1] - 40 * self.u, size, self.W * 0.9)
        selected = self.controls.inputs[seat].selected if seat in self.controls.inputs else None
        seen: dict[str, int] = {}
        for card, rect in zip(hand, rects, strict=True):
            copy = seen[card] = seen.get(card, -1) + 1  # two-deck games hold two of a card
            lifted = card == selected or card in chosen
            if lifted:
                rect = rect.move(0, -round(size[1] * 0.18))
            glow = GOLD if lifted else (LEGAL if card in legal_cards or template else None)
            self.sprites.append(Sprite((card, copy), card, rect, glow=glow, hit=("hand", card), seat=seat,
                                       origin=(self.W / 2, -size[1])))
        actions = self.actions_for(seat)
        focus = self.focus.get(seat, 0) if seat is not None else 0
        bw, bh = round(170 * self.u), round(44 * self.u)
        per_row = max(1, int(self.W * 0.9 // (bw + 10 * self.u)))
        top = self.H - size[1] - 60 * self.u - bh * ((len(actions) + per_row - 1) // per_row + 1)
        for i, action in enumerate(actions):
            row, col = divmod(i, per_row)
            count = min(per_row, len(actions) - row * per_row)
            left = self.W / 2 - (count * (bw + 10 * self.u)) / 2
            rect = pygame.Rect(round(left + col * (bw + 10 * self.u)), round(top + row * (bh + 8 * self.u)), bw, bh)
            concrete = self.concrete(seat, action) if seat is not None else None
            self.buttons.append(Button(rect, describe(action)[:22], concrete, seat, enabled=concrete is not None,
                                       focus=i == focus % max(1, len(actions))))

    def draw_static(self, surface: pygame.Surface) -> None:
        view = self.view
        title = self.game_name.replace("_", " ").title()
        self.ink.blit_text(surface, title, 40 * self.u, GOLD, "midtop", (self.W / 2, 10 * self.u))
        self.ink.blit_text(surface, "(simple table)", 20 * self.u, MUTED, "midtop", (self.W / 2, 50 * self.u))
        lines = [f"{k.replace('_', ' ')}: {short(v)}" for k, v in view.items() if k not in SKIP_FIELDS]
        px = 20 * self.u
        y = 80 * self.u
        limit = self.H * 0.5
        for line in lines:
            if y > limit:
                break
            self.ink.blit_text(surface, line, px, INK, "topleft", (20 * self.u, y), False)
            y += px * 1.05

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        seat = self.me
        hints = [(ARROWS, "choose"), (("confirm",), "do it"), self.mouse_hint(seat, "click a card or a button")]
        if not self.legals.get(seat):
            hints = [((), "waiting for the other players")]
        self.hint_bar.draw(surface, hints)

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        button = self.controls.button_at(pos, seat)
        if button is not None:
            return super().on_click(pos, seat)
        sprite = self.controls.sprite_at(pos, seat)
        if sprite is None or sprite.hit is None or sprite.seat is None:
            return []
        owner = sprite.seat
        card = sprite.hit[1]
        legal = self.legals.get(owner, [])
        if any("choose" in a for a in legal):
            chosen = self.chosen.setdefault(owner, [])
            if card in chosen:
                chosen.remove(card)
            else:
                chosen.append(card)
            return []
        matching = [a for a in legal if a.get("card") == card]
        if len(matching) == 1:
            self.controls.inputs[owner].selected = None
            return [(owner, matching[0])]
        self.controls.inputs[owner].selected = None if self.controls.inputs[owner].selected == card else card
        return []

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None:
            return []
        count = max(1, len(self.actions_for(seat)))
        step = -1 if kind in ("left", "up") else 1
        self.focus[seat] = (self.focus.get(seat, 0) + step) % count
        return []

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat is None:
            return []
        actions = self.actions_for(seat)
        if not actions:
            return []
        action = self.concrete(seat, actions[self.focus.get(seat, 0) % len(actions)])
        if action is None:
            self.toasts.add("Choose the cards first")
            return []
        self.chosen[seat] = []
        self.controls.inputs[seat].selected = None
        return [(seat, action)]

    def after_view(self, seat: int, first: bool) -> None:
        hand = set(self.views[seat].get("hand") or [])
        self.chosen[seat] = [c for c in self.chosen.get(seat, []) if c in hand]
