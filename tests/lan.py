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


def run_until(app: Any, predicate: Any, seconds: float = 20.0) -> bool:
    """Step ``app`` until ``predicate()`` holds (a deadline, never an assertion on time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step(2)
        if predicate():
            return True
        time.sleep(0.002)
    return predicate()


def press(app: Any, kind: str, device: str = "keyboard") -> None:
    app.feed(Command(kind, device))
    app.step(3)


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
