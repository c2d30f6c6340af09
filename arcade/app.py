"""The client application: window, scene stack, input routing and the fixed-tick loop.

``run(args)`` is what ``cardtable`` / ``cardtable play`` call. :class:`App` can also be built
headless (``SDL_VIDEODRIVER=dummy``) and driven tick by tick, which the tests, ``cardtable shot`` and
``cardtable bench frame`` do: :meth:`App.feed` injects Commands, :meth:`App.post` pygame events,
:meth:`App.step` runs ticks and renders a frame.
"""

from __future__ import annotations

import contextlib
import os
import time
import warnings
from collections.abc import Sequence
from typing import Any

import pygame

from cardtable.arcade import layout, ui_theme
from cardtable.arcade.input import Command, InputMapper
from cardtable.arcade.loop import TICK, FixedLoop
from cardtable.arcade.memory import keep_freed_memory
from cardtable.arcade.settings import Settings
from cardtable.arcade.tables.parts.damage import Damage

MIN_SIZE = (960, 540)
DEFAULT_SIZE = (1280, 720)
TOAST_FADE = 0.6  # seconds a message takes to fade out at its end
WINDOW_CHANGES = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                  pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.VIDEOEXPOSE)


def parse_size(text: str | None) -> tuple[int, int]:
    if not text:
        return DEFAULT_SIZE
    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        return DEFAULT_SIZE
    return max(320, w), max(240, h)


