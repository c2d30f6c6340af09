"""The meld solver against an exhaustive search on small positions, and its answers against the rules."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from engine.cards import SUITS, standard_deck
from engine.rummy import meld_move_problem, meld_problem
from engine.rummy_solver import points_of, solve, solve_exact

RANK_CHARS = " A23456789TJQKA"


def joker_names(reals: list[str], jokers: int) -> list[tuple[str, ...]]:
    """Every naming of ``jokers`` jokers that could complete a meld with these real cards."""
    candidates: set[str] = set()
    for card in reals:
        candidates |= {card[0] + s for s in SUITS}
        value = RANK_CHARS.index(card[0])
        for v in range(value - 4, value + 5):
            for w in (v, v + 13, v - 13):
                if 1 <= w <= 14:
                    candidates.add(RANK_CHARS[w] + card[1])
    return list(itertools.product(sorted(candidates), repeat=jokers))


def melds_with(first: str, rest: list[str]) -> list[tuple[list[str], list[int]]]:
    """Every legal meld holding ``first`` and some of ``rest`` (by index), jokers named every way."""
    found = []
    for size in range(2, min(len(rest), 12) + 1):
        for picked in itertools.combinations(range(len(rest)), size):
            cards = [first] + [rest[i] for i in picked]
            reals = [c for c in cards if c != "JK"]
            jokers = len(cards) - len(reals)
            if not reals:
                continue
            if len({c[0] for c in reals}) > 1 and len({c[1] for c in reals}) > 1:
                continue
            for names in joker_names(reals, jokers) if jokers else [()]:
                meld = reals + ["JK=" + n for n in names]
                if meld_problem(meld) is None:
                    found.append((meld, list(picked)))
    return found


def partitions(cards: list[str]):
    """Every split of ``cards`` into legal melds (as lists of table entries)."""
    if not cards:
        yield []
        return
    first, rest = cards[0], cards[1:]
    for meld, picked in melds_with(first, rest):
        others = [c for i, c in enumerate(rest) if i not in picked]
        for more in partitions(others):
            yield [meld, *more]


def exhaustive_best(table: list[list[str]], hand: list[str]) -> int:
    """The most hand points any legal move plays (0: none), by trying every subset and split."""
    physical = sorted("JK" if e.startswith("JK=") else e for m in table for e in m)
    best = 0
    subsets = set()
    for size in range(1, len(hand) + 1):
        for picked in itertools.combinations(sorted(hand), size):
            subsets.add(picked)
    for picked in sorted(subsets, key=lambda p: -sum(points_of(c) for c in p)):
        points = sum(points_of(c) for c in picked)
        if points <= best:
            continue
        for split in partitions(sorted(physical + list(picked))):
            if meld_move_problem(table, split, hand) is None:
                best = points
                break
    return best


def random_meld(rng: random.Random, deck: list[str]) -> list[str] | None:
    card = rng.choice(deck)
    if rng.random() < 0.5:
        suits = [s for s in SUITS if card[0] + s in deck]
        if len(suits) < 3:
            return None
        meld = [card[0] + s for s in rng.sample(suits, 3)]
    else:
        start = rng.randrange(1, 12)
        meld = [RANK_CHARS[v] + card[1] for v in range(start, start + 3)]
        if not all(c in deck for c in meld):
            return None
    for c in meld:
        deck.remove(c)
    return meld


def small_position(seed: int) -> tuple[list[list[str]], list[str]]:
    rng = random.Random(f"solver/{seed}")
    deck = standard_deck(1)
    table: list[list[str]] = []
    jokers = 1
    for _ in range(rng.randrange(0, 4)):
        meld = random_meld(rng, deck)
        if meld is None:
            continue
        if jokers and rng.random() < 0.3:
            i = rng.randrange(3)
            deck.append(meld[i])
            meld[i] = "JK=" + meld[i]
            jokers -= 1
        table.append(meld)
    near = [c for c in deck if any(abs(RANK_CHARS.index(c[0]) - RANK_CHARS.index(n[-2])) <= 2 for m in table
                                   for n in m)] or deck
    hand = rng.sample(near, min(len(near), rng.randrange(3, 7)))
    if jokers and rng.random() < 0.3:
        hand[-1] = "JK"
    return table, hand


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
