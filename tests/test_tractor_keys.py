"""Tractor by keys: a follow of several cards in a few presses. Q/E (LB/RB) take the pair or tractor
under the cursor, or the next one, whole; once the selection is a play, the focus is on Play, so
confirm makes it. Left/Right step over the cards the seat may use now only."""

from __future__ import annotations

import pygame
import pytest

from tests.test_tables_turn_games import Harness
from tests.test_tractor import table

# seat 3 leads a tractor of diamonds; seat 0 holds three diamond pairs (no tractor: any two of them
# follow) and three cards it may not play
HANDS = [["3C", "4C", "7D", "7D", "9D", "9D", "JD", "JD", "KS"], ["8C", "8C", "9C", "TC", "QD", "KD", "AD", "5S", "6S"],
         ["3S", "4S", "7S", "8S", "9S", "TS", "JS", "QS", "3D"], ["5D", "5D", "6D", "6D", "2C", "JC", "QC", "KC", "AC"]]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def follow_a_tractor() -> Harness:
    h = Harness("tractor", 4, 1)
    h.state = table(HANDS, trump="H", rank="2", declarers=1, starter=3)
    h.game.apply(h.state, 3, {"type": "play", "cards": ["5D", "5D", "6D", "6D"]})
    h.push([])
    assert h.table.picking.template()["choose"]["count"] == 4 and not h.table.picking.selected.get(0)
    return h


@pytest.mark.parametrize("device", ["keyboard", "pad"])
def test_a_four_card_follow_of_two_pairs_takes_three_presses(device: str) -> None:
    h = follow_a_tractor()
    presses = 0
    while h.table.zone.get(0) != "menu" and presses < 6:
        h.command("pile_b", device=device)
        presses += 1
    chosen = h.table.picking.selection(0)
    assert sorted(chosen) == ["7D", "7D", "9D", "9D"] and h.table.picking.complete(0), chosen
    sent = h.command("confirm", device=device)  # Harness.send: the engine must accept it
    presses += 1
    assert [a for _, a in sent] == [{"type": "play", "cards": chosen}]
    assert h.state.trick[-1] == {"seat": 0, "cards": chosen}
    assert presses == 3, presses


def test_q_and_e_take_units_whole_and_back_clears_them() -> None:
    h = follow_a_tractor()
    cards = h.table.picking.shown_cards()
    h.table.controls.inputs[0].cursor = cards.index("KS")
    h.command("pile_a")  # the pair on the left of the cursor
    assert h.table.picking.selection(0) == ["JD", "JD"]
    h.command("back")
    assert h.table.picking.selection(0) == []
    h.command("pile_b")  # the pair under the cursor (it stayed on the pair taken)
    assert h.table.picking.selection(0) == ["JD", "JD"]
    h.command("pile_b")  # none further right: round to the first
    assert h.table.picking.selection(0) == ["7D", "7D", "JD", "JD"]
    h.command("pile_b")  # a third pair would make six of four
    assert h.table.picking.selection(0) == ["7D", "7D", "JD", "JD"]
    assert any("already" in t.text for t in h.table.toasts)


def test_left_and_right_step_over_cards_the_seat_may_not_use() -> None:
    h = follow_a_tractor()
    cards = h.table.picking.shown_cards()
    visited = []
    for kind in ["right"] * 8 + ["left"] * 8:
        h.command(kind)
        visited.append(cards[h.table.controls.inputs[0].cursor])
    assert set(visited) == {"7D", "9D", "JD"}, visited
