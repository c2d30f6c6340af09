"""Review findings: each test here failed before its fix."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from cardtable.netplay.client import AsyncClient
from cardtable.netplay.host import start_local_table


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


def test_owner_who_reconnects_in_the_lobby_stays_owner() -> None:
    """The owner comes back with the token before the host noticed the old connection die: the old
    connection's departure must not hand the table to a guest."""
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=1, bot_speed=0.0)

    async def scenario() -> None:
        owner = AsyncClient("127.0.0.1", table.port, "Owner")
        assert (await owner.connect())["owner"]
        guest = AsyncClient("127.0.0.1", table.port, "Guest")
        assert not (await guest.connect())["owner"]
        again = AsyncClient("127.0.0.1", table.port, "Owner", token=owner.token)
        assert (await again.connect())["owner"]
        await asyncio.sleep(0.3)  # the old connection is gone by now
        lobbies = [m for m in again.pending() if m["type"] == "lobby"]
        assert lobbies and lobbies[-1]["owner"]
        assert not [m for m in guest.pending() if m["type"] == "lobby"][-1]["owner"]
        for client in (owner, guest, again):
            await client.close()

    try:
        asyncio.run(scenario())
    finally:
        table.stop()


def test_hello_must_come_within_the_deadline_even_byte_by_byte() -> None:
    """A connection that dribbles a hello one byte at a time cannot hold a connection slot forever."""
    from cardtable.netplay.protocol import PROTOCOL_VERSION, decode_all, encode

    table = start_local_table("oh_hell", 3, seed=1, bot_speed=0.0, hello_timeout=0.5)

    async def scenario() -> list[dict[str, Any]]:
        reader, writer = await asyncio.open_connection("127.0.0.1", table.port)
        hello = encode({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "slow" * 5})
        received = bytearray()
        for byte in hello[:-1]:
            writer.write(bytes([byte]))
            try:
                data = await asyncio.wait_for(reader.read(65536), 0.1)
            except TimeoutError:
                continue
            except ConnectionError:
                break
            received += data
            if not data:
                break
        writer.close()
        return decode_all(bytes(received))

    try:
        messages = asyncio.run(scenario())
    finally:
        table.stop()
    assert messages and messages[-1]["type"] == "bye" and "hello" in messages[-1]["reason"]


def test_advertised_fields_are_cleaned_like_names() -> None:
    """Anyone on the LAN can advertise: the game field shown in ``cardtable tables`` and the join list
    is cleaned (no terminal escapes or line breaks) like the table name."""
    import socket

    from zeroconf.asyncio import AsyncServiceInfo

    from cardtable.netplay.discovery import _table_info
    from cardtable.netplay.protocol import SERVICE_TYPE

    info = AsyncServiceInfo(SERVICE_TYPE, f"Evil table.{SERVICE_TYPE}", port=7000,
                            addresses=[socket.inet_aton("127.0.0.1")],
                            properties={"game": "\x1b[2Jspit\nfake row", "proto": "1", "taken": "x"})
    table = _table_info(info)
    assert table is not None
    assert table.name == "Evil table" and table.game == "[2Jspit fake row"
    assert table.taken == 0 and table.protocol == 1


def test_chat_is_cleaned_and_cut_like_names() -> None:
    table = start_local_table("oh_hell", 3, seed=1, bot_speed=0.0)

    async def scenario() -> list[str]:
        client = AsyncClient("127.0.0.1", table.port, "Ada")
        await client.connect()
        client.send({"type": "chat", "text": "\x1b\x07\n "})  # nothing left: not relayed
        client.send({"type": "chat", "text": "hi\x1b[31m\nthere\u202e " + "x" * 300})
        texts = []
        while not texts:
            message = await client.recv(5.0)
            assert message is not None
            if message["type"] == "chat":
                texts.append(message["text"])
        await client.close()
        return texts

    try:
        texts = asyncio.run(scenario())
    finally:
        table.stop()
    assert texts[0].startswith("hi[31m there ") and len(texts[0]) == 200


def test_resume_from_a_log_cut_mid_record_appends_cleanly(tmp_path) -> None:
    """A crash in the middle of a record: the resumed host drops the half record before appending, so
    the whole log (old records and new) replays with every hash checked, and the game finishes."""
    import random
    import time

    from cardtable.engine import get_game
    from cardtable.engine.core import state_hash
    from cardtable.netplay.host import resume_local_table
    from cardtable.netplay.protocol import PROTOCOL_VERSION
    from cardtable.netplay.tablelog import TableLog, replay_records

    log = tmp_path / "cut.log"
    game = get_game("oh_hell")
    options = game.resolve_options(3, None)
    header = {"protocol": PROTOCOL_VERSION, "game": "oh_hell", "players": 3, "seed": 11, "options": options,
              "name": "t"}
    seats = [{"name": "random bot", "kind": "bot", "level": "random", "token": None}] * 3
    writer = TableLog.create(str(log), header, seats)
    state, rng = game.new(3, 11, options), random.Random(0)
    for n in range(1, 21):  # twenty actions of a game the host then finishes
        seat = next(s for s in game.to_act(state) if game.legal(state, s))
        game.apply(state, seat, action := game.sample(state, seat, rng))
        writer.action(n, seat, action, 0.0, state_hash(game, state) if n % 8 == 0 else None)
    writer.close()
    data = log.read_bytes()
    log.write_bytes(data[:-3])
    before = replay_records(str(log))
    assert len(before.actions) == 19 and not before.ended
    resumed = resume_local_table(str(log), bot_speed=0.0)
    try:
        for _ in range(500):
            if resumed.call(lambda: resumed.host.result) is not None:
                break
            time.sleep(0.01)
    finally:
        resumed.stop()
    after = replay_records(str(log))
    assert after.ended and after.result is not None
    assert after.actions[: len(before.actions)] == before.actions
    assert [r["n"] for r in after.actions] == list(range(1, len(after.actions) + 1))


