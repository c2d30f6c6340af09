"""Errors in words with a next step, presence notices and seat badges (arcade/words.py), and the join
screen's way through a failed join: a closed port on 127.0.0.1, Enter in the PIN box."""

from __future__ import annotations

import pygame
import pytest

from cardtable import __version__
from cardtable.arcade.input import Command
from cardtable.arcade.words import badges, explain_join, notices
from tests.lan import closed_port, run_until


def test_a_closed_port_is_explained_in_words() -> None:
    from cardtable.netplay.client import NetClient

    port = closed_port()
    client = NetClient("127.0.0.1", port, "Ann")
    client.start()
    closed = client.wait_for("closed", 5.0)
    client.close()
    assert closed is not None and "111" in closed["reason"] or "refused" in closed["reason"].lower()
    said = explain_join(closed["reason"], "127.0.0.1", port)
    assert said.code == "unreachable"
    assert said.lines[0] == f"No table answered at 127.0.0.1:{port} - is the host on the same network?"
    assert "firewall" in said.lines[1].lower()


@pytest.mark.parametrize(("reason", "code", "words"), [
    ("could not connect to tabel.lan:47800: [Errno -3] Temporary failure in name resolution", "unknown_name",
     "No computer called “tabel.lan” was found"),
    ("could not connect to 127.0.9.9:47800: [Errno 113] No route to host", "unreachable", "no way to"),
    ("could not connect to 127.0.9.9:47800: ", "other", "could not connect"),
    ("this table needs a PIN", "pin_needed", "Type the PIN"),
    ("wrong PIN: 3 tries left", "pin_wrong", "3 more tries"),
    ("wrong PIN: 1 try left", "pin_wrong", "1 more try"),
    ("wrong PIN: no tries left, try again in 30 s", "pin_wrong", "No tries left: wait 30 s"),
    ("too many wrong PINs: try again in 30 s", "pin_locked", "30 s"),
    ("this table runs cardtable 9.1.0 (protocol 2); you have protocol 1: host and client need the same cardtable version",
     "version", f"This table runs cardtable 9.1.0; you have cardtable {__version__}"),
    ("the host stopped answering for 15 s", "lost", "Rejoin"),
])
def test_refusals_in_words(reason: str, code: str, words: str) -> None:
    said = explain_join(reason, "tabel.lan" if "tabel" in reason else "127.0.9.9", 47800, "Ann's table")
    assert said.code == code
    assert words.lower() in said.text.lower(), said.text


def seat(index: int, kind: str = "person", name: str = "", connected: bool = True, bot: bool = False) -> dict:
    return {"seat": index, "kind": kind, "name": name, "connected": connected, "bot_playing": bot or kind == "bot"}


def test_presence_notices_and_badges() -> None:
    here = {"started": True, "spectators": 0, "seats": [seat(0, name="Ann"), seat(1, name="Bo"), seat(2, "bot", "easy bot")]}
    gone = {**here, "seats": [seat(0, name="Ann"), seat(1, name="Bo", connected=False), seat(2, "bot", "easy bot")]}
    played = {**here, "seats": [seat(0, name="Ann"), seat(1, name="Bo", connected=False, bot=True), seat(2, "bot", "easy bot")]}
    watched = {**here, "spectators": 1, "watching": ["Cy"]}
    assert notices(None, here, [0]) == []
    assert notices(here, gone, [0], takeover=30) == ["Bo left - a bot plays for Bo in 30 s unless Bo is back"]
    assert notices(gone, played, [0]) == ["A bot plays for Bo until Bo is back"]
    assert notices(played, here, [0]) == ["Bo is back"]
    assert notices(here, watched, [0]) == ["Cy is watching"]
    assert notices(here, gone, [1]) == []  # never about this screen's own seat
    assert badges(gone["seats"]) == {1: "away"} and badges(played["seats"]) == {1: "bot plays"}
    assert badges(here["seats"]) == {}
    lobby = {"started": False, "spectators": 0, "seats": [seat(0, name="Ann"), seat(1, "open")]}
    sat = {**lobby, "seats": [seat(0, name="Ann"), seat(1, name="Bo")]}
    assert notices(lobby, sat, [0]) == ["Bo sat down"]
    assert notices(sat, lobby, [0]) == ["Bo left the table"]


