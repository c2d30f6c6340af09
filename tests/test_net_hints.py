"""The host's hint setting: off unless the table's owner allows hints in the lobby (issue 13)."""

from __future__ import annotations

import asyncio
from typing import Any

from cardtable.netplay.client import AsyncClient
from cardtable.netplay.host import start_local_table


async def _lobby(client: AsyncClient, until: Any) -> dict[str, Any]:
    while True:
        message = await client.recv(5.0)
        assert message is not None
        if message["type"] == "lobby" and until(message):
            return message


def test_only_the_owner_allows_hints_in_the_lobby() -> None:
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=1, bot_speed=0.0)

    async def scenario() -> None:
        owner = AsyncClient("127.0.0.1", table.port, "Owner")
        await owner.connect()
        first = await _lobby(owner, lambda m: True)
        assert first["hints"] is False
        guest = AsyncClient("127.0.0.1", table.port, "Guest")
        await guest.connect()
        guest.send({"type": "set_hints", "allow": True})
        owner.send({"type": "set_hints", "allow": "yes"})
        for client in (guest, owner):
            while True:
                message = await client.recv(5.0)
                assert message is not None
                if message["type"] == "error":
                    assert message["request"] == "set_hints"
                    break
        assert table.host.config.hints is False
        owner.send({"type": "set_hints", "allow": True})
        seen = await _lobby(guest, lambda m: m["hints"])
        assert seen["hints"] is True and table.host.config.hints is True
        owner.send({"type": "start"})
        owner.send({"type": "set_hints", "allow": False})
        while True:
            message = await owner.recv(5.0)
            assert message is not None
            if message["type"] == "error":
                assert "started" in message["reason"]
                break
        assert table.host.config.hints is True
        await owner.close()
        await guest.close()

    try:
        asyncio.run(scenario())
    finally:
        table.stop()
