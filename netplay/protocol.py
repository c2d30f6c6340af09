"""The wire protocol: msgpack maps over TCP (docs/PROTOCOL.md describes every message).

A connection's byte stream is a plain sequence of msgpack maps, one per message, each with a str
``"type"``. :class:`Decoder` wraps a size-limited ``msgpack.Unpacker``; any decode error, oversized frame,
foreign type (bin, ext, non-str map keys), over-deep nesting or unknown message type raises
:class:`ProtocolError`, after which the decoder is poisoned (the caller closes the connection: the stream
cannot be resynchronised). Never pickle, never eval.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import math
import secrets
import socket
import unicodedata
from collections.abc import Callable
from typing import Any, Final, Protocol

import msgpack

PROTOCOL_VERSION: Final = 2  # 2: the sealed handshake (netplay/handshake.py); 1 sent the PIN in clear
SERVICE_TYPE: Final = "_cardtable._tcp.local."

MAX_FRAME: Final = 1 << 20  # bytes buffered for one message (and for the stream between reads)
MAX_ARRAY: Final = 4096
MAX_MAP: Final = 512
MAX_STR: Final = 16384
MAX_DEPTH: Final = 24
MAX_NAME: Final = 24
READ_CHUNK: Final = 65536
# What the host takes from a client: its messages are small (the largest, a Rummy table, is a few
# hundred values), so decoding and checking one can never cost much.
MAX_CLIENT_FRAME: Final = 64 * 1024
MAX_CLIENT_VALUES: Final = 2048

Message = dict[str, Any]

# Message types each side may send. Anything else closes the connection.
CLIENT_TYPES: Final = frozenset(
    {"hello", "join", "probe", "action", "ping", "pong", "bye", "chat", "sit", "let_sit", "stand", "set_seat",
     "set_option", "set_hints", "set_clock", "start", "admit", "pause"}
)
HOST_TYPES: Final = frozenset(
    {"host_hello", "welcome", "table", "seats", "lobby", "view", "ack", "reject", "result", "error", "ping", "pong",
     "bye", "chat", "wait"}
)


class ProtocolError(Exception):
    """Input that breaks the protocol; ``reason`` is sent to the peer before closing."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _no_ext(code: int, data: bytes) -> Any:
    raise ProtocolError("msgpack extension types are not part of the protocol")


def _make_unpacker(max_frame: int = MAX_FRAME) -> msgpack.Unpacker:
    return msgpack.Unpacker(
        raw=False,
        strict_map_key=True,
        max_buffer_size=max_frame,
        read_size=min(max_frame, 4096),  # its first buffer (it grows up to max_frame): a host has many
        max_array_len=MAX_ARRAY,
        max_map_len=MAX_MAP,
        max_str_len=MAX_STR,
        max_bin_len=0,
        max_ext_len=0,
        ext_hook=_no_ext,
        use_list=True,
    )


def check_plain(data: Any, budget: int | None = None) -> None:
    """Raise ProtocolError unless ``data`` is plain msgpack data: str-keyed maps, lists, str, int,
    finite float, bool, None, nested at most MAX_DEPTH deep, and (``budget``) at most that many values
    in all: the walk stops there, so checking a message costs at most ``budget`` steps."""
    counted = 1  # values seen so far, counted as their container is opened
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ProtocolError("message nested too deeply")
        if item is None or isinstance(item, bool | int | str):
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                raise ProtocolError("non-finite number")
            continue
        if not isinstance(item, list | dict):
            raise ProtocolError(f"{type(item).__name__} values are not part of the protocol")
        counted += len(item)
        if budget is not None and counted > budget:
            raise ProtocolError(f"message with more than {budget} values")
        if isinstance(item, list):
            stack.extend((value, depth + 1) for value in item)
            continue
        for key, value in item.items():
            if not isinstance(key, str):
                raise ProtocolError("map keys must be strings")
            stack.append((value, depth + 1))


