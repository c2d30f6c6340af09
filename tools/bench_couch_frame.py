"""Frame times of Spit and Speed with two players on one screen (side by side and face to face) and with
one, at 1280x720: the couch arrangements ``cardtable bench frame`` does not visit.

Each game is dealt from a fixed seed, played by bots for a number of actions, frozen, and the table scene
rendered ``--frames`` times (one fixed tick plus one full render, as ``bench frame`` does). Prints one
JSON object: CPU-time p50/p99 per game and arrangement, and the load average. Run it on a quiet machine
(``nice`` it on a shared one and say so):

    python tools/bench_couch_frame.py --frames 400
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
from typing import Any

SIZE = (1280, 720)


def frozen_session(game_name: str, seed: int, local: int, actions: int) -> Any:
    """An in-process table with ``local`` seats on this screen after ``actions`` bot actions."""
    from cardtable.arcade.session import BOT, LOCAL, YOU, DirectSession, SeatSpec, TableConfig, _make_bot

    seats = [SeatSpec(YOU, name="Ann"), SeatSpec(LOCAL, name="Bo") if local == 2 else SeatSpec(BOT)]
    session = DirectSession(TableConfig(game=game_name, players=2, seats=seats, seed=seed, name="bench"))
    session.request({"type": "start"})
    rng = random.Random(seed)
    bots = {s: _make_bot(game_name, "normal") for s in (0, 1)}
    for _ in range(actions):
        seats_now = [s for s in session.game.to_act(session.state) if session.game.legal(session.state, s)]
        if not seats_now or session.result is not None:
            break
        seat = rng.choice(seats_now)
        view = session.game.view(session.state, seat)
        session.apply(seat, bots[seat].choose(view, session.game.legal(session.state, seat), rng))
    session.frozen = True
    latest: dict[Any, dict[str, Any]] = {}
    kept = []
    for message in session.outbox:
        if message.get("type") == "view":
            latest[message.get("seat")] = {**message, "events": []}
        elif message.get("type") in ("welcome", "lobby"):
            kept.append(message)
    session.outbox = kept + list(latest.values())
    return session


def measure(game_name: str, arrangement: str, frames: int, seed: int = 7, actions: int = 40) -> dict[str, float]:
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.settings import Settings
    from cardtable.bench.frame import time_frames

    settings = Settings(name="Ann")
    if hasattr(settings, "couch_layout"):
        settings.couch_layout = "facing" if arrangement == "facing" else "side"
    app = App(size=SIZE, fullscreen=False, settings=settings)
    app.session = frozen_session(game_name, seed, 1 if arrangement == "single" else 2, actions)
    app.push(TableScene(app))
    _, cpu = time_frames(app, frames)
    return {"cpu_p50_ms": round(statistics.median(cpu), 3),
            "cpu_p99_ms": round(cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))], 3)}


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=400)
    args = parser.parse_args()
    report: dict[str, Any] = {"size": list(SIZE), "tables": {}}
    for game in ("spit", "speed"):
        report["tables"][game] = {arrangement: measure(game, arrangement, args.frames)
                                  for arrangement in ("single", "side", "facing")}
    report["load_average"] = round(os.getloadavg()[0], 2)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
