"""What the Tractor table shows a newcomer at 960x540 and 1280x720: the last trick's names readable
(12 px or more), a chosen card and the cursor's marker over it clear of the Play/Clear row, the side
seats' hands inside the window, and a line for each of the others' moves (the recap)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade import layout
from cardtable.arcade.tables.parts.warmup import shadow_offset
from tests.test_tables_turn_games import Harness
from tests.test_tractor import table
from tests.test_tractor_keys import HANDS

SIZES = [(960, 540), (1280, 720)]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def harness(size: tuple[int, int], starter: int = 3) -> Harness:
    """Seat 0 at the table; ``starter`` leads the first trick."""
    h = Harness("tractor", 4, 1, size=size)
    h.state = table(HANDS, trump="H", rank="2", declarers=1, starter=starter)
    h.push([])
    return h


def play(h: Harness, seat: int, cards: list[str]) -> None:
    h.push(h.game.apply(h.state, seat, {"type": "play", "cards": cards}))


def frame(h: Harness) -> list[layout.Drawn]:
    h.ticks(120)  # the cards at rest (a moving card's marker is not reported)
    h.table.renderer.invalidate()
    with layout.seen() as drawn:
        h.table.draw(h.surface, 1.0)
    return list(drawn)


@pytest.mark.parametrize("size", SIZES)
def test_the_last_tricks_names_are_12_px_or_more(size) -> None:
    h = harness(size)
    play(h, 3, ["5D", "5D", "6D", "6D"])
    play(h, 0, ["7D", "7D", "9D", "9D"])
    play(h, 1, ["QD", "KD", "AD", "8C"])
    play(h, 2, ["3D", "3S", "4S", "7S"])
    names = {h.table.name(s).split(" (")[0] for s in range(4)}
    labels = [d for d in frame(h) if d.kind == "label" and d.owner == "last trick" and d.name in names]
    assert len(labels) == 4, labels
    at_12 = {d.name: h.table.ink.text(d.name, 12).get_height() for d in labels}
    assert all(d.rect[3] >= at_12[d.name] for d in labels), (at_12, labels)


@pytest.mark.parametrize("size", SIZES)
def test_a_chosen_card_and_its_marker_stay_clear_of_play_and_clear(size) -> None:
    h = harness(size, starter=0)
    cards = h.table.picking.shown_cards()
    for i in range(len(cards)):  # each card chosen in turn, the cursor on it
        h.table.picking.selected[0] = {i}
        h.table.controls.inputs[0].cursor = i
        h.table.relayout()
        drawn = frame(h)
        buttons = [pygame.Rect(d.rect) for d in drawn if d.kind == "button"]
        assert {d.name for d in drawn if d.kind == "button"} >= {"button Play", "button Clear"}, drawn
        raised = [pygame.Rect(s.rect) for s in h.table.sprites if s.hit == ("hand", i)]
        marker = [pygame.Rect(d.rect) for d in drawn if d.kind == "badge" and d.name == "cursor"]
        assert marker and raised
        for rect in raised + marker:
            assert rect.collidelist(buttons) == -1, (cards[i], rect, buttons)


@pytest.mark.parametrize("size", SIZES)
def test_the_side_seats_hands_stay_inside_the_window(size) -> None:
    h = harness(size)
    for seat in (1, 3):  # full hands of 25: the widest fans
        h.state.hands[seat] = (h.state.hands[seat] * 3)[:25]
    h.push([])
    margin = 8 * h.table.u
    for group in ("hand 1", "hand 3"):
        rects = [s.rect for s in h.table.sprites if s.group == group]
        assert rects, group
        assert min(r.left for r in rects) >= margin and max(r.right for r in rects) <= size[0] - margin, group


def test_each_of_the_others_moves_gets_a_line_that_stays_to_be_read() -> None:
    h = harness((960, 540))
    play(h, 3, ["5D", "5D", "6D", "6D"])
    play(h, 0, ["7D", "7D", "9D", "9D"])
    play(h, 1, ["QD", "KD", "AD", "8C"])
    play(h, 2, ["3D", "3S", "4S", "7S"])
    lines = [line.text for line in h.table.narration.recap.lines]
    assert lines == ["Seat 4 led a tractor of 2: 5 5 6 6 of diamonds (10 pts)",
                     "Seat 2 followed with Q K A of diamonds, 8 of clubs (10 pts)",
                     "Seat 3 followed with 3 of diamonds, 3 4 7 of spades",
                     "Seat 4 took the trick: 20 pts saved"], lines  # my own play gets no line
    h.ticks(120 * 5)  # five seconds on, every line is still there
    drawn = frame(h)
    assert len([d for d in drawn if d.kind == "label" and d.owner == "recap"]) == 4


@pytest.mark.parametrize("size", SIZES)
def test_a_seats_shown_cards_lie_on_top_of_its_hand_each_corner_in_view(size) -> None:
    """A declared pair was drawn first in the seat's fan, under 23 backs: the 2 of hearts showed as a
    sliver at the window's edge."""
    h = harness(size)
    for seat in (1, 2, 3):
        h.state.hands[seat] = (h.state.hands[seat] * 3)[:25]
        h.state.shown[seat] = [h.state.hands[seat][0]] * 2 if seat == 3 else [h.state.hands[seat][0]]
        h.state.hands[seat][1] = h.state.hands[seat][0]
    h.push([])
    for seat in (1, 2, 3):
        fan = [s for s in h.table.sprites if s.group == f"hand {seat}"]
        shown = len(h.state.shown[seat])
        assert [s.code for s in fan[-shown:]] == h.state.shown[seat] and all(s.code is None for s in fan[:-shown])
        step = fan[-1].rect.width * 0.4 - 1
        assert all(b.rect.x - a.rect.x >= step for a, b in zip(fan[-shown:], fan[len(fan) - shown + 1:], strict=False)), seat
        assert fan[0].rect.x == min(s.rect.x for s in fan) and fan[-1].rect.right == max(s.rect.right for s in fan)


def test_the_tricks_cards_are_drawn_ahead_before_the_first_is_played() -> None:
    """Before any card lies in the trick, idle ticks draw each card at the trick's size on its shadow (a
    face and its shadow first drawn in the frame after a play cost 0.6-1.0 ms at 1920x1080)."""
    h = harness((960, 540))
    size = h.table.seating.trick_size()
    assert not any(s.group.startswith("trick") for s in h.table.sprites)
    assert (size, False) in h.table.warm_shadowed()
    h.ticks(60)  # (the hand glides to its place; ticks with a gliding card warm nothing)
    art, offset = h.table.art, shadow_offset(h.table.u)
    for _ in range(3000):
        if all(art.has(size, ("shadowed", code, False, offset)) for code in h.table.deck):
            break
        h.table.warmup.new_frame()
        h.ticks(1)
    assert all(art.has(size, ("shadowed", code, False, offset)) for code in h.table.deck)
