"""Zeroconf discovery on 127.0.0.1 only: a table appears, its seat count changes, and it goes."""

from __future__ import annotations

from cardtable.netplay.client import NetClient
from cardtable.netplay.discovery import LiveBrowser, wait_until
from cardtable.netplay.host import start_local_table


def test_browser_sees_table_appear_change_and_go() -> None:
    browser = LiveBrowser(["127.0.0.1"]).start()
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=1, bot_speed=0.0, pin="42")
    client = None
    try:
        port = table.advertise("Kitchen table", ["127.0.0.1"])
        assert wait_until(lambda: any(t.port == port for t in browser.tables()), 15)
        (found,) = [t for t in browser.tables() if t.port == port]
        assert (found.name, found.game, found.taken, found.seats) == ("Kitchen table", "oh_hell", 1, 3)
        assert found.address == "127.0.0.1" and found.pin and not found.started and found.compatible

        client = NetClient("127.0.0.1", port, "Ada", pin="42")
        client.start()
        assert client.wait_for("welcome") is not None
        assert wait_until(lambda: any(t.port == port and t.taken == 2 for t in browser.tables()), 15)

        table.unadvertise()
        assert wait_until(lambda: not any(t.port == port for t in browser.tables()), 15)
        kinds = [kind for kind, t in browser.poll() if t.port == port]
        assert kinds[0] == "added" and "updated" in kinds and kinds[-1] == "removed"
    finally:
        if client is not None:
            client.close()
        table.stop()
        browser.close()
