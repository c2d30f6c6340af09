"""People coming and going at a LAN table, through the client (on 127.0.0.1): presence notices and seat
badges, the spectator's state and taking a free seat, confirmations before something is lost, and coming
back with the seat token kept on disk after a client crash and after the host resumed on another port."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from cardtable.netplay.client import NetClient
from cardtable.netplay.host import start_local_table
from tests.lan import make_app, press, run_until, start_host


@pytest.fixture()
def app(lan_app):
    return lan_app


def toasts(app) -> list[str]:
    """What the client has told: its toasts, and the presence notices of the table on screen."""
    table = app.find("table")
    presence = getattr(table, "presence", None)
    return [message for message, _ in app.toasts] + [line for line, _ in getattr(presence, "notices", [])]


def join_table(app, port: int, seats: int = 1) -> None:
    from cardtable.arcade import session as sessions
    from cardtable.arcade.scenes.lobby import LobbyScene

    app.session = sessions.join("127.0.0.1", port, app.settings.name, seats=seats)
    app.push(LobbyScene(app))


def test_presence_notices_badges_and_a_spectator_taking_a_seat_with_the_owners_yes(app) -> None:
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], bot_speed=1.0, takeover=1.5, seed=5)
    bo = NetClient("127.0.0.1", table.port, "Bo")
    cy = bo_again = None
    try:
        join_table(app, table.port)
        assert run_until(app, lambda: app.scene.name == "lobby" and app.scene.welcome is not None)
        bo.start()
        assert bo.wait_for("welcome") is not None
        assert run_until(app, lambda: "Bo sat down" in toasts(app))
        table.start_game()
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started)
        scene = app.scene
        bo_token = bo.token
        bo.close()  # Bo leaves mid-game: the seat waits, then a bot plays it
        assert run_until(app, lambda: "Bo left - a bot plays for Bo in 2 s unless Bo is back" in toasts(app))
        assert scene.table.plates.badges == {1: "away"}
        assert run_until(app, lambda: "A bot plays for Bo until Bo is back" in toasts(app))
        assert scene.table.plates.badges == {1: "bot plays"}
        bo_again = NetClient("127.0.0.1", table.port, "Bo", token=bo_token)
        bo_again.start()
        welcome = bo_again.wait_for("welcome")
        assert welcome is not None and welcome["seats"] == [1]
        assert run_until(app, lambda: "Bo is back" in toasts(app))
        assert scene.table.plates.badges == {}
        cy = NetClient("127.0.0.1", table.port, "Cy", seats=0)
        cy.start()
        assert cy.wait_for("welcome")["seats"] == []
        assert run_until(app, lambda: "Cy is watching" in toasts(app))
        # Cy asks for the bot's seat (the only one free now); the owner (this screen) says yes in the menu
        lobby = cy.wait_for("lobby")
        assert [s["seat"] for s in lobby["seats"] if s.get("free")] == [2]
        cy.send({"type": "sit", "seat": 2})
        refused = cy.wait_for("error")
        assert refused is not None and "owner" in refused["reason"]
        assert run_until(app, lambda: "Cy asks for seat 3: answer in the menu" in toasts(app))
        press(app, "menu")
        assert app.scene.name == "pause" and app.scene.ring.focus_name("let_sit")
        assert app.scene.ring.focused.element.text == "Cy asks for seat 3..."
        press(app, "confirm")
        assert app.scene.name == "dialog" and app.scene.kind == "let_sit"
        assert app.scene.heading == "Let Cy take seat 3?" and app.scene.ring.focused.name == "no"
        app.scene.ring.focus_name("yes")
        press(app, "confirm")
        took = cy.wait_for("seats")
        assert took is not None and took["seats"] == [2]
        assert run_until(app, lambda: "Cy took seat 3" in toasts(app))
    finally:
        for client in (bo, bo_again, cy):
            if client is not None:
                client.close()
        app.home()
        table.stop()


def test_watching_is_a_state_of_its_own_and_a_free_seat_can_be_taken(app) -> None:
    """A spectator is offered the seat of a player gone past the takeover time (not a bot's own seat),
    from the menu or by a click on the offer, never by Enter."""
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], bot_speed=2.0, seed=3, takeover=0.5)
    bo = NetClient("127.0.0.1", table.port, "Bo")
    try:
        bo.start()
        assert bo.wait_for("welcome") is not None
        table.start_game()
        join_table(app, table.port)
        assert run_until(app, lambda: app.scene.name == "dialog")
        assert app.scene.kind == "full" and app.scene.heading == "The game has started"
        assert "no seat is free" not in " ".join(app.scene.lines)  # not known before the lobby: Bo may leave
        press(app, "confirm", "pad1")  # Watch the game
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started)
        scene = app.scene
        assert scene.watching and scene.local_seats == []
        assert list(scene.table.views) == [None] and scene.table.views[None]["hand"] == []  # no hand of its own
        assert scene.presence.free_seat() is None  # the bots' seats are not offered
        bo.close()  # Bo leaves; after the takeover time a bot plays for Bo and the seat is free
        assert run_until(app, lambda: scene.presence.free_seat() == 0)
        app.step(2)
        assert scene.presence.take_rect.width > 0  # the offer is on screen
        press(app, "confirm", "pad1")  # the most-pressed button does not take it
        assert scene.presence.asked_seat is None and scene.watching
        press(app, "menu")
        assert app.scene.name == "pause"
        assert next(i for i in app.scene.ring.items if i.name == "leave").element.text == "Stop watching"
        app.scene.ring.focus_name("take")
        press(app, "confirm", "pad1")  # take the seat
        assert run_until(app, lambda: scene.local_seats != [])
        seat = scene.local_seats[0]
        assert seat == 0 and not scene.watching
        assert run_until(app, lambda: seat in scene.table.views and scene.table.views[seat]["hand"])
    finally:
        bo.close()
        app.home()
        table.stop()


def test_a_hosted_table_is_this_screens_before_anyone_else_can_join() -> None:
    """start_local returns only once this screen's player holds the YOU seat and owns the table: a
    person joining a moment later (faster than the host's own client, on a busy machine) gets the open
    seat, never the host's seat or the right to start the game."""
    from cardtable.arcade import session as sessions

    config = sessions.TableConfig("oh_hell", 3, [sessions.SeatSpec(sessions.YOU), sessions.SeatSpec(sessions.OPEN),
                                                 sessions.SeatSpec(level="random")])
    session = sessions.start_local(config, "Ann")
    try:
        lobby = session.local_table.host.lobby
        assert [seat.name for seat in lobby.seats[:2]] == ["Ann", ""]
        assert lobby.owner is not None and lobby.owner == lobby.seats[0].token_hash
    finally:
        session.close()


def test_leaving_asks_first_when_something_is_lost(app) -> None:
    from cardtable.arcade import session as sessions
    from cardtable.arcade.scenes.table import TableScene

    # a guest mid-game: the seat is kept for the host's takeover time
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], bot_speed=2.0, takeover=45)
    try:
        join_table(app, table.port)
        assert run_until(app, lambda: app.scene.name == "lobby" and app.scene.welcome is not None)
        table.start_game()
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started)
        press(app, "menu")
        app.scene.ring.focus_name("leave")
        press(app, "confirm")
        assert app.scene.name == "dialog" and app.scene.kind == "leave_game"
        assert app.scene.heading == "Leave the game?"
        assert "kept for 45 s, then a bot plays it" in app.scene.lines[0]
        assert app.scene.ring.focused.name == "no"
        press(app, "confirm")  # Stay
        assert app.scene.name == "pause"
    finally:
        app.home()
        table.stop()
    # the host, with Bo at the table: leaving ends it for Bo
    config = sessions.TableConfig("oh_hell", 3, [sessions.SeatSpec(sessions.YOU), sessions.SeatSpec(sessions.OPEN),
                                                 sessions.SeatSpec(level="random")], bot_speed=2.0)
    app.session = sessions.start_local(config, "Ann")
    app.push(TableScene(app))
    bo = NetClient("127.0.0.1", app.session.local_table.port, "Bo")
    try:
        bo.start()
        assert bo.wait_for("welcome") is not None
        app.session.request({"type": "start"})
        assert run_until(app, lambda: app.scene.started and "Bo" in app.scene.presence.others_seated())
        press(app, "menu")
        app.scene.ring.focus_name("leave")
        press(app, "confirm")
        assert app.scene.name == "dialog" and app.scene.heading == "End the table for Bo?"
        press(app, "left")
        press(app, "confirm")  # End the table
        assert app.scene.name == "title" and app.session is None
        assert bo.wait_for("closed", 5) is not None
    finally:
        bo.close()
        app.home()


