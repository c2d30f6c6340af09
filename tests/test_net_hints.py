"""The host's hint setting: off unless the table's owner allows hints in the lobby (issue 13)."""

from __future__ import annotations

import asyncio
from typing import Any

from cardtable.netplay.client import AsyncClient
from cardtable.netplay.host import start_local_table


async def _next(client: AsyncClient, kind: str, until: Any = None) -> dict[str, Any]:
    """The next message of ``kind`` (that ``until`` accepts)."""
    while True:
        message = await client.recv(5.0)
        assert message is not None
        if message["type"] == kind and (until is None or until(message)):
            return message


def test_only_the_owner_allows_hints_in_the_lobby() -> None:
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=1, bot_speed=0.0)

    async def scenario() -> None:
        owner = AsyncClient("127.0.0.1", table.port, "Owner")
        await owner.connect()
        first = await _next(owner, "lobby")
        assert first["hints"] is False
        guest = AsyncClient("127.0.0.1", table.port, "Guest")
        await guest.connect()
        guest.send({"type": "set_hints", "allow": True})
        owner.send({"type": "set_hints", "allow": "yes"})
        for client in (guest, owner):
            assert (await _next(client, "error"))["request"] == "set_hints"
        assert table.host.config.hints is False
        owner.send({"type": "set_hints", "allow": True})
        seen = await _next(guest, "lobby", lambda m: m["hints"])
        assert seen["hints"] is True and table.host.config.hints is True
        owner.send({"type": "start"})
        owner.send({"type": "set_hints", "allow": False})
        assert "started" in (await _next(owner, "error"))["reason"]
        assert table.host.config.hints is True
        await owner.close()
        await guest.close()

    try:
        asyncio.run(scenario())
    finally:
        table.stop()
