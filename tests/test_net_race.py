"""Fair races: with 2 ms and 40 ms of delay each way (and clocks 1000 s apart), the earlier press wins
whichever client is closer to the host; a client cannot back-date its presses beyond the clamp."""

from __future__ import annotations

import json

import pytest

from cardtable.netplay.race import race_trials


@pytest.mark.parametrize("near_delay", [0.002, 0.0])
def test_earlier_press_wins_whoever_is_closer(near_delay: float) -> None:
    report = race_trials(near_delay=near_delay, far_delay=0.040, gaps=(0.010, 0.015, 0.025), repeats=2,
                         margin=0.02)  # tolerates 20 ms of scheduling jitter on a busy test machine
    print(json.dumps(report))
    far = report["host_estimates"]["far"]
    assert far["offset"] == pytest.approx(-1000.0, abs=0.005)
    assert far["rtt"] > 0.070  # the host sees the far client's delay
    failures = [t for t in report["trials"] if t["gap_ms"] >= 10.0 and not t["ok"]]
    assert not failures, failures
    assert {t["first"] for t in report["trials"] if t["ok"]} == {"near", "far"}


def test_back_dated_presses_are_clamped() -> None:
    report = race_trials(gaps=(0.030,), repeats=2, near_cheat=0.5, margin=0.02)
    far_first = [t for t in report["trials"] if t["first"] == "far"]
    assert far_first and all(t["winner"] == "far" for t in far_first)
