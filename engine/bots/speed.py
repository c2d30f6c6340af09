"""Speed bots: they act on the seat's view and legal actions only (engine/speed.py documents both).

Levels differ in judgement and, above all, in reaction time (``delay``: seconds before each action),
so a person beats ``easy`` and has to be quick against ``hard``:

- ``random``: any legal action; ~1.1 s per action.
- ``easy``: a beginner who scans the hand from the left and plays the first card that fits, trying the
  left centre pile before the right one; no planning of runs; draws when it cannot play, flips when
  stuck; ~0.9 s.
- ``normal``: plays the card that starts the longest run of plays from its own hand (so the next
  card is ready), draws when it cannot play, flips when stuck; ~0.6 s.
- ``hard``: looks further along the runs, keeps the centre tops that fit most of its remaining cards,
  draws early when its hand runs low; ~0.3 s.

"Ready" and "flip" come a little faster than plays (no card to find).
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine.bots.common import Reaction
from cardtable.engine.speed import FITS

Action = dict[str, Any]
View = dict[str, Any]


def run_length(hand: list[str], tops: tuple[str, str], depth: int) -> int:
    """The longest run of plays from ``hand`` onto ``tops`` (searched ``depth`` cards deep)."""
    if depth == 0:
        return 0
    best = 0
    for i, card in enumerate(hand):
        for pile in (0, 1):
            if card in FITS[tops[pile]]:
                rest = hand[:i] + hand[i + 1:]
                new_tops = (card, tops[1]) if pile == 0 else (tops[0], card)
                best = max(best, 1 + run_length(rest, new_tops, depth - 1))
                if best == depth:
                    return best
    return best


def options_left(hand: list[str], tops: tuple[str, str]) -> int:
    """How many cards of ``hand`` fit one of ``tops``."""
    return sum(1 for c in hand if c in FITS[tops[0]] or c in FITS[tops[1]])


class RandomBot:
    level = "random"
    reaction = Reaction(median=1.1, spread=0.35, floor=0.35)

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return dict(legal[rng.randrange(len(legal))])

    def delay(self, view: View, rng: random.Random) -> float:
        seconds = self.reaction.sample(rng)
        if view["phase"] == "ready" or view.get("stuck"):
            return seconds * 0.6
        return seconds


class EasyBot(RandomBot):
    level = "easy"
    reaction = Reaction(median=0.9, spread=0.35, floor=0.3)

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        kinds = {a["type"] for a in legal}
        if "ready" in kinds:
            return {"type": "ready"}
        plays = {(a["card"], a["pile"]) for a in legal if a["type"] == "play"}
        for card in view["hand"]:
            for pile in (0, 1):
                if (card, pile) in plays:
                    return {"type": "play", "card": card, "pile": pile}
        for kind in ("draw", "flip"):
            if kind in kinds:
                return {"type": kind}
        return super().choose(view, legal, rng)


class NormalBot(EasyBot):
    level = "normal"
    reaction = Reaction(median=0.6, spread=0.3, floor=0.2)
    depth = 3
    draw_below = 0  # draw before playing while holding fewer than this many cards

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        kinds = {a["type"] for a in legal}
        if "ready" in kinds:
            return {"type": "ready"}
        if "draw" in kinds and len(view["hand"]) < self.draw_below:
            return {"type": "draw"}
        plays = [a for a in legal if a["type"] == "play"]
        if plays:
            return dict(self.best_play(view, plays, rng))
        if "draw" in kinds:
            return {"type": "draw"}
        if "flip" in kinds:
            return {"type": "flip"}
        return super().choose(view, legal, rng)

    def best_play(self, view: View, plays: list[Action], rng: random.Random) -> Action:
        hand = view["hand"]
        tops = (view["centre"][0], view["centre"][1])
        scored = []
        for action in plays:
            rest = list(hand)
            rest.remove(action["card"])
            new_tops = (action["card"], tops[1]) if action["pile"] == 0 else (tops[0], action["card"])
            scored.append((self.score(rest, new_tops), rng.random(), action))
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    def score(self, rest: list[str], tops: tuple[str, str]) -> float:
        return run_length(rest, tops, self.depth)


class HardBot(NormalBot):
    level = "hard"
    reaction = Reaction(median=0.3, spread=0.25, floor=0.12)
    depth = 5
    draw_below = 3

    def score(self, rest: list[str], tops: tuple[str, str]) -> float:
        return run_length(rest, tops, self.depth) + 0.1 * options_left(rest, tops)


BOTS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}
