"""What runs on the "machines" of tests/test_lan_netns.py (one JSON line per event on stdout).

``python tests/netns_peer.py player HOST PORT N``: join as Ada, play N actions (a random bot's choice),
say ``played``, then stop acting and wait for ``back`` on stdin; come back with the seat token on a new
connection (``rejoined``: seats, name, version), play to the end (``result``).
``python tests/netns_peer.py watch HOST PORT``: a spectator that prints every lobby's seats.
``python tests/netns_peer.py browse NAME``: the live table list (default interfaces) for tables called
NAME: ``added`` / ``removed`` with the address.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from cardtable.netplay.botclient import play_as_bot
from cardtable.netplay.client import AsyncClient, JoinError


def say(**event: Any) -> None:
    print(json.dumps(event), flush=True)


async def _latest_view(client: AsyncClient, seats: list[int], timeout: float = 10.0) -> dict[str, Any]:
    """The first view of one of ``seats`` after (re)joining."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        message = await client.recv(1.0)
        if message is not None and message["type"] == "view" and message.get("seat") in seats:
            return message
    raise RuntimeError("no view after joining")


async def player(host: str, port: int, actions: int) -> None:
    ada = AsyncClient(host, port, "Ada", silence=600.0)
    welcome = await ada.connect()
    seats = list(welcome["seats"])
    say(event="welcome", seats=seats, token_known=bool(ada.token))
    run = await play_as_bot(ada, "random", bot_speed=0.0, stop_after=actions)
    say(event="played", sent=run.sent, version=max(run.versions.values(), default=0))
    loop = asyncio.get_running_loop()
    line = await loop.run_in_executor(None, sys.stdin.readline)
    if line.strip() != "back":
        return
    if ada.conn is not None:  # the old connection is dead (the host let it go): drop it, do not wait
        ada.conn.abort()
    for attempt in range(60):  # right after the cable is back the address may not answer yet: try again
        again = AsyncClient(host, port, "Ada", token=ada.token, silence=600.0)
        try:
            welcome = await again.connect(5.0)
            break
        except JoinError as error:
            say(event="retry", attempt=attempt, reason=error.reason)
            await asyncio.sleep(0.5)
    else:
        raise RuntimeError("could not come back")
    view = await _latest_view(again, list(welcome["seats"]))
    say(event="rejoined", seats=list(welcome["seats"]), version=view["version"])
    run = await asyncio.wait_for(play_as_bot(again, "random", bot_speed=0.0, seen=[view]), 120)
    say(event="result", result=run.result, hash=run.hash)
    await again.close()


async def watch(host: str, port: int) -> None:
    watcher = AsyncClient(host, port, "Watcher", seats=0)
    await watcher.connect()
    while (message := await watcher.recv()) is not None:
        if message["type"] == "lobby":
            say(event="lobby", seats=[{k: s.get(k) for k in ("seat", "name", "connected", "bot_playing")}
                                      for s in message["seats"]])


async def browse(name: str) -> None:
    from cardtable.netplay.discovery import TableBrowser

    def listener(kind: str, table: Any) -> None:
        if table.name == name and kind in ("added", "removed"):
            say(event=kind, address=table.address, port=table.port, game=table.game)

    browser = TableBrowser(None, listener)  # default interfaces, as a player's machine would
    await browser.start()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # until told to stop
    await browser.close()


def main(argv: list[str]) -> None:
    if argv[0] == "player":
        asyncio.run(player(argv[1], int(argv[2]), int(argv[3])))
    elif argv[0] == "watch":
        asyncio.run(watch(argv[1], int(argv[2])))
    elif argv[0] == "browse":
        asyncio.run(browse(argv[1]))


if __name__ == "__main__":
    main(sys.argv[1:])
