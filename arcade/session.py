"""The client's connection to a table, whatever kind of table it is.

Every session hands the loop host messages as plain dicts through :meth:`poll` (never blocking):
``welcome``, ``lobby``, ``view`` {seat, version, view, legal, events, result}, ``ack``, ``reject``
{seq, reason, action}, ``result``, ``error``, ``chat`` and finally ``closed`` {reason}
(docs/PROTOCOL.md). The table scene calls :meth:`send` with the press time for fair races.

- :class:`NetSession`: a :class:`netplay.client.NetClient` on its background thread, connected to
  a LAN host, or to the embedded host of local play (:func:`start_local`: netplay's
  ``start_local_table`` on 127.0.0.1, not advertised until :meth:`NetSession.open_to_lan`).
- :class:`DirectSession`: the engine refereed in this process with no thread and no socket, driven
  by the fixed tick. ``cardtable shot`` and ``cardtable bench frame`` use it (deterministic); play
  goes through netplay's host.
"""

from __future__ import annotations

import contextlib
import random
import time
from dataclasses import dataclass, field
from typing import Any

Message = dict[str, Any]

YOU, LOCAL, BOT, OPEN = "you", "local", "bot", "open"



def available_games() -> dict[str, Any]:
    from cardtable.engine import GAMES

    return dict(GAMES)


def bot_levels(game_name: str) -> list[str]:
    from cardtable.engine.bots import bot_levels as levels

    return levels(game_name)


def seat_name(seat: dict[str, Any], index: int) -> str:
    """What the table calls a lobby seat: a bot gets its seat number and level ("Bot 2 (normal)"), so
    several bots of one level are told apart; a person keeps their name."""
    name = str(seat.get("name") or "")
    if seat.get("kind") == "bot":
        level = str(seat.get("level") or (name[:-4] if name.endswith(" bot") else "") or "bot")
        return f"Bot {index + 1} ({level})"
    return name or f"Player {index + 1}"


@dataclass
class SeatSpec:
    kind: str = BOT  # you | local (a second player on this screen) | bot | open (a LAN player)
    level: str = "normal"
    name: str = ""


@dataclass
class TableConfig:
    game: str = "oh_hell"
    players: int = 4
    seats: list[SeatSpec] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    name: str = "cardtable"
    pin: str | None = None
    lan: bool = False  # advertise on the LAN from the start (host a table)
    bot_speed: float = 1.0

    @property
    def local_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind in (YOU, LOCAL)]

    def host_seats(self) -> list[str | None]:
        """netplay's seat list: None for a person (local or LAN), else the bot level."""
        return [None if s.kind in (YOU, LOCAL, OPEN) else s.level for s in self.seats]

    def again(self) -> TableConfig:
        """The same table with a new deal."""
        seed = None if self.seed is None else self.seed + 1
        return TableConfig(self.game, self.players, list(self.seats), dict(self.options), seed,
                           self.name, self.pin, self.lan, self.bot_speed)


class Session:
    """What the scenes use; subclasses connect it to something."""

    local_seats: list[int]
    owner = False
    address: tuple[str, int] | None = None
    advertised = False
    config: TableConfig | None = None
    keeps_history = True  # a finished game goes into the History (not shots and benchmarks)

    @property
    def private(self) -> bool:
        """Nobody else can join this table (local play not opened to the LAN): hints are always allowed
        here; elsewhere only when the host allows them in the lobby."""
        return False

    def poll(self) -> list[Message]:
        return []

    def send(self, seat: int, action: dict[str, Any], press_time: float | None = None) -> None:
        raise NotImplementedError

    def request(self, message: Message) -> None:
        """A lobby request: start, set_seat, set_option, set_hints, sit, stand."""

    def tick(self, dt: float) -> None:
        """Called every fixed tick (DirectSession runs its bots here)."""

    def open_to_lan(self, name: str, interfaces: list[str] | None = None) -> str:
        raise RuntimeError("this table cannot be opened to the LAN")

    @property
    def can_pause(self) -> bool:
        """The game can be stopped where it stands: the referee runs in this program, or the host is
        asked (it agrees only while every person at the table plays at this screen, and the table scene
        asks only then)."""
        return False

    pauses_at_once = True  # the referee runs here: paused the moment pause() returns (else see the lobby's "paused")

    def pause(self, paused: bool) -> None:
        """Stop the game (no bot acts, no timer runs) or let it go on; see :attr:`can_pause`."""

    def close(self) -> None:
        """Leave the table (and stop an embedded host)."""


