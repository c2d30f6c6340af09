"""Scene base classes: a scene gets Commands, ticks at the fixed rate and draws itself.

:class:`MenuScene` adds a focus ring over pygame-gui widgets, a centred panel and a hint bar; it
rebuilds its widgets whenever the window changes size, keeping the focused row and the values.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from cardtable.arcade import layout, ui_theme
from cardtable.arcade.focus import FocusItem, FocusRing
from cardtable.arcade.focus import label as fitted_label
from cardtable.arcade.input import Command

if TYPE_CHECKING:
    from cardtable.arcade.app import App


class Scene:
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app

    # lifecycle
    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (first time or after a pop)."""

    def leave(self) -> None:
        """Called when another scene covers it or it is removed."""

    def close(self) -> None:
        """Called once when the scene is removed for good."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    # input and time
    def command(self, cmd: Command) -> None:
        if cmd.kind == "back":
            self.back()

    def ui_event(self, event: pygame.event.Event) -> None:
        """A pygame-gui event (button pressed, text entered)."""

    def back(self) -> None:
        self.app.pop()

    def tick(self, dt: float) -> None:
        """Fixed-rate update."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui_theme.background(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after pygame-gui's widgets (focus ring, hints)."""

    def hints(self) -> list[tuple[str, str]]:
        return [("confirm", "Select"), ("back", "Back")]

    def typing(self) -> bool:
        return False

    # focus: the controls a player reaches with directions alone (tests prove every one is reachable)
    takes_focus = True  # False: a scene whose input goes elsewhere (the table: its renderer)

    def controls(self) -> list[str]:
        """The names of the enabled controls on screen."""
        return []

    def focused_control(self) -> str | None:
        return None

    def focus_control(self, name: str) -> bool:
        return False

    def moves_focus(self, direction: str, device: str = "keyboard") -> bool:
        """Whether ``direction`` from ``device`` moves the focus (False: it changes a value or scrolls)."""
        return False

    @classmethod
    def examples(cls, app: App) -> Iterator[Scene]:
        """This scene as players meet it, ready to push (tests walk every scene with these). A scene
        that needs more than the app to be made overrides this."""
        yield cls(app)

    # what was drawn where (the layout test; see cardtable.arcade.layout)
    def report(self, kind: str, rect: pygame.Rect, name: str = "", owner: str | None = None) -> None:
        """Say what the scene drew at ``rect``. ``ui_theme``'s text, titles, chips and hint bar report
        themselves; a scene reports what it draws otherwise. Free outside a recording."""
        layout.report(kind, rect, name, owner)

    def report_layout(self) -> None:
        """Report what the scene's drawing does not report by itself (pygame-gui's widgets); called
        before a frame drawn for :meth:`App.layout_items`."""


# px: the least height of a button for the theme's big (26 px bold) and plain (22 px) fonts: Noto's line
# box must fit inside, or pygame-gui clips the text ("Rejoin" read "Reioin" at 960x540)
BIG_BUTTON, SMALL_BUTTON = 38, 32
WIDGET_KINDS = {"UIButton": "button", "UITextEntryLine": "field", "UILabel": "label", "UITextBox": "label"}


def report_widgets(container: Any) -> None:
    """Every visible pygame-gui element under ``container`` (nested containers walked through)."""
    for element in list(getattr(container, "elements", [])):
        if not getattr(element, "visible", True):
            continue
        inner = getattr(element, "get_container", None)
        kind = WIDGET_KINDS.get(type(element).__name__)
        if kind is None and inner is not None and type(element).__name__.endswith("Container"):
            report_widgets(inner())
            continue
        text = getattr(element, "text", "") or ""
        layout.report(kind or "widget", element.rect, f"{type(element).__name__[2:].lower()} {text}".strip())


