"""The handshake that opens every connection, and the sealed frames that follow it (docs/PROTOCOL.md).

Two clear messages, then everything is sealed::

    client -> host   hello       {protocol, version, nonce, eph, pake?}
    host -> client   host_hello  {protocol, key, eph, pake?, sig}
    client -> host   [sealed] join {name, seats, token?}  ...  host -> client [sealed] welcome ...

``eph`` are X25519 keys made for this connection; ``key`` is the host's long-term Ed25519 key
(netplay/identity.py) and ``sig`` its signature over the transcript (both hellos, so over the client's
fresh ``nonce``): only the holder of that key can answer, and a client that remembers the table's key
(trust on first use) stops here when the key is another. ``pake`` are SPAKE2 messages (the ``spake2``
package) made from the table's PIN: the client sends one only when it has a PIN to offer, the host
answers only when the table has one. The PIN itself never crosses the wire, and a wrong one shows only
as keys that differ: the host cannot open the client's first sealed frame.

The two directions' keys come from HKDF-SHA256 over the X25519 secret and the SPAKE2 key, salted with
the transcript's hash. A sealed frame is a 4-byte big-endian length and a ChaCha20-Poly1305 box whose
nonce is the count of frames sent before it in that direction (never sent, never reused): a changed,
dropped, repeated or reordered frame fails to open and closes the connection.

Everything here is sans-IO (bytes in, bytes and messages out), so the host, the client and tests that
speak the protocol over a plain socket share it.
"""

from __future__ import annotations

import hashlib
import os
import socket
import struct
from dataclasses import dataclass, field
from typing import Any, Final

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

from cardtable import __version__
from cardtable.netplay import identity
from cardtable.netplay.protocol import (
    HOST_TYPES,
    PROTOCOL_VERSION,
    Connection,
    Decoder,
    Message,
    ProtocolError,
    encode,
    need,
)

NONCE_BYTES: Final = 32
KEY_BYTES: Final = 32
LENGTH: Final = struct.Struct(">I")
TAG_BYTES: Final = 16
FRAME_BYTES: Final = 16384  # plaintext in one sealed frame at most (a longer flush takes several)
PROOF_CONTEXT: Final = b"cardtable host proof v2"
PROBE_CONTEXT: Final = b"cardtable probe v2"
SESSION_INFO: Final = b"cardtable session v2"
SPAKE_CLIENT: Final = b"cardtable client"
SPAKE_HOST: Final = b"cardtable host"


def to_hex(data: bytes) -> str:
    return data.hex()


def from_hex(message: Message, key: str, size: int | None = None, optional: bool = False) -> bytes | None:
    """The bytes a hex field of ``message`` holds (ProtocolError if it is not hex of ``size`` bytes)."""
    text = need(message, key, str, optional=optional)
    if text is None:
        return None
    if len(text) > 512:
        raise ProtocolError(f"'{key}' is too long")
    try:
        data = bytes.fromhex(text)
    except ValueError:
        raise ProtocolError(f"'{key}' is not hex") from None
    if size is not None and len(data) != size:
        raise ProtocolError(f"'{key}' must be {size} bytes")
    return data


def _x25519_public(private: X25519PrivateKey) -> bytes:
    return private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def transcript(protocol: int, nonce: bytes, client_eph: bytes, client_pake: bytes, host_key: bytes,
               host_eph: bytes, host_pake: bytes) -> bytes:
    """The hash both sides sign and derive keys from: every value of both hellos, each length-prefixed."""
    digest = hashlib.sha256(b"cardtable handshake v2")
    digest.update(LENGTH.pack(protocol))
    for part in (nonce, client_eph, client_pake, host_key, host_eph, host_pake):
        digest.update(LENGTH.pack(len(part)) + part)
    return digest.digest()


def _session_keys(shared: bytes, pake_key: bytes, transcript_hash: bytes) -> tuple[bytes, bytes]:
    """(client-to-host key, host-to-client key)."""
    material = HKDF(algorithm=hashes.SHA256(), length=2 * KEY_BYTES, salt=transcript_hash,
                    info=SESSION_INFO).derive(shared + pake_key)
    return material[:KEY_BYTES], material[KEY_BYTES:]


def probe_proof(table_id: str, nonce: bytes) -> bytes:
    """What a host signs to answer a ``probe``: a join list lists only a key its host can use."""
    return PROBE_CONTEXT + LENGTH.pack(len(nonce)) + nonce + table_id.encode()


# -- sealed frames ---------------------------------------------------------------------------------


class Sealer:
    """One direction's frames: each box's nonce is the count of boxes sealed before it."""

    def __init__(self, key: bytes) -> None:
        self._aead = ChaCha20Poly1305(key)
        self.count = 0

    def seal(self, plaintext: bytes) -> bytes:
        """``plaintext`` as one frame, or several of :data:`FRAME_BYTES` (the stream inside is msgpack:
        a message may be cut anywhere)."""
        return b"".join(self._box(plaintext[start:start + FRAME_BYTES])
                        for start in range(0, max(1, len(plaintext)), FRAME_BYTES))

    def _box(self, plaintext: bytes) -> bytes:
        box = self._aead.encrypt(self.count.to_bytes(12, "big"), plaintext, None)
        self.count += 1
        return LENGTH.pack(len(box)) + box


