"""Our Oh Hell against OpenSpiel's C++ ``oh_hell``, both driven from Python the same way.

The shape is OpenSpiel's game with ``players=4, num_tricks_fixed=7``: one hand of 7 tricks (4 bids and
28 plays). Both loops ask for the legal actions, pick one uniformly with ``random.Random`` and apply it.

What is counted, so the ratio compares like with like: ``actions_per_second`` counts the *players'*
actions (bids and plays, 32 a hand). OpenSpiel also steps through chance nodes (the choice of dealer,
the deal one card at a time, the trump card); those steps are timed — they are its deal, as our
``apply`` deals inside — and reported apart as ``chance_actions_per_second``, but not counted as actions.
Both games have 32 player actions a hand, so the ratio of actions per second is the ratio of hands
(games) per second. The numbers of player and chance steps of an OpenSpiel game are fixed by its shape;
they are counted once, untimed, so the timed loop is nothing but legal → pick → apply.

Our engine has no "one hand of 7" game: the 7-card hand is the 7th hand of a normal 4-player game
(schedule ``up``). :func:`measure_oh_hell_same_shape` reaches the start of that hand with random play
(untimed), keeps a few such states, and then times cloning one and playing its hand to the end: the
hand's bids and tricks, its scoring and the next hand's deal. Our engine draws all of a game's
shuffles in ``new()``, so the timed loop also calls ``new()`` once every 13 hands: each hand pays its
share of the shuffling, as each OpenSpiel game pays for its deal.

Rates are per CPU second of this process (``time.process_time``), so a busy machine that takes the
CPU away from the loop now and then does not lower them; the budget ``seconds`` is wall time.

The two loops differ only where the APIs do: ours asks ``to_act()`` for the seat before ``legal()``
(OpenSpiel's ``legal_actions()`` knows the player), and ends a hand on an attribute read where OpenSpiel
calls ``is_terminal()`` each step. Both pay ``random.Random.randrange`` per step: 32 times a hand for us,
63 times a game for OpenSpiel (its chance steps included). On a quiet machine (Nov 2026, CPython 3.11
without PGO) a hand costs us about 62 µs (about 5 µs of it the hand's share of ``new()``'s shuffles,
6 µs the random picks) against about 54 µs for an OpenSpiel game: a ratio near 0.87.

``python -m cardtable.bench.openspiel [seconds]`` prints both and the ratio as JSON.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

PLAYERS = 4
TRICKS = 7


def measure_openspiel_oh_hell(seconds: float) -> dict[str, Any] | None:
    """Random 4-player, 7-trick OpenSpiel Oh Hell games for ``seconds``; None without ``open_spiel``."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": TRICKS})
    decisions, chances = _openspiel_game_shape(game)
    rng = random.Random(1)
    games = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        games += 1
    actions, chance = games * decisions, games * chances
    elapsed = time.process_time() - cpu_started
    return {
        "actions_per_second": round(actions / elapsed, 1),
        "games_per_second": round(games / elapsed, 1),
        "chance_actions_per_second": round(chance / elapsed, 1),
        "games": games,
        "actions": actions,
    }


def _openspiel_game_shape(game: Any) -> tuple[int, int]:
    """(player actions, chance steps) in one game: fixed by the game's shape, counted once untimed so
    the timed loop is exactly legal → pick → apply."""
    state = game.new_initial_state()
    rng = random.Random(0)
    decisions = chances = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chances += 1
        else:
            decisions += 1
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return decisions, chances


def seven_card_starts(count: int = 16) -> list[Any]:
    """``count`` states of 4-player Oh Hell at the start of the 7-card hand (random play up to it)."""
    from cardtable.engine.oh_hell import GAME

    starts = []
    for seed in range(count):
        state = GAME.new(PLAYERS, seed)
        rng = random.Random(seed)
        while state.schedule[state.hand_index] != TRICKS:
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, GAME.sample(state, seat, rng))
        starts.append(state)
    return starts


def measure_oh_hell_same_shape(seconds: float) -> dict[str, Any]:
    """Our Oh Hell on 4 players and hands of 7 tricks, random play, for ``seconds``."""
    from cardtable.engine.oh_hell import GAME

    starts = seven_card_starts()
    hands_per_game = len(starts[0].schedule)
    rng = random.Random(1)
    new, legal, apply, to_act, clone = GAME.new, GAME.legal, GAME.apply, GAME.to_act, GAME.clone
    actions = games = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        if games % hands_per_game == 0:
            new(PLAYERS, games)  # the shuffles are drawn in new(): charge each hand its share
        state = clone(starts[games % len(starts)])
        hand = state.hand_index
        while state.hand_index == hand:
            seat = to_act(state)[0]
            choices = legal(state, seat)
            apply(state, seat, choices[rng.randrange(len(choices))])
            actions += 1
        games += 1
    elapsed = time.process_time() - cpu_started
    return {
        "actions_per_second": round(actions / elapsed, 1),
        "games_per_second": round(games / elapsed, 1),
        "games": games,
        "actions": actions,
    }


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    seconds = float(args[0]) if args else 3.0
    ours = measure_oh_hell_same_shape(seconds)
    theirs = measure_openspiel_oh_hell(seconds)
    report: dict[str, Any] = {"cardtable": ours, "openspiel": theirs}
    if theirs:
        report["ratio"] = round(ours["actions_per_second"] / theirs["actions_per_second"], 3)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
