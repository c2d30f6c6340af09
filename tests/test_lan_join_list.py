"""A join list that tells the truth (on 127.0.0.1): a table is listed only when the host at its address
answers as that table, a killed host leaves the list, the table's id is the same in its advert, its
welcome and after a resume on another port, seat counts are right from the first announcement, and two
tables of one name are told apart. Other tests advertise on loopback too: each test looks at its own."""

from __future__ import annotations

import asyncio
import signal
import time

from cardtable.netplay.client import NetClient
from cardtable.netplay.discovery import (
    REFUSED,
    Advertiser,
    LiveBrowser,
    TableBrowser,
    answers_as,
    probe,
    wait_until,
)
from cardtable.netplay.host import Host, HostConfig, resume_local_table, start_local_table
from tests.lan import PATIENCE, start_host


def mine(browser: LiveBrowser, port: int) -> list:
    return [t for t in browser.tables() if t.port == port]


def test_the_table_id_is_in_the_advert_the_welcome_and_the_probe_and_survives_a_resume(tmp_path) -> None:
    log = str(tmp_path / "id.ctlog")
    browser = LiveBrowser(["127.0.0.1"]).start()
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=4, bot_speed=0.0, log=log,
                              name="Id table")
    resumed = None
    try:
        table_id = table.host.table_id
        port = table.advertise("Id table", ["127.0.0.1"])
        assert wait_until(lambda: bool(mine(browser, port)), 15)
        assert mine(browser, port)[0].table_id == table_id
        answer = asyncio.run(probe("127.0.0.1", port))
        assert isinstance(answer, dict) and answer["id"] == table_id and answer["name"] == "Id table"
        client = NetClient("127.0.0.1", port, "Ann")
        client.start()
        welcome = client.wait_for("welcome")
        assert welcome is not None and welcome["table"]["id"] == table_id
        table.start_game()
        assert client.wait_for("view") is not None
        client.close()
        table.stop()
        assert wait_until(lambda: not mine(browser, port), 15)
        resumed = resume_local_table(log, bot_speed=0.0)
        assert resumed.port != port and resumed.host.table_id == table_id
        new_port = resumed.advertise("Id table", ["127.0.0.1"])
        assert wait_until(lambda: bool(mine(browser, new_port)), 15)
        assert mine(browser, new_port)[0].table_id == table_id
    finally:
        table.stop()
        if resumed is not None:
            resumed.stop()
        browser.close()


def test_an_advert_whose_address_is_another_table_or_nothing_is_not_listed() -> None:
    real = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=4, bot_speed=0.0)
    impostor_host = Host("speed", 2, config=HostConfig(name="Free money"))
    loop = asyncio.new_event_loop()
    browser = TableBrowser(["127.0.0.1"], check_every=0.2)
    try:
        real_port = real.advertise("Real table", ["127.0.0.1"])
        # an advert naming the real table's address but another table id, and one naming a closed port
        impostor = Advertiser(impostor_host, ["127.0.0.1"], real_port)
        closed = Advertiser(Host("speed", 2, config=HostConfig(name="Closed door")), ["127.0.0.1"], 9)

        async def scenario() -> tuple[set[str], set[str]]:
            await browser.start()
            await impostor.start()
            await closed.start()
            for _ in range(int(150 * PATIENCE)):  # a hang guard (0.1 s steps), stretched on a busy machine
                names = {t.name for t in browser.adverts.values()}
                if {"Real table", "Free money", "Closed door"} <= names and \
                        any(t.name == "Real table" for t in browser.tables.values()):
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.6)  # a few probe rounds
            listed = {t.name for t in browser.tables.values() if t.port in (real_port, 9)}
            seen = {t.name for t in browser.adverts.values() if t.port in (real_port, 9)}
            await impostor.close()
            await closed.close()
            await browser.close()
            return listed, seen

        listed, seen = loop.run_until_complete(scenario())
        assert seen == {"Real table", "Free money", "Closed door"}
        assert listed == {"Real table"}
        assert loop.run_until_complete(probe("127.0.0.1", 9)) == REFUSED
    finally:
        loop.close()
        real.stop()


def test_answers_as_needs_the_same_table_id() -> None:
    from cardtable.netplay.discovery import TableInfo

    advert = TableInfo("k", "T", "127.0.0.1", 1, "oh_hell", 1, 3, False, False, 1, table_id="abc")
    assert answers_as(advert, {"type": "table", "id": "abc", "game": "oh_hell"})
    assert not answers_as(advert, {"type": "table", "id": "abd", "game": "oh_hell"})
    assert not answers_as(advert, REFUSED) and not answers_as(advert, None)


