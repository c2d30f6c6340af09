"""Whole journeys by gamepad alone: from the title to a finished hand, with nothing but SDL controller
events (CONTROLLERBUTTONDOWN/UP and CONTROLLERAXISMOTION) posted through the client's input layer.

A journey reads the screen as a player would (which row has the focus, which cards are on the table,
what the buttons say) to decide which button to press next; it never calls a scene or a table directly.
SDL's dummy video driver has no devices, so the pads are registered as plugged in (the hot-plug event
needs a real device); everything after that is posted events. The tables are played against the
embedded host on 127.0.0.1 with bots at instant speed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tests.lan import run_until

A, B, Y = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_Y
START = pygame.CONTROLLER_BUTTON_START
LB, RB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
LEFT, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    application = App(size=(1280, 720), fullscreen=False,
                      settings=Settings(name="Ann", bot_speed="instant", last_game="oh_hell"))
    application.lan_interfaces = ["127.0.0.1"]
    application.step(2)
    yield application
    application.shutdown_quietly()


class Pad:
    """One gamepad: presses become SDL controller events posted to the app."""

    def __init__(self, app: Any, instance: int) -> None:
        self.app = app
        self.instance = instance
        app.mapper.controllers[instance] = object()  # plugged in (see the module docstring)

    def press(self, button: int, ticks: int = 2) -> None:
        for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            self.app.post(pygame.event.Event(kind, button=button, instance_id=self.instance))
        self.app.step(ticks)

    def stick(self, direction: str, ticks: int = 2) -> None:
        """Push the left stick one way and let it go back (one step of the focus)."""
        axis = pygame.CONTROLLER_AXIS_LEFTY if direction in ("up", "down") else pygame.CONTROLLER_AXIS_LEFTX
        value = -32000 if direction in ("up", "left") else 32000
        for v in (value, 0):
            self.app.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=axis, value=v,
                                             instance_id=self.instance))
            self.app.step(ticks)


def focused(app: Any) -> str | None:
    return app.scene.focused_control()


def choose(app: Any, pad: Pad, row: str, want: Callable[[], bool], limit: int = 40) -> None:
    """With the focus on ``row`` (a cycler), press right until ``want()`` holds."""
    assert focused(app) == row
    for _ in range(limit):
        if want():
            return
        pad.press(RIGHT)
    assert want(), row


def walk_to(app: Any, pad: Pad, row: str, button: int = DOWN, limit: int = 30) -> None:
    """Press ``button`` (down by default) until ``row`` has the focus: the movement rule gets there."""
    for _ in range(limit):
        if focused(app) == row:
            return
        pad.press(button)
    assert focused(app) == row, (row, focused(app))


def test_local_rummy_by_pad_start_reached_and_a_hand_played_to_the_results(app) -> None:
    pad = Pad(app, 5)
    assert app.scene.name == "title" and focused(app) == "play"
    pad.press(A)
    assert app.scene.name == "local_setup"
    choose(app, pad, "game", lambda: app.scene.game_name == "rummy")
    pad.stick("down")
    assert focused(app) == "players"
    while app.scene.players != 2:
        pad.press(LEFT)
    walk_to(app, pad, "opt:target")
    while app.scene.options["target"] != 1:  # one hand decides the game
        pad.press(LEFT)
    walk_to(app, pad, "start")
    pad.press(A)
    assert app.scene.name == "table"
    assert run_until(app, lambda: app.scene.table is not None and bool(app.scene.table.views), 20)

    hinted: set[tuple] = set()

    def play() -> None:
        """Knock when the hand may end, meld the Hint's arrangement when it plays cards, else draw (as
        the Hint's message says when nothing fits)."""
        if app.scene.name != "table" or app.scene.table is None:
            return
        table = app.scene.table
        if not table.legals.get(table.me):
            return
        if table.keys.zone != "menu":
            pad.press(Y)
            return
        labels = [entry[0] for entry in table.action_buttons.entries()]
        meld = table.action_buttons.entries()[0] if labels and labels[0] == "Meld" else None
        moment = (table.view.get("turn"), table.view.get("drawn"), len(table.view.get("hand") or []))
        if "Knock" in labels:
            wanted = "Knock"
        elif meld is not None and meld[2] is not None:
            wanted = "Meld"
        elif "Hint" in labels and moment not in hinted:
            wanted = "Hint"
        else:
            wanted = "Draw" if "Draw" in labels else "Pass"
        if wanted == "Hint" and labels[table.keys.menu_focus % len(labels)] == "Hint":
            hinted.add(moment)
        if labels[table.keys.menu_focus % len(labels)] != wanted:
            pad.press(RIGHT)
        else:
            pad.press(A)

    assert run_until(app, lambda: app.scene.name == "results", 120, each=play), app.scene.name
    assert app.scene.winners
    walk_to(app, pad, "menu", RIGHT)
    pad.press(A)
    assert app.scene.name == "title" and app.session is None


