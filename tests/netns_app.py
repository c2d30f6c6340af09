"""The client, headless, on a "machine" of tests/test_lan_netns_people.py (one JSON line per event).

``python tests/netns_app.py join HOST PORT``: join as Ann through the lobby; ``seated`` (seats, table id)
once the game is on; then, when the table goes (``gone``: the dialog's title and lines), back on the
title wait for the Rejoin button (``offered``: its text), press it and say ``rejoined`` (seats) once the
game shows again.
``python tests/netns_app.py rejoin``: a client started afresh (the last one crashed): the same, from the
title.
``python tests/netns_app.py words HOST PORT``: join ``HOST:PORT`` from the join screen and say what the
dialog says (``dialog``: kind, heading, lines).
The data folder is CARDTABLE_DATA_DIR (where the seat tokens are kept); zeroconf uses every interface.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: tests.lan importable

from tests.lan import make_app as loopback_app  # noqa: E402
from tests.lan import press  # noqa: E402
from tests.lan import run_until as until  # noqa: E402


def say(**event: Any) -> None:
    print(json.dumps(event), flush=True)


def make_app() -> Any:
    app = loopback_app("Ann")
    app.lan_interfaces = None  # this machine's own interfaces
    return app


def playing(app: Any) -> bool:
    return app.scene.name == "table" and app.scene.started and bool(app.scene.table and app.scene.table.views)


def come_back(app: Any) -> None:
    """From the title: wait for "Rejoin <table>", take it, and say which seats came back."""
    if not until(app, lambda: app.scene.name == "title" and any(
            i.name.startswith("rejoin:") for i in app.scene.ring.items), 90):
        say(event="no_offer", scene=app.scene.name)
        return
    button = next(i for i in app.scene.ring.items if i.name.startswith("rejoin:"))
    say(event="offered", text=button.element.text, focused=app.scene.ring.focused is button)
    press(app, "confirm")
    if until(app, lambda: playing(app), 60):
        say(event="rejoined", seats=list(app.scene.local_seats))
    else:
        say(event="not_rejoined", scene=app.scene.name)


def join(host: str, port: int) -> None:
    from cardtable.arcade import session as sessions
    from cardtable.arcade.scenes.lobby import LobbyScene

    app = make_app()
    app.session = sessions.join(host, port, "Ann")
    app.push(LobbyScene(app))
    if not until(app, lambda: playing(app)):
        say(event="not_seated", scene=app.scene.name)
        return
    scene = app.scene
    say(event="seated", seats=list(scene.local_seats), table_id=str(scene.table_info.get("id")))
    if not until(app, lambda: app.scene.name == "dialog", 120):
        say(event="not_gone", scene=app.scene.name)
        return
    say(event="gone", kind=app.scene.kind, heading=app.scene.heading, lines=app.scene.lines)
    press(app, "confirm")
    come_back(app)


def rejoin() -> None:
    come_back(make_app())


def words(host: str, port: int) -> None:
    from cardtable.arcade.scenes.join import JoinScene

    app = make_app()
    app.push(JoinScene(app))
    app.scene.address_entry.set_text(f"{host}:{port}")
    app.scene.join_manual()
    if until(app, lambda: app.scene.name == "dialog", 30):
        say(event="dialog", kind=app.scene.kind, heading=app.scene.heading, lines=app.scene.lines)
    else:
        say(event="no_dialog", scene=app.scene.name)


if __name__ == "__main__":
    command, *rest = sys.argv[1:]
    if command == "join":
        join(rest[0], int(rest[1]))
    elif command == "rejoin":
        rejoin()
    elif command == "words":
        words(rest[0], int(rest[1]))
    else:
        raise SystemExit(f"unknown command {command!r}")
