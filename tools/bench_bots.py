"""The bots measured: level ladders, seat fairness, think times, and Oh Hell against OpenSpiel's IS-MCTS.

    python -m tools.bench_bots [ladder] [fairness] [calibration] [openspiel] [blunders] [--games spit,...]
                               [--deals N] [--deals-for g=N,...] [--fair-games N] [--cal-games N]
                               [--os-deals N] [--os-jobs J] [--os-baselines honest,stock] [--os-log LOG]
                               [--seed S]

Progress goes to stderr; the last line of stdout is one JSON object. Run it with ``nice`` on a shared
machine: hundreds of games take minutes (the note of issue 13 says how long each part took).

- ``ladder``: for every game and every pair of neighbouring levels (random < easy < normal < hard),
  ``--deals`` deals each played twice with the seats swapped (*mirrored*: each level holds each seat's
  cards once; 4-player games seat the two levels alternately, so in Tractor they are the two teams).
  Reported: the higher level's share of the wins (a shared win counts by its share) with a Wilson 95%
  interval, and the mean score difference per game (higher minus lower, per seat) with a 95% interval
  over the deals. Go-Stop's games are single hands (its bots leave after a decided hand), so its score
  difference is chips per hand.
- think times: every decision of the ladder's games, CPU milliseconds of this process per level and
  decision kind (the view's phase): p50, p99 and max. CPU time, not wall time, so a loaded machine does
  not inflate them; the think delay a bot waits at a table (``delay``) is not included.
- ``fairness``: ``random`` in every seat, ``--fair-games`` games per game: each seat's share of the
  wins against 1/n, with Wilson 95% intervals, and whether 1/n lies inside every seat's interval.
- ``calibration``: whole Oh Hell games, ``hard`` and ``normal`` seated alternately (4 and 3 players):
  per level and hand size the mean of (bid - tricks taken) and the exact-bid rate.
- ``blunders``: per game and level, the share of ``--blunder-positions`` positions (each offering a play
  the coach calls plainly worse, found in bot games) where the level plays one (:mod:`tools.blunders`).
- ``openspiel``: only when open_spiel is installed (it is not a dependency): the engines' agreement on
  every legal action over many random hands, then Oh Hell ``hard`` against IS-MCTS (300 simulations,
  uct_c 10, random rollouts) on ``--os-deals`` mirrored deals (:func:`tools.oh_hell_openspiel.compare`),
  split over ``--os-jobs`` processes (``--os-log``: each deal appended to a file as it ends, so a run
  stopped early can still be summed up with :func:`tools.oh_hell_openspiel.read_log`). The baseline
  is IS-MCTS with an *honest* world sampler, which deals
  the other seats random cards from everything its seat has not seen and keeps the voids they have
  shown. ``stock`` is reported too: the game's own ``resample_from_infostate`` (open_spiel 2.0.2) deals
  the others exactly the cards in play (:func:`tools.oh_hell_openspiel.resampling_leak`), knowledge no
  player has, worth about 1.6 points a seat-hand to IS-MCTS.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.engine import get_game
from cardtable.engine.bots import Bot, bot_levels, get_bot
from cardtable.engine.tournament import play_game

GAMES = ("spit", "speed", "go_stop", "rummy", "oh_hell", "tractor")
PLAYERS = {"spit": 2, "speed": 2, "go_stop": 2, "rummy": 2, "oh_hell": 4, "tractor": 4}
Progress = Callable[[str], None]


# -- statistics -------------------------------------------------------------------------------------


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def percentiles(seconds: list[float]) -> dict[str, float]:
    """Decision times in milliseconds: how many, mean, p50, p99 and max."""
    ordered = sorted(seconds)
    if not ordered:
        return {"decisions": 0}

    def at(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"decisions": len(ordered), "mean_ms": round(1000 * sum(ordered) / len(ordered), 2), "p50_ms": at(0.5),
            "p99_ms": at(0.99), "max_ms": round(1000 * ordered[-1], 2)}


# -- timed bots -------------------------------------------------------------------------------------


class Timed:
    """A bot that notes the CPU time of each decision under (level, the view's phase)."""

    def __init__(self, bot: Bot, level: str, times: dict[tuple[str, str], list[float]]) -> None:
        self.bot = bot
        self.level = level
        self.times = times

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        started = time.process_time()
        action = self.bot.choose(view, legal, rng)
        self.times[(self.level, str(view.get("phase")))].append(time.process_time() - started)
        return action

    def delay(self, view: dict[str, Any], rng: random.Random) -> float:
        return self.bot.delay(view, rng)


# -- the ladder -------------------------------------------------------------------------------------


def mirrored_seatings(high: str, low: str, players: int) -> list[list[str]]:
    """The two seatings of a deal: levels alternate round the table, then swap."""
    first = [high if s % 2 == 0 else low for s in range(players)]
    return [first, [low if level == high else high for level in first]]


def win_share(winners: list[int], seating: list[str], level: str) -> float:
    """``level``'s share of the game's wins: 1 for an outright win, 1/k of a win shared by k seats,
    half a win for a game nobody won (a draw)."""
    if not winners:
        return 0.5
    return sum(1 for s in winners if seating[s] == level) / len(winners)


def first_round(game: str, seating: list[str], seed: int, bots: list[Any]) -> tuple[list[float], list[int]]:
    """Tractor's unit: the first round of a game (a whole game climbs through a dozen rounds or more).
    Returns (per seat: the levels its team rose, or minus those the other team rose; the seats of the
    team that rose)."""
    engine = get_game(game)
    state = engine.new(len(seating), seed)
    rngs = [random.Random(f"bench/{seed}/{s}") for s in range(len(seating))]
    while state.last_round is None and engine.result(state) is None:
        seat = next(s for s in engine.to_act(state) if engine.legal(state, s))
        action = bots[seat].choose(engine.view(state, seat), engine.legal(state, seat), rngs[seat])
        engine.apply(state, seat, action)
    summary = state.last_round
    rising, gain = summary["rising"], summary["gain"]
    scores = [float(gain if s % 2 == rising else -gain) for s in range(len(seating))]
    return scores, [s for s in range(len(seating)) if s % 2 == rising]


UNIT = {"tractor": "first round of a game", "go_stop": "one hand (the bots leave after a decided hand)"}


def match(game: str, high: str, low: str, deals: int, seed: int, options: dict[str, Any] | None,
          times: dict[tuple[str, str], list[float]], progress: Progress | None = None) -> dict[str, Any]:
    """``high`` against ``low`` over ``deals`` mirrored deals."""
    players = PLAYERS[game]
    shares: list[float] = []
    diffs: list[float] = []
    started = time.perf_counter()
    for i in range(deals):
        diff = 0.0
        for seating in mirrored_seatings(high, low, players):
            bots = [Timed(get_bot(game, level), level, times) for level in seating]
            if game == "tractor":
                scores, winners = first_round(game, seating, seed + i, bots)
            else:
                record = play_game(game, seating, seed + i, options, bots=bots)
                scores, winners = record.scores, record.winners
            shares.append(win_share(winners, seating, high))
            mine = [sc for sc, lv in zip(scores, seating, strict=True) if lv == high]
            theirs = [sc for sc, lv in zip(scores, seating, strict=True) if lv == low]
            diff += (sum(mine) / len(mine) - sum(theirs) / len(theirs)) / 2
        diffs.append(diff)
        if progress is not None and (i + 1) % max(1, deals // 5) == 0:
            progress(f"{game} {high}>{low}: {i + 1}/{deals} deals, share {sum(shares) / len(shares):.3f}")
    low_ci, high_ci = wilson(sum(shares), len(shares))
    mean, d_low, d_high = mean_interval(diffs)
    return {
        "higher": high, "lower": low, "games": len(shares), "unit": UNIT.get(game, "whole game"),
        "win_share": round(sum(shares) / len(shares), 3), "win_share_95": [round(low_ci, 3), round(high_ci, 3)],
        "score_diff": round(mean, 3), "score_diff_95": [round(d_low, 3), round(d_high, 3)],
        "holds": low_ci > 0.5 or d_low > 0,
        "seconds": round(time.perf_counter() - started, 1),
    }


def ladder(games: Sequence[str], deals: dict[str, int], seed: int, progress: Progress | None = None
           ) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every game's ladder of neighbouring levels, and the think times of every decision made."""
    table: dict[str, Any] = {}
    think: dict[str, Any] = {}
    for game in games:
        times: dict[tuple[str, str], list[float]] = defaultdict(list)
        levels = bot_levels(game)
        rows = []
        for low, high in zip(levels, levels[1:], strict=False):
            rows.append(match(game, high, low, deals[game], seed, None, times, progress))
        table[game] = rows
        think[game] = {f"{level}/{kind}": percentiles(v) for (level, kind), v in sorted(times.items())}
    return table, think


# -- seat fairness ----------------------------------------------------------------------------------


def fairness(game: str, games: int, seed: int, players: int | None = None) -> dict[str, Any]:
    """``random`` in every seat: each seat's share of the wins with its Wilson interval against 1/n."""
    n = players or PLAYERS[game]
    wins = [0.0] * n
    for i in range(games):
        record = play_game(game, ["random"] * n, seed + i)
        if record.winners:
            for s in record.winners:
                wins[s] += 1 / len(record.winners)
        else:
            for s in range(n):
                wins[s] += 1 / n
    seats = []
    for s in range(n):
        low, high = wilson(wins[s], games)
        seats.append({"seat": s, "share": round(wins[s] / games, 3), "share_95": [round(low, 3), round(high, 3)]})
    fair = all(row["share_95"][0] <= 1 / n <= row["share_95"][1] for row in seats)
    return {"players": n, "games": games, "expected": round(1 / n, 3), "seats": seats, "fair": fair}


# -- Oh Hell bidding --------------------------------------------------------------------------------


def oh_hell_calibration(games: int, seed: int, players: int, levels: Sequence[str] = ("hard", "normal"),
                        progress: Progress | None = None) -> dict[str, Any]:
    """Whole games of Oh Hell (hand sizes 1 up to the most the table allows), the levels seated
    alternately and rotated: per level and hand size, the mean of (bid - tricks taken) and the rate of
    exact bids. Sizes are grouped 1-5, 6-10, 11-15 as in the issue, and listed one by one too."""
    rows: dict[tuple[str, int], list[tuple[int, int]]] = defaultdict(list)
    for i in range(games):
        seating = [levels[(s + i) % len(levels)] for s in range(players)]
        record = play_game("oh_hell", seating, seed + i)
        for hand in record.result["sheet"]:
            for s, level in enumerate(seating):
                rows[(level, hand["cards"])].append((hand["bids"][s], hand["tricks"][s]))
        if progress is not None and (i + 1) % max(1, games // 5) == 0:
            progress(f"oh_hell calibration {players} players: {i + 1}/{games} games")

    def summary(pairs: list[tuple[int, int]]) -> dict[str, Any]:
        return {"seat_hands": len(pairs),
                "mean_bid_minus_tricks": round(sum(b - t for b, t in pairs) / len(pairs), 3),
                "exact_rate": round(sum(b == t for b, t in pairs) / len(pairs), 3)}

    out: dict[str, Any] = {"players": players, "games": games, "levels": list(levels)}
    for level in levels:
        sizes = sorted(c for (lv, c) in rows if lv == level)
        out[level] = {
            "by_size": {str(c): summary(rows[(level, c)]) for c in sizes},
            "by_group": {f"{lo}-{hi}": summary([p for c in sizes if lo <= c <= hi for p in rows[(level, c)]])
                         for lo, hi in ((1, 5), (6, 10), (11, 15)) if any(lo <= c <= hi for c in sizes)},
        }
    return out


# -- the command ------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_bots", description=__doc__.split("\n")[0])
    parser.add_argument("parts", nargs="*", default=["ladder", "fairness", "calibration", "openspiel"],
                        choices=["ladder", "fairness", "calibration", "openspiel", "blunders"])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games (default: all six)")
    parser.add_argument("--deals", type=int, default=100, help="mirrored deals per ladder pair")
    parser.add_argument("--deals-for", default="", help="per-game deals, e.g. go_stop=200,tractor=50")
    parser.add_argument("--fair-games", type=int, default=1000, help="random-vs-random games per game")
    parser.add_argument("--os-deals", type=int, default=100, help="mirrored deals against IS-MCTS")
    parser.add_argument("--os-jobs", type=int, default=1, help="processes for the IS-MCTS deals")
    parser.add_argument("--os-baselines", default="honest,stock",
                        help="IS-MCTS world samplers to play against: honest (the baseline), stock")
    parser.add_argument("--os-log", default="", help="append each IS-MCTS deal to LOG.<baseline>.jsonl as it ends")
    parser.add_argument("--cal-games", type=int, default=40, help="whole Oh Hell games for the bid calibration")
    parser.add_argument("--blunder-positions", type=int, default=100, help="positions per game for blunders")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    baselines = [b for b in args.os_baselines.split(",") if b]
    for b in baselines:
        if b not in ("honest", "stock"):
            parser.error(f"--os-baselines: unknown sampler {b!r} (honest, stock)")
    for game in games:
        get_game(game)
    deals = dict.fromkeys(games, args.deals)
    for item in filter(None, args.deals_for.split(",")):
        name, _, count = item.partition("=")
        deals[name] = int(count)

    def progress(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    report: dict[str, Any] = {"seed": args.seed}
    if "ladder" in args.parts:
        started = time.perf_counter()
        report["ladder"], report["think_cpu_ms"] = ladder(games, deals, args.seed, progress)
        report["ladder_seconds"] = round(time.perf_counter() - started, 1)
    if "fairness" in args.parts:
        started = time.perf_counter()
        report["fairness"] = {}
        for game in games:
            report["fairness"][game] = fairness(game, args.fair_games, args.seed)
            progress(f"fairness {game}: {report['fairness'][game]['seats']}")
        report["fairness_seconds"] = round(time.perf_counter() - started, 1)
    if "calibration" in args.parts:
        started = time.perf_counter()
        report["calibration"] = [oh_hell_calibration(args.cal_games, args.seed, players, progress=progress)
                                 for players in (4, 3)]
        report["calibration_seconds"] = round(time.perf_counter() - started, 1)
    if "openspiel" in args.parts:
        report["openspiel"] = openspiel_part(args.os_deals, args.seed, progress, args.os_jobs, baselines,
                                             args.os_log or None)
    if "blunders" in args.parts:
        from tools.blunders import rates

        report["blunders"] = rates(games, args.blunder_positions, args.seed + 5000)
    print(json.dumps(report))
    return 0


def openspiel_part(deals: int, seed: int, progress: Progress, jobs: int = 1,
                   baselines: Sequence[str] = ("honest", "stock"), log: str | None = None) -> dict[str, Any] | None:
    """The engines' agreement, the stock resampler's leak, then ``hard`` against IS-MCTS per baseline:
    ``honest`` (issue 21's baseline: worlds drawn from everything the seat has not seen) and ``stock``
    (the game's own resampler, which deals the others exactly the cards in play)."""
    from tools import oh_hell_openspiel as os_glue

    if not os_glue.available():
        progress("openspiel: open_spiel is not installed; skipped")
        return None
    started = time.perf_counter()
    out: dict[str, Any] = {"agreement": os_glue.agreement(1200, seed), "resampling": os_glue.resampling_leak(),
                           "baseline": "honest", "stock_note": os_glue.STOCK_NOTE}
    progress(f"openspiel: engines agree on {out['agreement']}; the game's resampler: {out['resampling']}")
    progress(f"openspiel: the baseline is IS-MCTS with honest worlds; 'stock': {os_glue.STOCK_NOTE}")

    def step(label: str) -> Callable[[int, int, list[float]], None]:
        def report(i: int, total: int, diffs: list[float]) -> None:
            if i % 10 == 0 or i == total:
                progress(f"openspiel {label}: {i}/{total} deals, difference {sum(diffs) / len(diffs):+.3f}")
        return report

    for label in baselines:
        out[label] = os_glue.compare(deals, seed=1000 + seed, progress=step(label), honest=label == "honest",
                                     jobs=jobs, log=f"{log}.{label}.jsonl" if log else None)
        progress(f"openspiel {label}: difference {out[label]['difference']:+.3f} {out[label]['difference_95']}")
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
