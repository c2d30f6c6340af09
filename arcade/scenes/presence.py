"""Who is at the table, as the host's lobby messages tell it: presence notices ("Bo left - ..."), the
seat badges and the turn clock's last seconds on the plates, the people seated here and elsewhere, and
a spectator's label with the offer of a free seat. A part of :class:`~cardtable.arcade.scenes.table.
TableScene`, which feeds it the lobby messages and draws it over the table."""

from __future__ import annotations

import math
from typing import Any

import pygame

from cardtable.arcade import layout, ui_theme

CLEAR_MARGIN = 4  # the clear space kept around what the scene draws over the table (notices, a spectator's chip)
NOTICE_SECONDS = 6.0  # a presence notice ("Bo left - ...") stays this long
MAX_NOTICES = 2
NOTICE_GAP = 4  # between two notices
COUNTDOWN = 20.0  # the turn clock's last seconds show on the plate of the seat it runs for


class Presence:
    """The lobby's news for one table scene (``scene``: its seats, table, result and menu badge)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.app = scene.app
        self.lobby: dict[str, Any] | None = None  # the host's latest lobby message (seats, presence)
        self.notices: list[tuple[str, float]] = []  # presence notices and until when they show
        self.notice_rects: list[pygame.Rect] = []  # where they were drawn
        self._notice_spot: tuple[list[layout.Drawn], tuple, list[tuple[int, int]]] | None = None  # see place_notices
        self.take_rect = pygame.Rect(0, 0, 0, 0)  # a spectator's "Take seat N" offer
        self._watch_spot: tuple[list[layout.Drawn], tuple, tuple[int, int], bool] | None = None  # see place_watching
        self.asked_seat: int | None = None
        self.clock: tuple[list[int], float] | None = None  # the turn clock: its seats, the app time it runs out
        self.badges_shown: dict[int, str] | None = None  # what the table's plates show (see show_badges)

    # ------------------------------------------------------------------ what the host said
    def on_lobby(self, message: dict[str, Any]) -> None:
        """Presence: a notice for each arrival, departure, return and bot stepping in, and for a seat of
        this screen's that the turn clock gave to its bot; seat badges."""
        from cardtable.arcade.words import notices

        takeover = self.scene.table_info.get("takeover")
        if message.get("started") and not (self.lobby or {}).get("started"):
            self.notices = []  # the lobby's news (who sat down) is old once the game starts
        lines = notices(self.lobby, {**message, "over": self.scene.result is not None}, self.scene.local_seats,
                        takeover if isinstance(takeover, int | float) else None)
        was_away = self.away_seats()
        self.lobby = message
        if self.away_seats() - was_away:
            lines.append("You took too long: a bot plays for you. Play, or choose 'Back to my seat' in the menu")
        for line in lines:
            self.notices.append((line, self.app.time + NOTICE_SECONDS))
        self.notices = self.notices[-MAX_NOTICES:]
        self.note_clock(message)
        self.show_badges()

    def note_clock(self, message: dict[str, Any]) -> None:
        """The turn clock as the latest view or lobby tells it (none: it does not run)."""
        clock = message.get("clock")
        left = clock.get("left") if isinstance(clock, dict) else None
        if isinstance(left, int | float):
            self.clock = ([int(seat) for seat in clock.get("seats") or []], self.app.time + float(left))
        else:
            self.clock = None

    def new_table(self) -> None:
        """The scene made a new table: it shows no badges yet."""
        self.badges_shown = None
        self.show_badges()

    def show_badges(self) -> None:
        """The plates' chips: presence from the lobby, and the turn clock's last seconds."""
        table = self.scene.table
        if table is None or not hasattr(table, "set_badges"):
            return
        from cardtable.arcade.words import badges

        shown = badges(list((self.lobby or {}).get("seats") or []))
        if self.clock is not None and self.scene.result is None:
            seats, until = self.clock
            left = until - self.app.time
            if 0 < left <= COUNTDOWN:
                shown.update({seat: f"{math.ceil(left)} s" for seat in seats})
        if shown != self.badges_shown:
            self.badges_shown = shown
            table.set_badges(shown)

    # ------------------------------------------------------------------ who is where
    def seats(self) -> list[dict[str, Any]]:
        return list((self.lobby or {}).get("seats") or [])

    def away_seats(self) -> set[int]:
        """This screen's seats a bot plays because the turn clock ran out."""
        return {int(s.get("seat", i)) for i, s in enumerate(self.seats()) if s.get("away")} & set(self.scene.local_seats)

    def asking(self) -> list[dict[str, Any]]:
        """Spectators asking this screen, the table's owner, for a seat."""
        lobby = self.lobby or {}
        return list(lobby.get("asking") or []) if lobby.get("owner") and self.scene.result is None else []

    def everyone_here(self) -> bool:
        """Every person at the table plays at this screen (the other seats are bots')."""
        here = self.scene.local_seats
        return bool(here) and all(int(s.get("seat", i)) in here for i, s in enumerate(self.seats())
                                  if s.get("kind") != "bot")

    def others_seated(self) -> list[str]:
        """The people at the table besides this screen's players (connected now)."""
        return [str(s.get("name") or f"Seat {i + 1}") for i, s in enumerate(self.seats())
                if s.get("kind") == "person" and s.get("connected", True)
                and int(s.get("seat", i)) not in self.scene.local_seats]

    def turn_clock(self) -> float | None:
        """The seconds a turn waits for a person before a bot plays it (None: no clock)."""
        clock = (self.lobby or {}).get("turn_clock")
        return float(clock) if isinstance(clock, int | float) and clock > 0 else None

    def free_seat(self) -> int | None:
        """A seat truly free for a spectator now: one whose player left too long ago (a bot keeps it
        going meanwhile); a bot's own seat only where the host lets spectators take one unasked (its
        ``open_seats``, or nobody is seated to be held up). The lobby marks every bot's seat ``free``."""
        lobby = self.lobby or {}
        seats = self.seats()
        nobody_here = not any(s.get("kind") == "person" and s.get("connected", True) for s in seats)
        bots_too = bool(lobby.get("open_seats")) or nobody_here
        for i, seat in enumerate(seats):
            if seat.get("free") and (seat.get("kind") == "person" or bots_too):
                return int(seat.get("seat", i))
        return None

    def take_seat(self) -> None:
        seat = self.free_seat()
        if seat is not None and self.asked_seat is None:
            self.asked_seat = seat
            self.app.session.request({"type": "sit", "seat": seat})

    # ------------------------------------------------------------------ drawing over the table
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_notices(surface)
        if self.scene.watching:
            self.draw_watching(surface)

    def draw_notices(self, surface: pygame.Surface) -> None:
        """Who came, left, is back or is played for by a bot: a few lines under the menu badge, fading out."""
        self.notices = [(line, until) for line, until in self.notices if until > self.app.time]
        images = [ui_theme.font(15, True).render(line, True, ui_theme.colour("ink")) for line, _ in self.notices]
        self.notice_rects = [image.get_rect().inflate(20, 10) for image in images]
        self.place_notices(surface.get_size())
        for (line, until), image, rect in zip(self.notices, images, self.notice_rects, strict=True):
            back = pygame.Surface(rect.size, pygame.SRCALPHA)
            fade = min(1.0, (until - self.app.time) / 0.6)
            back.fill((6, 16, 12, int(215 * fade)))
            surface.blit(back, rect)
            pygame.draw.rect(surface, ui_theme.colour("accent"), rect, 1, border_radius=6)
            image.set_alpha(int(255 * fade))
            surface.blit(image, image.get_rect(center=rect.center))
            self.scene.report("badge", rect, f"notice {line}")

    def table_drawn(self) -> list[layout.Drawn]:
        """What the table reported drawing in its last laid-out frame (a new list after each layout; a
        plain table reports nothing: the scene's plates may go anywhere)."""
        reporter = getattr(self.scene.table, "reporter", None)
        return reporter.drawn if reporter is not None else []

    def keep_clear(self, drawn: list[layout.Drawn]) -> list[pygame.Rect]:
        """What the scene's own plates keep clear of: all the table drew but its backdrops, and the menu
        badge."""
        return [d.box for d in drawn if d.kind != "backdrop"] + [self.scene.menu_rect]

    def place_notices(self, size: tuple[int, int]) -> None:
        """Move the notices (``notice_rects``, one under another) where they touch nothing the table
        reported drawing, nor the menu badge, nor each other: each under the one before (the first under
        the menu badge) when that is clear, else along the left or the top edge nearest there, else the
        clear place nearest there. Found once per layout and notice change; over the table only when the
        window has no clear place at all."""
        from cardtable.arcade.tables.parts.placing import clear_spot

        if not self.notice_rects:  # none to place: the table's new layout is not even looked at
            return
        drawn = self.table_drawn()
        menu_rect = self.scene.menu_rect
        key = (size, tuple(menu_rect), tuple(r.size for r in self.notice_rects))
        if self._notice_spot is None or self._notice_spot[0] is not drawn or self._notice_spot[1] != key:
            room = pygame.Rect(0, 0, *size)
            keep_clear = self.keep_clear(drawn)
            below = (12, max(menu_rect.bottom, 40) + 6)
            spots = []
            for rect in self.notice_rects:
                box = pygame.Rect(below, rect.size).inflate(2 * CLEAR_MARGIN, 2 * CLEAR_MARGIN)
                edges = [box.move(0, y - box.y) for y in range(0, size[1] - box.height + 1, 8)]
                edges += [box.move(x - box.x, -box.y) for x in range(0, size[0] - box.width + 1, 8)]
                edges.sort(key=lambda edge: abs(edge.x - box.x) + abs(edge.y - box.y))
                _, box = clear_spot([(None, box)] + [(None, edge) for edge in edges], room, keep_clear,
                                    [(None, box, box)]) or (None, box)
                placed = box.inflate(-2 * CLEAR_MARGIN, -2 * CLEAR_MARGIN)
                keep_clear.append(placed)
                spots.append(placed.topleft)
                below = (placed.x, placed.bottom + NOTICE_GAP)
            self._notice_spot = (drawn, key, spots)
        for rect, spot in zip(self.notice_rects, self._notice_spot[2], strict=True):
            rect.topleft = spot

    def draw_watching(self, surface: pygame.Surface) -> None:
        """A spectator's label (this screen holds no cards of its own) and, beside it, the offer of a free
        seat: one row along the top edge, above the top seat."""
        others = max(0, int((self.lobby or {}).get("spectators") or 1) - 1)
        label = "Watching" + (f" ({others} more)" if others else "")
        free = self.free_seat()
        offer = ""
        if free is not None:
            device = self.app.mapper.last_device
            menu = "Esc" if device == "keyboard" else self.app.mapper.hint("menu", device)
            offer = ("Taking the seat…" if self.asked_seat is not None else f"Click: take seat {free + 1} and play"
                     if device == "mouse" else f"Seat {free + 1} is free: take it from the menu ({menu})")
        font = ui_theme.font(16, True)
        chip = font.render(label, True, ui_theme.colour("panel")).get_rect().inflate(22, 8)
        take = font.render(offer, True, ui_theme.colour("ink")).get_rect().inflate(22, 8) if offer else pygame.Rect(0, 0, 0, 0)
        self.place_watching(surface.get_size(), chip, take)
        pygame.draw.rect(surface, ui_theme.colour("accent"), chip, border_radius=9)
        self.scene.report("badge", chip, "Watching")
        with layout.part_of("Watching"):
            ui_theme.text(surface, label, 16, chip.center, "panel", anchor="center", bold=True)
        self.take_rect = pygame.Rect(0, 0, 0, 0)
        if offer:
            pygame.draw.rect(surface, ui_theme.colour("panel"), take, border_radius=9)
            pygame.draw.rect(surface, ui_theme.colour("accent_bright"), take, 2, border_radius=9)
            self.take_rect = take
            self.scene.report("button", take, "Take the seat")
            with layout.part_of("Take the seat"):
                ui_theme.text(surface, offer, 16, take.center, "ink", anchor="center", bold=True)

    def place_watching(self, size: tuple[int, int], chip: pygame.Rect, take: pygame.Rect) -> None:
        """Move the chip (and the offer beside it, else under it) where it touches nothing the table
        reported drawing in its layout, nor the menu badge and the notices under it: the top edge's
        middle when that is clear, else where it stood, else along the top edge nearest its middle, else
        the clear place nearest that. Found once per layout; over the top seat's cards only when the
        window has no clear place at all."""
        from cardtable.arcade.tables.parts.placing import clear_spot

        drawn = self.table_drawn()
        key = (size, chip.size, take.size, tuple(self.scene.menu_rect), tuple(tuple(r) for r in self.notice_rects))
        last = self._watch_spot if self._watch_spot is not None and self._watch_spot[1] == key else None
        if last is None or last[0] is not drawn:
            offered = 8 if take.width else 0
            shapes = {False: pygame.Rect(0, 0, chip.width + offered + take.width, max(chip.height, take.height)),
                      True: pygame.Rect(0, 0, max(chip.width, take.width), chip.height + offered + take.height)}
            for shape in shapes.values():
                shape.inflate_ip(2 * CLEAR_MARGIN, 2 * CLEAR_MARGIN)
                shape.midtop = (size[0] // 2, 6 - CLEAR_MARGIN)
            tries = [(False, shapes[False])]
            if last is not None:
                tries.append((last[3], pygame.Rect(last[2], shapes[last[3]].size)))
            tries.append((True, shapes[True]))
            for stacked, shape in shapes.items():  # then along the top edge, out from its middle
                xs = sorted(range(0, size[0] - shape.width + 1, 8), key=lambda x: abs(x - shape.x))
                tries.extend((stacked, shape.move(x - shape.x, 0)) for x in xs)
            keep_clear = self.keep_clear(drawn) + self.notice_rects
            nearest = [(stacked, box, box) for stacked, box in shapes.items()]
            stacked, box = clear_spot(tries, pygame.Rect(0, 0, *size), keep_clear, nearest) or tries[0]
            self._watch_spot = (drawn, key, box.topleft, stacked)
        _, _, (x, y), stacked = self._watch_spot
        chip.topleft = (x + CLEAR_MARGIN, y + CLEAR_MARGIN)
        take.topleft = (chip.left, chip.bottom + 8) if stacked else (chip.right + 8, chip.top)
