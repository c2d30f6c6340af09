"""Prove that a faster Oh Hell engine behaves exactly like the reference one.

The reference is ``engine/oh_hell.py`` as it was at a git commit (``--reference``, by default the last
commit before the engine was sped up for issue 14), loaded from ``git show`` beside today's module.
Both play the same random games in lock step, for every option set (4 schedules x hook x simultaneous
bids x must-trump x 3 scorings: 96) and every player count (3-7), and after every step the tool compares:

- ``to_act()``, ``legal()`` of every seat and ``sample()`` with equal random sources;
- the events of ``apply()``, or the ``IllegalAction`` reason and an untouched state, for the chosen
  legal action and for wrong ones (another seat, another phase's action, a card not held, a card that
  does not follow suit, bad bids, malformed actions);
- ``view()`` of every seat and of a spectator, ``result()``, ``dump()`` and ``state_hash()``,
  ``cards()``, ``hidden()`` of every seat, ``stock()``; ``check()`` passes on the new engine;
- ``clone()`` and ``load(dump())``: equal to the state, and playing on from them gives equal hashes;
- the module's helpers the bots import (``deal_orders``, ``trick_winner``, ...), and the reference's
  ``playable()`` against today's rule of play, ``allowed_cards()``.

    python tools/oh_hell_sameness.py [--actions 200000] [--seed 1] [--reference COMMIT]

Whole games are played until ``--actions`` legal actions have been compared, cycling through the
480 configurations in a shuffled order (200,000 actions cover each about once).

Prints one JSON line: games, actions compared and the first difference (the tool stops there), if any.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import json
import random
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

from cardtable.engine import oh_hell as new_module
from cardtable.engine.core import IllegalAction, state_hash

REFERENCE = "0088585"  # main before issue 14's engine work: engine/oh_hell.py as played until then
ROOT = Path(__file__).resolve().parent.parent
OPTION_SETS: list[dict[str, Any]] = [
    {"schedule": s, "hook": h, "simultaneous_bids": b, "must_trump": m, "scoring": c}
    for s, h, b, m, c in itertools.product(("up", "down", "up_down", "down_up"), (False, True), (False, True),
                                          (False, True), ("exact", "plus_tricks", "zero_bonus"))
]


class Different(AssertionError):
    """The engines disagree: the message says where."""


def load_reference(commit: str) -> types.ModuleType:
    source = subprocess.run(["git", "show", f"{commit}:engine/oh_hell.py"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout
    module = types.ModuleType("oh_hell_reference")
    module.__file__ = f"<{commit}:engine/oh_hell.py>"
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module


def same(what: str, old: Any, new: Any) -> None:
    if old != new or type(old) is not type(new):
        raise Different(f"{what}: reference {old!r} but new {new!r}")


def outcome(game: Any, state: Any, seat: Any, action: Any) -> tuple[str, Any]:
    """("events", [...]) or ("illegal", reason) of applying ``action``."""
    try:
        return "events", game.apply(state, seat, action)
    except IllegalAction as error:
        return "illegal", error.reason


def wrong_actions(state: Any, seat: int, rng: random.Random, deck: tuple[str, ...]) -> list[tuple[Any, Any]]:
    """(seat, action) pairs that are mostly illegal now: every branch of apply's checks."""
    players = state.players
    card = rng.choice(deck)
    return [
        ((seat + 1) % players, {"type": "play", "card": card}),
        ((seat + 1) % players, {"type": "bid", "bid": 0}),
        (seat, {"type": "play", "card": card}),
        (seat, {"type": "play", "card": "ZZ"}),
        (seat, {"type": "play", "card": 7}),
        (seat, {"type": "play"}),
        (seat, {"type": "bid", "bid": rng.randrange(-1, 17)}),
        (seat, {"type": "bid", "bid": True}),
        (seat, {"type": "bid", "bid": "2"}),
        (seat, {"type": "pass"}),
        (seat, {"type": 3}),
        (seat, {"card": card}),
        (seat, ["play", card]),
        (True if seat == 1 else seat + 0.0, {"type": "play", "card": card}),
        (players, {"type": "bid", "bid": 0}),
        (-1, {"type": "bid", "bid": 0}),
        ("0", {"type": "bid", "bid": 0}),
    ]