# -- the join screen ----------------------------------------------------------------------------------


def test_the_turn_clock_and_asking_for_a_seat_in_words() -> None:
    here = {"started": True, "spectators": 1, "seats": [seat(0, name="Ann"), seat(1, name="Bo")], "owner": True}
    away = {**here, "seats": [seat(0, name="Ann"), {**seat(1, name="Bo", bot=True), "away": True}]}
    assert notices(here, away, [0]) == ["Bo took too long - a bot plays for Bo until Bo plays again"]
    assert badges(away["seats"]) == {1: "away: bot plays"}
    assert notices(away, here, [0]) == ["Bo plays again"]
    asked = {**here, "asking": [{"seat": 1, "name": "Cy"}]}
    assert notices(here, asked, [0]) == ["Cy asks for seat 2: answer in the menu"]
    assert notices(asked, asked, [0]) == []  # said once
    assert notices(here, {**asked, "owner": False}, [0]) == []  # only the owner can answer


@pytest.fixture()
def app(lan_app):
    return lan_app


def key(app, k: int, text: str = "") -> None:
    app.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    if text:
        app.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))
    app.step(3)
    app.step(3)  # a text field's "finished" event comes through SDL's queue: gathered on the next step


def type_text(app, text: str) -> None:
    for ch in text:
        key(app, ord(ch) if ch.isalnum() else pygame.K_PERIOD if ch == "." else pygame.K_SEMICOLON, ch)


def test_joining_a_closed_port_says_why_and_offers_to_try_again(app) -> None:
    from cardtable.arcade.scenes.join import JoinScene

    port = closed_port()
    app.push(JoinScene(app))
    join = app.scene
    join.ring.focus_name("address")
    join.address_entry.set_text(f"127.0.0.1:{port}")
    join.set_address(f"127.0.0.1:{port}")
    key(app, pygame.K_RETURN)  # Enter in the address field joins
    assert run_until(app, lambda: app.scene.name == "dialog")
    dialog = app.scene
    assert dialog.kind == "unreachable" and dialog.heading == "No table answered"
    assert dialog.lines[0] == f"No table answered at 127.0.0.1:{port} - is the host on the same network?"
    assert dialog.ring.focused.name == "retry"
    assert app.scenes[-2] is join and app.session is None
    key(app, pygame.K_RETURN)  # try again: the same answer
    assert run_until(app, lambda: app.scene.name == "dialog" and app.scene is not dialog)
    app.feed(Command("back", "pad1"))
    app.step(3)
    assert app.scene is join


def test_enter_in_the_pin_box_joins_the_table_that_asked_for_it(app) -> None:
    from cardtable.arcade.scenes.join import JoinScene
    from cardtable.netplay.discovery import TableInfo
    from cardtable.netplay.host import start_local_table

    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], pin="2468", bot_speed=0)
    try:
        app.push(JoinScene(app))
        join = app.scene
        listed = TableInfo(key="x", name="Pin table", address="127.0.0.1", port=table.port, game="oh_hell",
                           taken=0, seats=3, pin=True, started=False, protocol=1)
        join.join_table(listed)  # no PIN typed yet: the PIN box gets the focus
        assert app.scene is join and join.ring.focused.name == "pin" and join.waiting_for_pin is listed
        join.pin_entry.set_text("2468")
        key(app, pygame.K_RETURN)
        assert app.scene.name == "lobby"
        assert run_until(app, lambda: app.scene.welcome is not None)
        assert app.scene.welcome["seats"] == [0]
    finally:
        app.home()
        table.stop()


