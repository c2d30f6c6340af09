"""The client framework headless: every scene reached and left by keyboard, mouse and gamepad."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from cardtable.arcade.input import Command, InputMapper
from cardtable.arcade.loop import TICK, FixedLoop


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    application = App(size=(1280, 720), fullscreen=False, settings=Settings())
    application.lan_interfaces = ["127.0.0.1"]
    application.step(2)
    yield application
    application.shutdown_quietly()


@pytest.fixture()
def shots(tmp_path):
    folder = tmp_path / "shots"
    folder.mkdir()
    return folder


def key(app, k: int) -> None:
    app.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.step(3)


def pad(app, button: int, instance: int = 7) -> None:
    app.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=instance))
    app.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=instance))
    app.step(3)


def click(app, pos: tuple[int, int]) -> None:
    app.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1)
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(1)
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(2)
    app.step(2)  # pygame-gui posts its button event to SDL's queue: gathered on the next step


def focus_rect(app, name: str) -> pygame.Rect:
    item = next(i for i in app.scene.ring.items if i.name == name)
    return item.rect


MENU = ["play", "learn", "host", "join", "rules", "settings"]  # the title's rows, top down
SCENE_OF = {"play": "local_setup", "learn": "learn_list", "host": "host_setup", "join": "join", "rules": "rules", "settings": "settings"}


def test_loop_runs_fixed_ticks_and_interpolates() -> None:
    ticks: list[float] = []
    alphas: list[float] = []
    loop = FixedLoop(ticks.append, alphas.append)
    loop.advance(TICK * 2.5)
    assert len(ticks) == 2 and all(t == TICK for t in ticks)
    assert alphas[-1] == pytest.approx(0.5)
    loop.advance(10.0)  # a stall is capped, not replayed in full
    assert len(ticks) < 2 + 40


def test_input_mapper_devices_and_hints() -> None:
    mapper = InputMapper()
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)
    assert mapper.translate(down) == [Command("confirm", "keyboard")]
    b = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B, instance_id=3)
    assert mapper.translate(b) == [Command("back", "pad3")]
    assert mapper.hint("confirm") == "A" and mapper.hint("confirm", "keyboard") == "Enter"
    axis = pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTX, value=30000,
                              instance_id=3)
    assert mapper.translate(axis) == [Command("right", "pad3")]
    assert mapper.translate(axis) == []  # held: no second press
    mapper.split_keyboard = True
    w = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w)
    assert mapper.translate(w) == [Command("up", "keyboard2")]
    mapper.text_mode = True
    assert mapper.translate(w) == []  # typing a name, not moving


def test_settings_roundtrip(tmp_path) -> None:
    from cardtable.arcade.settings import Settings

    path = tmp_path / "s.json"
    s = Settings(name="Ada", volume=40, four_colour=True, card_size="large")
    s.save(path)
    assert Settings.load(path) == s
    path.write_text('{"volume": "loud", "card_size": "huge", "junk": 1}')
    loaded = Settings.load(path)
    assert loaded.volume == Settings().volume and loaded.card_size == "medium"


@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse"])
def test_every_menu_scene_reached_and_left(app, shots, device) -> None:
    assert app.scene.name == "title"
    for index, entry in enumerate(MENU):
        if device == "keyboard":
            for _ in range(index):
                key(app, pygame.K_DOWN)
            key(app, pygame.K_RETURN)
        elif device == "gamepad":
            for _ in range(index):
                pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
            pad(app, pygame.CONTROLLER_BUTTON_A)
        else:
            click(app, focus_rect(app, entry).center)
        assert app.scene.name == SCENE_OF[entry], (device, entry)
        app.screenshot(str(shots / f"{device}_{entry}.png"))
        if device == "mouse":
            if any(i.name == "back" for i in getattr(getattr(app.scene, "ring", None), "items", [])):
                click(app, focus_rect(app, "back").center)
            else:  # right-click is the mouse's back
                app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3))
                app.step(3)
        elif device == "gamepad":
            pad(app, pygame.CONTROLLER_BUTTON_B)
        else:
            key(app, pygame.K_ESCAPE)
        assert app.scene.name == "title", (device, entry)
        # the focus ring remembers the row; go back to the top for the next round
        app.scene.ring.set_index(0)
    assert len(os.listdir(shots)) == len(MENU)


def test_setup_cyclers_change_values_by_pad(app) -> None:
    pad(app, pygame.CONTROLLER_BUTTON_A)  # Play
    scene = app.scene
    assert scene.name == "local_setup"
    first = scene.game_name
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # next game
    assert app.scene.game_name != first
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert app.scene.game_name == first
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # players
    before = app.scene.players
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert app.scene.players != before


def test_text_entry_takes_typing_and_navigation_still_works(app) -> None:
    for _ in range(MENU.index("settings")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Settings
    assert app.scene.name == "settings"
    app.scene.ring.focus_name("name")
    app.step(2)
    assert app.scene.typing()
    entry = app.scene.name_entry
    entry.set_text("")
    app.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    app.step(2)
    key(app, pygame.K_s)  # a letter while typing is not "down"
    assert app.scene.ring.focused.name == "name"
    key(app, pygame.K_DOWN)
    assert app.scene.ring.focused.name == "volume"
    key(app, pygame.K_ESCAPE)
    assert app.settings.name.startswith("Zo")


def test_resize_and_fullscreen_keep_the_scene(app, shots) -> None:
    key(app, pygame.K_RETURN)
    app.resize((960, 540))
    app.step(2)
    assert app.scene.name == "local_setup" and app.size == (960, 540)
    assert all(item.rect.right <= 960 and item.rect.bottom <= 540 - 40 for item in app.scene.ring.items)
    app.screenshot(str(shots / "setup_small.png"))
    key(app, pygame.K_F11)
    key(app, pygame.K_F11)
    assert app.scene.name == "local_setup" and not app.fullscreen


def test_hot_plug_gamepad_hint_follows_device(app) -> None:
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN, instance=11)
    assert app.mapper.hint("confirm") == "A"
    key(app, pygame.K_UP)
    assert app.mapper.hint("confirm") == "Enter"
    app.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=11))
    app.step(2)
    assert app.scene.name == "title"


@pytest.mark.parametrize("scene", ["title", "play", "host", "join", "lobby", "table", "pause", "results",
                                   "settings", "rules"])
def test_shot_renders_every_scene(tmp_path, scene) -> None:
    from cardtable.arcade.shot import render

    out = render(scene, str(tmp_path / f"{scene}.png"), "oh_hell", seed=3, actions=12, players=4, settle=20)
    image = pygame.image.load(out)
    assert image.get_size() == (1280, 720)
    # not a blank frame: some variety of colours
    colours = {tuple(image.get_at((x, y))) for x in range(0, 1280, 64) for y in range(0, 720, 48)}
    assert len(colours) > 8


def test_gamepad_types_a_name_with_the_on_screen_keyboard(app, shots) -> None:
    for _ in range(MENU.index("settings")):
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_A)  # Settings
    assert app.scene.name == "settings"
    app.scene.ring.focus_name("name")
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.scene.name == "keyboard"
    for _ in range(len(app.scene.text)):
        pad(app, pygame.CONTROLLER_BUTTON_Y)  # delete
    app.scene.ring.focus_name("shift")
    pad(app, pygame.CONTROLLER_BUTTON_A)
    app.scene.ring.focus_name("key:z")
    pad(app, pygame.CONTROLLER_BUTTON_A)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)  # z -> a, one row up
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.scene.text == "Za"
    app.screenshot(str(shots / "keyboard.png"))
    pad(app, pygame.CONTROLLER_BUTTON_START)  # done
    assert app.scene.name == "settings" and app.settings.name == "Za"
    assert app.scene.name_entry.get_text() == "Za"
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.scene.name == "title" and app.settings.name == "Za"


def count_frames(app: Any, after: Callable[[int], Any] = lambda done: None) -> list[int]:
    """The tick count at each frame ``app.run()`` renders; ``after(frames so far)`` runs after each."""
    frames: list[int] = []
    original = app.frame

    def frame() -> None:
        original()
        frames.append(app.loop.ticks)
        after(len(frames))

    app.frame = frame
    return frames


def test_real_loop_runs_until_quit(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    app = App(size=(1280, 720), fullscreen=False, settings=Settings(name="Quitter"))
    frames = count_frames(app, lambda done: done == 3 and pygame.event.post(pygame.event.Event(pygame.QUIT)))
    app.run()
    assert len(frames) >= 4 and not app.scenes
    assert Settings.load(tmp_path / "cfg" / "settings.json").name == "Quitter"


def test_real_loop_closes_by_itself_after_the_frames_asked_for(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("CARDTABLE_EXIT_AFTER_FRAMES", "5")
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    app = App(size=(1280, 720), fullscreen=False, settings=Settings(name="Smoke"))
    frames = count_frames(app)
    app.run()
    assert len(frames) == 5 and not app.scenes  # shut down as on quit: scenes closed, settings saved
    assert Settings.load(tmp_path / "cfg" / "settings.json").name == "Smoke"


def test_a_broken_table_renderer_costs_a_toast_not_the_client(app, monkeypatch) -> None:
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.shot import direct_session

    monkeypatch.setenv("CARDTABLE_STRICT", "0")
    app.session = direct_session("oh_hell", 2, 4, 5)
    scene = TableScene(app)
    app.push(scene)
    app.step(3)

    def broken(*_args):
        raise RuntimeError("boom")

    scene.table.draw = broken
    scene.table.handle = broken
    app.step(2)
    app.feed(Command("confirm", "keyboard"))
    app.step(2)
    assert app.scene is scene and {"drawing", "input"} <= scene.failures
    assert any("boom" in message for message, _ in app.toasts)


def test_arrows_in_a_text_field_move_the_cursor_not_the_focus(app) -> None:
    for _ in range(MENU.index("settings")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Settings
    app.scene.ring.focus_name("name")
    app.step(2)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RIGHT)
    assert app.scene.ring.focused.name == "name"
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert app.scene.ring.focused.name == "volume"


def test_bots_of_one_level_get_names_that_tell_them_apart(app) -> None:
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.session import seat_name

    seats = [{"seat": 0, "kind": "person", "name": "Ann"}] + [
        {"seat": i, "kind": "bot", "name": "normal bot", "level": "normal"} for i in (1, 2, 3)]
    scene = TableScene(app)
    scene.on_message({"type": "lobby", "seats": seats, "started": False})
    assert scene.names == ["Ann", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)"]
    assert seat_name({"kind": "open", "name": ""}, 4) == "Player 5"


def test_menu_titles_and_their_lines_clear_the_panel(app) -> None:
    """The subtitle (or a lobby's status line) ends above the panel's top border at every size."""
    from cardtable.arcade import ui_theme
    from cardtable.arcade.scenes.lobby import LobbyScene
    from cardtable.arcade.scenes.setup import HostSetupScene, LocalSetupScene
    from cardtable.arcade.session import DirectSession, TableConfig

    for size in ((1280, 720), (960, 540)):
        app.resize(size)
        for make in (LocalSetupScene, HostSetupScene, LobbyScene):
            if make is LobbyScene:
                app.session = DirectSession(TableConfig(game="oh_hell", players=4))
            scene = make(app)
            app.push(scene)
            app.step(2)
            lines = scene.header_lines + (1 if scene.subtitle else 0)
            last_line_bottom = scene.header_y(lines - 1) + ui_theme.font(20).get_height()
            assert scene.panel_rect.top >= last_line_bottom, (size, make.__name__)
            app.pop()


def test_results_tied_winners_share_first_place(app) -> None:
    from cardtable.arcade.scenes.results import ResultsScene

    scene = ResultsScene(app, {"scores": [68, 75, 75, 65], "winners": [1, 2]}, ["You", "Bot 2 (normal)",
                         "Bot 3 (normal)", "Bot 4 (normal)"], "Oh Hell", [0], None)
    app.push(scene)
    app.step(2)
    assert [scene.place(s) for s in scene.order] == [1, 1, 3, 4]
    assert scene.numeric()


def test_resizing_under_a_table_leaves_no_menu_widgets_on_it(app) -> None:
    """A window resized during a game: the title menu under the table must not draw its buttons."""
    from cardtable.arcade.scenes.base import Scene

    class Plain(Scene):
        name = "plain"

    assert app.scene.name == "title"
    app.push(Plain(app))
    app.step(2)
    app.resize((960, 540))
    app.step(2)
    assert not app.manager.get_root_container().elements
    app.pop()
    app.step(2)
    assert app.scene.name == "title" and app.manager.get_root_container().elements
    assert all(item.rect.bottom <= 540 for item in app.scene.ring.items)


def test_move_hints_name_both_keys_of_the_axis(app) -> None:
    app.mapper.last_device = "keyboard"
    assert app._pair_label("up") == "Up/Down" and app._pair_label("left") == "Left/Right"
    assert app._pair_label("confirm") == "Enter"
    app.mapper.last_device = "pad3"
    assert "/" not in app._pair_label("up")


def test_the_title_fan_turns_its_cards_ahead_one_a_frame(app, monkeypatch) -> None:
    """A frame that turns none of the fan's cards turns one more, to an angle its sway will reach; once
    every angle is made no frame turns a card (a card turned while a frame drew it cost ~1.5 ms at
    1920x1080, a few a frame during the sway's first cycle)."""
    from cardtable.arcade.scenes import title

    title._FAN_CACHE.clear()
    title._FAN_DONE.clear()
    turned: list[int] = []
    rotozoom = pygame.transform.rotozoom
    monkeypatch.setattr(pygame.transform, "rotozoom", lambda *a: turned.append(1) or rotozoom(*a))
    per_frame = []
    for _ in range(120):
        turned.clear()
        app.step(1)
        per_frame.append(len(turned))
    assert per_frame[0] == len(title.FAN)  # the first frame (the cache was emptied): its own five
    assert per_frame[1:60] == [1] * 59  # then one a frame, ahead of the sway
    assert title._FAN_DONE and per_frame[-20:] == [0] * 20
    assert len(title._FAN_CACHE) == len(title.FAN) * 13  # 3 degrees of sway in quarter degrees, each card


@pytest.mark.parametrize("scroll", [0, 5, 99])
def test_a_scrolling_sheet_keeps_its_marks_off_every_cell(scroll: int) -> None:
    """"more below" was written over the last row's score (Tractor's results at 960x540)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    from cardtable.arcade import layout
    from cardtable.arcade.scenes.results import draw_sheet
    from cardtable.arcade.scoresheet import Sheet

    sheet = Sheet(["Round", "Declarers", "Attackers' points", "You & Bot 3", "Bot 2 & Bot 4"],
                  [[str(i), "You & Bot 3", "90", "5", "2"] for i in range(1, 28)], ["Final", "", "", "won", "7"])
    surface = pygame.Surface((960, 540))
    with layout.recording() as drawn:
        most = draw_sheet(surface, pygame.Rect(340, 160, 580, 160), sheet, scroll, 15)
    assert most > 0
    cells = [pygame.Rect(d.rect) for d in drawn if d.kind == "label"]
    marks = [pygame.Rect(d.rect) for d in drawn if d.kind != "label"]
    assert marks and all(mark.collidelist(cells) == -1 for mark in marks), (marks, cells)
    assert not any(a.colliderect(b) for i, a in enumerate(cells) for b in cells[i + 1:])