class Pair:
    """The reference and the new engine on the same game."""

    def __init__(self, old: types.ModuleType, players: int, seed: int, options: dict[str, Any]) -> None:
        self.old_game, self.new_game = old.GAME, new_module.GAME
        self.old = self.old_game.new(players, seed, dict(options))
        self.new = self.new_game.new(players, seed, dict(options))
        self.players = players
        self.label = f"players={players} seed={seed} options={options}"

    def compare(self, where: str) -> None:
        og, ng, old, new = self.old_game, self.new_game, self.old, self.new
        at = f"{self.label} {where}"
        same(f"{at} dump", og.dump(old), ng.dump(new))
        same(f"{at} state_hash", state_hash(og, old), state_hash(ng, new))
        same(f"{at} to_act", og.to_act(old), ng.to_act(new))
        same(f"{at} result", og.result(old), ng.result(new))
        same(f"{at} cards", og.cards(old), ng.cards(new))
        same(f"{at} stock", og.stock(old), ng.stock(new))
        for seat in [*range(self.players), None]:
            same(f"{at} view {seat}", og.view(old, seat), ng.view(new, seat))
            same(f"{at} hidden {seat}", og.hidden(old, seat), ng.hidden(new, seat))
            if seat is not None:
                same(f"{at} legal {seat}", og.legal(old, seat), ng.legal(new, seat))
        ng.check(new)

    def step(self, seat: Any, action: Any, where: str) -> str:
        old_result = outcome(self.old_game, self.old, seat, copy.deepcopy(action))
        new_result = outcome(self.new_game, self.new, seat, action)
        same(f"{self.label} {where} apply({seat!r}, {action!r})", old_result, new_result)
        return old_result[0]


def play_game(pair: Pair, rng: random.Random, deck: tuple[str, ...]) -> int:
    """Random actions (with wrong ones mixed in) until the game ends; the number of legal ones."""
    steps = 0
    pair.compare("at the start")
    while pair.old_game.result(pair.old) is None:
        if rng.random() < 0.15:
            wrong_seat, wrong = rng.choice(wrong_actions(pair.old, pair.old_game.to_act(pair.old)[0], rng, deck))
            if pair.step(wrong_seat, wrong, f"step {steps} (a wrong action)") == "events":
                steps += 1  # some "wrong" actions are legal (another seat's bid with simultaneous bids)
            pair.compare(f"step {steps} after a wrong action")
            if pair.old_game.result(pair.old) is not None:
                break
        seats = [s for s in pair.old_game.to_act(pair.old) if pair.old_game.legal(pair.old, s)]
        seat = rng.choice(seats)
        draw = rng.random()
        old_rng, new_rng = random.Random(draw), random.Random(draw)
        action = pair.old_game.sample(pair.old, seat, old_rng)
        same(f"{pair.label} step {steps} sample({seat})", action, pair.new_game.sample(pair.new, seat, new_rng))
        legal = pair.new_game.legal(pair.new, seat)
        if rng.random() < 0.5:
            action = legal[rng.randrange(len(legal))]  # the shared dict legal() hands out, as bots pass it
        kind = pair.step(seat, action, f"step {steps}")
        same(f"{pair.label} step {steps}: a legal action", kind, "events")
        steps += 1
        pair.compare(f"step {steps}")
        if rng.random() < 0.05:
            check_copies(pair, rng, steps)
    return steps


