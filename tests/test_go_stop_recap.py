"""Go-Stop's recap (arcade/tables/go_stop/narration.py): each turn told in words from the host's
events, the card played and what it took, the stock card turned and what that took; the lines stay up
to be read and the recap key (L, a pad's X) brings them back."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.arcade import layout
from cardtable.arcade.cardart import CardArt
from cardtable.arcade.input import Command, InputMapper
from cardtable.arcade.tables import make_table
from cardtable.arcade.tables.go_stop.narration import card_words
from cardtable.arcade.tables.parts.recap import READ_BASE
from cardtable.engine import get_game, hwatu


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def play(seed: int, size: tuple[int, int] = (960, 540), turns: int = 400):
    """A table for seat 0 following a 3-player game of random moves; yields (seat, action, events,
    the lines the recap showed after them)."""
    game = get_game("go_stop")
    state = game.new(3, seed, None)
    table = make_table("go_stop", [0], CardArt(), size)
    table.set_names(["You", "Bot 2 (normal)", "Bot 3 (normal)"])
    table.set_view(0, game.view(state, 0), game.legal(state, 0), [])
    rng = random.Random(seed)
    for _ in range(turns):
        if state.phase == "over":
            return
        seat = game.to_act(state)[0]
        legal = game.legal(state, seat)
        action = rng.choice([a for a in legal if a["type"] != "leave"] or legal)  # play on to the last hand
        events = game.apply(state, seat, action)
        table.set_view(0, game.view(state, 0), game.legal(state, 0), events)
        yield table, seat, action, events, [line.text for line in table.narration.recap.lines]


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_every_card_played_turned_and_taken_is_told(seed: int) -> None:
    told = 0
    mine: set[str] = set()  # the cards the seat to move put down or turned this turn
    for table, seat, _action, events, lines in play(seed):
        who = "You" if seat == 0 else f"Bot {seat + 1}"
        text = "\n".join(lines)
        kinds = {e.get("type") for e in events}
        captured = {c for e in events if e.get("type") == "captured" for c in e["cards"]}
        for event in events:
            kind = event.get("type")
            if kind == "played":
                mine = {event["card"]}
                assert f"{who} played {card_words(event['card'])}" in text, (events, lines)
                told += 1
            elif kind == "turned":
                mine.add(event["card"])
                words = card_words(event["card"])
                assert f"turned {words}" in text or f"then {words}" in text, (events, lines)
                if event["card"] not in captured and not kinds & {"ppuk", "stack", "ja_ppuk"} \
                        and table.view.get("phase") != "choose" and f"then {words}" not in text:
                    assert f"turned {words}, no match" in text, (events, lines)
            elif kind == "captured" and len(event["cards"]) == 2:
                taken = [c for c in event["cards"] if c not in mine]
                if taken:
                    assert len(taken) == 1 and f"took {card_words(taken[0])}" in text, (events, lines)
                else:  # the card played and the card turned (a kiss)
                    assert "kiss, took both" in text, (events, lines)
            elif kind == "stop":
                assert lines[-1].startswith(f"{who}: Stop"), (events, lines)
        played = [e for e in events if e.get("type") == "played"]
        if played and not kinds & {"captured", "kiss", "ppuk", "ttadak"} \
                and table.view.get("phase") == "play" and not hwatu.is_joker(played[0]["card"]):
            assert f"{who} played {card_words(played[0]['card'])}, no match" in text, (events, lines)
    assert told > 10


def test_a_bot_turn_stays_up_to_be_read_and_l_brings_it_back() -> None:
    table = None
    for played_on, seat, _action, events, _lines in play(2):
        if seat == 2 and any(e.get("type") == "captured" for e in events):
            table = played_on
            break
    assert table is not None
    said = [line.text for line in table.narration.recap.lines]
    assert any(t.startswith("Bot 3 played") for t in said)
    for _ in range(round((READ_BASE - 0.5) * 60)):
        table.tick(1 / 60)
    assert [line.text for line in table.narration.recap.lines] == said  # still up after READ_BASE - 0.5 s
    for _ in range(20 * 60):
        table.tick(1 / 60)
    assert table.narration.recap.lines == []
    mapper = InputMapper()
    key = mapper._translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
    assert [c.kind for c in key] == ["recap"]
    assert table.handle(Command("recap", "keyboard"), 0) == []
    assert [line.text for line in table.narration.recap.lines][-len(said):] == said[-table.narration.recap.rows:]
    surface = pygame.Surface(table.size)
    with layout.seen() as drawn:
        table.draw(surface, 1.0)
    labels = [d.name for d in drawn if d.kind == "label" and d.owner == "recap"]
    assert labels and all(t in said for t in labels)
    hints = next(d.name for d in drawn if d.kind == "hints")
    assert "L hide moves" in hints
    table.handle(Command("recap", "keyboard"), 0)
    assert table.narration.recap.lines == []


def test_the_pad_x_and_each_couch_half_have_the_recap_key() -> None:
    from cardtable.arcade import input as input_module

    assert input_module._PAD_BUTTONS[pygame.CONTROLLER_BUTTON_X] == "recap"
    assert input_module._SPLIT_P2[pygame.K_f] == "recap" and input_module._SPLIT_P1[pygame.K_l] == "recap"
    mapper = InputMapper()
    assert mapper.hint("recap", "pad0") == "X" and mapper.glyph("recap", "pad0") == "pad:X"
    assert mapper.hint("recap", "keyboard2") == "F" and mapper.hint("recap", "keyboard") == "L"


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_recap_overlaps_nothing_at_either_size(size) -> None:
    checked = 0
    for table, _seat, _action, _events, lines in play(5, size):
        if not lines or table.result.showing():
            continue
        surface = pygame.Surface(size)
        with layout.recording() as items:
            table.draw(surface, 1.0)
        recap = [d for d in items if d.name == "recap" or d.owner == "recap"]
        assert recap
        problems = [p for p in layout.problems(items, size) if "recap" in p]
        assert problems == [], problems
        checked += 1
        if checked > 12:
            break
    assert checked
