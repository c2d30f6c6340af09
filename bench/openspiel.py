"""Our Oh Hell against OpenSpiel's C++ ``oh_hell``, both driven from Python the same way.

Optional: OpenSpiel is not a dependency. With ``pip install open_spiel`` in the same environment,
``cardtable bench engine`` and ``python -m cardtable.bench.openspiel`` report both sides and the ratio;
without it they report our side and ``"open_spiel is not installed"``.

The shape is OpenSpiel's game with ``players=4, num_tricks_fixed=7``: one hand of 7 tricks (4 bids and
28 plays). Both loops ask for the legal actions, pick one uniformly with ``random.Random.randrange`` and
apply it, until the hand is over.

What is counted, so the ratio compares like with like: a side's rate is *hands per second* times the 32
player actions of a hand (``actions_per_second``). OpenSpiel also steps through chance nodes (the choice
of dealer, the deal one card at a time, the trump card): those steps are timed (they are its deal, as our
``apply`` deals inside) and reported apart as ``chance_actions_per_second``, but not counted as actions.
The numbers of player and chance steps of an OpenSpiel game are fixed by its shape; they are counted
once, untimed, so the timed loop is nothing but legal → pick → apply.

Our engine has no "one hand of 7" game: the 7-card hand is the 7th hand of a normal 4-player game
(schedule ``up``). :class:`CardtableLoop` reaches the start of that hand with random play (untimed),
keeps 16 such states, and then times cloning one and playing its hand to the end: the hand's bids and
tricks, its scoring and the next hand's deal. Our engine draws all of a game's shuffles in ``new()``,
so the timed loop also calls ``new()`` once every 13 hands: each hand pays its share of the shuffling,
as each OpenSpiel game pays for its deal.

Exactly what each side does in its timed loop:

- OpenSpiel, per game: ``new_initial_state()``; then per step (31 chance steps and 32 player actions):
  ``is_terminal()``, ``legal_actions()``, ``randrange(len(legal))``, ``apply_action(legal[i])``.
- Ours, per hand: ``new(4, seed)`` once every 13 hands (the game's shuffles, and its first deal), a
  ``clone()`` of a 7-card start; then per step (32 player actions): ``to_act()[0]``, ``legal(state,
  seat)``, ``randrange(len(choices))``, ``apply(state, seat, choices[i])`` (its events included: the
  trick, the hand's scoring row, the next hand's deal), and ``state.hand_index == hand`` to end the hand.

The two loops differ only where the APIs do: ours asks ``to_act()`` for the seat before ``legal()``
(OpenSpiel's ``legal_actions()`` knows the player), and ends a hand on an attribute read where OpenSpiel
calls ``is_terminal()`` each step. Both pay ``randrange`` per step: 32 times a hand for us, 63 times a
game for OpenSpiel (its chance steps included: that is how OpenSpiel deals). Neither side does work the
other leaves out: no checks, copies or bookkeeping beyond the engine calls above.

Time: the two sides run in alternating rounds (``rounds`` of each), so a burst of load from other
processes falls on both; each side's rate is given per CPU second of this process
(``time.process_time``: time the machine gave to other processes does not count) and per wall second.
``ratio_cpu`` is ours over OpenSpiel's in CPU time, ``ratio_wall`` in wall time, and ``round_ratios_cpu``
the spread of the per-round ratios. Seconds still depend on how busy the machine is (caches, clock
speed): ``tools/callgrind_oh_hell.py`` counts instructions per hand instead, which load does not change.

``python -m cardtable.bench.openspiel [seconds] [--rounds R]`` prints the comparison as JSON;
``--count N --side cardtable|openspiel`` plays exactly N hands of one side (for callgrind).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

PLAYERS = 4
TRICKS = 7
ACTIONS_PER_HAND = PLAYERS + PLAYERS * TRICKS  # 4 bids, 28 plays
NOT_INSTALLED = "open_spiel is not installed (optional: pip install open_spiel)"


@dataclass
class Tally:
    """Hands played by one side and the time they took."""

    hands: int = 0
    cpu: float = 0.0
    wall: float = 0.0

    def add(self, hands: int, cpu: float, wall: float) -> None:
        self.hands += hands
        self.cpu += cpu
        self.wall += wall

    def report(self) -> dict[str, Any]:
        actions = self.hands * ACTIONS_PER_HAND
        cpu, wall = max(self.cpu, 1e-9), max(self.wall, 1e-9)
        return {
            "actions_per_second": round(actions / cpu, 1),
            "hands_per_second": round(self.hands / cpu, 1),
            "actions_per_wall_second": round(actions / wall, 1),
            "hands": self.hands,
            "actions": actions,
            "cpu_seconds": round(self.cpu, 3),
            "wall_seconds": round(self.wall, 3),
        }


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


class CardtableLoop:
    """Our side: clone a 7-card start and play its hand out at random (see the module docstring)."""

    name = "cardtable"

    def __init__(self) -> None:
        self.starts = seven_card_starts()
        self.hands_per_game = len(self.starts[0].schedule)
        self.rng = random.Random(1)
        self.played = 0

    def play(self, limit: int, deadline: float) -> int:
        """Hands until ``limit`` of them (-1: no limit) or the ``perf_counter`` ``deadline``."""
        from cardtable.engine.oh_hell import GAME

        new, legal, apply, to_act, clone = GAME.new, GAME.legal, GAME.apply, GAME.to_act, GAME.clone
        starts, per_game, randrange, clock = self.starts, self.hands_per_game, self.rng.randrange, time.perf_counter
        games = self.played
        stop = games + limit if limit >= 0 else -1
        while games != stop and clock() < deadline:
            if games % per_game == 0:
                new(PLAYERS, games)  # the shuffles are drawn in new(): charge each hand its share
            state = clone(starts[games % len(starts)])
            hand = state.hand_index
            while state.hand_index == hand:
                seat = to_act(state)[0]
                choices = legal(state, seat)
                apply(state, seat, choices[randrange(len(choices))])
            games += 1
        played, self.played = games - self.played, games
        return played


class OpenSpielLoop:
    """OpenSpiel's side: a new 4-player, 7-trick game played out at random, chance nodes included."""

    name = "openspiel"

    def __init__(self) -> None:
        import pyspiel  # type: ignore[import-not-found]

        self.game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": TRICKS})
        self.decisions, self.chances = openspiel_game_shape(self.game)
        assert self.decisions == ACTIONS_PER_HAND, f"OpenSpiel's game has {self.decisions} player actions"
        self.rng = random.Random(1)

    def play(self, limit: int, deadline: float) -> int:
        """Games until ``limit`` of them (-1: no limit) or the ``perf_counter`` ``deadline``."""
        new_initial_state, randrange, clock = self.game.new_initial_state, self.rng.randrange, time.perf_counter
        games = 0
        while games != limit and clock() < deadline:
            state = new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[randrange(len(legal))])
            games += 1
        return games


