"""The client side of the protocol (docs/PROTOCOL.md): one core, two faces.

:class:`AsyncClient` is the client: the connection, the hello and welcome, pings and clock samples, the
record of actions in flight (a ``reject`` gets the ``seat`` and ``action`` it answers added from it: they
are not sent back on the wire, where a stale action could name a card that is hidden by now). The
headless ``cardtable join`` bot, tests and benchmarks use it on their own asyncio loop.

:class:`NetClient` is the same core on a background thread, for the pygame loop, which must never block
on the network (as python-zeroconf's ``Zeroconf`` runs its asyncio core on a thread of its own). It adds
only the thread: the loop calls :meth:`NetClient.poll` once per tick and gets every host message received
since, as plain dicts, plus a final ``{"type": "closed", "reason": str}`` when the connection ends (for
any reason, including a failed connect or a refused hello).

>>> client = NetClient("127.0.0.1", port, "Ada")          # doctest: +SKIP
>>> client.start()
>>> for message in client.poll(): ...                      # welcome, lobby, view, ack, reject, ...
>>> client.send({"type": "start"})                         # lobby requests
>>> client.send_action(0, {"type": "play", "card": "AS"}, press_time=time.monotonic())
>>> client.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import queue
import statistics
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from cardtable import __version__
from cardtable.netplay import handshake
from cardtable.netplay.protocol import (
    HOST_TYPES,
    PROTOCOL_VERSION,
    Connection,
    Message,
    ProtocolError,
)

Clock = Callable[[], float]
MAX_WAIT = 3600.0  # the longest a host's "wait" may keep a connect waiting for the welcome
MAX_IN_FLIGHT = 1000  # actions remembered until answered; past that (a lost connection) the oldest go


class JoinError(Exception):
    """The host refused the hello (wrong PIN, version mismatch, table full...) or never answered."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class AsyncClient:
    """One connection to a host, on the running asyncio loop.

    ``seats`` is how many open seats to ask for (0 = watch as a spectator); ``token`` reclaims the
    seats of an earlier connection. ``host_key`` is the table's key when it is known (remembered with the
    seat token, or advertised; or its fingerprint, typed): a host that cannot prove it holds that key
    gets nothing, neither the token nor the name. Whoever keeps a token keeps the key with it and gives
    both (the arcade's Rejoin: netplay/seatstore.py; ``cardtable join --token --key``). ``clock`` is the monotonic clock press times, ping times and the host's silence
    are read from (tests inject one). The PIN never leaves: it only makes the handshake's keys
    (netplay/handshake.py).
    """

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        pin: str | None = None,
        token: str | None = None,
        host_key: bytes | str | None = None,
        seats: int = 1,
        clock: Clock = time.monotonic,
        tap: Callable[[bytes], None] | None = None,  # sees every message received, as bytes (privacy tests)
        ping_interval: float = 1.0,
        silence: float = 15.0,
        source: str | None = None,  # the local address to connect from (tests and benchmarks: 127.0.0.x)
    ) -> None:
        self.host, self.port, self.name = host, port, name
        self.source = source
        self.pin, self.token, self.want_seats = pin, token, seats
        self.host_key = host_key  # the table's key: expected if given, learnt in the handshake otherwise
        self.clock = clock
        self.tap = tap
        self.ping_interval = ping_interval
        self.silence = silence
        self._last_heard = clock()
        self.conn: Connection | None = None
        self.welcome: Message | None = None
        self.seats: list[int] = []
        self.closed_reason: str | None = None
        self._inbox: asyncio.Queue[Message | None] = asyncio.Queue()
        self._seq = itertools.count(1)
        self._in_flight: dict[int, tuple[int, dict[str, Any]]] = {}  # seq -> (seat, action) until answered
        self._ping_ids = itertools.count(1)
        self._rtts: deque[tuple[float, float]] = deque(maxlen=8)  # (rtt, offset)
        self._tasks: list[asyncio.Task[None]] = []
        self._early: list[Message] = []
        self.on_wait: Callable[[Message], None] | None = None  # sees each "wait" before the welcome

    # -- connection ---------------------------------------------------------------------------

    async def connect(self, timeout: float = 5.0) -> Message:
        """Open the connection, say hello and return the welcome; JoinError if refused."""
        deadline = asyncio.get_running_loop().time() + timeout
        try:
            self.conn = await self._dial(timeout)
            deadline = await self._handshake(deadline)
        except JoinError as error:
            self._finish(error.reason)
            raise
        self.conn.send(self._join())
        for early in self._early:
            self.conn.send(early)
        self._early.clear()
        self._tasks.append(asyncio.create_task(self._read_loop()))
        try:
            welcome = await self._await_welcome(deadline)
        except JoinError as error:  # refused: nothing of this connection is left running
            await self.conn.close()
            await self._stop_tasks()
            self._finish(error.reason)
            raise
        self.welcome = welcome
        self.token = welcome.get("token")
        self.seats = list(welcome.get("seats") or [])
        self._tasks.append(asyncio.create_task(self._ping_loop()))
        return welcome

    async def _dial(self, timeout: float) -> Connection:
        try:
            local = (self.source, 0) if self.source else None
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port, local_addr=local), timeout)
        except (OSError, TimeoutError) as error:
            raise JoinError(f"could not connect to {self.host}:{self.port}: {error}") from None
        return Connection(reader, writer, HOST_TYPES, tap_in=self.tap, deep_check=False)

    async def _handshake(self, deadline: float) -> float:
        """The clear hello and the host's answer (netplay/handshake.py): its key checked, then every frame
        sealed. A ``wait`` (someone is guessing the PIN: this try waits its turn) moves the deadline to
        what it says and goes to ``on_wait``; returns the deadline. JoinError for a refusal, a host that
        cannot prove its key, or the deadline."""
        conn = self.conn
        assert conn is not None
        shake = handshake.ClientHandshake(PROTOCOL_VERSION, __version__, self.pin, self.name)
        conn.send(shake.hello())
        loop = asyncio.get_running_loop()
        try:
            while True:
                messages = await asyncio.wait_for(conn.read(), max(0.0, deadline - loop.time()))
                if not messages and conn.reader.at_eof():
                    raise handshake.Refused("the host closed the connection")
                for message in messages:
                    reply = handshake.host_answer(message)
                    if reply is not None:
                        keys = shake.finish(reply, self.host_key)
                        conn.seal(handshake.Sealer(keys.send), handshake.Opener(keys.receive, clear_bye=True))
                        self.host_key = keys.host_key
                        return deadline
                    deadline = self._waited(message, deadline)
        except handshake.Refused as refusal:
            raise JoinError(refusal.reason) from None
        except TimeoutError:
            raise JoinError("the host did not answer") from None
        except (ProtocolError, ConnectionError, OSError) as error:
            await conn.close()
            raise JoinError(getattr(error, "reason", None) or f"connection lost: {error}") from None

    def _waited(self, message: Message, deadline: float) -> float:
        """A ``wait``: the deadline it sets (at most :data:`MAX_WAIT` away), told to ``on_wait``."""
        waits = message.get("for_s")
        if isinstance(waits, int | float) and not isinstance(waits, bool):
            deadline = max(deadline, asyncio.get_running_loop().time() + min(float(waits), MAX_WAIT))
        if self.on_wait is not None:
            self.on_wait(message)
        return deadline

    def _join(self) -> Message:
        join: Message = {"type": "join", "name": self.name, "seats": self.want_seats}
        if self.token is not None:
            join["token"] = self.token
        return join

    async def _await_welcome(self, deadline: float) -> Message:
        """The host's welcome; JoinError for its bye (why it refused), a closed connection or the deadline.
        (A ``wait`` comes before the handshake's answer: ``_handshake`` takes it.)"""
        loop = asyncio.get_running_loop()
        while True:
            message = await self.recv(max(0.0, deadline - loop.time()))
            if message is None:
                raise JoinError(self.closed_reason or "the host did not answer")
            if message["type"] == "welcome":
                return message
            if message["type"] == "bye":
                raise JoinError(str(message.get("reason") or "refused"))

    async def recv(self, timeout: float | None = None) -> Message | None:
        """The next host message, or None once the connection is closed (or on timeout)."""
        if self.closed_reason is not None and self._inbox.empty():
            return None
        try:
            if timeout is None:
                return await self._inbox.get()
            return await asyncio.wait_for(self._inbox.get(), timeout)
        except TimeoutError:
            return None

    def pending(self) -> list[Message]:
        """Every message already received, without waiting."""
        out: list[Message] = []
        while not self._inbox.empty():
            message = self._inbox.get_nowait()
            if message is not None:
                out.append(message)
        return out

    def send(self, message: Message) -> None:
        """Send ``message`` (queued until the hello if the connection is not open yet)."""
        if self.conn is None:
            self._early.append(message)
        else:
            self.conn.send(message)

    def next_seq(self) -> int:
        """A fresh action ``seq`` (safe from any thread: the threaded face numbers actions as it sends)."""
        return next(self._seq)

    def send_action(self, seat: int, action: dict[str, Any], press_time: float | None = None,
                    seq: int | None = None) -> int:
        """Send ``action`` for ``seat`` pressed at ``press_time`` (default now); returns its ``seq``
        (matched by ``ack``/``reject``)."""
        seq = self.next_seq() if seq is None else seq
        self._in_flight[seq] = (seat, action)
        if len(self._in_flight) > MAX_IN_FLIGHT:
            self._in_flight.pop(next(iter(self._in_flight)))
        press = self.clock() if press_time is None else press_time
        self.send({"type": "action", "seq": seq, "seat": seat, "action": action, "press": press})
        return seq

    async def close(self, reason: str | None = None) -> None:
        if self.conn is not None and not self.conn.closed:
            self.conn.send({"type": "bye", "reason": reason or "leaving"})
            await self.conn.drain()
            await self.conn.close()
        await self._stop_tasks()
        self._finish(reason or "closed")

    async def _stop_tasks(self) -> None:
        tasks = [task for task in self._tasks if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)  # none left pending when the loop ends

    def abort(self) -> None:
        """Drop the connection without a word, as a crash would (the host keeps the seats)."""
        if self.conn is not None:
            self.conn.abort()
        self._finish("aborted")

    # -- measurements ---------------------------------------------------------------------------

    @property
    def rtt(self) -> float | None:
        """Median round trip to the host in seconds (None before the first pong)."""
        return statistics.median(r for r, _ in self._rtts) if self._rtts else None

    @property
    def offset(self) -> float | None:
        """Host clock minus this client's clock, from the lowest-rtt sample."""
        return min(self._rtts)[1] if self._rtts else None

    # -- internals -----------------------------------------------------------------------------

    def _finish(self, reason: str) -> None:
        if self.closed_reason is None:
            self.closed_reason = reason
            self._inbox.put_nowait(None)

    def _take(self, message: Message) -> str | None:
        """Handle one host message: answer pings, keep clock samples and seats, hand the rest to the
        inbox. Returns the reason of a ``bye``."""
        kind = message["type"]
        if kind == "ping":
            assert self.conn is not None
            self.conn.send({"type": "pong", "id": message.get("id"), "t": message.get("t"), "now": self.clock()})
            return None
        if kind == "pong":
            self._on_pong(message)
            return None
        if kind == "seats":  # a seat taken or given back after welcome
            self.seats = [s for s in message.get("seats") or [] if isinstance(s, int)]
            self.token = message.get("token") if isinstance(message.get("token"), str) else self.token
        elif kind in ("ack", "reject"):
            sent = self._in_flight.pop(message.get("seq") if isinstance(message.get("seq"), int) else 0, None)
            if sent is not None and kind == "reject":
                message = {**message, "seat": sent[0], "action": sent[1]}
        self._inbox.put_nowait(message)
        return str(message.get("reason") or "") if kind == "bye" else None

    async def _read_loop(self) -> None:
        assert self.conn is not None
        reason = "the host closed the connection"
        said_bye = False
        try:
            while True:
                messages = await self.conn.read()
                self._last_heard = self.clock()
                if not messages and self.conn.reader.at_eof():
                    break
                for message in messages:
                    bye = self._take(message)
                    if bye is not None:
                        reason, said_bye = bye or reason, True
        except ProtocolError as error:
            reason = f"bad data from the host: {error.reason}"
            await self.conn.close(error.reason)
        except (ConnectionError, OSError) as error:
            if not said_bye:  # a bye that came first says why better than the reset after it
                reason = f"connection lost: {error}"
        except asyncio.CancelledError:
            reason = "closed"
            raise
        finally:
            self.conn.closed = True
            self._finish(reason)

    def _on_pong(self, message: Message) -> None:
        sent, now = message.get("t"), message.get("now")
        if not isinstance(sent, int | float) or not isinstance(now, int | float):
            return
        arrived = self.clock()
        rtt = arrived - sent
        if rtt >= 0:
            self._rtts.append((rtt, (sent + arrived) / 2 - now))

    async def _ping_loop(self) -> None:
        assert self.conn is not None
        while not self.conn.closed:
            if self.clock() - self._last_heard > self.silence:  # the host (or the link) is dead
                self._finish(f"the host stopped answering for {self.silence:.0f} s")
                await self.conn.close()
                return
            self.conn.send({"type": "ping", "id": next(self._ping_ids), "t": self.clock()})
            await asyncio.sleep(self.ping_interval)