class NetSession(Session):
    @property
    def private(self) -> bool:
        return self.local_table is not None and not self.advertised

    def __init__(self, client: Any, local_table: Any = None, config: TableConfig | None = None,
                 address: tuple[str, int] | None = None) -> None:
        self.client = client
        self.local_table = local_table
        self.config = config
        self.address = address
        self.local_seats = []
        self.owner = False
        self.advertised = False
        self.closed = False
        self.lan_error: str | None = None
        self.lan_address: str | None = None
        self.asked = 0  # seats asked for when joining (none given back: the table was full)
        self.seat_key = ""  # where this seat's token is kept (seatstore)
        self.welcome: Message | None = None
        self.recorder: Any = None  # a guest's recording of the table (netplay.recording), for its replay
        if local_table is None and address is not None:
            from cardtable.netplay.recording import Recorder

            self.recorder = Recorder(address)

    @property
    def recording(self) -> str | None:
        """The file of this guest's recording (None for the host's own table, or before the game)."""
        return self.recorder.path if self.recorder is not None else None

    def poll(self) -> list[Message]:
        messages = self.client.poll()
        for message in messages:
            if self.recorder is not None:
                self.recorder.feed(message)
            kind = message.get("type")
            if kind == "welcome":
                self.local_seats = list(message.get("seats") or [])
                self.owner = bool(message.get("owner"))
                self.keep_seat(message)
            elif kind == "seats":
                self.local_seats = list(message.get("seats") or [])
                self.keep_seat({**(self.welcome or {}), "seats": self.local_seats,
                                "token": message.get("token") or (self.welcome or {}).get("token")})
            elif kind == "result" and self.seat_key:
                from cardtable.netplay import seatstore

                seatstore.forget(self.seat_key)  # nothing to come back to
            elif kind == "closed":
                self.closed = True
        return messages

    def keep_seat(self, welcome: Message) -> None:
        """Keep this seat's token on disk, under the table's id (seatstore): after a crash, or when the
        host comes back on another port, the same seats come back. Not for this computer's own table."""
        from cardtable.netplay import seatstore

        self.welcome = welcome
        if self.address is None or self.local_table is not None or not welcome.get("token"):
            return
        held = seatstore.from_welcome(welcome, str(self.address[0]), int(self.address[1]))
        if held is None:
            if not welcome.get("seats") and self.seat_key:
                seatstore.forget(self.seat_key)
            return
        self.seat_key = held.key
        seatstore.remember(held)

    def send(self, seat: int, action: dict[str, Any], press_time: float | None = None) -> None:
        self.client.send_action(seat, action, time.monotonic() if press_time is None else press_time)

    def request(self, message: Message) -> None:
        self.client.send(message)

    @property
    def can_pause(self) -> bool:
        return not self.closed

    @property
    def pauses_at_once(self) -> bool:  # type: ignore[override]
        return self.local_table is not None

    def pause(self, paused: bool) -> None:
        """The embedded host pauses at once; a host in another program is asked (``pause``), and its
        lobby's ``paused`` says when it has."""
        if self.local_table is not None:
            self.local_table.pause(paused)
        elif not self.closed:
            self.client.send({"type": "pause", "paused": paused})

    def open_to_lan(self, name: str, interfaces: list[str] | None = None) -> str:
        if self.local_table is None:
            raise RuntimeError("only the table's host can open it to the LAN")
        if interfaces is None:
            interfaces = lan_interfaces()
        port = self.local_table.advertise(name, interfaces)
        self.advertised = True
        self.lan_address = f"{interfaces[0] if interfaces else '127.0.0.1'}:{port}"
        return self.lan_address

    def close(self) -> None:
        if self.closed and self.local_table is None:
            return
        self.closed = True
        if self.recorder is not None:
            self.recorder.close()
        try:
            self.client.close()
        finally:
            if self.local_table is not None:
                self.local_table.stop()
                self.local_table = None


