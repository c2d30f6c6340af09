"""What every table shares: views per local seat, layout of card sprites, tweening, effects, text and
panels, hit testing, per-seat cursors, optimistic real-time plays, hints and the frame cache.

A table is a pure function of the latest view(s) plus animation state. Subclasses implement
:meth:`Table.build` (turn the views into :class:`Sprite` s, :class:`Button` s and static labels) and
the input hooks; the base does the drawing, the motion, and the bookkeeping of optimistic plays.
It never decides legality: it highlights and sends only what ``legal`` lists.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, TypeVar

import pygame

from cardtable.arcade import fonts, layout, ui_theme
from cardtable.arcade.anim import Effect, Effects, Motion, Vec
from cardtable.arcade.cardart import CardArt, card_size
from cardtable.arcade.sound import Sounds, get_sounds

Colour = tuple[int, int, int]
Action = dict[str, Any]

T = TypeVar("T")  # the tag of a place tried by clear_spot

FELT = (22, 96, 62)
FELT_DARK = (10, 52, 34)
INK = (240, 244, 238)
MUTED = (178, 204, 186)
GOLD = (246, 200, 80)
CYAN = (90, 210, 240)
LEGAL = (120, 235, 140)
BAD = (240, 90, 80)
SOFT = (225, 235, 250)  # can be turned up or moved (not played)
HINT = (255, 120, 235)  # what the Hint button suggests
HINT_TIME = 12.0  # seconds a hint stays on the table (it goes at once when the seat's position changes)
PANEL = (8, 30, 20, 190)
# The table scene draws its menu badge in the top-left corner (in window pixels, whatever the size): a
# panel placed there starts this many pixels down, or this far right (a pad's "Start" chip included).
MENU_STRIP = 40
MENU_CORNER = (124, MENU_STRIP)
FLIP_TIME = 0.22  # seconds a card takes to turn over
FACES_PER_FRAME = 2  # new card faces a frame may draw; the rest show scaled stand-ins for a few ticks
# the cursor's marker over a card, in table units: its gap to the card, how far it bobs, its size
MARKER_GAP, MARKER_BOB, MARKER_SIZE = 6, 6, 11
MARKER_REACH = MARKER_GAP + MARKER_BOB + MARKER_SIZE * 1.2  # what must stay clear above a marked card
GLYPHS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?()+-=/&'\u00b7\u2026"
WARM_CODES = tuple(r + s for s in "SHDC" for r in "A23456789TJQK")


@dataclass(slots=True)
class Sprite:
    """One card on the table: where the latest view puts it and how it is drawn."""

    key: object
    code: str | None  # None: face down
    rect: pygame.Rect
    flipped: bool = False
    origin: Vec | None = None  # where a new card comes from
    glow: Colour | None = None
    dim: bool = False
    hit: tuple | None = None  # what clicking it means, e.g. ("hand", seat, card)
    seat: int | None = None  # the seat whose device may use it
    shadow: bool = True
    delay: float = 0.0
    mark: Colour | None = None  # a cursor marker drawn above (or below, when flipped) the card
    group: str = ""  # the layout group it belongs to ("hand 0", "trick", "captures 1"; see Table.report)


@dataclass(slots=True)
class Button:
    rect: pygame.Rect
    label: str
    action: Action | None
    seat: int | None
    enabled: bool = True
    note: str = ""  # small text under the label ("hook")
    focus: bool = False
    hit: tuple | None = None
    icon: pygame.Surface | None = None  # drawn left of the label (a suit pip, a joker)
    hinted: bool = False  # the Hint button suggests it


@dataclass(slots=True)
class Ghost:
    """A card that left the view but is still animating (a taken trick flying to its winner)."""

    key: object
    code: str | None
    size: tuple[int, int]
    ttl: float
    flipped: bool = False
    end_size: tuple[int, int] | None = None  # shrinks to this size along its flight
    fly: float = 0.0  # seconds of flight (the last part of ttl)

    def size_now(self) -> tuple[int, int]:
        if self.end_size is None or self.fly <= 0:
            return self.size
        t = max(0.0, min(1.0, 1 - (self.ttl - 0.02) / self.fly))
        return (round(self.size[0] + (self.end_size[0] - self.size[0]) * t),
                round(self.size[1] + (self.end_size[1] - self.size[1]) * t))


@dataclass(slots=True)
class Pending:
    """A real-time play shown before the host confirms it."""

    seat: int
    action: Action
    card: str
    ttl: float = 1.5


@dataclass
class Drag:
    seat: int
    card: str
    key: object
    grab: Vec  # pointer offset from the card's corner
    start: tuple[int, int]
    active: bool = False


@dataclass(slots=True)
class Toast:
    """A short message. ``seat``: whose it is (a couch table shows it on that player's side).
    ``until_change``: it answers the position as it was (a rejected move): once the seat's view
    changes it goes, after at least READ_TIME on screen."""

    text: str
    colour: Colour
    left: float
    seat: int | None = None
    until_change: bool = False
    shown: float = 0.0
    stale: bool = False

    def __getitem__(self, index: int) -> Any:
        """``toast[0]`` the text, ``[1]`` the colour, ``[2]`` the seconds left (the older list form)."""
        return (self.text, self.colour, self.left)[index]


READ_TIME = 0.9  # seconds a rejection stays up even if the position changes at once


@dataclass
class SeatInput:
    cursor: int = 0
    target: int = 0  # selected pile
    selected: str | None = None
    device: str = "keyboard"


# A hint: the input kinds whose buttons it shows (a pair shows both, or one D-pad glyph) and its words.
Hint = tuple[tuple[str, ...], str]
ARROWS = ("left", "right")
CARD_CODE = re.compile(r"\b[A2-9TJQK][SHDC]\b")
RANK_WORDS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_words(code: str) -> str:
    """A French card code as a player says it: "TD" -> "10 of diamonds" (host reasons use codes)."""
    return f"{RANK_WORDS.get(code[0], code[0])} of {SUIT_WORDS[code[1]]}"


def action_matches(action: Action, fields: dict[str, Any]) -> bool:
    return all(action.get(k) == v for k, v in fields.items())


def describe(action: Action) -> str:
    """A short button label for an action the table has no special widget for."""
    kind = str(action.get("type", "?")).replace("_", " ")
    parts = [kind.capitalize()]
    for key, value in action.items():
        if key in ("type", "choose"):
            continue
        if isinstance(value, list):
            value = " ".join(str(v) for v in value)
        parts.append(f"{value}" if key in ("card", "cards", "bid") else f"{key.replace('_', ' ')} {value}")
    if "choose" in action:
        parts.append("(choose)")
    return " ".join(parts)


class Table:
    """The base of every game table (docs/DESIGN.md, "arcade: the client": Tables)."""

    game_name = ""
    offer_hint = False  # the table scene says so: the Hint button works here (the hint bar names it)
    realtime = False

    def __init__(self, game_name: str, local_seats: list[int], art: CardArt, size: tuple[int, int]) -> None:
        self.game_name = game_name
        self.local_seats = list(local_seats)
        self.art = art
        self.sounds: Sounds = get_sounds()
        self.views: dict[int, dict[str, Any]] = {}
        self.legals: dict[int, list[Action]] = {}
        self.names: list[str] = []
        self.replaying = False  # a replay: the seat shown is called by its name, not "You", and offered no controls
        self.badges: dict[int, str] = {}  # presence by seat ("away", "bot plays"), from the lobby
        self.inputs: dict[int, SeatInput] = {s: SeatInput() for s in self.local_seats}
        self.motion = Motion()
        self.effects = Effects()
        self.sprites: list[Sprite] = []
        self.buttons: list[Button] = []
        self.ghosts: list[Ghost] = []
        self.pending: list[Pending] = []
        self.toasts: list[Toast] = []
        self.hover: Vec | None = None
        self.mouse_active = False
        self.drag: Drag | None = None
        self.asks: list[tuple[int, Action]] = []  # attempts not in the legal list: the host says why
        self._card_scale = 1.0  # settings "card size" (the property relayouts when it changes)
        self.input_mapper: Any = None  # the framework's InputMapper, for button labels in hints
        self.pace = 1.0  # the bot-speed setting's delay factor: moves the table makes by itself follow it
        self.clock = 0.0
        self._text_cache: dict[tuple, pygame.Surface] = {}
        self._fit_cache: dict[tuple, int] = {}
        self._banners: dict[tuple, pygame.Surface] = {}  # banner text on its panel, per size
        self._button_images: dict[tuple, pygame.Surface] = {}
        self._plates: dict[tuple, pygame.Surface] = {}
        self._felt: pygame.Surface | None = None
        self._static: pygame.Surface | None = None
        self._static_dirty = True
        self._panel_cache: dict[tuple, pygame.Surface] = {}
        self._hint_cache: dict[tuple, pygame.Surface] = {}  # hint bars and message panels, drawn once
        self._hint_spot: pygame.Rect | None = None  # where the hint's plate goes (found once per layout)
        self.drawn: list[layout.Drawn] = []  # what the table reported drawing in its last laid-out frame
        self._dim_cache: dict[tuple[int, int], pygame.Surface] = {}
        self._first_layout = True
        self.flips: dict[object, float] = {}  # card key -> seconds left of its turning-over animation
        self._warm: list[tuple[str, tuple[int, int], bool]] = []
        self._faces_left = FACES_PER_FRAME
        self._font_warm: list[int] = []
        self._sounds_warming = True
        self._warm_sizes: set[tuple[tuple[int, int], bool]] = set()
        self.hinted: tuple[int, Any, float] | None = None  # (seat, engine.bots.hint.Hint, seconds left)
        self.resize(size)

    @property
    def card_scale(self) -> float:
        return self._card_scale

    @card_scale.setter
    def card_scale(self, value: float) -> None:
        self._card_scale = max(0.5, min(1.6, float(value)))
        if hasattr(self, "_warm"):
            self._first_layout = True
            self.relayout()

    # -- the contract ---------------------------------------------------------------------------

    def set_view(self, seat: int, view: dict[str, Any], legal: list[Action], events: list[dict[str, Any]]) -> None:
        first = not self.views
        if view != self.views.get(seat):  # the position changed: what was said about the old one goes
            for toast in self.toasts:
                if toast.until_change and toast.seat in (seat, None):
                    toast.stale = True
            if self.hinted is not None and self.hinted[0] == seat and not self.hint_still_good(self.hinted[1], legal):
                self.hinted = None
        if isinstance(seat, int) and seat not in self.inputs:
            self.inputs[seat] = SeatInput()
        if seat == self.event_seat or (not self.local_seats and first):
            for event in events:  # handlers still see the previous view (where things were)
                self.on_event(event)
        self.views[seat] = view
        self.legals[seat] = list(legal)
        self._resolve_pending(seat, view)
        self.after_view(seat, first)
        self.relayout()

    def reject(self, seat: int, action: Action, reason: str) -> None:
        card = action.get("card")
        before = len(self.pending)
        self.pending = [p for p in self.pending if not (p.seat == seat and p.action == action)]
        if len(self.pending) != before and isinstance(card, str):
            self.effects.add(Effect("shake", key=card, duration=0.35))
        reason = CARD_CODE.sub(lambda m: card_words(m.group(0)), reason or "Not allowed")
        self.toast(reason[:1].upper() + reason[1:], BAD, seat=seat, until_change=True)
        self.sounds.play("reject")
        self.relayout(snap_back=True)

    def handle(self, command: Any, seat: int | None) -> list[tuple[int, Action]]:
        kind = getattr(command, "kind", "")
        device = getattr(command, "device", "")
        pos = getattr(command, "pos", None)
        if seat is not None and seat in self.inputs and device:
            self.inputs[seat].device = device
        self.mouse_active = device == "mouse" if device else self.mouse_active
        if kind == "point" and pos is not None:
            self.hover = (float(pos[0]), float(pos[1]))
            out = self._drag_motion(pos)
            if not out:
                return []
        elif kind == "click" and pos is not None:
            self.hover = (float(pos[0]), float(pos[1]))
            self._drag_start(pos)
            out = self.on_click(pos, seat)
            if out:
                self.drag = None
        elif kind in ("left", "right", "up", "down"):
            out = self.on_nav(kind, self.seat_for(seat))
        elif kind == "confirm":
            out = self.on_confirm(self.seat_for(seat))
        elif kind in ("pile_a", "pile_b"):
            out = self.on_pile(self.seat_for(seat), 0 if kind == "pile_a" else 1)
        elif kind == "alt":
            out = self.on_alt(self.seat_for(seat))
        elif kind == "back":
            out = self.on_back(self.seat_for(seat))
        else:
            out = []
        out = [(s, a) for s, a in out if s is not None and self.is_legal(s, a)]
        for s, a in out:
            self.on_send(s, a)
        out += self.asks  # not shown as played: the host rejects them with its reason (see reject)
        self.asks = []
        self.relayout()
        return out

    # -- dragging with the mouse ----------------------------------------------------------------
    # Commands carry presses but no releases, so a drag is read from the button state on the pointer
    # moves that follow a click: held and moved = dragging; the first move with the button up drops.

    def _drag_start(self, pos: tuple[int, int]) -> None:
        self.drag = None
        sprite = self.sprite_at(pos)
        if sprite is None or sprite.code is None or sprite.seat not in self.local_seats or sprite.hit is None:
            return
        if sprite.hit[0] not in ("hand", "card"):
            return
        at = self.motion.pos(sprite.key) or sprite.rect.topleft
        self.drag = Drag(sprite.seat, sprite.code, sprite.key, (pos[0] - at[0], pos[1] - at[1]), pos)

    def _drag_motion(self, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        drag = self.drag
        if drag is None:
            return []
        try:
            held = bool(pygame.mouse.get_pressed()[0])
        except pygame.error:
            held = False
        if held:
            if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > 12 * self.u:
                drag.active = True
            return []
        self.drag = None
        if not drag.active:
            return []
        return self.on_drop(drag.seat, drag.card, pos)

    def on_drop(self, seat: int, card: str, pos: tuple[int, int]) -> list[tuple[int, Action]]:
        """A card dragged by ``seat`` was let go at ``pos`` (subclasses: play it if it landed right)."""
        return []

    def auto_actions(self) -> list[tuple[int, Action]]:
        """Actions the table sends on its own for a local seat (routine moves with no choice in them,
        e.g. Tractor's draws). The table scene polls this every tick (not under its pause menu) and
        sends what it returns like ``handle()``'s actions; a table must not return the same action
        again before the host's next view."""
        return []

    def tick(self, dt: float) -> None:
        self.clock += dt
        if self._warm:
            code, size, flipped = self._warm.pop()
            self.art.face(code, size, flipped)
        elif self._font_warm:  # then the glyphs of every text size the table may use (3 ms each, once)
            fonts.font(self._font_warm.pop(), True).render(GLYPHS, True, INK)
        elif self._sounds_warming:  # and the sounds, made ready to play
            self._sounds_warming = self.sounds.warm_one()
        self.motion.tick(dt)
        self.effects.tick(dt)
        if self.flips:
            for key in list(self.flips):
                self.flips[key] -= dt
                if self.flips[key] <= 0:
                    del self.flips[key]
        if self.hinted is not None:
            seat, tip, left = self.hinted
            self.hinted = (seat, tip, left - dt) if left > dt else None
            if self.hinted is None:
                self.relayout()
        if self.toasts:
            for toast in self.toasts:
                toast.left -= dt
                toast.shown += dt
                if toast.stale and toast.shown >= READ_TIME:
                    toast.left = min(toast.left, 0.3)  # fades out
            self.toasts = [t for t in self.toasts if t.left > 0]
        if self.ghosts:
            for ghost in self.ghosts:
                ghost.ttl -= dt
            for ghost in [g for g in self.ghosts if g.ttl <= 0]:
                self.motion.forget(ghost.key)
            self.ghosts = [g for g in self.ghosts if g.ttl > 0]
        if self.pending:
            expired = False
            for p in self.pending:
                p.ttl -= dt
                expired = expired or p.ttl <= 0
            if expired:
                self.pending = [p for p in self.pending if p.ttl > 0]
                self.relayout()
        self.on_tick(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self._faces_left = FACES_PER_FRAME
        # what a new layout draws is kept (self.drawn): a hint's plate, placed once, and what a scene
        # draws over the table (a spectator's chip) keep clear of it
        fresh = self._static_dirty or self._static is None or (self.hinted is not None and self._hint_spot is None)
        with layout.seen() if fresh else nullcontext([]) as drawn:
            if self._static_dirty or self._static is None or layout.is_recording():
                self._render_static()
            surface.blit(self._static, (0, 0))
            self._draw_table(surface, alpha)
        if fresh:
            self.drawn = list(drawn)
        self.draw_hint(surface)
        self._draw_effects(surface)
        self._draw_toasts(surface)

    def _draw_table(self, surface: pygame.Surface, alpha: float) -> None:
        """Everything of a frame but the hint, the effects and the messages drawn over it."""
        self._report_groups()
        self.draw_under(surface, alpha)
        lifted = None
        if self.mouse_active and self.hover is not None:
            under = self.sprite_at((round(self.hover[0]), round(self.hover[1])))
            if under is not None and under.seat in self.local_seats and under.code is not None:
                lifted = under
        dragged = None
        for sprite in self.sprites:
            if self.drag is not None and self.drag.active and sprite.key == self.drag.key:
                dragged = sprite
                continue
            self._draw_sprite(surface, sprite, alpha, -7 * self.u if sprite is lifted else 0.0)
        if dragged is not None:
            self._draw_sprite(surface, dragged, alpha)
        for ghost in self.ghosts:
            pos = self.motion.pos(ghost.key, alpha)
            if pos is not None:
                image = self.art.card(ghost.code, ghost.size, ghost.flipped)
                now = ghost.size_now()
                if now != ghost.size:
                    image = pygame.transform.smoothscale(image, now)
                surface.blit(image, pos)
        self._draw_buttons(surface)
        self.draw_over(surface, alpha)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = (max(320, int(size[0])), max(200, int(size[1])))
        self.W, self.H = self.size
        self.u = min(self.W / 1280, self.H / 720)
        self._felt = None
        self._panel_cache.clear()
        self._text_cache.clear()
        if hasattr(self, "_hint_cache"):
            self._hint_cache.clear()
        self._fit_cache.clear()
        self._banners.clear()
        self._button_images.clear()
        self._plates.clear()
        if hasattr(self, "_warm"):
            self._warm.clear()
            self._warm_sizes.clear()
            # every point size of the table's text, from banners down (a new size's first text costs ~3 ms)
            self._font_warm = list(range(fonts.point_size(8), fonts.point_size(90 * self.u) + 1))
        self._first_layout = True
        self.relayout()

    def needs_privacy(self) -> bool:
        return False

    def set_badges(self, badges: dict[int, str]) -> None:
        """Who is away or played for by a bot (arcade.words.badges): a chip on the seat's name plate."""
        self.badges = dict(badges)

    def draw_badge(self, surface: pygame.Surface, seat: int, plate: pygame.Rect) -> None:
        """The seat's presence badge, a small chip across the top edge of its name plate."""
        word = self.badges.get(seat)
        if not word:
            return
        image = self.text(word, 15 * self.u, (20, 24, 22))
        chip = image.get_rect().inflate(round(14 * self.u), round(4 * self.u))
        chip.midbottom = (plate.centerx, plate.top + round(chip.height * 0.45))
        pygame.draw.rect(surface, CYAN if word == "bot plays" else GOLD, chip, border_radius=round(8 * self.u))
        surface.blit(image, image.get_rect(center=chip.center))
        self.report("badge", chip, f"presence {seat}", owner=f"plate {seat}")

    def set_names(self, names: list[str]) -> None:
        """Player names by seat (the framework knows them from the lobby)."""
        self.names = [str(n)[:20] for n in names]
        self.relayout()

    # -- helpers for subclasses -----------------------------------------------------------------

    @property
    def event_seat(self) -> int | None:
        if self.local_seats:
            return self.local_seats[0]
        return next(iter(self.views), None)

    @property
    def me(self) -> int | None:
        """The seat drawn at the bottom of the screen."""
        if self.local_seats:
            return self.local_seats[0]
        seat = next(iter(self.views), None)
        return seat if isinstance(seat, int) else 0  # a spectator watches from seat 0's side

    @property
    def view(self) -> dict[str, Any]:
        """The latest view of the bottom seat (any view when watching)."""
        me = self.me
        if me in self.views:
            return self.views[me]
        return next(iter(self.views.values()), {})

    def seat_for(self, seat: int | None) -> int | None:
        if seat is not None:
            return seat if seat in self.inputs else None
        return self.me if self.me in self.local_seats else None

    def wins(self, seat: int) -> str:
        """"You win" or "Ann wins": the start of a winner's line."""
        who = self.name(seat)
        return f"{who} {'win' if who == 'You' else 'wins'}"

    def name(self, seat: int) -> str:
        """"You" for the only local seat; otherwise the lobby name, or "Player n" / "Seat n"."""
        if seat in self.local_seats and len(self.local_seats) == 1 and not self.replaying:
            return "You"
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        if seat in self.local_seats:
            return f"Player {self.local_seats.index(seat) + 1}"
        return f"Seat {seat + 1}"

    def is_legal(self, seat: int, action: Action) -> bool:
        """``action`` is listed for ``seat`` or is a concrete instance of a listed template."""
        for legal in self.legals.get(seat, []):
            if legal == action:
                return True
            if "choose" in legal and legal.get("type") == action.get("type") and "choose" not in action:
                return all(action.get(k) == v for k, v in legal.items() if k != "choose")
        return False

    def find(self, seat: int | None, **fields: Any) -> list[Action]:
        if seat is None:
            return []
        return [a for a in self.legals.get(seat, []) if action_matches(a, fields)]

    def ask_host(self, seat: int | None, action: Action, card: str | None = None) -> None:
        """Send an attempt the legal list does not hold, so the player reads the host's reason."""
        if card is not None:
            self.effects.add(Effect("shake", key=card, duration=0.3))
        if seat is not None and not any(s == seat and a == action for s, a in self.asks):
            self.asks.append((seat, action))

    def toast(self, text: str, colour: Colour = INK, seconds: float = 2.6, seat: int | None = None,
              until_change: bool = False) -> None:
        """A short message (see :class:`Toast`); the same text again replaces the old one."""
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(Toast(text, colour, seconds, seat, until_change))

    def banner_y(self) -> float:
        return self.H / 2

    def banner(self, text: str, colour: Colour = GOLD, seconds: float = 1.1, size: float = 1.0) -> None:
        self.effects.add(Effect("banner", text, (self.W / 2, self.banner_y()), colour, seconds, size=size))

    def float_text(self, text: str, pos: Vec, colour: Colour = INK, seconds: float = 1.2) -> None:
        """A label that rises from ``pos`` and fades; one said at the same place while another is still
        there goes under it (Go-Stop's "+1 junk from Bo" and "+1 junk from You" were one smudge)."""
        x, y = pos
        mine = self._float_rect(text, 0.6, (x, y), 0.0)
        for _ in range(6):
            hit = [r for r in (self._float_rect(e.text, e.size, e.pos, e.progress) for e in self.effects.items
                               if e.kind == "float") if r.colliderect(mine)]
            if not hit:
                break
            y = max(r.bottom for r in hit) + mine.height / 2 + 2 * self.u
            mine = self._float_rect(text, 0.6, (x, y), 0.0)
        self.effects.add(Effect("float", text, (x, y), colour, seconds, size=0.6))

    def _float_rect(self, text: str, size: float, pos: Vec, progress: float) -> pygame.Rect:
        """Where a floating label is drawn at ``progress`` of its rise (see _draw_effects)."""
        image = self.text(text, 40 * self.u * size, INK)
        return image.get_rect(center=(round(pos[0]), round(pos[1] - 40 * self.u * progress)))

    def fly_away(self, key: object, code: str | None, size: tuple[int, int], start: Vec, end: Vec,
                 hold: float = 0.0, duration: float = 0.35, flipped: bool = False,
                 end_size: tuple[int, int] | None = None) -> None:
        """Show ``code`` at ``start`` for ``hold`` seconds, then glide to ``end`` (shrinking to
        ``end_size`` if given; ``end`` is then that small card's corner) and vanish."""
        self.motion.forget(key)
        self.motion.place(key, end, origin=start, duration=duration, delay=hold)
        self.ghosts = [g for g in self.ghosts if g.key != key]
        self.ghosts.append(Ghost(key, code, size, hold + duration + 0.02, flipped, end_size, duration))

    def turn_over(self, key: object) -> None:
        """Show ``key`` turning from its back to its face."""
        self.flips[key] = FLIP_TIME

    def card_px(self, fraction: float) -> tuple[int, int]:
        """A card whose height is ``fraction`` of the window height (times the card-size setting)."""
        base = min(self.H, self.W * 9 / 16)  # tall windows keep 16:9 proportions between cards and text
        return card_size(round(base * fraction * self.card_scale))

    def font(self, px: float) -> pygame.font.Font:
        """The table's font for text of size ``px`` (bold Noto Sans, see :mod:`cardtable.arcade.fonts`)."""
        return fonts.line_font(max(8, round(px)))

    def text(self, text: str, px: float, colour: Colour = INK) -> pygame.Surface:
        key = (text, round(px), colour)
        surface = self._text_cache.get(key)
        if surface is None:
            if len(self._text_cache) > 1500:
                self._text_cache.clear()
            surface = self._text_cache[key] = fonts.line(text, max(8, round(px)), colour)
        return surface

    def fit(self, text: str, px: float, width: float) -> float:
        """``px``, made smaller (in whole steps, so fonts are reused) until ``text`` fits in ``width``
        (remembered: tables fit the same texts every frame)."""
        key = (text, round(px), round(width))
        fitted = self._fit_cache.get(key)
        if fitted is None:
            if len(self._fit_cache) > 2000:
                self._fit_cache.clear()
            fitted = round(px)
            while fitted > 10 and self.font(fitted).size(text)[0] > width:
                fitted -= 2
            self._fit_cache[key] = fitted
        return fitted

    def blit_text(self, surface: pygame.Surface, text: str, px: float, colour: Colour, anchor: str, pos: Vec,
                  shadow: bool = True) -> pygame.Rect:
        """Draw one line of text (reported as a ``label`` of the layout, see :meth:`report`)."""
        image = self.text(text, px, colour)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if shadow:
            surface.blit(self.text(text, px, (0, 0, 0)), rect.move(1, 2))
        surface.blit(image, rect)
        layout.report("label", rect, text)
        return rect

    # -- what was drawn where (the layout test) ---------------------------------------------------

    def report(self, kind: str, rect: pygame.Rect, name: str = "", owner: str | None = None) -> None:
        """Say what was drawn at ``rect`` (a ``panel``, ``badge``, ``label``, ``legend``, ``cards``...;
        see :mod:`cardtable.arcade.layout`). Text, name plates, buttons, hint bars and card groups
        (:attr:`Sprite.group`) report themselves; a renderer reports the rest, so that the layout test
        can check that nothing covers what it must not. Free outside a recording."""
        layout.report(kind, rect, name, owner)

    def part_of(self, owner: str) -> Any:
        """``with self.part_of("plate 2"):`` what is reported inside belongs to (and may overlap) it."""
        return layout.part_of(owner)

    def blit_panel(self, surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int, int] = PANEL,
                   border: tuple[int, int, int, int] | None = (255, 255, 255, 40), name: str = "",
                   kind: str = "panel") -> pygame.Rect:
        """Draw a panel at ``rect`` and report it."""
        surface.blit(self.panel(rect.size, colour, border=border), rect)
        layout.report(kind, rect, name)
        return rect

    def layout_items(self, surface: pygame.Surface | None = None) -> list[layout.Drawn]:
        """Lay out and draw the table once, returning what it reported (the layout test's input)."""
        surface = surface if surface is not None else pygame.Surface(self.size)
        with layout.recording() as items:
            self.relayout()
            self.draw(surface, 1.0)
        return items

    def _report_groups(self) -> None:
        """Each card group (sprites sharing :attr:`Sprite.group`) as one ``hand`` or ``cards`` item."""
        if not layout.is_recording():
            return
        groups: dict[str, pygame.Rect] = {}
        for sprite in self.sprites:
            if sprite.group:
                box = groups.get(sprite.group)
                groups[sprite.group] = sprite.rect.copy() if box is None else box.union(sprite.rect)
        for name, box in groups.items():
            layout.report("hand" if name.startswith("hand") else "cards", box, name)

    def panel(self, size: tuple[int, int], colour: tuple[int, int, int, int] = PANEL, radius: int | None = None,
              border: tuple[int, int, int, int] | None = (255, 255, 255, 40)) -> pygame.Surface:
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = (size, colour, radius, border)
        surface = self._panel_cache.get(key)
        if surface is None:
            surface = pygame.Surface(size, pygame.SRCALPHA)
            r = radius if radius is not None else max(4, round(10 * self.u))
            pygame.draw.rect(surface, colour, surface.get_rect(), border_radius=r)
            if border:
                pygame.draw.rect(surface, border, surface.get_rect(), width=max(1, round(self.u * 1.5)),
                                 border_radius=r)
            self._panel_cache[key] = surface
        return surface

    def _legend_metrics(self, entries: list[tuple[pygame.Surface | None, str]], title: str) -> tuple[int, int, int, int, int]:
        """Icon column width, text column width, row height, padding and rows of a legend."""
        px = 17 * self.u
        icon_w = max((i.get_width() for i, _ in entries if i is not None), default=0)
        text_w = max([self.font(px).size(t)[0] for _, t in entries] + [self.font(px).size(title)[0] - icon_w])
        row = max([round(px * 0.8)] + [i.get_height() for i, _ in entries if i is not None]) + round(4 * self.u)
        return icon_w, text_w, row, round(8 * self.u), len(entries) + (1 if title else 0)

    def legend_size(self, entries: list[tuple[pygame.Surface | None, str]], title: str = "") -> tuple[int, int]:
        icon_w, text_w, row, pad, rows = self._legend_metrics(entries, title)
        return icon_w + round(8 * self.u) + text_w + 2 * pad, rows * row + 2 * pad

    def draw_legend(self, surface: pygame.Surface, entries: list[tuple[pygame.Surface | None, str]], anchor: str,
                    pos: Vec, title: str = "", name: str = "legend") -> pygame.Rect:
        """A small key to what the table's markers mean: one row per (icon, words) on a panel
        (reported as a ``legend``). Returns its rect."""
        px = 17 * self.u
        rect = pygame.Rect((0, 0), self.legend_size(entries, title))
        setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        self.blit_panel(surface, rect, (6, 24, 16, 170), border=(255, 255, 255, 35), name=name, kind="legend")
        icon_w, _text_w, row, pad, _rows = self._legend_metrics(entries, title)
        y = rect.top + pad
        with self.part_of(name):
            if title:
                self.blit_text(surface, title, px, GOLD, "midleft", (rect.left + pad, y + row / 2), False)
                y += row
            for icon, words in entries:
                if icon is not None:
                    surface.blit(icon, icon.get_rect(center=(rect.left + pad + icon_w / 2, y + row / 2)))
                self.blit_text(surface, words, px, INK, "midleft", (rect.left + pad + icon_w + 8 * self.u, y + row / 2),
                               False)
                y += row
        return rect

    def fan(self, count: int, centre_x: float, y: float, size: tuple[int, int], max_width: float,
            max_gap: float | None = None) -> list[pygame.Rect]:
        """``count`` overlapping card rects centred on ``centre_x``, never wider than ``max_width``."""
        if count <= 0:
            return []
        w, h = size
        gap = max_gap if max_gap is not None else w * 1.08
        if count > 1:
            gap = min(gap, (max_width - w) / (count - 1))
        total = w + gap * (count - 1)
        left = centre_x - total / 2
        return [pygame.Rect(round(left + i * gap), round(y), w, h) for i in range(count)]

    def hint_label(self, kind: str, seat: int | None) -> str:
        device = self.inputs[seat].device if seat in self.inputs else "keyboard"
        if self.input_mapper is not None:
            try:
                return str(self.input_mapper.hint(kind, device))
            except Exception:  # noqa: BLE001 - a hint must never break a frame
                pass
        if device.startswith("pad"):
            return {"left": "D-pad", "right": "D-pad", "up": "D-pad", "down": "D-pad", "confirm": "A",
                    "back": "B", "alt": "Y", "pile_a": "LB", "pile_b": "RB"}.get(kind, kind)
        if device == "keyboard2":
            return {"left": "A", "right": "D", "up": "W", "down": "S", "confirm": "Space", "back": "LShift",
                    "alt": "Tab", "pile_a": "Q", "pile_b": "E"}.get(kind, kind)
        return {"left": "Left", "right": "Right", "up": "Up", "down": "Down", "confirm": "Enter",
                "back": "Esc", "alt": "Tab", "pile_a": "Q", "pile_b": "E"}.get(kind, kind)

    def caps(self, seat: int | None, kinds: tuple[str, ...]) -> list[str]:
        """The key caps or pad glyphs of ``kinds`` on ``seat``'s device: a pair of keys on one cap
        ("Left/Right", "Q/E", as the menus' hint bar writes them), a pair on one D-pad one glyph (the
        axis that does it lit)."""
        device = self.seat_device(seat)
        mapper = self.input_mapper
        out: list[str] = []
        for kind in kinds:
            label = self.hint_label(kind, seat)
            if mapper is not None and hasattr(mapper, "glyph"):
                label = str(mapper.glyph(kind, device))
            if label not in out:
                out.append(label)
        if len(out) == 2 and not any(label.startswith("pad:") for label in out):
            return [f"{out[0]}/{out[1]}"]
        return out

    def mouse_hint(self, seat: int | None, words: str) -> Hint | None:
        """A hint about the mouse, only while the mouse is in use at this table (turn by turn, the
        players at one screen share it)."""
        return ((), words) if self.mouse_active else None

    @classmethod
    def legend(cls, art: Any, px: int) -> list[tuple[pygame.Surface | None, str]]:
        """What the table's markers mean, as (icon ``px`` high, words) rows: drawn on the table and
        in the rules screen. None by default."""
        return []

    # -- hooks for subclasses -------------------------------------------------------------------

    def build(self) -> None:
        """Fill ``self.sprites`` and ``self.buttons`` from the views (and the cursors)."""

    def draw_static(self, surface: pygame.Surface) -> None:
        """Things that change only with the view: slots, labels, panels (drawn once per layout)."""

    def draw_under(self, surface: pygame.Surface, alpha: float) -> None:
        """Drawn every frame under the cards."""

    def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
        """Drawn every frame over the cards (cursors, overlays)."""

    def on_event(self, event: dict[str, Any]) -> None:
        """A public event from the host (sounds, banners, flights)."""

    def after_view(self, seat: int, first: bool) -> None:
        """Called after a new view was stored, before the layout."""

    def on_tick(self, dt: float) -> None:
        """Per-tick work of a subclass (countdowns)."""

    def on_click(self, pos: tuple[int, int], seat: int | None) -> list[tuple[int, Action]]:
        button = self.button_at(pos, seat)
        if button is not None and button.enabled and button.action is not None and button.seat is not None:
            return [(button.seat, button.action)]
        return []

    def on_nav(self, kind: str, seat: int | None) -> list[tuple[int, Action]]:
        return []

    def on_confirm(self, seat: int | None) -> list[tuple[int, Action]]:
        return []

    def on_pile(self, seat: int | None, pile: int) -> list[tuple[int, Action]]:
        return []

    def on_alt(self, seat: int | None) -> list[tuple[int, Action]]:
        return []

    def on_back(self, seat: int | None) -> list[tuple[int, Action]]:
        if seat in self.inputs:
            self.inputs[seat].selected = None
        return []

    def on_send(self, seat: int, action: Action) -> None:
        """An action is about to go to the host: optimistic display, sound."""
        if self.realtime and action.get("type") == "play" and isinstance(action.get("card"), str):
            self.pending.append(Pending(seat, action, action["card"]))
        kind = action.get("type")
        self.sounds.play({"play": "play", "slap": "slap", "choose": "slap", "ready": "tick", "spit": "spit",
                          "bid": "tick", "flip": "spit"}.get(str(kind), "flip"))

    def pending_cards(self, seat: int | None = None) -> dict[str, Pending]:
        return {p.card: p for p in self.pending if seat is None or p.seat == seat}

    def _resolve_pending(self, seat: int, view: dict[str, Any]) -> None:
        """Drop optimistic plays the host has carried out (the card is no longer the seat's to play)."""
        if not self.pending:
            return
        own = set(self.own_cards(seat, view))
        self.pending = [p for p in self.pending if p.seat != seat or p.card in own]

    def own_cards(self, seat: int, view: dict[str, Any]) -> list[str]:
        """Cards ``seat`` could still play (hand, face-up layout tops): optimistic plays wait on these."""
        return list(view.get("hand") or [])

    # -- hit testing ----------------------------------------------------------------------------

    def sprite_at(self, pos: tuple[int, int], seat: int | None = None) -> Sprite | None:
        for sprite in reversed(self.sprites):
            if sprite.hit is None:
                continue
            if seat is not None and sprite.seat is not None and sprite.seat != seat:
                continue
            current = self.motion.pos(sprite.key) or sprite.rect.topleft
            if pygame.Rect(round(current[0]), round(current[1]), *sprite.rect.size).collidepoint(pos):
                return sprite
        return None

    def button_at(self, pos: tuple[int, int], seat: int | None = None) -> Button | None:
        for button in self.buttons:
            if button.rect.collidepoint(pos) and (seat is None or button.seat in (None, seat)):
                return button
        return None

    # -- layout and drawing ---------------------------------------------------------------------

    def relayout(self, snap_back: bool = False) -> None:
        self._hint_spot = None
        self.sprites = []
        self.buttons = []
        if self.views:
            self.build()
            if self.hinted is not None:
                self._mark_hint()
        jump = self._first_layout and bool(self.views)
        for sprite in self.sprites:
            if jump:
                self.motion.jump(sprite.key, sprite.rect.topleft)
            else:
                self.motion.place(sprite.key, sprite.rect.topleft, origin=sprite.origin, delay=sprite.delay,
                                  back=snap_back)
        keep = {s.key for s in self.sprites} | {g.key for g in self.ghosts}
        self.motion.retain(keep)
        self._queue_warm()
        if self.views:
            self._first_layout = False
        self._static_dirty = True

    # -- the Hint button ------------------------------------------------------------------------

    def show_hint(self, seat: int, tip: Any) -> None:
        """Show the suggestion ``tip`` (an ``engine.bots.hint.Hint``) for ``seat``: its cards, pile and
        button glow until the seat's position changes, and its reason is said."""
        if seat not in self.views:
            return
        self.hinted = (seat, tip, HINT_TIME)
        self.relayout()
        if not self._hint_targets():  # nothing on the table to point at: say it where messages go
            self.toast(self.hint_words(tip), HINT, seconds=HINT_TIME, seat=seat, until_change=True)

    @staticmethod
    def hint_words(tip: Any) -> str:
        reason = tip.reason or describe(tip.action)
        return f"Hint: {reason[:1].upper()}{reason[1:]}"

    def _hint_targets(self) -> list[pygame.Rect]:
        return [s.rect for s in self.sprites if s.glow == HINT] + [b.rect for b in self.buttons if b.hinted]

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The hint's reason on a plate beside what it lights up: under buttons, over cards."""
        if self.hinted is None:
            return
        targets = self._hint_targets()
        if not targets:
            return
        seat, tip, left = self.hinted
        own = [s.rect for s in self.sprites if s.glow == HINT and s.seat == seat]
        lit = [b.rect for b in self.buttons if b.hinted]
        anchor = own or lit or targets
        around = anchor[0].unionall(anchor[1:])
        px = 20 * self.u
        words = self.hint_words(tip)
        px = self.fit(words, px, self.W * 0.6)
        image = self.text(words, px, HINT)
        pad = round(8 * self.u)
        plate = pygame.Rect(0, 0, image.get_width() + 2 * pad, image.get_height() + pad)
        if self._hint_spot is None or self._hint_spot.size != plate.size:
            self._place_hint(plate, around, bool(own), round(8 * self.u))
            self._hint_spot = plate.copy()
        plate = self._hint_spot
        fade = min(1.0, left / 0.4)
        panel = self.panel(plate.size, (20, 8, 24, 225), border=(*HINT, 200))
        self.blit_faded(surface, panel, plate, fade)
        self.blit_faded(surface, image, image.get_rect(center=plate.center), fade)
        self.report("panel", plate, "hint")

    def _place_hint(self, plate: pygame.Rect, around: pygame.Rect, over_cards: bool, gap: int) -> None:
        """Put the hint's plate over the cards it lights (or beside or under a button or pile) where it
        covers nothing the frame reported drawing: the first such place of those tried, else the nearest."""
        room = pygame.Rect(0, MENU_STRIP, self.W, self.H - MENU_STRIP)
        over = plate.copy()
        over.midbottom = (around.centerx, around.top - gap)
        under = plate.copy()
        under.midtop = (around.centerx, around.bottom + gap)
        right = plate.copy()
        right.midleft = (around.right + gap, around.centery)
        left = plate.copy()
        left.midright = (around.left - gap, around.centery)
        tries = [over, under, right, left] if over_cards else [under, right, over, left]
        keep_clear = [d.box for d in self.drawn if d.kind not in ("backdrop", "overlay")]
        spot = clear_spot([(None, place) for place in tries], room, keep_clear, [(None, plate, around)])
        plate.topleft = spot[1].topleft if spot is not None else tries[0].clamp(room).topleft

    def hint_still_good(self, tip: Any, legal: list[Action]) -> bool:

        """Whether a hint still fits a seat's new position. In a turn game a hint is about one position:
        any change ends it. In a real-time game the other player keeps moving; the hint stands while
        its action is still legal."""
        return self.realtime and tip.action in legal

    def hint_sprites(self, seat: int, tip: Any) -> list[Sprite]:
        """The sprites a hint lights up: the seat's own cards it plays (each copy once) and the top card
        of the pile it plays onto. Tables with other things to point at add them."""
        wanted = Counter(tip.cards)
        out = []
        for sprite in self.sprites:
            if sprite.seat == seat and sprite.code is not None and wanted[sprite.code] > 0:
                wanted[sprite.code] -= 1
                out.append(sprite)
        if tip.pile is not None:
            tops = [s for s in self.sprites if s.hit == ("pile", tip.pile)]
            out += tops[-1:]
        if tip.place is not None and tip.action.get("type") == "turn":  # Spit: the face-down card to turn up
            out += [s for s in self.sprites if s.seat == seat and s.hit == ("turn", tip.place)]
        return out

    def _mark_hint(self) -> None:
        seat, tip, _ = self.hinted  # type: ignore[misc]
        for sprite in self.hint_sprites(seat, tip):
            sprite.glow = HINT
        for button in self.buttons:
            if button.action is not None and button.action == tip.action and button.seat in (seat, None):
                button.hinted = True

    def _queue_warm(self) -> None:
        """Draw the faces of the whole deck at the sizes in use, one per tick, before they are needed."""
        for sprite in self.sprites:
            if sprite.code is None or len(sprite.code) != 2:
                continue
            key = (sprite.rect.size, sprite.flipped)
            if key not in self._warm_sizes:
                self._warm_sizes.add(key)
                self._warm.extend((code, sprite.rect.size, sprite.flipped) for code in WARM_CODES)

    def _render_felt(self) -> pygame.Surface:
        small = pygame.Surface((64, 36))
        for y in range(36):
            for x in range(64):
                d = math.hypot((x - 31.5) / 32, (y - 17.5) / 20)
                t = min(1.0, d ** 1.6 * 0.75)
                small.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in zip(FELT, FELT_DARK, strict=True)))
        felt = pygame.transform.smoothscale(small, self.size)
        ring = pygame.Surface((self.W * 2, self.H * 2), pygame.SRCALPHA)
        box = pygame.Rect(0, 0, round(self.W * 2 * 0.56), round(self.H * 2 * 0.5))
        box.center = (self.W, round(self.H * 2 * 0.47))
        pygame.draw.ellipse(ring, (200, 235, 200, 34), box, max(2, round(4 * self.u)))
        felt.blit(pygame.transform.smoothscale(ring, self.size), (0, 0))
        return felt.convert() if pygame.display.get_surface() is not None else felt

    def _render_static(self) -> None:
        if self._felt is None or self._felt.get_size() != self.size:
            self._felt = self._render_felt()
        if self._static is None or self._static.get_size() != self.size:
            self._static = self._felt.copy()
        else:
            self._static.blit(self._felt, (0, 0))
        if self.views:
            self.draw_static(self._static)
        self._static_dirty = False

    def _dim(self, size: tuple[int, int]) -> pygame.Surface:
        surface = self._dim_cache.get(size)
        if surface is None:
            surface = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surface, (10, 20, 15, 110), surface.get_rect(), border_radius=round(size[0] * 0.08))
            self._dim_cache[size] = surface
        return surface

    def _draw_sprite(self, surface: pygame.Surface, sprite: Sprite, alpha: float, lift: float = 0.0) -> None:
        pos = self.motion.pos(sprite.key, alpha) or sprite.rect.topleft
        drag = self.drag
        if drag is not None and drag.active and drag.key == sprite.key and self.hover is not None:
            pos = (self.hover[0] - drag.grab[0], self.hover[1] - drag.grab[1])
            self.motion.jump(sprite.key, pos)  # let go anywhere, it glides back from here
        x, y = pos[0], pos[1] + (lift if not sprite.flipped else -lift)
        if sprite.code is not None:
            shake = self.effects.shake_offset(sprite.code)
            if shake:
                x += shake * 8 * self.u
        size = sprite.rect.size
        turning = self.flips.get(sprite.key) if sprite.code is not None else None
        stand_in = self._face_stand_in(sprite.code, size, sprite.flipped) if turning is None else None
        if stand_in is not None:  # the real face is drawn on a later tick: meanwhile, a scaled one
            if sprite.shadow:
                pad = self.art.glow_pad(size)
                surface.blit(self.art.shadow(size), (x - pad + 2 * self.u, y - pad + 4 * self.u))
            surface.blit(stand_in, (x, y))
            self._draw_sprite_marks(surface, sprite, x, y)
            return
        if sprite.shadow and sprite.glow is None and turning is None:  # the card and its shadow: one blit
            pad = self.art.glow_pad(size)
            shadowed = self.art.shadowed(sprite.code, size, sprite.flipped, (round(2 * self.u), round(4 * self.u)))
            surface.blit(shadowed, (x - pad, y - pad))
            self._draw_sprite_marks(surface, sprite, x, y)
            return
        if sprite.shadow:
            pad = self.art.glow_pad(size)
            surface.blit(self.art.shadow(size), (x - pad + 2 * self.u, y - pad + 4 * self.u))
        if sprite.glow is not None:
            pad = self.art.glow_pad(size)
            surface.blit(self.art.glow(size, sprite.glow), (x - pad, y - pad))
        if turning is not None:
            t = 1 - max(0.0, turning) / FLIP_TIME
            image = self.art.card(sprite.code if t >= 0.5 else None, size, sprite.flipped)
            width = max(1, round(size[0] * abs(math.cos(math.pi * t))))
            surface.blit(pygame.transform.scale(image, (width, size[1])), (x + (size[0] - width) / 2, y))
            return
        surface.blit(self.art.card(sprite.code, size, sprite.flipped), (x, y))
        self._draw_sprite_marks(surface, sprite, x, y)

    def _face_stand_in(self, code: str | None, size: tuple[int, int], flipped: bool) -> pygame.Surface | None:
        """Faces cost milliseconds to draw the first time at a size (a court card up to 4 ms), and a
        table that shrinks its cards (a Rummy table filling up) needs dozens at once: each frame draws at
        most FACES_PER_FRAME new ones and shows the rest scaled from another size, queued to be drawn
        on the next ticks. None: draw the real face (drawn already, within the budget, or no stand-in)."""
        art = self.art
        if code is None or not hasattr(art, "has") or art.has(size, ("face", code, flipped)):
            return None
        if self._faces_left > 0:
            self._faces_left -= 1
            return None
        image = art.stand_in(size, ("face", code, flipped))
        if image is not None:
            self._warm.append((code, size, flipped))
        return image

    def _draw_sprite_marks(self, surface: pygame.Surface, sprite: Sprite, x: float, y: float) -> None:
        """What goes over a card: the dimming of a card that cannot be played, the cursor's marker."""
        size = sprite.rect.size
        if sprite.dim:
            surface.blit(self._dim(size), (x, y))
        if sprite.mark is not None and not self.replaying:  # a replay offers no controls
            with layout.quiet() if sprite.key in self.motion.moving_keys() else nullcontext():  # where it lands counts
                self.draw_marker(surface, (x + size[0] / 2, y), sprite.mark, below=sprite.flipped,
                                 height=size[1], owner=sprite.group)

    def draw_marker(self, surface: pygame.Surface, top_centre: Vec, colour: Colour, below: bool = False,
                    height: float = 0.0, owner: str = "") -> None:
        """A bouncing triangle pointing at a card: the keyboard/gamepad cursor. It reports the whole
        room it bobs through (a ``badge`` that may touch ``owner``, the card's group)."""
        u = self.u
        bob = (math.sin(self.clock * 6) + 1) * MARKER_BOB / 2 * u
        s = MARKER_SIZE * u
        x = top_centre[0]
        if below:
            near = top_centre[1] + height + MARKER_GAP * u
            y = near + bob
            points = [(x, y), (x - s, y + s * 1.2), (x + s, y + s * 1.2)]
            room = pygame.Rect(round(x - s), round(near), round(2 * s), round((MARKER_REACH - MARKER_GAP) * u))
        else:
            near = top_centre[1] - MARKER_GAP * u
            y = near - bob
            points = [(x, y), (x - s, y - s * 1.2), (x + s, y - s * 1.2)]
            room = pygame.Rect(round(x - s), round(top_centre[1] - MARKER_REACH * u), round(2 * s),
                               round((MARKER_REACH - MARKER_GAP) * u))
        pygame.draw.polygon(surface, (0, 0, 0), [(px + 1, py + 2) for px, py in points])
        pygame.draw.polygon(surface, colour, points)
        self.report("badge", room, "cursor", owner=owner)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        labels = Counter(b.label for b in self.buttons)
        recording = layout.is_recording()
        for i, button in enumerate(self.buttons):
            rect = button.rect
            name = f"button {button.label}" if labels[button.label] == 1 else f"button {button.label} ({i + 1})"
            hovered = self.mouse_active and self.hover is not None and rect.collidepoint(self.hover)
            if button.hinted:
                self._hint_ring(surface, rect)
            if recording:  # drawn in place, so that each part reports where it is
                self._paint_button(surface, button, rect, hovered, name)
                continue
            key = (rect.size, button.label, button.note, button.enabled, button.focus, hovered,
                   id(button.icon) if button.icon is not None else None)
            image = self._button_images.get(key)
            if image is None:  # a button is one cached image: one blit a frame
                if len(self._button_images) > 200:
                    self._button_images.clear()
                colour, border = self._button_look(button, hovered)
                image = self.panel(rect.size, colour, border=border).copy()
                self._paint_button(image, button, image.get_rect(), hovered, name, on_panel=True)
                self._button_images[key] = image
            surface.blit(image, rect)

    def _hint_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The magenta ring round a button the Hint button suggests."""
        pad = max(2, round(4 * self.u))
        pygame.draw.rect(surface, HINT, rect.inflate(2 * pad, 2 * pad), width=max(2, round(3 * self.u)),
                         border_radius=max(4, round(12 * self.u)))

    @staticmethod
    def _button_look(button: Button, hovered: bool) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
        """A button's panel colour and border."""
        if not button.enabled:
            colour = (40, 50, 45, 200)
        elif button.focus or hovered:
            colour = (236, 190, 70, 245)
        else:
            colour = (20, 70, 48, 235)
        return colour, (255, 240, 190, 230) if button.focus else (255, 255, 255, 70)

    def _paint_button(self, surface: pygame.Surface, button: Button, rect: pygame.Rect, hovered: bool,
                      name: str, on_panel: bool = False) -> None:
        """Draw ``button`` at ``rect`` of ``surface`` (``on_panel``: the surface is its panel already)."""
        if not on_panel:
            colour, border = self._button_look(button, hovered)
            surface.blit(self.panel(rect.size, colour, border=border), rect)
        self.report("button", rect, name)
        ink = (30, 24, 10) if button.enabled and (button.focus or hovered) else (INK if button.enabled else (120, 130, 125))
        px = min(rect.height * 0.55, 30 * self.u)
        cx = rect.centerx
        room = rect.width - 12 * self.u - (button.icon.get_width() + 6 * self.u if button.icon is not None else 0)
        px = self.fit(button.label, px, room)
        if button.icon is not None:  # the icon and the words centred together
            words = max(self.font(px).size(button.label)[0], self.font(px * 0.5).size(button.note)[0])
            gap = 6 * self.u
            left = rect.centerx - (button.icon.get_width() + gap + words) / 2
            surface.blit(button.icon, button.icon.get_rect(midleft=(round(left), rect.centery)))
            cx = left + button.icon.get_width() + gap + words / 2
        with self.part_of(name):
            if button.note:
                self.blit_text(surface, button.label, px, ink, "center", (cx, rect.centery - px * 0.22), False)
                self.blit_text(surface, button.note, px * 0.5, BAD if not button.enabled else ink, "center",
                               (cx, rect.bottom - px * 0.42), False)
            else:
                self.blit_text(surface, button.label, px, ink, "center", (cx, rect.centery), False)
        if not button.enabled and button.note:
            pygame.draw.line(surface, BAD, (rect.left + 6, rect.bottom - 6), (rect.right - 6, rect.top + 6), 2)

    def _draw_effects(self, surface: pygame.Surface) -> None:
        for effect in self.effects.items:
            p = effect.progress
            if effect.kind == "banner":
                scale = round(0.7 + 0.3 * min(1.0, p * 6), 1)
                fade = 1.0 if p < 0.7 else max(0.0, (1 - p) / 0.3)
                image = self._banner_image(effect.text, 84 * self.u * effect.size, effect.colour, scale)
                self.blit_faded(surface, image, image.get_rect(center=(round(self.W / 2), round(self.banner_y()))), fade)
            elif effect.kind == "float":
                px = 40 * self.u * effect.size
                image = self.text(effect.text, px, effect.colour)
                self.blit_faded(surface, image, self._float_rect(effect.text, effect.size, effect.pos, p), 1 - p)
            elif effect.kind == "flash":  # a brightening of the whole table: an additive fill is one fast pass
                light = round(60 * (1 - p))
                surface.fill((light, light, light), special_flags=pygame.BLEND_RGB_ADD)

    def _banner_image(self, text: str, px: float, colour: Colour, scale: float = 1.0) -> pygame.Surface:
        """A banner's text on its dark panel, composed once (one blit a frame, not two); the smaller
        steps of its pop-in are that image scaled down, not text set again at three more sizes (new
        font sizes cost milliseconds the first time)."""
        key = (text, round(px), colour, scale)
        image = self._banners.get(key)
        if image is None:
            if len(self._banners) > 80:
                self._banners.clear()
            if scale != 1.0:
                full = self._banner_image(text, px, colour)
                size = (max(1, round(full.get_width() * scale)), max(1, round(full.get_height() * scale)))
                image = pygame.transform.smoothscale(full, size)
            else:
                words = self.text(text, px, colour)
                image = self.panel((words.get_width() + round(60 * self.u), words.get_height() + round(24 * self.u)),
                                   (0, 0, 0, 150)).copy()
                image.blit(words, words.get_rect(center=image.get_rect().center))
            self._banners[key] = image
        return image

    def toast_place(self) -> tuple[float, int]:
        """Where toasts go (centre y of the first) and how many show at once."""
        return self.H * 0.62, 3

    def toast_groups(self) -> list[tuple[list[Toast], Vec, float]]:
        """Which toasts go where: (toasts, centre of the first, width they may take). One group in the
        middle by default (see :meth:`toast_place`); a couch table gives each player their own."""
        y, count = self.toast_place()
        return [(self.toasts[-count:], (self.W / 2, y), self.W * 0.9)]

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        for toasts, (x, y), width in self.toast_groups():
            for toast in toasts:
                y += self._draw_toast(surface, toast, x, y, width) + 6 * self.u

    def _draw_toast(self, surface: pygame.Surface, toast: Toast, x: float, y: float, width: float) -> int:
        """One toast centred at (x, y), no wider than ``width``; returns its height."""
        image = self.text(toast.text, self.fit(toast.text, 26 * self.u, width), toast.colour)
        back = self.panel((image.get_width() + round(30 * self.u), image.get_height() + round(14 * self.u)),
                          (0, 0, 0, 200), border=(*toast.colour, 160))
        rect = back.get_rect(center=(round(x), round(y)))
        fade = min(1.0, toast.left / 0.4)
        self.blit_faded(surface, back, rect, fade)
        self.blit_faded(surface, image, image.get_rect(center=rect.center), fade)
        return rect.height

    @staticmethod
    def blit_faded(surface: pygame.Surface, image: pygame.Surface, where: Any, fade: float) -> None:
        """Blit a (cached) image at ``fade`` opacity and leave it opaque again: alpha back to 255, never
        None (on a per-pixel-alpha surface pygame-ce's set_alpha(None) turns blending off, and the
        cached text would then draw as a solid box)."""
        if fade >= 1.0:
            surface.blit(image, where)
            return
        image.set_alpha(max(0, round(255 * fade)))
        surface.blit(image, where)
        image.set_alpha(255)

    def draw_hints(self, surface: pygame.Surface, hints: Iterable[Hint | None], x: float | None = None,
                   y: float | None = None, anchor: str = "midbottom") -> None:
        """A bar of hints along the bottom for the player at this screen: each hint's buttons as key
        caps, or as the pad's own buttons for a pad player, then its words (``None`` hints are left
        out: a :meth:`mouse_hint` for someone not using the mouse)."""
        shown = [h for h in self.with_hint_button(self.me, hints) if h is not None and h[1]]
        image = self.hint_image(self.me, shown, self.W * 0.94)
        if image is None:
            return
        pos = (self.W / 2 if x is None else x, self.H - 4 * self.u if y is None else y)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        self.report("hints", rect, " \u00b7 ".join(" ".join([*self.caps(self.me, kinds), words]) for kinds, words in shown))

    def with_hint_button(self, seat: int | None, hints: Iterable[Hint | None]) -> list[Hint | None]:
        """``hints`` and, last (the first to go when the bar is short of room), the Hint button when
        the seat has something to do: a newcomer learns that H (or a stick click) suggests a move."""
        out = list(hints)
        legal = self.legals.get(seat) if seat is not None else None
        choice = legal and any(a.get("type") != "ready" for a in legal)  # (Speed's count: nothing to choose)
        if self.offer_hint and choice and not self.needs_privacy():
            out.append((("hint",), "hint"))
        return out

    def seat_device(self, seat: int | None) -> str:
        return self.inputs[seat].device if seat in self.inputs else "keyboard"

    def hint_image(self, seat: int | None, hints: list[Hint | None], width: float,
                   flipped: bool = False) -> pygame.Surface | None:
        """The seat's hint bar (key caps or pad glyphs and words) on a translucent strip, cached."""
        items = tuple((tuple(self.caps(seat, kinds)), words) for kinds, words in filter(None, hints) if words)
        if not items:
            return None
        key = ("hints", items, round(width), flipped)
        image = self._hint_cache.get(key)
        if image is None:
            image = self.hint_bar(list(items), width)
            if flipped:
                image = pygame.transform.rotate(image, 180)
            if len(self._hint_cache) > 80:
                self._hint_cache.clear()
            self._hint_cache[key] = image
        return image

    def hint_bar(self, items: list[tuple[tuple[str, ...], str]], width: float) -> pygame.Surface:
        """A hint bar no wider than ``width`` (smaller text first, then the last hints dropped): each
        hint's buttons as key caps or pad glyphs, then its words, all one line of table text tall."""
        px = 19 * self.u
        while True:
            words = [self.text(w, px, MUTED) for _, w in items]
            cap_h = words[0].get_height() + round(8 * self.u)
            caps = [[self.hint_cap(c, cap_h, px * 0.85) for c in cs] for cs, _ in items]
            gap = round(6 * self.u)
            widths = [sum(c.get_width() + gap for c in cs) + w.get_width() for cs, w in zip(caps, words, strict=True)]
            total = sum(widths) + round(26 * self.u) * (len(items) - 1) + round(24 * self.u)
            if total <= width:
                break
            if px > 12:
                px -= 1
            elif len(items) > 1:
                items = items[:-1]  # the least of them (they come most needed first) makes room
            else:
                break
        image = pygame.Surface((total, cap_h + round(2 * self.u)), pygame.SRCALPHA)
        pygame.draw.rect(image, (0, 0, 0, 110), image.get_rect(), border_radius=max(4, round(10 * self.u)))
        x, mid = round(12 * self.u), image.get_height() // 2
        for cs, w, span in zip(caps, words, widths, strict=True):
            left = x
            for cap in cs:
                image.blit(cap, cap.get_rect(midleft=(x, mid)))
                x += cap.get_width() + gap
            image.blit(w, w.get_rect(midleft=(x, mid)))
            x = left + span + round(26 * self.u)
        return image

    def hint_cap(self, label: str, height: int, px: float) -> pygame.Surface:
        """A key cap ("Enter", its name in ``px`` text) or a pad glyph ("pad:A") ``height`` pixels tall."""
        key = ("cap", label, height, round(px))
        image = self._hint_cache.get(key)
        if image is not None:
            return image
        if label.startswith("pad:"):
            size = 8
            while ui_theme.font(size + 1, True).get_height() + 4 <= height:
                size += 1
            scratch = pygame.Surface((ui_theme.cap_width(label, size) + 2, height + 2), pygame.SRCALPHA)
            with layout.quiet():
                drawn = ui_theme.chip(scratch, label, (0, 0), size)
            image = scratch.subsurface(drawn.clip(scratch.get_rect())).copy()
        else:
            text = self.text(label, px, (10, 33, 25))
            image = pygame.Surface((max(height, text.get_width() + round(10 * self.u)), height), pygame.SRCALPHA)
            pygame.draw.rect(image, GOLD, image.get_rect(), border_radius=max(3, height // 4))
            image.blit(text, text.get_rect(center=image.get_rect().center))
        self._hint_cache[key] = image
        return image

    def name_plate(self, surface: pygame.Surface, seat: int, centre: Vec, lines: list[tuple[str, Colour]],
                   active: bool = False, width: float | None = None) -> pygame.Rect:
        """A small panel with a player's name and a few lines under it; gold border when they act."""
        name = self.name(seat)
        key = (name, tuple(lines), active, round(width) if width is not None else None)
        plate = self._plates.get(key)
        if plate is None:  # composed once per content: one blit
            if len(self._plates) > 100:
                self._plates.clear()
            plate = self._plates[key] = self._compose_plate(name, lines, active, width)
        rect = plate.get_rect(center=(round(centre[0]), round(centre[1])))
        surface.blit(plate, rect)
        self.report("panel", rect, f"plate {seat}")
        self.draw_badge(surface, seat, rect)
        return rect

    def _compose_plate(self, name: str, lines: list[tuple[str, Colour]], active: bool,
                       width: float | None) -> pygame.Surface:
        px = 22 * self.u
        name_px = self.fit(name, px * 1.1, width * 1.2) if width is not None else px * 1.1  # long names shrink
        images = [self.text(name, name_px, GOLD if active else INK)]
        images += [self.text(t, px * 0.85, c) for t, c in lines if t]
        w = max(i.get_width() for i in images) + round(24 * self.u)
        if width is not None:
            w = max(w, round(width))
        h = sum(i.get_height() for i in images) + round(12 * self.u) + round(2 * self.u) * (len(images) - 1)
        border = (*GOLD, 255) if active else (255, 255, 255, 45)
        plate = self.panel((w, h), PANEL, border=border).copy()
        y = round(6 * self.u)
        for image in images:
            plate.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += image.get_height() + round(2 * self.u)
        return plate


def clear_spot(tries: Sequence[tuple[T, pygame.Rect]], room: pygame.Rect, keep_clear: list[pygame.Rect],
               nearest: Sequence[tuple[T, pygame.Rect, pygame.Rect]] = ()) -> tuple[T, pygame.Rect] | None:
    """Where something goes so that it covers nothing in ``keep_clear``: the first of ``tries`` (each a
    tag, such as a shape's name, and a box) inside ``room`` and clear; else, for the first ``(tag, box,
    around)`` of ``nearest`` that has one, the clear place in ``room`` nearest ``around``
    (:func:`nearest_clear`); None when there is none. The hint's plate, a spectator's chip and
    the presence notices are placed with it."""
    for tag, box in tries:
        if room.contains(box) and box.collidelist(keep_clear) < 0:
            return tag, box
    for tag, box, around in nearest:
        spot = nearest_clear(box, around, room, keep_clear)
        if spot is not None:
            return tag, pygame.Rect(spot, box.size)
    return None


def nearest_clear(plate: pygame.Rect, around: pygame.Rect, room: pygame.Rect,
                  keep_clear: list[pygame.Rect]) -> tuple[int, int] | None:
    """The top-left of the place for ``plate`` nearest to ``around`` on a grid over ``room`` (a step of
    its height) that covers nothing in ``keep_clear``; None when there is none. Only places nearer
    than the best so far are tested: ~0.3 ms once per layout while a hint shows."""
    step = max(8, plate.height)
    w, h = plate.size
    cx, cy = around.centerx - w // 2, around.centery - h // 2
    best, best_d = None, None
    probe = plate.copy()
    for y in range(room.top, room.bottom - h + 1, step):
        for x in range(room.left, room.right - w + 1, step):
            d = (x - cx) ** 2 + (y - cy) ** 2
            if best_d is not None and d >= best_d:
                continue
            probe.topleft = (x, y)
            if probe.collidelist(keep_clear) < 0:
                best, best_d = (x, y), d
    return best
