"""Hostile input: the decoder never raises anything but ProtocolError, and a live host survives garbage,
truncated and oversized frames, huge headers, wrong types, unknown messages, other seats' actions and
floods, while a real player's game goes on undisturbed."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import threading
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.netplay import handshake
from cardtable.netplay.botclient import play_as_bot
from cardtable.netplay.client import AsyncClient
from cardtable.netplay.host import start_local_table
from cardtable.netplay.identity import HostIdentity
from cardtable.netplay.protocol import (
    CLIENT_TYPES,
    MAX_FRAME,
    PROTOCOL_VERSION,
    Decoder,
    ProtocolError,
    clean_name,
    decode_all,
    encode,
)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_decoder_only_raises_protocol_error(data: bytes) -> None:
    decoder = Decoder(CLIENT_TYPES)
    try:
        for message in decoder.feed(data):
            assert isinstance(message, dict) and message["type"] in CLIENT_TYPES
    except ProtocolError as error:
        assert error.reason
        with pytest.raises(ProtocolError):  # a broken stream stays broken
            decoder.feed(encode({"type": "ping", "id": 1, "t": 0.0}))


def test_decoder_splits_and_joins_frames() -> None:
    stream = b"".join(encode({"type": "ping", "id": i, "t": 1.5}) for i in range(50))
    decoder = Decoder(CLIENT_TYPES)
    got = []
    for start in range(0, len(stream), 7):
        got.extend(decoder.feed(stream[start:start + 7]))
    assert [m["id"] for m in got] == list(range(50))


@pytest.mark.parametrize("payload, reason", [
    (b"\xdd\xff\xff\xff\xff", "malformed"),                          # array header of 4 billion
    (b"\xdf\xff\xff\xff\xff", "malformed"),                          # map header of 4 billion
    (b"\xc1", "malformed"),                                          # never-used byte
    (msgpack.packb({1: 2}), "malformed"),                            # int key
    (msgpack.packb([1, 2]), "map"),                                  # not a map
    (msgpack.packb({"type": "explode"}), "unknown message type"),
    (msgpack.packb({"type": 7}), "type"),
    (msgpack.packb({"type": "chat", "text": b"bytes"}, use_bin_type=True), "malformed"),
    (msgpack.packb({"type": "chat", "x": msgpack.ExtType(3, b"z")}), "malformed"),
    (msgpack.packb({"type": "chat", "x": float("nan")}), "non-finite"),
    (b"\x91" * 5000 + b"\x00", "malformed"),                         # nesting bomb
    (msgpack.packb({"type": "chat", "x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]}),
     "deeply"),
])
def test_decoder_rejects(payload: bytes, reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason):
        Decoder(CLIENT_TYPES).feed(payload)


def test_decoder_rejects_oversized_frame() -> None:
    decoder = Decoder(CLIENT_TYPES)
    big = encode({"type": "chat", "text": "x" * 10000})
    with pytest.raises(ProtocolError):
        for _ in range(MAX_FRAME // len(big) + 2):
            decoder.feed(big[:-1])  # never completes: the buffer fills up
            decoder.feed(b"")


def test_clean_name() -> None:
    assert clean_name("  Ada\x00\x1b[31m  Lovelace\n") == "Ada[31m Lovelace"
    assert clean_name("x" * 100) == "x" * 24
    assert clean_name("\u202e\u200b") == "player"
    assert clean_name(42) == "player"


# -- against a live host --------------------------------------------------------------------------


def _hello(name: str = "fuzz") -> bytes:
    return encode({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "seats": 0})


JOIN = {"type": "join", "name": "fuzz", "seats": 0}
# bytes: sent before any handshake; ("sealed", b): sealed after the handshake and join (the host's
# decoder meets them), ("welcomed", b): the same once the host has answered; ("raw", b): after the
# handshake but not sealed; ("tampered", b): sealed, then one bit of the box flipped
Attack = bytes | tuple[str, bytes]
ATTACKS: dict[str, Attack] = {
    "random bytes": bytes(random.Random(1).randrange(256) for _ in range(4000)),
    "random after hello": ("raw", bytes(random.Random(2).randrange(256) for _ in range(1000))),
    "tampered frame": ("tampered", encode({"type": "chat", "text": "hello there"})),
    "truncated frame": ("sealed", encode({"type": "chat", "text": "hello there"})[:-4]),
    "oversized frame": ("sealed", b"\xdb" + (MAX_FRAME * 2).to_bytes(4, "big") + b"x" * 100),  # refused at its header
    "huge array header": ("sealed", b"\xdd\xff\xff\xff\xff" + b"\x00" * 64),
    "huge map header": ("sealed", b"\xdf\x7f\xff\xff\xff"),
    "wrong field types": ("sealed", encode({"type": "action", "seq": "one", "seat": [0], "action": 5})),
    "wrong pong types": ("sealed", encode({"type": "pong", "id": 1, "t": "soon", "now": None})),
    "unknown type": ("sealed", encode({"type": "become_host"})),
    "action before hello": encode({"type": "action", "seq": 1, "seat": 0, "action": {"type": "bid", "bid": 0}}),
    "second hello": ("sealed", _hello()),
    "flood": ("welcomed", encode({"type": "ping", "id": 1, "t": 0.0}) * 5000),
    "big hello": encode({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "x", "pad": [[1] * 4000] * 200}),
    "many values": ("welcomed", encode({"type": "chat", "text": "x", "pad": [[1] * 100] * 100})),
    "flood before welcome": _hello() + encode({"type": "ping", "id": 1, "t": 0.0}) * 5000,
}
HOST_SAYS = frozenset({"host_hello", "welcome", "lobby", "bye", "ping", "pong", "view", "reject", "error", "ack",
                       "result", "chat"})


def _send(sock: socket.socket, payload: Attack) -> handshake.Opener | None:
    """Send ``payload`` as its kind says; the opener of the host's sealed frames, after a handshake."""
    if isinstance(payload, bytes):
        sock.sendall(payload)
        return None
    kind, data = payload
    sealer, opener = handshake.join_over_socket(sock, JOIN)
    if kind == "welcomed":
        opener.feed(sock.recv(65536))  # the welcome (or a bye)
    if kind == "raw":
        sock.sendall(data)
    elif kind == "tampered":
        frame = bytearray(sealer.seal(data))
        frame[-1] ^= 1
        sock.sendall(bytes(frame))
    else:
        sock.sendall(sealer.seal(data))
    return opener


