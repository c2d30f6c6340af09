"""Where cardtable keeps the user's files, in the places each platform expects (platformdirs).

- :func:`config_dir`: settings (``settings.json``). Linux ``~/.config/cardtable`` (or ``$XDG_CONFIG_HOME``),
  macOS ``~/Library/Application Support/cardtable``, Windows ``%LOCALAPPDATA%\\cardtable``.
- :func:`data_dir`: what the user would miss if it went: seat tokens, the history of finished tables and
  their logs. Linux ``~/.local/share/cardtable`` (or ``$XDG_DATA_HOME``).
- :func:`cache_dir`: what can be made again. Linux ``~/.cache/cardtable``.

:func:`private_dir` and :func:`write_private` keep what only this user may read (the host's key, seat
tokens): folders 0700, files 0600 from the moment they exist (never written under the umask first).

``CARDTABLE_CONFIG_DIR``, ``CARDTABLE_DATA_DIR`` and ``CARDTABLE_CACHE_DIR`` override each one (tests point
them at temporary folders). This module imports nothing of the project, so every part may use it.

Before platformdirs every platform kept its settings in ``~/.config/cardtable``; :func:`config_dir` moves
such a ``settings.json`` to the platform's place the first time it is asked (on Linux it is the same place).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

import platformdirs

APP = "cardtable"


def _override(variable: str) -> Path | None:
    value = os.environ.get(variable)
    return Path(value) if value else None


def legacy_config_dir() -> Path:
    """Where settings lived on every platform before platformdirs."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / APP


def migrate_settings(legacy: Path, target: Path) -> bool:
    """Move ``legacy/settings.json`` to ``target`` unless ``target`` has one already. True when moved."""
    old, new = legacy / "settings.json", target / "settings.json"
    if legacy.resolve() == target.resolve() or not old.is_file() or new.exists():
        return False
    try:
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(old, new)
    except OSError:
        return False
    with contextlib.suppress(OSError):
        old.unlink()
    return True


def config_dir() -> Path:
    override = _override("CARDTABLE_CONFIG_DIR")
    if override is not None:
        return override
    target = Path(platformdirs.user_config_dir(APP, appauthor=False))
    migrate_settings(legacy_config_dir(), target)
    return target


def data_dir() -> Path:
    return _override("CARDTABLE_DATA_DIR") or Path(platformdirs.user_data_dir(APP, appauthor=False))


def cache_dir() -> Path:
    return _override("CARDTABLE_CACHE_DIR") or Path(platformdirs.user_cache_dir(APP, appauthor=False))


def private_dir(path: Path) -> Path:
    """``path`` made and readable by this user only (0700, also when it was there); the folders made on
    the way to it are 0700 too (``mkdir(parents=True)`` would make them under the umask: 0755)."""
    for folder in reversed([path, *path.parents]):
        if not folder.exists():
            with contextlib.suppress(FileExistsError):
                folder.mkdir(mode=0o700)
    if os.name == "posix":
        os.chmod(path, 0o700)
    return path


def private_data_dir(*parts: str) -> Path:
    """The data folder, or the folder ``parts`` inside it, each 0700 (also when they were there)."""
    folder = private_dir(data_dir())
    for part in parts:
        folder = private_dir(folder / part)
    return folder


def write_private(path: Path, data: bytes, *, replace: bool = True) -> bool:
    """Write ``data`` to ``path`` as a 0600 file in a 0700 folder, whole or not at all.

    The bytes go to a temporary file created 0600 beside ``path`` and then take its place, so no reader
    sees half a file and no other user can read it for a moment. With ``replace=False`` a file already at
    ``path`` wins (two processes creating the same file: one is kept, both then read the same); the result
    says whether ``data`` was written.
    """
    private_dir(path.parent)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:  # mkstemp creates it 0600 whatever the umask
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if replace:
            os.replace(temporary, path)
            return True
        try:
            os.link(temporary, path)
        except FileExistsError:
            return False
        return True
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
