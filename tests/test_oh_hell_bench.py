"""The OpenSpiel comparison bench runs (its figures are printed, never asserted: no clocks in tests)."""

from __future__ import annotations

import importlib.util

from cardtable.bench.openspiel import measure_oh_hell_same_shape, measure_openspiel_oh_hell, seven_card_starts
from cardtable.engine.oh_hell import GAME


def test_starts_are_seven_card_hands_of_four_players() -> None:
    for state in seven_card_starts(3):
        GAME.check(state)
        assert state.players == 4 and state.schedule[state.hand_index] == 7 and state.phase == "bid"
        assert [h.bit_count() for h in state.hands] == [7] * 4


def test_same_shape_measure_plays_whole_hands() -> None:
    report = measure_oh_hell_same_shape(0.05)
    assert report["games"] >= 1 and report["actions"] == 32 * report["games"]
    assert report["actions_per_second"] > 0


def test_openspiel_measure_is_none_without_open_spiel() -> None:
    report = measure_openspiel_oh_hell(0.05)
    if importlib.util.find_spec("pyspiel") is None:
        assert report is None
    else:
        assert report is not None and report["actions"] == 32 * report["games"]
