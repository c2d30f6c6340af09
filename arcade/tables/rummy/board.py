"""What is written and drawn on the Rummy felt around the cards: the draw pile and its count, the
players' plates, a panel behind each meld, the prompt line, jokers' names over their cards and the
final scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.base import GOLD, INK, MUTED

if TYPE_CHECKING:
    from cardtable.arcade.tables.rummy.table import RummyTable


class Board:
    def __init__(self, table: RummyTable) -> None:
        self.table = table
        self.joker_names: dict[object, str | None] = {}  # the sprites of jokers (by key) and their names

    def draw_static(self, surface: pygame.Surface) -> None:
        t = self.table
        self._pile(surface)
        self._plates(surface)
        self._meld_backs(surface)
        if not t.editor.melds():
            self._empty_table(surface)
        self._prompt(surface)

    def _pile(self, surface: pygame.Surface) -> None:
        t = self.table
        view = t.view
        pile = t.seating.stock_rect()
        count = int(view.get("draw_pile") or 0)
        if count:
            for i in range(min(3, count)):
                surface.blit(t.art.back(pile.size), pile.move(-2 * i, -2 * i))
        else:
            surface.blit(t.art.slot(pile.size), pile)
        layout.report("cards", pile.union(pile.move(-4, -4)), "draw pile")
        px = 20 * t.u
        x = pile.right + 12 * t.u
        t.ink.blit_text(surface, f"Draw pile {count}", px, INK, "topleft", (x, pile.top + 4 * t.u), False)
        t.ink.blit_text(surface, f"Hand {view.get('hand_number', 1)} \u00b7 to {(view.get('options') or {}).get('target', 150)}",
                        px * 0.85, MUTED, "topleft", (x, pile.top + 26 * t.u), False)
        if view.get("last_turns"):
            t.ink.blit_text(surface, "Last turns!", px * 0.9, GOLD, "topleft", (x, pile.top + 46 * t.u), False)

    def _plates(self, surface: pygame.Surface) -> None:
        t = self.table
        view = t.view
        me = t.me if t.me is not None else 0
        turn = view.get("turn")
        sizes = view.get("hand_sizes") or []
        scores = view.get("scores") or []
        won = view.get("hands_won") or []
        for seat in range(t.players):
            if seat == me:
                continue
            cx, _cy = t.seating.plate_centre(seat)
            lines = [(f"{sizes[seat] if seat < len(sizes) else 0} cards \u00b7 score {scores[seat] if seat < len(scores) else 0}",
                      INK), (f"hands won {won[seat] if seat < len(won) else 0}", MUTED)]
            t.plates.draw(surface, seat, (cx, 44 * t.u), lines, active=seat == turn, width=t.seating.plate_width())
        score = scores[me] if me < len(scores) else 0
        value = view.get("hand_value", 0)
        lines = [(f"hand value {value}", GOLD if isinstance(value, int) and value <= 5 else INK),
                 (f"score {score} \u00b7 won {won[me] if me < len(won) else 0}", MUTED)]
        t.plates.draw(surface, me, t.seating.own_plate_centre(), lines, active=turn == me, width=160 * t.u)

    def _meld_backs(self, surface: pygame.Surface) -> None:
        """A soft panel behind each meld; gold-edged where it takes cards from your hand."""
        t = self.table
        melds = t.editor.melds()
        if not melds:
            return
        flow = t.seating.flow([len(m) for m in melds], t.editing())
        for meld, box in zip(melds, t.seating.meld_boxes(flow), strict=False):
            if not box.width:
                continue
            changed = any(tile.from_hand for tile in meld)
            surface.blit(t.ink.panel(box.size, (0, 0, 0, 60), border=(*GOLD, 160) if changed else (255, 255, 255, 30)),
                         box)

    def _empty_table(self, surface: pygame.Surface) -> None:
        """Words on an empty table: in its middle, or under the new meld's place while editing."""
        t = self.table
        at = t.seating.table_area().center
        flow = t.seating.flow([], t.editing())
        if flow.new is not None:
            at = (flow.new.centerx, flow.new.bottom + 28 * t.u)
        t.ink.blit_text(surface, "The table is empty: melds of 3+ go here", 24 * t.u, MUTED, "center", at)

    def draw_focus(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The keys' place on the table: a gold frame around a meld (or the new meld's place)."""
        u = self.table.u
        pygame.draw.rect(surface, GOLD, box.inflate(round(6 * u), round(6 * u)), max(2, round(3 * u)),
                         border_radius=round(8 * u))

    def _prompt(self, surface: pygame.Surface) -> None:
        t = self.table
        view = t.view
        legal = t.my_legal()
        phase = view.get("phase")
        if phase == "knock" and legal:
            text = "Your hand is worth 5 or less: knock to end the hand?"
        elif t.can_meld() and t.editor.note:
            text = t.editor.note
        elif t.can_meld():
            other = "Draw" if any(a.get("type") == "draw" for a in legal) else "Pass"
            put = "a meld's +" if t.controls.mouse_active else f"{t.controls.hint_label('confirm', t.me)} on a meld"
            text = f"Build the new table: select cards, then {put}   (or {other})"
        elif legal:
            text = "Your turn: draw"
        elif phase == "over":
            winners = view.get("winners") or (view.get("last_hand") or {}).get("winners") or []
            text = "Game over" + (": " + " & ".join(t.name(s) for s in winners) if winners else "")
        else:
            turn = view.get("turn")
            text = f"{t.name(turn)}'s turn" if isinstance(turn, int) else ""
        if text:
            px = t.ink.fit(text, 22 * t.u, t.W - 60 * t.u)
            t.ink.blit_text(surface, text, px, GOLD, "midbottom", (t.W / 2 + 40 * t.u, t.seating.prompt_bottom()))

    def draw_joker_names(self, surface: pygame.Surface, alpha: float) -> None:
        """A joker's name on a chip over its card's corner ("=7" and the suit's pip; "=?" unnamed)."""
        t = self.table
        u = t.u
        for sprite in t.sprites:
            if sprite.key not in self.joker_names:
                continue
            pos = t.motion.pos(sprite.key, alpha) or sprite.rect.topleft
            name = self.joker_names[sprite.key]
            label = ("=" + ("10" if name[0] == "T" else name[0])) if name else "=?"
            image = t.ink.text(label, 18 * u, (255, 255, 255))
            pip = t.art.pip(name[1], round(14 * u)) if name else None
            extra = pip.get_width() + round(3 * u) if pip is not None else 0
            back = t.ink.panel((image.get_width() + extra + round(8 * u), image.get_height() + round(4 * u)),
                               (110, 40, 150, 235), radius=round(4 * u), border=None)
            at = (round(pos[0] + 2 * u), round(pos[1] + sprite.rect.height - back.get_height() - 2 * u))
            surface.blit(back, at)
            surface.blit(image, (at[0] + 4 * u, at[1] + 2 * u))
            if pip is not None:
                chip = pygame.Rect(0, 0, pip.get_width() + 2, pip.get_height() + 2)
                chip.midleft = (round(at[0] + 5 * u + image.get_width()), at[1] + back.get_height() // 2)
                pygame.draw.rect(surface, (250, 250, 245), chip, border_radius=2)
                surface.blit(pip, chip.move(1, 1))

    def draw_results(self, surface: pygame.Surface) -> None:
        t = self.table
        rect = pygame.Rect(0, 0, round(t.W * 0.5), round(t.H * 0.34))
        rect.center = (t.W // 2, round(t.H * 0.4))
        t.ink.blit_panel(surface, rect, (4, 18, 12, 240), border=(*GOLD, 200), name="final scores", kind="overlay")
        with layout.part_of("final scores"):
            self._result_lines(surface, rect)

    def _result_lines(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.table
        scores = t.view.get("scores") or []
        best = max(scores) if scores else 0
        t.ink.blit_text(surface, "Final scores", 34 * t.u, GOLD, "midtop", (rect.centerx, rect.top + 12 * t.u))
        y = rect.top + 60 * t.u
        for seat, score in enumerate(scores):
            t.ink.blit_text(surface, f"{t.name(seat)}: {score}", 26 * t.u, GOLD if score == best else INK,
                            "midtop", (rect.centerx, y), False)
            y += 30 * t.u