# msgpack's fixed-size values: first byte -> bytes in all (nil, bools, floats, ints)
_FIXED_SIZE: Final = {0xC0: 1, 0xC2: 1, 0xC3: 1, 0xCA: 5, 0xCB: 9, 0xCC: 2, 0xCD: 3, 0xCE: 5, 0xCF: 9,
                      0xD0: 2, 0xD1: 3, 0xD2: 5, 0xD3: 9}
_CONTAINER_HEADER: Final = {0xDC: 3, 0xDD: 5, 0xDE: 3, 0xDF: 5}  # array16/32, map16/32 (sizes: the unpacker checks)
_STR_HEADER: Final = {0xD9: 1, 0xDA: 2, 0xDB: 4}  # str8/16/32: bytes of the length after the type byte


class HeaderScan:
    """Reads the msgpack headers of a message still arriving, so that one that declares more than the
    limits allow is refused when its header comes, not after its bytes (or the hello timeout): a string
    over ``MAX_STR`` or past the frame limit, bin and ext values (never part of the protocol), or more
    values than ``max_values`` allows. It walks each header once, however the bytes come in."""

    def __init__(self, max_values: int | None) -> None:
        # a map of n pairs counts n values (check_plain) and is 2n headers: more than this many headers
        # is more values than allowed
        self.max_headers = 2 * max_values + 2 if max_values is not None else None
        self.at = 0  # the next header's offset in the message
        self.headers = 0

    def restart(self) -> None:
        """A new message begins at offset 0."""
        self.at = 0
        self.headers = 0

    def check(self, data: bytes | bytearray, frame_limit: int) -> str | None:
        """Why the message starting at ``data[0]`` breaks the limits already, or None (so far)."""
        end = len(data)
        while self.at < end:
            kind = data[self.at]
            self.headers += 1
            if self.max_headers is not None and self.headers > self.max_headers:
                return f"message with more than {(self.max_headers - 2) // 2} values"
            if kind <= 0x7F or kind >= 0xE0 or 0x80 <= kind <= 0x9F:  # fixint, fixmap, fixarray
                size = 1
            elif 0xA0 <= kind <= 0xBF:  # fixstr
                size = 1 + (kind & 0x1F)
            elif kind in _FIXED_SIZE:
                size = _FIXED_SIZE[kind]
            elif kind in _CONTAINER_HEADER:
                size = _CONTAINER_HEADER[kind]
            elif kind in _STR_HEADER:
                width = _STR_HEADER[kind]
                if self.at + 1 + width > end:
                    return None  # the length has not all come yet
                length = int.from_bytes(data[self.at + 1:self.at + 1 + width], "big")
                if length > MAX_STR:
                    return f"string longer than {MAX_STR} bytes"
                size = 1 + width + length
            elif kind in (0xC4, 0xC5, 0xC6):
                return "bin values are not part of the protocol"
            elif kind == 0xC1:
                return "malformed message: byte 0xc1"
            else:  # ext 0xc7-0xc9, fixext 0xd4-0xd8
                return "msgpack extension types are not part of the protocol"
            if self.at + size > frame_limit:
                return f"message larger than {frame_limit} bytes"
            self.at += size
        return None


