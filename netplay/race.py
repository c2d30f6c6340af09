"""Measuring the fair-race rules: a tiny real-time game where the first "grab" of a round wins it;
:func:`race_trials`, which makes a near and a far client (behind delay proxies, with different clocks)
press a few milliseconds apart over real sockets and records who the host says won (``cardtable bench
net``); and :func:`simulate_races`, the same trials through the host's own code with every clock and
delay injected (a simulated network, virtual time), so their outcome never depends on how busy the
machine is (tests)."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.core import Action, Event, Game, IllegalAction, View, check_action_shape, int_field
from cardtable.netplay.client import NetClient
from cardtable.netplay.host import PERSON, ClientConn, Host, HostConfig, LocalTable, Seat
from cardtable.netplay.latency import start_delay_proxy
from cardtable.netplay.protocol import Message, decode_all


@dataclass(slots=True)
class RaceState:
    players: int
    rounds: int
    round: int = 0
    winners: list[int] = field(default_factory=list)


class RaceGame(Game):
    """Every seat may ``{"type": "grab", "round": r}`` the current round; the first grab wins it and the
    next round opens. No cards."""

    name = "race"
    title = "Race"
    min_players = 2
    max_players = 4
    realtime = True

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> RaceState:
        self.resolve_options(players, options)
        return RaceState(players, 1000)

    def legal(self, state: RaceState, seat: int) -> list[Action]:
        return [{"type": "grab", "round": state.round}] if state.round < state.rounds else []

    def sample(self, state: RaceState, seat: int, rng: random.Random) -> Action:
        legal = self.legal(state, seat)
        if not legal:
            raise IllegalAction("the race is over")
        return legal[0]

    def apply(self, state: RaceState, seat: int, action: Action) -> list[Event]:
        self.require(check_action_shape(action) == "grab", "the only action is grab")
        self.require(0 <= seat < state.players, "no such seat")
        number = int_field(action, "round", 0, state.rounds)
        self.require(number == state.round, f"round {number} is already taken")
        state.winners.append(seat)
        state.round += 1
        return [{"type": "grabbed", "seat": seat, "round": number}]

    def to_act(self, state: RaceState) -> list[int]:
        return list(range(state.players)) if state.round < state.rounds else []

    def view(self, state: RaceState, seat: int | None) -> View:
        return {"seat": seat, "players": state.players, "round": state.round, "winners": list(state.winners)}

    def result(self, state: RaceState) -> dict[str, Any] | None:
        return None if state.round < state.rounds else {"scores": [0] * state.players, "winners": []}

    def dump(self, state: RaceState) -> dict[str, Any]:
        return {"players": state.players, "rounds": state.rounds, "round": state.round,
                "winners": list(state.winners)}

    def load(self, data: dict[str, Any]) -> RaceState:
        return RaceState(data["players"], data["rounds"], data["round"], list(data["winners"]))

    def clone(self, state: RaceState) -> RaceState:
        return RaceState(state.players, state.rounds, state.round, list(state.winners))

    def check(self, state: RaceState) -> None:
        assert len(state.winners) == state.round

    def cards(self, state: RaceState) -> list[str]:
        return []

    def hidden(self, state: RaceState, seat: int | None) -> list[str]:
        return []


def _outcome(client: NetClient, seq: int, timeout: float) -> str | None:
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        for message in client.poll(wait=left):
            if message["type"] in ("ack", "reject") and message.get("seq") == seq:
                return str(message["type"])
    return None


def race_trials(
    near_delay: float = 0.002,
    far_delay: float = 0.040,
    gaps: tuple[float, ...] = (0.010, 0.015, 0.025),
    repeats: int = 2,
    margin: float = 0.010,
    near_cheat: float = 0.0,
) -> dict[str, Any]:
    """Near and far clients (one-way delays ``near_delay``/``far_delay``, the far one's clock 1000 s
    ahead) press ``gap`` apart, each first in turn; returns the trials and how many the earlier press won.
    ``near_cheat``: the near client claims to have pressed this much earlier than it did.
    """
    table = LocalTable(Host(RaceGame(), 2, seats=[None, None], seed=1,
                            config=HostConfig(race_margin=margin, local_margin=margin, ping_interval=0.2))).begin()
    near_proxy = start_delay_proxy(table.port, near_delay)
    far_proxy = start_delay_proxy(table.port, far_delay)
    near = NetClient("127.0.0.1", near_proxy.port, "near")
    far = NetClient("127.0.0.1", far_proxy.port, "far", clock=lambda: time.monotonic() + 1000.0)
    trials: list[dict[str, Any]] = []
    try:
        near.start()
        if near.wait_for("welcome", 5.0) is None:
            raise RuntimeError("near client not welcomed")
        far.start()
        if far.wait_for("welcome", 5.0) is None:
            raise RuntimeError("far client not welcomed")
        near.send({"type": "start"})

        def settled() -> bool:
            counts = table.call(lambda: [len(c.samples) for c in table.host.conns.values()])
            return len(counts) == 2 and min(counts) >= 6

        deadline = time.monotonic() + 10.0
        while not settled() and time.monotonic() < deadline:
            time.sleep(0.05)
        clocks = table.call(lambda: {c.name: {"rtt": c.rtt, "offset": c.offset} for c in table.host.conns.values()})
        seat_of = {"near": near.seats[0], "far": far.seats[0]}
        round_number = 0
        for gap in gaps:
            for first_name in ("far", "near") * repeats:
                order = [("far", far), ("near", near)] if first_name == "far" else [("near", near), ("far", far)]
                presses: dict[str, float] = {}
                seqs: dict[str, int] = {}
                for index, (label, client) in enumerate(order):
                    if index:
                        time.sleep(gap)
                    press = client.core.clock()
                    presses[label] = press - (1000.0 if label == "far" else 0.0)
                    claimed = press - (near_cheat if label == "near" else 0.0)
                    seqs[label] = client.send_action(seat_of[label], {"type": "grab", "round": round_number},
                                                     press_time=claimed)
                outcomes = {label: _outcome(client, seqs[label], 3.0) for label, client in order}
                winner = next((label for label, kind in outcomes.items() if kind == "ack"), None)
                real_gap = abs(presses["near"] - presses["far"])
                trials.append({"gap_ms": round(real_gap * 1000, 2), "first": first_name, "winner": winner,
                               "ok": winner == first_name})
                round_number += 1
                time.sleep(0.08)
    finally:
        near.close()
        far.close()
        near_proxy.stop()
        far_proxy.stop()
        table.stop()
    return {
        "near_one_way_ms": near_delay * 1000,
        "far_one_way_ms": far_delay * 1000,
        "host_estimates": clocks,
        "trials": trials,
        "earlier_press_won": sum(t["ok"] for t in trials),
        "of": len(trials),
    }


# -- the same trials in virtual time ---------------------------------------------------------------


@dataclass
class Link:
    """One client's simulated network: one-way delays up (to the host) and down, each trip plus a
    jitter drawn from [0, ``jitter``); ``clock`` = the client's clock minus host time."""

    up: float
    down: float
    jitter: float = 0.0
    clock: float = 0.0