def lan_interfaces() -> list[str]:
    """This machine's LAN addresses, for "open to LAN"."""
    try:
        from cardtable.netplay.discovery import local_addresses

        return local_addresses()
    except Exception:
        return ["127.0.0.1"]


def start_local(config: TableConfig, player_name: str, interfaces: list[str] | None = None) -> Session:
    """Local play (or a hosted LAN table): netplay's embedded host on 127.0.0.1 and a client for the
    seats played on this screen."""
    from cardtable.netplay.client import NetClient
    from cardtable.netplay.history import new_log_path
    from cardtable.netplay.host import start_local_table

    try:
        log = new_log_path(config.game)  # the table's log: its replay, in the History
    except OSError:
        log = None
    table = start_local_table(
        config.game, config.players, seats=config.host_seats(), options=config.options or None,
        seed=config.seed, name=config.name, pin=config.pin, bot_speed=config.bot_speed, log=log,
    )
    local = max(1, len(config.local_seats))
    client = NetClient("127.0.0.1", table.port, player_name, pin=config.pin, seats=local)
    client.start()
    session = NetSession(client, table, config, ("127.0.0.1", table.port))
    # This screen's players sit first: their seats and the table's ownership are theirs before anyone
    # else can join, and the LAN advert counts them from its first announcement.
    bots = sum(1 for level in config.host_seats() if level is not None)
    wait_until_seated(table, bots + min(local, len(config.seats) - bots))
    if config.lan:
        try:
            session.open_to_lan(config.name, interfaces)
        except Exception as error:  # the table still works locally
            session.lan_error = str(error)
    return session


def wait_until_seated(table: Any, taken: int, timeout: float = 10.0) -> bool:
    """Wait (at most ``timeout`` s, a hang guard) until the embedded host has ``taken`` seats filled: its
    own client's hello is handled on the host's thread, and on a busy machine it can come after another
    person's hello or the first advert."""
    deadline = time.monotonic() + timeout
    while table.host.taken() < taken:
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.005)
    return True


def join(host: str, port: int, player_name: str, pin: str | None = None, seats: int = 1, table_id: str = "",
         host_key: bytes | None = None) -> NetSession:
    """Join the table at ``host:port`` with the seat token kept for it (by its id when the join list
    knows it, else by the address), so a player who left or crashed gets their seats back. The host must
    prove the key the token was given by (else ``host_key``, the advertised one, when there is no token)."""
    from cardtable.netplay import seatstore
    from cardtable.netplay.client import NetClient

    held = (seatstore.lookup(table_id) if table_id else None) or seatstore.at_address(host, port)
    client = NetClient(host, port, player_name, pin=pin or None, token=held.token if held else None, seats=seats,
                       host_key=held.key_bytes if held else host_key)
    client.start()
    session = NetSession(client, None, None, (host, port))
    session.asked = seats
    return session