class Decoder:
    """Feed bytes, get whole messages. After the first error every call raises again.

    With ``max_values`` (the host's decoders of client streams) the headers of a message still arriving
    are read too (:class:`HeaderScan`), and ``frame_limit`` (at most ``max_frame``; the host lowers it
    until the hello is accepted) bounds one message."""

    def __init__(self, allowed: frozenset[str], deep_check: bool = True, max_frame: int = MAX_FRAME,
                 max_values: int | None = None) -> None:
        self.allowed = allowed
        self.deep_check = deep_check  # walk every value (the host does; clients trust the limits only)
        self.max_frame = max_frame
        self.frame_limit = max_frame
        self.max_values = max_values
        self._unpacker: msgpack.Unpacker | None = _make_unpacker(max_frame)
        self._error: str | None = None
        self._fed = 0
        self._scan = HeaderScan(max_values) if max_values is not None else None
        self._unread = bytearray()  # bytes of the message still arriving (with a scan)
        self._taken = 0  # bytes of whole messages decoded, in all

    def feed(self, data: bytes) -> list[Message]:
        if self._unpacker is None:
            raise ProtocolError(self._error or "stream already broken")
        messages: list[Message] = []
        self._fed += len(data)
        try:
            self._unpacker.feed(data)
            ended = self._taken
            for item in self._unpacker:
                began, ended = ended, self._unpacker.tell()  # where it ended (after a partial one tell() says more)
                if ended - began > self.frame_limit:
                    raise ProtocolError(f"message larger than {self.frame_limit} bytes")
                messages.append(self._check(item))
            before, self._taken = self._taken, ended
            if self._scan is not None:
                self._scan_unread(data, ended - before)
        except ProtocolError as error:
            self._fail(error.reason)
        except msgpack.BufferFull:
            self._fail(f"message larger than {self.max_frame} bytes")
        except ValueError as error:  # limits exceeded, bad map keys
            self._fail(f"malformed message: {str(error)[:80]}")
        except Exception as error:  # FormatError, StackError, anything the C unpacker raises
            self._fail(f"malformed message: {type(error).__name__}")
        return messages

    def leftover(self) -> int:
        """Bytes fed but not yet part of a whole message."""
        return 0 if self._unpacker is None else self._fed - self._taken

    def _scan_unread(self, data: bytes, taken: int) -> None:
        """Keep the bytes of the message still arriving (``taken``: bytes of whole messages this feed
        decoded) and check its headers so far."""
        assert self._scan is not None
        self._unread += data
        if taken:  # whole messages came out: what is left starts a new one
            del self._unread[:taken]
            self._scan.restart()
        if self._unread:
            reason = self._scan.check(self._unread, min(self.frame_limit, self.max_frame))
            if reason is not None:
                raise ProtocolError(reason)

    def close(self) -> None:
        """Free the decoder's buffers; it takes nothing more."""
        if self._unpacker is not None:
            self._unpacker = None
            self._unread = bytearray()
            self._error = "the connection is closing"

    def _fail(self, reason: str) -> None:
        self._unpacker = None  # never reuse an unpacker after an error
        self._unread = bytearray()
        self._error = reason
        raise ProtocolError(reason)

    def _check(self, item: Any) -> Message:
        if not isinstance(item, dict):
            raise ProtocolError("every message is a map")
        kind = item.get("type")
        if not isinstance(kind, str):
            raise ProtocolError("a message needs a string 'type'")
        if kind not in self.allowed:
            raise ProtocolError(f"unknown message type {kind[:32]!r}")
        if self.deep_check:
            check_plain(item, self.max_values)
        return item


def encode(message: Message) -> bytes:
    data: bytes = msgpack.packb(message, use_bin_type=True)
    return data


def decode_all(data: bytes, allowed: frozenset[str] = HOST_TYPES | CLIENT_TYPES) -> list[Message]:
    """Every message in a complete byte capture (tests and tools), fed as the host's reads would be."""
    decoder = Decoder(allowed)
    return [m for start in range(0, len(data), READ_CHUNK) for m in decoder.feed(data[start:start + READ_CHUNK])]


# -- field checks used by both sides ---------------------------------------------------------------


