"""People on a real LAN (two network namespaces joined by a cable, tests/netns.py): the client itself
(headless, tests/netns_app.py) on one machine and ``cardtable host`` on the other. Its seat comes back
from the title's "Rejoin" after the host is killed and resumed from its log on another port, and after
the client itself crashed; a closed port is explained in words; a machine whose cable is pulled leaves
the join list after two silent probes. Waits are bounded so a failure ends; nothing is timed."""

from __future__ import annotations

import secrets
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.netns import LanPair, lan_pair
from tests.test_lan_netns import _events, _host, _stop, leaves_the_list

APP = str(Path(__file__).resolve().parent / "netns_app.py")


@pytest.fixture(scope="module")
def lan(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LanPair]:
    yield from lan_pair(tmp_path_factory.mktemp("lan_people"))


def client(lan: LanPair, data: Path, *args: str) -> subprocess.Popen[str]:
    """tests/netns_app.py on machine B with a data folder of its own (where its seat tokens are kept)."""
    env = {**lan.env, "CARDTABLE_DATA_DIR": str(data)}
    return subprocess.Popen(["ip", "netns", "exec", lan.b, sys.executable, APP, *args], text=True, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def test_a_host_resumed_on_another_port_gives_the_seat_back_across_the_lan(lan: LanPair, tmp_path: Path) -> None:
    name = f"Loft {secrets.token_hex(3)}"
    log = str(tmp_path / "loft.ctlog")
    host, port = _host(lan, name, "--log", log, "--takeover", "600")
    resumed = app = None
    try:
        app = client(lan, tmp_path / "data", "join", lan.address_a, str(port))
        seated = _events(app, lambda e: e["event"] == "seated", "Ann sat down")[-1]
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        gone = _events(app, lambda e: e["event"] == "gone", "the table went")[-1]
        assert gone["kind"] == "table_gone" and any("Rejoin" in line for line in gone["lines"])
        resumed = lan.run(lan.a, "-m", "cardtable", "host", "--resume", log, "--bot-speed", "0",
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        new_port = int(_events(resumed, lambda e: "port" in e, "the host came back")[-1]["port"])
        assert new_port != port
        offered = _events(app, lambda e: e["event"] in ("offered", "no_offer"), "Rejoin was offered")[-1]
        assert offered == {"event": "offered", "text": f"Rejoin {name}", "focused": True}
        back = _events(app, lambda e: e["event"] in ("rejoined", "not_rejoined"), "Ann came back")[-1]
        assert back == {"event": "rejoined", "seats": seated["seats"]}
    finally:
        _stop(app, resumed, host)


def test_a_crashed_client_gets_its_seat_back_across_the_lan(lan: LanPair, tmp_path: Path) -> None:
    name = f"Barn {secrets.token_hex(3)}"
    host, port = _host(lan, name, "--takeover", "600")
    first = second = None
    try:
        first = client(lan, tmp_path / "data", "join", lan.address_a, str(port))
        seated = _events(first, lambda e: e["event"] == "seated", "Ann sat down")[-1]
        first.send_signal(signal.SIGKILL)  # the client dies: no bye, only the data folder remembers
        first.wait(10)
        second = client(lan, tmp_path / "data", "rejoin")
        offered = _events(second, lambda e: e["event"] in ("offered", "no_offer"), "Rejoin was offered")[-1]
        assert offered["event"] == "offered" and offered["text"] == f"Rejoin {name}"
        back = _events(second, lambda e: e["event"] in ("rejoined", "not_rejoined"), "Ann came back")[-1]
        assert back == {"event": "rejoined", "seats": seated["seats"]}
    finally:
        _stop(first, second, host)


def test_a_closed_port_across_the_lan_is_explained(lan: LanPair, tmp_path: Path) -> None:
    app = client(lan, tmp_path / "data", "words", lan.address_a, "9")
    try:
        said = _events(app, lambda e: e["event"] in ("dialog", "no_dialog"), "the dialog")[-1]
        assert said["kind"] == "unreachable" and said["heading"] == "No table answered"
        assert said["lines"][0] == f"No table answered at {lan.address_a}:9 - is the host on the same network?"
    finally:
        _stop(app)


def test_a_machine_whose_cable_is_pulled_leaves_the_join_list(lan: LanPair) -> None:
    """Nothing answers and nothing refuses: the probes go unanswered."""
    leaves_the_list(lan, f"Porch {secrets.token_hex(3)}", lambda host: lan.cable(False),
                    "the silent table left the list")
