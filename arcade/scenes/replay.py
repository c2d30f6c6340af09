"""The replay viewer: a table log played back on the game's own table, from any seat or as a spectator;
or a guest's own recording, from the seats it played (or watched) only.

The table shows exactly what the chosen seat saw at each step (netplay.replay: the host's views,
rebuilt from the log, or the views the guest received, as they arrived). Where a guest was away from
the table, the bar says how many actions it did not see. Under it a bar: back to the start, one step back, play/pause, one step on, the
end; the progress (click to jump), the speed and whose view it is. Keys: Enter/Space (A) play or
pause, Left/Right (D-pad) step, Q/E (LB/RB) slower/faster, Esc (B, Start) the replay menu (whose view,
speed, restart, leave); Up/Down and Tab (Y) go to the table (Oh Hell's last trick and score sheet).
Playing waits between steps as long as the table did (at least :data:`MIN_GAP`, at most
:data:`MAX_GAP` seconds at 1x), divided by the speed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from cardtable.arcade import ui_theme
from cardtable.arcade.focus import Cycler
from cardtable.arcade.input import Command
from cardtable.arcade.scenes.base import MenuScene, Scene

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
MIN_GAP = 0.35
MAX_GAP = 2.5
BAR = 52  # the control bar's height; the app's hint bar sits under it


def open_replay(app: Any, path: str, seat: int | None = None, at: int = 0) -> bool:
    """Push the replay of ``path`` (a table log or a guest's recording; from ``seat``'s side, None: a
    spectator's), at step ``at``; a file that cannot be played gets a dialog saying why. True when the
    replay opened."""
    from cardtable.netplay.replay import LogError, load

    try:
        replay = load(path)
    except (LogError, OSError, ValueError, KeyError) as error:
        from cardtable.arcade.scenes.confirm import DialogScene

        app.push(DialogScene(app, "This replay cannot be played", [str(error)[:300],
                             "The log may be from another version of cardtable, or damaged."],
                             [("Back", lambda: None, "ok")], kind="replay_error"))
        return False
    scene = ReplayScene(app, replay, seat)
    if at:
        scene.goto(at)
    app.push(scene)
    return True


def example_replay(app: Any) -> Any:
    """A short bot game's replay in a temporary folder (the scene registry's examples)."""
    import tempfile

    from cardtable.arcade.shot import bot_game_log
    from cardtable.netplay.replay import Replay

    folder = tempfile.mkdtemp(prefix="cardtable-replay-")
    return Replay(bot_game_log("speed", 1, 2, f"{folder}/example.ctlog"))


class ReplayScene(Scene):
    name = "replay"
    takes_focus = False  # the keys drive the replay (see the module's docstring), not a focus ring

    def __init__(self, app: Any, replay: Any, seat: int | None = None) -> None:
        super().__init__(app)
        self.replay = replay
        points = replay.viewpoints()
        self.seat = seat if seat in points else points[0]
        self.playing = True
        self.speed_index = SPEEDS.index(1.0)
        self.wait = 0.0
        self.table: Any = None
        self.shown: int | None = None  # the seat whose view the table shows (see show)
        self.buttons: dict[str, pygame.Rect] = {}
        self.progress_rect = pygame.Rect(0, 0, 0, 0)
        self.title = replay.game.title
        self.holes = [k for k in range(replay.steps + 1) if replay.missed(k) or replay.rejoined(k)]
        self.make_table()

    @classmethod
    def examples(cls, app: Any) -> Iterator[ReplayScene]:
        yield cls(app, example_replay(app), 0)

    # -- what is shown ----------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def table_size(self) -> tuple[int, int]:
        w, h = self.app.size
        return w, max(200, h - BAR - 44)

    def viewer(self) -> str:
        if self.shown is None:
            return "Spectator's view"
        name = self.replay.label(self.shown)
        return "Your view" if name.lower() == "you" else f"{name}'s view" if "(" not in name else f"View of {name}"

    def make_table(self) -> None:
        from cardtable.arcade.scenes.title import card_art
        from cardtable.arcade.tables import make_table

        self.shown = self.replay.shown_seat(self.seat)
        mine = [self.shown] if self.shown is not None else []  # drawn as that player saw it (Speed's own hand face up)
        self.table = make_table(self.replay.game.name, mine, card_art(self.app), self.table_size())
        self.table.card_scale = self.app.settings.card_scale()
        self.table.controls.input_mapper = self.app.mapper
        self.table.replaying = True
        self.table.set_names(self.replay.names)
        self.show([])

    def show(self, events: list[dict[str, Any]]) -> None:
        """Hand the table the chosen seat's view of the present step (with this step's events). A guest's
        recording may hold another seat here (a spectator who took a seat): the table turns to it."""
        if self.replay.shown_seat(self.seat) != self.shown:
            self.make_table()
            return
        self.table.set_view(self.shown, self.replay.view(self.shown), [], events)

    def current_view(self) -> dict[str, Any]:
        return self.table.views.get(self.shown, {})

    # -- moving -----------------------------------------------------------------------------------

    def forward(self) -> bool:
        if not self.replay.forward():
            return False
        self.show(self.replay.seat_events(self.seat))
        return True

    def back_step(self) -> bool:
        if not self.replay.back():
            return False
        self.show([])
        return True

    def goto(self, step: int) -> None:
        if step == self.replay.step + 1:
            self.forward()
            return
        self.replay.goto(step)
        self.show([])
        self.wait = 0.0

    def set_seat(self, seat: int | None) -> None:
        self.seat = seat
        self.make_table()

    def toggle(self) -> None:
        if self.replay.step >= self.replay.steps:
            self.goto(0)
            self.playing = True
        else:
            self.playing = not self.playing
        self.wait = 0.0

    def faster(self, step: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))

    def next_gap(self) -> float:
        gap = self.replay.gap_before(self.replay.step + 1) or 0.8
        return max(MIN_GAP, min(MAX_GAP, gap)) / self.speed

    # -- the loop ---------------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        if self.table is not None:
            self.table.tick(dt)
        if not self.playing or self.app.scene is not self:
            return
        self.wait += dt
        if self.wait >= self.next_gap():
            self.wait = 0.0
            if not self.forward():
                self.playing = False

    def command(self, cmd: Command) -> None:
        kind = cmd.kind
        if kind in ("back", "menu"):
            self.app.push(ReplayMenu(self.app, self))
        elif kind == "confirm":
            self.toggle()
        elif kind in ("left", "right"):
            self.playing = False
            if kind == "right":
                self.forward()
            else:
                self.back_step()
        elif kind in ("pile_a", "pile_b"):
            self.faster(-1 if kind == "pile_a" else 1)
        elif kind in ("up", "down", "alt"):
            self.table.handle(cmd, None)  # the table's own panels; a replay sends nothing
        elif kind == "click" and cmd.pos is not None:
            self.click(cmd.pos)
        elif kind == "wheel":
            self.playing = False
            for _ in range(abs(cmd.amount)):
                if cmd.amount > 0:
                    self.back_step()
                else:
                    self.forward()

    def click(self, pos: tuple[int, int]) -> None:
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                self.press(name)
                return
        if self.progress_rect.inflate(0, 16).collidepoint(pos) and self.progress_rect.width:
            share = (pos[0] - self.progress_rect.x) / self.progress_rect.width
            self.playing = False
            self.goto(round(max(0.0, min(1.0, share)) * self.replay.steps))

    def press(self, name: str) -> None:
        if name == "start":
            self.playing = False
            self.goto(0)
        elif name == "back":
            self.playing = False
            self.back_step()
        elif name == "play":
            self.toggle()
        elif name == "forward":
            self.playing = False
            self.forward()
        elif name == "end":
            self.playing = False
            self.goto(self.replay.steps)
        elif name == "slower":
            self.faster(-1)
        elif name == "faster":
            self.faster(1)
        elif name in ("seat", "menu"):
            self.app.push(ReplayMenu(self.app, self))

    def resize(self, size: tuple[int, int]) -> None:
        if self.table is not None:
            self.table.resize(self.table_size())

    def enter(self) -> None:
        if self.table is not None and self.table.card_scale != self.app.settings.card_scale():
            self.table.card_scale = self.app.settings.card_scale()

    def leave_replay(self) -> None:
        if self.app.scene is self:
            self.app.pop()

    # -- drawing ----------------------------------------------------------------------------------

    def hints(self) -> list[tuple[str, str]]:
        at_end = self.replay.step >= self.replay.steps
        play = "Replay" if at_end else ("Pause" if self.playing else "Play")
        return [("confirm", play), ("left", "Step"), ("pile_a", "Slower"), ("pile_b", "Faster"), ("back", "Menu")]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = surface.get_size()
        tw, th = self.table_size()
        ui_theme.background(surface)
        area = surface.subsurface(pygame.Rect(0, 0, tw, min(th, h)))
        self.table.draw(area, alpha)
        self._draw_bar(surface, pygame.Rect(0, th, w, h - th))

    def _draw_bar(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        strip = pygame.Surface(rect.size, pygame.SRCALPHA)
        strip.fill((6, 16, 12, 240))
        surface.blit(strip, rect)
        pygame.draw.line(surface, (63, 122, 96), rect.topleft, rect.topright, 2)
        small = rect.width < 1100
        size = 16 if small else 18
        y = rect.y + 8
        x = 14
        self.buttons = {}
        at_end = self.replay.step >= self.replay.steps
        for name, label in (("start", "|<"), ("back", "<"), ("play", "Replay" if at_end else "Pause" if self.playing else "Play"),
                            ("forward", ">"), ("end", ">|")):
            width = max(38, ui_theme.font(size, True).size(label)[0] + 20)
            button = pygame.Rect(x, y, width, BAR - 16)
            pygame.draw.rect(surface, ui_theme.colour("panel"), button, border_radius=8)
            pygame.draw.rect(surface, ui_theme.colour("accent" if name == "play" else "muted"), button, 2, border_radius=8)
            ui_theme.text(surface, label, size, button.center, "ink", anchor="center", bold=True)
            self.buttons[name] = button
            x = button.right + 6
        right = rect.right - 14
        view = self.viewer()
        view_w = ui_theme.font(size, True).size(view)[0] + 24
        seat_button = pygame.Rect(right - view_w, y, view_w, BAR - 16)
        pygame.draw.rect(surface, ui_theme.colour("panel"), seat_button, border_radius=8)
        pygame.draw.rect(surface, ui_theme.colour("accent"), seat_button, 2, border_radius=8)
        ui_theme.text(surface, view, size, seat_button.center, "accent_bright", anchor="center", bold=True)
        self.buttons["seat"] = seat_button
        speed = f"{self.speed:g}x"
        faster = pygame.Rect(seat_button.x - 12 - 34, y, 34, BAR - 16)
        speed_w = ui_theme.font(size, True).size("16x")[0] + 12
        slower = pygame.Rect(faster.x - speed_w - 34, y, 34, BAR - 16)
        for name, button, label in (("slower", slower, "-"), ("faster", faster, "+")):
            pygame.draw.rect(surface, ui_theme.colour("panel"), button, border_radius=8)
            pygame.draw.rect(surface, ui_theme.colour("muted"), button, 2, border_radius=8)
            ui_theme.text(surface, label, size + 2, button.center, "ink", anchor="center", bold=True)
            self.buttons[name] = button
        ui_theme.text(surface, speed, size, ((slower.right + faster.x) // 2, slower.centery), "ink", anchor="center",
                      bold=True)
        counter = f"{self.replay.step} / {self.replay.steps}"
        counter_w = ui_theme.font(size).size(f"{self.replay.steps} / {self.replay.steps}")[0] + 16
        bar_left, bar_right = x + 12, slower.x - 16 - counter_w
        self.progress_rect = pygame.Rect(bar_left, rect.y + BAR // 2 - 4, max(20, bar_right - bar_left), 8)
        pygame.draw.rect(surface, (40, 70, 58), self.progress_rect, border_radius=4)
        done = self.replay.step / self.replay.steps if self.replay.steps else 1.0
        filled = self.progress_rect.copy()
        filled.width = max(0, int(self.progress_rect.width * done))
        pygame.draw.rect(surface, ui_theme.colour("accent"), filled, border_radius=4)
        pygame.draw.circle(surface, ui_theme.colour("accent_bright"), (filled.right, filled.centery), 8)
        ui_theme.text(surface, counter, size, (self.progress_rect.right + counter_w // 2 + 8, self.progress_rect.centery),
                      "muted", anchor="center")
        for hole in self.holes:  # where a guest's recording has a hole: a mark on the bar
            x = self.progress_rect.x + round(self.progress_rect.width * hole / max(1, self.replay.steps))
            pygame.draw.line(surface, ui_theme.colour("danger"), (x, self.progress_rect.y - 5),
                             (x, self.progress_rect.bottom + 4), 3)
        gap = self.gap_note()
        if gap:
            ui_theme.text(surface, gap, 15, (rect.x + 14, rect.bottom - 22), "accent_bright", anchor="midleft")
            return
        label = "Replay  ·  " + self.title + ("  ·  as seen here" if self.replay.recorded else "")
        label += "  ·  the end" if at_end else ""
        ui_theme.text(surface, label, 15, (rect.x + 14, rect.bottom - 22), "muted", anchor="midleft")

    def gap_note(self) -> str:
        """Where a guest's recording has a hole: what it did not see just before the present step."""
        replay, step = self.replay, self.replay.step
        missed = replay.missed(step)
        if missed:
            return f"Away: {missed} action{'s' if missed != 1 else ''} not seen before this"
        if step == 0 and replay.version(0) > 0:
            return f"Joined after {replay.version(0)} actions"
        if replay.rejoined(step):
            return "Back at the table"
        if step == replay.steps and replay.stopped:
            return f"Recording stopped: {replay.stopped}"[:60]
        return ""