def need(message: Message, key: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    """``message[key]`` if it has type ``kind`` (bool is never an int here), else ProtocolError."""
    if key not in message or message[key] is None:
        if optional:
            return None
        raise ProtocolError(f"'{message.get('type')}' needs '{key}'")
    value = message[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise ProtocolError(f"'{key}' has the wrong type")
    if not isinstance(value, kinds):
        raise ProtocolError(f"'{key}' has the wrong type")
    return value


def clean_name(name: Any, fallback: str = "player", limit: int = MAX_NAME) -> str:
    """A printable, single-line, length-limited player or table name (or chat line)."""
    if not isinstance(name, str):
        return fallback
    kept = []
    for char in unicodedata.normalize("NFC", name):
        if char.isspace():
            kept.append(" ")
            continue
        category = unicodedata.category(char)
        if category.startswith("C") or category in ("Zl", "Zp"):
            continue
        kept.append(" " if category == "Zs" else char)
    cleaned = " ".join("".join(kept).split())[:limit].strip()
    return cleaned or fallback


def new_token() -> str:
    """A fresh seat token: 96 random bits in hex, so it never starts with "-" and always passes as
    ``cardtable join --token TOKEN`` (a URL-safe token did in 1 of 64 cases, which argparse refused)."""
    return secrets.token_hex(12)


def token_digest(token: str) -> str:
    """What the host keeps of a seat token, in memory and in table logs: a token is a password."""
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def set_nodelay(writer: asyncio.StreamWriter) -> None:
    sock = writer.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class Sealing(Protocol):
    def seal(self, plaintext: bytes) -> bytes: ...


class Opening(Protocol):
    count: int

    def feed(self, data: bytes) -> tuple[list[bytes], bytes]: ...


class Connection:
    """One msgpack stream over asyncio streams: ``send`` queues bytes, ``read`` yields messages.

    The host reads in two steps, ``read_bytes`` then ``decode``, so that it can charge the bytes to the
    sender's budgets before spending anything on them.
    """

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        allowed: frozenset[str],
        tap_in: Callable[[bytes], None] | None = None,
        deep_check: bool = True,
        max_frame: int = MAX_FRAME,
        max_values: int | None = None,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = Decoder(allowed, deep_check, max_frame, max_values)
        self.closed = False
        self.bytes_out = 0
        self.bytes_in = 0
        self.tap_in = tap_in
        self._pending: list[bytes] = []
        self._pending_size = 0
        self._flush_scheduled = False
        self.sealer: Sealing | None = None
        self.opener: Opening | None = None
        set_nodelay(writer)

    def seal(self, sealer: Sealing, opener: Opening) -> None:
        """From now on frames go out through ``sealer`` and come in through ``opener`` (after the
        handshake: netplay/handshake.py). What was queued before leaves as it was (the clear hello)."""
        if self.decoder.leftover():
            raise ProtocolError("data after the hello, before the handshake was answered")
        self.flush()
        self.sealer, self.opener = sealer, opener

    def stop_sealing(self) -> None:
        """The peer cannot open this side's frames (its keys differ: a wrong PIN): say the rest in clear."""
        self.flush()
        self.sealer = None

    def send(self, message: Message) -> None:
        """Queue ``message``; everything queued in one loop iteration goes out in one write (system
        calls are the expensive part of a push)."""
        if not self.closed:
            self.send_encoded(encode(message))

    def send_encoded(self, data: bytes) -> None:
        """Queue a message already encoded (one encoding shared by many connections)."""
        if self.closed:
            return
        self.bytes_out += len(data)
        self._pending.append(data)
        self._pending_size += len(data)
        if not self._flush_scheduled:
            self._flush_scheduled = True
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        self._flush_scheduled = False
        if not self._pending:
            return
        data = b"".join(self._pending)
        self._pending.clear()
        self._pending_size = 0
        if self.writer.is_closing():
            return
        if self.sealer is not None:
            data = self.sealer.seal(data)
        try:
            self.writer.write(data)
        except (ConnectionError, RuntimeError):
            self.closed = True

    def buffered(self) -> int:
        """Bytes queued here and in the transport that the peer has not taken yet."""
        transport = self.writer.transport
        return self._pending_size + (transport.get_write_buffer_size() if transport is not None else 0)

    async def read_bytes(self, limit: int = READ_CHUNK) -> bytes:
        """The next bytes from the peer, at most ``limit`` (b"" at end of stream), not decoded yet."""
        try:
            data = await self.reader.read(max(1, min(limit, READ_CHUNK)))
        except ConnectionError:
            # a reset (the peer closed with our bytes unread) is reported before the bytes that came
            # first, often the peer's bye saying why: hand those over, the error comes on the next read
            data = bytes(getattr(self.reader, "_buffer", b""))[:max(1, min(limit, READ_CHUNK))]
            if not data:
                raise
            del self.reader._buffer[: len(data)]  # type: ignore[attr-defined]
        self.bytes_in += len(data)
        return data

    def decode(self, data: bytes) -> list[Message]:
        """The whole messages ``data`` completes (opened first once sealed). Raises ProtocolError on bad
        input, a frame that does not open included."""
        if not data:
            return []
        if self.opener is None:
            return self._feed(data)
        try:
            plaintexts, clear = self.opener.feed(data)
        except ProtocolError:
            self.decoder.close()
            raise
        if clear:  # the host could not open this client's first frame and says why
            messages = self._feed(clear)
            if any(message["type"] != "bye" for message in messages):
                self._fail_clear()
            return messages
        # one frame at a time: the decoder's buffer holds at most a partial message and one frame
        return [message for plaintext in plaintexts for message in self._feed(plaintext)]

    def _feed(self, stream: bytes) -> list[Message]:
        if stream and self.tap_in is not None:  # the msgpack stream received, opened (privacy tests)
            self.tap_in(stream)
        return self.decoder.feed(stream)

    def _fail_clear(self) -> None:
        self.decoder.close()
        raise ProtocolError("clear data after the handshake")

    async def read(self) -> list[Message]:
        """The next messages; [] at end of stream. Raises ProtocolError on bad input."""
        return self.decode(await self.read_bytes())

    async def drain(self) -> None:
        self.flush()
        try:
            await self.writer.drain()
        except (ConnectionError, RuntimeError):
            self.closed = True

    def abort(self) -> None:
        """Close at once, dropping everything unsent (a peer that does not read keeps nothing here)."""
        self.closed = True
        self._pending.clear()
        self._pending_size = 0
        self.decoder.close()
        transport = self.writer.transport
        if transport is not None:
            transport.abort()

    def half_close(self, reason: str | None = None) -> None:
        """Send ``bye {reason}`` (if still open) and then end this side of the stream (FIN after it);
        the peer's bytes may still come in (see ``linger``)."""
        if not self.closed:
            if reason is not None:
                self.send({"type": "bye", "reason": reason})
            self.flush()
            self.closed = True
        self.decoder.close()
        with contextlib.suppress(OSError, RuntimeError, AttributeError):
            if self.writer.can_write_eof() and not self.writer.is_closing():
                self.writer.write_eof()

    async def linger(self, grace: float = 1.0, limit: int = 16 * 1024) -> None:
        """After ``half_close``: take and drop what the peer still sends until it closes too, at most
        ``limit`` bytes for ``grace`` seconds, then close. Closing with unread bytes would reset the
        connection, and a reset can destroy the bye (with its reason) before the peer reads it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        taken = 0
        while taken < limit and (remaining := deadline - loop.time()) > 0:
            try:
                data = await asyncio.wait_for(self.reader.read(READ_CHUNK), remaining)
            except (TimeoutError, ConnectionError, OSError):
                break
            if not data:
                break
            taken += len(data)
        with contextlib.suppress(ConnectionError, RuntimeError, OSError):
            self.writer.close()
        if self.buffered():
            self.abort()

    async def close(self, reason: str | None = None, grace: float = 1.0) -> None:
        """Send ``bye {reason}`` and close; a peer that has not taken the rest within ``grace`` seconds is
        cut off (``abort``) so its unsent bytes are freed."""
        if self.closed:
            return
        if reason is not None:
            self.send({"type": "bye", "reason": reason})
        self.flush()
        self.closed = True
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), grace)
        except (ConnectionError, RuntimeError, TimeoutError, OSError):
            pass
        if self.buffered():
            self.abort()