class Opener:
    """The other direction: ``feed`` raw bytes, get back the plaintexts of the whole frames in them.

    ``clear_bye`` (the client's side): until the first frame opens, the peer may instead send clear
    msgpack (a host that could not open this client's first frame says why in a clear ``bye``); such
    bytes are returned as ``clear`` for the caller to check. A frame that does not open raises
    ProtocolError: the stream cannot be trusted after it.
    """

    def __init__(self, key: bytes, clear_bye: bool = False) -> None:
        self._aead = ChaCha20Poly1305(key)
        self.max_box = FRAME_BYTES + TAG_BYTES
        self.count = 0
        self.clear_bye = clear_bye
        self._buffer = bytearray()

    def feed(self, data: bytes) -> tuple[list[bytes], bytes]:
        """(plaintexts of the frames completed, clear bytes): clear bytes only on the client's side,
        before any frame opened."""
        self._buffer += data
        if self.clear_bye and self.count == 0 and self._buffer and self._buffer[0] != 0:  # a length starts 0
            clear = bytes(self._buffer)
            self._buffer.clear()
            return [], clear
        out: list[bytes] = []
        while len(self._buffer) >= LENGTH.size:
            (size,) = LENGTH.unpack_from(self._buffer)
            if size > self.max_box or size < TAG_BYTES:
                raise ProtocolError(f"sealed frame of {size} bytes (at most {self.max_box})")
            if len(self._buffer) < LENGTH.size + size:
                break
            box = bytes(self._buffer[LENGTH.size:LENGTH.size + size])
            del self._buffer[:LENGTH.size + size]
            out.append(self.open(box))
        return out, b""

    def open(self, box: bytes) -> bytes:
        try:
            plaintext = self._aead.decrypt(self.count.to_bytes(12, "big"), box, None)
        except InvalidTag:
            raise ProtocolError("a sealed frame did not open (tampered, or keys that differ)") from None
        self.count += 1
        return plaintext

    def buffered(self) -> int:
        return len(self._buffer)


@dataclass
class Keys:
    """What a finished handshake gives a connection: its two directions' keys and the host's key."""

    send: bytes
    receive: bytes
    host_key: bytes
    pin_proven: bool  # both sides ran SPAKE2 with a PIN (right or wrong: the first frame tells)


# -- the client's side -----------------------------------------------------------------------------


@dataclass
class ClientHandshake:
    """The client's half: ``hello()`` to send, then ``finish(host_hello)`` gives the keys."""

    protocol: int
    version: str
    pin: str | None = None
    name: str = ""  # said with a PIN only: the owner's lobby names who waits while guessing goes on
    nonce: bytes = field(default_factory=lambda: os.urandom(NONCE_BYTES))
    _eph: X25519PrivateKey = field(default_factory=X25519PrivateKey.generate)
    _spake: Any = None
    _pake: bytes = b""

    def hello(self) -> Message:
        message: Message = {"type": "hello", "protocol": self.protocol, "version": self.version,
                            "nonce": to_hex(self.nonce), "eph": to_hex(_x25519_public(self._eph))}
        if self.pin:
            self._spake = SPAKE2_A(self.pin.encode(), idA=SPAKE_CLIENT, idB=SPAKE_HOST)
            self._pake = self._spake.start()
            message["pake"] = to_hex(self._pake)
            if self.name:
                message["name"] = self.name
        return message

    def finish(self, reply: Message, expected_key: bytes | str | None = None) -> Keys:
        """Check the host's answer (its signature, and its key against ``expected_key``: the one
        remembered for this table or advertised, or that key's fingerprint as a person typed it).
        ProtocolError says what is wrong."""
        host_key = from_hex(reply, "key", identity.PUBLIC_KEY_BYTES)
        host_eph = from_hex(reply, "eph", KEY_BYTES)
        host_pake = from_hex(reply, "pake", optional=True) or b""
        signature = from_hex(reply, "sig", identity.SIGNATURE_BYTES)
        assert host_key is not None and host_eph is not None and signature is not None
        if host_pake and not self._pake:
            raise ProtocolError("the host ran a PIN exchange this client did not start")
        th = transcript(self.protocol, self.nonce, _x25519_public(self._eph), self._pake, host_key, host_eph,
                        host_pake)
        if not identity.verify(host_key, signature, PROOF_CONTEXT + th):
            raise ProtocolError("the host could not prove it holds its key")
        if expected_key is not None and not identity.same_key(host_key, expected_key):
            expected = expected_key if isinstance(expected_key, str) else identity.fingerprint(expected_key)
            raise ProtocolError(f"this is not the table you know: its key is {identity.fingerprint(host_key)}, "
                                f"the table you sat at had {expected.upper()}")
        try:
            shared = self._eph.exchange(X25519PublicKey.from_public_bytes(host_eph))
            pake_key = self._spake.finish(host_pake) if host_pake else b""
        except Exception as error:  # a point off the curve, a low-order key: spake2 and X25519 differ
            raise ProtocolError(f"bad key exchange from the host: {type(error).__name__}") from None
        to_host, to_client = _session_keys(shared, pake_key, th)
        return Keys(send=to_host, receive=to_client, host_key=host_key, pin_proven=bool(host_pake))


