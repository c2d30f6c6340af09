"""A focus ring over pygame-gui elements, so every menu works with a gamepad or keyboard alone.

pygame-gui has no focus navigation of its own. A :class:`FocusRing` holds :class:`FocusItem` s (a
rectangle plus what confirm, left and right do); directions move the focus by :func:`neighbour`'s rule
(up/down: the column, then on in reading order, so they alone reach every item; left/right: the row,
unless the item takes them to change its value), confirm runs the item, the ring draws a pulsing
outline round the focused one. Mouse clicks
on a pygame-gui button reach the same callbacks through :meth:`FocusRing.ui_event`, and hovering
moves the focus, so mouse and pad never disagree about what is selected.

:class:`Cycler` is a row "caption  <  value  >" for choosing among values with left/right, which
is far friendlier on a pad than a drop-down; :func:`text_field` wraps a UITextEntryLine.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from cardtable.arcade import ui_theme
from cardtable.arcade.input import Command

Callback = Callable[[], None]


@dataclass(eq=False)
class FocusItem:
    rect: pygame.Rect
    on_confirm: Callback | None = None
    on_left: Callback | None = None
    on_right: Callback | None = None
    element: Any = None  # the pygame-gui element this item stands for (text fields get keyboard focus)
    is_text: bool = False
    enabled: bool = True
    name: str = ""
    on_focus: Callback | None = None
    caption: str = ""
    on_text: Callable[[str], None] | None = None  # text fields: keeps the scene's copy of the text
    allowed: str | None = None
    max_length: int = 24


@dataclass
class FocusRing:
    items: list[FocusItem] = field(default_factory=list)
    index: int = 0
    clickables: dict[Any, Callback] = field(default_factory=dict)
    phase: float = 0.0
    manager: Any = None
    # opens an on-screen keyboard for a text field (set by the scene; used when a pad confirms on one)
    edit_text: Callable[[FocusItem], None] | None = None

    def clear(self) -> None:
        self.items.clear()
        self.clickables.clear()
        self.index = 0

    def add(self, item: FocusItem) -> FocusItem:
        self.items.append(item)
        if item.element is not None and item.on_confirm is not None and not item.is_text:
            self.clickables[item.element] = item.on_confirm
        return item

    @property
    def focused(self) -> FocusItem | None:
        if not self.items:
            return None
        self.index %= len(self.items)
        return self.items[self.index]

    def focus_name(self, name: str) -> bool:
        for i, item in enumerate(self.items):
            if item.name == name:
                self.set_index(i)
                return True
        return False

    def set_index(self, index: int) -> None:
        if not self.items:
            return
        old = self.focused
        self.index = index % len(self.items)
        new = self.focused
        if old is not new:
            self._sync_text_focus()
            if new is not None and new.on_focus is not None:
                new.on_focus()

    def _sync_text_focus(self) -> None:
        item = self.focused
        if self.manager is None:
            return
        if item is not None and item.is_text and item.element is not None:
            if not getattr(item.element, "is_focused", False):
                self.manager.set_focus_set(item.element)
                # pygame-gui puts the caret at the start on focus: what is typed would go before the text
                item.element.set_text(item.element.get_text())
        else:
            current = self.manager.get_focus_set()
            if current and any(getattr(i.element, "is_focused", False) for i in self.items if i.is_text):
                self.manager.set_focus_set(None)

    def typing(self) -> bool:
        """Whether a text field has the keyboard (letters then go to it, not to navigation)."""
        return any(i.is_text and getattr(i.element, "is_focused", False) for i in self.items)

    # ------------------------------------------------------------------------------------ input
    def command(self, cmd: Command) -> bool:
        """Handle a navigation command; True if it was used."""
        item = self.focused
        if item is None:
            return False
        if cmd.kind == "confirm":
            if item.is_text and self.edit_text is not None and not cmd.device.startswith("keyboard"):
                self.edit_text(item)
            elif item.is_text and getattr(item.element, "is_focused", False) and cmd.device.startswith("keyboard"):
                pass  # Enter in a field being typed in: the field's own "finished" event confirms it (ui_event)
            elif item.on_confirm is not None and item.enabled:
                item.on_confirm()
            return True
        if cmd.kind in ("left", "right"):
            if item.is_text and getattr(item.element, "is_focused", False) and cmd.device.startswith("keyboard"):
                return True  # the arrow moves the text cursor inside the field
            handler = item.on_left if cmd.kind == "left" else item.on_right
            if handler is not None and item.enabled:
                handler()
                return True
            return self.move(cmd.kind)
        if cmd.kind in ("up", "down"):
            return self.move(cmd.kind)
        if cmd.kind == "click" and cmd.pos is not None:
            # items drawn by the scene itself (no pygame-gui element) take clicks here
            for i, candidate in enumerate(self.items):
                if candidate.element is None and candidate.rect.collidepoint(cmd.pos) and candidate.enabled:
                    self.set_index(i)
                    if candidate.on_confirm is not None:
                        candidate.on_confirm()
                    return True
            return False
        if cmd.kind == "point" and cmd.pos is not None:
            for i, candidate in enumerate(self.items):
                if candidate.rect.collidepoint(cmd.pos) and i != self.index:
                    self.set_index(i)
                    break
            return False
        return False

    def move(self, direction: str) -> bool:
        """Focus the item ``direction`` leads to (see :func:`neighbour`); False if none."""
        if not self.items:
            return False
        target = neighbour(self.items, self.index % len(self.items), direction)
        if target is None:
            return False
        self.set_index(target)
        return True

    def moves_focus(self, direction: str, device: str = "keyboard") -> bool:
        """Whether ``direction`` from ``device`` moves the focus off the focused item (False: it
        changes the item's value, or moves the text cursor inside a field being typed in)."""
        item = self.focused
        if item is None or direction in ("up", "down"):
            return item is not None
        if item.is_text and getattr(item.element, "is_focused", False) and device.startswith("keyboard"):
            return False
        handler = item.on_left if direction == "left" else item.on_right
        return not (handler is not None and item.enabled)

    def ui_event(self, event: pygame.event.Event) -> bool:
        """Route a pygame-gui event (a mouse press on a button) to its callback."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            callback = self.clickables.get(event.ui_element)
            for i, item in enumerate(self.items):
                if item.element is event.ui_element:
                    self.set_index(i)
            if callback is not None:
                callback()
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for item in self.items:
                if item.element is event.ui_element and item.on_text is not None:
                    item.on_text(event.ui_element.get_text())
            return False
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            for i, item in enumerate(self.items):
                if item.element is event.ui_element:
                    self.set_index(i)
                    if item.on_confirm is not None:
                        item.on_confirm()
                    return True
        return False

    def tick(self, dt: float) -> None:
        self.phase += dt

    def draw(self, surface: pygame.Surface) -> None:
        item = self.focused
        if item is not None:
            ui_theme.focus_ring(surface, item.rect, self.phase)


def _overlaps(a: pygame.Rect, b: pygame.Rect, vertical: bool) -> bool:
    """Whether ``a`` and ``b`` share a column (``vertical``) or a row."""
    if vertical:
        return a.left < b.right and b.left < a.right
    return a.top < b.bottom and b.top < a.bottom


def neighbour(items: Sequence[FocusItem], index: int, direction: str) -> int | None:
    """The movement rule: where ``direction`` takes the focus from ``items[index]``.

    Up/down go to the nearest enabled item that way in the same column (horizontal spans overlap).
    At a column's end they carry on in the items' order, the order a scene adds them in (reading
    order: down from the foot of one column goes to the head of the next, up from the head of a
    column to the foot of the one before, and after the last item round to the first). So up/down
    alone reach every enabled item, whatever the layout. Left/right go to the nearest enabled item
    that way, in the same row if there is one; at a row's end they stay. (Items whose left/right
    change a value never get here: :meth:`FocusRing.command` gives them the press.)
    """
    here = items[index].rect
    vertical = direction in ("up", "down")
    dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[direction]
    best, best_score = None, (2, float("inf"))
    for i, item in enumerate(items):
        if i == index or not item.enabled:
            continue
        vx = item.rect.centerx - here.centerx
        vy = item.rect.centery - here.centery
        along = vx * dx + vy * dy
        if along <= 4:
            continue
        lined_up = _overlaps(item.rect, here, vertical)
        if vertical and not lined_up:
            continue
        across = abs(vx * dy) + abs(vy * dx)
        score = (0 if lined_up else 1, along + 2.5 * across)
        if score < best_score:
            best, best_score = i, score
    if best is not None or not vertical:
        return best
    step = 1 if direction == "down" else -1
    for k in range(1, len(items)):
        i = (index + step * k) % len(items)
        if items[i].enabled:
            return i
    return None


class Cycler:
    """"caption  <  value  >": a value chosen from a list with left/right (or the arrow buttons).
    Confirm never changes the value: it goes on to the next control, as Enter does in a form.

    ``caption_small`` / ``value_small``: the smaller faces for the caption and the value; None picks
    them by whether this row's words fit. A screen of several rows passes one choice to all of them,
    so its labels are one size (see :func:`fits`)."""

    def __init__(
        self,
        manager: Any,
        ring: FocusRing,
        rect: pygame.Rect,
        caption: str,
        values: Sequence[Any],
        index: int = 0,
        labels: Sequence[str] | None = None,
        on_change: Callable[[Any], None] | None = None,
        name: str = "",
        caption_width: float = 0.45,
        caption_small: bool | None = None,
        value_small: bool | None = None,
    ) -> None:
        self.values = list(values)
        self.ring = ring
        self.labels = list(labels) if labels is not None else [format_value(v) for v in self.values]
        self.index = max(0, min(index, len(self.values) - 1))
        self.on_change = on_change
        cw = int(rect.width * caption_width)
        arrow = rect.height
        self.caption = label(
            pygame.Rect(rect.x, rect.y, cw, rect.height), caption, manager,
            object_id=ObjectID(class_id="@label_small") if (caption_small if caption_small is not None else
                                                             not fits([caption], cw, small=False)) else None,
        )
        left_rect = pygame.Rect(rect.x + cw, rect.y, arrow, rect.height)
        right_rect = pygame.Rect(rect.right - arrow, rect.y, arrow, rect.height)
        self.left = pygame_gui.elements.UIButton(left_rect, "<", manager, object_id=ObjectID(class_id="@arrow"))
        self.right = pygame_gui.elements.UIButton(right_rect, ">", manager, object_id=ObjectID(class_id="@arrow"))
        value_rect = pygame.Rect(left_rect.right, rect.y, right_rect.left - left_rect.right, rect.height)
        small = value_small if value_small is not None else not fits(self.labels, value_rect.width, value=True)
        self.label = label(
            value_rect, self.labels[self.index], manager,
            object_id=ObjectID(class_id="@value_small" if small else "@value"),
        )
        self.item = ring.add(FocusItem(rect.copy(), on_confirm=self.next_control, on_left=self.step_down,
                                       on_right=self.step_up, name=name))
        ring.clickables[self.left] = self.step_down
        ring.clickables[self.right] = self.step_up
        self.elements = [self.caption, self.left, self.right, self.label]

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def set_index(self, index: int) -> None:
        self.index = index % len(self.values)
        self.label.set_text(self.labels[self.index])
        if self.on_change is not None:
            self.on_change(self.value)

    def step_up(self) -> None:
        self.set_index(self.index + 1)

    def step_down(self) -> None:
        self.set_index(self.index - 1)

    def next_control(self) -> None:
        self.ring.move("down")


CAPTION_SIZES = (20, 16)  # px: the theme's label and @label_small
VALUE_SIZES = (22, 17)  # px: the theme's @value and @value_small (bold)


def fits(words: Sequence[str], width: int, small: bool = False, value: bool = False) -> bool:
    """Whether every one of ``words`` fits ``width`` pixels as a Cycler's caption (or ``value``) in
    the big face (``small``: the small one)."""
    size = (VALUE_SIZES if value else CAPTION_SIZES)[1 if small else 0]
    margin = 8 if value else 6
    return not any(_too_wide(text, size, value, width - margin) for text in words)


def _too_wide(text: str, size: int, bold: bool, width: int) -> bool:
    """Would ``text`` in the theme's font overflow ``width`` pixels (then a smaller face is used)?"""
    return ui_theme.font(size, bold).size(text)[0] > width


