"""Attacks on a live host over loopback (attackers connect from other 127.0.0.x addresses, as other
machines would): each is refused or absorbed, the honest players keep their seats and their game.
Nothing here measures time; waits are bounded only so that a broken host fails instead of hanging."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any

from cardtable.netplay import handshake
from cardtable.netplay.botclient import play_as_bot
from cardtable.netplay.client import AsyncClient, JoinError
from cardtable.netplay.host import start_local_table


async def _open_silent(port: int, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection that never says hello."""
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


async def _until(predicate: Any, what: str, limit: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while not await asyncio.to_thread(predicate):
        assert loop.time() < deadline, f"never: {what}"
        await asyncio.sleep(0.02)


def test_a_token_holder_always_gets_back_in_while_slots_are_held() -> None:
    """Half-open connections fill the not-yet-hello slots and spectators fill theirs; a new spectator is
    refused, yet the player who dropped comes back with the token to the same seat, every time."""
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=3, bot_speed=0.0,
                              max_pending=4, max_spectators=2, takeover=600.0)
    port = table.port

    async def scenario() -> tuple[list[list[int]], str]:
        ada = AsyncClient("127.0.0.1", port, "Ada")
        await ada.connect()
        bo = AsyncClient("127.0.0.1", port, "Bo")
        seats = (await bo.connect())["seats"]
        ada.send({"type": "start"})
        watchers = []
        for n in range(2):
            watcher = AsyncClient("127.0.0.1", port, f"watcher{n}", seats=0, source=f"127.0.0.{20 + n}")
            await watcher.connect()
            watchers.append(watcher)
        extra = AsyncClient("127.0.0.1", port, "one too many", seats=0, source="127.0.0.30")
        try:
            await extra.connect()
            refused = "welcome"
        except JoinError as error:
            refused = error.reason
        returns = []
        silent: list[asyncio.StreamWriter] = []
        for attempt in range(5):
            for n in range(4):  # refresh the half-open connections: every pending slot is taken
                silent.append((await _open_silent(port, f"127.0.{attempt + 1}.{n + 2}"))[1])
            await _until(lambda: table.call(lambda: sum(not c.welcomed for c in table.host.conns.values())) >= 4,
                         "the pending slots are full")
            await bo.close()
            bo = AsyncClient("127.0.0.1", port, "Bo", token=bo.token)
            returns.append((await bo.connect())["seats"])
        assert returns[0] == seats
        for writer in silent:
            writer.close()
        for client in (ada, bo, *watchers):
            await client.close()
        return returns, refused

    try:
        returns, refused = asyncio.run(scenario())
    finally:
        table.stop()
    assert all(r == returns[0] and r for r in returns)
    assert "too many spectators" in refused


def test_a_peer_that_never_reads_is_cut_off_and_forgotten() -> None:
    """A spectator that stops reading while views pile up is aborted once its unsent bytes pass the
    cap: it leaves every host structure, and the player's game goes on to the end."""
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=6, bot_speed=0.0,
                              socket_send_buffer=4096, max_buffered=48 * 1024, send_high_water=16 * 1024,
                              silence=600.0)

    async def scenario() -> Any:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.bind(("127.0.0.9", 0))
        sock.connect(("127.0.0.1", table.port))
        handshake.join_over_socket(sock, {"type": "join", "name": "sink", "seats": 0})
        player = AsyncClient("127.0.0.1", table.port, "Ada")
        await player.connect()
        await _until(lambda: table.call(lambda: len(table.host.conns)) == 2, "the spectator is in")
        player.send({"type": "start"})
        run = await asyncio.wait_for(play_as_bot(player, "random", bot_speed=0.0), 120)
        await player.close()
        sock.close()
        return run

    try:
        run = asyncio.run(scenario())
        cut, names = table.call(lambda: (table.host.cut_off, [c.name for c in table.host.conns.values()]))
    finally:
        table.stop()
    assert run.result is not None and run.closed is None
    assert cut == 1 and "sink" not in names


def test_pin_guesses_from_many_addresses_keep_nobody_out_and_the_owner_sees_them() -> None:
    """Guesses from rotating addresses cost those addresses, not the table: a right PIN from another
    address gets in at once (they used to lock the whole table); the owner's lobby shows the guessing;
    a seated player comes back with the token and no PIN."""
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=1, bot_speed=0.0,
                              pin="424242", pin_free_tries=1, pin_backoff=3600.0)

    async def scenario() -> tuple[list[str], str, dict[str, Any], list[int]]:
        ada = AsyncClient("127.0.0.1", table.port, "Ada", pin="424242")
        await ada.connect()
        bo = AsyncClient("127.0.0.1", table.port, "Bo", pin="424242")
        bo_seats = (await bo.connect())["seats"]
        reasons = []
        for n in range(4):
            try:
                await AsyncClient("127.0.0.1", table.port, "guess", pin=f"{n:06}", source=f"127.0.0.{40 + n}").connect()
            except JoinError as error:
                reasons.append(error.reason)
        try:
            await AsyncClient("127.0.0.1", table.port, "late", pin="424242", source="127.0.0.50").connect()
            locked = "welcome"
        except JoinError as error:
            locked = error.reason
        report: dict[str, Any] = {}
        while not report or report["failed"] < 4:
            message = await ada.recv(10.0)
            assert message is not None, "no lobby with the wrong PINs"
            report = message.get("pin_failures", report) if message["type"] == "lobby" else report
        await bo.close()
        back = AsyncClient("127.0.0.1", table.port, "Bo", token=bo.token)  # no PIN
        again = (await back.connect())["seats"]
        assert again == bo_seats
        guest_lobby = [m for m in back.pending() if m["type"] == "lobby"]
        assert guest_lobby and all("pin_failures" not in m for m in guest_lobby)  # the owner's only
        for client in (ada, back):
            with contextlib.suppress(Exception):
                await client.close()
        return reasons, locked, report, again

    try:
        reasons, locked, report, again = asyncio.run(scenario())
    finally:
        table.stop()
    assert reasons == ["wrong PIN: no tries left, try again in 3600 s"] * 4
    assert locked == "welcome"
    assert report["failed"] == 4 and report["addresses"] == 4 and report["slowed"] == 4
    from cardtable.arcade.scenes.lobby import lobby_warning

    assert lobby_warning({"pin_failures": report}).startswith("Someone is guessing the PIN: 4 wrong in 15 min from 4 addresses")