class MenuScene(Scene):
    """A menu built from pygame-gui widgets inside a centred panel, navigated by a focus ring."""

    title = ""
    subtitle = ""
    header_lines = 0  # lines a scene draws under its title (besides ``subtitle``), at header_y(i)
    panel_width = 720
    row_height = 48
    row_gap = 12

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ring = FocusRing()
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._focus_name: str | None = None
        self._built = False

    @property
    def manager(self) -> Any:
        return self.app.manager

    def enter(self) -> None:
        self.rebuild()

    def leave(self) -> None:
        self._remember_focus()
        self.manager.clear_and_reset()
        self._built = False

    def resize(self, size: tuple[int, int]) -> None:
        # only the scene on top owns the widgets; a covered menu rebuilds when it comes back (enter)
        if self.app.scene is self:
            self.rebuild()

    def _remember_focus(self) -> None:
        item = self.ring.focused
        self._focus_name = item.name if item is not None and item.name else None

    def rebuild(self) -> None:
        if self._built:
            self._remember_focus()
        self.manager.clear_and_reset()
        self.ring.clear()
        self.ring.manager = self.manager
        self.ring.edit_text = self.edit_text
        self.build()
        self._built = True
        if not (self._focus_name and self.ring.focus_name(self._focus_name)):
            first = next((i for i, it in enumerate(self.ring.items) if it.enabled and not it.is_text), 0)
            self.ring.set_index(first)

    def build(self) -> None:
        """Create the widgets (called on enter and on every resize)."""

    def edit_text(self, item: FocusItem) -> None:
        """A pad confirmed on a text field: type with the on-screen keyboard."""
        from cardtable.arcade.scenes.keyboard import KeyboardScene

        entry = item.element

        def done(text: str) -> None:
            if item.on_text is not None:
                item.on_text(text)

        self.app.push(KeyboardScene(self.app, item.caption, entry.get_text() if entry else "", done,
                                    digits_only=item.allowed == "numbers", max_length=item.max_length))

    # layout helpers
    @property
    def vscale(self) -> float:
        """Vertical positions shrink on short windows (below 720 pixels)."""
        return min(1.0, self.app.size[1] / 720)

    def vy(self, y: int) -> int:
        """A y laid out for 720 pixels: squeezed on short windows; on tall ones the whole menu (title
        and panel together) moves down towards the middle instead of hugging the top."""
        return int(y * self.vscale) + max(0, (self.app.size[1] - 720) // 2)

    def title_size(self) -> int:
        return int(46 * max(0.8, self.vscale))

    def header_y(self, line: int = 0) -> int:
        """The top of the ``line``-th text line under the title (subtitles, status lines)."""
        first = self.vy(42) + int(self.title_size() * 1.32)
        return first + line * (27 if self.app.size[1] >= 700 else 24)

    def content_top(self, pad: int = 28) -> int:
        """The first row's y so that a panel drawn ``pad`` pixels above it clears the title and its lines."""
        lines = self.header_lines + (1 if self.subtitle else 0)
        return self.header_y(lines) + 6 + pad

    def fit_rows(self, rows: int, top: int, preferred: int, bottom: int = 80) -> int:
        """A row height that fits ``rows`` rows between ``top`` and the hint bar."""
        h = self.app.size[1]
        return max(26, min(preferred, (h - top - bottom) // max(1, rows) - self.row_gap))

    def column(self, rows: int, width: int | None = None, top: int | None = None) -> pygame.Rect:
        """The panel's content rectangle for ``rows`` rows, centred in the window below the title."""
        w, h = self.app.size
        width = min(width or self.panel_width, w - 80)
        height = rows * self.row_height + max(0, rows - 1) * self.row_gap
        top = top if top is not None else max(self.vy(170), (h - height) // 2 + 30)
        floor = self.content_top() if self.title else self.vy(130)
        top = max(floor, min(top, h - 90 - height))
        rect = pygame.Rect((w - width) // 2, top, width, height)
        self.panel_rect = rect.inflate(64, 56)
        return rect

    def row(self, column: pygame.Rect, index: int, height_rows: int = 1) -> pygame.Rect:
        y = column.y + index * (self.row_height + self.row_gap)
        return pygame.Rect(column.x, y, column.width, self.row_height * height_rows + self.row_gap * (height_rows - 1))

    def button(self, rect: pygame.Rect, text: str, callback, name: str = "", big: bool = False,
               enabled: bool = True) -> Any:
        # a squeezed row (a short window, many rows) gets a font whose line fits it
        oid = ObjectID(class_id="@menu_big") if big and rect.height >= BIG_BUTTON else None
        if rect.height < SMALL_BUTTON:
            oid = ObjectID(class_id="@button_small")
        element = pygame_gui.elements.UIButton(rect, text, self.manager, object_id=oid)
        if not enabled:
            element.disable()
        self.ring.add(FocusItem(rect.copy(), on_confirm=callback, element=element, name=name or text,
                                enabled=enabled))
        return element

    def label(self, rect: pygame.Rect, text: str, caption: bool = False) -> Any:
        oid = ObjectID(class_id="@caption") if caption else None
        return fitted_label(rect, text, self.manager, object_id=oid)

    # input
    def command(self, cmd: Command) -> None:
        if cmd.kind == "back":
            self.back()
            return
        self.ring.command(cmd)

    def ui_event(self, event: pygame.event.Event) -> None:
        self.ring.ui_event(event)

    def typing(self) -> bool:
        return self.ring.typing()

    def controls(self) -> list[str]:
        return [item.name for item in self.ring.items if item.enabled]

    def focused_control(self) -> str | None:
        item = self.ring.focused
        return item.name if item is not None else None

    def focus_control(self, name: str) -> bool:
        return self.ring.focus_name(name)

    def moves_focus(self, direction: str, device: str = "keyboard") -> bool:
        return self.ring.moves_focus(direction, device)

    def hints(self) -> list[tuple[str, str]]:
        return [("up", "Move"), ("confirm", "Select"), ("back", "Back")]

    def tick(self, dt: float) -> None:
        self.ring.tick(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui_theme.background(surface)
        w, _ = surface.get_size()
        if self.panel_rect.width:
            ui_theme.panel(surface, self.panel_rect)
        if self.title:
            ui_theme.title_text(surface, self.title, (w // 2, self.vy(42)), self.title_size())
        if self.subtitle:
            ui_theme.text(surface, self.subtitle, 20, (w // 2, self.header_y(0)), "muted", anchor="midtop")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.ring.draw(surface)

    def report_layout(self) -> None:
        if self.panel_rect.width:
            self.report("backdrop", self.panel_rect, "menu panel")
        report_widgets(self.manager.get_root_container())