def _attack(port: int, payload: Attack, source: str = "127.0.0.1") -> list[dict[str, Any]]:
    """Send ``payload`` from ``source`` and read everything until the host closes; the host's messages
    after the handshake (opened)."""
    opener = None
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as sock:
        with contextlib.suppress(OSError):  # the host may close before reading everything
            opener = _send(sock, payload)
            sock.shutdown(socket.SHUT_WR)  # a truncated frame stays truncated
        chunks = []
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    break
                chunks.append(data)
        except OSError:
            pass
    data = b"".join(chunks)
    try:
        if opener is not None:
            plaintexts, clear = opener.feed(data)
            data = clear or b"".join(plaintexts)
        return Decoder(HOST_SAYS).feed(data)
    except ProtocolError:
        return []


def test_host_survives_hostile_clients_while_a_game_goes_on() -> None:
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=8, bot_speed=0.004)
    outcomes: dict[str, list[dict[str, Any]]] = {}

    def attack_all() -> None:
        for n, (name, payload) in enumerate(ATTACKS.items()):  # each from its own address, like machines
            outcomes[name] = _attack(table.port, payload, f"127.0.9.{n + 1}")

    async def scenario() -> Any:
        player = AsyncClient("127.0.0.1", table.port, "Ada")
        await player.connect()
        # the other-seat attacker is a proper spectator that tries to play seat 0
        other = AsyncClient("127.0.0.1", table.port, "Mallory", seats=0)
        await other.connect()
        player.send({"type": "start"})
        attacker = threading.Thread(target=attack_all)
        attacker.start()
        for seq in range(1, 40):
            other.send({"type": "action", "seq": seq, "seat": 0, "action": {"type": "bid", "bid": 0}, "press": 0.0})
        run = await asyncio.wait_for(play_as_bot(player, "random", bot_speed=0.004), 60)
        rejects = [m for m in other.pending() if m["type"] == "reject"]
        await asyncio.get_running_loop().run_in_executor(None, attacker.join)
        await player.close()
        await other.close()
        return run, rejects

    try:
        run, rejects = asyncio.run(scenario())
        assert table.call(lambda: table.host.result) is not None
    finally:
        table.stop()
    assert run.result is not None and run.closed is None
    assert rejects and all("not yours" in m["reason"] for m in rejects)
    for name, messages in outcomes.items():
        byes = [m for m in messages if m["type"] == "bye"]
        if name not in ("random bytes", "truncated frame"):  # these may end mid-frame: no reason then
            assert byes and byes[-1]["reason"], name
    assert "too many" in outcomes["flood"][-1]["reason"]
    assert "before hello" in outcomes["big hello"][-1]["reason"]
    assert "before hello" in outcomes["flood before welcome"][-1]["reason"]
    assert "values" in outcomes["many values"][-1]["reason"]
    assert "unknown message type" in outcomes["unknown type"][-1]["reason"]
    assert "hello" in outcomes["action before hello"][-1]["reason"]
    assert "did not open" in outcomes["tampered frame"][-1]["reason"]
    assert "sealed frame" in outcomes["random after hello"][-1]["reason"]  # too long, or does not open
    assert "already said" in outcomes["second hello"][-1]["reason"]


