"""One input layer: keyboard, mouse and gamepads become abstract :class:`Command` objects.

Command kinds: ``up down left right confirm back menu alt pile_a pile_b hint recap`` (buttons), ``point`` and
``click`` (mouse, with ``pos`` in window pixels) and ``wheel`` (``amount`` steps, positive = up).

Devices are named ``"keyboard"``, ``"keyboard2"`` (the left half of a shared keyboard when two local
players use it: ``"keyboard"`` is then its right half), ``"mouse"`` and ``f"pad{instance_id}"`` for each SDL game controller (opened on
CONTROLLERDEVICEADDED, told apart by joystick instance id, closed on CONTROLLERDEVICEREMOVED).
Plain joysticks that SDL does not know as game controllers are mapped too (buttons 0/1/2/3, hat, axes).

Keyboard, one player: arrows or WASD move, Enter/Space confirm, Esc/Backspace back, Tab alt,
F1 menu, Q/E and ,/. the two piles, H a hint (a gamepad: a stick pressed in), L the others' last moves
again (a gamepad: X). Two players sharing the keyboard (``split_keyboard = True``), each on their own
side of it: ``keyboard2`` (the left side) gets WASD, Space, Left Shift (back), Tab, Q/E, R (hint) and F
(last moves); ``keyboard`` (the right side) keeps the arrows, Enter, Backspace (back), Right Shift, ,/.,
/ (hint) and L (last moves). Esc and F1 open the menu for either.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import pygame

COMMAND_KINDS = (
    "up", "down", "left", "right", "confirm", "back", "menu", "alt",
    "pile_a", "pile_b", "hint", "recap", "point", "click", "wheel",
)
DIRECTIONS = ("up", "down", "left", "right")


@dataclass(frozen=True)
class Command:
    kind: str
    device: str
    pos: tuple[int, int] | None = None
    amount: int = 0


_K = pygame
# Keys always meaningful, even while a text field has the focus.
_SHARED_KEYS: dict[int, str] = {
    _K.K_UP: "up", _K.K_DOWN: "down", _K.K_LEFT: "left", _K.K_RIGHT: "right",
    _K.K_RETURN: "confirm", _K.K_KP_ENTER: "confirm", _K.K_ESCAPE: "back",
    _K.K_TAB: "alt", _K.K_F1: "menu",
}
# Keys that are letters/space: ignored while typing.
_SHARED_TYPING_KEYS: dict[int, str] = {
    _K.K_w: "up", _K.K_s: "down", _K.K_a: "left", _K.K_d: "right",
    _K.K_SPACE: "confirm", _K.K_BACKSPACE: "back",
    _K.K_q: "pile_a", _K.K_e: "pile_b", _K.K_COMMA: "pile_a", _K.K_PERIOD: "pile_b", _K.K_h: "hint",
    _K.K_l: "recap",
}
_SPLIT_P1: dict[int, str] = {  # the right side of a shared keyboard (and the menu keys, which are anyone's)
    _K.K_UP: "up", _K.K_DOWN: "down", _K.K_LEFT: "left", _K.K_RIGHT: "right",
    _K.K_RETURN: "confirm", _K.K_KP_ENTER: "confirm", _K.K_ESCAPE: "menu", _K.K_BACKSPACE: "back",
    _K.K_RSHIFT: "alt", _K.K_COMMA: "pile_a", _K.K_PERIOD: "pile_b", _K.K_F1: "menu", _K.K_SLASH: "hint",
    _K.K_l: "recap",
}
_SPLIT_P2: dict[int, str] = {  # the left side
    _K.K_w: "up", _K.K_s: "down", _K.K_a: "left", _K.K_d: "right",
    _K.K_SPACE: "confirm", _K.K_LSHIFT: "back", _K.K_TAB: "alt",
    _K.K_q: "pile_a", _K.K_e: "pile_b", _K.K_r: "hint", _K.K_f: "recap",
}
_PAD_BUTTONS: dict[int, str] = {
    _K.CONTROLLER_BUTTON_A: "confirm", _K.CONTROLLER_BUTTON_B: "back",
    _K.CONTROLLER_BUTTON_Y: "alt", _K.CONTROLLER_BUTTON_X: "recap",
    _K.CONTROLLER_BUTTON_START: "menu", _K.CONTROLLER_BUTTON_BACK: "back",
    _K.CONTROLLER_BUTTON_LEFTSHOULDER: "pile_a", _K.CONTROLLER_BUTTON_RIGHTSHOULDER: "pile_b",
    _K.CONTROLLER_BUTTON_DPAD_UP: "up", _K.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    _K.CONTROLLER_BUTTON_DPAD_LEFT: "left", _K.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
    _K.CONTROLLER_BUTTON_LEFTSTICK: "hint", _K.CONTROLLER_BUTTON_RIGHTSTICK: "hint",
}
_JOY_BUTTONS: dict[int, str] = {0: "confirm", 1: "back", 2: "recap", 3: "alt", 4: "pile_a", 5: "pile_b",
                                 6: "back", 7: "menu", 8: "hint", 9: "hint"}

_KEY_LABELS: dict[str, str] = {
    "up": "Up", "down": "Down", "left": "Left", "right": "Right", "confirm": "Enter", "back": "Esc",
    "menu": "F1", "alt": "Tab", "pile_a": "Q", "pile_b": "E", "hint": "H", "recap": "L", "click": "Click",
    "point": "Mouse", "wheel": "Wheel",
}
_SPLIT_P1_LABELS = {**_KEY_LABELS, "back": "Backspace", "menu": "Esc", "alt": "RShift", "pile_a": ",",
                    "pile_b": ".", "hint": "/"}
_KEY2_LABELS: dict[str, str] = {
    "up": "W", "down": "S", "left": "A", "right": "D", "confirm": "Space", "back": "LShift",
    "menu": "Esc", "alt": "Tab", "pile_a": "Q", "pile_b": "E", "hint": "R", "recap": "F",
}
_PAD_LABELS: dict[str, str] = {
    "up": "D-pad", "down": "D-pad", "left": "D-pad", "right": "D-pad", "confirm": "A", "back": "B",
    "menu": "Start", "alt": "Y", "pile_a": "LB", "pile_b": "RB", "hint": "L3",
    "recap": "X",
}
# what arcade.ui_theme.chip draws as the pad's own buttons (the D-pad with the arms of an axis lit)
_PAD_GLYPHS: dict[str, str] = {
    "up": "pad:dpad_ud", "down": "pad:dpad_ud", "left": "pad:dpad_lr", "right": "pad:dpad_lr",
    "confirm": "pad:A", "back": "pad:B", "menu": "pad:Start", "alt": "pad:Y", "pile_a": "pad:LB", "pile_b": "pad:RB",
    "hint": "pad:L3", "recap": "pad:X",
}
_MOUSE_LABELS: dict[str, str] = {"click": "Click", "point": "Mouse", "wheel": "Wheel", "back": "Right-click"}

AXIS_ON = 0.6  # stick deflection that counts as a press
AXIS_OFF = 0.35  # and the one that releases it (hysteresis)
MOUSE_WAKE = 24  # pixels of pointer travel that make the mouse the device in use
REPEAT_DELAY = 0.40
REPEAT_RATE = 0.11


class InputMapper:
    """Translates pygame events into Commands and tracks gamepads and the device last used."""

    def __init__(self, split_keyboard: bool = False) -> None:
        self.split_keyboard = split_keyboard
        self.text_mode = False  # a text field has the focus: letters are for typing
        self.last_device = "keyboard"
        self._travel = 0.0  # pointer travel since another device was used (see used)
        self._pointer_from: tuple[int, int] | None = None
        self.controllers: dict[int, object] = {}  # instance id -> pygame._sdl2.controller.Controller
        self.joysticks: dict[int, object] = {}  # instance id -> pygame.joystick.Joystick (non-controllers)
        self.pads_changed = False
        self._held: dict[tuple[str, str], float] = {}  # (device, direction) -> seconds until repeat
        self._axis_dir: dict[tuple[str, int], str | None] = {}

    # ----------------------------------------------------------------------------- devices
    @property
    def pads(self) -> list[str]:
        """Device names of the gamepads plugged in, oldest first."""
        return [f"pad{i}" for i in (*self.controllers, *self.joysticks)]

    def _open_controller(self, device_index: int) -> None:
        try:
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
            if controller.is_controller(device_index):
                pad = controller.Controller(device_index)
                self.controllers[pad.as_joystick().get_instance_id()] = pad
            else:
                self._open_joystick(device_index)
        except (pygame.error, ImportError, IndexError):
            return
        self.pads_changed = True

    def _open_joystick(self, device_index: int) -> None:
        try:
            stick = pygame.joystick.Joystick(device_index)
        except (pygame.error, IndexError):
            return
        iid = stick.get_instance_id()
        if iid not in self.controllers:
            self.joysticks[iid] = stick
            self.pads_changed = True

    def _remove(self, instance_id: int) -> None:
        for table in (self.controllers, self.joysticks):
            pad = table.pop(instance_id, None)
            if pad is not None:
                with contextlib.suppress(pygame.error, AttributeError):
                    pad.quit()  # type: ignore[attr-defined]
                self.pads_changed = True
        device = f"pad{instance_id}"
        for key in [k for k in self._held if k[0] == device]:
            del self._held[key]

    # ----------------------------------------------------------------------------- translation
    def translate(self, event: pygame.event.Event) -> list[Command]:
        out = self._translate(event)
        for command in out:
            self.used(command)
        return out

    def used(self, command: Command) -> None:
        """Note the device behind ``command``. A pointer that only drifts (a nudged table, a mouse
        knocked while reaching for the pad) does not count: the mouse becomes the device in use once it
        has travelled MOUSE_WAKE pixels since another device was used, or at once on a click."""
        if command.kind == "point" and command.device == "mouse" and self.last_device != "mouse":
            if command.pos is not None and self._pointer_from is not None:
                x, y = self._pointer_from
                self._travel += abs(command.pos[0] - x) + abs(command.pos[1] - y)
            self._pointer_from = command.pos
            if self._travel < MOUSE_WAKE:
                return
        if command.device != "mouse":
            self._travel = 0.0
            self._pointer_from = None
        self.last_device = command.device

    def _translate(self, event: pygame.event.Event) -> list[Command]:
        t = event.type
        if t == pygame.KEYDOWN:
            return self._key(event.key, down=True)
        if t == pygame.KEYUP:
            self._key(event.key, down=False)
            return []
        if t == pygame.MOUSEMOTION:
            return [Command("point", "mouse", pos=tuple(event.pos))]
        if t == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                return [Command("click", "mouse", pos=tuple(event.pos))]
            if event.button == 3:
                return [Command("back", "mouse", pos=tuple(event.pos))]
            return []
        if t == pygame.MOUSEWHEEL:
            return [Command("wheel", "mouse", amount=int(event.y))] if event.y else []
        if t == pygame.CONTROLLERDEVICEADDED:
            self._open_controller(event.device_index)
            return []
        if t == pygame.CONTROLLERDEVICEREMOVED:
            self._remove(event.instance_id)
            return []
        if t == pygame.JOYDEVICEADDED:
            if not self._is_controller(event.device_index):
                self._open_joystick(event.device_index)
            return []
        if t == pygame.JOYDEVICEREMOVED:
            if event.instance_id in self.joysticks:
                self._remove(event.instance_id)
            return []
        if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            kind = _PAD_BUTTONS.get(event.button)
            return self._press(f"pad{event.instance_id}", kind, t == pygame.CONTROLLERBUTTONDOWN)
        if t == pygame.CONTROLLERAXISMOTION:
            return self._axis(f"pad{event.instance_id}", event.axis, event.value / 32767.0)
        if t in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            if event.instance_id not in self.joysticks:
                return []
            kind = _JOY_BUTTONS.get(event.button)
            return self._press(f"pad{event.instance_id}", kind, t == pygame.JOYBUTTONDOWN)
        if t == pygame.JOYHATMOTION and event.instance_id in self.joysticks:
            x, y = event.value
            device = f"pad{event.instance_id}"
            out = self._axis(device, 100, float(x))
            return out + self._axis(device, 101, float(-y))
        if t == pygame.JOYAXISMOTION and event.instance_id in self.joysticks and event.axis < 2:
            return self._axis(f"pad{event.instance_id}", event.axis, float(event.value))
        return []

    @staticmethod
    def _is_controller(device_index: int) -> bool:
        try:
            from pygame._sdl2 import controller

            return bool(controller.is_controller(device_index))
        except (pygame.error, ImportError):
            return False

    def _key(self, key: int, down: bool) -> list[Command]:
        if self.split_keyboard:
            if key in _SPLIT_P1:
                return self._press("keyboard", _SPLIT_P1[key], down)
            if key in _SPLIT_P2 and not self.text_mode:
                return self._press("keyboard2", _SPLIT_P2[key], down)
            return []
        if key in _SHARED_KEYS:
            return self._press("keyboard", _SHARED_KEYS[key], down)
        if key in _SHARED_TYPING_KEYS and not self.text_mode:
            return self._press("keyboard", _SHARED_TYPING_KEYS[key], down)
        return []

    def _press(self, device: str, kind: str | None, down: bool) -> list[Command]:
        if kind is None:
            return []
        if kind in DIRECTIONS:
            if down:
                self._held[(device, kind)] = REPEAT_DELAY
            else:
                self._held.pop((device, kind), None)
        return [Command(kind, device)] if down else []

    def _axis(self, device: str, axis: int, value: float) -> list[Command]:
        if axis in (0, 100):
            neg, pos = "left", "right"
        elif axis in (1, 101):
            neg, pos = "up", "down"
        else:
            return []
        key = (device, axis)
        current = self._axis_dir.get(key)
        if current is not None and abs(value) >= AXIS_OFF and (value < 0) == (current == neg):
            return []
        new = None
        if value <= -AXIS_ON:
            new = neg
        elif value >= AXIS_ON:
            new = pos
        out: list[Command] = []
        if current is not None and new != current:
            self._press(device, current, False)
        if new is not None and new != current:
            out = self._press(device, new, True)
        self._axis_dir[key] = new if new is not None else (current if abs(value) >= AXIS_OFF else None)
        return out

    def release_all(self) -> None:
        self._held.clear()
        self._axis_dir.clear()

    def tick(self, dt: float) -> list[Command]:
        """Auto-repeat for held directions (keys and sticks): call once per fixed tick."""
        out: list[Command] = []
        for key, left in list(self._held.items()):
            left -= dt
            if left <= 0:
                out.append(Command(key[1], key[0]))
                left += REPEAT_RATE
            self._held[key] = left
        return out

    # ----------------------------------------------------------------------------- hints
    def hint(self, kind: str, device: str | None = None) -> str:
        """The label of the button that gives ``kind`` on ``device`` (default: the device last used)."""
        device = device or self.last_device
        if device.startswith("pad"):
            table = _PAD_LABELS
        elif device == "keyboard2":
            table = _KEY2_LABELS
        elif device == "mouse":
            table = {**_KEY_LABELS, **_MOUSE_LABELS}
        elif self.split_keyboard:
            table = _SPLIT_P1_LABELS
        else:
            table = _KEY_LABELS
        return table.get(kind, kind)

    def glyph(self, kind: str, device: str | None = None) -> str:
        """What a hint bar draws for ``kind``: the pad's button (a ``pad:`` glyph for
        :func:`arcade.ui_theme.chip`) on a gamepad, else the key's name as :meth:`hint` gives it."""
        device = device or self.last_device
        if device.startswith("pad"):
            return _PAD_GLYPHS.get(kind, self.hint(kind, device))
        return self.hint(kind, device)

    def device_family(self, device: str | None = None) -> str:
        device = device or self.last_device
        if device.startswith("pad"):
            return "pad"
        return "mouse" if device == "mouse" else "keyboard"
