"""What the Go-Stop table writes (drawn once per layout, on the static layer): the legend, each
opponent's band, every player's name plate (score and Goes, chips, shakes and bombs, the points by
kind), the capture rows' labels, the stock with the target and hand number, the stacks' labels and
the turn's prompt.

Most of it stays the same from one view to the next (a turn changes a plate, a capture row's labels
and the stock): each piece's noted drawing is kept with what it depends on (``parts.layer.Pieces``),
and a new view notes again only the pieces whose inputs changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.base import CYAN, GOLD, INK, LEGAL, MUTED
from cardtable.arcade.tables.parts.layer import Pieces

if TYPE_CHECKING:
    from cardtable.arcade.tables.go_stop.table import GoStopTable

PileLabel = tuple[str, str, tuple[float, float]]  # text, anchor, where
MIN_LINE_PX = 12  # a plate's score line is wrapped rather than set smaller (10 px at 960x540 with large cards)


class Scoreboard:
    """The static layer's words and panels; :attr:`pile_labels` are placed by the table's build (it
    knows where each stack lies)."""

    def __init__(self, table: GoStopTable) -> None:
        self.table = table
        self.pile_labels: list[PileLabel] = []
        self.pieces = Pieces()

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        seating = t.seating
        me = t.me
        if me is None:
            return
        pieces, base = self.pieces, (t.size, t.card_scale)
        legend = t.legend(t.hwatu, round(20 * t.u))
        at = seating.legend_rect().topleft
        pieces.draw(surface, ("legend", base, at, tuple((id(icon), words) for icon, words in legend)),
                    lambda s: t.ink.draw_legend(s, legend, "topleft", at, "On the cards"))
        turn = t.view.get("turn")
        for seat in seating.opponents():
            band = seating.opp_group(seat)
            surface.blit(t.ink.panel(band.size, (0, 0, 0, 46), border=(255, 255, 255, 30)), band)
        for seat in seating.opponents():
            self.plate(surface, seat, seating.opp_plate(seat), seat == turn)
            self._capture_labels(surface, seat, seating.opp_captures(seat))
        self.plate(surface, me, seating.my_plate(), me == turn)
        self._capture_labels(surface, me, seating.my_captures())
        self.stock(surface)
        labels, px = tuple(self.pile_labels), seating.label_px()
        pieces.draw(surface, ("pile labels", base, labels, px), lambda s: self._pile_labels(s, labels, px))
        self.prompt(surface)

    def _pile_labels(self, surface: pygame.Surface, labels: tuple[PileLabel, ...], px: float) -> None:
        for text, anchor, pos in labels:
            self.table.ink.blit_text(surface, text, px, GOLD, anchor, pos)

    def _capture_labels(self, surface: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        t = self.table
        size = t.seating.hsize(0.095)
        key = ("captures", (t.size, t.card_scale), seat, tuple(area), tuple(t.captures.cards(seat)), size,
               t.seating.label_px(), id(t.art.slot(size)))
        self.pieces.draw(surface, key, lambda s: t.captures.draw_labels(s, seat, area))

    def plate(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, active: bool) -> None:
        t = self.table
        border = (*GOLD, 255) if active else (255, 255, 255, 45)
        t.ink.blit_panel(surface, rect, (8, 30, 20, 200), border=border, name=f"plate {seat}")
        t.plates.draw_badge(surface, seat, rect)  # (placed clear of the last frame's drawing: not kept)
        view = t.view
        players = t.seating.players

        def at(name: str, default: object) -> object:
            values = view.get(name) or []
            return values[seat] if seat < len(values) else default

        key = ("plate", (t.size, t.card_scale), seat, tuple(rect), active, t.name(seat), seat == view.get("dealer"),
               at("scores", 0), at("goes", 0), at("chips", 0),
               tuple((view.get("shakes") or [[]] * players)[seat] or []),
               tuple((view.get("bombs") or [[]] * players)[seat] or []),
               tuple(((view.get("score_parts") or [{}] * players)[seat] or {}).items()))

        def lines(s: pygame.Surface) -> None:
            with layout.part_of(f"plate {seat}"):
                self._plate_lines(s, seat, rect, active)

        self.pieces.draw(surface, key, lines)

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
        words = [f"{k.replace('_', ' ')} {v}" for k, v in parts.items()]
        text = " \u00b7 ".join(words) or "no points yet"
        room = rect.width - 16 * t.u
        size, lines = t.ink.fit(text, px * 0.75, room), [text]
        if size < MIN_LINE_PX and len(words) > 1:  # wrapped into what the plate has room for, the rest cut
            size = max(MIN_LINE_PX, round(px * 0.75))
            lines = self._wrapped(words, size, room, max(1, int((rect.bottom - 4 * t.u - y) // (size * 1.2))))
        for line in lines:
            t.ink.blit_text(surface, line, size, CYAN if parts else MUTED, "topleft", (x, y), False)
            y += size * 1.2

    def _wrapped(self, words: list[str], px: float, room: float, most: int) -> list[str]:
        """``words`` joined with " · " into lines ``room`` wide at ``px``, at most ``most`` of them: an
        opponent's plate has room for one, so what does not fit there ends in "…" (the score line
        above gives the total; the capture rows beside the plate show the cards)."""
        font = self.table.ink.font(px)
        lines = [words[0]]
        for word in words[1:]:
            joined = f"{lines[-1]} \u00b7 {word}"
            if font.size(joined)[0] <= room:
                lines[-1] = joined
            else:
                lines.append(word)
        if len(lines) <= most:
            return lines
        kept = lines[:most]
        last = kept[-1].split(" \u00b7 ")
        while len(last) > 1 and font.size(" \u00b7 ".join(last) + " \u2026")[0] > room:
            last.pop()
        kept[-1] = " \u00b7 ".join(last) + " \u2026"
        return kept

    def stock(self, surface: pygame.Surface) -> None:
        t = self.table
        view = t.view
        rect = t.seating.stock_rect()
        stock = int(view.get("stock") or 0)
        image = t.hwatu.back(rect.size) if stock else t.art.slot(rect.size)
        key = ("stock", (t.size, t.card_scale), tuple(rect), stock, view.get("target"), view.get("hand_number"),
               bool(view.get("doubled")), id(image))
        self.pieces.draw(surface, key, self._stock)

    def _stock(self, surface: pygame.Surface) -> None:
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
        text = self.prompt_text()
        if text:
            bottom = t.seating.prompt_bottom()
            self.pieces.draw(surface, ("prompt", (t.size, t.card_scale), text, bottom),
                             lambda s: t.ink.blit_text(s, text, t.ink.fit(text, 26 * t.u, t.W - 440 * t.u), GOLD,
                                                       "midbottom", (t.W / 2, bottom)))

    def prompt_text(self) -> str:
        """The turn's prompt ("" for none)."""
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
        return text
