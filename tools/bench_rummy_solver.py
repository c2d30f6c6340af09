"""Benchmark of the Manipulation Rummy meld solver, and the Rummy figures; prints one JSON object.

    python -m tools.bench_rummy_solver [--games 12] [--budget 6000] [--small 100] [--matches 0]

- ``real``: positions taken from seeded 4-player games (two decks) between ``normal`` bots: every time a
  bot may meld, its table and hand. Time per :func:`engine.rummy_solver.solve` call (p50, p99, max in
  ms), search nodes, how often the search finished exactly, and how often its answer plays as many
  points as a search with 50 times the budget (``REFERENCE_NODES``).
- ``large``: the real positions with 40 or more table cards; ``synthetic``: 60 table cards and a
  15-card hand from two decks (tables built by the solver from random cards), the issue's target size.
- ``small``: small positions (one deck, up to three melds, 3-6 hand cards, jokers) where the solver is
  checked against an exhaustive search: ``optimal_rate``.
- ``playout_actions_per_second``: random playouts (``sample()``), 2-5 players.
- with ``--matches N``: ``normal`` vs ``random`` and ``hard`` vs ``normal`` win rates over N seeded
  two-player games (seats alternate; a shared win counts by its share).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

from cardtable.engine.bots import get_bot
from cardtable.engine.cards import SUITS, standard_deck
from cardtable.engine.rummy import GAME, meld_move_problem, meld_problem
from cardtable.engine.rummy_solver import points_of, solve, solve_exact

RANK_CHARS = " A23456789TJQKA"
REFERENCE_NODES = 300_000
Position = tuple[list[list[str]], list[str]]


# -- exhaustive reference search (small positions only) --------------------------------------------


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


def partitions(cards: list[str]) -> Iterator[list[list[str]]]:
    """Every split of ``cards`` (physical cards, jokers as ``JK``) into legal melds."""
    if not cards:
        yield []
        return
    first, rest = cards[0], cards[1:]
    for meld, picked in melds_with(first, rest):
        others = [c for i, c in enumerate(rest) if i not in picked]
        for more in partitions(others):
            yield [meld, *more]


def exhaustive_best(table: list[list[str]], hand: list[str]) -> int:
    """The most hand points any legal move plays (0: none), by trying every subset and every split,
    each checked by the rules' own move check."""
    physical = sorted("JK" if e.startswith("JK=") else e for m in table for e in m)
    subsets = {p for size in range(1, len(hand) + 1) for p in itertools.combinations(sorted(hand), size)}
    best = 0
    for picked in sorted(subsets, key=lambda p: (-sum(points_of(c) for c in p), p)):
        points = sum(points_of(c) for c in picked)
        if points <= best:
            continue
        for split in partitions(sorted(physical + list(picked))):
            if meld_move_problem(table, split, hand) is None:
                best = points
                break
    return best


def _random_meld(rng: random.Random, deck: list[str]) -> list[str] | None:
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


def small_position(seed: int) -> Position:
    """A small one-deck position: up to three melds (perhaps a named joker) and 3-6 hand cards near
    them (perhaps the joker)."""
    rng = random.Random(f"solver/{seed}")
    deck = standard_deck(1)
    table: list[list[str]] = []
    jokers = 1
    for _ in range(rng.randrange(0, 4)):
        meld = _random_meld(rng, deck)
        if meld is None:
            continue
        if jokers and rng.random() < 0.3:
            i = rng.randrange(3)
            deck.append(meld[i])
            meld[i] = "JK=" + meld[i]
            jokers -= 1
        table.append(meld)
    values = {RANK_CHARS.index(n[-2]) for m in table for n in m}
    near = [c for c in deck if any(abs(RANK_CHARS.index(c[0]) - v) <= 2 for v in values)] or deck
    hand = rng.sample(near, min(len(near), rng.randrange(3, 7)))
    if jokers and rng.random() < 0.3:
        hand[-1] = "JK"
    return table, hand


# -- positions from real games and synthetic large ones --------------------------------------------


def real_positions(games: int, seed: int = 0, players: int = 4) -> list[Position]:
    """Every (table, hand) a ``normal`` bot saw when it could meld, in seeded games of ``normal`` bots."""
    positions: list[Position] = []
    for g in range(games):
        state = GAME.new(players, seed + g)
        bots = [get_bot("rummy", "normal") for _ in range(players)]
        rng = random.Random(seed + g)
        for _ in range(20000):
            if GAME.result(state) is not None:
                break
            seat = GAME.to_act(state)[0]
            view, legal = GAME.view(state, seat), GAME.legal(state, seat)
            if any(a["type"] == "meld" for a in legal):
                positions.append(([list(m) for m in view["table"]], list(view["hand"])))
            GAME.apply(state, seat, bots[seat].choose(view, legal, rng))
    return positions


