"""The hint API (engine/bots/hint.py): the hard bot's legal suggestion from the view, with a reason."""

from __future__ import annotations

import copy
import random

import pytest

from cardtable.engine import get_game
from cardtable.engine.bots.hint import Hint, hint

PLAYERS = {"spit": 2, "speed": 2, "go_stop": 2, "rummy": 2, "oh_hell": 4, "tractor": 4}


def concrete_legal(game, state, seat: int, action: dict) -> bool:
    """``action`` is accepted by the engine (templates are checked by applying it to a copy)."""
    trial = game.clone(state)
    try:
        game.apply(trial, seat, action)
    except Exception:
        return False
    return True


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_hints_are_legal_and_leave_the_view_alone(name: str) -> None:
    game = get_game(name)
    state = game.new(PLAYERS[name], seed=7)
    rng = random.Random(7)
    hints = 0
    reasons = 0
    for _ in range(1000):
        if game.result(state) is not None or hints >= (3 if name in ("tractor", "go_stop") else 6):
            break
        seat = next(s for s in game.to_act(state) if game.legal(state, s))
        view = game.view(state, seat)
        legal = game.legal(state, seat)
        wanted = view["phase"] == "play" if name == "tractor" else rng.random() < 0.15
        if wanted:
            before = copy.deepcopy(view)
            tip = hint(name, view, legal)
            assert isinstance(tip, Hint)
            assert view == before, "a hint must not change the view it reads"
            assert concrete_legal(game, state, seat, tip.action), tip.action
            hints += 1
            reasons += bool(tip.reason)
            if tip.action["type"] == "play" and "hand" in view:
                assert set(tip.cards) <= set(view["hand"]), (tip.cards, view["hand"])
        game.apply(state, seat, game.sample(state, seat, rng))
    assert hints >= 3
    assert reasons >= 1


def test_no_hint_without_a_legal_action() -> None:
    game = get_game("oh_hell")
    state = game.new(3, seed=1)
    idle = (game.to_act(state)[0] + 1) % 3
    assert hint("oh_hell", game.view(state, idle), game.legal(state, idle)) is None


def test_oh_hell_reasons_count_the_tricks_still_needed() -> None:
    from cardtable.engine.bots.oh_hell import explain

    view = {"seat": 0, "bids": [2, 0, 1], "tricks": [0, 0, 0], "hand": ["AS", "KS", "2H"], "options": {},
            "players": 3}
    assert explain(view, {"type": "play", "card": "AS"}) == "you need 2 more tricks"
    view["tricks"] = [2, 0, 0]
    assert explain(view, {"type": "play", "card": "2H"}) == "you have your 2: take no more"


def test_oh_hell_bid_reasons_read_as_words() -> None:
    """No "about 0.0 tricks"; a bid far from the hand's count says why in plain words."""
    from cardtable.engine.bots.oh_hell import _bid_reason

    assert _bid_reason(0.2, 0) == "your hand looks unlikely to take a trick"
    assert _bid_reason(2.0, 2) == "your hand looks worth about 2.0 tricks"
    assert _bid_reason(5.9, 9) == ("your hand looks worth about 5.9 tricks; played out over likely deals, "
                                   "a bid of 9 scores best")
