"""The host: the referee that owns a table's one true state (docs/PROTOCOL.md, DESIGN.md "netplay").

:class:`Host` runs on an asyncio loop: it accepts connections (through :class:`Admission`), reads and
dispatches their messages, applies actions (real-time ones through the :class:`RaceQueue`), pushes each
connection the views of its seats and logs every accepted action. Seats and the lobby, bots and timers,
and clocks are its parts (:class:`Lobby`, :class:`BotScheduler`, :class:`Clocks`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.engine import get_game
from cardtable.engine.core import Game, IllegalAction, public_events, state_hash
from cardtable.netplay.host.admission import Admission
from cardtable.netplay.host.bots import BotScheduler
from cardtable.netplay.host.clocks import Clocks
from cardtable.netplay.host.config import HostConfig
from cardtable.netplay.host.peer import ClientConn
from cardtable.netplay.host.races import RaceQueue
from cardtable.netplay.host.seats import PERSON, Lobby, Seat
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

MAX_CHAT = 200


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
        self.state: Any = None
        self.version = 0
        self.started = False
        self.result: dict[str, Any] | None = None
        self.conns: dict[int, ClientConn] = {}
        self._ids = itertools.count(1)
        self.servers: list[asyncio.Server] = []
        self.on_change: list[Callable[[], None]] = []  # discovery updates, tests
        self.done = asyncio.Event()
        self.applied = 0
        self.bytes_out = 0
        self.admission = Admission(self.config, clock)
        self.lobby = Lobby(self, specs)
        self.races = RaceQueue(self)
        self.bots = BotScheduler(self)
        self.clocks = Clocks(self)

    @property
    def seats(self) -> list[Seat]:
        return self.lobby.seats

    @property
    def tokens(self) -> dict[str, str]:
        return self.lobby.tokens

    @property
    def owner_token(self) -> str | None:
        return self.lobby.owner_token

    # -- serving ----------------------------------------------------------------------------------

    async def serve(self, address: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``address:port`` (0: any free port); returns the port. Call again to add addresses."""
        server: asyncio.Server = await asyncio.start_server(self._handle, address, port)
        self.servers.append(server)
        self.clocks.start()
        return int(server.sockets[0].getsockname()[1])

    @property
    def port(self) -> int:
        return int(self.servers[0].sockets[0].getsockname()[1]) if self.servers else 0

    async def close(self, reason: str = "the host is closing") -> None:
        for server in self.servers:
            server.close()
        for client in list(self.conns.values()):
            await client.conn.close(reason)
        for server in self.servers:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 1.0)
        self.servers.clear()
        self.bots.close()
        self.clocks.close()
        self.races.close()
        if self.log is not None:
            self.log.close()
        self.done.set()

    # -- table info -------------------------------------------------------------------------------

    def taken(self) -> int:
        return self.lobby.taken()

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
        return self.lobby.message()

    def changed(self) -> None:
        """Tell every welcomed connection the new lobby, and the discovery callbacks."""
        message = self.lobby_message()
        for client in self.conns.values():
            if client.welcomed:
                self.send(client, {**message, "owner": client.token == self.owner_token})
        for callback in self.on_change:
            callback()

    # -- connections ------------------------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = ClientConn(next(self._ids), Connection(reader, writer, CLIENT_TYPES))
        peer = writer.get_extra_info("peername")
        client.address = str(peer[0]) if peer else ""
        client.local = bool(peer) and str(peer[0]).startswith(("127.", "::1", "::ffff:127."))
        refusal = self.admission.open(client, len(self.conns))
        if refusal is not None:
            await client.conn.close(refusal)
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
                if not self.admission.allow_bytes(client):
                    reason = self.admission.too_much_data()
                    break
                if not messages:
                    if reader.at_eof():
                        break
                    continue
                client.last_heard = self.clock()
                for message in messages:
                    if not self.admission.allow(client):
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

    def send(self, client: ClientConn, message: Message) -> None:
        before = client.conn.bytes_out
        client.conn.send(message)
        self.bytes_out += client.conn.bytes_out - before

    def kick(self, client: ClientConn, reason: str) -> None:
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
            self.send(client, {"type": "pong", "id": message.get("id"), "t": message.get("t"), "now": self.clock()})
        elif kind == "pong":
            self.clocks.pong(client, message)
        elif kind == "bye":
            client.conn.closed = True
            with contextlib.suppress(Exception):
                client.conn.writer.close()
        elif kind == "chat":
            text = clean_name(need(message, "text", str), "", MAX_CHAT)
            for other in self.conns.values() if text else ():
                if other.welcomed:
                    self.send(other, {"type": "chat", "name": client.name, "text": text})
        elif kind == "hello":
            raise ProtocolError("hello was already said")
        else:
            self._lobby_request(client, message)

    def _hello(self, client: ClientConn, message: Message) -> None:
        version = message.get("protocol")
        if version != PROTOCOL_VERSION:
            self.kick(client, f"protocol version {version!r} is not {PROTOCOL_VERSION}: "
                              "host and client need the same cardtable version")
            return
        if self.config.pin is not None:
            refusal = self.admission.pin_refusal(client, message.get("pin"))
            if refusal is not None:
                self.kick(client, refusal)
                return
        client.name = clean_name(message.get("name"))
        token = need(message, "token", str, optional=True)
        want = need(message, "seats", int, optional=True)
        want = 1 if want is None else max(0, min(want, self.players))
        self.lobby.seat_on_hello(client, token, want)
        client.welcomed = True
        self.send(client, {"type": "welcome", "protocol": PROTOCOL_VERSION, "seats": list(client.seats),
                           "token": client.token, "owner": client.token == self.owner_token,
                           "table": self.info(), "time": self.clock()})
        self.changed()
        if self.started:
            self._push(client, [])
        if self.result is not None:
            self.send(client, {"type": "result", "result": self.result, "hash": state_hash(self.game, self.state)})
        self.clocks.ping_soon(client, 4)
        if self.config.auto_start and not self.started and self.taken() == self.players:
            self.start_game()

    def _drop(self, client: ClientConn) -> None:
        if self.conns.pop(client.id, None) is None:
            return
        self.lobby.release(client)
        self.lobby.left(client)
        if client.welcomed:
            self.changed()

    def _lobby_request(self, client: ClientConn, message: Message) -> None:
        try:
            if not self.lobby.request(client, message):
                return
        except IllegalAction as error:
            self.send(client, {"type": "error", "reason": error.reason, "request": message["type"]})
            return
        self.changed()
        if self.config.auto_start and self.taken() == self.players:
            self.start_game()

    # -- the game ---------------------------------------------------------------------------------

    def start_game(self) -> None:
        """Fill open seats with bots, deal, write the log header and push the first views."""
        if self.started:
            return
        self.lobby.fill_with_bots(self.config.fill_level)
        self.state = self.game.new(self.players, self.seed, self.options)
        self.started = True
        if self.log_path is not None:
            self.log = TableLog.create(self.log_path, self._header(), self.lobby.records())
        self.changed()
        self._after_change([])

    def _header(self) -> dict[str, Any]:
        return {"protocol": PROTOCOL_VERSION, "game": self.game.name, "players": self.players,
                "seed": self.seed, "options": self.options, "name": self.config.name}

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
        host.lobby.restore(replayed.seats)
        host.log = TableLog.append(log_path)
        host.log_path = log_path
        return host

    def begin_resumed(self) -> None:
        """Start the takeover clocks of the absent players and the bots (call on the running loop)."""
        now = self.clock()
        for index, seat in enumerate(self.seats):
            if seat.kind == PERSON and seat.conn is None and self.result is None:
                seat.away_since = now
                self.bots.arm_takeover(index)
        self._after_change([])

    def _on_action(self, client: ClientConn, message: Message) -> None:
        seq = need(message, "seq", int)
        seat = need(message, "seat", int)
        action = message.get("action")
        press = need(message, "press", (int, float), optional=True)
        if seat not in client.seats:
            self.send(client, {"type": "reject", "seq": seq, "reason": f"seat {seat} is not yours"})
            return
        if not self.started:
            self.send(client, {"type": "reject", "seq": seq, "reason": "the game has not started"})
            return
        if client.held >= self.config.max_held:
            self.send(client, {"type": "reject", "seq": seq, "reason": "too many actions at once"})
            return
        self.submit(seat, action, self.clocks.host_press(client, press, self.clock()), client, seq)

    def submit(self, seat: int, action: Any, press: float, source: ClientConn | None = None,
               seq: int | None = None) -> None:
        """Apply now (turn games) or queue for the fair-race window (real-time games)."""
        if not self.game.realtime:
            self.apply(seat, action, source, seq)
            return
        self.races.hold(seat, action, press, source, seq)

    def apply(self, seat: int, action: Any, source: ClientConn | None, seq: int | None) -> bool:
        """Apply ``action`` for ``seat`` to the state; ack or reject it to ``source``; push the views."""
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
                self.send(source, {"type": "reject", "seq": seq, "reason": reason})
            self.bots.busy.discard(seat)
            if source is None:
                self.bots.schedule()
            return False
        self.version += 1
        self.applied += 1
        if self.log is not None:
            every = self.config.hash_every
            digest = state_hash(self.game, self.state) if every and self.version % every == 0 else None
            self.log.action(self.version, seat, action, time.time(), digest)
        if source is not None and seq is not None:
            self.send(source, {"type": "ack", "seq": seq})
            source.conn.flush()  # the ack leaves before the views are computed
        self.bots.busy.discard(seat)
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
                    self.send(client, {"type": "result", "result": self.result, "hash": digest})
            self.bots.stop_timers()
            self.changed()
            return
        self.bots.schedule()
        self.bots.arm_turn_timers()

    def _push(self, client: ClientConn, events: list[dict[str, Any]],
              redacted: dict[int | None, list[dict[str, Any]]] | None = None) -> None:
        redacted = {} if redacted is None else redacted
        seats: list[int | None] = list(client.seats) or [None]
        for seat in seats:
            if seat not in redacted:
                redacted[seat] = public_events(self.game, self.state, events, seat)
            self.send(client, {
                "type": "view",
                "seat": seat,
                "version": self.version,
                "view": self.game.view(self.state, seat),
                "legal": self.game.legal(self.state, seat) if seat is not None else [],
                "events": redacted[seat],
                "result": self.result,
            })
        if client.conn.buffered() > self.config.max_buffered:
            self.kick(client, "not reading fast enough")
