"""Two network namespaces joined by a veth pair: two machines on one LAN, inside this one.

:func:`lan_pair` builds them (root, ``ip``): namespace A at 198.51.100.1 and B at 198.51.100.2 (a
documentation range), each with loopback and a multicast route on its cable, so zeroconf works with
default interfaces and nothing reaches a real network. :meth:`LanPair.run` starts a command in one of
them; :meth:`LanPair.cable` pulls the cable out of A or puts it back. Without root or ``ip`` the tests
are skipped with the reason, unless CARDTABLE_LAN_TESTS=1 (set by .ci/run), which makes that a failure.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SUBNET = "198.51.100"


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True, timeout=20)


def unavailable() -> str | None:
    """Why namespaces cannot be made here, or None."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "the LAN tests need root (they create network namespaces)"
    if shutil.which("ip") is None:
        return "the LAN tests need the ip command (iproute2)"
    return None


@dataclass
class LanPair:
    a: str
    b: str
    cable_a: str
    env: dict[str, str]

    @property
    def address_a(self) -> str:
        return f"{SUBNET}.1"

    @property
    def address_b(self) -> str:
        return f"{SUBNET}.2"

    def run(self, namespace: str, *args: str, **popen: Any) -> subprocess.Popen[str]:
        """``args`` (a Python module or script run by this interpreter) in ``namespace``."""
        return subprocess.Popen(["ip", "netns", "exec", namespace, sys.executable, *args], text=True,
                                env=self.env, cwd=ROOT, **popen)

    def call(self, namespace: str, *args: str, timeout: float = 120.0) -> subprocess.CompletedProcess[str]:
        """Run ``args`` (as for ``run``) in ``namespace`` to the end; its output."""
        return subprocess.run(["ip", "netns", "exec", namespace, sys.executable, *args], capture_output=True,
                              text=True, env=self.env, cwd=ROOT, timeout=timeout)

    def cable(self, plugged: bool) -> None:
        """Pull A's cable out (the link goes down: nothing answers, nothing refuses) or put it back (the
        multicast route went with the link, as a machine's network settings would: it comes back too)."""
        _ip("-n", self.a, "link", "set", self.cable_a, "up" if plugged else "down")
        if plugged:
            subprocess.run(["ip", "-n", self.a, "route", "replace", "224.0.0.0/4", "dev", self.cable_a],
                           check=True, capture_output=True, timeout=20)


def _build(tag: str, env: dict[str, str]) -> LanPair:
    a, b = f"ct{tag}a", f"ct{tag}b"
    pair = LanPair(a, b, f"ct{tag}va", env)
    _ip("netns", "add", a)
    _ip("netns", "add", b)
    _ip("link", "add", pair.cable_a, "type", "veth", "peer", "name", f"ct{tag}vb")
    for namespace, device, host in ((a, pair.cable_a, 1), (b, f"ct{tag}vb", 2)):
        _ip("link", "set", device, "netns", namespace)
        _ip("-n", namespace, "link", "set", "lo", "up")
        _ip("-n", namespace, "addr", "add", f"{SUBNET}.{host}/24", "dev", device)
        _ip("-n", namespace, "link", "set", device, "multicast", "on")
        _ip("-n", namespace, "link", "set", device, "up")
        _ip("-n", namespace, "route", "add", "224.0.0.0/4", "dev", device)
    return pair


def _remove(tag: str) -> None:
    """End whatever still runs on the two machines, then remove them."""
    for side in "ab":
        pids = subprocess.run(["ip", "netns", "pids", f"ct{tag}{side}"], capture_output=True, text=True, timeout=20)
        for pid in pids.stdout.split():
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.kill(int(pid), signal.SIGKILL)
        subprocess.run(["ip", "netns", "del", f"ct{tag}{side}"], capture_output=True, timeout=20)


def lan_pair(tmp: Path) -> Iterator[LanPair]:
    """The fixture's body: skip (or, with CARDTABLE_LAN_TESTS=1, fail) where namespaces cannot be made."""
    reason = unavailable()
    strict = os.environ.get("CARDTABLE_LAN_TESTS") == "1"
    if reason is not None:
        if strict:
            pytest.fail(f"CARDTABLE_LAN_TESTS=1 but {reason}")
        pytest.skip(reason)
    tag = f"{os.getpid() % 100000}"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CARDTABLE_CONFIG_DIR": str(tmp / "config"), "CARDTABLE_DATA_DIR": str(tmp / "data"),
           "CARDTABLE_CACHE_DIR": str(tmp / "cache")}
    try:
        pair = _build(tag, env)
    except (subprocess.CalledProcessError, OSError) as error:
        _remove(tag)
        detail = getattr(error, "stderr", "") or str(error)
        if strict:
            pytest.fail(f"CARDTABLE_LAN_TESTS=1 but network namespaces cannot be made: {detail.strip()}")
        pytest.skip(f"network namespaces cannot be made here: {detail.strip()}")
    try:
        yield pair
    finally:
        _remove(tag)