class App:
    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        fullscreen: bool | None = None,
        settings: Settings | None = None,
        start: str | None = "title",
    ) -> None:
        self.started_at = time.perf_counter()
        keep_freed_memory()  # surfaces made and dropped each frame reuse memory, not fresh pages
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.init()
        self.settings = settings if settings is not None else Settings.load()
        self.windowed_size = size
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.screen = self._open_window()
        self.damage = Damage()  # what the last frame drew over a table's kept layer
        pygame.display.set_caption("cardtable")
        self.size = self.screen.get_size()
        self.manager = ui_theme.make_manager(self.size)
        self.mapper = InputMapper()
        self._apply_volume()
        self.scenes: list[Any] = []
        self.pending_events: list[pygame.event.Event] = []
        self.injected: list[Command] = []
        self.toasts: list[tuple[str, float]] = []
        self.loop = FixedLoop(self.tick, self.render)
        self.running = True
        self.first_frame_at: float | None = None
        self.session: Any = None  # the live arcade.session.Session, if any
        # where LAN tables are browsed and advertised (None: every LAN interface; tests: loopback)
        self.lan_interfaces: list[str] | None = None
        self._frame_clock = time.perf_counter()
        self.time = 0.0
        if start == "title":
            from cardtable.arcade.scenes.title import TitleScene

            self.push(TitleScene(self))

    def _apply_volume(self) -> None:
        try:
            from cardtable.arcade.sound import get_sounds

            sounds = get_sounds()
            sounds.set_volume(self.settings.volume / 100)
            sounds.prepare()  # built in the background: no frame waits for a sound
        except Exception:  # sound is a comfort: no mixer, no sound module, no problem
            pass

    # --------------------------------------------------------------------------- window
    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # only its surface API is deprecated
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
        return surface

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed_size = self.size
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self._resized(self.screen.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0] // 2, size[0]), max(MIN_SIZE[1] // 2, size[1]))
        if size == self.size and self.screen.get_size() == size:
            return
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        self.size = self.screen.get_size()
        self.manager.set_window_resolution(self.size)
        for scene in self.scenes:
            scene.resize(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (what a window-manager drag does); tests and tools call it."""
        self.windowed_size = size
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized(self.screen.get_size())

    # --------------------------------------------------------------------------- scenes
    @property
    def scene(self) -> Any:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Any) -> None:
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        self.mapper.release_all()
        scene.enter()

    def pop(self) -> None:
        if not self.scenes:
            return
        top = self.scenes.pop()
        top.leave()
        top.close()
        if not self.scenes:
            self.running = False
            return
        self.mapper.release_all()
        self.scenes[-1].enter()

    def replace(self, scene: Any) -> None:
        if self.scenes:
            top = self.scenes.pop()
            top.leave()
            top.close()
        self.push(scene)

    def home(self) -> None:
        """Back to the title, closing every scene above it and any running session."""
        while len(self.scenes) > 1:
            top = self.scenes.pop()
            top.leave()
            top.close()
        self.end_session()
        if self.scenes:
            self.mapper.release_all()
            self.scenes[-1].enter()

    def find(self, name: str) -> Any:
        return next((s for s in reversed(self.scenes) if s.name == name), None)

    def end_session(self) -> None:
        if self.session is not None:
            session, self.session = self.session, None
            session.close()

    def quit(self) -> None:
        self.running = False
        self.loop.running = False

    def toast(self, message: str, seconds: float = 3.5) -> None:
        self.toasts.append((message, self.time + seconds))

    # --------------------------------------------------------------------------- input
    def feed(self, *commands: Command) -> None:
        """Inject Commands as if a device had produced them (tests, scripted play)."""
        self.injected.extend(commands)

    def post(self, event: pygame.event.Event) -> None:
        """Queue a pygame event for the next tick (bypassing SDL's queue, so it is deterministic)."""
        self.pending_events.append(event)

    def _gather(self) -> None:
        self.pending_events.extend(pygame.event.get())

    def _handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in WINDOW_CHANGES:  # the window's pixels may be new: the next frame draws all of it
            self.damage.forget()
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized(pygame.display.get_surface().get_size())
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        scene = self.scene
        if scene is None:
            return
        self.manager.process_events(event)
        if event.type >= pygame.USEREVENT and hasattr(event, "ui_element"):
            scene.ui_event(event)
            return
        for command in self.mapper.translate(event):
            if command.kind == "point" and self.mapper.last_device != "mouse":
                continue  # a drifting pointer is not input: it moves no focus and lifts no card
            self._dispatch(command)

    def _dispatch(self, command: Command) -> None:
        scene = self.scene
        if scene is not None:
            scene.command(command)

    # --------------------------------------------------------------------------- loop
    def tick(self, dt: float) -> None:
        self.time += dt
        self.mapper.text_mode = bool(self.scene is not None and self.scene.typing())
        events, self.pending_events = self.pending_events, []
        for event in events:
            self._handle_event(event)
            if not self.running:
                return
        injected, self.injected = self.injected, []
        for command in injected:
            self.mapper.used(command)
            self._dispatch(command)
        for command in self.mapper.tick(dt):
            self._dispatch(command)
        if self.session is not None:
            self.session.tick(dt)
        scene = self.scene
        for below in self.scenes[:-1]:
            if getattr(below, "background_tick", False):
                below.tick(dt)  # the table goes on under the pause menu and the rules
        if scene is not None and scene is self.scene:
            scene.tick(dt)
        self.toasts = [(m, until) for m, until in self.toasts if until > self.time]
        if not self.scenes:
            self.quit()

    def render(self, alpha: float) -> None:
        now = time.perf_counter()
        frame_dt, self._frame_clock = now - self._frame_clock, now
        scene = self.scene
        if scene is None:
            return
        # pygame-gui lights the widget under a resting pointer; while a pad or the keys are in use the
        # focus ring is the one highlight, so the pointer is kept out of its way
        self.manager.pointer_away = self.mapper.last_device != "mouse"
        self.manager.update(min(frame_dt, 0.1))
        if getattr(scene, "tracks_damage", False):
            with self.damage.frame(self.screen) as tracked:
                self._draw_frame(scene, tracked, alpha)  # type: ignore[arg-type]
        else:
            self.damage.forget()
            self._draw_frame(scene, self.screen, alpha)
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    def _draw_frame(self, scene: Any, surface: pygame.Surface, alpha: float) -> None:
        scene.draw(surface, alpha)
        self.manager.draw_ui(surface)
        scene.draw_overlay(surface)
        self._draw_hints(surface, scene)
        self._draw_toasts(surface)

    def layout_items(self) -> list[layout.Drawn]:
        """Render one frame and return what the scene reported drawing (the layout test's input)."""
        with layout.recording() as items:
            self.scene.report_layout()
            self.render(0.0)
        return items

    def _pair_label(self, kind: str) -> str:
        """A "Move"/"Change" hint names both keys of its axis ("Up/Down", "W/S"); on a pad it is the
        D-pad glyph with that axis lit, so "Move" and "Change" never show the same button."""
        other = {"up": "down", "left": "right"}.get(kind)
        label = self.mapper.glyph(kind)
        if other is None:
            return label
        second = self.mapper.glyph(other)
        return label if second == label else f"{label}/{second}"

    def _draw_hints(self, surface: pygame.Surface, scene: Any) -> None:
        items = scene.hints()
        if items:
            ui_theme.hints(surface, [(self._pair_label(kind), what) for kind, what in items])

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        """The app's messages, stacked up from just above the hint bar: never over a title or the hints,
        and raised past the scene's controls when they would cover one (the join screen's Back button
        at 960x540)."""
        if not self.toasts:
            return
        w, h = surface.get_size()
        plates = []
        for message, _ in reversed(self.toasts[-3:]):
            size = 19 if ui_theme.font(19, True).size(message)[0] <= w - 100 else 15
            img = ui_theme.font(size, True).render(message, True, ui_theme.colour("ink"))
            plates.append((img, img.get_rect().inflate(36, 16)))
        controls = [item.rect for item in getattr(getattr(self.scene, "ring", None), "items", []) if item.rect.height]
        bottom = h - 52
        for y in range(h - 52, 80, -8):
            if not self._toasts_cover(plates, w, y, controls):
                bottom = y
                break
        for (img, rect), (_, until) in zip(plates, reversed(self.toasts[-3:]), strict=True):
            rect.midbottom = (w // 2, bottom)
            fade = max(0.0, min(1.0, (until - self.time) / TOAST_FADE))  # the last moments fade out
            target = surface if fade >= 1.0 else pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            ui_theme.panel(target, rect, alpha=235, radius=12)
            pygame.draw.rect(target, ui_theme.colour("accent"), rect, width=2, border_radius=12)
            target.blit(img, img.get_rect(center=rect.center))
            if target is not surface:
                target.set_alpha(int(255 * fade))
                surface.blit(target, (0, 0))
            bottom = rect.top - 8

    @staticmethod
    def _toasts_cover(plates: list[tuple[pygame.Surface, pygame.Rect]], w: int, bottom: int,
                      controls: list[pygame.Rect]) -> bool:
        for _, rect in plates:
            placed = rect.copy()
            placed.midbottom = (w // 2, bottom)
            if placed.collidelist(controls) >= 0:
                return True
            bottom = placed.top - 8
        return False

    def step(self, ticks: int = 1, render: bool = True) -> None:
        """Run ``ticks`` fixed ticks (gathering SDL events first) and render one frame."""
        self._gather()
        for _ in range(ticks):
            if not self.running:
                break
            self.tick(TICK)
        if render and self.running:
            self.render(0.0)

    def frame(self) -> None:
        self._gather()
        self.loop.frame()
        pygame.display.flip()

    def run(self, max_fps: int = 240) -> None:
        """The real loop: frames as fast as the display takes them, capped so an idle menu does not
        spin a core (the fixed tick stays at 120 Hz either way)."""
        clock = pygame.time.Clock()
        frames_left = exit_after_frames()
        while self.running and self.loop.running and frames_left != 0:
            self.frame()
            clock.tick(max_fps)
            frames_left -= 1
        self.shutdown()

    def screenshot(self, path: str) -> None:
        self.render(0.0)
        pygame.image.save(self.screen, path)

    def shutdown_quietly(self) -> None:
        """Close scenes and the session without saving settings (tools and tests)."""
        self.end_session()
        for scene in reversed(self.scenes):
            scene.close()
        self.scenes.clear()

    def shutdown(self) -> None:
        self.end_session()
        for scene in reversed(self.scenes):
            scene.close()
        self.scenes.clear()
        self.settings.save()


def exit_after_frames() -> int:
    """``CARDTABLE_EXIT_AFTER_FRAMES=N``: the window closes by itself after N frames, as if quit (a smoke
    check of an installed game, e.g. tools/check_quickstart.sh); otherwise -1, never."""
    text = os.environ.get("CARDTABLE_EXIT_AFTER_FRAMES", "")
    return int(text) if text.isdigit() else -1


def run_replay(args: Any) -> int:
    """``cardtable replay LOG --watch``: the window opens on the replay viewer (the title is under it)."""
    from cardtable.arcade.scenes.replay import open_replay

    app = App(size=parse_size(getattr(args, "size", None)))
    try:
        open_replay(app, args.log, getattr(args, "seat", None))
        app.run()
    finally:
        pygame.quit()
    return 0


def run(args: Any = None, argv: Sequence[str] | None = None) -> int:
    size = parse_size(getattr(args, "size", None))
    fullscreen = True if getattr(args, "fullscreen", False) else None
    app = App(size=size, fullscreen=fullscreen)
    interface = getattr(args, "interface", None)
    if interface:
        app.lan_interfaces = [interface]
    try:
        app.run()
    finally:
        pygame.quit()
    return 0
