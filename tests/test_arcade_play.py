"""Whole games through the client: scripted input against bots on the embedded host, couch play with
two synthetic gamepads, and the join list fed by a host advertised on 127.0.0.1."""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable.arcade.input import Command
from tests.lan import run_until


@pytest.fixture()
def app(play_app):
    application = play_app((1280, 720), "Tester")  # tests/conftest.py
    application.step(2)
    return application


def press(app, kind: str, device: str = "keyboard", ticks: int = 2) -> None:
    app.feed(Command(kind, device))
    app.step(ticks)


STALL = 60.0  # seconds without a new view that count as a hung table


class Moving:
    """Whether a game on the embedded host still moves: the table scene got a view within the last
    STALL seconds. Bots on the host's threads play slower on a busy machine but never stop, so whole
    games wait on this instead of a deadline: only a table that stands still (a hang) ends the wait."""

    def __init__(self, app) -> None:
        self.views = self.seen = 0
        self.at = time.monotonic()
        original = app.scene.on_message

        def on_message(message: dict) -> None:
            self.views += message.get("type") == "view"
            original(message)

        app.scene.on_message = on_message

    def __call__(self) -> bool:
        if self.views != self.seen:
            self.seen, self.at = self.views, time.monotonic()
        return time.monotonic() - self.at < STALL


def open_setup(app, game: str, players: int) -> None:
    app.settings.last_game = game
    press(app, "confirm")  # Play
    scene = app.scene
    assert scene.name == "local_setup" and scene.game_name == game
    scene.ring.focus_name("players")
    while app.scene.players != players:
        press(app, "left" if app.scene.players > players else "right")


def test_oh_hell_played_to_the_results_by_keyboard(app, tmp_path) -> None:
    open_setup(app, "oh_hell", 3)
    for seat in (1, 2):  # the quickest bots: this test is about the client, not the bots
        app.scene.ring.focus_name(f"seat{seat}")
        while app.scene.seats[seat] != "bot:random":
            press(app, "right")
    app.scene.ring.focus_name("start")
    press(app, "confirm")
    assert app.scene.name == "table"
    assert run_until(app, lambda: app.scene.table is not None and app.scene.started, 10)
    app.screenshot(str(tmp_path / "oh_hell_start.png"))
    moves = 0
    last_version = None
    stuck = 0
    moving = Moving(app)
    while app.scene.name in ("table", "hand_review") and moving():
        if app.scene.name == "hand_review":  # each hand's review over the table (the game waits): Next hand
            moving.at = time.monotonic()
            press(app, "confirm")
            continue
        table = app.scene.table
        seat = app.scene.local_seats[0]
        view = table.views.get(seat, {})
        mine = bool(table.legals.get(seat))
        version = (len(view.get("sheet") or []), view.get("phase"), len(view.get("hand") or []),
                   len(view.get("trick") or []))
        if mine:
            stuck = stuck + 1 if version == last_version else 0
            press(app, "right" if stuck % 2 else "confirm")
            moves += 1
        else:
            app.step(2)
            time.sleep(0.0005)
        last_version = version
    assert run_until(app, lambda: app.scene.name == "results", 10)
    assert moves > 20
    scene = app.scene
    assert len(scene.scores) == 3 and scene.winners
    app.screenshot(str(tmp_path / "oh_hell_results.png"))
    scene.ring.focus_name("again")
    press(app, "confirm")
    assert app.scene.name == "table"
    assert run_until(app, lambda: app.scene.started, 10)
    press(app, "menu")
    app.scene.ring.focus_name("leave")
    press(app, "confirm")
    assert app.scene.name == "dialog" and app.scene.kind == "leave_game"  # a game in progress is lost
    press(app, "left")
    press(app, "confirm")
    assert app.scene.name == "title" and app.session is None