def test_wrong_pins_lock_the_address_out_for_a_while() -> None:
    """A four-digit PIN falls to a script in seconds unless wrong guesses cost something: from the
    ``pin_free_tries``-th wrong PIN of one address, that address is refused (even with the right PIN) for
    ``pin_backoff`` seconds, then longer."""
    from cardtable.netplay.client import JoinError

    table = start_local_table("oh_hell", 3, seed=1, pin="1234", bot_speed=0.0, pin_free_tries=3, pin_backoff=60.0)

    async def scenario() -> list[str]:
        reasons = []
        for pin in ("0000", "0001", "0002", "1234"):
            try:
                await AsyncClient("127.0.0.1", table.port, "guesser", pin=pin).connect()
                reasons.append("welcome")
            except JoinError as error:
                reasons.append(error.reason)
        return reasons

    try:
        reasons = asyncio.run(scenario())
    finally:
        table.stop()
    assert reasons[:3] == ["wrong PIN: 2 tries left", "wrong PIN: 1 try left", "wrong PIN: no tries left, try again in 60 s"]
    assert "too many wrong PINs" in reasons[3]


def test_late_pongs_cannot_stretch_the_back_dating_window() -> None:
    """A client that answers every ping 1 s late measures a 1 s round trip, which used to let it back-date a
    press by a whole second. The clamp uses the least-delayed sample, capped at ``max_clamp_rtt``: pressing
    0.3 s after an honest player and claiming 1 s earlier loses; 0.15 s after (inside cap + margin) wins.
    ``max_hold`` is raised so the late press still arrives within the honest press's hold window."""
    from cardtable.netplay import handshake
    from cardtable.netplay.host import Host, HostConfig, LocalTable
    from cardtable.netplay.protocol import HOST_TYPES, Connection
    from cardtable.netplay.race import RaceGame

    config = HostConfig(race_margin=0.015, local_margin=0.015, max_hold=1.0, max_clamp_rtt=0.25, ping_interval=0.2)
    table = LocalTable(Host(RaceGame(), 2, seats=[None, None], seed=1, config=config)).begin()

    async def scenario() -> list[tuple[str, str]]:
        loop = asyncio.get_running_loop()
        honest = AsyncClient("127.0.0.1", table.port, "Honest")
        await honest.connect()
        reader, writer = await asyncio.open_connection("127.0.0.1", table.port)
        cheat = Connection(reader, writer, HOST_TYPES)
        await handshake.shake_hands(cheat)
        cheat.send({"type": "join", "name": "Late", "seats": 1})
        answers: dict[int, str] = {}

        def late_pong(ping: dict[str, Any], received: float) -> None:  # looks like a symmetric 1 s link
            cheat.send({"type": "pong", "id": ping["id"], "t": ping["t"], "now": received + 0.5})

        async def read_cheat() -> None:
            while not cheat.closed:
                messages = await cheat.read()
                if not messages and reader.at_eof():
                    return
                for message in messages:
                    if message["type"] == "ping":
                        loop.call_later(1.0, late_pong, message, time.monotonic())
                    elif message["type"] in ("ack", "reject"):
                        answers[message["seq"]] = message["type"]

        cheat_reader = asyncio.create_task(read_cheat())

        def late_samples() -> list[float]:
            return [r for c in table.host.conns.values() if c.name == "Late" for r, _ in c.samples]

        while len(samples := await asyncio.to_thread(table.call, late_samples)) < 3:
            await asyncio.sleep(0.05)
        assert min(samples) > 0.9  # the host believes the cheater's round trip is a second
        honest.send({"type": "start"})
        await asyncio.sleep(0.2)
        outcomes = []
        for number, gap in enumerate((0.3, 0.15)):
            honest_seq = honest.send_action(0, {"type": "grab", "round": number})
            await asyncio.sleep(gap)
            cheat_seq = 100 + number
            cheat.send({"type": "action", "seq": cheat_seq, "seat": 1, "action": {"type": "grab", "round": number},
                        "press": time.monotonic() - 1.0})
            honest_answer = None
            while honest_answer is None or cheat_seq not in answers:
                message = await honest.recv(0.05)
                if message is not None and message["type"] in ("ack", "reject") and message["seq"] == honest_seq:
                    honest_answer = message["type"]
            outcomes.append((honest_answer, answers[cheat_seq]))
            await asyncio.sleep(0.1)
        cheat_reader.cancel()
        await cheat.close()
        await honest.close()
        return outcomes

    try:
        outcomes = asyncio.run(asyncio.wait_for(scenario(), 20))
    finally:
        table.stop()
    assert outcomes[0] == ("ack", "reject")  # 0.3 s of back-dating: beyond 0.25 + 0.015
    assert outcomes[1] == ("reject", "ack")  # 0.15 s: within the cap, the clamp allows it