def test_decode_all_reads_a_capture() -> None:
    stream = encode({"type": "ack", "seq": 1}) + encode({"type": "reject", "seq": 2, "reason": "no"})
    assert [m["type"] for m in decode_all(stream)] == ["ack", "reject"]


GARBAGE_ACTIONS: list[Any] = [None, 5, "play", [], {}, {"type": 3}, {"type": "no-such-action"},
                              {"type": "play", "card": "ZZ"}, {"type": "play", "cards": "AS"},
                              {"type": "play", "card": ["AS"]}, {"type": "bid", "bid": -1},
                              {"type": "bid", "bid": 2**64 - 1}, {"type": "play", "cards": [None]},
                              {"type": "meld", "table": 7}, {"type": "play", "card": {"x": [1.5]}}]


@pytest.mark.parametrize("name", ["oh_hell", "spit", "speed"])
def test_garbage_actions_are_rejected_and_the_game_goes_on(name: str) -> None:
    players = {"oh_hell": 3}.get(name, 2)
    table = start_local_table(name, players, seats=[None] + ["random"] * (players - 1), seed=2, bot_speed=0.0,
                              race_margin=0.001)

    async def scenario() -> Any:
        client = AsyncClient("127.0.0.1", table.port, "Ada")
        await client.connect()
        client.send({"type": "start"})
        seqs = {client.send_action(0, action) for action in GARBAGE_ACTIONS}
        seqs |= {client.send_action(seat, {"type": "pass"}) for seat in (-1, 1, 99)}
        answers: dict[int, dict[str, Any]] = {}
        seen = []
        while len(answers) < len(seqs):
            message = await client.recv(5.0)
            assert message is not None, client.closed_reason
            if message["type"] in ("ack", "reject") and message["seq"] in seqs:
                answers[message["seq"]] = message
            elif message["type"] == "view":
                seen.append(message)
        run = await play_as_bot(client, "random", bot_speed=0.0, seen=seen[-1:])
        await client.close()
        return answers, run

    try:
        answers, run = asyncio.run(scenario())
    finally:
        table.stop()
    assert all(m["type"] == "reject" and m["reason"] for m in answers.values())
    assert run.result is not None


def test_a_silent_connection_is_dropped_and_its_seat_taken_over() -> None:
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=4, bot_speed=0.0,
                              silence=0.5, ping_interval=0.1, takeover=0.1)
    try:
        with socket.create_connection(("127.0.0.1", table.port), timeout=10) as sock:
            sealer, opener = handshake.join_over_socket(sock, {"type": "join", "name": "mute", "seats": 1})
            sock.sendall(sealer.seal(encode({"type": "start"})))
            chunks = []
            while True:  # read everything, answer nothing (a connection that died without a FIN)
                data = sock.recv(65536)
                if not data:
                    break
                chunks.append(data)
        messages = decode_all(b"".join(opener.feed(b"".join(chunks))[0]))
        assert messages[0]["type"] == "welcome" and messages[0]["seats"] == [0]
        assert messages[-1]["type"] == "bye" and "no answer" in messages[-1]["reason"]
        for _ in range(500):  # the takeover bot finishes the game for the silent player
            if table.call(lambda: table.host.result) is not None:
                break
            asyncio.run(asyncio.sleep(0.01))
        assert table.call(lambda: table.host.result) is not None
    finally:
        table.stop()


