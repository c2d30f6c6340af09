"""``cardtable bench frame``: frame times per table at 1280x720 and the time from start to the title.

Each game with a table (Spit, Speed, Oh Hell; others with ``--games``) is played by bots in this
process from a fixed seed and frozen at several moments: the one where seat 0 sees the most cards,
and a quarter, half and three quarters of the way through. At each the table scene is rendered
``frames`` times (one fixed tick plus one full render, the framework's overlays included); the
moment with the worst CPU-time p99 is reported as the busiest. Wall-clock figures are reported too;
on a machine shared with other busy processes only the CPU-time ones mean much. ``start_to_title_ms`` is the wall time
of a fresh ``python`` process that imports the client, opens the window and draws the first title
frame. Prints one JSON object.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

TABLE_GAMES = ("spit", "speed", "oh_hell")
SIZE = (1280, 720)


def _cards_in_view(view: Any, deck: frozenset[str]) -> int:
    if isinstance(view, str):
        return 1 if view in deck else 0
    if isinstance(view, dict):
        return sum(_cards_in_view(v, deck) for v in view.values())
    if isinstance(view, list | tuple):
        return sum(_cards_in_view(v, deck) for v in view)
    return 0


def moments(game_name: str, seed: int, limit: int = 3000) -> list[int]:
    """Bot-action counts worth measuring: the moment seat 0 sees the most cards, then a quarter, half
    and three quarters of the way through the game."""
    from cardtable.arcade.shot import direct_session
    from cardtable.engine.cards import ALL_CARDS

    session = direct_session(game_name, seed, None, 0)
    best, best_at, length = -1, 0, 0
    for n in range(limit):
        if session.result is not None:
            break
        length = n
        count = _cards_in_view(session.game.view(session.state, 0), ALL_CARDS)
        if count > best:
            best, best_at = count, n
        if not session.bot_step():
            break
    spread = [length * k // 4 for k in (1, 2, 3)]
    return [best_at] + [n for n in spread if n != best_at]


def measure_at(game_name: str, seed: int, actions: int, frames: int) -> tuple[list[float], list[float]]:
    """Frame times in ms (one fixed tick + one render of the table scene) at a frozen moment: wall
    clock, and this thread's CPU time (which other busy processes on the machine do not inflate)."""
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.settings import Settings
    from cardtable.arcade.shot import direct_session

    app = App(size=SIZE, fullscreen=False, settings=Settings())
    app.session = direct_session(game_name, seed, None, actions)
    app.push(TableScene(app))
    return time_frames(app, frames)


def time_frames(app: Any, frames: int, warm: int = 240) -> tuple[list[float], list[float]]:
    """Run ``warm`` frames (the deal and the flights settle, the caches fill), then time ``frames`` of one
    fixed tick plus one render: sorted wall-clock and thread CPU times in ms. Shuts the app down."""
    import gc

    from cardtable.arcade.loop import TICK

    for _ in range(warm):
        app.tick(TICK)
        app.render(0.5)
    gc.collect()
    times, cpu = [], []
    for i in range(frames):
        start = time.perf_counter()
        cpu_start = time.thread_time()
        app.tick(TICK)
        app.render((i % 10) / 10)
        cpu.append((time.thread_time() - cpu_start) * 1000)
        times.append((time.perf_counter() - start) * 1000)
    app.shutdown_quietly()
    return sorted(times), sorted(cpu)


def _p(times: list[float], q: float) -> float:
    return round(times[min(len(times) - 1, int(len(times) * q))], 3)


def measure_table(game_name: str, frames: int, seed: int = 7) -> dict[str, Any]:
    """The worst of the measured moments (by p99) for ``game_name``."""
    checkpoints: dict[str, float] = {}
    worst: tuple[float, int, list[float], list[float]] | None = None
    for at in moments(game_name, seed):
        times, cpu = measure_at(game_name, seed, at, frames)
        p99 = _p(cpu, 0.99)
        checkpoints[str(at)] = p99
        if worst is None or p99 > worst[0]:
            worst = (p99, at, times, cpu)
    assert worst is not None
    _, at, times, cpu = worst
    return {
        "actions": at,
        "frames": frames,
        "p50_ms": round(statistics.median(times), 3),
        "p99_ms": _p(times, 0.99),
        "max_ms": round(times[-1], 3),
        "cpu_p50_ms": round(statistics.median(cpu), 3),
        "cpu_p99_ms": _p(cpu, 0.99),
        "cpu_p99_by_actions": checkpoints,
    }


def measure_title(frames: int) -> dict[str, float]:
    """The title screen (animated card fan, menu, focus ring) for comparison with the tables."""
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    app = App(size=SIZE, fullscreen=False, settings=Settings())
    _, cpu = time_frames(app, frames, warm=120)
    return {"cpu_p50_ms": round(statistics.median(cpu), 3), "cpu_p99_ms": _p(cpu, 0.99)}


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


def run(args: Any) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from cardtable.arcade.session import available_games

    games = [g for g in (getattr(args, "games", None) or TABLE_GAMES) if g in available_games()]
    seconds = getattr(args, "seconds", None)
    frames = 400 if seconds is None else max(60, int(seconds * 240))
    report: dict[str, Any] = {"size": list(SIZE), "tables": {}}
    for game in games:
        report["tables"][game] = measure_table(game, frames)
    report["title"] = measure_title(frames)
    report.update(startup_ms())
    report["load_average"] = round(os.getloadavg()[0], 2)
    print(json.dumps(report))
    return 0
