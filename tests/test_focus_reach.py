"""Reachability, proved rather than sampled: on every scene the client has (found by
``arcade.scenes.scene_classes``, so a scene added later is walked too), and on the setup and host
scenes for every game x player count x seat kind, the focus graph is built from the scene's real
widgets by pressing real keys and real gamepad buttons through the input layer; every enabled
control must be reachable from the first focus with the keyboard's arrows alone and with a pad's
D-pad alone, confirm must run the focused control exactly once, and back must work from there.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from cardtable.arcade.scenes import scene_classes

DIRECTIONS = ("up", "down", "left", "right")
KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT,
        "confirm": pygame.K_RETURN, "back": pygame.K_ESCAPE, "hint": pygame.K_h}
BUTTONS = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
           "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
           "confirm": pygame.CONTROLLER_BUTTON_A, "back": pygame.CONTROLLER_BUTTON_B,
           "hint": pygame.CONTROLLER_BUTTON_LEFTSTICK}
PAD_ID = 5


@pytest.fixture(scope="module")
def app():
    import os

    strict = os.environ.get("CARDTABLE_STRICT")
    os.environ["CARDTABLE_STRICT"] = "1"
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    application = App(size=(1280, 720), fullscreen=False, settings=Settings(name="Ann"))
    application.lan_interfaces = ["127.0.0.1"]
    application.step(1, render=False)
    yield application
    application.shutdown_quietly()
    if strict is None:
        os.environ.pop("CARDTABLE_STRICT", None)
    else:
        os.environ["CARDTABLE_STRICT"] = strict


def press(app: Any, device: str, what: str) -> None:
    """One press and release of the key or pad button for ``what``, through App's event path."""
    if device == "keyboard":
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            app.post(pygame.event.Event(kind, key=KEYS[what], mod=0, unicode="", scancode=0))
    else:
        for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            app.post(pygame.event.Event(kind, button=BUTTONS[what], instance_id=PAD_ID))
    app.step(1, render=False)


def focus_graph(app: Any, scene: Any, device: str) -> dict[str, dict[str, str]]:
    """From the first focus, every control the directions lead to: {control: {direction: control}}."""
    start = scene.focused_control()
    graph: dict[str, dict[str, str]] = {}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        if node in graph:
            continue
        graph[node] = {}
        for direction in DIRECTIONS:
            assert scene.focus_control(node), (scene.name, node)
            if not scene.moves_focus(direction, device):
                continue
            press(app, device, direction)
            assert app.scene is scene, f"{direction} on {node!r} left the {scene.name} scene"
            reached = scene.focused_control()
            graph[node][direction] = reached
            todo.append(reached)
    return graph


def spy(calls: list[str], name: str) -> Callable[..., None]:
    def record(*_args: Any) -> None:
        calls.append(name)
    return record


def check_confirm_and_back(app: Any, scene: Any, device: str, names: list[str]) -> None:
    """Confirm on each control runs that control once (a pad on a text field opens the on-screen
    keyboard); back from each control calls the scene's back once and nothing else."""
    calls: list[str] = []
    ring = getattr(scene, "ring", None)
    if ring is not None:
        for item in ring.items:
            if item.on_confirm is not None:
                item.on_confirm = spy(calls, item.name)
                if item.element in ring.clickables:
                    ring.clickables[item.element] = item.on_confirm
        ring.edit_text = lambda item: calls.append(f"keyboard:{item.name}")
    scene.back = spy(calls, "back")  # an instance attribute: the scene's own back is not run
    for name in names:
        assert scene.focus_control(name)
        calls.clear()
        press(app, device, "confirm")
        app.step(1, render=False)  # pygame-gui's own events come through on the next tick
        item = next((i for i in ring.items if i.name == name), None) if ring is not None else None
        if item is None:  # a scene without a ring (the rules): confirm closes it
            expected = ["back"]
        elif item.is_text and device != "keyboard":
            expected = [f"keyboard:{name}"]
        elif item.is_text:
            expected = [name] if item.on_confirm is not None else []
        else:
            expected = [name]
        assert calls == expected, (scene.name, device, name, calls)
        assert app.scene is scene
        calls.clear()
        press(app, device, "back")
        assert calls == ["back"], (scene.name, device, name, calls)
    del scene.back


def check_scene(app: Any, scene: Any, label: str) -> None:
    app.push(scene)
    app.step(1, render=False)
    try:
        names = scene.controls()
        assert len(set(names)) == len(names) and all(names), f"{label}: controls need unique names: {names}"
        if not scene.takes_focus:
            return
        assert names, f"{label}: no control to focus"
        first = scene.focused_control()
        for device in ("keyboard", "pad"):
            graph = focus_graph(app, scene, device)
            missing = set(names) - set(graph)
            assert not missing, f"{label}: {sorted(missing)} cannot be reached by {device} from {first!r}"
            scene.focus_control(first)
        for device in ("keyboard", "pad"):
            check_confirm_and_back(app, scene, device, names)
    finally:
        while app.scene is not scene and len(app.scenes) > 1:
            app.pop()
        if app.scene is scene:
            app.pop()
        app.end_session()


def test_every_scene_is_found() -> None:
    found = scene_classes()
    expected = {"title", "local_setup", "host_setup", "join", "lobby", "table", "pause", "results", "settings",
                "rules", "keyboard"}
    assert expected <= set(found)


@pytest.mark.parametrize("name", sorted(scene_classes()))
def test_every_control_of_every_scene_is_reachable(app, name) -> None:
    cls = scene_classes()[name]
    examples = list(cls.examples(app))
    assert examples, f"{name}: examples() made no scene"
    for i, scene in enumerate(examples):
        check_scene(app, scene, f"{name}[{i}]")


def setup_cases() -> list[tuple[str, str, int, str]]:
    from cardtable.arcade.session import LOCAL, OPEN, available_games, bot_levels

    cases = []
    for hosting in (False, True):
        for game_name, game in available_games().items():
            kinds = [f"bot:{level}" for level in bot_levels(game_name)] + [LOCAL] + ([OPEN] if hosting else [])
            kinds.append("mixed")
            for players in range(game.min_players, game.max_players + 1):
                for kind in kinds:
                    cases.append(("host" if hosting else "local", game_name, players, kind))
    return cases


@pytest.mark.parametrize("game_name", sorted(["spit", "speed", "go_stop", "rummy", "oh_hell", "tractor"]))
def test_setup_and_host_every_count_and_seat_kind(app, game_name) -> None:
    from cardtable.arcade.scenes.setup import HostSetupScene, LocalSetupScene
    from cardtable.arcade.session import YOU

    cases = [c for c in setup_cases() if c[1] == game_name]
    assert cases
    for where, _, players, kind in cases:
        cls = HostSetupScene if where == "host" else LocalSetupScene
        app.settings.last_game = game_name
        scene = cls(app)
        assert scene.game_name == game_name
        scene.players = players
        choices = scene.seat_choices()
        if kind == "mixed":
            scene.seats = [YOU] + [choices[i % len(choices)] for i in range(len(scene.seats) - 1)]
        else:
            scene.seats = [YOU] + [kind] * (len(scene.seats) - 1)
        check_scene(app, scene, f"{where} {game_name} {players} players, seats {kind}")
        # Start is among the controls (and so was reached and confirmed above)
        assert "start" in scene.controls()