def test_a_wrong_pin_is_explained_and_leads_back_to_the_pin_box(app) -> None:
    from cardtable.arcade.scenes.join import JoinScene
    from cardtable.netplay.host import start_local_table

    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], pin="2468", bot_speed=0)
    try:
        app.push(JoinScene(app))
        join = app.scene
        join.address_entry.set_text(f"127.0.0.1:{table.port}")
        join.pin_entry.set_text("1111")
        join.join_manual()
        assert run_until(app, lambda: app.scene.name == "dialog")
        assert app.scene.kind == "pin_wrong" and app.scene.heading == "Wrong PIN"
        assert app.scene.lines[1] == "2 more tries before this computer has to wait to try again."
        assert app.scene.ring.focused.name == "pin"
        key(app, pygame.K_RETURN)
        assert app.scene is join and join.ring.focused.name == "pin"
        assert join.pin_entry.get_text() == ""  # the wrong PIN is gone: typing gives the new one
        join.rebuild()  # what the join list does whenever a table comes, goes or changes (this one's advert)
        assert join.pin_entry.get_text() == "" and join.ring.focused.name == "pin"
        for ch in "2468":
            app.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(1)
        join.rebuild()  # before the field's change event came back through SDL's queue
        app.step(2)
        assert join.pin_entry.get_text() == "2468"
    finally:
        app.home()
        table.stop()


def test_typing_in_a_field_that_has_text_goes_after_it(app) -> None:
    """pygame-gui puts the caret at the start of a field it focuses: "4821" typed into a field holding
    "11" read "482111". Focus by the ring puts it at the end."""
    from cardtable.arcade.scenes.join import JoinScene

    app.push(JoinScene(app))
    join = app.scene
    join.ring.focus_name("address")
    app.step(2)
    join.address_entry.set_text("127.0.0.1:")
    join.ring.focus_name("pin")
    app.step(2)
    join.ring.focus_name("address")
    app.step(2)
    for ch in "4800":
        app.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(2)
    assert join.address_entry.get_text() == "127.0.0.1:4800"


def test_a_version_mismatch_names_both_versions() -> None:
    """A client of another cardtable version: the host's refusal, put into words, names both versions."""
    import asyncio

    from cardtable.netplay.host import start_local_table
    from cardtable.netplay.protocol import PROTOCOL_VERSION, decode_all, encode

    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], bot_speed=0)

    async def hello() -> str:
        reader, writer = await asyncio.open_connection("127.0.0.1", table.port)
        writer.write(encode({"type": "hello", "protocol": 99, "version": "9.9.9", "name": "Future"}))
        data = await asyncio.wait_for(reader.read(), 5.0)
        writer.close()
        return str(decode_all(data)[-1]["reason"])

    try:
        reason = asyncio.run(hello())
    finally:
        table.stop()
    assert f"this table runs cardtable {__version__} (protocol {PROTOCOL_VERSION})" in reason
    assert "you have cardtable 9.9.9 (protocol 99)" in reason
    said = explain_join(reason, "127.0.0.1", table.port)
    assert said.code == "version" and said.title == "A different version of cardtable"
    assert said.lines[0].startswith(f"This table runs cardtable {__version__}; you have cardtable ")
    assert said.lines[1] == "Install the same version on both computers."


def test_a_message_on_the_join_screen_covers_none_of_its_controls(tmp_path, monkeypatch) -> None:
    """At 960x540 "This table needs a PIN: ..." sat over the Back button (messages stack up from the
    hint bar); it is raised into the free room above the address row instead."""
    from cardtable.arcade import ui_theme
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.join import JoinScene
    from cardtable.arcade.settings import Settings

    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    app = App(size=(960, 540), fullscreen=False, settings=Settings())
    app.lan_interfaces = ["127.0.0.1"]
    try:
        app.push(JoinScene(app))
        app.step(2)
        app.toast("This table needs a PIN: type it in the PIN box, then press Enter")
        drawn: list[pygame.Rect] = []
        panel = ui_theme.panel
        monkeypatch.setattr(ui_theme, "panel", lambda surface, rect, **kw: drawn.append(rect.copy()) or panel(surface, rect, **kw))
        app._draw_toasts(pygame.Surface(app.size))
        controls = [item.rect for item in app.scene.ring.items]
        assert len(drawn) == 1 and drawn[0].collidelist(controls) < 0
        assert drawn[0].bottom <= app.size[1] - 52 and drawn[0].top > 100
    finally:
        app.shutdown_quietly()


