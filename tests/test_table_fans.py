"""The others' hands of face-down cards close up at once when a card leaves them (the card itself flies):
a fan of 25 backs re-spacing by a few pixels glided every card for a quarter of a second after every
play, dozens of cards redrawn each frame for a move nobody follows (Tractor at 1920x1080: frame CPU
p50 1.30 -> 1.03 ms). A player's own hand still glides."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade.anim import Motion
from tests.test_tables_turn_games import Harness


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def test_a_key_placed_without_gliding_is_there_at_once_unless_new_or_on_its_way() -> None:
    motion = Motion(duration=0.1)
    motion.place("back", (10, 0), origin=(100, 100), glide=False)  # new: comes from its origin
    assert motion.pos("back") == (100.0, 100.0)
    motion.tick(0.05)
    motion.place("back", (20, 0), glide=False)  # on its way: goes on, to the new place
    assert motion.moving and motion.pos("back") != (20.0, 0.0)
    for _ in range(30):
        motion.tick(1 / 120)
    assert motion.pos("back") == (20.0, 0.0) and not motion.moving
    motion.place("back", (30, 0), glide=False)  # at rest: there at once
    assert motion.pos("back") == (30.0, 0.0) and not motion.moving
    motion.place("back", (40, 0))
    assert motion.moving


def _backs(h: Harness) -> dict[object, pygame.Rect]:
    return {s.key: s.rect.copy() for s in h.table.sprites
            if s.code is None and s.group.startswith("hand ") and s.group != "hand 0"}


@pytest.mark.parametrize("name, players", [("tractor", 4), ("oh_hell", 4), ("go_stop", 3)])
def test_the_others_hands_close_up_at_once_and_ones_own_glides(name: str, players: int) -> None:
    h = Harness(name, players, 3)
    closed = glided = 0
    for _ in range(400):
        if h.game.result(h.state) is not None or (closed and glided):
            break
        seats = [s for s in h.game.to_act(h.state) if h.game.legal(h.state, s)]
        if not seats:
            break
        h.ticks(60)  # everything at rest
        before = _backs(h)
        mine = {s.key: s.rect.topleft for s in h.table.sprites if s.group == "hand 0"}
        seat = seats[0]
        action = h.bot.choose(h.game.view(h.state, seat), h.game.legal(h.state, seat), h.rng)
        h.push(h.game.apply(h.state, seat, action))
        moving = h.table.motion.moving_keys()
        for key, rect in _backs(h).items():
            if key in before and before[key] != rect:
                closed += 1
                assert key not in moving and h.table.motion.pos(key) == rect.topleft, key
        glided += sum(1 for s in h.table.sprites
                      if s.group == "hand 0" and s.key in mine and mine[s.key] != s.rect.topleft and s.key in moving)
    assert closed and glided, (closed, glided)