def synthetic_position(seed: int, table_cards: int = 60, hand_cards: int = 15) -> Position:
    """Two decks shuffled; the solver lays random batches of cards until the table holds about
    ``table_cards`` cards; the hand is the next ``hand_cards`` cards."""
    rng = random.Random(f"synthetic/{seed}")
    deck = standard_deck(2) + ["JK", "JK"]
    rng.shuffle(deck)
    table: list[list[str]] = []
    while sum(len(m) for m in table) < table_cards and len(deck) > hand_cards + 10:
        batch = [deck.pop() for _ in range(10)]
        found = solve_exact(table, batch, max_states=400)
        if found is not None:
            table = found.table
            for card in found.played:
                batch.remove(card)
        deck = batch + deck
        rng.shuffle(deck)
    return table, deck[:hand_cards]


# -- measurements ----------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(positions: list[Position], budget: int, reference: bool) -> dict[str, Any]:
    times, nodes, exact, agree, compared = [], [], 0, 0, 0
    for table, hand in positions:
        start = time.perf_counter()
        found = solve(table, hand, budget=budget)
        times.append((time.perf_counter() - start) * 1000)
        if found is not None:
            assert meld_move_problem(table, found.table, hand) is None
            nodes.append(found.nodes)
            exact += found.exact
        else:
            exact += 1
        if reference:
            best = solve_exact(table, hand, max_states=100_000, node_limit=REFERENCE_NODES)
            if best is None or best.exact:
                compared += 1
                agree += (0 if found is None else found.points) >= (0 if best is None else best.points)
    out: dict[str, Any] = {
        "positions": len(positions),
        "table_cards_max": max((sum(len(m) for m in t) for t, _ in positions), default=0),
        "hand_cards_max": max((len(h) for _, h in positions), default=0),
        "ms_p50": round(percentile(times, 0.5), 2),
        "ms_p99": round(percentile(times, 0.99), 2),
        "ms_max": round(max(times, default=0.0), 2),
        "nodes_p50": percentile(nodes, 0.5),
        "nodes_p99": percentile(nodes, 0.99),
        "finished_exactly_rate": round(exact / max(1, len(positions)), 3),
    }
    if reference:
        out["best_found_rate_vs_exact"] = round(agree / max(1, compared), 3)
        out["compared_with_exact"] = compared
    return out


def small_optimal_rate(count: int) -> dict[str, Any]:
    optimal, useful = 0, 0
    for seed in range(count):
        table, hand = small_position(seed)
        found = solve(table, hand)
        best = exhaustive_best(table, hand)
        optimal += (0 if found is None else found.points) == best
        useful += best > 0
    return {"positions": count, "with_a_move": useful, "optimal_rate": round(optimal / max(1, count), 3)}


def playout_speed(seconds: float = 3.0) -> float:
    actions, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        players = 2 + seed % 4
        state = GAME.new(players, seed)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, GAME.sample(state, seat, rng))
            actions += 1
        seed += 1
    return round(actions / (time.perf_counter() - start), 1)


def win_rate(strong: str, weak: str, games: int, seed: int = 1000) -> dict[str, Any]:
    wins, actions = 0.0, 0
    for g in range(games):
        levels = [strong, weak] if g % 2 == 0 else [weak, strong]
        me = g % 2
        state = GAME.new(2, seed + g)
        bots = [get_bot("rummy", level) for level in levels]
        rng = random.Random(seed + g)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            action = bots[seat].choose(GAME.view(state, seat), GAME.legal(state, seat), rng)
            GAME.apply(state, seat, action)
            actions += 1
        winners = GAME.result(state)["winners"]
        if me in winners:
            wins += 1 / len(winners)
    return {"games": games, "win_rate": round(wins / max(1, games), 3), "actions_per_game": actions / max(1, games)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="bot games to take real positions from")
    parser.add_argument("--budget", type=int, default=None, help="solver node budget (default: the solver's)")
    parser.add_argument("--small", type=int, default=100, help="small positions checked exhaustively")
    parser.add_argument("--synthetic", type=int, default=30, help="60+15 synthetic positions")
    parser.add_argument("--matches", type=int, default=0, help="seeded games per bot match-up")
    parser.add_argument("--no-reference", action="store_true", help="skip the unbudgeted comparison")
    parser.add_argument("--only-matches", action="store_true", help="only the bot match-ups")
    args = parser.parse_args(argv)
    if args.only_matches:
        report = {
            "normal_vs_random": win_rate("normal", "random", args.matches),
            "hard_vs_normal": win_rate("hard", "normal", args.matches),
        }
        print(json.dumps(report))
        return 0
    from cardtable.engine.rummy_solver import DEFAULT_BUDGET

    budget = args.budget or DEFAULT_BUDGET
    real = real_positions(args.games)
    large = [p for p in real if sum(len(m) for m in p[0]) >= 40]
    synthetic = [synthetic_position(seed) for seed in range(args.synthetic)]
    report: dict[str, Any] = {
        "budget_nodes": budget,
        "real": measure(real, budget, not args.no_reference),
        "large": measure(large, budget, False),
        "synthetic_60_15": measure(synthetic, budget, not args.no_reference),
        "small": small_optimal_rate(args.small),
        "playout_actions_per_second": playout_speed(),
    }
    if args.matches:
        report["normal_vs_random"] = win_rate("normal", "random", args.matches)
        report["hard_vs_normal"] = win_rate("hard", "normal", args.matches)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
