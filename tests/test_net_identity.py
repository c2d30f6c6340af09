"""The host's key pair: made once, kept private, the same after a restart; fingerprints and signatures."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from cardtable import userdirs
from cardtable.netplay import identity
from cardtable.netplay.identity import HostIdentity, IdentityError


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_key_is_made_once_kept_private_and_the_same_next_time(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    old = os.umask(0o022)  # a umask that would leave a plain file readable by everyone
    try:
        first = identity.load_or_create()
    finally:
        os.umask(old)
    path = identity.key_path()
    assert path == tmp_path / "data" / identity.FILE
    assert _mode(path) == 0o600 and _mode(path.parent) == 0o700
    assert len(first.public_key) == identity.PUBLIC_KEY_BYTES
    again = identity.load_or_create()
    assert again.public_key == first.public_key
    assert [p.name for p in path.parent.iterdir()] == [identity.FILE]  # no temporary file left behind


def test_an_open_data_folder_is_closed_to_others(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    identity.load_or_create(folder / identity.FILE)
    assert _mode(folder) == 0o700


def test_the_first_key_on_disk_wins(tmp_path: Path) -> None:
    path = tmp_path / identity.FILE
    kept = HostIdentity.generate()
    assert userdirs.write_private(path, kept.to_pem(), replace=False)
    assert not userdirs.write_private(path, HostIdentity.generate().to_pem(), replace=False)
    assert identity.load_or_create(path).public_key == kept.public_key


def test_a_damaged_key_file_is_reported_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / identity.FILE
    path.write_bytes(b"-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n")
    with pytest.raises(IdentityError, match="not a usable host key"):
        identity.load_or_create(path)
    assert b"not a key" in path.read_bytes()


def test_a_key_of_another_kind_is_refused(tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

    path = tmp_path / identity.FILE
    path.write_bytes(X25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    with pytest.raises(IdentityError, match="not an Ed25519 key"):
        identity.load_or_create(path)


def test_fingerprints_are_four_groups_a_person_can_read_and_differ_by_key() -> None:
    key = HostIdentity.generate()
    code = key.fingerprint
    groups = code.split("-")
    assert len(groups) == 4 and all(len(g) == 4 for g in groups)
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567-")
    assert code == identity.fingerprint(key.public_key)
    assert HostIdentity.generate().fingerprint != code
    # a known key's code, so the fingerprint does not change from one version to the next
    assert identity.fingerprint(bytes(32)) == "MZUH-VLPY-MK6X-O3EP"


def test_a_signature_holds_only_for_its_key_and_message() -> None:
    key, other = HostIdentity.generate(), HostIdentity.generate()
    signature = key.sign(b"transcript")
    assert identity.verify(key.public_key, signature, b"transcript")
    assert not identity.verify(key.public_key, signature, b"transcripT")
    assert not identity.verify(other.public_key, signature, b"transcript")
    tampered = bytes([signature[0] ^ 1]) + signature[1:]
    assert not identity.verify(key.public_key, tampered, b"transcript")
    assert not identity.verify(key.public_key[:31], signature, b"transcript")
    assert not identity.verify(key.public_key, signature[:63], b"transcript")