class NetClient:
    """An :class:`AsyncClient` (``core``) on its own thread; thread-safe, never blocks the caller.

    ``options`` are :class:`AsyncClient`'s keywords (``pin``, ``token``, ``seats``, ``clock``, ``source``,
    ...), checked here, on the caller's thread. ``poll()`` returns every message received since the last
    call (welcome, lobby, view, ack, reject, result, error, chat, bye) and finally ``{"type": "closed",
    "reason": ...}``. Call ``poll`` and ``send_action`` from the same thread.
    """

    def __init__(self, host: str, port: int, name: str, **options: Any) -> None:
        self.core = AsyncClient(host, port, name, **options)
        self._out: queue.SimpleQueue[Message] = queue.SimpleQueue()
        self.core.on_wait = self._out.put  # the lobby shows why the welcome is late
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self.welcome: Message | None = None
        self.closed = False
        self._leaving: asyncio.Future[None] | None = None
        self._main_task: asyncio.Task[None] | None = None

    @property
    def name(self) -> str:
        return self.core.name

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=f"netclient-{self.name}", daemon=True)
        self._thread.start()
        self._ready.wait(5.0)

    def poll(self, wait: float = 0.0) -> list[Message]:
        """Every message received since the last call. ``wait``: block up to that many seconds for the
        first one when none is there yet (tools and tests; the pygame loop never waits)."""
        out: list[Message] = []
        while True:
            try:
                message = self._out.get(timeout=wait) if wait > 0 and not out else self._out.get_nowait()
            except queue.Empty:
                return out
            self._note(message)
            out.append(message)

    def wait_for(self, kind: str, timeout: float = 5.0) -> Message | None:
        """Block until a message of type ``kind`` arrives (tools and tests; never in the pygame loop).
        Messages of other types received meanwhile are dropped."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                message = self._out.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return None
            self._note(message)
            if message["type"] == kind:
                return message
            if self.closed:
                return None
        return None

    def send(self, message: Message) -> None:
        """Send a lobby request or any other client message (see docs/PROTOCOL.md)."""
        self._call(self.core.send, message)

    def send_action(self, seat: int, action: dict[str, Any], press_time: float | None = None) -> int:
        """Send ``action`` for ``seat`` pressed at ``press_time`` (the core's clock, default now)."""
        seq = self.core.next_seq()
        press = self.core.clock() if press_time is None else press_time
        self._call(self.core.send_action, seat, action, press, seq)
        return seq

    @property
    def seats(self) -> list[int]:
        return list(self.core.seats)

    @property
    def token(self) -> str | None:
        return self.core.token

    @property
    def rtt(self) -> float | None:
        return self.core.rtt

    def abort(self) -> None:
        """Drop the connection without a word, as a crash would (the host keeps the seats)."""
        self._call(self.core.abort)

    def close(self) -> None:
        loop = self._loop
        if loop is not None and self._thread is not None and self._thread.is_alive():

            def leave() -> None:
                """Runs on the client's loop. Once ``_main`` has finished (the host left, or the connect
                failed) the loop runs at most one more step: a task made then would never start."""
                main = self._main_task
                if main is not None and not main.done() and self._leaving is None:
                    self._leaving = asyncio.ensure_future(self.core.close("leaving"))

            with contextlib.suppress(RuntimeError):  # the loop is already closed
                loop.call_soon_threadsafe(leave)
        if self._thread is not None:
            self._thread.join(3.0)

    def _note(self, message: Message) -> None:
        if message["type"] == "welcome":
            self.welcome = message
        elif message["type"] == "closed":
            self.closed = True

    def _call(self, function: Callable[..., Any], *args: Any) -> None:
        """Run ``function(*args)`` on the core's loop (dropped once the connection is closed)."""
        if self._loop is not None and not self.closed:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                self._loop.call_soon_threadsafe(function, *args)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            self._main_task = loop.create_task(self._main())
            loop.run_until_complete(self._main_task)
        finally:
            loop.close()

    async def _main(self) -> None:
        client = self.core
        self._ready.set()
        refused: str | None = None
        try:
            try:
                welcome = await client.connect()
            except JoinError as error:
                refused = error.reason
            else:
                self._out.put(welcome)
                while (message := await client.recv()) is not None:
                    self._out.put(message)
        finally:
            # the host may have left first: stop the read and ping tasks before the loop ends; then
            # finish a close() the caller started (no await after this check, so none can start later)
            with contextlib.suppress(Exception):
                await client.close()
            if self._leaving is not None:
                with contextlib.suppress(Exception):
                    await self._leaving
        self._out.put({"type": "closed", "reason": refused or client.closed_reason or "closed"})