def test_client_notices_a_silent_or_broken_host() -> None:
    async def scenario() -> tuple[str | None, str | None]:
        done = asyncio.Event()  # the stub hosts return when the test is over (not cancelled mid-sleep)

        async def greet(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> handshake.Sealer:
            """The host's side of the handshake, the client's sealed join read and dropped."""
            hello = decode_all(await reader.read(1000))[0]
            reply, keys = handshake.answer(hello, HostIdentity.generate(), None, PROTOCOL_VERSION)
            writer.write(encode(reply))
            await reader.read(1000)
            return handshake.Sealer(keys.send)

        async def mute_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sealer = await greet(reader, writer)
            writer.write(sealer.seal(encode({"type": "welcome", "protocol": PROTOCOL_VERSION, "seats": [],
                                             "token": "t", "owner": False, "table": {"game": "oh_hell"},
                                             "time": 0.0})))
            await done.wait()
            writer.close()

        async def garbage_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sealer = await greet(reader, writer)
            writer.write(sealer.seal(encode({"type": "welcome", "protocol": PROTOCOL_VERSION, "seats": [],
                                             "token": "t", "owner": False, "table": {"game": "oh_hell"},
                                             "time": 0.0})))
            writer.write(b"\x00\x00\x00\x20" + b"\xc1" * 32)  # a frame that does not open
            await done.wait()
            writer.close()

        reasons = []
        for handler in (mute_host, garbage_host):
            server = await asyncio.start_server(handler, "127.0.0.1", 0)
            port = server.sockets[0].getsockname()[1]
            client = AsyncClient("127.0.0.1", port, "x", ping_interval=0.05, silence=0.3)
            with contextlib.suppress(Exception):
                await client.connect(2.0)
            while await client.recv(3.0) is not None:
                pass
            reasons.append(client.closed_reason)
            await client.close()
            server.close()
        done.set()
        await asyncio.sleep(0.01)
        return reasons[0], reasons[1]

    silent, broken = asyncio.run(scenario())
    assert silent is not None and "stopped answering" in silent
    assert broken is not None and "bad data" in broken and "did not open" in broken


def test_a_client_sending_megabytes_is_closed_and_the_game_goes_on() -> None:
    """~60 KB chat and action frames, far below the message-rate limit, exceed the byte budget
    (64 KiB/s, 256 KiB burst): the sender is closed with the reason; the player's game goes on."""
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=5, bot_speed=0.0)
    pad = ["y" * 15000] * 4  # ~60 KB a frame (under the host's 64 KiB); strings under the 16 KiB limit

    async def scenario() -> tuple[Any, str | None]:
        player = AsyncClient("127.0.0.1", table.port, "Ada")
        await player.connect()
        flooder = AsyncClient("127.0.0.1", table.port, "Hog", seats=0)
        await flooder.connect()
        player.send({"type": "start"})

        async def flood() -> None:
            for n in range(40):
                if flooder.closed_reason is not None:
                    break
                if n % 2:
                    flooder.send({"type": "chat", "text": "\x07", "pad": pad})  # cleans to nothing: not relayed
                else:
                    flooder.send({"type": "action", "seq": n, "seat": 0, "action": {"type": "bid", "pad": pad}})
                await asyncio.sleep(0.005)
            while await flooder.recv(3.0) is not None:
                pass

        flooding = asyncio.create_task(flood())
        run = await asyncio.wait_for(play_as_bot(player, "random", bot_speed=0.0), 60)
        await flooding
        await player.close()
        await flooder.close()
        return run, flooder.closed_reason

    try:
        run, reason = asyncio.run(scenario())
    finally:
        table.stop()
    assert reason is not None and "too much data" in reason, reason
    assert run.result is not None and run.closed is None