def check_copies(pair: Pair, rng: random.Random, steps: int) -> None:
    """clone() and load(dump()) give equal states that play on alike, and leave the original alone."""
    og, ng = pair.old_game, pair.new_game
    for name, make_old, make_new in (("clone", og.clone, ng.clone),
                                     ("load", lambda s: og.load(og.dump(s)), lambda s: ng.load(ng.dump(s)))):
        old, new = make_old(pair.old), make_new(pair.new)
        same(f"{pair.label} step {steps} {name} == state", True, new == pair.new)
        before = state_hash(ng, pair.new)
        seed = rng.random()
        old_rng, new_rng = random.Random(seed), random.Random(seed)
        for _ in range(12):
            if og.result(old) is not None:
                break
            seat = og.to_act(old)[0]
            same(f"{pair.label} step {steps} {name} events", og.apply(old, seat, og.sample(old, seat, old_rng)),
                 ng.apply(new, seat, ng.sample(new, seat, new_rng)))
            same(f"{pair.label} step {steps} {name} hash", state_hash(og, old), state_hash(ng, new))
        same(f"{pair.label} step {steps} {name} left the original alone", before, state_hash(ng, pair.new))


def check_helpers(old: types.ModuleType, rng: random.Random) -> int:
    """The module-level helpers other modules import give the same answers."""
    checked = 0
    for name in ("DECK", "HIGH", "MAX_CARDS", "BIT", "SUIT_SHIFT", "SUIT_MASK"):
        same(name, getattr(old, name), getattr(new_module, name))
    for players in range(3, 8):
        for schedule in ("up", "down", "up_down", "down_up"):
            counts = old.hand_schedule(players, schedule)
            same(f"hand_schedule {players} {schedule}", counts, new_module.hand_schedule(players, schedule))
            for seed in (0, 1, 2**40 + 3, -5, rng.randrange(10**9)):
                same(f"deal_orders {seed} {players} {schedule}", old.deal_orders(seed, players, counts),
                     new_module.deal_orders(seed, players, counts))
                checked += 1
    deck = list(old.DECK)
    for _ in range(3000):
        rng.shuffle(deck)
        hand, trick = deck[:rng.randrange(0, 16)], deck[20:20 + rng.randrange(0, 8)]
        trump = rng.choice([None, "S", "H", "D", "C"])
        mask = new_module.hand_mask(hand)
        for must in (False, True):  # the reference's playable() against today's allowed_cards()
            position = types.SimpleNamespace(trick=trick, trump=trump, options={"must_trump": must})
            same("playable", sorted(old.playable(hand, trick, trump, must)),
                 sorted(new_module.hand_cards(mask & new_module.allowed_cards(position, mask))))
        if trick:
            leader = rng.randrange(7)
            same("trick_winner", old.trick_winner(trick, leader, 7, trump),
                 new_module.trick_winner(trick, leader, 7, trump))
        same("hand_mask", old.hand_mask(hand), new_module.hand_mask(hand))
        same("hand_cards", old.hand_cards(old.hand_mask(hand)), new_module.hand_cards(new_module.hand_mask(hand)))
        for scoring in ("exact", "plus_tricks", "zero_bonus"):
            bid, took, cards = rng.randrange(8), rng.randrange(8), rng.randrange(1, 16)
            same("hand_points", old.hand_points(bid, took, cards, scoring),
                 new_module.hand_points(bid, took, cards, scoring))
        checked += 1
    return checked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=200_000, help="legal actions to compare in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reference", default=REFERENCE, help="the commit whose engine/oh_hell.py is the reference")
    args = parser.parse_args(argv)
    old = load_reference(args.reference)
    rng = random.Random(args.seed)
    report: dict[str, Any] = {"reference": args.reference, "seed": args.seed, "games": 0, "actions": 0,
                              "configurations": 0, "different": None}
    configs = [(players, options) for players in range(3, 8) for options in OPTION_SETS]
    rng.shuffle(configs)
    try:
        report["helpers_checked"] = check_helpers(old, rng)
        for players, options in itertools.cycle(configs):
            if report["actions"] >= args.actions:
                break
            pair = Pair(old, players, rng.randrange(-10**6, 10**12), options)
            report["actions"] += play_game(pair, rng, old.DECK)
            report["games"] += 1
            report["configurations"] = min(report["games"], len(configs))
    except Different as difference:
        report["different"] = str(difference)[:2000]
    print(json.dumps(report))
    return 0 if report["different"] is None else 1


if __name__ == "__main__":
    raise SystemExit(main())
