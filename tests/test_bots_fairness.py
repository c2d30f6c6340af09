"""Seat fairness (a quick version of ``tools/bench_bots.py fairness``) and levels that differ.

``random`` in every seat: no seat may win clearly more or less than 1/n of the games. The quick version
plays few games, so it uses a 99.9% interval: it catches a seat advantage like the 58% Speed once
seemed to show, not a 1% one (the bench tool's 1,000-game runs are in the note of issue 13).
"""

from __future__ import annotations

import random

import pytest

from cardtable.engine import get_game
from cardtable.engine.bots import get_bot
from tools.bench_bots import fairness, wilson

QUICK = {"spit": 120, "speed": 400, "go_stop": 300, "rummy": 80, "oh_hell": 80, "tractor": 6}


@pytest.mark.parametrize("name", sorted(QUICK))
def test_random_seats_win_their_share(name: str) -> None:
    report = fairness(name, QUICK[name], seed=500)
    n = report["players"]
    for row in report["seats"]:
        wins = row["share"] * report["games"]
        low, high = wilson(wins, report["games"], z=3.29)
        assert low <= 1 / n <= high, (name, row)


def test_wilson_interval_brackets_the_share() -> None:
    low, high = wilson(58, 100)
    assert low < 0.58 < high and 0.47 < low < 0.49 and 0.67 < high < 0.69
    assert wilson(0, 10)[0] == 0.0


def test_speed_easy_is_not_random() -> None:
    """Speed's easy bot makes its own choices: over many decisions with several plays to choose from,
    it differs from ``random`` given the same rng, and it always plays the leftmost card that fits."""
    game = get_game("speed")
    easy, rand = get_bot("speed", "easy"), get_bot("speed", "random")
    differ = compared = 0
    for seed in range(30):
        state = game.new(2, seed)
        rng = random.Random(seed)
        for _ in range(200):
            if game.result(state) is not None:
                break
            seat = rng.choice([s for s in game.to_act(state) if game.legal(state, s)])
            view, legal = game.view(state, seat), game.legal(state, seat)
            plays = [a for a in legal if a["type"] == "play"]
            if len(plays) > 1:
                a = easy.choose(view, legal, random.Random(seed))
                b = rand.choose(view, legal, random.Random(seed))
                compared += 1
                differ += a != b
                first = next(c for c in view["hand"] if any(p["card"] == c for p in plays))
                assert a["card"] == first
            game.apply(state, seat, game.sample(state, seat, rng))
    assert compared >= 50
    assert differ >= compared // 3, (differ, compared)