def test_couch_speed_two_gamepads(app) -> None:
    from cardtable.arcade.scenes.table import bind_devices

    assert bind_devices([0, 1], ["pad5", "pad6"])["pad6"] == 1
    assert bind_devices([0, 1], ["pad5"]) == {"keyboard": 0, "pad5": 1, "mouse": 0}
    assert bind_devices([0, 1], [])["keyboard2"] == 0  # the left side of the keyboard plays the left half
    app.mapper.controllers[5] = object()  # two gamepads plugged in (synthetic)
    app.mapper.controllers[6] = object()
    open_setup(app, "speed", 2)
    app.scene.ring.focus_name("seat1")
    while app.scene.seats[1] != "local":
        press(app, "right")
    app.scene.ring.focus_name("start")
    press(app, "confirm")
    ok = run_until(app, lambda: app.scene.name == "table" and app.scene.started and
                   len(app.scene.table.views) == 2, 10)
    assert ok, (app.scene.name, app.toasts, getattr(app.scene, "status", ""), getattr(app.scene, "local_seats", ""))
    scene = app.scene
    assert scene.local_seats == [0, 1] and scene.binding["pad5"] == 0 and scene.binding["pad6"] == 1
    sent: list[tuple[int, dict]] = []
    original = app.session.send

    def spy(seat, action, press_time=None):
        sent.append((seat, action))
        original(seat, action, press_time)

    app.session.send = spy
    order = ["confirm", "pile_a", "pile_b", "right", "confirm", "pile_a", "pile_b", "left"]
    for _round in range(30):
        for kind in order:
            for instance, button in ((5, kind), (6, kind)):
                mapped = {"confirm": pygame.CONTROLLER_BUTTON_A, "pile_a": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
                          "pile_b": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                          "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
                          "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT}[button]
                app.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=mapped, instance_id=instance))
                app.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=mapped, instance_id=instance))
            app.step(3)
            time.sleep(0.002)
        if {s for s, _ in sent} == {0, 1} or app.scene.name != "table":
            break
    assert {s for s, _ in sent} == {0, 1}, sent[:5]


def test_join_list_updates_from_a_host_on_loopback(app) -> None:
    import secrets

    from cardtable.arcade.scenes.join import JoinScene
    from cardtable.netplay.discovery import TableInfo
    from cardtable.netplay.host import start_local_table

    app.push(JoinScene(app))
    name = f"Loop table {secrets.token_hex(3)}"  # other tests may advertise on loopback meanwhile

    def ours() -> list[TableInfo]:
        return [t for t in app.scene.tables if t.name == name]

    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], name=name, bot_speed=0)
    try:
        table.advertise(name, ["127.0.0.1"])
        assert run_until(app, lambda: bool(ours()), 15, ticks=4)
        listed = ours()[0]
        assert listed.game == "oh_hell" and listed.seats == 3
        app.scene.ring.focus_name(f"table:{listed.key}")
        press(app, "confirm", "pad1")
        assert app.scene.name == "lobby"
        assert run_until(app, lambda: app.scene.welcome is not None and len(app.scene.seats) == 3, 10)
        app.screenshot_path = None
        press(app, "back", "pad1")
        assert app.scene.name == "join"
        table.unadvertise()
        assert run_until(app, lambda: not ours(), 15, ticks=4)
    finally:
        table.stop()


@pytest.mark.parametrize("game", ["speed", "spit"])
def test_realtime_game_played_to_the_results_by_gamepad(app, game) -> None:
    from cardtable.arcade.session import available_games

    if game not in available_games():
        pytest.skip(f"{game} is not in the engine yet")
    open_setup(app, game, 2)
    app.scene.ring.focus_name("seat1")
    while app.scene.seats[1] != "bot:random":
        press(app, "right", "pad3")
    app.scene.ring.focus_name("start")
    press(app, "confirm", "pad3")
    assert run_until(app, lambda: app.scene.name == "table" and app.scene.started, 10)
    script = ["pile_a", "right", "pile_b", "confirm", "right", "pile_a", "down", "confirm", "up", "pile_b"]
    moving = Moving(app)
    i = 0
    while app.scene.name in ("table", "hand_review") and moving():
        if app.scene.name == "hand_review":  # a round's review (the game waits): Next round
            moving.at = time.monotonic()
            press(app, "confirm", "pad3", ticks=3)
            continue
        press(app, script[i % len(script)], "pad3", ticks=3)
        i += 1
        time.sleep(0.001)
    assert run_until(app, lambda: app.scene.name == "results", 5), app.scene.name
    assert app.scene.winners or app.scene.result.get("winners") == []