class DirectSession(Session):
    """The engine refereed in-process, bots driven by the tick: deterministic, thread-free."""

    keeps_history = False
    private = True

    def __init__(self, config: TableConfig, bots_everywhere: bool = False) -> None:
        from cardtable.engine import get_game
        from cardtable.engine.core import IllegalAction

        self._illegal = IllegalAction
        self.config = config
        self.game = get_game(config.game)
        seed = config.seed if config.seed is not None else random.randrange(2**31)
        self.state = self.game.new(config.players, seed, config.options or None)
        self.local_seats = config.local_seats or [0]
        self.owner = True
        self.version = 0
        self.started = False
        self.outbox: list[Message] = []
        self.result: dict[str, Any] | None = None
        self._seq = 0
        self.rng = random.Random(seed ^ 0xC0FFEE)
        self.bots: dict[int, Any] = {}
        for index, spec in enumerate(config.seats or [SeatSpec(YOU)] + [SeatSpec()] * (config.players - 1)):
            if spec.kind == BOT or spec.kind == OPEN or bots_everywhere:
                self.bots[index] = _make_bot(config.game, spec.level)
        self.timers: dict[int, float] = {}
        self.frozen = False  # shots and benchmarks: bots stop playing on the tick
        self.paused = False  # the pause menu of a table whose players all sit at this screen
        names = [s.name or ("You" if s.kind == YOU else f"{s.level} bot" if s.kind == BOT else f"Player {i + 1}")
                 for i, s in enumerate(config.seats)]
        self.names = names
        self.outbox.append({"type": "welcome", "seats": list(self.local_seats), "owner": True, "token": "local",
                            "table": {"name": config.name, "game": config.game, "title": self.game.title,
                                      "players": config.players, "options": self.game.resolve_options(
                                          config.players, config.options or None),
                                      "pin": False, "started": False, "realtime": self.game.realtime}})
        self.outbox.append(self._lobby())

    def _lobby(self) -> Message:
        seats = []
        for i, spec in enumerate(self.config.seats):  # type: ignore[union-attr]
            kind = "bot" if spec.kind == BOT else "person"
            seats.append({"seat": i, "kind": kind, "name": self.names[i], "connected": True,
                          "bot_playing": i in self.bots, **({"level": spec.level} if kind == "bot" else {})})
        return {"type": "lobby", "seats": seats, "options": self.config.options, "started": self.started,
                "spectators": 0}

    def request(self, message: Message) -> None:
        if message.get("type") == "start" and not self.started:
            self.started = True
            self.outbox.append(self._lobby())
            self._push([])

    def poll(self) -> list[Message]:
        out, self.outbox = self.outbox, []
        return out

    def _push(self, events: list[dict[str, Any]]) -> None:
        for seat in self.local_seats:
            self.outbox.append({
                "type": "view", "seat": seat, "version": self.version, "view": self.game.view(self.state, seat),
                "legal": self.game.legal(self.state, seat), "events": events, "result": self.result,
            })
        if self.result is not None:
            self.outbox.append({"type": "result", "result": self.result, "hash": ""})

    def apply(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        events = self.game.apply(self.state, seat, action)
        self.version += 1
        self.result = self.game.result(self.state)
        self._push(events)
        return events

    def send(self, seat: int, action: dict[str, Any], press_time: float | None = None) -> None:
        self._seq += 1
        if seat not in self.local_seats:
            self.outbox.append({"type": "reject", "seq": self._seq, "reason": f"seat {seat} is not yours",
                                "action": action})
            return
        try:
            self.apply(seat, action)
        except self._illegal as error:
            self.outbox.append({"type": "reject", "seq": self._seq, "reason": error.reason, "action": action})
            return
        self.outbox.append({"type": "ack", "seq": self._seq})

    def bot_step(self) -> bool:
        """One bot action at once (no delay); False when no bot can act."""
        if self.result is not None:
            return False
        seats = [s for s in self.game.to_act(self.state) if s in self.bots and self.game.legal(self.state, s)]
        if not seats:
            return False
        seat = self.rng.choice(seats) if self.game.realtime else seats[0]
        view = self.game.view(self.state, seat)
        action = self.bots[seat].choose(view, self.game.legal(self.state, seat), self.rng)
        self.apply(seat, action)
        return True

    can_pause = True

    def pause(self, paused: bool) -> None:
        self.paused = paused

    def tick(self, dt: float) -> None:
        if not self.started or self.result is not None or self.frozen or self.paused:
            return
        factor = self.config.bot_speed if self.config else 1.0
        for seat in self.game.to_act(self.state):
            bot = self.bots.get(seat)
            if bot is None:
                continue
            legal = self.game.legal(self.state, seat)
            if not legal:
                self.timers.pop(seat, None)
                continue
            if seat not in self.timers:
                self.timers[seat] = bot.delay(self.game.view(self.state, seat), self.rng) * factor
                continue
            self.timers[seat] -= dt
            if self.timers[seat] <= 0:
                del self.timers[seat]
                view = self.game.view(self.state, seat)
                with contextlib.suppress(self._illegal):
                    self.apply(seat, bot.choose(view, legal, self.rng))
                return

    def close(self) -> None:
        self.outbox.clear()


def _make_bot(game_name: str, level: str) -> Any:
    from cardtable.engine.bots import get_bot

    return get_bot(game_name, level)
