"""Bot tournaments in process: whole games between bots, deterministic from a seed.

Every seat's bot acts on its own view only. Time is simulated, never read from a clock: a seat that
can act is due ``delay`` seconds after its last action, or after the last change it could react to,
so real-time games interleave the seats by their reaction times (a fast bot plays more cards) and
turn games simply follow the turn order.

>>> record = play_game("oh_hell", ["normal", "random", "random"], seed=3)
>>> len(record.scores)
3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import get_game
from cardtable.engine.bots import Bot, get_bot


@dataclass
class GameRecord:
    seed: int
    levels: list[str]
    scores: list[float]
    winners: list[int]
    actions: int
    sim_seconds: float
    result: dict[str, Any]


def play_game(
    game_name: str,
    levels: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    max_actions: int = 500_000,
    bots: Sequence[Bot] | None = None,
) -> GameRecord:
    """One whole game; ``levels[s]`` is the bot level of seat ``s``. ``bots`` (one per seat) replaces
    the bots of those levels: a tool passes bots that time or record their decisions."""
    game = get_game(game_name)
    players = len(levels)
    state = game.new(players, seed, options)
    if bots is None:
        bots = [get_bot(game_name, level) for level in levels]
    # Each seat draws its choices and reaction times from streams of its own, so what one seat draws
    # never depends on how often another seat drew before it.
    choice_rngs = [random.Random(f"tournament/{seed}/choices/{s}") for s in range(players)]
    delay_rngs = [random.Random(f"tournament/{seed}/delays/{s}") for s in range(players)]
    now = 0.0
    due: list[float | None] = [None] * players
    actions = 0
    while (result := game.result(state)) is None:
        if actions >= max_actions:
            raise RuntimeError(f"{game_name} seed {seed}: no result after {max_actions} actions")
        ready = [s for s in game.to_act(state) if game.legal(state, s)]
        if not ready:
            raise RuntimeError(f"{game_name} seed {seed}: nobody can act and there is no result")
        for seat in ready:
            if due[seat] is None:
                due[seat] = now + bots[seat].delay(game.view(state, seat), delay_rngs[seat])
        seat = min(ready, key=lambda s: (due[s], s))
        now = max(now, due[seat] or now)
        action = bots[seat].choose(game.view(state, seat), game.legal(state, seat), choice_rngs[seat])
        game.apply(state, seat, action)
        actions += 1
        due[seat] = None
        for other in range(players):
            if other != seat and due[other] is not None and not game.legal(state, other):
                due[other] = None
    return GameRecord(
        seed=seed,
        levels=list(levels),
        scores=[float(s) for s in result["scores"]],
        winners=list(result["winners"]),
        actions=actions,
        sim_seconds=now,
        result=result,
    )


def seatings(levels: Sequence[str], games: int, rotate: bool) -> Iterator[list[str]]:
    """The level of each seat for game ``i``: rotated by ``i`` so that no level keeps the best seat."""
    for i in range(games):
        shift = i % len(levels) if rotate else 0
        yield list(levels[shift:]) + list(levels[:shift])


@dataclass
class Standings:
    """Totals over a tournament, per seat and per bot level."""

    games: int = 0
    actions: int = 0
    draws: int = 0
    per_seat: dict[int, dict[str, float]] = field(default_factory=dict)
    per_level: dict[str, dict[str, float]] = field(default_factory=dict)

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.actions += record.actions
        if not record.winners:
            self.draws += 1
        for seat, (level, score) in enumerate(zip(record.levels, record.scores, strict=True)):
            won = seat in record.winners
            for table, key in ((self.per_seat, seat), (self.per_level, level)):
                row = table.setdefault(key, {"seats_played": 0, "wins": 0, "score_total": 0.0})
                row["seats_played"] += 1
                row["wins"] += int(won)
                row["score_total"] += score

    def summary(self) -> dict[str, Any]:
        def finish(row: dict[str, float]) -> dict[str, float]:
            played = row["seats_played"] or 1
            return {
                "seats_played": int(row["seats_played"]),
                "wins": int(row["wins"]),
                "win_rate": round(row["wins"] / played, 4),
                "mean_score": round(row["score_total"] / played, 3),
            }

        return {
            "games": self.games,
            "draws": self.draws,
            "actions": self.actions,
            "per_seat": {str(k): finish(v) for k, v in sorted(self.per_seat.items())},
            "per_level": {k: finish(v) for k, v in sorted(self.per_level.items())},
        }


def run_tournament(
    game_name: str,
    levels: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    rotate: bool = True,
    progress: Callable[[int, GameRecord], None] | None = None,
) -> Standings:
    """``games`` games with seeds ``seed, seed+1, ...``; returns the standings."""
    standings = Standings()
    for i, seating in enumerate(seatings(levels, games, rotate)):
        record = play_game(game_name, seating, seed + i, options)
        standings.add(record)
        if progress is not None:
            progress(i + 1, record)
    return standings
