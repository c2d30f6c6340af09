"""Random playouts shared by the contract test and the per-game tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from cardtable.engine.core import Game, cards_in


def actors(game: Game, state: Any) -> list[int]:
    """Seats that may act now and have at least one legal action."""
    return [seat for seat in game.to_act(state) if game.legal(state, seat)]


def playout(
    game: Game,
    state: Any,
    rng: random.Random,
    max_actions: int = 20000,
    each: Callable[[Any, int, dict[str, Any]], None] | None = None,
) -> Iterator[tuple[int, dict[str, Any]]]:
    """Apply random legal actions until the game ends; yields (seat, action) after each one."""
    for _ in range(max_actions):
        if game.result(state) is not None:
            return
        seats = actors(game, state)
        assert seats, f"{game.name}: nobody can act but there is no result"
        seat = rng.choice(seats)
        action = game.sample(state, seat, rng)
        game.apply(state, seat, action)
        if each is not None:
            each(state, seat, action)
        yield seat, action
    raise AssertionError(f"{game.name}: no result after {max_actions} actions")


def assert_no_leak(game: Game, state: Any, seat: int | None) -> None:
    """The view of ``seat`` holds no card that seat may not see."""
    everything = Counter(game.cards(state))
    visible = everything - Counter(game.hidden(state, seat))
    shown = Counter(cards_in(game.view(state, seat), set(everything)))
    over = shown - visible
    assert not over, f"{game.name}: seat {seat} sees hidden cards {dict(over)}"
