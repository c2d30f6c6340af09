"""What the Oh Hell table writes on its static layer: every seat's name plate (bid against tricks
taken, or where the bidding is; the score; the dealer's chip) and the info panel (the hand of how
many, cards each, the trump card and suit, the bids against the tricks, the hook)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.tables.base import BAD, GOLD, INK, LEGAL, MUTED

if TYPE_CHECKING:
    from cardtable.arcade.tables.oh_hell.table import OhHellTable

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class Scoreboard:
    """The plates and the info panel."""

    def __init__(self, table: OhHellTable) -> None:
        self.table = table
        self.plate_rects: dict[int, pygame.Rect] = {}  # where each seat's plate was last drawn

    def draw_plates(self, surface: pygame.Surface) -> None:
        t = self.table
        view = t.view
        players = t.seating.players
        bids = view.get("bids") or []
        tricks = view.get("tricks") or []
        scores = view.get("scores") or []
        turn = view.get("turn")
        dealer = view.get("dealer")
        phase = view.get("phase")
        simultaneous = bool((view.get("options") or {}).get("simultaneous_bids"))
        for seat in range(players):
            bid = bids[seat] if seat < len(bids) else None
            has_bid = (view.get("has_bid") or [False] * players)[seat]
            took = tricks[seat] if seat < len(tricks) else 0
            acting = seat == turn or (simultaneous and phase == "bid" and not has_bid)
            if bid is None:
                waiting = "bidding..." if acting else "to bid"  # not "bidding" while another seat decides
                status = ("has bid" if has_bid else waiting) if phase == "bid" else "no bid"
                line = (status, MUTED)
            else:
                colour = LEGAL if took == bid else (BAD if took > bid else INK)
                line = (f"bid {bid}  \u00b7  took {took}", colour)
            score = scores[seat] if seat < len(scores) else 0
            lines = [line, (f"score {score}", MUTED)]
            rect = t.plates.draw(surface, seat, t.seating.plate_centre(seat), lines, active=acting, width=150 * t.u)
            self.plate_rects[seat] = rect
            if seat == dealer:
                self._dealer_chip(surface, seat, rect)

    def _dealer_chip(self, surface: pygame.Surface, seat: int, plate: pygame.Rect) -> None:
        t = self.table
        chip = pygame.Rect(0, 0, round(26 * t.u), round(26 * t.u))
        chip.center = (plate.right, plate.centery)  # on the plate's edge: the small hand lies above
        layout.report("badge", chip, "dealer", owner=f"plate {seat}")
        pygame.draw.circle(surface, (250, 250, 245), chip.center, chip.width // 2)
        pygame.draw.circle(surface, (60, 60, 60), chip.center, chip.width // 2, max(1, round(2 * t.u)))
        with layout.part_of("dealer"):
            t.ink.blit_text(surface, "D", 20 * t.u, (30, 30, 30), "center", chip.center, False)

    def draw_info(self, surface: pygame.Surface) -> None:
        t = self.table
        info = t.ink.blit_panel(surface, t.seating.info_rect(), name="info")
        with layout.part_of("info"):
            self._info_lines(surface, info)

    def _info_lines(self, surface: pygame.Surface, info: pygame.Rect) -> None:
        t = self.table
        u = t.u
        view = t.view
        rect = t.seating.trump_rect()
        layout.report("cards", rect, "trump card")
        hand_no, total = view.get("hand_number", 1), view.get("hands_total", 1)
        cards = int(view.get("cards_this_hand") or 0)
        x0 = info.left + 14 * u
        t.ink.blit_text(surface, f"Hand {hand_no} of {total}", 26 * u, GOLD, "topleft", (x0, info.top + 10 * u))
        t.ink.blit_text(surface, f"{cards} card{'s' if cards != 1 else ''} each", 21 * u, MUTED, "topleft",
                        (x0, info.top + 38 * u))
        trump = view.get("trump")
        if not view.get("trump_card"):
            surface.blit(t.art.slot(rect.size), rect)
        x = rect.right + 14 * u
        if trump:
            t.ink.blit_text(surface, "Trump", 22 * u, MUTED, "topleft", (x, rect.top))
            pip = t.art.pip(trump, round(34 * u))
            back = t.ink.panel((pip.get_width() + round(10 * u), pip.get_height() + round(10 * u)),
                               (250, 250, 245, 235), border=None)
            surface.blit(back, (x, rect.top + 24 * u))
            surface.blit(pip, (x + 5 * u, rect.top + 29 * u))
            layout.report("badge", back.get_rect(topleft=(x, rect.top + 24 * u)), "trump suit")
            t.ink.blit_text(surface, SUIT_NAMES.get(trump, trump), 22 * u, INK, "topleft", (x, rect.top + 72 * u))
        else:
            t.ink.blit_text(surface, "No trump", 24 * u, INK, "midleft", (x, rect.centery))
        y = rect.bottom + 8 * u
        bids = [b for b in view.get("bids") or [] if b is not None]
        if bids and view.get("phase") != "over":
            total_bid = sum(bids)
            verdict = "over" if total_bid > cards else ("under" if total_bid < cards else "even")
            t.ink.blit_text(surface, f"Bids {total_bid} for {cards} trick{'s' if cards != 1 else ''} ({verdict})",
                            20 * u, INK, "topleft", (x0, y), False)
        if (view.get("options") or {}).get("hook") and not (view.get("options") or {}).get("simultaneous_bids"):
            t.ink.blit_text(surface, "Hook: dealer can't make it even", 18 * u, MUTED, "topleft", (x0, y + 22 * u),
                            False)