class _Wire:
    """Stands in for a client's Connection on the host: keeps what the host sends."""

    def __init__(self, deliver: Callable[[Message], None]) -> None:
        self.deliver = deliver
        self.closed = False
        self.bytes_out = 0
        self.bytes_in = 0

    def send(self, message: Message) -> None:
        self.deliver(message)

    def send_encoded(self, data: bytes) -> None:
        for message in decode_all(data):
            self.deliver(message)

    def flush(self) -> None:
        pass

    def buffered(self) -> int:
        return 0


class VirtualTable:
    """A race table whose host runs on virtual time: events (deliveries, presses, the race queue's
    releases) happen in time order, and the host's clock reads the time of the event it handles."""

    def __init__(self, links: dict[str, Link], config: HostConfig, seed: int = 1) -> None:
        self.now = 0.0
        self.rng = random.Random(seed)
        self.host = Host(RaceGame(), len(links), seats=[None] * len(links), seed=1, config=config,
                         clock=lambda: self.now)
        self._events: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()
        self.links = links
        self.clients: dict[str, ClientConn] = {}
        self.answers: dict[tuple[str, int], str] = {}  # (client, seq) -> "ack" / "reject"
        for index, name in enumerate(links):
            client = ClientConn(index + 1, _Wire(lambda m, n=name: self._down(n, m)), name=name,  # type: ignore[arg-type]
                                address=f"192.0.2.{index + 2}", welcomed=True)
            client.token_hash = name
            self.host.conns[client.id] = client
            self.host.seats[index] = Seat(kind=PERSON, name=name, token_hash=name)
            self.host.lobby.bind(client, index)
            self.clients[name] = client
        self._flushes: set[float] = set()  # release times a flush event is queued for

    def at(self, when: float, what: Callable[[], None]) -> None:
        heapq.heappush(self._events, (when, next(self._order), what))

    def _trip(self, link: Link, delay: float) -> float:
        return delay + (self.rng.uniform(0.0, link.jitter) if link.jitter else 0.0)

    def _down(self, name: str, message: Message) -> None:
        """The host sent ``message`` to ``name``: it arrives after the down delay; pings are answered."""
        link = self.links[name]
        arrival = self.now + self._trip(link, link.down)
        if message["type"] == "ping":
            pong = {"type": "pong", "id": message["id"], "t": message["t"], "now": arrival + link.clock}
            self.at(arrival, lambda: self.up(name, pong))
        elif message["type"] in ("ack", "reject"):
            self.answers[(name, message["seq"])] = message["type"]

    def up(self, name: str, message: Message) -> None:
        """``name`` sends ``message`` now: the host handles it after the up delay."""
        link = self.links[name]
        client = self.clients[name]

        def arrive() -> None:
            if message["type"] == "pong":
                self.host.clocks.pong(client, message)
            else:
                self.host._dispatch(client, message)

        self.at(self.now + self._trip(link, link.up), arrive)

    def run(self, until: float) -> None:
        """Handle every event up to ``until``, the race queue's releases included."""
        while True:
            release = self.host.races.next_release()
            if release is not None and release not in self._flushes:
                self._flushes.add(release)
                self.at(release, self.host.races.flush)
            if not self._events or self._events[0][0] > until:
                break
            when, _, what = heapq.heappop(self._events)
            self.now = max(self.now, when)
            what()
        self.now = until

    def measure_clocks(self, pings: int = 8, every: float = 0.2) -> None:
        for k in range(pings):
            for client in self.clients.values():
                self.at(self.now + k * every, lambda c=client: self.host.clocks.ping(c))
        self.run(self.now + pings * every + 1.0)


