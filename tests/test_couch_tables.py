"""Spit and Speed for two people on one screen, and the start and stuck flows (issue 10, items 2 and 4).

Side by side (the default for two local seats): each player's cards, cursor, messages and hints lie in
their own half, nothing is upside down, and left is left for both. Face to face (the tablet setting):
the second player's side is turned to them. Every arrangement lays out without overlaps at three sizes
(the renderers' reported rects, arcade/layout.py).
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from cardtable.arcade import layout
from cardtable.arcade.cardart import CardArt
from cardtable.arcade.input import Command
from cardtable.arcade.tables import make_table
from cardtable.arcade.tables.base import READ_TIME
from cardtable.arcade.tables.realtime import FACING, SIDE
from cardtable.arcade.tables.speed import COUNTDOWN
from cardtable.engine import get_game

SIZES = ((960, 540), (1280, 720), (1920, 1080))


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


class Couch:
    """A real-time game, a table for its local seats, and the views pushed between them."""

    def __init__(self, name: str, local: list[int], seed: int, size: tuple[int, int] = (1280, 720),
                 arrangement: str = SIDE) -> None:
        self.game = get_game(name)
        self.state = self.game.new(2, seed)
        self.local = local
        self.table: Any = make_table(name, local, CardArt(), size)
        self.table.set_couch_layout(arrangement)
        self.rng = random.Random(seed)
        self.push([])

    def push(self, events: list[dict[str, Any]]) -> None:
        for seat in self.local:
            self.table.set_view(seat, self.game.view(self.state, seat), self.game.legal(self.state, seat), events)

    def act(self, seat: int, action: dict[str, Any]) -> None:
        self.push(self.game.apply(self.state, seat, action))

    def random_step(self) -> bool:
        if self.game.result(self.state) is not None:
            return False
        seats = [s for s in self.game.to_act(self.state) if self.game.legal(self.state, s)]
        if not seats:
            return False
        seat = self.rng.choice(seats)
        self.act(seat, self.game.sample(self.state, seat, self.rng))
        return True

    @property
    def phase(self) -> str:
        return str(self.game.view(self.state, self.local[0]).get("phase"))


def problems(table: Any) -> list[str]:
    return layout.problems(table.reporter.layout_items(pygame.Surface(table.size)), table.size)


@pytest.mark.parametrize("name", ["spit", "speed"])
@pytest.mark.parametrize("arrangement", [SIDE, FACING, "single"])
def test_every_arrangement_lays_out_without_overlaps_at_three_sizes(name, arrangement) -> None:
    local = [0] if arrangement == "single" else [0, 1]
    for size in SIZES:
        couch = Couch(name, local, seed=11, size=size, arrangement=arrangement if arrangement != "single" else SIDE)
        assert couch.table.sides.arrangement == arrangement
        seen: set[str] = set()
        for step in range(400):
            if couch.phase not in seen or step % 97 == 0:
                seen.add(couch.phase)
                for _ in range(3):
                    couch.table.tick(1 / 30)
                found = problems(couch.table)
                assert not found, (size, couch.phase, found)
            if not couch.random_step():
                break
        assert {"ready", "play"} <= seen


@pytest.mark.parametrize("name", ["spit", "speed"])
def test_side_by_side_each_player_keeps_to_their_half_the_right_way_up(name) -> None:
    couch = Couch(name, [0, 1], seed=4)
    while couch.phase != "play":
        couch.random_step()
    table = couch.table
    assert table.sides.arrangement == SIDE
    assert not any(sprite.flipped for sprite in table.sprites)
    items = table.reporter.layout_items(pygame.Surface(table.size))
    for seat in (0, 1):
        half = table.sides.half(seat)
        mine = [s.rect for s in table.sprites if s.seat == seat]
        assert mine and all(half.contains(rect) for rect in mine), seat
        hints = next(d.box for d in items if d.name == f"hints {seat}")
        assert half.contains(hints)
    assert table.sides.half(0).right <= table.sides.half(1).left  # the first player on the left


@pytest.mark.parametrize("name", ["spit", "speed"])
def test_side_by_side_left_is_left_for_both_and_the_pile_buttons_mean_the_screen(name) -> None:
    couch = Couch(name, [0, 1], seed=7)
    while couch.phase != "play":
        couch.random_step()
    table = couch.table
    for seat, device in ((0, "keyboard"), (1, "pad3")):
        cards = [c for c in table.cursor_cards(seat) if c]
        assert len(cards) >= 2
        table.controls.inputs[seat].cursor = table.cursor_cards(seat).index(cards[1])
        table.handle(Command("right", device), seat)

        def cursor_x(s: int = seat) -> int:
            card = table.cursors.cursor_card(s)
            return next(sp.rect.centerx for sp in table.sprites if sp.code == card)

        before = cursor_x()
        table.handle(Command("left", device), seat)
        assert cursor_x() < before, (seat, "left moves the cursor left on screen")
        left_pile, right_pile = table.pile_for_button(seat, 0), table.pile_for_button(seat, 1)
        assert table.seating.pile_rect(left_pile).centerx < table.seating.pile_rect(right_pile).centerx


def test_face_to_face_turns_the_second_player_round() -> None:
    couch = Couch("speed", [0, 1], seed=2, arrangement=FACING)
    while couch.phase != "play":
        couch.random_step()
    table = couch.table
    assert table.sides.flipped(1) and not table.sides.flipped(0)
    assert all(s.flipped for s in table.sprites if s.seat == 1)
    # the top player's left is the screen's right
    assert table.seating.pile_rect(table.pile_for_button(1, 0)).centerx > table.seating.pile_rect(table.pile_for_button(1, 1)).centerx
    table.set_couch_layout(SIDE)
    assert not table.sides.flipped(1) and not any(s.flipped for s in table.sprites)


def test_speed_hand_is_visible_at_once_and_the_countdown_ends_in_play() -> None:
    couch = Couch("speed", [0], seed=3)
    table = couch.table
    assert couch.phase == "ready" and table.countdown.left == pytest.approx(COUNTDOWN)
    hand = [s for s in table.sprites if s.seat == 0]
    assert len(hand) == 5 and all(s.code is not None for s in hand)  # your own hand, face up
    assert table.auto_actions() == [] and not table.buttons  # no Ready to press during the count
    for _ in range(int(COUNTDOWN * 60) + 2):
        table.tick(1 / 60)
    sent = table.auto_actions()
    assert sent == [(0, {"type": "ready"})]
    assert table.auto_actions() == []  # once per round
    couch.act(0, {"type": "ready"})
    couch.act(1, {"type": "ready"})
    assert couch.phase == "play"


def test_speed_ready_button_for_a_player_who_missed_the_count() -> None:
    couch = Couch("speed", [0], seed=5)
    table = couch.table
    for _ in range(int(COUNTDOWN * 60) + 2):
        table.tick(1 / 60)
    assert [b.label for b in table.buttons] == ["Ready"]
    assert table.handle(Command("confirm", "pad2"), 0) == [(0, {"type": "ready"})]


def test_speed_stuck_messages_read_right_with_you() -> None:
    couch = Couch("speed", [0], seed=1)
    table = couch.table
    view = dict(table.views[0], phase="play", flip_asked=[False, True])
    table.set_names(["Ann", "Bob"])
    table.set_view(0, view, [], [])
    text = table.table_message()[0]
    assert text == "Bob is stuck: the side piles turn when you can't play either"
    table.set_view(0, dict(view, flip_asked=[True, False]), [], [])
    assert table.table_message()[0] == "You are stuck: the side piles turn when Bob can't play either"


def find_state(name: str, wanted, seeds=range(40), steps: int = 600, local: list[int] | None = None,
               arrangement: str = SIDE) -> Couch:
    for seed in seeds:
        couch = Couch(name, local or [0], seed=seed, arrangement=arrangement)
        for _ in range(steps):
            if wanted(couch):
                return couch
            if not couch.random_step():
                break
    raise AssertionError("no such position in the seeds tried")


def test_spit_says_why_spit_cannot_be_called_yet() -> None:
    def only_a_move(couch: Couch) -> bool:
        legal = couch.game.legal(couch.state, 0)
        kinds = {a["type"] for a in legal}
        return couch.phase == "play" and "move" in kinds and "play" not in kinds and "turn" not in kinds

    couch = find_state("spit", only_a_move)
    message = couch.table.seat_message(0)
    assert message is not None and "empty place" in message[0] and "Spit!" in message[0]
    couch.table.tick(0.1)
    assert problems(couch.table) == []


def test_a_rejection_goes_when_the_position_changes() -> None:
    couch = Couch("speed", [0], seed=8)
    while couch.phase != "play":
        couch.random_step()
    table = couch.table
    table.reject(0, {"type": "play", "card": "TD", "pile": 0}, "TD is not one rank above or below 7C")
    assert table.toasts[-1].seat == 0 and table.toasts[-1].until_change
    for _ in range(10):
        table.tick(0.05)
    assert table.toasts  # the same position: it stays to be read
    moved = False
    while not moved:  # the other player plays: the position changes
        seat = 1
        plays = [a for a in couch.game.legal(couch.state, seat) if a["type"] == "play"]
        if plays:
            couch.act(seat, plays[0])
            moved = True
        elif not couch.random_step():
            break
    assert moved
    for _ in range(int(READ_TIME / 0.05) + 10):
        table.tick(0.05)
    assert not table.toasts


def test_fading_text_is_drawn_as_text_not_a_box() -> None:
    couch = Couch("speed", [0], seed=8)
    table = couch.table
    table.toasts.add("Side piles rebuilt from the centre")
    surface = pygame.Surface(table.size)
    table.draw(surface, 0.0)
    table.draw(surface, 0.0)
    image = table.ink.text("Side piles rebuilt from the centre", table.ink.fit("Side piles rebuilt from the centre",
                                                                       26 * table.u, table.W * 0.9), (240, 244, 238))
    probe = pygame.Surface(image.get_size())
    probe.fill((0, 0, 255))
    probe.blit(image, (0, 0))
    assert probe.get_at((0, 0))[:3] == (0, 0, 255)  # the cached text still blends after a fade


def test_spit_confirm_on_an_empty_place_fills_it() -> None:
    def empty_to_fill(couch: Couch) -> bool:
        return couch.phase == "play" and any(a["type"] == "move" for a in couch.game.legal(couch.state, 0))

    couch = find_state("spit", empty_to_fill)
    table = couch.table
    move = next(a for a in couch.game.legal(couch.state, 0) if a["type"] == "move")
    table.controls.inputs[0].cursor = move["stock"]
    assert table.cursors.cursor_card(0) is None  # the cursor is on the empty place
    sent = table.handle(Command("confirm", "pad1"), 0)
    assert sent and sent[0][1]["type"] == "move" and sent[0][1]["stock"] == move["stock"]


@pytest.mark.parametrize("arrangement", [SIDE, FACING])
def test_spit_cursor_on_an_empty_place_is_marked(arrangement) -> None:
    """A pad or keyboard player whose cursor rests on an empty place sees it there (the marker a card
    under the cursor gets), each player in their own colour, turned for a player across."""
    def empty_to_fill(couch: Couch) -> bool:
        return couch.phase == "play" and all(any(a["type"] == "move" for a in couch.game.legal(couch.state, s))
                                             for s in (0, 1))

    couch = find_state("spit", empty_to_fill, local=[0, 1], arrangement=arrangement)
    table = couch.table
    marks: list[tuple[tuple[float, float], Any, bool]] = []
    table.renderer.draw_marker = lambda surface, at, colour, below=False, height=0.0: marks.append((at, colour, below))
    for seat in (0, 1):
        table.controls.inputs[seat].device = f"pad{seat + 1}"
        table.controls.inputs[seat].cursor = next(a for a in couch.game.legal(couch.state, seat) if a["type"] == "move")["stock"]
        assert table.cursors.cursor_card(seat) is None
    table.relayout()
    table.draw(pygame.Surface(table.size), 1.0)
    for seat in (0, 1):
        place = table.seating.place_rect(seat, table.controls.inputs[seat].cursor)
        ours = [m for m in marks if m[1] == table.sides.seat_colour(seat)]
        assert len(ours) == 1, (seat, marks)
        (x, y), _, below = ours[0]
        assert place.left <= x <= place.right
        assert below == table.sides.flipped(seat) and y == place.top


def test_setup_tells_each_couch_player_their_controls_and_half(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path))
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.setup import LocalSetupScene
    from cardtable.arcade.settings import Settings

    app = App(size=(960, 540), fullscreen=False, settings=Settings(name="Ann", last_game="spit"))
    try:
        scene = LocalSetupScene(app)
        scene.seats[1] = "local"
        assert scene.couch_note() == ("Player 1 (left half): WASD, Space, piles: Q / E   \u00b7   "
                                      "Player 2 (right half): arrows, Enter, piles: comma / period")
        app.mapper.controllers[3] = object()
        assert "Player 2 (right half): gamepad 1" in scene.couch_note()
        app.mapper.controllers[4] = object()
        assert scene.couch_note().startswith("Player 1 (left half): gamepad 1")
        app.settings.couch_layout = "facing"
        assert "Player 2 (top): gamepad 2" in scene.couch_note()
    finally:
        app.shutdown_quietly()


@pytest.mark.parametrize("name", ["spit", "speed"])
def test_a_replay_shows_no_cursor_on_the_watched_hand(name) -> None:
    """A replay offers no controls, so no card of the shown seat wears a cursor's marker or glow."""
    couch = find_state(name, lambda c: c.phase == "play")
    assert any(s.mark for s in couch.table.sprites)
    couch.table.replaying = True
    couch.push([])
    assert not any(s.mark for s in couch.table.sprites)