# -- words true to what happened (issue 22, item 3) ----------------------------------------------------


def test_a_table_its_host_ended_promises_nothing_and_a_vanished_one_keeps_the_seat() -> None:
    from cardtable.arcade.words import table_gone

    ended = table_gone("the host is closing", "127.0.9.9", 47800, "Ann's table", seat_kept=True)
    assert ended.code == "ended" and ended.title == "The host ended the table"
    assert ended.lines == ["The host closed “Ann's table”.",
                           "If the host opens it again, Rejoin shows on the title screen."]
    assert "kept" not in ended.text.lower()  # no promise
    assert table_gone("the host is closing", "127.0.9.9", 47800, "Ann's table").lines == ["The host closed “Ann's table”."]
    vanished = table_gone("the host closed the connection", "127.0.9.9", 47800, "Ann's table", seat_kept=True)
    assert vanished.title == "The table is gone" and "Rejoin it from the title screen" in vanished.text
    assert "Rejoin" not in table_gone("closed", "127.0.9.9", 47800, seat_kept=False).text  # no seat of ours
    lost = table_gone("the host stopped answering for 15 s", "127.0.9.9", 47800, seat_kept=False)
    assert lost.code == "lost" and "Rejoin" not in lost.text


def test_a_guest_told_the_host_ended_the_table_is_offered_no_rejoin(app) -> None:
    from cardtable.netplay.client import NetClient
    from cardtable.netplay.host import start_local_table
    from tests.lan import press
    from tests.test_lan_people import join_table

    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], bot_speed=2.0, seed=4)
    bo = NetClient("127.0.0.1", table.port, "Bo")
    try:
        bo.start()
        assert bo.wait_for("welcome") is not None
        join_table(app, table.port)
        assert run_until(app, lambda: app.scene.name == "lobby" and app.scene.welcome is not None)
        table.start_game()
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started)
        table.stop()  # the host ends the table
        assert run_until(app, lambda: app.scene.name == "dialog")
        dialog = app.scene
        assert dialog.kind == "table_gone" and dialog.heading == "The host ended the table"
        assert not any("kept" in line for line in dialog.lines), dialog.lines
        press(app, "confirm")
        app.step(5)
        assert app.scene.name == "title"  # and the title offers no Rejoin: the table is not there
        assert not [item.name for item in app.scene.ring.items if item.name.startswith("rejoin")]
    finally:
        bo.close()
        app.home()
        table.stop()


class Watched:
    """A session a spectator's table scene reads (no host behind it)."""

    local_table = None
    advertised = False
    private = False
    can_pause = False

    def __init__(self) -> None:
        self.asked: list[dict] = []

    def poll(self) -> list[dict]:
        return []

    def tick(self, dt: float) -> None:
        pass

    def request(self, message: dict) -> None:
        self.asked.append(message)

    def pause(self, paused: bool) -> None:
        raise AssertionError("a spectator never pauses the table")

    def close(self) -> None:
        pass


def watching(app, seats: list[dict]):
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.tables.plain import PlainTable

    app.session = Watched()
    scene = TableScene(app)
    scene.started = True
    scene.table = PlainTable("oh_hell", [], app.size)
    scene.presence.on_lobby({"type": "lobby", "started": True, "spectators": 1, "seats": seats})
    app.push(scene)
    app.step(2)
    return scene