def simulate_races(
    near: Link,
    far: Link,
    gaps: tuple[float, ...] = (0.010, 0.015, 0.025),
    repeats: int = 2,
    margin: float = 0.015,
    max_hold: float = 0.1,
    near_cheat: float = 0.0,
    seed: int = 1,
) -> dict[str, Any]:
    """:func:`race_trials` in virtual time: near and far press ``gap`` apart (each first in turn) over
    the simulated ``near`` and ``far`` links; the host is the real one, only its clock and network are
    simulated. ``near_cheat``: the near client claims to have pressed this much earlier than it did."""

    async def go() -> dict[str, Any]:
        config = HostConfig(race_margin=margin, local_margin=margin, max_hold=max_hold)
        table = VirtualTable({"near": near, "far": far}, config, seed)
        host = table.host
        host.start_game()
        table.measure_clocks()
        estimates = {c.name: {"rtt": c.rtt, "offset": c.offset} for c in table.clients.values()}
        trials: list[dict[str, Any]] = []
        seqs = itertools.count(1)
        round_number = 0
        for gap in gaps:
            for first in ("far", "near") * repeats:
                start = table.now + 0.5
                presses = {first: start, ("near" if first == "far" else "far"): start + gap}
                sent: dict[str, int] = {}
                for name, when in presses.items():
                    seq = next(seqs)
                    sent[name] = seq
                    claimed = when + table.links[name].clock - (near_cheat if name == "near" else 0.0)
                    action = {"type": "action", "seq": seq, "seat": table.clients[name].seats[0],
                              "action": {"type": "grab", "round": round_number}, "press": claimed}
                    table.at(when, lambda n=name, m=action: table.up(n, m))
                table.run(start + gap + 1.0)
                winner = next((n for n, seq in sent.items() if table.answers.get((n, seq)) == "ack"), None)
                trials.append({"gap_ms": round(gap * 1000, 2), "first": first, "winner": winner, "ok": winner == first})
                round_number += 1
        host.races.close()
        return {"host_estimates": estimates, "trials": trials,
                "earlier_press_won": sum(t["ok"] for t in trials), "of": len(trials),
                "slow_links": host.races.slow_links()}

    return asyncio.run(go())
