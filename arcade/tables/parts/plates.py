"""Who sits where: the players' names, their name plates and presence badges ("away", "bot plays")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.arcade import layout
from cardtable.arcade.anim import Vec
from cardtable.arcade.tables.parts.palette import CYAN, GOLD, INK, PANEL, Colour
from cardtable.arcade.tables.parts.placing import clear_spot

if TYPE_CHECKING:
    from cardtable.arcade.tables.base import Table

MIN_BADGE_PX = 12  # a badge's words no smaller, whatever the window (11 px at 960x540 were)
BADGE_GAP = 2  # between a badge beside its plate and the plate


class Plates:
    """Names by seat (from the lobby), badges by seat, and each plate composed once per content."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.names: list[str] = []
        self.badges: dict[int, str] = {}  # presence by seat ("away", "bot plays"), from the lobby
        self._plates: dict[tuple, pygame.Surface] = {}
        self.badge_spots: dict[int, tuple[pygame.Rect, pygame.Rect]] = {}  # seat: (plate, chip) last drawn

    def resize(self) -> None:
        self._plates.clear()

    def name(self, seat: int) -> str:
        """"You" for the only local seat; otherwise the lobby name, or "Player n" / "Seat n"."""
        table = self.table
        if seat in table.local_seats and len(table.local_seats) == 1 and not table.replaying:
            return "You"
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        if seat in table.local_seats:
            return f"Player {table.local_seats.index(seat) + 1}"
        return f"Seat {seat + 1}"

    def wins(self, seat: int) -> str:
        """"You win" or "Ann wins": the start of a winner's line."""
        who = self.table.name(seat)
        return f"{who} {'win' if who == 'You' else 'wins'}"

    def draw(self, surface: pygame.Surface, seat: int, centre: Vec, lines: list[tuple[str, Colour]],
             active: bool = False, width: float | None = None) -> pygame.Rect:
        """A small panel with a player's name and a few lines under it; gold border when they act."""
        name = self.table.name(seat)
        key = (name, tuple(lines), active, round(width) if width is not None else None)
        plate = self._plates.get(key)
        if plate is None:  # composed once per content: one blit
            if len(self._plates) > 100:
                self._plates.clear()
            plate = self._plates[key] = self._compose(name, lines, active, width)
        rect = plate.get_rect(center=(round(centre[0]), round(centre[1])))
        surface.blit(plate, rect)
        layout.report("panel", rect, f"plate {seat}")
        self.draw_badge(surface, seat, rect)
        return rect

    def draw_badge(self, surface: pygame.Surface, seat: int, plate: pygame.Rect) -> None:
        """The seat's presence badge, a small chip across the top edge of its name plate."""
        word = self.badges.get(seat)
        if not word:
            return
        u = self.table.u
        image = self.table.ink.text(word, max(MIN_BADGE_PX, 15 * u), (20, 24, 22))
        chip = self._badge_spot(seat, plate, image.get_rect().inflate(round(14 * u), round(4 * u)))
        self.badge_spots[seat] = (plate.copy(), chip.copy())
        pygame.draw.rect(surface, CYAN if word == "bot plays" else GOLD, chip, border_radius=round(8 * u))
        surface.blit(image, image.get_rect(center=chip.center))
        layout.report("badge", chip, f"presence {seat}", owner=f"plate {seat}")

    def badges_settled(self) -> bool:
        """Whether every badge drawn stands where the table's newest record of its frame puts it: a
        badge is placed from the last laid-out frame, so the first frame of a layout may need a second."""
        spots, self.badge_spots = self.badge_spots, {}
        return all(self._badge_spot(seat, plate, chip) == chip for seat, (plate, chip) in spots.items())

    def _badge_spot(self, seat: int, plate: pygame.Rect, chip: pygame.Rect) -> pygame.Rect:
        """Across the plate's top edge, else its bottom edge, else a top corner, else beside the plate
        (right, then left, level with its name): the first that touches nothing else the table drew in
        its last laid-out frame nor the scene's marks (at 960x540 a hand or the menu badge can sit a few
        pixels above a plate, and at a crowded Oh Hell table the hand of the seat below under it); the
        top edge when all touch something."""
        inside = round(chip.height * 0.45)
        level = plate.top + round(chip.height * 0.6)
        tries = []
        for anchor, point in (("midbottom", (plate.centerx, plate.top + inside)),
                              ("midtop", (plate.centerx, plate.bottom - inside)),
                              ("bottomright", (plate.right, plate.top + inside)),
                              ("bottomleft", (plate.left, plate.top + inside)),
                              ("topleft", (plate.right + BADGE_GAP, level)),
                              ("topright", (plate.left - BADGE_GAP, level))):
            box = chip.copy()
            setattr(box, anchor, point)
            tries.append((anchor, box))
        plate_name, mine = f"plate {seat}", f"presence {seat}"  # (the plate's own words are kept clear of too)
        keep_clear = [d.box.inflate(2, 2) for d in self.table.reporter.drawn
                      if d.kind not in ("backdrop", "overlay") and d.name not in (plate_name, mine) and d.owner != mine]
        keep_clear += self.table.scene_marks
        room = pygame.Rect((0, 0), self.table.size)
        spot = clear_spot(tries, room, keep_clear)
        return spot[1] if spot is not None else tries[0][1]

    def _compose(self, name: str, lines: list[tuple[str, Colour]], active: bool, width: float | None) -> pygame.Surface:
        ink, u = self.table.ink, self.table.u
        px = 22 * u
        name_px = ink.fit(name, px * 1.1, width * 1.2) if width is not None else px * 1.1  # long names shrink
        images = [ink.text(name, name_px, GOLD if active else INK)]
        images += [ink.text(t, px * 0.85, c) for t, c in lines if t]
        w = max(i.get_width() for i in images) + round(24 * u)
        if width is not None:
            w = max(w, round(width))
        h = sum(i.get_height() for i in images) + round(12 * u) + round(2 * u) * (len(images) - 1)
        border = (*GOLD, 255) if active else (255, 255, 255, 45)
        plate = ink.panel((w, h), PANEL, border=border).copy()
        y = round(6 * u)
        for image in images:
            plate.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += image.get_height() + round(2 * u)
        return plate