def test_a_spectator_is_offered_only_a_seat_its_player_left_and_never_on_enter(app) -> None:
    bots = [seat(0, name="Ann"), {**seat(1, "bot", "Bot 2"), "free": True}, {**seat(2, "bot", "Bot 3"), "free": True}]
    scene = watching(app, bots)
    assert scene.presence.free_seat() is None  # bots' seats are not free
    scene.presence.lobby = {**scene.presence.lobby, "open_seats": True}
    assert scene.presence.free_seat() == 1  # unless the host lets spectators take them unasked
    scene.presence.lobby = {**scene.presence.lobby, "open_seats": False}
    app.feed(Command("menu", "keyboard"))
    app.step(1)
    menu = app.scene
    take = next(item for item in menu.ring.items if item.name == "take")
    assert not take.enabled and take.element.text == "No seat free to take"
    assert menu.note() == "You are watching: the game goes on meanwhile"  # not "waits for your turn"
    assert [item.name for item in menu.ring.items] == ["resume", "take", "lan", "rules", "settings", "leave"]
    app.pop()
    gone = {**seat(1, name="Bo", connected=False, bot=True), "free": True}  # Bo left long ago: a bot plays it
    scene.presence.on_lobby({"type": "lobby", "started": True, "spectators": 1, "seats": [bots[0], gone, bots[2]]})
    assert scene.presence.free_seat() == 1
    for device in ("keyboard", "pad1"):
        app.feed(Command("confirm", device))  # the most-pressed key does not take it
        app.step(2)
    assert app.session.asked == [] and app.scene is scene
    app.step(1)
    assert scene.presence.take_rect.width  # the offer is on screen, and says how to take it
    app.feed(Command("menu", "keyboard"))
    app.step(1)
    menu = app.scene
    assert menu.ring.focused.name == "resume"
    menu.ring.focus_name("take")
    assert menu.ring.focused.element.text == "Take seat 2 and play"
    app.feed(Command("confirm", "keyboard"))
    app.step(1)
    assert app.session.asked == [{"type": "sit", "seat": 1}] and app.scene is scene


def test_join_notices_stay_in_the_lobby(app) -> None:
    """"Bea sat down" is the lobby's news: gone from the table the moment the game starts, and a
    message on its way out fades."""
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.tables.plain import PlainTable

    app.session = Watched()
    scene = TableScene(app)
    scene.table = PlainTable("oh_hell", [0], app.size)
    scene.local_seats = [0]
    lobby = {"type": "lobby", "started": False, "spectators": 0, "seats": [seat(0, name="Ann"), seat(1, "open")]}
    scene.presence.on_lobby(lobby)
    scene.presence.on_lobby({**lobby, "seats": [seat(0, name="Ann"), seat(1, name="Bea")]})
    assert [line for line, _ in scene.presence.notices] == ["Bea sat down"]
    scene.presence.on_lobby({**lobby, "started": True, "seats": [seat(0, name="Ann"), seat(1, name="Bea")]})
    assert scene.presence.notices == []
    # the app's own messages fade at their end
    app.toasts = [("Bea sat down", app.time + 0.3)]
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    app._draw_toasts(surface)
    faded = max(surface.get_at((app.size[0] // 2, y))[1] for y in range(app.size[1]))
    app.toasts = [("Bea sat down", app.time + 3.0)]
    surface.fill((0, 0, 0))
    app._draw_toasts(surface)
    assert faded < max(surface.get_at((app.size[0] // 2, y))[1] for y in range(app.size[1]))


def test_the_lobby_takes_its_notices_with_it(app) -> None:
    from cardtable.arcade.scenes.lobby import LobbyScene

    app.session = Watched()
    lobby = LobbyScene(app)
    app.push(lobby)
    lobby.welcome = {"seats": [0]}
    before = {"type": "lobby", "started": False, "spectators": 0, "seats": [seat(0, name="Ann"), seat(1, "open")]}
    lobby.on_lobby(before)
    lobby.on_lobby({**before, "seats": [seat(0, name="Ann"), seat(1, name="Bea")]})
    app.toast("Something else")
    assert [line for line, _ in app.toasts] == ["Bea sat down", "Something else"]
    lobby.go_to_table()
    assert [line for line, _ in app.toasts] == ["Something else"]


def test_an_address_without_its_port_is_not_given_one() -> None:
    """No host listens on a default port (each takes a free one and its lobby shows it): the join screen
    used to fill in 47800."""
    from cardtable.arcade.scenes.join import parse_address

    assert parse_address("192.168.1.20") is None and parse_address("tabel.lan") is None
    assert parse_address(" 192.168.1.20:52301 ") == ("192.168.1.20", 52301)
    assert parse_address("[::1]:52301") == ("::1", 52301)
    assert parse_address("192.168.1.20:0") is None and parse_address("192.168.1.20:port") is None
