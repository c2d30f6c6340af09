"""The others' turns at the Rummy table, one line each (issue 22 item 4): what each drew, melded,
knocked or passed, long enough to read, never over the melds, and again on the recap key."""

from __future__ import annotations

import pygame

from cardtable.arcade.input import Command
from cardtable.arcade.tables.parts.recap import READ_BASE
from cardtable.arcade.tables.rummy.narration import rearranged
from tests.test_tables_turn_games import Harness, rummy_position


def lines(h: Harness) -> list[str]:
    return [line.text for line in h.table.narration.recap.lines]


def three_players() -> Harness:
    h = Harness("rummy", 3, 31)
    h.table.set_names(["You", "Bot 2 (normal)", "Bot 3 (normal)"])
    return h


def test_each_turn_of_the_others_is_one_line_growing_with_its_events() -> None:
    h = three_players()
    table = h.table
    table.on_event({"type": "draw", "seat": 1, "draw": 1, "pile": 40})
    assert lines(h) == ["Bot 2 drew"]
    table.on_event({"type": "draw", "seat": 1, "draw": 2, "pile": 39})
    table.on_event({"type": "meld", "seat": 1, "table": [["7H", "8H", "9H"]], "played": ["7H", "9H", "8H"]})
    assert lines(h) == ["Bot 2 drew 2 cards, melded 7H 8H 9H"]
    table.on_event({"type": "draw", "seat": 2, "draw": 1, "pile": 38})
    table.on_event({"type": "knock", "seat": 2, "value": 3})
    assert lines(h) == ["Bot 2 drew 2 cards, melded 7H 8H 9H", "Bot 3 drew, knocked with 3"]
    table.on_event({"type": "draw", "seat": 0, "draw": 1, "pile": 37})  # your own turn is not told
    table.on_event({"type": "draw", "seat": 1, "draw": 1, "pile": 36})
    table.on_event({"type": "pass", "seat": 1})
    assert lines(h)[-1] == "Bot 2 drew, passed" and len(lines(h)) == 2  # one round of the others


def test_a_line_stays_long_enough_to_read_and_comes_back_on_the_recap_key() -> None:
    h = three_players()
    table = h.table
    table.on_event({"type": "draw", "seat": 1, "draw": 1, "pile": 40})
    for _ in range(int(READ_BASE * 120) - 10):
        table.tick(1 / 120)
    assert lines(h) == ["Bot 2 drew"]
    for _ in range(4 * 120):
        table.tick(1 / 120)
    assert lines(h) == []
    table.handle(Command("recap", "keyboard"), 0)
    assert lines(h) == ["Bot 2 drew"]
    table.on_event({"type": "deal", "dealer": 1, "hand_number": 2})
    assert lines(h) == [] and table.narration.recap.key_hint() is None


def test_a_meld_that_moves_table_cards_says_so() -> None:
    assert rearranged([["5H", "6H", "7H"], ["QS", "QD", "QC"]], [["5H", "6H", "7H", "QH"], ["QS", "QD", "QC"]]) is False
    assert rearranged([["5H", "6H", "7H"]], [["5H", "6H", "7H", "8H"]]) is False
    assert rearranged([["5H", "6H", "7H", "8H"]], [["5H", "6H", "7H"], ["8S", "8H", "8D"]]) is True
    h = rummy_position([["5H", "6H", "7H", "8H"]], ["8S", "8D", "2C"])
    h.table.on_event({"type": "meld", "seat": 1, "table": [["5H", "6H", "7H"], ["8S", "8H", "8D"]],
                      "played": ["8S", "8D"]})
    assert lines(h) == ["Seat 2 melded 8S 8D (rearranging the table)"]


def test_bots_turns_are_told_over_a_game_and_the_recap_never_covers_a_meld() -> None:
    for size in ((960, 540), (1280, 720)):
        h = Harness("rummy", 3, 7, size=size)
        told: set[str] = set()
        for _ in range(300):
            if h.game.result(h.state) is not None:
                break
            seat = h.game.to_act(h.state)[0]
            legal = h.game.legal(h.state, seat)
            action = h.bot.choose(h.game.view(h.state, seat), legal, h.rng)
            events = h.game.apply(h.state, seat, action)
            h.push(events)
            h.ticks(2)
            told |= set(lines(h))
            band = h.table.seating.recap_band()
            melds = [s.rect for s in h.table.sprites if s.group.startswith("meld")]
            assert band.collidelist(melds) < 0
        assert any("melded" in t for t in told) and any(t.endswith("drew") or "drew," in t for t in told), told
        assert not any(t.startswith("You") for t in told)
        h.table.draw(pygame.Surface(size), 1.0)
