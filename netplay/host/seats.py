"""Seats and the lobby: who sits where, seat tokens, the table's owner and the lobby requests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.engine.bots import get_bot
from cardtable.engine.core import IllegalAction
from cardtable.netplay.host.peer import ClientConn
from cardtable.netplay.protocol import Message, need, new_token, token_digest

if TYPE_CHECKING:
    from cardtable.netplay.host.table import Host

OPEN, PERSON, BOT = "open", "person", "bot"
MIN_CLOCK, MAX_CLOCK = 10, 3600  # the turn clock the owner may set, in seconds (or 0: none)


@dataclass(slots=True)
class Seat:
    kind: str = OPEN  # open | person | bot
    name: str = ""
    level: str | None = None  # the bot's level (kind bot)
    token_hash: str | None = None  # token_digest of the owner's token (kind person)
    conn: ClientConn | None = None
    away_since: float | None = None
    takeover: bool = False  # a bot plays this person's seat while they are away (gone, or the turn clock ran out)


def clock_problem(seconds: Any) -> str | None:
    """What is wrong with ``seconds`` as a turn clock (None: nothing)."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not (
            seconds == 0 or MIN_CLOCK <= seconds <= MAX_CLOCK):
        return f"must be 0 (no clock) or {MIN_CLOCK}-{MAX_CLOCK} seconds, not {str(seconds)[:16]}"
    return None


def bot_seat(level: str) -> Seat:
    return Seat(kind=BOT, name=f"{level} bot", level=level)