def openspiel_game_shape(game: Any) -> tuple[int, int]:
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


def openspiel_loop() -> OpenSpielLoop | None:
    try:
        return OpenSpielLoop()
    except ImportError:
        return None


def timed(loop: CardtableLoop | OpenSpielLoop, tally: Tally, seconds: float, limit: int = -1) -> float:
    """Run ``loop`` for ``seconds`` of wall time (or ``limit`` hands), add to ``tally``; its CPU rate."""
    wall0, cpu0 = time.perf_counter(), time.process_time()
    hands = loop.play(limit, wall0 + seconds if limit < 0 else float("inf"))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    tally.add(hands, cpu, wall)
    return hands / max(cpu, 1e-9)


def compare(seconds: float, rounds: int = 10) -> dict[str, Any]:
    """Both sides for ``seconds`` each, in ``rounds`` alternating rounds; OpenSpiel's side and the
    ratios only when ``open_spiel`` is installed."""
    ours_loop, theirs_loop = CardtableLoop(), openspiel_loop()
    ours, theirs = Tally(), Tally()
    report: dict[str, Any] = {
        "shape": {"players": PLAYERS, "tricks": TRICKS, "actions_per_hand": ACTIONS_PER_HAND},
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "rounds": rounds,
    }
    if theirs_loop is None:
        timed(ours_loop, ours, seconds)
        report.update(available=False, why=NOT_INSTALLED, cardtable=ours.report())
        return report
    ratios = []
    for _ in range(rounds):
        rate = timed(ours_loop, ours, seconds / rounds)
        ratios.append(rate / timed(theirs_loop, theirs, seconds / rounds))
    theirs_report = theirs.report()
    theirs_report["chance_actions_per_second"] = round(theirs.hands * theirs_loop.chances / max(theirs.cpu, 1e-9), 1)
    report.update(
        available=True,
        cardtable=ours.report(),
        openspiel=theirs_report,
        ratio_cpu=round(ours.hands / ours.cpu / (theirs.hands / theirs.cpu), 3),
        ratio_wall=round(ours.hands / ours.wall / (theirs.hands / theirs.wall), 3),
        round_ratios_cpu={"median": round(statistics.median(ratios), 3), "min": round(min(ratios), 3),
                          "max": round(max(ratios), 3)},
    )
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardtable.bench.openspiel",
                                     description="Oh Hell: cardtable against OpenSpiel, 4 players, 7 tricks")
    parser.add_argument("seconds", nargs="?", type=float, default=3.0, help="time for each side")
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds the time is cut into")
    parser.add_argument("--count", type=int, default=None,
                        help="play exactly this many hands of --side instead (for instruction counts)")
    parser.add_argument("--side", choices=("cardtable", "openspiel"), default="cardtable")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.count is None:
        print(json.dumps(compare(args.seconds, args.rounds)))
        return 0
    loop = CardtableLoop() if args.side == "cardtable" else openspiel_loop()
    if loop is None:
        raise SystemExit(NOT_INSTALLED)
    tally = Tally()
    timed(loop, tally, 0.0, args.count)
    print(json.dumps({args.side: tally.report()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
