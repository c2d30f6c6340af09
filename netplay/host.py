"""The host: the referee that owns a table's one true state (docs/PROTOCOL.md, DESIGN.md "netplay").

:class:`Host` runs on an asyncio loop: it accepts connections, seats people, runs bots, applies actions
(real-time ones through the fair-race queue), pushes each connection the views of its seats, logs every
accepted action, and advertises itself on the LAN when asked. :func:`start_local_table` runs one on a
background thread on 127.0.0.1 for local play (the client connects to it like to any host).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import random
import secrets
import statistics
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import get_game
from cardtable.engine.bots import get_bot
from cardtable.engine.core import Game, IllegalAction, cards_in, state_hash
from cardtable.netplay.protocol import (
    CLIENT_TYPES,
    PROTOCOL_VERSION,
    Connection,
    Message,
    ProtocolError,
    clean_name,
    need,
)
from cardtable.netplay.tablelog import TableLog, replay_records

Clock = Callable[[], float]
log = logging.getLogger("cardtable.host")

OPEN, PERSON, BOT = "open", "person", "bot"
MAX_CHAT = 200


@dataclass(slots=True)
class Seat:
    kind: str = OPEN  # open | person | bot
    name: str = ""
    level: str | None = None  # the bot's level (kind bot)
    token: str | None = None  # the owner's token (kind person)
    conn: ClientConn | None = None
    away_since: float | None = None
    takeover: bool = False  # a bot plays this person's seat while they are away


@dataclass(eq=False)
class ClientConn:
    id: int
    conn: Connection
    name: str = "player"
    token: str | None = None
    seats: list[int] = field(default_factory=list)
    welcomed: bool = False
    samples: deque[tuple[float, float]] = field(default_factory=lambda: deque(maxlen=8))
    allowance: float = 0.0
    last_refill: float = 0.0
    byte_allowance: float = 0.0
    bytes_counted: int = 0
    held: int = 0
    pings: int = 0
    sent_pings: dict[int, float] = field(default_factory=dict)  # id -> host time, pings not yet answered
    local: bool = False  # connected over loopback: no network jitter to wait for
    address: str = ""
    last_heard: float = 0.0

    @property
    def rtt(self) -> float | None:
        return statistics.median(r for r, _ in self.samples) if self.samples else None

    @property
    def offset(self) -> float | None:
        return min(self.samples)[1] if self.samples else None

    def clamp_rtt(self, cap: float) -> float | None:
        """The round trip that bounds back-dating: the least-delayed recent sample (a client cannot
        lower it by answering pings late, only raise the others), never more than ``cap``."""
        return min(min(r for r, _ in self.samples), cap) if self.samples else None


@dataclass(order=True)
class Held:
    """A real-time action waiting in the fair-race queue, ordered by host press time."""

    press: float
    order: int
    release: float = field(compare=False)
    seat: int = field(compare=False)
    action: Any = field(compare=False)
    source: ClientConn | None = field(compare=False)
    seq: int | None = field(compare=False)


@dataclass
class HostConfig:
    """Table settings that are the host's, not the game's."""

    name: str = "cardtable"
    pin: str | None = None
    bot_speed: float = 1.0  # multiplies every bot delay; 0 = bots at full speed
    turn_timer: float = 0.0  # seconds a person may take in a turn game; 0 = off
    takeover: float = 30.0  # seconds away before a bot plays a dropped player's seat
    takeover_level: str = "normal"
    fill_level: str = "normal"  # bots for seats still open at start
    auto_start: bool = False  # start as soon as no seat is open
    race_margin: float = 0.015  # jitter allowance over the LAN
    local_margin: float = 0.002  # when every seated connection is over loopback
    max_hold: float = 0.1
    max_clamp_rtt: float = 0.25  # back-dating never reaches further than this round trip (+ margin)
    rate: float = 300.0  # messages per second per connection
    burst: float = 600.0
    byte_rate: float = 256 * 1024  # bytes per second per connection (per seat for couch clients)
    byte_burst: float = 1 << 20  # one message of the largest size the decoder takes
    max_held: int = 64
    max_connections: int = 64
    pin_tries: int = 5  # wrong PINs from one address before it is refused for a while
    pin_lockout: float = 30.0  # seconds
    ping_interval: float = 0.5
    max_buffered: int = 4 << 20
    hello_timeout: float = 10.0  # seconds from connecting to a complete hello
    silence: float = 15.0  # seconds without a byte (pings are answered) before a connection counts as gone
    hash_every: int = 8  # log the state hash every n actions (hashing costs more than the rest of a step)


class Host:
    """One table. Create it, ``await serve(address, port)``; ``start_game()`` or the owner's ``start``."""

    def __init__(
        self,
        game: str | Game,
        players: int,
        *,
        seats: Sequence[str | None] | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        config: HostConfig | None = None,
        log_path: str | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        self.game: Game = get_game(game) if isinstance(game, str) else game
        self.players = players
        self.options = self.game.resolve_options(players, options)
        self.seed = secrets.randbelow(2**31) if seed is None else seed
        self.config = config or HostConfig()
        self.clock = clock
        self.log_path = log_path
        self.log: TableLog | None = None
        specs = list(seats) if seats is not None else [None] + ["normal"] * (players - 1)
        if len(specs) != players:
            raise ValueError(f"{len(specs)} seat kinds for {players} players")
        self.seats = [Seat() for _ in range(players)]
        for index, spec in enumerate(specs):
            if spec not in (None, OPEN, PERSON):
                get_bot(self.game.name, spec)  # a bad level fails here, not mid-game
                self.seats[index] = Seat(kind=BOT, name=f"{spec} bot", level=spec)
        self.state: Any = None
        self.version = 0
        self.started = False
        self.result: dict[str, Any] | None = None
        self.conns: dict[int, ClientConn] = {}
        self.owner_token: str | None = None
        self.tokens: dict[str, str] = {}  # token -> player name
        self._ids = itertools.count(1)
        self._pin_failures: dict[str, list[float]] = {}  # address -> times of recent wrong PINs
        self._order = itertools.count()
        self._queue: list[Held] = []
        self._flush_handle: asyncio.TimerHandle | None = None
        self._bot_busy: set[int] = set()
        self._bot_tasks: set[asyncio.Task[None]] = set()
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._rng = random.Random(self.seed ^ 0x5EED)
        self._servers: list[asyncio.Server] = []
        self._ping_task: asyncio.Task[None] | None = None
        self.on_change: list[Callable[[], None]] = []  # discovery updates, tests
        self.done = asyncio.Event()
        self.applied = 0
        self.bytes_out = 0

    # -- serving ----------------------------------------------------------------------------------

    async def serve(self, address: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``address:port`` (0: any free port); returns the port. Call again to add addresses."""
        server: asyncio.Server = await asyncio.start_server(self._handle, address, port)
        self._servers.append(server)
        if self._ping_task is None:
            self._ping_task = asyncio.create_task(self._ping_loop())
        return int(server.sockets[0].getsockname()[1])

    @property
    def port(self) -> int:
        return int(self._servers[0].sockets[0].getsockname()[1]) if self._servers else 0

    async def close(self, reason: str = "the host is closing") -> None:
        for server in self._servers:
            server.close()
        for client in list(self.conns.values()):
            await client.conn.close(reason)
        for server in self._servers:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 1.0)
        self._servers.clear()
        for task in [*self._bot_tasks, *([self._ping_task] if self._ping_task else [])]:
            task.cancel()
        for handle in self._timers.values():
            handle.cancel()
        if self._flush_handle is not None:
            self._flush_handle.cancel()
        if self.log is not None:
            self.log.close()
        self.done.set()

    # -- table info -------------------------------------------------------------------------------

    def taken(self) -> int:
        return sum(1 for seat in self.seats if seat.kind != OPEN)

    def info(self) -> dict[str, Any]:
        return {
            "name": self.config.name,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "options": self.options,
            "pin": self.config.pin is not None,
            "started": self.started,
            "realtime": self.game.realtime,
        }

    def lobby_message(self) -> Message:
        seats = []
        for index, seat in enumerate(self.seats):
            entry: dict[str, Any] = {
                "seat": index,
                "kind": seat.kind,
                "name": seat.name,
                "connected": seat.kind == BOT or seat.conn is not None,
                "bot_playing": seat.kind == BOT or seat.takeover,
            }
            if seat.level is not None:
                entry["level"] = seat.level
            seats.append(entry)
        spectators = sum(1 for c in self.conns.values() if c.welcomed and not c.seats)
        return {"type": "lobby", "seats": seats, "options": self.options, "started": self.started,
                "spectators": spectators}

    def _changed(self) -> None:
        message = self.lobby_message()
        for client in self.conns.values():
            if client.welcomed:
                self._send(client, {**message, "owner": client.token == self.owner_token})
        for callback in self.on_change:
            callback()

    # -- connections ------------------------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = ClientConn(next(self._ids), Connection(reader, writer, CLIENT_TYPES))
        peer = writer.get_extra_info("peername")
        client.address = str(peer[0]) if peer else ""
        client.local = bool(peer) and str(peer[0]).startswith(("127.", "::1", "::ffff:127."))
        client.allowance, client.last_refill = self.config.burst, self.clock()
        client.byte_allowance = self.config.byte_burst
        client.last_heard = client.last_refill
        if len(self.conns) >= self.config.max_connections:
            await client.conn.close("the table has too many connections")
            return
        self.conns[client.id] = client
        reason: str | None = None
        hello_by = self.clock() + self.config.hello_timeout  # one deadline: dribbled bytes do not extend it
        try:
            while not client.conn.closed:
                try:
                    if client.welcomed:
                        messages = await client.conn.read()
                    else:
                        messages = await asyncio.wait_for(client.conn.read(), max(0.0, hello_by - self.clock()))
                except TimeoutError:
                    reason = "no hello"
                    break
                if not self._allow_bytes(client):
                    reason = f"too much data (over {self.config.byte_rate / 1024:.0f} KiB/s)"
                    break
                if not messages:
                    if reader.at_eof():
                        break
                    continue
                client.last_heard = self.clock()
                for message in messages:
                    if not self._allow(client):
                        reason = "too many messages"
                        break
                    self._dispatch(client, message)
                    if client.conn.closed:
                        break
                if reason:
                    break
                if client.conn.buffered() > self.config.max_buffered:
                    reason = "not reading fast enough"
                    break
        except ProtocolError as error:
            reason = error.reason
        except (ConnectionError, OSError):
            pass
        except Exception:  # a host bug on one message costs that connection, never the table
            log.exception("message from %s failed", client.name)
            reason = "the host failed on that message"
        finally:
            await client.conn.close(reason)
            self._drop(client)

    def _refill(self, client: ClientConn) -> None:
        now = self.clock()
        seats = max(1, len(client.seats))  # a couch client plays for several people
        elapsed = now - client.last_refill
        client.allowance = min(self.config.burst * seats, client.allowance + elapsed * self.config.rate * seats)
        client.byte_allowance = min(self.config.byte_burst * seats,
                                    client.byte_allowance + elapsed * self.config.byte_rate * seats)
        client.last_refill = now

    def _allow(self, client: ClientConn) -> bool:
        self._refill(client)
        if client.allowance < 1.0:
            return False
        client.allowance -= 1.0
        return True

    def _allow_bytes(self, client: ClientConn) -> bool:
        """Charge the bytes read since the last call to the connection's byte budget: within the
        message rate, large messages could still cost the host megabytes a second to decode and walk."""
        received = client.conn.bytes_in - client.bytes_counted
        client.bytes_counted = client.conn.bytes_in
        self._refill(client)
        client.byte_allowance -= received
        return client.byte_allowance >= 0

    def _send(self, client: ClientConn, message: Message) -> None:
        before = client.conn.bytes_out
        client.conn.send(message)
        self.bytes_out += client.conn.bytes_out - before

    def _kick(self, client: ClientConn, reason: str) -> None:
        """Send ``bye`` and close ``client`` (its read loop then drops it)."""
        client.conn.send({"type": "bye", "reason": reason})
        client.conn.flush()
        client.conn.closed = True
        with contextlib.suppress(Exception):
            client.conn.writer.close()

    def _dispatch(self, client: ClientConn, message: Message) -> None:
        kind = message["type"]
        if not client.welcomed:
            if kind != "hello":
                raise ProtocolError("the first message must be hello")
            self._hello(client, message)
            return
        if kind == "action":
            self._on_action(client, message)
        elif kind == "ping":
            self._send(client, {"type": "pong", "id": message.get("id"), "t": message.get("t"), "now": self.clock()})
        elif kind == "pong":
            self._on_pong(client, message)
        elif kind == "bye":
            client.conn.closed = True
            with contextlib.suppress(Exception):
                client.conn.writer.close()
        elif kind == "chat":
            text = clean_name(need(message, "text", str), "", MAX_CHAT)
            for other in self.conns.values() if text else ():
                if other.welcomed:
                    self._send(other, {"type": "chat", "name": client.name, "text": text})
        elif kind == "hello":
            raise ProtocolError("hello was already said")
        else:
            self._lobby_request(client, message)

    def _hello(self, client: ClientConn, message: Message) -> None:
        version = message.get("protocol")
        if version != PROTOCOL_VERSION:
            self._kick(client, f"protocol version {version!r} is not {PROTOCOL_VERSION}: "
                               "host and client need the same cardtable version")
            return
        if self.config.pin is not None and not self._pin_ok(client, message.get("pin")):
            return
        client.name = clean_name(message.get("name"))
        token = need(message, "token", str, optional=True)
        want = need(message, "seats", int, optional=True)
        want = 1 if want is None else max(0, min(want, self.players))
        if token is not None and token in self.tokens:
            client.token = token
            for other in list(self.conns.values()):
                if other is not client and other.token == token:
                    self._kick(other, "you joined again from another connection")
                    self._release(other)
            for index, seat in enumerate(self.seats):
                if seat.kind == PERSON and seat.token == token:
                    self._bind(client, index)
        else:
            client.token = secrets.token_urlsafe(12)
        if not self.started:  # in the lobby a returning player whose seats opened up sits down again
            for index, seat in enumerate(self.seats):
                if len(client.seats) >= want:
                    break
                if seat.kind == OPEN:
                    self.seats[index] = Seat(kind=PERSON, name=client.name, token=client.token)
                    self._bind(client, index)
        if self.owner_token is None and client.seats:
            self.owner_token = client.token
        client.welcomed = True
        self._send(client, {"type": "welcome", "protocol": PROTOCOL_VERSION, "seats": list(client.seats),
                            "token": client.token, "owner": client.token == self.owner_token,
                            "table": self.info(), "time": self.clock()})
        self._changed()
        if self.started:
            self._push(client, [])
        if self.result is not None:
            self._send(client, {"type": "result", "result": self.result, "hash": state_hash(self.game, self.state)})
        self._ping_now(client, 4)
        if self.config.auto_start and not self.started and self.taken() == self.players:
            self.start_game()

    def _pin_ok(self, client: ClientConn, pin: Any) -> bool:
        """Check the PIN; after ``pin_tries`` wrong ones an address is refused for ``pin_lockout``
        seconds, right PIN or not (a short PIN would otherwise fall to a script in seconds)."""
        now = self.clock()
        recent = [t for t in self._pin_failures.get(client.address, []) if now - t < self.config.pin_lockout]
        if len(recent) >= self.config.pin_tries:
            self._kick(client, f"too many wrong PINs: try again in {self.config.pin_lockout:.0f} s")
            return False
        if pin == self.config.pin:
            return True
        if pin:
            for address in [a for a, times in self._pin_failures.items() if now - times[-1] >= self.config.pin_lockout]:
                del self._pin_failures[address]
            self._pin_failures[client.address] = [*recent, now]
        self._kick(client, "wrong PIN" if pin else "this table needs a PIN")
        return False

    def _bind(self, client: ClientConn, index: int) -> None:
        if client.token is not None:
            self.tokens[client.token] = client.name  # only seat holders can come back
        seat = self.seats[index]
        seat.conn = client
        seat.away_since = None
        seat.takeover = False
        seat.name = client.name
        timer = self._timers.pop(-1 - index, None)
        if timer is not None:
            timer.cancel()
        if index not in client.seats:
            client.seats.append(index)
            client.seats.sort()

    def _release(self, client: ClientConn) -> None:
        """``client`` is gone: lobby seats open up again, seats in a game wait for their token."""
        for index in client.seats:
            seat = self.seats[index]
            if seat.conn is not client:
                continue
            seat.conn = None
            if not self.started:
                self.seats[index] = Seat()
            elif self.result is None:
                seat.away_since = self.clock()
                self._arm_takeover(index)
        client.seats = []

    def _drop(self, client: ClientConn) -> None:
        if self.conns.pop(client.id, None) is None:
            return
        self._release(client)
        owner_here = any(c.token == self.owner_token and c.welcomed for c in self.conns.values())
        if not self.started and client.token == self.owner_token and not owner_here:
            # the owner left the lobby (and has not come back already with the token): the
            # longest-connected seated client may start the table now
            heirs = [c for c in self.conns.values() if c.welcomed and c.seats]
            self.owner_token = heirs[0].token if heirs else None
        if client.welcomed:
            self._changed()

    # -- lobby ------------------------------------------------------------------------------------

    def _lobby_request(self, client: ClientConn, message: Message) -> None:
        kind = message["type"]
        try:
            if self.started:
                raise IllegalAction("the game has already started")
            owner = client.token == self.owner_token
            if kind == "sit":
                index = self._seat_index(message)
                if self.seats[index].kind != OPEN:
                    raise IllegalAction(f"seat {index} is taken")
                self.seats[index] = Seat(kind=PERSON, name=client.name, token=client.token)
                self._bind(client, index)
                self.owner_token = self.owner_token or client.token
            elif kind == "stand":
                index = self._seat_index(message)
                if index not in client.seats:
                    raise IllegalAction(f"seat {index} is not yours")
                client.seats.remove(index)
                self.seats[index] = Seat()
            elif kind == "set_seat":
                if not owner:
                    raise IllegalAction("only the table's owner can change seats")
                index = self._seat_index(message)
                if self.seats[index].kind == PERSON:
                    raise IllegalAction(f"seat {index} has a player")
                if need(message, "kind", str) == BOT:
                    level = need(message, "level", str, optional=True) or self.config.fill_level
                    try:
                        get_bot(self.game.name, level)
                    except ValueError as error:
                        raise IllegalAction(str(error)) from None
                    self.seats[index] = Seat(kind=BOT, name=f"{level} bot", level=level)
                else:
                    self.seats[index] = Seat()
            elif kind == "set_option":
                if not owner:
                    raise IllegalAction("only the table's owner can change options")
                name = need(message, "name", str)
                try:
                    self.options = self.game.resolve_options(self.players, {**self.options, name: message.get("value")})
                except ValueError as error:
                    raise IllegalAction(str(error)) from None
            elif kind == "start":
                if not owner:
                    raise IllegalAction("only the table's owner can start")
                self.start_game()
                return
        except IllegalAction as error:
            self._send(client, {"type": "error", "reason": error.reason, "request": kind})
            return
        self._changed()
        if self.config.auto_start and self.taken() == self.players:
            self.start_game()

    def _seat_index(self, message: Message) -> int:
        index = need(message, "seat", int)
        if not 0 <= index < self.players:
            raise IllegalAction(f"there is no seat {index}")
        return int(index)

    # -- the game ---------------------------------------------------------------------------------

    def start_game(self) -> None:
        """Fill open seats with bots, deal, write the log header and push the first views."""
        if self.started:
            return
        for index, seat in enumerate(self.seats):
            if seat.kind == OPEN:
                level = self.config.fill_level
                self.seats[index] = Seat(kind=BOT, name=f"{level} bot", level=level)
        self.state = self.game.new(self.players, self.seed, self.options)
        self.started = True
        if self.log_path is not None:
            self.log = TableLog.create(self.log_path, self._header(), self._seat_records())
        self._changed()
        self._after_change([])

    def _header(self) -> dict[str, Any]:
        return {"protocol": PROTOCOL_VERSION, "game": self.game.name, "players": self.players,
                "seed": self.seed, "options": self.options, "name": self.config.name}

    def _seat_records(self) -> list[dict[str, Any]]:
        return [{"name": s.name, "kind": s.kind, "level": s.level, "token": s.token} for s in self.seats]

    @classmethod
    def resume(cls, log_path: str, config: HostConfig | None = None, clock: Clock = time.monotonic) -> Host:
        """A host that continues the table of ``log_path`` (replayed and hash-checked)."""
        replayed = replay_records(log_path)
        header = replayed.header
        host = cls(header["game"], header["players"], options=header["options"], seed=header["seed"],
                   config=config, clock=clock)
        host.config.name = header.get("name", host.config.name)
        host.state = replayed.state
        host.version = host.applied = len(replayed.actions)
        host.started = True
        host.result = host.game.result(host.state)
        for index, record in enumerate(replayed.seats):
            kind = record.get("kind", BOT)
            level = record.get("level")
            host.seats[index] = Seat(kind=kind, name=record.get("name") or "", level=level,
                                     token=record.get("token"))
            if kind == PERSON and record.get("token"):
                host.tokens[record["token"]] = record.get("name") or "player"
                host.owner_token = host.owner_token or record["token"]
        host.log = TableLog.append(log_path)
        host.log_path = log_path
        return host

    def begin_resumed(self) -> None:
        """Start the takeover clocks of the absent players and the bots (call on the running loop)."""
        now = self.clock()
        for index, seat in enumerate(self.seats):
            if seat.kind == PERSON and seat.conn is None and self.result is None:
                seat.away_since = now
                self._arm_takeover(index)
        self._after_change([])

    def _on_action(self, client: ClientConn, message: Message) -> None:
        seq = need(message, "seq", int)
        seat = need(message, "seat", int)
        action = message.get("action")
        press = need(message, "press", (int, float), optional=True)
        if seat not in client.seats:
            self._send(client, {"type": "reject", "seq": seq, "reason": f"seat {seat} is not yours"})
            return
        if not self.started:
            self._send(client, {"type": "reject", "seq": seq, "reason": "the game has not started"})
            return
        if client.held >= self.config.max_held:
            self._send(client, {"type": "reject", "seq": seq, "reason": "too many actions at once"})
            return
        arrival = self.clock()
        host_press = arrival
        offset, rtt = client.offset, client.clamp_rtt(self.config.max_clamp_rtt)
        if press is not None and offset is not None and rtt is not None:
            host_press = min(arrival, max(press + offset, arrival - rtt - self.config.race_margin))
        self.submit(seat, action, host_press, client, seq)

    def submit(self, seat: int, action: Any, press: float, source: ClientConn | None = None,
               seq: int | None = None) -> None:
        """Apply now (turn games) or queue for the fair-race window (real-time games)."""
        if not self.game.realtime:
            self._apply(seat, action, source, seq)
            return
        release = max(self.clock(), press + self._hold_window())
        if source is not None:
            source.held += 1
        heapq.heappush(self._queue, Held(press, next(self._order), release, seat, action, source, seq))
        self._flush()

    def _hold_window(self) -> float:
        """How long an action may wait for an earlier press still on the wire: the slowest seated
        connection's one-way delay plus a margin; zero when no person plays over the network."""
        seated = [c for c in self.conns.values() if c.seats]
        if not seated:
            return 0.0
        oneway = max((c.rtt / 2 for c in seated if c.rtt is not None), default=0.0)
        margin = self.config.local_margin if all(c.local for c in seated) else self.config.race_margin
        return min(self.config.max_hold, oneway + margin)

    def _flush(self) -> None:
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        now = self.clock()
        while self._queue and self._queue[0].release <= now:
            held = heapq.heappop(self._queue)
            if held.source is not None:
                held.source.held -= 1
            self._apply(held.seat, held.action, held.source, held.seq)
        if self._queue:
            delay = max(0.0, self._queue[0].release - now)
            self._flush_handle = asyncio.get_running_loop().call_later(delay, self._flush)

    def _apply(self, seat: int, action: Any, source: ClientConn | None, seq: int | None) -> bool:
        if self.result is not None:
            reason: str | None = "the game is over"
        else:
            try:
                events = self.game.apply(self.state, seat, action)
                reason = None
            except IllegalAction as error:
                reason = error.reason
            except Exception as error:  # an engine bug must not stop the table (the state is untouched)
                log.exception("%s.apply failed on %r", self.game.name, action)
                reason = f"the host could not apply that ({type(error).__name__})"
        if reason is not None:
            if source is not None and seq is not None and not source.conn.closed:
                self._send(source, {"type": "reject", "seq": seq, "reason": reason})
            self._bot_busy.discard(seat)
            if source is None:
                self._schedule_bots()
            return False
        self.version += 1
        self.applied += 1
        if self.log is not None:
            every = self.config.hash_every
            digest = state_hash(self.game, self.state) if every and self.version % every == 0 else None
            self.log.action(self.version, seat, action, time.time(), digest)
        if source is not None and seq is not None:
            self._send(source, {"type": "ack", "seq": seq})
            source.conn.flush()  # the ack leaves before the views are computed
        self._bot_busy.discard(seat)
        self._after_change(events)
        return True

    def _after_change(self, events: list[dict[str, Any]]) -> None:
        self.result = self.game.result(self.state)
        redacted: dict[int | None, list[dict[str, Any]]] = {}
        for client in list(self.conns.values()):
            if client.welcomed:
                self._push(client, events, redacted)
        if self.result is not None:
            digest = state_hash(self.game, self.state)
            if self.log is not None:
                self.log.end(self.result, digest)
            for client in self.conns.values():
                if client.welcomed:
                    self._send(client, {"type": "result", "result": self.result, "hash": digest})
            for handle in self._timers.values():
                handle.cancel()
            self._timers.clear()
            self._changed()
            return
        self._schedule_bots()
        self._arm_turn_timers()

    def _push(self, client: ClientConn, events: list[dict[str, Any]],
              redacted: dict[int | None, list[dict[str, Any]]] | None = None) -> None:
        redacted = {} if redacted is None else redacted
        seats: list[int | None] = list(client.seats) or [None]
        for seat in seats:
            if seat not in redacted:
                redacted[seat] = self._redact(events, seat)
            self._send(client, {
                "type": "view",
                "seat": seat,
                "version": self.version,
                "view": self.game.view(self.state, seat),
                "legal": self.game.legal(self.state, seat) if seat is not None else [],
                "events": redacted[seat],
                "result": self.result,
            })
        if client.conn.buffered() > self.config.max_buffered:
            self._kick(client, "not reading fast enough")

    def _redact(self, events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
        """``events`` without any field naming a card ``seat`` may not see now."""
        if not events:
            return []
        everything = self.game.cards(self.state)
        named = set(cards_in(events, set(everything)))
        if not named:
            return events
        hidden = Counter(card for card in self.game.hidden(self.state, seat) if card in named)
        unseen = {card for card in named if everything.count(card) <= hidden[card]}
        if not unseen:
            return events
        return [{key: value for key, value in event.items() if not unseen.intersection(cards_in({key: value}, unseen))}
                for event in events]

    # -- bots, timers -----------------------------------------------------------------------------

    def _bot_choices(self, index: int) -> list[dict[str, Any]]:
        """The legal actions a bot may pick: never one that ends the table (``leave``) while a person
        holds a seat; ending a table people sit at is theirs to decide."""
        legal = self.game.legal(self.state, index)
        if any(seat.kind == PERSON for seat in self.seats):
            staying = [action for action in legal if action.get("type") != "leave"]
            return staying or legal
        return legal

    def _bot_level(self, index: int) -> str | None:
        seat = self.seats[index]
        if seat.kind == BOT:
            return seat.level
        if seat.kind == PERSON and seat.takeover:
            return self.config.takeover_level
        return None

    def _schedule_bots(self) -> None:
        if not self.started or self.result is not None:
            return
        for index in self.game.to_act(self.state):
            level = self._bot_level(index)
            if level is None or index in self._bot_busy:
                continue
            if not self.game.legal(self.state, index):
                continue
            self._bot_busy.add(index)
            task = asyncio.get_running_loop().create_task(self._bot_turn(index, level))
            self._bot_tasks.add(task)
            task.add_done_callback(self._bot_tasks.discard)

    async def _bot_turn(self, index: int, level: str) -> None:
        bot = get_bot(self.game.name, level)
        try:
            delay = bot.delay(self.game.view(self.state, index), self._rng) * self.config.bot_speed
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)
            if self.result is not None or self._bot_level(index) is None:
                self._bot_busy.discard(index)
                return
            legal = self._bot_choices(index)
            if not legal:
                self._bot_busy.discard(index)
                return
            try:
                action = bot.choose(self.game.view(self.state, index), legal, self._rng)
            except Exception:  # a bot bug must not stall the table: play a random legal action
                log.exception("%s bot %s failed", self.game.name, level)
                action = self.game.sample(self.state, index, self._rng)
        except Exception:
            self._bot_busy.discard(index)
            raise
        self.submit(index, action, self.clock())

    def _arm_takeover(self, index: int) -> None:
        if self.config.takeover <= 0:
            return
        loop = asyncio.get_running_loop()

        def take() -> None:
            seat = self.seats[index]
            if seat.kind == PERSON and seat.conn is None and self.result is None:
                seat.takeover = True
                self._changed()
                self._schedule_bots()

        old = self._timers.pop(-1 - index, None)
        if old is not None:
            old.cancel()
        self._timers[-1 - index] = loop.call_later(self.config.takeover, take)

    def _arm_turn_timers(self) -> None:
        if self.config.turn_timer <= 0 or self.game.realtime:
            return
        loop = asyncio.get_running_loop()
        for index in range(self.players):
            old = self._timers.pop(index, None)
            if old is not None:
                old.cancel()
        version = self.version
        for index in self.game.to_act(self.state):
            if self._bot_level(index) is not None:
                continue

            def expire(index: int = index) -> None:
                if self.version != version or self.result is not None or not self.game.legal(self.state, index):
                    return
                rng = random.Random(f"{self.seed}/timer/{version}/{index}")
                self.submit(index, self.game.sample(self.state, index, rng), self.clock())

            self._timers[index] = loop.call_later(self.config.turn_timer, expire)

    # -- clocks -----------------------------------------------------------------------------------

    def _ping_now(self, client: ClientConn, count: int = 1) -> None:
        loop = asyncio.get_running_loop()
        for i in range(count):
            loop.call_later(0.03 * i, self._ping, client)

    def _ping(self, client: ClientConn) -> None:
        if not client.conn.closed:
            client.pings += 1
            now = self.clock()
            client.sent_pings[client.pings] = now
            while len(client.sent_pings) > 16:  # never answered: forget the oldest
                del client.sent_pings[next(iter(client.sent_pings))]
            self._send(client, {"type": "ping", "id": client.pings, "t": now})

    def _on_pong(self, client: ClientConn, message: Message) -> None:
        """A clock sample, only from the answer to a ping this host sent (once, with its own send time):
        invented pongs could claim a long round trip and so widen the back-dating clamp."""
        ident = message.get("id")
        now = need(message, "now", (int, float))
        sent = client.sent_pings.pop(ident, None) if isinstance(ident, int) and not isinstance(ident, bool) else None
        if sent is None or message.get("t") != sent:
            return
        arrived = self.clock()
        rtt = arrived - sent
        if 0 <= rtt < 10:
            client.samples.append((rtt, (sent + arrived) / 2 - now))

    async def _ping_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.ping_interval)
            now = self.clock()
            for client in list(self.conns.values()):
                if not client.welcomed:
                    continue
                if now - client.last_heard > self.config.silence:
                    self._kick(client, f"no answer for {self.config.silence:.0f} s")  # a silent drop
                else:
                    self._ping(client)


class LocalTable:
    """A :class:`Host` on its own thread and event loop, listening on 127.0.0.1 (local play).

    ``port`` is where the client connects; ``advertise(name, interfaces)`` opens the table to the LAN
    (listens on those addresses too and announces it with zeroconf); ``stop()`` ends everything.
    """

    def __init__(self, host: Host) -> None:
        self.host = host
        self.address = "127.0.0.1"
        self.port = 0
        self.loop = asyncio.new_event_loop()
        self._advertiser: Any = None
        self._lan_servers = 0  # servers before advertise(); the ones after listen on the LAN
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="cardtable-host", daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.port = self.loop.run_until_complete(self.host.serve(self.address, 0))
            if self.host.started:  # resumed: its timers and bots need the running loop

                async def begin() -> None:
                    self.host.begin_resumed()

                self.loop.run_until_complete(begin())
        except BaseException as error:  # reported to the starting thread
            self._error = error
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.loop.shutdown_asyncgens())
        self.loop.close()

    def begin(self) -> LocalTable:
        self._thread.start()
        self._ready.wait(10.0)
        if self._error is not None:
            raise self._error
        return self

    def call(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run ``function(*args)`` on the host's loop and return its result (thread-safe)."""

        async def run() -> Any:
            result = function(*args)
            if asyncio.iscoroutine(result):
                result = await result
            return result

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10.0)

    def start_game(self) -> None:
        self.call(self.host.start_game)

    def advertise(self, name: str, interfaces: Sequence[str]) -> int:
        """Open to LAN: listen on each address in ``interfaces`` (the same port when free) and announce
        the table there; returns the advertised port."""
        from cardtable.netplay.discovery import Advertiser

        async def go() -> int:
            port = 0
            self._lan_servers = len(self.host._servers)
            for address in interfaces:
                if address == self.address:
                    port = port or self.port
                    continue
                try:
                    port = await self.host.serve(address, port or self.port)
                except OSError:
                    port = await self.host.serve(address, 0)
            port = port or self.port
            self.host.config.name = clean_name(name, "cardtable")
            self._advertiser = Advertiser(self.host, list(interfaces), port)
            await self._advertiser.start()
            return port

        return int(self.call(go))

    def unadvertise(self) -> None:
        """Close the table to the LAN again: stop announcing it and listening there (players who
        joined from the LAN stay connected)."""
        if self._advertiser is not None:
            self.call(self._advertiser.close)
            self._advertiser = None

        def stop_listening() -> None:
            extra = self.host._servers[self._lan_servers:]
            del self.host._servers[self._lan_servers:]
            for server in extra:
                server.close()

        if self._lan_servers:
            self.call(stop_listening)

    def stop(self) -> None:
        if not self._thread.is_alive():
            return
        with contextlib.suppress(Exception):
            self.unadvertise()
        with contextlib.suppress(Exception):
            self.call(self.host.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5.0)


def start_local_table(
    game: str | Game,
    players: int,
    seats: Sequence[str | None] | None = None,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    *,
    log: str | None = None,
    config: HostConfig | None = None,
    **config_fields: Any,
) -> LocalTable:
    """Start a host for local play on 127.0.0.1 in a background thread.

    ``seats``: one entry per seat, ``None`` (or "open") for a person, or a bot level ("random", "easy",
    "normal", "hard"); default: seat 0 for the person, bots elsewhere. ``config_fields`` set
    :class:`HostConfig` fields (``bot_speed=0`` for tests). Connect a :class:`netplay.client.NetClient`
    to ``table.port`` with ``seats=k`` for k couch players, then send ``start`` (or call
    ``table.start_game()``).
    """
    config = config or HostConfig(**config_fields)
    return LocalTable(Host(game, players, seats=seats, options=options, seed=seed, config=config,
                           log_path=log)).begin()


def resume_local_table(log: str, config: HostConfig | None = None, **config_fields: Any) -> LocalTable:
    """Start a host that resumes the table in ``log``."""
    return LocalTable(Host.resume(log, config or HostConfig(**config_fields))).begin()
