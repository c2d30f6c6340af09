"""Helpers of the LAN client tests: an app driven tick by tick, a closed port, a ``cardtable host`` process."""

from __future__ import annotations

import socket
import time
from typing import Any

from cardtable.arcade.input import Command
from tools.join_list_truth import start_host

__all__ = ["closed_port", "make_app", "press", "run_until", "start_host"]


def make_app(name: str = "Ann") -> Any:
    """A headless client on 127.0.0.1 (the caller points CARDTABLE_CONFIG_DIR/DATA_DIR somewhere)."""
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    application = App(size=(1280, 720), fullscreen=False, settings=Settings(name=name))
    application.lan_interfaces = ["127.0.0.1"]
    application.step(2)
    return application


PATIENCE = 3.0  # how many times a hang guard's seconds a test waits: a busy machine makes it slower, never red


def run_until(app: Any, predicate: Any, seconds: float = 20.0, ticks: int = 2, each: Any = None) -> bool:
    """Step ``app`` (``ticks`` at a time, after ``each()``: a player's next press) until ``predicate()``
    holds. ``seconds`` is a hang guard, never a measure: a quiet machine needs far less, and it is
    stretched by PATIENCE so that only a hung test fails, however busy the machine."""
    deadline = time.monotonic() + seconds * PATIENCE
    while time.monotonic() < deadline:
        if each is not None:
            each()
        app.step(ticks)
        if predicate():
            return True
        time.sleep(0.0005)
    return predicate()


def press(app: Any, kind: str, device: str = "keyboard") -> None:
    app.feed(Command(kind, device))
    app.step(3)


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
