"""``cardtable bench frame``: frame times of every table at its busiest, and the time from start to title.

Each of the six tables is measured at 1280x720 and 1920x1080 (``--sizes`` for others) while its game
goes on. A seeded bot game is played in this process up to the table's busiest moment (BUSIEST): Oh
Hell and Tractor with a trick about to be gathered (Tractor's 25-card hands, at the start of the
play), the Rummy table with the most melds (15 or more in the seeded game), Go-Stop's fullest table,
Spit and Speed with both players playing. Then ``frames`` frames are timed, each one fixed tick plus
one full render (the framework's overlays included), and every few frames (``every``) one more bot
action is applied between two frames, outside the timed part: the table takes the host's new view in
the next tick (timed) and animates it (cards flying, tricks gathered) in the frames after.

Per table and size: p50, p99 and max in ms, of the wall clock and of this thread's CPU time (which
other busy processes on the machine do not inflate; on a shared machine only those mean much). With
``--runs N`` the bench runs N times, each in a fresh process, and reports each figure's median over
the runs, with every run's CPU p99 (``cpu_p99_runs``): on a virtual machine one run's p99 moves by half
a millisecond from one minute to the next.
``over_budget`` lists each table and size whose CPU p99 is over BUDGET_MS (``"go_stop 1920x1080"``). ``start_to_title_ms`` is
the wall time of a fresh ``python`` process that imports the client, opens the window and draws the
first title frame. Prints one JSON object.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

TABLE_GAMES = ("spit", "speed", "oh_hell", "go_stop", "rummy", "tractor")
SIZES = ((1280, 720), (1920, 1080))
BUDGET_MS = 4.0
SEED = 7


@dataclass(frozen=True)
class Step:
    """What one moment of the seeded game looks like from seat 0 (the table's seat)."""

    at: int  # bot actions applied so far
    phase: str
    hand: int  # cards in seat 0's hand
    seen: int  # cards seat 0 sees anywhere
    melds: int  # melds on a Rummy table
    trick: int  # plays in the trick on the table
    players: int


def _cards_in_view(view: Any, deck: frozenset[str]) -> int:
    if isinstance(view, str):
        return 1 if view in deck else 0
    if isinstance(view, dict):
        return sum(_cards_in_view(v, deck) for v in view.values())
    if isinstance(view, list | tuple):
        return sum(_cards_in_view(v, deck) for v in view)
    return 0


def trace(game_name: str, seed: int = SEED, limit: int = 3000) -> list[Step]:
    """The seeded bot game, one Step per action, up to its end (or ``limit`` actions)."""
    from cardtable.arcade.shot import direct_session
    from cardtable.engine import hwatu
    from cardtable.engine.cards import ALL_CARDS

    deck = frozenset(ALL_CARDS) | frozenset(hwatu.CARDS) | frozenset(hwatu.JOKERS)
    session = direct_session(game_name, seed, None, 0)
    steps = []
    for n in range(limit):
        view = session.game.view(session.state, 0)
        steps.append(Step(n, str(view.get("phase")), len(view.get("hand") or []), _cards_in_view(view, deck),
                          len(view.get("table") or []) if game_name == "rummy" else 0, len(view.get("trick") or []),
                          int(view.get("players") or len(view.get("hand_sizes") or []) or 2)))
        if session.result is not None or not session.bot_step():
            break
    return steps


def _most(steps: list[Step], key: Callable[[Step], float]) -> int:
    return max(steps, key=lambda s: (key(s), -s.at)).at


def _gathering(steps: list[Step]) -> int:
    """A trick with all but one card played, in the hand where seat 0 holds the most cards."""
    ready = [s for s in steps if s.phase == "play" and s.trick == s.players - 1]
    return _most(ready, lambda s: s.hand) if ready else _most(steps, lambda s: s.seen)


def _first_play(steps: list[Step]) -> int:
    """The start of the play, every hand full (Tractor: 25 cards each, the kitty buried)."""
    return next((s.at for s in steps if s.phase == "play"), _most(steps, lambda s: s.hand))


def _both_playing(steps: list[Step]) -> int:
    """Early in the play, cards everywhere: the most cards seen in the first half of the game."""
    playing = [s for s in steps[: max(2, len(steps) // 2)] if s.phase == "play"] or steps
    return _most(playing, lambda s: s.seen)


# game -> (the moment to start at, what it is, frames between two bot actions: Spit and Speed at 15
# actions a second, more than two quick people manage; the turn games at a brisk bot pace)
BUSIEST: dict[str, tuple[Callable[[list[Step]], int], str, int]] = {
    "spit": (_both_playing, "both players playing, 15 actions a second", 8),
    "speed": (_both_playing, "both players playing, 15 actions a second", 8),
    "oh_hell": (_gathering, "a trick about to be gathered, then the play goes on", 12),
    "go_stop": (lambda steps: _most(steps, lambda s: s.seen), "the fullest table, then the play goes on", 20),
    "rummy": (lambda steps: _most(steps, lambda s: s.melds), "the table with the most melds, then the play goes on", 20),
    "tractor": (_first_play, "25-card hands at the start of the play, tricks gathered as it goes on", 12),
}


def _percentile(values: list[float], q: float) -> float:
    return round(values[min(len(values) - 1, int(len(values) * q))], 3)


def _figures(wall: list[float], cpu: list[float]) -> dict[str, float]:
    wall, cpu = sorted(wall), sorted(cpu)
    return {"p50_ms": round(statistics.median(wall), 3), "p99_ms": _percentile(wall, 0.99), "max_ms": round(wall[-1], 3),
            "cpu_p50_ms": round(statistics.median(cpu), 3), "cpu_p99_ms": _percentile(cpu, 0.99),
            "cpu_max_ms": round(cpu[-1], 3)}


def time_frames(app: Any, frames: int, warm: int = 240, between: Callable[[int], None] | None = None,
                scene: Any = None) -> tuple[list[float], list[float]]:
    """Run ``warm`` frames (the deal and the flights settle, the caches fill), then time ``frames`` of one
    fixed tick plus one render: sorted wall-clock and thread CPU times in ms. ``between(i)`` runs before
    frame ``i``, untimed; timing stops early when ``scene`` is no longer on top. Shuts the app down."""
    import gc

    from cardtable.arcade.loop import TICK

    for _ in range(warm):
        app.tick(TICK)
        app.render(0.5)
    gc.collect()
    times, cpu = [], []
    for i in range(frames):
        if between is not None:
            between(i)
        start = time.perf_counter()
        cpu_start = time.thread_time()
        app.tick(TICK)
        app.render((i % 10) / 10)
        cpu.append((time.thread_time() - cpu_start) * 1000)
        times.append((time.perf_counter() - start) * 1000)
        if scene is not None and app.scene is not scene:  # the game ended: the results are another scene
            break
    app.shutdown_quietly()
    return sorted(times), sorted(cpu)


def measure(game_name: str, at: int, every: int, size: tuple[int, int], frames: int,
            seed: int = SEED) -> dict[str, Any]:
    """Frame times of ``game_name``'s table from ``at`` bot actions on, one more action every ``every``
    frames (applied between frames, untimed), at ``size``."""
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.settings import Settings
    from cardtable.arcade.shot import direct_session

    app = App(size=size, fullscreen=False, settings=Settings())
    session = direct_session(game_name, seed, None, at)
    app.session = session
    scene = TableScene(app)
    app.push(scene)
    actions = 0

    def act(i: int) -> None:
        nonlocal actions
        if i % every == every - 1 and session.result is None and session.bot_step():
            actions += 1

    wall, cpu = time_frames(app, frames, between=act, scene=scene)
    return {**_figures(wall, cpu), "frames": len(wall), "actions_during": actions}


def measure_table(game_name: str, sizes: tuple[tuple[int, int], ...], frames: int) -> dict[str, Any]:
    steps = trace(game_name)
    choose, what, every = BUSIEST[game_name]
    lasting = [s for s in steps if len(steps) - 1 - s.at >= frames // every] or steps[:1]
    at = choose(lasting)  # a moment with enough of the game after it to keep the pace through the frames
    remaining = max(1, len(steps) - 1 - at)
    every = max(every, math.ceil(frames / remaining))  # keep the game going through every frame
    out: dict[str, Any] = {"moment": {"actions": at, "what": what, "every_frames": every}}
    for size in sizes:
        out[f"{size[0]}x{size[1]}"] = measure(game_name, at, every, size, frames)
    return out


def measure_title(frames: int, size: tuple[int, int]) -> dict[str, float]:
    """The title screen (animated card fan, menu, focus ring) for comparison with the tables."""
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    app = App(size=size, fullscreen=False, settings=Settings())
    _, cpu = time_frames(app, frames, warm=120)
    return {"cpu_p50_ms": round(statistics.median(cpu), 3), "cpu_p99_ms": _percentile(cpu, 0.99)}


STARTUP = (
    "import time, os\n"
    "t0 = time.perf_counter()\n"
    "from cardtable.arcade.app import App\n"
    "from cardtable.arcade.settings import Settings\n"
    "app = App(size=(1280, 720), fullscreen=False, settings=Settings())\n"
    "app.step(1)\n"
    "print(round((time.perf_counter() - t0) * 1000, 1))\n"
)


def startup_ms(repeats: int = 3) -> dict[str, float]:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    walls, inner = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", STARTUP], capture_output=True, text=True, env=env,
                             timeout=60, check=True)
        walls.append((time.perf_counter() - start) * 1000)
        inner.append(float(out.stdout.strip().splitlines()[-1]))
    return {"start_to_title_ms": round(min(walls), 1), "import_to_title_ms": round(min(inner), 1)}


def parse_sizes(texts: list[str] | None) -> tuple[tuple[int, int], ...]:
    """``["960x540", "1280x720"]`` -> ((960, 540), (1280, 720)); a bad size names itself."""
    if not texts:
        return SIZES
    sizes = []
    for text in texts:
        try:
            w, h = (int(p) for p in text.lower().split("x"))
        except ValueError:
            raise SystemExit(f"bench frame: bad size {text!r} (expected WIDTHxHEIGHT, e.g. 1280x720)") from None
        sizes.append((w, h))
    return tuple(sizes)


def over_budget(tables: dict[str, Any], sizes: list[str], budget: float = BUDGET_MS) -> list[str]:
    """``"game WxH"`` for each table and size whose CPU p99 is over ``budget``."""
    return [f"{game} {size}" for game, figures in tables.items() for size in sizes
            if figures.get(size, {}).get("cpu_p99_ms", 0.0) > budget]


FIGURES = ("p50_ms", "p99_ms", "max_ms", "cpu_p50_ms", "cpu_p99_ms", "cpu_max_ms")


def combined(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """One report from several runs of the bench: each table's figures at each size the median of the
    runs', with every run's CPU p99 kept (``cpu_p99_runs``); the title and start-up figures the medians
    too, ``over_budget`` from the medians, ``runs`` their number."""
    first = reports[0]
    out: dict[str, Any] = {**first, "runs": len(reports), "tables": {}}
    for game, table in first["tables"].items():
        out["tables"][game] = {"moment": table["moment"]}
        for size in first["sizes"]:
            runs = [report["tables"][game][size] for report in reports]
            figures = {name: round(statistics.median(run[name] for run in runs), 3) for name in FIGURES}
            out["tables"][game][size] = {**runs[0], **figures, "cpu_p99_runs": [run["cpu_p99_ms"] for run in runs]}
    out["title"] = {name: round(statistics.median(r["title"][name] for r in reports), 3) for name in first["title"]}
    for name in ("start_to_title_ms", "import_to_title_ms"):
        out[name] = round(statistics.median(r[name] for r in reports), 1)
    out["load_average"] = [first["load_average"][0], reports[-1]["load_average"][1]]
    out["over_budget"] = over_budget(out["tables"], out["sizes"])
    return out


def run_apart(games: list[str], sizes: list[str], seconds: float | None) -> dict[str, Any]:
    """One run of the bench in a fresh process (its fonts, glyphs and faces cold, as a new client's)."""
    command = [sys.executable, "-m", "cardtable", "bench", "frame", "--games", ",".join(games), "--sizes", ",".join(sizes)]
    if seconds is not None:
        command += ["--seconds", str(seconds)]
    out = subprocess.run(command, capture_output=True, text=True, check=True, env=dict(os.environ))
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(args: Any) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from cardtable.arcade.session import available_games

    games = [g for g in (getattr(args, "games", None) or TABLE_GAMES) if g in available_games() and g in BUSIEST]
    sizes = parse_sizes(getattr(args, "sizes", None))
    seconds = getattr(args, "seconds", None)
    runs = getattr(args, "runs", None)
    runs = 1 if runs is None else runs
    if runs < 1:
        raise SystemExit(f"bench frame: bad --runs {runs} (expected 1 or more)")
    if runs > 1:  # one figure moves by half a millisecond with what else the machine runs: the median of several
        names = [f"{w}x{h}" for w, h in sizes]
        print(json.dumps(combined([run_apart(games, names, seconds) for _ in range(runs)])))
        return 0
    frames = 400 if seconds is None else max(60, int(seconds * 240))
    load_before = os.getloadavg()[0]
    report: dict[str, Any] = {"sizes": [f"{w}x{h}" for w, h in sizes], "budget_ms": BUDGET_MS, "runs": 1, "tables": {}}
    for game in games:
        report["tables"][game] = measure_table(game, sizes, frames)
    report["over_budget"] = over_budget(report["tables"], report["sizes"])
    report["title"] = measure_title(frames, sizes[0])
    report.update(startup_ms())
    report["load_average"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
    print(json.dumps(report))
    return 0
