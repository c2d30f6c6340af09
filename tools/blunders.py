"""Plays that are plainly worse (engine/coach ``blunder``): find positions where one is on offer, and
measure how often each bot level plays one.

    python -m tools.blunders search GAME [--count N] [--seed S] [--out FILE]
    python -m tools.blunders rates [--games g1,g2] [--positions N] [--seed S] [--levels a,b]

- ``search`` plays bot games (seats drawn from random, easy and normal, so the positions vary) and keeps
  the positions where at least one legal action is a blunder, preferring those where ``normal`` or
  ``hard`` plays one; it writes them as JSON (``{"game", "note", "view", "legal", "worse"}`` each: what
  a bot is given, and the blunder on offer; a ``"seed"`` added by hand is the rng seed a bot played the
  blunder with), the form of ``tests/data/blunders/GAME.json``.
- ``rates``: for each game, ``--positions`` such positions (from other seeds than the tests'), and per
  level the share of them where the level's choice is a blunder. The last line of stdout is JSON.
  ``tools/bench_bots.py blunders`` runs the same.

Progress goes to stderr. Run it under ``nice``: hard bots think for a while on every position.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardtable.engine import get_game
from cardtable.engine.bots import bot_levels, get_bot
from cardtable.engine.coach import blunder

PLAYERS = {"spit": 2, "speed": 2, "go_stop": 2, "rummy": 2, "oh_hell": 4, "tractor": 4}
DRIVERS = ("random", "easy", "normal")
Position = dict[str, Any]
PER_GAME = 3  # positions taken from one game at most: more games, more kinds of position


def candidates(game: Any, state: Any, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """The concrete legal actions, and for templates a few concrete picks."""
    legal = game.legal(state, seat)
    found = [dict(a) for a in legal if "choose" not in a]
    if len(found) < len(legal):
        for _ in range(12):
            pick = game.sample(state, seat, rng)
            if pick not in found:
                found.append(pick)
    return found


def offered(game_name: str, seed: int, rng: random.Random, every: float = 0.3) -> Iterator[Position]:
    """The positions of one bot game (seeded) where some legal action is a blunder (``every``: the share
    of the decisions looked at, so one game does not give a run of near-identical positions)."""
    game = get_game(game_name)
    players = PLAYERS[game_name]
    state = game.new(players, seed)
    drivers = [get_bot(game_name, rng.choice(DRIVERS)) for _ in range(players)]
    for _ in range(3000):
        if game.result(state) is not None:
            return
        seats = [s for s in game.to_act(state) if game.legal(state, s)]
        if not seats:
            return
        seat = rng.choice(seats)
        view, legal = game.view(state, seat), game.legal(state, seat)
        if rng.random() < every:
            bad = [(a, why) for a in candidates(game, state, seat, rng)
                   if (why := blunder(game_name, view, legal, a)) is not None]
            if bad:
                yield {"game": game_name, "note": f"seed {seed}: {bad[0][1]}", "view": view, "legal": legal,
                       "worse": bad[0][0]}
        game.apply(state, seat, drivers[seat].choose(view, legal, rng))


def positions(game_name: str, count: int, seed: int) -> list[Position]:
    """``count`` positions with a blunder on offer, from bot games seeded from ``seed`` on."""
    rng = random.Random(f"blunders/{game_name}/{seed}")
    found: list[Position] = []
    game_seed = seed
    while len(found) < count and game_seed < seed + 50 * count + 200:
        for i, position in enumerate(offered(game_name, game_seed, rng)):
            found.append(position)
            if len(found) >= count or i + 1 >= PER_GAME:
                break
        game_seed += 1
    return found


def chosen_blunder(position: Position, level: str, seed: int = 0) -> str | None:
    """Why ``level``'s choice at ``position`` is a blunder, or None."""
    name = position["game"]
    view, legal = position["view"], position["legal"]
    action = get_bot(name, level).choose(view, legal, random.Random(seed))
    return blunder(name, view, legal, action)


def rates(games: list[str], count: int, seed: int, levels: list[str] | None = None) -> dict[str, Any]:
    """Per game and level: positions, blunders played and their share."""
    report: dict[str, Any] = {}
    for name in games:
        found = positions(name, count, seed)
        per: dict[str, Any] = {}
        for level in levels or bot_levels(name):
            if level not in bot_levels(name):
                continue
            bad = sum(chosen_blunder(p, level, i) is not None for i, p in enumerate(found))
            per[level] = {"blunders": bad, "rate": round(bad / len(found), 3) if found else None}
        report[name] = {"positions": len(found), "levels": per}
        print(f"blunders {name}: {report[name]}", file=sys.stderr, flush=True)
    return report


def search(game_name: str, count: int, seed: int) -> list[Position]:
    """``count`` positions, first those where ``normal`` or ``hard`` plays the blunder."""
    pool = positions(game_name, 8 * count, seed)
    failed = [p for p in pool if any(chosen_blunder(p, level) for level in ("normal", "hard"))]
    for p in failed:
        p["note"] += " (the bots played it)"
    rest = [p for p in pool if p not in failed]
    return (failed + rest)[:count]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.blunders", description=__doc__.split("\n")[0])
    parser.add_argument("part", choices=["search", "rates"])
    parser.add_argument("game", nargs="?", default="")
    parser.add_argument("--games", default=",".join(PLAYERS))
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--levels", default="")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--out", default="")
    args = parser.parse_args(argv)
    if args.part == "search":
        found = search(args.game, args.count, args.seed)
        text = json.dumps(found, indent=None)
        if args.out:
            Path(args.out).write_text(text + "\n")
        print(json.dumps({"game": args.game, "positions": len(found), "notes": [p["note"] for p in found]}))
        return 0
    levels = [x for x in args.levels.split(",") if x] or None
    print(json.dumps(rates([g for g in args.games.split(",") if g], args.positions, args.seed, levels)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
