"""The meld solver against an exhaustive search on small positions, and its answers against the rules."""

from __future__ import annotations

import random
from collections import Counter

from cardtable.engine.cards import standard_deck
from cardtable.engine.rummy import meld_move_problem
from cardtable.engine.rummy_solver import solve, solve_exact
from tools.bench_rummy_solver import exhaustive_best, small_position


def test_solver_matches_exhaustive_search_on_small_positions() -> None:
    optimal = 0
    total = 120
    for seed in range(total):
        table, hand = small_position(seed)
        found = solve(table, hand)
        best = exhaustive_best(table, hand)
        got = 0 if found is None else found.points
        if found is not None:
            assert meld_move_problem(table, found.table, hand) is None
            assert Counter(found.played) <= Counter(hand)
        assert got <= best, (table, hand)
        optimal += got == best
        assert got == best, (table, hand, got, best)
    assert optimal == total


def test_solver_examples() -> None:
    found = solve([["4H", "5H", "6H", "7H", "8H"]], ["8S", "8C", "KD"])
    assert found is not None and sorted(found.played) == ["8C", "8S"]
    found = solve([["QS", "KS", "JK=AS"]], ["AS", "2D", "2C"])
    assert found is not None and found.points == 5  # the freed joker makes the twos a group
    found = solve([["3H", "4H", "5H"]], ["JK"])
    assert found is not None and found.played == ["JK"] and found.points == 25
    assert solve([["3H", "4H", "5H"]], ["9C", "KD"]) is None
    found = solve([], ["QS", "KS", "AS", "2S", "3S"])
    assert found is not None and found.points == 21


def test_budget_is_deterministic_and_answers_stay_legal() -> None:
    rng = random.Random(7)
    deck = standard_deck(2) + ["JK", "JK"]
    rng.shuffle(deck)
    table: list[list[str]] = []
    while sum(len(m) for m in table) < 40:
        chunk = [deck.pop() for _ in range(10)]
        found = solve_exact(table, chunk)
        if found is not None:
            table = found.table
            for c in found.played:
                chunk.remove(c)
        deck = chunk + deck
    hand = deck[:12]
    first = solve(table, hand, budget=3000)
    second = solve(table, hand, budget=3000)
    assert (first is None) == (second is None)
    if first is not None:
        assert first.table == second.table and first.nodes == second.nodes
        assert meld_move_problem(table, first.table, hand) is None