def crash(app) -> None:
    """The client dies without a word: its connection drops, nothing is said to the host."""
    client = app.session.client
    client.abort()
    time.sleep(0.2)
    app.session = None
    app.shutdown_quietly()


def rejoin_from_the_title(app, table_name: str) -> None:
    assert app.scene.name == "title"
    assert run_until(app, lambda: any(i.name.startswith("rejoin:") for i in app.scene.ring.items), 20)
    button = next(i for i in app.scene.ring.items if i.name.startswith("rejoin:"))
    assert button.element.text == f"Rejoin {table_name}"
    assert app.scene.ring.focused is button  # offered first
    press(app, "confirm")


def test_a_crashed_client_gets_its_seat_back_from_the_title(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], bot_speed=2.0, name="Kitchen", seed=2)
    first = make_app()
    second = None
    try:
        port = table.advertise("Kitchen", ["127.0.0.1"])
        join_table(first, port, seats=1)
        filler = NetClient("127.0.0.1", port, "Bo")
        filler.start()
        assert run_until(first, lambda: first.scene.name == "lobby" and first.scene.welcome is not None)
        seat = first.scene.welcome["seats"]
        table.start_game()
        assert run_until(first, lambda: first.scene.name == "table" and first.scene.started)
        crash(first)
        second = make_app()  # a new process: only the data folder remembers
        rejoin_from_the_title(second, "Kitchen")
        assert run_until(second, lambda: second.scene.name == "table" and second.scene.started)
        assert second.scene.local_seats == seat
        assert run_until(second, lambda: seat[0] in second.scene.table.views)
        filler.close()
    finally:
        if second is not None:
            second.home()
            second.shutdown_quietly()
        table.stop()