def format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "On" if value else "Off"
    if isinstance(value, str):
        return value.replace("_", " ").capitalize()
    return str(value)


MIN_FIELD_HEIGHT = 32  # pixels: a text field shorter than this is hard to read and to hit


def label(rect: pygame.Rect, text: str, manager: Any, object_id: Any = None) -> Any:
    """A UILabel on ``rect``, made as tall as its font's line when a squeezed row (960x540) is shorter:
    centred on the row, so the text stays where it was and no glyph is cut."""
    with warnings.catch_warnings():  # pygame-gui's "too small" warning: the rect is fixed just below
        warnings.filterwarnings("ignore", "Label Rect is too small", UserWarning)
        element = pygame_gui.elements.UILabel(rect, text, manager, object_id=object_id)
    needed = element.font.get_rect(text).height if element.font is not None and text else 0
    if needed > rect.height:
        element.set_dimensions((rect.width, needed))
        element.set_relative_position((rect.x, rect.centery - needed // 2))
    return element


def text_field(
    manager: Any, ring: FocusRing, rect: pygame.Rect, caption: str, initial: str,
    on_confirm: Callback | None = None, name: str = "", caption_width: float = 0.45, allowed: str | None = None,
    max_length: int = 24, on_text: Callable[[str], None] | None = None, caption_small: bool = False,
) -> Any:
    """A caption and a UITextEntryLine on one row; returns the entry (``get_text()``). The entry is
    never shorter than MIN_FIELD_HEIGHT (centred on a squeezed row, it takes some of the row gap)."""
    cw = int(rect.width * caption_width)
    label(pygame.Rect(rect.x, rect.y, cw, rect.height), caption, manager,
          object_id=ObjectID(class_id="@label_small") if caption_small else None)
    height = max(rect.height, MIN_FIELD_HEIGHT)
    entry = pygame_gui.elements.UITextEntryLine(
        pygame.Rect(rect.x + cw, rect.centery - height // 2, rect.width - cw, height), manager, initial_text=initial,
    )
    rect = pygame.Rect(rect.x, rect.centery - height // 2, rect.width, height)
    entry.set_text_length_limit(max_length)
    if allowed == "numbers":
        entry.set_allowed_characters("numbers")
    ring.add(FocusItem(rect.copy(), on_confirm=on_confirm, element=entry, is_text=True, name=name,
                       caption=caption, on_text=on_text, allowed=allowed, max_length=max_length))
    return entry
