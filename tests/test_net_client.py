"""The client core (netplay/client.py): ``AsyncClient`` is the client, ``NetClient`` the same core on a
thread. Each test plays a scripted host on loopback, so what the host says and when is fixed; clocks are
injected, and every wait is a hang guard, never a measure."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from cardtable.netplay import handshake
from cardtable.netplay.client import AsyncClient, JoinError, NetClient
from cardtable.netplay.identity import HostIdentity
from cardtable.netplay.protocol import CLIENT_TYPES, PROTOCOL_VERSION, Connection, Message
from tests.lan import PATIENCE, closed_port

HANG = 10.0 * PATIENCE  # seconds before a test that waits in vain gives up (a hung test, never a slow one)
HOST_KEY = HostIdentity.generate()


class Peer:
    """The host's side of one scripted connection."""

    def __init__(self, conn: Connection, heard: list[Message]) -> None:
        self.conn = conn
        self.heard = heard  # every message the client sent, in order
        self._unread: list[Message] = []

    async def expect(self, kind: str) -> Message:
        """The client's next message of ``kind``, reading past pings and pongs."""
        while True:
            while self._unread:
                message = self._unread.pop(0)
                if message["type"] == kind:
                    return message
                assert message["type"] in ("ping", "pong"), f"expected {kind}, got {message}"
            messages = await asyncio.wait_for(self.conn.read(), HANG)
            if not messages and self.conn.reader.at_eof():
                raise EOFError(f"the client closed before sending {kind}")
            self.heard.extend(messages)
            self._unread.extend(messages)

    async def greet(self, pin: str | None = None) -> Message:
        """The host's side of the handshake (netplay/handshake.py), then the client's sealed ``join``."""
        hello = await self.expect("hello")
        reply, keys = handshake.answer(hello, HOST_KEY, pin, PROTOCOL_VERSION)
        self.conn.send(reply)
        self.conn.seal(handshake.Sealer(keys.send), handshake.Opener(keys.receive))
        return await self.expect("join")

    def send(self, message: Message) -> None:
        self.conn.send(message)

    async def until_closed(self) -> None:
        """Read (and keep) what the client still sends until it closes."""
        while True:
            try:
                messages = await asyncio.wait_for(self.conn.read(), HANG)
            except ConnectionError:
                return
            if not messages and self.conn.reader.at_eof():
                return
            self.heard.extend(messages)


Script = Callable[[Peer], Awaitable[None]]


class ScriptedHost:
    """A host on 127.0.0.1, on a thread of its own, that plays ``script`` against each connection."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.heard: list[Message] = []
        self.port = 0
        self.failures: list[BaseException] = []
        self._loop = asyncio.new_event_loop()
        self._up = threading.Event()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    def __enter__(self) -> ScriptedHost:
        self._thread.start()
        server = asyncio.run_coroutine_threadsafe(asyncio.start_server(self._serve, "127.0.0.1", 0), self._loop)
        self._server = server.result(HANG)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(HANG)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(HANG)
        self._loop.close()
        assert not self.failures, self.failures

    async def _stop(self) -> None:
        self._server.close()
        scripts = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in scripts:
            task.cancel()
        await asyncio.gather(*scripts, return_exceptions=True)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, CLIENT_TYPES)
        try:
            await self.script(Peer(conn, self.heard))
        except asyncio.CancelledError:
            raise
        except Exception as error:  # reported by __exit__, on the test's thread
            self.failures.append(error)
        finally:
            await conn.close()


WELCOME: Message = {"type": "welcome", "protocol": PROTOCOL_VERSION, "seats": [2], "token": "tok-1", "owner": True,
                    "table": {"id": "t1", "name": "Test", "game": "oh_hell"}, "time": 0.0}


async def play_a_little(peer: Peer) -> None:
    """Welcome, then answer the client's two actions (ack, reject), push a view and leave with a bye."""
    await peer.greet()
    peer.send(WELCOME)
    first = await peer.expect("action")
    peer.send({"type": "ack", "seq": first["seq"]})
    second = await peer.expect("action")
    peer.send({"type": "reject", "seq": second["seq"], "reason": "not your turn"})
    peer.send({"type": "view", "seat": 2, "version": 1, "view": {}, "legal": [], "events": [], "result": None})
    peer.send({"type": "bye", "reason": "the host is closing"})


