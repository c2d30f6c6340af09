"""Measuring the fair-race rules: a tiny real-time game where the first "grab" of a round wins it, and
:func:`race_trials`, which makes a near and a far client (behind delay proxies, with different clocks)
press a few milliseconds apart and records who the host says won (tests and ``cardtable bench net``)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.core import Action, Event, Game, IllegalAction, View, check_action_shape, int_field
from cardtable.netplay.client import NetClient
from cardtable.netplay.host import Host, HostConfig, LocalTable
from cardtable.netplay.latency import start_delay_proxy


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
    while time.monotonic() < deadline:
        for message in client.poll():
            if message["type"] in ("ack", "reject") and message.get("seq") == seq:
                return str(message["type"])
        time.sleep(0.001)
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
                    press = client.clock()
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
