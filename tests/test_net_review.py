"""Review findings: each test here failed before its fix."""

from __future__ import annotations

import asyncio
from typing import Any

from netplay.client import AsyncClient
from netplay.host import start_local_table


def _rtts(table: Any) -> list[float | None]:
    return list(table.call(lambda: [c.rtt for c in table.host.conns.values() if c.welcomed]))


def test_forged_pongs_cannot_stretch_the_back_dating_window() -> None:
    """A pong counts only if it answers a ping the host sent, with the time the host sent it: a client
    that invents pongs (old ``t``) would otherwise claim a round trip of seconds and back-date presses."""
    table = start_local_table("speed", 2, seats=[None, "random"], seed=1, bot_speed=0.0, ping_interval=60.0)

    async def scenario() -> list[float | None]:
        client = AsyncClient("127.0.0.1", table.port, "Mallory", ping_interval=60.0)
        welcome = await client.connect()
        await asyncio.sleep(0.3)  # the host's four quick pings are answered honestly
        assert client.conn is not None
        host_sent = welcome["time"] - 5.0
        for n in range(16):
            client.conn.send({"type": "pong", "id": 1000 + n, "t": host_sent, "now": 0.0})  # unasked
            client.conn.send({"type": "pong", "id": 1 + n % 4, "t": host_sent, "now": 0.0})  # wrong t
        await client.conn.drain()
        await asyncio.sleep(0.3)
        rtts = await asyncio.to_thread(_rtts, table)
        await client.close()
        return rtts

    try:
        rtts = asyncio.run(scenario())
    finally:
        table.stop()
    assert rtts and all(r is not None and r < 1.0 for r in rtts), rtts
