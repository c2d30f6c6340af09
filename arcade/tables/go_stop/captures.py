"""Every player's captures, sorted by kind in four groups with their counts (junk counted by value),
and the way cards get there: a captured card stays a moment on the table pile it was taken from (the
played or turned card lands on its month's pile first), then flies to the capture row; a card an
opponent played comes from its place."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.hwatu_art import KIND_COLOURS
from cardtable.arcade.tables.base import MUTED, Sprite, fan
from cardtable.engine import hwatu

if TYPE_CHECKING:
    from cardtable.arcade.tables.go_stop.table import GoStopTable

GROUPS = (("B", "Brights"), ("A", "Animals"), ("R", "Ribbons"), ("P", "Junk"))
WEIGHTS = {"B": 0.17, "A": 0.25, "R": 0.25, "P": 0.33}  # each group's share of a capture row
# the capture labels: each kind's colour lightened so it reads on the green felt
LABEL_COLOURS = {g: tuple(round(c + (255 - c) * 0.55) for c in KIND_COLOURS[g]) for g, _ in GROUPS}
STAGE_TIME = 0.6  # seconds a captured card stays where it was taken


def group_of(card: str) -> str:
    k = hwatu.kind(card)
    return "P" if k in ("P", "D", "J") else k


def grouped(cards: list[str]) -> dict[str, list[str]]:
    """``cards`` by capture group (each group's cards in their order), every group there."""
    groups: dict[str, list[str]] = {g: [] for g, _ in GROUPS}
    for card in cards:
        groups[group_of(card)].append(card)
    return groups


class Captures:
    """The capture rows' sprites and labels, the captured cards staged on the table, and where cards
    played by opponents come from (:attr:`origins`)."""

    def __init__(self, table: GoStopTable) -> None:
        self.table = table
        self.staged: dict[str, tuple[tuple[float, float], float]] = {}  # card -> (where on the table, seconds)
        self.origins: dict[str, tuple[float, float]] = {}  # a card an opponent played comes from its place

    def clear(self) -> None:
        self.staged.clear()
        self.origins.clear()

    def cards(self, seat: int) -> list[str]:
        t = self.table
        return list((t.view.get("captures") or [[]] * t.seating.players)[seat] or [])

    def build(self, seat: int, area: pygame.Rect) -> None:
        """``seat``'s capture row in ``area``: a fan per kind (a staged card still on the table)."""
        t = self.table
        seating = t.seating
        groups = grouped(self.cards(seat))
        size = seating.hsize(0.095)
        x = area.left
        origin = seating.stock_rect().topleft
        table_size = seating.pile_size()
        for g, _label in GROUPS:
            w = area.width * WEIGHTS[g]
            cards = groups[g]
            for j, rect in enumerate(fan(len(cards), x + w / 2, area.top + 8 * t.u, size, w - 10 * t.u,
                                         size[0] * 0.55)):
                card = cards[j]
                staged = self.staged.get(card)
                if staged is not None:  # first shown where it was taken, then it flies here
                    rect = pygame.Rect(round(staged[0][0]), round(staged[0][1]), *table_size)
                t.sprites.append(Sprite(card, card, rect, shadow=staged is not None,
                                        origin=self.origins.get(card, origin),
                                        group="" if staged is not None else f"captures {seat} {g}"))
            x += w

    def draw_labels(self, surface: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        """Each group's label and count under its fan (an empty group shows its slot)."""
        t = self.table
        groups = grouped(self.cards(seat))
        size = t.seating.hsize(0.095)
        x = area.left
        px = t.seating.label_px()
        for g, label in GROUPS:
            w = area.width * WEIGHTS[g]
            cards = groups[g]
            count = sum(hwatu.junk_value(c) for c in cards) if g == "P" else len(cards)
            colour = LABEL_COLOURS[g] if cards else MUTED
            y = area.top + 8 * t.u + size[1] + 3 * t.u
            if not cards:
                slot = pygame.Rect(0, 0, *size)
                slot.midtop = (round(x + w / 2), round(area.top + 8 * t.u))
                surface.blit(t.art.slot(size), slot)
                layout.report("cards", slot, f"captures {seat} {g}")
            t.ink.blit_text(surface, f"{label} {count}", px, colour if cards else MUTED, "midtop", (x + w / 2, y))
            x += w

    def stage(self, cards: list[str]) -> None:
        """Captured cards stay a moment on the table pile they were taken from, then fly (see :meth:`tick`)."""
        t = self.table
        size = t.seating.pile_size()
        ends: dict[str, tuple[float, float]] = {}
        for pile in t.view.get("table") or []:
            if not pile:
                continue
            at = t.motion.current(pile[-1])
            if at is not None:
                ends[hwatu.month(pile[-1])] = (at[0] + size[0] * 0.24, at[1] + size[1] * 0.1)
        on_table = {c for pile in t.view.get("table") or [] for c in pile}
        for card in cards:
            month = hwatu.month(card)
            if card in on_table:
                at = t.motion.current(card)
            elif month in ends:
                at = ends[month]
                ends[month] = (at[0] + size[0] * 0.24, at[1] + size[1] * 0.1)
            else:
                at = None
            if at is not None:
                self.staged[card] = (at, STAGE_TIME)

    def tick(self, dt: float) -> bool:
        """Count the staged cards down; True when some are done (they fly: the table lays out again)."""
        if not self.staged:
            return False
        done = []
        for card, (at, left) in self.staged.items():
            self.staged[card] = (at, left - dt)
            if left - dt <= 0:
                done.append(card)
        for card in done:
            del self.staged[card]
        return bool(done)