class Lobby:
    """The seats of one table and who may come back to them (tokens), who owns the table, and the
    lobby requests (sit, let_sit, stand, set_seat, set_option, set_hints, set_clock, start)."""

    def __init__(self, host: Host, specs: Sequence[str | None]) -> None:
        self.host = host
        self.seats = [Seat() for _ in specs]
        for index, spec in enumerate(specs):
            if spec not in (None, OPEN, PERSON):
                get_bot(host.game.name, spec)  # a bad level fails here, not mid-game
                self.seats[index] = bot_seat(spec)
        self.tokens: dict[str, str] = {}  # token_digest -> player name
        self.owner: str | None = None  # token_digest of the owner's token
        self.asking: dict[int, tuple[ClientConn, int]] = {}  # connection id: (spectator, seat it asks for)

    def knows(self, token: str | None) -> bool:
        """``token`` holds (or held) a seat here."""
        return token is not None and token_digest(token) in self.tokens

    def is_owner(self, client: ClientConn) -> bool:
        return client.token_hash is not None and client.token_hash == self.owner

    def taken(self) -> int:
        return sum(1 for seat in self.seats if seat.kind != OPEN)

    def message(self) -> Message:
        seats = []
        for index, seat in enumerate(self.seats):
            entry: dict[str, Any] = {
                "seat": index,
                "kind": seat.kind,
                "name": seat.name,
                "connected": seat.kind == BOT or seat.conn is not None,
                "bot_playing": seat.kind == BOT or seat.takeover,
            }
            if seat.kind == PERSON and seat.takeover and seat.conn is not None:
                entry["away"] = True  # here, but the turn clock ran out: a bot plays until they act
            if seat.level is not None:
                entry["level"] = seat.level
            if self.host.started and self.host.result is None and self.takeable(seat):
                entry["free"] = True  # a spectator may take it
            seats.append(entry)
        host = self.host
        watching = [c.name for c in host.conns.values() if c.welcomed and not c.seats]
        message = {"type": "lobby", "seats": seats, "options": host.options, "started": host.started,
                   "paused": host.paused,
                   "spectators": len(watching), "watching": watching[:16], "hints": host.config.hints,
                   "turn_clock": host.config.turn_clock, "open_seats": host.config.open_seats,
                   **self.clock_fields()}
        if host.started and host.result is None and self.asking:
            message["asking"] = [{"seat": seat, "name": c.name} for c, seat in list(self.asking.values())[:8]]
        if host.game.realtime:
            message["hold_cap_ms"] = round(host.config.max_hold * 1000)
            message["slow_links"] = host.races.slow_links()
        return message

    def clock_fields(self) -> Message:
        """``clock``, for a view or the lobby while the turn clock runs: whom it runs for and the seconds left."""
        bots = self.host.bots
        left = bots.clock_left()
        return {} if left is None else {"clock": {"seats": list(bots.clock_seats), "left": round(left, 1)}}

    @staticmethod
    def takeable(seat: Seat) -> bool:
        """In a game, a seat a spectator may take: a bot's, or one a bot plays for a person gone too long."""
        return seat.kind == BOT or (seat.kind == PERSON and seat.conn is None and seat.takeover)

    def sit_in_game(self, client: ClientConn, index: int) -> None:
        """``sit`` mid-game: a person whose seat a bot plays for them takes it back; a spectator takes a
        free seat if the table's owner asks, the host lets anyone (``open_seats``) or no person is here
        to be held up; anyone else's asking goes to the owner (refused, with why, until ``let_sit``)."""
        if index in client.seats:
            self.come_back(client, index)
            return
        self._check_free(client, index)
        nobody_here = not any(seat.kind == PERSON and seat.conn is not None for seat in self.seats)
        if self.host.config.open_seats or self.is_owner(client) or nobody_here:
            self.take(client, index)
            return
        if self.asking.get(client.id) != (client, index):
            self.asking[client.id] = (client, index)
            self.host.changed(spectators_only=True)  # the owner sees who asks (at most every lobby_interval)
        raise IllegalAction(f"seat {index + 1} needs the table's owner's yes: they have been asked")

    def let_sit(self, client: ClientConn, message: Message) -> None:
        """The owner's answer to a spectator asking for a seat mid-game (``let_sit {seat, allow}``)."""
        if not self.is_owner(client):
            raise IllegalAction("only the table's owner can let someone sit")
        index = self._seat_index(message)
        allow = message.get("allow")
        if not isinstance(allow, bool):
            raise IllegalAction("'allow' must be true or false")
        asked = [other for other, seat in self.asking.values() if seat == index]
        if not asked:
            raise IllegalAction(f"nobody asks for seat {index + 1}")
        spectator = asked[0]
        del self.asking[spectator.id]
        if not allow:
            self.host.send(spectator, {"type": "error", "request": "sit",
                                       "reason": f"the table's owner kept seat {index + 1} as it is"})
            return
        self.take(spectator, index)
        self.host.seats_changed(spectator)

    def come_back(self, client: ClientConn, index: int) -> None:
        """The person of seat ``index``, marked away by the turn clock, plays again (acts, or ``sit``)."""
        seat = self.seats[index]
        if seat.conn is client and seat.takeover:
            seat.takeover = False

    def _check_free(self, client: ClientConn, index: int) -> None:
        if client.seats:
            raise IllegalAction("you already play at this table")
        if not self.takeable(self.seats[index]):
            raise IllegalAction(f"seat {index + 1} is not free")

    def take(self, client: ClientConn, index: int) -> None:
        """A spectator takes seat ``index`` mid-game; its old holder's token no longer has it."""
        seat = self.seats[index]
        self._check_free(client, index)
        self.asking.pop(client.id, None)
        if client.token_hash is None:
            client.token = new_token()
            client.token_hash = token_digest(client.token)
        old = seat.token_hash
        self.seats[index] = Seat(kind=PERSON, name=client.name, token_hash=client.token_hash)
        self.bind(client, index)
        if old is not None and not any(s.token_hash == old for s in self.seats):
            self.tokens.pop(old, None)
        self.host.record_seat(index)

    # -- coming and going -----------------------------------------------------------------------

    def seat_on_hello(self, client: ClientConn, token: str | None, want: int) -> None:
        """Give ``client`` its token's seats back (a known token), or a new token and, in the lobby, up
        to ``want`` open seats; the first seated client owns the table."""
        if token is not None and self.knows(token):
            client.token, client.token_hash = token, token_digest(token)
            for other in list(self.host.conns.values()):
                if other is not client and other.token_hash == client.token_hash:
                    self.release(other)
                    self.host.kick(other, "you joined again from another connection")
            for index, seat in enumerate(self.seats):
                if seat.kind == PERSON and seat.token_hash == client.token_hash:
                    self.bind(client, index)
        else:
            client.token = new_token()
            client.token_hash = token_digest(client.token)
        if not self.host.started:  # in the lobby a returning player whose seats opened up sits down again
            for index, seat in enumerate(self.seats):
                if len(client.seats) >= want:
                    break
                if seat.kind == OPEN:
                    self.seats[index] = Seat(kind=PERSON, name=client.name, token_hash=client.token_hash)
                    self.bind(client, index)
        if self.owner is None and client.seats:
            self.owner = client.token_hash

    def bind(self, client: ClientConn, index: int) -> None:
        if client.token_hash is not None:
            self.tokens[client.token_hash] = client.name  # only seat holders can come back
        seat = self.seats[index]
        seat.conn = client
        seat.away_since = None
        seat.takeover = False
        seat.name = client.name
        self.host.bots.cancel_takeover(index)
        if index not in client.seats:
            client.seats.append(index)
            client.seats.sort()

    def release(self, client: ClientConn) -> None:
        """``client`` is gone: lobby seats open up again, seats in a game wait for their token."""
        self.asking.pop(client.id, None)
        for index in client.seats:
            seat = self.seats[index]
            if seat.conn is not client:
                continue
            seat.conn = None
            if not self.host.started:
                self.seats[index] = Seat()
            elif self.host.result is None:
                seat.away_since = self.host.clock()
                self.host.bots.arm_takeover(index)
        client.seats = []

    def left(self, client: ClientConn) -> None:
        """``client`` has been dropped: if the owner left the lobby (and has not come back already with
        the token), the longest-connected seated client may start the table now."""
        conns = self.host.conns.values()
        owner_here = any(self.is_owner(c) for c in conns if c is not client)  # maybe back already
        if not self.host.started and self.is_owner(client) and not owner_here:
            heirs = [c for c in conns if c.welcomed and c.seats]
            self.owner = heirs[0].token_hash if heirs else None

    def restore(self, records: list[dict[str, Any]]) -> None:
        """The seats of a resumed table, from its log's start record."""
        for index, record in enumerate(records):
            kind = record.get("kind", BOT)
            digest = record.get("token_hash")
            self.seats[index] = Seat(kind=kind, name=record.get("name") or "", level=record.get("level"),
                                     token_hash=digest)
            if kind == PERSON and digest:
                self.tokens[digest] = record.get("name") or "player"
                self.owner = self.owner or digest

    def fill_with_bots(self, level: str) -> None:
        for index, seat in enumerate(self.seats):
            if seat.kind == OPEN:
                self.seats[index] = bot_seat(level)

    def records(self) -> list[dict[str, Any]]:
        """The seats as the table log's start record keeps them."""
        return [{"name": s.name, "kind": s.kind, "level": s.level, "token_hash": s.token_hash} for s in self.seats]

    # -- lobby requests -------------------------------------------------------------------------

    def request(self, client: ClientConn, message: Message) -> bool:
        """Carry out a lobby request; True if the table changed (False: ``start``, which announces
        itself). IllegalAction if it is refused."""
        host = self.host
        kind = message["type"]
        owner = self.is_owner(client)
        if kind == "set_clock":
            if not owner:
                raise IllegalAction("only the table's owner can set the turn clock")
            seconds = message.get("seconds")
            problem = clock_problem(seconds)
            if problem is not None:
                raise IllegalAction(f"'seconds' {problem}")
            host.config.turn_clock = float(seconds)
            host.bots.arm_clock(restart=True)
            return True
        if kind == "pause":
            self.pause_for(client, message)
            return True
        if host.started and host.result is None and kind == "sit":
            self.sit_in_game(client, self._seat_index(message))
            return True
        if host.started and host.result is None and kind == "let_sit":
            self.let_sit(client, message)
            return True
        if host.started:
            raise IllegalAction("the game has already started")
        if kind == "let_sit":
            raise IllegalAction("nobody asks for a seat before the game")
        if kind == "sit":
            index = self._seat_index(message)
            if self.seats[index].kind != OPEN:
                raise IllegalAction(f"seat {index} is taken")
            self.seats[index] = Seat(kind=PERSON, name=client.name, token_hash=client.token_hash)
            self.bind(client, index)
            self.owner = self.owner or client.token_hash
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
                level = need(message, "level", str, optional=True) or host.config.fill_level
                try:
                    get_bot(host.game.name, level)
                except ValueError as error:
                    raise IllegalAction(str(error)) from None
                self.seats[index] = bot_seat(level)
            else:
                self.seats[index] = Seat()
        elif kind == "set_option":
            if not owner:
                raise IllegalAction("only the table's owner can change options")
            name = need(message, "name", str)
            try:
                host.options = host.game.resolve_options(host.players, {**host.options, name: message.get("value")})
            except ValueError as error:
                raise IllegalAction(str(error)) from None
        elif kind == "set_hints":
            if not owner:
                raise IllegalAction("only the table's owner can allow hints")
            allow = message.get("allow")
            if not isinstance(allow, bool):
                raise IllegalAction("'allow' must be true or false")
            host.config.hints = allow
        elif kind == "start":
            if not owner:
                raise IllegalAction("only the table's owner can start")
            host.start_game()
            return False
        return True

    def all_at(self, client: ClientConn) -> bool:
        """Every person at the table plays at ``client``'s screen, connected now (the others are bots)."""
        return bool(client.seats) and all(seat.conn is client for seat in self.seats if seat.kind == PERSON)

    def pause_for(self, client: ClientConn, message: Message) -> None:
        """``pause {paused}``: the couch's pause menu at a host in another program. Only a screen where
        everyone playing sits may stop the game; it goes on by itself when that stops being so (someone
        sits down or the screen leaves: see :meth:`Host.changed`)."""
        paused = message.get("paused")
        if not isinstance(paused, bool):
            raise IllegalAction("'paused' must be true or false")
        if paused and (not self.host.started or self.host.result is not None):
            raise IllegalAction("only a game under way can be paused")
        if paused and not self.all_at(client):
            raise IllegalAction("only a screen where everyone playing sits can pause the game")
        if not paused and self.host.paused_by not in (None, client.id):
            raise IllegalAction("another screen paused the game")
        self.host.pause(paused, by=client.id if paused else None)

    def _seat_index(self, message: Message) -> int:
        index = need(message, "seat", int)
        if not 0 <= index < len(self.seats):
            raise IllegalAction(f"there is no seat {index}")
        return int(index)
