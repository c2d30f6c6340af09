"""The players' input at this screen: each local seat's device and cursor, the pointer (hover, dragging
a card), what a command means to the table's hooks, hit testing, and what each device calls a command."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.arcade.anim import Vec
from cardtable.arcade.tables.parts.pieces import Action, Button, Sprite

if TYPE_CHECKING:
    from cardtable.arcade.tables.base import Table

KEY_NAMES = {
    "pad": {"left": "D-pad", "right": "D-pad", "up": "D-pad", "down": "D-pad", "confirm": "A", "back": "B",
            "alt": "Y", "pile_a": "LB", "pile_b": "RB", "recap": "X"},
    "keyboard2": {"left": "A", "right": "D", "up": "W", "down": "S", "confirm": "Space", "back": "LShift",
                  "alt": "Tab", "pile_a": "Q", "pile_b": "E", "recap": "F"},
    "keyboard": {"left": "Left", "right": "Right", "up": "Up", "down": "Down", "confirm": "Enter", "back": "Esc",
                 "alt": "Tab", "pile_a": "Q", "pile_b": "E", "recap": "L"},
}


@dataclass
class SeatInput:
    cursor: int = 0
    target: int = 0  # selected pile
    selected: str | None = None
    device: str = "keyboard"


@dataclass
class Drag:
    seat: int
    card: str
    key: object
    grab: Vec  # pointer offset from the card's corner
    start: tuple[int, int]
    active: bool = False


class Controls:
    """Per-seat input state and the pointer. ``input_mapper`` is the framework's InputMapper (for the
    names of buttons), set by the table scene."""

    def __init__(self, table: Table, seats: list[int]) -> None:
        self.table = table
        self.inputs: dict[int, SeatInput] = {s: SeatInput() for s in seats}
        self.hover: Vec | None = None
        self.mouse_active = False
        self.drag: Drag | None = None
        self.input_mapper: Any = None

    def command(self, command: Any, seat: int | None) -> list[tuple[int | None, Action]] | None:
        """What ``command`` (from ``seat``'s device; None: the seat at the bottom) asks of the table's
        hooks (``on_click``, ``on_nav``...); the table's outbox decides what of it is sent. None: a
        pointer move that changed nothing (no new layout needed)."""
        table = self.table
        kind = getattr(command, "kind", "")
        device = getattr(command, "device", "")
        pos = getattr(command, "pos", None)
        if seat is not None and seat in self.inputs and device:
            self.inputs[seat].device = device
        self.mouse_active = device == "mouse" if device else self.mouse_active
        if kind == "point" and pos is not None:
            self.hover = (float(pos[0]), float(pos[1]))
            return self._drag_motion(pos) or None
        if kind == "click" and pos is not None:
            self.hover = (float(pos[0]), float(pos[1]))
            self._drag_start(pos)
            out = table.on_click(pos, seat)
            if out:
                self.drag = None
            return out
        seat = self.seat_for(seat)
        if kind in ("left", "right", "up", "down"):
            return table.on_nav(kind, seat)
        if kind == "confirm":
            return table.on_confirm(seat)
        if kind in ("pile_a", "pile_b"):
            return table.on_pile(seat, 0 if kind == "pile_a" else 1)
        if kind == "alt":
            return table.on_alt(seat)
        if kind == "back":
            return table.on_back(seat)
        if kind == "recap":
            return table.on_recap(seat)
        return []

    def seat_for(self, seat: int | None) -> int | None:
        """The local seat a command is for: ``seat`` if it is one, else the seat at the bottom."""
        if seat is not None:
            return seat if seat in self.inputs else None
        me = self.table.me
        return me if me in self.table.local_seats else None

    # -- dragging with the mouse ----------------------------------------------------------------
    # Commands carry presses but no releases, so a drag is read from the button state on the pointer
    # moves that follow a click: held and moved = dragging; the first move with the button up drops.

    def _drag_start(self, pos: tuple[int, int]) -> None:
        self.drag = None
        sprite = self.sprite_at(pos)
        if sprite is None or sprite.code is None or sprite.seat not in self.table.local_seats or sprite.hit is None:
            return
        if sprite.hit[0] not in ("hand", "card"):
            return
        at = self.table.motion.pos(sprite.key) or sprite.rect.topleft
        self.drag = Drag(sprite.seat, sprite.code, sprite.key, (pos[0] - at[0], pos[1] - at[1]), pos)

    def _drag_motion(self, pos: tuple[int, int]) -> list[tuple[int | None, Action]]:
        drag = self.drag
        if drag is None:
            return []
        try:
            held = bool(pygame.mouse.get_pressed()[0])
        except pygame.error:
            held = False
        if held:
            if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > 12 * self.table.u:
                drag.active = True
            return []
        self.drag = None
        if not drag.active:
            return []
        return list(self.table.on_drop(drag.seat, drag.card, pos))

    def dragging(self, key: object) -> bool:
        return self.dragged_key() == key

    def dragged_key(self) -> object | None:
        """The key of the card being dragged, or None (a press that has not moved yet drags nothing)."""
        return self.drag.key if self.drag is not None and self.drag.active else None

    def lifted(self) -> Sprite | None:
        """The local card under the mouse pointer (drawn raised), if the mouse is in use."""
        if self.mouse_active and self.hover is not None:
            under = self.sprite_at((round(self.hover[0]), round(self.hover[1])))
            if under is not None and under.seat in self.table.local_seats and under.code is not None:
                return under
        return None

    # -- hit testing ----------------------------------------------------------------------------

    def sprite_at(self, pos: tuple[int, int], seat: int | None = None) -> Sprite | None:
        motion = self.table.motion
        for sprite in reversed(self.table.sprites):
            if sprite.hit is None:
                continue
            if seat is not None and sprite.seat is not None and sprite.seat != seat:
                continue
            current = motion.pos(sprite.key) or sprite.rect.topleft
            if pygame.Rect(round(current[0]), round(current[1]), *sprite.rect.size).collidepoint(pos):
                return sprite
        return None

    def button_at(self, pos: tuple[int, int], seat: int | None = None) -> Button | None:
        for button in self.table.buttons:
            if (button.rect.collidepoint(pos) and (seat is None or button.seat in (None, seat))
                    and self.table.offered(button)):
                return button
        return None

    # -- what each device calls a command -------------------------------------------------------

    def device(self, seat: int | None) -> str:
        return self.inputs[seat].device if seat in self.inputs else "keyboard"

    def hint_label(self, kind: str, seat: int | None) -> str:
        device = self.device(seat)
        if self.input_mapper is not None:
            try:
                return str(self.input_mapper.hint(kind, device))
            except Exception:  # noqa: BLE001 - a hint must never break a frame
                pass
        names = KEY_NAMES["pad" if device.startswith("pad") else "keyboard2" if device == "keyboard2" else "keyboard"]
        return names.get(kind, kind)

    def caps(self, seat: int | None, kinds: tuple[str, ...]) -> list[str]:
        """The key caps or pad glyphs of ``kinds`` on ``seat``'s device: a pair of keys on one cap
        ("Left/Right", "Q/E", as the menus' hint bar writes them), a pair on one D-pad one glyph (the
        axis that does it lit)."""
        device = self.device(seat)
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