def test_host_a_lan_table_lobby_and_start(app) -> None:
    from cardtable.netplay.client import NetClient

    press(app, "down", "pad2")  # Learn
    press(app, "down", "pad2")
    press(app, "confirm", "pad2")  # Host a LAN table
    scene = app.scene
    assert scene.name == "host_setup"
    scene.game_name = "oh_hell"
    scene._reset_game()
    scene.players = 3
    scene.rebuild()
    scene.ring.focus_name("start")
    press(app, "confirm", "pad2")
    assert app.scene.name == "lobby"
    assert run_until(app, lambda: app.scene.welcome is not None and len(app.scene.seats) == 3, 10)
    lan = app.session.lan_address
    assert lan and lan.startswith("127.0.0.1:")
    guest = NetClient("127.0.0.1", int(lan.rsplit(":", 1)[1]), "Guest")
    guest.start()
    try:
        assert run_until(app, lambda: any(s.get("name") == "Guest" for s in app.scene.seats), 10)
        open_seat = next(s["seat"] for s in app.scene.seats if s["kind"] == "open")
        app.scene.ring.focus_name(f"seat{open_seat}")
        press(app, "right", "pad2")  # open -> easy bot
        assert run_until(app, lambda: app.scene.seats[open_seat].get("kind") == "bot", 10)
        app.scene.ring.focus_name("start")
        press(app, "confirm", "pad2")
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started, 10)
        assert app.scene.local_seats == [0]
    finally:
        guest.close()


def test_couch_oh_hell_with_privacy_screen(app) -> None:
    open_setup(app, "oh_hell", 3)
    app.scene.ring.focus_name("seat1")
    while app.scene.seats[1] != "local":
        press(app, "right")
    app.scene.ring.focus_name("seat2")
    while app.scene.seats[2] != "bot:random":
        press(app, "right")
    app.scene.ring.focus_name("start")
    press(app, "confirm")
    assert run_until(app, lambda: app.scene.name == "table" and app.scene.started, 10)
    assert app.scene.local_seats == [0, 1]
    saw_privacy = False
    moving = Moving(app)
    i = 0

    def hands_done() -> int:
        return len(app.scene.table.view.get("sheet") or []) if app.scene.name == "table" else 99

    while hands_done() < 4 and moving():
        table = app.scene.table
        saw_privacy = saw_privacy or table.needs_privacy()
        if any(table.legals.get(s) for s in (0, 1)) or table.needs_privacy():
            press(app, "confirm" if i % 3 else "right", "pad4" if i % 2 else "keyboard")
            i += 1
        else:
            app.step(2)
            time.sleep(0.0005)
    assert hands_done() >= 4
    assert saw_privacy


def test_open_to_lan_from_the_pause_menu_shows_in_the_join_list(app) -> None:
    from cardtable.netplay.discovery import LiveBrowser

    open_setup(app, "oh_hell", 3)
    app.scene.ring.focus_name("start")
    press(app, "confirm")
    assert run_until(app, lambda: app.scene.name == "table" and app.scene.started, 10)
    press(app, "menu", "pad1")
    assert app.scene.name == "pause"
    assert app.scene.ring.focus_name("lan")
    browser = LiveBrowser(["127.0.0.1"]).start()
    try:
        press(app, "confirm", "pad1")
        assert app.session.advertised and app.session.lan_address.startswith("127.0.0.1:")
        lan = next(item for item in app.scene.ring.items if item.name == "lan")  # kept in its place
        assert not lan.enabled and lan.element.text == "Opened to the LAN"
        address = app.session.lan_address

        def ours() -> list:  # other tests (and other checkouts) advertise on loopback too
            return [t for t in browser.tables() if f"{t.address}:{t.port}" == address]

        deadline = time.monotonic() + 15
        while not ours() and time.monotonic() < deadline:
            app.step(2)
            time.sleep(0.01)
        assert [t.game for t in ours()] == ["oh_hell"]
    finally:
        browser.close()
    app.scene.ring.focus_name("rules")
    press(app, "confirm", "pad1")
    assert app.scene.name == "rules" and app.scene.game_name == "oh_hell"
    press(app, "back", "pad1")
    assert app.scene.name == "pause"
    app.scene.ring.focus_name("settings")
    press(app, "confirm", "pad1")
    assert app.scene.name == "settings"
    app.scene.ring.focus_name("card_size")
    press(app, "right", "pad1")
    press(app, "back", "pad1")
    press(app, "back", "pad1")
    assert app.scene.name == "table" and app.session is not None
    assert app.scene.table.card_scale == app.settings.card_scale() != 1.0
    app.resize((1024, 640))
    app.step(3)
    assert app.scene.table.size == (1024, 640)