def test_couch_spit_with_two_pads_to_the_end_of_a_round(app) -> None:
    first, second = Pad(app, 5), Pad(app, 6)
    first.press(A)
    choose(app, first, "game", lambda: app.scene.game_name == "spit")
    walk_to(app, first, "seat1")
    choose(app, first, "seat1", lambda: app.scene.seats[1] == "local")
    assert "gamepad 1" in app.scene.couch_note() and "gamepad 2" in app.scene.couch_note()
    walk_to(app, first, "start", UP)
    first.press(A)
    assert run_until(app, lambda: app.scene.name == "table" and app.scene.table is not None
                     and len(app.scene.table.views) == 2, 20)
    scene = app.scene
    table = scene.table
    assert table.sides.arrangement == "side" and scene.binding == {"pad5": 0, "pad6": 1, "keyboard": 0, "mouse": 0}
    pads = {0: first, 1: second}
    rounds_seen: set[int] = set()

    def play() -> None:
        """Each player looks at their half and presses: Spit! when it is called for, slap the left pile,
        play the card under the cursor onto a pile it fits, turn or move it, else move right."""
        if app.scene is not scene:
            return
        for seat, pad in pads.items():
            legal = table.legals.get(seat, [])
            phase = table.view.get("phase")
            rounds_seen.add(int(table.view.get("round") or 1))
            if not legal:
                continue
            kinds = {a["type"] for a in legal}
            if kinds & {"ready", "spit"}:
                pad.press(A, 1)
            elif phase in ("slap", "choose"):
                pad.press(LB, 1)
            else:
                card = table.cursors.cursor_card(seat)
                place = table.controls.inputs[seat].cursor % len(table.cursor_cards(seat))
                piles = {a["pile"] for a in legal if a["type"] == "play" and a["card"] == card}
                if piles:
                    pad.press(LB if table.pile_for_button(seat, 0) in piles else RB, 1)
                elif any((a["type"] == "turn" and a["stock"] == place)
                         or (a["type"] == "move" and (a["stock"] == place if card is None else a["card"] == card))
                         for a in legal):
                    pad.press(A, 1)  # turn it up, or fill the empty place
                else:
                    pad.press(RIGHT, 1)

    finished = run_until(app, lambda: app.scene is not scene or len(rounds_seen) >= 2, 120, each=play)
    assert finished and (len(rounds_seen) >= 2 or app.scene.name == "results")


def test_host_a_table_by_pad_lobby_start_and_a_hand(app) -> None:
    pad = Pad(app, 7)
    pad.press(DOWN)
    assert focused(app) == "learn"
    pad.press(DOWN)
    assert focused(app) == "host"
    pad.press(A)
    assert app.scene.name == "host_setup" and app.scene.game_name == "oh_hell"
    pad.stick("down")
    while app.scene.players != 3:
        pad.press(LEFT)
    walk_to(app, pad, "game", UP)
    pad.press(UP)  # from the first row, up reaches Start
    assert focused(app) == "start"
    pad.press(A)
    assert app.scene.name == "lobby"
    assert run_until(app, lambda: focused(app) == "start" and bool(app.scene.seats), 20)
    pad.press(A)
    assert run_until(app, lambda: app.scene.name == "table" and app.scene.table is not None
                     and bool(app.scene.table.views), 20)
    scene = app.scene

    def hands_done() -> int:
        view = scene.table.view
        return len(view.get("sheet") or []) if view else 0

    def play() -> None:
        table = scene.table
        if app.scene is scene and table.legals.get(table.me):
            pad.press(A if not table.toasts else RIGHT)

    assert run_until(app, lambda: hands_done() >= 1, 60, each=play)
    pad.press(START)
    assert app.scene.name == "pause"
    walk_to(app, pad, "leave")
    pad.press(A)
    assert app.scene.name == "dialog" and app.scene.kind == "leave_game"  # the game would be lost: asked first
    pad.press(LEFT)
    pad.press(A)
    assert app.scene.name == "title" and app.session is None


def test_couch_speed_with_a_pad_and_the_keyboard(app) -> None:
    """One pad and the keyboard: the keyboard (whole) plays the left half, the pad the right."""
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.session import LOCAL, YOU, DirectSession, SeatSpec, TableConfig

    pad = Pad(app, 9)
    session = DirectSession(TableConfig(game="speed", players=2, seats=[SeatSpec(YOU, name="Ann"),
                                                                         SeatSpec(LOCAL, name="Bo")], seed=4))
    session.request({"type": "start"})
    app.session = session
    scene = TableScene(app)
    app.push(scene)
    app.step(3)
    assert scene.binding == {"keyboard": 0, "pad9": 1, "mouse": 0} and not app.mapper.split_keyboard
    sent: list[int] = []
    original = session.send
    session.send = lambda seat, action, press_time=None: (sent.append(seat), original(seat, action, press_time))
    for _ in range(60):
        if set(sent) == {0, 1}:
            break
        for key in (pygame.K_RETURN, pygame.K_RIGHT, pygame.K_q, pygame.K_e):
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                app.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
            app.step(2)
        for button in (A, RIGHT, LB, RB):
            pad.press(button)
        app.step(20)  # the count ends; Ready goes by itself
    assert set(sent) == {0, 1}
    table = scene.table
    assert table.sides.arrangement == "side"
    assert table.controls.inputs[0].device == "keyboard" and table.controls.inputs[1].device == "pad9"
    assert table.hint_bar.image(1, table.hints_for(1), 600) is not None
    assert any(c.startswith("pad:") for kinds, _ in filter(None, table.hints_for(1)) for c in table.controls.caps(1, kinds))
