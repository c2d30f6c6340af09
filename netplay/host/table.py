"""The host: the referee that owns a table's one true state (docs/PROTOCOL.md, docs/DESIGN.md, "netplay").

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
import socket
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardtable import __version__
from cardtable.engine import get_game
from cardtable.engine.core import Game, IllegalAction, public_events, state_hash
from cardtable.netplay import handshake, identity
from cardtable.netplay.host.admission import Admission
from cardtable.netplay.host.bots import BotScheduler
from cardtable.netplay.host.chat import Chat
from cardtable.netplay.host.clocks import Clocks
from cardtable.netplay.host.config import HostConfig
from cardtable.netplay.host.peer import ClientConn
from cardtable.netplay.host.races import RaceQueue
from cardtable.netplay.host.seats import PERSON, Lobby, Seat
from cardtable.netplay.protocol import (
    CLIENT_TYPES,
    MAX_CLIENT_FRAME,
    MAX_CLIENT_VALUES,
    PROTOCOL_VERSION,
    READ_CHUNK,
    Connection,
    Message,
    ProtocolError,
    clean_name,
    encode,
    need,
)
from cardtable.netplay.tablelog import LogError, TableLog, replay_records

Clock = Callable[[], float]
WAIT_REMINDER = 5.0  # seconds between the notes that tell a waiting hello it still waits (keeps its client's connect alive)
log = logging.getLogger("cardtable.host")


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
        host_key: identity.HostIdentity | None = None,
    ) -> None:
        self.game: Game = get_game(game) if isinstance(game, str) else game
        self.players = players
        self.options = self.game.resolve_options(players, options)
        self.seed = secrets.randbelow(2**31) if seed is None else seed
        self.table_id = secrets.token_hex(8)  # advertised and in welcome; kept in the log (stable on resume)
        self.config = config or HostConfig()
        self.identity = host_key or identity.load_or_create()  # proves this host in every handshake
        self.clock = clock
        self.log_path = log_path
        self.log: TableLog | None = None
        specs = list(seats) if seats is not None else [None] + ["normal"] * (players - 1)
        if len(specs) != players:
            raise ValueError(f"{len(specs)} seat kinds for {players} players")
        self.state: Any = None
        self.version = 0
        self.started = False
        self.paused = False  # see pause()
        self.paused_by: int | None = None  # the connection that paused the game by wire (None: the embedding program)
        self.result: dict[str, Any] | None = None
        self.conns: dict[int, ClientConn] = {}
        self._ids = itertools.count(1)
        self.servers: list[Listener] = []
        self.on_change: list[Callable[[], None]] = []  # discovery updates, tests
        self.done = asyncio.Event()
        self.applied = 0
        self.bytes_out = 0
        self.admission = Admission(self, clock)
        self.lobby = Lobby(self, specs)
        self.races = RaceQueue(self)
        self.bots = BotScheduler(self)
        self.clocks = Clocks(self)
        self.chat = Chat(self)
        self.cut_off = 0  # connections aborted for not reading
        self.refused_at_door = 0  # connections over a connect budget, closed before anything was read
        self._lobby_due: asyncio.TimerHandle | None = None
        self._housekeeping: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[Any]] = set()  # one per connection, lingering ones included

    @property
    def seats(self) -> list[Seat]:
        return self.lobby.seats

    @property
    def tokens(self) -> dict[str, str]:
        return self.lobby.tokens

    @property
    def owner(self) -> str | None:
        """The token digest of the table's owner."""
        return self.lobby.owner

    # -- serving ----------------------------------------------------------------------------------

    async def serve(self, address: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``address:port`` (0: any free port); returns the port. Call again to add addresses."""
        server = Listener(self, address, port)
        self.servers.append(server)
        if self._housekeeping is None:
            self._housekeeping = asyncio.create_task(self._housekeep())
            self.admission.on_pin_failure.append(self._pin_failed)
        return int(server.sockets[0].getsockname()[1])

    @property
    def port(self) -> int:
        return int(self.servers[0].sockets[0].getsockname()[1]) if self.servers else 0

    async def close(self, reason: str = "the host is closing") -> None:
        for server in self.servers:
            server.close()
        for client in list(self.conns.values()):
            await client.conn.close(reason)
        handlers = [task for task in self._handlers if task is not asyncio.current_task()]
        for task in handlers:
            task.cancel()
        await asyncio.gather(*handlers, return_exceptions=True)
        for server in self.servers:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 1.0)
        self.servers.clear()
        self.bots.close()
        self.races.close()
        if self.log is not None and self.result is None:
            self.log.closed(reason)
        if self._housekeeping is not None:
            self._housekeeping.cancel()
        if self._lobby_due is not None:
            self._lobby_due.cancel()
        if self.log is not None:
            self.log.close()
        self.done.set()

    # -- table info -------------------------------------------------------------------------------

    def taken(self) -> int:
        return self.lobby.taken()

    def info(self) -> dict[str, Any]:
        return {
            "id": self.table_id,
            "version": __version__,
            "takeover": self.config.takeover,
            "name": self.config.name,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "options": self.options,
            "pin": self.config.pin is not None,
            "started": self.started,
            "realtime": self.game.realtime,
            "key": self.identity.public_key.hex(),
        }

    def advert(self, probe: Message | None = None) -> Message:
        """The answer to a ``probe``: what the table's advert says, from the host itself, with its key and
        (for a probe with a ``nonce``) its signature over that nonce and the table's id."""
        answer: Message = {"type": "table", "id": self.table_id, "name": self.config.name, "game": self.game.name,
                           "title": self.game.title, "seats": self.players, "taken": self.taken(),
                           "started": self.started, "pin": self.config.pin is not None, "protocol": PROTOCOL_VERSION,
                           "version": __version__, "key": self.identity.public_key.hex()}
        nonce = handshake.from_hex(probe, "nonce", handshake.NONCE_BYTES, optional=True) if probe else None
        if nonce is not None:
            answer["sig"] = self.identity.sign(handshake.probe_proof(self.table_id, nonce)).hex()
        return answer

    def lobby_message(self, client: ClientConn | None = None) -> Message:
        """The lobby as ``client`` sees it (the owner also sees the wrong PINs and slow links)."""
        message = self.lobby.message()
        if client is None:
            return message
        owner = self.lobby.is_owner(client)
        message["owner"] = owner
        if owner and self.config.pin is not None:
            message["pin_failures"] = self.admission.pin_report()
        return message

    def changed(self, spectators_only: bool = False) -> None:
        """Tell every welcomed connection the new lobby, and the discovery callbacks. A change of
        spectators only is announced at most every ``lobby_interval`` (joining and leaving as a
        spectator must not make the host write to everyone each time)."""
        if spectators_only:
            if self._lobby_due is None:
                self._lobby_due = asyncio.get_running_loop().call_later(self.config.lobby_interval, self.changed)
            return
        if self._lobby_due is not None:
            self._lobby_due.cancel()
            self._lobby_due = None
        if self.paused_by is not None:  # a screen's pause holds only while everyone playing sits there
            pauser = self.conns.get(self.paused_by)
            if pauser is None or not self.lobby.all_at(pauser):
                self.pause(False)
        self.bots.arm_clock()  # seats taken, given back or played by bots: the game may wait for others now
        shared = encode({**self.lobby_message(), "owner": False})  # encoded once for all but the owner
        for client in list(self.conns.values()):
            if not client.welcomed:
                continue
            if self.lobby.is_owner(client):
                self.send(client, self.lobby_message(client))
            else:
                self.send_encoded(client, shared)
        for callback in self.on_change:
            callback()

    def _pin_failed(self) -> None:
        """A wrong PIN, or the waiting room changed: the owner's lobby shows it (at most once a second)."""
        if self._lobby_due is None:
            self._lobby_due = asyncio.get_running_loop().call_later(1.0, self.changed)

    # -- connections ------------------------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        conn = Connection(reader, writer, CLIENT_TYPES, max_frame=MAX_CLIENT_FRAME, max_values=MAX_CLIENT_VALUES)
        conn.decoder.frame_limit = self.config.max_hello_bytes  # a hello's header that says more is refused
        client = ClientConn(next(self._ids), conn)
        peer = writer.get_extra_info("peername")
        client.address = str(peer[0]) if peer else ""
        client.local = bool(peer) and str(peer[0]).startswith(("127.", "::1", "::ffff:127."))
        sock = writer.get_extra_info("socket")
        if sock is not None and self.config.socket_send_buffer:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.config.socket_send_buffer)
        refusal, evicted = self.admission.open(client)  # past the door: the slots
        for other in evicted:
            self.kick(other, "the table needs room for players who have said hello")
        if refusal is not None:  # too many connections: no lingering for those (a reset is fine)
            self.admission.closed(client)
            await conn.close(refusal, grace=0.0)
            return
        self.conns[client.id] = client
        reason = await self._read_loop(client)
        if client.pin_pending:  # left (or timed out) before proving it knew the PIN: a wrong one
            self._pin_tried(client, right=False)
        self._drop(client)
        conn.half_close(reason)
        await conn.linger()

    async def _read_loop(self, client: ClientConn) -> str | None:
        """Read, charge, decode and dispatch ``client``'s messages until it closes; the reason to give."""
        conn = client.conn
        client.hello_by = self.clock() + self.config.hello_timeout  # one deadline: dribbled bytes do not extend it
        try:
            while not conn.closed:
                try:
                    if client.welcomed or client.parked is not None:  # a parked hello waits its turn
                        data = await conn.read_bytes()
                    else:  # no more than a hello's worth (and one byte to tell it sent more)
                        wanted = self.config.max_hello_bytes + 1 - conn.bytes_in
                        data = await asyncio.wait_for(conn.read_bytes(wanted), max(0.0, client.hello_by - self.clock()))
                except TimeoutError:
                    return "no hello"
                if not data or conn.closed:  # closed meanwhile (kicked): what came after is not read
                    return None
                refusal = self.admission.charge_bytes(client, len(data))
                if refusal is not None:
                    return refusal
                messages = conn.decode(data)
                if client.pin_pending and conn.opener is not None and conn.opener.count:
                    self._pin_tried(client, right=True)  # its first frame opened: the same PIN
                if messages:
                    client.last_heard = self.clock()
                for message in messages:
                    if not self.admission.allow(client):
                        return "too many messages"
                    self._dispatch(client, message)
                    if conn.closed:
                        return None
                    if message["type"] == "hello" and message is not messages[-1]:  # sealed from here
                        raise ProtocolError("data after the hello, before the handshake was answered")
        except ProtocolError as error:
            if client.pin_pending:  # its first frame did not open: another PIN (say so in clear)
                conn.stop_sealing()
                return self._pin_tried(client, right=False) or error.reason
            return error.reason
        except (ConnectionError, OSError):
            return None
        except Exception:  # a host bug on one message costs that connection, never the table
            log.exception("message from %s failed", client.name)
            return "the host failed on that message"
        return None

    def send(self, client: ClientConn, message: Message) -> None:
        self.send_encoded(client, encode(message))

    def send_encoded(self, client: ClientConn, data: bytes) -> None:
        """Queue ``data`` for ``client``. A peer with more unsent than its share is cut off: the share is
        ``max_buffered``, or less when many are connected, so that all of them together never hold more
        than ``max_table_buffered`` (plus one message each), however many stop reading."""
        conn = client.conn
        if conn.closed:
            return
        conn.send_encoded(data)
        self.bytes_out += len(data)
        share = min(self.config.max_buffered, self.config.max_table_buffered // max(1, len(self.conns)))
        if conn.buffered() > share:
            self.cut(client)

    def cut(self, client: ClientConn) -> None:
        """Abort ``client`` (it does not read): its unsent bytes are freed and it leaves every table
        structure now."""
        self.cut_off += 1
        log.info("cut off %s (%s): not reading", client.name, client.address)
        client.conn.abort()
        self._drop(client)

    def kick(self, client: ClientConn, reason: str | None) -> None:
        """Send ``bye`` and close ``client``; it leaves every table structure now. The connection is
        closed once the peer closes too, and aborted after two seconds whatever it does."""
        conn = client.conn
        if not conn.closed:
            conn.half_close(reason)  # its read loop lingers a moment, then closes
            asyncio.get_running_loop().call_later(2.0, conn.abort)  # whatever the peer does
        self._drop(client)

    def _dispatch(self, client: ClientConn, message: Message) -> None:
        kind = message["type"]
        if not client.welcomed:
            if client.parked is not None:  # waiting for a PIN turn: nothing may follow the hello but a bye
                if kind != "bye":
                    raise ProtocolError("data after the hello, before the handshake was answered")
                self.kick(client, None)
                return
            if client.conn.opener is not None:
                if kind != "join":
                    raise ProtocolError("the first message after the handshake must be join")
                self._join(client, message)
                return
            if kind == "probe":  # a join list checking that this table is alive and is the one advertised
                self.send(client, self.advert(message))
                self.kick(client, "probed")
                return
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
            self.kick(client, None)
        elif kind == "chat":
            self.chat.said(client, message)
        elif kind in ("hello", "join"):
            raise ProtocolError(f"{kind} was already said")
        elif kind == "admit":
            self._admit(client, message)
        else:
            self._lobby_request(client, message)

    def _hello(self, client: ClientConn, message: Message) -> None:
        """The clear hello: the protocol version, then the handshake (netplay/handshake.py). A client
        offering a PIN runs SPAKE2 with the table's, when the lockouts let it try at all."""
        version = message.get("protocol")
        if version != PROTOCOL_VERSION:
            theirs = message.get("version")
            yours = f"cardtable {clean_name(theirs, '?', 32)} (protocol {version!r})" if theirs else f"protocol {version!r}"
            self.kick(client, f"this table runs cardtable {__version__} (protocol {PROTOCOL_VERSION}); you have "
                              f"{yours}: host and client need the same cardtable version")
            return
        pin_try = self.config.pin is not None and message.get("pake") is not None
        if pin_try:
            client.name = clean_name(message.get("name"))  # the owner's waiting room shows it
            refusal = self.admission.pin_refusal(client)
            if refusal is not None:
                self.kick(client, refusal)
                return
            if not self.admission.pin_turn():
                self._park(client, message)
                return
        self._answer(client, message, pin_try)

    def _answer(self, client: ClientConn, hello: Message, pin_try: bool, vouched: bool = False) -> None:
        """The host's half of the handshake (netplay/handshake.py); then every frame is sealed. With
        ``pin_try`` SPAKE2 runs with the table's PIN: right or wrong shows when the client's first frame
        opens or does not (``_pin_tried``). ``vouched``: the owner let this person in, no PIN asked."""
        reply, keys = handshake.answer(hello, self.identity, self.config.pin if pin_try else None, PROTOCOL_VERSION)
        self.send(client, reply)
        client.conn.seal(handshake.Sealer(keys.send), handshake.Opener(keys.receive))
        client.pin_pending = keys.pin_proven
        client.pin_proven = keys.pin_proven or vouched
        client.hello_by = self.clock() + self.config.hello_timeout  # a hello that waited gets its time again

    def _pin_tried(self, client: ClientConn, right: bool) -> str | None:
        """The end of a PIN exchange: its first frame opened (``right``), did not, or never came."""
        client.pin_pending = False
        client.pin_proven = right
        return self.admission.pin_result(client, right)

    def _park(self, client: ClientConn, message: Message) -> None:
        """Someone is guessing the PIN: this hello waits for the table's next turn (or the owner's yes)."""
        client.parked = message
        client.park_id = self.admission.pins.park(client, client.address, client.name)
        self._tell_waiting(client)
        self._pin_failed()

    def _tell_waiting(self, client: ClientConn) -> None:
        pins = self.admission.pins
        ahead = sum(1 for other in pins.waiting.values() if other.since < pins.waiting[client.park_id].since)
        every = self.config.pin_table_every
        self.send(client, {"type": "wait", "for_s": self.config.pin_wait_max, "ahead": ahead,
                           "reason": f"someone is guessing this table's PIN, so it looks at one every {every:.0f} s: "
                                     f"{ahead} {'try' if ahead == 1 else 'tries'} before yours; the table's owner "
                                     "can let you in now"})

    def _serve_waiting(self) -> None:
        """Hellos whose turn came are looked at, those that waited too long leave, the rest are told again."""
        pins = self.admission.pins
        if not pins.waiting:
            return
        for client in pins.overdue():
            self.kick(client, f"no turn for your PIN in {self.config.pin_wait_max:.0f} s: ask the table's owner "
                              "to let you in")
        for client in pins.due():
            self._resume(client, vouched=False)
        for client in pins.to_remind(WAIT_REMINDER):
            self._tell_waiting(client)
        self._pin_failed()

    def _resume(self, client: ClientConn, vouched: bool) -> None:
        """Carry on a waiting hello: its PIN is looked at now, unless the owner let the person in."""
        message, client.parked = client.parked, None
        if message is None or client.conn.closed or client.id not in self.conns:
            return
        self._answer(client, message, pin_try=not vouched, vouched=vouched)

    def _admit(self, client: ClientConn, message: Message) -> None:
        """The owner lets a person waiting for a PIN turn in, by the number its lobby shows."""
        number = need(message, "id", int)
        if not self.lobby.is_owner(client):
            self.send(client, {"type": "error", "reason": "only the table's owner can let people in", "request": "admit"})
            return
        waiting = self.admission.pins.unpark(number)
        if waiting is None:
            self.send(client, {"type": "error", "reason": "nobody is waiting under that number", "request": "admit"})
            return
        self._resume(waiting, vouched=True)
        self.changed()

    def _join(self, client: ClientConn, message: Message) -> None:
        """The first sealed message: who the client is, its seat token, how many seats it wants. At a
        table with a PIN only a client that proved the PIN (or the owner let in) or that holds a seat
        here gets in."""
        token = need(message, "token", str, optional=True)
        if self.config.pin is not None and not client.pin_proven and not self.lobby.knows(token):
            self.kick(client, "this table needs a PIN")
            return
        client.name = clean_name(message.get("name"))
        want = need(message, "seats", int, optional=True)
        want = 1 if want is None else max(0, min(want, self.players))
        self.lobby.seat_on_hello(client, token, want)
        if not client.seats:
            refusal = self.admission.spectator_refusal()
            if refusal is not None:
                self.kick(client, refusal)
                return
        self.admission.welcomed(client)
        client.welcomed = True
        client.conn.decoder.frame_limit = MAX_CLIENT_FRAME
        self.send(client, {"type": "welcome", "protocol": PROTOCOL_VERSION, "seats": list(client.seats),
                           "token": client.token, "owner": self.lobby.is_owner(client),
                           "table": self.info(), "time": self.clock()})
        if client.seats:
            self.changed()
        else:
            self.send(client, self.lobby_message(client))
            self.changed(spectators_only=True)
        if self.started:
            self._push(client, [])
        if self.result is not None:
            self.send(client, {"type": "result", "result": self.result, "hash": state_hash(self.game, self.state)})
        self.clocks.ping_soon(client, 4)
        if self.config.auto_start and not self.started and self.taken() == self.players:
            self.start_game()

    def _drop(self, client: ClientConn) -> None:
        """``client`` is gone: out of every table structure at once (connections, seats, slots)."""
        if self.conns.pop(client.id, None) is None:
            return
        if client.parked is not None:
            self.admission.pins.unpark(client.park_id)
            client.parked = None
            self._pin_failed()
        self.admission.closed(client)
        had_seats = bool(client.seats)
        self.lobby.release(client)
        self.lobby.left(client)
        if client.welcomed:
            self.changed(spectators_only=not had_seats)

    async def _housekeep(self) -> None:
        """Every ``ping_interval``: ping, drop the silent, cut off the peers that stopped reading."""
        while True:
            await asyncio.sleep(self.config.ping_interval)
            now = self.clock()
            for client in list(self.conns.values()):
                if client.welcomed and now - client.last_heard > self.config.silence:
                    self.kick(client, f"no answer for {self.config.silence:.0f} s")  # a silent drop
                elif client.welcomed:
                    self.clocks.ping(client)
            for client in self.admission.not_reading(now):
                self.cut(client)
            self._serve_waiting()

    def _lobby_request(self, client: ClientConn, message: Message) -> None:
        seats_before = list(client.seats)
        try:
            if not self.lobby.request(client, message):
                return
        except IllegalAction as error:
            self.send(client, {"type": "error", "reason": error.reason, "request": message["type"]})
            return
        if client.seats != seats_before:
            self.seats_changed(client)
        self.changed()
        if self.config.auto_start and self.taken() == self.players:
            self.start_game()

    def seats_changed(self, client: ClientConn) -> None:
        """Tell ``client`` its seats (and token) after they changed, and in a game their views."""
        self.send(client, {"type": "seats", "seats": list(client.seats), "token": client.token})
        if self.started:
            self._push(client, [])

    # -- the game ---------------------------------------------------------------------------------

    def start_game(self) -> None:
        """Fill open seats with bots, deal, write the log header and push the first views."""
        if self.started:
            return
        self.lobby.fill_with_bots(self.config.fill_level)
        self.state = self.game.new(self.players, self.seed, self.options)
        self.started = True
        if self.log_path is not None:
            self.log = TableLog.create(self.log_path, self._header(), self.lobby.records(), signer=self.identity)
        self.changed()
        self._after_change([])

    def pause(self, paused: bool, by: int | None = None) -> None:
        """Stop the game where it stands (``True``) or go on (``False``): no bot acts, no turn clock runs
        and people's actions are refused meanwhile. For a table whose players all sit at one screen (a
        couch's pause menu): the program that embeds the host calls it, or a connection asks (``pause``,
        ``by`` its id; see :meth:`Lobby.pause_for`)."""
        self.paused_by = by if paused else None
        if paused == self.paused:
            return
        self.paused = paused
        if paused:
            self.bots.stop_clock()
        elif self.started and self.result is None:
            self.bots.schedule()
            self.bots.arm_clock(restart=True)

    def record_seat(self, index: int) -> None:
        """A seat changed hands mid-game: the log keeps who holds it now (a resumed table seats them)."""
        if self.log is not None:
            self.log.write({"type": "seat", "seat": index, **self.lobby.records()[index]})

    def _header(self) -> dict[str, Any]:
        return {"protocol": PROTOCOL_VERSION, "game": self.game.name, "players": self.players,
                "seed": self.seed, "options": self.options, "name": self.config.name, "table_id": self.table_id}

    @classmethod
    def resume(cls, log_path: str, config: HostConfig | None = None, clock: Clock = time.monotonic,
               host_key: identity.HostIdentity | None = None) -> Host:
        """A host that continues the table of ``log_path`` (replayed, hash- and signature-checked). LogError
        if the game in it is over (a finished table has nothing to resume, and its log is left as it is), or
        if another host key signed it."""
        replayed = replay_records(log_path)
        over = replayed.game.result(replayed.state)
        if replayed.ended or over is not None:
            raise LogError(f"{log_path}: the game is over ({_outcome(over)}): there is nothing to resume",
                           replayed.records - 1, "finished")
        header = replayed.header
        host = cls(header["game"], header["players"], options=header["options"], seed=header["seed"],
                   config=config, clock=clock, host_key=host_key)
        host.config.name = header.get("name", host.config.name)
        host.table_id = str(header.get("table_id") or host.table_id)
        host.state = replayed.state
        host.version = host.applied = len(replayed.actions)
        host.started = True
        host.lobby.restore(replayed.seats)
        host.log = TableLog.append(log_path, signer=host.identity)
        host.log_path = log_path
        return host

    def begin_resumed(self) -> None:
        """Start the takeover clocks of the absent players and the bots (call on the running loop)."""
        now = self.clock()
        for index, seat in enumerate(self.seats):
            if seat.kind == PERSON and seat.conn is None:
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
        if self.paused:
            self.send(client, {"type": "reject", "seq": seq, "reason": "the game is paused"})
            return
        if self.seats[seat].takeover:  # away (the turn clock ran out): acting takes the seat back
            self.lobby.come_back(client, seat)
            self.changed()
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
        self.bots.arm_clock()
        views: dict[int | None, bytes] = {}  # each seat's view, encoded once for every connection showing it
        for client in list(self.conns.values()):
            if client.welcomed:
                self._push(client, events, views)
        if self.result is not None:
            digest = state_hash(self.game, self.state)
            if self.log is not None:
                self.log.end(self.result, digest)
            ended = encode({"type": "result", "result": self.result, "hash": digest})
            for client in list(self.conns.values()):
                if client.welcomed:
                    self.send_encoded(client, ended)
            self.changed()
            return
        self.bots.schedule()

    def _push(self, client: ClientConn, events: list[dict[str, Any]], views: dict[int | None, bytes] | None = None) -> None:
        views = {} if views is None else views
        seats: list[int | None] = list(client.seats) or [None]
        for seat in seats:
            if seat not in views:
                views[seat] = encode({
                    "type": "view",
                    "seat": seat,
                    "version": self.version,
                    "view": self.game.view(self.state, seat),
                    "legal": self.game.legal(self.state, seat) if seat is not None else [],
                    "events": public_events(self.game, self.state, events, seat),
                    "result": self.result,
                    **self.lobby.clock_fields(),
                })
            self.send_encoded(client, views[seat])


def _outcome(result: dict[str, Any] | None) -> str:
    """A finished game's result in a few words, for a refusal."""
    if not result:
        return "its last action ended it"
    winners = result.get("winners")
    if isinstance(winners, list) and winners:
        return "won by seat " + " and ".join(str(int(w) + 1) for w in winners if isinstance(w, int))
    return "ended"



class Listener:
    """One listening socket whose connections the host takes at its own pace (``Admission.accept_delay``:
    over the table's accept rate they wait in the system's queue, unread) and charges to their address's
    connect budget before reading anything (over it: the ``bye`` is sent and the socket closed there and
    then). The rest go to :meth:`Host._handle` as streams. Quacks like the ``asyncio.Server`` it replaces."""

    def __init__(self, host: Host, address: str, port: int) -> None:
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        sock = socket.create_server((address, port), family=family, backlog=host.config.accept_backlog)
        sock.setblocking(False)
        self.host = host
        self.sockets = [sock]
        self._task = asyncio.create_task(self._accept())

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        listening = self.sockets[0]
        while True:
            while (delay := self.host.admission.accept_delay()) > 0:
                await asyncio.sleep(delay)
            try:
                sock, peer = await loop.sock_accept(listening)
            except OSError as error:  # out of file descriptors, say: the queue waits meanwhile
                log.warning("accept failed: %s", error)
                await asyncio.sleep(0.1)
                continue
            refusal = self.host.admission.door(str(peer[0]))
            if refusal is not None:
                self.host.refused_at_door += 1
                with contextlib.suppress(OSError):
                    sock.send(encode({"type": "bye", "reason": refusal}))
                sock.close()
                continue
            try:
                await loop.connect_accepted_socket(
                    lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader(limit=READ_CHUNK), self.host._handle),
                    sock)
            except OSError:
                sock.close()

    def close(self) -> None:
        self._task.cancel()
        self.sockets[0].close()

    async def wait_closed(self) -> None:
        await asyncio.gather(self._task, return_exceptions=True)