def test_a_killed_host_leaves_the_join_list(tmp_path) -> None:
    """``cardtable host`` killed outright (no goodbye on the LAN): the list drops it after a probe."""
    host, port = start_host(["--game", "speed", "--players", "2", "--name", "Doomed table"])
    browser = LiveBrowser(["127.0.0.1"]).start()
    try:
        assert wait_until(lambda: bool(mine(browser, port)), 20)
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        assert wait_until(lambda: not mine(browser, port), 20)
        kinds = [kind for kind, t in browser.poll() if t.port == port]
        assert kinds[0] == "added" and kinds[-1] == "removed"
    finally:
        if host.poll() is None:
            host.kill()
        browser.close()


def test_seats_taken_are_right_from_the_first_announcement() -> None:
    """A PIN table with its host seated (and a bot): "2/3 seated" at once, not "0/3" until a guest comes."""
    from cardtable.arcade import session as sessions

    config = sessions.TableConfig("oh_hell", 3, [sessions.SeatSpec(sessions.YOU), sessions.SeatSpec(sessions.OPEN),
                                                 sessions.SeatSpec(level="easy")], pin="1357", name="Pin table", lan=True)
    browser = LiveBrowser(["127.0.0.1"]).start()
    session = sessions.start_local(config, "Ann", ["127.0.0.1"])
    try:
        assert session.lan_error is None
        port = session.local_table.port
        assert wait_until(lambda: bool(mine(browser, port)), 15)
        first = next(t for kind, t in browser.poll() if t.port == port and kind == "added")
        assert (first.taken, first.seats, first.pin) == (2, 3, True)
    finally:
        session.close()
        browser.close()


def test_two_tables_of_one_name_show_their_addresses(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.join import JoinScene
    from cardtable.arcade.settings import Settings

    app = App(size=(1280, 720), fullscreen=False, settings=Settings(name="Ann"))
    app.lan_interfaces = ["127.0.0.1"]
    tables = [start_local_table("oh_hell", 3, seats=[None, "random", "random"], bot_speed=0.0) for _ in range(2)]
    try:
        ports = [t.advertise("Twin table", ["127.0.0.1"]) for t in tables]
        app.push(JoinScene(app))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and len([t for t in app.scene.tables if t.port in ports]) < 2:
            app.step(4)
            time.sleep(0.01)
        twins = [t for t in app.scene.tables if t.port in ports]
        assert len(twins) == 2 and {t.name for t in twins} == {"Twin table"}
        labels = [item.element.text for item in app.scene.ring.items if item.name.startswith("table:")]
        for port in ports:
            assert any(f"Twin table (127.0.0.1:{port})" in label for label in labels), labels
    finally:
        app.shutdown_quietly()
        for table in tables:
            table.stop()


def test_more_tables_than_rows_scroll_by_keys(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    from cardtable.arcade.app import App
    from cardtable.arcade.input import Command
    from cardtable.arcade.scenes.join import MAX_LISTED, JoinScene
    from cardtable.arcade.settings import Settings
    from cardtable.netplay.discovery import TableInfo

    app = App(size=(960, 540), fullscreen=False, settings=Settings(name="Ann"))
    app.lan_interfaces = ["127.0.0.1"]
    try:
        app.push(JoinScene(app))
        scene = app.scene
        scene.close()  # its browser would list other tests' tables on 127.0.0.1 over these made-up ones
        scene.tables = [TableInfo(f"t{n}", f"Table {n}", "127.0.0.1", 9000 + n, "oh_hell", 1, 3, False, False, 1)
                        for n in range(MAX_LISTED + 3)]
        scene.rebuild()
        scene.ring.focus_name("table:t0")
        for _ in range(MAX_LISTED + 2):
            app.feed(Command("down", "keyboard"))
            app.step(2)
        assert scene.top == 3 and scene.ring.focused.name == f"table:t{MAX_LISTED + 2}"
        for _ in range(MAX_LISTED + 2):
            app.feed(Command("up", "keyboard"))
            app.step(2)
        assert scene.top == 0 and scene.ring.focused.name == "table:t0"
    finally:
        app.shutdown_quietly()
