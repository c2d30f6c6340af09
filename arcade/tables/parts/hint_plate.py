"""The Hint button's suggestion on the table: the cards, pile and button it means glow, and its reason
is said on a plate beside them, until the seat's position changes."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.parts.palette import HINT, MENU_STRIP
from cardtable.arcade.tables.parts.pieces import Action, Sprite, describe
from cardtable.arcade.tables.parts.placing import clear_spot

if TYPE_CHECKING:
    from cardtable.arcade.tables.base import Table

HINT_TIME = 12.0  # seconds a hint stays on the table (it goes at once when the seat's position changes)


class HintPlate:
    """``hinted``: (seat, engine.bots.hint.Hint, seconds left) while a hint shows."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.hinted: tuple[int, Any, float] | None = None
        self.label = "Hint"  # what the plate calls the suggestion (a Learn table's coach says "Coach")
        self.key_words = "hint"  # what the hint bar says the Hint key does (at a Learn table it plays the move)
        self.seconds = HINT_TIME  # how long a suggestion stays (the coach's, until the position changes)
        self._spot: pygame.Rect | None = None  # where the plate goes (found once per layout)

    def show(self, seat: int, tip: Any) -> None:
        """Show the suggestion ``tip`` for ``seat``: its cards, pile and button glow until the seat's
        position changes, and its reason is said."""
        table = self.table
        if seat not in table.views:
            return
        self.hinted = (seat, tip, self.seconds)
        table.follow_hint(seat, tip)
        table.relayout()
        if not self.targets():  # nothing on the table to point at: say it where messages go
            table.toasts.add(self.words(tip), HINT, seconds=self.seconds, seat=seat, until_change=True)

    def words(self, tip: Any) -> str:
        reason = tip.reason or describe(tip.action)
        return f"{self.label}: {reason[:1].upper()}{reason[1:]}"

    def still_good(self, tip: Any, legal: list[Action]) -> bool:
        """Whether a hint still fits a seat's new position. In a turn game a hint is about one position:
        any change ends it. In a real-time game the other player keeps moving; the hint stands while
        its action is still legal."""
        return self.table.realtime and tip.action in legal

    def position_changed(self, seat: int, legal: list[Action]) -> None:
        if self.hinted is not None and self.hinted[0] == seat and not self.still_good(self.hinted[1], legal):
            self.hinted = None

    def tick(self, dt: float) -> bool:
        """Count the hint down; True when it just went (the table lays out again without it)."""
        if self.hinted is None:
            return False
        seat, tip, left = self.hinted
        self.hinted = (seat, tip, left - dt) if left > dt else None
        return self.hinted is None

    @property
    def needs_spot(self) -> bool:
        """A hint shows but its plate has no place yet (the next frame finds one)."""
        return self.hinted is not None and self._spot is None

    def forget_spot(self) -> None:
        self._spot = None

    @property
    def area(self) -> pygame.Rect | None:
        """Where the plate showing now was drawn (a Learn table's coach keeps its words clear of it)."""
        return self._spot.copy() if self.hinted is not None and self._spot is not None else None

    def targets(self) -> list[pygame.Rect]:
        table = self.table
        return [s.rect for s in table.sprites if s.glow == HINT] + [b.rect for b in table.buttons if b.hinted]

    def sprites(self, seat: int, tip: Any) -> list[Sprite]:
        """The sprites a hint lights up: the seat's own cards it plays (each copy once, those in the
        seat's hand first: Rummy's table may hold a second KD of the two decks, built before the hand)
        and the top card of the pile it plays onto (and Spit's face-down card to turn up)."""
        table = self.table
        wanted = Counter(tip.cards)
        out = []
        hand = f"hand {seat}"
        for sprite in sorted(table.sprites, key=lambda s: s.group != hand):  # (a stable sort)
            if sprite.seat == seat and sprite.code is not None and wanted[sprite.code] > 0:
                wanted[sprite.code] -= 1
                out.append(sprite)
        if tip.pile is not None:
            tops = [s for s in table.sprites if s.hit == ("pile", tip.pile)]
            out += tops[-1:]
        if tip.place is not None and tip.action.get("type") == "turn":
            out += [s for s in table.sprites if s.seat == seat and s.hit == ("turn", tip.place)]
        return out

    def mark(self) -> None:
        """Light what the hint means among the sprites and buttons just built."""
        if self.hinted is None:
            return
        seat, tip, _ = self.hinted
        for sprite in self.sprites(seat, tip):
            sprite.glow = HINT
        for button in self.table.buttons:
            if button.action is not None and button.action == tip.action and button.seat in (seat, None):
                button.hinted = True

    def draw(self, surface: pygame.Surface) -> None:
        """The hint's reason on a plate beside what it lights up: under buttons, over cards."""
        if self.hinted is None:
            return
        targets = self.targets()
        if not targets:
            return
        table, ink, u = self.table, self.table.ink, self.table.u
        seat, tip, left = self.hinted
        own = [s.rect for s in table.sprites if s.glow == HINT and s.seat == seat]
        lit = [b.rect for b in table.buttons if b.hinted]
        anchor = own or lit or targets
        around = anchor[0].unionall(anchor[1:])
        words = self.words(tip)
        px = ink.fit(words, 20 * u, table.W * 0.6)
        image = ink.text(words, px, HINT)
        pad = round(8 * u)
        plate = pygame.Rect(0, 0, image.get_width() + 2 * pad, image.get_height() + pad)
        if self._spot is None or self._spot.size != plate.size:
            self._place(plate, around, bool(own), round(8 * u))
            self._spot = plate.copy()
        plate = self._spot
        fade = min(1.0, left / 0.4)
        panel = ink.panel(plate.size, (20, 8, 24, 225), border=(*HINT, 200))
        ink.blit_faded(surface, panel, plate, fade)
        ink.blit_faded(surface, image, image.get_rect(center=plate.center), fade)
        layout.report("panel", plate, "hint")

    def _place(self, plate: pygame.Rect, around: pygame.Rect, over_cards: bool, gap: int) -> None:
        """Put the plate over the cards it lights (or beside or under a button or pile) where it covers
        nothing the frame reported drawing: the first such place of those tried, else the nearest."""
        table = self.table
        room = pygame.Rect(0, MENU_STRIP, table.W, table.H - MENU_STRIP)
        over = plate.copy()
        over.midbottom = (around.centerx, around.top - gap)
        under = plate.copy()
        under.midtop = (around.centerx, around.bottom + gap)
        right = plate.copy()
        right.midleft = (around.right + gap, around.centery)
        left = plate.copy()
        left.midright = (around.left - gap, around.centery)
        tries = [over, under, right, left] if over_cards else [under, right, over, left]
        keep_clear = [d.box for d in table.reporter.drawn if d.kind not in ("backdrop", "overlay")]
        keep_clear += table.toasts.areas()
        spot = clear_spot([(None, place) for place in tries], room, keep_clear, [(None, plate, around)])
        plate.topleft = spot[1].topleft if spot is not None else tries[0].clamp(room).topleft
