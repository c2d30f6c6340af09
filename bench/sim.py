"""``cardtable sim`` (bot tournaments) and ``cardtable bench engine`` (random-playout throughput).

Both print one JSON object on the last line of stdout; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from cardtable.engine import GAMES, get_game
from cardtable.engine.bots import bot_levels
from cardtable.engine.core import option_pairs
from cardtable.engine.tournament import GameRecord, run_tournament


class ProgressBar:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, label: str, enabled: bool = True) -> None:
        self.total, self.label, self.enabled = total, label, enabled
        self.start = time.perf_counter()

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        width = 30
        filled = width * done // max(1, self.total)
        elapsed = time.perf_counter() - self.start
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} {elapsed:.1f}s")
        if done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def run_sim(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    players = args.players or (len(args.bots) if args.bots else game.min_players)
    levels = args.bots or ["normal"] * players
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise SystemExit(f"--bots names {len(levels)} levels for {players} players")
    known = bot_levels(game.name)
    for level in levels:
        if level not in known:
            raise SystemExit(f"no {level!r} bot for {game.name} (levels: {', '.join(known)})")
    try:
        options = option_pairs(args.option)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    game.new(players, 0, options)  # a bad option fails here, naming itself
    bar = ProgressBar(args.games, f"{game.name} {','.join(levels)}", enabled=not args.quiet)

    def progress(done: int, _record: GameRecord) -> None:
        bar.update(done)

    started = time.perf_counter()
    standings = run_tournament(game.name, levels, args.games, args.seed, options, progress=progress)
    elapsed = time.perf_counter() - started
    summary = standings.summary()
    summary.update(
        game=game.name,
        players=players,
        levels=levels,
        seed=args.seed,
        options=options,
        seconds=round(elapsed, 3),
        actions_per_second=round(standings.actions / elapsed, 1) if elapsed else None,
        games_per_second=round(standings.games / elapsed, 3) if elapsed else None,
    )
    print(json.dumps(summary))
    return 0


def measure_playouts(name: str, seconds: float, players: int | None = None) -> dict[str, Any]:
    """Random playouts (legal → sample → apply) for ``seconds``: actions and games per second."""
    game = GAMES[name]
    players = players or game.min_players
    rng = random.Random(1)
    actions = games = 0
    seed = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = game.new(players, seed)
        seed += 1
        while game.result(state) is None:
            seats = [s for s in game.to_act(state) if game.legal(state, s)]
            seat = seats[rng.randrange(len(seats))]
            game.apply(state, seat, game.sample(state, seat, rng))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - started
    return {
        "players": players,
        "actions_per_second": round(actions / elapsed, 1),
        "games_per_second": round(games / elapsed, 3),
        "games": games,
        "actions": actions,
    }


def run_bench(args: argparse.Namespace) -> int:
    seconds = args.seconds or 3.0
    names = args.games or sorted(GAMES)
    report: dict[str, Any] = {"seconds_per_game": seconds, "games": {}}
    for name in names:
        sys.stderr.write(f"bench {name}...\n")
        report["games"][name] = measure_playouts(name, seconds)
    if "oh_hell" in names:
        report["oh_hell_vs_openspiel"] = compare_openspiel(seconds)
    print(json.dumps(report))
    return 0


def compare_openspiel(seconds: float) -> dict[str, Any]:
    """Our Oh Hell against OpenSpiel's C++ one in the same shape (4 players, one hand of 7 tricks), in
    CPU and wall time: see :mod:`cardtable.bench.openspiel`. Optional: OpenSpiel's side and the ratios
    are there only when the ``open_spiel`` package is installed."""
    from cardtable.bench.openspiel import compare

    return compare(seconds)
