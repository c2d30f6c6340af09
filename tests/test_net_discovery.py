"""Zeroconf discovery on 127.0.0.1 only: a table appears, its seat count changes, and it goes."""

from __future__ import annotations

import secrets
from typing import Any

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


def test_odd_names_from_the_lan_never_escape_a_callback_and_are_shown_cleaned() -> None:
    """Anyone on the LAN can announce any name: one DNS-SD refuses (control characters), a listener that
    fails, and a legal but odd name (bidi override, zero-width space, a long tail) are all absorbed; the
    odd one is listed cleaned."""
    import asyncio
    import socket

    from zeroconf import ServiceStateChange
    from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

    from cardtable.netplay.discovery import TableBrowser
    from cardtable.netplay.protocol import SERVICE_TYPE

    async def scenario() -> tuple[list[str], list[Any], list[str]]:
        errors: list[Any] = []
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: errors.append(context))
        seen: list[str] = []

        def listener(kind: str, table: Any) -> None:
            seen.append(table.name)
            raise RuntimeError("a listener bug")

        browser = TableBrowser(["127.0.0.1"], listener, verify=False)  # port 9 answers nothing
        await browser.start()
        assert browser.zc is not None
        browser._on_change(browser.zc.zeroconf, SERVICE_TYPE, f"bad\x00\x1b[2Jname.{SERVICE_TYPE}",
                           ServiceStateChange.Added)
        browser._on_change(browser.zc.zeroconf, SERVICE_TYPE, "not even a service", ServiceStateChange.Added)
        odd = f"Odd\u202e {secrets.token_hex(3)}\u200b table " + "x" * 30
        zc = AsyncZeroconf(interfaces=["127.0.0.1"])
        info = AsyncServiceInfo(SERVICE_TYPE, f"{odd}.{SERVICE_TYPE}", port=9,
                                addresses=[socket.inet_aton("127.0.0.1")],
                                properties={"game": "\x1b]0;title\x07spit", "taken": "-5", "seats": "9" * 40})
        await zc.async_register_service(info)
        for _ in range(300):
            if any(name.startswith("Odd") for name in seen):
                break
            await asyncio.sleep(0.05)
        listed = [t for t in browser.tables.values() if t.key == info.name]
        await zc.async_unregister_service(info)
        await zc.async_close()
        await browser.close()
        await asyncio.sleep(0.05)
        return seen, errors, [f"{t.name}|{t.game}|{t.taken}|{t.seats}" for t in listed]

    seen, errors, listed = asyncio.run(scenario())
    assert not errors, errors
    assert len(listed) == 1
    name, game, taken, seats = listed[0].split("|")
    assert name.startswith("Odd ") and name.isprintable() and len(name) <= 24 and "\u202e" not in name
    assert game == "]0;titlespit" and taken == "0" and seats == "999"  # numbers clamped
