"""What the Tractor table tells in words, drawn on its static layer: each seat's plate (team, level,
role, points taken, the round starter's "S" chip), the info panel (round, trump, the attackers' points,
tricks, last round), the line that says whose turn it is and what to do, the draw pile's count, and the
game-over panel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade import fonts, layout
from cardtable.arcade.anim import Vec
from cardtable.arcade.tables.base import CYAN, GOLD, INK, LEGAL, MUTED
from cardtable.arcade.tables.parts.layer import Pieces
from cardtable.arcade.tables.tractor.words import SUIT_NAMES, level_name, rank_name

if TYPE_CHECKING:
    from cardtable.arcade.tables.tractor.table import TractorTable


def starter_chip(px: int) -> pygame.Surface:
    """The round starter's "S" chip alone, ``px`` across (the rules screen's key)."""
    k = 3
    chip = pygame.Surface((px * k, px * k), pygame.SRCALPHA)
    r = px * k / 2
    pygame.draw.circle(chip, (250, 250, 245), (r, r), r - 1)
    pygame.draw.circle(chip, (60, 60, 60), (r, r), r - 1, max(1, round(r / 6.5)))
    letter = fonts.line("S", px * k * 0.78, (30, 30, 30))
    chip.blit(letter, letter.get_rect(center=(r, r)))
    return pygame.transform.smoothscale(chip, (px, px))


def frozen(value: Any) -> Any:
    """A part of the view as something hashable that compares equal when it is the same."""
    if isinstance(value, dict):
        return tuple(sorted((k, frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    return value


class Scoreboard:
    """The plates, the info panel, the prompt and the game-over panel."""

    def __init__(self, table: TractorTable) -> None:
        self.table = table
        self.pieces = Pieces()  # the info panel and the "S" chips, noted once per content

    def draw_plates(self, surface: pygame.Surface) -> None:
        t = self.table
        view = t.view
        levels = view.get("levels") or [2, 2]
        declarers = view.get("declarers")
        taken = view.get("taken") or [0, 0]
        starter = view.get("starter")
        for seat in range(t.seating.players):
            team = seat % 2
            role = ""
            if declarers is not None:
                role = "declarers" if team == declarers else "attackers"
            lines = [(f"team {'A' if team == 0 else 'B'} \u00b7 level {level_name(levels[team])}", INK),
                     (role + (f" \u00b7 {taken[team]} pts" if role else ""), CYAN if role == "attackers" else MUTED)]
            centre = (t.W * 0.085, t.seating.my_plate_y()) if seat == t.me else t.seating.seat_centre(seat)
            rect = t.plates.draw(surface, seat, centre, lines, active=seat == view.get("turn"), width=165 * t.u)
            if seat == starter:
                chip = (rect.right - 2 * t.u, rect.top + 2 * t.u)
                with layout.part_of(f"plate {seat}"):
                    layout.report("badge", pygame.Rect(chip[0] - 13 * t.u, chip[1] - 13 * t.u, 26 * t.u,
                                                     26 * t.u), "starter")
                    with layout.part_of("starter"):
                        self.draw_starter_badge(surface, chip, 13 * t.u)

    def draw_starter_badge(self, surface: pygame.Surface, centre: Vec, radius: float) -> None:
        """The round starter's "S" chip (explained in the legend)."""
        self.pieces.draw(surface, ("starter", centre[0], centre[1], radius),
                         lambda target: self._starter_badge(target, centre, radius))

    def _starter_badge(self, surface: pygame.Surface, centre: Vec, radius: float) -> None:
        pygame.draw.circle(surface, (250, 250, 245), centre, round(radius))
        pygame.draw.circle(surface, (60, 60, 60), centre, round(radius), max(1, round(radius / 6.5)))
        self.table.ink.blit_text(surface, "S", radius * 1.55, (30, 30, 30), "center", centre, False)

    def draw_info(self, surface: pygame.Surface) -> None:
        t = self.table
        view = t.view
        area = t.seating.info_rect()
        key = ("info", t.size, t.u, tuple(area), id(t.art), getattr(t.art, "epoch", None),
               *(frozen(view.get(name)) for name in ("round", "trump", "declarers", "points", "last_round")),
               len(view.get("tricks") or []), view.get("starter") is not None)
        self.pieces.draw(surface, key, lambda target: self._info(target, area))

    def _info(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        rect = self.table.ink.blit_panel(surface, area, name="info")
        with layout.part_of("info"):
            self._info_lines(surface, rect)

    def _info_lines(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.table
        ink, u = t.ink, t.u
        view = t.view
        trump = view.get("trump") or {}
        x = rect.left + 12 * u
        y = rect.top + 8 * u
        px = 22 * u
        ink.blit_text(surface, f"Round {view.get('round', 1)}", px * 1.15, GOLD, "topleft", (x, y), False)
        y += px * 1.25
        if trump.get("no_trump") or (trump.get("rank") is None and trump.get("final")):
            ink.blit_text(surface, "No trump (jokers)", px, INK, "topleft", (x, y), False)
        else:
            suit = trump.get("suit")
            where = ink.blit_text(surface, f"Trump rank {rank_name(trump.get('rank'))}  suit", px, INK, "topleft",
                                  (x, y), False)
            if suit in SUIT_NAMES:
                pip = t.art.pip(suit, round(px * 0.95))
                back = ink.panel((pip.get_width() + 6, pip.get_height() + 6), (250, 250, 245, 235), radius=4,
                                 border=None)
                surface.blit(back, (where.right + 6 * u, y - 3))
                surface.blit(pip, (where.right + 6 * u + 3, y))
                layout.report("badge", back.get_rect(topleft=(where.right + 6 * u, y - 3)), "trump suit")
            else:
                ink.blit_text(surface, "?", px, MUTED, "topleft", (where.right + 6 * u, y), False)
        if not trump.get("final"):
            ink.blit_text(surface, "(not final)", px * 0.75, MUTED, "topright", (rect.right - 10 * u, rect.top + 12 * u),
                          False)
        y += px * 1.15
        declarers = view.get("declarers")
        points = int(view.get("points") or 0)
        if declarers is not None:
            attackers = "A" if declarers == 1 else "B"
            ink.blit_text(surface, f"Attackers (team {attackers}): {points} pts", px * 0.95,
                          LEGAL if points >= 80 else INK, "topleft", (x, y), False)
        else:
            ink.blit_text(surface, "Declare to fix trump", px * 0.95, MUTED, "topleft", (x, y), False)
        y += px * 1.1
        tricks = len(view.get("tricks") or [])
        ink.blit_text(surface, f"Tricks {tricks} of 25", px * 0.9, MUTED, "topleft", (x, y), False)
        y += px * 1.05
        last = view.get("last_round")
        if last:
            change = last.get("levels")
            text = f"Last round: attackers {last.get('attackers_points', 0)}"
            if change:
                text += f", levels {level_name(change[0])}/{level_name(change[1])}"
            ink.blit_text(surface, text, ink.fit(text, px * 0.8, rect.width - 20 * u), MUTED, "topleft", (x, y), False)
        if view.get("starter") is not None:  # the key to the "S" chip on a plate
            r = 11 * u  # its "S" at 1.55 r: 12.8 px at 960x540 (was 10 at 9 u)
            centre = (x + r, rect.bottom - 8 * u - r)
            layout.report("badge", pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r), "starter key")
            with layout.part_of("starter key"):
                self.draw_starter_badge(surface, centre, r)
            left = x + 2 * r + 6 * u
            key = "round starter (kitty, first lead)"
            ink.blit_text(surface, key, ink.fit(key, px * 0.8, rect.right - 10 * u - left), MUTED, "midleft",
                          (left, centre[1]), False)

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """What the bottom seat does now (or whom it waits for), over the button row."""
        t = self.table
        view = t.view
        phase = view.get("phase")
        legal = t.my_legal()
        text = ""
        if phase == "draw" and any(a.get("type") == "draw" for a in legal):
            text = "Auto-drawing\u2026 (declare any time)" if any(a.get("type") == "declare" for a in legal) \
                else "Auto-drawing\u2026"
        elif phase == "declare" and legal:
            text = "Last say: declare trump or pass"
        elif phase == "bury" and legal:
            text = "You took the kitty: choose 8 cards to bury (blue tabs: from the kitty)"
        elif phase == "play" and legal:
            text = "Your lead: select a single, pair, tractor or throw" if not view.get("trick") else "Your turn: follow"
        elif phase != "over":
            turn = view.get("turn")
            if isinstance(turn, int) and turn != t.me:
                text = f"Waiting for {t.name(turn)}"
        if text:  # over the button row, or in its place (my play in the trick is just above)
            me = t.me
            buttons = me is not None and me in t.local_seats and bool(t.menu_entries(me))
            bottom = t.seating.buttons_top() - 8 * t.u if buttons else t.seating.plate_bottom()
            t.ink.blit_text(surface, text, 24 * t.u, GOLD, "midbottom", (t.W / 2, bottom))

    def draw_pile(self, surface: pygame.Surface) -> None:
        """The draw pile's depth (backs behind its top card) and how many cards are left to draw."""
        t = self.table
        left = int(t.view.get("draw_pile") or 0)
        if t.view.get("phase") not in ("draw", "declare") or left <= 0:
            return
        rect = t.seating.draw_pile_rect()
        for i in range(min(3, left // 20), 0, -1):
            surface.blit(t.art.back(rect.size), rect.move(-3 * i * t.u, -3 * i * t.u))
        layout.report("cards", rect.union(rect.move(-9 * t.u, -9 * t.u)), "draw pile")
        t.ink.blit_text(surface, f"{t.view.get('draw_pile')} to draw", 22 * t.u, INK, "midtop",
                        (rect.centerx, rect.bottom + 6 * t.u))

    def draw_final(self, surface: pygame.Surface) -> None:
        t = self.table
        rect = pygame.Rect(0, 0, round(min(t.W * 0.64, 720 * t.u)), round(t.H * 0.34))
        rect.center = (t.W // 2, round(t.H * 0.36))
        t.ink.blit_panel(surface, rect, (4, 18, 12, 240), border=(*GOLD, 200), name="game over", kind="overlay")
        with layout.part_of("game over"):
            self._final_lines(surface, rect)

    def _final_lines(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.table
        view = t.view
        winners = [s for s in view.get("winners") or [] if isinstance(s, int)]
        names = " & ".join(t.name(s) for s in winners) or "Nobody"
        verb = "win" if len(winners) != 1 or names == "You" else "wins"
        t.ink.blit_text(surface, f"Game over: {names} {verb}!", 36 * t.u, GOLD, "midtop",
                        (rect.centerx, rect.top + 16 * t.u))
        levels = view.get("levels") or [2, 2]
        y = rect.top + 70 * t.u
        for team in (0, 1):
            members = " & ".join(t.name(s) for s in range(t.seating.players) if s % 2 == team)
            line = f"Team {'AB'[team]} ({members}): level {level_name(levels[team])}"
            t.ink.blit_text(surface, line, 26 * t.u, LEGAL if winners and winners[0] % 2 == team else INK, "midtop",
                            (rect.centerx, y), False)
            y += 34 * t.u
        last = view.get("last_round") or {}
        if last:
            text = f"Last round: attackers {last.get('attackers_points', 0)} points"
            if last.get("bonus"):
                text += f" (kitty bonus {last['bonus']})"
            t.ink.blit_text(surface, text, 22 * t.u, MUTED, "midtop", (rect.centerx, y + 6 * t.u), False)
