"""Two on one keyboard, each on their own side of it, and a real pause when every player sits at this
screen (issue 22, item 1). The table runs in process (DirectSession) and time is the app's injected
ticks: nothing here waits on a clock, except the host's own pause, which runs the host's loop."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from cardtable.arcade.input import Command
from cardtable.arcade.session import BOT, LOCAL, YOU, DirectSession, SeatSpec, TableConfig

SECONDS = 120  # ticks of the fixed loop in a second (arcade.loop.TICK)


@pytest.fixture()
def app(lan_app):
    return lan_app


def key(app: Any, code: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))
    app.step(1)


def sit_down(app: Any, config: TableConfig) -> Any:
    from cardtable.arcade.scenes.table import TableScene

    app.session = DirectSession(config)
    scene = TableScene(app, auto_start=True)
    app.push(scene)
    app.step(3)
    assert scene.started and set(scene.table.views) == set(config.local_seats)
    return scene


def couch(app: Any, game: str = "spit") -> Any:
    return sit_down(app, TableConfig(game, 2, [SeatSpec(YOU, name="Ann"), SeatSpec(LOCAL, name="Bea")], seed=4))


def test_each_half_of_the_screen_plays_with_the_keys_on_its_own_side(app) -> None:
    scene = couch(app)
    table = scene.table
    left, right = scene.local_seats
    assert table.sides.half(left).x == 0 and table.sides.half(right).x > 0  # the first seat plays the left half
    assert app.mapper.split_keyboard and scene.binding["keyboard2"] == left and scene.binding["keyboard"] == right
    cursors = lambda: (table.controls.inputs[left].cursor, table.controls.inputs[right].cursor)  # noqa: E731
    assert cursors() == (0, 0)
    key(app, pygame.K_d)  # the left side of the keyboard moves the left half's cursor
    assert cursors() == (1, 0)
    key(app, pygame.K_RIGHT)  # and the arrows the right half's
    key(app, pygame.K_RIGHT)
    assert cursors() == (1, 2)
    key(app, pygame.K_a)
    assert cursors() == (0, 2)
    # each half's hints name that side's keys
    assert table.controls.hint_label("confirm", left) == "Space" and table.controls.hint_label("confirm", right) == "Enter"
    assert table.controls.hint_label("pile_a", left) == "Q" and table.controls.hint_label("pile_a", right) == ","
    # and Space is the left player's "ready", Enter the right one's
    sent: list[int] = []
    app.session.send = lambda seat, action, press_time=None: sent.append(seat)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RETURN)
    assert sent == [left, right]


def test_setup_tells_the_left_half_the_left_keys() -> None:
    from cardtable.arcade.scenes.table import bind_devices

    assert bind_devices([0, 1], []) == {"keyboard2": 0, "keyboard": 1, "mouse": 1}
    assert bind_devices([0, 1], ["pad3"]) == {"keyboard": 0, "pad3": 1, "mouse": 0}


def ticks_without_change(app: Any, seconds: float) -> tuple[int, int]:
    """(the referee's version before, after) ``seconds`` of injected ticks."""
    before = app.session.version
    app.step(int(seconds * SECONDS))
    return before, app.session.version


def test_a_paused_table_against_bots_advances_nothing_and_the_menu_says_so(app) -> None:
    config = TableConfig("oh_hell", 3, [SeatSpec(YOU, name="Ann"), SeatSpec(BOT, level="random"),
                                        SeatSpec(BOT, level="random")], seed=7, bot_speed=1.0)
    scene = sit_down(app, config)
    while app.session.game.to_act(app.session.state) == [0]:  # the bots' turn: they have something to do
        app.session.send(0, app.session.game.sample(app.session.state, 0, app.session.rng))
        app.step(1)
    app.feed(Command("menu", "keyboard"))
    app.step(1)
    pause = app.scene
    assert pause.name == "pause" and scene.paused and app.session.paused
    assert pause.title == "Paused" and pause.note() == "Paused: the bots wait until you resume"
    drawn = scene.table.reporter.drawn
    before, after = ticks_without_change(app, 30.0)
    assert after == before  # no bot played in 30 s of ticks
    assert scene.table.reporter.drawn is drawn  # nor did the table move on (no new layout)
    app.feed(Command("back", "keyboard"))  # resume
    app.step(1)
    assert app.scene is scene and not scene.paused and not app.session.paused
    before, after = ticks_without_change(app, 30.0)
    assert after > before


def test_a_couch_pause_is_resumed_by_either_player_and_leaving_speaks_to_both(app) -> None:
    scene = couch(app, "speed")
    key(app, pygame.K_ESCAPE)  # Esc opens the menu for either side of the keyboard
    pause = app.scene
    assert pause.name == "pause" and scene.paused
    assert pause.note() == "Paused for all of you: any of you can resume"
    assert pause.leave_words().startswith("The game ends for both of you at this screen")
    key(app, pygame.K_LSHIFT)  # the left-hand player's back key resumes
    assert app.scene is scene and not scene.paused
    key(app, pygame.K_F1)
    assert app.scene.name == "pause" and scene.paused
    assert next(i for i in app.scene.ring.items if i.name == "hint").element.text == "Hint (R or /)"  # each side's
    key(app, pygame.K_BACKSPACE)  # and so does the right-hand player's
    assert app.scene is scene and not scene.paused
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # and Esc, which opened it
    assert app.scene is scene and not scene.paused


def test_the_menu_keeps_its_entries_in_their_places(app) -> None:
    """Six entries in one order whatever the moment: an unavailable one is there, disabled."""
    from cardtable.arcade.scenes.pause import PauseScene

    scene = couch(app)
    orders = []
    for hints in (True, False):
        app.session.private = hints  # a table that does not allow hints: the Hint row stays, disabled
        pause = PauseScene(app, scene)
        app.push(pause)
        app.step(1)
        orders.append([(item.name, item.enabled) for item in pause.ring.items])
        app.pop()
    assert [name for name, _ in orders[0]] == ["resume", "hint", "lan", "rules", "settings", "leave"]
    assert [name for name, _ in orders[1]] == [name for name, _ in orders[0]]
    assert dict(orders[0])["hint"] and not dict(orders[1])["hint"]
    assert not dict(orders[0])["lan"]  # an in-process table cannot be opened to the LAN: shown, disabled


def test_the_host_pauses_only_when_asked_and_refuses_moves_meanwhile() -> None:
    """The embedded host's pause (no wire message: the program that runs it calls it): no bot moves,
    a person's action is refused with a reason, and the game goes on after it."""
    import asyncio

    from cardtable.netplay.client import NetClient
    from cardtable.netplay.host import start_local_table
    from tests.lan import PATIENCE

    table = start_local_table("oh_hell", 3, seats=["random", None, "random"], bot_speed=0, seed=2)
    ann = NetClient("127.0.0.1", table.port, "Ann")  # seat 2 (index 1): the first to bid
    try:
        ann.start()
        assert ann.wait_for("welcome")["seats"] == [1]
        host = table.host
        table.pause(True)
        table.start_game()

        async def turns() -> None:
            for _ in range(200):  # the loop's turns in which an unpaused bot at speed 0 would have played
                await asyncio.sleep(0)

        bid = table.call(lambda: host.game.legal(host.state, 1)[0])
        ann.send_action(1, bid, 0.0)
        reject = ann.wait_for("reject", 5.0 * PATIENCE)
        assert reject is not None and reject["reason"] == "the game is paused"
        table.call(host.apply, 1, bid, None, None)  # her bid, applied by the host itself: the bots' turn now
        table.call(turns)
        assert host.version == 1 and table.call(lambda: host.game.to_act(host.state)) == [2]
        table.pause(False)
        table.call(turns)
        assert host.version >= 2  # the bot after her has bid
    finally:
        ann.close()
        table.stop()


def wait_lobby(client: Any, check: Any) -> dict[str, Any] | None:
    """The first lobby message ``client`` gets that passes ``check`` (None: none within the hang guard)."""
    from tests.lan import PATIENCE

    for _ in range(50):
        lobby = client.wait_for("lobby", 5.0 * PATIENCE)
        if lobby is None or check(lobby):
            return lobby
    return None


def test_a_host_in_another_program_pauses_for_the_screen_where_everyone_sits() -> None:
    """``pause`` on the wire: a couch at a host it does not run may stop the game while every person
    at the table plays at its screen; anyone else's game never waits for another screen, and the
    pause ends by itself when the couch leaves."""
    from cardtable.netplay.client import NetClient
    from cardtable.netplay.host import start_local_table

    table = start_local_table("oh_hell", 4, seats=[None, None, None, "random"], bot_speed=0, seed=2, takeover=60)
    couch = NetClient("127.0.0.1", table.port, "Ann", seats=2)
    bo = NetClient("127.0.0.1", table.port, "Bo")
    try:
        couch.start()
        assert couch.wait_for("welcome")["seats"] == [0, 1]
        couch.send({"type": "pause", "paused": True})
        assert couch.wait_for("error")["reason"] == "only a game under way can be paused"
        bo.start()
        assert bo.wait_for("welcome")["seats"] == [2]
        table.start_game()
        couch.send({"type": "pause", "paused": True})  # Bo plays at another screen: refused
        assert couch.wait_for("error")["reason"] == "only a screen where everyone playing sits can pause the game"
        assert not table.call(lambda: table.host.paused)
        bo.close()
        assert wait_lobby(couch, lambda m: not m["seats"][2].get("connected", True)) is not None
        couch.send({"type": "pause", "paused": "yes"})
        assert couch.wait_for("error")["reason"] == "'paused' must be true or false"
        assert not table.call(lambda: table.host.paused)
        # Bo's seat waits for Bo (takeover 60 s): not a person here, so still refused
        couch.send({"type": "pause", "paused": True})
        assert couch.wait_for("error")["reason"] == "only a screen where everyone playing sits can pause the game"
    finally:
        couch.close()
        bo.close()
        table.stop()


def test_a_remote_pause_holds_the_bots_and_ends_when_the_couch_leaves() -> None:
    from cardtable.netplay.client import NetClient
    from cardtable.netplay.host import start_local_table
    from tests.lan import PATIENCE

    table = start_local_table("oh_hell", 3, seats=["random", None, None], bot_speed=0, seed=2)
    couch = NetClient("127.0.0.1", table.port, "Ann", seats=2)
    zoe = NetClient("127.0.0.1", table.port, "Zoe", seats=0)
    try:
        couch.start()
        assert couch.wait_for("welcome")["seats"] == [1, 2]
        host = table.host
        table.start_game()
        assert wait_lobby(couch, lambda m: m["started"]) is not None
        couch.send({"type": "pause", "paused": True})
        assert wait_lobby(couch, lambda m: m.get("paused")) is not None
        assert table.call(lambda: host.paused_by) is not None
        seat = table.call(lambda: host.game.to_act(host.state))[0]
        bid = table.call(lambda: host.game.legal(host.state, seat)[0])
        couch.send_action(seat, bid, 0.0)
        reject = couch.wait_for("reject", 5.0 * PATIENCE)
        assert reject is not None and reject["reason"] == "the game is paused"
        couch.send({"type": "pause", "paused": False})
        assert wait_lobby(couch, lambda m: m.get("paused") is False) is not None
        couch.send({"type": "pause", "paused": True})
        assert wait_lobby(couch, lambda m: m.get("paused")) is not None
        zoe.start()  # a spectator cannot end another screen's pause
        assert zoe.wait_for("welcome")["seats"] == []
        zoe.send({"type": "pause", "paused": False})
        assert zoe.wait_for("error")["reason"] == "another screen paused the game"
        assert table.call(lambda: host.paused)
        couch.close()  # the couch leaves: nobody is held up by a pause any more, the bots may play its seats
        deadline = time.monotonic() + 10.0 * PATIENCE  # a hang guard: the host notices the closed connection
        while table.call(lambda: host.paused) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not table.call(lambda: host.paused) and table.call(lambda: host.paused_by) is None
    finally:
        couch.close()
        zoe.close()
        table.stop()


def test_the_pause_menu_pauses_a_host_in_another_program_for_a_couch(app) -> None:
    """Two people on one screen at a table this program does not run: the menu asks the host to pause,
    reads "Paused" once the host's lobby says so, and resuming asks it to go on."""
    from cardtable.arcade import session as sessions
    from cardtable.arcade.scenes.lobby import LobbyScene
    from cardtable.netplay.host import start_local_table
    from tests.lan import press, run_until

    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], bot_speed=1.0, seed=2)
    try:
        app.session = sessions.join("127.0.0.1", table.port, app.settings.name, seats=2)
        app.push(LobbyScene(app))
        assert run_until(app, lambda: app.scene.name == "lobby" and app.scene.welcome is not None)
        table.start_game()
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started)
        scene = app.scene
        assert scene.local_seats == [0, 1] and app.session.local_table is None
        press(app, "menu")
        assert app.scene.name == "pause"
        assert run_until(app, lambda: scene.paused and table.call(lambda: table.host.paused))
        assert app.scene.title == "Paused" and app.scene.note() == "Paused for all of you: any of you can resume"
        press(app, "menu")  # resume
        assert app.scene is scene
        assert run_until(app, lambda: not scene.paused and not table.call(lambda: table.host.paused))
    finally:
        app.home()
        table.stop()
