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
import math
import socket
import unicodedata
from collections.abc import Callable
from typing import Any, Final

import msgpack

PROTOCOL_VERSION: Final = 1
SERVICE_TYPE: Final = "_cardtable._tcp.local."

MAX_FRAME: Final = 1 << 20  # bytes buffered for one message (and for the stream between reads)
MAX_ARRAY: Final = 4096
MAX_MAP: Final = 512
MAX_STR: Final = 16384
MAX_DEPTH: Final = 24
MAX_NAME: Final = 24
READ_CHUNK: Final = 65536

Message = dict[str, Any]

# Message types each side may send. Anything else closes the connection.
CLIENT_TYPES: Final = frozenset(
    {"hello", "action", "ping", "pong", "bye", "chat", "sit", "stand", "set_seat", "set_option", "start"}
)
HOST_TYPES: Final = frozenset(
    {"welcome", "lobby", "view", "ack", "reject", "result", "error", "ping", "pong", "bye", "chat"}
)


class ProtocolError(Exception):
    """Input that breaks the protocol; ``reason`` is sent to the peer before closing."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _no_ext(code: int, data: bytes) -> Any:
    raise ProtocolError("msgpack extension types are not part of the protocol")


def _make_unpacker() -> msgpack.Unpacker:
    return msgpack.Unpacker(
        raw=False,
        strict_map_key=True,
        max_buffer_size=MAX_FRAME,
        max_array_len=MAX_ARRAY,
        max_map_len=MAX_MAP,
        max_str_len=MAX_STR,
        max_bin_len=0,
        max_ext_len=0,
        ext_hook=_no_ext,
        use_list=True,
    )


def check_plain(data: Any, depth: int = 0) -> None:
    """Raise ProtocolError unless ``data`` is plain msgpack data: str-keyed maps, lists, str, int,
    finite float, bool, None, nested at most MAX_DEPTH deep."""
    if depth > MAX_DEPTH:
        raise ProtocolError("message nested too deeply")
    if data is None or isinstance(data, bool | int | str):
        return
    if isinstance(data, float):
        if not math.isfinite(data):
            raise ProtocolError("non-finite number")
        return
    if isinstance(data, list):
        for item in data:
            check_plain(item, depth + 1)
        return
    if isinstance(data, dict):
        for key, value in data.items():
            if not isinstance(key, str):
                raise ProtocolError("map keys must be strings")
            check_plain(value, depth + 1)
        return
    raise ProtocolError(f"{type(data).__name__} values are not part of the protocol")


class Decoder:
    """Feed bytes, get whole messages. After the first error every call raises again."""

    def __init__(self, allowed: frozenset[str], deep_check: bool = True) -> None:
        self.allowed = allowed
        self.deep_check = deep_check  # walk every value (the host does; clients trust the limits only)
        self._unpacker: msgpack.Unpacker | None = _make_unpacker()
        self._error: str | None = None

    def feed(self, data: bytes) -> list[Message]:
        if self._unpacker is None:
            raise ProtocolError(self._error or "stream already broken")
        messages: list[Message] = []
        try:
            self._unpacker.feed(data)
            for item in self._unpacker:
                messages.append(self._check(item))
        except ProtocolError as error:
            self._fail(error.reason)
        except msgpack.BufferFull:
            self._fail(f"message larger than {MAX_FRAME} bytes")
        except ValueError as error:  # limits exceeded, bad map keys
            self._fail(f"malformed message: {str(error)[:80]}")
        except Exception as error:  # FormatError, StackError, anything the C unpacker raises
            self._fail(f"malformed message: {type(error).__name__}")
        return messages

    def _fail(self, reason: str) -> None:
        self._unpacker = None  # never reuse an unpacker after an error
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
            check_plain(item)
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


def set_nodelay(writer: asyncio.StreamWriter) -> None:
    sock = writer.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class Connection:
    """One msgpack stream over asyncio streams: ``send`` queues bytes, ``read`` yields messages."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        allowed: frozenset[str],
        tap_in: Callable[[bytes], None] | None = None,
        deep_check: bool = True,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = Decoder(allowed, deep_check)
        self.closed = False
        self.bytes_out = 0
        self.bytes_in = 0
        self.tap_in = tap_in
        self._pending: list[bytes] = []
        self._flush_scheduled = False
        set_nodelay(writer)

    def send(self, message: Message) -> None:
        """Queue ``message``; everything queued in one loop iteration goes out in one write (system
        calls are the expensive part of a push)."""
        if self.closed:
            return
        data = encode(message)
        self.bytes_out += len(data)
        self._pending.append(data)
        if not self._flush_scheduled:
            self._flush_scheduled = True
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        self._flush_scheduled = False
        if not self._pending:
            return
        data = b"".join(self._pending)
        self._pending.clear()
        if self.writer.is_closing():
            return
        try:
            self.writer.write(data)
        except (ConnectionError, RuntimeError):
            self.closed = True

    def buffered(self) -> int:
        transport = self.writer.transport
        pending = sum(len(chunk) for chunk in self._pending)
        return pending + (transport.get_write_buffer_size() if transport is not None else 0)

    async def read(self) -> list[Message]:
        """The next messages; [] at end of stream. Raises ProtocolError on bad input."""
        data = await self.reader.read(READ_CHUNK)
        if not data:
            return []
        self.bytes_in += len(data)
        if self.tap_in is not None:
            self.tap_in(data)
        return self.decoder.feed(data)

    async def drain(self) -> None:
        self.flush()
        try:
            await self.writer.drain()
        except (ConnectionError, RuntimeError):
            self.closed = True

    async def close(self, reason: str | None = None) -> None:
        if self.closed:
            return
        if reason is not None:
            self.send({"type": "bye", "reason": reason})
        self.flush()
        self.closed = True
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)
        except (ConnectionError, RuntimeError, TimeoutError, OSError):
            pass
