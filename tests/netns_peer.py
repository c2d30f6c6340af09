"""What runs on the "machines" of tests/test_lan_netns.py (one JSON line per event on stdout).

``python tests/netns_peer.py player HOST PORT N``: join as Ada, play N actions (a random bot's choice),
say ``played``, then stop acting and wait for ``back`` on stdin; come back with the seat token on a new
connection (``rejoined``: seats, name, version), play to the end (``result``).
``python tests/netns_peer.py watch HOST PORT``: a spectator that prints every lobby's seats.
``python tests/netns_peer.py browse NAME``: the live table list (default interfaces) for tables called
NAME: ``added`` / ``removed`` with the address.
``python tests/netns_peer.py impostor TABLE_ID NAME PIN``: a copy of a table (its id and name, a key of
its own, a PIN guess) advertised on the default interfaces (``listening``: port, key); on ``report``
from stdin says what it heard (``heard``: the joins it opened, the wrong PINs counted).
``python tests/netns_peer.py trusty HOST PORT COPY_HOST COPY_PORT PIN KEY``: Ada sits at the table with
``KEY`` (hex) using the PIN, then tries the copy with her token and the key she knows (``rejoin``),
then Bo, new here, tries the copy with the PIN (``newcomer``): each says why it was refused.
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


async def impostor(table_id: str, name: str, pin: str) -> None:
    from cardtable.netplay.discovery import Advertiser
    from cardtable.netplay.host import Host, HostConfig
    from cardtable.netplay.identity import HostIdentity

    host = Host("oh_hell", 3, seats=[None, "random", "random"], config=HostConfig(name=name, pin=pin),
                host_key=HostIdentity.generate())
    host.table_id = table_id
    opened: list[Any] = []  # every join it could open: the copy's whole haul
    join = host._join

    def recorded(client: Any, message: Any) -> None:
        opened.append(message)
        join(client, message)

    host._join = recorded  # type: ignore[method-assign]
    port = await host.serve("0.0.0.0", 0)
    advertiser = Advertiser(host, None, port)
    await advertiser.start()
    say(event="listening", port=port, key=host.identity.public_key.hex())
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    say(event="heard", joins=opened, pin_failures=host.admission.pins.failed)
    await advertiser.close()
    await host.close()


async def trusty(real: str, port: int, copy: str, copy_port: int, pin: str, key: str) -> None:
    ada = AsyncClient(real, port, "Ada", pin=pin, host_key=bytes.fromhex(key))
    await ada.connect()
    say(event="seated", token_known=bool(ada.token))
    for label, client in (("rejoin", AsyncClient(copy, copy_port, "Ada", token=ada.token, host_key=ada.host_key)),
                          ("newcomer", AsyncClient(copy, copy_port, "Bo", pin=pin))):
        try:
            await client.connect()
            say(event=label, reason=None)
        except JoinError as error:
            say(event=label, reason=error.reason)
        await client.close()
    say(event="token", token=ada.token)
    await ada.close()


def main(argv: list[str]) -> None:
    if argv[0] == "player":
        asyncio.run(player(argv[1], int(argv[2]), int(argv[3])))
    elif argv[0] == "watch":
        asyncio.run(watch(argv[1], int(argv[2])))
    elif argv[0] == "browse":
        asyncio.run(browse(argv[1]))
    elif argv[0] == "impostor":
        asyncio.run(impostor(argv[1], argv[2], argv[3]))
    elif argv[0] == "trusty":
        asyncio.run(trusty(argv[1], int(argv[2]), argv[3], int(argv[4]), argv[5], argv[6]))


if __name__ == "__main__":
    main(sys.argv[1:])