def async_face(port: int, act: Callable[[Any], None], **options: Any) -> tuple[list[Message], str | None]:
    """Every message ``AsyncClient`` hands over (welcome first) and why it closed."""

    async def run() -> tuple[list[Message], str | None]:
        client = AsyncClient("127.0.0.1", port, "Ada", **options)
        try:
            seen = [await client.connect(HANG)]
        except JoinError as error:
            return [], error.reason
        act(client)
        while (message := await client.recv(HANG)) is not None:
            seen.append(message)
        await client.close()
        return seen, client.closed_reason

    return asyncio.run(run())


def threaded_face(port: int, act: Callable[[Any], None], **options: Any) -> tuple[list[Message], str | None]:
    """Every message ``NetClient.poll`` hands over (without the final ``closed``) and its reason."""
    client = NetClient("127.0.0.1", port, "Ada", **options)
    client.start()
    seen: list[Message] = []
    try:
        acted = False
        while not client.closed:
            batch = client.poll(wait=HANG)
            assert batch, "the threaded client hung"
            seen.extend(batch)
            if client.welcome is not None and not acted:
                act(client)
                acted = True
    finally:
        client.close()
    assert seen[-1]["type"] == "closed"
    return seen[:-1], seen[-1]["reason"]


def two_actions(client: Any) -> None:
    client.send_action(2, {"type": "bid", "n": 1})
    client.send_action(2, {"type": "play", "card": "AS"})


@pytest.mark.parametrize("face", [async_face, threaded_face])
def test_a_reject_names_the_action_it_answers(face: Callable[..., tuple[list[Message], str | None]]) -> None:
    with ScriptedHost(play_a_little) as host:
        seen, reason = face(host.port, two_actions)
    assert [m["type"] for m in seen] == ["welcome", "ack", "reject", "view", "bye"]
    assert seen[2] == {"type": "reject", "seq": 2, "reason": "not your turn", "seat": 2,
                       "action": {"type": "play", "card": "AS"}}
    assert "seat" not in seen[1]
    assert reason == "the host is closing"
    actions = [m for m in host.heard if m["type"] == "action"]
    assert [(a["seq"], a["seat"], a["action"]) for a in actions] == [
        (1, 2, {"type": "bid", "n": 1}), (2, 2, {"type": "play", "card": "AS"})]


def test_both_faces_hand_over_the_same_messages() -> None:
    with ScriptedHost(play_a_little) as host:
        by_async = async_face(host.port, two_actions)
        by_thread = threaded_face(host.port, two_actions)
    assert by_async == by_thread


@pytest.mark.parametrize("face", [async_face, threaded_face])
def test_the_welcome_sets_seats_and_token_and_later_seats_follow(face: Any) -> None:
    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.send(WELCOME)
        await peer.expect("sit")
        peer.send({"type": "seats", "seats": [2, 3], "token": "tok-2"})
        peer.send({"type": "bye", "reason": "done"})

    clients: list[Any] = []

    def sit(client: Any) -> None:
        clients.append(client)
        assert client.seats == [2] and client.token == "tok-1"
        client.send({"type": "sit", "seat": 3})

    with ScriptedHost(script) as host:
        seen, _ = face(host.port, sit)
    assert seen[1] == {"type": "seats", "seats": [2, 3], "token": "tok-2"}
    assert clients[0].seats == [2, 3] and clients[0].token == "tok-2"


@pytest.mark.parametrize("face", [async_face, threaded_face])
def test_a_refused_hello_says_why(face: Any) -> None:
    async def script(peer: Peer) -> None:
        join = await peer.greet(pin="1234")
        assert join["seats"] == 0 and join["token"] == "old"
        assert not any("pin" in message for message in peer.heard)  # the PIN only made the keys
        peer.send({"type": "bye", "reason": "wrong PIN: 4 tries left"})

    with ScriptedHost(script) as host:
        seen, reason = face(host.port, lambda client: None, pin="1234", seats=0, token="old")
    assert seen == [] and reason == "wrong PIN: 4 tries left"


