"""The host's rules for its bots at tables where people sit."""

from __future__ import annotations

import random

from cardtable.engine import get_game
from cardtable.netplay.host import PERSON, Host, Seat


def _between_hands(seed: int):
    """A Go-Stop state between hands where the next dealer may ``leave``."""
    game = get_game("go_stop")
    state = game.new(2, seed)
    rng = random.Random(seed)
    while game.result(state) is None:
        seat = next(s for s in game.to_act(state) if game.legal(state, s))
        if any(a["type"] == "leave" for a in game.legal(state, seat)):
            return state, seat
        action = game.sample(state, seat, rng)
        if action["type"] == "leave":
            action = {"type": "deal"}
        game.apply(state, seat, action)
    raise AssertionError("no hand ended")


def test_a_bot_never_ends_a_table_a_person_sits_at() -> None:
    state, dealer = _between_hands(4)
    host = Host("go_stop", 2, seats=["normal", "normal"], seed=4)
    host.state = state
    assert any(a["type"] == "leave" for a in host.bots.choices(dealer))  # bots alone may end it
    host.seats[1 - dealer] = Seat(kind=PERSON, name="Ana", token_hash="t")
    choices = host.bots.choices(dealer)
    assert choices and all(a["type"] != "leave" for a in choices)