# -- the host's side -------------------------------------------------------------------------------


def answer(hello: Message, host: identity.HostIdentity, pin: str | None, protocol: int) -> tuple[Message, Keys]:
    """The host's ``host_hello`` for a client's ``hello`` (already checked for its protocol), and the keys.

    SPAKE2 runs only when the table has a PIN and the client offered one; the caller decides beforehand
    whether this client may try a PIN at all (the lockouts) and afterwards, from its first frame,
    whether the PIN was right.
    """
    nonce = from_hex(hello, "nonce", NONCE_BYTES)
    client_eph = from_hex(hello, "eph", KEY_BYTES)
    client_pake = from_hex(hello, "pake", optional=True) or b""
    assert nonce is not None and client_eph is not None
    eph = X25519PrivateKey.generate()
    host_pake, pake_key = b"", b""
    try:
        shared = eph.exchange(X25519PublicKey.from_public_bytes(client_eph))
        if pin is not None and client_pake:
            spake = SPAKE2_B(pin.encode(), idA=SPAKE_CLIENT, idB=SPAKE_HOST)
            host_pake = spake.start()
            pake_key = spake.finish(client_pake)
    except Exception as error:  # a point off the curve, a low-order key: spake2 and X25519 differ
        raise ProtocolError(f"bad key exchange: {type(error).__name__}") from None
    host_eph = _x25519_public(eph)
    th = transcript(protocol, nonce, client_eph, client_pake, host.public_key, host_eph, host_pake)
    to_host, to_client = _session_keys(shared, pake_key, th)
    reply: Message = {"type": "host_hello", "protocol": protocol, "key": to_hex(host.public_key),
                      "eph": to_hex(host_eph), "sig": to_hex(host.sign(PROOF_CONTEXT + th))}
    if host_pake:
        reply["pake"] = to_hex(host_pake)
    return reply, Keys(send=to_client, receive=to_host, host_key=host.public_key, pin_proven=bool(host_pake))


class Refused(Exception):
    """The host said ``bye`` (or closed) instead of answering the hello: ``reason`` is why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def host_answer(message: Message) -> Message | None:
    """``message`` if it is the host's ``host_hello``; None for a ``wait`` (a PIN try waiting its turn);
    :class:`Refused` for a ``bye``; ProtocolError for anything else."""
    if message["type"] == "host_hello":
        return message
    if message["type"] == "wait":
        return None
    if message["type"] == "bye":
        raise Refused(str(message.get("reason") or "refused"))
    raise ProtocolError(f"the host answered hello with {message['type']!r}")


def _host_hello(messages: list[Message]) -> Message | None:
    return next((reply for message in messages if (reply := host_answer(message)) is not None), None)


async def shake_hands(conn: Connection, pin: str | None = None, expected_key: bytes | str | None = None) -> Keys:
    """The client's handshake on an open ``conn`` (tools and tests; the client's own waits out ``wait``
    with a deadline): the clear hello, the host's answer checked (its key against ``expected_key``),
    then ``conn`` sealed. :class:`Refused` for the host's ``bye``, ProtocolError for an answer that does
    not hold."""
    shake = ClientHandshake(PROTOCOL_VERSION, __version__, pin)
    conn.send(shake.hello())
    while (reply := _host_hello(await conn.read())) is None:
        if conn.reader.at_eof():
            raise Refused("the host closed the connection")
    keys = shake.finish(reply, expected_key)
    conn.seal(Sealer(keys.send), Opener(keys.receive, clear_bye=True))
    return keys


def join_over_socket(sock: socket.socket, join: Message, pin: str | None = None) -> tuple[Sealer, Opener]:
    """The handshake over a blocking socket, then ``join`` sealed: for tools, tests and the abuse bench,
    which speak the protocol by hand. Returns the two directions' frames for what follows."""
    shake = ClientHandshake(PROTOCOL_VERSION, __version__, pin)
    sock.sendall(encode(shake.hello()))
    decoder = Decoder(HOST_TYPES, deep_check=False)
    while True:
        data = sock.recv(65536)
        if not data:
            raise ProtocolError("the host closed the connection")
        reply = _host_hello(decoder.feed(data))
        if reply is not None:
            keys = shake.finish(reply)
            sealer = Sealer(keys.send)
            sock.sendall(sealer.seal(encode(join)))
            return sealer, Opener(keys.receive, clear_bye=True)