def test_a_host_resumed_on_another_port_gives_the_same_seat_back(app, tmp_path) -> None:
    log = str(tmp_path / "resume.ctlog")
    host, port = start_host(["--game", "oh_hell", "--players", "3", "--bots", "random", "--name", "Attic",
                             "--log", log, "--bot-speed", "2", "--seed", "9"])
    resumed = None
    other = NetClient("127.0.0.1", port, "Bo")
    try:
        join_table(app, port)
        other.start()
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started)  # full: it starts
        seat = list(app.scene.local_seats)
        other.close()
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        assert run_until(app, lambda: app.scene.name == "dialog" and app.scene.kind == "table_gone", 25)
        assert any("Rejoin" in line for line in app.scene.lines)
        press(app, "confirm")
        resumed, new_port = start_host(["--resume", log])
        assert new_port != port
        rejoin_from_the_title(app, "Attic")
        assert run_until(app, lambda: app.scene.name == "table" and app.scene.started)
        assert app.scene.local_seats == seat
    finally:
        other.close()
        for process in (host, resumed):
            if process is not None and process.poll() is None:
                process.kill()
        app.home()


def test_a_seat_token_always_passes_as_a_command_line_value() -> None:
    """`cardtable join --token TOKEN` refused a URL-safe token starting with "-" (1 in 64) as a missing
    value; the host's tokens never start with one."""
    from cardtable.netplay.protocol import new_token

    tokens = {new_token() for _ in range(2000)}
    assert len(tokens) == 2000 and not [t for t in tokens if t.startswith("-")]


