"""What the Go-Stop table writes (drawn once per layout, on the static layer): the legend, each
opponent's band, every player's name plate (score and Goes, chips, shakes and bombs, the points by
kind), the capture rows' labels, the stock with the target and hand number, the stacks' labels and
the turn's prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.base import CYAN, GOLD, INK, LEGAL, MUTED

if TYPE_CHECKING:
    from cardtable.arcade.tables.go_stop.table import GoStopTable

PileLabel = tuple[str, str, tuple[float, float]]  # text, anchor, where


class Scoreboard:
    """The static layer's words and panels; :attr:`pile_labels` are placed by the table's build (it
    knows where each stack lies)."""

    def __init__(self, table: GoStopTable) -> None:
        self.table = table
        self.pile_labels: list[PileLabel] = []

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        seating = t.seating
        me = t.me
        if me is None:
            return
        t.ink.draw_legend(surface, t.legend(t.hwatu, round(20 * t.u)), "topleft", seating.legend_rect().topleft,
                          "On the cards")
        turn = t.view.get("turn")
        for seat in seating.opponents():
            band = seating.opp_group(seat)
            surface.blit(t.ink.panel(band.size, (0, 0, 0, 46), border=(255, 255, 255, 30)), band)
        for seat in seating.opponents():
            self.plate(surface, seat, seating.opp_plate(seat), seat == turn)
            t.captures.draw_labels(surface, seat, seating.opp_captures(seat))
        self.plate(surface, me, seating.my_plate(), me == turn)
        t.captures.draw_labels(surface, me, seating.my_captures())
        self.stock(surface)
        for text, anchor, pos in self.pile_labels:
            t.ink.blit_text(surface, text, seating.label_px(), GOLD, anchor, pos)
        self.prompt(surface)

    def plate(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, active: bool) -> None:
        t = self.table
        border = (*GOLD, 255) if active else (255, 255, 255, 45)
        t.ink.blit_panel(surface, rect, (8, 30, 20, 200), border=border, name=f"plate {seat}")
        t.plates.draw_badge(surface, seat, rect)
        with layout.part_of(f"plate {seat}"):
            self._plate_lines(surface, seat, rect, active)

    def _plate_lines(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, active: bool) -> None:
        t = self.table
        view = t.view
        players = t.seating.players
        px = 21 * t.u
        x = rect.left + 10 * t.u
        y = rect.top + 6 * t.u
        name = t.name(seat) + ("  (dealer)" if seat == view.get("dealer") else "")
        t.ink.blit_text(surface, name, t.ink.fit(name, px * 1.05, rect.width - 16 * t.u), GOLD if active else INK,
                        "topleft", (x, y), False)
        y += px * 1.05
        scores = view.get("scores") or []
        goes = (view.get("goes") or [])
        chips = view.get("chips") or []
        score = scores[seat] if seat < len(scores) else 0
        go = goes[seat] if seat < len(goes) else 0
        line = f"score {score}" + (f"   Go x{go}" if go else "")
        t.ink.blit_text(surface, line, px * 0.95, LEGAL if go else INK, "topleft", (x, y), False)
        y += px * 0.95
        chip = chips[seat] if seat < len(chips) else 0
        extra = []
        shakes = (view.get("shakes") or [[]] * players)[seat] or []
        bombs = (view.get("bombs") or [[]] * players)[seat] or []
        if shakes:
            extra.append("shook " + ",".join(str(int(m)) for m in shakes))
        if bombs:
            extra.append("bombed " + ",".join(str(int(m)) for m in bombs))
        t.ink.blit_text(surface, f"chips {chip:+d}" + ("  " + "  ".join(extra) if extra else ""), px * 0.8, MUTED,
                        "topleft", (x, y), False)
        y += px * 0.85
        parts = (view.get("score_parts") or [{}] * players)[seat] or {}
        text = " \u00b7 ".join(f"{k.replace('_', ' ')} {v}" for k, v in parts.items()) or "no points yet"
        t.ink.blit_text(surface, text, t.ink.fit(text, px * 0.75, rect.width - 16 * t.u), CYAN if parts else MUTED,
                        "topleft", (x, y), False)

    def stock(self, surface: pygame.Surface) -> None:
        t = self.table
        view = t.view
        rect = t.seating.stock_rect()
        stock = int(view.get("stock") or 0)
        if stock:
            for i in range(min(4, stock)):
                surface.blit(t.hwatu.back(rect.size), rect.move(-i * 2, -i * 2))
            layout.report("cards", rect.union(rect.move(-min(4, stock) * 2 + 2, -min(4, stock) * 2 + 2)), "stock")
        else:
            surface.blit(t.art.slot(rect.size), rect)
            layout.report("cards", rect, "stock")
        px = 20 * t.u
        t.ink.blit_text(surface, f"stock {stock}", px, INK, "midtop", (rect.centerx, rect.bottom + 6 * t.u))
        target = view.get("target")
        lines = [f"target {target}", f"hand {int(view.get('hand_number') or 0) + 1}"]
        if view.get("doubled"):
            lines.append("x2 (nagari)")
        y = rect.bottom + 6 * t.u + px * 1.1
        for line in lines:
            t.ink.blit_text(surface, line, px * 0.9, MUTED if "x2" not in line else GOLD, "midtop", (rect.centerx, y))
            y += px * 0.95

    def prompt(self, surface: pygame.Surface) -> None:
        t = self.table
        view = t.view
        phase = view.get("phase")
        legal = t.picking.legal()
        text = ""
        if phase == "choose" and legal:
            text = "Two cards match: take one"
        elif phase == "go_stop" and legal:
            text = "You reached the target: Go on, or Stop and get paid?"
        elif phase == "play" and legal:
            text = "Your turn: play a card (glowing cards match the table)"
        elif phase in ("play", "choose", "go_stop"):
            turn = view.get("turn")
            text = f"{t.name(turn)} to play" if isinstance(turn, int) and turn != t.me else ""
        if text:
            t.ink.blit_text(surface, text, t.ink.fit(text, 26 * t.u, t.W - 440 * t.u), GOLD, "midbottom",
                            (t.W / 2, t.seating.prompt_bottom()))
