"""Fair races, through the host's own code in virtual time (netplay/race.py: simulate_races): the
clocks, the one-way delays and their jitter are injected, so no outcome depends on how busy the machine
is. With 2 ms and 40 ms of delay each way (and clocks 1000 s apart) the earlier press wins whichever
client is closer, from 10 ms apart; a client cannot back-date its presses beyond the clamp; a link slower
than the hold cap covers, or an asymmetric one, has the limits docs/PROTOCOL.md states."""

from __future__ import annotations

import json

import pytest

from cardtable.netplay.race import Link, simulate_races

JITTER = 0.004  # each trip takes up to 4 ms more than its delay, drawn afresh every time


@pytest.mark.parametrize("near_delay", [0.002, 0.0])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_earlier_press_wins_whoever_is_closer(near_delay: float, seed: int) -> None:
    report = simulate_races(Link(near_delay, near_delay, JITTER), Link(0.040, 0.040, JITTER, clock=1000.0),
                            gaps=(0.010, 0.015, 0.025), repeats=2, margin=0.015, seed=seed)
    print(json.dumps(report))
    far = report["host_estimates"]["far"]
    assert far["offset"] == pytest.approx(-1000.0, abs=JITTER)
    assert far["rtt"] > 0.070  # the host sees the far client's delay
    failures = [t for t in report["trials"] if not t["ok"]]
    assert not failures, failures
    assert {t["first"] for t in report["trials"]} == {"near", "far"}


def test_presses_closer_than_the_jitter_can_go_either_way_but_never_stall() -> None:
    """Below the clock estimate's error the order is a coin toss; every race still has one winner."""
    report = simulate_races(Link(0.002, 0.002, 0.010), Link(0.040, 0.040, 0.010, clock=1000.0),
                            gaps=(0.0, 0.002), repeats=3, margin=0.015)
    assert all(t["winner"] in ("near", "far") for t in report["trials"])


def test_back_dated_presses_are_clamped() -> None:
    """The near client claims every press 0.5 s earlier than it was: the clamp (its own round trip
    plus the margin) leaves it no gain against a far press 30 ms before its own."""
    report = simulate_races(Link(0.002, 0.002, JITTER), Link(0.040, 0.040, JITTER, clock=1000.0),
                            gaps=(0.030,), repeats=2, near_cheat=0.5, margin=0.015)
    far_first = [t for t in report["trials"] if t["first"] == "far"]
    assert far_first and all(t["winner"] == "far" for t in far_first)


def test_a_link_beyond_the_hold_cap_is_warned_of_and_a_larger_cap_covers_it() -> None:
    """150 ms away (300 ms round trip) with the 100 ms cap: presses 30 ms earlier lose, and the lobby
    warns (the cap covers 170 ms round trips: 2 x (cap - margin)); a 200 ms cap makes them win."""
    near, far = Link(0.002, 0.002), Link(0.150, 0.150, clock=1000.0)
    capped = simulate_races(near, far, gaps=(0.030, 0.080), repeats=1, max_hold=0.1)
    lost = [t for t in capped["trials"] if not t["ok"]]
    assert lost and all(t["first"] == "far" and t["gap_ms"] == 30.0 for t in lost)
    assert capped["slow_links"] == [{"seat": 1, "name": "far", "rtt_ms": 300, "covered_ms": 170}]
    from cardtable.arcade.scenes.lobby import lobby_warning

    assert "too far for fair races: far (300 ms, covered 170 ms)" in lobby_warning(capped)
    wider = simulate_races(near, far, gaps=(0.030, 0.080), repeats=1, max_hold=0.2)
    assert all(t["ok"] for t in wider["trials"]) and wider["slow_links"] == []


def test_an_asymmetric_link_skews_the_clock_by_half_the_difference() -> None:
    """50 ms up and 0 down: the offset estimate (which assumes equal halves) is 25 ms off, so that
    client's presses count 25 ms late: it loses races it pressed 20 ms first, wins from 30 ms."""
    report = simulate_races(Link(0.002, 0.002), Link(0.050, 0.0, clock=1000.0), gaps=(0.020, 0.030), repeats=1)
    assert report["host_estimates"]["far"]["offset"] == pytest.approx(-1000.0 + 0.025, abs=1e-6)
    outcome = {(t["gap_ms"], t["first"]): t["winner"] for t in report["trials"]}
    assert outcome[(20.0, "far")] == "near" and outcome[(30.0, "far")] == "far"
    assert outcome[(20.0, "near")] == outcome[(30.0, "near")] == "near"
