"""Settings: name, volume, fullscreen, four-colour suits, card size, bot speed, the couch layout of Spit and
Speed; the bindings shown."""

from __future__ import annotations

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.focus import Cycler, fits, format_value, text_field
from cardtable.arcade.scenes.base import BIG_BUTTON, MenuScene
from cardtable.arcade.settings import BOT_SPEEDS, CARD_SIZES, COUCH_LAYOUTS, clean_name

CAPTION = 0.4  # of the left column's width: the captions' part of a row
BINDINGS = [
    ("Move", "Arrows / WASD", "D-pad / stick", "WASD"),
    ("Select / play", "Enter / Space", "A", "Space"),
    ("Back", "Esc / Backspace", "B", "LShift"),
    ("Menu", "F1 / Esc", "Start", "Esc / F1"),
    ("Left / right pile", "Q / E", "LB / RB", "Q / E (right-hand player , .)"),
    ("Score sheet, extra", "Tab", "Y", "Tab"),
    ("Hint (best move)", "H", "Press the stick (L3)", "R (right-hand player /)"),
    ("Last moves again", "L", "X", "F (right-hand player L)"),
    ("Fullscreen", "F11", "-", "-"),
]


class SettingsScene(MenuScene):
    name = "settings"
    title = "Settings"
    panel_width = 1100

    def build(self) -> None:
        w, h = self.app.size
        s = self.app.settings
        self.row_gap = 10
        top = max(self.vy(170), self.content_top())
        self.row_height = self.fit_rows(9, top, 44)
        col = self.column(9, width=min(1100, w - 80), top=top)
        half = (col.width - 40) // 2
        left = pygame.Rect(col.x, col.y, half, col.height)
        self.right = pygame.Rect(col.x + half + 40, col.y, half, col.height)
        volumes = list(range(0, 101, 10))
        rows = [  # caption, values, index, labels, on_change, name
            ("Volume", volumes, volumes.index(min(volumes, key=lambda v: abs(v - s.volume))), [f"{v}%" for v in volumes],
             self.set_volume, "volume"),
            ("Fullscreen", [False, True], int(self.app.fullscreen), None, self.set_fullscreen, "fullscreen"),
            ("Four-colour suits", [False, True], int(s.four_colour), None, self.set_four_colour, "four_colour"),
            ("Card size", list(CARD_SIZES), CARD_SIZES.index(s.card_size), None, self.set_card_size, "card_size"),
            ("Bot speed", list(BOT_SPEEDS), BOT_SPEEDS.index(s.bot_speed), None, self.set_bot_speed, "bot_speed"),
            ("Two on one screen", list(COUCH_LAYOUTS), COUCH_LAYOUTS.index(s.couch_layout),
             ["Side by side", "Face to face"], self.set_couch_layout, "couch_layout"),
        ]
        # one caption size and one value size for every row (as on the setup screens)
        caption_w = int(half * CAPTION)
        value_w = half - caption_w - 2 * self.row_height
        captions_small = not fits(["Your name"] + [row[0] for row in rows], caption_w)
        values = [text for _, options, _, labels, _, _ in rows for text in (labels or map(format_value, options))]
        values_small = not fits(values, value_w, value=True)
        self.name_entry = text_field(self.manager, self.ring, self.row(left, 0), "Your name", s.name,
                                     on_confirm=self.save_name, name="name", caption_width=CAPTION, max_length=20,
                                     on_text=self.set_name, caption_small=captions_small)
        self.cyclers = [
            Cycler(self.manager, self.ring, self.row(left, i + 1), caption, options, index, labels=labels,
                   on_change=on_change, name=name, caption_width=CAPTION, caption_small=captions_small,
                   value_small=values_small)
            for i, (caption, options, index, labels, on_change, name) in enumerate(rows)]
        done = max(self.row_height, BIG_BUTTON)  # a button's height, at the column's foot
        self.button(pygame.Rect(left.x, left.bottom - done, left.width, done), "Done", self.back, name="done", big=True)

    def set_name(self, text: str) -> None:
        self.app.settings.name = clean_name(text)

    def save_name(self) -> None:
        self.app.settings.name = clean_name(self.name_entry.get_text())

    def set_volume(self, value: int) -> None:
        self.app.settings.volume = value
        try:
            from cardtable.arcade.sound import get_sounds

            sounds = get_sounds()
            if hasattr(sounds, "set_volume"):
                sounds.set_volume(value / 100)
            sounds.play("play")
        except Exception:  # sound is optional (no mixer in a headless run)
            pass

    def set_fullscreen(self, value: bool) -> None:
        self.app.settings.fullscreen = value
        if value != self.app.fullscreen:
            self._focus_name = "fullscreen"
            self.app.toggle_fullscreen()

    def set_four_colour(self, value: bool) -> None:
        self.app.settings.four_colour = value
        art = getattr(self.app, "card_art", None)
        if art is not None:
            art.set_four_colour(value)

    def set_card_size(self, value: str) -> None:
        self.app.settings.card_size = value

    def set_bot_speed(self, value: str) -> None:
        self.app.settings.bot_speed = value

    def set_couch_layout(self, value: str) -> None:
        """Spit and Speed with two players here: side by side on a couch, face to face at a tablet."""
        self.app.settings.couch_layout = value

    def back(self) -> None:
        self.save_name()
        self.app.settings.save()
        self.app.pop()

    def hints(self) -> list[tuple[str, str]]:
        return [("up", "Move"), ("left", "Change"), ("back", "Done")]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        r = self.right
        ui_theme.text(surface, "Controls", 22, (r.x, r.y + 4), "accent_bright", bold=True)
        cols = [r.x, r.x + int(r.width * 0.34), r.x + int(r.width * 0.68)]
        y = r.y + 44
        for i, head in enumerate(("", "Keyboard", "Gamepad")):
            ui_theme.text(surface, head, 17, (cols[i], y), "muted", bold=True)
        y += 28
        size = 17  # smaller on narrow windows, so no column runs into the next
        while size > 12 and any(ui_theme.font(size).size(text)[0] > cols[i + 1] - cols[i] - 16
                                for row in BINDINGS for i, text in enumerate(row[:2])):
            size -= 1
        notes = 10 + (size + 9) + 2 * (size + 5)  # the gamepad line and the two-on-one-keyboard lines below
        step = min(size + 10, (r.bottom - notes - y) / len(BINDINGS))  # rows closer in a short window
        for what, keys, pad, _ in BINDINGS:
            ui_theme.text(surface, what, size, (cols[0], y), "ink")
            ui_theme.text(surface, keys, size, (cols[1], y), "ink")
            ui_theme.text(surface, pad, size, (cols[2], y), "ink")
            y += step
        pads = self.app.mapper.pads
        y += 10
        note = f"Gamepads connected: {len(pads)}" if pads else "No gamepad connected (plug one in any time)."
        ui_theme.text(surface, note, size, (cols[0], y), "muted")
        y += size + 9
        small = size - 1
        for line in ui_theme.wrap("Two on one keyboard: the left half of the screen plays with WASD, Space, Q/E; "
                                  "the right half with the arrows, Enter, comma/period.", small, r.width):
            ui_theme.text(surface, line, small, (cols[0], y), "muted")
            y += small + 6