@pytest.mark.parametrize("face", [async_face, threaded_face])
def test_no_host_listening_is_a_clear_reason(face: Any) -> None:
    port = closed_port()
    seen, reason = face(port, lambda client: None)
    assert seen == [] and reason is not None and reason.startswith(f"could not connect to 127.0.0.1:{port}")


def test_messages_sent_before_the_connection_follow_the_hello() -> None:
    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.send(WELCOME)
        await peer.expect("chat")
        await peer.expect("start")
        peer.send({"type": "bye", "reason": "done"})

    async def run(port: int) -> None:
        client = AsyncClient("127.0.0.1", port, "Ada")
        client.send({"type": "chat", "text": "hi"})
        client.send({"type": "start"})
        await client.connect(HANG)
        assert await client.recv(HANG) == {"type": "bye", "reason": "done"}
        await client.close()

    with ScriptedHost(script) as host:
        asyncio.run(run(host.port))
    kinds = [m["type"] for m in host.heard if m["type"] not in ("ping", "pong")]
    assert kinds == ["hello", "join", "chat", "start"]


def test_clock_samples_and_pongs_use_the_injected_clock() -> None:
    now = [100.0]

    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.send(WELCOME)
        assert (await peer.expect("ping"))["t"] == 100.0
        peer.send({"type": "pong", "id": 1, "t": 98.0, "now": 500.0})  # sent at 98, the host read 500
        peer.send({"type": "ping", "id": 7, "t": 3.5})
        pong = await peer.expect("pong")
        assert pong == {"type": "pong", "id": 7, "t": 3.5, "now": 100.0}
        peer.send({"type": "bye", "reason": "done"})

    async def run(port: int) -> AsyncClient:
        client = AsyncClient("127.0.0.1", port, "Ada", clock=lambda: now[0], ping_interval=HANG)
        await client.connect(HANG)
        assert await client.recv(HANG) == {"type": "bye", "reason": "done"}
        await client.close()
        return client

    with ScriptedHost(script) as host:
        client = asyncio.run(run(host.port))
    assert client.rtt == 2.0  # read at 100 on the injected clock
    assert client.offset == (98.0 + 100.0) / 2 - 500.0


def test_a_silent_host_is_left_after_silence_on_the_injected_clock() -> None:
    now = [0.0]

    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.send(WELCOME)
        await peer.until_closed()  # then says nothing at all

    async def run(port: int) -> str | None:
        client = AsyncClient("127.0.0.1", port, "Ada", clock=lambda: now[0], ping_interval=0.01, silence=15.0)
        await client.connect(HANG)
        now[0] = 14.0
        assert await client.recv(0.05) is None and client.closed_reason is None  # not yet
        now[0] = 15.5
        assert await client.recv(HANG) is None
        await client.close()
        return client.closed_reason

    with ScriptedHost(script) as host:
        reason = asyncio.run(run(host.port))
    assert reason == "the host stopped answering for 15 s"


def test_abort_drops_the_connection_without_a_bye() -> None:
    async def script(peer: Peer) -> None:
        await peer.greet()
        peer.send(WELCOME)
        await peer.until_closed()

    with ScriptedHost(script) as host:
        client = NetClient("127.0.0.1", host.port, "Ada")
        client.start()
        assert client.wait_for("welcome", HANG) is not None
        client.abort()
        assert client.wait_for("closed", HANG) is not None
        client.close()
    assert [m["type"] for m in host.heard if m["type"] not in ("ping", "pong")] == ["hello", "join"]


def test_the_threaded_face_checks_its_options_on_the_callers_thread() -> None:
    with pytest.raises(TypeError, match="colour"):
        NetClient("127.0.0.1", 1, "Ada", colour="red")