def test_join_takes_a_seat_token(tmp_path) -> None:
    """``cardtable join ADDR --token T --key K``: the headless client comes back to its seat, and gives
    its token to no table without that key; it keeps the seat for the next join and never prints the
    token (a password for the seat)."""
    from cardtable.netplay import identity

    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], bot_speed=0.0)
    try:
        first = NetClient("127.0.0.1", table.port, "Ann")
        first.start()
        token = first.wait_for("welcome")["token"]
        key = identity.fingerprint(first.core.host_key).lower()  # typed in any case
        second = NetClient("127.0.0.1", table.port, "Bo")
        second.start()
        assert second.wait_for("welcome") is not None
        table.start_game()
        first.close()
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "CARDTABLE_DATA_DIR": str(tmp_path / "data")}
        def join(*extra: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run([sys.executable, "-m", "cardtable", "join", f"127.0.0.1:{table.port}", "--name",
                                   "Ann", "--bot", "random", "--bot-speed", "0", "--leave-after", "0", *extra],
                                  capture_output=True, text=True, env=env, timeout=60)

        keyless = join("--token", token)
        assert keyless.returncode == 2 and "give its key too" in keyless.stdout
        wrong = join("--token", token, "--key", "AAAA-AAAA-AAAA-AAAA")
        assert "not the table you know" in wrong.stdout
        joined = join("--token", token, "--key", key)
        assert "as seat(s) [0]" in joined.stdout, joined.stdout + joined.stderr
        assert f"the table's key is {identity.fingerprint(first.core.host_key)}" in joined.stdout
        again = join()  # no token given: the seat kept by the join before (the token was never printed)
        assert "as seat(s) [0]" in again.stdout, again.stdout + again.stderr
        for run in (joined, again):
            assert token not in run.stdout + run.stderr
        second.close()
    finally:
        table.stop()


def test_token_store_keeps_seats_by_table_id(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    from cardtable.netplay import seatstore

    key = "ab" * 32  # the host's key the token is bound to
    seatstore.remember(seatstore.HeldSeat("abc", "tok1", "Kitchen", address="127.0.0.1", port=4000, seats=(1,),
                                          host_key=key))
    seatstore.remember(seatstore.HeldSeat("127.0.0.1:5000", "tok2", "Attic", host_key=key))
    seatstore.remember(seatstore.HeldSeat("def", "tok3", "Keyless"))  # no key to hold a host to: not kept
    assert seatstore.lookup("abc").token == "tok1" and seatstore.lookup("abc").seats == (1,)
    assert seatstore.lookup("def") is None
    assert oct(os.stat(seatstore.store_path()).st_mode & 0o777) == "0o600"
    seatstore.remember(seatstore.HeldSeat("abc", "tok1", "Kitchen", address="127.0.0.1", port=4100,
                                          host_key=key))  # moved
    assert seatstore.lookup("abc").port == 4100 and len(seatstore.held_seats()) == 2
    seatstore.forget("abc")
    assert seatstore.lookup("abc") is None
    assert [h.key for h in seatstore.held_seats(now=time.time() + seatstore.MAX_AGE + 1)] == []


def test_a_full_lobby_offers_to_watch_and_its_host_asks_before_closing(app) -> None:
    from cardtable.arcade import session as sessions
    from cardtable.arcade.scenes.lobby import LobbyScene

    config = sessions.TableConfig("speed", 2, [sessions.SeatSpec(sessions.YOU), sessions.SeatSpec(sessions.OPEN)],
                                  name="Full table")
    host = make_app("Host")
    host.session = sessions.start_local(config, "Host")
    host.push(LobbyScene(host))
    port = host.session.local_table.port
    bo = NetClient("127.0.0.1", port, "Bo")
    try:
        bo.start()
        assert bo.wait_for("welcome")["seats"] == [1]
        join_table(app, port)  # both seats have players: offered to watch
        assert run_until(app, lambda: app.scene.name == "dialog")
        assert app.scene.kind == "full" and app.scene.heading == "Every seat is taken"
        assert "Both seats at Full table have players." in app.scene.lines
        press(app, "confirm")  # watch: in the lobby as a spectator
        assert app.scene.name == "lobby" and app.scene.welcome["seats"] == []
        assert app.scene.status == "You are watching: the game shows here when the host starts"
        assert not any(i.name.startswith("sit") for i in app.scene.ring.items)
        bo.close()  # Bo leaves the lobby: his seat opens, the spectator may take it
        assert run_until(app, lambda: any(i.name == "sit1" for i in app.scene.ring.items))
        app.scene.ring.focus_name("sit1")
        press(app, "confirm")
        assert run_until(app, lambda: app.scene.welcome["seats"] == [1])
        assert app.scene.status == "Waiting for the host to start"
        bo = NetClient("127.0.0.1", port, "Bo")
        bo.start()
        assert bo.wait_for("welcome")["seats"] == []  # Bo, back, finds the table full now
        assert run_until(host, lambda: "Ann" in host.scene.others())
        host.scene.ring.focus_name("leave")
        press(host, "confirm")
        assert host.scene.name == "dialog" and host.scene.heading == "Close the table for Ann?"
        press(host, "confirm")  # Stay
        assert host.scene.name == "lobby"
    finally:
        bo.close()
        app.home()
        host.home()
        host.shutdown_quietly()