class ReplayMenu(MenuScene):
    """The replay's menu: resume, whose view, speed, restart, leave."""

    name = "replay_menu"
    title = "Replay"
    panel_width = 520

    def __init__(self, app: Any, replay_scene: ReplayScene) -> None:
        super().__init__(app)
        self.replay_scene = replay_scene

    @classmethod
    def examples(cls, app: Any) -> Iterator[ReplayMenu]:
        yield cls(app, ReplayScene(app, example_replay(app), None))

    def build(self) -> None:
        scene = self.replay_scene
        col = self.column(5)
        self.button(self.row(col, 0), "Resume", self.back, name="resume")
        seats = scene.replay.viewpoints()
        labels = [scene.replay.label(s) for s in seats]
        Cycler(self.manager, self.ring, self.row(col, 1), "Whose view", seats, seats.index(scene.seat), labels,
               on_change=scene.set_seat, name="seat", caption_width=0.38)
        Cycler(self.manager, self.ring, self.row(col, 2), "Speed", list(range(len(SPEEDS))), scene.speed_index,
               [f"{s:g}x" for s in SPEEDS], on_change=self._speed, name="speed", caption_width=0.38)
        self.button(self.row(col, 3), "Restart from the deal", self.restart, name="restart")
        self.button(self.row(col, 4), "Leave the replay", self.leave_replay, name="leave")

    def _speed(self, index: int) -> None:
        self.replay_scene.speed_index = index

    def restart(self) -> None:
        self.replay_scene.goto(0)
        self.replay_scene.playing = True
        self.app.pop()

    def leave_replay(self) -> None:
        self.app.pop()
        self.replay_scene.leave_replay()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.replay_scene.draw(surface, alpha)
        ui_theme.dim(surface, 165)
        ui_theme.panel(surface, self.panel_rect)
        w = surface.get_width()
        ui_theme.title_text(surface, self.title, (w // 2, max(8, self.panel_rect.y - 64)), 44)

    def hints(self) -> list[tuple[str, str]]:
        return [("up", "Move"), ("left", "Change"), ("confirm", "Select"), ("back", "Resume")]