def test_rejoining_a_table_gets_the_seat_back(app) -> None:
    from cardtable.arcade import session as sessions
    from cardtable.arcade.scenes.lobby import LobbyScene
    from cardtable.netplay.host import start_local_table

    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], bot_speed=0)
    try:
        app.session = sessions.join("127.0.0.1", table.port, "Tester")
        app.push(LobbyScene(app))
        assert run_until(app, lambda: app.scene.welcome is not None, 10)
        seats = list(app.scene.welcome["seats"])
        table.start_game()
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started, 10)
        app.home()  # the connection drops (the seat waits for its token)
        app.session = sessions.join("127.0.0.1", table.port, "Tester")
        app.push(LobbyScene(app))
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started, 10)
        assert app.scene.local_seats == seats
    finally:
        app.home()
        table.stop()


def test_joining_a_started_table_watches_as_a_spectator(app) -> None:
    from cardtable.arcade import session as sessions
    from cardtable.arcade.scenes.lobby import LobbyScene
    from cardtable.netplay.host import start_local_table

    table = start_local_table("oh_hell", 3, seats=["random", "random", "random"], bot_speed=1.0)
    try:
        table.start_game()
        app.session = sessions.join("127.0.0.1", table.port, "Watcher")
        app.push(LobbyScene(app))
        assert run_until(app, lambda: app.scene.name == "dialog", 10)  # no seat is free: watch?
        assert app.scene.kind == "full" and app.scene.heading == "The game has started"
        assert app.scene.ring.focused.name == "watch"
        press(app, "confirm")
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started, 10)
        assert app.scene.local_seats == [] and app.scene.watching
        app.step(30)
        press(app, "confirm")  # a spectator's input does nothing harmful
        assert app.scene.name == "table"
    finally:
        app.home()
        table.stop()


def test_couch_speed_on_one_keyboard(app) -> None:
    open_setup(app, "speed", 2)
    app.scene.ring.focus_name("seat1")
    while app.scene.seats[1] != "local":
        press(app, "right")
    app.scene.ring.focus_name("start")
    press(app, "confirm")
    assert run_until(app, lambda: app.scene.name == "table" and app.scene.started and
                     len(app.scene.table.views) == 2, 10)
    assert app.mapper.split_keyboard and app.scene.binding["keyboard2"] == 0  # the left half
    sent: list[int] = []
    original = app.session.send
    app.session.send = lambda seat, action, press_time=None: (sent.append(seat), original(seat, action, press_time))
    for _ in range(40):
        for key in (pygame.K_q, pygame.K_COMMA, pygame.K_e, pygame.K_PERIOD, pygame.K_d, pygame.K_RIGHT,
                    pygame.K_SPACE, pygame.K_RETURN):
            app.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
            app.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        app.step(3)
        time.sleep(0.002)
        if set(sent) == {0, 1} or app.scene.name != "table":
            break
    assert set(sent) == {0, 1}
    app.home()
    assert not app.mapper.split_keyboard


def test_table_hints_show_the_gamepad_from_the_first_frame(app) -> None:
    """Menus navigated with a pad: the table's own hints name pad buttons before the pad touches it."""
    app.settings.last_game = "oh_hell"
    for _ in range(2):
        app.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                                    instance_id=5))
        app.step(2)
    assert app.mapper.last_device.startswith("pad")
    app.scene.ring.focus_name("play")
    press(app, "confirm", app.mapper.last_device)
    app.scene.ring.focus_name("start")
    press(app, "confirm", app.mapper.last_device)
    assert run_until(app, lambda: app.scene.name == "table" and app.scene.table is not None, 10)
    table = app.scene.table
    seat = app.scene.local_seats[0]
    assert table.controls.hint_label("alt", seat) == app.mapper.hint("alt", app.mapper.last_device) != "Tab"
