"""The host's long-term identity: an Ed25519 key pair kept in the user's data folder.

A table is told from a copy of it by this key, not by its name or id (anyone can advertise those): the
advert and the welcome carry the public key, the handshake proves the host holds the private one, and a
client that sat at a table remembers the key (netplay/seatstore.py) and gives its seat token only to a
host that proves the same key again. People compare keys by their :func:`fingerprint`, a short code the
join list and the host's lobby both show.

The key is made on first use and kept as ``host_key.pem`` (PKCS#8, unencrypted: the host must start
without a person typing a passphrase) in a 0700 folder, the file 0600. The keys and signatures come from
``cryptography``; nothing here is home-made crypto.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from cardtable.userdirs import data_dir, write_private

FILE = "host_key.pem"
PUBLIC_KEY_BYTES = 32
SIGNATURE_BYTES = 64
FINGERPRINT_GROUPS = 4  # of 4 base32 characters each: 80 bits of the key's SHA-256


class IdentityError(Exception):
    """The key file is there but cannot be used (damaged, or not an Ed25519 key)."""


def key_path() -> Path:
    return data_dir() / FILE


def fingerprint(public_key: bytes) -> str:
    """A code a person can read aloud and compare: ``"K7QF-3MZA-PW2E-XC4N"``.

    Base32 (letters and the digits 2-7: no 0/O or 1/I to confuse) of the first 80 bits of the key's
    SHA-256. Making a second key with the same fingerprint takes about 2^80 tries.
    """
    digest = hashlib.sha256(public_key).digest()
    code = base64.b32encode(digest[: FINGERPRINT_GROUPS * 5 // 2]).decode("ascii")
    return "-".join(code[i : i + 4] for i in range(0, FINGERPRINT_GROUPS * 4, 4))


def key_from_hex(text: str) -> bytes | None:
    """The public key a hex string (an advert's, a kept seat's, a welcome's) holds, or None."""
    try:
        key = bytes.fromhex(text)
    except ValueError:
        return None
    return key if len(key) == PUBLIC_KEY_BYTES else None


def same_key(public_key: bytes, expected: bytes | str) -> bool:
    """Whether ``public_key`` is ``expected``: the key itself, or its fingerprint as a person typed it
    (any case, with or without the dashes)."""
    if isinstance(expected, bytes):
        return public_key == expected
    typed = expected.replace("-", "").replace(" ", "").upper()
    return typed == fingerprint(public_key).replace("-", "")


def verify(public_key: bytes, signature: bytes, message: bytes) -> bool:
    """Whether ``signature`` is the holder of ``public_key``'s over ``message`` (False for any bad input)."""
    if len(public_key) != PUBLIC_KEY_BYTES or len(signature) != SIGNATURE_BYTES:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


@dataclass(frozen=True)
class HostIdentity:
    """A host's key pair. ``public_key`` is the 32 raw bytes that go on the wire."""

    private_key: Ed25519PrivateKey
    public_key: bytes

    @classmethod
    def from_private(cls, private_key: Ed25519PrivateKey) -> HostIdentity:
        raw = private_key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        return cls(private_key, raw)

    @classmethod
    def generate(cls) -> HostIdentity:
        """A new key kept nowhere (tests, and a host told not to keep one)."""
        return cls.from_private(Ed25519PrivateKey.generate())

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_key)

    def sign(self, message: bytes) -> bytes:
        return self.private_key.sign(message)

    def to_pem(self) -> bytes:
        return self.private_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                              serialization.NoEncryption())


def _read(path: Path) -> HostIdentity:
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (ValueError, TypeError) as error:
        raise IdentityError(f"{path} is not a usable host key: {error}") from error
    if not isinstance(key, Ed25519PrivateKey):
        raise IdentityError(f"{path} is not an Ed25519 key")
    return HostIdentity.from_private(key)


def load_or_create(path: Path | None = None) -> HostIdentity:
    """This user's host key, made and kept (0600) the first time.

    Two processes starting at once both end up with the one key that reached the disk first. A damaged
    file is never replaced silently (the tables that knew the old key would call this host a copy):
    :class:`IdentityError` says where it is.
    """
    path = key_path() if path is None else path
    if not path.exists():
        write_private(path, HostIdentity.generate().to_pem(), replace=False)
    return _read(path)
