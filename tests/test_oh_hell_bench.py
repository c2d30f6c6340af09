"""The OpenSpiel comparison bench runs (its figures are printed, never asserted: no clocks in tests)."""

from __future__ import annotations

import importlib.util
import json

import pytest

from cardtable.bench import openspiel as openspiel_bench
from cardtable.bench.openspiel import (
    ACTIONS_PER_HAND,
    NOT_INSTALLED,
    CardtableLoop,
    compare,
    main,
    seven_card_starts,
)
from cardtable.engine.oh_hell import GAME

HAVE_OPENSPIEL = importlib.util.find_spec("pyspiel") is not None


def test_starts_are_seven_card_hands_of_four_players() -> None:
    for state in seven_card_starts(3):
        GAME.check(state)
        assert state.players == 4 and state.schedule[state.hand_index] == 7 and state.phase == "bid"
        assert [h.bit_count() for h in state.hands] == [7] * 4


def test_our_loop_plays_whole_seven_card_hands() -> None:
    loop = CardtableLoop()
    assert loop.play(5, float("inf")) == 5 and loop.played == 5
    assert loop.play(3, float("inf")) == 3 and loop.played == 8
    for start in loop.starts:  # the loop plays clones: its starts stay at the start of the hand
        assert start.phase == "bid" and start.schedule[start.hand_index] == 7


def test_counted_run_plays_exactly_that_many_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--count", "7", "--side", "cardtable"]) == 0
    report = json.loads(capsys.readouterr().out)["cardtable"]
    assert report["hands"] == 7 and report["actions"] == 7 * ACTIONS_PER_HAND == 7 * 32


def test_compare_reports_both_sides_when_open_spiel_is_there() -> None:
    if not HAVE_OPENSPIEL:
        pytest.skip("open_spiel is optional and not installed here")
    report = compare(0.02, rounds=2)
    assert report["shape"] == {"players": 4, "tricks": 7, "actions_per_hand": 32}
    assert report["available"] is True
    for side in ("cardtable", "openspiel"):
        assert report[side]["hands"] >= 1 and report[side]["actions"] == 32 * report[side]["hands"]
    assert {"ratio_cpu", "ratio_wall", "round_ratios_cpu"} <= set(report)


def test_compare_without_open_spiel_says_so_and_measures_our_side(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(openspiel_bench, "openspiel_loop", lambda: None)
    report = compare(0.02, rounds=2)
    assert report["available"] is False and report["why"] == NOT_INSTALLED
    assert "openspiel" not in report and "ratio_cpu" not in report
    assert report["cardtable"]["hands"] >= 1
